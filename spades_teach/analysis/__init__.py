"""Analysis of Spades hands: exact double-dummy solving under Spades rules, the
per-card cost of a played hand (:mod:`.card_cost`), and hand analysis by
simulation of the unseen cards (:func:`analyze_hand`).

>>> from spades_teach.analysis import double_dummy
>>> double_dummy({"N": "A.-.-.-", "E": "-.A.-.-", "S": "-.-.A.-", "W": "-.-.-.A"}, leader="N").tricks["NS"]
1
"""

from __future__ import annotations

from .double_dummy import BACKEND, DoubleDummy, NilAnswer, double_dummy
from .simulate import HandAnalysis, SampleOutcome, analyze_hand

__all__ = ["BACKEND", "DoubleDummy", "HandAnalysis", "NilAnswer", "SampleOutcome", "analyze_hand", "double_dummy"]
