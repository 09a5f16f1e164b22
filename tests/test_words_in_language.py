"""Every word in the learner's language (the French and Spanish readers' review, turn 5): the seat
and team letters of trick lines and score panels, the widgets' last English labels, the forms of
French and Spanish grammar a sentence needs (elision, gender, articles), one term for one thing,
numbers as each language writes them, and the words of the game (suits, seats, teams, rank letters,
the solver's messages) from the catalogs, like every other word."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from spades_teach import Card, Hand, Rank, Round, Team, deal
from spades_teach.errors import PositionError
from spades_teach.game.notation import (
    rank_face,
    rank_value,
    seat_number,
    seat_word,
    suit_number,
    suit_word,
    team_number,
)
from spades_teach.i18n import _, get_language, language, pgettext, set_language
from spades_teach.render.html import round_html, trick_html

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = ("fr", "es")


@pytest.fixture(autouse=True)
def _language_back() -> Iterator[None]:
    before = get_language()
    yield
    set_language(before)


def played_out(seed: int = 3) -> Round:
    """A hand bid 3 each and played to its end, always the first legal card."""
    r = Round(deal(seed), dealer="N")
    while r.phase == "bidding":
        assert r.to_act is not None
        r.bid(r.to_act, 3)
    while not r.is_complete:
        assert r.to_act is not None
        r.play(r.to_act, sorted(r.legal_plays())[0])
    return r


def text_of(html: str) -> str:
    """What a reader sees of an HTML fragment: no style, no tags."""
    return re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", html, flags=re.S))


# -- the seat and team letters of trick lines and score panels -----------------------------------


@pytest.mark.parametrize("lang, west, led", [("fr", "O", "a entamé"), ("es", "O", "salió con")])
def test_a_trick_line_writes_west_as_the_language_does(lang: str, west: str, led: str) -> None:
    r = played_out()
    with language(lang):
        lines = [text_of(trick_html(trick)) for trick in r.tricks]
        table = text_of(round_html(r))
    lines = [" ".join(line.split()) for line in lines]
    letters = [set(re.findall(r"(?<![\w'])([NESWO])(?= \S+[♠♥♦♣])", line)) for line in lines]
    assert all("W" not in found for found in letters), lines[0]
    assert any(west in found for found in letters)
    assert all(led in line for line in lines)
    assert "W " not in table


def test_spanish_says_which_card_was_led_with_its_article() -> None:
    r = played_out()
    with language("es"):
        line = " ".join(text_of(trick_html(r.tricks[0])).split())
    first = r.tricks[0].plays[0][1]
    with language("es"):
        assert f"salió con {'la' if first.rank in (Rank.QUEEN, Rank.JACK) else 'el'} {first.pretty}" in line


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_played_out_hand_shows_no_void_in_every_suit(lang: str) -> None:
    r = played_out()
    with language(lang):
        shown = text_of(round_html(r))
        void = _("void")
        won = {"fr": " plis", "es": " ganadas"}[lang]
    assert void not in shown
    assert won in shown and "gagnés" not in shown


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_score_calculator_s_result_names_the_teams_in_the_language(lang: str) -> None:
    from spades_teach.widgets.score import ScoreCalculator

    with language(lang):
        calc = ScoreCalculator(bids={"N": 4, "S": 3, "E": 3, "W": 2}, tricks={"N": 5, "S": 4, "E": 2, "W": 2})
        panel = text_of(calc.points_html.value).split()
    assert "EO" in panel and "EW" not in panel


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_deal_view_names_its_code_in_the_language(lang: str) -> None:
    from spades_teach.widgets.deal import DealView

    with language(lang):
        view = DealView(seed=4)
        shown = text_of(view.code_html.value)
        label = _("Deal code")
    assert "Deal code" not in shown and shown.strip().startswith(label)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_team_words_are_in_the_language(lang: str) -> None:
    with language(lang):
        assert Team.EW.word == {"fr": "Est–Ouest", "es": "Este–Oeste"}[lang]
        assert Team.NS.word == {"fr": "Nord–Sud", "es": "Norte–Sur"}[lang]


# -- one mechanism for the game's words (issue #40, item 6) ---------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
def test_suit_seat_team_and_rank_words_come_from_the_catalogs(lang: str) -> None:
    from spades_teach.game.notation import team_word

    with language(lang):
        assert [suit_word(s) for s in range(4)] == [
            pgettext("suit word", w) for w in ("spades", "hearts", "diamonds", "clubs")
        ]
        assert [seat_word(s) for s in range(4)] == [
            pgettext("seat name", w) for w in ("North", "East", "South", "West")
        ]
        assert [team_word(t) for t in range(2)] == [pgettext("team name", w) for w in ("North–South", "East–West")]
        assert [rank_face(r) for r in (13, 12, 11)] == [pgettext("rank letter", w) for w in "KQJ"]
        # and the catalogs give them: none is the English word
        assert suit_word(1) != "hearts" and seat_word(3) != "West" and team_word(1) != "East–West"


@pytest.mark.parametrize("lang", ("en", *TRANSLATED))
def test_every_printed_game_word_reads_back(lang: str) -> None:
    from spades_teach.game.notation import team_word

    with language(lang):
        assert [suit_number(suit_word(s)) for s in range(4)] == [0, 1, 2, 3]
        assert [seat_number(seat_word(s)) for s in range(4)] == [0, 1, 2, 3]
        assert [team_number(team_word(t)) for t in range(2)] == [0, 1]
        assert [rank_value(rank_face(r)) for r in range(2, 15)] == list(range(2, 15))


def test_notation_keeps_no_table_of_printed_words_per_language() -> None:
    source = (ROOT / "spades_teach" / "game" / "notation.py").read_text(encoding="utf-8")
    printed = ("Ouest", "Oeste", "Nord–Sud", "Este–Oeste")
    tree = ast.parse(source)
    literals = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    assert not literals & set(printed), "a printed word written in notation.py, not in the catalogs"


# The solver's errors, each with the position that raises it.
_BAD_POSITIONS = [
    ({"N": "AS", "E": "KS", "S": "QS"}, "N", ()),  # a hand missing
    ({"N": "AS", "E": "AS", "S": "QS", "W": "JS"}, "N", ()),  # a card twice
    ({"N": "AS KS", "E": "QS", "S": "JS", "W": "TS"}, "N", ()),  # unequal sizes
    ({"N": "AS", "E": "KS", "S": "QS", "W": "JS"}, "N", ("2H", "3H", "4H", "5H")),  # four cards in a trick
    ({"N": "2S 2H", "E": "KH QH", "S": "JH TH", "W": "9H 8H"}, "N", ("2S",)),  # spade led, not broken
    ({"N": "AH", "E": "KH", "S": "QS", "W": "JH"}, "N", ("AH",)),  # hands do not fit the trick
]


@pytest.mark.parametrize("hands, leader, trick", _BAD_POSITIONS)
@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_solver_refuses_a_bad_position_in_the_language(
    hands: dict[str, str], leader: str, trick: tuple[str, ...], lang: str
) -> None:
    from spades_teach.solver.checks import make_position

    with pytest.raises(PositionError) as english:
        make_position(hands, leader=leader, trick=trick)
    with language(lang), pytest.raises(PositionError) as local:
        make_position(hands, leader=leader, trick=trick)
    assert str(local.value) != str(english.value)
    for word in ("hands", "given twice", "spades are not broken", "trick", "missing", "cards"):
        assert word not in str(local.value), str(local.value)


def test_the_solver_raises_no_untranslated_message() -> None:
    """Every error the solver raises is a translated message (``_(...)``, ``ngettext(...)``),
    never an English literal or f-string. (``_wasm_core.py`` mirrors the compiled core's own
    TypeError and OverflowError for a caller's wrong types: Python's words, never a learner's.)"""
    untranslated = []
    for path in sorted((ROOT / "spades_teach" / "solver").glob("*.py")):
        if path.name == "_wasm_core.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args):
                continue
            name = getattr(node.exc.func, "id", "")
            if not name.endswith(("Error", "Spent")) or name in ("TypeError", "OverflowError"):
                continue
            message = node.exc.args[0]
            if isinstance(message, (ast.JoinedStr, ast.Constant)):
                untranslated.append(f"{path.name}:{node.lineno}")
    assert untranslated == []


# -- French and Spanish grammar -----------------------------------------------------------------


def test_french_elides_que_before_a_seat() -> None:
    with language("fr"):
        west, north = seat_word(3), seat_word(0)
        assert f"{west:que} · {north:que}" == "qu'Ouest · que Nord"
        assert "pour qu'Ouest soit" in _("play low, so that {seat} may be forced to win").format(seat=west)
        lead = _("lead the {card}, a low card {seat} may have to win").format(card=Card.parse("9S").pretty, seat=west)
        assert lead == "entamez le 9♠, une petite carte qu'Ouest devra peut-être prendre"


def test_french_names_a_card_with_its_article_after_a_colon_and_in_a_reason() -> None:
    with language("fr"):
        ace, king = Card.parse("AH").pretty, Card.parse("KH").pretty
        assert _("your partner's {top} is already winning, so play low").format(top=ace).startswith("l'A♥ ")
        assert _("the {card} is enough").format(card=king) == "le R♥ suffit"
        assert _("the {card} is the highest {suit_one} left").format(card=ace, suit_one="cœur").startswith("l'A♥ est")
        queen = Card.parse("QS").pretty
        assert (
            _("your Nil is lost on this trick, so at least get rid of the {card}")
            .format(card=queen)
            .endswith("débarrassez-vous au moins de la D♠")
        )


def test_every_french_card_the_english_names_with_the_has_an_article() -> None:
    """A French translation of "the {card}" writes the card with an article form ({card:le},
    {card:de} …), as its neighbours do, never the bare card."""
    from babel.messages.pofile import read_po

    placed = ("card", "top", "ace", "king", "queen", "higher", "best", "rival", "key")
    with open(ROOT / "spades_teach/locale/fr/LC_MESSAGES/spades_teach.po", "rb") as f:
        catalog = read_po(f)
    bare = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for name in placed:
            if any(f"the {{{name}}}" in text for text in ids) and any(f"{{{name}}}" in text for text in strings):
                bare.append(strings[0])
    assert bare == []


def test_spanish_says_the_card_a_card_forces_out_without_the_personal_a() -> None:
    with language("es"):
        line = _("the {card} forces out the {higher}").format(
            card=Card.parse("KH").pretty, higher=Card.parse("AH").pretty
        )
    assert line == "el K♥ hace caer el A♥"


def test_spanish_gives_spades_their_gender_in_a_hand_s_error() -> None:
    with language("es"), pytest.raises(Exception) as info:
        Hand.parse("AXQ3.K52.Q73.A94")
    assert "en el palo de picas" in str(info.value) and "los picas" not in str(info.value)


def test_spanish_partner_bid_menu_says_unknown_as_a_masculine_word() -> None:
    from spades_teach.widgets import BidAdvisorView

    with language("es"):
        view = BidAdvisorView("AKQ3.K52.7.A9842")
    labels = [label for label, _value in view.partner_box.options]
    assert labels[0] == "desconocido"


# -- one term for one thing ------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ("en", *TRANSLATED))
def test_the_table_s_mode_menu_and_its_option_have_different_names(lang: str) -> None:
    from spades_teach.widgets.table_labels import table_labels

    with language(lang):
        labels = table_labels()
    assert labels["game"] != labels["match"]


def test_french_calls_a_round_a_manche_on_the_review_button() -> None:
    from spades_teach.widgets.table_labels import table_labels

    with language("fr"):
        assert table_labels()["review"] == "Revoir ma manche"


def test_spanish_hints_are_pistas_everywhere() -> None:
    from spades_teach.widgets.table_labels import table_labels

    with language("es"):
        labels = table_labels()
    assert labels["hints"] == "Pistas"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_score_calculator_writes_nil_one_way_in_one_control(lang: str) -> None:
    from spades_teach.widgets.score import ScoreCalculator

    with language(lang):
        calc = ScoreCalculator(nil_toggles=True)
        toggle = next(iter(calc.nil_toggles.values()))
        kinds = [label for label, _value in toggle.options]
        values = [calc.rule_boxes["nil_value"].description, calc.rule_boxes["blind_nil_value"].description]
    assert kinds[2].startswith(kinds[1]), kinds  # "nil" and "nil a ciegas", "Nil" and "Nil à l'aveugle"
    assert values[0][0].isupper() and values[1][0].isupper(), values


@pytest.mark.parametrize(
    "lang, words",
    [
        ("fr", ("Parcourez des manches enregistrées", "carnets Jupyter")),
        ("es", ("Recorre manos grabadas", "cuadernos")),
    ],
)
def test_the_home_page_speaks_one_register_and_one_word_for_the_replays(lang: str, words: tuple[str, ...]) -> None:
    from spades_teach.app.home import home_html

    with language(lang):
        page = home_html()
    for word in words:
        assert word in page
    for stray in ("Recorra", "juéguelo", "revise cada", "notebooks des", "notebooks de los"):
        assert stray not in page


# -- numbers ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ("en", *TRANSLATED))
def test_the_rules_line_writes_a_negative_limit_with_the_minus_sign(lang: str) -> None:
    from spades_teach import Rules

    with language(lang):
        line = Rules().describe()
    assert "−200" in line and "-200" not in line


def test_the_steppers_totals_are_joined_the_french_way() -> None:
    from spades_teach.widgets.steps import totals_svg

    with language("fr"):
        svg = totals_svg({"NS": [0, -50], "EW": [0, 71]}, target=500, hands=2)
    label = re.search(r'aria-label="([^"]*)"', svg)
    assert label is not None and " ; " in label.group(1) and "−50" in label.group(1)


def test_the_cheat_sheet_joins_the_lines_of_a_case_the_french_way() -> None:
    from spades_teach.render.cheatsheet import scoring_rows

    with language("fr"):
        rows = scoring_rows()
    joined = [line for _label, line in rows if ";" in line]
    assert joined and all(re.search(r"\S;", line) is None for line in joined)


# -- what a learner types -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "lang, text",
    [
        ("fr", "P: ARD3 C: R52 K: D73 T: A94"),
        ("es", "P: AKQ3 C: K52 D: Q73 T: A94"),
        ("es", "ARD3.R52.D73.A94"),
        ("fr", "as de pique, roi de pique, dame de pique, 3 de pique, roi de cœur, 5 de cœur, 2 de cœur"),
        (
            "es",
            "as de picas, rey de picas, reina de picas, 3 de picas, rey de corazones, 5 de corazones, 2 de corazones",
        ),
    ],
)
def test_hands_written_the_local_way_are_read(lang: str, text: str) -> None:
    with language(lang):
        hand = Hand.parse(text)
    assert str(hand).startswith("AKQ3.K52")


@pytest.mark.parametrize(
    "lang, text, words",
    [
        ("fr", "AP RP", ("'P'", "pique, cœur, carreau, trèfle")),
        ("es", "AP KP", ("'P'", "picas, corazones, diamantes, tréboles")),
        ("en", "P: AKQ3 H: K52", ("'P'", "S H D C")),
        ("es", "as de picas, rey de copas", ("'rey de copas'", "as de picas")),
        ("fr", "as de pique, roi", ("'roi'", "as de pique")),
    ],
)
def test_a_hand_in_local_letters_or_words_that_cannot_be_read_says_how_to_write_it(
    lang: str, text: str, words: tuple[str, ...]
) -> None:
    with language(lang), pytest.raises(Exception) as info:
        Hand.parse(text)
    message = str(info.value)
    for word in words:
        assert word in message, message
    assert "'e' en 'de'" not in message


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_advisor_s_examples_are_written_in_the_language(lang: str) -> None:
    from spades_teach.widgets import BidAdvisorView

    with language(lang):
        placeholder = BidAdvisorView().hand_box.placeholder
        word = suit_word(0)
    assert f"{word}: " in placeholder and "S: AKQ3 H:" not in placeholder


@pytest.mark.parametrize("lang, pack", [("fr", "fr_FR"), ("es", "es_ES")])
def test_the_line_over_a_stored_widget_names_jupyterlab_s_menus_as_its_language_pack_does(lang: str, pack: str) -> None:
    """A French or Spanish chapter opens in JupyterLab with its language's menus (the language packs of
    the ``tutorial`` extra): the line above a stored widget names the menu and its entry as they read."""
    import importlib
    import json

    module = importlib.import_module(f"jupyterlab_language_pack_{pack}")
    catalog = json.loads(
        (Path(module.__file__).parent / "locale" / pack / "LC_MESSAGES" / "jupyterlab.json").read_text(encoding="utf-8")
    )
    menu = catalog.get("menu\x04Run", ["Run"])[0]
    entry = catalog.get("Run All Cells", ["Run All Cells"])[0]
    with language(lang):
        line = _("Run ▸ Run All Cells brings this widget to life.")
    assert line.startswith(f"{menu} ▸ {entry} "), line
