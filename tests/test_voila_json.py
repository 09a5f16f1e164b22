"""A bare ``voila notebooks/`` (or JupyterLab's "Render with Voilà") takes its settings from the
project's ``voila.json``, not from the app's command line: they must keep out what the app keeps out
(the JupyterLite kernel extension, whose errors would fill the console). The chapters opened that way
in a browser are in tests/test_browser_console.py (no console message, no failed request, no code)."""

from __future__ import annotations

import json
from pathlib import Path

from spades_teach.app import VOILA_SKIPPED_EXTENSIONS

ROOT = Path(__file__).resolve().parents[1]


def test_voila_json_keeps_out_what_the_app_keeps_out() -> None:
    config = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]
    assert config["template"] == "spades_teach"
    assert set(config["extension_denylist"]) == set(VOILA_SKIPPED_EXTENSIONS)
    # a chapter's text shows at once, its outputs as it runs (issue #28), on every Voila path: a bare
    # voila (this file), the app and the tutorial's JupyterLab (the package's copy, checked below)
    assert config["progressive_rendering"] is True
    shipped = ROOT / "spades_teach" / "data" / "jupyter" / "voila.json"
    assert json.loads(shipped.read_text()) == json.loads((ROOT / "voila.json").read_text())


def test_no_keep_alive_ping_closes_a_page_s_sockets() -> None:
    """jupyter_server's WebSocket pings, with a timeout equal to their 30 s interval (more than that,
    tornado 6.5 cuts it with a warning), closed every socket at its first ping, 30 s after it opened:
    a kernel's reconnected, with a warning in the log, and a progressively rendered page's run lost
    all the cells after that (chapter 17 runs for longer). The servers run on 127.0.0.1: no pings."""
    jupyter = ROOT / "spades_teach" / "data" / "jupyter"
    voila = json.loads((jupyter / "voila.json").read_text())["Voila"]["tornado_settings"]
    lab = json.loads((jupyter / "jupyter_server_config.json").read_text())["ServerApp"]
    assert voila["ws_ping_interval"] == 0 and "ws_ping_timeout" not in voila
    assert lab["tornado_settings"]["ws_ping_interval"] == 0 and "ws_ping_timeout" not in lab["tornado_settings"]
    # the tutorial's JupyterLab, where Voila runs inside the server: the runs' handler changed there too
    assert lab["jpserver_extensions"]["spades_teach.app.voila_runs"] is True
