#!/usr/bin/env bash
# Build the Jupyter Book (offline) from the chapters as stored, outputs and widgets included: fetch the
# widget JavaScript from npm into book/_static, then build;
# then the French and Spanish books into book/_build/html/fr/ and es/, and the live edition
# (tools/build_lite.sh, the chapters of the three languages) into book/_build/html/live/.
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
# The widget manager checks the saved widget state against its JSON schemas with Ajv, created with no
# options: Ajv's strict mode then logs "strict mode: use allowUnionTypes ..." on every page with a
# widget, for the schema's one field that may be a string or a number (a buffer's path). Create it with
# that union type allowed (the check itself is unchanged). The file holds the manager twice (its own
# and its embedding copy); the pattern is the pinned html-manager's (package-lock.json), and the build
# stops if a new version no longer has it.
embed=$widgets/embed-amd.js
checker='(\.v2\.view,[A-Za-z_$]+=new\([A-Za-z_$]+\(\)\))'
if [ "$(grep -o -E "$checker" "$embed" | wc -l)" != 2 ]; then
  echo "build_book.sh: $embed no longer creates its two schema checkers as expected; look again" >&2
  exit 1
fi
sed -i -E "s/$checker/\1({allowUnionTypes:!0})/g" "$embed"
# anywidget (the card table): its require.js module comes with the installed Python package.
cp "$venv/../share/jupyter/nbextensions/anywidget/index.js" "$widgets/anywidget.js"
cp book/widget-paths.js "$widgets/widget-paths.js"
# The widget manager asks for its icon fonts relative to the page (with an empty CDN address):
# notebooks/@jupyter-widgets/ and notebooks/@jupyter-widgets/html-manager/dist/. Serve them there too.
for fonts in book/_widgets/notebooks/@jupyter-widgets book/_widgets/notebooks/@jupyter-widgets/html-manager/dist; do
  mkdir -p "$fonts"
  find "$dist" -maxdepth 1 -type f \( -name '*.woff' -o -name '*.woff2' -o -name '*.ttf' -o -name '*.eot' -o -name '*.svg' \) -exec cp {} "$fonts/" \;
done
# The chapters are not run here: the book shows the outputs and the widgets' state stored in
# notebooks/ (book/notebooks links there; tools/notebooks.py writes both, and `pytest --nbval
# notebooks/`, which tools/test.sh runs, runs every chapter and compares them with what is stored).
"$venv/jupyter-book" build book --keep-going "$@"
# The French and Spanish books: the same settings and chapters (tools/book_languages.py writes their
# configuration from the English one), built on their own and published in the site's fr/ and es/.
for lang in fr es; do
  if compgen -G "notebooks/$lang/[0-9][0-9]_*.ipynb" > /dev/null; then
    "$venv/python" tools/book_languages.py "$lang"
    "$venv/jupyter-book" build "book/$lang" --keep-going "$@"
    rm -rf "book/_build/html/$lang"
    cp -r "book/$lang/_build/html" "book/_build/html/$lang"
  fi
done
# The live edition. The test suite builds it once for its own tests, on another worker while this
# book builds, and puts it in book/_build/html/live itself: it asks for none here (none).
case "${SPADES_TEACH_LITE_SITE:-}" in
  none) ;;
  "") bash tools/build_lite.sh ;;
  *)
    rm -rf book/_build/html/live
    cp -r "$SPADES_TEACH_LITE_SITE" book/_build/html/live
    ;;
esac
