"""What docs/modules.md says of one module (the design notes moved out of the module docstrings)."""

from __future__ import annotations

from pathlib import Path

MODULES = Path(__file__).resolve().parents[1] / "docs" / "modules.md"


def module_notes(path: str) -> str:
    """The section of docs/modules.md about ``path`` (``"spades_teach/widgets/__init__.py"``)."""
    text = MODULES.read_text(encoding="utf-8")
    head = f"## `{path}`\n"
    assert head in text, f"docs/modules.md has no section for {path}"
    section = text.split(head, 1)[1]
    return section.split("\n## ", 1)[0]
