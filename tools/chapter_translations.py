"""One source per chapter: the French and Spanish chapters are generated from the English one.

    python tools/chapter_translations.py update [NN ...]   # English text -> each chapter's catalogs
    python tools/chapter_translations.py build [NN ...]    # catalogs + English chapter -> fr/es .md
    python tools/chapter_translations.py compile           # the code cells' messages -> the package
    python tools/chapter_translations.py all [NN ...]      # the three in order

The English chapter ``notebooks/NN_name.md`` is the source. Its translations
``notebooks/fr/NN_name.md`` and ``notebooks/es/NN_name.md`` are written by ``build``:

- every code cell is the English one, byte for byte, and one hidden cell (tagged ``remove-cell``)
  after the chapter's first cell sets the chapter's language, so what the code prints comes out in
  that language;
- every Markdown cell is the English one with its prose taken from the chapter's catalog
  ``notebooks/locale/<lang>/LC_MESSAGES/NN_name.po``, paragraph by paragraph (a paragraph is a block
  between blank lines; a fenced block is one paragraph), the way sphinx-intl translates
  documentation. A cell whose translation does not split into the same paragraphs is one message,
  whole. A paragraph without a translation (or with a fuzzy one only) stays English, and
  tests/test_chapter_translations.py fails until it is translated.

``update`` writes each chapter's catalogs from its English text: the paragraphs, and the messages
the code cells pass to ``gettext``/``ngettext`` (the package's functions, ``spades_teach.i18n``). It
keeps every translation whose English did not change; a paragraph that changed keeps its old
translation marked fuzzy, for the translator to check and unmark; a new one is left empty.

``compile`` gathers the code cells' messages of every chapter into one catalog of the package,
``spades_teach/locale/<lang>/LC_MESSAGES/chapters.mo``, which the package's ``gettext`` falls back on
(so a chapter's code reads its words through the package, in the live edition too).

Babel (a dev dependency) reads and writes the catalogs.
"""

from __future__ import annotations

import copy
import datetime
import io
import re
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

import jupytext
import nbformat
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_python
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from jupytext.config import load_jupytext_config

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LOCALE = NOTEBOOKS / "locale"
#: The package's catalog of the chapters' code messages, by language.
PACKAGE_LOCALE = ROOT / "spades_teach" / "locale"
CODE_DOMAIN = "chapters"
LANGUAGES = ("fr", "es")
#: The fixed dates written in the catalogs' headers, so an unchanged catalog is an unchanged file.
_DATE = datetime.datetime(2026, 12, 3, tzinfo=datetime.timezone.utc)
_FENCE = re.compile(r"^\s*(`{3,}|~{3,}|:{3,})")
_WORDS = re.compile(r"[^\W\d_]{2,}")
#: The functions whose messages the code cells' extraction collects (the package's, spades_teach.i18n).
KEYWORDS = {"gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}


def language_cell(lang: str) -> nbformat.NotebookNode:
    """The hidden cell that makes a translated chapter speak ``lang``."""
    return nbformat.v4.new_code_cell(
        f'from spades_teach import set_language\n\nset_language("{lang}")',
        metadata={"jupyter": {"source_hidden": True}, "tags": ["remove-cell"]},
    )


def english_chapters(prefixes: Iterable[str] = ()) -> list[Path]:
    """The English chapters whose names start with one of ``prefixes`` (all when none is given)."""
    wanted = tuple(prefixes)
    chapters = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.md"))
    return [p for p in chapters if not wanted or p.name.startswith(wanted)]


def catalog_path(chapter: Path, lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{chapter.stem}.po"


def paragraphs(text: str) -> list[str]:
    """The blocks of Markdown ``text`` between blank lines; a fenced block (```, ~~~, :::) is one
    block, blank lines and all."""
    blocks: list[str] = []
    current: list[str] = []
    fence: str | None = None
    for line in text.split("\n"):
        found = _FENCE.match(line)
        if fence is None and found:
            fence = found.group(1)[0]
        elif fence is not None and found and found.group(1)[0] == fence:
            fence = None
        if fence is None and not line.strip() and not found:
            if current:
                blocks.append("\n".join(current))
                current = []
            continue
        current.append(line)
    if current:
        blocks.append("\n".join(current))
    return blocks


def translatable(block: str) -> bool:
    """Whether a paragraph has words to translate (a picture's or a rule's line has none)."""
    return bool(_WORDS.search(block))


def read_catalog(path: Path, lang: str) -> Catalog:
    if not path.exists():
        return _new_catalog(lang, path.stem)
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=path.stem)


def write_catalog(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=0, no_location=True, ignore_obsolete=True)
    path.write_bytes(buffer.getvalue())


#: The plural rules of the package's catalogs (spades_teach/locale), which the chapters' follow.
PLURALS = {"fr": (2, "(n > 1)"), "es": (2, "(n != 1)")}


def _new_catalog(lang: str, domain: str) -> Catalog:
    catalog = Catalog(
        locale=lang,
        domain=domain,
        project="spades_teach",
        version="chapters",
        copyright_holder="the spades_teach developers",
        msgid_bugs_address="",
        creation_date=_DATE,
        revision_date=_DATE,
        fuzzy=False,
    )
    catalog._num_plurals, catalog._plural_expr = PLURALS[lang]
    return catalog


def _translated(catalog: Catalog, msgid: str | tuple[str, ...], context: str | None = None) -> str | None:
    """The translation of ``msgid``, or None when it has none or only a fuzzy one."""
    message = catalog.get(msgid, context)
    if message is None or message.fuzzy or not message.string:
        return None
    string = message.string
    if isinstance(string, tuple):
        return None if not all(string) else string[0]
    return str(string)


def _units(source: str, catalog: Catalog | None) -> list[str]:
    """The messages of one Markdown cell: the whole cell when its catalog translates it whole
    (its translation did not split like the English), else its paragraphs with words."""
    blocks = paragraphs(source)
    if len(blocks) > 1 and catalog is not None and catalog.get(source) is not None:
        return [source]
    return [block for block in blocks if translatable(block)]


def code_messages(notebook: nbformat.NotebookNode) -> Iterator[tuple[str | tuple[str, ...], str | None]]:
    """The messages the chapter's code cells give the package's gettext functions: (msgid, context)."""
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        for _line, _function, message, _comments in extract_python(io.BytesIO(cell.source.encode()), KEYWORDS, [], {}):
            if isinstance(message, str):
                yield message, None
            else:
                parts = [m for m in message if m is not None]
                if _function.startswith("p"):
                    context, *rest = parts
                    yield (rest[0] if len(rest) == 1 else tuple(rest)), context
                else:
                    yield (parts[0] if len(parts) == 1 else tuple(parts)), None


def package_messages() -> set[tuple[str | tuple[str, ...], str | None]]:
    """The messages the package's own catalogs translate (spades_teach/locale/spades_teach.pot): a
    chapter's code that prints one of them needs nothing from the chapter's catalog."""
    with (PACKAGE_LOCALE / "spades_teach.pot").open("rb") as handle:
        pot = read_po(handle)
    return {(m.id, m.context) for m in pot if m.id}


def template(chapter: Path, lang: str) -> Catalog:
    """The catalog ``update`` makes of the English chapter: one message per paragraph (or whole cell)
    and per code message, in the chapter's order, untranslated."""
    notebook = jupytext.read(chapter)
    old = read_catalog(catalog_path(chapter, lang), lang)
    pot = _new_catalog(lang, chapter.stem)
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            for unit in _units(cell.source, old):
                if unit not in pot:
                    pot.add(unit)
    known = package_messages()
    for msgid, context in code_messages(notebook):
        if (msgid, context) not in known and pot.get(msgid, context) is None:
            pot.add(msgid, context=context, auto_comments=["printed by the chapter's code"])
    return pot


def update(chapter: Path) -> None:
    """Bring the chapter's catalogs up to its English text (see the module's docs)."""
    for lang in LANGUAGES:
        path = catalog_path(chapter, lang)
        catalog = read_catalog(path, lang)
        pot = template(chapter, lang)
        catalog.update(pot, no_fuzzy_matching=False, update_header_comment=False, update_creation_date=False)
        catalog.obsolete.clear()
        catalog.revision_date = _DATE
        catalog.creation_date = _DATE
        # Keep the chapter's order (Babel's update keeps the old catalog's).
        ordered = _new_catalog(lang, chapter.stem)
        for message in pot:
            if message.id:
                kept = catalog.get(message.id, message.context)
                assert kept is not None
                kept.auto_comments = list(message.auto_comments)
                kept.previous_id = []
                ordered[message.id] = kept
        write_catalog(ordered, path)


def translate_markdown(source: str, catalog: Catalog) -> str:
    """A Markdown cell in the catalog's language: each unit's translation, or the English when the
    catalog has none."""
    units = _units(source, catalog)
    if units == [source]:
        return _translated(catalog, source) or source
    out = []
    for block in paragraphs(source):
        out.append(_translated(catalog, block) or block if translatable(block) else block)
    return "\n\n".join(out)


def generated(chapter: Path, lang: str) -> str:
    """The text of the chapter's translation into ``lang``, as ``build`` writes it."""
    notebook = jupytext.read(chapter)
    catalog = read_catalog(catalog_path(chapter, lang), lang)
    cells = []
    for cell in notebook.cells:
        cell = copy.deepcopy(cell)
        if cell.cell_type == "markdown":
            cell.source = translate_markdown(cell.source, catalog)
        cells.append(cell)
    cells.insert(1, language_cell(lang))
    notebook.cells = cells
    config = load_jupytext_config(str(NOTEBOOKS / lang))
    return jupytext.writes(notebook, fmt="md:myst", config=config)


def build(chapter: Path) -> list[Path]:
    """Write the chapter's translations; the ones whose text changed, by path."""
    changed = []
    for lang in LANGUAGES:
        target = NOTEBOOKS / lang / chapter.name
        text = generated(chapter, lang)
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            target.write_text(text, encoding="utf-8")
            changed.append(target)
    return changed


def lagging(chapter: Path, lang: str) -> list[str]:
    """The English messages of the chapter that its ``lang`` catalog does not translate (no
    translation, or a fuzzy one only), each cut to its first line."""
    notebook = jupytext.read(chapter)
    catalog = read_catalog(catalog_path(chapter, lang), lang)
    missing = []
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            missing += [u for u in _units(cell.source, catalog) if _translated(catalog, u) is None]
    known = package_messages()
    for msgid, context in code_messages(notebook):
        if (msgid, context) not in known and _translated(catalog, msgid, context) is None:
            missing.append(msgid if isinstance(msgid, str) else msgid[0])
    return [m.split("\n")[0] for m in missing]


def code_catalog(lang: str) -> Catalog:
    """The code messages of every chapter with their ``lang`` translations, in one catalog; a message
    two chapters translate differently is an error (the package has one translation per message)."""
    merged = _new_catalog(lang, CODE_DOMAIN)
    for chapter in english_chapters():
        catalog = read_catalog(catalog_path(chapter, lang), lang)
        for msgid, context in code_messages(jupytext.read(chapter)):
            message = catalog.get(msgid, context)
            if message is None or message.fuzzy or not message.string:
                continue
            known = merged.get(msgid, context)
            if known is not None and known.string != message.string:
                raise SystemExit(f"{chapter.name} translates {msgid!r} otherwise than another chapter")
            merged[msgid] = Message(msgid, message.string, context=context)
    return merged


def compiled(lang: str) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, code_catalog(lang), use_fuzzy=False)
    return buffer.getvalue()


def compile_catalogs() -> None:
    for lang in LANGUAGES:
        target = PACKAGE_LOCALE / lang / "LC_MESSAGES" / f"{CODE_DOMAIN}.mo"
        target.write_bytes(compiled(lang))


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"update", "build", "compile", "all"}:
        print(__doc__)
        return 2
    step, prefixes = argv[0], argv[1:]
    chapters = english_chapters(prefixes)
    if step in {"update", "all"}:
        for chapter in chapters:
            update(chapter)
    if step in {"build", "all"}:
        for chapter in chapters:
            for path in build(chapter):
                print(f"wrote {path.relative_to(ROOT)}")
    if step in {"compile", "all"}:
        compile_catalogs()
    for chapter in chapters:
        for lang in LANGUAGES:
            if missing := lagging(chapter, lang):
                print(f"{catalog_path(chapter, lang).relative_to(ROOT)}: {len(missing)} to translate")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
