"""axe-core, the accessibility checker the browser tests inject into pages.

It comes from npm at the version tests/package-lock.json pins, into tests/node_modules (git-ignored):
``tools/test.sh`` installs it, and :func:`axe_script` does on first use when it is missing.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent
AXE = TESTS / "node_modules" / "axe-core" / "axe.min.js"


def axe_script() -> Path:
    """axe-core's script, installed from the lock file on first use."""
    if not AXE.is_file():
        npm = shutil.which("npm")
        assert npm, "npm is needed to install axe-core: bash tools/system_deps.sh"
        subprocess.run(
            [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"], cwd=TESTS, check=True
        )
    return AXE


def serious_violations(page: Any) -> list[str]:
    """Run axe on the page; each violation of impact serious or critical as 'rule (impact): what at where'."""
    page.add_script_tag(path=str(axe_script()))
    result = page.evaluate("async () => await axe.run(document, {resultTypes: ['violations']})")
    found = []
    for violation in result["violations"]:
        if violation["impact"] in ("serious", "critical"):
            targets = [", ".join(node["target"]) for node in violation["nodes"][:5]]
            found.append(f"{violation['id']} ({violation['impact']}): {violation['help']} at {targets}")
    return found
