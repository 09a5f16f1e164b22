#!/usr/bin/env bash
# Build the Jupyter Book (offline): fetch the widget JavaScript from npm into book/_static, then build;
# then the live edition (tools/build_lite.sh) into book/_build/html/live/.
# Usage: bash tools/build_book.sh   (after tools/setup.sh; output in book/_build/html)
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.venv/bin
if ! cmp -s book/package-lock.json book/node_modules/.installed-lock.json 2>/dev/null; then
  rm -rf book/node_modules
  (cd book && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
  cp book/package-lock.json book/node_modules/.installed-lock.json
fi
# The widget JavaScript goes to _static/widgets/ through html_extra_path (book/_widgets), not into
# html_static_path: Jupyter Book adds every .js file of _static to every page, which would load the
# widget manager several times and draw each widget more than once.
widgets=book/_widgets/_static/widgets
rm -rf book/_widgets
mkdir -p "$widgets"
cp book/node_modules/requirejs/require.js "$widgets/require.js"
dist=book/node_modules/@jupyter-widgets/html-manager/dist
find "$dist" -maxdepth 1 -type f ! -name '*.map' ! -name '*.txt' -exec cp {} "$widgets/" \;
# anywidget (the card table): its require.js module comes with the installed Python package.
cp "$venv/../share/jupyter/nbextensions/anywidget/index.js" "$widgets/anywidget.js"
cp book/widget-paths.js "$widgets/widget-paths.js"
# The widget manager asks for its icon fonts relative to the page (with an empty CDN address):
# notebooks/@jupyter-widgets/ and notebooks/@jupyter-widgets/html-manager/dist/. Serve them there too.
for fonts in book/_widgets/notebooks/@jupyter-widgets book/_widgets/notebooks/@jupyter-widgets/html-manager/dist; do
  mkdir -p "$fonts"
  find "$dist" -maxdepth 1 -type f \( -name '*.woff' -o -name '*.woff2' -o -name '*.ttf' -o -name '*.eot' -o -name '*.svg' \) -exec cp {} "$fonts/" \;
done
"$venv/jupyter-book" build book --keep-going "$@"
bash tools/build_lite.sh
