"""A principle's card against the simple rules that could replace it, valued by the judge from the seat.

Run from the repository root::

    .venv/bin/python benchmarks/principle_alternatives.py --rules standard,two_of_clubs --out /tmp/a.jsonl
    .venv/bin/python benchmarks/principle_alternatives.py --rules no_nil,bags_5_50 --out /tmp/b.jsonl
    .venv/bin/python benchmarks/principle_alternatives.py --report /tmp/a.jsonl /tmp/b.jsonl

Why
---
The calibration table (``principle_calibration.py``) says how often a principle's card is as good as
the judge's best. Below 90%, the question is whether a narrower rule would do better: a principle can
miss often and still be the best simple rule, when the judge's better card changes from deal to deal.
This values, on the same sampled deals, the principle's card and the card each candidate rule would
play instead. Where the misses of *lead a singleton* and *don't trump your partner's winner* gather (the
last tricks of the hand, the judge's card often a spade), the candidates are the lowest and the highest
spade held.

How
---
Deals ``--first`` to ``--last`` of each rule set are played by four medium bots (who play the hints,
as ``principle_calibration.decisions_of``). At each decision whose hint follows one of the principles
studied, with at most ``--tricks-left`` tricks left and a spade the player may play, every legal card is valued by
the judge (:meth:`~spades_teach.advice.expert.ExpertBot.evidence`, ``--samples`` deals consistent with
what the player has seen; points are the side's minus the other side's, bags charged at their match
value). One JSON line per decision goes to ``--out``. ``--report`` prints, per principle and number
of tricks left, how often the hint's card is as good as the best, and each candidate's mean gain over
the hint's card (negative: the candidate is worse) with its standard error, for all the decisions and
by the state of the two contracts. It asserts nothing: it reports.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from principle_calibration import RULE_SETS, decisions_of  # noqa: E402

from spades_teach import Card, Position, Suit, suggest_play  # noqa: E402
from spades_teach.advice import play as principles  # noqa: E402
from spades_teach.advice.expert import ExpertBot  # noqa: E402

#: The principles studied (their names as the hints give them).
STUDIED = (principles.SINGLETON, principles.PARTNER_WINS)
#: The candidate rules: the card each would play instead, from the spades held.
CANDIDATES: dict[str, Callable[[list[Card]], Card]] = {
    "lowest spade": lambda spades: min(spades),
    "highest spade": lambda spades: max(spades),
}


def study(rule_sets: Iterable[str], first: int, last: int, tricks_left: int, samples: int) -> Iterator[dict[str, Any]]:
    """One row per studied decision: the hint, the candidates' cards and every legal card's value."""
    for name in rule_sets:
        for number in range(first, last + 1):
            for decision, round_ in decisions_of(number, RULE_SETS[name]):
                position = Position.from_round(round_)
                hint = suggest_play(position)
                if hint.principle not in STUDIED:
                    continue
                view = principles.View.from_position(position)
                if view.tricks_left > tricks_left or not any(card.suit is Suit.SPADES for card in position.hand):
                    continue
                evidence = ExpertBot(seed=f"alternatives/{name}/{number}/{decision}", samples=samples).evidence(
                    position
                )
                # the candidates play a legal spade (none on a lead before spades are broken)
                spades = sorted(card for card in evidence.points if card.suit is Suit.SPADES) if evidence else []
                if evidence is None or not spades:
                    continue
                contract, taken = view.contract(view.seat)
                their_contract, their_taken = view.contract(view.opponents()[0])
                yield {
                    "rules": name,
                    "deal": number,
                    "decision": decision,
                    "principle": hint.principle,
                    "tricks_left": view.tricks_left,
                    "they_made": their_taken >= their_contract,
                    "we_made": taken >= contract,
                    "hint": str(hint.card),
                    "candidates": {rule: str(pick(spades)) for rule, pick in CANDIDATES.items()},
                    "best": str(evidence.best),
                    "deals": evidence.deals,
                    "points": {str(card): round(value, 3) for card, value in evidence.points.items()},
                    "as_good": {str(card): evidence.as_good(card) for card in evidence.points},
                }


def _gain(rows: list[dict[str, Any]], rule: str) -> str:
    gains = [row["points"][row["candidates"][rule]] - row["points"][row["hint"]] for row in rows]
    if len(gains) < 2:
        return f"{rule}: too few"
    error = statistics.stdev(gains) / len(gains) ** 0.5
    return f"{rule} {statistics.mean(gains):+.1f} (s.e. {error:.1f})"


def report(paths: Iterable[Path]) -> None:
    """Print the tables of the rows in ``paths`` (see the module's text)."""
    rows = [json.loads(line) for path in paths for line in path.read_text().splitlines() if line.strip()]
    print(f"{len(rows)} decisions; candidate minus hint, in points a decision (negative: the hint is better)")
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[row["principle"]].append(row)
    for name, group in sorted(groups.items()):
        print(f"\n{name}")
        by_left: dict[int, list[dict[str, Any]]] = defaultdict(list)
        for row in group:
            by_left[row["tricks_left"]].append(row)
        subsets = [
            *((f"{left} tricks left", by_left[left]) for left in sorted(by_left, reverse=True)),
            ("all", group),
            ("their contract made", [row for row in group if row["they_made"]]),
            ("their contract not made", [row for row in group if not row["they_made"]]),
        ]
        for label, subset in subsets:
            if not subset:
                continue
            good = sum(row["as_good"][row["hint"]] for row in subset) / len(subset)
            gains = "; ".join(_gain(subset, rule) for rule in CANDIDATES)
            print(f"  {label:24s} {len(subset):4d} decisions, hint as good {good:4.0%}; {gains}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="standard", help="comma-separated rule sets (principle_calibration's)")
    parser.add_argument("--first", type=int, default=101, help="first deal (default 101)")
    parser.add_argument("--last", type=int, default=400, help="last deal (default 400)")
    parser.add_argument("--tricks-left", type=int, default=6, help="at most this many tricks left (default 6)")
    parser.add_argument("--samples", type=int, default=144, help="the judge's deals a decision (default 144)")
    parser.add_argument("--out", type=Path, help="one JSON line a decision")
    parser.add_argument("--report", type=Path, nargs="*", help="print the tables of these files and stop")
    args = parser.parse_args(argv)
    if args.report:
        report(args.report)
        return
    if args.out is None:
        parser.error("--out is needed to run the study")
    with args.out.open("a") as out:
        for row in study(args.rules.split(","), args.first, args.last, args.tricks_left, args.samples):
            out.write(json.dumps(row) + "\n")
            out.flush()


if __name__ == "__main__":
    main()
