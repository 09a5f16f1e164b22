"""Draw book/favicon.ico, the spade of book/favicon.svg as an icon file (16, 32 and 48 pixels).

The live edition serves it as its /favicon.ico (tools/build_lite.sh), for a browser that asks the
folder for one; its pages name book/favicon.svg. Run again after a change to the SVG's shape, which
is written out below as the SVG's path is (two curves, two arcs and the stem):
``python tools/make_favicon.py``. Needs Pillow and NumPy (matplotlib brings both).
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parents[1]
SCALE = 16  # drawn at 16 × the SVG's 64-unit box, then scaled down (smooth edges)


def _cubic(
    p0: tuple[float, float], p1: tuple[float, float], p2: tuple[float, float], p3: tuple[float, float]
) -> list[tuple[float, float]]:
    t = np.linspace(0.0, 1.0, 64)[:, None]
    a, b, c, d = (np.array(p) for p in (p0, p1, p2, p3))
    points = (1 - t) ** 3 * a + 3 * (1 - t) ** 2 * t * b + 3 * (1 - t) * t**2 * c + t**3 * d
    return [(float(x), float(y)) for x, y in points]


def _arc(start: tuple[float, float], end: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """The short arc of ``radius`` from ``start`` to ``end`` that bulges downwards (a lobe's underside)."""
    (x0, y0), (x1, y1) = start, end
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    half = math.dist(start, end) / 2
    h = math.sqrt(radius**2 - half**2)
    nx, ny = -(y1 - y0) / (2 * half), (x1 - x0) / (2 * half)  # unit normal to the chord
    cx, cy = (mx + h * nx, my + h * ny) if my + h * ny < my else (mx - h * nx, my - h * ny)  # centre above
    a0, a1 = math.atan2(y0 - cy, x0 - cx), math.atan2(y1 - cy, x1 - cx)
    if abs(a1 - a0) > math.pi:
        a1 += -2 * math.pi if a1 > a0 else 2 * math.pi
    return [(cx + radius * math.cos(a), cy + radius * math.sin(a)) for a in np.linspace(a0, a1, 64)]


def spade() -> list[tuple[float, float]]:
    """The outline of book/favicon.svg's path, in its 64-unit box."""
    outline = _cubic((32, 4), (22, 18), (8, 26), (8, 38))
    outline += _arc((8, 38), (29, 46), 12)
    outline += [(25, 60), (39, 60), (35, 46)]
    outline += _arc((35, 46), (56, 38), 12)
    outline += _cubic((56, 38), (56, 26), (42, 18), (32, 4))
    return outline


def main() -> None:
    size = 64 * SCALE
    big = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    ImageDraw.Draw(big).polygon([(x * SCALE, y * SCALE) for x, y in spade()], fill=(17, 17, 17, 255))
    target = ROOT / "book" / "favicon.ico"
    big.resize((48, 48), Image.Resampling.LANCZOS).save(target, sizes=[(16, 16), (32, 32), (48, 48)])
    print(f"{target.relative_to(ROOT)}: {target.stat().st_size} bytes")


if __name__ == "__main__":
    main()
