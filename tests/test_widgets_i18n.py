"""The widgets in French and Spanish: the card table and the bid advisor built under a
language show that language's words, the table's language menu switches them live and
keeps the game, and English comes back unchanged."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from _stub_bots import low_bots

from spades_teach import Seat
from spades_teach.i18n import _, get_language, language, set_language
from spades_teach.widgets import BidAdvisorView
from spades_teach.widgets.cardtable import CardTable
from spades_teach.widgets.table_game import TableGame


def game(**options: Any) -> TableGame:
    options.setdefault("bots", low_bots())
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
    "es": {"new": "Nueva partida", "language": "Idioma", "bid": "Anunciar", "teach": "Enséñame"},
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
    assert g.status.startswith({"fr": "à vous d'annoncer", "es": "tu turno de anunciar"}[lang])
    assert state["bid_choices"][0][0] == {"fr": "choisissez votre annonce", "es": "elige tu anuncio"}[lang]
    # a card read out in the language (its suit word from the notation module)
    queen = [c for c in state["hand"] if c["code"][0] == "Q"]
    if queen:
        assert queen[0]["label"].startswith({"fr": "dame de ", "es": "reina de "}[lang])


def test_the_language_menu_switches_the_words_and_keeps_the_game() -> None:
    table = CardTable(seed=7, pause=0, bots=low_bots())
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


def test_one_table_s_language_menu_changes_no_other_widget_nor_the_language_in_use() -> None:
    set_language("en")
    french = CardTable(seed=7, pause=0, bots=low_bots(), teach=True)
    english = CardTable(seed=7, pause=0, bots=low_bots(), teach=True)
    french.send_action({"action": "language", "value": "fr"})
    assert french.view["language"] == "fr" and french.view["labels"]["new"] == "Nouvelle partie"
    assert get_language() == "en" and _("Language") == "Language"  # the rest of the kernel: as it was
    assert english.view["language"] == "en" and english.view["labels"]["new"] == "New game"

    # later messages from each browser (bids, plays: the comm's callbacks) speak their table's language
    english.send_action({"action": "bid", "bid": "4"})
    french.send_action({"action": "bid", "bid": "4"})
    assert english.view["status"].startswith("your turn to play") and english.game.hint.startswith("Teach me: ")
    assert french.view["status"].startswith("à vous de jouer") and french.game.hint.startswith("Apprends-moi : ")
    card = next(c["code"] for c in french.view["hand"] if c["legal"])
    french.send_action({"action": "play", "card": card})
    english.send_action({"action": "play", "card": card})
    assert french.view["labels"]["new"] == "Nouvelle partie" and english.view["labels"]["new"] == "New game"
    assert french.game.status.startswith("à vous de jouer") and english.game.status.startswith("your turn")
    french.send_action({"action": "bad"})
    assert french.game.message == "action inconnue 'bad'"
    assert get_language() == "en"


def test_a_table_whose_menu_was_not_used_speaks_the_language_in_use() -> None:
    chosen = game(seed=7, language="es")
    following = game(seed=7)
    set_language("fr")
    assert following.language == "fr" and following.state()["labels"]["new"] == "Nouvelle partie"
    assert chosen.language == "es" and chosen.state()["labels"]["new"] == "Nueva partida"
    with language("en"):
        assert following.status.startswith("your turn to bid") and chosen.status.startswith("tu turno")
    assert get_language() == "fr"


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
    assert g.status.startswith({"fr": "la manche est finie", "es": "la mano ha terminado"}[lang])
    assert g.result_lines != english  # the score sheet's lines are worked out again in the language
    assert g.state()["labels"]["hand_over"] == {"fr": "La manche est finie", "es": "La mano ha terminado"}[lang]
    g.act({"action": "language", "value": "en"})
    assert g.result_lines == english


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_the_bid_advisor_built_under_a_language_speaks_it(lang: str) -> None:
    set_language(lang)
    view = BidAdvisorView("AKQ3.K52.7.A9842")
    assert view.hand_box.description == {"fr": "Votre main", "es": "Tu mano"}[lang]
    assert view.partner_box.description == {"fr": "Annonce du partenaire", "es": "Anuncio del compañero"}[lang]
    assert {"fr": "Annonce conseillée", "es": "Anuncio aconsejado"}[lang] in view.bid_html.value
    # the estimate (5.25) with the language's decimal comma
    assert "5,25" in view.bid_html.value
    assert view.status.startswith({"fr": "conseil pour", "es": "consejo para"}[lang])
    view.hand_box.value = "AKQ3.K52.7"
    assert view.error and "⚠" in view.input_error_html.value and view.bid == ""
    set_language("en")
    english = BidAdvisorView("AKQ3.K52.7.A9842")
    assert english.hand_box.description == "Your hand" and "(the cards count 5.25)" in english.bid_html.value


def _other_widgets() -> dict[str, Any]:
    """One of each other widget, built in the language in use, for their learner-facing lines."""
    from spades_teach import Match, Round, Rules, deal
    from spades_teach.widgets import (
        DealView,
        LegalPlayExplorer,
        MatchStepper,
        PuzzleView,
        ReplayView,
        ScoreCalculator,
    )
    from spades_teach.widgets.drill import DrillWidget
    from spades_teach.widgets.exercise import nil_exercise

    r = Round(deal(21), dealer="E")
    for bid in (3, 3, 4, 2):
        assert r.to_act is not None
        r.bid(r.to_act, bid)
    match = Match()
    match.add_result({"N": 4, "E": 3, "S": 3, "W": 2}, {"N": 5, "E": 2, "S": 4, "W": 2})
    score = ScoreCalculator()
    score.bid_boxes[Seat.N].value = "fourteen"
    return {
        "deal": DealView(7),
        "legal": LegalPlayExplorer(11),
        "score": score,
        "steps": MatchStepper(match, start=1),
        "play": TableGame(seed=7, bots=low_bots(), pause=0),
        "two": TableGame(seed=7, bots=low_bots(), pause=0, rules=Rules(players=2)),
        "replay": ReplayView(r),
        "puzzle": PuzzleView(seed=1),
        "drill": DrillWidget(kinds=["winner", "legal"], seed=3, save=False),
        "nil": nil_exercise("AKQ3.K52.7.A9842"),
    }


# (widget, what is read, a word only that language's line has)
OTHER_WORDS: dict[str, list[tuple[str, Callable[[Any], str], str]]] = {
    "fr": [
        ("deal", lambda w: w.status, "distribue"),
        ("legal", lambda w: w.status, "le pique n'est pas encore ouvert"),
        ("score", lambda w: w.row_error_html[Seat.N].value, "annonce de N"),
        ("steps", lambda w: w.next_button.description + " " + w.status, "Manche suivante"),
        ("play", lambda w: w.status, "à vous d'annoncer"),
        ("two", lambda w: w.status + " " + w.state()["labels"]["keep"], "à vous de piocher"),
        ("replay", lambda w: w.buttons["start"].description + " " + w.status, "Début"),
        ("puzzle", lambda w: w.next_button.description, "Problème suivant"),
        ("drill", lambda w: w.view["labels"]["check"] + " " + w.view["level_text"], "Vérifier Niveau"),
        ("nil", lambda w: w.question + " " + " ".join(w.choices), "annoncer Nil"),
    ],
    "es": [
        ("deal", lambda w: w.status, "reparte"),
        ("legal", lambda w: w.status, "las picas aún no están rotas"),
        ("score", lambda w: w.row_error_html[Seat.N].value, "de N"),
        ("steps", lambda w: w.next_button.description + " " + w.status, "Mano siguiente"),
        ("play", lambda w: w.status, "tu turno de anunciar"),
        ("two", lambda w: w.status + " " + w.state()["labels"]["keep"], "tu turno de robar"),
        ("replay", lambda w: w.buttons["start"].description + " " + w.status, "Inicio"),
        ("puzzle", lambda w: w.next_button.description, "Problema siguiente"),
        ("drill", lambda w: w.view["labels"]["check"] + " " + w.view["level_text"], "Comprobar Nivel"),
        ("nil", lambda w: w.question + " " + " ".join(w.choices), "anunciar nil"),
    ],
}


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_every_other_widget_built_under_a_language_speaks_it(lang: str) -> None:
    set_language("en")
    english = _other_widgets()
    english_lines = {name: read(english[name]) for name, read, _word in OTHER_WORDS[lang]}
    set_language(lang)
    built = _other_widgets()
    for name, read, word in OTHER_WORDS[lang]:
        line = read(built[name])
        assert word in line, f"{name}: {line!r}"
        assert line != english_lines[name], f"{name} did not change language"
    # the seat's bid error still sits beside its row, not under the table
    assert built["score"].input_error_html.value == ""
    set_language("en")
    again = _other_widgets()
    assert {name: read(again[name]) for name, read, _word in OTHER_WORDS[lang]} == english_lines


def test_glossary_terms_are_marked_in_english_only() -> None:
    from spades_teach.widgets.terms import marked

    line = "cover your partner's Nil"
    assert any(piece["term"] for piece in marked(line))
    set_language("fr")
    assert [piece["term"] for piece in marked(line)] == [""]
    assert "".join(piece["text"] for piece in marked(line)) == line
