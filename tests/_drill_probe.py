"""A chapter's drill answered in plain Python, each kind right then wrong: the transcript (question,
answer, verdict, explanation) a learner would see. It runs here and, through the live runner
(tests/_lite_runner.py), in the live edition's own Python: the two transcripts must be the same, so
the drills grade alike in the browser (the clicking itself is tested on the pages).

No import of the test helpers: the runner executes this text as it is in Pyodide.
"""

from __future__ import annotations

from typing import Any


def right_answer(drill: Any) -> dict[str, str]:
    """The library's answer to a drill question, one text per field."""
    return {f.name: e for f, e in zip(drill.fields, drill.expected)}


def wrong_answer(drill: Any) -> dict[str, str]:
    """An answer the library grades wrong: a choice or a card no right answer holds, a number off
    by more than the tolerance, a bid no right answer names."""
    rights = [drill.expected, *drill.also_right, *(drill.more_right() if drill.more_right else ())]
    out = {}
    for k, f in enumerate(drill.fields):
        taken = {r[k] for r in rights}
        if f.kind in ("choice", "card"):
            out[f.name] = next(c for c in f.choices if c not in taken)
        elif f.kind == "int":
            out[f.name] = str(int(drill.expected[k]) + 10)
        elif f.kind == "number":
            value = float(drill.expected[k])
            out[f.name] = str(value + 2 if value <= 11 else value - 2)
        else:  # a bid
            out[f.name] = next(str(b) for b in range(1, 14) if str(b) not in taken)
    return out


def drill_transcript(kinds: list[str], seed: int, min_levels: dict[str, int] | None = None) -> list[dict[str, Any]]:
    """Every kind of the drill answered right, then every kind wrong, from no progress."""
    from spades_teach.widgets.drill import DrillWidget

    widget = DrillWidget(kinds, seed, min_levels=min_levels, store="browser")
    widget.send_action({"action": "restore", "kinds": {}})
    transcript = []
    for wanted in ("right", "wrong"):
        for kind in kinds:
            drill = widget.drill
            assert drill.kind == kind, (drill.kind, kind)  # the mixed drill asks its kinds in turn
            values = right_answer(drill) if wanted == "right" else wrong_answer(drill)
            feedback = widget.answer(values)
            transcript.append(
                {
                    "kind": drill.kind,
                    "prompt": drill.prompt,
                    "answer": values,
                    "correct": feedback.correct,
                    "verdict": feedback.verdict,
                    "lines": list(feedback.lines),
                }
            )
            widget.next_question()
    return transcript
