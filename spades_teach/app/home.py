"""The app's home page, the first page the server shows in place of Voila's list of files: the
title, a card for each page and the tutorial's chapters 0–17 (linked to the built book and its live
edition, or to the chapters run by the app), in the language its address asks for. Its HTML and CSS are written here once (:func:`home_html`, :data:`HOME_STYLE`); Voila's two
tree templates are :func:`home_template` (``tree-lab.html``) and a file that extends it
(``tree.html``). The same ``tree-lab.html`` lists a folder of chapters (a bare ``voila notebooks/``,
the tutorial's ``voila/tree``) by their titles, and :func:`chapter_nav_template` writes the chapter
pages' links to the previous and the next chapter, the list, and their code in JupyterLab."""

from __future__ import annotations

import json
from html import escape as escape_html
from pathlib import Path

from spades_teach.app.pages import PAGES, checked_language, language_menu
from spades_teach.errors import AppError
from spades_teach.i18n import LANGUAGE_NAMES, LANGUAGES, _, get_language
from spades_teach.i18n import language as speaking

__all__ = [
    "CHAPTER_LINKS",
    "CHAPTER_NAV",
    "HOME_CLASSIC",
    "HOME_STYLE",
    "HOME_TEMPLATES",
    "chapter_list",
    "chapter_nav_template",
    "chapter_titles",
    "home_html",
    "listed_title",
    "home_template",
    "write_chapter_list",
    "write_home_templates",
]

#: The file of the chapters' titles in the three languages (written by :func:`write_chapter_list`
#: from ``notebooks/``; tests/test_app_i18n.py checks it is up to date).
CHAPTERS_FILE = Path(__file__).resolve().parent.parent / "data" / "chapters.json"
#: What the home's chapter list links to: ``"book"`` (the built book's page and the same chapter in
#: its live edition, both served by the app under ``voila/files/book/``), ``"voila"`` (the chapter
#: run by the app itself, under ``voila/render/chapters/``) or ``"none"`` (titles only: no chapter
#: on this computer).
CHAPTER_LINKS = ("book", "voila", "none")


def chapter_list(notebooks: str | Path) -> list[dict[str, object]]:
    """Each chapter of ``notebooks/`` (``NN_name.ipynb``) with its title (its first heading) in
    English and, from ``notebooks/fr`` and ``notebooks/es``, in French and Spanish."""
    import json

    folder = Path(notebooks)
    chapters: list[dict[str, object]] = []
    for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
        titles = {}
        for code in LANGUAGES:
            source = path if code == "en" else folder / code / path.name
            if source.is_file():
                cells = json.loads(source.read_text(encoding="utf-8"))["cells"]
                first = "".join(cells[0]["source"]).splitlines()[0]
                titles[code] = first.lstrip("#").strip()
        chapters.append({"file": path.stem, "titles": titles})
    return chapters


def write_chapter_list(notebooks: str | Path, target: str | Path = CHAPTERS_FILE) -> Path:
    """Write :func:`chapter_list` to ``target`` (the package's ``data/chapters.json``)."""
    import json

    path = Path(target)
    path.write_text(json.dumps(chapter_list(notebooks), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def chapter_titles() -> list[tuple[str, dict[str, str]]]:
    """The chapters as the package knows them: ``(file name without .ipynb, titles by language)``."""
    import json

    data = json.loads(CHAPTERS_FILE.read_text(encoding="utf-8"))
    return [(str(item["file"]), dict(item["titles"])) for item in data]


def listed_title(name: str, title: str) -> str:
    """A chapter's title as the lists of chapters show it: with the chapter's number, as the others
    have it in their heading (the appendix's heading has none).

    >>> listed_title("17_appendix_calibration", "Appendix: is the count right?")
    '17. Appendix: is the count right?'
    >>> listed_title("08_card_play", "8. Card play")
    '8. Card play'
    """
    number = str(int(name[:2]))
    return title if title.startswith(number + ".") else f"{number}. {title}"


def _listed_titles(name: str, titles: dict[str, str]) -> dict[str, str]:
    return {code: listed_title(name, title) for code, title in titles.items()}


#: The chapter pages' way around (the previous and the next chapter, the list, the code in JupyterLab),
#: a part of ``index.html.j2`` written by :func:`chapter_nav_template`.
CHAPTER_NAV = "chapter-nav.html.j2"
#: The JupyterLab link's switch: ``tools/tutorial.sh`` (a JupyterLab server) sets it, for the chapter
#: pages in Voila's ``resources`` (``data/jupyter/tutorial/voila.json``) and for the list in the server's
#: ``jinja_template_vars`` (``data/jupyter/tutorial/jupyter_server_config.json``). The app and a bare
#: ``voila notebooks/`` have no JupyterLab: no link there.
JUPYTERLAB_SWITCH = "spades_teach_jupyterlab"


def _chapters_literal() -> str:
    """The chapters, their titles (their headings: a page's language is the one whose title is its
    heading) and the titles as the links show them (:func:`listed_title`), as a Jinja list literal:
    ``[["00_name", {"en": …}, {"en": …}], …]``."""
    import json

    listed = [[name, titles, _listed_titles(name, titles)] for name, titles in chapter_titles()]
    return json.dumps(listed, ensure_ascii=False)


def _nav_words() -> str:
    """The words of the chapters' way around in each language, as a Jinja dict literal."""
    import json

    words = {}
    for code in LANGUAGES:
        with speaking(code):
            words[code] = {
                "nav": _("The tutorial's chapters"),
                "previous": _("Previous chapter"),
                "next": _("Next chapter"),
                "list": _("All the chapters"),
                "code": _("Open this chapter's code in JupyterLab"),
                "codes": _("Open the chapters' code in JupyterLab"),
            }
    return json.dumps(words, ensure_ascii=False)


def chapter_nav_template(list_link: str = "tree") -> str:
    """The chapter pages' way around, a Jinja file ``index.html.j2`` imports (:data:`CHAPTER_NAV`): its
    macro ``links(where)`` shows, on a chapter's page, links to the previous and the next chapter (their
    files' order, in the chapter's own folder, so each link is relative: the same server, the same
    language), to the list of the chapters, and, on a JupyterLab server (:data:`JUPYTERLAB_SWITCH`),
    to the chapter's code in JupyterLab; nothing on a page that is not a chapter (the app's pages).

    The chapter is known by its file's name (``resources.metadata.name``) and its language by its first
    heading, the title of one language (the page has no other trace of its folder). ``list_link``:
    ``"tree"``, Voila's list of the chapter's folder (``voila/tree/fr``, what a bare ``voila notebooks/``
    and the tutorial show); ``"app"``, the app's home in the chapter's language (``?lang=fr``)."""
    if list_link not in ("tree", "app"):
        raise AppError(f"unknown list link {list_link!r}: use tree or app")
    if list_link == "app":
        listed = "{{ base }}?lang={{ st.lang }}"
    else:
        listed = "{{ base }}voila/tree{{ '' if st.lang == 'en' else '/' ~ st.lang }}"
    return (
        "{#- The chapter pages' way around, imported by index.html.j2. Written by\n"
        "    spades_teach.app.chapter_nav_template from the chapters' titles and the translation catalogs:\n"
        "    do not edit by hand (tests/test_chapter_pages.py checks it is up to date). -#}\n"
        f"{{%- set chapters = {_chapters_literal()} -%}}\n"
        f"{{%- set words = {_nav_words()} -%}}\n"
        "{%- macro links(where) -%}\n"
        "{%- set name = resources.metadata.name -%}\n"
        "{%- set heading = (((nb.cells[0].source if nb.cells else '') ~ '\\n').split('\\n')[0]).lstrip('#').strip() -%}\n"
        "{%- set st = namespace(index=-1, lang='') -%}\n"
        "{%- for file, titles, _listed in chapters -%}\n"
        "{%- if file == name -%}{%- set st.index = loop.index0 -%}\n"
        "{%- for code, title in titles.items() if title == heading -%}{%- set st.lang = code -%}{%- endfor -%}\n"
        "{%- endif -%}\n"
        "{%- endfor -%}\n"
        "{%- if st.lang -%}\n"
        "{%- set said = words[st.lang] -%}\n"
        "{%- set base = resources.base_url or '/' -%}\n"
        "{%- set before = chapters[st.index - 1] if st.index > 0 else none -%}\n"
        "{%- set after = chapters[st.index + 1] if st.index + 1 < chapters | length else none -%}\n"
        '<nav class="st-chapter-nav st-chapter-nav-{{ where }}" aria-label="{{ said.nav | e }}">\n'
        '{%- if before %}<a class="st-chapter-prev" rel="prev" href="{{ before[0] }}.ipynb">'
        "<small>← {{ said.previous | e }}</small> {{ (before[2][st.lang] or before[2].en) | e }}</a>{% endif %}\n"
        f'<a class="st-chapter-list" href="{listed}">{{{{ said.list | e }}}}</a>\n'
        '{%- if after %}<a class="st-chapter-next" rel="next" href="{{ after[0] }}.ipynb">'
        "<small>{{ said.next | e }} →</small> {{ (after[2][st.lang] or after[2].en) | e }}</a>{% endif %}\n"
        f"{{%- if where == 'top' and resources.{JUPYTERLAB_SWITCH} %}}"
        "<a class=\"st-chapter-code\" href=\"{{ base }}lab/tree/{{ '' if st.lang == 'en' else st.lang ~ '/' }}"
        '{{ name }}.ipynb">{{ said.code | e }}</a>{% endif %}\n'
        "</nav>\n"
        "{%- endif -%}\n"
        "{%- endmacro -%}\n"
    )


def _chapters_html(links: str, keep: str) -> str:
    """The home's list of chapters in the language in use, each title linked as ``links`` says."""
    from html import escape

    base = "{{ base_url }}"
    code = get_language()
    folder = "" if code == "en" else f"{code}/"
    live_label = escape(_("live"))
    items = []
    for name, titles in chapter_titles():
        title = escape(listed_title(name, titles.get(code) or titles["en"]))
        if links == "book":
            page = f"{base}voila/files/book/{folder}notebooks/{name}.html"
            live = f"{base}voila/files/book/live/notebooks/index.html?path={folder}{name}.ipynb"
            named = escape(
                _("{title}, in the live edition").format(title=listed_title(name, titles.get(code) or titles["en"]))
            )
            items.append(
                f'<li><a class="st-chapter-book" href="{page}">{title}</a> '
                f'<span class="st-chapter-more">· <a class="st-chapter-live" href="{live}" aria-label="{named}">'
                f"{live_label}</a></span></li>"
            )
        elif links == "voila":
            items.append(
                f'<li><a class="st-chapter-voila" href="{base}voila/render/chapters/{folder}{name}.ipynb{keep}">{title}</a></li>'
            )
        else:
            items.append(f"<li>{title}</li>")
    if links == "book":
        note = _(
            "Each title opens the chapter in the tutorial's book, built on this computer; {live} opens the same "
            "chapter in the live edition, where its code runs in your browser."
        ).format(live=live_label)
    elif links == "voila":
        note = _("Each title opens the chapter here, run by this app.")
    else:
        note = _(
            "The chapters' notebooks are not on this computer (they come with the project's source, not with "
            "the installed package), so their titles are not links; the pages above need nothing else."
        )
    return f'<p class="st-chapters-note">{escape(note)}</p><ul class="st-home-chapters">{"".join(items)}</ul>'


def _banner(title: str, tagline: str = "") -> str:
    """The home page's green banner (the four suits, the title, the tagline if any), then ``<main>``."""
    line = f"<p>{tagline}</p>" if tagline else ""
    return (
        '<header><div class="st-suits" aria-hidden="true">♠ <span class="st-red">♥</span> ♣ '
        f'<span class="st-red">♦</span></div><h1>{title}</h1>{line}</header><main>'
    )


def home_html(keep: str = "", links: str = "none") -> str:
    """The body of the home page in the language in use; ``keep`` is Jinja for the query each link
    carries (the template decides it from the address), and every link starts with ``{{ base_url }}``;
    ``links`` is what each chapter's title links to (:data:`CHAPTER_LINKS`)."""
    from html import escape

    base = "{{ base_url }}"
    cards = "".join(
        f'<li><a class="st-home-{page}" href="{base}voila/render/{page}.ipynb{keep}"><b>{said}</b>{why}</a></li>'
        for page, said, why in ((page, escape(_(label)), escape(_(line))) for page, label, line in PAGES)
    )

    title = escape(_("Spades tutorial"))
    tagline = escape(
        _("Learn the card game Spades: play against the bots, get advice on your bid, score a hand, replay a game.")
    )
    pages = escape(_("The app's pages"))
    way = escape(_("The tutorial's chapters"))
    return (
        _banner(title, tagline) + f"{language_menu(get_language(), base)}"
        f'<nav aria-label="{pages}"><ul class="st-home-pages">{cards}</ul></nav>'
        f"<h2>{way}</h2>{_chapters_html(links, keep)}</main>"
    )


#: The home page's look (the same in every language).
HOME_STYLE = """
      body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111; background: #f5f7f5; }
      header { background: radial-gradient(ellipse at center, #177a48 0%, #0d5c36 60%, #07391f 100%); color: #fff; padding: 1.6em 1em 1.4em; text-align: center; }
      header h1 { margin: 0; font-size: 2.1em; }
      header p { margin: 0.4em 0 0; font-size: 1.1em; }
      .st-suits { font-size: 1.4em; letter-spacing: 0.3em; }
      .st-suits .st-red { color: #ffd0d6; }
      main { max-width: 56em; margin: 0 auto; padding: 1em; }
      .st-app-lang { text-align: right; }
      .st-app-lang a, .st-app-lang b { padding: 0.2em 0.3em; color: #0b4f2e; }
      .st-app-lang a:focus-visible { outline: 3px solid #1d5fd1; outline-offset: 2px; }
      .st-home-pages { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fit, minmax(15em, 1fr)); gap: 0.8em; }
      .st-home-pages a { display: block; height: 100%; box-sizing: border-box; padding: 0.9em 1em; background: #fff; border: 2px solid #0d5c36; border-radius: 0.6em; color: #111; text-decoration: none; }
      .st-home-pages a:hover { background: #e6f2ea; }
      .st-home-pages a:focus-visible { outline: 3px solid #1d5fd1; outline-offset: 2px; }
      .st-home-pages b { display: block; font-size: 1.2em; color: #0d5c36; margin-bottom: 0.2em; }
      h2 { margin-top: 1.4em; }
      ol li { margin: 0.25em 0; }
      .st-home-chapters { list-style: none; padding-left: 0; }
      .st-home-chapters a { color: #0b4f2e; }
      .st-chapter-more { font-size: 0.9em; color: #333; }
      .st-code-link a, main > p > a { color: #0b4f2e; }
      code { background: #e9ece9; padding: 0 0.25em; border-radius: 0.2em; }
      /* a phone (or any touch screen): every link a target of 44 px or more */
      @media (max-width: 640px), (pointer: coarse) {
        .st-app-lang a, .st-app-lang b, .st-home-chapters a, .st-code-link a, main > p > a { display: inline-flex; align-items: center; box-sizing: border-box; min-height: 44px; min-width: 44px; }
        .st-app-lang a, .st-app-lang b { justify-content: center; }
        .st-home-chapters li { margin: 0; }
      }
"""

#: The home page's two file names (Voila's tree in its lab look, and its classic one).
HOME_TEMPLATES = ("tree-lab.html", "tree.html")
#: The classic tree (``tree.html``): the lab one's page, not a second copy of it.
HOME_CLASSIC = (
    "{#- Voila's classic tree: the same home page as tree-lab.html. Written by\n"
    "    spades_teach.app.write_home_templates: do not edit by hand. -#}\n"
    '{% extends "tree-lab.html" %}\n'
)


def home_template(default: str = "en", links: str = "none") -> str:
    """The home page as Voila's ``tree-lab.html`` template, with its words in the three languages:
    the page speaks the language its address asks for (``/?lang=es``: Voila gives the template
    the query), else ``default``; its links then carry that ``?lang=`` to the other pages."""
    default = checked_language(default)
    if links not in CHAPTER_LINKS:
        raise AppError(_("unknown chapter links {links}: use book, voila or none").format(links=repr(links)))
    bodies: dict[str, tuple[str, str]] = {}
    for code in LANGUAGES:
        with speaking(code):
            bodies[code] = (escape_html(_("Spades tutorial")), home_html("{{ keep }}", links))
    for title, body in bodies.values():
        text = title + body.replace("{{ base_url }}", "").replace("{{ keep }}", "")
        if any(mark in text for mark in ("{{", "{%", "{#")):
            raise AppError(_("a translation of the home page holds template syntax: {text}").format(text=text[:80]))
    first, *others = [code for code in LANGUAGES if code != "en"]

    def choose(part: int) -> str:
        """Jinja that shows the page's language's version of ``part`` (English for anything else)."""
        return (
            f"{{% if lang == '{first}' %}}{bodies[first][part]}"
            + "".join(f"{{% elif lang == '{code}' %}}{bodies[code][part]}" for code in others)
            + f"{{% else %}}{bodies['en'][part]}{{% endif %}}"
        )

    choices = ", ".join(f"'lang={code}'" for code in LANGUAGES)
    codes = {}
    for code in LANGUAGES:
        with speaking(code):
            codes[code] = escape_html(_("Open the chapters' code in JupyterLab"))
    code_link = (
        f"{{% if lang == '{first}' %}}{codes[first]}"
        + "".join(f"{{% elif lang == '{code}' %}}{codes[code]}" for code in others)
        + f"{{% else %}}{codes['en']}{{% endif %}}"
    )
    titles = json.dumps({name: _listed_titles(name, names) for name, names in chapter_titles()}, ensure_ascii=False)
    return (
        "{#- The app's home page, in place of Voila's list of files. Written by spades_teach.app.home_template\n"
        "    from the translation catalogs: do not edit by hand (tests/test_app.py checks it is up to date).\n"
        "    A plain page: no script, so nothing to log in the browser's console. -#}\n"
        "{%- set asked = namespace(value='') -%}\n"
        f"{{%- for part in (query or '').split('&') if part in ({choices}) -%}}\n"
        "{%- set asked.value = part[5:] -%}\n"
        "{%- endfor -%}\n"
        f"{{%- set lang = asked.value or '{default}' -%}}\n"
        # a folder of chapters named for its language (notebooks/fr) lists them in that language
        "{%- set folder = ((notebook_path or '') if notebook_path is defined else '').rstrip('/').split('/')[-1] -%}\n"
        f"{{%- if not asked.value and folder in ({', '.join(repr(code) for code in LANGUAGES)}) %}}"
        "{% set lang = folder %}{% endif -%}\n"
        "{%- set keep = ('?lang=' ~ asked.value) if asked.value else '' -%}\n"
        "<!DOCTYPE html>\n"
        '<html lang="{{ lang }}">\n'
        "  <head>\n"
        '    <meta charset="utf-8">\n'
        f"    <title>{choose(0)}</title>\n"
        '    <meta name="viewport" content="width=device-width, initial-scale=1.0">\n'
        '    <link rel="icon" href="data:,">\n'
        f"    <style>{HOME_STYLE}    </style>\n"
        "  </head>\n"
        "  <body>\n"
        # A folder without the app's pages (a plain ``voila notebooks/`` over the chapters, which finds
        # this template installed with the package): the list of its notebooks and folders, in place of
        # Voila's own list (a script page that logs errors). The app's folder gets the home.
        "{%- set items = (contents.content | list) if contents is defined else [] -%}\n"
        "{%- if items and not (items | selectattr('name', 'equalto', 'play.ipynb') | list) %}\n"
        # the chapters by their titles, a language's folder by the language's name, and on the
        # tutorial's JupyterLab server (JUPYTERLAB_SWITCH in its jinja_template_vars) a link to the code
        f"{{%- set titles = {titles} -%}}\n"
        f"{{%- set languages = {json.dumps(dict(LANGUAGE_NAMES), ensure_ascii=False)} -%}}\n"
        + _banner(choose(0))
        + '{% if notebook_path %}<p><a href="{{ base_url }}{{ keep }}">↑</a></p>{% endif %}'
        f"{{% if {JUPYTERLAB_SWITCH} is defined and {JUPYTERLAB_SWITCH} %}}"
        # JupyterLab at a folder (/lab/tree/fr), or at its root (/lab: its /lab/tree/ is no page of its own)
        "{%- set folder = (notebook_path or '').strip('/') -%}"
        "<p class=\"st-code-link\"><a href=\"{{ base_url }}lab{{ ('/tree/' ~ folder) if folder else '' }}\">"
        + code_link
        + "</a></p>{% endif %}"
        '<ul class="st-home-pages">'
        # (``locale/`` holds the chapters' translation catalogs, not pages)
        "{% for item in items if not item.name.startswith(('.', '_')) and item.name != 'locale' %}"
        "{% if item.type == 'directory' %}"
        '<li><a href="{{ base_url }}voila/tree/{{ item.path | urlencode }}{{ keep }}">'
        '{% if item.name in languages %}<b lang="{{ item.name }}">{{ languages[item.name] }}</b>'
        "{% else %}<b>{{ item.name }}/</b>{% endif %}</a></li>"
        "{% elif item.name.endswith('.ipynb') %}"
        '<li><a href="{{ base_url }}voila/render/{{ item.path | urlencode }}{{ keep }}">'
        "{% set named = titles.get(item.name[:-6]) %}"
        "<b>{{ ((named[lang] or named.en) if named else item.name[:-6].replace('_', ' ')) | e }}</b></a></li>"
        "{% endif %}{% endfor %}</ul></main>\n"
        "{%- else %}\n"
        f"{choose(1)}\n"
        "{%- endif %}\n"
        "  </body>\n"
        "</html>\n"
    )


def write_home_templates(root: str | Path, default: str = "en", links: str = "none") -> list[Path]:
    """Write the home page under ``root``, where Voila looks for the ``spades_teach`` template's
    files in a Jupyter data folder (:func:`voila_environment` puts the folder first while
    :func:`serve` runs): ``tree-lab.html`` is :func:`home_template`, ``tree.html`` extends it
    (:data:`HOME_CLASSIC`), and the chapter pages' way around (:data:`CHAPTER_NAV`,
    :func:`chapter_nav_template`) leads to this home when it lists the chapters as Voila pages
    (``links="voila"``, the app's), else to Voila's list of the chapter's folder. Returns the files
    written."""
    folder = Path(root) / "voila" / "templates" / "spades_teach"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    # the chapter pages' list link: the home when it lists them as Voila pages (the app's), else Voila's list
    nav = chapter_nav_template("app" if links == "voila" else "tree")
    for name, text in zip(
        (*HOME_TEMPLATES, CHAPTER_NAV), (home_template(default, links), HOME_CLASSIC, nav), strict=True
    ):
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
