"""What every spades_teach widget shares: an error line, a status line, the CSS,
and a guard that turns any exception raised by a handler into a message.

A handler never lets a traceback reach the learner. A :class:`SpadesError`
(bad input, an illegal bid or card) shows its own message in the error line;
anything unexpected shows a short one-line message instead, and the exception
is kept in :attr:`SpadesWidget.last_exception` for whoever debugs the notebook.
Tests may set :attr:`SpadesWidget.reraise_unexpected` to see such bugs raised.

>>> w = SpadesWidget()
>>> def bad() -> None:
...     raise SpadesError("unknown bid 'x': bid a number 0-13, 'nil' or 'blind nil'")
>>> w.run(bad)
False
>>> w.error
"unknown bid 'x': bid a number 0-13, 'nil' or 'blind nil'"
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, ClassVar, TypeVar

import ipywidgets as widgets  # type: ignore[import-untyped]
import traitlets

from spades_teach._text import ascii_digits_int
from spades_teach.errors import SpadesError
from spades_teach.game.cards import Card
from spades_teach.game.seating import Seat
from spades_teach.i18n import _
from spades_teach.render.html import trick_plays_html

__all__ = [
    "CSS",
    "STATIC",
    "SpadesWidget",
    "style_widget",
    "add_classes",
    "card_button",
    "card_colour",
    "escape",
    "trick_cards_html",
    "int_text",
    "number_text",
    "typed_number",
    "NumberText",
    "static_text",
]

T = TypeVar("T")

CSS = """<style>
.st-widget{font-family:sans-serif}
.st-card{display:inline-block;min-width:2.1em;padding:.15em .25em;margin:.1em;border:1px solid #888;
 border-radius:.3em;background:#fff;color:#111;font-family:sans-serif;font-weight:600;text-align:center}
.st-red{color:#c00}
.widget-button.st-card{min-width:2.6em;width:auto;height:2.6em;padding:0 .3em;margin:.1em;
 border:1px solid #888;border-radius:.35em;background:#fff;font-weight:700;font-size:1.05em}
.widget-button.st-card-face{min-width:2.5em;height:3.5em;padding:0 .25em;border-radius:.4em;
 box-shadow:0 1px 3px rgba(0,0,0,.35);font-size:1.15em}
.widget-button.st-card-face:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}
.widget-button.st-card-face:hover:not(:disabled){transform:translateY(-.15em)}
.st-exercise-closed .widget-button{cursor:default}.st-exercise-closed .widget-button:hover{transform:none}
.st-hand-row{gap:.15em}
.widget-button.st-card-legal{border:2px solid #1a7f37;box-shadow:0 0 .25em #1a7f37;cursor:pointer}
.widget-button.st-card-illegal{opacity:.4;background:#eee;cursor:not-allowed}
.widget-button.st-card-hinted{outline:3px solid #f0b400}
.st-hand-suit{gap:.1em}
.st-hand-view .st-suit{white-space:normal}
.st-table-seat{min-width:0}
.st-data{border-collapse:collapse}.st-data td,.st-data th{padding:.3em .6em;vertical-align:middle}
.widget-hbox.st-replay-controls{flex-wrap:wrap;gap:.25em;align-items:center}
.st-replay-controls .widget-button{flex:0 0 auto;width:auto;min-width:4.6em;margin:0}
@media (max-width:600px){.st-table-seat .st-card{min-width:1.5em;padding:.1em .12em;margin:.05em;font-size:.9em}
 .st-replay-controls .widget-button{min-width:44px;padding:0 .45em}}
.st-error{color:#b00;font-weight:600}
.st-status{color:#333}
.st-seat{font-weight:700}
.st-turn{background:#fff3c4;border-radius:.3em;padding:0 .3em}
.st-trick{min-height:3em;text-align:center}
.st-note{background:#eef5ff;border-left:4px solid #4a7fd0;padding:.3em .6em;margin:.3em 0}
.st-verdict-right,.st-verdict-wrong{padding:.3em .6em;margin:.3em 0;border-radius:.3em;font-weight:600}
.st-verdict-right{background:#dff5e1;color:#0b5a1c;border-left:4px solid #1a7f37}
.st-verdict-wrong{background:#fde2e1;color:#8a0010;border-left:4px solid #b00020}
.st-verdict-right span,.st-verdict-wrong span{font-weight:700}
.st-mark-good .st-card,.st-card.st-mark-good{background:#dff5e1}
.st-mark-bad .st-card,.st-card.st-mark-bad{background:#fde2e1}
.st-mark-costly{background:#fde2e1}.st-mark-fine{background:#dff5e1}
.st-advice-reasons td,.st-score-table td{padding:.1em .6em}
.st-void{color:#595959;font-style:italic}
.st-label-hidden .widget-label{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.st-input-error{color:#b00;font-weight:600}.st-invalid input{border:2px solid #b00}
.st-stale{color:#666;font-style:italic}
/* A phone (a narrow window) or any touch screen: every control a target of 44 px or more, text boxes
   and menus no wider than the page, rows of controls wrapping; the score calculator's seats one per
   line with their Nil switch under them. */
@media (max-width:640px),(pointer:coarse){
 body{--jp-widgets-inline-height:44px}
 .jupyter-button{min-width:44px}
 .widget-textarea textarea{min-height:44px}
 .widget-inline-hbox select,.widget-inline-hbox input,.widget-inline-hbox textarea{min-width:3.5em !important}
 .widget-dropdown,.widget-inline-hbox.widget-text{width:auto !important}
 .jupyter-button:not(.st-card){width:auto;max-width:100%}
 .widget-html>.widget-html-content,.widget-htmlmath>.widget-htmlmath-content{line-height:1.45}
 .widget-button.st-card,.widget-button.st-card-face{min-width:44px !important;min-height:44px}
 .widget-inline-hbox{max-width:calc(100% - 2 * var(--jp-widgets-margin, 2px)) !important}
 .widget-checkbox label{min-height:44px;display:inline-flex;align-items:center}
}
@media (max-width:640px){
 .widget-hbox{flex-wrap:wrap}
 .st-score-grid{grid-template-columns:auto minmax(0,1fr) minmax(0,1fr) !important}
 .st-score-grid .st-score-nil-toggle,.st-score-grid .st-input-error{grid-column:1 / -1}
 .st-score-grid .st-score-head-nil,.st-score-grid .st-score-head-error{display:none}
 .st-score-calculator .widget-text{width:auto !important}
 .st-score-calculator .widget-text input{flex:0 0 5em}
 .st-score-grid .widget-text input{flex:1 1 auto}
}
.st-score-nil-toggle .widget-toggle-button{width:auto !important;min-width:6.8em}
.st-score-nil-toggle .widget-toggle-button.mod-active{background:#0d5c36;color:#fff;font-weight:700;box-shadow:inset 0 0 0 2px #07391f}.st-busy-note{color:#555;font-style:italic}
</style>"""


def escape(text: object) -> str:
    """HTML-escape any value shown in a widget."""
    return html.escape(str(text))


def add_classes(widget: Any, *classes: str) -> Any:
    """Add CSS classes (stable hooks for browser tests) and return the widget."""
    for name in classes:
        widget.add_class(name)
    return widget


#: The text colour of a card's button: red for hearts and diamonds, black for spades and clubs.
_RED = "#c00000"
_BLACK = "#111111"


def card_colour(card: Card) -> str:
    """The colour a card's button writes the card in (its suit's)."""
    return _RED if card.suit.is_red else _BLACK


def card_button(card: Card, *classes: str) -> Any:
    """A card of the hand as a button to press: the card in its suit's colour, bold on white, with the
    classes ``st-card``, then ``classes``, then ``st-card-<card>`` (``st-card-QH``). The caller wires
    what a press does."""
    button = widgets.Button(description=card.pretty, layout=widgets.Layout(width="auto", min_width="2.8em"))
    button.style.text_color = card_colour(card)
    button.style.button_color = "white"
    button.style.font_weight = "bold"
    return add_classes(button, "st-card", *classes, f"st-card-{card}")


#: The folder of the anywidgets' JavaScript modules and style sheets.
STATIC = Path(__file__).resolve().parent / "static"


def static_text(*names: str) -> str:
    """The files ``names`` of :data:`STATIC` as one text, in that order. A widget's JavaScript module is
    ``cards.js`` (what the card table and the drills both draw with) then its own file: anywidget sends
    a module as one text, where an import of a neighbour file cannot be resolved."""
    return "".join((STATIC / name).read_text(encoding="utf-8") for name in names)


def style_widget() -> Any:
    """An invisible HTML widget carrying the package's CSS (and :func:`asleep_css`)."""
    return widgets.HTML(CSS + asleep_css(), layout=widgets.Layout(display="none"))


def asleep_css() -> str:
    """The look of a widget drawn from the state its notebook stores, not yet linked to a kernel (a
    chapter opened in JupyterLab, before its cells run): ipywidgets marks each of its parts with a red
    broken-link icon; instead, one line above the widget says how to bring it to life, in the language
    the widget was made in."""
    line = _("Run ▸ Run All Cells brings this widget to life.").replace("\\", "\\\\").replace('"', '\\"')
    return (
        "<style>.jp-OutputArea-output .st-widget .jupyter-widgets-disconnected::before{display:none}"
        f'.jp-OutputArea-output>.st-widget.jupyter-widgets-disconnected::before{{content:"{html.escape(line, quote=False)}";'
        "display:block;font:italic 1em sans-serif;color:#555;padding:.2em 0}</style>"
    )


def int_text(value: int, description: str = "", width: str = "7em", **options: Any) -> Any:
    """An integer box that updates as you type."""
    return widgets.IntText(
        value=value,
        description=description,
        continuous_update=True,
        layout=widgets.Layout(width=width),
        style={"description_width": "initial"},
        **options,
    )


class NumberText(widgets.Text):
    """A box for a whole number that holds exactly what is typed: an emptied box is empty for Python
    too (an ``IntText`` keeps its last number while the learner sees an empty box, so a message about
    that number stayed on screen). Python may set it to an ``int``; it keeps the number's digits."""

    value = traitlets.CUnicode(help="the text in the box").tag(sync=True)


def number_text(value: int, description: str = "", width: str = "7em") -> NumberText:
    """A :class:`NumberText` that updates as you type, its label as wide as its words."""
    return NumberText(
        value=str(value),
        description=description,
        continuous_update=True,
        layout=widgets.Layout(width=width),
        style={"description_width": "initial"},
    )


def typed_number(text: str) -> int | str | None:
    """What a learner typed in a number box: ``None`` when it is empty, the ``int`` when it is a whole
    number (a sign and spaces allowed, the true minus sign too), else the text itself, for the rule's
    own check to refuse by name.

    >>> typed_number(" "), typed_number("−2"), typed_number("7"), typed_number("seven")
    (None, -2, 7, 'seven')
    """
    stripped = text.strip()
    if not stripped:
        return None
    number = ascii_digits_int(stripped.replace("−", "-"))
    return stripped if number is None else number


def trick_cards_html(
    plays: Iterable[tuple[Seat, Card]],
    *,
    marks: Mapping[int, str] | None = None,
) -> str:
    """The cards of a trick in play order, each after its player, the card led after
    "North led" (:func:`spades_teach.render.html.trick_plays_html`).

    ``marks`` maps a position in the trick (0-3) to extra CSS classes for that card.
    """
    return trick_plays_html(plays, marks)


class SpadesWidget(widgets.VBox):
    """A VBox with an error line (CSS class ``st-error``) and a status line
    (``st-status``); subclasses lay out their own controls around them. A view
    nested in another (the hands of a table) passes other ``line_classes``, so
    that ``.st-error`` and ``.st-status`` name only the outer view's lines.

    ``self.widget`` is the widget itself, so every view can be displayed or
    nested the same way.
    """

    reraise_unexpected: ClassVar[bool] = False

    def __init__(
        self,
        children: Iterable[Any] = (),
        *,
        line_classes: tuple[str, str] = ("st-status", "st-error"),
        **kwargs: Any,
    ) -> None:
        self._error_text = ""
        self._status_text = ""
        self.last_exception: BaseException | None = None
        self.status_line = add_classes(widgets.HTML(""), line_classes[0])
        self.error_line = add_classes(widgets.HTML(""), line_classes[1])
        super().__init__(children=[style_widget(), *children, self.status_line, self.error_line], **kwargs)
        self.add_class("st-widget")

    @property
    def widget(self) -> Any:
        """The displayable ipywidget (the view itself)."""
        return self

    def describe(self) -> str:
        """One line saying what the view shows (its status, or its error)."""
        return self._error_text or self._status_text

    def __repr__(self) -> str:
        # Short and stable: this is the text/plain output a notebook stores.
        return f"<{type(self).__name__}: {self.describe()}>"

    # -- plain state -------------------------------------------------------------------
    @property
    def error(self) -> str:
        """The message in the error line ('' when there is none)."""
        return self._error_text

    @property
    def status(self) -> str:
        """The text of the status line."""
        return self._status_text

    def set_error(self, message: str) -> None:
        self._error_text = message
        self.error_line.value = f"⚠ {escape(message)}" if message else ""

    def set_status(self, message: str) -> None:
        self._status_text = message
        self.status_line.value = escape(message)

    # -- the guard ---------------------------------------------------------------------
    def run(self, action: Callable[..., Any], *args: Any) -> bool:
        """Call ``action(*args)``; show any error in the error line instead of
        raising. Returns whether it succeeded (the error line is cleared then)."""
        try:
            action(*args)
        except SpadesError as exc:
            self.last_exception = exc
            self.set_error(str(exc))
            return False
        except Exception as exc:  # a bug: keep the learner's page readable
            self.last_exception = exc
            if type(self).reraise_unexpected:
                raise
            self.set_error(
                _("something went wrong ({error}); nothing was changed").format(
                    error=f"{type(exc).__name__}: {_short(exc)}"
                )
            )
            return False
        self.set_error("")
        return True

    def handler(self, action: Callable[..., Any]) -> Callable[..., None]:
        """Wrap ``action`` for ``on_click`` / ``observe``: its errors become messages."""

        def call(*args: Any) -> None:
            self.run(action, *args)

        return call


def _short(exc: BaseException, limit: int = 120) -> str:
    text = str(exc).splitlines()[0] if str(exc) else ""
    return text if len(text) <= limit else text[: limit - 1] + "…"
