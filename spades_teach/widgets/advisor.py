"""Paste a hand, read the advice: :class:`BidAdvisorView`.

The hand box takes every format :meth:`Hand.parse` reads (dotted, suit-labelled,
card lists). The advice comes from the bid advisor (``advise_bid``), imported
only when the first hand is advised; the widget shows the advised bid, each
counted card or feature with its value and reason, the Nil check and the notes
that moved the bid. A paste that does not make a hand shows the message right
under the box and clears the advice and the simulation, so nothing on screen
belongs to a hand that is no longer in the box; **Simulate** is disabled until
the box holds a hand again, and while a simulation runs.

>>> view = BidAdvisorView("AKQ3.K52.7.A9842")
>>> view.bid, view.estimate
('5', 5.25)
>>> view.hand_box.value = "AKQ3.K52.7"          # three groups: not a hand
>>> view.error.startswith("a dotted hand needs exactly four groups")
True
>>> view.bid, view.simulate_button.disabled      # no advice for a hand that is not there
('', True)
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from spades_teach.advice.bid_trial import dealer_for
from spades_teach.advice.bidding import advise_bid
from spades_teach.analysis.simulate import analyze_hand
from spades_teach.errors import SpadesError
from spades_teach.game.cards import Hand
from spades_teach.game.notation import EXAMPLE_HAND, hand_examples, read_hand
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import check_bags_carried, side_of, sides_of
from spades_teach.game.seating import Seat, SeatLike, TeamMap, seating_of
from spades_teach.i18n import _, decimal, format_number, format_signed, pgettext
from spades_teach.widgets.base import SpadesWidget, add_classes, escape, int_text

__all__ = ["BidAdvisorView"]

UNKNOWN = "unknown"


def _bid_options(nil: bool, blind_nil: bool) -> list[tuple[str, str]]:
    options = [(_("unknown"), UNKNOWN)]
    if nil:
        options.append((_("Nil"), "nil"))
    if blind_nil:
        options.append((_("blind Nil"), "blind nil"))
    options += [(str(n), str(n)) for n in range(1, 14)]
    return options


class BidAdvisorView(SpadesWidget):
    """Paste a hand and see the advised bid, counted card by card.

    ``BidAdvisorView(hand="", *, seat="S", rules=Rules(), advise=None)``;
    ``advise`` replaces the advisor function (same signature as ``advise_bid``).

    Plain state: :attr:`advice` (the ``BidAdvice`` for the hand in the box, ``None`` when the box holds no hand), :attr:`bid`
    (its bid as text: ``'4'``, ``'nil'``, ``'blind nil'``), :attr:`estimate`,
    :attr:`reasons` (``(cards, value, why)`` triples), :attr:`nil_text`,
    :attr:`summary`, :attr:`value`, :attr:`error`.
    """

    def __init__(
        self,
        hand: str = "",
        *,
        seat: SeatLike = Seat.S,
        rules: Rules = Rules(),
        advise: Callable[..., Any] | None = None,
    ) -> None:
        self.seat = Seat.coerce(seat)
        self.base_rules = rules
        self._advise = advise
        self._advice: Any = None
        self._advised_hand: Hand | None = None
        self.hand_box = add_classes(
            widgets.Textarea(
                value="",
                placeholder=_("paste a hand: {dotted}, {labelled}, or {cards} ...").format(
                    **dict(zip(("dotted", "labelled", "cards"), hand_examples(read_hand(EXAMPLE_HAND))))
                ),
                description=_("Your hand"),
                continuous_update=True,
                rows=2,
                # (less the widget's own margins, so it stays inside a phone-sized window)
                layout=widgets.Layout(width="36em", max_width="calc(100% - 4px)"),
                style={"description_width": "initial"},
            ),
            "st-advice-hand",
        )
        self.partner_box = add_classes(
            widgets.Dropdown(
                options=_bid_options(rules.nil, rules.blind_nil),
                value=UNKNOWN,
                description=_("Partner's bid"),
                style={"description_width": "initial"},
                layout=widgets.Layout(width="auto"),  # the label's length differs by language
            ),
            "st-advice-partner",
        )
        self.nil_box = add_classes(
            widgets.Checkbox(value=rules.nil, description=_("Nil allowed"), indent=False), "st-advice-rule-nil"
        )
        self.blind_nil_box = add_classes(
            widgets.Checkbox(value=rules.blind_nil, description=_("blind Nil allowed"), indent=False),
            "st-advice-rule-blind-nil",
        )
        self.our_score_box = add_classes(int_text(0, _("our score"), width="10em"), "st-advice-our-score")
        self.their_score_box = add_classes(int_text(0, _("their score"), width="10em"), "st-advice-their-score")
        self.bags_box = add_classes(int_text(0, _("our bags"), width="9em"), "st-advice-bags")
        self.bags_note = add_classes(widgets.HTML(""), "st-advice-bags-note")
        self.bid_html = add_classes(widgets.HTML(""), "st-advice-bid")
        self.summary_html = add_classes(widgets.HTML(""), "st-advice-summary")
        self.reasons_html = add_classes(widgets.HTML(""), "st-advice-reasons")
        self.nil_html = add_classes(widgets.HTML(""), "st-advice-nil")
        self.context_html = add_classes(widgets.HTML(""), "st-advice-context")
        self.simulate_button = add_classes(
            widgets.Button(
                description=_("Simulate {count} deals").format(count=self.simulation_samples),
                icon="random",
                layout=widgets.Layout(width="max-content"),  # "Simuler 200 donnes" is longer than the default width
            ),
            "st-advice-simulate",
        )
        self.simulate_button.disabled = True
        self.simulation_html = add_classes(widgets.HTML(""), "st-advice-simulation")
        self.input_error_html = add_classes(widgets.HTML(""), "st-input-error", "st-advice-hand-error")
        self.simulation: Any = None
        super().__init__(
            [
                self.hand_box,
                self.input_error_html,
                _wrapping_row([self.partner_box, self.nil_box, self.blind_nil_box]),
                _wrapping_row([self.our_score_box, self.their_score_box, self.bags_box, self.bags_note]),
                self.bid_html,
                self.summary_html,
                self.reasons_html,
                self.nil_html,
                self.context_html,
                self.simulate_button,
                self.simulation_html,
            ]
        )
        self.add_class("st-bid-advisor")
        self.simulate_button.on_click(self.handler(lambda _button: self.simulate()))
        self.simulate_idle_description = self.simulate_button.description
        self.nil_box.observe(self.handler(self._rules_changed), names="value")
        self.blind_nil_box.observe(self.handler(self._rules_changed), names="value")
        update = self._checked(self.update)
        for box in (
            self.hand_box,
            self.partner_box,
            self.nil_box,
            self.blind_nil_box,
            self.our_score_box,
            self.their_score_box,
            self.bags_box,
        ):
            box.observe(update, names="value")
        self.set_status(_("paste a 13-card hand to see the advice"))
        if hand:
            self.hand_box.value = hand

    # -- plain state -------------------------------------------------------------------
    @property
    def advice(self) -> Any:
        """The advice for the hand in the box (a ``BidAdvice``), or ``None``."""
        return self._advice

    @property
    def hand(self) -> Hand | None:
        """The hand the advice shown is for."""
        return self._advised_hand

    @property
    def bid(self) -> str:
        """The advised bid as text (``'4'``, ``'nil'``, ``'blind nil'``; '' before any advice)."""
        return str(self._advice.bid) if self._advice is not None else ""

    @property
    def estimate(self) -> float | None:
        return float(self._advice.estimate) if self._advice is not None else None

    @property
    def summary(self) -> str:
        return str(self._advice.summary) if self._advice is not None else ""

    @property
    def reasons(self) -> list[tuple[str, float, str]]:
        """Each counted card or feature: ``(cards, value, why)``."""
        if self._advice is None:
            return []
        return [(str(r.cards), float(r.value), str(r.why)) for r in self._advice.reasons]

    @property
    def nil_text(self) -> str:
        """The Nil check in words ('' if the advisor gives none)."""
        nil = getattr(self._advice, "nil", None)
        if nil is None:
            return ""
        trial = getattr(self._advice, "trial", None)
        if trial is not None:  # a close call, tried at the table as the bid was chosen
            return _("Nil is a close call for this hand: {why}; {verdict}").format(why=nil.why, verdict=trial.verdict())
        if nil.fits:
            return _("Nil fits this hand: {why}").format(why=nil.why)
        return _("Nil does not fit this hand: {why}").format(why=nil.why)

    @property
    def value(self) -> dict[str, Any]:
        return {
            "hand": str(self._advised_hand) if self._advised_hand is not None else "",
            "bid": self.bid,
            "estimate": self.estimate,
            "reasons": self.reasons,
            "nil": self.nil_text,
            "summary": self.summary,
        }

    # -- inputs ------------------------------------------------------------------------
    def rules(self) -> Rules:
        return self.base_rules.replace(nil=self.nil_box.value, blind_nil=self.blind_nil_box.value)

    def _rules_changed(self, _change: Any = None) -> None:
        options = _bid_options(self.nil_box.value, self.blind_nil_box.value)
        current = self.partner_box.value
        values = [v for _, v in options]
        self.partner_box.options = options
        self.partner_box.value = current if current in values else UNKNOWN

    def _check_bags(self) -> None:
        """A bag counter the rules cannot reach is refused, with the reason beside the box."""
        rules = self.rules()
        self.bags_note.value = ""
        try:
            check_bags_carried(self.bags_box.value, side_of(self.seat, rules), rules)
        except SpadesError as exc:
            self.bags_note.value = f'<span class="st-error">{escape(str(exc))}</span>'
            raise

    def _inputs(self) -> dict[str, Any]:
        self._check_bags()
        rules = self.rules()
        mine = side_of(self.seat, rules)
        theirs = next(s for s in sides_of(rules) if s != mine)
        bids: dict[Seat, str] = {}
        if seating_of(rules).partnerships and self.partner_box.value != UNKNOWN:
            bids[self.seat.partner] = self.partner_box.value
        return {
            "seat": self.seat,
            "bids": bids,
            "scores": TeamMap({mine: self.our_score_box.value, theirs: self.their_score_box.value}),
            "bags": TeamMap({mine: self.bags_box.value}),
            "rules": rules,
        }

    # -- the simulation ----------------------------------------------------------------
    simulation_samples = 200
    busy = False

    def simulate(self, samples: int | None = None, seed: int = 0) -> Any:
        """Deal the 39 unseen cards many times, play each deal out with the bots and
        show what every bid would have scored on average (``analysis.analyze_hand``)."""
        if self._advised_hand is None:
            raise SpadesError(_("paste a 13-card hand first: the simulation deals around the hand in the box"))

        inputs = self._inputs()
        with self._busy():
            result = self._analyze(analyze_hand, inputs, samples, seed)
            # shown before the button comes back: no blank moment between the two
            self.simulation = result
            self.simulation_html.value = _simulation_html(result)
        self.set_status(result.summary)
        return result

    def _analyze(self, analyze_hand: Callable[..., Any], inputs: dict[str, Any], samples: int | None, seed: int) -> Any:
        # The deals of the advice's own check (its dealer, this seed and count): one study on the page.
        seat = Seat.coerce(inputs["seat"])
        dealer = dealer_for(seat, [Seat.coerce(who) for who in inputs["bids"] or {}])
        return analyze_hand(
            self._advised_hand,
            seat=inputs["seat"],
            dealer=dealer,
            bids=inputs["bids"],
            rules=inputs["rules"],
            scores=inputs["scores"],
            bags=inputs["bags"],
            samples=samples or self.simulation_samples,
            method="playout",
            seed=seed,
        )

    @contextlib.contextmanager
    def _busy(self) -> Iterator[None]:
        """Disable Simulate and say that it runs; restore the button afterwards."""
        self.busy = True
        self.simulate_button.disabled = True
        self.simulate_button.description = _("Simulating…")
        self.simulate_button.add_class("st-busy")
        busy = escape(_("simulating, a few seconds…"))
        self.simulation_html.value = f'<span class="st-busy-note" role="status">{busy}</span>'
        try:
            yield
        finally:
            self.busy = False
            self.simulate_button.remove_class("st-busy")
            self.simulate_button.description = self.simulate_idle_description
            self.simulate_button.disabled = self._advised_hand is None
            if self.simulation_html.value.startswith('<span class="st-busy-note"'):
                self.simulation_html.value = ""

    def _checked(self, action: Callable[[], Any]) -> Callable[..., None]:
        """A handler that also shows its error right under the hand box."""

        def call(*_args: Any) -> None:
            if not self.run(action):
                # Once, under the box; the status line's "advice for …" belonged to the old hand.
                self.error_line.value = ""
                self.set_status("")
            beside_the_bags = bool(self.bags_note.value)  # a bag counter's message sits by its box
            shown = self.error and not beside_the_bags
            self.input_error_html.value = f"⚠ {escape(self.error)}" if shown else ""

        return call

    def _clear_advice(self) -> None:
        """Forget the advice and the simulation shown (the box changed)."""
        self._advice = None
        self._advised_hand = None
        self.simulation = None
        for html_widget in (self.bid_html, self.summary_html, self.reasons_html, self.nil_html, self.context_html):
            html_widget.value = ""
        self.simulation_html.value = ""
        self.simulate_button.disabled = True

    # -- the advice --------------------------------------------------------------------
    def update(self) -> None:
        """Advise on the hand in the box; an error clears the advice shown (and says why)."""
        self._clear_advice()
        text = self.hand_box.value
        self._check_bags()
        if not text.strip():
            self.set_status(_("paste a 13-card hand to see the advice"))
            return
        hand = Hand.dealt(_one_line(text))  # a count other than 13 is named with the text typed
        inputs = self._inputs()
        advise = self._advise or advise_bid
        advice = advise(hand, **inputs)
        self._advice = advice
        self._advised_hand = hand
        self.simulate_button.disabled = self.busy
        self._show()

    def _show(self) -> None:
        advice = self._advice
        bid = advice.bid
        label = getattr(bid, "label", str(bid))
        self.bid_html.value = escape(_("Advised bid: {bid} (the cards count {count})")).format(
            bid=f'<b class="st-advice-bid-value">{escape(label)}</b>', count=escape(_number(advice.estimate))
        )
        self.summary_html.value = f"<i>{escape(advice.summary)}</i>"
        rows = "".join(
            f'<tr class="st-advice-item"><td>{escape(cards)}</td><td>{_minus(_number(value, sign=True))}</td>'
            f"<td>{escape(why)}</td></tr>"
            for cards, value, why in self.reasons
        )
        head = "".join(f"<th>{escape(word)}</th>" for word in (_("card"), _("tricks"), _("why")))
        self.reasons_html.value = (
            f"<table><tr>{head}</tr>{rows}</table>" if rows else escape(_("nothing counts as a trick"))
        )
        self.nil_html.value = escape(self.nil_text)
        notes = getattr(advice, "context", ()) or ()
        self.context_html.value = "".join(f'<div class="st-note">{escape(n)}</div>' for n in notes)
        hand = self._advised_hand.labelled() if self._advised_hand is not None else ""
        self.set_status(_("advice for {hand}: bid {bid}").format(hand=hand, bid=label))


def _minus(number: str) -> str:
    """A signed number with the minus sign the other pages use (−, not the hyphen).

    >>> _minus("-85.1"), _minus("+2")
    ('−85.1', '+2')
    """
    return number.replace("-", "−")


def _number(value: float, *, sign: bool = False) -> str:
    """A count of tricks as short as it goes ("5.25", "2", "+0.5"), with the decimal
    mark of the language in use.

    >>> _number(5.25), _number(2.0), _number(0.5, sign=True)
    ('5.25', '2', '+0.5')
    """
    text = f"{value:g}"
    digits = len(text.split(".")[1]) if "." in text and "e" not in text else 0
    return format_signed(value, digits) if sign else format_number(value, digits)


def _one_line(text: str) -> str:
    """The pasted text on one line: line breaks and runs of spaces become one space
    (a paste often ends with a line break; the message then quotes what was meant).

    >>> _one_line(" AKQJ.732\\n K5.QJ98\\n")
    'AKQJ.732 K5.QJ98'
    """
    return " ".join(text.split())


def _wrapping_row(children: list[Any]) -> Any:
    """A row of boxes that wraps in a narrow window (a phone's) instead of running off its edge."""
    return widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap"))


def _simulation_html(result: Any) -> str:
    """The simulated tricks as a bar chart and every bid's chance and expected score."""
    total = max(result.samples, 1)
    peak = max(result.side_tricks.values(), default=1)
    bars = "".join(
        f"<tr><td>{tricks}</td><td><span style='display:inline-block;background:#4a7fd0;height:.8em;"
        f"width:{12 * count / peak:.1f}em'></span> {100 * count / total:.0f}%</td></tr>"
        for tricks, count in sorted(result.side_tricks.items())
    )
    best = int(result.best_bid)
    bold = " style='font-weight:700'"
    nil = escape(_("Nil"))
    rows = "".join(
        f"<tr{bold if bid == best else ''}><td>{nil if bid == 0 else bid}</td>"
        f"<td>{100 * result.make_probability.get(bid, 0.0):.0f}%</td>"
        f"<td>{_minus(('+' if score >= 0 else '') + decimal(score, 1))}</td></tr>"
        for bid, score in sorted(result.expected_scores.items())
    )
    tricks_head = "".join(f"<th>{escape(word)}</th>" for word in (_("your side's tricks"), _("how often")))
    bids_head = "".join(
        f"<th>{escape(word)}</th>"
        for word in (pgettext("column header", "bid"), pgettext("column header", "made"), _("expected score"))
    )
    figures = _("the figures behind this")  # the statistician's line, one click away
    return (
        f"<p><b>{escape(result.summary)}</b></p>"
        f"<details class='st-advice-details'><summary>{escape(figures)}</summary>"
        f"<p>{escape(result.details)}</p></details>"
        f"<table style='display:inline-table;margin-right:2em'><tr>{tricks_head}</tr>{bars}</table>"
        f"<table style='display:inline-table'><tr>{bids_head}</tr>{rows}</table>"
    )
