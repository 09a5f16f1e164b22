"""Analysis of Spades hands: exact double-dummy solving under Spades rules and
the per-card cost of a played hand.

>>> from spades_teach.analysis import double_dummy
>>> double_dummy({"N": "A.-.-.-", "E": "-.A.-.-", "S": "-.-.A.-", "W": "-.-.-.A"}, leader="N").tricks["NS"]
1
"""

from __future__ import annotations

from .double_dummy import BACKEND, DoubleDummy, NilAnswer, double_dummy

__all__ = ["BACKEND", "DoubleDummy", "NilAnswer", "double_dummy"]
