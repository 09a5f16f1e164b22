"""Each piece of game logic written once (issue #20 §2–3): the void inference, the
sampler of unseen cards, the replay of events onto a Round, the match-winning
stakes and the bot protocol. Each test fails if a copy comes back."""

from __future__ import annotations

import ast
import dataclasses
import functools
import random
from pathlib import Path

import pytest

from spades_teach import Position, Round, Rules, deal, score_round
from spades_teach.advice import play
from spades_teach.advice.sampling import draw_deal, nil_fit
from spades_teach.errors import PositionError
from spades_teach.game._bits import SUIT_MASKS, mask_cards
from spades_teach.game.cards import Card, Suit
from spades_teach.game.kernel import shown_void
from spades_teach.game.scoring import reaches_target, score_if_made

PACKAGE = Path(__file__).resolve().parent.parent / "spades_teach"


@functools.cache
def _sources() -> tuple[tuple[Path, ast.Module], ...]:
    """The package's modules, parsed (its generated data modules left out)."""
    paths = sorted(p for p in PACKAGE.rglob("*.py") if p.stat().st_size < 200_000)
    return tuple((path, ast.parse(path.read_text(encoding="utf-8"))) for path in paths)


def test_shown_void_is_a_card_that_does_not_follow_the_suit_led() -> None:
    for card in (Card.from_index(i) for i in range(52)):
        for led in Suit:
            expected = 0 if card.suit is led else 1 << led
            assert shown_void(card.mask, SUIT_MASKS[led]) == expected, (card, led)
        assert shown_void(card.mask, 0) == 0  # a lead shows nothing


def test_position_voids_are_the_kernels_on_random_hands() -> None:
    """Every card of random hands, read back from the round's own tricks (who played
    what is known there), gives the voids the position reports."""
    rng = random.Random(20)
    for seed in range(6):
        r = Round(deal(seed), dealer="W")
        for seat in r.seats:
            r.bid(r.to_act, 3)  # type: ignore[arg-type]
            del seat
        while not r.is_complete:
            p = Position.from_round(r)
            expected = {s: 0 for s in r.seats}
            for trick in (*r.tricks, r.current_trick):
                led = SUIT_MASKS[trick.led] if trick.led is not None else 0
                for who, card in trick.plays:
                    expected[who] |= shown_void(card.mask, led)
            assert {s: sum(1 << suit for suit in p.voids[s]) for s in r.seats} == expected
            r.play(r.to_act, rng.choice(list(r.legal_plays())))


def test_no_module_but_the_kernel_infers_a_void() -> None:
    """A void is written down only from the kernel's answer: no ``voids[...] |= 1 << x.suit``
    (a suit bit made by hand: a copy of the rule ``a card off the suit led shows a void``)
    anywhere else."""
    copies = []
    for path, tree in _sources():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.AugAssign)
                and isinstance(node.op, ast.BitOr)
                and "void" in ast.unparse(node.target)
                and any(
                    isinstance(part, ast.BinOp) and isinstance(part.op, ast.LShift) for part in ast.walk(node.value)
                )
            ):
                copies.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert copies == []


def test_draw_deal_respects_room_and_voids() -> None:
    rng = random.Random(4)
    deck = [Card.from_index(i) for i in range(52)]
    dealt = 0
    for _ in range(300):
        cards = rng.sample(deck, 30)
        room = [9, 9, 8]  # four cards are already gone
        allowed = [0b1111, 0b1110, 0b1011]
        masks = draw_deal(cards, room=room, rng=rng, allowed=allowed)
        if masks is None:
            continue
        dealt += 1
        held = 0
        for mask, n, suits in zip(masks, room, allowed, strict=True):
            assert mask.bit_count() == n
            assert all(suits >> card.suit & 1 for card in mask_cards(mask))
            assert not held & mask
            held |= mask
        assert held & ~sum(c.mask for c in cards) == 0
    assert dealt > 200


def test_one_nil_fit_rule_for_every_sampled_deal() -> None:
    """What a live Nil bidder may hold in a sampled deal is one rule (sampling.nil_fit): the expert's
    and the judge's deals and the hard bot's quick draws use it, and no other module of theirs names
    the cards a Nil bidder fits badly with."""
    assert nil_fit(Card.parse("AS").mask | Card.parse("KS").mask) == pytest.approx(0.04)
    assert nil_fit(Card.parse("JS").mask | Card.parse("2H").mask) == 1.0
    for name in ("bots.py", "evaluation.py", "bid_trial.py"):
        text = next(p for p, _ in _sources() if p.name == name).read_text(encoding="utf-8")
        assert "_NIL_DANGER" not in text and "_NIL_SHY" not in text, name
    for name in ("bots.py", "evaluation.py"):
        assert "nil_fit(" in next(p for p, _ in _sources() if p.name == name).read_text(encoding="utf-8")


def test_without_limits_the_draw_is_the_shuffled_cards_cut_in_order() -> None:
    cards = [Card.from_index(i) for i in range(39)]
    expected = list(cards)
    random.Random(9).shuffle(expected)
    masks = draw_deal(cards, room=[13, 13, 13], rng=random.Random(9))
    assert masks == [sum(c.mask for c in expected[13 * k : 13 * (k + 1)]) for k in range(3)]


def test_only_the_sampler_shuffles_unseen_cards() -> None:
    """The hard bot, the expert, the puzzles, the bid trial (the hand analysis) and the OpenSpiel
    benchmarks deal the unseen cards through ``sampling.draw_deal``: no other module of theirs shuffles or
    draws cards itself."""
    users = {"bots.py", "evaluation.py", "play.py", "position.py", "bid_trial.py", "puzzles.py", "card_cost.py"}
    copies = []
    for path, tree in _sources():
        if path.name not in users:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if node.func.attr == "shuffle" or (node.func.attr == "bisect"):
                    copies.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    adapter = PACKAGE.parent / "benchmarks" / "_openspiel.py"  # the OpenSpiel benchmarks' resampling
    for node in ast.walk(ast.parse(adapter.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "shuffle":
            copies.append(f"{adapter.name}:{node.lineno}: {ast.unparse(node)}")
    assert copies == []
    for name in ("bots.py", "evaluation.py", "bid_trial.py"):
        assert "draw_deal(" in next(p for p, _ in _sources() if p.name == name).read_text(encoding="utf-8")


def _one_event_unpacked(args: list[ast.expr]) -> bool:
    """``(e.seat, e.bid)`` or ``(e.seat, e.card)``: the two fields of one event."""
    if not all(isinstance(a, ast.Attribute) and isinstance(a.value, ast.Name) for a in args):
        return False
    first, second = (a for a in args if isinstance(a, ast.Attribute))
    return (
        isinstance(first.value, ast.Name)
        and isinstance(second.value, ast.Name)
        and first.value.id == second.value.id
        and (first.attr, second.attr) in (("seat", "bid"), ("seat", "card"))
    )


def test_only_round_apply_turns_an_event_back_into_a_bid_or_a_card() -> None:
    """Replaying a history is ``Round.apply`` (or ``Round.replayed``): no other module
    unpacks an event into ``bid(event.seat, event.bid)`` or ``play(event.seat, event.card)``."""
    copies = []
    for path, tree in _sources():
        if path.name == "round.py":
            continue
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("bid", "play")
                and len(node.args) == 2
                and _one_event_unpacked(node.args)
            ):
                copies.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert copies == []


def test_replayed_is_the_round_after_those_events() -> None:
    rng = random.Random(3)
    r = Round(deal(8), dealer="E", scores={"NS": 120, "EW": 40})
    while not r.is_complete:
        if r.phase == "bidding":
            r.bid(r.to_act, rng.choice(list(r.legal_bids())))  # type: ignore[arg-type]
        else:
            r.play(r.to_act, rng.choice(list(r.legal_plays())))
    for step in (0, 2, 4, 17, len(r.history)):
        again = r.replayed(r.history[:step])
        assert again.history == r.history[:step]
        assert again.scores_before == r.scores_before and again.dealer is r.dealer
    assert r.replayed(r.history).score().points == r.score().points


def _played_round(seed: int, cards: int) -> Round:
    rng = random.Random(seed)
    r = Round(deal(seed), dealer="S")
    while r.phase == "bidding":
        r.bid(r.to_act, 3)  # type: ignore[arg-type]
    for _ in range(cards):
        r.play(r.to_act, rng.choice(list(r.legal_plays())))
    return r


def test_a_live_positions_history_is_the_rounds_tricks_not_rebuilt_backwards(monkeypatch: pytest.MonkeyPatch) -> None:
    rounds = [_played_round(seed, cards) for seed, cards in ((1, 0), (2, 9), (3, 30), (4, 51))]
    rebuilt = [
        Position(r.to_act, r.hand(r.to_act), r.bids, r.tricks_won, played=r.played, trick=r.current_trick.cards)  # type: ignore[arg-type]
        for r in rounds
    ]

    def backwards(self: Position) -> None:
        raise AssertionError("the history of a live round was rebuilt backwards")

    monkeypatch.setattr(Position, "_rebuild_history", backwards)
    for r, old in zip(rounds, rebuilt, strict=True):
        p = Position.from_round(r)
        assert p.trick_history == old.trick_history == tuple((t.leader, t.cards, t.winner) for t in r.tricks)
        assert p.voids == old.voids and p.tricks_won == old.tricks_won and p.played == old.played


def test_trick_records_that_do_not_follow_are_refused() -> None:
    r = _played_round(5, 12)
    first, second, third = r.tricks
    wrong = dataclasses.replace(second, winner=second.leader if second.winner is not second.leader else second.seats[1])
    with pytest.raises(PositionError, match="leader or winner"):
        Position(r.to_act, r.hand(r.to_act), r.bids, played=[first, wrong, third])  # type: ignore[arg-type]
    with pytest.raises(PositionError, match="not complete"):
        Position(r.to_act, r.hand(r.to_act), r.bids, played=[first, second, r.current_trick])  # type: ignore[arg-type]


def test_score_if_made_is_the_score_of_the_hand() -> None:
    """The one measure of the end of a match agrees with score_round for contracts made."""
    rng = random.Random(12)
    for rules in (Rules(), Rules(bag_limit=5, bag_penalty=50)):
        for _ in range(500):
            n, s = rng.randint(1, 6), rng.randint(1, 6)
            over = rng.randint(0, 13 - n - s)
            extra_n = rng.randint(0, over)
            carried = rng.randint(0, rules.bag_limit - 1)
            score = score_round(
                {"N": n, "S": s, "E": 2, "W": 2},
                {"N": n + extra_n, "S": s + over - extra_n, "E": 13 - n - s - over, "W": 0},
                bags={"NS": carried},
                rules=rules,
            )
            expected = 300 + score.points["NS"]
            assert score_if_made(300, n + s, rules, overtricks=over, bags_carried=carried) == expected
            assert reaches_target(300, n + s, rules, overtricks=over, bags_carried=carried) == (
                expected >= rules.target
            )


def test_a_hand_does_not_win_the_match_whatever_the_bags_when_its_bags_bring_the_penalty() -> None:
    """The play hint's copy counted only the bags still to come towards the penalty: with 6
    bags carried, 4 taken this hand and one trick to go it said the hand wins the match
    (460 + 40 + 4) although the counter is at 10 and the penalty falls (404)."""
    p = Position(
        "S", "AS", bids={"N": 2, "S": 2, "E": 2, "W": 2}, tricks_won={"N": 4, "S": 4, "E": 2, "W": 2},
        scores={"NS": 460, "EW": 100}, bags={"NS": 6},
    )  # fmt: skip
    _, _, why = play._mode(play.View.from_position(p))
    assert "wins the match" not in why
    safe = Position(
        "S", "AS", bids={"N": 2, "S": 2, "E": 2, "W": 2}, tricks_won={"N": 4, "S": 4, "E": 2, "W": 2},
        scores={"NS": 460, "EW": 100}, bags={"NS": 2},
    )  # fmt: skip
    assert "wins the match" in play._mode(play.View.from_position(safe))[2]


def test_no_module_but_scoring_asks_whether_a_contract_reaches_the_target() -> None:
    """``score + 10 * contract >= rules.target`` is ``scoring.reaches_target``: no copy of it
    (a comparison with a target and a product by ten) in the advice or the analysis."""
    copies = []
    for path, tree in _sources():
        if path.parent.name not in ("advice", "analysis"):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                text = ast.unparse(node)
                if "target" in text and ("10 *" in text or "CONTRACT_TRICK_POINTS *" in text):
                    copies.append(f"{path.name}:{node.lineno}: {text}")
    assert copies == []


def test_only_the_position_turns_a_seat_view_and_hidden_hands_into_a_solver_state() -> None:
    """A moment of the advice or the analysis reaches the solver through ``Position.solver_state``
    (issue 30): no other module of theirs builds a ``DDState`` from its parts (``DDState(...)``,
    ``DDState.from_rules``, ``make_position``)."""
    copies = []
    for path, tree in _sources():
        if path.parent.name not in ("advice", "analysis") or path.name == "position.py":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = ast.unparse(node.func)
                if name in ("DDState", "make_position") or name.endswith(".from_rules"):
                    copies.append(f"{path.name}:{node.lineno}: {ast.unparse(node)}")
    assert copies == []


def test_position_solver_state_is_the_checked_one_and_the_rounds() -> None:
    """``Position.solver_state`` gives, from a live hand's position and the other seats' real hands,
    the state the solver builds from the whole round, with and without the checks."""
    from spades_teach.solver import DDState

    rng = random.Random(30)
    for seed, rules in enumerate((Rules(), Rules(first_lead="two_of_clubs"), Rules(spade_lead_breaks=True))):
        r = Round(deal(seed), dealer="W", rules=rules)
        while r.phase == "bidding":
            r.bid(r.to_act, 3)  # type: ignore[arg-type]
        while not r.is_complete:
            p = Position.from_round(r)
            others = {s: r.hand(s).mask for s in r.seats if s is not p.seat}
            expected = DDState.from_round(r)
            assert p.solver_state(others) == expected
            assert p.solver_state(others, check=True) == expected
            r.play(r.to_act, rng.choice(list(r.legal_plays())))


def test_one_bot_protocol() -> None:
    """A bot is ``advice.driver.Bot``: no second protocol with ``choose_play`` elsewhere."""
    protocols = [
        f"{path.name}:{node.name}"
        for path, tree in _sources()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        and any(ast.unparse(base).endswith("Protocol") for base in node.bases)
        and any(isinstance(item, ast.FunctionDef) and item.name == "choose_play" for item in node.body)
    ]
    assert protocols == ["driver.py:Bot"]


def _alpha_beta_windows(tree: ast.AST) -> list[str]:
    """The functions of ``tree`` that narrow an alpha-beta window (``alpha = max(...)`` and
    ``beta = min(...)``): each one is a search loop."""

    def own(function: ast.AST) -> list[ast.AST]:
        """The nodes of ``function``'s own body, its inner functions left out."""
        out, todo = [], list(ast.iter_child_nodes(function))
        while todo:
            node = todo.pop()
            out.append(node)
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                todo.extend(ast.iter_child_nodes(node))
        return out

    found = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            narrowed = {
                target.id
                for statement in own(node)
                if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Call)
                for target in statement.targets
                if isinstance(target, ast.Name)
                and isinstance(statement.value.func, ast.Name)
                and (target.id, statement.value.func.id) in {("alpha", "max"), ("beta", "min")}
            }
            if narrowed == {"alpha", "beta"}:
                found.append(node.name)
    return found


def test_one_alpha_beta_search_in_python() -> None:
    """The reference solver and the card-cost review's points search are two trees of the one
    search (solver/search.py:alphabeta); so are the benchmark's and the tests' searches."""
    root = PACKAGE.parent
    searches = {
        f"{path.relative_to(root).as_posix()}:{name}"
        for path in [*(p for p, _ in _sources()), *root.glob("benchmarks/*.py"), *root.glob("tests/*.py")]
        for name in _alpha_beta_windows(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert searches == {"spades_teach/solver/search.py:search"}


#: Public names defined in more than one module, each for a reason (or waiting for its rename).
_SHARED_NAMES = {
    "COMMAND": "each command of cli/ declares itself alike (one module per command)",
    "configure": "each command of cli/ declares itself alike",
    "run": "each command of cli/ declares itself alike",
    "T": "a type variable, local to its module",
    "Progress": "the same callback type, named where it is taken",
    "STORE": "each module's own data file",
    "Answer": "a drill's answer (analysis/drills.py) and the exercise widgets' (widgets/exercise.py)",
    "SCORE": "the play hints' table and the puzzle widget's",
    "Term": "the term base's entry (terms.py) and the glossary's (render/glossary.py)",
    "card_face": "advice/_words.py's wrapper of notation's",
    "card_names": "advice/_words.py's wrapper of notation's",
    "language_menu": "the app's and the book's menus",
    "level_name": "a bot level's name (advice/levels.py) and a hint level's (advice/teach.py)",
    "nil_checklist_html": "the cheat sheet's and the exercise widget's",
}


def test_each_public_name_is_defined_in_one_module() -> None:
    """A public function, class or constant is defined once in the package: side_name,
    seat_word, card_text, plural, signed and BACKEND were each defined twice (two meanings under
    one name, or one helper written twice). The names shared for a reason are listed above."""
    where: dict[str, set[str]] = {}
    for path, tree in _sources():
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names = [node.target.id]
            else:
                names = []
            for name in names:
                if not name.startswith("_"):
                    where.setdefault(name, set()).add(path.relative_to(PACKAGE).as_posix())
    shared = {name: sorted(paths) for name, paths in where.items() if len(paths) > 1}
    assert set(shared) <= set(_SHARED_NAMES), {n: p for n, p in shared.items() if n not in _SHARED_NAMES}
    for helper in ("side_name", "seat_word", "card_text", "plural", "signed", "BACKEND"):
        assert len(where.get(helper, ())) <= 1, (helper, where[helper])


def test_legal_is_legal_with_rule_and_every_rule_decides_somewhere() -> None:
    """``kernel.legal`` (the fast form the play state calls) and ``kernel.legal_with_rule`` (which
    also says which rule decided, for ``why_illegal`` and the drills) give the same cards."""
    from spades_teach.game.kernel import LegalRule, legal, legal_with_rule

    rng = random.Random(40)
    rules_seen = set()
    for _ in range(4000):
        hand = sum(1 << i for i in rng.sample(range(52), rng.randint(1, 13)))
        if rng.random() < 0.1:
            hand &= SUIT_MASKS[Suit.SPADES] or hand  # a hand of spades only, now and then
        led = rng.choice([0, 0, *SUIT_MASKS])
        broken, two_of_clubs = rng.random() < 0.5, rng.random() < 0.2
        allowed, rule = legal_with_rule(hand, led, broken, two_of_clubs)
        assert allowed == legal(hand, led, broken, two_of_clubs), (hand, led, broken, two_of_clubs)
        rules_seen.add(rule)
    assert rules_seen == set(LegalRule)
