"""The package's source, read as a tree: every learner-facing message reaches the catalogs.

Babel's extractor reads the calls ``_("…")``, ``ngettext(…)``, ``pgettext(…)``; a call written
inside an f-string is part of a formatted literal and reaches no catalog, so its words stay
English in every language. These tests read the source with :mod:`ast`, no import needed.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "spades_teach"

#: The translation functions (and the marker) as the sources call them.
TRANSLATORS = frozenset({"_", "N_", "gettext", "ngettext", "pgettext", "npgettext"})


def _name(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None


def _calls_in_fstrings(tree: ast.AST) -> list[ast.Call]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            found += [sub for sub in ast.walk(node) if isinstance(sub, ast.Call) and _name(sub) in TRANSLATORS]
    return found


def test_the_check_sees_a_translation_call_inside_an_f_string() -> None:
    tree = ast.parse("x = f'<b>{escape(_(\"void\"))}</b>'\ny = f'{n} {ngettext(\"a\", \"b\", n)}'\nz = _('ok')")
    assert [_name(call) for call in _calls_in_fstrings(tree)] == ["_", "ngettext"]


def test_no_translation_call_sits_inside_an_f_string() -> None:
    """``f"<b>{_('void')}</b>"`` hides "void" from extraction: translate first, then format
    (``void = _("void")`` and ``f"<b>{void}</b>"``), or make it one message with named placeholders."""
    faults = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for call in _calls_in_fstrings(ast.parse(source, filename=str(path))):
            segment = ast.get_source_segment(source, call) or ""
            faults.append(f"{path.relative_to(ROOT)}:{call.lineno}: {segment[:80]}")
    assert faults == [], "translation calls inside f-strings (extraction does not see them):\n" + "\n".join(faults)
