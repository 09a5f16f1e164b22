"""Hide the code of chapters from the learner: every code cell of a chapter's MyST source that lies
before its final "## For programmers" section gets the cell options

    jupyter: {source_hidden: true}   (JupyterLab shows the cell collapsed; Run All still runs it)
    tags: [remove-input]        (the book and its live edition leave the code out)

(in that order: the one Jupytext writes when JupyterLab saves the chapter).

Voila strips code by itself. Cells that already carry options are left alone.

    python tools/hide_code.py notebooks/08_card_play.md ...

Then re-execute the chapter (tools/notebooks.py) so the .ipynb carries the same options;
tests/test_chapters_for_learners.py fails on any code cell shown outside "For programmers".
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HIDDEN = "---\njupyter:\n  source_hidden: true\ntags: [remove-input]\n---\n"
FOR_PROGRAMMERS = "\n## For programmers"


def hide(text: str) -> str:
    """The chapter's text with every code cell before "For programmers" hidden."""
    cut = text.find(FOR_PROGRAMMERS)
    head, tail = (text, "") if cut < 0 else (text[:cut], text[cut:])
    return re.sub(r"```\{code-cell\} ipython3\n(?!---\n)", lambda m: m.group(0) + HIDDEN, head) + tail


def main(argv: list[str]) -> int:
    for name in argv:
        path = Path(name)
        path.write_text(hide(path.read_text()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
