"""Bot tournaments by duplicate play: `spades_teach.analysis.tournament`."""

from __future__ import annotations

import math
import statistics
from concurrent.futures import ProcessPoolExecutor

import pytest

from spades_teach import Round, Rules, Seat, Team, deal
from spades_teach.advice.bots import play_round
from spades_teach.advice.levels import make_bot
from spades_teach.analysis import DuplicateDeal, SerialExecutor, TournamentResult, tournament
from spades_teach.errors import SpadesError
from spades_teach.game.scoring import charged


@pytest.fixture(scope="module")
def medium_easy() -> TournamentResult:
    return tournament("medium", "easy", deals=5, seed=3, executor=SerialExecutor())


def _lead(seed: int, ns: str, ew: str, rules: Rules) -> tuple[float, float]:
    """North–South's points minus East–West's at one table, bags charged and raw,
    played with the library's own bot driver."""
    cards = deal(seed, dealer=Seat(seed % 4))
    bots = {s: make_bot(ns if s.team is Team.NS else ew, seed * 4 + s) for s in Seat}
    score = play_round(Round(cards, dealer=cards.dealer, rules=rules), bots).score()
    raw = score.points["NS"] - score.points["EW"]
    bags = score.bags_added["NS"] - score.bags_added["EW"]
    return charged(raw, bags, rules), raw


def test_a_process_pool_and_the_default_give_the_serial_result(medium_easy: TournamentResult) -> None:
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = tournament("medium", "easy", deals=5, seed=3, executor=pool)
    assert pooled == medium_easy
    assert tournament("medium", "easy", deals=5, seed=3) == medium_easy


def test_each_deal_is_the_average_of_the_two_tables_with_the_partnerships_swapped(
    medium_easy: TournamentResult,
) -> None:
    rules = Rules()
    assert [d.seed for d in medium_easy.deals] == [3, 4, 5, 6, 7]
    for result in medium_easy.deals[:2]:
        charged_1, raw_1 = _lead(result.seed, "medium", "easy", rules)
        charged_2, raw_2 = _lead(result.seed, "easy", "medium", rules)
        assert result.points == pytest.approx((charged_1 - charged_2) / 2)
        assert result.raw_points == pytest.approx((raw_1 - raw_2) / 2)


def test_the_bag_charge_follows_the_rules() -> None:
    rules = Rules(bag_penalty=50, bag_limit=5)
    result = tournament("medium", "easy", deals=1, seed=8, rules=rules, executor=SerialExecutor())
    charged_1, raw_1 = _lead(8, "medium", "easy", rules)
    charged_2, raw_2 = _lead(8, "easy", "medium", rules)
    assert result.deals == (DuplicateDeal(8, (charged_1 - charged_2) / 2, (raw_1 - raw_2) / 2),)
    assert result.rules == rules


def test_mean_and_interval_come_from_the_deals(medium_easy: TournamentResult) -> None:
    points = [d.points for d in medium_easy.deals]
    raw = [d.raw_points for d in medium_easy.deals]
    assert medium_easy.mean == pytest.approx(statistics.fmean(points))
    assert medium_easy.raw_mean == pytest.approx(statistics.fmean(raw))
    low, high = medium_easy.interval
    half = 1.96 * statistics.stdev(points) / math.sqrt(len(points))
    assert (low, high) == pytest.approx((medium_easy.mean - half, medium_easy.mean + half), abs=0.01)
    assert medium_easy.excludes_zero == (low > 0 or high < 0)
    assert medium_easy.summary.startswith(f"medium vs easy: {medium_easy.mean:+.1f} points per deal, 95% interval")
    assert "5 deals played twice, seeds 3..7" in str(medium_easy)


def test_a_bot_against_itself_is_level_on_every_deal() -> None:
    # Same level, same seeds at both tables: the two tables are the same game seen from either side.
    result = tournament("easy", "easy", deals=3, seed=1, executor=SerialExecutor())
    assert all(d.points == 0 and d.raw_points == 0 for d in result.deals)


def test_a_longer_tournament_with_the_same_seed_extends_a_shorter_one(medium_easy: TournamentResult) -> None:
    shorter = tournament("medium", "easy", deals=2, seed=3, executor=SerialExecutor())
    assert shorter.deals == medium_easy.deals[:2]


def test_one_deal_has_no_interval_and_progress_counts_deals() -> None:
    seen: list[tuple[int, int]] = []
    result = tournament(" Easy", "MEDIUM", deals=1, seed=2, progress=lambda d, t: seen.append((d, t)))
    assert (result.bot_a, result.bot_b) == ("easy", "medium")
    assert seen == [(1, 1)]
    assert result.interval == (-math.inf, math.inf) and not result.excludes_zero
    assert "interval" not in result.summary and "1 deal played twice" in result.summary


def test_card_times_are_kept_per_level_but_not_compared(medium_easy: TournamentResult) -> None:
    # Each level holds two seats at each of the two tables: 26 cards per table, 52 per deal.
    for level in ("medium", "easy"):
        seconds = medium_easy.card_seconds[level]
        assert len(seconds) == 52 * len(medium_easy.deals)
        assert all(s >= 0 for s in seconds)
    again = tournament("medium", "easy", deals=5, seed=3, executor=SerialExecutor())
    assert again.card_seconds != medium_easy.card_seconds and again == medium_easy


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bot_a": "master"}, "bot_a: unknown bot level 'master': use easy, medium, hard or expert"),
        ({"bot_b": 3}, "bot_b: unknown bot level 3"),
        ({"deals": 0}, "deals must be a whole number of 1 or more, got 0"),
        ({"deals": True}, "got True"),
        ({"deals": 2.5}, "got 2.5"),
        ({"seed": "x"}, "seed must be a whole number"),
        ({"rules": Rules(players=2)}, "four-player game only"),
        ({"rules": "standard"}, "rules must be a Rules value"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"bot_a": "easy", "bot_b": "easy", "deals": 2}
    args.update(kwargs)
    with pytest.raises(SpadesError, match=message):
        tournament(**args)  # type: ignore[arg-type]
