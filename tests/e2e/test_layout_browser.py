"""Every widget laid out from its own width (issue 27): at 360–1920 px of cell width every die,
card, button and score lies inside the widget and no text is cut; projector mode zooms the
whole widget so that its smallest text is at least 16 px at 1024 px.

One notebook with the four widgets; the widths are set on each widget's cell element, several
per page load, then the Lab side bar is opened and closed at a 1024-px window."""

from __future__ import annotations

import json

from .lab import open_notebook, run_all
from .test_levelx_browser import py

ROOTS = [".lx-root", ".l8-root:not(.l8b-root)", ".l8b-root", ".dl-root"]
WIDTHS = [360, 600, 800, 1024, 1920]
SETUP = """\
from levelwidgets.widgets import LevelXWidget, Level8Widget, Level8BoardWidget
from levelwidgets import DiceLab
x = LevelXWidget(players=["Ada", "Bob", "Cleo", "Dan"], seed=3)
c = Level8Widget(players=["Ann", "Ben", "Cleo", "Dora"], bots=[None, None, None, None], seed=4)
b = Level8BoardWidget(players=["You", "Ben", "Cleo"], bots=[None, None, None], seed=11)
d = DiceLab(seed=7)
display(x, c, b, d)
"""

#: What is wrong with the widget at selector `sel`: things outside its box, text cut short.
PROBLEMS = r"""(sel) => {
  const root = document.querySelector(sel);
  const box = root.getBoundingClientRect();
  const out = [];
  const name = (e) => e.tagName.toLowerCase() + (e.dataset.action ? `[${e.dataset.action}]` : '')
    + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : '');
  if (root.scrollWidth > root.clientWidth + 1)
    out.push(`root scrolls ${root.scrollWidth}>${root.clientWidth}`);
  for (const e of root.querySelectorAll('[data-die], [data-card], button, [data-score]')) {
    const r = e.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(e).visibility === 'hidden') continue;
    if (e.closest('[hidden], details:not([open]) > :not(summary)')) continue;
    if (r.left < box.left - 1 || r.right > box.right + 1)
      out.push(`outside: ${name(e)} ${Math.round(r.left - box.left)}..`
        + `${Math.round(r.right - box.left)} of ${Math.round(box.width)}`);
  }
  for (const e of root.querySelectorAll('*')) {
    if (!e.clientWidth || e.tagName === 'svg' || e.closest('svg')) continue;
    const st = getComputedStyle(e);
    if (['visible', 'auto', 'scroll'].includes(st.overflowX)) continue;
    if (e.scrollWidth > e.clientWidth + 1 && e.textContent.trim())
      out.push(`cut: ${name(e)} "${e.textContent.trim().slice(0, 30)}"`);
  }
  // a word broken across lines ("Ta" / "ke 1") is cut text too
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.parentElement.closest('svg')) continue;
    for (const m of n.textContent.matchAll(/\S+/g)) {
      range.setStart(n, m.index);
      range.setEnd(n, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width);
      const lines = new Set(rects.map((r) => Math.round(r.top)));
      if (lines.size > 1) out.push(`broken word: "${m[0]}"`);
    }
  }
  return out;
}"""


def _notebook(cells: list[str]) -> str:
    return json.dumps(
        {
            "cells": [
                {
                    "cell_type": "code",
                    "metadata": {},
                    "source": c,
                    "outputs": [],
                    "execution_count": None,
                }
                for c in cells
            ],
            "metadata": {
                "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
            },
            "nbformat": 4,
            "nbformat_minor": 5,
        }
    )


def set_width(page, sel: str, width: int | None) -> None:
    """Give the widget's cell element `width` px (None: as Lab lays it out), wait two frames."""
    page.evaluate(
        """([sel, w]) => new Promise((done) => {
             const el = document.querySelector(sel).parentElement;
             el.style.width = w ? `${w}px` : '';
             el.style.maxWidth = 'none';
             requestAnimationFrame(() => requestAnimationFrame(done));
           })""",
        [sel, width],
    )


def start(page, lab, request) -> None:
    name = f"{request.node.name}.ipynb"
    (lab.root / name).write_text(_notebook([SETUP]))
    open_notebook(page, lab, name)
    run_all(page)
    for sel in ROOTS:
        page.locator(sel).first.wait_for(timeout=60_000)
    page.wait_for_function(
        "() => document.querySelectorAll('.lx-root [data-die]').length === 4", timeout=20_000
    )


def test_every_widget_fits_every_width(page, lab, artifacts, request) -> None:
    page.set_viewport_size({"width": 2100, "height": 1200})
    start(page, lab, request)
    problems = {}
    for sel in ROOTS:
        for width in WIDTHS:
            set_width(page, sel, width)
            root = page.locator(sel).first
            assert root.bounding_box()["width"] <= width + 1, (sel, width)  # Level X stops at 820
            found = page.evaluate(PROBLEMS, sel)
            if found:
                problems[f"{sel} @ {width}"] = found
            if width in (360, 1024, 1920):
                root.screenshot(path=str(artifacts / f"layout-{sel[1:4]}-{width}.png"))
        set_width(page, sel, None)
    assert not problems, json.dumps(problems, indent=1)


def test_level_x_in_lab_with_and_without_the_side_bar(page, lab, artifacts, request) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    start(page, lab, request)
    toggle = "() => window.jupyterapp.commands.execute('application:toggle-left-area')"
    for state in ("first", "toggled"):
        page.wait_for_timeout(400)  # Lab's panel animation; not an assertion
        dice = page.locator(".lx-root [data-die]")
        assert dice.count() == 4
        problems = page.evaluate(PROBLEMS, ".lx-root")
        shot = artifacts / f"layout-lab-1024-{state}.png"
        page.screenshot(path=str(shot))
        assert not problems, (state, problems)
        page.evaluate(toggle)


def test_projector_mode_raises_the_smallest_text(page, lab, artifacts, request) -> None:
    page.set_viewport_size({"width": 1300, "height": 900})
    start(page, lab, request)
    for sel in ROOTS:
        set_width(page, sel, 1024)
        root = page.locator(sel).first
        root.locator("[data-action=projector]").click()
        page.wait_for_function(
            "(s) => document.querySelector(s).classList.contains('lw-projector')", arg=sel
        )
        smallest = page.evaluate(
            """(sel) => {
              const root = document.querySelector(sel);
              const zoom = Number(root.style.zoom || 1);
              let min = 1e9;
              for (const e of root.querySelectorAll('*')) {
                if (e.closest('svg')) continue;
                const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
                if (!own || !e.getClientRects().length) continue;
                min = Math.min(min, parseFloat(getComputedStyle(e).fontSize) * zoom);
              }
              return min;
            }""",
            sel,
        )
        assert smallest >= 16, (sel, smallest)
        assert not page.evaluate(PROBLEMS, sel), sel
        root.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts / f"layout-projector-{sel[1:4]}-1024.png"))
    # the control sets the trait in Python, and Python switches it off again
    assert py(page, "[x.projector, c.projector, b.projector, d.projector]") == [True] * 4
    py(page, "setattr(x, 'projector', False)")
    page.wait_for_function(
        "() => !document.querySelector('.lx-root').classList.contains('lw-projector')"
    )
    assert page.locator(".lx-root [data-action=projector]").get_attribute("aria-pressed") == "false"


TABLE = """\
from levelwidgets.widgets import Level8Widget
names = ["Ann", "Ben", "Cleo", "Dora", "Emil", "Fay"][:{n}]
t = Level8Widget(players=names, bots=[None] + ["heuristic"] * ({n} - 1), seed=5, bot_delay=0)
t
"""


def test_level8_table_fits_one_1024x768_screen(page, lab, artifacts, request) -> None:
    """2, 4 and 6 seats: from the widget's top, the seats, the steps, the hand and its buttons
    are all inside one 1024x768 viewport (Lab's own bars not counted: Voila has none)."""
    page.set_viewport_size({"width": 1024, "height": 768})
    for n in (2, 4, 6):
        name = f"{request.node.name}-{n}.ipynb"
        (lab.root / name).write_text(_notebook([TABLE.replace("{n}", str(n))]))
        open_notebook(page, lab, name)
        run_all(page)
        page.locator(".l8-root .l8-hand [data-card]").first.wait_for(timeout=60_000)
        page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
        page.wait_for_timeout(400)  # Lab's panel animation; not an assertion
        extent = page.evaluate(
            """() => {
              const root = document.querySelector('.l8-root');
              const top = root.getBoundingClientRect().top;
              const bottom = (sel) => Math.max(...[...root.querySelectorAll(sel)]
                .map((e) => e.getBoundingClientRect().bottom - top));
              return {hand: bottom('.l8-hand'), steps: bottom('.l8-steps'),
                      seats: bottom('.l8-seat')};
            }"""
        )
        page.locator(".l8-root").first.evaluate("e => e.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(artifacts / f"layout-table-{n}.png"))
        assert max(extent.values()) <= 768, (n, extent)
