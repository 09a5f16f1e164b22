#!/usr/bin/env bash
# Set everything up on a fresh machine and run the whole test suite:
# ruff, mypy, then pytest (unit, property, doctests, the chapters run and compared with their stored
# outputs and widgets' state by nbval, the book built from them, browser tests) on as many workers as the machine has cores (pytest-xdist; the tests
# of one browser module stay on one worker, as do the cells of one chapter and all the tests that need
# the book, and the book and the live edition are each built once per run whichever worker asks first).
set -euo pipefail
cd "$(dirname "$0")/.."
# Python keeps its compiled modules (and pytest its rewritten tests) in __pycache__: without them every
# kernel, server and worker the suite starts compiles the package again.
unset PYTHONDONTWRITEBYTECODE
bash tools/system_deps.sh
bash tools/setup.sh "dev,tutorial,book,dask,lite,bench"
(cd tests && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)  # axe-core for the accessibility checks
echo "== ruff"
.venv/bin/ruff format --check spades_teach tests benchmarks tools conftest.py
.venv/bin/ruff check spades_teach tests benchmarks tools conftest.py
echo "== mypy"
.venv/bin/mypy
echo "== pytest"
.venv/bin/python -m pytest -n "${SPADES_TEACH_WORKERS:-auto}" --dist loadgroup --nbval "$@"
