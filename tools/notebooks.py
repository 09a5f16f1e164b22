"""Build the tutorial notebooks from their MyST Markdown sources and execute them.

    python tools/notebooks.py            # every chapter, in every language
    python tools/notebooks.py 01 04      # English chapters whose file name starts with 01 or 04
    python tools/notebooks.py fr/03 es   # French chapter 03 and every Spanish chapter

The English chapters are ``notebooks/NN_name.md``; their French and Spanish translations have the
same file names under ``notebooks/fr/`` and ``notebooks/es/``.

Each notebooks/NN_name.md is the readable source; this writes notebooks/NN_name.ipynb with its outputs
and its widgets' saved state (tools/widget_state.py: what the book draws and JupyterLab shows before
anything runs), and the .md again, in the form Jupytext gives it when JupyterLab saves the chapter.
The outputs and the state are deterministic: chapters use seeded deals and no clocks, and each widget
model is named by its place, so ``pytest --nbval notebooks/`` can compare them with a new run for real.

The drills of chapters 1-11 keep a learner's progress in the user's data directory. Building a
chapter only shows a drill (nothing answers it, so nothing is written), and its stored output is
the widget's fixed text line; still, the kernels started here get ``SPADES_TEACH_DATA_DIR`` set to a
fresh temporary folder, so a build never reads or touches the progress of whoever runs it.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

import jupytext
import nbformat
from jupytext.config import load_jupytext_config
from nbclient import NotebookClient

sys.path.insert(0, str(Path(__file__).resolve().parent))
import widget_state

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
#: The translated chapters' folders, by language code.
TRANSLATIONS = ("fr", "es")


#: The chapters' kernel, named as JupyterLab names it when it starts one: a notebook that names it
#: otherwise is changed by JupyterLab as it opens (and marked unsaved).
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}


def build(source: Path) -> Path:
    notebook = jupytext.read(source)
    notebook.metadata["kernelspec"] = KERNELSPEC
    client = NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(source.parent)}},
        store_widget_state=False,
    )
    notebook.cells.append(nbformat.v4.new_code_cell(widget_state.CAPTURE))
    client.execute()
    capture = notebook.cells.pop()
    state = json.loads("".join(o.text for o in capture.outputs if o.output_type == "stream"))
    _make_stable(notebook, state)
    target = source.with_suffix(".ipynb")
    jupytext.write(notebook, target, fmt="ipynb")
    write_text(nbformat.read(target, as_version=nbformat.NO_CONVERT), source)
    return target


def write_text(notebook: nbformat.NotebookNode, source: Path) -> None:
    """Write ``source``, the chapter's .md, from its notebook as Jupytext writes it when JupyterLab saves
    the chapter (with notebooks/jupytext.toml): the two writers agree byte for byte, so opening and
    saving a chapter changes no file."""
    config = load_jupytext_config(str(source.parent))
    jupytext.write(notebook, source, fmt="md:myst", config=config)


def _make_stable(notebook: nbformat.NotebookNode, state: dict[str, object]) -> None:
    """Drop execution timestamps, number the cells, keep the state of the widgets the chapter shows
    (``state``: every open widget's, from the kernel) and name each model by its place in the chapter
    instead of the kernel's random id, so a rebuild changes only what changed."""
    outputs = [output for cell in notebook.cells for output in cell.get("outputs", [])]
    shown = widget_state.displayed(outputs)
    names, saved = widget_state.saved(shown, state)
    if set(shown) - set(names):
        raise SystemExit("a widget the chapter shows was closed before its end: nothing could draw it")
    notebook.metadata.pop("widgets", None)
    if saved:
        notebook.metadata["widgets"] = widget_state.metadata(saved)
    for index, cell in enumerate(notebook.cells):
        cell.id = f"cell-{index:03d}"
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = _joined_streams(cell.outputs)
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(widget_state.VIEW)
            if view is not None:
                view["model_id"] = names[view["model_id"]]


def _joined_streams(outputs: list[nbformat.NotebookNode]) -> list[nbformat.NotebookNode]:
    """The outputs with consecutive writes to one stream joined: how a cell's printing is cut into
    messages depends on the kernel's timing, not on the chapter."""
    joined: list[nbformat.NotebookNode] = []
    for output in outputs:
        last = joined[-1] if joined else None
        if (
            output.output_type == "stream"
            and last is not None
            and last.output_type == "stream"
            and last.name == output.name
        ):
            last.text += output.text
        else:
            joined.append(output)
    return joined


def chapters(prefixes: list[str]) -> list[Path]:
    """The chapter sources named by ``prefixes`` (all of them when there is none): ``"03"`` is an
    English chapter, ``"fr/03"`` a French one and ``"fr"`` every French chapter."""
    english = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.md"))
    translated = {lang: sorted((NOTEBOOKS / lang).glob("[0-9][0-9]_*.md")) for lang in TRANSLATIONS}
    if not prefixes:
        return english + [source for lang in TRANSLATIONS for source in translated[lang]]
    chosen: list[Path] = []
    for prefix in prefixes:
        lang, _, start = prefix.partition("/") if "/" in prefix or prefix in TRANSLATIONS else ("", "", prefix)
        pool = translated[lang] if lang else english
        chosen += [source for source in pool if source.name.startswith(start) and source not in chosen]
    return chosen


def main(argv: list[str]) -> int:
    sources = chapters(argv)
    # The drills' progress folder, for the kernels started below (see the module docs).
    os.environ["SPADES_TEACH_DATA_DIR"] = tempfile.mkdtemp(prefix="spades-teach-build-")
    for source in sources:
        print(f"executing {source.relative_to(ROOT)}", flush=True)
        build(source)
    nbformat_version = nbformat.__version__
    print(f"done: {len(sources)} notebooks (nbformat {nbformat_version})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
