"""The learner's words in French and Spanish: one term per thing and one register (the term
base), cards and seats placed in sentences with their articles, local input everywhere a
learner types, numbers as each language writes them, and counts with their noun in the
right number."""

from __future__ import annotations

import re
import string
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from spades_teach import Bid, Card, Hand, Match, Seat, SpadesError, Team, score_round
from spades_teach.errors import LanguageError, ParseError
from spades_teach.game.notation import Named, card_face, card_index, seat_letter, seat_word
from spades_teach.i18n import (
    LOCALE_DIR,
    format_number,
    format_percent,
    format_signed,
    language,
    ngettext,
    plural_count,
    set_language,
    yes_no,
)
from spades_teach.terms import term_problems, terms, translation_problems

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ("fr", "es")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def _catalog(lang: str) -> Catalog:
    with open(LOCALE_DIR / lang / "LC_MESSAGES" / "spades_teach.po", "rb") as handle:
        return read_po(handle, locale=lang)


def _entries(lang: str) -> Iterator[tuple[str, str]]:
    """(English, translation) for every form of every message of ``lang``'s catalog."""
    for message in _catalog(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        strings = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
        for i, text in enumerate(strings):
            yield ids[min(i, len(ids) - 1)], text


# -- the term base and the register ------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_translation_keeps_the_term_base_and_the_register(lang: str) -> None:
    problems = {
        english: found for english, text in _entries(lang) if (found := translation_problems(english, text, lang))
    }
    assert problems == {}, f"{lang}: {len(problems)} messages leave the term base: {list(problems.items())[:5]}"


@pytest.mark.parametrize(
    ("lang", "text", "rival"),
    [
        ("fr", "Appuyez sur Donne suivante.", "Donne suivante"),
        ("fr", "Fin de la main", "Fin de la main"),
        ("fr", "Que annonceriez-vous ?", "Que annonc"),
        ("fr", "Seul le V♠ casse le Nil de Sud", "casse le Nil"),
        ("fr", "Pouvez-vous jouer le A♦ ?", "le A♦"),
        ("fr", "Nord gagne avec le D♠", "le D♠"),
        ("fr", "l'annonce de Ouest", "de Ouest"),
        ("fr", "Tu as gagné", "Tu"),
        ("fr", "Nord annonce Blind Nil", "Blind Nil"),
        ("fr", "Main précédente", "Main précédente"),
        ("fr", "mains montrées", "mains montrées"),
        ("fr", "La partie continue donne après donne.", "donne après donne"),
        ("fr", "appuyez sur Manche suivante une fois à la fois", "une fois à la fois"),
        ("fr", "après la D♠, le Nil d'Ouest ne peut plus être cassé", "être cassé"),
        ("fr", "une équipe qui tombe à −200 (la limite de perte) perd", "limite de perte"),
        ("fr", "pas de limite de défaite", "limite de défaite"),
        ("fr", "la rediffusion s'arrête juste après la carte", "rediffusion"),
        ("fr", "Cliquez une carte pour la jouer.", "Cliquez une "),
        ("es", "Tu apuesta", "apuesta"),
        ("es", "le toca apostar a Este", "apostar"),
        ("es", "Solo el Q♠ salva tu nil", "el Q♠"),
        ("es", "puesto desconocido", "puesto"),
        ("es", "¿qué carta rompe el nil de Sur?", "rompe el nil"),
        ("es", "Elija su anuncio", "Elija"),
        ("es", "¡Norte y tú ganáis la partida!", "ganáis"),
        ("es", "Marcador: vosotros 120", "vosotros"),
        ("es", "Usted es Sur", "Usted"),
        ("es", "bolsas arrastradas NS", "bolsas arrastradas"),
        ("es", "juega con «Teach me»", "Teach me"),
        ("es", "Robots", "Robots"),
        ("es", "N anunció Nil", "Nil"),
        ("es", "Pausa de los robots", "robots"),
        ("es", "revisa cada carta con el resolvedor exacto", "resolvedor"),
        ("es", "sal con la más alta: obliga a salir al as", "obliga a salir al"),
        ("es", "Con un compañero de nil, sal con cartas altas.", "compañero de nil"),
        ("es", "; no al nil: picas altas", "no al nil"),
        ("es", "Fallar por una baza cuesta lo mismo que fallar por cinco.", "Fallar por una baza"),
    ],
)
def test_the_term_check_names_each_rival_and_slip_of_register(lang: str, text: str, rival: str) -> None:
    problems = term_problems(text, lang)
    assert any(repr(rival) in problem for problem in problems), problems


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("fr", "Pouvez-vous jouer l'A♦ ? Seule la D♠ tient votre Nil ; le Nil d'Ouest chute."),
        ("fr", "Appuyez sur Manche suivante : Qu'annonceriez-vous ?"),
        ("es", "Solo la Q♠ salva tu nil; el K♠ y la J♦ no. Elige tu anuncio y pulsa Anunciar."),
        ("es", "Un amigo que pegue el código juega las mismas cartas."),  # a subjunctive, not an usted command
    ],
)
def test_text_that_keeps_the_term_base_passes(lang: str, text: str) -> None:
    assert term_problems(text, lang) == []


def test_a_translation_that_drops_a_term_is_named() -> None:
    assert translation_problems("{count} bags", "{count} sacs", "fr")
    assert any("bag" in p for p in translation_problems("{count} bags", "{count} cartes", "fr"))
    assert translation_problems("{count} bags", "{count} surplus", "fr") == []
    # a placeholder is no word: "{bid}" does not ask for the word for a bid
    assert translation_problems("better than {bid}", "mieux que {bid}", "fr") == []


def test_the_term_base_has_each_language_and_refuses_others() -> None:
    assert {t.concept for t in terms("fr")} >= {"round", "trick", "bag", "bid", "blind Nil", "Teach me", "seat"}
    assert {t.concept for t in terms("es")} >= {"round", "trick", "bag", "bid", "blind Nil", "Teach me", "seat"}
    with pytest.raises(LanguageError, match="'de'"):
        terms("de")


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)


def _widget_texts(widget: Any, seen: set[int] | None = None) -> Iterator[str]:
    """Every text a widget tree shows: descriptions, values, options, placeholders, tooltips."""
    seen = set() if seen is None else seen
    if id(widget) in seen:
        return
    seen.add(id(widget))
    for name in ("description", "value", "placeholder", "tooltip", "title", "status", "question"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            yield value
    yield from _strings(list(getattr(widget, "options", ()) or ()))
    for child in getattr(widget, "children", ()) or ():
        yield from _widget_texts(child, seen)
    for name in ("widget", "view", "box", "ui"):
        inner = getattr(widget, name, None)
        if inner is not None and hasattr(inner, "children"):
            yield from _widget_texts(inner, seen)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_widgets_words_keep_the_term_base(lang: str) -> None:
    from _stub_bots import low_bots

    from spades_teach.widgets import BidAdvisorView, LegalPlayExplorer, MatchStepper, ScoreCalculator
    from spades_teach.widgets.table_game import TableGame

    set_language(lang)
    game = TableGame(seed=7, bots=low_bots(), pause=0)
    texts = [*_strings(game.state()), game.status]
    match = Match()
    match.add_result({"N": 4, "E": 3, "S": 3, "W": 2}, {"N": 5, "E": 2, "S": 4, "W": 2})
    views = (BidAdvisorView("AKQ3.K52.7.A9842"), ScoreCalculator(), LegalPlayExplorer(11), MatchStepper(match, start=1))
    for widget in views:
        texts.extend(_widget_texts(widget))
    assert len(texts) > 50
    shown = [re.sub(r"<[^>]+>", " ", re.sub(r"(?s)<style>.*?</style>", "", text)) for text in texts]
    problems = {text[:80]: found for text in shown if (found := term_problems(text, lang))}
    assert problems == {}


# -- a card and a seat in a sentence ---------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "template", "values", "expected"),
    [
        ("fr", "Pouvez-vous jouer {card:le} ?", {"card": "AD"}, "Pouvez-vous jouer l'A♦ ?"),
        ("fr", "{card:Le} est permis.", {"card": "AD"}, "L'A♦ est permis."),
        ("fr", "Nord gagne avec {card:le}", {"card": "QS"}, "Nord gagne avec la D♠"),
        ("fr", "{card:Seul|Seule} {card:le} tient", {"card": "QS"}, "Seule la D♠ tient"),
        ("fr", "{card:Seul|Seule} {card:le} tient", {"card": "KS"}, "Seul le R♠ tient"),
        ("fr", "au-dessus {card:de}", {"card": "JH"}, "au-dessus du V♥"),
        ("fr", "passez {card:à}", {"card": "AH"}, "passez à l'A♥"),
        ("es", "Solo {card:el} salva tu nil", {"card": "QS"}, "Solo la Q♠ salva tu nil"),
        ("es", "{card:El} gana", {"card": "JD"}, "La J♦ gana"),
        ("es", "por debajo {card:del}", {"card": "KH"}, "por debajo del K♥"),
        ("es", "por debajo {card:del}", {"card": "QH"}, "por debajo de la Q♥"),
        ("es", "sal {card:al}", {"card": "AS"}, "sal al A♠"),
    ],
)
def test_a_card_takes_the_article_its_name_needs(
    lang: str, template: str, values: dict[str, str], expected: str
) -> None:
    with language(lang):
        named = {key: Card.parse(code).pretty for key, code in values.items()}
        assert template.format(**named) == expected


def test_a_seat_takes_its_preposition_and_elides() -> None:
    with language("fr"):
        assert f"le Nil {seat_word(3):de}" == "le Nil d'Ouest"
        assert f"l'annonce {seat_word(1):de}" == "l'annonce d'Est"
        assert f"le Nil {seat_word(2):de}" == "le Nil de Sud"
        assert f"{seat_letter(3):de}" == "de O"
        assert f"{seat_word(0):<6}|" == "Nord  |"  # a width still works
    with language("es"):
        assert f"el nil {seat_word(3):del}" == "el nil de Oeste"


def test_a_named_value_is_its_text_and_an_unknown_article_is_refused() -> None:
    with language("fr"):
        queen = card_face(card_index(12, 0))
    assert isinstance(queen, Named) and queen == "D♠" and str(queen) == "D♠" and f"{queen}" == "D♠"
    with pytest.raises(LanguageError, match="'lo'"):
        f"{queen:lo}"
    assert Card.parse("QS").pretty == "Q♠"  # English: the face as before


# Placeholders a translation may give an article or an agreement (their values are Named).
_PLACED = {
    "other",
    "better",
    "answer",
    "card",
    "ace",
    "king",
    "queen",
    "first",
    "rival",
    "best",
    "top",
    "second",
    "key",
    "hint",
    "rule",
    "higher",
    "seat",
    "partner",
    "leader",
    "winner",
    "dealer",
}
_SPEC = re.compile(r"\{(\w+):([^{}]*)\}")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_article_in_the_catalogs_names_a_card_or_a_seat_and_a_known_form(lang: str) -> None:
    with language(lang):
        faces = [card_face(card_index(rank, 0)) for rank in (14, 13, 12, 11, 10, 2)] + [seat_word(3), seat_word(0)]
        for _english, text in _entries(lang):
            for name, spec in _SPEC.findall(text):
                if spec.startswith(("<", ">", "^")) or spec[:1].isdigit():
                    continue
                assert name in _PLACED, f"{lang}: {{{name}:{spec}}} in {text!r}: not a card or a seat"
                for face in faces:
                    format(face, spec)  # raises LanguageError on an unknown form


@pytest.mark.parametrize(
    ("lang", "glued"),
    [
        ("fr", r"\b(?:le|la|du|au|Le|La|Du|Au)\s+\{(?:card|rival|best|top|key|hint|rule|higher)\}"),
        ("es", r"\b(?:el|El|del|al|la|La)\s+\{(?:card|rival|best|top|key|hint|rule|higher)\}"),
        ("fr", r"\bde \{(?:seat|partner|leader|winner|dealer)\}"),
    ],
)
def test_no_article_is_glued_in_front_of_a_card_or_a_seat(lang: str, glued: str) -> None:
    found = [text for _english, text in _entries(lang) if re.search(glued, text)]
    assert found == []


def test_the_program_s_sentences_place_the_card() -> None:
    """Messages the readers quoted, produced by the program in French and Spanish."""
    from spades_teach.advice.bots import advise_draw
    from spades_teach.i18n import _

    with language("fr"):
        assert _("What would you bid?") == "Qu'annonceriez-vous ?"
        assert advise_draw("QS", "-.-.-.-").reason.startswith("gardez la D♠ : ")
        assert advise_draw("AD", "-.-.-.-").reason.startswith("gardez l'A♦ : ")
    with language("es"):
        assert advise_draw("QS", "-.-.-.-").reason.startswith("quédate con la Q♠: ")
        assert advise_draw("KH", "-.-.-.-").reason.startswith("quédate con el K♥: ")


# A card's name as the subject of "is" and a participle or an adjective: the word must agree with the
# card (French *la D♠ est permise*, Spanish *la Q♠ está poco protegida*), so the translation chooses
# it by the card ({card:permis|permise}) rather than writing the masculine (the readers' "est permis").
_UNAGREED = {
    "fr": re.compile(
        r"\{(?:card|top|key|best|rival|hint|higher):[Ll]e\} (?:est|ne peut pas être|peut être) (?:peu )?"
        r"[a-zéèêà]+(?:é|is|it|t)\b(?! \{)"
    ),
    "es": re.compile(
        r"\{(?:card|top|key|best|rival|hint|higher):[Ee]l\} (?:es|está|queda) (?:poco )?[a-záéíóú]+o\b(?! \{)"
    ),
}


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_card_s_participle_agrees_with_the_card(lang: str) -> None:
    found = [text for _english, text in _entries(lang) if _UNAGREED[lang].search(text)]
    assert found == []


def test_the_program_s_card_words_agree_with_each_card() -> None:
    """The readers' '... est permis' said of a queen, and the Nil checklist's 'el {cards} puede' said
    of a jack or of several spades; a singleton is named as its card is written (D♥, was ♥D)."""
    from spades_teach.advice import advise_bid
    from spades_teach.advice.nil_check import assess_nil, nil_checklist
    from spades_teach.i18n import _

    with language("fr"):
        queen, ace = card_face(card_index(12, 0)), card_face(card_index(14, 2))
        assert _("{card} is legal.").format(card=queen) == "La D♠ est permise."
        assert _("{card} is legal.").format(card=ace) == "L'A♦ est permis."
        assert assess_nil("432.Q2.KT876.J84").dangers == ("la D♥ est peu protégée",)
        assert str(nil_checklist("J32.J962.T87.Q84")[2]).endswith(": le V♠ peut être forcé de gagner")
        assert str(nil_checklist("J92.J962.T87.Q84")[2]).endswith(": V♠ 9♠ peuvent être forcés de gagner")
        # the Q♠ is a high spade as well: it fails "spades 8 or lower" beside the V♠ 9♠
        assert str(nil_checklist("QJ9.J962.T87.Q84")[2]).endswith(
            ": D♠ V♠ 9♠ sont au-dessus du 8♠ et peuvent gagner des plis"
        )
        assert "singleton D♥" in [r.cards for r in advise_bid("AK3.Q.KJ876.Q842").reasons]
    with language("es"):
        jack, king = card_face(card_index(11, 0)), card_face(card_index(13, 0))
        assert _("{card} is not legal: {reason}.").format(card=jack, reason="x") == "La J♠ no se puede jugar: x."
        assert _("the {card} has little cover").format(card=king) == "el K♠ está poco protegido"
        assert assess_nil("432.Q2.KT876.J84").dangers == ("la Q♥ está poco protegida",)
        assert str(nil_checklist("J32.J962.T87.Q84")[2]).endswith(": la J♠ puede verse obligada a ganar")
        assert str(nil_checklist("432.J962.T87.Q84")[2]).endswith(
            ": las cartas 4♠ 3♠ 2♠ pueden jugar por debajo de casi todas las picas"
        )
        assert "semifallo Q♥" in [r.cards for r in advise_bid("AK3.Q.KJ876.Q842").reasons]
    with language("en"):
        assert "Q♥ singleton" in [r.cards for r in advise_bid("AK3.Q.KJ876.Q842").reasons]


def test_the_principle_tables_write_numbers_as_the_language_does() -> None:
    from spades_teach.render.calibration_plots import principle_table

    data = {
        "rule_sets": {
            "standard": {
                "name": "standard rules",
                "decisions": 3,
                "principles": [{"principle": "ruff", "decisions": 3, "judged": 2, "as_good": 0.5, "mean_cost": 1.25}],
            }
        }
    }
    with language("fr"):
        text, half = str(principle_table(data)), format_percent(0.5)
    assert f"({half})" in text and "1,2" in text
    assert "50%" not in text and "1.2" not in text


def test_a_drawn_card_that_costs_tricks_takes_them_away() -> None:
    """The readers' 'il ajoute -0,10 plis': a card worth less than nothing takes tricks away."""
    from spades_teach.advice.bots import advise_draw

    for lang, words in (
        ("en", "takes 0.10 tricks away"),
        ("fr", "il retire en moyenne 0,10 pli"),
        ("es", "de media quita 0,10 bazas"),
    ):
        with language(lang):
            reason = advise_draw("3D", "-.-.-.-").reason
        assert words in reason and "−" not in reason and "-0" not in reason, reason


# -- local input ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ("en", "fr", "es"))
def test_seats_teams_and_bids_are_read_as_each_language_writes_them(lang: str) -> None:
    with language(lang):
        for text in ("W", "w", "O", "Ouest", "oeste", "West"):
            assert Seat.coerce(text) is Seat.W
        for text, seat in (("Nord", Seat.N), ("norte", Seat.N), ("Est", Seat.E), ("Sud", Seat.S), ("sur", Seat.S)):
            assert Seat.coerce(text) is seat
        for text in ("EW", "EO", "oe", "E-O", "Est–Ouest", "este-oeste"):
            assert Team.coerce(text) is Team.EW
        for text in ("blind nil", "Nil à l'aveugle", "nil a l’aveugle", "nil a ciegas", "Nil a Ciegas"):
            assert Bid.coerce(text) == Bid(0, blind=True)
        assert Bid.coerce("nil") == Bid(0) and Bid.coerce("cero") == Bid(0)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("fr", "pique: ARD3 cœur: R52 carreau: 7 trèfle: A9842"),
        ("fr", "Pique ARD3 Coeur R52 Carreau 7 Trèfles A9842"),
        ("es", "picas: AKQ3 corazones: K52 diamantes: 7 tréboles: A9842"),
        ("es", "Picas AKQ3, Corazones K52, Diamantes 7, Treboles A9842"),
        ("en", "spades: AKQ3 hearts: K52 diamonds: 7 clubs: A9842"),
        ("fr", "S: AKQ3 H: K52 D: 7 C: A9842"),  # English input in every language
        ("es", "AKQ3.K52.7.A9842"),
    ],
)
def test_a_hand_is_read_with_the_language_s_suit_words(lang: str, text: str) -> None:
    with language(lang):
        assert Hand.parse(text) == Hand.parse("AKQ3.K52.7.A9842")


def test_a_refused_seat_or_bid_names_what_was_typed_and_the_local_choices() -> None:
    with language("fr"), pytest.raises(ParseError) as seat:
        Seat.coerce("X")
    assert "'X'" in str(seat.value) and "O" in str(seat.value) and "W" not in str(seat.value)
    with language("es"), pytest.raises(ParseError) as bid:
        Bid.coerce("nil ciega total")
    assert "'nil ciega total'" in str(bid.value) and "nil a ciegas" in str(bid.value)
    with language("fr"), pytest.raises(SpadesError) as team:
        Team.coerce("XY")
    assert "EO" in str(team.value)


def test_seats_and_teams_are_printed_as_each_language_writes_them() -> None:
    result = score_round({"N": 0, "E": 5, "S": 4, "W": 3}, {"N": 1, "E": 6, "S": 3, "W": 3})
    with language("fr"):
        french = result.lines
        assert Seat.W.letters == "O" and Team.EW.letters == "EO" and Team.NS.letters == "NS"
    with language("es"):
        spanish = result.lines
    assert any(line.startswith("EO ") for line in french) and not any("EW" in line for line in french)
    assert any(line.startswith("EO ") for line in spanish)
    assert Seat.W.letters == "W" and Team.EW.letters == "EW" and str(Team.EW) == "EW"  # English and the codes


def test_the_cli_reads_local_seats_and_bids_and_prints_them_back() -> None:
    command = [
        sys.executable,
        "-m",
        "spades_teach",
        "--lang",
        "fr",
        "score",
        "--bids",
        "N=4,E=nil à l'aveugle,S=3,O=3",
        "--tricks",
        "N=5,E=0,S=4,O=4",
        "--bags",
        "NS=0,EO=2",
        "--blind-nil",
    ]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    assert "Nil à l'aveugle" in done.stdout and "EO" in done.stdout and "EW" not in done.stdout
    assert "-" not in re.sub(r"[A-Za-zÀ-ÿ]-[A-Za-zÀ-ÿ]|--", "", done.stdout.split("Totaux")[-1])  # one minus sign: −


# -- numbers ----------------------------------------------------------------------------------


def test_the_number_table_is_babel_s() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import i18n as tool  # tools/i18n.py
    finally:
        sys.path.pop(0)
    import json

    stored = json.loads((LOCALE_DIR / "numbers.json").read_text(encoding="utf-8"))
    assert stored == tool.number_symbols(), "locale/numbers.json is stale: run tools/i18n.py numbers"


@pytest.mark.parametrize("lang", ("en", "fr", "es"))
@pytest.mark.parametrize("value", [0.3, -0.1, 2.5, -50.0, 1234.5, 12345.0, -9876543.25, 0.0])
def test_numbers_are_written_as_babel_writes_them_with_a_true_minus(lang: str, value: float) -> None:
    with language(lang):
        for digits in (0, 1, 2):
            expected = format_decimal(
                round(value, digits), format="#,##0." + "0" * digits if digits else "#,##0", locale=lang
            )
            expected = expected.replace("-", "−")
            if expected.lstrip("−").strip("0.,") == "":
                expected = expected.lstrip("−")
            assert format_number(value, digits) == expected


def test_signs_percents_and_seconds_in_each_language() -> None:
    with language("fr"):
        assert (format_signed(-50), format_signed(72), format_signed(0)) == ("−50", "+72", "0")
        assert format_percent(0.96) == "96\xa0%" and format_number(0.3, 1) == "0,3"
    with language("es"):
        assert format_signed(-0.1, 2) == "−0,10"
    from _stub_bots import low_bots

    from spades_teach.widgets.table_game import TableGame

    with language("fr"):
        labels = TableGame(seed=7, bots=low_bots(), pause=0).state()
    assert "0,3 s" in labels["pace_labels"] and not any("." in label for label in labels["pace_labels"])


def test_a_yes_or_no_is_a_word() -> None:
    from spades_teach.advice import assess_nil

    with language("es"):
        assert (yes_no(True), yes_no(False)) == ("sí", "no")
        verdict = assess_nil("752.K985.JT43.63").verdict
    assert "True" not in verdict and "False" not in verdict and "nil" in verdict.lower()


# -- counts and their nouns ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "value", "expected"),
    [("fr", 0.5, 1), ("fr", 1.75, 1), ("fr", 2.5, 2), ("es", 0.5, 2), ("es", 1.0, 1), ("en", 1.5, 2)],
)
def test_a_decimal_count_takes_the_language_s_number(lang: str, value: float, expected: int) -> None:
    with language(lang):
        assert plural_count(value) == expected


@pytest.mark.parametrize(
    ("lang", "english", "count", "expected"),
    [
        ("fr", ("{seat} {bid} ({count} won)", "{seat} {bid} ({count} won)"), 1, "(1 fait)"),
        ("es", ("{seat} {bid} ({count} won)", "{seat} {bid} ({count} won)"), 1, "(1 ganada)"),
        ("fr", ("renege costs {count} trick", "renege costs {count} tricks"), 1, "coûte 1 pli"),
        ("es", ("renege costs {count} trick", "renege costs {count} tricks"), 1, "cuesta 1 baza"),
    ],
)
def test_a_count_of_one_takes_the_singular(lang: str, english: tuple[str, str], count: int, expected: str) -> None:
    with language(lang):
        text = ngettext(*english, count).format(seat="N", bid="3", count=count)
    assert expected in text


def test_the_nil_advice_counts_its_tricks_in_the_singular_below_two_in_french() -> None:
    from spades_teach import advise_bid

    hand = "752.K985.JT43.63"
    with language("fr"):
        french = advise_bid(hand).summary
    with language("es"):
        spanish = advise_bid(hand).summary
    for text, singular, plural in ((french, "pli", "plis"), (spanish, "baza", "bazas")):
        match = re.search(r"(\d+(?:,\d+)?) (" + singular + r"|" + plural + r")\b", text)
        if match:
            number = float(match.group(1).replace(",", "."))
            wants_singular = number < 2 if text is french else number == 1
            assert (match.group(2) == singular) is wants_singular, text


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_counts_a_placeholder_with_a_fixed_plural_where_one_is_possible(lang: str) -> None:
    """The counts the readers found in the singular's place ("1 plis", "(1 faits)", "1 bazas") go
    through ngettext: their translations have a singular form."""
    catalog = _catalog(lang)
    for english in (
        "{seat} {bid} ({count} won)",
        "renege costs {count} trick",
        "the {card} has {count} card beside it",
    ):
        message = catalog.get(english)
        assert message is not None and isinstance(message.string, (tuple, list)), english
        singular = message.string[0]
        assert not re.search(r"\{count\} (plis|faits|bazas|ganadas|cartas|cartes)\b", singular), singular


def test_the_source_formats_no_number_with_a_hyphen_minus_for_a_learner() -> None:
    """No learner-facing ``:+`` format of a number in the package (it writes a hyphen-minus)."""
    offenders = []
    for path in (ROOT / "spades_teach").rglob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\{[^{}]*:\+[^{}]*\}", line) and "calibration" not in path.name:
                offenders.append(f"{path.relative_to(ROOT)}:{number}")
    assert offenders == []


def test_fields_of_the_catalogs_are_the_english_ones() -> None:
    """A spec (``{card:le}``) keeps the field's name: the English placeholders are all there."""
    for lang in TRANSLATED:
        for message in _catalog(lang):
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
            texts = message.string if isinstance(message.string, (tuple, list)) else (message.string,)
            english_names = {f for text in ids for _l, f, _s, _c in string.Formatter().parse(text) if f}
            for text in texts:
                names = {f for _l, f, _s, _c in string.Formatter().parse(text) if f}
                assert names <= english_names, (lang, ids, text)


def test_calibration_groups_are_words_of_the_language() -> None:
    from spades_teach.analysis.calibration import feature_value_label

    with language("fr"):
        assert [feature_value_label(v) for v in ("4 or less", "yes", "no", "7+")] == ["4 ou moins", "oui", "non", "7+"]
    with language("es"):
        assert [feature_value_label(v) for v in ("4 or less", "yes")] == ["4 o menos", "sí"]
