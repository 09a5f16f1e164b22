"""The reviews stored with the package (what each card cost, for the packaged records) are exactly
what the solver finds, and are used only when the pure-Python solver is all there is."""

from __future__ import annotations

import pytest

from spades_teach.analysis import card_cost
from spades_teach.analysis.card_cost import card_costs, stored_card_costs
from spades_teach.analysis.stored_reviews import hand_fingerprint, stored_review_data
from spades_teach.game.replays import list_records, load_record

dd_module = card_cost.score_cards.__module__


@pytest.mark.parametrize("name", list_records())
def test_the_stored_review_matches_a_fresh_one(name: str) -> None:
    round_ = load_record(name).to_round()
    stored = stored_card_costs(round_)
    assert stored is not None, f"no stored review for {name!r}: run python tools/make_reviews.py"
    assert stored == card_costs(round_)  # the compiled solver (tests/test_double_dummy.py checks it is built)


def test_the_python_backend_reads_the_stored_review_without_solving(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    module = sys.modules[dd_module]
    round_ = load_record("contract_set").to_round()
    expected = card_costs(round_)

    def no_solving(*args: object, **kwargs: object) -> None:
        raise AssertionError("the stored review should have been used")

    monkeypatch.setattr(module, "SOLVER_BACKEND", "python")
    for name in ("score_cards", "nil_safe_cards"):
        monkeypatch.setattr(card_cost, name, no_solving)
    seen: list[tuple[int, int]] = []
    assert card_costs(round_, progress=lambda done, total: seen.append((done, total))) == expected
    assert seen[-1] == (52, 52) and len(seen) == 52


def test_a_hand_played_differently_is_not_found() -> None:
    record = load_record("contract_set").to_round()
    from spades_teach import Round

    partial = Round(record.deal, dealer=record.dealer, rules=record.rules, scores=record.scores_before)
    for event in record.history[:10]:
        if hasattr(event, "card"):
            partial.play(event.seat, event.card)
        else:
            partial.bid(event.seat, event.bid)
    assert hand_fingerprint(partial) != hand_fingerprint(record)
    assert stored_card_costs(partial) is None and stored_review_data(partial) is None


def test_the_stored_reviews_module_does_not_import_the_review() -> None:
    """No import cycle: the store only finds JSON data; card_cost turns it into reviews."""
    import ast
    import inspect

    from spades_teach.analysis import stored_reviews

    tree = ast.parse(inspect.getsource(stored_reviews))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert "spades_teach.analysis.card_cost" not in imported


def test_hints_apply_to_a_stored_review(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    round_ = load_record("contract_set").to_round()
    costly = next(c for c in card_costs(round_) if c.cost > 0)
    monkeypatch.setattr(sys.modules[dd_module], "SOLVER_BACKEND", "python")
    (flagged,) = [c for c in card_costs(round_, hints={costly.number: costly.card}) if c.number == costly.number]
    assert flagged.was_hint and "Teach me hint" in flagged.explanation
