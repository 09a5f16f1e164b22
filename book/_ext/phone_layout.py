"""Sphinx extension of the book: its pages on a phone.

On a narrow screen (390 px) the chapters' code and printed output wrap rather than scroll sideways
in their box (a reader on a phone cannot see the end of a line otherwise), and the theme's buttons, the
language menu, the table of contents on the first page and the links to the live edition (the label
on each widget's frame, with room made for it) are targets of 44 px or more, as on any touch screen
(the links to the previous and the next page are already). A long name in the text (a module's, the
next chapter's title under "Next") breaks where it must. A wider window
with a mouse shows the pages as the theme draws them. The cards, the tables and the widgets bring
their own narrow-screen style (``spades_teach.render.html``, ``spades_teach.widgets.base``).
"""

from __future__ import annotations

from typing import Any

#: The style every page gets (in its head, once).
PHONE_STYLE = """<style>
@media (max-width: 640px) {
  div.highlight pre, div.cell_output pre, div.output pre { white-space: pre-wrap; overflow-wrap: anywhere; }
  code.literal, code.literal span.pre { white-space: normal; overflow-wrap: anywhere; }
  .prev-next-area a { max-width: 100%; }
  .prev-next-area .prev-next-info { min-width: 0; overflow-wrap: anywhere; }
}
@media (max-width: 640px), (pointer: coarse) {
  .bd-header .btn, .bd-header button, .header-article-items .btn, .article-header-buttons .btn,
  .pst-navbar-icon, .sidebar-toggle, .theme-switch-button {
    min-width: 44px; min-height: 44px; display: inline-flex; align-items: center; justify-content: center;
  }
  .language-menu a, .language-menu .language-current, .toctree-wrapper a, a.live-edition-link,
  a.widget-picture-label {
    display: inline-flex; align-items: center; box-sizing: border-box; min-height: 44px; min-width: 44px;
  }
  .toctree-wrapper li { margin: 0; }
  .widget-picture { padding-top: calc(44px + 0.8rem); }  /* room for its label, a 44 px link */
}
</style>"""


def add_phone_style(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    context["metatags"] = context.get("metatags", "") + PHONE_STYLE


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", add_phone_style)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
