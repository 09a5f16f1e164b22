"""Run the term base (spades_teach.terms) over text files: each line that uses a rival word or
breaks the register, with its file and line number.

    python tools/check_terms.py fr notebooks/fr/*.md      # a chapter's prose (code cells skipped)
    python tools/check_terms.py es some.txt

The exit status is 1 when a problem is found, so a test or a hook can run it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from spades_teach.terms import term_problems


def problems_in(path: Path, language: str) -> list[str]:
    """The term base's problems in a file, one line each (``file:line: problem``); in a Markdown
    file the fenced code is skipped (its strings are the package's, checked in the catalogs)."""
    out = []
    fenced = False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if path.suffix == ".md" and line.lstrip().startswith(("```", "~~~")):
            fenced = not fenced
            continue
        if fenced:
            continue
        out.extend(f"{path}:{number}: {problem}" for problem in term_problems(line, language))
    return out


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    language, paths = argv[0], argv[1:]
    found = [problem for name in paths for problem in problems_in(Path(name), language)]
    for problem in found:
        print(problem)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
