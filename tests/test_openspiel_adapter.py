"""The OpenSpiel adapter of the outsider benchmarks (``benchmarks/_openspiel.py``).

The numbering, the deal, the trick winner, the voids and the resampling of hidden
hands are plain Python and are tested everywhere; the tests that drive OpenSpiel
itself run only where ``open_spiel`` is installed (``pip install .[bench]``).
"""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType

import pytest
from _scripts import load_script

from spades_teach import Bid, BidEvent, Card, PlayEvent, Round, Rules, Seat, SpadesError, Team, deal, trick_winner

ROOT = Path(__file__).resolve().parents[1]


def _load_adapter() -> ModuleType:
    return load_script(ROOT / "benchmarks" / "_openspiel.py", "_openspiel_adapter_under_test")


os_ = _load_adapter()
ALL_CARDS = [Card.parse(r + s) for s in "SHDC" for r in "23456789TJQKA"]


# -- numbering -----------------------------------------------------------------------------------------------------


def test_card_actions_are_openspiel_suit_times_13_plus_rank() -> None:
    assert [os_.card_action(Card.parse(c)) for c in ("2C", "AC", "2D", "AH", "2S", "AS")] == [0, 12, 13, 38, 39, 51]


def test_card_actions_cover_the_deck_and_convert_back() -> None:
    actions = [os_.card_action(c) for c in ALL_CARDS]
    assert sorted(actions) == list(range(52))
    assert [os_.action_card(a) for a in actions] == ALL_CARDS


@pytest.mark.parametrize("bad", [-1, 52, 60, True, "3"])
def test_a_non_card_action_is_refused(bad: object) -> None:
    with pytest.raises(SpadesError, match="not an openspiel card action"):
        os_.action_card(bad)


def test_bids_are_52_plus_tricks_both_ways() -> None:
    assert [os_.bid_action(b) for b in range(14)] == list(range(52, 66))
    assert [os_.action_bid(a) for a in range(52, 66)] == list(range(14))
    assert os_.bid_action(Bid(0)) == 52
    with pytest.raises(SpadesError, match="no blind nil"):
        os_.bid_action(Bid(0, blind=True))
    with pytest.raises(SpadesError, match="not an openspiel bid action"):
        os_.action_bid(51)


@pytest.mark.parametrize("dealer", list(Seat))
def test_the_first_bidder_is_player_0_and_partners_stay_partners(dealer: Seat) -> None:
    first = Round(deal(1, dealer=dealer), dealer=dealer).to_act
    assert first is not None
    assert os_.player_of(first, dealer) == 0
    for seat in Seat:
        player = os_.player_of(seat, dealer)
        assert os_.seat_of(player, dealer) is seat
        assert os_.player_of(seat.partner, dealer) == (player + 2) % 4
        assert os_.player_of(seat.next, dealer) == (player + 1) % 4


def test_the_deal_gives_the_ith_card_to_player_i_mod_4() -> None:
    cards = deal(7, dealer=Seat.S)
    actions = os_.deal_actions({s: cards[s] for s in Seat}, Seat.S)
    assert sorted(actions) == list(range(52))
    for seat in Seat:
        player = os_.player_of(seat, Seat.S)
        assert {os_.action_card(a) for a in actions[player::4]} == set(cards[seat])


def test_a_deal_without_13_distinct_cards_per_player_is_refused() -> None:
    with pytest.raises(SpadesError, match="13 cards per player"):
        os_.interleave([list(range(13)), list(range(13, 26)), list(range(26, 39)), list(range(39, 51))])
    with pytest.raises(SpadesError, match="52 different cards"):
        os_.interleave([list(range(13))] * 4)


def test_a_bid_past_the_partnership_cap_is_mirrored_at_13_minus_partner() -> None:
    assert os_.mirrored_bid(7, 7) == 6
    assert os_.mirrored_bid(13, 1) == 12
    assert os_.mirrored_bid(6, 7) == 6
    assert os_.mirrored_bid(9, None) == 9


@pytest.mark.parametrize(
    "rules, words",
    [
        (Rules(players=2), "four-player"),
        (Rules(first_lead="two_of_clubs"), "first bidder"),
        (Rules(blind_nil=True), "blind nil"),
    ],
)
def test_rules_openspiel_cannot_mirror_are_refused(rules: Rules, words: str) -> None:
    with pytest.raises(SpadesError, match=words):
        os_.check_rules(rules)


# -- tricks and voids ----------------------------------------------------------------------------------------------


def test_trick_winner_agrees_with_ours_on_random_tricks() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        cards = rng.sample(ALL_CARDS, 4)
        leader = rng.randrange(4)
        ours = trick_winner(cards, leader=Seat(leader))
        assert os_.trick_winner(leader, [os_.card_action(c) for c in cards]) == int(ours)


def test_read_plays_finds_who_played_what_and_the_voids_shown() -> None:
    a = [os_.card_action(Card.parse(c)) for c in ("AC", "3C", "2H", "4C", "KD", "2D", "3D", "5S")]
    record = os_.read_plays(a)
    assert record.played_by[a[2]] == 2  # the 2♥ was player 2's
    assert record.voids[2] == {0}  # ... who showed out of clubs
    # Player 0 won the A♣ and led the K♦; player 3 ruffed it and lacks diamonds.
    assert record.played_by[a[4]] == 0 and record.played_by[a[7]] == 3
    assert record.voids[3] == {1} and record.voids[0] == set() and record.voids[1] == set()


def _history_of(round_: Round) -> list[int]:
    """An OpenSpiel history (deal, bids, plays) for ``round_``, built without OpenSpiel."""
    out = os_.deal_actions({s: round_.deal[s] for s in Seat}, round_.dealer)
    for event in round_.history:
        out.append(os_.bid_action(event.bid) if isinstance(event, BidEvent) else os_.card_action(event.card))
    return out


def _random_round(seed: int, cards_played: int) -> Round:
    rng = random.Random(seed)
    r = Round(deal(seed, dealer=Seat(seed % 4)), dealer=Seat(seed % 4))
    for _ in range(4):
        seat = r.to_act
        assert seat is not None
        r.bid(seat, rng.randint(1, 5))
    for _ in range(cards_played):
        options = r.legal_plays()
        seat = r.to_act
        assert seat is not None
        r.play(seat, options[rng.randrange(len(options))])
    return r


@pytest.mark.parametrize("seed, played", [(1, 0), (2, 9), (3, 22), (4, 35), (5, 47)])
def test_resampling_keeps_what_the_player_knows_and_respects_voids(seed: int, played: int) -> None:
    history = _history_of(_random_round(seed, played))
    player = (played + 1) % 4
    hands, bids, plays = os_.split_history(history)
    record = os_.read_plays(plays)
    deals_seen = set()
    for k in range(20):
        new = os_.resample_history(history, player, random.Random(k))
        new_hands, new_bids, new_plays = os_.split_history(new)
        assert (new_bids, new_plays) == (bids, plays)
        assert sorted(new_hands[player]) == sorted(hands[player])
        assert sorted(c for h in new_hands for c in h) == list(range(52))
        for p in range(4):
            assert len(new_hands[p]) == 13
            assert all(p == record.played_by[c] for c in new_hands[p] if c in record.played_by)
            unplayed = [c for c in new_hands[p] if c not in record.played_by]
            assert not any(c // 13 in record.voids[p] for c in unplayed), (p, record.voids[p])
        deals_seen.add(tuple(tuple(sorted(h)) for h in new_hands))
    assert len(deals_seen) > 1 if played < 45 else len(deals_seen) >= 1


def test_resampling_is_determined_by_the_random_generator() -> None:
    history = _history_of(_random_round(8, 14))
    assert os_.resample_history(history, 1, random.Random(3)) == os_.resample_history(history, 1, random.Random(3))


@pytest.mark.parametrize("seed", range(20))
def test_a_tight_deal_is_found_by_search_when_the_greedy_draw_fails(seed: int) -> None:
    # Player 1 lacks suits 0 and 1, player 2 suits 2 and 3, player 3 suit 0: each
    # player has room for exactly what it can hold, which the greedy draw rarely finds.
    hidden = [0, 1, 2, 3, 13, 14, 15, 16, 26, 27, 28, 39, 40, 41]
    room = {1: 5, 2: 5, 3: 4}
    voids: list[set[int]] = [set(), {0, 1}, {2, 3}, {0}]
    dealt = os_._deal_by_search(hidden, room, voids, [1, 2, 3], random.Random(seed))
    assert dealt is not None
    assert sorted(c for cards in dealt.values() for c in cards) == hidden
    for player, cards in dealt.items():
        assert len(cards) == room[player]
        assert not any(c // 13 in voids[player] for c in cards)


def test_an_impossible_deal_is_reported_as_none() -> None:
    voids: list[set[int]] = [set(), {0}, {0}, {0}]
    assert os_._deal_by_search([0, 1], {1: 1, 2: 1, 3: 0}, voids, [1, 2, 3], random.Random(0)) is None


def test_an_incomplete_deal_cannot_be_resampled() -> None:
    with pytest.raises(SpadesError, match="deal is not complete"):
        os_.resample_history(list(range(30)), 0, random.Random(0))


def test_pick_legal_keeps_a_legal_choice_and_repairs_an_illegal_one() -> None:
    choices = [os_.Choice(3, 9, 1.0), os_.Choice(4, 5, 2.0), os_.Choice(5, 5, 3.0), os_.Choice(6, 2, 9.0)]
    assert os_.pick_legal(4, choices, lambda a: True) == (4, False)
    assert os_.pick_legal(3, choices, lambda a: a != 3) == (5, True)  # most visits, then best value
    with pytest.raises(SpadesError, match="no action legal"):
        os_.pick_legal(3, choices, lambda a: False)


# -- OpenSpiel itself ----------------------------------------------------------------------------------------------


def test_the_mirror_follows_random_hands_with_the_known_differences_only() -> None:
    pytest.importorskip("pyspiel")
    game = os_.load_game()
    rng = random.Random(11)
    narrower = 0
    for number in range(40):
        cards = deal(number, dealer=Seat(number % 4))
        r = Round(cards, dealer=cards.dealer)
        mirror = os_.Mirror(r, game)
        while (seat := r.to_act) is not None:
            mirror.sync(r)
            assert mirror.state.current_player() == os_.player_of(seat, r.dealer)
            if r.phase == "bidding":
                r.bid(seat, rng.randint(1, 6))
                continue
            ours, theirs = set(r.legal_plays()), mirror.legal_cards()
            assert theirs <= ours
            if theirs != ours:  # OpenSpiel never breaks spades: only a spade lead is missing
                narrower += 1
                assert not r.current_trick.cards and r.spades_broken
                assert all(c.suit.letter == "S" for c in ours - theirs)
            options = r.legal_plays()
            r.play(seat, options[rng.randrange(len(options))])
        mirror.sync(r)
        assert mirror.state.is_terminal()
        # Without Nil bids the two scorings agree on a hand from 0-0.
        returns = mirror.state.returns()
        points = r.score().points
        assert returns[os_.player_of(Seat.N, r.dealer)] == points[Team.NS]
        assert returns[os_.player_of(Seat.E, r.dealer)] == points[Team.EW]
    assert narrower > 0


def test_bids_over_the_partnership_cap_are_lowered_in_the_mirror_only() -> None:
    pytest.importorskip("pyspiel")
    r = Round(deal(2, dealer=Seat.N), dealer=Seat.N)
    mirror = os_.Mirror(r)
    for bid in (7, 2, 8, 3):  # E 7, S 2, W 8: East-West bid 15 in all
        seat = r.to_act
        assert seat is not None
        r.bid(seat, bid)
    mirror.sync(r)
    assert mirror.capped == 1
    assert r.bids[Seat.W] == 8
    assert list(mirror.state.history())[52:] == [os_.bid_action(b) for b in (7, 2, 6, 3)]


def test_ismcts_chooses_legal_bids_and_cards_the_same_way_each_time() -> None:
    pytest.importorskip("pyspiel")
    pytest.importorskip("open_spiel.python.algorithms.ismcts")
    game = os_.load_game()

    def run(seed: int) -> list[object]:
        r = _random_round(21, 0)
        r = Round(r.deal, dealer=r.dealer)
        mirror = os_.Mirror(r, game)
        player = os_.IsmctsPlayer(game, 12, seed, 100.0)
        out: list[object] = []
        while len(r.played) < 8 and (seat := r.to_act) is not None:
            action = player.choose(r, mirror)
            out.append(action)
            if r.phase == "bidding":
                assert r.can_bid(seat, action)
                r.bid(seat, action)
            else:
                assert action in r.legal_plays()
                r.play(seat, action)
        assert player.stats.decisions == len(out) and player.stats.repaired == 0
        return out

    assert run(4) == run(4)


def test_a_plain_history_matches_the_mirrors() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    r = _random_round(6, 13)
    mirror = os_.Mirror(r, pyspiel.load_game("spades"))
    mirror.sync(r)
    assert list(mirror.state.history()) == _history_of(r)
    assert all(isinstance(e, (BidEvent, PlayEvent)) for e in r.history)
