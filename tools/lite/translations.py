"""Write the live edition's interface translations (``api/translations/``) from the pinned JupyterLab
language packs (tools/lite/languages.txt), so the reader can pick French or Spanish menus in
Settings > Language.

``jupyter lite build`` would look the packs up among the packages installed in the build environment
(through jupyterlab_server); the site's configuration turns that off (only pinned inputs reach the
site), and this script reads the downloaded wheels instead, writing the same files: ``all.json`` (the
languages offered, each named in English and in itself) and one ``<locale>.json`` per pack (its
catalogs by domain, as JupyterLab's translation API serves them, for the front ends the site has).

Usage: python tools/lite/translations.py WHEELS_DIR SITE_DIR
"""

from __future__ import annotations

import json
import re
import sys
import zipfile
from pathlib import Path
from typing import Any

#: The packs' domains the site has a front end for (JupyterLab, Jupyter Notebook, the widget manager);
#: the packs also translate extensions the site does not serve (git, LSP, ...), left out.
DOMAINS = ("jupyterlab", "notebook", "jupyterlab_widgets")

#: A catalog of a language pack wheel: ``<module>/locale/<locale>/LC_MESSAGES/<domain>.json``.
CATALOG = re.compile(r"^jupyterlab_language_pack_[^/]+/locale/(?P<locale>[^/]+)/LC_MESSAGES/(?P<domain>[^/]+)\.json$")


def display_name(locale: str, in_locale: str) -> str:
    """The language's name in ``in_locale``, capitalized, as JupyterLab shows it ("Français (France)")."""
    from babel import Locale

    name: str = Locale.parse(locale).get_display_name(in_locale) or locale
    return name[:1].upper() + name[1:]


def read_pack(wheel: Path) -> tuple[str, dict[str, Any]]:
    """The locale of a language pack wheel and its catalogs by domain."""
    locales: set[str] = set()
    catalogs: dict[str, Any] = {}
    with zipfile.ZipFile(wheel) as archive:
        for name in sorted(archive.namelist()):
            found = CATALOG.match(name)
            if found and found["domain"] in DOMAINS:
                locales.add(found["locale"])
                catalogs[found["domain"]] = json.loads(archive.read(name))
    if len(locales) != 1:
        raise SystemExit(f"{wheel.name}: expected the catalogs of one locale, found {sorted(locales)}")
    return locales.pop(), catalogs


def write_translations(wheels: Path, site: Path) -> list[str]:
    """Write ``site/api/translations/`` for every language pack wheel in ``wheels``; returns the locales."""
    out = site / "api" / "translations"
    out.mkdir(parents=True, exist_ok=True)
    offered = {"en": {"displayName": "English", "nativeName": "English"}}
    for wheel in sorted(wheels.glob("jupyterlab_language_pack_*.whl")):
        locale, catalogs = read_pack(wheel)
        offered[locale] = {"displayName": display_name(locale, "en"), "nativeName": display_name(locale, locale)}
        text = json.dumps({"data": catalogs, "message": ""}, indent=2, sort_keys=True, ensure_ascii=False)
        (out / f"{locale}.json").write_text(text + "\n", encoding="utf-8")
    text = json.dumps({"data": offered, "message": ""}, indent=2, sort_keys=True, ensure_ascii=False)
    (out / "all.json").write_text(text + "\n", encoding="utf-8")
    return sorted(offered)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    print("interface languages:", " ".join(write_translations(Path(sys.argv[1]), Path(sys.argv[2]))))
