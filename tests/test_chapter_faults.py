"""The chapter faults a strong player found (issue 27, item 8): each wrong sentence is gone from the
English chapter and both translations, and the right idea is there instead; the principle lines and
the hints that repeat them say the same."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from spades_teach import set_language
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.advice.principles import PRINCIPLES, principle
from spades_teach.i18n import _

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LANGUAGES = ("en", "fr", "es")


def prose(chapter: str, language: str) -> str:
    """The chapter's text, its lines joined into one (so a phrase split over two lines is found)."""
    folder = NOTEBOOKS if language == "en" else NOTEBOOKS / language
    text = (folder / f"{chapter}.md").read_text(encoding="utf-8")
    return re.sub(r"\s+", " ", text)


# -- A. chapter 0: who wins a trick -------------------------------------------------------------------

TRICK_RULE = {
    "en": ("one card from each player; the highest wins it", "the highest card of the suit led wins", "spade"),
    "fr": (
        "une carte posée par chaque joueur ; la plus forte l'emporte",
        "la plus forte carte de la couleur demandée",
        "pique",
    ),
    "es": ("una carta de cada jugador; la más alta se la lleva", "la carta más alta del palo de salida", "pica"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_chapter_0_says_the_highest_card_of_the_suit_led_wins_unless_a_spade_is_played(language: str) -> None:
    wrong, right, spade = TRICK_RULE[language]
    text = prose("00_a_hand_in_ten_minutes", language).lower()
    assert wrong not in text
    start = text.index(right.lower())
    assert spade in text[start : start + 200]


# -- B. chapter 8: lead from length is not "keep your high cards for later" ---------------------------

LENGTH = {
    "en": ("keeps your high cards to win later", "cash your side winners early", "after the spades are drawn"),
    "fr": (
        "garde vos grosses cartes pour gagner plus tard",
        "Encaissez donc vos maîtresses hors atout tôt",
        "qu'une fois les piques tombés",
    ),
    "es": (
        "guarda tus cartas altas para ganar más tarde",
        "cobra pronto tus ganadoras",
        "solo rinde una vez sacadas las picas",
    ),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_chapter_8_cashes_side_winners_early_and_runs_a_long_suit_after_spades_are_drawn(language: str) -> None:
    wrong, cash, drawn = LENGTH[language]
    text = prose("08_card_play", language)
    assert wrong not in text
    assert cash in text and drawn in text


def test_lead_from_length_no_longer_promises_the_high_cards_win_later() -> None:
    line = principle("lead from length").line
    assert "for later" not in line and "spades are drawn" in line
    # The hint: a low heart led from a three-card suit is not "your long hearts, keep your high cards".
    p = Position("N", "Q2.T83.J74.A852", bids={"E": 3, "S": 3, "W": 3, "N": 3}, tricks_won={}, spades_broken=False)
    hint = suggest_play(p)
    assert hint.principle in {"lead from length", "cash your winners"}, hint
    assert "to win later" not in hint.reason and "keep the rest for later" not in hint.reason


# -- C. chapter 10: push bags only once the opponents' contract is made -------------------------------

PUSH = {
    "en": ("let the opponents take them, as bags", "Only once their contract is made"),
    "fr": ("laissez-les aux adversaires, comme surplus", "seulement une fois leur contrat rempli"),
    "es": ("deja que las hagan los rivales, como bolsas", "Solo cuando su contrato ya está cumplido"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_chapter_10_pushes_bags_only_once_the_opponents_contract_is_made(language: str) -> None:
    wrong, right = PUSH[language]
    text = prose("10_bags_against_sets", language)
    assert wrong not in text and right in text


def test_the_push_bags_principle_names_the_opponents_made_contract_as_the_hint_engine_does() -> None:
    assert principle("push bags onto the opponents").line.startswith("Once the opponents' contract is made")
    # Our contract lost (we need 5 of 3), theirs not made (they need 2): take tricks, no pushing.
    p = Position("S", "A.K4..", {"N": 4, "E": 4, "S": 4, "W": 4}, {"N": 2, "E": 3, "S": 1, "W": 3}, trick=["6H"])
    assert suggest_play(p).principle != "push bags onto the opponents"


# -- D. the total of the bids: more than 13 sets somebody, 13 does not ---------------------------------

TOTAL = {"en": ("13 or more", "more than 13"), "fr": ("13 ou plus", "plus de 13"), "es": ("13 o más", "más de 13")}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_total_of_exactly_13_is_not_said_to_set_somebody(language: str) -> None:
    wrong, right = TOTAL[language]
    text = prose("10_bags_against_sets", language)
    assert wrong not in text and right in text
    set_language(language)
    try:
        line = principle("the total of the bids").text
    finally:
        set_language("en")
    assert wrong not in line and right in line


# -- E. following suit under partner's winner is not "don't trump" ------------------------------------


def test_following_suit_under_partners_winner_has_its_own_principle() -> None:
    # North led the A♥, East played low: South follows with a low heart.
    p = Position("S", "Q82.K54.A95.T632", bids={"N": 3, "E": 3, "S": 3, "W": 3}, tricks_won={}, trick=["AH", "7H"])
    hint = suggest_play(p)
    assert hint.principle == "play low under your partner's winner", hint
    assert hint.card.pretty == "4♥"
    # With no heart, discarding rather than ruffing stays "don't trump your partner's winner".
    void = Position("S", "Q82..A953.T6432", bids={"N": 3, "E": 3, "S": 3, "W": 3}, tricks_won={}, trick=["AH", "7H"])
    assert suggest_play(void).principle == "don't trump your partner's winner"


def test_the_two_partner_principles_are_one_line_each_and_translated() -> None:
    under, trump = PRINCIPLES["play low under your partner's winner"], PRINCIPLES["don't trump your partner's winner"]
    assert "follow suit" in under.line and "never ruff" in trump.line and "play low" not in trump.line
    for language in ("fr", "es"):
        set_language(language)
        try:
            for p in (under, trump):
                assert _(p.name) != p.name and _(p.line) != p.line
        finally:
            set_language("en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_chapter_8_defines_both_partner_principles(language: str) -> None:
    from spades_teach.advice.principles import definition

    text = (NOTEBOOKS if language == "en" else NOTEBOOKS / language).joinpath("08_card_play.md").read_text("utf-8")
    set_language(language)
    try:
        under, trump = (
            definition("play low under your partner's winner"),
            definition("don't trump your partner's winner"),
        )
    finally:
        set_language("en")
    assert under in text and trump in text and text.index(under) < text.index(trump)


# -- F. chapter 8: when drawing spades is wrong ---------------------------------------------------------

DRAW = {
    "en": ("Count before you draw", "the K♠ becomes the highest spade left", "need just one more trick"),
    "fr": (
        "Comptez avant de faire tomber les atouts",
        "ce roi devient le plus haut pique restant",
        "besoin que d'un pli de plus",
    ),
    "es": ("Cuenta antes de sacar los triunfos", "ese rey pasa a ser la pica más alta", "les falta una sola baza"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_chapter_8_says_when_drawing_spades_is_wrong(language: str) -> None:
    text = prose("08_card_play", language)
    for phrase in DRAW[language]:
        assert phrase in text, phrase
