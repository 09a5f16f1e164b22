"""What a beginner reads (issue 28): errors that name what the learner typed, shown by its box,
and plain words for the replay's position, the card led and the simulation's statistics.
Each message is checked in English and, through the catalogs, in French and Spanish."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from spades_teach import Deal, Hand, Round, SpadesError, advise_bid, deal
from spades_teach.game.cards import Card
from spades_teach.game.seating import Seat
from spades_teach.i18n import set_language

LANGUAGES = ("en", "fr", "es")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    set_language("en")


def _messages(action: Callable[[], object]) -> dict[str, str]:
    """The error message of ``action`` in English, French and Spanish."""
    seen = {}
    for lang in LANGUAGES:
        set_language(lang)
        with pytest.raises(SpadesError) as caught:
            action()
        seen[lang] = str(caught.value)
    set_language("en")
    return seen


# -- errors that point at what the learner typed ------------------------------------------------


def test_a_word_that_is_no_card_is_named_whole() -> None:
    seen = _messages(lambda: Hand.parse("asdf qwer"))
    assert seen["en"] == (
        "'asdf' is not a card: a card is a rank (2-9, T or 10, J, Q, K, A) and a suit"
        " (S, H, D, C or ♠ ♥ ♦ ♣), like AS or 10H"
    )
    for message in seen.values():
        assert "'asdf'" in message and "'F'" not in message and "'f'" not in message
    assert len(set(seen.values())) == 3  # translated


def test_a_bad_rank_in_a_suit_labelled_hand_names_the_character_and_its_group() -> None:
    seen = _messages(lambda: Hand.parse("♠AKQ3 ♥K52 ♦7 ♣A98X2"))
    assert seen["en"] == "'X' in '♣A98X2' is not a rank: ranks are 2-9, T or 10, J, Q, K, A"
    assert all("'♣A98X2'" in message for message in seen.values()) and len(set(seen.values())) == 3


def test_a_short_hand_echoes_the_learners_text_and_the_count() -> None:
    seen = _messages(lambda: advise_bid("AS KS"))
    assert seen["en"] == "'AS KS' holds 2 cards; a hand at the start has 13"
    assert all("'AS KS'" in m and "2" in m and "13" in m and "AK" not in m for m in seen.values())
    assert len(set(seen.values())) == 3
    one = _messages(lambda: advise_bid("AS"))
    assert one["en"] == "'AS' holds 1 card; a hand at the start has 13"


def test_hand_analysis_refuses_a_short_hand_the_same_way() -> None:
    from spades_teach.analysis.simulate import analyze_hand

    with pytest.raises(SpadesError) as caught:
        analyze_hand("AS KS", samples=1)
    assert str(caught.value) == "'AS KS' holds 2 cards; a hand at the start has 13"


def test_a_deal_code_typo_names_the_wrong_group() -> None:
    code = deal(1).code  # 260FX-72VX7-GEGWW-QJG08
    typo = "Z" + code[1:]  # no deal's code starts with Z
    seen = _messages(lambda: Deal.from_code(typo))
    assert "out of range" not in seen["en"]
    assert seen["en"] == (
        f"deal code {typo!r} has a typo in group 1 of 4, 'Z60FX': no deal has this code;"
        " compare it with the code you copied"
    )
    assert all("'Z60FX'" in m and repr(typo) in m for m in seen.values()) and len(set(seen.values())) == 3


def test_a_negative_number_is_not_called_a_deal_code() -> None:
    from spades_teach.widgets.deal import DealView

    seen = {}
    for lang in LANGUAGES:
        set_language(lang)
        view = DealView(3)
        assert view.deal is not None
        view.seed_box.value = "-3"
        seen[lang] = view.error
        assert view.deal is None and view.code_html.value == ""  # nothing left from the old seed
        assert "-3" in view.input_error_html.value and view.error_line.value == ""  # by the box, once
        assert view.status == ""
    assert seen["en"] == (
        "'-3' is not a seed: a seed is a whole number from 0 up, like 7, or words of letters and digits, like 'my game'"
    )
    assert all("letters and digits: a deal code" not in m for m in seen.values()) and len(set(seen.values())) == 3


def test_a_code_missing_a_character_still_says_so_in_plain_words() -> None:
    from spades_teach.widgets.deal import _not_a_deal

    assert _not_a_deal("ABCDE-FGHIJ-KLMNO-PQRS") == (
        "'ABCDE-FGHIJ-KLMNO-PQRS' looks like a deal code but has 19 letters and digits;"
        " a deal code has 20, in four groups of five (copy it whole)"
    )


def test_a_card_not_held_is_named_as_a_player_writes_it() -> None:
    r = Round(deal(7), dealer="N")
    for seat, bid in zip("ESWN", [3, 4, 2, 3]):
        r.bid(seat, bid)
    seat = r.to_act
    assert seat is not None
    missing = next(c for c in (Card.parse(f"{rank}D") for rank in "23456789TJQKA") if c not in r.hands[seat])
    seen = _messages(lambda: r.play(seat, str(missing).lower()))
    assert seen["en"] == f"{seat.word} does not hold {missing.pretty}"
    assert all(str(missing) not in m for m in seen.values())


def test_a_duplicate_card_is_named_with_its_symbol() -> None:
    seen = _messages(lambda: Hand.parse("AS KH QD KH"))
    assert seen["en"].startswith("duplicate card 'K♥' in hand 'AS KH QD KH'")


# -- words a beginner reads ------------------------------------------------------------------


def _played(cards: int) -> Round:
    r = Round(deal(7), dealer="N")
    for seat, bid in zip("ESWN", [3, 4, 2, 3]):
        r.bid(seat, bid)
    for _ in range(cards):
        r.play(r.to_act, sorted(r.legal_plays())[0])
    return r


def test_the_replay_says_trick_and_card_not_moment() -> None:
    from spades_teach.widgets.replay import ReplayView

    view = ReplayView(_played(52))
    seen = {}
    for lang in LANGUAGES:
        set_language(lang)
        view.go(4 + 18)  # four bids, then 18 cards: the second card of trick 5
        seen[lang] = view.position_html.value
        assert "moment" not in seen[lang] and "56" not in seen[lang]
    assert seen["en"].startswith("trick 5, card 2 of 4: ")
    assert seen["fr"].startswith("pli 5, carte 2 sur 4 : ")
    assert seen["es"].startswith("baza 5, carta 2 de 4: ")
    set_language("en")
    view.go(2)
    assert view.position_html.value.startswith("bidding, bid 2 of 4: ")
    view.go(0)
    assert view.position_html.value.startswith("the deal: ")
    assert view.slider.description != "moment"


def test_the_card_led_is_labelled_with_its_player() -> None:
    from spades_teach.widgets.table import trick_line_html

    plays = [(Seat.N, Card.parse("AH")), (Seat.E, Card.parse("2H"))]
    seen = {}
    for lang in LANGUAGES:
        set_language(lang)
        seen[lang] = trick_line_html(3, plays)
    assert "North led" in seen["en"] and "Nord a entamé" in seen["fr"] and "Norte salió" in seen["es"]


def test_the_card_table_caption_says_who_led() -> None:
    from spades_teach.widgets.table_state import trick_state

    r = _played(2)
    trick = r.current_trick
    leader = trick.plays[0][0]
    state = trick_state(trick)
    assert state is not None
    assert state["caption"] == f"trick 1: {leader.word} led"
    assert state["plays"][0]["label"] == f"{leader.word} led"


@pytest.fixture(scope="module")
def analysis() -> object:
    from spades_teach.analysis.simulate import analyze_hand

    return analyze_hand("AKQ3.K52.7.A9842", samples=12, seed=1, method="playout")


def test_the_simulation_says_it_in_plain_words_with_the_numbers_one_click_away(analysis: object) -> None:
    from spades_teach.analysis.simulate import signed_decimal

    summary, details = analysis.summary, analysis.details  # type: ignore[attr-defined]
    for jargon in ("interval", "playout", "95%"):
        assert jargon not in summary
    assert "95% interval" in details and "bot playouts" in details
    low, high = analysis.best_interval  # type: ignore[attr-defined]
    assert signed_decimal(low) in details and signed_decimal(high) in details  # the numbers unchanged


def test_the_advisor_shows_the_plain_summary_and_the_numbers_behind_a_click() -> None:
    from spades_teach.widgets.advisor import BidAdvisorView

    view = BidAdvisorView("AKQ3.K52.7.A9842")
    result = view.simulate(samples=8, seed=1)
    html = view.simulation_html.value
    assert "<details" in html and "95% interval" in html.split("<details", 1)[1]
    assert "interval" not in html.split("<details", 1)[0]
    assert view.status == result.summary


def test_the_nil_drill_explains_the_danger_count_plainly() -> None:
    from spades_teach.analysis.drills import nil_drill

    for lang in LANGUAGES:
        set_language(lang)
        lines = nil_drill(3, 2).lines
        assert not any("Risk score" in line or "Score de risque" in line for line in lines)
    set_language("en")
    text = " ".join(nil_drill(3, 2).lines)
    assert "Nil fits at 1 or less" in text and "dangers" in text


def test_the_advisor_names_the_learners_word_and_clears_the_old_advice() -> None:
    from spades_teach.widgets.advisor import BidAdvisorView

    view = BidAdvisorView("AKQ3.K52.7.A9842")
    assert view.bid != ""
    view.hand_box.value = "asdf qwer"
    assert view.error.startswith("'asdf' is not a card") and view.bid == ""
    assert "asdf" in view.input_error_html.value and view.error_line.value == ""
    view.hand_box.value = "AS KS"
    assert view.error == "'AS KS' holds 2 cards; a hand at the start has 13" and view.bid == ""
