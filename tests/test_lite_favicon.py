"""tools/lite/favicon.py: every page of the live edition names the site's own icon, by an address
relative to the page, so that a browser never asks the server's root for /favicon.ico (served
inside the book, under live/, that was a 404 in the console of every fresh visit)."""

from __future__ import annotations

import sys
import urllib.request
from pathlib import Path

from _browser import serve_directory

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools" / "lite"))

import favicon  # noqa: E402  (tools/lite is no package)

APP_PAGE = '<!DOCTYPE html>\n<html>\n<head>\n    <title>{}</title>\n    <script id="jupyter-config-data" type="application/json">{{}}</script>\n</head>\n<body></body>\n</html>\n'
REDIRECT = (
    "<!DOCTYPE html>\n<html>\n  <head>\n    <script>window.location.href = 'elsewhere';</script>\n  </head>\n</html>\n"
)


def test_each_application_page_names_the_sites_own_icon_wherever_the_site_is_served(tmp_path: Path) -> None:
    site = tmp_path / "book" / "live"
    for folder in ("", "notebooks", "tree", "lab"):
        (site / folder).mkdir(parents=True, exist_ok=True)
        (site / folder / "index.html").write_text(APP_PAGE.format(folder or "root"))
    (site / "lab" / "tree").mkdir()
    (site / "lab" / "tree" / "index.html").write_text(REDIRECT)
    changed = favicon.give_icon(site)
    assert sorted(p.relative_to(site).as_posix() for p in changed) == [
        "index.html",
        "lab/index.html",
        "notebooks/index.html",
        "tree/index.html",
    ]
    assert (site / "lab" / "tree" / "index.html").read_text() == REDIRECT  # a redirect draws nothing
    for name in favicon.ICONS:  # the book's spade, not JupyterLite's logo
        assert (site / name).read_bytes() == (ROOT / "book" / name).read_bytes()
    assert favicon.give_icon(site) == []  # a second run changes nothing
    # Served inside the book (its root has no favicon.ico), each page's icon is there.
    with serve_directory(tmp_path / "book") as url:
        assert not (tmp_path / "book" / "favicon.ico").exists()
        for page in changed:
            text = page.read_text()
            assert text.count('rel="icon"') == 1
            href = text.split('rel="icon" type="image/svg+xml" href="', 1)[1].split('"', 1)[0]
            folder = page.parent.relative_to(tmp_path / "book").as_posix()
            with urllib.request.urlopen(f"{url}/{folder}/{href}", timeout=10) as answer:
                assert answer.status == 200
                assert answer.read() == (ROOT / "book" / "favicon.svg").read_bytes()


def test_the_icon_file_is_a_small_icon_of_the_spade() -> None:
    from PIL import Image

    path = ROOT / "book" / "favicon.ico"
    assert path.stat().st_size < 10_000
    with Image.open(path) as icon:
        assert icon.format == "ICO"
        assert {(16, 16), (32, 32), (48, 48)} <= set(icon.info["sizes"])
