#!/usr/bin/env bash
# Create .venv (if needed) and install spades_teach with the given extras.
# Usage: bash tools/setup.sh EXTRAS   (for example "tutorial" or "dev,tutorial")
# The packages come from PyPI through uv (itself installed from PyPI into .venv first), which installs
# the same versions as pip does, several times faster, compiled to bytecode as pip does; pip stays in
# .venv for the commands that use it.
set -euo pipefail
cd "$(dirname "$0")/.."
extras="${1:-tutorial}"
python_bin="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  "$python_bin" -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip uv 2> >(grep -v "is ignored: it is neither a file nor a directory" >&2 || true)
VIRTUAL_ENV="$PWD/.venv" .venv/bin/uv pip install --quiet --compile-bytecode -e ".[${extras}]"
