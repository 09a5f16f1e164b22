"""The spades-teach command line: output, exit codes and error messages."""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from spades_teach import Deal, Round, Rules, deal, score_round
from spades_teach.cli import COMMANDS, Command, build_parser, main, register, rules_from_args
from spades_teach.game.records import dump, dumps

EXAMPLE = ["score", "--bids", "N=4,E=2,S=3,W=3", "--tricks", "N=5,E=1,S=4,W=3"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# -- score ------------------------------------------------------------------------------------


def test_score_the_72_point_example(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, *EXAMPLE)
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "NS bid 7 and took 9: 70 + 2 bags = 72"
    assert "EW bid 5 but took only 4: set, −50" in lines
    assert lines[-1] == "Totals: NS +72 (2 bags), EW −50 (0 bags)"


def test_score_prints_every_line_of_score_round(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", "--bids", "N=nil,E=4,S=5,W=4", "--tricks", "N=0,E=3,S=6,W=4")
    expected = score_round({"N": 0, "E": 4, "S": 5, "W": 4}, {"N": 0, "E": 3, "S": 6, "W": 4})
    assert status == 0
    assert out.splitlines()[: len(expected.lines)] == expected.lines
    assert f"NS {expected.points['NS']:+d}" in out.splitlines()[-1]
    assert expected.points["NS"] == 151  # 100 for the Nil, 50 + 1 bag


def test_score_with_bags_carried_in(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, *EXAMPLE, "--bags", "NS=8,EW=0")
    assert status == 0
    assert "NS reached 10 bags: −100 and the counter drops to 0" in out
    assert out.splitlines()[-1] == "Totals: NS −28 (0 bags), EW −50 (0 bags)"


def test_score_with_blind_nil(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", "--bids", "N=bn,E=4,S=5,W=4", "--tricks", "N=0,E=4,S=5,W=4", "--blind-nil")
    assert status == 0
    assert "N bid blind Nil and took no trick: +200" in out
    assert "Totals: NS +250" in out


def test_score_blind_nil_needs_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "score", "--bids", "N=blind nil,E=4,S=5,W=4", "--tricks", "N=0,E=4,S=5,W=4")
    assert status == 2 and out == ""
    assert err.startswith("error: ")
    assert "blind Nil" in err and "not allowed" in err


def test_score_rule_options_change_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, *EXAMPLE, "--bags", "NS=3,EW=0", "--bag-limit", "5", "--bag-penalty", "50")
    assert status == 0
    assert "NS reached 5 bags: −50 and the counter drops to 0" in out
    assert out.splitlines()[-1] == "Totals: NS +22 (0 bags), EW −50 (0 bags)"


def test_score_with_renege_penalty(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, *EXAMPLE, "--renege", "penalty", "--reneges", "NS=1")
    assert status == 0
    assert "NS reneged 1 time: 3 tricks go to EW" in out
    assert "Totals: NS −70" in out


def test_score_two_players(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "score", "--bids", "N=6,S=5", "--tricks", "N=7,S=6", "--players", "2")
    assert status == 0
    assert out.splitlines()[-1] == "Totals: N +61 (1 bag), S +51 (1 bag)"


def test_every_rule_option_reaches_rules() -> None:
    parser = build_parser()
    args = parser.parse_args(
        [
            *EXAMPLE,
            "--target=300",
            "--loss-limit=none",
            "--no-nil",
            "--bag-limit=5",
            "--bag-penalty=50",
            "--first-lead=two_of_clubs",
            "--min-team-bid=4",
            "--renege=penalty",
            "--players=4",
        ]
    )
    assert rules_from_args(args) == Rules(
        target=300,
        loss_limit=None,
        nil=False,
        bag_limit=5,
        bag_penalty=50,
        first_lead="two_of_clubs",
        min_team_bid=4,
        renege="penalty",
    )
    args = parser.parse_args([*EXAMPLE, "--blind-nil", "--loss-limit", "-300", "--players", "2"])
    assert rules_from_args(args) == Rules(blind_nil=True, loss_limit=-300, players=2)
    assert rules_from_args(parser.parse_args(EXAMPLE)) == Rules()


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["score", "--bids", "N=4,E=2,S=3,W=14", "--tricks", "N=5,E=1,S=4,W=3"], ("--bids for W", "bid 14")),
        (["score", "--bids", "N=4,E=2,S=3,W=x", "--tricks", "N=5,E=1,S=4,W=3"], ("unknown bid 'x'",)),
        (["score", "--bids", "N=4,E=2,S=3,W=3", "--tricks", "N=5,E=1,S=4,W=4"], ("add up to 14",)),
        (["score", "--bids", "N=4,E=2,S=3,Q=3", "--tricks", "N=5,E=1,S=4,W=3"], ("unknown seat 'Q'",)),
        (["score", "--bids", "N=4,E=2,S=3,N=3", "--tricks", "N=5,E=1,S=4,W=3"], ("given twice",)),
        (["score", "--bids", "N4,E=2", "--tricks", "N=5"], ("'N4'", "SEAT=VALUE")),
        (["score", "--bids", "N=4,E=2,S=3,W=3", "--tricks", "N=five,E=1,S=4,W=3"], ("whole number", "'five'")),
        ([*EXAMPLE, "--bags", "XY=3"], ("unknown team 'XY'",)),
        ([*EXAMPLE, "--target", "-5"], ("target must be a positive",)),
        ([*EXAMPLE, "--target", "lots"], ("--target", "whole number", "'lots'")),
        ([*EXAMPLE, "--first-lead", "east"], ("--first-lead", "invalid choice")),
        (["score", "--bids", "N=4,E=2,S=3,W=3"], ("required", "--tricks")),
        (["scroe"], ("invalid choice", "'scroe'")),
        ([], ("required", "COMMAND")),
    ],
)
def test_errors_print_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: tuple[str, ...]
) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert out == ""
    assert err.startswith("error: ") and err.endswith("\n")
    assert "Traceback" not in err
    for word in words:
        assert word in err


def test_abbreviated_options_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "score", "--bid", "N=4,E=2,S=3,W=3", "--tricks", "N=5,E=1,S=4,W=3")
    assert status == 2 and "--bid" in err


# -- help -------------------------------------------------------------------------------------


def _options(parser: argparse.ArgumentParser) -> list[str]:
    return [opt for action in parser._actions for opt in action.option_strings if opt.startswith("--")]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_documents_every_option(capsys: pytest.CaptureFixture[str], name: str) -> None:
    status, out, _ = run(capsys, name, "--help")
    assert status == 0
    parser = build_parser()
    subparsers = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    child = subparsers.choices[name]
    for option in _options(child):
        assert option in out
    for action in child._actions:
        assert action.help, f"{name}: {action.option_strings or action.dest} has no help"


def test_top_level_help_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    for name in ("score", "deal", "record", "app"):
        assert name in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    from spades_teach import __version__

    status, out, _ = run(capsys, "--version")
    assert status == 0 and __version__ in out


def test_registry_accepts_a_new_command(capsys: pytest.CaptureFixture[str]) -> None:
    def configure(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--times", type=int, default=1, help="how many times")

    def run_hello(args: argparse.Namespace) -> int:
        print("hello " * args.times)
        return 0

    command = register(Command("hello-test", "say hello", configure, run_hello))
    try:
        status, out, _ = run(capsys, "hello-test", "--times", "2")
        assert status == 0 and out.strip() == "hello hello"
        with pytest.raises(ValueError, match="already registered"):
            register(Command("hello-test", "again", configure, run_hello))
    finally:
        del COMMANDS[command.name]
    assert "hello-test" not in COMMANDS


# -- app --------------------------------------------------------------------------------------


@pytest.fixture()
def fake_serve(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, object]]:
    """Replace spades_teach.app.serve: record its arguments instead of starting Voila."""
    import spades_teach.app

    calls: list[dict[str, object]] = []

    def serve(port: int = 0, open_browser: bool = True, language: str | None = None) -> int:
        calls.append({"port": port, "open_browser": open_browser, "language": language})
        return 0

    monkeypatch.setattr(spades_teach.app, "serve", serve)
    return calls


def test_app_defaults_to_port_8866_and_opens_a_browser(
    capsys: pytest.CaptureFixture[str], fake_serve: list[dict[str, object]]
) -> None:
    from spades_teach.app import DEFAULT_PORT

    status, _, err = run(capsys, "app")
    assert status == 0 and err == ""
    assert fake_serve == [{"port": DEFAULT_PORT, "open_browser": True, "language": "en"}]


def test_app_port_and_no_browser(capsys: pytest.CaptureFixture[str], fake_serve: list[dict[str, object]]) -> None:
    status, _, _ = run(capsys, "app", "--port", "9123", "--no-browser")
    assert status == 0
    assert fake_serve == [{"port": 9123, "open_browser": False, "language": "en"}]


def test_app_returns_the_server_status(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import spades_teach.app

    monkeypatch.setattr(spades_teach.app, "serve", lambda port, open_browser, language: 3)
    assert run(capsys, "app", "--no-browser")[0] == 3


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--port", "0"], ("--port", "port 0 is out of range", "1 to 65535")),
        (["--port", "70000"], ("port 70000 is out of range",)),
        (["--port", "eighty"], ("expected a port number", "'eighty'")),
        (["--port"], ("--port", "expected one argument")),
        (["--browser"], ("unrecognized arguments", "--browser")),
        (["--no-b"], ("unrecognized arguments",)),
    ],
)
def test_app_bad_arguments(
    capsys: pytest.CaptureFixture[str], fake_serve: list[dict[str, object]], argv: list[str], words: tuple[str, ...]
) -> None:
    status, out, err = run(capsys, "app", *argv)
    assert status == 2 and out == ""
    assert err.startswith("error: ") and len(err.strip().splitlines()) == 1
    for word in words:
        assert word in err
    assert fake_serve == []  # nothing was started


def test_app_errors_from_the_server_are_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import spades_teach.app

    def no_voila(port: int, open_browser: bool, language: str) -> int:
        raise spades_teach.app.AppError("the app needs Voila, which is not installed")

    monkeypatch.setattr(spades_teach.app, "serve", no_voila)
    status, _, err = run(capsys, "app")
    assert status == 2 and err == "error: the app needs Voila, which is not installed\n"


# -- deal -------------------------------------------------------------------------------------


def test_deal_from_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--seed", "7")
    d = deal(7)
    assert status == 0
    assert f"PBN:  {d}" in out
    assert f"Code: {d.code}" in out
    assert "Dealer: North" in out
    lines = out.splitlines()
    north = lines.index(next(line for line in lines if line.strip() == "North"))
    assert lines[north + 1].strip() == "♠ Q J 10 5"
    west_row = next(line for line in lines if line.startswith("West"))
    assert west_row.split() == ["West", "East"]
    assert "♦ K J 9 7 2" in out and "♣ J 10 7 6 3" in out


def test_deal_layout_puts_west_left_and_east_right(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--seed", "7", "--ascii")
    assert status == 0 and "♠" not in out
    rows = out.splitlines()
    start = next(i for i, line in enumerate(rows) if line.startswith("West"))
    column = rows[start].index("East")
    spades_row = rows[start + 1]
    assert spades_row[:column].strip() == "S A"
    assert spades_row[column:].strip() == "S K 9 6 2"
    assert rows[start - 5].strip() == "North" and rows[start + 5].strip() == "South"


def test_deal_with_a_dealer_and_a_text_seed(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--seed", "practice", "--dealer", "E")
    assert status == 0
    assert f"PBN:  {deal('practice', dealer='E')}" in out
    assert "Dealer: East" in out


def test_deal_from_a_code(capsys: pytest.CaptureFixture[str]) -> None:
    d = deal(99, dealer="S")
    status, out, _ = run(capsys, "deal", "--code", d.code.lower())
    assert status == 0
    assert f"PBN:  {d}" in out and "Dealer: South" in out


def test_deal_of_a_given_day(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--date", "2026-03-14")
    assert status == 0
    assert f"PBN:  {Deal.of_the_day('2026-03-14')}" in out


def test_deal_of_today(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--today")
    assert status == 0
    assert f"Code: {Deal.of_the_day().code}" in out


def test_random_deal_prints_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal")
    assert status == 0
    seed = int(out.split("(seed ", 1)[1].split(")", 1)[0])
    assert f"PBN:  {deal(seed)}" in out


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["deal", "--code", "nonsense"], ("deal code has 20 characters",)),
        (["deal", "--date", "14/03/2026"], ("YYYY-MM-DD",)),
        (["deal", "--seed", "1", "--code", "X"], ("not allowed with",)),
        (["deal", "--today", "--dealer", "E"], ("--dealer goes with --seed",)),
        (["deal", "--seed", "1", "--dealer", "Z"], ("unknown seat 'Z'",)),
    ],
)
def test_deal_errors(capsys: pytest.CaptureFixture[str], argv: list[str], words: tuple[str, ...]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith("error: ")
    for word in words:
        assert word in err


# -- record -----------------------------------------------------------------------------------


def _played_round(seed: int, cards: int | None = None) -> Round:
    r = Round(deal(seed), dealer="N")
    for b in [3, 4, "nil", 4]:
        assert r.to_act is not None
        r.bid(r.to_act, b)
    rng = random.Random(seed)
    count = 0
    while not r.is_complete and (cards is None or count < cards):
        assert r.to_act is not None
        r.play(r.to_act, rng.choice(sorted(r.legal_plays())))
        count += 1
    return r


def test_record_summary(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    r = _played_round(5)
    key_card = r.tricks[1].cards[2]
    path = tmp_path / "hand.json"
    dump(
        r,
        path,
        title="Practice hand",
        annotations=[
            {"at": {"bid": "W"}, "text": "West tries Nil."},
            {"at": {"trick": 2}, "text": "Second trick note."},
            {"at": {"trick": 2, "card": str(key_card)}, "text": "Card note."},
        ],
    )
    status, out, err = run(capsys, "record", str(path))
    assert status == 0 and err == ""
    assert out.startswith("Practice hand\n=============\n")
    assert "> West tries Nil." in out
    assert "> Second trick note." in out
    assert f"> {key_card.pretty}: Card note." in out
    rows = out.splitlines()
    for trick in r.tricks:
        assert trick.winner is not None
        row = next(line for line in rows if line.strip().startswith(f"{trick.number}. "))
        assert row.endswith(f"won by {trick.winner.word}")
        assert all(f"{seat.name} {card.pretty}" in row for seat, card in trick.plays)
    score = r.score()
    for line in score.lines:
        assert line in out
    assert "The record is valid (3 annotations)." in out


def test_record_of_an_unfinished_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    r = _played_round(6, cards=10)
    path = tmp_path / "partial.json"
    dump(r, path)
    status, out, _ = run(capsys, "record", str(path), "--ascii")
    assert status == 0
    assert "(in progress)" in out
    assert r.to_act is not None
    assert f"Unfinished: 2 of 13 tricks played, {r.to_act.word} to play." in out
    assert "♠" not in out


def test_record_of_a_two_player_hand(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    two = deal(8)
    r = Round(Deal({"N": two["N"], "S": two["S"]}, dealer="N"), dealer="N", rules=Rules(players=2))
    r.bid("S", 5)
    r.bid("N", 4)
    rng = random.Random(3)
    while not r.is_complete:
        assert r.to_act is not None
        r.play(r.to_act, rng.choice(sorted(r.legal_plays())))
    path = tmp_path / "two.json"
    dump(r, path)
    status, out, _ = run(capsys, "record", str(path))
    assert status == 0
    assert "West" not in out and "East" not in out
    assert f"Tricks won: N {r.tricks_won['N']}, S {r.tricks_won['S']}" in out
    assert all(line in out for line in r.score().lines)


def test_record_errors_name_the_file_and_the_field(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    r = _played_round(5)
    data = json.loads(dumps(r))
    data["bids"][1]["bid"] = 14
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, out, err = run(capsys, "record", str(path))
    assert status == 2 and out == ""
    assert err.startswith(f"error: {path}: bids[1]:")
    assert "bid 14 is out of range" in err


def test_record_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "record", str(tmp_path / "absent.json"))
    assert status == 2
    assert err.startswith("error: cannot read") and "absent.json" in err


def test_record_not_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("just some notes", encoding="utf-8")
    status, _, err = run(capsys, "record", str(path))
    assert status == 2 and "not JSON" in err


# -- the installed entry points ------------------------------------------------------------------


def _script() -> list[str]:
    installed = Path(sys.executable).with_name("spades-teach")
    if installed.exists():
        return [str(installed)]
    return [sys.executable, "-m", "spades_teach"]


def test_console_script_runs(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run([*_script(), *EXAMPLE], capture_output=True, text=True, encoding="utf-8", env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "Totals: NS +72 (2 bags), EW −50 (0 bags)"
    bad = subprocess.run(
        [sys.executable, "-m", "spades_teach", "deal", "--code", "x"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
    )
    assert bad.returncode == 2
    assert bad.stderr.startswith("error: ") and "Traceback" not in bad.stderr


def test_rules_given_to_score_round_match_the_options() -> None:
    args = build_parser().parse_args([*EXAMPLE, "--min-team-bid", "none"])
    assert rules_from_args(args).min_team_bid is None
