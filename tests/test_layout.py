"""The package's layout holds: module-level imports form no cycle, and nobody
imports a private name of the card modules (their shared tables are exported
from ``game/_bits.py`` under package-internal names)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "spades_teach"
CARD_MODULES = {"spades_teach.game.cards", "spades_teach.game._bits", "spades_teach.game.notation"}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def _top_level_imports(tree: ast.Module) -> list[ast.ImportFrom | ast.Import]:
    """The imports run when the module is imported (not those for the type checker,
    not those inside functions)."""
    found: list[ast.ImportFrom | ast.Import] = []
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If) and not _is_type_checking(node):
            pending.extend(node.body + node.orelse)
        elif isinstance(node, ast.Try):
            pending.extend(node.body + node.orelse + node.finalbody)
    return found


def _modules() -> dict[str, ast.Module]:
    return {_module_name(p): ast.parse(p.read_text(encoding="utf-8")) for p in PACKAGE.rglob("*.py")}


def _import_graph(modules: dict[str, ast.Module]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, tree in modules.items():
        for node in _top_level_imports(tree):
            targets = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            if isinstance(node, ast.ImportFrom) and node.module:
                # "from spades_teach.cli import score" imports the submodule score
                targets += [f"{node.module}.{a.name}" for a in node.names]
            graph[name] |= {t for t in targets if t in modules and t != name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_module_level_imports_form_no_cycle_in_the_game_layer() -> None:
    graph = _import_graph(_modules())
    game = {name: {t for t in targets if t.startswith("spades_teach.game")} for name, targets in graph.items()}
    game = {name: targets for name, targets in game.items() if name.startswith("spades_teach.game")}
    assert _cycle(game) is None, " -> ".join(_cycle(game) or [])


def test_the_card_tables_sit_under_the_value_types() -> None:
    graph = _import_graph(_modules())
    assert graph["spades_teach.game._bits"] == set()
    assert graph["spades_teach.game.notation"] <= {"spades_teach.errors"}
    assert "spades_teach.game.cards" not in graph["spades_teach.game.seating"]
    assert {"spades_teach.game._bits", "spades_teach.game.notation"} <= graph["spades_teach.game.cards"]


def test_no_module_imports_a_private_name_of_the_card_modules() -> None:
    offenders = []
    for name, tree in _modules().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in CARD_MODULES and node.module != name:
                offenders += [f"{name}: {a.name}" for a in node.names if a.name.startswith("_")]
    assert offenders == []


def test_the_command_line_is_one_module_per_command() -> None:
    from spades_teach import cli

    modules = {p.stem for p in (PACKAGE / "cli").glob("*.py")} - {"__init__", "__main__", "common"}
    assert {name.replace("-", "_") for name in cli.COMMANDS} == modules
