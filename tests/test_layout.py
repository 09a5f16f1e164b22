"""The package's layout holds: every import (at module level or inside a function) goes down
the layers or stays in its own, no two modules import each other (directly or round a loop),
and nobody imports a private name of the card modules (their shared tables are exported from
``game/_bits.py`` under package-internal names).

The layers, lowest first (docs/architecture.md): ``errors.py``, ``_text.py``, ``i18n.py`` and ``terms.py``; ``game/``, itself
in two tiers (cards and notation, then the rules kernel, the hand, scoring and the match); the
double-dummy ``solver/``; ``advice/`` (with the package's own ``__init__``, which gathers the game
and the advice); ``analysis/``; ``render/``; ``widgets/``; ``app/`` (launcher, pages, home page, and the patches of Voila's internals); ``cli/``; ``__main__.py``.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "spades_teach"
CARD_MODULES = {"spades_teach.game.cards", "spades_teach.game._bits", "spades_teach.game.notation"}

#: The layers, lowest first: a module may import its own layer and those before it.
LAYERS: tuple[frozenset[str], ...] = tuple(
    frozenset(f"spades_teach.{name}" if name else "spades_teach" for name in layer)
    for layer in (
        {"errors", "_text", "i18n", "terms"},
        # game, tier 1: how cards, hands, seats, bids and the rule options are written and held
        {"game", "game.notation", "game._bits", "game.cards", "game.seating", "game.bids", "game.rules"},
        # game, tier 2: the rules kernel (and its compiled twin), the hand, scoring, the match and its records
        {"game.kernel", "game._kernel", "game.deals", "game.scoring", "game.round", "game.twoplayer", "game.match"}
        | {"game.records", "game.replays"},
        {"solver"},
        {"advice", ""},  # "": the package's __init__, which re-exports the game and the advice
        {"analysis"},
        {"render"},
        {"widgets"},
        {"app"},
        {"cli"},
        {"__main__"},
    )
)

#: The deliberate imports up the layers, each (importer, imported) with its reason. Each one is made
#: inside a function, when that function is called, never when the module is imported.
UPWARD_ALLOWED: dict[tuple[str, str], str] = {
    # Notebook display: a core type renders itself with the renderer of render/ (python-chess's
    # _repr_svg_ pattern), importing it only when Jupyter asks for the HTML.
    ("spades_teach.game.cards", "spades_teach.render.html"): "Card._repr_html_ and Hand._repr_html_",
    ("spades_teach.game.deals", "spades_teach.render.html"): "Deal._repr_html_",
    ("spades_teach.game.kernel", "spades_teach.render.html"): "Trick._repr_html_",
    ("spades_teach.game.round", "spades_teach.render.html"): "Round._repr_html_",
    # The trick rule lives in the kernel alone (kernel:card_beats), which is built on the card
    # types; Card.beats is the value type's door to it, asked at call time rather than copied down.
    ("spades_teach.game.cards", "spades_teach.game.kernel"): "Card.beats asks kernel.card_beats",
}


#: The package's own modules imported inside a function rather than at the top of the importer,
#: by reason: an optional compiled part, an import that would cost time where it is not needed
#: (measured on the 2-core machine), a package's attribute loaded on first use. Each import is
#: written "importer -> imported", names inside ``spades_teach``. Any other import of the
#: package's own modules is made at module level (the upward ones are UPWARD_ALLOWED's).
FUNCTION_IMPORTS: dict[str, tuple[str, ...]] = {
    "optional: a compiled part, the pure-Python form answering when it is not built": (
        "game.kernel -> game._kernel",
        "solver.backend -> solver._ddcore",
        "solver.backend -> solver._wasm_core",
    ),
    "import time: `import spades_teach` loads no solver (40-70 ms); it comes with the first solve": (
        "advice.position -> solver",
        "advice.principles -> solver",
    ),
    "import time: the puzzles (about 50 ms) load for the one drill that asks for them, and its record": (
        "analysis.drills -> analysis.puzzles",
        "analysis.learner_record -> analysis.puzzles",
    ),
    "import time: the review and the records (30-60 ms each) load at their first use": (
        "widgets.replay -> analysis.card_cost",
        "widgets.replay -> game.records",
    ),
    "import time: the app loads the widgets (about 0.6 s: ipywidgets, anywidget) when a page is drawn": (
        "app -> game.replays",
        "app -> widgets.progress",
        "app.pages -> game.replays",
        "app.pages -> widgets",
        "app.pages -> widgets.base",
        "app.settings -> widgets.drill",
        "app.settings -> widgets.cardtable",
    ),
    "import time: the command line starts fast, each command loading its own work (30-160 ms)": (
        "cli.analyze -> analysis.parallel",
        "cli.analyze -> analysis.simulate",
        "cli.analyze_record -> analysis.card_cost",
        "cli.app -> app",
    ),
    "first use: a package's attribute (PEP 562 __getattr__), anywidget only with its widget": (),
    "habit, in modules being rewritten: to hoist with the rewrite (no import time saved)": (
        "analysis.challenge -> game.seating",
        "widgets.exercise -> solver",
        "widgets.exercise -> advice.bidding",
        "widgets.exercise -> advice.nil_check",
        "widgets.exercise -> widgets.replay",
    ),
}


def _declared_function_imports() -> set[tuple[str, str]]:
    pairs = set()
    for imports in FUNCTION_IMPORTS.values():
        for written in imports:
            importer, _arrow, imported = written.partition(" -> ")
            pairs.add((f"spades_teach.{importer}", f"spades_teach.{imported}"))
    return pairs


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


@functools.cache
def _modules() -> dict[str, ast.Module]:
    """Every module of the package, parsed once (read it, never change it): the Python modules
    and the compiled extensions, read from their stubs (``_kernel.pyi``, ``_ddcore.pyi``)."""
    stubs = [p for p in PACKAGE.rglob("*.pyi") if not p.with_suffix(".py").exists()]
    return {_module_name(p): ast.parse(p.read_text(encoding="utf-8")) for p in [*PACKAGE.rglob("*.py"), *stubs]}


def _is_stub(module: str) -> bool:
    """Whether ``module`` is a compiled extension, known by its stub: its imports are for the
    type checker alone (a stub never runs), and the extension imports nothing of the package."""
    return (PACKAGE.parent / module.replace(".", "/")).with_suffix(".pyi").exists() and not (
        PACKAGE.parent / module.replace(".", "/")
    ).with_suffix(".py").exists()


def _imports(tree: ast.Module) -> list[tuple[ast.Import | ast.ImportFrom, bool, bool]]:
    """Every import statement of a module, anywhere in it, with whether it runs only for the
    type checker (under ``if TYPE_CHECKING:``) and whether it sits inside a function."""
    found: list[tuple[ast.Import | ast.ImportFrom, bool, bool]] = []

    def visit(node: ast.AST, typing_only: bool, in_function: bool) -> None:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append((node, typing_only, in_function))
            return
        if isinstance(node, ast.If) and _is_type_checking(node):
            for statement in node.body:
                visit(statement, True, in_function)
            for statement in node.orelse:
                visit(statement, typing_only, in_function)
            return
        inner = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            visit(child, typing_only, inner)

    visit(tree, False, False)
    return found


def _targets(node: ast.Import | ast.ImportFrom, modules: dict[str, ast.Module]) -> set[str]:
    """The package's modules an import statement loads: ``from spades_teach.cli import score``
    loads the submodule ``score``; ``from spades_teach.game.cards import Card`` the module
    ``cards``; a compiled extension (``from spades_teach.game import _kernel``) is a module of
    its own, read from its stub."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    else:
        base = node.module or ""
        names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names]
    found = set()
    for name in names:
        while name and name not in modules:
            name = name.rpartition(".")[0]
        if name:
            found.add(name)
    return found


def _edges(*, runtime_only: bool) -> dict[tuple[str, str], bool]:
    """(importer, imported) -> whether every such import is inside a function. ``runtime_only``
    leaves out the imports made for the type checker alone (they never run)."""
    modules = _modules()
    edges: dict[tuple[str, str], bool] = {}
    for name, tree in modules.items():
        for node, typing_only, in_function in _imports(tree):
            typing_only = typing_only or _is_stub(name)
            if runtime_only and typing_only:
                continue
            for target in _targets(node, modules) - {name}:
                edges[name, target] = edges.get((name, target), True) and in_function
    return edges


def _graph(edges: dict[tuple[str, str], bool]) -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in _modules()}
    for importer, imported in edges:
        graph[importer].add(imported)
    return graph


def _layer(module: str) -> int:
    name = module
    while True:
        for number, layer in enumerate(LAYERS):
            if name in layer:
                return number
        if "." not in name:
            raise AssertionError(f"{module} is in no layer: add it to LAYERS in tests/test_layout.py")
        name = name.rpartition(".")[0]


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


def test_the_walk_finds_imports_inside_functions_and_for_the_type_checker() -> None:
    tree = ast.parse(
        "import os\n"
        "if TYPE_CHECKING:\n    import typing_only\n"
        "class A:\n    def f(self):\n        if x:\n            from deep import inner\n"
        "def g():\n    import lazy\n"
    )
    found = {(ast.unparse(node), typing_only, in_function) for node, typing_only, in_function in _imports(tree)}
    assert found == {
        ("import os", False, False),
        ("import typing_only", True, False),
        ("from deep import inner", False, True),
        ("import lazy", False, True),
    }


def test_every_module_is_in_a_layer() -> None:
    for name in _modules():
        _layer(name)


def test_imports_go_down_the_layers() -> None:
    """Every import, at module level, inside a function or for the type checker, goes to the
    importer's layer or one below it, except the few allowed above, which are made lazily."""
    upward = {
        (importer, imported): lazy
        for (importer, imported), lazy in _edges(runtime_only=False).items()
        if _layer(imported) > _layer(importer)
    }
    unexplained = sorted(pair for pair in upward if pair not in UPWARD_ALLOWED)
    assert unexplained == [], "imports up the layers: " + ", ".join(" -> ".join(pair) for pair in unexplained)
    eager = sorted(pair for pair, lazy in upward.items() if not lazy)
    assert eager == [], "allowed upward imports must be made inside a function: " + str(eager)
    stale = sorted(set(UPWARD_ALLOWED) - set(upward))
    assert stale == [], "UPWARD_ALLOWED lists imports that no longer exist: " + str(stale)


def test_no_import_cycle_between_modules() -> None:
    """No loop of imports that run (module level and inside functions; the type checker's imports
    never run), the allowed upward imports aside."""
    edges = {pair: lazy for pair, lazy in _edges(runtime_only=True).items() if pair not in UPWARD_ALLOWED}
    cycle = _cycle(_graph(edges))
    assert cycle is None, " -> ".join(cycle or [])


def test_the_solver_sits_between_the_game_and_the_advice() -> None:
    graph = _graph(_edges(runtime_only=False))
    solver = {name for name in graph if name == "spades_teach.solver" or name.startswith("spades_teach.solver.")}
    below = {name for target in solver for name in graph[target]} - solver
    assert below and all(_layer(name) < _layer("spades_teach.solver") for name in below), below
    users = {name for name, targets in graph.items() if targets & solver} - solver
    assert {"spades_teach.advice.evaluation", "spades_teach.advice.judge", "spades_teach.analysis.card_cost"} <= users


def test_the_card_tables_sit_under_the_value_types() -> None:
    graph = _graph(_edges(runtime_only=True))
    assert graph["spades_teach.game._bits"] == set()
    assert graph["spades_teach.game.notation"] <= {"spades_teach.errors", "spades_teach.i18n"}
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


#: The most lines a class of the package may hold: a class larger than this does more than one job.
MOST_CLASS_LINES = 600


def test_no_class_grows_past_one_job() -> None:
    """No class of the package holds more than :data:`MOST_CLASS_LINES` lines (``TableGame`` grew
    to 913 and was split into its flow, ``table_flow.TableFlow``, and its coach,
    ``table_coach.TableCoach``)."""
    large = sorted(
        f"{name}.{node.name}: {node.end_lineno - node.lineno + 1} lines"
        for name, tree in _modules().items()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and (node.end_lineno or 0) - node.lineno + 1 > MOST_CLASS_LINES
    )
    assert large == [], "classes doing more than one job: " + ", ".join(large)


def test_the_packages_own_modules_are_imported_at_module_level_unless_declared() -> None:
    """An import of the package's own modules inside a function hides an arrow from whoever reads
    the imports: it is made at module level, unless it is declared with its reason in
    FUNCTION_IMPORTS or UPWARD_ALLOWED (there were 85; advice/bot_replay.py made nine in its one
    function)."""
    modules = _modules()
    found: set[tuple[str, str]] = set()
    for name, tree in modules.items():
        for node, typing_only, in_function in _imports(tree):
            if in_function and not typing_only and not _is_stub(name):
                found |= {(name, target) for target in _targets(node, modules) - {name}}
    declared = _declared_function_imports()
    undeclared = sorted(found - declared - set(UPWARD_ALLOWED))
    assert undeclared == [], "imports inside a function, to make at module level: " + ", ".join(
        " -> ".join(pair) for pair in undeclared
    )
    stale = sorted(declared - found)
    assert stale == [], "FUNCTION_IMPORTS lists imports that are no longer made inside a function: " + str(stale)
