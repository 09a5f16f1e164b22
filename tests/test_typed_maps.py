"""The seat and team maps type-check for a caller: ``score.points["NS"]`` and
``round_.tricks_won["N"]`` pass ``mypy --strict``, and a key that names no seat
or team (``"X"``, or a team where a seat is asked) is reported.

(``"N" in round_.bids`` works at run time, but mypy's ``--strict-equality``
compares ``str`` with the keys' type, ``Seat``, and reports it whatever the
map's ``__contains__`` accepts; callers test membership with ``Seat.N``.)"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

CALLER = """\
from spades_teach import Match, Round, Seat, Team, deal, score_round
from spades_teach.game.bids import Bid
from spades_teach.game.seating import SeatMap, TeamMap

score = score_round({"N": 4, "S": 3, "E": 2, "W": 3}, {"N": 5, "S": 3, "E": 2, "W": 3})
ns: int = score.points["NS"]
ew: int = score.points[Team.EW] + score.bags["EW"] + score.bags_added["NS"]
two_player: int = score.points["N"]
made: bool | None = score.made["NS"]
points: TeamMap[int] = score.points

round_ = Round(deal(1), dealer="N")
north: int = round_.tricks_won["N"] + round_.tricks_won[Seat.S]
team: int = round_.team_tricks["EW"]
bids: SeatMap[Bid] = round_.bids
west: Bid | None = bids.get("W")
east: Bid = bids.get("E", Bid(3))


def totals(match: Match) -> int:
    row = match.sheet[-1]
    return match.scores["NS"] + row.totals["EW"] + row.points["NS"] + int(row.bids["N"]) + row.tricks["S"]
"""

WRONG = """\
from spades_teach import Round, deal, score_round

score = score_round({"N": 4, "S": 3, "E": 2, "W": 3}, {"N": 5, "S": 3, "E": 2, "W": 3})
round_ = Round(deal(1), dealer="N")
a = score.points["X"]
b = round_.tricks_won["NS"]
c = round_.bids.get("north")
"""


@pytest.fixture(scope="module")
def mypy_report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """mypy --strict's error lines for the two snippets, by file name (one run for both)."""
    api = pytest.importorskip("mypy.api")
    folder = tmp_path_factory.mktemp("caller")
    (folder / "caller.py").write_text(CALLER, encoding="utf-8")
    (folder / "wrong.py").write_text(WRONG, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("MYPYPATH", str(ROOT))  # the package of this checkout, not an installed copy
        stdout, stderr, _ = api.run(
            [
                "--strict",
                "--follow-imports=silent",
                "--config-file",
                str(ROOT / "pyproject.toml"),
                "--cache-dir",
                str(folder / ".mypy_cache"),
                str(folder / "caller.py"),
                str(folder / "wrong.py"),
            ]
        )
    report: dict[str, list[str]] = {"caller.py": [], "wrong.py": []}
    for line in stdout.splitlines():
        name = Path(line.split(":", 1)[0]).name
        if name in report and ": error:" in line:
            report[name].append(line)
    assert report["wrong.py"] or "Success" in stdout, stdout + stderr
    return report


def test_documented_string_keys_type_check(mypy_report: dict[str, list[str]]) -> None:
    assert mypy_report["caller.py"] == [], "\n".join(mypy_report["caller.py"])


def test_a_key_that_names_no_seat_or_team_is_reported(mypy_report: dict[str, list[str]]) -> None:
    lines = {int(line.split(":")[1]) for line in mypy_report["wrong.py"]}
    source = WRONG.splitlines()
    wanted = {n for n, text in enumerate(source, start=1) if '["X"]' in text or '["NS"]' in text or '"north"' in text}
    assert wanted == {5, 6, 7}, textwrap.dedent(WRONG)
    assert wanted <= lines, "\n".join(mypy_report["wrong.py"])
