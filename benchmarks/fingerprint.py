"""A fingerprint of the engine's answers, to show that a refactor changes none of them.

Run from the repository root::

    .venv/bin/python benchmarks/fingerprint.py              # 200 bot hands, 100 solved positions
    .venv/bin/python benchmarks/fingerprint.py --hands 20   # a quick look

It plays seeded hands with the easy and medium bots under a cycle of rule sets (every
card, bid and score recorded), random hands on the pure-Python kernel (legal cards,
refusals and their reasons, reneges, spades broken, trick winners), solves seeded mid-hand positions double dummy on the
compiled core and, where the pure-Python reference is quick, on the reference too
(tricks, each card's score, the Nil answer), scores random bids and tricks under each
rule option through both scoring entry points (``score_round`` and ``side_value``),
and prints one SHA-256 per part and one for the whole. The same code prints the same
hashes on any machine; a refactor that changes no answer leaves them as they were.
It asserts nothing (except that the two solver back-ends agree).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time
from collections.abc import Iterator

from spades_teach import Round, Rules, Seat, deal, score_round
from spades_teach.advice.bots import EasyBot, MediumBot
from spades_teach.advice.driver import play_hand
from spades_teach.analysis import double_dummy
from spades_teach.game.bids import Bid
from spades_teach.game.kernel import Playout
from spades_teach.game.round import PureRound
from spades_teach.game.scoring import side_value

RULE_SETS = (
    Rules(),
    Rules(first_lead="two_of_clubs"),
    Rules(spade_lead_breaks=True),
    Rules(nil=False),
    Rules(blind_nil=True, bag_limit=5, bag_penalty=50),
    Rules(renege="penalty", min_team_bid=4),
    Rules(nil_value=50, blind_nil_value=100, blind_nil=True, target=300),
    Rules(first_lead="two_of_clubs", spade_lead_breaks=True),
)


def bot_hands(count: int) -> Iterator[str]:
    """Each hand's rules, bids, cards and score as one line."""
    for seed in range(count):
        rules = RULE_SETS[seed % len(RULE_SETS)]
        bots = {s: (MediumBot() if (seed + i) % 2 else EasyBot(seed)) for i, s in enumerate("NESW")}
        r = play_hand(Round(deal(seed), dealer=Seat(seed % 4), rules=rules), bots)
        score = r.score(bags={"NS": seed % 5, "EW": (seed * 3) % 5})
        cards = " ".join(str(e) for e in r.history)
        yield f"{seed} {rules.to_dict()} | {cards} | {dict(score.points)} {dict(score.bags)} {score.lines}"


def pure_kernel_hands(count: int) -> Iterator[str]:
    """Random hands on the pure-Python kernel (``PureRound``, and the bots' ``Playout``):
    every seat's legal cards, the reason each other card of the hand is refused, spades
    broken and each trick's winner, card by card."""
    for seed in range(count):
        rules = RULE_SETS[seed % len(RULE_SETS)]
        rng = random.Random(seed)
        r = PureRound(deal(2000 + seed), dealer=Seat(seed % 4), rules=rules)
        while r.phase == "bidding":
            r.bid(r.to_act, rng.choice(r.legal_bids()))
        hands = [r.hand(s).mask for s in Seat]
        first = r.to_act
        assert first is not None
        playout: Playout | None = Playout(
            hands, rules=rules, leader=int(first), two_clubs_pending=rules.first_lead == "two_of_clubs"
        )
        steps = []
        while not r.is_complete:
            seat = r.to_act
            assert seat is not None
            legal = list(r.legal_plays())
            refused = [f"{c}:{r.why_illegal(c)}" for c in r.hand(seat) if c not in legal]
            card = legal[int(rng.random() * len(legal))]
            if rules.renege == "penalty" and refused and r.current_trick.cards and rng.random() < 0.1:
                card = next(c for c in r.hand(seat) if c not in legal)  # a renege (a lead is never one)
            r.play(seat, card)
            if playout is not None and card not in legal:
                playout = None  # the playout plays legal cards only: it follows the hand up to a renege
            if playout is not None:
                playout.play(int(seat), card)
            seen = "-" if playout is None else f"{playout.broken}{playout.won}"
            steps.append(f"{card}{'/'.join(str(c) for c in legal)} {refused} {r.spades_broken} {seen}")
        winners = [t.winner.name if t.winner is not None else "" for t in r.tricks]
        yield f"{seed} {' '.join(steps)} {winners} {dict(r.score().points)}"


def solved_positions(count: int) -> Iterator[str]:
    """Seeded positions reached by random legal play, solved on both back-ends where quick."""
    for seed in range(count):
        rules = RULE_SETS[seed % 3]  # the rule sets that change play: plain, the 2♣ lead, spade leads break
        rng = random.Random(seed)
        r = Round(deal(1000 + seed), dealer=Seat(seed % 4), rules=rules)
        while r.phase == "bidding":
            r.bid(r.to_act, rng.choice(r.legal_bids()))
        for _ in range(rng.randrange(0, 40) if seed % 10 else 0):  # every tenth from the first card
            legal = list(r.legal_plays())
            r.play(r.to_act, legal[int(rng.random() * len(legal))])
        trick = r.current_trick
        hands = _hands_now(r)
        answers = []
        backends = ("c", "python") if sum(len(r.hand(s)) for s in Seat) <= 24 else ("c",)
        for backend in backends:
            dd = double_dummy(
                hands,
                leader=trick.leader,
                trick=[str(c) for c in trick.cards],
                spades_broken=_broken_before_trick(r),
                rules=rules,
                backend=backend,
            )
            nil_seat = Seat((seed + 1) % 4)
            nil = dd.nil(nil_seat)
            answers.append(
                f"{dict(dd.tricks)} {dd.to_play.name} {sorted((str(c), v) for c, v in dd.card_scores.items())} "
                f"{nil_seat.name} {nil.makeable} {sorted((str(c), v) for c, v in nil.cards.items())}"
            )
        if len(set(answers)) != 1:
            raise AssertionError(f"seed {seed}: the back-ends disagree: {answers}")
        yield f"{seed} {answers[0]}"


def _hands_now(r: Round) -> dict[Seat, str]:
    """Each seat's cards in hand (the seats that played to the trick in progress hold one fewer)."""
    return {s: " ".join(str(c) for c in r.hand(s)) for s in Seat}


def _broken_before_trick(r: Round) -> bool:
    """Whether spades were broken before the trick in progress (completed tricks only)."""
    from spades_teach.game.kernel import spades_broken_by

    return spades_broken_by((t.cards for t in r.tricks), r.rules.spade_lead_breaks)


def scored_hands(count: int) -> Iterator[str]:
    """Random bids and tricks scored under each rule set by both scoring entry points."""
    rng = random.Random(7)
    for index in range(count):
        for rules in RULE_SETS:
            bids: dict[Seat, Bid] = {}
            for s in Seat:
                n = rng.randrange(0, 8) if rules.nil else rng.randrange(1, 8)
                bids[s] = Bid(0, blind=rules.blind_nil and n == 0 and rng.random() < 0.5) if n == 0 else Bid(n)
            if rules.min_team_bid:
                for s in (Seat.N, Seat.E):
                    p = s.partner
                    if not bids[s].is_nil and not bids[p].is_nil and int(bids[s]) + int(bids[p]) < rules.min_team_bid:
                        bids[s] = Bid(rules.min_team_bid)
            cuts = sorted(rng.randrange(0, 14) for _ in range(3))
            won = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], 13 - cuts[2]]
            carried = {"NS": rng.randrange(rules.bag_limit), "EW": rng.randrange(rules.bag_limit)}
            reneges = {"NS": rng.randrange(2)} if rules.renege == "penalty" else None
            s = score_round(bids, {seat: won[seat] for seat in Seat}, bags=carried, rules=rules, reneges=reneges)
            seq = [bids[seat] for seat in Seat]
            values = [
                side_value(seq, won, seats, rules, bags_carried=carried[name])
                for name, seats in (("NS", (0, 2)), ("EW", (1, 3)))
            ]
            unknown = side_value([seq[0], None, seq[2], None], won, (1, 3), rules)
            yield f"{index} {dict(s.points)} {dict(s.bags)} {s.lines} {values} {unknown}"


def digest(lines: Iterator[str]) -> tuple[str, int]:
    h = hashlib.sha256()
    n = 0
    for line in lines:
        h.update(line.encode())
        h.update(b"\n")
        n += 1
    return h.hexdigest(), n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=200, help="bot hands played (default 200)")
    parser.add_argument("--positions", type=int, default=100, help="positions solved (default 100)")
    parser.add_argument("--scores", type=int, default=300, help="random hands scored per rule set (default 300)")
    args = parser.parse_args()
    whole = hashlib.sha256()
    for name, lines in (
        ("bots", bot_hands(args.hands)),
        ("pure kernel", pure_kernel_hands(args.hands)),
        ("double dummy", solved_positions(args.positions)),
        ("scoring", scored_hands(args.scores)),
    ):
        start = time.perf_counter()
        value, n = digest(lines)
        whole.update(value.encode())
        print(f"{name:13} {n:4} items  {value}  ({time.perf_counter() - start:.1f} s)")
    print(f"{'all':13}             {whole.hexdigest()}")


if __name__ == "__main__":
    main()
