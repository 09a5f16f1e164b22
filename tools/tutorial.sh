#!/usr/bin/env bash
# Set everything up on a fresh machine and open the tutorial in JupyterLab.
#   bash tools/tutorial.sh                 # then open the URL it prints
#   PORT=9999 bash tools/tutorial.sh --no-browser
# Runs as root too (containers, cloud notebooks): Jupyter then needs --allow-root.
# Only the chapter notebooks (.ipynb) are listed: their .md twins are the text sources.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${SPADES_TEACH_SKIP_SETUP:-0}" != "1" ]; then
  bash tools/setup.sh "tutorial"
fi
port="${PORT:-8888}"
token="$(.venv/bin/python -c 'import secrets; print(secrets.token_hex(16))')"
extra=()
if [ "$(id -u)" = "0" ]; then
  extra+=(--allow-root)
fi
first="notebooks/01_deck_and_deal.ipynb"
echo "The tutorial opens at:"
echo "  http://127.0.0.1:${port}/lab/tree/$(basename "$first")?token=${token}"
echo "(copy this address into your browser if no window opens; Ctrl+C stops the tutorial)"
exec .venv/bin/jupyter lab "$first" \
  --ServerApp.ip=127.0.0.1 \
  --ServerApp.port="$port" \
  --ServerApp.port_retries=0 \
  --IdentityProvider.token="$token" \
  '--ContentsManager.hide_globs=["__pycache__","*.pyc",".ipynb_checkpoints","[0-9][0-9]_*.md"]' \
  "${extra[@]}" "$@"
