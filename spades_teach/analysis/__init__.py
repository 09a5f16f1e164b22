"""Analysis of Spades hands: exact double-dummy solving under Spades rules, the
per-card cost of a played hand (:mod:`.card_cost`), hand analysis by simulation
of the unseen cards (:func:`analyze_hand`), the calibration of the bid advisor
against that simulation (:func:`calibrate`) and against expert play and double
dummy (:func:`expert_calibrate`), and bot tournaments by duplicate
play (:func:`tournament`).

The batch studies take an ``executor``: ``None`` runs them on the local cores,
:class:`SerialExecutor` inline, and any :class:`concurrent.futures.Executor`
(a process pool, a Dask cluster's ``client.get_executor()``) as given, with the
same result for the same seed (see :mod:`.parallel`).

>>> from spades_teach.analysis import double_dummy
>>> double_dummy({"N": "A.-.-.-", "E": "-.A.-.-", "S": "-.-.A.-", "W": "-.-.-.A"}, leader="N").tricks["NS"]
1
"""

from __future__ import annotations

from spades_teach.analysis.calibration import Calibration, FeatureGroup, HandRecord, calibrate
from spades_teach.analysis.challenge import ChallengeResult, challenge_deal, challenge_round, compare_with_expert
from spades_teach.analysis.expert_calibration import ExpertCalibration, SeatRecord, expert_calibrate
from spades_teach.analysis.parallel import SerialExecutor, local_executor
from spades_teach.analysis.simulate import HandAnalysis, SampleOutcome, analyze_hand
from spades_teach.analysis.tournament import DuplicateDeal, TournamentResult, tournament
from spades_teach.solver import SOLVER_BACKEND, DoubleDummy, NilAnswer, double_dummy

__all__ = [
    "ChallengeResult",
    "challenge_deal",
    "challenge_round",
    "compare_with_expert",
    "SOLVER_BACKEND",
    "Calibration",
    "DoubleDummy",
    "DuplicateDeal",
    "ExpertCalibration",
    "FeatureGroup",
    "HandAnalysis",
    "HandRecord",
    "NilAnswer",
    "SampleOutcome",
    "SeatRecord",
    "SerialExecutor",
    "TournamentResult",
    "analyze_hand",
    "calibrate",
    "double_dummy",
    "expert_calibrate",
    "local_executor",
    "tournament",
]
