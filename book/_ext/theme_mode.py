"""A Sphinx extension for the book: a definite light/dark mode before the theme reads it.

The page template sets ``<html data-mode>`` from the browser's saved choice, or to an empty string
when there is none; the theme's script then logs "Got invalid theme mode" as a console error on
every first visit. This script, run while the page loads, turns the empty value into "auto"
(follow the system), which is what the theme falls back to anyway.
"""

from __future__ import annotations

from typing import Any

SCRIPT = "if (!document.documentElement.dataset.mode) { document.documentElement.dataset.mode = 'auto'; }"


def setup(app: Any) -> dict[str, Any]:
    app.add_js_file(None, body=SCRIPT, priority=100)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
