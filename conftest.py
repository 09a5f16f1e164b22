"""Test-suite wide hooks: markers given by what a test uses, browser modules kept on one worker.

Tiers (``pytest -m ...``):

* ``browser``: drives the real Chromium (any test using the ``browser`` fixture);
* ``book``: builds the Jupyter Book (any test using ``book_url`` or the book build);
* ``slow``: long cross-checks, the chapters run and compared with their stored outputs, cluster runs.

``pytest -m "not slow and not browser and not book"`` is the fast tier; ``bash tools/test.sh`` runs
everything, in a random order (pytest-randomly) on two workers (pytest-xdist), except the live-edition
browser tests, which share one browser session and run in the order of their file.
"""

from __future__ import annotations

import pytest

_BROWSER_FIXTURES = {"browser", "page", "app_url", "voila_url"}
_BOOK_FIXTURES = {"book_url", "built_book", "book"}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if fixtures & _BROWSER_FIXTURES:
            item.add_marker(pytest.mark.browser)
        if fixtures & _BOOK_FIXTURES:
            item.add_marker(pytest.mark.book)
        if item.get_closest_marker("book"):
            # The book takes minutes to build: the first test that needs it builds it and any other
            # waits. Under pytest-xdist (``-n 2 --dist loadgroup``, as tools/test.sh runs) every test
            # that needs it stays on one worker, so the other worker never idles waiting for the build.
            item.add_marker(pytest.mark.xdist_group("book"))
        elif item.get_closest_marker("browser") or item.path.name in _IN_ORDER:
            # A browser test module starts its Chromium (and its Voila server) once: its tests stay on
            # one worker.
            item.add_marker(pytest.mark.xdist_group(f"module-{item.path.stem}"))
    _keep_modules_in_order(items)


#: Test modules whose tests share one slow browser session and run in the order they are written.
_IN_ORDER = {"test_browser_lite.py"}


def _keep_modules_in_order(items: list[pytest.Item]) -> None:
    """Gather the tests of each module of :data:`_IN_ORDER` where its first test landed, in
    the order of the file (line, then parameter index)."""

    def place(item: pytest.Item) -> tuple[int, tuple[int, ...]]:
        callspec = getattr(item, "callspec", None)
        return (item.location[1] or 0, tuple(callspec.indices.values()) if callspec else ())

    groups: dict[str, list[pytest.Item]] = {}
    for item in items:
        if item.path.name in _IN_ORDER:
            groups.setdefault(str(item.path), []).append(item)
    if not groups:
        return
    ordered: list[pytest.Item] = []
    for item in items:
        key = str(item.path)
        if key not in groups:
            ordered.append(item)
        elif groups[key]:
            ordered.extend(sorted(groups.pop(key), key=place))
            groups[key] = []
    items[:] = ordered


@pytest.fixture(autouse=True)
def _progress_kept_apart(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The drills' and puzzles' progress of each test in a fresh folder (never the user's own file,
    and no test starts from another test's score or place); a test may set its own."""
    monkeypatch.setenv("SPADES_TEACH_DATA_DIR", str(tmp_path_factory.mktemp("progress")))


@pytest.fixture(autouse=True)
def _english_unless_a_test_says_otherwise() -> object:
    """Every test starts in English (whatever LANG the machine has) and a test that
    switches language cannot leak it into the next one."""
    from spades_teach.i18n import set_language

    set_language("en")
    yield
    set_language("en")
