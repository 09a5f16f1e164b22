#!/usr/bin/env bash
# Build the double-dummy core as WebAssembly for the live edition of the book: the C search of
# spades_teach/solver/_ddcore.c (through _ddcore_wasm.c, which includes it without Python) compiled
# to plain wasm32 by Debian's clang and linked by lld (wasm-ld): no Emscripten, no C library, no
# imports. Pyodide loads it through its JavaScript bridge (spades_teach/solver/_wasm_core.py).
# The same sources and compiler give the same bytes. Usage: bash tools/lite/build_ddcore_wasm.sh OUTPUT.wasm
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${1:?usage: build_ddcore_wasm.sh OUTPUT.wasm}
clang=${CLANG:-clang}
if ! command -v "$clang" >/dev/null 2>&1 || ! command -v wasm-ld >/dev/null 2>&1; then
  echo "error: the WebAssembly core needs clang and lld (wasm-ld): install them with 'bash tools/system_deps.sh'" >&2
  exit 1
fi
# -mbulk-memory: memcpy and memset become single instructions (every browser Pyodide runs in has them);
# --stack-first: a stack overflow traps instead of overwriting the data; 1 MiB of stack for the search's
# recursion (52 cards deep).
"$clang" --target=wasm32 -O3 -std=c99 -ffreestanding -nostdlib -nostdlibinc -mbulk-memory \
  -Wall -Wextra -Werror \
  -Wl,--no-entry -Wl,--stack-first -Wl,-z,stack-size=1048576 -Wl,--strip-all \
  -o "$out" spades_teach/solver/_ddcore_wasm.c
