"""How often each play principle's card is as good as the judge's best: the table of chapter 17.

Run from the repository root::

    .venv/bin/python benchmarks/principle_calibration.py --decisions 40 --cache /tmp/pc.jsonl.gz  # a quick look
    .venv/bin/python benchmarks/principle_calibration.py --decisions 2000 --until 11:45 \\
        --json spades_teach/data/principle_calibration.json
    .venv/bin/python benchmarks/principle_calibration.py --table                       # the table, playing nothing
    .venv/bin/python benchmarks/principle_calibration.py --show "cash your winners" --more 192

The decisions
-------------
For each rule set of :data:`RULE_SETS`, deal ``k`` (``deal(seed + k)``, dealer
``Seat(k % 4)``, the same deals under every rule set) is bid and played to the end by
four medium bots without a clock. Every moment of those hands where the seat to play
has two or more legal cards is a decision (all seats, all tricks), taken in order
until ``--decisions`` are collected for the rule set.

What is measured
----------------
At each decision the play hint (:func:`~spades_teach.advice.play.suggest_play`) names
its card and the principle it follows. The one judge (:func:`~spades_teach.advice.judge.judge`,
the judge behind Teach me, the review and the expert bot, its deals drawn from the position
itself) values every legal card over deals of the unseen cards that fit what the seat has
seen, drawing more deals while a verdict is undecided (``docs/judge.md``), and gives the
principle's card a verdict. The principle's card is **as good as the best** when the verdict
is ``"best"`` or ``"as_good"``; a **close call** (``"close"``: undecided within the judge's
budget) is counted on its own, neither as good nor worse; its **cost** is the verdict's
(:attr:`~spades_teach.advice.judge.Verdict.cost`: the best card's average points minus its
own when it is clearly worse, otherwise 0; points are the side's minus the other side's for
the hand, bags charged at their match value). A decision the judge gives no judgement for
(two players; a spent search budget) is counted as not judged.

Each decision's result is appended to ``--cache`` (one JSON line per decision, gzipped;
by default ``benchmarks/principle_calibration.jsonl.gz``, kept in the repository) as soon as it is judged, so an
interrupted run, or a later run asking for more decisions, continues where the last one
stopped: the deals are replayed (the bots are seeded) and only the decisions not in the
cache are judged. A cache holds only for the code that made it, so each run first checks it
(:func:`check_cache`, raising ``StaleCache``): every row must name this judge
(:data:`JUDGE_ID`: its thresholds, its deal schedule and its node budget); the first cached
deal is replayed, and each hint must be the cached one (the bots play the hints' cards); and
the first judged decision is judged again, and must get the cached verdict (which catches a
change to the sampling or the scoring that :data:`JUDGE_ID` does not name). ``--json`` writes the
per-principle table (package data, read by chapter 17). ``--recheck N`` looks again at each
decision whose principle's card was not as good (a close call or clearly worse): the judge
over ``N`` deals drawn with another salt. ``--show PRINCIPLE`` judges nothing new: it prints the
cached decisions where the principle's card was not as good as the best, each position
with the judge's figures, and with ``--more N`` the same cards judged again over ``N`` deals
drawn with another salt.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys
import time
import zlib
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _bots import unclocked_bot

from spades_teach import Position, Round, Rules, Seat, deal, suggest_play
from spades_teach.advice.evaluation import a_nil_is_live
from spades_teach.advice.judge import MARGIN, NODE_BUDGET, SURE, Judgement, Z, _first_deals, _most_deals, judge
from spades_teach.analysis.simulate import mean_interval

#: The rule sets measured: the standard rules and the variants the chapters teach that change the play.
RULE_SETS: dict[str, Rules] = {
    "standard": Rules(),
    "two_of_clubs": Rules(first_lead="two_of_clubs"),
    "no_nil": Rules(nil=False),
    "bags_5_50": Rules(bag_limit=5, bag_penalty=50),
}
#: How each rule set is described in the table.
RULE_SET_NAMES = {
    "standard": "standard rules",
    "two_of_clubs": "2♣ leads the first trick",
    "no_nil": "no Nil",
    "bags_5_50": "5 bags cost 50",
}
DEFAULT_CACHE = Path(__file__).resolve().parent / "principle_calibration.jsonl.gz"
#: The verdicts that count as good as the best.
GOOD = ("best", "as_good")
#: The salts of the second looks (``--recheck``, ``--show --more``): deals independent of the first look's.
RECHECK_SALT = "principle_calibration/recheck"
MORE_SALT = "principle_calibration/more"


def _schedule() -> str:
    """The judge's deal schedule, by tricks left: the first look's deals and the most, without and
    with a live Nil."""
    return ",".join(
        f"{left}:{_first_deals(left)}/{_most_deals(left, False)}/{_most_deals(left, True)}" for left in range(13, 0, -1)
    )


#: The judge that made a cache row: a cache of rows by another judge is refused (:func:`check_cache`).
JUDGE_ID = f"one judge: MARGIN={MARGIN} SURE={SURE} Z={Z} NODE_BUDGET={NODE_BUDGET} deals {_schedule()}"


def decisions_of(number: int, rules: Rules) -> Iterator[tuple[int, Round]]:
    """Deal ``number`` played by four medium bots: each decision with a choice, numbered
    from 1 within the hand, with the round just before the card (do not keep it: it moves on)."""
    cards = deal(number, dealer=Seat(number % 4))
    round_ = Round(cards, dealer=cards.dealer, rules=rules)
    players = {s: unclocked_bot("medium", number * 4 + int(s)) for s in round_.seats}
    decision = 0
    while (seat := round_.to_act) is not None:
        position = Position.from_round(round_)
        if round_.phase == "bidding":
            round_.bid(seat, players[seat].choose_bid(position))
            continue
        played = players[seat].choose_play(position)
        if len(round_.legal_plays()) > 1:
            decision += 1
            yield decision, round_
        round_.play(seat, played)


def verdict_fields(judgement: Judgement | None, card: Any) -> dict[str, Any]:
    """What a row keeps of the judge's verdict on ``card`` (``judged`` False without a judgement)."""
    if judgement is None or card not in judgement.points:
        return {"judged": False}
    verdict = judgement.verdict(card)
    return {
        "judged": True,
        "best": str(judgement.best),
        "kind": verdict.kind,
        "as_good": verdict.kind in GOOD,
        "close": verdict.kind == "close",
        "cost": round(verdict.cost, 3),
        "loss": round(verdict.loss, 3),
        "deals": judgement.deals,
        "nodes": judgement.nodes,
    }


def judge_decision(rule_set: str, number: int, decision: int, position: Position) -> dict[str, Any]:
    """One decision's row: the hint's card and principle and the judge's verdict on the card."""
    hint = suggest_play(position)
    start = time.process_time()
    judgement = judge(position)
    row: dict[str, Any] = {
        "rules": rule_set,
        "deal": number,
        "decision": decision,
        "judge": JUDGE_ID,
        "seat": position.seat.name,
        "trick": position.trick_number,
        "principle": hint.principle,
        "card": str(hint.card),
        "nil_live": a_nil_is_live(position),
    }
    row.update(verdict_fields(judgement, hint.card))
    row["cpu"] = round(time.process_time() - start, 4)
    return row


def _open(path: Path, mode: str) -> Any:
    """A text file, gzipped when its name ends in ``.gz`` (appending adds a gzip member)."""
    return gzip.open(path, mode, encoding="utf-8") if path.suffix == ".gz" else path.open(mode, encoding="utf-8")


class _Appender:
    """Appends lines to the cache, opening it at the first line: a run that judges nothing
    (``--table``) leaves the file as it was (an empty gzip member would change it)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.file: Any = None

    def write(self, row: dict[str, Any]) -> None:
        if self.file is None:
            self.file = _open(self.path, "at")
        self.file.write(json.dumps(row, ensure_ascii=False) + "\n")
        self.file.flush()

    def __enter__(self) -> _Appender:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.file is not None:
            self.file.close()


def load_cache(path: Path) -> dict[tuple[str, int, int], dict[str, Any]]:
    out: dict[tuple[str, int, int], dict[str, Any]] = {}
    if path.exists():
        # (a member cut short ends mid-line: the next member starts a line of its own)
        text = "\n".join(_gzip_members(path.read_bytes())) if path.suffix == ".gz" else path.read_text("utf-8")
        for line in text.splitlines():
            if line.strip():
                try:
                    row = json.loads(line)
                    key = (row["rules"], row["deal"], row["decision"])
                except (json.JSONDecodeError, KeyError, TypeError):  # a line cut short by an interrupted run
                    continue
                out[key] = row
    return out


def _gzip_members(data: bytes) -> Iterator[str]:
    """The text of each gzip member of ``data`` in turn (each run appends one). A member cut short by
    an interrupted run gives what it holds, and the reading goes on at the next member, so the runs
    after it are kept."""
    while data:
        member = zlib.decompressobj(wbits=31)
        held = b""
        try:
            held = member.decompress(data)
        except zlib.error:  # cut short: the next member's bytes were read as this one's
            pass
        if member.eof:
            yield held.decode("utf-8", errors="replace")
            data = member.unused_data
            continue
        yield held.decode("utf-8", errors="replace")
        following = data.find(b"\x1f\x8b\x08", 1)  # the next member's header
        if following < 0:
            return
        data = data[following:]


class StaleCache(Exception):
    """The cache was made by other code (the play or the judge): its decisions are not this code's."""


def check_cache(rule_set: str, seed: int, cache: dict[tuple[str, int, int], dict[str, Any]]) -> None:
    """Raise :class:`StaleCache` when the cached rows of ``rule_set`` are not this code's: a row
    made by another judge than :data:`JUDGE_ID` (or naming none: the judge before the one judge);
    a hint of the first cached deal (replayed by the bots, whose play is the hints') that differs
    from the cached one; or the first judged decision of that deal given another verdict by the
    judge now. Start a new ``--cache`` then."""
    for key, made in sorted(cache.items()):
        if key[0] == rule_set and made.get("judge") != JUDGE_ID:
            made_by = made.get("judge") or "a judge before the one judge (the row names none)"
            raise StaleCache(
                f"{rule_set} deal {key[1]} decision {key[2]}: the cache was made by {made_by!r}, "
                f"not by this code's {JUDGE_ID!r}: start a new --cache"
            )
    cached = {k[2]: r for k, r in cache.items() if k[0] == rule_set and k[1] == seed and k[2] > 0}
    verdict_checked = False
    for decision, round_ in decisions_of(seed, RULE_SETS[rule_set]):
        row = cached.get(decision)
        if row is None:
            return
        position = Position.from_round(round_)
        hint = suggest_play(position)
        if (str(hint.card), hint.principle) != (row["card"], row["principle"]):
            raise StaleCache(
                f"{rule_set} deal {seed} decision {decision}: the cache has {row['card']} ({row['principle']}), "
                f"this code's hint is {hint.card} ({hint.principle}): the cache was made by other play code, "
                "start a new --cache"
            )
        if not verdict_checked and row.get("judged"):
            verdict_checked = True
            now = verdict_fields(judge(position), hint.card)
            fields = ("best", "kind", "cost", "deals")
            if any(now.get(f) != row.get(f) for f in fields):
                raise StaleCache(
                    f"{rule_set} deal {seed} decision {decision}: the cache has "
                    f"{ {f: row.get(f) for f in fields} }, this code's judge says { {f: now.get(f) for f in fields} }: "
                    "the cache was made by another judge, start a new --cache"
                )


def run(
    rule_set: str,
    wanted: int,
    seed: int,
    cache: dict[tuple[str, int, int], dict[str, Any]],
    path: Path,
    deadline: float | None,
) -> list[dict[str, Any]]:
    """The first ``wanted`` decisions of ``rule_set``, judged (from the cache when there)."""
    rules = RULE_SETS[rule_set]
    rows: list[dict[str, Any]] = []
    number = seed
    with _Appender(path) as out:
        while len(rows) < wanted:
            if _hand_done(cache, rule_set, number):
                done = [r for k, r in cache.items() if k[0] == rule_set and k[1] == number and k[2] > 0]
                rows.extend(sorted(done, key=lambda r: r["decision"])[: wanted - len(rows)])
                number += 1
                continue
            for decision, round_ in decisions_of(number, rules):
                if len(rows) >= wanted:
                    break
                key = (rule_set, number, decision)
                row = cache.get(key)
                if row is None:
                    if deadline is not None and time.time() > deadline:
                        return rows
                    row = judge_decision(rule_set, number, decision, Position.from_round(round_))
                    cache[key] = row
                    out.write(row)
                rows.append(row)
            else:
                end = {"rules": rule_set, "deal": number, "decision": 0, "end": True, "judge": JUDGE_ID}
                cache[(rule_set, number, 0)] = end
                out.write(end)
            number += 1
    return rows


def _hand_done(cache: dict[tuple[str, int, int], dict[str, Any]], rule_set: str, number: int) -> bool:
    """Whether every decision of the hand is in the cache (its end marker was written)."""
    return (rule_set, number, 0) in cache


def decisions_in(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in rows if r.get("decision", 0) > 0]


def _share(rows: list[dict[str, Any]], field: str) -> float | None:
    """The share of ``rows`` whose ``field`` is true (``None`` for no rows)."""
    return round(statistics.fmean(1.0 if r.get(field) else 0.0 for r in rows), 4) if rows else None


def table(
    rows_by_rules: dict[str, list[dict[str, Any]]], cache: dict[tuple[str, int, int], dict[str, Any]]
) -> dict[str, Any]:
    """The per-principle table of every rule set (see the module docs): per principle, the share of
    the judged decisions as good as the best (with its 95% interval), the share of close calls, and
    the mean cost. Where every decision of a principle not as good at the first look was looked at
    again (``--recheck``), the line adds the share as good and the share of close calls counting
    either look, and the mean cost the second look found."""
    out: dict[str, Any] = {}
    for rule_set, rows in rows_by_rules.items():
        rows = decisions_in(rows)
        principles: dict[str, list[dict[str, Any]]] = {}
        for row in rows:
            principles.setdefault(row["principle"], []).append(row)
        lines = []
        for name, group in principles.items():
            judged = [r for r in group if r["judged"]]
            good = [1.0 if r["as_good"] else 0.0 for r in judged]
            costs = [float(r["cost"]) for r in judged]
            low, high = mean_interval(good) if len(good) > 1 else (0.0, 1.0)
            line = {}
            worse = [r for r in judged if not r["as_good"]]
            again = [cache.get((rule_set, r["deal"], -r["decision"])) for r in worse]
            if worse and all(a is not None and a.get("judged") for a in again):
                second = [a for a in again if a is not None]
                line = {
                    "rechecked": len(second),
                    "recheck_deals": second[0]["recheck"],
                    "recheck_as_good": sum(1 for a in second if a["as_good"]),
                    "recheck_close": sum(1 for a in second if a.get("close")),
                    "second_look_as_good": round(
                        (len(judged) - len(worse) + sum(a["as_good"] for a in second)) / len(judged), 4
                    ),
                    "second_look_close": round(sum(1 for a in second if a.get("close")) / len(judged), 4),
                    "second_look_cost": round(sum(float(a["cost"]) for a in second) / len(judged), 2),
                }
            elif not worse and judged:
                line = {
                    "rechecked": 0,
                    "recheck_as_good": 0,
                    "recheck_close": 0,
                    "second_look_as_good": 1.0,
                    "second_look_close": 0.0,
                    "second_look_cost": 0.0,
                }
            lines.append(
                line
                | {
                    "principle": name,
                    "decisions": len(group),
                    "judged": len(judged),
                    "as_good": _share(judged, "as_good"),
                    "as_good_low": round(max(0.0, low), 4) if good else None,
                    "as_good_high": round(min(1.0, high), 4) if good else None,
                    "close": _share(judged, "close"),
                    "mean_cost": round(statistics.fmean(costs), 2) if costs else None,
                    "mean_cost_when_worse": round(statistics.fmean([c for c in costs if c > 0]), 2)
                    if any(c > 0 for c in costs)
                    else 0.0,
                }
            )
        lines.sort(key=lambda line: (-line["decisions"], line["principle"]))
        judged_all = [r for r in rows if r["judged"]]
        out[rule_set] = {
            "name": RULE_SET_NAMES[rule_set],
            "rules": RULE_SETS[rule_set].to_dict(),
            "decisions": len(rows),
            "deals": len({r["deal"] for r in rows}),
            "judged": len(judged_all),
            "as_good": _share(judged_all, "as_good"),
            "close": _share(judged_all, "close"),
            "mean_cost": round(statistics.fmean(r["cost"] for r in judged_all), 2) if judged_all else None,
            "principles": lines,
        }
    return out


def _percent(share: float | None) -> str:
    return "" if share is None else f"{share:.0%}"


def print_table(result: dict[str, Any]) -> None:
    for data in result.values():
        if not data["judged"]:
            print(f"\n{data['name']}: {data['decisions']} decisions, none judged")
            continue
        print(
            f"\n{data['name']}: {data['decisions']} decisions from {data['deals']} medium-bot deals, "
            f"{data['judged']} judged; as good as the best {data['as_good']:.1%}, close calls {data['close']:.1%}, "
            f"mean cost {data['mean_cost']:.1f} points"
        )
        print(
            f"  {'principle':<44} {'decisions':>9} {'as good':>8} {'95% interval':>16} {'close':>6} {'mean cost':>10}"
            f" {'2nd look':>8} {'close':>6} {'cost':>6}"
        )
        for line in data["principles"]:
            interval = "" if line["as_good"] is None else f"[{line['as_good_low']:.0%}, {line['as_good_high']:.0%}]"
            cost = "" if line["mean_cost"] is None else f"{line['mean_cost']:.1f}"
            second = ""
            if "second_look_as_good" in line:
                second = (
                    f"{line['second_look_as_good']:>8.0%} {line['second_look_close']:>6.0%} "
                    f"{line['second_look_cost']:>6.1f}"
                )
            print(
                f"  {line['principle']:<44} {line['decisions']:>9} {_percent(line['as_good']):>8} {interval:>16}"
                f" {_percent(line['close']):>6} {cost:>10} {second}"
            )


def show(
    principle: str, cache: dict[tuple[str, int, int], dict[str, Any]], more: int, limit: int, rule_set: str | None
) -> None:
    """The cached decisions where ``principle``'s card was not as good as the best (a close call or
    clearly worse), each judged again; with ``more``, also over ``more`` deals drawn with another salt."""
    rows = [
        r
        for r in cache.values()
        if r.get("principle") == principle
        and r.get("judged")
        and not r["as_good"]
        and (rule_set is None or r["rules"] == rule_set)
    ]
    rows.sort(key=lambda r: (r["rules"], r["deal"], r["decision"]))
    flipped = 0
    for row in rows[:limit]:
        rules = RULE_SETS[row["rules"]]
        position = next(Position.from_round(r) for d, r in decisions_of(row["deal"], rules) if d == row["decision"])
        judgement = judge(position)
        assert judgement is not None
        hint = suggest_play(position)
        best = judgement.best
        verdict = judgement.verdict(hint.card)
        print(
            f"\n{row['rules']} deal {row['deal']} decision {row['decision']}: {position.seat.name} to play, trick {position.trick_number}"
        )
        print(
            f"  bids {', '.join(f'{s.name} {b}' for s, b in position.bids.items())}; tricks {dict((s.name, n) for s, n in position.tricks_won.items())}"
        )
        print(f"  hand {position.hand}; trick so far {' '.join(str(c) for c in position.trick) or '(leading)'}")
        print(f"  hint {hint.card}: {hint.reason}")
        print(
            f"  judge over {judgement.deals} deals: best {best} {judgement.points[best]:+.1f} (holds {judgement.holds[best]}),"
            f" hint {judgement.points[hint.card]:+.1f} (holds {judgement.holds[hint.card]}): {verdict.kind},"
            f" loss {verdict.loss:.1f} [{verdict.low:.1f}, {verdict.high:.1f}]"
        )
        if more:
            again = judge(position, salt=MORE_SALT, deals=more)
            assert again is not None
            kind = again.verdict(hint.card).kind
            flipped += kind in GOOD
            print(
                f"  again over {again.deals} deals: best {again.best} {again.points[again.best]:+.1f}, "
                f"{best} {again.points[best]:+.1f}, hint {again.points[hint.card]:+.1f}: the hint's card is {kind}"
            )
    if more:
        print(f"\n{flipped} of {min(limit, len(rows))} judged as good as the best over {more} deals")


def recheck(
    names: list[str],
    samples: int,
    cache: dict[tuple[str, int, int], dict[str, Any]],
    path: Path,
    wanted: int,
    deadline: float | None,
) -> None:
    """A second look at each cached decision of ``names`` (the first ``wanted`` of each)
    whose principle's card was not as good as the best (a close call or clearly worse): the
    judge over ``samples`` deals drawn with :data:`RECHECK_SALT`, independent of the first
    look's. The result is appended to the cache as a row with ``"recheck": samples`` under
    the decision's number negated."""
    with _Appender(path) as out:
        for name in names:
            todo = sorted(
                (k for k, r in cache.items() if k[0] == name and k[2] > 0 and r.get("judged") and not r["as_good"]),
                key=lambda k: (k[1], k[2]),
            )
            first = {
                k for k in sorted((k for k in cache if k[0] == name and k[2] > 0), key=lambda k: (k[1], k[2]))[:wanted]
            }
            by_deal: dict[int, set[int]] = {}
            for key in todo:
                if key in first and (name, key[1], -key[2]) not in cache:
                    by_deal.setdefault(key[1], set()).add(key[2])
            for number, wanted_here in sorted(by_deal.items()):
                for decision, round_ in decisions_of(number, RULE_SETS[name]):
                    if decision not in wanted_here:
                        continue
                    if deadline is not None and time.time() > deadline:
                        return
                    position = Position.from_round(round_)
                    card = suggest_play(position).card
                    row: dict[str, Any] = {
                        "rules": name,
                        "deal": number,
                        "decision": -decision,
                        "recheck": samples,
                        "judge": JUDGE_ID,
                    }
                    row.update(verdict_fields(judge(position, salt=RECHECK_SALT, deals=samples), card))
                    cache[(name, number, -decision)] = row
                    out.write(row)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=2000, help="decisions per rule set (default 2,000)")
    parser.add_argument("--rules", default=",".join(RULE_SETS), help=f"rule sets, of {', '.join(RULE_SETS)}")
    parser.add_argument("--seed", type=int, default=1, help="number of the first deal (default 1)")
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, help="the per-decision results (resumed)")
    parser.add_argument("--json", type=Path, help="write the table here (package data)")
    parser.add_argument("--until", help="stop judging new decisions at this time of day (HH:MM)")
    parser.add_argument("--step", type=int, default=100, help="decisions per rule set per round (default 100)")
    parser.add_argument(
        "--recheck",
        type=int,
        default=0,
        help="judge again over this many deals of another salt the decisions found not as good (close or worse)",
    )
    parser.add_argument("--table", action="store_true", help="print the table from the cache only")
    parser.add_argument("--show", help="print the cached disagreements of this principle")
    parser.add_argument("--more", type=int, default=0, help="with --show: judge again over this many deals")
    parser.add_argument("--limit", type=int, default=10, help="with --show: at most this many positions")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.rules.split(",") if n.strip()]
    for name in names:
        if name not in RULE_SETS:
            parser.error(f"unknown rule set {name!r}")
    cache = load_cache(args.cache)
    for name in names:
        try:
            check_cache(name, args.seed, cache)
        except StaleCache as error:
            parser.error(str(error))
    if args.show:
        show(args.show, cache, args.more, args.limit, names[0] if len(names) == 1 else None)
        return 0
    print(f"command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    deadline = None
    if args.until:
        hour, minute = (int(x) for x in args.until.split(":"))
        deadline = datetime.now().replace(hour=hour, minute=minute, second=0).timestamp()
    start = time.perf_counter()
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    if args.recheck:
        recheck(names, args.recheck, cache, args.cache, args.decisions, deadline)
        args.table = True
    if not args.table:
        # Round-robin in steps, so a run stopped by the clock leaves every rule set about as far.
        target = 0
        while target < args.decisions and (deadline is None or time.time() < deadline):
            target = min(args.decisions, target + args.step)
            for name in names:
                rows[name] = run(name, target, args.seed, cache, args.cache, deadline)
            done = {n: len(decisions_in(r)) for n, r in rows.items()}
            print(f"  {time.perf_counter() - start:.0f} s: {done}", file=sys.stderr, flush=True)
    else:
        for name in names:
            rows[name] = run(name, args.decisions, args.seed, cache, args.cache, time.time() - 1)
    elapsed = time.perf_counter() - start
    judged = [r for rs in rows.values() for r in decisions_in(rs) if "cpu" in r]
    if judged:
        cpu = [r["cpu"] for r in judged]
        print(
            f"judging: {statistics.fmean(cpu):.3f} s of CPU a decision on average, median {statistics.median(cpu):.3f} s,"
            f" {sum(cpu):.0f} s in all ({len(judged)} decisions)"
        )
    print(f"{elapsed:.0f} s in all")
    result = table(rows, cache)
    print_table(result)
    if args.json:
        data = {
            "about": "how often each play principle's card is as good as the one judge's best from the player's seat "
            "(and how often a close call), and its average cost in points, over decisions of seeded medium-bot hands "
            "(all seats, all tricks); made by benchmarks/principle_calibration.py",
            "judge": JUDGE_ID,
            "command": f"benchmarks/principle_calibration.py --decisions {args.decisions} --rules {','.join(names)} "
            f"--json {args.json}"
            + "".join(
                f"; --rules {name} --recheck {deals} (the second look)"
                for name in names
                for deals in sorted({r["recheck"] for k, r in cache.items() if k[0] == name and k[2] < 0})
            ),
            "wanted": args.decisions,
            "first_deal": args.seed,
            "rule_sets": result,
        }
        args.json.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
