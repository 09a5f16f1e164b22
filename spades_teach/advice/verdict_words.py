"""The judge's words, the same on every panel: a verdict a beginner reads ("clearly worse: about 12
points", "a close call", "as good as the best"), the statistics behind it for whoever opens them,
and why the better card is better, in Spades terms (the trick it wins or saves, the contract or the
Nil it keeps, the set or the bag it avoids)."""

from __future__ import annotations

from spades_teach._text import signed
from spades_teach.advice._words import seat_name
from spades_teach.advice.judge import Judgement, Verdict
from spades_teach.advice.position import Position
from spades_teach.game.cards import Card, Suit
from spades_teach.game.kernel import winning_index
from spades_teach.i18n import _, decimal, ngettext, plural_count

__all__ = ["better_effect", "statistics_line", "verdict_label", "verdict_line", "why_better"]


def _points(value: float) -> str:
    whole = round(value)
    return ngettext("{points} point", "{points} points", abs(whole)).format(points=signed(whole))


def verdict_label(verdict: Verdict) -> str:
    """The verdict in a few words, for a table's column: ``best``, ``as good as the best``,
    ``a close call``, ``clearly worse: about 12 points``."""
    if verdict.kind == "best":
        return _("the best card")
    if verdict.kind == "as_good":
        return _("as good as the best")
    if verdict.kind == "close":
        return _("a close call")
    cost = max(1, round(verdict.loss))
    return ngettext("clearly worse: about {cost} point", "clearly worse: about {cost} points", cost).format(cost=cost)


def verdict_line(verdict: Verdict, best: Card) -> str:
    """One plain line on a card from its player's seat, naming the best card where it differs."""
    card = verdict.card.pretty
    if verdict.kind == "best":
        return _("the {card} was the best card from your seat").format(card=card)
    if verdict.kind == "as_good":
        return _("the {card} was as good as the best from your seat (the {best})").format(card=card, best=best.pretty)
    if verdict.kind == "close":
        return _("a close call: the {best} may have been a little better than the {card}, or not").format(
            card=card, best=best.pretty
        )
    cost = max(1, round(verdict.loss))
    return ngettext(
        "clearly worse: the {best} was better from your seat, by about {cost} point",
        "clearly worse: the {best} was better from your seat, by about {cost} points",
        cost,
    ).format(best=best.pretty, cost=cost)


def statistics_line(judgement: Judgement, card: Card) -> str:
    """The numbers behind a verdict, for a learner who opens them: the deals, both averages and
    the range the difference surely lies in."""
    best = judgement.best
    verdict = judgement.verdict(card)
    if card == best:
        return ngettext(
            "over {deals} deal that fit what you had seen, the {card} averages {points} for your side "
            "(your side's score for the hand minus the opponents', bags charged at their match value)",
            "over {deals} deals that fit what you had seen, the {card} averages {points} for your side "
            "(your side's score for the hand minus the opponents', bags charged at their match value)",
            judgement.deals,
        ).format(deals=judgement.deals, card=card.pretty, points=_points(verdict.points))
    return ngettext(
        "over {deals} deal that fit what you had seen, the {card} averages {points} for your side, the {best} "
        "{best_points}; the difference surely lies between {low} and {high} points",
        "over {deals} deals that fit what you had seen, the {card} averages {points} for your side, the {best} "
        "{best_points}; the difference surely lies between {low} and {high} points",
        judgement.deals,
    ).format(
        deals=judgement.deals,
        card=card.pretty,
        points=_points(verdict.points),
        best=best.pretty,
        best_points=_points(judgement.points[best]),
        low=decimal(verdict.low, 0),
        high=decimal(verdict.high, 0),
    )


# -- why the better card is better ----------------------------------------------------------------------------------


def _wins_now(position: Position, card: Card) -> bool:
    """Whether ``card`` beats every card of the trick so far (a card led beats nothing yet)."""
    if not position.trick:
        return False
    cards = [*position.trick, card]
    return winning_index(cards) == len(cards) - 1


def _action(position: Position, best: Card, other: Card) -> str:
    """What the better card does in this trick, against the other card."""
    b, o = best.pretty, other.pretty
    if not position.trick:
        return _("lead the {best}, not the {other}").format(best=b, other=o)
    last = len(position.trick) == position.players - 1
    led = position.trick[0].suit
    if _wins_now(position, best) and not _wins_now(position, other):
        if best.suit is Suit.SPADES and led is not Suit.SPADES:
            return _("ruff with the {best} rather than play the {other}").format(best=b, other=o)
        if last:
            return _("win this trick with the {best}: the {other} would lose it").format(best=b, other=o)
        return _("play the {best}, high enough to beat the cards played so far, not the {other}").format(
            best=b, other=o
        )
    if _wins_now(position, other) and not _wins_now(position, best):
        return _("let this trick go with the {best} and keep the {other}").format(best=b, other=o)
    if best.suit is other.suit and best.rank < other.rank:
        return _("play the {best} and keep the {other} for a later trick").format(best=b, other=o)
    if best.suit is other.suit:
        return _("play the {best}, not the {other}: it makes a later player spend a higher card").format(
            best=b, other=o
        )
    return _("play the {best} and keep the {other}").format(best=b, other=o)


def _count_line(kind: str, seat_text: str, better: int, worse: int, deals: int) -> str:
    """A count of deals the better card wins something on, against the other card's count."""
    values = {"seat": seat_text, "better": better, "worse": worse, "deals": deals}
    if kind == "own_nil":
        return ngettext(
            "you keep your Nil on {better} of {deals} deal that fit what you have seen, against {worse}",
            "you keep your Nil on {better} of {deals} deals that fit what you have seen, against {worse}",
            deals,
        ).format(**values)
    if kind == "partner_nil":
        return ngettext(
            "your partner's Nil holds on {better} of {deals} deal that fit what you have seen, against {worse}",
            "your partner's Nil holds on {better} of {deals} deals that fit what you have seen, against {worse}",
            deals,
        ).format(**values)
    if kind == "their_nil":
        return ngettext(
            "{seat}'s Nil is set on {better} of {deals} deal that fit what you have seen, against {worse}",
            "{seat}'s Nil is set on {better} of {deals} deals that fit what you have seen, against {worse}",
            deals,
        ).format(**values)
    if kind == "contract":
        return ngettext(
            "your side makes its bid on {better} of {deals} deal that fit what you have seen, against {worse}",
            "your side makes its bid on {better} of {deals} deals that fit what you have seen, against {worse}",
            deals,
        ).format(**values)
    return ngettext(
        "the opponents are set on {better} of {deals} deal that fit what you have seen, against {worse}",
        "the opponents are set on {better} of {deals} deals that fit what you have seen, against {worse}",
        deals,
    ).format(**values)


def better_effect(position: Position, judgement: Judgement, best: Card, other: Card) -> str:
    """What the better card changes over the deals: a Nil kept or set, the bid made, the
    opponents set, tricks won or bags avoided; else just the points."""
    rb, ro = judgement.results.get(best, ()), judgement.results.get(other, ())
    n = judgement.deals
    enough = max(2, n // 10)
    if rb and ro:
        me, partner = position.seat, position.seat.partner
        for seat, _kept in rb[0].nils:
            kb = sum(dict(r.nils)[seat] for r in rb)
            ko = sum(dict(r.nils)[seat] for r in ro)
            if seat in (me, partner) and kb - ko >= enough:
                kind = "own_nil" if seat is me else "partner_nil"
                return _count_line(kind, "", kb, ko, n)
            if seat not in (me, partner) and ko - kb >= enough:
                return _count_line("their_nil", seat_name(seat), n - kb, n - ko, n)
        hb, ho = sum(r.holds for r in rb), sum(r.holds for r in ro)
        if hb - ho >= enough:
            return _count_line("contract", "", hb, ho, n)
        sb, so = sum(r.set_them for r in rb), sum(r.set_them for r in ro)
        if sb - so >= enough:
            return _count_line("set", "", sb, so, n)
        more = (sum(r.tricks for r in rb) - sum(r.tricks for r in ro)) / n
        if more >= 0.15:
            return ngettext(
                "your side takes about {tricks} more trick on average",
                "your side takes about {tricks} more tricks on average",
                plural_count(round(more, 1)),
            ).format(tricks=decimal(more, 1))
        if more <= -0.15:
            return ngettext(
                "your side takes about {tricks} fewer trick on average, so fewer bags",
                "your side takes about {tricks} fewer tricks on average, so fewer bags",
                plural_count(round(-more, 1)),
            ).format(tricks=decimal(-more, 1))
    gain = judgement.points[best] - judgement.points[other]
    return ngettext(
        "it scores about {points} point more for your side on average",
        "it scores about {points} points more for your side on average",
        max(1, round(gain)),
    ).format(points=max(1, round(gain)))


def why_better(position: Position, judgement: Judgement, best: Card, other: Card) -> str:
    """Why ``best`` beats ``other`` at ``position``, in one line of Spades: what it does in this
    trick, and what that changes over the deals that fit what the player has seen."""
    return _("{action}: {effect}").format(
        action=_action(position, best, other), effect=better_effect(position, judgement, best, other)
    )
