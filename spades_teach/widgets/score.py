"""Score a hand as you type, :class:`ScoreCalculator`: bids, tricks, bags and rules in; points, bag
counters and the scorer's explanation out (a mistake shows the scorer's message, and no stale
result).

>>> calc = ScoreCalculator(bids={"N": 4, "S": 3, "E": 3, "W": 2}, tricks={"N": 5, "S": 4, "E": 2, "W": 2})
>>> calc.points["NS"], calc.points["EW"], calc.bags["NS"]
(72, -50, 2)
>>> calc.tricks_boxes["W"].value = 3   # now 14 tricks
>>> calc.error
'tricks add up to 14, but a hand has 13 tricks'
>>> calc.points, calc.result
({}, None)
>>> calc.tricks_boxes["W"].value = ""   # emptied to type again
>>> calc.error, calc.status
('', "fill in West's tricks to see the score")
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from spades_teach.errors import SpadesError
from spades_teach.game.bids import BidLike
from spades_teach.game.notation import seat_letter, seat_word
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import RoundScore, Side, check_bags_carried, coerce_side, score_round, sides_of
from spades_teach.game.seating import Seat, SeatMap, TeamMap, seating_of
from spades_teach.i18n import N_, _, ngettext, pgettext
from spades_teach.widgets.base import SpadesWidget, add_classes, escape, number_text, typed_number

__all__ = ["ScoreCalculator"]

_DEFAULT_BIDS = {"N": 4, "E": 3, "S": 3, "W": 2}
_DEFAULT_TRICKS = {"N": 5, "E": 2, "S": 4, "W": 2}
_SEAT_MESSAGE = re.compile(r"^(?:bid|tricks) for ([NESW])\b")
# The seat as the translation places it ("{seat}", French "{seat:de}").
_SEAT_FIELD = re.compile(r"\{seat(?::[^}]*)?\}")
#: The engine's message about one seat's bid (its start names the seat, in any language).
_BID_FOR_SEAT = N_("bid for {seat}: {problem}")


def _seat_of_message(message: str) -> str | None:
    """The seat letter an error message is about ('bid for N: ...'), in the language in use."""
    found = _SEAT_MESSAGE.match(message)
    if found:
        return found.group(1)
    prefix = _SEAT_FIELD.split(_(_BID_FOR_SEAT))[0]
    letters = "".join(seat_letter(seat) for seat in range(4))
    local = re.match(re.escape(prefix) + r"(?:d'|de |del |a )?([" + letters + r"])\b", message) if prefix else None
    return local.group(1) if local else None


class ScoreCalculator(SpadesWidget):
    """Bids, tricks, bags and rule options in; points, bags and reasons out.

    ``ScoreCalculator(bids=None, tricks=None, *, bags=None, rules=Rules(), nil_toggles=False)``
    starts from the given values (seats → values, sides → bags). With
    ``nil_toggles=True`` each seat also gets a switch *number / Nil / blind Nil*
    that writes ``nil`` or ``blind nil`` into its bid box (and gives the number
    back), so a Nil can be tried with one click. ``examples`` maps a label to
    ``(bids, tricks)`` or ``(bids, tricks, bags)``: a menu above the boxes fills
    them with the example chosen (the first one at the start). With
    ``Rules(players=2)`` only North and South are shown and each scores alone.

    Plain state: :attr:`result` (the
    :class:`~spades_teach.game.scoring.RoundScore` of the boxes, ``None`` while they do not make a hand), :attr:`points`, :attr:`bags`,
    :attr:`lines`, :attr:`value`, :attr:`error`; the boxes are in
    :attr:`bid_boxes`, :attr:`tricks_boxes`, :attr:`bag_boxes` and
    :attr:`rule_boxes`.
    """

    def __init__(
        self,
        bids: Mapping[Any, BidLike] | None = None,
        tricks: Mapping[Any, int] | None = None,
        *,
        bags: Mapping[Any, int] | None = None,
        rules: Rules = Rules(),
        nil_toggles: bool = False,
        examples: Mapping[str, tuple[Any, ...]] | None = None,
    ) -> None:
        self.base_rules = rules
        self.examples = dict(examples or {})
        if self.examples and bids is None and tricks is None:
            first = next(iter(self.examples.values()))
            bids, tricks = first[0], first[1]
            bags = first[2] if len(first) > 2 else bags
        self.seats: tuple[Seat, ...] = seating_of(rules).seats
        self.sides: tuple[Side, ...] = sides_of(rules)
        given_bids = {
            Seat.coerce(k): v for k, v in (bids if bids is not None else _default(_DEFAULT_BIDS, rules)).items()
        }
        given_tricks = {
            Seat.coerce(k): v for k, v in (tricks if tricks is not None else _default(_DEFAULT_TRICKS, rules)).items()
        }
        carried = TeamMap(bags or {})
        self._result: RoundScore | None = None
        self._waiting = ""  # what to fill in while a number box is empty
        self.bid_boxes: dict[Seat, Any] = SeatMap()
        self.tricks_boxes: dict[Seat, Any] = SeatMap()
        self.row_error_html: dict[Seat, Any] = SeatMap()
        self.nil_toggles: dict[Seat, Any] = SeatMap()
        self._numbers: dict[Seat, str] = SeatMap()
        words = [_("Seat"), pgettext("column header", "Bid"), _("Tricks")] + ([_("Nil?")] if nil_toggles else [])
        head = [f"<b>{escape(word)}</b>" for word in words] + [""]
        rows = [add_classes(widgets.HTML(text), "st-score-head") for text in head]
        add_classes(rows[-1], "st-score-head-error")  # over the seats' messages: nothing to say
        if nil_toggles:
            add_classes(rows[3], "st-score-head-nil")
        for seat in self.seats:
            bid = given_bids.get(seat, 0)
            self.bid_boxes[seat] = add_classes(
                widgets.Text(
                    value=str(bid),
                    placeholder=_bid_example(rules),
                    description=_("{seat}'s bid").format(seat=seat_word(seat)),
                    continuous_update=True,
                    layout=widgets.Layout(width="8em"),
                ),
                "st-score-bid",
                "st-label-hidden",
                f"st-score-bid-{seat.name}",
            )
            self.tricks_boxes[seat] = add_classes(
                number_text(
                    int(given_tricks.get(seat, 0)), _("{seat}'s tricks").format(seat=seat_word(seat)), width="6em"
                ),
                "st-score-tricks",
                f"st-score-tricks-{seat.name}",
                "st-label-hidden",
            )
            self.row_error_html[seat] = add_classes(widgets.HTML(""), "st-input-error", f"st-score-error-{seat.name}")
            toggle = []
            if nil_toggles:
                self.nil_toggles[seat] = add_classes(
                    widgets.ToggleButtons(
                        options=[(_("number"), "number"), (_("Nil"), "nil"), (_("blind Nil"), "blind nil")],
                        value=_toggle_value(str(bid)),
                        style={"button_width": "6.8em"},
                        tooltips=[
                            _("{seat} bids a number").format(seat=seat_word(seat)),
                            _("{seat} bids Nil").format(seat=seat_word(seat)),
                            _("{seat} bids blind Nil").format(seat=seat_word(seat)),
                        ],
                    ),
                    "st-score-nil-toggle",
                    f"st-score-nil-toggle-{seat.name}",
                )
                self.nil_toggles[seat].observe(
                    self.handler(lambda change, s=seat: self._toggled(s, change)), names="value"
                )
                toggle = [self.nil_toggles[seat]]
            rows += [
                widgets.HTML(f'<span class="st-seat">{escape(seat_word(seat))}</span>'),
                self.bid_boxes[seat],
                self.tricks_boxes[seat],
                *toggle,
                self.row_error_html[seat],
            ]
        columns = "6em 9em 7em " + ("22em " if nil_toggles else "") + "auto"
        grid = add_classes(
            widgets.GridBox(rows, layout=widgets.Layout(grid_template_columns=columns, grid_gap="0.2em")),
            "st-score-grid",
        )
        self.bags_note = add_classes(widgets.HTML(""), "st-score-bags-note")
        self.bag_boxes: dict[Side, Any] = TeamMap()
        for side in self.sides:
            self.bag_boxes[side] = add_classes(
                number_text(
                    int(carried.get(side, 0)), _("{side} bags carried in").format(side=side.letters), width="14em"
                ),
                "st-score-bags-in",
                f"st-score-bags-in-{side.name}",
            )
        self.rule_boxes: dict[str, Any] = {
            "nil": widgets.Checkbox(value=rules.nil, description=_("Nil allowed"), indent=False),
            "blind_nil": widgets.Checkbox(value=rules.blind_nil, description=_("blind Nil allowed"), indent=False),
            "bag_limit": number_text(rules.bag_limit, _("bags per penalty"), width="11em"),
            "bag_penalty": number_text(rules.bag_penalty, _("penalty"), width="9em"),
            "nil_value": number_text(rules.nil_value, _("Nil worth"), width="9em"),
            "blind_nil_value": number_text(rules.blind_nil_value, _("Blind Nil worth"), width="11em"),
        }
        for name, box in self.rule_boxes.items():
            add_classes(box, "st-score-rule", f"st-score-rule-{name}")
        self.points_html = add_classes(widgets.HTML(""), "st-score-points")
        self.lines_html = add_classes(widgets.HTML(""), "st-score-lines")
        self.input_error_html = add_classes(widgets.HTML(""), "st-input-error", "st-score-input-error")
        self.example_box = add_classes(
            widgets.Dropdown(
                options=list(self.examples),
                description=_("Example"),
                layout=widgets.Layout(width="40em", max_width="100%", display="" if self.examples else "none"),
            ),
            "st-score-example",
        )
        super().__init__(
            [
                self.example_box,
                grid,
                widgets.HBox([*self.bag_boxes.values(), self.bags_note], layout=widgets.Layout(flex_flow="row wrap")),
                widgets.HBox(list(self.rule_boxes.values()), layout=widgets.Layout(flex_flow="row wrap")),
                self.input_error_html,
                self.points_html,
                self.lines_html,
            ]
        )
        self.add_class("st-score-calculator")
        recompute = self._checked(self.recompute)
        for box in [*self.bid_boxes.values(), *self.tricks_boxes.values(), *self.bag_boxes.values()]:
            box.observe(recompute, names="value")
        for box in self.rule_boxes.values():
            box.observe(recompute, names="value")
        self.example_box.observe(self.handler(lambda change: self.show_example(change["new"])), names="value")
        self._checked(self.recompute)()

    # -- plain state -------------------------------------------------------------------
    @property
    def result(self) -> RoundScore | None:
        """The score of the boxes (``None`` while they do not make a hand)."""
        return self._result

    @property
    def points(self) -> TeamMap[int]:
        return TeamMap(self._result.points) if self._result else TeamMap()

    @property
    def bags(self) -> TeamMap[int]:
        """The bag counters after the hand."""
        return TeamMap(self._result.bags) if self._result else TeamMap()

    @property
    def lines(self) -> list[str]:
        return list(self._result.lines) if self._result else []

    @property
    def value(self) -> dict[str, Any]:
        """Everything shown, as plain data: the inputs and the result (empty while the boxes are wrong)."""
        return {
            "bids": {s.name: self.bid_boxes[s].value for s in self.seats},
            "tricks": {s.name: typed_number(self.tricks_boxes[s].value) for s in self.seats},
            "bags_in": {side.name: typed_number(self.bag_boxes[side].value) for side in self.sides},
            "points": {side.name: v for side, v in self.points.items()},
            "bags": {side.name: v for side, v in self.bags.items()},
            "lines": self.lines,
        }

    def set_values(
        self,
        bids: Mapping[Any, BidLike] | None = None,
        tricks: Mapping[Any, int] | None = None,
        bags: Mapping[Any, int] | None = None,
    ) -> None:
        """Fill several boxes at once (scored once, at the end)."""
        self._filling = True
        try:
            for key, value in (bids or {}).items():
                self.bid_boxes[Seat.coerce(key)].value = str(value)
            for key, value in (tricks or {}).items():
                self.tricks_boxes[Seat.coerce(key)].value = int(value)
            for key, value in (bags or {}).items():
                self.bag_boxes[coerce_side(key, self.base_rules)].value = int(value)
        finally:
            self._filling = False
        self._checked(self.recompute)()

    def show_example(self, label: str) -> None:
        """Fill the boxes with one of the ``examples`` (bags carried in default to 0)."""
        example = self.examples[label]
        bags = example[2] if len(example) > 2 else {side: 0 for side in self.sides}
        if self.example_box.value != label:
            self.example_box.value = label  # observed: comes back here once
            return
        for seat, toggle in self.nil_toggles.items():
            toggle.value = _toggle_value(str(dict((Seat.coerce(k), v) for k, v in example[0].items()).get(seat, "")))
        self.set_values(example[0], example[1], bags)

    # -- scoring ------------------------------------------------------------------------
    def rules(self) -> Rules:
        """The rules as the option boxes set them (validated by :class:`Rules`)."""
        options = {
            name: box.value if isinstance(box.value, bool) else typed_number(box.value)
            for name, box in self.rule_boxes.items()
        }
        return self.base_rules.replace(**options)

    def _empty_box(self) -> Any | None:
        """The first number box left empty (the learner is typing a new number there), if any."""
        boxes = [
            *self.tricks_boxes.values(),
            *self.bag_boxes.values(),
            *(box for box in self.rule_boxes.values() if not isinstance(box.value, bool)),
        ]
        return next((box for box in boxes if typed_number(box.value) is None), None)

    def recompute(self) -> None:
        """Score the boxes' values; raise (shown in the error line) if they do not make a hand."""
        if getattr(self, "_filling", False):
            return
        self._result = None
        self.points_html.value = ""
        self.lines_html.value = ""
        self.bags_note.value = ""
        empty = self._empty_box()
        if empty is not None:  # nothing to score, and no message about what was there before
            self._waiting = _("fill in {box} to see the score").format(box=empty.description)
            return
        self._waiting = ""
        rules = self.rules()
        self._show_bid_example(rules)
        self._check_bags(rules)
        bids = {seat: self.bid_boxes[seat].value for seat in self.seats}
        # what was typed: score_round refuses anything but a whole number, naming it
        tricks: dict[Seat, Any] = {seat: typed_number(self.tricks_boxes[seat].value) for seat in self.seats}
        bags: dict[Side, Any] = {side: typed_number(self.bag_boxes[side].value) for side in self.sides}
        result = score_round(bids, tricks, bags=bags, rules=rules)
        self._result = result
        self._show(result)

    def _check_bags(self, rules: Rules) -> None:
        """A carried bag counter the rules cannot reach is refused, with the reason beside the boxes."""
        self.bags_note.value = ""
        try:
            for side in self.sides:
                check_bags_carried(typed_number(self.bag_boxes[side].value), side, rules)
        except SpadesError as exc:
            self.bags_note.value = f'<span class="st-error">{escape(str(exc))}</span>'
            raise

    def _show_bid_example(self, rules: Rules) -> None:
        """The grey example in the empty bid boxes: the bids ``rules`` allow."""
        for box in self.bid_boxes.values():
            box.placeholder = _bid_example(rules)

    def _toggled(self, seat: Seat, change: dict[str, Any]) -> None:
        """Write Nil or blind Nil into the seat's bid box, or give its number back."""
        box = self.bid_boxes[seat]
        if change["old"] == "number":
            self._numbers[seat] = box.value
        if change["new"] == "number":
            box.value = self._numbers.get(seat, "1") if _toggle_value(box.value) != "number" else box.value
        else:
            box.value = change["new"]

    def _checked(self, action: Any) -> Any:
        """A handler that also puts its error next to the box it is about."""

        def call(*_args: Any) -> None:
            if not self.run(action):
                # The message is shown once, beside the box it is about, and nothing
                # computed from the old boxes stays on screen (the status named the old score).
                self.error_line.value = ""
                self.set_status("")
            elif self._waiting:
                self.set_status(self._waiting)  # a box emptied: what to fill in, no score, no message
            self._place_error(self.error)

        return call

    def _place_error(self, message: str) -> None:
        letter = _seat_of_message(message)
        seat = Seat.coerce(letter) if letter else None
        for each, html_widget in self.row_error_html.items():
            html_widget.value = f"⚠ {escape(message)}" if each is seat else ""
            box = self.bid_boxes[each]
            if each is seat:
                box.add_class("st-invalid")
            else:
                box.remove_class("st-invalid")
        beside_the_bags = bool(self.bags_note.value)  # a bag counter's message already sits by its box
        shown_below = message and seat is None and not beside_the_bags
        self.input_error_html.value = f"⚠ {escape(message)}" if shown_below else ""

    def _show(self, result: RoundScore) -> None:
        cells = []
        for side in self.sides:
            detail = result.sides.get(side)
            points = result.points.get(side, 0)
            bags = result.bags.get(side, 0)
            sign = _signed(points)
            on_counter = ngettext("{count} bag on the counter", "{count} bags on the counter", bags).format(count=bags)
            made = ""
            if detail is not None and detail.made is not None:
                made = _("made") if detail.made else _("set")
            cells.append(
                f'<td class="st-seat">{escape(side.letters)}</td>'
                f'<td class="st-score-points-{escape(side.name)}"><b>{escape(sign)}</b></td>'
                f'<td class="st-score-bags-{escape(side.name)}">{escape(on_counter)}</td>'
                f"<td>{escape(made)}</td>"
            )
        self.points_html.value = '<table class="st-score-table">' + "".join(f"<tr>{c}</tr>" for c in cells) + "</table>"
        self.lines_html.value = "<ul>" + "".join(f"<li>{escape(line)}</li>" for line in result.lines) + "</ul>"
        total = ", ".join(f"{side.letters} {_signed(result.points.get(side, 0))}" for side in self.sides)
        self.set_status(_("this hand: {total}").format(total=total))


def _bid_example(rules: Rules) -> str:
    """Bids as the learner may type them under ``rules``, in the language in use (the words the bid
    reader takes in every language): a number, and Nil and blind Nil only where the rules allow them."""
    if rules.nil and rules.blind_nil:
        return _("4, nil, blind nil")
    if rules.nil:
        return _("4, nil")
    return "4"


def _toggle_value(bid_text: str) -> str:
    text = " ".join(bid_text.lower().split())
    return text if text in ("nil", "blind nil") else "number"


def _signed(points: int) -> str:
    return f"+{points}" if points > 0 else str(points).replace("-", "−")


def _default(values: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    if not seating_of(rules).partnerships:
        return {"N": 6, "S": 5} if values is _DEFAULT_BIDS else {"N": 7, "S": 6}
    return dict(values)
