"""Seat, suit and rank words, bid labels, score-sheet headers, tricks and puzzle menus are
printed in the language in use (fr-es review §1, faults 1-5, 9, 10); what a learner types is
read as before."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from spades_teach import Bid, Match, Seat, Suit
from spades_teach.game.cards import Card, Rank
from spades_teach.i18n import get_language, pgettext, set_language
from spades_teach.render.words import hand_text


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    before = get_language()
    yield
    set_language(before)


def test_pgettext_tells_a_context_apart() -> None:
    set_language("fr")
    assert pgettext("seat letter", "W") == "O"
    assert pgettext("score sheet header", "Dealer") == "Donneur"
    set_language("en")
    assert pgettext("seat letter", "W") == "W"


@pytest.mark.parametrize(
    ("lang", "seat", "suit", "queen", "hand", "blind"),
    [
        ("en", "West", "hearts", "Q", "♠ A K Q 3   ♥ K J 2", "Blind Nil"),
        ("fr", "Ouest", "cœur", "D", "♠ A R D 3   ♥ R V 2", "Nil à l'aveugle"),
        ("es", "Oeste", "corazones", "Q", "♠ A K Q 3   ♥ K J 2", "nil a ciegas"),
    ],
)
def test_seat_suit_rank_and_bid_words_follow_the_language(
    lang: str, seat: str, suit: str, queen: str, hand: str, blind: str
) -> None:
    set_language(lang)
    assert Seat.W.word == seat
    assert Suit.HEARTS.word == suit
    assert Rank.QUEEN.label == queen and Rank.TEN.label == "10"
    assert hand_text("AKQ3.KJ2.7.A9842").startswith(hand)
    assert Bid.coerce("blind nil").label == blind


def test_input_is_still_read_the_same_way_in_french() -> None:
    set_language("fr")
    assert Seat.coerce("W") is Seat.W and Card.parse("QS") == Card.parse("DS")
    assert Rank.QUEEN.letter == "Q"


def test_the_score_sheet_headers_and_seat_letters_follow_the_language() -> None:
    m = Match()
    m.add_result({"N": 3, "E": 4, "S": 3, "W": 2}, {"N": 4, "E": 3, "S": 5, "W": 1})
    english = m.sheet_text()
    assert "Dealer" in english and "Bags" in english
    set_language("fr")
    sheet = m.sheet_text()
    assert "Donneur" in sheet and "Surplus" in sheet and "Pén." in sheet and " O " in sheet
    assert "Dealer" not in sheet and "Bags" not in sheet


def test_a_trick_is_written_in_the_language() -> None:
    from spades_teach import Round, deal

    r = Round(deal(3), dealer="N")
    while r.phase == "bidding":
        r.bid(r.to_act, 3)
    for _ in range(4):
        r.play(r.to_act, next(iter(r.legal_plays())))
    trick = r.tricks[0]
    assert str(trick).startswith("trick 1: ") and str(trick).endswith(f" won by {trick.winner.name}")
    set_language("fr")
    assert str(trick).startswith("pli 1 : ") and "won by" not in str(trick)


def test_the_puzzle_menus_and_title_follow_the_language() -> None:
    pytest.importorskip("ipywidgets")
    from spades_teach.widgets.puzzle import PuzzleView

    set_language("fr")
    view = PuzzleView(seed=0)
    levels = [label for label, _value in view.level_box.options]
    themes = [label for label, _value in view.theme_box.options]
    assert {"facile", "moyen", "difficile"} <= set(levels)
    assert "réussir le contrat" in " ".join(themes) and "make the contract" not in themes
    shown = str(view.prompt_html.value)
    assert not any(f"({word};" in shown for word in ("easy", "medium", "hard"))


@pytest.mark.parametrize(
    ("lang", "head", "wins", "team"),
    [
        ("en", "trick 1: ", "South wins", "EW"),
        ("fr", "pli 1 : ", "Sud gagne", "EO"),
        ("es", "baza 1: ", "gana Sur", "EO"),
    ],
)
def test_a_replay_s_trick_the_renege_penalty_and_the_calculator_use_the_language(
    lang: str, head: str, wins: str, team: str
) -> None:
    """Chapter 12 prints a replay's trick, chapter 14 the renege penalty, chapters 4, 6, 11 and 14 show
    the calculator: the stored French and Spanish outputs held "won by W" and "3 plis passent à EW"."""
    from spades_teach import Round, Rules, deal, score_round
    from spades_teach.widgets import ReplayView, ScoreCalculator

    r = Round(deal(3), dealer="N")
    while r.phase == "bidding":
        r.bid(r.to_act, 3)
    while r.phase == "play":
        r.play(r.to_act, next(iter(r.legal_plays())))
    assert r.tricks[0].winner is Seat.S
    set_language(lang)
    view = ReplayView(r)
    view.go(4 + 4)
    shown = view.trick_text
    assert shown.startswith(head) and shown.endswith(wins) and "won by" not in shown[: -len(wins)]
    assert [Seat.coerce(seat).word for seat in "ESWN"] == [part.split()[0] for part in shown[len(head) :].split(", ")]
    view.go(4 + 2)
    assert view.trick_text.startswith(head) and wins not in view.trick_text
    penalty = score_round(
        {"N": 4, "S": 3, "E": 2, "W": 4},
        {"N": 5, "S": 4, "E": 2, "W": 2},
        rules=Rules(renege="penalty"),
        reneges={"NS": 1},
    )
    assert penalty.explain().splitlines()[0].endswith(f" {team}")
    assert f", {team} " in repr(ScoreCalculator())
