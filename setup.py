"""Declares the optional C extension (the double-dummy core); all other metadata is in pyproject.toml.

If the extension cannot be compiled, the install still succeeds and
``spades_teach.analysis`` falls back to its pure-Python solver
(``spades_teach.analysis.solver.BACKEND`` then reads ``"python"``).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "spades_teach.analysis._ddcore",
            sources=["spades_teach/analysis/_ddcore.c"],
            extra_compile_args=["-O3", "-std=c99"],
            optional=True,
        )
    ]
)
