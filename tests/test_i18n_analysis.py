"""The analysis speaks the learner's language: drills, puzzles, the card-by-card review, the
daily challenge and the analysis summaries come out in French and Spanish with the same
numbers as in English, and English comes back unchanged."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from importlib import resources
from typing import TypeVar

import pytest

from spades_teach.analysis.card_cost import stored_card_costs
from spades_teach.analysis.challenge import ChallengeResult, Difference, challenge_round
from spades_teach.analysis.drills import KINDS, Drill, Feedback, make_drill
from spades_teach.analysis.parallel import SerialExecutor
from spades_teach.analysis.puzzles import load_puzzles, theme_label
from spades_teach.analysis.simulate import analyze_hand
from spades_teach.errors import AnswerError, SpadesError
from spades_teach.game.replays import load_record
from spades_teach.game.seating import Seat
from spades_teach.i18n import set_language

T = TypeVar("T")

#: Words each language's text has and the English never does.
WORDS = {
    "fr": {"drill": "Pouvez-vous jouer", "wrong": "Pas tout à fait", "review": "votre camp", "side": "Nord–Sud"},
    "es": {"drill": "¿Puedes jugar", "wrong": "No exactamente", "review": "tu equipo", "side": "Norte–Sur"},
}


def _numbers(lines: object) -> Counter[str]:
    """Every whole number in the text (a decimal's two parts apart, so 2.5 and 2,5 count alike)."""
    return Counter(re.findall(r"\d+", " ".join(lines) if isinstance(lines, (list, tuple)) else str(lines)))


def _in(language: str, make: Callable[[], T]) -> T:
    """What ``make()`` gives in ``language`` (English again afterwards)."""
    set_language(language)
    try:
        return make()
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_legal_drill_asks_and_explains_in_the_language_with_the_english_numbers(lang: str) -> None:
    english = make_drill("legal", seed=11, difficulty=1)
    wrong_answer = next(c for c in english.fields[0].choices if c != english.expected[0])
    english_verdict = english.grade(wrong_answer)

    def translated() -> tuple[Drill, Feedback]:
        drill = make_drill("legal", seed=11, difficulty=1)
        other = next(c for c in drill.fields[0].choices if c != drill.expected[0])
        return drill, drill.grade(other)

    drill, feedback = _in(lang, translated)
    assert drill.prompt.startswith(WORDS[lang]["drill"]) and "May you play" not in drill.prompt
    assert not feedback.correct and feedback.verdict.startswith(WORDS[lang]["wrong"])
    assert drill.fields[0].choices != english.fields[0].choices
    assert _numbers(drill.facts) == _numbers(english.facts)
    assert _numbers(drill.lines) == _numbers(english.lines)
    assert feedback.lines == drill.lines and english_verdict.lines == english.lines
    # English comes back unchanged.
    assert make_drill("legal", seed=11, difficulty=1) == english


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_score_drill_names_the_sides_in_the_language_and_reads_the_same_answer(lang: str) -> None:
    english = make_drill("score", seed=4, difficulty=2)
    drill = _in(lang, lambda: make_drill("score", seed=4, difficulty=2))
    assert WORDS[lang]["side"] in " ".join(drill.facts) and "North–South" not in " ".join(drill.facts)
    assert drill.expected == english.expected
    assert _numbers(drill.facts) == _numbers(english.facts)
    right = _in(lang, lambda: drill.grade(drill.expected))
    assert right.correct and right.verdict != "Right!"


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_drill_titles_and_errors_are_in_the_language(lang: str) -> None:
    english = [kind.title for kind in KINDS.values()]
    translated = _in(lang, lambda: [kind.title for kind in KINDS.values()])
    assert len(set(translated) - set(english)) >= len(english) - 1  # "Nil" stays Nil
    with pytest.raises(AnswerError) as caught:
        _in(lang, lambda: make_drill("nope", seed=1))
    assert "nope" in str(caught.value) and "unknown drill" not in str(caught.value)
    assert [kind.title for kind in KINDS.values()] == english


@pytest.mark.parametrize("lang", ["fr", "es"])
@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_a_puzzle_s_reason_is_worked_out_in_the_language_with_the_same_numbers(lang: str, difficulty: str) -> None:
    puzzle = load_puzzles(difficulty)[0]
    english = (puzzle.reason, puzzle.prompt())
    reason, prompt = _in(lang, lambda: (puzzle.reason, puzzle.prompt()))
    assert reason != english[0] and prompt != english[1]
    assert "your side" not in reason and "deals that fit" not in reason
    assert _numbers(reason) == _numbers(english[0])
    assert _numbers(prompt) == _numbers(english[1])
    assert (puzzle.reason, puzzle.prompt()) == english


def test_the_packaged_puzzles_store_no_english_sentence() -> None:
    data = json.loads((resources.files("spades_teach") / "data" / "puzzles.json").read_text(encoding="utf-8"))
    assert all("reason" not in item for item in data["puzzles"])
    assert all(p.reason[len(p.why) :].lstrip().startswith(("Only the ", "On ")) for p in load_puzzles())


def test_puzzle_themes_are_shown_in_the_language() -> None:
    assert theme_label("duck") == "duck"
    assert _in("fr", lambda: theme_label("duck")) == "laisser passer"
    assert _in("es", lambda: theme_label("ruff or discard")) == "fallar o descartarse"
    with pytest.raises(SpadesError):
        theme_label("not a theme")


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_hand_review_explains_each_card_in_the_language_with_the_same_numbers(lang: str) -> None:
    round_ = load_record("contract_set").to_round()
    english = stored_card_costs(round_)
    assert english is not None
    translated = _in(lang, lambda: stored_card_costs(round_))
    assert translated is not None
    assert len(translated) == len(english)
    for mine, theirs in zip(translated, english):
        assert mine.cost == theirs.cost
        assert WORDS[lang]["review"] in mine.explanation and "your side" not in mine.explanation
        assert _numbers(mine.explanation) == _numbers(theirs.explanation), mine.number
    costly = [r for r in translated if not r.optimal]
    assert costly, "the record has a card that cost points"
    assert [r.explanation for r in stored_card_costs(round_) or []] == [r.explanation for r in english]


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_daily_challenge_reports_in_the_language(lang: str) -> None:
    rnd = challenge_round("2026-12-01")
    result = ChallengeResult(
        "code",
        Seat.S,
        62,
        71,
        rnd,
        rnd,
        (Difference("card", 3, "K♥", "A♥", "..."), Difference("bid", 0, "4", "3", "...")),
    )
    english = result.lines()
    lines = _in(lang, result.lines)
    assert lines != english and "you scored" not in lines[0]
    assert [_numbers(line) for line in lines] == [_numbers(line) for line in english]
    assert result.lines() == english


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_hand_analysis_summary_uses_the_language_and_its_decimal_comma(lang: str) -> None:
    def run() -> str:
        return analyze_hand("AKQ3.K52.7.A9842", samples=6, method="playout", seed=3, executor=SerialExecutor()).summary

    english = run()
    summary = _in(lang, run)
    assert summary != english and "on average" not in summary
    assert re.search(r"\d,\d", summary) and not re.search(r"\d\.\d", summary)
    assert _numbers(summary) == _numbers(english)
    assert run() == english
