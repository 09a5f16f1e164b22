"""The command line in French and Spanish: ``--lang`` (before or after the command), the
environment's language, argparse's own words, and a bad ``--lang`` refused by name."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from spades_teach import Round, deal
from spades_teach.cli import main
from spades_teach.game.records import dump
from spades_teach.i18n import get_language

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ["score", "--bids", "N=4,E=2,S=3,W=3", "--tricks", "N=5,E=1,S=4,W=3"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _numbers(text: str) -> list[str]:
    """The numbers of a text, in order (signs kept, the minus sign written either way)."""
    return re.findall(r"[+\-−]?\d+", text)


@pytest.mark.parametrize(
    "lang, words",
    [
        ("fr", ("utilisation :", "options", "affiche ce message d'aide", "Compte les points d'une manche", "PLIS")),
        ("es", ("uso:", "opciones:", "muestra este mensaje de ayuda", "Puntúa una mano", "BAZAS")),
    ],
)
def test_help_is_in_the_language_asked_for(
    capsys: pytest.CaptureFixture[str], lang: str, words: tuple[str, ...]
) -> None:
    status, out, _ = run(capsys, "--lang", lang, "score", "--help")
    assert status == 0
    for word in words:
        assert word in out, word
    assert "show this help message" not in out and "usage:" not in out
    status, top, _ = run(capsys, "--lang", lang, "--help")
    assert status == 0 and "--lang {en,fr,es}" in top
    assert "Learn the card game Spades" not in top and "Spades" in top
    assert get_language() == "en"  # put back for the caller


@pytest.mark.parametrize("lang, total, bags", [("fr", "Totaux :", "surplus"), ("es", "Totales:", "bolsas")])
def test_score_output_is_translated_with_the_same_numbers(
    capsys: pytest.CaptureFixture[str], lang: str, total: str, bags: str
) -> None:
    _, english, _ = run(capsys, *EXAMPLE)
    status, out, err = run(capsys, "--lang", lang, *EXAMPLE)
    assert status == 0 and err == ""
    last = out.splitlines()[-1]
    assert last.startswith(total) and bags in last and "Totals" not in out
    assert _numbers(out) == _numbers(english)
    _, again, _ = run(capsys, *EXAMPLE)
    assert again == english  # English unchanged after a French or Spanish run


def test_lang_after_the_command_name_works_too(capsys: pytest.CaptureFixture[str]) -> None:
    _, english, _ = run(capsys, "deal", "--seed", "3")
    status, spanish, _ = run(capsys, "deal", "--seed", "3", "--lang", "es")
    assert status == 0
    assert spanish.splitlines()[0].startswith("Reparte: Norte") and "semilla 3" in spanish.splitlines()[0]
    assert english.splitlines()[0].startswith("Dealer: North")
    status, french, _ = run(capsys, "deal", "--seed", "3", "--lang=fr")
    assert "Donneur : Nord" in french and "Ouest" in french
    # the same cards, suit by suit: French writes R D V for K Q J (the table's columns follow the names' widths)
    letters = str.maketrans({"K": "R", "Q": "D", "J": "V"})
    names = {"North": "Nord", "East": "Est", "South": "Sud", "West": "Ouest"}
    english_words = [names.get(word, word.translate(letters)) for word in " ".join(english.splitlines()[2:-3]).split()]
    assert " ".join(french.splitlines()[2:-3]).split() == english_words
    assert french.splitlines()[-1].split()[-1] == english.splitlines()[-1].split()[-1]  # the deal code


def test_record_summary_in_french(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    r = Round(deal(5), dealer="N")
    bids: list[int | str] = [3, 4, "nil", 4]
    for bid in bids:
        assert r.to_act is not None
        r.bid(r.to_act, bid)
    rng = random.Random(5)
    while not r.is_complete:
        assert r.to_act is not None
        r.play(r.to_act, rng.choice(sorted(r.legal_plays())))
    path = tmp_path / "hand.json"
    dump(r, path, annotations=[{"at": {"trick": 2}, "text": "Note."}])
    _, english, _ = run(capsys, "record", str(path))
    status, french, _ = run(capsys, "--lang", "fr", "record", str(path))
    assert status == 0
    for words in ("Annonces :", "Plis :", "remporté par", "L'enregistrement est valide (1 note)."):
        assert words in french, words
    assert "won by" not in french and "won by" in english
    assert [line.count("remporté par") for line in french.splitlines()] == [
        line.count("won by") for line in english.splitlines()
    ]


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "de", "score", "--help"],
        ["score", "--lang", "xx", *EXAMPLE[1:]],
        ["--lang=english", "deal"],
    ],
)
def test_a_bad_lang_is_refused_naming_the_choices(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("error: --lang: unknown language") and err.count("\n") == 1
    for choice in ("en (English)", "fr (français)", "es (español)"):
        assert choice in err


def test_lang_without_a_value_says_what_it_needs(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "deal", "--lang")
    assert status == 2 and "--lang needs a language" in err and "fr (français)" in err


def test_argparse_errors_are_translated(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "--lang", "es", "score", "--bids", "N=4,E=2,S=3,W=3")
    assert status == 2
    assert err.startswith("error: se requieren los argumentos siguientes: --tricks")
    status, _, err = run(capsys, "--lang", "fr", "deal", "--seed", "1", "--bogus")
    assert status == 2 and "arguments non reconnus : --bogus" in err and err.startswith("erreur :")


def _spades_teach(env: dict[str, str], *argv: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    return subprocess.run(
        [sys.executable, "-m", "spades_teach", *argv],
        cwd=ROOT,
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )


def test_the_environment_s_language_is_used_and_lang_overrides_it() -> None:
    french = _spades_teach({"LANG": "fr_FR.UTF-8"}, *EXAMPLE, "--help")
    assert french.returncode == 0 and "utilisation :" in french.stdout and "PLIS" in french.stdout
    spanish = _spades_teach({"LANGUAGE": "es", "LANG": "fr_FR.UTF-8"}, *EXAMPLE)
    assert spanish.returncode == 0 and "Totales:" in spanish.stdout
    english = _spades_teach({"LANG": "fr_FR.UTF-8"}, "--lang", "en", *EXAMPLE)
    assert english.stdout.splitlines()[-1] == "Totals: NS +72 (2 bags), EW −50 (0 bags)"


def test_analyze_table_in_french_has_decimal_commas_and_the_same_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["analyze", "AKQ3.K52.7.A9842", "--samples", "12", "--workers", "1", "--seed", "4"]
    _, english, _ = run(capsys, *argv)
    status, french, _ = run(capsys, "--lang", "fr", *argv)
    assert status == 0
    table = french.split("\n\n")[1]
    assert table.splitlines()[0].split() == ["annonce", "réussite", "score", "espéré"]
    assert "les plis de votre équipe, donne par donne :" in french and "side's tricks" not in french
    english_table = english.split("\n\n")[1]
    assert re.findall(r"[+−-]\d+,\d", table) == [
        m.replace(".", ",") for m in re.findall(r"[+−-]\d+\.\d", english_table)
    ]
    assert re.findall(r"(\d+)\s%", table) == re.findall(r"(\d+)%", english_table)


# -- every word of the command line in the language (fr-es review, turn 5) ------------------------

#: The placeholders argparse would write in English (an option's name upper-cased, or ours).
ENGLISH_METAVARS = ("SEAT", "BID", "TRICKS", "SIDE", "BAGS", "COUNT", "SEED", "DEALER", "SAMPLES", "BIDS")
ENGLISH_METAVARS += ("SCORES", "WORKERS")
#: English placeholders that are French words too.
SPANISH_ONLY = ("CODE", "PORT")
#: The option values, in English: shown translated, typed either way.
ENGLISH_VALUES = ("left_of_dealer", "two_of_clubs", "prevent", "penalty", "playout", "double_dummy", "'none'")


@pytest.mark.parametrize("lang", ["fr", "es"])
@pytest.mark.parametrize("command", ["score", "deal", "analyze", "record", "analyze-record", "app"])
def test_help_has_no_english_placeholder_or_option_value(
    capsys: pytest.CaptureFixture[str], lang: str, command: str
) -> None:
    status, out, _ = run(capsys, "--lang", lang, command, "--help")
    assert status == 0
    words = set(re.findall(r"[A-Za-z_']+", out))
    english = set(ENGLISH_METAVARS) | (set(SPANISH_ONLY) if lang == "es" else set())
    assert not words & english, sorted(words & english)
    for value in ENGLISH_VALUES:
        assert re.search(rf"(?<![\w-]){value}(?![\w-])", out) is None, value
    assert "blind nil" not in out and "-200" not in out


@pytest.mark.parametrize(
    "lang, argv, shown",
    [
        ("fr", ["--renege", "pénalité", "--reneges", "EO=1"], "interdire"),
        ("fr", ["--first-lead", "deux-de-trefle", "--min-team-bid", "aucun"], "gauche_du_donneur"),
        ("es", ["--renege", "penalización", "--first-lead", "dos_de_tréboles"], "impedir"),
        ("es", ["--renege", "penalty", "--first-lead", "two_of_clubs"], "izquierda_del_repartidor"),
    ],
)
def test_option_values_are_shown_and_read_in_the_language(
    capsys: pytest.CaptureFixture[str], lang: str, argv: list[str], shown: str
) -> None:
    status, out, err = run(capsys, "--lang", lang, *EXAMPLE, *argv)
    assert status == 0 and err == "", err
    assert out.splitlines()[-1].startswith({"fr": "Totaux :", "es": "Totales:"}[lang])
    _, helped, _ = run(capsys, "--lang", lang, "score", "--help")
    assert shown in helped


def test_a_value_not_among_the_choices_is_refused_naming_them_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(capsys, "--lang", "fr", *EXAMPLE, "--renege", "oui")
    assert status == 2 and "'oui'" in err and "'interdire', 'pénalité'" in err


def test_analyze_reads_its_method_in_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["analyze", "AKQ3.K52.7.A9842", "--samples", "4", "--workers", "1", "--seed", "1"]
    status, out, err = run(capsys, "--lang", "es", *argv, "--method", "bots")
    assert status == 0 and err == "" and "repartos" in out


def test_french_help_puts_a_space_before_the_colon_of_its_headings(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--lang", "fr", "analyze", "--help")
    headings = [line for line in out.splitlines() if line.endswith(":") and not line.startswith(" ")]
    assert headings and all(line.endswith(" :") for line in headings), headings
    _, english, _ = run(capsys, "analyze", "--help")
    assert "options:" in english.splitlines()


def test_the_app_s_french_help_launches_rather_than_serves(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--lang", "fr", "app", "--help")
    assert "Lance l'application" in out and "Sert " not in out and "servir" not in out


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_analyze_writes_its_numbers_and_its_deals_as_the_language_does(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    argv = ["analyze", "AKQ3.K52.7.A9842", "--samples", "12", "--workers", "1", "--seed", "4"]
    status, out, _ = run(capsys, "--lang", lang, *argv)
    assert status == 0
    assert re.search(r"(?<![\w−])-\d", out) is None, "an ASCII minus"
    last = out.splitlines()[-1]
    assert re.search(r"\d: \d", last) is None, last  # "4: 1" said in words
    if lang == "es":
        assert "manos jugadas" not in out and "no claramente" not in out


def _packaged_record(language: str = "") -> str:
    folder = ROOT / "spades_teach" / "data" / "records"
    return str(folder / language / "bags.json")


@pytest.mark.parametrize("lang", ["fr", "es"])
@pytest.mark.parametrize("command", ["record", "analyze-record"])
def test_the_project_s_translated_records_are_read_and_printed_in_their_language(
    capsys: pytest.CaptureFixture[str], lang: str, command: str
) -> None:
    from spades_teach.game.replays import load_record

    title = load_record("bags", lang).title
    assert title
    status, out, err = run(
        capsys, "--lang", lang, command, _packaged_record(lang), *(["--costly-only"] * (command != "record"))
    )
    assert status == 0 and err == "", err
    if command == "record":
        assert out.splitlines()[0] == title
        assert "Bags dodged" not in out and " EW " not in out and "EO 7" in out
        assert "−200" in out and "-200" not in out


@pytest.mark.parametrize("lang", ["fr", "es"])
def test_an_english_record_prints_its_translation_beside_it(capsys: pytest.CaptureFixture[str], lang: str) -> None:
    from spades_teach.game.replays import load_record

    status, out, _ = run(capsys, "--lang", lang, "record", _packaged_record())
    assert status == 0 and out.splitlines()[0] == load_record("bags", lang).title
    _, english, _ = run(capsys, "record", _packaged_record())
    assert english.splitlines()[0] == load_record("bags", "en").title


def test_a_translation_given_alone_is_refused_by_name(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lone = tmp_path / "fr" / "bags.json"
    lone.parent.mkdir()
    lone.write_text(Path(_packaged_record("fr")).read_text(encoding="utf-8"), encoding="utf-8")
    status, _, err = run(capsys, "record", str(lone))
    assert status == 2 and "translation" in err and "language: unknown field" not in err
