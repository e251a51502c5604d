"""The card inks look like their names and stay apart with colour blindness.

One source (levelwidgets/level8/palette.py) for the static picture; the front end's CSS repeats
the values and must agree with it, in the sources and in the committed bundles.
"""

from __future__ import annotations

import colorsys
import itertools
import math
import re
from pathlib import Path

import pytest

from levelwidgets.level8.cards import COLOUR_NAMES, COLOUR_SHAPES
from levelwidgets.level8.palette import EDGE, FILL, TEXT

ROOT = Path(__file__).resolve().parents[2]
CSS_FILES = [
    ROOT / "js" / "src" / "level8.css",
    ROOT / "levelwidgets" / "static" / "level8.css",
    ROOT / "levelwidgets" / "static" / "level8board.css",
]

#: Hue ranges (degrees, HSL) in which each colour name reads as itself; red wraps round 0.
HUES = {
    "red": (345, 15),
    "orange": (20, 45),
    "yellow": (45, 65),
    "green": (90, 170),
    "blue": (190, 250),
    "purple": (260, 300),
}

# Machado, Oliveira & Fernandes (2009), full severity, on linear RGB.
_CVD = {
    "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
               (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
               (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
               (0.004733, 0.691367, 0.303900)),
}  # fmt: skip


def _rgb(ink: str) -> tuple[float, float, float]:
    h = ink.lstrip("#")
    return tuple(int(h[i : i + 2], 16) / 255 for i in (0, 2, 4))  # type: ignore[return-value]


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _luminance(lin: tuple[float, ...]) -> float:
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _lab(lin: tuple[float, ...]) -> tuple[float, float, float]:
    r, g, b = (min(1.0, max(0.0, c)) for c in lin)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def hue_family(ink: str) -> str | None:
    """The colour name whose hue range holds ``ink`` (None for greys and in-between hues)."""
    h, _, s = colorsys.rgb_to_hls(*_rgb(ink))
    if s < 0.3:
        return None
    deg = h * 360
    for name, (lo, hi) in HUES.items():
        if (lo <= deg <= hi) if lo < hi else (deg >= lo or deg <= hi):
            return name
    return None


def test_hue_family_tells_the_old_inks_apart_from_their_names() -> None:
    # the Okabe–Ito inks this palette replaced: "red" was burnt orange, "purple" a pink
    assert hue_family("#D55E00") == "orange"
    assert hue_family("#CC79A7") is None
    assert hue_family("#777777") is None
    assert hue_family("#C61010") == "red"


@pytest.mark.parametrize("table", ["FILL", "EDGE", "TEXT"])
def test_each_ink_has_the_hue_of_its_name(table: str) -> None:
    inks = {"FILL": FILL, "EDGE": EDGE, "TEXT": TEXT}[table]
    assert len(inks) == len(COLOUR_NAMES) == len(COLOUR_SHAPES)
    assert [hue_family(ink) for ink in inks] == list(COLOUR_NAMES)


def test_numbers_are_legible_on_a_white_card() -> None:
    for name, ink in zip(COLOUR_NAMES, TEXT, strict=True):
        contrast = 1.05 / (_luminance(tuple(map(_linear, _rgb(ink)))) + 0.05)
        assert contrast >= 4.5, (name, ink, round(contrast, 2))


@pytest.mark.parametrize("vision", ["normal", *_CVD])
def test_the_six_fills_stay_apart_with_colour_blindness(vision: str) -> None:
    """Every pair differs by ΔE ≥ 15 (CIE76) as seen with that colour-vision deficiency."""

    def seen(ink: str) -> tuple[float, float, float]:
        lin = tuple(map(_linear, _rgb(ink)))
        if vision != "normal":
            lin = tuple(sum(m * c for m, c in zip(row, lin, strict=True)) for row in _CVD[vision])
        return _lab(lin)

    for (a, ia), (b, ib) in itertools.combinations(zip(COLOUR_NAMES, FILL, strict=True), 2):
        assert math.dist(seen(ia), seen(ib)) >= 15, (vision, a, b)


@pytest.mark.parametrize("css", CSS_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_front_end_draws_the_same_inks(css: Path) -> None:
    text = css.read_text(encoding="utf-8")
    for kind, inks in (("fill", FILL), ("edge", EDGE), ("ink", TEXT)):
        for i, ink in enumerate(inks):
            found = re.findall(rf"--l8-{kind}-{i}:\s*(#[0-9a-fA-F]{{6}})", text)
            assert found, f"--l8-{kind}-{i} missing in {css.name}"
            assert {f.upper() for f in found} == {ink.upper()}, (css.name, kind, i, found)
