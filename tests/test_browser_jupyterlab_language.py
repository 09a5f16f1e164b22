"""JupyterLab's menus in the chapter's language, in a real browser: the tutorial's JupyterLab (started as
tools/tutorial.sh starts it, with the package's Jupyter folder on JUPYTER_PATH) opens a French chapter
with French menus and a Spanish one with Spanish menus (the language packs of the ``tutorial`` extra,
switched by the extension spades_teach/data/jupyter/labextensions/spades-teach-language), and an
English chapter with English menus again; a notebook that is no chapter is left in the language the
reader chose."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _jupyterlab import OURS, served_jupyterlab

pytestmark = [pytest.mark.slow, pytest.mark.browser]

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "spades-teach-language-test"
#: A chapter's name, in the three folders of the tutorial's chapters.
CHAPTER = "00_a_hand_in_ten_minutes.ipynb"
#: The first entry of the menu bar in each language (JupyterLab's language packs).
FILE_MENU = {"en": "File", "fr": "Fichier", "es": "Archivo"}

NOTEBOOK = {
    "cells": [{"cell_type": "markdown", "metadata": {}, "source": ["A chapter's first cell."]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab serving a chapter in English, French and Spanish, and a notebook that is no chapter."""
    folder = tmp_path_factory.mktemp("chapters")
    for sub in ("", "fr", "es"):
        (folder / sub).mkdir(exist_ok=True)
        (folder / sub / CHAPTER).write_text(json.dumps(NOTEBOOK), encoding="utf-8")
    (folder / "scratch.ipynb").write_text(json.dumps(NOTEBOOK), encoding="utf-8")
    env = {"JUPYTER_CONFIG_PATH": f"{OURS / 'tutorial'}:{OURS}", "LANG": "C.UTF-8"}
    with served_jupyterlab(folder, TOKEN, env=env) as base:
        yield base


def _menu_bar(page: Any) -> str:
    """The menu bar's first entry once the page has settled in its language."""
    entry = page.locator("#jp-menu-panel .lm-MenuBar-itemLabel").first
    entry.wait_for(timeout=120_000)
    return str(entry.inner_text())


def _open(context: Any, lab: str, path: str) -> Any:
    """Open ``path`` in its own workspace and wait for the notebook (after the page's one reload)."""
    workspace = path.replace("/", "-").replace(".ipynb", "")
    page = context.new_page()
    page.goto(f"{lab}/lab/workspaces/{workspace}/tree/{path}?reset&token={TOKEN}")
    page.wait_for_function(
        "() => document.body.dataset.stLanguage && document.body.dataset.stLanguage !== 'switching'",
        timeout=120_000,
    )
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=120_000)
    return page


def test_each_chapter_opens_with_the_menus_in_its_language(browser: Any, lab: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    context.on("weberror", lambda error: errors.append(str(error.error)))
    try:
        for language, path in (("fr", f"fr/{CHAPTER}"), ("es", f"es/{CHAPTER}"), ("en", CHAPTER)):
            page = _open(context, lab, path)
            assert page.evaluate("document.body.dataset.stLanguage") == language
            assert _menu_bar(page) == FILE_MENU[language], path
            page.close()
        # a notebook that is no chapter keeps the language in use (English, the last chapter's)
        page = context.new_page()
        page.goto(f"{lab}/lab/workspaces/scratch/tree/scratch.ipynb?reset&token={TOKEN}")
        page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=120_000)
        assert _menu_bar(page) == FILE_MENU["en"]
        assert page.evaluate("document.body.dataset.stLanguage") is None
    finally:
        context.close()
    assert errors == []
