"""What the app remembers for a learner: whether the Play page's Teach me is on.

A learner who has never touched the switch gets Teach me on (the hint is the page's way of teaching);
one who turned it off finds it off on the next visit, and on again once turned back on. The choice is
kept in ``app.json`` in the learner's data folder, the folder of the drills' progress
(:func:`spades_teach.widgets.drill.progress_dir`: ``$SPADES_TEACH_DATA_DIR`` when set). A file that
cannot be read or written changes nothing but the memory: the page still opens, with Teach me on.

>>> import tempfile
>>> folder = tempfile.mkdtemp()
>>> teach_me_setting(folder)
True
>>> remember_teach_me(False, folder)
>>> teach_me_setting(folder)
False
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["SETTINGS_FILE", "play_table", "remember_teach_me", "settings_path", "teach_me_setting"]

#: The file of the app's settings in the learner's data folder.
SETTINGS_FILE = "app.json"


def settings_path(folder: str | Path | None = None) -> Path:
    """The settings file: in ``folder``, else in the learner's data folder."""
    if folder is None:
        from spades_teach.widgets.drill import progress_dir

        folder = progress_dir()
    return Path(folder) / SETTINGS_FILE


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def teach_me_setting(folder: str | Path | None = None) -> bool:
    """Whether Teach me starts on: what the learner chose last, on if never chosen."""
    value = _read(settings_path(folder)).get("teach_me")
    return value if isinstance(value, bool) else True


def remember_teach_me(on: bool, folder: str | Path | None = None) -> None:
    """Keep the learner's choice (the file's other settings kept); a failure to write is not an error."""
    path = settings_path(folder)
    data = _read(path)
    data["teach_me"] = bool(on)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        spare = path.with_suffix(".tmp")
        spare.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        spare.replace(path)
    except OSError:
        pass


def play_table(folder: str | Path | None = None, **options: Any) -> Any:
    """The Play page's :class:`~spades_teach.widgets.cardtable.CardTable` (``options`` are its
    own), with Teach me as the learner left it (:func:`teach_me_setting`) unless ``teach`` is
    given; each time the learner switches Teach me, the choice is remembered."""
    from spades_teach.widgets.cardtable import CardTable

    options.setdefault("teach", teach_me_setting(folder))
    table = CardTable(**options)
    shown = {"teach": bool(table.game.teach)}

    def keep(change: dict[str, Any]) -> None:
        on = bool((change.get("new") or {}).get("teach", shown["teach"]))
        if on != shown["teach"]:
            shown["teach"] = on
            remember_teach_me(on, folder)

    table.observe(keep, names="view")
    return table
