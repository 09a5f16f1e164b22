"""The app's home page, the first page the server shows in place of Voila's list of files: the
title, a card for each page and the way through the chapters, in the language its address asks
for. Its HTML and CSS are written here once (:func:`home_html`, :data:`HOME_STYLE`); Voila's two
tree templates are :func:`home_template` (``tree-lab.html``) and a file that extends it
(``tree.html``)."""

from __future__ import annotations

from html import escape as escape_html
from pathlib import Path

from spades_teach.app.pages import PAGES, checked_language, language_menu
from spades_teach.errors import AppError
from spades_teach.i18n import LANGUAGES, _, get_language
from spades_teach.i18n import language as speaking

__all__ = ["HOME_CLASSIC", "HOME_STYLE", "HOME_TEMPLATES", "home_html", "home_template", "write_home_templates"]


def _banner(title: str, tagline: str = "") -> str:
    """The home page's green banner (the four suits, the title, the tagline if any), then ``<main>``."""
    line = f"<p>{tagline}</p>" if tagline else ""
    return (
        '<header><div class="st-suits" aria-hidden="true">♠ <span class="st-red">♥</span> ♣ '
        f'<span class="st-red">♦</span></div><h1>{title}</h1>{line}</header><main>'
    )


def home_html(keep: str = "") -> str:
    """The body of the home page in the language in use; ``keep`` is Jinja for the query each link
    carries (the template decides it from the address), and every link starts with ``{{ base_url }}``."""
    from html import escape

    base = "{{ base_url }}"
    cards = "".join(
        f'<li><a class="st-home-{page}" href="{base}voila/render/{page}.ipynb{keep}"><b>{said}</b>{why}</a></li>'
        for page, said, why in ((page, escape(_(label)), escape(_(line))) for page, label, line in PAGES)
    )

    def link(page: str) -> str:
        label = next(_(text) for name, text, _line in PAGES if name == page)
        return f'<a href="{base}voila/render/{page}.ipynb{keep}">{escape(label)}</a>'

    path = [
        escape(_("The deck and the deal: who sits where, who deals, the thirteen cards of each hand.")),
        escape(_("Bidding: counting the tricks a hand should take (try the {advisor}).")).format(
            advisor=link("advisor")
        ),
        escape(_("Playing tricks: following suit, when spades may be led, who wins a trick (try {play}).")).format(
            play=link("play")
        ),
        escape(
            _("Scoring a hand, then bags: contracts made and set, and the cost of extra tricks (try {score}).")
        ).format(score=link("score")),
        escape(_("Nil and blind Nil: bidding to take no trick at all.")),
        escape(_("Winning the match: the target, the loss limit, and the score sheet (try Play with {match}).")).format(
            match="<i>" + escape(_("Match")) + "</i>"
        ),
        escape(_("Replays and playing with Teach me (try {replay} and the {daily}).")).format(
            replay=link("replay"), daily=link("daily")
        ),
    ]
    steps = "".join(f"<li>{step}</li>" for step in path)
    chapters = escape(
        _(
            "The chapters themselves are in the tutorial's book ({book} once built) and open in JupyterLab with {command}."
        )
    ).format(book="<code>book/_build/html/index.html</code>", command="<code>bash tools/tutorial.sh</code>")
    title = escape(_("Spades tutorial"))
    tagline = escape(
        _("Learn the card game Spades: play against the bots, get advice on your bid, score a hand, replay a game.")
    )
    pages = escape(_("The app's pages"))
    way = escape(_("The way through the chapters"))
    way_intro = escape(
        _("The tutorial's chapters teach the game one step at a time; each one has something to try on these pages:")
    )
    return (
        _banner(title, tagline) + f"{language_menu(get_language(), base)}"
        f'<nav aria-label="{pages}"><ul class="st-home-pages">{cards}</ul></nav>'
        f'<h2>{way}</h2><p>{way_intro}</p><ol class="st-home-path">{steps}</ol><p>{chapters}</p></main>'
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
      code { background: #e9ece9; padding: 0 0.25em; border-radius: 0.2em; }
"""

#: The home page's two file names (Voila's tree in its lab look, and its classic one).
HOME_TEMPLATES = ("tree-lab.html", "tree.html")
#: The classic tree (``tree.html``): the lab one's page, not a second copy of it.
HOME_CLASSIC = (
    "{#- Voila's classic tree: the same home page as tree-lab.html. Written by\n"
    "    spades_teach.app.write_home_templates: do not edit by hand. -#}\n"
    '{% extends "tree-lab.html" %}\n'
)


def home_template(default: str = "en") -> str:
    """The home page as Voila's ``tree-lab.html`` template, with its words in the three languages:
    the page speaks the language its address asks for (``/?lang=es``: Voila gives the template
    the query), else ``default``; its links then carry that ``?lang=`` to the other pages."""
    default = checked_language(default)
    bodies: dict[str, tuple[str, str]] = {}
    for code in LANGUAGES:
        with speaking(code):
            bodies[code] = (escape_html(_("Spades tutorial")), home_html("{{ keep }}"))
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
    return (
        "{#- The app's home page, in place of Voila's list of files. Written by spades_teach.app.home_template\n"
        "    from the translation catalogs: do not edit by hand (tests/test_app.py checks it is up to date).\n"
        "    A plain page: no script, so nothing to log in the browser's console. -#}\n"
        "{%- set asked = namespace(value='') -%}\n"
        f"{{%- for part in (query or '').split('&') if part in ({choices}) -%}}\n"
        "{%- set asked.value = part[5:] -%}\n"
        "{%- endfor -%}\n"
        f"{{%- set lang = asked.value or '{default}' -%}}\n"
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
        + _banner(choose(0))
        + '{% if notebook_path %}<p><a href="{{ base_url }}{{ keep }}">↑</a></p>{% endif %}'
        '<ul class="st-home-pages">'
        "{% for item in items if not item.name.startswith(('.', '_')) %}"
        "{% if item.type == 'directory' %}"
        '<li><a href="{{ base_url }}voila/tree/{{ item.path | urlencode }}{{ keep }}"><b>{{ item.name }}/</b></a></li>'
        "{% elif item.name.endswith('.ipynb') %}"
        '<li><a href="{{ base_url }}voila/render/{{ item.path | urlencode }}{{ keep }}">'
        "<b>{{ item.name[:-6].replace('_', ' ') }}</b></a></li>"
        "{% endif %}{% endfor %}</ul></main>\n"
        "{%- else %}\n"
        f"{choose(1)}\n"
        "{%- endif %}\n"
        "  </body>\n"
        "</html>\n"
    )


def write_home_templates(root: str | Path, default: str = "en") -> list[Path]:
    """Write the home page under ``root``, where Voila looks for the ``spades_teach`` template's
    files in a Jupyter data folder (:func:`voila_environment` puts the folder first while
    :func:`serve` runs): ``tree-lab.html`` is :func:`home_template`, ``tree.html`` extends it
    (:data:`HOME_CLASSIC`). Returns the files written."""
    folder = Path(root) / "voila" / "templates" / "spades_teach"
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in zip(HOME_TEMPLATES, (home_template(default), HOME_CLASSIC), strict=True):
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
