"""The Voila internals that spades_teach.app.voila_runs and voila_kernels change are those of the pinned
Voila (0.5.8, pyproject.toml), word for word.

Both modules reach into private parts of Voila (the handler of a page's run, the handler of its
leaving, the kernel manager it takes) and of Jupyter Server and tornado beneath it. When the pinned
Voila changes, this test names the code to read again before the pin moves: each piece of Voila the
patches rely on is kept here by the digest of its source, read from the installed file (the patches
replace the methods in memory, never in the file). The pieces of Jupyter Server, jupyter_client and
tornado, which are not pinned, are checked by the names and signatures the patches call.
"""

from __future__ import annotations

import ast
import hashlib
import importlib
import inspect
from pathlib import Path

import pytest

#: The Voila the patches were written for (pyproject.toml pins it).
VOILA = "0.5.8"
#: Voila's pieces the patches rely on: (module, class, method or None for the whole class) -> the
#: sha256 of its source in the pinned release.
VOILA_SOURCES = {
    # voila_runs replaces on_message, on_close and write_message, reads _kernel_id, _executor and
    # _execution_data, and looks for JUPYTER_SERVER_2 beside it
    ("voila.tornado.execution_request_handler", "ExecutionRequestHandler", None): (
        "ac492024716bd2d99a1ac5b5d5cfa8c57dfd0b2c3a5223a8372b5727e3040db6"
    ),
    # the page's beacon: voila_kernels answers it at once, as this handler awaits its shutdown_kernel
    ("voila.shutdown_kernel_handler", "VoilaShutdownKernelHandler", None): (
        "ee4d9a90b9baf1fed93af9054139f387997702c60ee67e49bb4cb18439818e02"
    ),
    # the kernel manager Voila builds on the one voila.json names (multi_kernel_manager_class)
    ("voila.voila_kernel_manager", None, "voila_kernel_manager_factory"): (
        "97982b8714294b0655ce591047cd73c1122e774f324c734cfd81779619567cf2"
    ),
}


def _source(module_name: str, class_name: str | None, function: str | None) -> str:
    """The source of a class (its first definition in the file) or a function, as installed."""
    path = Path(inspect.getfile(importlib.import_module(module_name)))
    text = path.read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(text)):
        if class_name is not None and isinstance(node, ast.ClassDef) and node.name == class_name:
            if function is None:
                return ast.get_source_segment(text, node) or ""
            for member in node.body:
                if isinstance(member, (ast.FunctionDef, ast.AsyncFunctionDef)) and member.name == function:
                    return ast.get_source_segment(text, member) or ""
        if class_name is None and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == function:
            return ast.get_source_segment(text, node) or ""
    raise AssertionError(f"{module_name} has no {class_name or ''}.{function or ''} any more")


def test_voila_is_the_pinned_release() -> None:
    import voila

    assert voila.__version__ == VOILA, f"Voila {voila.__version__}: read the patches again (see VOILA_SOURCES)"


@pytest.mark.parametrize("piece", list(VOILA_SOURCES), ids=lambda piece: ".".join(p for p in piece if p))
def test_each_piece_of_voila_the_patches_rely_on_is_unchanged(piece: tuple[str, str | None, str | None]) -> None:
    digest = hashlib.sha256(_source(*piece).encode()).hexdigest()
    assert digest == VOILA_SOURCES[piece], (
        f"{'.'.join(p for p in piece if p)} changed under spades_teach.app.voila_runs / voila_kernels: "
        "read them again against the new code, then record its digest here"
    )


def _parameters(function: object) -> list[str]:
    return list(inspect.signature(function).parameters)  # type: ignore[arg-type]


def test_what_the_patches_call_in_jupyter_server_and_tornado_is_there() -> None:
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
    from tornado.websocket import WebSocketClosedError, WebSocketHandler

    # voila_runs: a kernel socket refused while its connection is gone (select_subprotocol, connection)
    assert _parameters(KernelWebsocketHandler.select_subprotocol) == ["self", "subprotocols"]
    assert "connection" in _source("jupyter_server.services.kernels.websocket", "KernelWebsocketHandler", None)
    # voila_runs: every message written to a page's socket (its future looked at)
    assert _parameters(WebSocketHandler.write_message) == ["self", "message", "binary"]
    assert issubclass(WebSocketClosedError, Exception)
    # voila_kernels: the kernel manager it subclasses, and what it calls there
    assert _parameters(AsyncMappingKernelManager.shutdown_kernel)[:4] == ["self", "kernel_id", "now", "restart"]
    assert _parameters(AsyncMappingKernelManager.shutdown_all) == ["self", "now"]
    for name in ("_check_kernel_id", "interrupt_kernel", "get_kernel", "__contains__"):
        assert callable(getattr(AsyncMappingKernelManager, name, None)), name
    manager = AsyncMappingKernelManager()
    assert isinstance(manager._pending_kernels, dict) and isinstance(manager._kernels, dict)
