"""Run in the live edition's own Python (the Pyodide kernel of JupyterLite's REPL page), not here:
execute the code cells of the chapters named in ``CHAPTERS``, each in a fresh namespace and in the
chapter's folder, and print one line per chapter, ``CHAPTER-RUN {json}``, with what it showed: the
pictures, anything written to stderr and the error that stopped it, if one did.

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
    report: dict[str, object] = {"chapter": path, "cells": 0, "pictures": 0, "stderr": "", "error": ""}
    try:
        for source in _code_cells(name):
            with capture_output(display=True) as captured:
                result = shell.run_cell(source, store_history=False, silent=False)
            report["cells"] = int(report["cells"]) + 1  # type: ignore[call-overload]
            report["pictures"] = int(report["pictures"]) + sum(  # type: ignore[call-overload]
                1 for output in captured.outputs if any(kind.startswith("image/") for kind in output.data)
            )
            report["stderr"] = str(report["stderr"]) + captured.stderr
            failure = result.error_before_exec or result.error_in_exec
            if failure is not None:
                report["error"] = "".join(traceback.format_exception(failure))[-3000:]
                break
    finally:
        os.chdir(here)
    report["seconds"] = round(time.perf_counter() - start, 1)
    return report


for _chapter in CHAPTERS:
    print("CHAPTER-RUN " + json.dumps(_run_chapter(_chapter)), flush=True)
print("CHAPTER-RUNS-DONE", flush=True)
