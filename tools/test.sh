#!/usr/bin/env bash
# Set everything up on a fresh machine and run the whole test suite:
# ruff, mypy, then pytest (unit, property, doctest, notebook and browser tests).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh "dev,tutorial"
echo "== ruff"
.venv/bin/ruff check spades_teach tests benchmarks
echo "== mypy"
.venv/bin/mypy
echo "== pytest"
.venv/bin/python -m pytest "$@"
