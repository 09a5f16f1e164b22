"""The exercise widget: the library finds the answer, the widget only asks and says right or wrong."""

from __future__ import annotations

import pytest

from spades_teach.advice.bidding import assess_nil
from spades_teach.advice.judge import judge
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.advice.principles import find_exception, find_missed_set, find_moments, play_by_principles
from spades_teach.errors import SpadesError
from spades_teach.solver import double_dummy
from spades_teach.widgets.exercise import (
    Answer,
    Exercise,
    bid_exercise,
    count_spades_exercise,
    exception_exercise,
    moment_view,
    nil_exercise,
    play_exercise,
    points_exercise,
    solver_exercise,
)

EVEN = {"N": 3, "E": 3, "S": 3, "W": 3}


def _moment(seed: int, seat: str, tricks_left: int) -> Position:
    """The moment of a hand played by the hints (``play_by_principles(seed)``) where ``seat`` plays
    with ``tricks_left`` tricks to go: a position with the whole history behind it."""
    _, played = play_by_principles(seed)
    return next(p for p, _card in played if p.seat.name == seat and p.tricks_left == tricks_left)


def test_play_exercise_is_graded_by_the_judge_from_the_seat() -> None:
    # Second hand low is the advisor's card (the 3♠ under East's 7♠), but the judge finds it clearly
    # worse: the exercise takes the judge's cards, and its reason is Teach me's (the rule of thumb
    # overridden).
    p = _moment(19, "W", 5)
    assert str(p.hand) == "KQ3.T6.." and [c.pretty for c in p.trick] == ["7♠"]
    ex = play_exercise(p)
    hint = suggest_play(p)
    judgement = judge(p)
    assert judgement is not None and judgement.verdict(hint.card).costly
    assert set(ex.answer.right) == {c.pretty for c in p.legal if not judgement.verdict(c).costly}
    assert ex.answer.principle == hint.principle == "second hand low"
    assert set(ex.choices) == {c.pretty for c in p.legal}
    wrong = next(c for c in ex.choices if c not in ex.answer.right)
    ex.choose(wrong)
    assert ex.correct is False and ex.verdict.startswith(f"Not quite: the {wrong} is clearly worse here")
    assert f"The answer is {ex.answer.right[0]}: " in ex.verdict
    assert hint.reason in ex.verdict  # the rule of thumb it overrides is named
    assert "st-mark-bad" in ex.buttons[wrong]._dom_classes
    ex.reset()
    assert ex.correct is None and ex.verdict == ""
    ex.choose(ex.answer.right[0])
    assert ex.correct is True and ex.verdict.startswith("Right: ")


def test_play_exercise_with_some_choices_must_offer_the_right_card() -> None:
    p = Position("S", "Q82.K54.A95.T632", EVEN, {}, trick=["3H", "7H"])
    assert play_exercise(p, choices=["KH", "4H"]).choices == ("K♥", "4♥")
    with pytest.raises(SpadesError, match="not among the choices"):
        play_exercise(p, choices=["5H", "4H"])
    with pytest.raises(SpadesError, match="not legal here: A♦"):
        play_exercise(p, choices=["KH", "AD"])


def test_solver_exercise_is_checked_by_double_dummy() -> None:
    hands = {"N": "2.A3.-.-", "E": "-.K4.2.-", "S": "-.Q5.3.-", "W": "-.J6.4.-"}
    ex = solver_exercise(hands, leader="N", spades_broken=True)
    dd = double_dummy(hands, leader="N", spades_broken=True)
    assert set(ex.answer.right) == {c.pretty for c in dd.best_cards}
    assert set(ex.choices) == {c.pretty for c in dd.card_scores}


def test_nil_exercise_follows_assess_nil() -> None:
    for hand in ("3.J962.T8742.Q84", "AKQ3.K52.7.A9842"):
        ex = nil_exercise(hand)
        fits = assess_nil(hand).fits
        assert ex.answer.right == (("bid Nil",) if fits else ("don't bid Nil",))


def test_a_close_nil_is_answered_as_the_bid_advisor_answers_it() -> None:
    """Chapter 9's T-9-2 hand fails the checklist by a little: the exercise agrees with the advisor,
    which tries the Nil at the table, and says the trial's figures."""
    from spades_teach.advice.bidding import advise_bid

    hand = "T92.6543.7542.83"
    advice = advise_bid(hand)
    assert advice.trial is not None
    ex = nil_exercise(hand)
    assert ex.answer.right == (("bid Nil",) if advice.bid.is_nil else ("don't bid Nil",))
    assert f"on {advice.trial.samples} deals the Nil held on" in ex.answer.reason


def test_points_exercise_picks_the_highest_value() -> None:
    ex = points_exercise("Which?", {"set them": (60.0, "they lose 60"), "dodge the bag": (-10.0, "a bag")})
    assert ex.answer.right == ("set them",) and "they lose 60" in ex.answer.reason


def test_a_bad_choice_shows_a_message_and_keeps_the_old_state() -> None:
    ex = Exercise("Pick", ["a", "b"], Answer(("a",), "because"))
    ex.choose("a")
    assert not ex.run(ex.choose, "c")
    assert ex.error == "'c' is not one of the choices: a, b" and ex.chosen == "a"
    with pytest.raises(SpadesError, match="at least two choices"):
        Exercise("Pick", ["a"], Answer(("a",), "x"))


def test_every_choice_is_a_labelled_button_and_the_verdict_is_announced() -> None:
    ex = Exercise("Pick", ["a", "b"], lambda: Answer(("b",), "because"))
    for label, button in ex.buttons.items():
        assert button.description == label and button.tooltip
    ex.buttons["b"].click()
    assert ex.correct is True
    assert 'aria-live="polite"' in ex.feedback_html.value and "Right: because" in ex.feedback_html.value


def test_count_spades_exercise_counts_from_the_position() -> None:
    # South holds three spades; the 2♠ ruffed the first trick and the 7♠ is on the table.
    p = Position("S", "Q83.K5.A95.T632", EVEN, {"E": 1}, played=["4H", "AH", "2S", "3H"], trick=["7S"])
    ex = count_spades_exercise(p)
    assert ex.answer.right == ("8",)
    assert ex.answer.reason == "13 spades: 3 in your hand and 2 played, so 8 are left in the other hands"


def test_moment_view_stops_just_after_the_principles_card() -> None:
    [moment] = find_moments("second hand low")
    view = moment_view(moment)
    assert view.step == moment.step + 1
    assert view.annotation.startswith(
        f"{moment.position.seat.word} plays the {moment.hint.card.pretty}. Second hand low: "
    )


def test_exception_exercise_takes_the_solvers_cards() -> None:
    found = find_exception("second hand low", seeds=range(40, 60))
    ex = exception_exercise(found)
    assert set(ex.answer.right) == {c.pretty for c in found.better}
    assert found.moment.hint.card.pretty not in ex.answer.right


def test_bid_exercise_is_checked_by_the_bid_advisor() -> None:
    from spades_teach.advice.bidding import advise_bid

    kwargs = {"seat": "S", "bids": {"W": 2, "N": 4, "E": 3}, "scores": {"NS": 470, "EW": 200}}
    ex = bid_exercise("AKQ3.K52.7.A9842", choices=[1, 3, 5, 6], **kwargs)  # type: ignore[arg-type]
    advice = advise_bid("AKQ3.K52.7.A9842", **kwargs)  # type: ignore[arg-type]
    assert ex.answer.right == (advice.bid.label,) and ex.answer.reason == advice.summary
    assert "score: NS 470, EW 200" in ex.picture_html.value


def test_missed_set_exercise_takes_the_cards_that_set_the_opponents() -> None:
    found = find_missed_set("duck to dodge a bag", seeds=range(10, 200))
    ex = exception_exercise(found)
    left = found.moment.position.tricks_left
    assert set(ex.answer.right) == {c.pretty for c in found.tricks if left - found.tricks[c] < found.need}
    assert ex.question.endswith("Which card sets the opponents?")


# -- practice that looks like practice (issue 28): one hand, card faces, a verdict marked right or wrong


def _texts(widget: object) -> list[str]:
    """Every text an ipywidget tree shows (HTML values and button labels), hidden lines left out."""
    out, stack = [], [widget]
    while stack:
        w = stack.pop()
        if getattr(getattr(w, "layout", None), "display", None) == "none":
            continue
        value = getattr(w, "value", None)
        if type(w).__name__ == "HTML" and isinstance(value, str):
            out.append(value)
        if type(w).__name__ == "Button":
            out.append(w.description)
        stack.extend(getattr(w, "children", ()))
    return out


def test_a_wrong_answer_can_be_tried_again_and_a_right_one_closes_the_choices() -> None:
    p = Position("S", "Q82.K54.A95.T632", EVEN, {}, trick=["3H", "7H"])
    ex = play_exercise(p)
    shown = " ".join(_texts(ex))
    assert "Try again" not in shown and "choose an answer" not in shown
    wrong = next(c for c in ex.choices if c not in ex.answer.right)
    ex.buttons[wrong].click()
    shown = " ".join(_texts(ex))
    # the verdict once, marked as wrong in red, naming the card clicked, and the choices still open
    assert shown.count("Not quite") == 1 and f"the {wrong} " in ex.verdict and "Try again." in ex.verdict
    assert "st-verdict-wrong" in ex.feedback_html.value and "✗" in ex.feedback_html.value
    assert "st-exercise-closed" not in ex.choice_box._dom_classes
    ex.buttons[ex.answer.right[0]].click()  # tried again: right this time
    assert ex.correct is True and "st-verdict-right" in ex.feedback_html.value
    assert "st-exercise-closed" in ex.choice_box._dom_classes
    verdict = ex.verdict
    ex.buttons[wrong].click()  # closed: a click after a right answer changes nothing
    assert ex.verdict == verdict and ex.correct is True


def test_the_hand_is_drawn_once_as_card_faces_to_click_in_their_suits_colours() -> None:
    p = Position("S", "Q82.K54.A95.T632", EVEN, {}, trick=["3H", "7H"])
    ex = play_exercise(p)
    # the picture shows the table, not the hand: the hand is the row of answer buttons
    assert 'class="st-hand"' not in ex.picture_html.value
    assert [b.description for b in ex.hand_buttons] == [
        c.pretty for c in sorted(p.hand, key=lambda c: (int(c.suit), -int(c.rank)))
    ]
    for button in ex.hand_buttons:
        assert "st-card-face" in button._dom_classes and button.tooltip
        red = button.description[-1] in "♥♦"
        assert button.style.text_color == ("#c00000" if red else "#111111")
    playable = [b for b in ex.hand_buttons if not b.disabled]
    assert {b.description for b in playable} == {c.pretty for c in p.legal} == set(ex.buttons)
    greyed = next(b for b in ex.hand_buttons if b.disabled)
    assert "cannot be played here" in greyed.tooltip and "follow" in greyed.tooltip
    ex.buttons[ex.answer.right[0]].click()
    assert ex.correct is True and "st-verdict-right" in ex.feedback_html.value


def test_a_solver_exercise_draws_the_player_to_move_once() -> None:
    hands = {"N": "2.A3.-.-", "E": "-.K4.2.-", "S": "-.Q5.3.-", "W": "-.J6.4.-"}
    ex = solver_exercise(hands, leader="N", spades_broken=True)
    assert "answer buttons below" in ex.picture_html.value
    assert "A♥" not in ex.picture_html.value and [b.description for b in ex.hand_buttons] == ["2♠", "A♥", "3♥"]


def test_a_close_call_is_accepted_and_said_to_be_one() -> None:
    """A card the judge cannot tell from the best (a close call) is not marked wrong."""
    p = _moment(1, "W", 12)  # West leads to the second trick, partner North bid Nil
    judgement = judge(p)
    assert judgement is not None
    kinds = [judgement.verdict(card).kind for card in p.legal]
    assert "close" in kinds and "worse" in kinds
    ex = play_exercise(p)
    for card in p.legal:
        verdict = judgement.verdict(card)
        assert (card.pretty in ex.answer.right) == (not verdict.costly)
        if verdict.kind == "close" and card.pretty != ex.answer.right[0]:
            assert "a close call" in ex.answer.notes[card.pretty]


def test_every_verdict_line_ends_with_a_full_stop() -> None:
    """Learner finding 14: "✗ Not quite: the answer is A♦. Win as cheaply as possible: the A♦ is enough"
    and "…so 10 are left in the other hands" stopped without a full stop; each verdict, right or wrong,
    with or without the note on the other good cards, ends as a sentence."""
    p = Position("S", "Q83.K5.A95.T632", EVEN, {"E": 1}, played=["4H", "AH", "2S", "3H"], trick=["7S"])
    count = count_spades_exercise(p)
    exercises = [
        count,
        Exercise("Pick", ["a", "b"], Answer(("a",), "win as cheaply as possible: the A♦ is enough")),
        Exercise("Pick", ["a", "b", "c"], Answer(("a",), "the reason", also="as good: b")),
        play_exercise(Position("S", "Q82.K54.A95.T632", EVEN, {}, trick=["3H", "7H"])),
    ]
    for exercise in exercises:
        for choice in exercise.choices:
            exercise.reset()
            exercise.choose(choice)
            assert exercise.verdict.endswith("."), exercise.verdict
            assert ".." not in exercise.verdict, exercise.verdict
    count.reset()
    count.choose("8")
    assert count.verdict == "Right: 13 spades: 3 in your hand and 2 played, so 8 are left in the other hands."
