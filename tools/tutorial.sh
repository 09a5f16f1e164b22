#!/usr/bin/env bash
# Set everything up on a fresh machine and open the tutorial: its chapters as pages (Voila, no code in
# sight), each with a link to its code in JupyterLab, served by the same JupyterLab server.
#   bash tools/tutorial.sh                 # then open the first address it prints
#   PORT=9999 bash tools/tutorial.sh --no-browser
#   bash tools/tutorial.sh --port=9999           (Jupyter's own flag works too, as does --port 9999)
# Runs as root too (containers, cloud notebooks): Jupyter then needs --allow-root.
# Only the chapter notebooks (.ipynb) are listed: their .md twins are the text sources.
set -euo pipefail
cd "$(dirname "$0")/.."
# A line per step (and the installer's progress): the first run installs for a minute or so.
if [ "${SPADES_TEACH_SKIP_SETUP:-0}" != "1" ]; then
  echo "tutorial: setting up Python and the tutorial's packages in .venv (the first time takes a minute or so)"
  bash tools/setup.sh "tutorial"
fi
port="${PORT:-8888}"
# --port=N or --port N (Jupyter's own flag) sets the port as PORT=N does; other arguments go to Jupyter.
args=()
while [ "$#" -gt 0 ]; do
  case "$1" in
    --port=*|--ServerApp.port=*) port="${1#*=}" ;;
    --port|--ServerApp.port)
      if [ "$#" -lt 2 ]; then echo "tools/tutorial.sh: $1 needs a port number" >&2; exit 2; fi
      port="$2"; shift ;;
    *) args+=("$1") ;;
  esac
  shift
done
case "$port" in
  ''|*[!0-9]*) echo "tools/tutorial.sh: the port must be a number, got '${port}'" >&2; exit 2 ;;
esac
# The package's Jupyter folder: Voila's page template without CDN links and voila.json, which keeps the
# JupyterLite kernel extension out of "Render with Voila" pages (it fails outside JupyterLite), and
# lab/settings/overrides.json: JupyterLab's defaults for the tutorial (no "Jupyter news?" pop-up over
# the widgets on first start, no update check; a learner's own settings still win). Its tutorial/
# folder tells the pages they are served by JupyterLab's server: a chapter's page and the list of the
# chapters then link to the code in JupyterLab (the app and a bare `voila notebooks/` have no such link).
ours="$(pwd)/spades_teach/data/jupyter"
if [ ! -d "$ours" ]; then
  ours="$(.venv/bin/python -c 'import spades_teach, pathlib; print(pathlib.Path(spades_teach.__file__).parent / "data" / "jupyter")')"
fi
export JUPYTER_PATH="${ours}${JUPYTER_PATH:+:${JUPYTER_PATH}}"
export JUPYTER_CONFIG_PATH="${ours}/tutorial:${ours}${JUPYTER_CONFIG_PATH:+:${JUPYTER_CONFIG_PATH}}"
token="$(.venv/bin/python -c 'import secrets; print(secrets.token_hex(16))')"
extra=()
if [ "$(id -u)" = "0" ]; then
  extra+=(--allow-root)
fi
# Trust the chapters, as if this machine had run them: their stored outputs (styled tables, the card
# pictures, the widgets' pages) then show as executed when a chapter opens, before anything runs.
echo "tutorial: marking the chapters as trusted"
.venv/bin/jupyter trust notebooks/[0-9]*.ipynb notebooks/fr/[0-9]*.ipynb notebooks/es/[0-9]*.ipynb >/dev/null
# The course opens at chapter 0 as a page (the server's first page, /, leads there too); the list of
# the chapters and the code in JupyterLab are one click away on every page.
first="00_a_hand_in_ten_minutes.ipynb"
echo "The tutorial opens at chapter 0, as a page:"
echo "  http://127.0.0.1:${port}/voila/render/${first}?token=${token}"
echo "Its code, in JupyterLab (each page links to its chapter's code):"
echo "  http://127.0.0.1:${port}/lab/tree/${first}?token=${token}"
echo "(copy the first address into your browser if no window opens; Ctrl+C stops the tutorial)"
echo "tutorial: starting JupyterLab's server (a few seconds; its own lines follow)"
exec .venv/bin/jupyter lab \
  --ServerApp.root_dir=notebooks \
  --LabApp.default_url="/voila/render/${first}" \
  --ServerApp.ip=127.0.0.1 \
  --ServerApp.port="$port" \
  --ServerApp.port_retries=0 \
  --IdentityProvider.token="$token" \
  --LabApp.app_settings_dir="${ours}/lab/settings" \
  '--ContentsManager.hide_globs=["__pycache__","*.pyc",".ipynb_checkpoints","[0-9][0-9]_*.md"]' \
  "${extra[@]}" "${args[@]}"
