"""Small text helpers for messages and printed output: values quoted safely, and text from
outside made safe to print.

>>> quoted(10**5000)
'a number with 5001 digits'
>>> printable("title\\x1b[2J")
'title\\\\x1b[2J'
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["quoted", "printable", "ascii_digits_int", "signed", "sentence"]

# C0 and C1 control characters, DEL, and lone surrogates: never written raw to a terminal.
_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
_UNSAFE_LINES = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_INT = re.compile(r"[+-]?[0-9]+")

#: Integers with more digits than this are refused wherever text is read as a number.
MAX_DIGITS = 1000


def sentence(text: str) -> str:
    """``text`` ended as a sentence: a full stop added unless it already ends with one (or with ``!``,
    ``?`` or ``…``), so a line of feedback never stops short.

    >>> sentence("the A♦ is enough"), sentence("Right."), sentence("")
    ('the A♦ is enough.', 'Right.', '')
    """
    stripped = text.rstrip()
    return stripped if not stripped or stripped.endswith((".", "!", "?", "…")) else stripped + "."


def signed(points: int) -> str:
    """``+72``, ``−50`` (a true minus sign), ``0``: a score change as people write it."""
    return f"+{points}" if points > 0 else str(points).replace("-", "−")


def quoted(value: Any) -> str:
    """``repr(value)`` for a message, except that a huge number is described by its size
    (Python refuses to write integers of more than a few thousand digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 3 * MAX_DIGITS:
        digits = len(str(abs(value))) if value.bit_length() < 14_000 else int(abs(value).bit_length() * 0.30103) + 1
        return f"a number with {digits} digits"
    if isinstance(value, str) and len(value) > 60:
        return repr(value[:40] + "…") + f" ({len(value)} characters)"
    return repr(value)


def printable(text: str, *, one_line: bool = False) -> str:
    """``text`` with control characters (and lone surrogates) written as escapes, so a
    record's text cannot move the cursor or recolour the terminal. Newlines and tabs
    are kept unless ``one_line``."""
    pattern = _UNSAFE_LINES if one_line else _UNSAFE
    return pattern.sub(lambda m: repr(m.group())[1:-1], text)


def ascii_digits_int(text: str) -> int | None:
    """The integer written in ASCII digits (an optional sign, ``+``, ``-`` or the true minus
    ``−`` that the messages print; surrounding spaces allowed), or ``None`` if ``text`` is
    anything else, including full-width digits, ``1_000`` and numbers longer than
    :data:`MAX_DIGITS` digits."""
    stripped = text.strip().replace("\u2212", "-", 1)
    if not _INT.fullmatch(stripped) or len(stripped.lstrip("+-")) > MAX_DIGITS:
        return None
    return int(stripped)
