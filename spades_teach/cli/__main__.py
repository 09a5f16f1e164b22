"""``python -m spades_teach.cli``: the same as ``spades-teach``."""

from __future__ import annotations

from spades_teach.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
