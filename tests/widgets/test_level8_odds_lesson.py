"""The conditional-probability lesson of examples/level8_play.ipynb says what the code does.

The lesson cell runs here without a kernel (it displays nothing): its brute-force count must
equal the panel's figures, the better-informed chance must differ (the prose says so), and the
panel it quotes must be worded as the widget words it (levelwidgets/locales/en.json).
"""

from __future__ import annotations

import contextlib
import io
import json
from fractions import Fraction
from pathlib import Path

from levelwidgets.widgets import Level8Widget
from levelwidgets.widgets.level8 import ODDS_PLACES

REPO = Path(__file__).resolve().parents[2]
NB = REPO / "examples" / "level8_play.ipynb"
START = "from collections import Counter"


def cells() -> list[dict]:
    return json.loads(NB.read_text(encoding="utf-8"))["cells"]


def lesson() -> tuple[str, str]:
    """(the lesson's markdown, its code cell)."""
    found = [
        (i, "".join(c["source"]))
        for i, c in enumerate(cells())
        if c["cell_type"] == "code" and "".join(c["source"]).startswith(START)
    ]
    assert len(found) == 1, "one lesson cell"
    i, code = found[0]
    before = cells()[i - 1]
    assert before["cell_type"] == "markdown"
    return "".join(before["source"]), code


def test_the_lesson_cell_checks_the_panel_by_brute_force() -> None:
    prose, code = lesson()
    ns: dict = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code, ns)  # the cell asserts draw_odds == the brute-force count itself
    text = out.getvalue()
    odds, game = ns["odds"], ns["game"]
    done, total = ns["done"], ns["total"]
    assert Fraction(done, total) == odds.complete and 0 < odds.complete < 1
    assert f"brute force: completes {done}/{total}" in text
    # what the panel shows for Ann is the figure the lesson computes
    panel = Level8Widget(game, view="teacher").view["hint"]["odds"]
    assert panel["complete"] == round(float(odds.complete), ODDS_PLACES)
    assert panel["unseen"] == total
    # "those 20 cards could not be the next card, and the chance changes"
    assert "those 20 cards" in prose
    assert sum(len(game.hand(q)) for q in (1, 2)) == 20 == total - ns["total2"]
    assert Fraction(ns["done2"], ns["total2"]) != odds.complete


def test_the_lesson_quotes_the_panel_as_the_widget_words_it() -> None:
    prose, _code = lesson()
    catalogue = json.loads((REPO / "levelwidgets" / "locales" / "en.json").read_text("utf-8"))
    line = catalogue["level8"]["oddsLine"]  # the English the widget shows
    percent = catalogue["common"]["percent"]  # "{value}%": the widget writes it so
    quoted = line.format(complete=percent.format(value="12.5"), improve=percent.format(value="31"))
    assert quoted in prose
    assert "conditional probabilit" in prose and "P(complete | what Ann sees)" in prose
