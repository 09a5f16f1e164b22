"""The Voila app without a server: the shipped notebooks, the Voila command, serve() with a
fake runner, and the replay page's helpers. (The real server is in test_browser_app.py.)"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import nbformat
import pytest

from spades_teach import Round
from spades_teach.app import (
    APP_NOTEBOOKS,
    AppError,
    app_notebooks,
    bot_replay,
    copy_notebooks,
    launcher,
    packaged_records,
    replay_picker,
    serve,
    voila_command,
)
from spades_teach.game import replays
from spades_teach.game.replays import list_records, load_record
from spades_teach.widgets import BidAdvisorView, CardTable, ReplayView, ScoreCalculator


def _code_cells(path: Path) -> list[str]:
    notebook = nbformat.read(path, as_version=4)
    return [cell.source for cell in notebook.cells if cell.cell_type == "code"]


def _run_cells(path: Path) -> list[Any]:
    """Run a notebook's code cells in one namespace; returns each cell's last value
    (what Voila would display)."""
    namespace: dict[str, Any] = {}
    shown = []
    for source in _code_cells(path):
        *body, last = source.strip().splitlines()
        exec("\n".join(body), namespace)
        shown.append(eval(last, namespace))
    return shown


def test_the_package_ships_both_notebooks_valid_and_without_outputs() -> None:
    paths = app_notebooks()
    assert [p.name for p in paths] == list(APP_NOTEBOOKS)
    for path in paths:
        notebook = nbformat.read(path, as_version=4)
        nbformat.validate(notebook)
        assert notebook.metadata["kernelspec"]["name"] == "python3"
        code = [cell for cell in notebook.cells if cell.cell_type == "code"]
        assert code and all(cell.outputs == [] and cell.execution_count is None for cell in code)
        assert all(len(cell.source.splitlines()) <= 3 for cell in code)  # Voila hides code: keep it short
        # no English text in a markdown cell: the page's words come from the catalogs (page_top)
        assert all(cell.cell_type == "code" for cell in notebook.cells)
        assert code[0].source.splitlines()[-1] == f'page_top("{path.stem}")'


def _widget(path: Path) -> Any:
    """What a page shows under its top (its last cell's value)."""
    top, widget = _run_cells(path)
    assert isinstance(top, widgets.HTML) and "st-app-top" in top.value
    return widget


def test_the_play_notebook_shows_the_card_table_on_a_random_deal() -> None:
    first = _widget(app_notebooks()[0])
    second = _widget(app_notebooks()[0])
    assert isinstance(first, CardTable) and isinstance(second, CardTable)
    assert first.game.phase == "bidding" and first.game.to_act == "S"
    assert first.view["message"] == "" and first.game.origin == "a new random deal"
    assert first.game.code != second.game.code  # each visit deals new cards


def test_the_advisor_score_and_replay_notebooks_show_their_widget() -> None:
    notebooks = {path.name: path for path in app_notebooks()}
    advisor = _widget(notebooks["advisor.ipynb"])
    assert isinstance(advisor, BidAdvisorView) and advisor.advice is None
    calculator = _widget(notebooks["score.ipynb"])
    assert isinstance(calculator, ScoreCalculator) and calculator.error == ""
    picker = _widget(notebooks["replay.ipynb"])
    replays = [child for child in picker.children if isinstance(child, ReplayView)]
    assert len(replays) == 1 and replays[0].error == ""


def test_the_daily_challenge_notebook_deals_the_deal_of_the_day() -> None:
    from spades_teach import Deal

    table = _widget({path.name: path for path in app_notebooks()}["daily.ipynb"])
    assert table.game.code == Deal.of_the_day().code and table.game.origin == "the deal of the day"


def test_copy_notebooks_makes_identical_copies(tmp_path: Path) -> None:
    copies = copy_notebooks(tmp_path / "app")
    assert [c.name for c in copies] == list(APP_NOTEBOOKS)
    for copy, original in zip(copies, app_notebooks()):
        assert copy.parent == tmp_path / "app"
        assert copy.read_bytes() == original.read_bytes()


def test_voila_command_listens_on_localhost_only() -> None:
    command = voila_command("/some/folder", port=9000, open_browser=True)
    assert command[:4] == [sys.executable, "-m", "voila", "/some/folder"]
    assert "--port=9000" in command and "--Voila.ip=127.0.0.1" in command
    assert "--no-browser" not in command
    assert "--no-browser" in voila_command("/some/folder", port=9000, open_browser=False)


@pytest.mark.parametrize("port", [0, -1, 65536, True, "8866"])
def test_bad_ports_are_refused(port: Any) -> None:
    with pytest.raises(AppError, match="out of range"):
        voila_command("/x", port=port)
    with pytest.raises(AppError, match="out of range"):
        serve(port=port, runner=lambda command: 0)


def test_serve_runs_voila_over_a_temporary_copy_and_cleans_up(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SPADES_TEACH_BOOK", "")  # no built book, whatever this checkout holds
    seen: dict[str, Any] = {}

    def fake(command: Sequence[str]) -> int:
        folder = Path(command[3])
        seen["command"] = list(command)
        seen["folder"] = folder
        seen["files"] = sorted(p.name for p in folder.iterdir())
        seen["home"] = (
            folder.parent / "jupyter" / "voila" / "templates" / "spades_teach" / "tree-lab.html"
        ).read_text()
        return 7

    assert serve(port=8123, open_browser=False, runner=fake) == 7
    trust = seen["folder"].parent / "trust"
    assert seen["command"] == voila_command(seen["folder"], port=8123, open_browser=False, trust=trust)
    assert seen["files"] == sorted([*APP_NOTEBOOKS, "chapters"])  # no book: the chapters run here
    assert launcher.app_folder() not in seen["folder"].parents
    assert not seen["folder"].exists()  # removed once the server stopped
    assert "set lang = asked.value or 'en'" in seen["home"]  # the home page, in the language in use
    assert "http://127.0.0.1:8123/" in capsys.readouterr().out


def test_serve_treats_ctrl_c_as_a_normal_stop() -> None:
    def interrupted(command: Sequence[str]) -> int:
        raise KeyboardInterrupt

    assert serve(port=8124, runner=interrupted) == 0


def test_serve_without_voila_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(launcher.importlib.util, "find_spec", lambda name: None)
    with pytest.raises(AppError, match=r"pip install 'spades_teach\[tutorial\]'"):
        serve(port=8125)


def test_missing_notebooks_are_reported(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(launcher, "app_folder", lambda: tmp_path)
    with pytest.raises(
        AppError,
        match=r"play\.ipynb, advisor\.ipynb, score\.ipynb, replay\.ipynb, daily\.ipynb, progress\.ipynb are missing",
    ):
        app_notebooks()


def test_packaged_records_are_the_replays_records() -> None:
    records = packaged_records()
    assert [name for name, _ in records] == list_records()
    name, record = records[0]
    assert json.dumps(record.to_json(), sort_keys=True) == json.dumps(load_record(name).to_json(), sort_keys=True)


def test_replay_picker_opens_the_worked_example_and_switches_records() -> None:
    picker = replay_picker()
    choice, _lead, _review, view = picker.children
    assert isinstance(choice, widgets.Dropdown) and isinstance(view, ReplayView)
    titles = [label for label, _ in choice.options]
    assert titles == [record.title or name for name, record in packaged_records()]
    assert titles[choice.value] == load_record("spanish_example").title
    view.to_end()
    other = (choice.value + 1) % len(titles)
    choice.value = other
    assert view.error == ""
    assert view.step == 0 and titles[other] in view.title_html.value


def test_bot_replay_is_a_complete_reproducible_hand_with_notes_on_south_cards() -> None:
    round, notes = bot_replay(seed=5, level="easy")
    again, notes_again = bot_replay(seed=5, level="easy")
    assert isinstance(round, Round) and round.is_complete
    assert [str(e) for e in round.history] == [str(e) for e in again.history] and notes == notes_again
    south_cards = [
        i for i, e in enumerate(round.history) if getattr(e, "card", None) is not None and e.seat.name == "S"
    ]
    assert sorted(notes) == south_cards
    assert all(text.startswith("South plays ") for text in notes.values())


def test_replay_picker_falls_back_to_a_bot_hand_without_records(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(replays, "packaged_records", lambda: [])
    picker = replay_picker(seed=3)
    view = picker.children[-1]
    assert isinstance(view, ReplayView)
    assert len(view.events) == 4 + 52


def test_the_replay_page_reviews_what_each_card_cost_and_clears_it_for_another_game() -> None:
    from spades_teach.app import replay_picker

    choice, _lead, row, view = replay_picker().children
    button, verdict = row.children
    button.click()
    costs = view.costs
    assert len(costs) == 52 and view.error == ""
    costly = [c for c in costs if c.cost > 0 or c.nil_lost]
    assert verdict.value.startswith(f"{52 - len(costly)} of 52 cards were best cards for their side")
    assert f"cost {sum(c.cost for c in costly):g} points in all" in verdict.value
    assert any("st-mark" in css for css, _ in view._marks.values())
    choice.value = (choice.value + 1) % len(choice.options)  # another game: the old review goes away
    assert verdict.value == "" and view._marks == {}


def test_teach_me_is_on_for_a_new_learner_and_stays_as_the_learner_left_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Play page's table: Teach me on when the learner never switched it; switched off, it is off
    on the next visit (kept in the learner's data folder), and on again once switched back."""
    monkeypatch.setenv("SPADES_TEACH_DATA_DIR", str(tmp_path))
    first = _widget(app_notebooks()[0])
    assert isinstance(first, CardTable) and first.game.teach and first.view["teach"] is True
    first.send_action({"action": "set", "name": "teach", "value": False})
    assert json.loads((tmp_path / "app.json").read_text(encoding="utf-8")) == {"teach_me": False}
    second = _widget(app_notebooks()[0])
    assert second.game.teach is False and second.view["teach"] is False
    second.send_action({"action": "set", "name": "teach", "value": True})
    assert _widget(app_notebooks()[0]).game.teach is True


def test_a_settings_file_that_cannot_be_read_leaves_teach_me_on(tmp_path: Path) -> None:
    from spades_teach.app import remember_teach_me, teach_me_setting

    (tmp_path / "app.json").write_text("{not json", encoding="utf-8")
    assert teach_me_setting(tmp_path) is True
    (tmp_path / "app.json").write_text('{"teach_me": "off"}', encoding="utf-8")
    assert teach_me_setting(tmp_path) is True  # not a yes or no: the default
    remember_teach_me(False, tmp_path / "app.json")  # a folder that is a file: nothing kept, no error
    assert teach_me_setting(tmp_path) is True


def test_serve_hands_voila_notebooks_signed_with_a_notary_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Voila, given the same notary (``--NotebookNotary.data_dir``), finds every page trusted: no
    "Notebook play.ipynb is not trusted" in the server's output (tests/test_browser_console.py)."""
    from nbformat.sign import NotebookNotary

    monkeypatch.setenv("SPADES_TEACH_BOOK", "")
    seen: dict[str, Any] = {}

    def fake(command: Sequence[str]) -> int:
        folder = Path(command[3])
        option = next(part for part in command if part.startswith("--NotebookNotary.data_dir="))
        with NotebookNotary(data_dir=option.split("=", 1)[1]) as notary:
            seen["trusted"] = {
                p.name: notary.check_signature(nbformat.read(p, as_version=4)) for p in folder.glob("*.ipynb")
            }
            seen["chapters"] = {
                notary.check_signature(nbformat.read(p, as_version=4)) for p in folder.rglob("chapters/**/*.ipynb")
            }
        with NotebookNotary(data_dir=str(tmp_path)) as stranger:  # another notary (the learner's) trusts none
            seen["elsewhere"] = {
                stranger.check_signature(nbformat.read(p, as_version=4)) for p in folder.glob("*.ipynb")
            }
        return 0

    assert serve(port=8125, open_browser=False, runner=fake) == 0
    assert seen["trusted"] == dict.fromkeys(APP_NOTEBOOKS, True)
    assert seen["chapters"] == {True}  # the chapters the app runs (no built book here) too
    assert seen["elsewhere"] == {False}


def test_the_replay_page_opens_with_one_plain_line_saying_what_the_replay_shows() -> None:
    """Under the chooser, before the record's own long description: which deal (its title), whose
    cards (all four, and who deals) and what to click (the replay's Card and Trick buttons)."""
    import html
    import re

    from spades_teach.i18n import language

    def lead_text(picker: Any) -> str:
        lead = picker.children[1]
        assert "st-app-replay-lead" in lead._dom_classes
        return html.unescape(re.sub(r"<[^>]+>", "", lead.value))

    picker = replay_picker()
    view = next(child for child in picker.children if isinstance(child, ReplayView))
    first = lead_text(picker)
    assert first.startswith("The worked example: 7 bid, 8 made — all four hands face up, North deals.")
    assert "Press Card for the next bid or card, or Trick for a whole trick" in first
    assert "\n" not in first and len(first) < 220
    assert {view.buttons["next"].description, view.buttons["next-trick"].description} == {"Card", "Trick"}
    choice = picker.children[0]
    other = next(value for _label, value in choice.options if value != choice.value)
    choice.value = other
    assert lead_text(picker).startswith(packaged_records()[other][1].title + " — ")
    with language("fr"):
        french = lead_text(replay_picker())
    assert french.startswith("L'exemple commenté : 7 annoncés, 8 faits — ")
