"""A Sphinx extension for the book: each page lists each script once.

sphinx-thebe registers its inline configuration script (``const THEBE_JS_URL = ...``) every time
Sphinx reads the sources, and Jupyter Book reads them more than once, so the pages declared the
same constants twice and the browser stopped with "Identifier 'THEBE_JS_URL' has already been
declared". This drops repeated script entries (same file, or same inline body) from every page.
"""

from __future__ import annotations

from typing import Any


def _key(script: Any) -> tuple[str, str]:
    attributes = getattr(script, "attributes", {}) or {}
    return (str(getattr(script, "filename", script) or ""), str(attributes.get("body", "")))


def drop_repeated_scripts(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    scripts = context.get("script_files")
    if not scripts:
        return
    seen: set[tuple[str, str]] = set()
    unique = []
    for script in scripts:
        key = _key(script)
        if key in seen:
            continue
        seen.add(key)
        unique.append(script)
    context["script_files"] = unique


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", drop_repeated_scripts, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
