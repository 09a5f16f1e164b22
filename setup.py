"""Declares the optional C extensions; all other metadata is in pyproject.toml.

Two extensions, each optional: the double-dummy core (``spades_teach.solver._ddcore``) and the
compiled twin of the rules kernel's play state (``spades_teach.game._kernel``, what ``Round`` plays
with). If one cannot be compiled, the install still succeeds and the pure-Python form is used
(``spades_teach.solver.SOLVER_BACKEND`` or ``spades_teach.game.kernel.BACKEND`` then reads
``"python"``). With ``SPADES_TEACH_PURE=1`` in the environment both are left out and the wheel is a
pure ``py3-none-any`` one (the live edition of the book runs it in the browser).
"""

import os
from pathlib import Path

from setuptools import Extension, setup
from setuptools.dist import Distribution

# Voila's page template without CDN links, installed where a plain ``voila notebooks/`` finds it
# (``voila.json`` at the root of the project and in spades_teach/data/jupyter names it).
TEMPLATE = "spades_teach/data/jupyter/voila/templates/spades_teach"
DATA_FILES = [
    ("share/jupyter/voila/templates/spades_teach", sorted(str(p) for p in Path(TEMPLATE).iterdir() if p.is_file())),
]


class _Distribution(Distribution):
    """Installs ``data_files`` in an editable install too (``pip install -e``, what tools/setup.sh does).

    setuptools' editable build copies the data files only if the distribution answers ``has_data()``,
    and its own distribution answers ``has_data_files()`` instead (pypa/setuptools#3399): without
    this the template stays out of the environment and a plain ``voila notebooks/`` fails with
    ``TemplateNotFound``. The files are copied as in a regular install (a change to the template is
    seen by the bare ``voila`` after the next install; the app and tools/tutorial.sh read the
    package's own folder)."""

    def has_data(self) -> bool:
        return self.has_data_files()


# The rules of the card play in C, included by both extensions (and by the WebAssembly build of the
# solver, tools/lite/build_ddcore_wasm.sh): a dependency of each, so it ships in the sdist.
RULES_HEADER = "spades_teach/game/_rules.h"

DDCORE = Extension(
    "spades_teach.solver._ddcore",
    sources=["spades_teach/solver/_ddcore.c"],
    depends=[RULES_HEADER],
    extra_compile_args=["-O3", "-std=c99"],
    optional=True,
)

KERNEL = Extension(
    "spades_teach.game._kernel",
    sources=["spades_teach/game/_kernel.c"],
    depends=[RULES_HEADER],
    extra_compile_args=["-O3", "-std=c99"],
    optional=True,
)

setup(
    ext_modules=[] if os.environ.get("SPADES_TEACH_PURE") == "1" else [DDCORE, KERNEL],
    data_files=DATA_FILES,
    distclass=_Distribution,
)
