#!/usr/bin/env bash
# Create .venv (if needed) and install spades_teach with the given extras, saying what it does, step by
# step, with the installer's own progress (a first install takes a minute or so).
# Usage: bash tools/setup.sh EXTRAS   (for example "tutorial" or "dev,tutorial")
# The packages come from PyPI through uv (itself installed from PyPI into .venv first), which installs
# the same versions as pip does, several times faster, compiled to bytecode as pip does; pip stays in
# .venv for the commands that use it.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-tutorial}"
python_bin="${PYTHON:-python3}"
step() { echo "setup: $*"; }
if [ ! -x .venv/bin/python ]; then
  step "creating the virtual environment .venv"
  "$python_bin" -m venv .venv
fi
step "installing pip and uv into .venv"
.venv/bin/python -m pip install --quiet --upgrade pip uv 2> >(grep -v "is ignored: it is neither a file nor a directory" >&2 || true)
step "installing spades_teach[${extras}] and the packages it needs (uv; nothing to do when they are there)"
VIRTUAL_ENV="$PWD/.venv" .venv/bin/uv pip install --compile-bytecode -e ".[${extras}]"
step "done"
