#!/usr/bin/env bash
# Install the Debian packages the full test suite needs, when they are missing:
# Chromium (browser tests, driven by Playwright), Node.js/npm (the book's widget JavaScript, and the
# WebAssembly solver's test in Pyodide) and clang with lld (the solver compiled to WebAssembly for the
# live edition).
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v npm >/dev/null 2>&1 || need+=(nodejs npm)
command -v clang >/dev/null 2>&1 || need+=(clang)
command -v wasm-ld >/dev/null 2>&1 || need+=(lld)
if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  echo "error: please install these Debian packages first: ${need[*]}" >&2
  exit 1
fi
echo "installing Debian packages: ${need[*]}"
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${need[@]}" >/dev/null
