"""The app's pages: what each page shows first (its heading, what it is for, the links home and to
the other pages, the language menu) in the language its address asks for, and the replay page's
record chooser."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from spades_teach.advice._words import number
from spades_teach.advice.bot_replay import bot_replay
from spades_teach.errors import AppError
from spades_teach.game.notation import EXAMPLE_HAND, hand_examples, read_hand, seat_word
from spades_teach.i18n import LANGUAGE_NAMES, LANGUAGES, N_, _, get_language, ngettext, pgettext, set_language

__all__ = [
    "FIRST_RECORD",
    "HEADINGS",
    "PAGES",
    "checked_language",
    "language_menu",
    "page_language",
    "page_top",
    "page_top_html",
    "progress_chapter_link",
    "replay_lead",
    "replay_picker",
    "review_summary",
]

#: The record the replay page opens first: the worked example of the rule texts.
FIRST_RECORD = "spanish_example"


def checked_language(language: str) -> str:
    if language not in LANGUAGES:
        raise AppError(
            _("unknown language {language}: use 'en' (English), 'fr' (français) or 'es' (español)").format(
                language=repr(language)
            )
        )
    return language


#: The app's pages, in :data:`APP_NOTEBOOKS` order: the notebook's name, its label in the links,
#: and the line the home page shows under the label.
PAGES = (
    ("play", N_("Play"), N_("A hand or a whole match against three bots, with Teach me and a review of your cards.")),
    ("advisor", N_("Bid advisor"), N_("Paste your thirteen cards: the bid, counted card by card.")),
    ("score", N_("Score"), N_("Bids and tricks in, points and bags out, with the reason for each.")),
    ("replay", N_("Replay"), N_("Step through recorded games, card by card, with notes.")),
    ("daily", N_("Daily challenge"), N_("Today's deal, the same for everyone: play it and review every card.")),
    (
        "progress",
        N_("My progress"),
        N_("What you keep getting wrong, from every card judged, and practice chosen for it."),
    ),
)


def page_language(query: str | None = None) -> tuple[str, bool]:
    """The language a page speaks, and whether its address asked for it: ``?lang=fr`` in the
    page's query (Voila hands the kernel the query as ``QUERY_STRING``) switches the kernel
    to that language; otherwise the language the server was started in (``LANGUAGE``).

    >>> page_language("lang=es")
    ('es', True)
    >>> set_language("en")
    >>> page_language("lang=xx")
    ('en', False)
    """
    import os
    import urllib.parse

    text = os.environ.get("QUERY_STRING", "") if query is None else query
    asked = urllib.parse.parse_qs(text).get("lang", [""])[-1]
    if asked in LANGUAGES:
        set_language(asked)
        return asked, True
    return get_language(), False


def _keep(language: str, asked: bool) -> str:
    """The query a link adds to keep the language chosen in the menu (none if the page was not asked one)."""
    return f"?lang={language}" if asked else ""


def language_menu(language: str, here: str = "") -> str:
    """The language menu: a link per language, each named in its own language, the one in use marked."""
    from html import escape

    items = []
    for code, name in LANGUAGE_NAMES.items():
        if code == language:
            items.append(f'<b class="st-lang-current" lang="{code}" aria-current="true">{escape(name)}</b>')
        else:
            items.append(
                f'<a class="st-lang-{code}" href="{here}?lang={code}" hreflang="{code}" lang="{code}">{escape(name)}</a>'
            )
    label = escape(_("Language"))
    shown = escape(_("Language:"))
    return f'<nav class="st-app-lang" aria-label="{label}"><span>{shown}</span> ' + " · ".join(items) + "</nav>"


def _intro(name: str) -> list[str]:
    """The paragraphs under a page's heading, as HTML (the names of buttons in bold)."""
    from html import escape

    def b(text: str) -> str:
        return f"<b>{escape(text)}</b>"

    def code(text: str) -> str:
        return f"<code>{escape(text)}</code>"

    if name == "play":
        return [
            escape(
                _(
                    "You sit South; North is your partner, and the bots hold East, West and North. Pick your bid, "
                    "then play a card: click it, or move along your hand with the arrow keys and press Enter. When "
                    "a card may not be played, the line under your hand says why."
                )
            ),
            escape(
                _(
                    "{teach_me} is on to start with: before each of your turns, it shows the bid or the card the "
                    "advisor would choose and why (untick it to play on your own). {new_game} deals new cards; the deal code under the table plays the same cards "
                    "again, and {deal_of_the_day} is the same deal for everyone today. Choose {match} to play on, "
                    "hand after hand, to the end of a game. When a hand is over, {review} shows what each of your "
                    "cards cost."
                )
            ).format(
                teach_me=b(_("Teach me")),
                new_game=b(_("New game")),
                deal_of_the_day=b(_("Deal of the day")),
                match="<i>" + escape(pgettext("table menu", "Match")) + "</i>",
                review=b(_("Review my hand")),
            ),
        ]
    if name == "advisor":
        return [
            escape(
                _(
                    "Paste your thirteen cards in any form the package reads: {dotted} (spades, hearts, diamonds, "
                    "clubs), {labelled}, or a list such as {listed}. The advisor counts the tricks your cards should "
                    "take, card by card, checks whether Nil is worth trying, and adjusts for your partner's bid and "
                    "the score if you give them."
                )
            ).format(
                **{
                    name: code(text)
                    for name, text in zip(("dotted", "labelled", "listed"), hand_examples(read_hand(EXAMPLE_HAND)))
                }
            )
        ]
    if name == "score":
        # Only the bids the page's rules allow from the start (blind Nil once its box is ticked), written
        # as a learner of the page's language types them (the words the bid reader takes).
        return [
            escape(
                _(
                    "Type each seat's bid (a number or {nil}) and the tricks it took: the points, the bags and "
                    "the reason for every item change as you type. To score a {blind_nil}, tick {allowed} first."
                )
            ).format(
                nil=code(pgettext("a bid as typed", "nil")),
                blind_nil=code(pgettext("a bid as typed", "blind nil")),
                allowed=b(_("blind Nil allowed")),
            )
        ]
    if name == "progress":
        return [
            escape(
                _(
                    "Every card the judge looks at is kept on this computer: the hands you review, the exercises, "
                    "the puzzles, the drills and the daily challenge. Here is what they say: how often you get each "
                    "principle right lately, the three to work on next, and below, {practise}: questions chosen for "
                    "them, with the principles you already know mixed in so that you keep them."
                )
            ).format(practise=b(_("Practise these")))
        ]
    if name == "replay":
        return [
            escape(
                _(
                    "Step through a recorded hand card by card or trick by trick; the notes explain the moments "
                    "that teach something, and the score appears after the last trick."
                )
            )
        ]
    return [
        escape(
            _(
                "Today's deal, the same cards for everyone who plays today. Bid it and play it against the bots, "
                "then press {compare}: the expert bot plays the same cards in your seat against the same bots, and "
                "you see both scores and each decision where you chose otherwise, with the expert's reason. "
                "{review} says what each of your cards cost against best play. A friend who pastes the deal code "
                "plays the same cards and can compare too. Tomorrow brings a new deal."
            )
        ).format(compare=b(_("Compare with the expert")), review=b(_("Review my hand")))
    ]


#: Each page's heading.
HEADINGS = {
    "play": N_("Play Spades against the bots"),
    "advisor": N_("The bid advisor"),
    "score": N_("Score a hand"),
    "replay": N_("Replay a game"),
    "daily": N_("Daily challenge"),
    "progress": N_("My progress"),
}


def page_top_html(name: str, language: str, asked: bool = False) -> str:
    """The top of the app page ``name`` in ``language`` (the language in use must be it): the links
    home and to the other pages, the language menu, the heading and what the page is for."""
    from html import escape

    keep = _keep(language, asked)
    home = escape(_("Home"))
    links = [f'<a class="st-app-home" href="../../{keep}">{home}</a>']
    for page, label, _line in PAGES:
        said = escape(_(label))
        if page == name:
            links.append(f'<b aria-current="page">{said}</b>')
        else:
            links.append(f'<a href="{page}.ipynb{keep}">{said}</a>')
    pages = escape(_("The app's pages"))
    paragraphs = "".join(f"<p>{text}</p>" for text in _intro(name))
    heading = escape(_(HEADINGS[name]))
    return (
        f'<div class="st-app-top" lang="{language}">'
        f'<nav class="st-app-nav" aria-label="{pages}">' + " · ".join(links) + "</nav>"
        f"{language_menu(language)}"
        f"<h1>{heading}</h1>{paragraphs}</div>"
    )


def page_top(name: str, query: str | None = None) -> Any:
    """What an app page shows first (its first cell): :func:`page_top_html` in the page's language
    (:func:`page_language`), which is also the language of the widgets built after it; an
    ``ipywidgets.HTML`` whose ``value`` is the HTML."""
    import ipywidgets as widgets  # type: ignore[import-untyped]

    if name not in HEADINGS:
        raise AppError(
            _("unknown app page {name}: use one of {names}").format(name=repr(name), names=", ".join(HEADINGS))
        )
    language, asked = page_language(query)
    # an HTML widget, not an HTML output: JupyterLab's output renderer would open every link in a new tab
    return widgets.HTML(page_top_html(name, language, asked))


def replay_lead(record: Any) -> str:
    """The one plain line the replay page opens with, over a game record: which deal, whose cards
    are shown, and what to click (the replay's own buttons, named as they are).

    >>> from spades_teach.app import packaged_records
    >>> replay_lead(dict(packaged_records())["spanish_example"])
    'The worked example: 7 bid, 8 made — all four hands face up, North deals. Press Card for the next bid or card, or Trick for a whole trick; the notes under the table explain each moment.'
    """

    title = str(getattr(record, "title", "") or "")
    dealer = seat_word(record.dealer)
    if not title:
        return _(
            "A recorded hand — all four hands face up, {dealer} deals. Press {card} for the next bid or card, "
            "or {trick} for a whole trick; the notes under the table explain each moment."
        ).format(dealer=dealer, card=_("Card"), trick=_("Trick"))
    return _(
        "{title} — all four hands face up, {dealer} deals. Press {card} for the next bid or card, or {trick} "
        "for a whole trick; the notes under the table explain each moment."
    ).format(title=title, dealer=dealer, card=_("Card"), trick=_("Trick"))


def replay_picker(seed: int | str = 1) -> Any:
    """A record chooser above a :class:`~spades_teach.widgets.ReplayView`: the
    packaged annotated records if there are any, otherwise a bot-played hand
    with the advisor's comments."""
    import ipywidgets as widgets

    from spades_teach.game import replays
    from spades_teach.widgets import ReplayView
    from spades_teach.widgets.base import add_classes, escape

    records = replays.packaged_records()
    if not records:
        round, notes = bot_replay(seed)
        view = ReplayView(round, annotations=notes)
        return widgets.VBox(
            [
                widgets.HTML(
                    "<b>" + escape(_("A hand played by bots, with the advisor's comments on South's cards")) + "</b>"
                ),
                view,
            ]
        )
    first = next((i for i, (name, _record) in enumerate(records) if name == FIRST_RECORD), 0)
    view = ReplayView(records[first][1])
    labels = [(str(getattr(record, "title", "") or name), i) for i, (name, record) in enumerate(records)]
    choice = add_classes(
        widgets.Dropdown(
            options=labels,
            value=first,
            description=pgettext("recorded hand menu", "Hand"),
            layout=widgets.Layout(width="40em", max_width="100%"),
        ),
        "st-app-record",
    )
    review = add_classes(
        widgets.Button(
            description=_("What each card cost"), tooltip=_("review every card against best play by all four seats")
        ),
        "st-app-review",
    )
    verdict = add_classes(widgets.HTML(""), "st-app-review-summary")

    def lead_html(record: Any) -> str:
        return f"<p><b>{escape(replay_lead(record))}</b></p>"

    lead = add_classes(widgets.HTML(lead_html(records[first][1])), "st-app-replay-lead")

    def load(change: dict[str, Any]) -> None:
        verdict.value = ""
        view.set_marks({})
        view.load(records[change["new"]][1])
        lead.value = lead_html(records[change["new"]][1])

    def run_review(_button: Any) -> None:
        verdict.value = ""
        review.disabled = True
        try:
            verdict.value = escape(review_summary(view.analyse()))
        finally:
            review.disabled = False

    choice.observe(view.handler(load), names="value")
    review.on_click(view.handler(run_review))
    return widgets.VBox(
        [choice, lead, widgets.HBox([review, verdict], layout=widgets.Layout(flex_flow="row wrap")), view]
    )


def review_summary(costs: Sequence[Any]) -> str:
    """One line over a card-cost review: how many cards were best for their side's points, and
    what the others cost (each card is coloured in the replay, its verdict in its note).

    >>> from types import SimpleNamespace as Cost
    >>> review_summary([Cost(cost=0, nil_lost=False), Cost(cost=9, nil_lost=False), Cost(cost=18, nil_lost=True)])
    '1 of 3 cards was a best card for its side; the other 2 cost 27 points in all and lost 1 Nil (red cards: step to one to read why)'
    """
    costly = [c for c in costs if c.cost > 0 or c.nil_lost]
    kept = len(costs) - len(costly)
    cards = ngettext("{count} card", "{count} cards", len(costs)).format(count=len(costs))
    line = ngettext(
        "{kept} of {cards} was a best card for its side", "{kept} of {cards} were best cards for their side", kept
    ).format(kept=kept, cards=cards)
    if not costly:
        return line
    lost = number(sum(c.cost for c in costly))
    nils = sum(1 for c in costly if c.nil_lost)
    if nils:
        return ngettext(
            "{line}; the other {count} cost {points} points in all and lost {nils} Nil "
            "(red cards: step to one to read why)",
            "{line}; the other {count} cost {points} points in all and lost {nils} Nils "
            "(red cards: step to one to read why)",
            nils,
        ).format(line=line, count=len(costly), points=lost, nils=nils)
    return _("{line}; the other {count} cost {points} points in all (red cards: step to one to read why)").format(
        line=line, count=len(costly), points=lost
    )


def progress_chapter_link(language: str, folder: str | Path | None = None) -> str:
    """How *My progress* links a principle's chapter from the app (``{chapter}`` stands for its file
    name): to the built book's page when the app serves the book, to the chapter run by the app when it
    serves the chapters, or ``""`` (no link) when it has neither. ``folder``: the app's folder (the
    page's working folder)."""
    here = Path.cwd() if folder is None else Path(folder)
    lang = "" if checked_language(language) == "en" else f"{language}/"
    if (here / "book").is_dir():
        return f"../files/book/{lang}notebooks/{{chapter}}.html"
    if (here / "chapters").is_dir():
        return f"chapters/{lang}{{chapter}}.ipynb"
    return ""
