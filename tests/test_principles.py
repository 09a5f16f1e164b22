"""One vocabulary: every reason a play hint gives names a principle of the registry, and every
principle is defined, with its registry line, in the strategy chapter it is tagged with."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from spades_teach import Round, deal, set_language
from spades_teach.advice.play import View, decide_principle, suggest_play
from spades_teach.advice.position import Position
from spades_teach.advice.principles import PRINCIPLES, definition, principle
from spades_teach.errors import SpadesError

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

# Bids that bring out every part of the engine: plain contracts, overbids (sets), underbids (bags),
# a Nil on each side.
BIDS = (
    (3, 3, 3, 3),
    (4, 0, 4, 3),
    (0, 4, 3, 4),
    (1, 1, 1, 1),
    (6, 1, 6, 1),
    (2, 5, 2, 5),
    (0, 0, 5, 5),
)
# Match scores (own side, opponents) that change the aim: none, the opponents near the target, this side.
SCORES = ((0, 0), (100, 460), (480, 100))


def engine_names(deals: int = 70) -> dict[str, str]:
    """Each principle the engine names over many seeded hands, with one reason line that names it."""
    seen: dict[str, str] = {}
    rng = random.Random(18)
    for seed in range(deals):
        r = Round(deal(seed), dealer="W")
        for bid in BIDS[seed % len(BIDS)]:
            r.bid(r.to_act, bid)  # type: ignore[arg-type]
        scores = SCORES[seed % len(SCORES)]
        while not r.is_complete:
            view = View.from_position(Position.from_round(r))
            view.scores = scores
            card, name, reason = decide_principle(view)
            seen.setdefault(name, reason)
            assert reason.startswith(f"{name}: "), reason
            # Not always the advisor's card: other lines of play reach other positions.
            legal = list(r.legal_plays())
            r.play(r.to_act, card if rng.random() < 0.7 else rng.choice(legal))
    return seen


@pytest.fixture(scope="module")
def named() -> dict[str, str]:
    return engine_names()


def test_every_name_the_engine_gives_is_a_registered_principle(named: dict[str, str]) -> None:
    unknown = sorted(set(named) - set(PRINCIPLES))
    assert not unknown, [named[n] for n in unknown]
    # The sample reaches most of the engine's lines of play.
    assert len(named) >= 20, sorted(named)


def test_every_name_the_engine_gives_is_defined_in_a_strategy_chapter(named: dict[str, str]) -> None:
    defined: dict[str, str] = {}
    for chapter in STRATEGY_CHAPTERS:
        defined.update(chapter_definitions(chapter))
    undefined = sorted(set(named) - set(defined))
    assert not undefined, [named[n] for n in undefined]


def test_suggest_play_carries_the_principle_it_names() -> None:
    p = Position("S", "Q82.K54.A95.T632", bids={"N": 3, "E": 3, "S": 3, "W": 3}, tricks_won={}, trick=["3H", "7H"])
    hint = suggest_play(p)
    assert hint.principle == "third hand high"
    assert hint.reason == "third hand high: the K♥ beats the 7♥, and only the A♥ is higher"


def test_an_unknown_principle_is_an_error() -> None:
    with pytest.raises(SpadesError, match="unknown principle 'fifth hand'"):
        principle("fifth hand")


def test_each_principle_is_one_plain_line() -> None:
    for p in PRINCIPLES.values():
        assert "\n" not in p.line and p.line.endswith(".") and p.line[0].isupper(), p
        assert p.name == p.name.strip() and ":" not in p.name, p


def test_principles_are_grouped_in_the_three_strategy_chapters() -> None:
    assert {p.chapter for p in PRINCIPLES.values()} == {"08_card_play", "09_nil_play", "10_bags_against_sets"}


def chapter_definitions(chapter: str) -> dict[str, str]:
    """The principles a chapter defines (``**Principle: name.** line``), name → line."""
    text = (NOTEBOOKS / f"{chapter}.md").read_text(encoding="utf-8")
    found = re.findall(r"^\*\*Principle: (.+?)\.\*\* (.+)$", text, flags=re.MULTILINE)
    return dict(found)


STRATEGY_CHAPTERS = ("08_card_play", "09_nil_play", "10_bags_against_sets")


@pytest.mark.parametrize("language", ["fr", "es"])
@pytest.mark.parametrize("chapter", STRATEGY_CHAPTERS)
def test_each_translated_chapter_defines_its_principles_with_the_catalog_s_line(chapter: str, language: str) -> None:
    """The French and Spanish strategy chapters state each principle exactly as the hints name it in
    that language (the registry's line, through the catalogs), in the English chapter's order."""
    english = list(chapter_definitions(chapter))
    text = (NOTEBOOKS / language / f"{chapter}.md").read_text(encoding="utf-8")
    set_language(language)
    try:
        lines = [definition(name) for name in english]
    finally:
        set_language("en")
    places = [text.find(line) for line in lines]
    assert -1 not in places, [line for line, at in zip(lines, places) if at < 0]
    assert places == sorted(places), "the principles are not in the English chapter's order"


@pytest.mark.parametrize("chapter", STRATEGY_CHAPTERS)
def test_each_chapter_defines_its_principles_with_the_registry_line(chapter: str) -> None:
    defined = chapter_definitions(chapter)
    mine = {p.name: p.line for p in PRINCIPLES.values() if p.chapter == chapter}
    assert defined == mine
    for name in mine:
        assert definition(name) in (NOTEBOOKS / f"{chapter}.md").read_text(encoding="utf-8")


def test_both_contracts_made_and_their_bags_near_ten_push_bags_onto_them() -> None:
    bids = {"N": 2, "E": 2, "S": 2, "W": 2}
    won = {"N": 2, "E": 2, "S": 2, "W": 2}
    near = Position("S", "Q8.K4.A.", bids, won, trick=["6H"], bags={"NS": 0, "EW": 8})
    hint = suggest_play(near)
    assert hint.principle == "push bags onto the opponents"
    assert hint.reason.startswith(
        "push bags onto the opponents: both contracts are made and the opponents have 8 bags, "
        "so every trick you leave them is one more; "
    )
    far = suggest_play(Position("S", "Q8.K4.A.", bids, won, trick=["6H"], bags={"NS": 0, "EW": 2}))
    assert far.principle == "duck to dodge a bag" and far.card == hint.card


def test_setting_them_counts_the_tricks_it_takes() -> None:
    # East-West bid 8 and have 6 with 3 tricks left: two more tricks for North-South set them.
    p = Position("S", "Q.K4..", {"N": 2, "E": 4, "S": 1, "W": 4}, {"N": 3, "E": 3, "S": 1, "W": 3}, trick=["6H"])
    hint = suggest_play(p)
    assert hint.principle == "take a bag to set them"
    assert hint.reason.startswith(
        "take a bag to set them: the opponents need 2 of the last 3 tricks, so 2 more tricks for you set them; "
    )
