"""The Teach me hint's level at the card table: beginner rules or the expert (TableGame, no browser)."""

from __future__ import annotations

from typing import Any

from _stub_bots import low_bots

from spades_teach import Card
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.advice.teach import teach
from spades_teach.widgets.table_game import TableGame


def game(**options: Any) -> TableGame:
    return TableGame(bots=low_bots(), **options)


def test_the_hint_starts_at_the_beginner_level_and_a_bad_level_is_refused() -> None:
    g = game(seed=7, teach=True, pause=0)
    g.bid(3)
    assert g.state()["hint_level"] == "beginner"
    assert g.round is not None
    position = Position.from_round(g.round, bags=g.match.bags)
    rule = suggest_play(position)
    # the rule of thumb unless the one judge calls it clearly worse
    expected = teach(position, "beginner")
    assert expected.rule_card == Card.parse(rule.card)
    assert g.hint == f"Teach me: play {expected.card.pretty} — {expected.reason}"
    before = g.hint
    g.act({"action": "set", "name": "hint_level", "value": "grandmaster"})
    assert "unknown hint level" in g.message and g.hint_level == "beginner" and g.hint == before


def test_the_expert_level_shows_the_teaching_line_with_its_numbers_drawn_with_the_turn() -> None:
    published: list[dict[str, Any]] = []
    holder: dict[str, TableGame] = {}

    def changed() -> None:
        if "g" in holder:
            published.append(holder["g"].state())

    g = game(seed=7, teach=True, pause=0.2, sleep=lambda _s: None, on_change=changed)
    holder["g"] = g
    g.bid(3)
    g.act({"action": "set", "name": "hint_level", "value": "expert"})
    assert g.state()["hint_level"] == "expert"
    published.clear()  # from here on, the states drawn at the expert level
    r = g.round
    assert r is not None
    while g.phase == "play":
        position = Position.from_round(r, bags=g.match.bags)
        expected = teach(position, "expert")
        line = expected.reason
        assert g.hint == f"Teach me (expert): play {expected.card.pretty} — {line}"
        assert g.state()["hint_details"] == expected.evidence  # the numbers, one click away
        assert g.hint_card == expected.card and expected.card in position.legal
        off = next((c for c in position.legal if c != expected.card), None)
        g.play_card(off or expected.card)
        if off is not None:
            assert g.message == f"you played {off.pretty}; Teach me suggested {expected.card.pretty}: {line}"
    # every state drawn with South to play carried its hint (no "your turn" without the hint)
    turns = [s for s in published if s["phase"] == "play" and s["to_act"] == "S"]
    assert turns and all(s["hint"].startswith("Teach me (expert): play ") for s in turns)
