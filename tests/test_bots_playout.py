"""The hard bot's playouts: a full-information replay of the rest of a sampled deal must follow the
rules of the engine, the trick's winner leading the next trick."""

from __future__ import annotations

from spades_teach import Round, Seat, deal
from spades_teach.advice.bots import _play_out, _Sim
from spades_teach.advice.play import View
from spades_teach.advice.position import Position


def test_a_playout_ends_with_the_same_tricks_as_the_engine_playing_the_same_policy() -> None:
    """Play a whole hand with the advisor in the engine, then replay it from the first card with
    `_play_out` on the true hands: both must give every seat the same number of tricks, which fails
    if the playout lets the wrong seat lead after a trick."""
    from spades_teach.advice.play import decide

    for seed in range(6):
        r = Round(deal(seed), dealer="W")
        for bid in (3, 3, 3, 3):
            r.bid(r.to_act, bid)  # type: ignore[arg-type]
        view = View.from_position(Position.from_round(r))
        me = int(view.seat)
        first, _ = decide(view)
        sim = _Sim(view, [r.deal[s].mask for s in Seat])
        _play_out(sim, me, first)
        while not r.is_complete:
            card, _ = decide(View.from_position(Position.from_round(r)))
            r.play(r.to_act, card)  # type: ignore[arg-type]
        assert sim.won == [r.tricks_won[s] for s in Seat], seed
