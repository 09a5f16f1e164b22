"""A fingerprint of three answers, to hold a refactor to "no answer changed" (issue 30).

    .venv/bin/python benchmarks/refactor_fingerprint.py            # bid app table
    .venv/bin/python benchmarks/refactor_fingerprint.py bid        # one part

``bid``: :func:`advise_bid` on 2,000 seeded hands under six rule sets and six bidding contexts
(bids made, match scores, bags), its bid, count, reasons, notes, Nil check and summary in English,
French and Spanish. ``app``: the HTML of every app page's top and of the home page, in the three
languages. ``table``: the card table's whole state (:meth:`TableGame.state`) after every action of
a few seeded hands played through its messages, in three languages, with Teach me and a match.
Run it before and after a change: the same hash, the same behaviour.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spades_teach.advice.bidding import advise_bid
from spades_teach.game.cards import Hand
from spades_teach.game.rules import Rules
from spades_teach.i18n import language

RULES = {
    "default": Rules(),
    "blind": Rules(blind_nil=True),
    "nonil": Rules(nil=False),
    "minbid": Rules(min_team_bid=4),
    "two": Rules(players=2),
    "t300": Rules(target=300),
}
CONTEXTS = [
    ("S", {}, None, None),
    ("S", {"N": 0}, None, None),
    ("S", {"W": 4, "N": 3, "E": 4}, {"NS": 300, "EW": 450}, None),
    ("S", {"W": 1, "N": 4, "E": 1}, {"NS": 450, "EW": 480}, None),
    ("S", {"W": 2, "N": 2, "E": 2}, {"NS": 100, "EW": 350}, {"NS": 8, "EW": 2}),
    ("E", {"N": 5}, {"NS": 470, "EW": 200}, None),
]


def hands(n: int) -> list[Hand]:
    rng = random.Random(20261203)
    return [Hand.from_mask(sum(1 << i for i in rng.sample(range(52), 13))) for _ in range(n)]


def bid_part(n: int) -> str:
    h = hashlib.sha256()
    for name, rules in RULES.items():
        for k, hand in enumerate(hands(n)):
            seat, bids, scores, bags = CONTEXTS[k % len(CONTEXTS)]
            if rules.players == 2:
                seat, bids, scores, bags = ("S", {"N": 3} if k % 2 else {}, None, None)
            for code in ("en", "fr", "es"):
                with language(code):
                    a = advise_bid(hand, seat=seat, bids=bids, scores=scores, bags=bags, rules=rules)
                    h.update(
                        repr(
                            (
                                name,
                                str(hand),
                                str(a.bid),
                                a.estimate,
                                a.summary,
                                [str(r) for r in a.reasons],
                                a.context,
                                a.nil.risk,
                                a.nil.why,
                                [str(c) for c in a.nil.checklist],
                                str(a),
                            )
                        ).encode()
                    )
    return h.hexdigest()[:16]


def app_part() -> str:
    from spades_teach import app

    h = hashlib.sha256()
    for code in ("en", "fr", "es"):
        with language(code):
            for name in app.HEADINGS:
                for asked in (False, True):
                    h.update(app.page_top_html(name, code, asked).encode())
            h.update(app.home_html().encode())
            h.update(app.home_html("{{ keep }}").encode())
    for default in ("en", "fr", "es"):
        h.update(app.home_template(default).encode())
    h.update(repr(app.PAGES).encode())
    return h.hexdigest()[:16]


def table_part(seeds: int) -> str:
    from spades_teach.widgets.table_game import TableGame

    h = hashlib.sha256()
    for seed in range(seeds):
        for code, teach, mode in (("en", seed % 2 == 0, "hand"), ("fr", True, "match"), ("es", False, "hand")):
            g = TableGame(
                seed=seed,
                pause=0,
                level=("easy", "medium")[seed % 2],
                teach=teach,
                mode=mode,
                sleep=lambda s: None,
                language=code,
            )
            h.update(json.dumps(g.state(), sort_keys=True, default=str).encode())
            steps = 0
            while g.phase in ("bidding", "play") and steps < 60:
                st = g.state()
                if g.phase == "bidding":
                    g.act({"action": "bid", "bid": st["bid_choices"][1 + seed % 3][1]})
                elif g.phase == "play":
                    legal = [c["code"] for c in st["hand"] if c.get("legal")]
                    g.act({"action": "play", "card": legal[(seed + steps) % len(legal)]})
                h.update(json.dumps(g.state(), sort_keys=True, default=str).encode())
                steps += 1
            h.update(g.phase.encode())
            if g.phase == "complete":
                g.act({"action": "review"})
                h.update(json.dumps(g.state(), sort_keys=True, default=str).encode())
                if mode == "match":
                    g.act({"action": "next"})
                    h.update(json.dumps(g.state(), sort_keys=True, default=str).encode())
            if seed == 0 and code == "en":
                g.act({"action": "undo"})
                g.act({"action": "set", "name": "four_colour", "value": True})
                g.act({"action": "language", "value": "es"})
                g.act({"action": "bogus"})
                h.update(json.dumps(g.state(), sort_keys=True, default=str).encode())
    return h.hexdigest()[:16]


if __name__ == "__main__":
    parts = sys.argv[1:] or ["bid", "app", "table"]
    for part in parts:
        t = time.time()
        out = {"bid": lambda: bid_part(2000), "app": app_part, "table": lambda: table_part(3)}[part]()
        print(part, out, f"{time.time() - t:.1f}s", flush=True)
