"""Give the live edition the book's icon: ``python tools/lite/favicon.py SITE`` (tools/build_lite.sh).

A page that names no icon makes the browser ask the root of the server for ``/favicon.ico``. The
live edition is served inside the book (``live/``), whose root has none: a 404 in the console of a
fresh visit. So every page of the site (each ``index.html`` of JupyterLite's applications) names
``favicon.svg`` at the root of the site, by a relative address that holds wherever the site is
served; the site gets the book's spade as ``favicon.svg`` and ``favicon.ico`` (our own files, no
CDN), in place of JupyterLite's.

JupyterLite's start (``config-utils.js``) then adds a second icon, its application's own
``favicon.ico`` (``faviconUrl``, beside the page): each of those becomes the spade too. And Jupyter
Notebook's ``tab-icon`` plugin, which wrote its own busy and idle icons into the page's first icon (the
spade) while a notebook's kernel ran, is disabled (``tools/lite/jupyter-lite.json``): the tab shows the
book's spade all along.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ICONS = ("favicon.svg", "favicon.ico")
#: JupyterLite's application pages carry their settings in this element.
APP_PAGE = 'id="jupyter-config-data"'
NAMED_ICON = re.compile(r"<link[^>]*\brel=\"(?:shortcut )?icon\"", re.IGNORECASE)


def link(site: Path, page: Path) -> str:
    """The ``<link>`` that names the site's icon from ``page``.

    >>> link(Path("/s"), Path("/s/notebooks/index.html"))
    '<link rel="icon" type="image/svg+xml" href="../favicon.svg">'
    >>> link(Path("/s"), Path("/s/index.html"))
    '<link rel="icon" type="image/svg+xml" href="./favicon.svg">'
    """
    up = Path(os.path.relpath(site, page.parent)).as_posix()
    return f'<link rel="icon" type="image/svg+xml" href="{up}/favicon.svg">'


def give_icon(site: Path) -> list[Path]:
    """Copy the icons into ``site`` and name them in each application page; returns the pages changed."""
    for name in ICONS:
        shutil.copyfile(ROOT / "book" / name, site / name)
    changed = []
    for page in sorted(site.rglob("index.html")):
        text = page.read_text(encoding="utf-8")
        if APP_PAGE not in text or NAMED_ICON.search(text) or "<head>" not in text:
            continue
        if (page.parent / "favicon.ico").is_file():  # the application's own, which its start names
            shutil.copyfile(ROOT / "book" / "favicon.ico", page.parent / "favicon.ico")
        page.write_text(text.replace("<head>", "<head>\n    " + link(site, page), 1), encoding="utf-8")
        changed.append(page)
    return changed


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tools/lite/favicon.py SITE", file=sys.stderr)
        return 2
    site = Path(argv[0])
    changed = give_icon(site)
    if not changed:
        print(f"tools/lite/favicon.py: no JupyterLite page in {site}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
