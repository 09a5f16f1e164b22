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
spade; for *over-ruff*, discarding low or ruffing with the highest spade; for *lead the top of a
sequence*, the lowest card of the suit, the bottom of the run, or low from the longest suit (what
the hints lead when no rule before applies).

How
---
Deals ``--first`` to ``--last`` of each rule set are played by four medium bots (who play the hints,
as ``principle_calibration.decisions_of``). At each decision whose hint follows one of the principles
studied (:data:`STUDIED`: the last six tricks for the first two, any trick for the others) where every
candidate has a card to play, every legal card is valued by
the one judge (:func:`~spades_teach.advice.judge.judge`: deals consistent with what the player has
seen, drawn from the position itself, as many as the judge draws for Teach me, or ``--samples`` of
them; points are the side's minus the other side's, bags charged at their match value), and each card
gets its verdict: as good as the best (``"best"``, ``"as_good"``), a close call (``"close"``) or
clearly worse (``"worse"``). One JSON line per decision goes to ``--out``. ``--report`` prints, per
principle and number of tricks left, how often the hint's card is as good as the best and how often
a close call, and each candidate's mean gain over the hint's card (negative: the candidate is worse)
with its standard error, for all the decisions and by the state of the two contracts. It asserts
nothing: it reports.
"""

from __future__ import annotations

import argparse
import json
import os
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
from spades_teach.advice.judge import judge  # noqa: E402

#: A candidate rule: the card it would play instead, from the player's view, the legal cards and the
#: principle's card (None: the rule has no card here).
Candidate = Callable[[principles.View, list[Card], Card], Card | None]


def _spades(cards: list[Card]) -> list[Card]:
    return [card for card in cards if card.suit is Suit.SPADES]


def _lowest_spade(view: principles.View, legal: list[Card], hint: Card) -> Card | None:
    return min(_spades(legal), default=None)


def _highest_spade(view: principles.View, legal: list[Card], hint: Card) -> Card | None:
    return max(_spades(legal), default=None)


def _lowest_discard(view: principles.View, legal: list[Card], hint: Card) -> Card | None:
    return min((card for card in legal if card.suit is not Suit.SPADES), key=lambda card: card.rank, default=None)


def _lowest_of_the_suit(view: principles.View, legal: list[Card], hint: Card) -> Card | None:
    return min(card for card in legal if card.suit is hint.suit)


def _bottom_of_the_run(view: principles.View, legal: list[Card], hint: Card) -> Card | None:
    return principles._run_bottom(view, hint)


def _low_from_length(view: principles.View, legal: list[Card], hint: Card) -> Card | None:
    """What the hints lead when no rule before it applies: low from the longest safe side suit."""
    side = sum(card.mask for card in legal if card.suit is not Suit.SPADES)
    if not side:
        return None
    suit = principles._long_safe_suit(view, side)
    return min(card for card in legal if card.suit is suit)


#: The principles studied, with the most tricks left at which a decision is looked at (where the
#: calibration's misses are) and the candidate rules that could replace each.
STUDIED: dict[str, tuple[int, dict[str, Candidate]]] = {
    principles.SINGLETON: (6, {"lowest spade": _lowest_spade, "highest spade": _highest_spade}),
    principles.PARTNER_WINS: (6, {"lowest spade": _lowest_spade, "highest spade": _highest_spade}),
    principles.OVER_RUFF: (13, {"discard low": _lowest_discard, "highest spade": _highest_spade}),
    principles.SEQUENCE: (
        13,
        {
            "lowest of the suit": _lowest_of_the_suit,
            "bottom of the run": _bottom_of_the_run,
            "low from length": _low_from_length,
        },
    ),
}


#: The verdicts that count as good as the best.
GOOD = ("best", "as_good")


def study(rule_sets: Iterable[str], first: int, last: int, samples: int | None = None) -> Iterator[dict[str, Any]]:
    """One row per studied decision: the hint, the candidates' cards and every legal card's value and
    verdict, all from one judgement (the same deals); ``samples`` fixes the judge's deals (``None``:
    as many as it draws for Teach me)."""
    for name in rule_sets:
        for number in range(first, last + 1):
            for decision, round_ in decisions_of(number, RULE_SETS[name]):
                position = Position.from_round(round_)
                hint = suggest_play(position)
                if hint.principle not in STUDIED:
                    continue
                most, candidates = STUDIED[hint.principle]
                view = principles.View.from_position(position)
                if view.tricks_left > most:
                    continue
                judgement = judge(position, deals=samples)
                if judgement is None or hint.card not in judgement.points:
                    continue
                legal = sorted(judgement.points)
                cards = {rule: pick(view, legal, hint.card) for rule, pick in candidates.items()}
                if any(card is None for card in cards.values()):  # e.g. no spade may be led yet
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
                    "candidates": {rule: str(card) for rule, card in cards.items()},
                    "best": str(judgement.best),
                    "deals": judgement.deals,
                    "points": {str(card): round(value, 3) for card, value in judgement.points.items()},
                    "verdict": {str(card): judgement.verdict(card).kind for card in judgement.points},
                    "as_good": {str(card): judgement.verdict(card).kind in GOOD for card in judgement.points},
                }


def _gain(rows: list[dict[str, Any]], rule: str) -> str:
    gains = [row["points"][row["candidates"][rule]] - row["points"][row["hint"]] for row in rows]
    if len(gains) < 2:
        return f"{rule}: too few"
    error = statistics.stdev(gains) / len(gains) ** 0.5
    return f"{rule} {statistics.mean(gains):+.1f} (s.e. {error:.1f})"


def _tricks_left(left: int, most: int) -> str:
    """The line a decision goes to: each number of tricks left for a study of the last tricks, or a band."""
    if most <= 6:
        return f"{left} tricks left"
    return "9-13 tricks left" if left >= 9 else "5-8 tricks left" if left >= 5 else "1-4 tricks left"


def report(paths: Iterable[Path]) -> None:
    """Print the tables of the rows in ``paths`` (see the module's text)."""
    rows = [json.loads(line) for path in paths for line in path.read_text().splitlines() if line.strip()]
    print(f"{len(rows)} decisions; candidate minus hint, in points a decision (negative: the hint is better)")
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[row["principle"]].append(row)
    for name, group in sorted(groups.items()):
        print(f"\n{name}")
        by_left: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for row in sorted(group, key=lambda row: -row["tricks_left"]):
            by_left[_tricks_left(row["tricks_left"], STUDIED[name][0] if name in STUDIED else 13)].append(row)
        subsets = [
            *by_left.items(),
            ("all", group),
            ("their contract made", [row for row in group if row["they_made"]]),
            ("their contract not made", [row for row in group if not row["they_made"]]),
        ]
        for label, subset in subsets:
            if not subset:
                continue
            good = sum(row["as_good"][row["hint"]] for row in subset) / len(subset)
            close = sum(row.get("verdict", {}).get(row["hint"]) == "close" for row in subset) / len(subset)
            gains = "; ".join(_gain(subset, rule) for rule in subset[0]["candidates"])
            print(f"  {label:24s} {len(subset):4d} decisions, hint as good {good:4.0%}, close {close:4.0%}; {gains}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="standard", help="comma-separated rule sets (principle_calibration's)")
    parser.add_argument("--first", type=int, default=101, help="first deal (default 101)")
    parser.add_argument("--last", type=int, default=400, help="last deal (default 400)")
    parser.add_argument(
        "--samples", type=int, help="the judge's deals a decision (default: as many as it draws for Teach me)"
    )
    parser.add_argument("--out", type=Path, help="one JSON line a decision")
    parser.add_argument("--report", type=Path, nargs="*", help="print the tables of these files and stop")
    args = parser.parse_args(argv)
    if args.report:
        report(args.report)
        return
    if args.out is None:
        parser.error("--out is needed to run the study")
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    with args.out.open("a") as out:
        for row in study(args.rules.split(","), args.first, args.last, args.samples):
            out.write(json.dumps(row) + "\n")
            out.flush()
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
