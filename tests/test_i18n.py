"""The translation machinery: choosing the language, the catalogs shipped and kept in
step with their sources, and every English message translated into French and Spanish
with the same placeholders."""

from __future__ import annotations

import io
import re
import string
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import spades_teach
from spades_teach import Card, Round, SpadesError, Suit, deal, score_round
from spades_teach.i18n import (
    LOCALE_DIR,
    LanguageError,
    _,
    decimal,
    get_language,
    language_from_environment,
    ngettext,
    set_language,
)

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ("fr", "es")


def _po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / "spades_teach.po"


def _catalog(lang: str) -> Catalog:
    with open(_po_path(lang), "rb") as handle:
        return read_po(handle, locale=lang)


def _extracted() -> dict[tuple[str | None, str], tuple[str, ...]]:
    """Every message marked in the package's sources, freshly extracted ((context, msgid) -> its
    forms; the context tells apart one English word in two roles, ``pgettext``)."""
    found: dict[tuple[str | None, str], tuple[str, ...]] = {}
    for _file, _line, message, _comments, context in extract_from_dir(
        str(ROOT / "spades_teach"), method_map=[("**.py", "python")]
    ):
        forms = (message,) if isinstance(message, str) else tuple(message)
        found[context, forms[0]] = forms
    return found


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


# -- choosing the language ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "fr"),
        ({"LANG": "es_AR.UTF-8"}, "es"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "de_DE.UTF-8"}, "en"),
        ({"LC_ALL": "es_ES.UTF-8", "LANG": "fr_FR.UTF-8"}, "es"),
        ({"LC_MESSAGES": "fr_CA", "LANG": "es_ES"}, "fr"),
        ({"LANGUAGE": "de:es:fr", "LC_ALL": "fr_FR.UTF-8"}, "es"),
        ({"LANGUAGE": "", "LANG": "fr_BE.UTF-8"}, "fr"),
    ],
)
def test_the_default_language_is_read_from_the_environment_like_gettext(environ: dict[str, str], expected: str) -> None:
    assert language_from_environment(environ) == expected


def test_set_language_switches_and_get_language_tells() -> None:
    set_language("fr")
    assert get_language() == "fr"
    set_language("ES")
    assert get_language() == "es"
    set_language("fr_FR.UTF-8")
    assert get_language() == "fr"
    set_language("en")
    assert get_language() == "en"


@pytest.mark.parametrize("bad", ["de", "", "français", 3, None])
def test_an_unknown_language_is_refused_naming_the_choices_and_nothing_changes(bad: object) -> None:
    set_language("es")
    with pytest.raises(LanguageError) as caught:
        set_language(bad)  # type: ignore[arg-type]
    assert isinstance(caught.value, SpadesError)
    assert all(code in str(caught.value) for code in ("'en'", "'fr'", "'es'"))
    assert get_language() == "es"


def test_the_first_use_takes_the_environment_s_language(monkeypatch: pytest.MonkeyPatch) -> None:
    import spades_teach.i18n as i18n

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    monkeypatch.setattr(i18n, "_chosen", [])
    assert get_language() == "es"
    assert (
        ngettext("{count} trick goes to {other}", "{count} tricks go to {other}", 2) == "{count} bazas pasan a {other}"
    )


def test_a_missing_catalog_is_refused_and_the_environment_falls_back_to_english(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import spades_teach.i18n as i18n

    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(i18n, "_translations", {})
    set_language("en")
    with pytest.raises(LanguageError, match="catalog is missing"):
        set_language("fr")
    assert get_language() == "en"
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setattr(i18n, "_chosen", [])
    assert get_language() == "en"


def test_the_package_exports_the_language_switch() -> None:
    assert spades_teach.set_language is set_language
    assert spades_teach.get_language is get_language
    assert {"set_language", "get_language", "LanguageError"} <= set(spades_teach.__all__)


def test_a_language_block_speaks_its_language_and_restores_the_one_before() -> None:
    from spades_teach.i18n import language

    assert spades_teach.language is language and "language" in spades_teach.__all__
    set_language("en")
    with language("fr") as code:
        assert code == "fr" and get_language() == "fr" and _("Language") == "Langue"
        with language("ES"):
            assert get_language() == "es"
        assert get_language() == "fr"
    assert get_language() == "en" and _("Language") == "Language"
    with pytest.raises(RuntimeError), language("es"):
        raise RuntimeError("the block failed")
    assert get_language() == "en"
    with pytest.raises(LanguageError, match="unknown language 'de'"), language("de"):
        pass  # pragma: no cover - refused before the block runs
    assert get_language() == "en"


def test_a_language_block_belongs_to_its_context() -> None:
    """Code run in another context (another thread, another task) does not see the block."""
    import contextvars
    import threading

    from spades_teach.i18n import language

    set_language("en")
    seen: list[str] = []
    with language("fr"):
        worker = threading.Thread(target=lambda: seen.append(get_language()))
        worker.start()
        worker.join()
        assert contextvars.copy_context().run(get_language) == "fr"  # a copy of this context sees it
    assert seen == ["en"] and get_language() == "en"


def test_set_language_inside_a_block_is_spoken_at_once_and_after_it() -> None:
    from spades_teach.i18n import language

    set_language("en")
    with language("fr"):
        set_language("es")
        assert get_language() == "es"
    assert get_language() == "es"
    set_language("en")


def test_plurals_follow_each_language() -> None:
    singular, plural = (
        "{side} scores {points} this hand, with {count} bag on the counter",
        ("{side} scores {points} this hand, with {count} bags on the counter"),
    )
    words = {}
    for lang in ("en", "fr", "es"):
        set_language(lang)
        words[lang] = [ngettext(singular, plural, n).format(side="NS", points="+1", count=n) for n in (0, 1, 2)]
    assert words["en"][0].endswith("0 bags on the counter") and words["en"][1].endswith("1 bag on the counter")
    # French counts 0 and 1 as singular; Spanish, like English, only 1.
    assert "0 surplus au compteur" in words["fr"][0]
    assert "0 bolsas" in words["es"][0] and "1 bolsa " in words["es"][1] and "2 bolsas" in words["es"][2]


def test_decimal_numbers_use_the_language_s_mark() -> None:
    shown = {}
    for lang in ("en", "fr", "es"):
        set_language(lang)
        shown[lang] = decimal(7.25, 2)
    assert shown == {"en": "7.25", "fr": "7,25", "es": "7,25"}


# -- the catalogs ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_compiled_catalog_is_a_fresh_compile_of_its_po(lang: str) -> None:
    """The .mo files are committed (so a plain install needs no Babel): they must be what
    ``python tools/i18n.py compile`` makes of the .po today."""
    fresh = io.BytesIO()
    write_mo(fresh, _catalog(lang))
    assert _po_path(lang).with_suffix(".mo").read_bytes() == fresh.getvalue(), (
        f"{lang}: run python tools/i18n.py compile"
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_extracted_message_has_a_translation_with_the_same_placeholders(lang: str) -> None:
    catalog = _catalog(lang)
    missing, fuzzy, mismatched = [], [], []
    for (context, msgid), forms in _extracted().items():
        entry = catalog.get(forms if len(forms) > 1 else msgid, context=context)
        if entry is None and len(forms) > 1:
            entry = catalog.get(msgid, context=context)
        if entry is None or not all(entry.string if isinstance(entry.string, tuple) else [entry.string]):
            missing.append(msgid)
            continue
        if entry.fuzzy:
            fuzzy.append(msgid)
        translations = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        english = set().union(*(_fields(form) for form in forms))
        for text in translations:
            if _fields(str(text)) != english:
                mismatched.append((msgid, text))
    assert missing == [], f"{lang}: untranslated (run tools/i18n.py update, then translate): {missing}"
    assert fuzzy == [], f"{lang}: fuzzy translations to check: {fuzzy}"
    assert mismatched == [], f"{lang}: placeholders differ from the English ones: {mismatched}"


def test_the_template_lists_exactly_the_marked_messages() -> None:
    with open(LOCALE_DIR / "spades_teach.pot", "rb") as handle:
        template = {
            (message.context, message.id if isinstance(message.id, str) else message.id[0])
            for message in read_po(handle)
            if message.id
        }
    assert template == set(_extracted()), "run python tools/i18n.py extract"


def test_the_catalogs_ship_as_package_data() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    assert re.search(r'"locale/\*/LC_MESSAGES/\*\.mo"', text)
    for lang in TRANSLATED:
        assert _po_path(lang).with_suffix(".mo").is_file()


# -- the score explanation ----------------------------------------------------------------

BIDS = {"N": 0, "S": 5, "E": 4, "W": 4}
TRICKS = {"N": 1, "S": 6, "E": 3, "W": 3}


def test_the_score_explanation_speaks_the_language_and_english_comes_back_unchanged() -> None:
    english = score_round(BIDS, TRICKS).explain()
    score = score_round(BIDS, TRICKS)
    set_language("fr")
    french = score.lines
    set_language("es")
    spanish = score.lines
    set_language("en")
    assert score.explain() == english
    assert score_round(BIDS, TRICKS).explain() == english
    assert "NS bid 5 and took 6: 50 + 1 bag = 51" in english.splitlines()
    assert "NS a annoncé 5 et fait 6 plis : 50 + 1 surplus = 51" in french
    assert "EO a annoncé 8 mais n'a fait que 6 plis : chute, −80" in french
    assert "N a annoncé Nil mais a fait 1 pli : −100" in french
    assert "NS anunció 5 e hizo 6: 50 + 1 bolsa = 51" in spanish
    assert "EO anunció 8 pero solo hizo 6: se quedó corto, −80" in spanish
    assert "N anunció nil pero hizo 1 baza: −100" in spanish
    assert len(french) == len(spanish) == len(english.splitlines())
    assert not any(word in line for line in french for word in (" bid ", " took ", " bag"))
    assert not any(word in line for line in spanish for word in (" bid ", " took ", " bag"))


def test_bag_penalty_and_renege_lines_are_translated() -> None:
    from spades_teach import Rules

    rules = Rules(renege="penalty")
    score = score_round({"N": 3, "S": 3, "E": 3, "W": 3}, {"N": 5, "S": 4, "E": 2, "W": 2}, bags={"NS": 8}, rules=rules)
    set_language("fr")
    french = score.explain()
    set_language("es")
    spanish = score.explain()
    assert "NS atteint 11 surplus : −100, et le compteur redescend à 1" in french
    assert "NS llegó a 11 bolsas: −100, y el contador baja a 1" in spanish


def test_a_translated_message_is_used_through_gettext() -> None:
    message = "{side} reached {target} first"
    set_language("fr")
    assert _(message).format(side="NS", target=500) == "NS a atteint 500 en premier"


# -- the errors of the game ---------------------------------------------------------------


def _round_after_a_lead() -> tuple[Round, Card, Suit]:
    """A round in play after its first lead, and a card the next seat may not play
    (it holds the suit led but this card is of another suit)."""
    for seed in range(50):
        game = Round(deal(seed), dealer="N")
        for _bidder in range(4):
            bidder = game.to_act
            assert bidder is not None
            game.bid(bidder, 3)
        leader = game.to_act
        assert leader is not None
        lead = next(card for card in game.deal[leader] if not card.is_spade)
        game.play(leader, lead)
        assert game.to_act is not None
        hand = game.deal[game.to_act]
        follows = [card for card in hand if card.suit is lead.suit]
        others = [card for card in hand if card.suit is not lead.suit]
        if follows and others:
            return game, others[0], lead.suit
    raise AssertionError("no seed gives a hand that can fail to follow suit")


def _messages(action: Callable[[], object]) -> dict[str, str]:
    """The error message of ``action`` in English, French, Spanish, then English again."""
    seen = {}
    for lang in ("en", "fr", "es", "en again"):
        set_language(lang.split()[0])
        with pytest.raises(SpadesError) as caught:
            action()
        seen[lang] = str(caught.value)
    return seen


def test_an_illegal_play_is_explained_in_the_language_and_english_comes_back_unchanged() -> None:
    from spades_teach.game.notation import card_face

    game, card, led = _round_after_a_lead()
    seat = game.to_act
    assert seat is not None
    seen = _messages(lambda: game.play(seat, card))
    assert seen["en"] == seen["en again"]
    assert seen["en"].startswith(f"must follow {led.word}: play ")
    assert seen["fr"].startswith("il faut fournir à ") and " : jouez " in seen["fr"]
    assert seen["es"].startswith("hay que seguir el palo de ") and ": juega " in seen["es"]
    set_language("fr")
    french_cards = seen["fr"].split(" : jouez ")[1].split()
    assert french_cards == [card_face(c.index) for c in game.deal[seat] if c.suit is led]


def test_playing_out_of_turn_names_the_seats_in_the_language() -> None:
    game, _card, _led = _round_after_a_lead()
    assert game.to_act is not None
    wrong = next(seat for seat in game.deal if seat is not game.to_act)
    card = next(iter(game.deal[wrong]))
    seen = _messages(lambda: game.play(wrong, card))
    assert seen["en"] == seen["en again"] == f"it is {game.to_act.word}'s turn to play, not {wrong.word}'s"
    assert seen["fr"].startswith("c'est à ") and ", pas à " in seen["fr"]
    assert seen["es"].startswith("le toca jugar a ") and ", no a " in seen["es"]


@pytest.mark.parametrize("text", ["QX", "X", "ZZS", ""])
def test_a_malformed_card_is_refused_in_the_language(text: str) -> None:
    seen = _messages(lambda: Card.parse(text))
    assert seen["en"] == seen["en again"]
    assert len({seen["en"], seen["fr"], seen["es"]}) == 3
    if text:
        assert all(repr(text) in message for message in seen.values())


def test_a_malformed_card_names_the_french_letters_in_french() -> None:
    seen = _messages(lambda: Card.parse("XS"))
    assert seen["en"] == "unknown rank 'X' in card 'XS': use 2-9, T or 10, J, Q, K, A"
    assert seen["fr"] == "valeur inconnue 'X' dans la carte 'XS' : utilisez 2-9, 10, V, D, R, A"
    assert seen["es"] == "valor desconocido 'X' en la carta 'XS': usa 2-9, T o 10, J, Q o D, K o R, A"


def test_a_bad_score_request_is_refused_in_the_language() -> None:
    seen = _messages(lambda: score_round({"N": 3, "S": 3, "E": 3, "W": 3}, {"N": 3, "S": 3, "E": 3, "W": 5}))
    assert seen["en"] == seen["en again"] == "tricks add up to 14, but a hand has 13 tricks"
    assert seen["fr"] == "les plis font 14 en tout, mais une manche a 13 plis"
    assert seen["es"] == "las bazas suman 14, pero una mano tiene 13 bazas"


def test_a_bad_rules_option_is_refused_in_the_language() -> None:
    from spades_teach import Rules

    seen = _messages(lambda: Rules(players=3))
    assert seen["en"] == seen["en again"] == "players must be 4 (partnerships) or 2, got 3"
    assert seen["fr"] == "players vaut 4 (en équipes) ou 2, pas 3"
    assert seen["es"] == "players vale 4 (por parejas) o 2, no 3"


def test_a_duplicate_card_is_named_as_the_language_writes_it() -> None:
    from spades_teach import Hand

    seen = _messages(lambda: Hand.parse("QH KS").add("QH"))
    assert seen["en"] == seen["en again"] == "duplicate card 'Q♥'"
    assert seen["fr"] == "carte en double 'D♥'"
    assert seen["es"] == "carta repetida 'Q♥'"


def test_a_match_refusal_is_in_the_language() -> None:
    from spades_teach import Match

    match = Match()
    seen = _messages(lambda: match.start_round("N:- - - -", seed=3))
    assert seen["en"] == seen["en again"] == "give either a deal or a seed, not both"
    assert seen["fr"] == "donnez une donne ou une graine (seed), pas les deux"
    assert seen["es"] == "da un reparto o una semilla (seed), no los dos"


def test_a_malformed_bid_is_refused_in_the_language() -> None:
    from spades_teach import Bid

    seen = _messages(lambda: Bid.coerce("lots"))
    assert seen["en"] == seen["en again"] == "unknown bid 'lots': bid a number 0-13, 'nil' or 'blind nil'"
    assert seen["fr"].startswith("annonce inconnue 'lots' : ")
    assert seen["es"].startswith("anuncio desconocido 'lots': ")


def test_a_bad_deal_is_refused_in_the_language() -> None:
    from spades_teach import Deal

    seen = _messages(lambda: Deal.parse("N:AKQ3.K52.7.A9842 - JT98.AQ.K5432.Q -"))
    assert seen["en"] == seen["en again"] == "South's hand has 12 cards, a deal gives 13 to each player"
    assert seen["fr"] == "la main de Sud a 12 cartes ; une donne en distribue 13 à chaque joueur"
    assert seen["es"] == "la mano de Sur tiene 12 cartas; un reparto da 13 a cada jugador"


def test_the_two_player_cut_is_told_in_the_language() -> None:
    from spades_teach import cut

    result = cut(7)
    english = result.reason
    set_language("fr")
    french = result.reason
    set_language("es")
    spanish = result.reason
    set_language("en")
    assert result.reason == english
    assert english.startswith("N cut ") and english.endswith(f"{result.first.name} goes first")
    assert french.startswith("N a coupé ") and french.endswith(f" : {result.first.name} commence")
    assert spanish.startswith("N cortó ") and spanish.endswith(f": empieza {result.first.name}")


def test_the_match_status_and_its_ending_follow_the_language_when_read() -> None:
    from spades_teach import Match, Rules

    match = Match(Rules(target=100))
    match.add_result({"N": 5, "S": 5, "E": 1, "W": 1}, {"N": 6, "S": 5, "E": 1, "W": 1})
    assert match.is_over
    english = (match.status(), match.result_reason)
    assert english[1] == "NS reached 100 first"
    set_language("fr")
    french = (match.status(), match.result_reason)
    set_language("es")
    spanish = (match.status(), match.result_reason)
    set_language("en")
    assert (match.status(), match.result_reason) == english
    assert french[1] == "NS a atteint 100 en premier"
    assert spanish[1] == "NS llegó primero a 100"
    assert "(surplus 1 et 0) : NS gagne, NS a atteint 100 en premier" in french[0]
    assert "(bolsas 1 y 0): gana NS, NS llegó primero a 100" in spanish[0]


def test_the_rules_are_described_in_the_language() -> None:
    from spades_teach import Rules

    rules = Rules(first_lead="two_of_clubs", renege="penalty")
    english = rules.describe()
    set_language("fr")
    french = rules.describe()
    set_language("es")
    spanish = rules.describe()
    set_language("en")
    assert rules.describe() == english
    assert english.startswith("4 players, game to 500, lose at −200, Nil ±100, 10 bags cost 100, 2♣ leads first")
    assert french.startswith("4 joueurs, partie en 500, perdue à −200, Nil ±100, 10 surplus coûtent 100, le 2♣ entame")
    assert spanish.startswith(
        "4 jugadores, partida a 500, se pierde en −200, nil ±100, 10 bolsas cuestan 100, sale el 2♣"
    )
    assert french.endswith("une renonce coûte 3 plis") and spanish.endswith("el renuncio cuesta 3 bazas")


def test_a_malformed_game_record_is_refused_in_the_language() -> None:
    from spades_teach.game.records import loads

    seen = _messages(lambda: loads("[1, 2"))
    assert seen["en"] == seen["en again"]
    assert seen["en"].startswith("not JSON: ")
    assert seen["fr"].startswith("pas du JSON : ")
    assert seen["es"].startswith("no es JSON: ")


def test_french_counts_one_trick_and_zero_tricks_in_the_singular() -> None:
    english = score_round({"N": 1, "S": 1, "E": 5, "W": 5}, {"N": 1, "S": 0, "E": 6, "W": 6}).lines
    set_language("fr")
    french = score_round({"N": 1, "S": 1, "E": 5, "W": 5}, {"N": 1, "S": 0, "E": 6, "W": 6}).lines
    exact = score_round({"N": 1, "S": 0, "E": 6, "W": 6}, {"N": 1, "S": 0, "E": 6, "W": 6}).lines
    assert english[0] == "NS bid 2 but took only 1: set, −20"
    assert french[0] == "NS a annoncé 2 mais n'a fait que 1 pli : chute, −20"
    assert "NS a annoncé 1 et fait 1 pli : 10" in exact
