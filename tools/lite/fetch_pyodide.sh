#!/usr/bin/env bash
# Install the Pyodide runtime the live edition serves (npm, pinned with integrity hashes by
# package-lock.json) into tools/lite/node_modules, unless that lock is already installed there.
# Used by tools/build_lite.sh and by the test that runs the WebAssembly solver in Pyodide under Node.js.
set -euo pipefail
cd "$(dirname "$0")"
if ! cmp -s package-lock.json node_modules/.installed-lock.json 2>/dev/null; then
  rm -rf node_modules
  npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
  cp package-lock.json node_modules/.installed-lock.json
fi
