"""The game in ten steps, the questions learners ask, and the mistakes beginners make: short texts
in the language in use, each number in them taken from the rules (:class:`~spades_teach.game.rules.Rules`)
or worked out by the scoring (:func:`~spades_teach.game.scoring.score_round`), so they never drift
from the engine.

>>> steps = ten_steps()
>>> len(steps), steps[-1]
(10, 'The first side to reach 500 points wins the game; a side that falls to −200 loses at once.')
>>> question, answer = questions()[5]
>>> question
'What does a side score when it is set?'
>>> answer
'Minus 10 points for every trick it bid: a contract of 6 made with only 5 tricks scores −60.'
"""

from __future__ import annotations

import html

from spades_teach.game.rules import Rules
from spades_teach.game.scoring import score_round
from spades_teach.i18n import _, format_signed
from spades_teach.render.html import LIST_STYLE

__all__ = ["mistakes", "mistakes_html", "questions", "questions_html", "ten_steps", "ten_steps_html"]


def _north_south(bids: dict[str, object], tricks: dict[str, int], rules: Rules) -> int:
    """North–South's points for a hand where they bid and took as given (East and West bid 1 each
    and take the rest), by the engine's scoring."""
    rest = 13 - tricks["N"] - tricks["S"]
    all_bids = {**bids, "E": 1, "W": 1}
    all_tricks = {**tricks, "E": rest // 2, "W": rest - rest // 2}
    score = score_round(all_bids, all_tricks, rules=rules)  # type: ignore[arg-type]
    return score.sides["NS"].points


def _numbers(rules: Rules) -> dict[str, str]:
    """The numbers the texts quote, as the rules and the scoring give them."""
    made = _north_south({"N": 4, "S": 3}, {"N": 5, "S": 4}, rules)
    set_ = _north_south({"N": 3, "S": 3}, {"N": 3, "S": 2}, rules)
    per_trick = _north_south({"N": 1, "S": 1}, {"N": 1, "S": 1}, rules) // 2
    return {
        "target": str(rules.target),
        "loss": format_signed(rules.loss_limit) if rules.loss_limit is not None else "",
        "nil": str(rules.nil_value),
        "blind": str(rules.blind_nil_value),
        "deficit": str(rules.blind_nil_deficit),
        "bags": str(rules.bag_limit),
        "penalty": str(rules.bag_penalty),
        "per_trick": str(per_trick),
        "made": format_signed(made),
        "set": format_signed(set_),
    }


def ten_steps(rules: Rules = Rules()) -> list[str]:
    """The whole game in ten short steps, in the language in use."""
    n = _numbers(rules)
    first_lead = (
        _("The player on the dealer's left leads the first trick, with any suit but spades.")
        if rules.first_lead == "left_of_dealer"
        else _("Whoever holds the 2♣ leads it to the first trick.")
    )
    end = (
        _("The first side to reach {target} points wins the game; a side that falls to {loss} loses at once.")
        if rules.loss_limit is not None
        else _("The first side to reach {target} points wins the game.")
    )
    return [
        _("Four players in two partnerships, partners facing each other; one deck of 52 cards, aces high."),
        _("Deal every card, one at a time: 13 each. The deal moves one seat to the left every round."),
        _(
            "Each player bids once, in turn from the dealer's left: the tricks they expect to take, "
            "or Nil for none. Partners' bids add up to the side's contract."
        ),
        first_lead,
        _("Follow the suit led whenever you can; when you cannot, play any card: a spade or a discard."),
        _(
            "Spades are always trumps: the highest spade wins the trick, or, with no spade in it, "
            "the highest card of the suit led. The winner leads the next trick."
        ),
        _("No one may lead a spade before spades are broken (played on another suit), unless they hold nothing else."),
        _(
            "A side that makes its contract scores {per_trick} points a trick bid, plus 1 for each extra trick (a bag); "
            "a side that falls short loses {per_trick} points a trick bid."
        ).format(**n),
        _(
            "A Nil kept is worth {nil} points, a Nil broken costs {nil}; every {bags} bags cost {penalty} points."
        ).format(**n),
        end.format(**n),
    ]


def questions(rules: Rules = Rules()) -> list[tuple[str, str]]:
    """The questions learners ask most, each with its short answer, in the language in use."""
    n = _numbers(rules)
    return [
        (
            _("How many players does Spades need?"),
            _(
                "Four, in two partnerships, partners facing each other. Chapter 15 shows a game for two, "
                "but the partnership game is the usual one."
            ),
        ),
        (
            _("Who leads first?"),
            _("The player on the dealer's left, with any suit but spades.")
            if rules.first_lead == "left_of_dealer"
            else _("Whoever holds the 2♣, and they lead it."),
        ),
        (
            _("Must I follow suit?"),
            _("Yes, whenever you hold a card of the suit led. Only when you have none may you trump or discard."),
        ),
        (
            _("When may I lead a spade?"),
            _("Once a spade has been played on another suit (spades are broken), or when you hold only spades."),
        ),
        (
            _("What is a bag?"),
            _(
                "A trick taken beyond the side's contract. It scores 1 point, but every {bags} bags on the side's "
                "counter cost {penalty} points."
            ).format(**n),
        ),
        (
            _("What does a side score when it is set?"),
            _(
                "Minus {per_trick} points for every trick it bid: a contract of 6 made with only 5 tricks scores {set}."
            ).format(**n),
        ),
        (
            _("How do partners score a contract?"),
            _(
                "Together: their two bids add up, and it does not matter which of them takes the tricks. "
                "Bid 4 and 3, take 9 together: {made}."
            ).format(**n),
        ),
        (
            _("Do a Nil bidder's tricks help their partner?"),
            _(
                "No. The partner's bid is the whole contract, and any trick the Nil bidder takes breaks the Nil "
                "and counts as a bag for the side."
            ),
        ),
        (
            _("What is a Nil worth, and a Blind Nil?"),
            _(
                "A Nil kept scores {nil} points and a broken one costs {nil}. A Blind Nil is bid before looking at "
                "your cards and is worth {blind} either way; tables that allow it usually keep it for a side "
                "behind by {deficit} points or more."
            ).format(**n),
        ),
        (
            _("How many points win the game?"),
            (
                _(
                    "{target}. If both sides pass it in the same round, the higher score wins (a tie is played "
                    "off with one more round); a side that falls to {loss} loses at once."
                )
                if rules.loss_limit is not None
                else _(
                    "{target}. If both sides pass it in the same round, the higher score wins "
                    "(a tie is played off with one more round)."
                )
            ).format(**n),
        ),
    ]


def mistakes() -> list[str]:
    """The mistakes beginners make most, each with the chapter that helps, in the language in use."""
    return [
        _("Bidding too much: a set costs the whole bid, a bag only 1 point now (chapters 3 and 11)."),
        _("Forgetting the bags until ten pile up and take 100 points away (chapters 5 and 10)."),
        _(
            "Leaving a partner's Nil alone: lead high so that they can play under, and cover their high cards (chapter 9)."
        ),
        _("Trumping a trick your partner is already winning (chapter 8)."),
        _("Leading a spade before spades are broken: the table will not let you (chapter 2)."),
    ]


def _list_html(title: str, items: list[str], *, ordered: bool) -> str:
    tag = "ol" if ordered else "ul"
    body = "".join(f"<li>{html.escape(item)}</li>" for item in items)
    return f'<div class="st-summary"><b>{html.escape(title)}</b><{tag}>{body}</{tag}></div>'


def ten_steps_html(rules: Rules = Rules()) -> str:
    """:func:`ten_steps` as a numbered list."""
    return _list_html(_("Spades in ten steps"), ten_steps(rules), ordered=True)


def mistakes_html() -> str:
    """:func:`mistakes` as a list."""
    return _list_html(_("Common mistakes"), mistakes(), ordered=False)


def questions_html(rules: Rules = Rules()) -> str:
    """:func:`questions` as a list of questions, each followed by its answer."""
    body = "".join(
        f"<dt><b>{html.escape(question)}</b></dt><dd>{html.escape(answer)}</dd>"
        for question, answer in questions(rules)
    )
    return LIST_STYLE + f'<dl class="st-summary">{body}</dl>'
