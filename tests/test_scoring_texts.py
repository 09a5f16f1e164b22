"""Every scoring table row and worked example of the rule texts, with their exact numbers.

Sources: the French rules (000), the French scoring guide (004), the Spanish rules
(002) and the two-player text (001) in ``/work/shared/rules/``.
"""

from __future__ import annotations

import pytest

from spades_teach import Bid, Rules, Seat, SpadesError, Team, score_round

# -- helpers ------------------------------------------------------------------------------


def ns_contract(contract: int, taken: int, *, bags: int = 0, rules: Rules = Rules()) -> tuple[int, int]:
    """Score North–South bidding ``contract`` as one bid (N bids all of it, S bids 1 less...).

    The contract is split between the partners (the team is scored as a whole),
    and East–West take the remaining tricks on a bid that they make exactly.
    Returns (NS points, NS bags after).
    """
    n_bid = (contract + 1) // 2
    s_bid = contract - n_bid
    n_took = (taken + 1) // 2
    s_took = taken - n_took
    ew_tricks = 13 - taken
    e_bid = max(1, ew_tricks // 2) if ew_tricks else 1
    w_bid = max(1, ew_tricks - e_bid) if ew_tricks else 1
    e_took = ew_tricks // 2
    w_took = ew_tricks - e_took
    result = score_round(
        {"N": n_bid, "S": s_bid, "E": e_bid, "W": w_bid},
        {"N": n_took, "S": s_took, "E": e_took, "W": w_took},
        bags={"NS": bags},
        rules=rules,
    )
    return result.points["NS"], result.bags["NS"]


# -- the contract table of the scoring guide (004) ------------------------------------------


@pytest.mark.parametrize(
    ("contract", "taken", "points", "bags_added"),
    [
        (7, 7, 70, 0),
        (7, 9, 72, 2),
        (4, 8, 44, 4),
        (10, 10, 100, 0),
    ],
)
def test_contract_table_rows(contract: int, taken: int, points: int, bags_added: int) -> None:
    assert ns_contract(contract, taken) == (points, bags_added)


def test_contract_table_bags_added_are_reported() -> None:
    result = score_round({"N": 4, "S": 3, "E": 3, "W": 2}, {"N": 5, "S": 4, "E": 2, "W": 2})
    assert result.bags_added["NS"] == 2
    assert result.sides[Team.NS].contract == 7
    assert result.sides[Team.NS].made is True


def test_contract_split_between_partners_does_not_matter() -> None:
    # "Peu importe lequel des deux les fait": the same 7 tricks in any split score 70.
    for n_took in range(8):
        result = score_round({"N": 4, "S": 3, "E": 3, "W": 3}, {"N": n_took, "S": 7 - n_took, "E": 3, "W": 3})
        assert result.points["NS"] == 70


# -- the four-hand bag table (004), scored hand by hand with the carried counter -------------


def test_four_hand_bag_table() -> None:
    table = [
        # contract, taken, points this hand, bags after, running total
        (6, 9, 63, 3, 63),
        (5, 8, 53, 6, 116),
        (7, 9, 72, 8, 188),
        (4, 7, 43 - 100, 1, 131),
    ]
    carried = 0
    total = 0
    for contract, taken, points, bags_after, running in table:
        got_points, got_bags = ns_contract(contract, taken, bags=carried)
        assert got_points == points
        assert got_bags == bags_after
        total += got_points
        assert total == running
        carried = got_bags


def test_fourth_hand_of_bag_table_takes_one_penalty_and_explains_it() -> None:
    result = score_round({"N": 2, "S": 2, "E": 3, "W": 3}, {"N": 4, "S": 3, "E": 3, "W": 3}, bags={"NS": 8})
    ns = result.sides[Team.NS]
    assert ns.contract_points == 40
    assert ns.bag_points == 3
    assert ns.penalties == 1
    assert ns.penalty_points == 100
    assert (ns.bags_before, ns.bags_after) == (8, 1)
    assert result.points["NS"] == -57
    assert any("11 bags" in line and "−100" in line for line in result.lines)


def test_ten_bags_cost_100_and_the_excess_is_carried() -> None:
    # 8 carried + 4 new = 12: one penalty of 100, 2 bags stay on the counter.
    result = score_round({"N": 3, "S": 2, "E": 2, "W": 2}, {"N": 5, "S": 4, "E": 2, "W": 2}, bags={"NS": 8})
    assert result.points["NS"] == 50 + 4 - 100
    assert result.bags["NS"] == 2
    assert result.penalties["NS"] == 1


def test_exactly_ten_bags_empties_the_counter() -> None:
    result = score_round({"N": 3, "S": 2, "E": 2, "W": 2}, {"N": 5, "S": 4, "E": 2, "W": 2}, bags={"NS": 6})
    assert result.points["NS"] == 54 - 100
    assert result.bags["NS"] == 0


def test_bag_limit_and_penalty_are_options() -> None:
    rules = Rules(bag_limit=5, bag_penalty=50)
    result = score_round(
        {"N": 3, "S": 2, "E": 2, "W": 2}, {"N": 5, "S": 4, "E": 2, "W": 2}, bags={"NS": 2}, rules=rules
    )
    assert result.points["NS"] == 54 - 50
    assert result.bags["NS"] == 1


# -- set (failed contract) -----------------------------------------------------------------


def test_bid_8_take_7_scores_minus_80() -> None:
    assert ns_contract(8, 7) == (-80, 0)


def test_contract_6_take_5_scores_minus_60() -> None:
    assert ns_contract(6, 5) == (-60, 0)


def test_a_set_adds_no_bags_even_with_bags_carried() -> None:
    result = score_round({"N": 4, "S": 4, "E": 1, "W": 1}, {"N": 4, "S": 3, "E": 3, "W": 3}, bags={"NS": 9})
    assert result.points["NS"] == -80
    assert result.bags["NS"] == 9
    assert result.sides[Team.NS].made is False


def test_set_by_one_costs_as_much_as_set_by_five() -> None:
    assert ns_contract(8, 7)[0] == ns_contract(8, 3)[0] == -80


# -- the 72-point example of the rules (000) ----------------------------------------------


def test_you_4_partner_3_take_9_scores_72() -> None:
    result = score_round({"S": 4, "N": 3, "E": 2, "W": 2}, {"S": 5, "N": 4, "E": 2, "W": 2})
    assert result.points["NS"] == 72
    assert result.bags["NS"] == 2
    assert "NS bid 7 and took 9: 70 + 2 bags = 72" in result.lines


def test_you_4_partner_3_take_6_loses_70() -> None:
    result = score_round({"S": 4, "N": 3, "E": 3, "W": 3}, {"S": 4, "N": 2, "E": 4, "W": 3})
    assert result.points["NS"] == -70
    assert result.bags["NS"] == 0


# -- Nil rows of the scoring guide (004) ----------------------------------------------------


@pytest.mark.parametrize(
    ("you_took", "partner_took", "nil_points", "contract_points", "bags_added", "total"),
    [
        (0, 6, 100, 51, 1, 151),
        (1, 5, -100, 50, 1, -49),
        (0, 4, 100, -50, 0, 50),
    ],
)
def test_nil_rows(
    you_took: int, partner_took: int, nil_points: int, contract_points: int, bags_added: int, total: int
) -> None:
    others = 13 - you_took - partner_took
    result = score_round(
        {"S": "nil", "N": 5, "E": 3, "W": 3},
        {"S": you_took, "N": partner_took, "E": others // 2, "W": others - others // 2},
    )
    ns = result.sides[Team.NS]
    assert ns.nil_points == nil_points
    assert ns.contract_points + ns.bag_points - (you_took if you_took else 0) == contract_points
    assert ns.bags_added == bags_added
    assert result.points["NS"] == total
    assert result.nil_made["S"] == (you_took == 0)


def test_nil_tricks_do_not_help_the_partner_contract() -> None:
    # Partner bid 5 and took 4; the Nil bidder's 2 tricks do not rescue the contract.
    result = score_round({"S": 0, "N": 5, "E": 3, "W": 3}, {"S": 2, "N": 4, "E": 4, "W": 3})
    ns = result.sides[Team.NS]
    assert ns.made is False
    assert ns.contract_points == -50
    assert ns.bags_added == 2
    assert result.points["NS"] == -100 - 50 + 2


def test_blind_nil_made_and_set_are_worth_200() -> None:
    rules = Rules(blind_nil=True)
    made = score_round({"S": "blind nil", "N": 4, "E": 4, "W": 4}, {"S": 0, "N": 4, "E": 5, "W": 4}, rules=rules)
    assert made.sides[Team.NS].nil_points == 200
    assert made.points["NS"] == 200 + 40
    set_ = score_round({"S": "blind nil", "N": 4, "E": 4, "W": 4}, {"S": 1, "N": 4, "E": 4, "W": 4}, rules=rules)
    assert set_.sides[Team.NS].nil_points == -200
    assert set_.points["NS"] == -200 + 40 + 1


def test_blind_nil_is_refused_when_the_rules_do_not_allow_it() -> None:
    with pytest.raises(SpadesError, match="blind Nil"):
        score_round({"S": "blind nil", "N": 4, "E": 4, "W": 4}, {"S": 0, "N": 4, "E": 5, "W": 4})


def test_nil_is_refused_by_the_scorer_when_nil_is_off() -> None:
    with pytest.raises(SpadesError, match="Nil is not allowed"):
        score_round({"S": 0, "N": 4, "E": 4, "W": 4}, {"S": 0, "N": 4, "E": 5, "W": 4}, rules=Rules(nil=False))


def test_two_nils_in_one_team_each_score_alone_and_tricks_are_bags() -> None:
    result = score_round({"N": "nil", "S": "nil", "E": 6, "W": 5}, {"N": 0, "S": 2, "E": 6, "W": 5})
    ns = result.sides[Team.NS]
    assert result.nil_made == {Seat.N: True, Seat.S: False}
    assert ns.nil_points == 100 - 100
    assert ns.made is None
    assert ns.contract_points == 0
    assert ns.bags_added == 2
    assert result.points["NS"] == 2
    assert result.points["EW"] == 110


def test_two_nils_both_made() -> None:
    result = score_round({"N": 0, "S": 0, "E": 6, "W": 5}, {"N": 0, "S": 0, "E": 7, "W": 6})
    assert result.points["NS"] == 200
    assert result.points["EW"] == 112
    assert result.bags["EW"] == 2


def test_nil_value_option() -> None:
    result = score_round({"S": 0, "N": 5, "E": 3, "W": 3}, {"S": 0, "N": 6, "E": 4, "W": 3}, rules=Rules(nil_value=50))
    assert result.points["NS"] == 50 + 51


# -- the Spanish worked example, scoring only (the play is in test_engine.py) ---------------


def test_spanish_example_scores_71_with_one_bag_and_50() -> None:
    # Players 1 and 4 bid 4 + 3 and take 8; players 2 and 3 bid 2 + 3 and take 5.
    # With player 2 dealing at N: player 4 = E, player 3 = S, player 1 = W.
    result = score_round({"E": 3, "S": 3, "W": 4, "N": 2}, {"E": 3, "W": 5, "N": 2, "S": 3})
    assert result.points["EW"] == 71
    assert result.bags["EW"] == 1
    assert result.points["NS"] == 50
    assert result.bags["NS"] == 0


# -- two players (001) ------------------------------------------------------------------------


def test_two_player_bid_5_take_6_scores_51() -> None:
    rules = Rules(players=2)
    result = score_round({"N": 5, "S": 6}, {"N": 6, "S": 7}, rules=rules)
    assert result.points["N"] == 51
    assert result.bags["N"] == 1
    assert result.points["S"] == 61
    assert "N bid 5 and took 6: 50 + 1 bag = 51" in result.lines


def test_two_player_set_and_nil() -> None:
    rules = Rules(players=2)
    result = score_round({"N": 0, "S": 10}, {"N": 1, "S": 12}, rules=rules)
    assert result.points["N"] == -100 + 1
    assert result.points["S"] == 102
    set_ = score_round({"N": 7, "S": 7}, {"N": 6, "S": 7}, rules=rules)
    assert set_.points["N"] == -70


def test_two_player_sandbagging_penalty() -> None:
    # "Tout joueur qui atteint 10 points gagnés ... perd 100 points": the bag rule per player.
    rules = Rules(players=2)
    result = score_round({"N": 3, "S": 5}, {"N": 7, "S": 6}, bags={"N": 7}, rules=rules)
    assert result.points["N"] == 30 + 4 - 100
    assert result.bags["N"] == 1


def test_two_player_scores_refuse_teams() -> None:
    with pytest.raises(SpadesError, match="two-player"):
        score_round({"N": 5, "S": 6}, {"N": 6, "S": 7}, bags={Team.NS: 1}, rules=Rules(players=2))


# -- the renege penalty reading (rules.py: tricks move from the offending side's contract) ---


def test_renege_gives_three_tricks_to_the_opponents() -> None:
    rules = Rules(renege="penalty")
    # NS bid 6 took 7; EW bid 6 took 6. One NS renege: NS keep 4 (set), EW count 9 (3 bags).
    result = score_round(
        {"N": 3, "S": 3, "E": 3, "W": 3}, {"N": 4, "S": 3, "E": 3, "W": 3}, rules=rules, reneges={"NS": 1}
    )
    assert result.points["NS"] == -60
    assert result.points["EW"] == 63
    assert result.bags["EW"] == 3
    assert any("reneged" in line for line in result.lines)


def test_renege_never_takes_more_tricks_than_the_side_has() -> None:
    rules = Rules(renege="penalty")
    result = score_round(
        {"N": 1, "S": 1, "E": 5, "W": 5}, {"N": 1, "S": 1, "E": 6, "W": 5}, rules=rules, reneges={"NS": 1}
    )
    assert result.sides[Team.NS].tricks == 0
    assert result.sides[Team.EW].tricks == 13
    assert result.points["EW"] == 103


def test_renege_moves_do_not_depend_on_side_order() -> None:
    # Each side gives up to 3 of the tricks it took; EW took 2 contract tricks, NS 11.
    rules = Rules(renege="penalty")
    both = score_round(
        {"N": 5, "S": 5, "E": 1, "W": 1}, {"N": 6, "S": 5, "E": 1, "W": 1}, rules=rules, reneges={"NS": 1, "EW": 1}
    )
    # NS give 3, EW give their 2: NS 11 - 3 + 2 = 10, EW 2 - 2 + 3 = 3.
    assert both.sides[Team.NS].tricks == 10
    assert both.sides[Team.EW].tricks == 3


def test_reneges_are_refused_by_the_scorer_under_prevent() -> None:
    with pytest.raises(SpadesError, match="renege"):
        score_round({"N": 3, "S": 3, "E": 3, "W": 3}, {"N": 4, "S": 3, "E": 3, "W": 3}, reneges={"NS": 1})


# -- scorer input checks ---------------------------------------------------------------------


def test_tricks_must_add_up_to_13() -> None:
    with pytest.raises(SpadesError, match="add up to 12"):
        score_round({"N": 3, "S": 3, "E": 3, "W": 3}, {"N": 3, "S": 3, "E": 3, "W": 3})


def test_bids_and_tricks_must_name_the_same_seats() -> None:
    with pytest.raises(SpadesError, match="same seats"):
        score_round({"N": 3, "S": 3, "E": 3}, {"N": 3, "S": 3, "E": 3, "W": 4})


def test_bid_objects_strings_and_ints_score_alike() -> None:
    a = score_round({"N": Bid(0), "S": 5, "E": 4, "W": 4}, {"N": 0, "S": 6, "E": 3, "W": 4})
    b = score_round({"N": "nil", "S": "5", "E": 4, "W": 4}, {"N": 0, "S": 6, "E": 3, "W": 4})
    assert a.points == b.points == {Team.NS: 151, Team.EW: -80}


def test_two_bag_penalties_in_one_hand() -> None:
    # N bids 1 and takes all 13, S bids Nil and makes it: 9 carried + 12 new = 21 bags,
    # two penalties of 100 and 1 bag left on the counter.
    result = score_round({"N": 1, "S": 0, "E": 1, "W": 1}, {"N": 13, "S": 0, "E": 0, "W": 0}, bags={"NS": 9})
    ns = result.sides[Team.NS]
    assert ns.bags_added == 12
    assert ns.penalties == 2
    assert result.bags["NS"] == 1
    assert result.points["NS"] == 10 + 12 + 100 - 200
