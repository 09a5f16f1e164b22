"""How often each play principle's card is as good as the judge's best: the table of chapter 17.

Run from the repository root::

    .venv/bin/python benchmarks/principle_calibration.py --decisions 40               # a quick look
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
its card and the principle it follows. The judge of a card from the player's seat
(:meth:`~spades_teach.advice.expert.ExpertBot.evidence`, seeded
``"principles/<rule set>/<deal>/<decision>"``, the judge behind Teach me and the review)
values every legal card over deals of the unseen cards that fit what the seat has seen,
and looks again over twice as many more deals before it finds the principle's card worse
(``evidence(position, about=card)``, as for Teach me and the review; from session 18).
The principle's card is **as good as the best** when the judge's best card does not
beat it on the same deals by more than the sampling noise
(:meth:`~spades_teach.advice.expert.CardEvidence.as_good`); its **cost** is 0 then, and
otherwise the best card's average points minus its own (the side's points minus the
other side's for the hand, bags charged at their match value). A decision the judge
gives no evidence for (two players; a spent search budget) is counted as not judged.

Each decision's result is appended to ``--cache`` (one JSON line per decision, gzipped;
by default ``benchmarks/principle_calibration.jsonl.gz``, kept in the repository) as soon
as it is judged, so an interrupted run, or a later run asking for more decisions,
continues where the last one stopped: the deals are replayed (the bots are seeded)
and only the decisions not in the cache are judged. The bots play the hints' cards, so a cache
holds only for the play code that made it: each run first replays the first cached deal and stops
(``StaleCache``) where a hint differs from the cached one. ``--json`` writes the per-principle
table (package data, read by chapter 17). ``--show PRINCIPLE`` judges nothing new: it
prints the cached decisions where the principle's card was not as good as the best,
each position with the judge's figures, and with ``--more N`` the same two cards
judged again over ``N`` deals drawn with another seed.
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
from spades_teach.advice.expert import ExpertBot, a_nil_is_live
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


def judge_seed(rule_set: str, number: int, decision: int) -> str:
    return f"principles/{rule_set}/{number}/{decision}"


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


def judge(rule_set: str, number: int, decision: int, position: Position) -> dict[str, Any]:
    hint = suggest_play(position)
    start = time.process_time()
    evidence = ExpertBot(seed=judge_seed(rule_set, number, decision)).evidence(position, about=hint.card)
    row: dict[str, Any] = {
        "rules": rule_set,
        "deal": number,
        "decision": decision,
        "seat": position.seat.name,
        "trick": position.trick_number,
        "principle": hint.principle,
        "card": str(hint.card),
        "nil_live": a_nil_is_live(position),
    }
    if evidence is None or hint.card not in evidence.points:
        row["judged"] = False
    else:
        row.update(
            judged=True,
            best=str(evidence.best),
            as_good=evidence.as_good(hint.card),
            cost=round(evidence.cost(hint.card), 3),
            deals=evidence.deals,
        )
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
    """The cache was made by other play code: its decisions are not this code's."""


def check_cache(rule_set: str, seed: int, cache: dict[tuple[str, int, int], dict[str, Any]]) -> None:
    """Replay the first cached deal of ``rule_set`` and compare each decision's hint with the
    cached one: the deals are replayed by the bots, whose play is the hints', so after a change
    to the hints or the bots the cached decisions are no longer this code's (raise
    :class:`StaleCache`; start a new ``--cache``)."""
    cached = {k[2]: r for k, r in cache.items() if k[0] == rule_set and k[1] == seed and k[2] > 0}
    for decision, round_ in decisions_of(seed, RULE_SETS[rule_set]):
        row = cached.get(decision)
        if row is None:
            return
        hint = suggest_play(Position.from_round(round_))
        if (str(hint.card), hint.principle) != (row["card"], row["principle"]):
            raise StaleCache(
                f"{rule_set} deal {seed} decision {decision}: the cache has {row['card']} ({row['principle']}), "
                f"this code's hint is {hint.card} ({hint.principle}): the cache was made by other play code, "
                "start a new --cache"
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
                    row = judge(rule_set, number, decision, Position.from_round(round_))
                    cache[key] = row
                    out.write(row)
                rows.append(row)
            else:
                cache[(rule_set, number, 0)] = {"rules": rule_set, "deal": number, "decision": 0, "end": True}
                out.write(cache[(rule_set, number, 0)])
            number += 1
    return rows


def _hand_done(cache: dict[tuple[str, int, int], dict[str, Any]], rule_set: str, number: int) -> bool:
    """Whether every decision of the hand is in the cache (its end marker was written)."""
    return (rule_set, number, 0) in cache


def decisions_in(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [r for r in rows if r.get("decision", 0) > 0]


def table(
    rows_by_rules: dict[str, list[dict[str, Any]]], cache: dict[tuple[str, int, int], dict[str, Any]]
) -> dict[str, Any]:
    """The per-principle table of every rule set (see the module docs). Where every decision
    of a principle found not as good was looked at again (``--recheck``), the line adds the
    share as good on the first or the second look and the cost the second look found."""
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
                    "second_look_as_good": round(
                        (len(judged) - len(worse) + sum(a["as_good"] for a in second)) / len(judged), 4
                    ),
                    "second_look_cost": round(sum(float(a["cost"]) for a in second) / len(judged), 2),
                }
            elif not worse and judged:
                line = {"rechecked": 0, "recheck_as_good": 0, "second_look_as_good": 1.0, "second_look_cost": 0.0}
            lines.append(
                line
                | {
                    "principle": name,
                    "decisions": len(group),
                    "judged": len(judged),
                    "as_good": round(statistics.fmean(good), 4) if good else None,
                    "as_good_low": round(max(0.0, low), 4) if good else None,
                    "as_good_high": round(min(1.0, high), 4) if good else None,
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
            "as_good": round(statistics.fmean(r["as_good"] for r in judged_all), 4) if judged_all else None,
            "mean_cost": round(statistics.fmean(r["cost"] for r in judged_all), 2) if judged_all else None,
            "principles": lines,
        }
    return out


def print_table(result: dict[str, Any]) -> None:
    for data in result.values():
        print(
            f"\n{data['name']}: {data['decisions']} decisions from {data['deals']} medium-bot deals, "
            f"{data['judged']} judged; as good as the best {data['as_good']:.1%}, mean cost {data['mean_cost']:.1f} points"
        )
        print(
            f"  {'principle':<44} {'decisions':>9} {'as good':>8} {'95% interval':>16} {'mean cost':>10} {'2nd look':>8} {'cost':>6}"
        )
        for line in data["principles"]:
            share = "" if line["as_good"] is None else f"{line['as_good']:.0%}"
            interval = "" if line["as_good"] is None else f"[{line['as_good_low']:.0%}, {line['as_good_high']:.0%}]"
            cost = "" if line["mean_cost"] is None else f"{line['mean_cost']:.1f}"
            second = ""
            if "second_look_as_good" in line:
                second = f"{line['second_look_as_good']:>8.0%} {line['second_look_cost']:>6.1f}"
            print(f"  {line['principle']:<44} {line['decisions']:>9} {share:>8} {interval:>16} {cost:>10} {second}")


def show(
    principle: str, cache: dict[tuple[str, int, int], dict[str, Any]], more: int, limit: int, rule_set: str | None
) -> None:
    """The cached decisions where ``principle``'s card was not as good as the best."""
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
        evidence = ExpertBot(seed=judge_seed(row["rules"], row["deal"], row["decision"])).evidence(
            position, about=suggest_play(position).card
        )
        assert evidence is not None
        hint = suggest_play(position)
        best = evidence.best
        print(
            f"\n{row['rules']} deal {row['deal']} decision {row['decision']}: {position.seat.name} to play, trick {position.trick_number}"
        )
        print(
            f"  bids {', '.join(f'{s.name} {b}' for s, b in position.bids.items())}; tricks {dict((s.name, n) for s, n in position.tricks_won.items())}"
        )
        print(f"  hand {position.hand}; trick so far {' '.join(str(c) for c in position.trick) or '(leading)'}")
        print(f"  hint {hint.card}: {hint.reason}")
        print(
            f"  judge over {evidence.deals} deals: best {best} {evidence.points[best]:+.1f} (holds {evidence.holds[best]}),"
            f" hint {evidence.points[hint.card]:+.1f} (holds {evidence.holds[hint.card]})"
        )
        if more:
            again = ExpertBot(
                seed=judge_seed(row["rules"], row["deal"], row["decision"]) + "/more", samples=more
            ).evidence(position)
            assert again is not None
            verdict = "as good" if again.as_good(hint.card) else "worse"
            flipped += again.as_good(hint.card)
            print(
                f"  again over {again.deals} deals: best {again.best} {again.points[again.best]:+.1f}, "
                f"{best} {again.points[best]:+.1f}, hint {again.points[hint.card]:+.1f}: the hint's card is {verdict}"
            )
    if more:
        print(f"\n{flipped} of {min(limit, len(rows))} judged as good as the best over {more} deals")


def recheck_seed(rule_set: str, number: int, decision: int) -> str:
    return judge_seed(rule_set, number, decision) + "/recheck"


def recheck(
    names: list[str],
    samples: int,
    cache: dict[tuple[str, int, int], dict[str, Any]],
    path: Path,
    wanted: int,
    deadline: float | None,
) -> None:
    """A second look at each cached decision of ``names`` (the first ``wanted`` of each)
    whose principle's card was not as good as the best: the same card judged again over
    ``samples`` fresh deals (seed :func:`recheck_seed`). The result is appended to the cache
    as a row with ``"recheck": samples``."""
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
                    evidence = ExpertBot(seed=recheck_seed(name, number, decision), samples=samples).evidence(position)
                    row: dict[str, Any] = {"rules": name, "deal": number, "decision": -decision, "recheck": samples}
                    if evidence is None or card not in evidence.points:
                        row["judged"] = False
                    else:
                        row.update(
                            judged=True,
                            best=str(evidence.best),
                            as_good=evidence.as_good(card),
                            cost=round(evidence.cost(card), 3),
                            deals=evidence.deals,
                        )
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
        "--recheck", type=int, default=0, help="judge again over this many fresh deals the decisions found not as good"
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
        print(
            f"judging: {statistics.fmean(r['cpu'] for r in judged):.3f} s of CPU a decision on average ({len(judged)} decisions)"
        )
    print(f"{elapsed:.0f} s in all")
    result = table(rows, cache)
    print_table(result)
    if args.json:
        data = {
            "about": "how often each play principle's card is as good as the judge's best from the player's seat, "
            "and its average cost in points, over decisions of seeded medium-bot hands (all seats, all tricks); "
            "made by benchmarks/principle_calibration.py",
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
