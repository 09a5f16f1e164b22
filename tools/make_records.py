"""Build the annotated game records shipped in ``spades_teach/data/records/``.

Run by hand from the repository root::

    .venv/bin/python tools/make_records.py            # rebuild the JSON files
    .venv/bin/python tools/make_records.py --search   # redo the seed searches and print what they find
    .venv/bin/python tools/make_records.py --check    # rebuild in memory and compare with the files

Everything is deterministic. Each record comes from a seeded deal played by the
medium bot (the hint advisor), with a few cards or bids fixed where the story
needs them. The seeds below were found by the searches in this file (``--search``
runs them again); the annotations are written as data, keyed to the tricks and
cards of those deals, and the script checks that the play still matches them
before writing anything: if the bots change, it stops and says which moment
moved instead of writing notes about cards that were not played.

The texts are English here; their French and Spanish translations are written by
hand in ``data/records/fr/`` and ``data/records/es/`` (one file per record, the
annotations in the same order and at the same places), and this script leaves them
alone: after a rebuild that changes a text or moves a note, update both, or
``tests/test_records_languages.py`` says which record and which note no longer match.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spades_teach import Bid, Card, Deal, Hand, Round, Rules, Seat, deal
from spades_teach.advice.bidding import advise_bid
from spades_teach.advice.bots import MediumBot
from spades_teach.advice.driver import play_hand
from spades_teach.advice.position import Position
from spades_teach.game.records import dumps

OUT = Path(__file__).resolve().parent.parent / "spades_teach" / "data" / "records"
BOT = MediumBot()

# An annotation as data: ("bid", seat, text), (trick, None, text) or (trick, card, text).
Note = tuple[Any, Any, str]


@dataclass
class Story:
    """One record to write: the played round and everything said about it."""

    name: str
    title: str
    description: str
    round: Round
    notes: list[Note]
    bags: Mapping[str, int] | None = None
    checks: list[Callable[[Round], bool]] = field(default_factory=list)


# -- playing -----------------------------------------------------------------------------------------


def bot_bid(r: Round, bags: Mapping[str, int] | None = None) -> None:
    seat = r.to_act
    assert seat is not None
    r.bid(seat, advise_bid(r.hand(seat), seat=seat, bids=r.bids, scores=r.scores_before, bags=bags, rules=r.rules).bid)


class _RecordBot:
    """The medium bot's play, bidding the bid advisor's bid as given (as the
    records were first written)."""

    def __init__(self, round: Round, bags: Mapping[str, int] | None) -> None:
        self._round = round
        self._bags = bags

    def choose_bid(self, position: Position) -> Bid:
        r = self._round
        seat = position.seat
        return advise_bid(
            r.hand(seat), seat=seat, bids=r.bids, scores=r.scores_before, bags=self._bags, rules=r.rules
        ).bid

    def choose_play(self, position: Position) -> Card:
        return BOT.choose_play(position)


def bot_play_out(r: Round, bags: Mapping[str, int] | None = None) -> Round:
    """Bid (if still open) and play to the end with the medium bot at every seat."""
    bot = _RecordBot(r, bags)
    return play_hand(r, {seat: bot for seat in r.seats}, bags=bags)


def bot_round(seed: int, *, dealer: str = "N", bags: Mapping[str, int] | None = None) -> Round:
    return bot_play_out(Round(deal(seed), dealer=dealer), bags)


# -- 1. the worked example of the Spanish rule text -------------------------------------------------------

# Player 2 deals; bidding and play go round from the dealer's left: players 4, 3, 1, 2.
SPANISH_SEATS = {2: Seat.N, 4: Seat.E, 3: Seat.S, 1: Seat.W}
SPANISH_BIDS = [(4, 3), (3, 3), (1, 4), (2, 2)]
SPANISH_FIRST_TRICK = ["3H", "KH", "5S", "9H"]
SPANISH_SEED = 1696


def spanish_deal(seed: int) -> Deal:
    """A random deal in which the example's first trick can happen: player 1 has
    no heart and the 5♠, players 4, 3 and 2 hold the 3♥, K♥ and 9♥."""
    rng = random.Random(seed)
    fixed = {4: Card.parse("3H"), 3: Card.parse("KH"), 1: Card.parse("5S"), 2: Card.parse("9H")}
    rest = [c for c in Hand.parse("AKQJT98765432.AKQJT98765432.AKQJT98765432.AKQJT98765432") if c not in fixed.values()]
    no_hearts = [c for c in rest if c.suit.letter != "H"]
    rng.shuffle(no_hearts)
    player1 = no_hearts[:12]
    others = [c for c in rest if c not in player1]
    rng.shuffle(others)
    hands = {
        SPANISH_SEATS[1]: [fixed[1], *player1],
        SPANISH_SEATS[2]: [fixed[2], *others[0:12]],
        SPANISH_SEATS[3]: [fixed[3], *others[12:24]],
        SPANISH_SEATS[4]: [fixed[4], *others[24:36]],
    }
    return Deal(hands, dealer=Seat.N)


def spanish_round(seed: int) -> tuple[Round, int, int]:
    """The example's bids and first trick on ``spanish_deal(seed)``, then the
    medium bot. Also returns how far the advised bids are from the example's
    (sum of differences) and how many of the four first-trick cards the bot
    would have chosen itself."""
    r = Round(spanish_deal(seed), dealer="N")
    distance = 0
    for player, bid in SPANISH_BIDS:
        seat = SPANISH_SEATS[player]
        advised = advise_bid(r.hand(seat), seat=seat, bids=r.bids).bid
        distance += abs(int(advised) - bid) + (5 if advised == 0 else 0)
        r.bid(seat, bid)
    agree = 0
    for card in SPANISH_FIRST_TRICK:
        seat = r.to_act
        assert seat is not None
        agree += BOT.choose_play(Position.from_round(r)) == Card.parse(card)
        r.play(seat, card)
    return bot_play_out(r), distance, agree


def spanish_ok(r: Round, distance: int, agree: int) -> bool:
    return distance <= 2 and agree >= 3 and r.team_tricks["EW"] == 8


def search_spanish(limit: int = 5000) -> int:
    """The first seed whose completed hand matches the example (8 tricks for
    players 1 and 4) with bids near the advisor's and a first trick the bot
    mostly agrees with."""
    for seed in range(limit):
        if spanish_ok(*spanish_round(seed)):
            return seed
    raise SystemExit("no deal fits the Spanish example")


def spanish_story() -> Story:
    r, distance, agree = spanish_round(SPANISH_SEED)
    assert spanish_ok(r, distance, agree), "seed no longer fits the example: run --search"
    notes: list[Note] = [
        (
            "bid",
            "E",
            "East is player 4 of the example. Sitting at the dealer's left, East bids first and will "
            "lead first. 3 is an optimistic count: K♠ Q♠ with four spades, and little else.",
        ),
        (
            "bid",
            "S",
            "South (player 3) bids 3: the A♠, the A♥ K♥ and the A♣ are the tricks to count, and a "
            "singleton ace of spades is a sure trick but a lonely one.",
        ),
        (
            "bid",
            "W",
            "West (player 1), East's partner, bids 4: five spades and no heart at all, so every heart "
            "led can be trumped. East–West now need 3 + 4 = 7 tricks between them.",
        ),
        (
            "bid",
            "N",
            "North (player 2) dealt, so North bids last: 2. North–South need 3 + 2 = 5. The four bids "
            "add up to 12, so at least one trick will be a bag for somebody.",
        ),
        (
            1,
            None,
            "The example's trick. Nobody may lead a spade yet, but a player who cannot follow suit may "
            "trump at any time, and the first spade played breaks spades.",
        ),
        (1, "3H", "East leads a low heart from three small ones: there is nothing in the suit to protect."),
        (1, "KH", "South holds A K J 10 7 in hearts. The K♥ wins as surely as the A♥ would, and keeps the ace hidden."),
        (
            1,
            "5S",
            "West has no heart, so West may trump: the 5♠ beats any heart. Spades are broken now, and "
            "from the next trick on anyone may lead them.",
        ),
        (
            1,
            "9H",
            "North cannot beat a spade with a heart. The 2♥ would have done the same job; the 9♥ is a "
            "small waste of a card that could have mattered later.",
        ),
        (2, "AD", "North takes the A♦: North–South's first trick."),
        (
            3,
            "KD",
            "North leads the Q♦ and West, playing last, takes it with the K♦: a king sitting after the "
            "player who leads the queen is well placed.",
        ),
        (
            4,
            "3S",
            "North is out of diamonds and trumps with the 3♠, the smallest spade: any spade beats a "
            "diamond, unless a player after North is also out of diamonds and trumps higher.",
        ),
        (
            4,
            "7H",
            "South has no diamond either, but partner is already winning: South throws a heart rather "
            "than spend the lone A♠ on partner's trick.",
        ),
        (
            5,
            "6S",
            "West trumps South's A♥. An ace is only a sure trick in a suit that the opponents cannot "
            "trump; West's heart void turns it into a loser.",
        ),
        (
            6,
            None,
            "A spade fight: North trumps with the 10♠, East over-trumps with the Q♠ and South's "
            "singleton A♠ takes the lot. Seven spades are left: North's J♠, East's K♠ 4♠ 2♠ and West's "
            "9♠ 8♠ 7♠, so East–West hold almost all the trumps.",
        ),
        (
            9,
            "KC",
            "North's K♣ is North–South's fifth trick. They bid 5, so their contract is made; every "
            "trick from here would only be a bag.",
        ),
        (10, "2S", "East is out of hearts and trumps with the 2♠: East–West's fifth trick."),
        (11, "KS", "With the A♠ and Q♠ gone, East's K♠ is the highest spade left, and it draws North's J♠."),
        (12, "9S", "West trumps the club lead: seventh trick, and East–West's contract of 7 is made."),
        (
            13,
            None,
            "East's last spade takes the last trick, East–West's eighth: one more than they bid. "
            "As in the example, that is 7 × 10 = 70 plus 1 for the extra trick, 71 and one bag; "
            "North–South took exactly their 5 for 50.",
        ),
    ]
    return Story(
        name="spanish_example",
        title="The worked example: 7 bid, 8 made",
        description=(
            "A full hand built on the worked example of the Spanish rule text. North deals. The bids are the "
            "example's: East 3, South 3, West 4, North 2. So is the first trick: East leads the 3♥, South "
            "plays the K♥, West has no heart and ruffs with the 5♠, and North plays the 9♥. The rest of the "
            "deal and of the play was filled in by the medium bot. East–West bid 7 and take 8 (71 points, "
            "one bag); North–South bid 5 and take 5 (50 points). The rule text numbers the players 1 to 4: "
            "here they are West, North, South and East."
        ),
        round=r,
        notes=notes,
        checks=[lambda r: r.score().points["EW"] == 71 and r.score().points["NS"] == 50],
    )


# -- 2. a Nil covered by the partner ----------------------------------------------------------------------

NIL_SEED = 819


def nil_covers(r: Round, nil: Seat) -> int:
    """Tricks where the Nil bidder's card was on top when it was played and the
    partner, playing later, took the trick."""
    count = 0
    for trick in r.tricks:
        seats = list(trick.seats)
        i, j = seats.index(nil), seats.index(nil.partner)
        if i < j and trick.winner is nil.partner:
            before = trick.cards[: i + 1]
            led = before[0].suit
            top = max(before, key=lambda c: (c.is_spade, c.suit is led, c.rank))
            count += top == trick.cards[i]
    return count


def nil_sheds(r: Round, nil: Seat) -> int:
    """Tricks where the Nil bidder, out of the suit led, threw away a jack or higher."""
    count = 0
    for trick in r.tricks:
        card = trick.card_of(nil)
        assert card is not None
        count += card.suit is not trick.cards[0].suit and card.rank >= 11 and trick.winner is not nil
    return count


def nil_ok(r: Round) -> bool:
    """One Nil, made; at least 3 covers by the partner and 3 high discards; the partner's bid made too."""
    nils = [s for s, b in r.bids.items() if b == 0]
    return (
        len(nils) == 1
        and r.tricks_won[nils[0]] == 0
        and nil_covers(r, nils[0]) >= 3
        and nil_sheds(r, nils[0]) >= 3
        and bool(r.score().made[nils[0].team])
    )


def search_nil(limit: int = 3000) -> int:
    for seed in range(limit):
        if nil_ok(bot_round(seed)):
            return seed
    raise SystemExit("no covered Nil found")


def nil_story() -> Story:
    r = bot_round(NIL_SEED)
    assert nil_ok(r), "seed no longer gives a covered Nil: run --search"
    notes: list[Note] = [
        (
            "bid",
            "E",
            "East bids Nil: one low spade (the 3♠) and some low cards in every other suit to play "
            "under. The danger cards are the K♦ Q♦ J♦ and the Q♥ 10♥: East must get rid of them safely.",
        ),
        (
            "bid",
            "S",
            "South bids 1. From now on North–South have two goals: their own 4 tricks, and making "
            "East win a trick, which costs East–West 100 points.",
        ),
        (
            "bid",
            "W",
            "West bids 7 with seven spades headed by the A Q J and no heart. West's tricks alone count "
            "for the partnership's 7; East's Nil is scored on its own. West's other job is to cover East.",
        ),
        ("bid", "N", "North bids 3, for a North–South total of 4."),
        (1, "3C", "The Nil bidder leads a low club: someone is almost sure to play higher."),
        (
            1,
            "6C",
            "West plays over partner's 3♣ on purpose. Whenever the Nil bidder's card is on top, the "
            "partner beats it if possible, so that the Nil bidder does not win the trick.",
        ),
        (
            2,
            "2H",
            "North leads a low heart to catch East: a Nil bidder fears low leads, where it is hard to "
            "play under everybody.",
        ),
        (
            2,
            "2S",
            "South's 7♥ already covered East's 4♥, so East was safe; West, with no heart, trumps to win a "
            "trick toward the 7 bid.",
        ),
        (3, "KC", "West leads a high club so that East can safely follow with a lower one."),
        (
            4,
            "7D",
            "East plays the 7♦ under North's 10♦: a middle card that could later be forced to win is gone, at no risk.",
        ),
        (
            6,
            "KD",
            "East has no club left and throws the K♦, the most dangerous card in the hand. Discards "
            "are a Nil bidder's best friend.",
        ),
        (7, "QD", "North's A♦ is sure to win, so East drops the Q♦ under it: another danger card gone."),
        (
            8,
            None,
            "The key cover. North leads a low heart and East's lowest one is the 9♥. South has no heart "
            "and throws a diamond rather than trump, hoping East's 9♥ stays on top; West, last to play, "
            "trumps with the 7♠ and takes the trick.",
        ),
        (9, "QH", "No club left: East throws the Q♥, one of the last high cards."),
        (10, "AS", "West draws trumps with the A♠, and East follows with the 3♠, which cannot win now."),
        (11, "JD", "East's last dangerous card, the J♦, goes on North's K♠."),
        (
            12,
            None,
            "East must follow with the 10♥, but it is below North's J♥, so East is safe. South trumps "
            "to fight for the trick and West over-trumps with the J♠.",
        ),
        (
            13,
            None,
            "East's 5♦ falls under West's 8♠: East took no trick. The Nil is made for +100, and "
            "West's 7 tricks make the 7 bid for 70: 170 for East–West. North–South bid 4 and took 6: 42 "
            "with 2 bags.",
        ),
    ]
    return Story(
        name="nil_covered",
        title="A Nil made with the partner's cover",
        description=(
            "East bids Nil and West bids 7. North–South lead low cards to force East to win a trick; East "
            "ducks and throws away high cards whenever another card is sure to win, and West covers East's "
            "cards by playing over them or trumping. East takes no trick: +100 for the Nil plus 70 for West's "
            "contract, 170 for East–West; North–South score 42 with 2 bags."
        ),
        round=r,
        notes=notes,
        checks=[lambda r: r.score().nil_made[Seat.E] and r.score().points["EW"] == 170],
    )


# -- 3. a contract set by the defenders -----------------------------------------------------------------

SET_SEED = 2089


def set_ok(r: Round) -> bool:
    score = r.score()
    return (
        all(b != 0 for b in r.bids.values())
        and score.made["EW"] is False
        and score.made["NS"] is True
        and sum(int(r.bids[s]) for s in (Seat.E, Seat.W)) >= 8
    )


def search_set(start: int = 2000, limit: int = 3000) -> int:
    for seed in range(start, limit):
        if set_ok(bot_round(seed)):
            return seed
    raise SystemExit("no set contract found")


def set_story() -> Story:
    r = bot_round(SET_SEED)
    assert set_ok(r), "seed no longer gives a set: run --search"
    notes: list[Note] = [
        ("bid", "E", "East bids 5: three aces, the K♣ beside the A♣, and the K♠ in a short spade suit."),
        ("bid", "S", "South bids 1 with a weak hand: six hearts headed by the king, and little else."),
        ("bid", "W", "West bids 3 with six spades. East–West now need 8 tricks: a big contract."),
        (
            "bid",
            "N",
            "North bids 3, so North–South need only 4. As defenders against 8, they set East–West by "
            "taking 13 − 8 + 1 = 6 tricks.",
        ),
        (
            4,
            None,
            "East has cashed four top cards: East–West have 4 tricks and need 4 more from the "
            "remaining 9. The defenders need 6 of those 9.",
        ),
        (5, "QC", "North's Q♣ takes the defenders' first trick."),
        (6, "3S", "West trumps North's Q♥: East–West's fifth trick."),
        (7, "KD", "South's K♦ wins over East's J♦: 2 tricks for the defenders."),
        (8, "4S", "West trumps again: 6 tricks for East–West, who need 2 of the last 5."),
        (9, "2S", "North is out of diamonds and trumps West's Q♦ with the 2♠: 3 tricks for the defenders."),
        (
            10,
            "AS",
            "North cashes the A♠, the highest spade: North–South have 4, their own contract is made, "
            "and 2 more tricks set East–West.",
        ),
        (11, "KS", "East trumps the club with the K♠: 7 tricks, and East–West need 1 of the last 2."),
        (
            12,
            None,
            "North has counted the spades: the A♠ and K♠ are gone, so North's Q♠ J♠ are the two "
            "highest spades left. North over-trumps West's 8♠ with the J♠ and keeps the Q♠ for the last trick.",
        ),
        (
            13,
            "QS",
            "The Q♠ takes the last trick: the defenders have 6 and East–West are set, 7 tricks "
            "against the 8 they bid. The set costs East–West 10 points a trick bid: −80 instead of +80, a "
            "swing of 160. North–South bid 4 and took 6: 42 with 2 bags.",
        ),
    ]
    return Story(
        name="contract_set",
        title="Setting a contract of 8",
        description=(
            "East–West bid 8 (East 5, West 3) against North–South's 4. The defenders count what they need "
            "(13 − 8 + 1 = 6 tricks), ruff when they can, and win the last two tricks with the top spades left. "
            "East–West take 7 and are set: −80. North–South take 6: 40 + 2 bags = 42."
        ),
        round=r,
        notes=notes,
        checks=[lambda r: r.score().points["EW"] == -80 and r.score().points["NS"] == 42],
    )


# -- 4. bags dodged, and a bag penalty taken --------------------------------------------------------------

BAGS_SEED = 3108
BAGS_BEFORE = {"NS": 8, "EW": 7}


def ew_contract_made_at(r: Round) -> int:
    """The number of the trick that made East–West's contract (14 if never)."""
    need = int(r.bids[Seat.E]) + int(r.bids[Seat.W])
    won = 0
    for trick in r.tricks:
        won += trick.winner is not None and trick.winner.team.name == "EW"
        if won >= need:
            return trick.number
    return 14


def bags_ok(r: Round) -> bool:
    """Both contracts made; East–West make theirs by trick 4, then take no bag;
    North–South take the bag penalty."""
    score = r.score(bags=BAGS_BEFORE)
    return (
        all(b != 0 for b in r.bids.values())
        and ew_contract_made_at(r) <= 4
        and all(score.made.values())
        and score.penalties["NS"] == 1
        and score.penalties["EW"] == 0
        and score.bags_added["EW"] == 0
    )


def search_bags(start: int = 3000, limit: int = 4000) -> int:
    for seed in range(start, limit):
        if bags_ok(bot_round(seed, bags=BAGS_BEFORE)):
            return seed
    raise SystemExit("no bag penalty found")


def bags_story() -> Story:
    r = bot_round(BAGS_SEED, bags=BAGS_BEFORE)
    assert bags_ok(r), "seed no longer gives the bag penalty: run --search"
    notes: list[Note] = [
        (
            "bid",
            "E",
            "North–South come into this hand with 8 bags and East–West with 7: both sides are close "
            "to 10, where a bag penalty costs 100 points. East bids 1.",
        ),
        ("bid", "S", "South bids 4."),
        ("bid", "W", "West bids 2, for an East–West total of 3."),
        (
            "bid",
            "N",
            "North bids 3: North–South need 7. The bids add up to 10, so 3 tricks belong to nobody. "
            "Whoever wins them gets bags, and North–South can afford only one more.",
        ),
        (3, "AH", "West's A♥ wins: East–West have 2 tricks."),
        (
            4,
            "QC",
            "East's Q♣ is East–West's third trick: their contract of 3 is made. From now on they try to "
            "lose every trick.",
        ),
        (
            5,
            None,
            "Dodging starts: East leads a low heart for others to beat. West's lowest heart, the 9♥, is "
            "above South's 7♥, but North plays after West, and North's K♥ takes the trick off West's hands.",
        ),
        (
            6,
            None,
            "East and West both play under North's J♣: the 10♣ and 7♣ stay below it. Keeping cards "
            "under the winner is how a side that has made its contract avoids bags.",
        ),
        (8, None, "More ducking: West's 10♠ and East's 9♠ both go under South's A♠."),
        (9, None, "And again: the 9♦ and 8♦ go under South's K♦."),
        (
            10,
            "QD",
            "South's Q♦ is North–South's seventh trick: contract made. Every further trick is a bag, "
            "and a second one brings their counter to 10: the 100-point penalty.",
        ),
        (
            11,
            None,
            "South leads the low 7♠ to lose it, and West ducks with the 3♠. But North holds only the "
            "K♠ and J♠, both higher: North must follow suit and is forced to win. First bag: 9 on the counter.",
        ),
        (
            12,
            None,
            "North's last heart, the 8♥, is the only heart left in the deal. No one follows, nobody "
            "wants to trump, and North wins a trick by default. Second bag: the counter reaches 10, so the "
            "penalty is now certain.",
        ),
        (
            13,
            None,
            "North's K♠ takes South's Q♠: a third bag North–South could not avoid. 8 + 3 = 11 bags: "
            "−100, and 10 bags come off the counter, leaving 1. North–South score 70 + 3 − 100 = −27; East–West "
            "made exactly 3 for 30 and stay at 7 bags.",
        ),
    ]
    return Story(
        name="bags",
        title="Bags dodged, and a bag penalty taken",
        description=(
            "North–South start the hand with 8 bags, East–West with 7. East–West make their 3 early and then "
            "duck every trick they can, taking no bag. North–South make their 7 and try to dodge too, but their "
            "last cards are winners: they take 10 tricks, 3 bags, reach 11 and pay the 100-point penalty "
            "(70 + 3 − 100 = −27, counter down to 1). East–West score 30 and keep 7 bags."
        ),
        round=r,
        notes=notes,
        bags=BAGS_BEFORE,
        checks=[lambda r: r.score(bags=BAGS_BEFORE).points["NS"] == -27 and r.score(bags=BAGS_BEFORE).bags["NS"] == 1],
    )


# -- 5. a blind Nil from far behind ----------------------------------------------------------------------

BLIND_SEED = 149
BLIND_RULES = Rules(blind_nil=True)
BLIND_SCORES = {"NS": 180, "EW": 420}


def blind_round(seed: int) -> Round:
    return bot_play_out(Round(deal(seed), dealer="N", rules=BLIND_RULES, scores=BLIND_SCORES))


def blind_ok(r: Round) -> bool:
    blind = [s for s, b in r.bids.items() if b == 0 and b.blind]
    return len(blind) == 1 and r.score().nil_made[blind[0]] and nil_covers(r, blind[0]) >= 3


def search_blind(limit: int = 1000) -> int:
    for seed in range(limit):
        if blind_ok(blind_round(seed)):
            return seed
    raise SystemExit("no blind Nil found")


def blind_story() -> Story:
    r = blind_round(BLIND_SEED)
    assert blind_ok(r), "seed no longer gives a blind Nil: run --search"
    notes: list[Note] = [
        ("bid", "E", "East–West lead 420 to 180 and are 80 points from the 500 target. East bids 4."),
        (
            "bid",
            "S",
            "South bids blind Nil: no trick at all, promised before looking at the cards. Made, it "
            "scores 200; failed, it costs 200. These rules allow it only to a side at least 100 points behind, "
            "and North–South are 240 behind. South's cards turn out to be risky: A♦ K♦, K♣ J♣ and a lone 10♠.",
        ),
        ("bid", "W", "West bids 1."),
        (
            "bid",
            "N",
            "North bids 5 with six spades headed by the ace. North must make those 5 alone and also "
            "protect South's blind Nil.",
        ),
        (1, "8D", "North plays over South's 5♦, so the trick is North's and not South's: the cover."),
        (2, "JD", "North leads the J♦ high, and South can drop the 6♦ under it."),
        (3, "JC", "South throws the J♣ under East's Q♣: a dangerous card gone while it is safe to do so."),
        (
            6,
            None,
            "The crisis. East leads the 9♦, and South has only the A♦ and K♦ left in the suit: whichever "
            "South plays will be on top. North has no diamond left and trumps with the 2♠ to take the trick.",
        ),
        (
            8,
            None,
            "The same rescue with the A♦: South must play it, West cannot beat it, and North trumps it with the 3♠.",
        ),
        (10, "9C", "No heart left: South discards the 9♣ on East's A♥."),
        (
            11,
            "TS",
            "South's only spade, the 10♠, goes under North's A♠. North led the ace precisely so that "
            "South's spade could not win.",
        ),
        (
            13,
            None,
            "South's last card, the 3♣, cannot win a spade trick: the blind Nil is made, +200. North "
            "took 6 for the 5 bid (51), so North–South score 251 and close the gap to 431 against 472.",
        ),
    ]
    return Story(
        name="blind_nil",
        title="A blind Nil from 240 points behind",
        description=(
            "With blind Nil allowed, North–South trail 180 to 420. South bids blind Nil, North bids 5. South's "
            "hand holds two high diamonds and a high club; North covers by playing over South's cards and, "
            "once out of diamonds, by trumping South's K♦ and A♦. South takes no trick: +200 for the blind Nil "
            "plus 51 for North's 6 tricks on a bid of 5, 251 in all (431 to 472 after the hand). East–West bid "
            "5 and take 7: 52."
        ),
        round=r,
        notes=notes,
        checks=[lambda r: r.score().nil_made[Seat.S] and r.score().points["NS"] == 251],
    )


# -- writing ---------------------------------------------------------------------------------------------


def annotation_data(notes: Iterable[Note]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for where, card, text in notes:
        if where == "bid":
            out.append({"at": {"bid": card}, "text": text})
        elif card is None:
            out.append({"at": {"trick": where}, "text": text})
        else:
            out.append({"at": {"trick": where, "card": card}, "text": text})
    return out


def render(story: Story) -> str:
    for check in story.checks:
        assert check(story.round), f"{story.name}: the score no longer matches the text"
    text = dumps(
        story.round,
        annotations=annotation_data(story.notes),
        title=story.title,
        description=story.description,
        bags=story.bags,
    )
    return text


STORIES: dict[str, Callable[[], Story]] = {
    "spanish_example": spanish_story,
    "nil_covered": nil_story,
    "contract_set": set_story,
    "bags": bags_story,
    "blind_nil": blind_story,
}

SEARCHES: dict[str, Callable[[], int]] = {
    "spanish_example": search_spanish,
    "nil_covered": search_nil,
    "contract_set": search_set,
    "bags": search_bags,
    "blind_nil": search_blind,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--search", action="store_true", help="redo the seed searches and print the seeds")
    parser.add_argument("--check", action="store_true", help="compare the built records with the files")
    args = parser.parse_args(argv)
    if args.search:
        for name, search in SEARCHES.items():
            print(f"{name}: seed {search()}")
        return 0
    OUT.mkdir(parents=True, exist_ok=True)
    stale = []
    for name, build in STORIES.items():
        story = build()
        text = render(story)
        path = OUT / f"{name}.json"
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                stale.append(name)
            continue
        path.write_text(text, encoding="utf-8")
        score = story.round.score(bags=story.bags)
        print(f"wrote {path.relative_to(OUT.parent.parent.parent)}: " + "; ".join(score.lines))
    if stale:
        print("out of date: " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
