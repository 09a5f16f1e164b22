"""Every rule variant as one frozen value, :class:`Rules`; the defaults are the standard partnership
game. The readings chosen where the rule texts leave room: ``docs/modules.md``."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from spades_teach.errors import RulesError
from spades_teach.i18n import _, format_number, ngettext

__all__ = ["Rules", "FIRST_LEADS", "RENEGE_MODES", "default_loss_limit"]

FIRST_LEADS = ("left_of_dealer", "two_of_clubs")
RENEGE_MODES = ("prevent", "penalty")


def default_loss_limit(players: int) -> int | None:
    """The loss limit when none is given: −200 for four players, none for two (the
    two-player text has no loss limit).

    >>> default_loss_limit(4), default_loss_limit(2)
    (-200, None)
    """
    return None if players == 2 else -200


class _DefaultLossLimit(int):
    """The marker a :class:`Rules` built without ``loss_limit`` carries until
    ``__post_init__`` puts the default of its number of players in its place."""


_DEFAULT_LOSS_LIMIT = _DefaultLossLimit(-200)


@dataclass(frozen=True)
class Rules:
    """The rule variants in force. All fields are keyword-friendly and validated.

    >>> Rules().target, Rules(target=250).target
    (500, 250)
    >>> Rules().loss_limit, Rules(players=2).loss_limit, Rules(players=2, loss_limit=-200).loss_limit
    (-200, None, -200)
    >>> Rules(target=-5)
    Traceback (most recent call last):
    ...
    spades_teach.errors.RulesError: target must be a positive number of points, got -5
    """

    target: int = 500
    loss_limit: int | None = _DEFAULT_LOSS_LIMIT  # -200, or None for two players: default_loss_limit
    nil: bool = True
    blind_nil: bool = False
    blind_nil_deficit: int = 100
    bag_limit: int = 10
    bag_penalty: int = 100
    first_lead: Literal["left_of_dealer", "two_of_clubs"] = "left_of_dealer"
    min_team_bid: int | None = None
    renege: Literal["prevent", "penalty"] = "prevent"
    renege_penalty: int = 3
    players: int = 4
    nil_value: int = 100
    blind_nil_value: int = 200
    spade_lead_breaks: bool = False
    two_player_peek: bool = False

    def __post_init__(self) -> None:
        def is_int(value: Any) -> bool:
            return isinstance(value, int) and not isinstance(value, bool)

        if self.loss_limit is _DEFAULT_LOSS_LIMIT:
            object.__setattr__(self, "loss_limit", default_loss_limit(self.players))

        if not is_int(self.target) or self.target <= 0:
            raise RulesError(
                _("target must be a positive number of points, got {value}").format(value=repr(self.target))
            )
        if self.loss_limit is not None and (not is_int(self.loss_limit) or self.loss_limit >= self.target):
            raise RulesError(
                _("loss_limit must be None or a whole number below the target, got {value}").format(
                    value=repr(self.loss_limit)
                )
            )
        for name in ("nil", "blind_nil", "spade_lead_breaks", "two_player_peek"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(
                    _("{option} must be True or False, got {value}").format(
                        option=name, value=repr(getattr(self, name))
                    )
                )
        if self.blind_nil and not self.nil:
            raise RulesError(_("blind_nil needs nil: a blind Nil is a Nil bid"))
        if not is_int(self.blind_nil_deficit) or self.blind_nil_deficit < 0:
            raise RulesError(
                _("{option} must be 0 or more points, got {value}").format(
                    option="blind_nil_deficit", value=repr(self.blind_nil_deficit)
                )
            )
        if not is_int(self.bag_limit) or self.bag_limit < 1:
            raise RulesError(_("bag_limit must be 1 or more, got {value}").format(value=repr(self.bag_limit)))
        if not is_int(self.bag_penalty) or self.bag_penalty < 0:
            raise RulesError(
                _("{option} must be 0 or more points, got {value}").format(
                    option="bag_penalty", value=repr(self.bag_penalty)
                )
            )
        if self.first_lead not in FIRST_LEADS:
            raise RulesError(
                _("first_lead must be one of {choices}, got {value}").format(
                    choices=", ".join(FIRST_LEADS), value=repr(self.first_lead)
                )
            )
        if self.min_team_bid is not None and (not is_int(self.min_team_bid) or not 1 <= self.min_team_bid <= 13):
            raise RulesError(_("min_team_bid must be None or 1-13, got {value}").format(value=repr(self.min_team_bid)))
        if self.renege not in RENEGE_MODES:
            raise RulesError(_("renege must be 'prevent' or 'penalty', got {value}").format(value=repr(self.renege)))
        if not is_int(self.renege_penalty) or not 0 <= self.renege_penalty <= 13:
            raise RulesError(
                _("renege_penalty must be 0-13 tricks, got {value}").format(value=repr(self.renege_penalty))
            )
        if self.players not in (2, 4):
            raise RulesError(_("players must be 4 (partnerships) or 2, got {value}").format(value=repr(self.players)))
        if self.players == 2 and self.min_team_bid is not None:
            raise RulesError(_("min_team_bid is a partnership rule: it cannot be used with players=2"))
        if self.players == 2 and self.first_lead != "left_of_dealer":
            raise RulesError(_("two-player Spades has no 2♣ lead: the winner of the cut leads first"))
        for name in ("nil_value", "blind_nil_value"):
            if not is_int(getattr(self, name)) or getattr(self, name) < 0:
                raise RulesError(
                    _("{option} must be 0 or more points, got {value}").format(
                        option=name, value=repr(getattr(self, name))
                    )
                )

    def replace(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated like the constructor). A loss
        limit left at its default follows a change of ``players``."""
        if "players" in changes and "loss_limit" not in changes and self.loss_limit == default_loss_limit(self.players):
            changes["loss_limit"] = _DEFAULT_LOSS_LIMIT
        try:
            return dataclasses.replace(self, **changes)
        except TypeError as exc:
            raise RulesError(str(exc)) from None

    def to_dict(self) -> dict[str, Any]:
        """The options that differ from the defaults (what a game record stores); the
        loss limit against the default of the number of players."""
        default = Rules()
        out = {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if f.name != "loss_limit" and getattr(self, f.name) != getattr(default, f.name)
        }
        if self.loss_limit != default_loss_limit(self.players):
            out["loss_limit"] = self.loss_limit
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        if not isinstance(data, dict):
            raise RulesError(_("rules must be an object of options, got {value}").format(value=repr(data)))
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(
                _("unknown rules option {option}; known options: {known}").format(
                    option=repr(unknown[0]), known=", ".join(sorted(known))
                )
            )
        return cls(**data)

    def describe(self) -> str:
        """One line a learner can read, in the language in use: the variants in force."""
        parts = [
            _("{count} players").format(count=self.players),
            _("game to {target}").format(target=format_number(self.target)),
            _("no loss limit")
            if self.loss_limit is None
            else _("lose at {limit}").format(limit=format_number(self.loss_limit)),
            _("Nil ±{value}").format(value=format_number(self.nil_value)) if self.nil else _("no Nil"),
        ]
        if self.blind_nil:
            parts.append(
                _("blind Nil ±{value} when {deficit}+ behind").format(
                    value=format_number(self.blind_nil_value), deficit=format_number(self.blind_nil_deficit)
                )
            )
        parts.append(
            _("{count} bags cost {penalty}").format(count=self.bag_limit, penalty=format_number(self.bag_penalty))
        )
        if self.players == 2:
            parts.append(_("the winner of the cut bids and leads first"))
        elif self.first_lead == "two_of_clubs":
            parts.append(_("2♣ leads first"))
        else:
            parts.append(_("dealer's left leads first"))
        if self.min_team_bid:
            parts.append(_("team bid at least {minimum}").format(minimum=self.min_team_bid))
        if self.renege == "penalty":
            parts.append(
                ngettext("renege costs {count} trick", "renege costs {count} tricks", self.renege_penalty).format(
                    count=self.renege_penalty
                )
            )
        return ", ".join(parts)
