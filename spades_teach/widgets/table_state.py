"""The card table's state for the browser: pure functions from the hand (:class:`Round`), the
match and the table's options to the JSON-ready pieces :meth:`TableGame.state
<spades_teach.widgets.table_game.TableGame.state>` puts together. No rule is decided here: the
legal cards and their reasons come from the round."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from spades_teach.game.cards import Card
from spades_teach.game.notation import rank_face, seat_word, suit_word
from spades_teach.game.round import Round, Trick
from spades_teach.game.seating import Seat, seating_of
from spades_teach.i18n import _, ngettext
from spades_teach.widgets.table_labels import card_words
from spades_teach.widgets.terms import marked

__all__ = [
    "ME",
    "bid_choices",
    "card_state",
    "hand_line",
    "hand_state",
    "last_trick",
    "match_over",
    "mode_line",
    "review_rows",
    "score_state",
    "seat_state",
    "shown_trick",
    "status_line",
    "trick_state",
]

#: The learner's seat.
ME = Seat.S


def card_state(card: Card, *, legal: bool = True, reason: str = "", hinted: bool = False) -> dict[str, Any]:
    """One card as the table draws it: code, rank, suit, and a spoken label
    (with the reason it may not be played)."""
    label = card_words(card)
    if not legal and reason:
        label = _("{card}, not playable: {reason}").format(card=label, reason=reason)
    if hinted:
        label = _("{card}, suggested by Teach me").format(card=label)
    return {
        "code": str(card),
        "rank": rank_face(int(card.rank)),
        "suit": card.suit.name[0],
        "glyph": card.suit.symbol,
        "legal": legal,
        "reason": reason,
        "hinted": hinted,
        "label": label,
    }


def seat_state(r: Round, seat: Seat, *, open_hands: bool, bot_label: Callable[[Seat], str]) -> dict[str, Any]:
    """One seat as the table draws it: its name, bid, tricks, turn, and its cards when shown."""
    bid = r.bids.get(seat)
    shown = r.deal[seat] if r.is_complete else r.hand(seat)
    visible = seat is ME or open_hands or r.is_complete
    count = len(r.hand(seat))
    tags = [_("dealer")] if seat is r.dealer else []
    tags.append(_("no bid yet") if bid is None else _("bid {bid}").format(bid=bid.label))
    tags.append(_("won {count}").format(count=r.tricks_won[seat]))
    return {
        "name": _("You") if seat is ME else _("{seat} ({bot})").format(seat=seat_word(seat), bot=bot_label(seat)),
        "word": seat_word(seat),
        "partner": seat is Seat.N and seating_of(r.rules).partnerships,
        "dealer": seat is r.dealer,
        "bid": bid.label if bid is not None else "",
        "won": r.tricks_won[seat],
        "turn": r.to_act is seat,
        "tags": tags,
        "turn_text": (_("your turn") if seat is ME else _("to play")) if r.to_act is seat else "",
        "count": count,
        "hidden_label": ngettext("{count} hidden card", "{count} hidden cards", count).format(count=count),
        "cards": [card_state(c) for c in shown] if visible and seat is not ME else [],
    }


def hand_state(r: Round, hint_card: Card | None) -> list[dict[str, Any]]:
    """South's cards, each legal or not (with the engine's reason) and the one Teach me suggests."""
    cards = list(r.deal[ME]) if r.is_complete else list(r.hand(ME))
    my_turn = r.phase == "play" and r.to_act is ME
    out = []
    for card in cards:
        reason = (r.why_illegal(card, ME) or "") if my_turn else ""
        legal = my_turn and not reason
        if not my_turn and r.phase == "play":
            reason = _("wait for your turn")
        out.append(card_state(card, legal=legal, reason=reason, hinted=card == hint_card))
    return out


def shown_trick(r: Round) -> Trick | None:
    """The trick in progress, or the one just finished until the next card is led."""
    current = r.current_trick
    if current.cards:
        return current
    return r.tricks[-1] if r.tricks else None


def last_trick(r: Round) -> Trick | None:
    """The trick before the one shown (the table's "Last trick")."""
    done = r.tricks
    if r.current_trick.cards:
        return done[-1] if done else None
    return done[-2] if len(done) > 1 else None


def bid_choices(r: Round) -> list[list[str]]:
    """South's bid menu: a prompt, then each legal bid (label, value); empty when not South's turn to bid."""
    if r.phase != "bidding" or r.to_act is not ME:
        return []
    return [[_("choose your bid"), ""]] + [[b.label, str(b)] for b in r.legal_bids()]


def score_state(r: Round | None, match: Any) -> list[dict[str, Any]]:
    """Each side's score, bags, bids and tricks won, with their tags: the two partnerships, or
    the two players of two-player Spades (``r`` is ``None`` during the two-player draw)."""
    out = []
    sides: tuple[tuple[str, tuple[Seat, ...], str], ...]
    if seating_of(match.rules).partnerships:
        sides = (
            ("NS", (Seat.S, Seat.N), _("You & {partner}").format(partner=seat_word(Seat.N))),
            ("EW", (Seat.E, Seat.W), _("{left} & {right}").format(left=seat_word(Seat.E), right=seat_word(Seat.W))),
        )
    else:
        sides = (("S", (Seat.S,), _("You")), ("N", (Seat.N,), seat_word(Seat.N)))
    for side, seats, label in sides:
        bids = [r.bids.get(s) for s in seats] if r is not None else []
        bid = " + ".join(b.label for b in bids if b is not None)  # each seat's bid, as bid
        won = sum(r.tricks_won[s] for s in seats) if r is not None else 0
        out.append(
            {
                "side": side,
                "label": label,
                "score": match.scores[side],
                "bags": match.bags[side],
                "bid": bid,
                "won": won,
                "tags": [
                    _("bids {bid}").format(bid=bid) if bid else _("no bids yet"),
                    _("won {count}").format(count=won),
                    _("bags {count}").format(count=match.bags[side]),
                ],
            }
        )
    return out


def hand_line(r: Round | None, match: Any, *, mode: str, target: int) -> str:
    """The hand's number, and the match's target when a match is played (``r`` is ``None``
    during the two-player draw)."""
    number = match.hands_played + (0 if r is not None and r.is_complete else 1)
    if mode == "match":
        return _("hand {number} · match to {target}").format(number=number, target=target)
    return _("hand {number}").format(number=number)


def match_over(match: Any) -> dict[str, Any] | None:
    """The end of the match: its status, score sheet and banner; ``None`` while it goes on."""
    if not match.is_over:
        return None
    if not seating_of(match.rules).partnerships:
        won = match.winner is ME
        banner = _("You win the match!") if won else _("{seat} wins the match").format(seat=seat_word(Seat.N))
    else:
        won = match.winner is not None and match.winner.name == "NS"
        banner = (
            _("You and {partner} win the match!").format(partner=seat_word(Seat.N))
            if won
            else _("{left} and {right} win the match").format(left=seat_word(Seat.E), right=seat_word(Seat.W))
        )
    return {"status": match.status(), "sheet": match.sheet_text(), "won": won, "banner": banner}


def trick_state(trick: Trick | None) -> dict[str, Any] | None:
    """A trick as the table draws it: each card with who played it, the winner and a caption."""
    if trick is None:
        return None
    winner = trick.winner
    leader = trick.plays[0][0] if trick.plays else None
    if leader is None:
        caption = _("trick {number}").format(number=trick.number)
    elif winner is not None:
        caption = _("trick {number}: {leader} led, {seat} wins the trick").format(
            number=trick.number, leader=seat_word(leader), seat=seat_word(winner)
        )
    else:
        caption = _("trick {number}: {leader} led").format(number=trick.number, leader=seat_word(leader))
    return {
        "number": trick.number,
        # each card says who played it (the table's tooltip), the card led that it was led
        "plays": [
            {
                "seat": s.name,
                "card": card_state(c),
                "label": _("{seat} led").format(seat=seat_word(s)) if i == 0 else seat_word(s),
            }
            for i, (s, c) in enumerate(trick.plays)
        ],
        "winner": winner.name if winner is not None else "",
        "winner_word": seat_word(winner) if winner is not None else "",
        "caption": caption,
    }


def status_line(r: Round | None, match: Any, *, mode: str) -> str:
    """What the learner should do now (one line), with the hand ``r`` of ``match`` on the table."""
    if r is None:
        return _("press New game")
    if match.is_over:
        return _("the match is over: {status}").format(status=match.status())
    if r.is_complete:
        if mode == "match":
            return _("hand {number} is over: press Next hand to go on").format(number=match.hands_played)
        return _("the hand is over: New game deals new cards, Replay this deal plays these again")
    if r.to_act is ME:
        if r.phase == "bidding":
            return _("your turn to bid: choose a bid, then press Bid")
        led = r.current_trick.led
        if led is None:
            return _("your turn to play (you lead): pick a card and press Enter or click it")
        return _("your turn to play ({suit} were led): pick a card and press Enter or click it").format(
            suit=suit_word(int(led))
        )
    return _("{seat} is thinking").format(seat=seat_word(int(r.to_act)) if r.to_act is not None else "")


def mode_line(r: Round | None, match: Any, *, mode: str, target: int) -> str:
    """What choosing ``mode`` (``"hand"`` or ``"match"``) does to the game on the table (one
    line; ``match`` is ``None`` before any game)."""
    if mode != "match":
        return _("One hand: the game ends with this hand; New game deals another") if match is not None else ""
    if match is None:
        return _("Match: New game starts a match to {target}").format(target=target)
    if match.is_over:
        return _("this match is over: New game starts a new match")
    if r is not None and r.is_complete:
        return _(
            "Match: the hand you just played counts as hand {number} of a match to "
            "{target}; press Next hand to deal the next one"
        ).format(number=match.hands_played, target=target)
    return _("Match: this hand is hand {number} of a match to {target}").format(
        number=match.hands_played + 1, target=target
    )


def review_rows(judgments: Sequence[Any]) -> list[dict[str, Any]]:
    """The review's table, one row per card of South's judged from the seat
    (:func:`~spades_teach.analysis.seat_review.seat_review`'s judgments)."""
    return [
        {
            "trick": j.trick,
            "card": card_state(j.card),
            "cost": round(j.cost),
            "verdict": j.verdict,
            "label": j.label,
            "statistics": j.statistics,
            "judged": j.judged,
            "nil_lost": False,  # a live Nil is not judged from the seat (its hindsight note may speak)
            "was_hint": j.was_hint,
            "text": j.explanation,
            "text_marked": marked(j.explanation),
            "hindsight": j.hindsight,
            "hindsight_marked": marked(j.hindsight),
        }
        for j in judgments
    ]
