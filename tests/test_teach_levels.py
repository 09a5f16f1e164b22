"""Teach me at two levels: the rule of thumb, or the expert's card with its evidence."""

from __future__ import annotations

import re

import pytest

from spades_teach import ParseError, Position, Round, deal
from spades_teach.advice.driver import advance
from spades_teach.advice.expert import ExpertBot, a_nil_is_live
from spades_teach.advice.levels import seated_bot
from spades_teach.advice.play import suggest_play
from spades_teach.advice.teach import teach


def _positions(count: int) -> list[Position]:
    """South's positions from seeded hands played by medium bots, from the 4th trick on."""
    found: list[Position] = []
    seed = 0
    while len(found) < count:
        seed += 1
        r = Round(deal(seed), dealer="W")
        bots = {s: seated_bot("medium", "teach", s) for s in "NEW"}
        while advance(r, bots) is not None:
            p = Position.from_round(r)
            if r.phase == "play" and len(r.tricks) >= 3 and len(p.legal) > 1:
                found.append(p)
            if r.phase == "bidding":
                r.bid("S", 3)
            else:
                r.play("S", suggest_play(p).card)
    return found[:count]


def test_the_beginner_level_is_the_hint_engine_where_the_judge_finds_its_card_as_good_as_the_best() -> None:
    """The rule of thumb's card and reason, unless the expert's evaluation finds that card clearly
    worse than its best on the same deals: then the expert's card, naming the rule it overrides."""
    for p in _positions(6):
        hint, rule = teach(p, seed=3), suggest_play(p)
        evidence = ExpertBot(seed=3).evidence(p)
        assert hint.seed == "3" and hint.rule_card == rule.card and hint.evidence == ""
        if evidence is None or evidence.as_good(rule.card):
            assert (hint.card, hint.reason, hint.differs) == (rule.card, rule.reason, False)
        else:
            assert hint.card == evidence.best and hint.differs
            assert hint.reason.startswith(f"the expert's card: the rule of thumb's {rule.card.pretty} ({rule.reason})")


def test_the_expert_level_plays_the_experts_card_and_shows_its_evidence_when_it_differs() -> None:
    differed = 0
    for p in _positions(24):
        hint = teach(p, "expert", seed=5)
        if a_nil_is_live(p):
            # The judge values live-Nil cards, while the expert bot still plays them like the hard
            # bot (ExpertBot.judge_nils): Teach me names the judge's card, never one it finds worse.
            evidence = ExpertBot(seed=5).evidence(p)
            assert evidence is not None and evidence.as_good(hint.card)
        else:
            assert hint.card == ExpertBot(seed=5).choose_play(p)
        assert hint.rule_card == suggest_play(p).card
        if not hint.differs:
            assert hint.evidence == ""
            continue
        differed += 1
        evidence = ExpertBot(seed=5).evidence(p)
        if evidence is None:
            assert "the expert plays" in hint.reason and hint.evidence == ""
            continue
        kept = re.fullmatch(
            r"on (\d+) of (\d+) deals that fit the bidding, the (.+?) keeps .+; the (.+?) on (\d+)", hint.evidence
        )
        if kept:
            assert int(kept[2]) == evidence.deals
            assert (int(kept[1]), int(kept[5])) == (evidence.holds[hint.card], evidence.holds[hint.rule_card])
            assert int(kept[1]) > int(kept[5])  # the expert keeps the bids on more deals
        else:
            assert re.fullmatch(
                r"over \d+ deals that fit the bidding, the .+ averages [+−]?\d+ points for your side, the .+ [+−]?\d+",
                hint.evidence,
            )
            assert evidence.holds[hint.card] == evidence.holds[hint.rule_card]
    assert differed > 0


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(ParseError, match="unknown hint level 'wizard'"):
        teach(_positions(1)[0], "wizard")
