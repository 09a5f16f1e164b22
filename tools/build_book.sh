#!/usr/bin/env bash
# Build the Jupyter Book (offline): fetch the widget JavaScript from npm into book/_static, then build.
# Usage: bash tools/build_book.sh   (after tools/setup.sh; output in book/_build/html)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.venv/bin
if ! cmp -s book/package-lock.json book/node_modules/.installed-lock.json 2>/dev/null; then
  rm -rf book/node_modules
  (cd book && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
  cp book/package-lock.json book/node_modules/.installed-lock.json
fi
mkdir -p book/_static
cp book/node_modules/requirejs/require.js book/_static/require.js
dist=book/node_modules/@jupyter-widgets/html-manager/dist
find "$dist" -maxdepth 1 -type f ! -name '*.map' ! -name '*.txt' -exec cp {} book/_static/ \;
"$venv/jupyter-book" build book --keep-going "$@"
