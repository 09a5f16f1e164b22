#!/usr/bin/env bash
# Set everything up on a fresh machine and run the whole test suite:
# ruff, mypy, then pytest (unit, property, doctests, notebooks with nbval, the book, browser tests).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/system_deps.sh
bash tools/setup.sh "dev,tutorial,book,dask,lite,bench"
(cd tests && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)  # axe-core for the accessibility checks
echo "== ruff"
.venv/bin/ruff format --check spades_teach tests benchmarks tools conftest.py
.venv/bin/ruff check spades_teach tests benchmarks tools conftest.py
echo "== mypy"
.venv/bin/mypy
echo "== pytest"
.venv/bin/python -m pytest "$@"
