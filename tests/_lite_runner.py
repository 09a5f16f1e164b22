"""Run in the live edition's own Python (the Pyodide kernel of JupyterLite's REPL page), not here:
execute the code cells of the chapters named in ``CHAPTERS``, each in a fresh namespace and in the
chapter's folder, and print one line per chapter, ``CHAPTER-RUN {json}``, with what it showed: what
each code cell printed, the pictures, anything written to stderr and the error that stopped it, if one did.

tests/test_browser_lite_chapters.py passes the REPL (its ``code`` parameter) one line that executes
this text in a namespace of its own holding ``CHAPTERS``: each chapter's reset of the kernel's
namespace then leaves the runner whole. One kernel start serves every chapter.
"""

import json
import os
import time
import traceback

from IPython import get_ipython
from IPython.utils.capture import capture_output

CHAPTERS: list[str] = globals().get("CHAPTERS", [])  # given by the namespace it runs in
#: Drills to answer after the chapters (chapter -> kinds, seed, min_levels) and the text of
#: tests/_drill_probe.py that answers them; given by the namespace too.
DRILLS: dict[str, dict[str, object]] = globals().get("DRILLS", {})
PROBE: str = globals().get("PROBE", "")


def _code_cells(path: str) -> list[str]:
    with open(path, encoding="utf-8") as file:
        notebook = json.load(file)
    return ["".join(cell["source"]) for cell in notebook["cells"] if cell["cell_type"] == "code"]


def _run_chapter(path: str) -> dict[str, object]:
    shell = get_ipython()
    shell.reset(new_session=False)
    from spades_teach import set_language

    set_language("en")  # the chapter's own first cell sets its language
    folder, name = os.path.split(path)
    here = os.getcwd()
    os.chdir(folder or ".")
    start = time.perf_counter()
    printed: list[str] = []
    report: dict[str, object] = {
        "chapter": path,
        "cells": 0,
        "pictures": 0,
        "stderr": "",
        "error": "",
        "printed": printed,
    }
    try:
        for source in _code_cells(name):
            with capture_output(display=True) as captured:
                result = shell.run_cell(source, store_history=False, silent=False)
            report["cells"] = int(report["cells"]) + 1  # type: ignore[call-overload]
            report["pictures"] = int(report["pictures"]) + sum(  # type: ignore[call-overload]
                1 for output in captured.outputs if any(kind.startswith("image/") for kind in output.data)
            )
            report["stderr"] = str(report["stderr"]) + captured.stderr
            printed.append(captured.stdout)
            failure = result.error_before_exec or result.error_in_exec
            if failure is not None:
                report["error"] = "".join(traceback.format_exception(failure))[-3000:]
                break
    finally:
        os.chdir(here)
    report["seconds"] = round(time.perf_counter() - start, 1)
    return report


def _drill_run(chapter: str, config: dict[str, object]) -> dict[str, object]:
    from spades_teach import set_language

    set_language("en")
    probe: dict[str, object] = {"__name__": "_drill_probe"}
    exec(PROBE, probe)
    try:
        transcript = probe["drill_transcript"](config["kinds"], config["seed"], config.get("min_levels"))  # type: ignore[operator]
        return {"chapter": chapter, "transcript": transcript, "error": ""}
    except Exception as failure:  # reported, and the test fails on it
        return {"chapter": chapter, "transcript": [], "error": "".join(traceback.format_exception(failure))[-3000:]}


for _chapter in CHAPTERS:
    print("CHAPTER-RUN " + json.dumps(_run_chapter(_chapter)), flush=True)
for _chapter, _config in DRILLS.items():
    print("DRILL-RUN " + json.dumps(_drill_run(_chapter, _config)), flush=True)
print("CHAPTER-RUNS-DONE", flush=True)
