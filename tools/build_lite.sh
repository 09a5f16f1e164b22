#!/usr/bin/env bash
# Build the live edition of the book: the chapters in JupyterLite with the Pyodide kernel (Python compiled
# to WebAssembly, running in the reader's browser), served as static files from book/_build/html/live/.
# Every input of the site is pinned and hashed, and only PyPI and npm are reached:
#   tools/lite/package-lock.json  the Pyodide runtime (npm, integrity hashes)
#   tools/lite/kernel.txt         the wheels the kernel loads (PyPI, sha256), plus spades_teach built here
#                                 as a pure wheel (its French and Spanish catalogs in a wheel each) and a
#                                 stand-in for jedi; tools/make_lite_lock.py writes the lock file Pyodide reads
#   tools/lite/extensions.txt     the wheels whose front-end extensions the site serves (PyPI, sha256):
#                                 the kernel's, the widget manager's and anywidget's
#   tools/lite/languages.txt      JupyterLab's French and Spanish language packs (PyPI, sha256): a French or
#                                 Spanish chapter opens with its language's menus (the extension
#                                 spades_teach/data/jupyter/labextensions/spades-teach-language, shared
#                                 with the tutorial's JupyterLab), and Settings > Language offers all three
#   tools/lite/precompile.py      bytecode for the kernel's start and spades_teach, added to the wheels and
#                                 python_stdlib.zip by the site's own Pyodide under Node.js (the kernel
#                                 starts in half the time)
#   tools/lite/runs_itself/       the site's own front-end extension (written by hand, no bundler): a chapter
#                                 opened in the notebook page runs all its cells at once, hidden code out of sight
# The build tools are the "lite" extra of pyproject.toml (pinned versions), installed into the active virtual
# environment ($VIRTUAL_ENV, or the project's .venv when none is active); the
# extensions installed there are ignored, so only the pinned ones above end up in the site.
# Re-running it on the same commit gives the same files. Usage: bash tools/build_lite.sh [OUTPUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${1:-book/_build/html/live}
[[ $out = /* ]] || out=$root/$out
work=$root/build/lite
venv=${VIRTUAL_ENV:-$root/.venv}/bin
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 1767225600)}
export SOURCE_DATE_EPOCH

# 1. The build tools.
if ! "$venv/python" -c "import jupyterlite_core, jupyterlite_pyodide_kernel" 2>/dev/null; then
  bash tools/setup.sh lite
fi

# 2. The Pyodide runtime from npm.
bash tools/lite/fetch_pyodide.sh
pyodide=tools/lite/node_modules/pyodide

# 3. The kernel's wheels and the front-end extensions from PyPI (pure Python wheels, checked against
#    their pinned hashes).
# pip, with its notes about this machine's own index settings (a configured local index that does not
# exist here) left out: the wheels are pinned by hash, and those notes are not about the site.
pip_run() {
  "$venv/python" -m pip "$@" 2> >(grep -v "is ignored: it is neither a file nor a directory" >&2 || true)
}

download() {  # requirements file, destination folder
  if ! cmp -s "$1" "$2/.downloaded.txt" 2>/dev/null; then
    rm -rf "$2"
    mkdir -p "$2"
    pip_run download --quiet --disable-pip-version-check --require-hashes --no-deps \
      --only-binary=:all: --python-version 3.14 --implementation py --abi none --platform any \
      --dest "$2" -r "$1"
    cp "$1" "$2/.downloaded.txt"
  fi
}
wheels=$work/wheels
extensions=$work/extensions
download tools/lite/kernel.txt "$wheels"
download tools/lite/extensions.txt "$extensions"
languages=$work/languages
download tools/lite/languages.txt "$languages"

# 4. spades_teach as a pure wheel (no C extension), built from a clean copy of the sources, with the
#    double-dummy solver compiled to WebAssembly (clang and lld) as package data: Pyodide loads it through
#    its JavaScript bridge (spades_teach/solver/_wasm_core.py), so "Review my hand" takes seconds, not
#    the minutes of the pure-Python solver. (One staging folder per output folder, so the book's build and
#    the tests' do not share one.)
stage=$work/stage-$(printf '%s' "$out" | sha256sum | cut -c1-12)
rm -rf "$stage"
mkdir -p "$stage/src" "$stage/own"
tar -c --exclude='__pycache__' --exclude='*.so' --exclude='*.pyc' --exclude='*.wasm' \
  pyproject.toml setup.py README.md spades_teach | tar -x -C "$stage/src"
bash tools/lite/build_ddcore_wasm.sh "$stage/src/spades_teach/solver/_ddcore.wasm"
(cd "$stage/src" && SPADES_TEACH_PURE=1 PIP_CONSTRAINT="$root/tools/lite/wheel-build.txt" pip_run \
  wheel --quiet --disable-pip-version-check --no-deps --wheel-dir "$stage/own" .)
# The site's copy of the wheel: the French and Spanish catalogs in a wheel per language (an English page
# downloads neither, a French or Spanish one its own when its first cell sets the language:
# spades_teach.i18n fetches it then), without the command line and the Voila app, which no page uses.
# And jedi's stand-in (tools/make_lite_lock.py: the site serves no jedi, IPython completes without it).
"$venv/python" tools/make_lite_lock.py own "$stage/own"/spades_teach-*.whl
"$venv/python" tools/make_lite_lock.py stand-ins "$stage/own"

# 5. The site's sources: the runtime, the wheels and their lock, the chapters with outputs cleared.
site=$stage/site
rm -rf "$site"
mkdir -p "$site/static/pyodide"
for f in pyodide.asm.mjs pyodide.asm.wasm pyodide.mjs pyodide.js python_stdlib.zip; do
  cp "$pyodide/$f" "$site/static/pyodide/"
done
cp "$wheels"/*.whl "$stage/own"/*.whl "$site/static/pyodide/"
# The kernel's own wheels (piplite, pyodide_kernel, its ipykernel stand-in), from the pinned kernel
# extension: the lock lists them, so Pyodide loads them at its start with the rest.
kernel_pypi=share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi
"$venv/python" - "$extensions"/jupyterlite_pyodide_kernel-*.whl "$site/static/pyodide" "$kernel_pypi" <<'PY'
import sys, zipfile
from pathlib import Path
wheel, dest, folder = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
with zipfile.ZipFile(wheel) as z:
    for name in z.namelist():
        if f"/{folder}/" in name and Path(name).name.startswith(("piplite-", "pyodide_kernel-", "ipykernel-")):
            (dest / Path(name).name).write_bytes(z.read(name))
PY
# IPython's terminal and application imported when first asked for, not by `import IPython` (the kernel
# never uses them; prompt_toolkit then stays out of a first visit's downloads): tools/make_lite_lock.py.
"$venv/python" tools/make_lite_lock.py lazy-ipython "$site/static/pyodide"/ipython-*.whl
"$venv/python" tools/make_lite_lock.py lock "$pyodide/pyodide-lock.json" "$site/static/pyodide" \
  "$site/static/pyodide/pyodide-lock.json"
# Bytecode for what the kernel imports at its start and for every module of spades_teach, compiled by
# the site's own Pyodide under Node.js (tools/lite/precompile.py): without it, the reader's browser
# compiled all of it from source on every visit, most of the kernel's start. Python's library and the
# PyPI wheels first (without the instructions' column positions: lighter), then spades_teach's wheel
# (with them). The wheels change, so their lock is written again.
# (spades_teach's command line and Voila app, its Voila patches included, are left out: no page imports them.)
roots=(piplite.piplite pyodide_kernel ipywidgets anywidget 'spades_teach.*' -spades_teach.cli -spades_teach.__main__
  -spades_teach.app)
node tools/lite/precompile.mjs --no-debug-ranges "$site/static/pyodide" tools/lite/jupyter-lite.json "${roots[@]}"
node tools/lite/precompile.mjs "$site/static/pyodide" tools/lite/jupyter-lite.json --own "${roots[@]}"
"$venv/python" tools/make_lite_lock.py lock "$pyodide/pyodide-lock.json" "$site/static/pyodide" \
  "$site/static/pyodide/pyodide-lock.json"
"$venv/python" tools/make_lite_lock.py notebooks notebooks "$stage/contents"
# The learner's data folder, .spades_teach at the top of the drive (spades_teach.analysis.learner_record
# .data_dir: the learner record is kept there), shipped with the site so that it is there from the start.
# A folder the kernel makes itself costs two 404s in the console: JupyterLite's drive makes it as
# "Untitled Folder" then renames it, and asks the server for the listing of each
# (api/contents/<folder>/all.json), which only the folders of the site's contents have. A folder holds
# a file or is not shipped: a note on what it keeps (hidden files are listed with ContentsManager's
# allow_hidden, jupyter_lite_config.json; the file browser does not show them).
mkdir -p "$stage/contents/.spades_teach"
cat > "$stage/contents/.spades_teach/README.md" <<'EOF'
# Learn Spades, live: your data

This folder keeps your learner record (`learner.json`): the decisions the chapters judged. It stays in
this browser's storage; the progress widget of chapter 13 exports it and imports one.
EOF
cp tools/lite/jupyter-lite.json tools/lite/jupyter_lite_config.json tools/lite/overrides.json "$site/"
find "$site" "$stage/contents" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

# 6. The site.
rm -rf "$out"
federated=()
for wheel in "$extensions"/*.whl; do
  federated+=("--LiteBuildConfig.federated_extensions=$wheel")
done
# Ours, written by hand (no bundler): the notebook page runs the chapter's cells as it opens, the code
# the book hides out of sight (tools/lite/runs_itself/static/remoteEntry.js).
federated+=("--LiteBuildConfig.federated_extensions=$root/tools/lite/runs_itself")
# The tutorial's, shared with JupyterLab (no bundler either): a French or Spanish chapter opens with the
# menus in its language, from the packs of tools/lite/languages.txt (Settings > Language switched once).
federated+=("--LiteBuildConfig.federated_extensions=$root/spades_teach/data/jupyter/labextensions/spades-teach-language")
(cd "$site" && "$venv/jupyter" lite build --lite-dir "$site" "${federated[@]}" \
  --contents "$stage/contents" --output-dir "$out" --source-date-epoch "$SOURCE_DATE_EPOCH" \
  --log-level=WARN)
rm -f "$out/.jupyterlite.doit.db"
# The interface's languages, from the pinned packs (the build's own look-up among the packages installed
# here is turned off in jupyter_lite_config.json).
"$venv/python" tools/lite/translations.py "$languages" "$out" >/dev/null
find "$out/api/translations" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
# Each page names its application bundle in a <link rel="preload">, but adds the bundle's script only
# once the site's settings are read, which on a busy machine is after the browser's few seconds of
# grace: Chromium then warns "... was preloaded using link preload but not used". A prefetch fetches
# it early all the same (the page still reads its address from that link), without the warning.
find "$out" -name index.html -exec sed -i 's/id="jupyter-lite-main" rel="preload"/id="jupyter-lite-main" rel="prefetch"/' {} +
# Every page names the book's spade as its icon (favicon.svg and favicon.ico at the site's root, ours):
# a page that names none makes the browser ask the server's root for /favicon.ico, a 404 where the
# site is served inside the book.
"$venv/python" tools/lite/favicon.py "$out"
echo "live edition: $(du -sh "$out" | cut -f1) in ${out#"$root"/}"
