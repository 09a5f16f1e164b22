"""The saved state of a chapter's widgets: what the book draws and JupyterLab shows before anything runs.

The state is asked of the chapter's kernel once its last cell has run (:data:`CAPTURE`, run there as
one more cell), and kept for the widgets the chapter displays and the models they hold only, default
values left out, each model named by the order in which the chapter shows it, so that a rerun of an
unchanged chapter writes the same notebook. ``tools/notebooks.py`` stores it in the notebook's
metadata, and the test run that checks the chapters with nbval asks the kernel of that run for it again
and compares (the root ``conftest.py``).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

#: The notebook metadata that holds the widgets' state (under the ``widgets`` key).
STATE = "application/vnd.jupyter.widget-state+json"
#: The output of a widget: it names the widget's model.
VIEW = "application/vnd.jupyter.widget-view+json"
#: A model named in another model's state.
REFERENCE = re.compile(r"IPY_MODEL_([0-9a-f]{32})")

#: Run in the chapter's kernel after its last cell: prints the state of every widget still open, as
#: JSON on one line (the names it defines start with ``_st_``, after the chapter's own). Values equal to
#: their Python default are left out, as JupyterLab leaves out those equal to the JavaScript model's
#: defaults: the two agree for ipywidgets' own models, not for others (anywidget's model knows neither
#: its view's name nor its code in JavaScript), whose values are all kept.
CAPTURE = """\
import json as _st_json, ipywidgets as _st_widgets
from ipywidgets.widgets.widget import _instances as _st_open
_st_state = _st_widgets.Widget.get_manager_state(drop_defaults=True)['state']
for _st_id, _st_widget in _st_open.items():
    if not type(_st_widget).__module__.startswith('ipywidgets.'):
        _st_state[_st_id] = _st_widget._get_embed_state(drop_defaults=False)
print(_st_json.dumps(_st_state, sort_keys=True))
"""


def displayed(outputs: Iterable[Mapping[str, Any]]) -> list[str]:
    """The models of the widgets among ``outputs`` (a chapter's outputs, cell after cell), in order."""
    return [output["data"][VIEW]["model_id"] for output in outputs if VIEW in output.get("data", {})]


def model_name(place: int) -> str:
    """The name of the ``place``-th model a chapter shows (0 first): an id of the kernel's form."""
    return hashlib.sha256(f"spades_teach widget {place}".encode()).hexdigest()[:32]


def saved(shown: Sequence[str], state: Mapping[str, Any]) -> tuple[dict[str, str], dict[str, Any]]:
    """The models reachable from the widgets ``shown`` (kernel ids), renamed by :func:`model_name` in
    the order they are met, and their states with every reference renamed: ``(names, state)``, where
    ``names`` maps each kernel id to its name. A widget shown but no longer open has no state."""
    names: dict[str, str] = {}
    queue = deque(shown)
    while queue:
        model = queue.popleft()
        if model in names or model not in state:
            continue
        names[model] = model_name(len(names))
        queue.extend(REFERENCE.findall(json.dumps(state[model], sort_keys=True)))
    renamed = {
        names[model]: json.loads(
            REFERENCE.sub(lambda found: "IPY_MODEL_" + names[found.group(1)], json.dumps(state[model], sort_keys=True))
        )
        for model in names
    }
    return names, renamed


def metadata(state: Mapping[str, Any]) -> dict[str, Any]:
    """The notebook's ``widgets`` metadata for ``state`` (as JupyterLab and the book read it)."""
    return {STATE: {"version_major": 2, "version_minor": 0, "state": dict(state)}}


def stored(notebook: Mapping[str, Any]) -> dict[str, Any]:
    """The widgets' state a notebook holds (none: ``{}``)."""
    return dict(notebook.get("metadata", {}).get("widgets", {}).get(STATE, {}).get("state", {}))


def differences(want: Mapping[str, Any], got: Mapping[str, Any], limit: int = 5) -> list[str]:
    """The first ``limit`` differences between two saved states, one line each."""
    found: list[str] = []
    for model in sorted(set(want) | set(got)):
        if model not in want or model not in got:
            where = "stored only" if model in want else "in the run only"
            found.append(f"model {model} ({(want.get(model) or got[model])['model_name']}): {where}")
            continue
        a, b = want[model].get("state", {}), got[model].get("state", {})
        for field in sorted(set(a) | set(b)):
            if a.get(field) != b.get(field):
                found.append(f"model {model} field {field}: stored {a.get(field)!r:.200} / run {b.get(field)!r:.200}")
        if {k: v for k, v in want[model].items() if k != "state"} != {
            k: v for k, v in got[model].items() if k != "state"
        }:
            found.append(f"model {model}: its name, module or buffers differ")
    return found[:limit]
