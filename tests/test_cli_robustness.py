"""The command line under hostile input: any argument list ends with status 0 or 2 and at
most a one-line ``error:``, every terminal gets text it can print, a closed pipe is quiet."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from spades_teach import Card, Round, Rules, deal
from spades_teach.cli import main, safe_text, to_ascii
from spades_teach.game.records import dumps

ROOT = Path(__file__).resolve().parents[1]
RECORDS = ROOT / "spades_teach" / "data" / "records"
EXAMPLE = ["score", "--bids", "N=4,E=2,S=3,W=3", "--tricks", "N=5,E=1,S=4,W=3"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def run_process(*argv: str, encoding: str = "utf-8", stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "spades_teach", *argv], input=stdin, capture_output=True, env=env, timeout=120
    )


def assert_one_line_error(err: str) -> None:
    assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err


# -- 2. the bag counter on the command line ----------------------------------------------------------


def test_score_refuses_a_huge_bag_counter_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, *EXAMPLE, "--bags", "NS=1000000000000000")
    assert status == 2 and out == ""
    assert_one_line_error(err)
    assert "bags carried in for NS must be a whole number 0-9" in err


def test_record_and_analyze_refuse_a_bag_counter_at_the_limit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = json.loads((RECORDS / "bags.json").read_text(encoding="utf-8"))
    data["bags"] = {"NS": 10, "EW": 0}
    path = tmp_path / "bags.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, _, err = run(capsys, "record", str(path))
    assert status == 2 and "bags.NS: bags carried in for NS must be a whole number 0-9" in err
    status, _, err = run(capsys, "analyze", "AKQ3.K52.7.A9842", "--samples", "2", "--workers", "1", "--bags", "NS=-1")
    assert status == 2 and "0-9" in err


# -- 3. terminals that cannot print the symbols --------------------------------------------------------


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_every_command_falls_back_to_ascii(encoding: str) -> None:
    done = run_process(*EXAMPLE, "--bags", "NS=9", encoding=encoding)
    assert done.returncode == 0, done.stderr
    text = done.stdout.decode(encoding)
    assert "EW bid 5 but took only 4: set, -50" in text
    for record in sorted(RECORDS.glob("*.json")):
        for extra in ((), ("--ascii",)):
            done = run_process("record", *extra, str(record), encoding=encoding)
            assert done.returncode == 0, (record.name, done.stderr)
            done.stdout.decode(encoding)  # all of it is in the terminal's encoding
    help_text = run_process("record", "--help", encoding=encoding)
    assert help_text.returncode == 0 and b"--ascii" in help_text.stdout


def test_ascii_option_converts_annotations_and_descriptions(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    r = Round(deal(7), dealer="N")
    for seat, bid in zip("ESWN", [3, 4, 2, 3]):
        r.bid(seat, bid)
    r.play("E", next(iter(r.legal_plays())))
    path = tmp_path / "symbols.json"
    path.write_text(
        dumps(
            r,
            title="♠ lesson",
            description="Keep the ♥A – or lose −50 ±10…",
            annotations=[{"at": {"trick": 1}, "text": "♣ and ♦ led"}],
        ),
        encoding="utf-8",
    )
    status, out, err = run(capsys, "record", "--ascii", str(path))
    assert status == 0 and err == ""
    assert out.isascii()
    assert "S lesson" in out and "Keep the HA - or lose -50 +/-10..." in out and "> C and D led" in out
    status, out, _ = run(capsys, "record", str(path))
    assert "♠ lesson" in out and "−50" in out  # a terminal that can print them keeps the symbols


def test_ascii_conversion_helpers() -> None:
    assert to_ascii("♠A ♥K ♦Q ♣J −5 ±1 – …") == "SA HK DQ CJ -5 +/-1 - ..."
    assert to_ascii("é") == "\\xe9"

    class Latin1:
        encoding = "cp1252"

    assert safe_text("café −50", Latin1()) == "café -50"
    assert safe_text("café", Latin1()) == "café"


# -- 4 and 7. odd text, numbers, dates, messages -------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["deal", "--seed", "\udcff"], ("--seed",)),
        (["deal", "--seed", "9" * 5000], ("at most 1000 digits",)),
        (["score", "--bids", "N=" + "9" * 5000 + ",E=2,S=3,W=3", "--tricks", "N=5,E=1,S=4,W=3"], ("out of range",)),
        (["score", "--bids", "N=4,E=2,S=3,W=3", "--tricks", "N=５,E=1,S=4,W=3"], ("digits 0-9", "'５'")),
        (["score", "--bids", "N=４,E=2,S=3,W=3", "--tricks", "N=5,E=1,S=4,W=3"], ("'４'",)),
        ([*EXAMPLE, "--bags", "NS=８"], ("digits 0-9",)),
        ([*EXAMPLE, "--target", "５００"], ("digits 0-9",)),
        (["deal", "--date", "20260101"], ("YYYY-MM-DD",)),
        (["deal", "--date", "2026-02-30"], ("YYYY-MM-DD",)),
        (["analyze", "AKQ3.K52.7.A9842", "--bids", "N=x"], ("unknown bid 'x'",)),
        (["deal", "--code", "\x1b[2J"], ("\\x1b",)),
        (["analyze", "AKQ3.K52.7.A9842", "--samples", "５"], ("digits 0-9",)),
    ],
    ids=[
        "seed-surrogate",
        "seed-digits",
        "bid-digits",
        "tricks-fullwidth",
        "bids-fullwidth",
        "bags-fullwidth",
        "target-fullwidth",
        "date-basic",
        "date-impossible",
        "analyze-bids",
        "control-chars",
        "samples-fullwidth",
    ],
)
def test_errors_are_one_clear_line(capsys: pytest.CaptureFixture[str], argv: list[str], words: tuple[str, ...]) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert_one_line_error(err)
    assert "invalid" not in err.split("(see")[0] or "invalid choice" in err  # no "invalid parse_bids value"
    assert "\x1b" not in err
    for word in words:
        assert word in err


def test_deal_accepts_the_documented_date(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--date", "2026-01-01")
    assert status == 0 and "deal of the day, 2026-01-01" in out


def test_a_surrogate_seed_in_a_real_process() -> None:
    done = run_process("deal", "--seed", "\udcff")  # the byte 0xff on the command line
    assert done.returncode == 2
    assert_one_line_error(done.stderr.decode("utf-8"))


def test_a_record_from_stdin_is_read_like_a_file(tmp_path: Path) -> None:
    text = (RECORDS / "bags.json").read_bytes()
    bom = b"\xef\xbb\xbf" + text
    path = tmp_path / "bom.json"
    path.write_bytes(bom)
    from_file = run_process("record", str(path))
    from_stdin = run_process("record", "-", stdin=bom)
    assert from_file.returncode == from_stdin.returncode == 0
    assert from_file.stdout == from_stdin.stdout
    latin1 = text.replace(b'"version"', '"title": "Caf\u00e9", "version"'.encode("latin-1"))
    path.write_bytes(latin1)
    from_file = run_process("record", str(path))
    from_stdin = run_process("record", "-", stdin=latin1)
    assert from_file.returncode == from_stdin.returncode == 2
    message = from_file.stderr.decode().split(": ", 2)[-1]
    assert message.startswith("not UTF-8 text") and from_stdin.stderr.decode().endswith(message)


def test_record_errors_name_the_path_once(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = json.loads((RECORDS / "bags.json").read_text(encoding="utf-8"))
    data["bids"][0]["seat"] = "Q"
    path = tmp_path / "seat.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, _, err = run(capsys, "record", str(path))
    assert status == 2 and err.count("bids[0].seat") == 1


def test_control_characters_in_record_text_are_escaped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    r = Round(deal(7), dealer="N")
    for seat, bid in zip("ESWN", [3, 4, 2, 3]):
        r.bid(seat, bid)
    path = tmp_path / "hostile.json"
    path.write_text(
        dumps(
            r,
            title="\x1b[2JCleared",
            description="line one\nline \x07two",
            annotations=[{"at": {"bid": "E"}, "text": "\x1b]0;owned\x07"}],
        ),
        encoding="utf-8",
    )
    status, out, _ = run(capsys, "record", str(path))
    assert status == 0
    assert "\x1b" not in out and "\x07" not in out
    assert "\\x1b[2JCleared" in out and "line one\nline \\x07two" in out


def test_plural_texts(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, *EXAMPLE, "--bags", "NS=0,EW=1")
    assert status == 0 and "Totals: NS +72 (2 bags), EW −50 (1 bag)" in out


def _renege_record(tmp_path: Path) -> tuple[Path, int]:
    """A record whose card number ``n`` is a renege (an off-suit card while holding the suit led)."""
    rules = Rules(renege="penalty")
    r = Round(deal(12), dealer="N", rules=rules)
    for seat in ("E", "S", "W", "N"):
        r.bid(seat, 3)
    number = 0
    while True:
        seat = r.to_act
        assert seat is not None
        trick = r.current_trick.cards
        hand = r.hand(seat)
        if trick and hand.has_suit(trick[0].suit) and any(c.suit is not trick[0].suit for c in hand):
            card: Card = next(c for c in hand if c.suit is not trick[0].suit)
            r.play(seat, card)
            number += 1
            break
        r.play(seat, next(iter(r.legal_plays())))
        number += 1
    path = tmp_path / "renege.json"
    path.write_text(dumps(r), encoding="utf-8")
    return path, number


def test_analyze_record_says_why_it_stops_at_a_renege(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path, number = _renege_record(tmp_path)
    status, out, _ = run(capsys, "analyze-record", str(path))
    assert status == 0
    lines = out.splitlines()
    reviewed = number - 1
    assert lines[-2].startswith(f"{reviewed} card{'s' if reviewed != 1 else ''} reviewed")
    assert lines[-1].startswith(f"The review stops at card {number} ")
    assert "reneged" in lines[-1] and "not a legal card" in lines[-1]


@pytest.mark.parametrize("command", ["deal --seed 1", "score " + " ".join(EXAMPLE[1:])])
def test_a_closed_pipe_ends_quietly(command: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    # `true` reads nothing and exits at once, so the command writes into a closed pipe.
    line = f"{sys.executable} -m spades_teach {command} | true; echo status=${{PIPESTATUS[0]}} >&2"
    done = subprocess.run(["bash", "-c", line], capture_output=True, env=env, timeout=120)
    err = done.stderr.decode()
    assert "error:" not in err and "Traceback" not in err and "Exception ignored" not in err, err
    status = int(err.rsplit("status=", 1)[1])
    assert status in (0, 141)  # 141: ended by SIGPIPE, as Unix tools are


def test_a_closed_pipe_in_process(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    class Closed(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", Closed())
    assert main(["deal", "--seed", "1"]) == 141
    assert capsys.readouterr().err == ""


# -- random argument lists ------------------------------------------------------------------------------

_WORDS = [
    "score",
    "deal",
    "record",
    "analyze-record",
    "analyze",
    "--bids",
    "--tricks",
    "--bags",
    "--reneges",
    "--seed",
    "--dealer",
    "--code",
    "--today",
    "--date",
    "--ascii",
    "--costly-only",
    "--target",
    "--loss-limit",
    "--no-nil",
    "--blind-nil",
    "--bag-limit",
    "--bag-penalty",
    "--first-lead",
    "--min-team-bid",
    "--renege",
    "--players",
    "--help",
    "--version",
    "-",
    "N=4,E=2,S=3,W=3",
    "N=5,E=1,S=4,W=3",
    "NS=9,EW=0",
    "NS=1000000000000000",
    "N=nil,E=bn,S=13,W=0",
    "N=５",
    "2026-01-01",
    "20260101",
    "two_of_clubs",
    "penalty",
    "none",
    "4",
    "2",
    "0",
    "-1",
    "9" * 5000,
    "\udcff",
    "\x1b[2J",
    "N",
    "x",
    "",
    " ",
    "AKQ3.K52.7.A9842",
    "N=4,north=9",
]


def _argv(draw: Any) -> list[str]:
    words = st.lists(st.one_of(st.sampled_from(_WORDS), st.text(max_size=12)), max_size=8)
    return [draw(st.sampled_from(["score", "deal", "record", "analyze-record"])), *draw(words)]


@st.composite
def argument_lists(draw: Any, files: tuple[str, ...] = ()) -> list[str]:
    argv = _argv(draw)
    if argv[0] in ("record", "analyze-record") and files and draw(st.booleans()):
        argv.insert(1, draw(st.sampled_from(files)))
    return argv


def _files(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, ...]:
    folder = tmp_path_factory.mktemp("cli-fuzz")
    r = Round(deal(3), dealer="N")
    for seat in ("E", "S", "W", "N"):
        r.bid(seat, 3)
    r.play("E", next(iter(r.legal_plays())))
    short = folder / "short.json"
    short.write_text(dumps(r), encoding="utf-8")
    broken = folder / "broken.json"
    broken.write_text('{"version": 1, "bids": [[[[[[[[[[]]]]]]]]]]}', encoding="utf-8")
    return (str(short), str(broken), str(RECORDS / "bags.json"), str(folder / "absent.json"), str(folder))


@pytest.fixture(scope="module")
def fuzz_files(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, ...]:
    return _files(tmp_path_factory)


@settings(
    max_examples=150,
    deadline=timedelta(seconds=20),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_argument_lists_end_cleanly(data: st.DataObject, fuzz_files: tuple[str, ...]) -> None:
    argv = data.draw(argument_lists(fuzz_files))
    if argv[0] == "analyze-record" and argv[1:2] == [str(RECORDS / "bags.json")]:
        argv[1] = fuzz_files[0]  # a full hand takes 52 exact solves: keep the examples short
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), _no_stdin():
        status = main(argv)
    assert status in (0, 2), (argv, status, err.getvalue())
    text = err.getvalue()
    assert "Traceback" not in text
    if status == 2:
        assert_one_line_error(text)
    else:
        assert text == ""


@contextlib.contextmanager
def _no_stdin() -> Any:
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(b"not a record"), encoding="utf-8")
    try:
        yield
    finally:
        sys.stdin = saved


@settings(max_examples=6, deadline=timedelta(seconds=60), suppress_health_check=[HealthCheck.too_slow])
@given(argv=argument_lists(), encoding=st.sampled_from(["utf-8", "cp1252", "ascii"]))
def test_random_argument_lists_in_a_real_process(argv: list[str], encoding: str) -> None:
    assume(not any("\x00" in word for word in argv))  # no operating system passes a NUL inside an argument
    done = run_process(*argv, encoding=encoding, stdin=b"")
    assert done.returncode in (0, 2), (argv, done.stderr)
    err = done.stderr.decode(encoding, errors="replace")
    assert "Traceback" not in err
    if done.returncode == 2:
        assert_one_line_error(err)
