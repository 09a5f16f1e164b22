"""The advice and what render draws for learners, in French and Spanish: the bid advice and
its count, the play hints and their principles, Teach me's words, the advice's errors and
the cheat sheet's tables speak the language in use, with the same numbers and the same
decisions as in English, and English comes back unchanged."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any, TypeVar

import pytest

from spades_teach import Position, SpadesError
from spades_teach.advice.bidding import BidAdvice, nil_checklist
from spades_teach.advice.bidding import advise_bid as checked_advice
from spades_teach.advice.bots import advise_draw
from spades_teach.advice.levels import level_name
from spades_teach.advice.principles import PRINCIPLES, definition, play_by_principles, principle
from spades_teach.advice.teach import level_name as hint_level_name
from spades_teach.i18n import set_language
from spades_teach.render.cheatsheet import count_values_html, nil_checklist_html, scoring_html
from spades_teach.render.html import deal_html


def advise_bid(*args: Any, **kwargs: Any) -> BidAdvice:
    """The count's advice alone (no check on played-out deals): these tests are about the count."""
    return checked_advice(*args, samples=0, **kwargs)


T = TypeVar("T")
LANGUAGES = ("fr", "es")
HAND = "AKQ3.K52.7.A9842"
#: A hint the advisor gives as "third hand high": the Q♥ does the work of the K♥.
THIRD_HAND = Position("S", "Q82.KQ4.A95.T632", bids={"N": 3, "E": 3, "S": 3, "W": 3}, tricks_won={}, trick=["3H", "7H"])


def _numbers(text: str) -> list[float]:
    """The numbers of a line, read with either decimal mark (``5,25`` as ``5.25``)."""
    return [float(n.replace(",", ".")) for n in re.findall(r"\d+(?:[.,]\d+)?", text)]


def _in_each_language(make: Callable[[], T]) -> dict[str, T]:
    """``make()`` in English, French, Spanish, then English again."""
    made = {}
    for lang in ("en", "fr", "es", "en again"):
        set_language(lang.split()[0])
        made[lang] = make()
    return made


# -- bid advice ---------------------------------------------------------------------------


def test_the_bid_advice_speaks_the_language_with_the_same_count() -> None:
    seen = _in_each_language(lambda: advise_bid(HAND))
    english, french, spanish = seen["en"], seen["fr"], seen["es"]
    assert str(seen["en again"]) == str(english)
    assert "sure tricks" in english.summary and "5.25 in all" in english.summary
    assert "plis sûrs" in french.summary and "annoncez 5" in french.summary
    assert "bazas seguras" in spanish.summary and "anuncia 5" in spanish.summary
    for advice in (french, spanish):
        assert advice.bid == english.bid and advice.estimate == english.estimate
        assert "5,25" in advice.summary and "5.25" not in advice.summary
        assert _numbers(advice.summary) == _numbers(english.summary)
        assert [r.value for r in advice.reasons] == [r.value for r in english.reasons]
        assert " trick" not in str(advice)


def test_the_count_names_cards_as_the_language_writes_them() -> None:
    seen = _in_each_language(lambda: [str(r) for r in advise_bid(HAND).reasons])
    english, french, spanish = seen["en"], seen["fr"], seen["es"]
    assert seen["en again"] == english
    king = next(i for i, line in enumerate(english) if line.startswith("K♥"))
    assert english[king] == "K♥: 0.75 — a king with a guard wins once the ace is gone: three quarters of a trick"
    assert french[king].startswith("R♥ : 0,75 — ") and "trois quarts de pli" in french[king]
    assert spanish[king].startswith("K♥: 0,75 — ") and "tres cuartos de baza" in spanish[king]


def test_the_nil_checklist_and_the_partner_note_are_translated() -> None:
    seen = _in_each_language(lambda: [str(c) for c in nil_checklist("3.J962.T8742.Q84")])
    assert seen["en"] == seen["en again"]
    assert seen["fr"][0].startswith("✓ ni A♠ ni R♠ : ")
    assert seen["es"][0].startswith("✓ ni A♠ ni K♠: ")
    notes = _in_each_language(lambda: advise_bid(HAND, bids={"N": 0}).context[0])
    assert notes["en"] == notes["en again"]
    assert "partenaire a annoncé Nil" in notes["fr"]
    assert "compañero anunció nil" in notes["es"]


def test_decimal_numbers_of_the_draw_advice_use_the_language_s_mark() -> None:
    seen = _in_each_language(lambda: advise_draw("QS", "-.-.-.-").reason)
    assert seen["en"] == seen["en again"]
    assert "1.57" in seen["en"] and "(0.29)" in seen["en"]
    assert seen["fr"].startswith("gardez la D♠ : ") and "1,57" in seen["fr"]
    assert seen["es"].startswith("quédate con la Q♠: ") and "1,57" in seen["es"]
    assert _numbers(seen["fr"]) == _numbers(seen["es"]) == _numbers(seen["en"])


# -- play hints and principles -----------------------------------------------------------------


def test_a_play_hint_gives_its_principle_and_reason_in_the_language() -> None:
    from spades_teach.advice.play import suggest_play

    seen = _in_each_language(lambda: suggest_play(THIRD_HAND))
    english, french, spanish = seen["en"], seen["fr"], seen["es"]
    assert seen["en again"] == english
    assert english.reason == "third hand high: only as high as needed, the Q♥ does the same work as the K♥"
    for hint in (french, spanish):
        # The decision and its principle's key do not depend on the language.
        assert hint.card == english.card and hint.principle == "third hand high"
    assert french.reason.startswith("en troisième, jouer haut : ")
    assert "D♥" in french.reason and "R♥" in french.reason and "nécessaire" in french.reason
    assert spanish.reason.startswith("tercera mano alta: ")
    assert "Q♥" in spanish.reason and "K♥" in spanish.reason and "haga falta" in spanish.reason


def test_a_whole_hand_of_hints_makes_the_same_plays_in_every_language() -> None:
    seen = _in_each_language(lambda: play_by_principles(3, bids=[3, 3, 3, 3])[1])
    plays = {lang: [(h.card, h.principle) for _p, h in hints] for lang, hints in seen.items()}
    assert plays["en"] == plays["fr"] == plays["es"] == plays["en again"]
    assert [str(h) for _p, h in seen["en"]] == [str(h) for _p, h in seen["en again"]]
    for lang, word in (("fr", " pli"), ("es", " baza")):
        reasons = [h.reason for _p, h in seen[lang]]
        # Every reason starts with its principle's name in the language.
        set_language(lang)
        assert all(r.startswith(principle(h.principle).title) for r, (_p, h) in zip(reasons, seen[lang]))
        assert any(word in r for r in reasons)
        assert not any(" trick" in r or " partner" in r for r in reasons)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_principle_has_a_short_name_and_line_in_the_language(lang: str) -> None:
    set_language(lang)
    titles = {p.title for p in PRINCIPLES.values()}
    assert len(titles) == len(PRINCIPLES)  # no two principles share a translated name
    for p in PRINCIPLES.values():
        assert p.title != p.name
        assert len(p.title) <= 45 and p.text != p.line
    opening = {"fr": "**Principe : en deuxième, jouer petit.** ", "es": "**Principio: segunda mano baja.** "}[lang]
    assert definition("second hand low").startswith(opening)
    set_language("en")
    assert definition("second hand low").startswith("**Principle: second hand low.** ")


# -- levels and errors -----------------------------------------------------------------------


def test_bot_and_hint_levels_are_named_in_the_language() -> None:
    seen = _in_each_language(lambda: (level_name("medium"), hint_level_name("beginner")))
    assert seen["en"] == seen["en again"] == ("medium", "beginner rules")
    assert seen["fr"] == ("moyen", "règles de débutant")
    assert seen["es"] == ("medio", "reglas de principiante")


def test_an_advice_error_is_in_the_language() -> None:
    def refused() -> str:
        with pytest.raises(SpadesError) as caught:
            advise_bid("AKQ3.K52.7.-")
        return str(caught.value)

    seen = _in_each_language(refused)
    assert seen["en"] == seen["en again"]
    assert seen["en"] == "'AKQ3.K52.7.-' holds 8 cards; a hand at the start has 13"
    assert seen["fr"] == "'AKQ3.K52.7.-' contient 8 cartes ; une main au début de la manche en a 13"
    assert seen["es"] == "'AKQ3.K52.7.-' tiene 8 cartas; una mano al empezar tiene 13"


def test_a_position_error_is_in_the_language() -> None:
    from spades_teach import Rules

    def refused() -> str:
        with pytest.raises(SpadesError) as caught:
            Position("E", "AS KS", rules=Rules(players=2))
        return str(caught.value)

    seen = _in_each_language(refused)
    assert seen["en"] == seen["en again"] == "seat E does not play in a two-player game: use N or S"
    assert seen["fr"] == "la place E ne joue pas dans une partie à deux : utilisez N ou S"
    assert seen["es"] == "la posición E no juega en una partida de dos: usa N o S"


# -- rendered tables ----------------------------------------------------------------------------


def test_the_cheat_sheet_tables_are_in_the_language_with_the_same_figures() -> None:
    seen = _in_each_language(lambda: (count_values_html(), scoring_html(), nil_checklist_html()))
    english, french, spanish = seen["en"], seen["fr"], seen["es"]
    assert seen["en again"] == english
    assert "<caption>The count (tricks)</caption>" in english[0]
    assert "<caption>Scoring a team</caption>" in english[1]
    assert "R♠ sec" in french[0] and "K♠ sola" in spanish[0]
    assert "La marque d&#x27;une équipe" in french[1] and "La puntuación de un equipo" in spanish[1]
    assert "a annoncé 4 et fait 6 plis" in french[1] and "anunció 4 e hizo 6" in spanish[1]
    assert "ni A♠ ni R♠" in french[2] and "ni A♠ ni K♠" in spanish[2]
    for table in (french, spanish):
        for mine, theirs in zip(table, english):
            assert mine.count("<tr>") == theirs.count("<tr>") and mine.count("<li>") == theirs.count("<li>")
        # The same worth for each item of the count, and the same points in each scoring line.
        assert _last_cells(table[0]) == _last_cells(english[0])
        mine_points = [_numbers(cell) for cell in _last_cells(table[1])]
        assert mine_points == [_numbers(cell) for cell in _last_cells(english[1])]


def _last_cells(table: str) -> list[str]:
    """The last cell of each row of an HTML table."""
    return [html.unescape(cell) for cell in re.findall(r"<td>([^<]*)</td></tr>", table)]


def test_a_rendered_deal_names_the_seats_in_the_language() -> None:
    from spades_teach import Deal, deal

    dealt = deal(4)
    deal_of_west = Deal.parse("W:" + " ".join(str(dealt[seat]) for seat in "WNES"))
    seen = _in_each_language(lambda: deal_html(deal_of_west))
    assert seen["en"] == seen["en again"]
    assert "West (dealer)" in seen["en"]
    assert "Ouest (donneur)" in seen["fr"] and "Nord" in seen["fr"]
    assert "Oeste (repartidor)" in seen["es"] and "Norte" in seen["es"]
