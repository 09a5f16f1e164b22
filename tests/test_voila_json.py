"""A bare ``voila notebooks/`` (or JupyterLab's "Render with Voilà") takes its settings from the
project's ``voila.json``, not from the app's command line: they must keep out what the app keeps out
(the JupyterLite kernel extension, whose errors would fill the console). The chapters opened that way
in a browser are in tests/test_browser_console.py (no console message, no failed request, no code)."""

from __future__ import annotations

import json
from pathlib import Path

from spades_teach.app import VOILA_SKIPPED_EXTENSIONS

ROOT = Path(__file__).resolve().parents[1]


def test_voila_json_keeps_out_what_the_app_keeps_out() -> None:
    config = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]
    assert config["template"] == "spades_teach"
    assert set(config["extension_denylist"]) == set(VOILA_SKIPPED_EXTENSIONS)
    shipped = ROOT / "spades_teach" / "data" / "jupyter" / "voila.json"
    assert json.loads(shipped.read_text()) == json.loads((ROOT / "voila.json").read_text())
