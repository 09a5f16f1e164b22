#!/usr/bin/env bash
# Create .venv (if needed) and install spades_teach with the given extras.
# Usage: bash tools/setup.sh EXTRAS   (for example "tutorial" or "dev,tutorial")
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-tutorial}"
python_bin="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$python_bin" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e ".[${extras}]"
