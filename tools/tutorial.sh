#!/usr/bin/env bash
# Set everything up on a fresh machine and open the tutorial in JupyterLab.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh "tutorial"
exec .venv/bin/jupyter lab notebooks/01_deck_and_deal.ipynb "$@"
