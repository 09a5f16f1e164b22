"""The puzzle widget in plain Python: right and wrong answers, feedback, score, choices."""

from __future__ import annotations

import re

import pytest

from spades_teach.analysis.puzzles import DIFFICULTIES, THEMES, load_puzzles
from spades_teach.errors import SpadesError
from spades_teach.game.seating import Seat
from spades_teach.widgets import PuzzleView


@pytest.fixture(autouse=True)
def _bugs_raise() -> object:
    PuzzleView.reraise_unexpected = True
    yield
    PuzzleView.reraise_unexpected = False


def test_a_right_answer_says_so_with_the_reason_and_scores() -> None:
    view = PuzzleView(seed=1)
    p = view.puzzle
    assert view.verdict == "" and "no puzzle answered" in view.score_html.value
    view.card_buttons[p.answer].click()
    assert view.verdict == "right" and view.error == ""
    assert p.reason in view.feedback and view.feedback.startswith("Right")
    assert (view.right, view.answered, view.streak) == (1, 1, 1)
    assert "1 right of 1" in view.score_html.value
    assert all(b.disabled for b in view.hand_box.children)
    assert "st-puzzle-right" in view.feedback_html.value
    view.next_button.click()
    assert view.verdict == "" and view.feedback == "" and view.puzzle is not p


def test_a_wrong_answer_gives_the_card_the_reason_and_the_evidence_of_the_card_chosen() -> None:
    view = PuzzleView(seed=2)
    p = view.puzzle
    wrong = next(c for c in p.evidence if c != p.answer)
    view.answer(wrong)
    assert view.verdict == "wrong" and view.streak == 0 and (view.right, view.answered) == (0, 1)
    assert p.evidence_line(wrong) in view.feedback
    assert f"The card was the {p.answer.pretty}" in view.feedback and p.reason in view.feedback
    assert "st-puzzle-wrong" in view.feedback_html.value
    view.run(view.answer, p.answer)  # a second answer is refused, and counts nothing
    assert "press Next puzzle" in view.error and view.answered == 1


def test_an_illegal_card_is_refused_with_the_kernels_reason() -> None:
    p = next(q for q in load_puzzles() if set(q.hand) != set(q.position.legal))
    view = PuzzleView(seed=0)
    view._current = p  # show this very puzzle
    view._refresh()
    illegal = next(c for c in p.hand if c not in p.position.legal)
    assert view.card_buttons[illegal].disabled and "cannot be played" in view.card_buttons[illegal].tooltip
    view.card_buttons[illegal].click()  # a disabled button does nothing in a page; its handler refuses too
    assert "cannot be played here" in view.error and view.answered == 0 and view.verdict == ""
    view.card_buttons[p.answer].click()
    assert view.error == "" and view.verdict == "right"


def test_level_and_theme_choose_the_puzzles_and_an_empty_choice_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    import spades_teach.widgets.puzzle as puzzle_widget

    real = puzzle_widget.load_puzzles
    # The stored set may fill every level of every theme: one pair made empty, whatever the data.
    gap = ("hard", next(t for t in THEMES if real("hard", t)))
    monkeypatch.setattr(
        puzzle_widget,
        "load_puzzles",
        lambda level=None, theme=None: [] if (level, theme) == gap else real(level, theme),
    )
    load_puzzles = puzzle_widget.load_puzzles
    view = PuzzleView(seed=4)
    for difficulty in DIFFICULTIES:
        view.choose(difficulty)
        for _ in range(3):
            assert view.puzzle.difficulty == difficulty
            view.next_puzzle()
    view.choose("easy", "keep your nil")
    assert view.puzzle.difficulty == "easy" and "keep your nil" in view.puzzle.themes
    empty = next((d, t) for d in DIFFICULTIES for t in THEMES if load_puzzles(theme=t) and not load_puzzles(d, t))
    with pytest.raises(SpadesError, match="no puzzle has this level and theme"):
        view.choose(*empty)
    view.choose()
    view.level_box.value, view.theme_box.value = empty  # as the learner does it
    assert "no puzzle has this level and theme" in view.error and view.hand_box.children == ()
    view.theme_box.value = "any"
    assert view.error == "" and view.hand_box.children


def test_every_control_has_a_label_and_every_card_a_tooltip() -> None:
    view = PuzzleView(seed=5)
    assert view.level_box.description and view.theme_box.description and view.next_button.description
    assert all(b.tooltip for b in view.hand_box.children)
    assert all(b.description for b in view.hand_box.children)
    assert "<caption>" in view.table_html.value


def test_the_same_seed_gives_the_same_puzzles() -> None:
    a, b = PuzzleView(seed=9), PuzzleView(seed=9)
    ids = []
    for _ in range(4):
        assert a.puzzle.id == b.puzzle.id
        ids.append(a.puzzle.id)
        a.next_puzzle()
        b.next_puzzle()
    assert len(set(ids)) == 4


def _classes(view: PuzzleView) -> set[str]:
    found: set[str] = set()
    stack = [view]
    while stack:
        w = stack.pop()
        found.update(w._dom_classes)
        stack.extend(getattr(w, "children", ()))
        value = getattr(w, "value", None)
        if type(w).__name__ == "HTML" and isinstance(value, str):
            for attr in re.findall(r'class="([^"]+)"', value):
                found.update(attr.split())
    return found


def test_every_documented_css_hook_is_used() -> None:
    from _docs import module_notes

    documented = set(re.findall(r"`(st-[a-z0-9-]+)`", module_notes("spades_teach/widgets/puzzle.py")))
    assert len(documented) > 12
    view = PuzzleView(seed=6)
    shown = _classes(view)
    view.answer(view.puzzle.answer)
    shown |= _classes(view)
    view.next_puzzle()
    view.answer(next(c for c in view.puzzle.evidence if c != view.puzzle.answer))
    shown |= _classes(view)
    assert documented - shown == set()


def test_the_play_so_far_is_shown_trick_by_trick_with_who_played_each_card() -> None:
    p = next(q for q in load_puzzles("hard") if q.trick and len(q.history) >= 5)
    view = PuzzleView(seed=0)
    view._current = p
    view._refresh()
    table = view.table_html.value
    assert "st-puzzle-history" in table and "the play so far" in table
    rows = re.findall(r"<tr><th scope='row'>(\d+)</th><td>(.*?)</td><td>(.*?)</td></tr>", table)
    assert [int(n) for n, _cards, _won in rows] == list(range(1, len(p.history) + 1))
    for (_n, cards, won), (leader, played, winner) in zip(rows, p.history, strict=True):
        seats = re.findall(r'<span class="st-seat">(\w+)</span>', cards)
        assert seats == [Seat((int(leader) + i) % 4).word for i in range(4)]
        assert re.findall(r'title="(\w+)"', cards) == [str(c) for c in played]
        assert won == winner.word
    assert "cards gone" not in table  # no unordered list of cards any more
    assert f'<span class="st-seat">{p.leader.word}</span>' in view.trick_html.value


def test_the_feedback_says_why_with_a_principle_or_a_line_of_play() -> None:
    view = PuzzleView(seed=3, difficulty="hard")
    p = view.puzzle
    view.answer(next(c for c in p.evidence if c != p.answer))
    assert p.why and p.why in view.feedback


# -- the score and the place kept, as the drills keep theirs (issue 28)


def test_the_score_and_the_place_survive_a_new_view(tmp_path: object) -> None:
    first = PuzzleView(seed=1, difficulty="easy", progress_dir=str(tmp_path))
    seen = []
    for _ in range(3):
        p = first.puzzle
        seen.append(p.id)
        first.answer(p.answer)
        first.next_puzzle()
    wrong = next(c for c in first.puzzle.evidence if c != first.puzzle.answer)
    first.answer(wrong)
    # the same cell run again: the score so far, and the puzzle after the last one answered
    again = PuzzleView(seed=1, difficulty="easy", progress_dir=str(tmp_path))
    assert (again.right, again.answered, again.streak) == (3, 4, 0)
    assert "3 right of 4" in again.score_html.value
    assert again.puzzle.id not in [*seen, first.puzzle.id]
    first.next_puzzle()
    assert again.puzzle == first.puzzle
    # a puzzle skipped unanswered is passed over too
    again.next_puzzle()
    assert PuzzleView(seed=1, difficulty="easy", progress_dir=str(tmp_path)).puzzle == again.puzzle
    # each level and theme keeps its own place
    assert PuzzleView(seed=1, difficulty="hard", progress_dir=str(tmp_path)).puzzle.difficulty == "hard"
    assert PuzzleView(seed=1, difficulty="easy", progress_dir=str(tmp_path)).puzzle == again.puzzle


def test_the_default_view_keeps_its_progress_in_the_drills_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    import json
    from pathlib import Path

    monkeypatch.setenv("SPADES_TEACH_DATA_DIR", str(tmp_path))
    view = PuzzleView(seed=1, difficulty="easy")
    view.answer(view.puzzle.answer)
    kept = json.loads((Path(str(tmp_path)) / "drills.json").read_text())["kinds"]
    assert kept["puzzles"]["right"] == 1 and kept["puzzles/easy/any"]["number"] == 1
    assert PuzzleView(seed=1, difficulty="easy", save=False).answered == 1


def test_a_wrong_answer_is_marked_wrong_in_red_and_nothing_repeats_the_question() -> None:
    view = PuzzleView(seed=2)
    assert view.status_line.layout.display == "none"
    view.answer(next(c for c in view.puzzle.evidence if c != view.puzzle.answer))
    value = view.feedback_html.value
    assert "st-verdict-wrong" in value and "✗" in value and "st-note" not in value
    assert all("st-card-face" in b._dom_classes for b in view.hand_box.children)


def test_in_the_browser_store_the_score_and_the_place_survive_a_new_kernel(
    monkeypatch: pytest.MonkeyPatch, tmp_path: object
) -> None:
    """The live reader's finding 1: in the live edition (Python in the page, no file to keep progress in)
    a puzzle answered was forgotten on reload, while the drills kept theirs. The view keeps its score and
    place in the browser as the drills do: what it sends the browser, handed back to a new view (a new
    kernel), shows the score so far and the puzzle after the last one answered; no file is written."""
    from pathlib import Path

    monkeypatch.setenv("SPADES_TEACH_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("SPADES_TEACH_DRILL_STORE", "browser")
    first = PuzzleView(seed=1, difficulty="easy")
    assert first.keeper is not None and first.keeper in first.children
    first.keeper.receive({"action": "restore", "kinds": {"winner": {"right": 2, "answered": 2}}})  # a drill's
    answered = first.puzzle
    first.answer(answered.answer)
    kept = dict(first.keeper.kinds)
    assert kept["puzzles"]["right"] == 1 and kept["puzzles/easy/any"]["number"] == 1
    assert set(kept) == {"puzzles", "puzzles/easy/any"}  # the drills' counts are the drills' to keep
    assert not (Path(str(tmp_path)) / "drills.json").exists()
    again = PuzzleView(seed=1, difficulty="easy")
    assert again.answered == 0 and again.puzzle == answered  # nothing yet: the browser has not answered
    assert again.keeper is not None
    again.keeper.receive({"action": "restore", "kinds": {**kept, "winner": {"right": 2, "answered": 2}}})
    assert (again.right, again.answered) == (1, 1) and "1 right of 1" in again.score_html.value
    first.next_puzzle()
    assert again.puzzle == first.puzzle != answered
    assert PuzzleView(seed=1, difficulty="easy", store="file", progress_dir=str(tmp_path)).keeper is None
