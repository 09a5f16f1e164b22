"""Every error class lives in errors.py (and stays importable where it was), and
the advisors keep a ParseError a ParseError."""

from __future__ import annotations

import pytest

import spades_teach
from spades_teach import errors
from spades_teach.advice.bidding import advise_bid
from spades_teach.errors import ParseError, RulesError


def test_error_classes_are_defined_in_errors_and_reexported() -> None:
    from spades_teach.app import AppError
    from spades_teach.cli import UsageError
    from spades_teach.game.match import MatchError, MatchOverError
    from spades_teach.game.twoplayer import DrawError

    for cls in (AppError, UsageError, MatchError, MatchOverError, DrawError):
        assert cls.__module__ == "spades_teach.errors"
        assert getattr(errors, cls.__name__) is cls
        assert issubclass(cls, errors.SpadesError)
    assert spades_teach.MatchError is errors.MatchError and spades_teach.DrawError is errors.DrawError


def test_advisors_keep_parse_errors() -> None:
    with pytest.raises(ParseError, match="bids"):
        advise_bid("AKQ3.K52.7.A9842", bids={"N": "lots"})
    with pytest.raises(ParseError):
        advise_bid("AKQ3.K52.7.A9842", seat="Q")


def test_a_rules_mismatch_is_a_rules_error() -> None:
    with pytest.raises(RulesError, match="rules must be a Rules value"):
        spades_teach.Round(spades_teach.deal(1), rules="standard")  # type: ignore[arg-type]
