"""The widgets in French and Spanish: the card table and the bid advisor built under a
language show that language's words, the table's language menu switches them live and
keeps the game, and English comes back unchanged."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from spades_teach import Card
from spades_teach.advice.position import Position
from spades_teach.i18n import set_language
from spades_teach.widgets import BidAdvisorView
from spades_teach.widgets.cardtable import CardTable
from spades_teach.widgets.table_game import TableGame


class LowBot:
    """Bids 3, plays its lowest legal card (spades last)."""

    name = "low"

    def choose_bid(self, position: Position) -> int:
        return 3

    def choose_play(self, position: Position) -> Card:
        return min(position.legal, key=lambda c: (c.is_spade, c.rank))


def game(**options: Any) -> TableGame:
    options.setdefault("bots", {"N": LowBot(), "E": LowBot(), "W": LowBot()})
    options.setdefault("pause", 0)
    return TableGame(**options)


def snapshot(table: CardTable) -> tuple[Any, ...]:
    """The game on the table: its deal, bids and every card played."""
    r = table.game.round
    assert r is not None
    return table.game.code, dict(r.bids), list(r.history)


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


# Words only each translation has (none of them is an English word of the table).
WORDS = {
    "fr": {"new": "Nouvelle partie", "language": "Langue", "bid": "Annoncer", "teach": "Apprends-moi"},
    "es": {"new": "Nueva partida", "language": "Idioma", "bid": "Apostar", "teach": "Enséñame"},
}


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_a_table_built_under_a_language_speaks_it(lang: str) -> None:
    set_language(lang)
    g = game(seed=7)
    state = g.state()
    labels = state["labels"]
    for key, word in WORDS[lang].items():
        assert labels[key] == word
    assert state["language"] == lang
    assert labels["languages"] == [["English", "en"], ["Français", "fr"], ["Español", "es"]]
    south = state["seats"]["S"]
    assert south["name"] == {"fr": "Vous", "es": "Tú"}[lang]
    assert g.status.startswith({"fr": "à vous d'annoncer", "es": "tu turno de apostar"}[lang])
    assert state["bid_choices"][0][0] == {"fr": "choisissez votre annonce", "es": "elige tu apuesta"}[lang]
    # a card read out in the language (its suit word from the notation module)
    queen = [c for c in state["hand"] if c["code"][0] == "Q"]
    if queen:
        assert queen[0]["label"].startswith({"fr": "dame de ", "es": "reina de "}[lang])


def test_the_language_menu_switches_the_words_and_keeps_the_game() -> None:
    table = CardTable(seed=7, pause=0, bots={"N": LowBot(), "E": LowBot(), "W": LowBot()})
    table.send_action({"action": "bid", "bid": "4"})
    first = next(c["code"] for c in table.view["hand"] if c["legal"])
    table.send_action({"action": "play", "card": first})
    before = snapshot(table)
    english = table.view["labels"]["new"], table.view["status"]
    assert english[0] == "New game" and english[1].startswith("your turn to play")

    table.send_action({"action": "language", "value": "fr"})
    view = table.view
    assert view["language"] == "fr" and view["labels"]["new"] == "Nouvelle partie"
    assert view["status"].startswith("à vous de jouer")
    assert view["seats"]["N"]["name"].startswith("Nord")
    assert view["trick"] is None or "pli" in view["trick"]["caption"]
    assert snapshot(table) == before

    table.send_action({"action": "language", "value": "es"})
    assert table.view["labels"]["new"] == "Nueva partida" and table.view["status"].startswith("tu turno de jugar")
    assert table.view["seats"]["E"]["name"].startswith("Este")

    table.send_action({"action": "language", "value": "en"})
    assert (table.view["labels"]["new"], table.view["status"]) == english
    assert snapshot(table) == before


def test_an_unknown_language_is_refused_beside_the_table_and_changes_nothing() -> None:
    g = game(seed=7)
    g.act({"action": "language", "value": "de"})
    assert "unknown language 'de'" in g.message
    assert g.state()["language"] == "en" and g.state()["labels"]["new"] == "New game"


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_teach_me_hint_follows_the_language(lang: str) -> None:
    g = game(seed=7, teach=True)
    assert g.hint.startswith("Teach me: ")
    g.act({"action": "language", "value": lang})
    assert g.hint.startswith({"fr": "Apprends-moi : ", "es": "Enséñame: "}[lang])
    g.act({"action": "language", "value": "en"})
    assert g.hint.startswith("Teach me: ")


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_end_of_the_hand_and_its_score_lines_follow_the_language(lang: str) -> None:
    g = game(seed=7)
    g.bid(3)
    while g.phase == "play":
        g.act({"action": "play", "card": next(c["code"] for c in g.state()["hand"] if c["legal"])})
    english = g.result_lines
    assert english and g.status.startswith("the hand is over")
    g.act({"action": "language", "value": lang})
    assert g.status.startswith({"fr": "la main est finie", "es": "la mano ha terminado"}[lang])
    assert g.result_lines != english  # the score sheet's lines are worked out again in the language
    assert g.state()["labels"]["hand_over"] == {"fr": "La main est finie", "es": "La mano ha terminado"}[lang]
    g.act({"action": "language", "value": "en"})
    assert g.result_lines == english


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_bid_advisor_built_under_a_language_speaks_it(lang: str) -> None:
    set_language(lang)
    view = BidAdvisorView("AKQ3.K52.7.A9842")
    assert view.hand_box.description == {"fr": "Votre main", "es": "Tu mano"}[lang]
    assert view.partner_box.description == {"fr": "Annonce du partenaire", "es": "Apuesta del compañero"}[lang]
    assert {"fr": "Annonce conseillée", "es": "Apuesta aconsejada"}[lang] in view.bid_html.value
    # the estimate (5.25) with the language's decimal comma
    assert "5,25" in view.bid_html.value
    assert view.status.startswith({"fr": "conseil pour", "es": "consejo para"}[lang])
    view.hand_box.value = "AKQ3.K52.7"
    assert view.error and "⚠" in view.input_error_html.value and view.bid == ""
    set_language("en")
    english = BidAdvisorView("AKQ3.K52.7.A9842")
    assert english.hand_box.description == "Your hand" and "(the cards count 5.25)" in english.bid_html.value
