"""Two-player Spades (``/work/shared/rules/001_*.txt``): the cut, the draw and
discard, a hand played through the engine and its scoring, and whole matches."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spades_teach import Deal, IllegalPlayError, Rules, Seat, SpadesError, score_round
from spades_teach.errors import ParseError, RulesError
from spades_teach.game.deals import shuffled_deck
from spades_teach.game.match import Match, MatchError
from spades_teach.game.round import Round
from spades_teach.game.twoplayer import (
    Draw,
    DrawError,
    always_keep,
    cut,
    deal_by_drawing,
    keep_high,
    opponent,
)

TWO = Rules(players=2)
PEEK = Rules(players=2, two_player_peek=True)


def random_draw(seed: int, rng: random.Random, *, first: str = "N", rules: Rules = TWO) -> Draw:
    d = Draw(seed, first=first, rules=rules)
    while not d.is_complete:
        d.choose(rng.random() < 0.5)
    return d


# -- the cut -----------------------------------------------------------------------------------


def test_cut_is_reproducible_and_the_higher_rank_goes_first() -> None:
    for seed in range(30):
        c = cut(seed)
        assert c == cut(seed)
        north, south = c.cards
        assert north.rank != south.rank
        assert c.first is (Seat.N if north.rank > south.rank else Seat.S)
        assert c.dealer is opponent(c.first)
        assert c.reason.endswith(f"{c.first.name} goes first")


def test_cut_takes_the_top_two_cards_of_the_cut_shuffle() -> None:
    """Documented procedure: North shows the top card of the pack shuffled with
    purpose ``b"cut"``, South the next one."""
    deck = shuffled_deck(17, purpose=b"cut")
    assert cut(17).attempts[0] == (deck[0], deck[1])
    assert cut(17).attempts[0] != tuple(shuffled_deck(17)[:2]), "the cut is not the deal's shuffle"


def test_tied_ranks_cut_again() -> None:
    tied = next(cut(seed) for seed in range(500) if len(cut(seed).attempts) > 1)
    for north, south in tied.attempts[:-1]:
        assert north.rank == south.rank
    north, south = tied.cards
    assert north.rank != south.rank
    assert "after 1 tie of rank" in tied.reason or "ties of rank" in tied.reason
    deck = shuffled_deck(tied.seed, purpose=b"cut")
    assert [c for pair in tied.attempts for c in pair] == deck[: 2 * len(tied.attempts)]


def test_cut_winners_are_spread_between_the_players() -> None:
    firsts = Counter(cut(seed).first for seed in range(200))
    assert set(firsts) == {Seat.N, Seat.S}
    assert 60 < firsts[Seat.N] < 140


# -- the draw ----------------------------------------------------------------------------------


def test_a_full_draw_gives_13_cards_each_and_26_discards() -> None:
    d = random_draw(42, random.Random(1))
    assert d.is_complete and d.to_act is None and d.top is None
    hands = d.hands
    assert len(hands["N"]) == 13 and len(hands["S"]) == 13
    assert len(d.discard_pile) == 26 and len(d.history) == 26
    every = list(hands["N"]) + list(hands["S"]) + list(d.discard_pile)
    assert len(every) == 52 and len(set(every)) == 52
    assert Counter(t.player for t in d.history) == {Seat.N: 13, Seat.S: 13}


def test_the_stock_is_the_draw_shuffle_of_the_seed() -> None:
    d = Draw(5)
    assert list(d.stock_left) == shuffled_deck(5, purpose=b"draw")
    assert Draw(5).top == d.top and Draw("five").stock_left != d.stock_left


def test_players_alternate_from_the_first() -> None:
    d = Draw(3, first="S")
    order = []
    while not d.is_complete:
        order.append(d.to_act)
        d.keep()
    assert order == [Seat.S, Seat.N] * 13


def test_keep_takes_the_top_card_and_throws_the_next_away_unseen() -> None:
    d = Draw(8)
    top, second = d.stock_left[0], d.stock_left[1]
    assert d.top == top
    turn = d.keep("N")
    assert (turn.choice, turn.seen, turn.kept, turn.discarded) == ("keep", top, top, second)
    assert d.hands["N"] == {top}
    assert d.discards["N"] == (), "the thrown-away card was not seen"
    assert d.discard_pile == (second,)
    assert second not in d.known_to("N") and top in d.known_to("N")
    assert d.top == d.stock_left[0] and len(d.stock_left) == 50
    assert "unseen" in str(turn)


def test_discard_throws_the_top_card_away_and_keeps_the_next() -> None:
    d = Draw(8)
    top, second = d.stock_left[0], d.stock_left[1]
    turn = d.discard()
    assert (turn.choice, turn.seen, turn.kept, turn.discarded) == ("discard", top, second, top)
    assert d.hands["N"] == {second}
    assert d.discards["N"] == (top,)
    assert f"had to keep {second}" in str(turn)


def test_acting_out_of_turn_changes_nothing() -> None:
    d = Draw(9, first="N")
    with pytest.raises(DrawError, match="North's turn to draw, not South's"):
        d.keep("S")
    with pytest.raises(DrawError, match="not East"):
        d.discard("E")
    assert d.history == () and d.to_act is Seat.N and not d.can_act("S") and d.can_act("N")
    d.keep("N")
    with pytest.raises(DrawError, match="South's turn"):
        d.discard("N")
    assert len(d.history) == 1


def test_acting_after_the_draw_is_over_is_refused() -> None:
    d = Draw(10)
    d.finish()
    before = d.history
    for action in (d.keep, d.discard):
        with pytest.raises(DrawError, match="the draw is over"):
            action()
    with pytest.raises(DrawError, match="the draw is over"):
        d.peek()
    assert d.history == before


def test_peeking_needs_the_variant() -> None:
    d = Draw(11)
    assert d.second is None
    with pytest.raises(DrawError, match="two_player_peek=True"):
        d.peek()
    p = Draw(11, rules=PEEK)
    second = p.stock_left[1]
    assert p.peek() == second == p.second
    turn = p.keep()
    assert turn.discarded == second and turn.discarded_seen
    assert p.discards["N"] == (second,), "with the variant the player knows the card thrown away"


def test_undo_takes_back_the_last_turn() -> None:
    d = Draw(12)
    d.keep()
    top = d.top
    turn = d.discard()
    assert d.undo() == turn and d.top == top and d.to_act is Seat.S
    d.undo()
    with pytest.raises(DrawError, match="nothing to undo"):
        d.undo()


def test_draw_needs_two_player_rules_and_players() -> None:
    with pytest.raises(RulesError, match="players=2"):
        Draw(1, rules=Rules())
    with pytest.raises(ParseError, match="played by N and S"):
        Draw(1, first="W")


def test_deal_needs_a_finished_draw() -> None:
    d = Draw(13)
    d.keep()
    with pytest.raises(DrawError, match="25 of 26 turns are left"):
        d.deal()


def test_deal_names_the_other_player_as_dealer_so_the_first_player_bids_and_leads() -> None:
    for first in (Seat.N, Seat.S):
        d = random_draw(14, random.Random(2), first=first.name)
        dealt = d.deal()
        assert isinstance(dealt, Deal) and dealt.players == 2
        assert dealt.dealer is opponent(first)
        assert dealt["N"] == d.hands["N"] and dealt["S"] == d.hands["S"]
        assert set(dealt.unused) == set(d.discard_pile)
        r = Round(dealt, rules=TWO)
        assert r.to_act is first
        r.bid(first, 4)
        r.bid(opponent(first), 4)
        assert r.to_act is first, "the first player leads the first trick"


def test_policies() -> None:
    kept_all = Draw(15)
    kept_all.finish(always_keep)
    assert all(t.choice == "keep" for t in kept_all.history)
    sensible = Draw(15)
    sensible.finish(keep_high)
    for t in sensible.history:
        good = t.seen.is_spade or t.seen.rank >= 10
        assert (t.choice == "keep") == good
    peeker = Draw(15, rules=PEEK)
    peeker.finish(keep_high)
    for t in peeker.history:
        if t.choice == "discard":
            assert not (t.seen.is_spade or t.seen.rank >= 10)
            assert t.kept.is_spade or t.kept.rank >= 10
    assert deal_by_drawing(15) == sensible.deal()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.lists(st.booleans(), min_size=26, max_size=26))
def test_any_draw_uses_every_card_once(seed: int, choices: list[bool]) -> None:
    d = Draw(seed)
    for keep in choices:
        d.choose(keep)
    dealt = d.deal()
    assert len(dealt["N"]) == 13 and len(dealt["S"]) == 13
    assert (dealt["N"] | dealt["S"] | dealt.unused) == set(shuffled_deck(seed, purpose=b"draw"))
    assert len(dealt.unused) == 26


# -- a hand through the engine ---------------------------------------------------------------


def simple_bags(bid: int, took: int) -> int:
    """Bags taken in one hand: tricks over the bid (a Nil bidder's tricks are all bags)."""
    return took - bid if took >= bid else 0


def simple_score(bid: int, took: int) -> int:
    """Two-player scoring written from the text, with no bags carried in: 10 a
    trick bid and 1 a trick over, or −10 a trick bid; Nil ±100; 10 bags −100."""
    if bid == 0:
        points = 100 if took == 0 else -100
    else:
        points = 10 * bid if took >= bid else -10 * bid
    bags = simple_bags(bid, took)
    return points + bags - (100 if bags >= 10 else 0)


@pytest.mark.parametrize("seed", range(6))
def test_a_two_player_hand_played_at_random_scores_like_the_text(seed: int) -> None:
    rng = random.Random(seed)
    c = cut(seed)
    d = random_draw(seed, rng, first=c.first.name)
    r = Round(d.deal(), rules=TWO)
    first, second = c.first, opponent(c.first)
    bids = {first: rng.randint(0, 7), second: rng.randint(0, 7)}
    r.bid(first, bids[first])
    r.bid(second, bids[second])
    assert r.to_act is first
    lead_hand = r.hand(first)
    non_spades = [card for card in lead_hand if not card.is_spade]
    assert non_spades, "a 13-card hand of spades only is not expected in these seeds"
    for spade in (card for card in lead_hand if card.is_spade):
        assert not r.can_play(first, spade)
        with pytest.raises(IllegalPlayError, match="spades are not broken"):
            r.play(first, spade)
    while not r.is_complete:
        seat = r.to_act
        assert seat is not None
        r.play(seat, rng.choice(list(r.legal_plays())))
    assert len(r.tricks) == 13 and all(len(t.cards) == 2 for t in r.tricks)
    won = r.tricks_won
    assert won[first] + won[second] == 13
    for earlier, later in zip(r.tricks, r.tricks[1:]):
        assert later.leader is earlier.winner
    score = r.score()
    for seat in (first, second):
        assert score.points[seat] == simple_score(bids[seat], won[seat])
        assert score.bags[seat] == simple_bags(bids[seat], won[seat]) % 10


def test_no_spade_lead_until_broken_then_allowed() -> None:
    """Find a hand where spades get broken by a trump on another suit, and check
    that leading a spade is refused before it and allowed after it."""
    rng = random.Random(77)
    for seed in range(50):
        r = Round(deal_by_drawing(seed), rules=TWO)
        r.bid(r.to_act, 3)  # type: ignore[arg-type]
        r.bid(r.to_act, 3)  # type: ignore[arg-type]
        while not r.is_complete and not r.spades_broken:
            seat = r.to_act
            assert seat is not None
            hand = r.hand(seat)
            if not r.current_trick.cards and any(not c.is_spade for c in hand):
                assert all(not c.is_spade for c in r.legal_plays())
            r.play(seat, rng.choice(list(r.legal_plays())))
        if r.spades_broken and not r.is_complete:
            broke = r.tricks[-1] if not r.current_trick.cards else r.current_trick
            assert broke.cards[0].suit is not broke.cards[-1].suit and broke.cards[-1].is_spade
            if not r.current_trick.cards:
                leader = r.to_act
                assert leader is not None
                spades = [c for c in r.hand(leader) if c.is_spade]
                if spades:
                    assert all(r.can_play(leader, s) for s in spades)
                    return
    pytest.fail("no seed broke spades with a spade left to lead")


# -- scoring examples of the two-player text -----------------------------------------------------


def test_bid_five_take_six_scores_51() -> None:
    s = score_round({"N": 5, "S": 7}, {"N": 6, "S": 7}, rules=TWO)
    assert s.points["N"] == 51 and s.bags["N"] == 1
    assert s.points["S"] == 70 and s.bags["S"] == 0


def test_missed_bid_loses_ten_a_trick() -> None:
    s = score_round({"N": 8, "S": 4}, {"N": 7, "S": 6}, rules=TWO)
    assert s.points["N"] == -80 and s.points["S"] == 42


def test_nil_is_worth_100_either_way() -> None:
    made = score_round({"N": "nil", "S": 6}, {"N": 0, "S": 13}, rules=TWO)
    assert made.points["N"] == 100 and made.nil_made == {Seat.N: True}
    missed = score_round({"N": "nil", "S": 6}, {"N": 3, "S": 10}, rules=TWO)
    assert missed.sides[Seat.N].nil_points == -100 and missed.nil_made == {Seat.N: False}
    # Our reading: as in the partnership texts, a Nil bidder's tricks are bags.
    assert missed.points["N"] == -100 + 3 and missed.bags["N"] == 3


def test_ten_bags_cost_a_player_100() -> None:
    m = Match(TWO)
    m.add_result({"N": 3, "S": 5}, {"N": 8, "S": 5})  # N: 30 + 5 bags
    row = m.add_result({"N": 2, "S": 6}, {"N": 7, "S": 6})  # N: 20 + 5 bags, the tenth bag
    assert row.points["N"] == 20 + 5 - 100 and row.penalties["N"] == 1 and row.bags["N"] == 0
    assert row.points["S"] == 60 and row.bags["S"] == 0 and row.penalties["S"] == 0
    assert m.scores == {Seat.N: 35 - 75, Seat.S: 110}


def test_two_player_match_ends_when_a_player_reaches_the_target() -> None:
    m = Match(Rules(players=2, target=150))
    m.add_result({"N": 7, "S": 5}, {"N": 8, "S": 5})  # 71 / 50
    m.add_result({"N": 6, "S": 6}, {"N": 7, "S": 6})  # 132 / 110
    assert not m.is_over
    m.add_result({"N": 2, "S": 4}, {"N": 9, "S": 4})  # 159 / 150: both reach 150
    assert m.winner is Seat.N and m.result_reason == "both passed 150; N is higher, 159 to 150"
    assert [row.dealer for row in m.sheet] == [Seat.N, Seat.S, Seat.N]


def test_two_player_paper_hand_must_name_n_and_s() -> None:
    m = Match(TWO)
    with pytest.raises(MatchError, match="does not play in two-player"):
        m.add_result({"N": 3, "E": 3}, {"N": 6, "E": 7})
    with pytest.raises(MatchError, match="missing for S"):
        m.add_result({"N": 3}, {"N": 6})
    assert m.hands_played == 0


# -- whole two-player matches -----------------------------------------------------------------


def test_two_player_match_end_to_end_with_draws_played_by_hand() -> None:
    c = cut(2026)
    m = Match(Rules(players=2, target=200), dealer=c.dealer)
    rng = random.Random(2026)
    while not m.is_over:
        draw = m.new_draw(seed=rng.randrange(10**9))
        assert draw.first is opponent(m.dealer)
        while not draw.is_complete:
            draw.choose(keep_high(draw) if rng.random() < 0.8 else rng.random() < 0.5)
        r = m.start_round(draw)
        assert r.to_act is draw.first and r.dealer is m.dealer
        for _ in range(2):
            r.bid(r.to_act, rng.randint(4, 6))  # type: ignore[arg-type]
        while not r.is_complete:
            r.play(r.to_act, rng.choice(list(r.legal_plays())))  # type: ignore[arg-type]
        m.finish_round(r)
        assert m.hands_played < 200
    assert m.winner in (Seat.N, Seat.S)
    assert m.sheet[0].dealer is c.dealer
    assert all(row.dealer is not nxt.dealer for row, nxt in zip(m.sheet, m.sheet[1:]))
    for side in m.sides:
        assert m.scores[side] == sum(row.points[side] for row in m.sheet)
    text = m.sheet_text()
    assert " N " in text.splitlines()[1] and " E " not in text.splitlines()[1]


def test_start_round_refuses_a_draw_begun_by_the_wrong_player() -> None:
    m = Match(TWO, dealer="N")  # S draws first
    wrong = Draw(1, first="N", rules=TWO)
    wrong.finish()
    with pytest.raises(MatchError, match="started by North, but South draws first"):
        m.start_round(wrong)
    unfinished = m.new_draw(1)
    with pytest.raises(DrawError, match="not finished"):
        m.start_round(unfinished)
    assert m.current_round is None


def test_start_round_from_a_seed_draws_for_both_players() -> None:
    m = Match(TWO, dealer="S")
    r = m.start_round(seed=3)
    assert r.deal == deal_by_drawing(3, first="N") and r.to_act is Seat.N
    with pytest.raises(MatchError, match="two-player"):
        Match().new_draw()


def test_draw_in_a_four_player_match_is_refused() -> None:
    d = Draw(1)
    d.finish()
    with pytest.raises(MatchError, match="four players"):
        Match().start_round(d)


def test_errors_are_spades_errors() -> None:
    assert issubclass(DrawError, SpadesError) and issubclass(MatchError, SpadesError)
