"""Declares the optional C extension (the double-dummy core); all other metadata is in pyproject.toml.

If the extension cannot be compiled, the install still succeeds and
``spades_teach.analysis`` falls back to its pure-Python solver
(``spades_teach.analysis.solver.BACKEND`` then reads ``"python"``).
With ``SPADES_TEACH_PURE=1`` in the environment the extension is left out and the wheel is a pure
``py3-none-any`` one (the live edition of the book runs it in the browser).
"""

import os

from setuptools import Extension, setup

DDCORE = Extension(
    "spades_teach.analysis._ddcore",
    sources=["spades_teach/analysis/_ddcore.c"],
    extra_compile_args=["-O3", "-std=c99"],
    optional=True,
)

setup(ext_modules=[] if os.environ.get("SPADES_TEACH_PURE") == "1" else [DDCORE])
