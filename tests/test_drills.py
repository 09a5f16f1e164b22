"""The drills: every kind's generator and grader (right and wrong answers, the same question for
the same seed, difficulty that grows), and the drill widget's plain-Python state and saved progress."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from _drill_probe import wrong_answer

from spades_teach import Card, Hand, Round, Rules, Seat, deal, score_round
from spades_teach.advice.bidding import assess_nil, count_hand
from spades_teach.analysis import drills
from spades_teach.analysis.drills import KINDS, Drill, difficulty_for, drill_seed, make_drill, register_kind
from spades_teach.errors import AnswerError, SpadesError
from spades_teach.game.kernel import LegalRule, legal_with_rule
from spades_teach.game.round import legal_cards, trick_winner

FAST = ["legal", "winner", "score"]
SEEDS = range(12)


def _right(drill: Drill) -> dict[str, str]:
    return {f.name: e for f, e in zip(drill.fields, drill.expected)}


# -- every kind ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", FAST)
@pytest.mark.parametrize("difficulty", [0, 2, 4])
def test_fast_kinds_grade_right_and_wrong_answers(kind: str, difficulty: int) -> None:
    for seed in SEEDS:
        drill = make_drill(kind, seed, difficulty)
        right = drill.grade(_right(drill))
        assert right.correct and right.verdict == "Right!"
        assert right.lines and right.lines == drill.lines
        wrong = drill.grade(wrong_answer(drill))
        assert not wrong.correct
        assert wrong.verdict.startswith("Not quite: the answer is ")
        assert all(e.replace("-", "−") in wrong.verdict for e in drill.expected)  # a negative score with a true minus


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_same_seed_and_difficulty_give_the_same_question(kind: str) -> None:
    for difficulty in (0, 3):
        a, b = make_drill(kind, 5, difficulty), make_drill(kind, 5, difficulty)
        assert a == b
    questions = {(make_drill(kind, seed, 2).prompt, make_drill(kind, seed, 2).facts) for seed in range(6)}
    hands = {make_drill(kind, seed, 2).hand for seed in range(6)}
    assert len(questions) > 1 or len(hands) > 1


def test_legal_answers_are_the_kernels() -> None:
    seen = set()
    for difficulty in range(5):
        for seed in SEEDS:
            drill = make_drill("legal", seed, difficulty)
            assert drill.hand is not None and drill.card is not None and drill.card in drill.hand
            led = drill.trick[0][1].suit if drill.trick else None
            rules = drill.data["rules"]
            first_two_clubs = rules.first_lead == "two_of_clubs" and drill.data["tricks_done"] == 0 and not drill.trick
            if first_two_clubs and Card.parse("2C") in drill.hand:
                legal = {Card.parse("2C")}
            else:
                legal = set(legal_cards(drill.hand, led, drill.data["spades_broken"]))
            assert drill.expected == ("legal" if drill.card in legal else "not legal",)
            seen.add(drill.expected[0])
            if drill.expected == ("not legal",):
                assert "is not legal: " in drill.lines[0]
    assert seen == {"legal", "not legal"}


def test_the_spade_lead_rule_is_said_right_after_a_spade_led_from_a_hand_of_spades() -> None:
    """Seed 0, each seat playing its lowest card (spades last): after 8 tricks a hand of spades
    only has led a spade, which does not break spades, and South leads from a hand with other
    suits. The drill said "spades may not lead until a spade has been played" (one has been)."""
    r = Round(deal(0), dealer="N")
    while r.phase == "bidding":
        r.bid(r.to_act, 3)  # type: ignore[arg-type]
    spade_led_alone = False
    while len(r.tricks) < 9:
        hand = r.hand(r.to_act)  # type: ignore[arg-type]
        spade_led_alone |= not r.current_trick.cards and all(c.is_spade for c in hand)
        r.play(r.to_act, min(r.legal_plays(), key=lambda c: (c.is_spade, c.rank)))  # type: ignore[arg-type]
    assert spade_led_alone and not r.spades_broken and r.to_act is Seat.S
    south = r.hand(Seat.S)
    allowed, rule = legal_with_rule(south.mask, 0, r.spades_broken)
    assert rule is LegalRule.UNBROKEN and not any(c.is_spade for c in Hand.from_mask(allowed))
    said = drills.legal_rule_line(rule, None, r.rules)
    assert "until they are broken" in said and "on a trick of another suit" in said
    assert "until a spade has been played" in drills.legal_rule_line(rule, None, Rules(spade_lead_breaks=True))
    spades_only = Hand.parse("AK...")
    allowed, rule = legal_with_rule(spades_only.mask, 0, False)
    assert rule is LegalRule.ONLY_SPADES and allowed == spades_only.mask
    assert "does not break them" in drills.legal_rule_line(rule, None, Rules())
    assert "breaks them" in drills.legal_rule_line(rule, None, Rules(spade_lead_breaks=True))


def test_legal_questions_come_later_in_the_hand_as_the_level_grows() -> None:
    def mean_trick(level: int) -> float:
        return sum(make_drill("legal", seed, level).data["tricks_done"] for seed in SEEDS) / len(SEEDS)

    assert mean_trick(0) < mean_trick(1) < mean_trick(2)
    assert all(make_drill("legal", seed, 0).data["tricks_done"] <= 2 for seed in SEEDS)
    assert any(make_drill("legal", seed, 3).data["rules"].first_lead == "two_of_clubs" for seed in range(30))


def test_winner_answers_are_the_kernels_and_spades_come_with_the_level() -> None:
    for difficulty in range(5):
        for seed in SEEDS:
            drill = make_drill("winner", seed, difficulty)
            cards = [c for _, c in drill.trick]
            assert len(cards) == 4
            assert drill.expected == (trick_winner(cards, leader=drill.data["leader"]).word,)
    assert not any(c.suit.name == "SPADES" for seed in SEEDS for _, c in make_drill("winner", seed, 0).trick)
    assert all(any(c.suit.name == "SPADES" for _, c in make_drill("winner", seed, 1).trick) for seed in SEEDS)


def test_score_answers_and_explanation_come_from_score_round() -> None:
    for difficulty in range(5):
        for seed in SEEDS:
            drill = make_drill("score", seed, difficulty)
            d = drill.data
            assert sum(d["tricks"].values()) == 13
            result = score_round(d["bids"], d["tricks"], bags=d["bags"], rules=d["rules"])
            assert drill.expected == (str(result.points["NS"]), str(result.points["EW"]))
            assert list(drill.lines[: len(result.lines)]) == result.lines


def test_score_drills_bring_nil_bags_and_blind_nil_as_the_level_grows() -> None:
    def drills_at(level: int, n: int = 30) -> list[Drill]:
        return [make_drill("score", seed, level) for seed in range(n)]

    def has(level: int, test: object) -> bool:
        return any(test(d) for d in drills_at(level))  # type: ignore[operator]

    def nil(d: Drill) -> bool:
        return any(b.is_nil for b in d.data["bids"].values())

    def penalty(d: Drill) -> bool:
        return any("reached" in line for line in d.lines)

    def blind(d: Drill) -> bool:
        return any(b.is_nil and b.blind for b in d.data["bids"].values())

    assert not has(0, nil) and not has(1, nil) and not has(2, nil) and has(3, nil)
    assert all(d.data["bags"] == {"NS": 0, "EW": 0} for d in drills_at(0))
    assert not has(1, penalty) and has(2, penalty)
    assert not has(3, blind) and has(4, blind)


def test_score_answers_accept_a_minus_sign_and_refuse_words() -> None:
    drill = next(d for d in (make_drill("score", s, 0) for s in range(40)) if int(d.expected[0]) < 0)
    typed = {"NS": drill.expected[0].replace("-", "−"), "EW": f" {drill.expected[1]} "}
    assert drill.grade(typed).correct
    assert drill.grade(f"{drill.expected[0]}, {drill.expected[1]}").correct
    with pytest.raises(AnswerError, match="whole number"):
        drill.grade({"NS": "ten", "EW": "0"})
    with pytest.raises(AnswerError, match="fill in East–West points"):
        drill.grade({"NS": "10", "EW": ""})
    with pytest.raises(AnswerError, match="give 2 answers"):
        drill.grade("10")


def test_choice_answers_are_read_loosely_and_unknown_ones_refused() -> None:
    drill = make_drill("winner", 1, 0)
    assert drill.grade(drill.expected[0].upper()).correct
    with pytest.raises(AnswerError, match="choose one of North, East, South, West"):
        drill.grade("Nobody")
    with pytest.raises(AnswerError, match="type an answer first"):
        drill.grade("  ")
    assert issubclass(AnswerError, SpadesError)


def test_count_asks_for_sure_tricks_first_then_the_count_within_half_a_trick() -> None:
    easy = make_drill("count", 4, 0)
    assert easy.hand is not None
    reasons = count_hand(easy.hand)
    assert easy.expected == (str(sum(r.sure for r in reasons)),)
    assert [f.kind for f in easy.fields] == ["int"]
    hard = make_drill("count", 4, 2)
    assert hard.hand is not None
    estimate = sum(r.value for r in count_hand(hard.hand))
    assert float(hard.expected[0]) == pytest.approx(estimate)
    assert hard.grade(str(estimate + 0.5)).correct is True or estimate + 0.5 > 13
    assert hard.grade(str(max(0.0, estimate - 0.5))).correct
    assert not hard.grade(str(estimate + 1 if estimate <= 12 else estimate - 1)).correct
    sure_counts = [int(make_drill("count", seed, 0).expected[0]) for seed in range(20)]
    assert sum(n > 0 for n in sure_counts) >= 10 and 0 in sure_counts
    with pytest.raises(AnswerError, match="between 0 and 13"):
        hard.grade("14")
    with pytest.raises(AnswerError, match="number of tricks"):
        hard.grade("lots")
    # The explanation: the itemised count, then the make chance of nearby bids from playouts.
    feedback = hard.grade(hard.expected[0])
    assert [line.split(":")[0] for line in feedback.lines[: len(reasons)]] != []
    assert any(line.startswith("Bid ") and "made " in line for line in feedback.lines)
    assert any(f"{drills.BID_SAMPLES} deals" in line for line in feedback.lines)


def test_bid_drill_takes_the_advisors_bid_and_the_simulations_best() -> None:
    drill = make_drill("bid", 2, 1)
    assert drill.data["bids"] and set(drill.data["bids"]) == {"N", "E"}
    assert make_drill("bid", 2, 0).data["bids"] == {}
    assert make_drill("bid", 2, 3).data["scores"]
    feedback = drill.grade(drill.expected[0])
    assert feedback.correct and feedback.lines[0].startswith(f"The advisor bids {drill.expected[0]}")
    assert drill.more_right is not None
    (best,) = drill.more_right()
    assert drill.grade(best[0]).correct
    assert any(line.startswith(f"Best over these deals: bid {best[0]}") for line in feedback.lines)
    assert not drill.grade(wrong_answer(drill)).correct
    differ = next(
        d for d in (make_drill("bid", s, 0) for s in range(12)) if d.more_right and d.more_right()[0] != d.expected
    )
    assert differ.more_right is not None
    wrong = differ.grade(wrong_answer(differ)).verdict
    assert wrong == (
        f"Not quite: the answer is {differ.expected[0]} (or {differ.more_right()[0][0]}, the best over the simulated deals)."
    )
    with pytest.raises(AnswerError, match="Your bid"):
        drill.grade("fourteen")
    assert drill.grade("nil").correct == (drill.expected[0] == "Nil" or best[0] == "Nil")


def test_nil_drill_shows_the_checklist_and_a_simulated_success_rate() -> None:
    answers = set()
    for seed in range(6):
        drill = make_drill("nil", seed, 0)
        assert drill.hand is not None
        check = assess_nil(drill.hand)
        assert drill.expected == ("Nil" if check.fits else "not Nil",)
        assert abs(check.risk - 1.0) >= 3.0 or check.fits  # level 0: clear cases
        answers.add(drill.expected[0])
        assert check.checklist and all(str(item) in drill.lines for item in check.checklist)
    assert answers == {"Nil", "not Nil"}
    drill = make_drill("nil", 0, 2)
    feedback = drill.grade(drill.expected[0])
    rate = [line for line in feedback.lines if line.startswith("Simulated: South bid Nil")]
    assert len(rate) == 1 and f"on {drills.NIL_SAMPLES} deals" in rate[0]
    assert not drill.grade("not Nil" if drill.expected[0] == "Nil" else "Nil").correct


def test_the_nil_drill_never_asks_a_close_call_the_checklist_cannot_answer() -> None:
    """Its answer is the checklist's; a hand whose Nil only a trial at the table settles is left out,
    so the drill never contradicts the bid advisor."""
    from spades_teach.advice.bidding import advise_bid

    for seed in range(40):
        drill = drills.nil_drill(seed, 4)
        assert drill.hand is not None
        advised = advise_bid(drill.hand)
        assert advised.trial is None, str(drill.hand)
        if count_hand(drill.hand) and sum(r.value for r in count_hand(drill.hand)) < 2.5:
            assert (drill.expected[0] == "Nil") == advised.bid.is_nil, str(drill.hand)


def test_nil_checklist_is_the_assessments_own_checklist() -> None:
    for hand in ("AKQJ.AKQ.AKQ.AKQ", "2.5432.5432.5432", "K3.7654.8642.T93"):
        check = assess_nil(hand)
        lines = drills.nil_checklist_lines(check)
        assert lines == tuple(str(item) for item in check.checklist)
        assert [line[0] for line in lines] == ["✓" if item.ok else "✗" for item in check.checklist]


def test_nil_success_counts_the_deals_where_south_takes_no_trick() -> None:
    held, samples = drills.nil_success("AKQJ.AKQ.AKQ.AKQ", 1, samples=3)
    assert (held, samples) == (0, 3)
    held, samples = drills.nil_success("2345.2345.234.23", 1, samples=3)
    assert samples == 3 and held >= 1
    with pytest.raises(SpadesError, match="13 cards"):
        drills.nil_success("AKQJT.AKQ.AKQ.AKQ", 1, samples=3)


def test_difficulty_grows_with_the_streak_and_seeds_differ_by_question() -> None:
    assert [difficulty_for(n) for n in (0, 1, 2, 3, 5, 6, 12, 99)] == [0, 0, 0, 1, 1, 2, 4, 4]
    assert difficulty_for(-1) == 0
    seeds = {drill_seed(1, "legal", n) for n in range(50)}
    assert len(seeds) == 50
    assert drill_seed(1, "legal", 0) != drill_seed(2, "legal", 0) != drill_seed(1, "winner", 0)


def test_make_drill_refuses_unknown_kinds_and_clamps_the_level() -> None:
    with pytest.raises(AnswerError, match="unknown drill 'trumps'"):
        make_drill("trumps", 1)
    with pytest.raises(AnswerError, match="whole number"):
        make_drill("legal", "1")  # type: ignore[arg-type]
    assert make_drill("winner", 1, 99) == make_drill("winner", 1, drills.MAX_DIFFICULTY)
    assert make_drill("winner", 1, -3) == make_drill("winner", 1, 0)


@pytest.fixture
def extra_kind() -> Iterator[str]:
    def pick(seed: int, difficulty: int) -> Drill:
        hand = Hand.parse("AS KH")
        return Drill(
            kind="pick",
            seed=seed,
            difficulty=difficulty,
            prompt="Which card?",
            fields=(drills.AnswerField("answer", "Your card", "card", ("AS", "KH")),),
            expected=("AS",),
            lines=("The ace wins.",),
            hand=hand,
        )

    register_kind("pick", "Pick a card", pick)
    try:
        yield "pick"
    finally:
        del KINDS["pick"]


def test_a_kind_is_added_by_registering_its_generator(extra_kind: str, tmp_path: Path) -> None:
    drill = make_drill(extra_kind, 3)
    assert drill.grade("a♠").correct and drill.grade("AS").correct and not drill.grade("K♥").correct
    with pytest.raises(AnswerError, match="choose one of A♠ K♥, not 2♣"):
        drill.grade("2C")
    with pytest.raises(AnswerError, match="Your card: "):
        drill.grade("zz")
    from spades_teach.widgets.drill import DrillWidget

    widget = DrillWidget(kinds=[extra_kind, "winner"], progress_dir=tmp_path)
    assert widget.view["kinds"][0] == ["pick", "Pick a card"]
    assert widget.view["hand"][0]["code"] == "AS"
    assert [c["code"] for c in widget.view["fields"][0]["cards"]] == ["AS", "KH"]
    widget.send_action({"action": "answer", "values": {"answer": "KH"}})
    assert widget.view["feedback"]["correct"] is False
    assert widget.view["feedback"]["verdict"] == "Not quite: the answer is A♠."


# -- the widget's plain state and its saved progress ----------------------------------------------------


def _widget(tmp_path: Path, kinds: list[str], seed: int = 0) -> object:
    from spades_teach.widgets.drill import DrillWidget

    return DrillWidget(kinds=kinds, seed=seed, progress_dir=tmp_path)


def test_widget_answers_count_streak_and_accuracy_and_survive_a_restart(tmp_path: Path) -> None:
    from spades_teach.widgets.drill import DrillWidget

    w = DrillWidget(kinds=["winner"], seed=4, progress_dir=tmp_path)
    first = w.drill
    w.send_action({"action": "answer", "values": _right(w.drill)})
    assert w.feedback is not None and w.feedback.correct and w.view["feedback"]["correct"] is True
    assert w.view["feedback"]["lines"] == list(first.lines)
    w.send_action({"action": "next"})
    assert w.drill != first and w.view["feedback"] is None
    w.send_action({"action": "answer", "values": wrong_answer(w.drill)})
    assert w.view["feedback"]["correct"] is False
    stats = w.stats("winner")
    assert (stats["streak"], stats["best"], stats["right"], stats["answered"]) == (0, 1, 1, 2)
    assert w.view["stats"][0]["accuracy"] == "50%"
    saved = json.loads((tmp_path / "drills.json").read_text())
    assert saved["kinds"]["winner"]["answered"] == 2
    # A new widget (a restarted kernel) reads the saved progress and goes on with new questions.
    again = DrillWidget(kinds=["winner"], seed=4, progress_dir=tmp_path)
    assert again.stats("winner") == w.stats("winner")
    assert again.drill not in (first,)


def test_widget_bad_answers_show_a_message_and_change_nothing(tmp_path: Path) -> None:
    w = _widget(tmp_path, ["score"])
    before = w.drill  # type: ignore[attr-defined]
    w.send_action({"action": "answer", "values": {"NS": "lots", "EW": "3"}})  # type: ignore[attr-defined]
    assert "NS" not in w.error and "North–South points: type a whole number" in w.error  # type: ignore[attr-defined]
    assert w.view["error"] == w.error and w.view["feedback"] is None  # type: ignore[attr-defined]
    assert w.stats("score")["answered"] == 0 and w.drill == before  # type: ignore[attr-defined]
    assert not (tmp_path / "drills.json").exists()
    w.send_action({"action": "answer", "values": _right(before)})  # type: ignore[attr-defined]
    assert w.error == "" and w.view["feedback"]["correct"] is True  # type: ignore[attr-defined]
    w.send_action({"action": "answer", "values": _right(before)})  # type: ignore[attr-defined]
    assert "already" in w.error or "answered" in w.error  # type: ignore[attr-defined]
    assert w.stats("score")["answered"] == 1  # type: ignore[attr-defined]


def test_widget_difficulty_grows_with_the_streak_and_mixed_mode_takes_kinds_in_turn(tmp_path: Path) -> None:
    w = _widget(tmp_path, ["legal", "winner"])
    kinds = []
    for _ in range(4):
        kinds.append(w.drill.kind)  # type: ignore[attr-defined]
        w.send_action({"action": "next"})  # type: ignore[attr-defined]
    assert kinds == ["legal", "winner", "legal", "winner"]
    w.send_action({"action": "mode", "mode": "winner"})  # type: ignore[attr-defined]
    levels = []
    for _ in range(7):
        levels.append(w.drill.difficulty)  # type: ignore[attr-defined]
        w.send_action({"action": "answer", "values": _right(w.drill)})  # type: ignore[attr-defined]
        w.send_action({"action": "next"})  # type: ignore[attr-defined]
        assert w.drill.kind == "winner"  # type: ignore[attr-defined]
    assert levels == [0, 0, 0, 1, 1, 1, 2]
    w.send_action({"action": "mode", "mode": "bid"})  # type: ignore[attr-defined]
    assert "unknown drill 'bid'" in w.error  # type: ignore[attr-defined]


def test_progress_of_two_widgets_is_merged_and_a_broken_file_is_noted(tmp_path: Path) -> None:
    a = _widget(tmp_path, ["legal"])
    b = _widget(tmp_path, ["winner"])
    a.send_action({"action": "answer", "values": _right(a.drill)})  # type: ignore[attr-defined]
    b.send_action({"action": "answer", "values": _right(b.drill)})  # type: ignore[attr-defined]
    saved = json.loads((tmp_path / "drills.json").read_text())["kinds"]
    assert saved["legal"]["right"] == 1 and saved["winner"]["right"] == 1
    (tmp_path / "drills.json").write_text("{not json")
    c = _widget(tmp_path, ["legal"])
    assert c.stats("legal")["answered"] == 0  # type: ignore[attr-defined]
    assert "could not be read" in c.view["note"]  # type: ignore[attr-defined]


def test_progress_folder_comes_from_the_environment_variable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from spades_teach.widgets import drill as module

    monkeypatch.setenv(module.DATA_DIR_VARIABLE, str(tmp_path / "here"))
    assert module.progress_dir() == tmp_path / "here"
    w = module.DrillWidget(kinds=["winner"])
    w.send_action({"action": "answer", "values": _right(w.drill)})
    assert (tmp_path / "here" / "drills.json").exists()
    monkeypatch.delenv(module.DATA_DIR_VARIABLE)
    assert module.progress_dir().name == "spades_teach"


def test_widget_refuses_unknown_kinds_and_is_exported(tmp_path: Path) -> None:
    import spades_teach.widgets as widgets

    with pytest.raises(AnswerError, match="unknown drill kinds"):
        widgets.DrillWidget(kinds=["chess"], progress_dir=tmp_path)
    w = widgets.DrillWidget(kinds=["legal", "winner"], progress_dir=tmp_path)
    assert repr(w) == "<DrillWidget: Is this card legal?, Who wins this trick?>"
    assert "DrillWidget" in widgets.__all__


def test_widget_shows_the_verdict_before_the_simulation_ends(tmp_path: Path) -> None:
    w = _widget(tmp_path, ["nil"])
    shown: list[dict[str, object]] = []
    w.observe(lambda change: shown.append(change["new"]), names="view")  # type: ignore[attr-defined]
    w.send_action({"action": "answer", "values": _right(w.drill)})  # type: ignore[attr-defined]
    assert len(shown) == 2
    assert shown[0]["pending"] and shown[0]["feedback"]["correct"] is True  # type: ignore[index]
    assert not any(str(line).startswith("Simulated") for line in shown[0]["feedback"]["lines"])  # type: ignore[index]
    assert not shown[1]["pending"]
    assert any(str(line).startswith("Simulated") for line in shown[1]["feedback"]["lines"])  # type: ignore[index]
    assert Seat.S.word == "South"


def test_min_levels_start_a_kind_higher_and_the_streak_raises_it_from_there(tmp_path: Path) -> None:
    from spades_teach.widgets.drill import DrillWidget

    w = DrillWidget(kinds=["score", "winner"], min_levels={"score": 2}, progress_dir=tmp_path)
    assert (w.drill.kind, w.drill.difficulty) == ("score", 2)
    w.choose("winner")
    assert w.drill.difficulty == 0
    with pytest.raises(AnswerError, match="not one of this drill's kinds"):
        DrillWidget(kinds=["score"], min_levels={"nil": 1}, progress_dir=tmp_path)
    with pytest.raises(AnswerError, match="a level from 0 to 4"):
        DrillWidget(kinds=["score"], min_levels={"score": 7}, progress_dir=tmp_path)
    streaky = DrillWidget(kinds=["score"], min_levels={"score": 1}, progress_dir=tmp_path / "other")
    levels = []
    for _ in range(7):
        levels.append(streaky.drill.difficulty)
        streaky.answer(_right(streaky.drill))
        streaky.next_question()
    assert levels == [1, 1, 1, 1, 1, 1, 2]


def test_browser_store_takes_the_pages_saved_counts_and_writes_no_file(tmp_path: Path) -> None:
    from spades_teach.widgets.drill import DrillWidget

    w = DrillWidget(kinds=["winner"], seed=2, store="browser", progress_dir=tmp_path)
    assert (w.view["store"], w.view["restored"]) == ("browser", False)
    kept = {"winner": {"streak": 3, "best": 4, "answered": 9, "right": 7, "number": 5}, "nil": "junk"}
    w.send_action({"action": "restore", "kinds": kept})
    assert w.view["restored"] is True and w.stats("winner") == kept["winner"]
    assert w.drill == make_drill("winner", drill_seed(2, "winner", 5), 1)
    w.send_action({"action": "restore", "kinds": {"winner": {"answered": 1}}})  # only once
    assert w.stats("winner")["answered"] == 9
    w.send_action({"action": "answer", "values": _right(w.drill)})
    assert w.view["progress"]["winner"]["answered"] == 10 and w.view["progress"]["winner"]["streak"] == 4
    assert not (tmp_path / "drills.json").exists()
    on_file = DrillWidget(kinds=["winner"], seed=2, progress_dir=tmp_path)
    on_file.send_action({"action": "restore", "kinds": kept})
    assert on_file.stats("winner")["answered"] == 0 and on_file.view["store"] == "file"
    with pytest.raises(AnswerError, match="store must be"):
        DrillWidget(kinds=["winner"], store="cloud", progress_dir=tmp_path)


def test_progress_store_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    from spades_teach.widgets import drill as module

    monkeypatch.setenv(module.STORE_VARIABLE, "browser")
    assert module.progress_store() == "browser"
    monkeypatch.setenv(module.STORE_VARIABLE, "file")
    assert module.progress_store() == "file"
    monkeypatch.delenv(module.STORE_VARIABLE)
    monkeypatch.setattr(module.sys, "platform", "emscripten")
    assert module.progress_store() == "browser"


def test_the_level_is_explained_where_it_is_shown(tmp_path: Path) -> None:
    """A new learner of chapter 8 starts at "Level 3 of 5": the line under it says what that means."""
    from spades_teach.widgets.drill import DrillWidget

    w = DrillWidget(kinds=["legal", "winner"], seed=8, min_levels={"legal": 2}, progress_dir=tmp_path)
    assert w.view["level_text"] == "Level 3 of 5"
    note = w.view["level_note"]
    assert "from 1, the simplest questions, to 5" in note and "starts at level 3" in note
    assert "Three right answers in a row" in note and "back to level 3" in note
    w.send_action({"action": "next"})
    assert w.view["level_text"] == "Level 1 of 5" and "starts at level 1" in w.view["level_note"]
