"""Every widget laid out from its own width (issue 27): at 360–1920 px of cell width every die,
card, button and score lies inside the widget and no text is cut; projector mode zooms the
whole widget so that its smallest text is at least 16 px at 1024 px.

One notebook with the four widgets; the widths are set on each widget's cell element, several
per page load, then the Lab side bar is opened and closed at a 1024-px window."""

from __future__ import annotations

import json

from .lab import open_notebook, run_all, set_theme
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
        # the dice and the Roll button on the first screen, beside (or above) the board: the
        # notebook as it opens, its first cell's code above the widget
        bottoms = page.evaluate(
            """() => [...document.querySelectorAll(
                   '.lx-root [data-die], .lx-root [data-action=roll]')]
                 .map((e) => e.getBoundingClientRect().bottom)"""
        )
        panel = page.locator(".jp-WindowedPanel-outer").first.bounding_box()
        assert len(bottoms) == 5 and max(bottoms) <= panel["y"] + panel["height"], (state, bottoms)
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


TABLES = """\
from levelwidgets.widgets import Level8Widget, Level8BoardWidget
names = ["Ann", "Ben", "Cleo", "Dora", "Emil", "Fay"]
def seats(n, **kw):
    bots = [None] + ["heuristic"] * (n - 1)
    return dict(players=names[:n], bots=bots, seed=5, bot_delay=0, **kw)
ws = [Level8Widget(**seats(n)) for n in (2, 4, 6)]
ws += [Level8BoardWidget(**seats(n)) for n in (2, 4, 6)]
teacher = [Level8Widget(**seats(4, view="teacher")), Level8BoardWidget(**seats(4, view="teacher"))]
display(*ws, *teacher)
"""

#: Boxes (screen px) of what a turn needs in widget number i, after `scroll` ('top': the
#: widget's top at the top of the notebook's scrolling panel; 'seats': the players' sides
#: there) and a frame for the docked footer to follow.
TURN_BOXES = r"""async ([i, scroll]) => {
  const root = document.querySelectorAll('.l8-root')[i];
  (scroll === 'top' ? root : root.querySelector('.l8-seats')).scrollIntoView({block: 'start'});
  for (let k = 0; k < 3; k++) await new Promise((r) => requestAnimationFrame(r));
  const panel = root.closest('.jp-WindowedPanel-outer').getBoundingClientRect();
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
  const all = (sel) => [...root.querySelectorAll(sel)].map(box);
  return {band: [Math.max(0, panel.top), Math.min(innerHeight, panel.bottom)],
          dock: box(root.querySelector('[data-dock]')), hand: all('.l8-hand [data-card]'),
          buttons: all('[data-dock] .l8-actions button'), roll: all('[data-action=roll]'),
          seats: all('.l8-seat'),
          dice: all('[data-dice]'), board: all('[data-board]')};
}"""


def test_level8_tables_fit_one_1024x768_screen(page, lab, artifacts, request) -> None:
    """2, 4 and 6 seats, card table and board game, JupyterLab without the side bar: the hand
    and the turn's buttons are docked at the bottom of what the user sees, and the players'
    sides (their laid combinations) are in view above them; the board's dice too. Teacher-view
    hands are legible (cards >= 30 px high, numbers >= 12 px)."""
    page.set_viewport_size({"width": 1024, "height": 768})
    name = f"{request.node.name}.ipynb"
    (lab.root / name).write_text(_notebook([TABLES]))
    open_notebook(page, lab, name)
    run_all(page)
    page.wait_for_function(
        "() => document.querySelectorAll('.l8-root .l8-hand [data-card]').length >= 8 * 10",
        timeout=90_000,
    )
    page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
    page.wait_for_timeout(400)  # Lab's panel animation; not an assertion

    def inside(span, band):
        return band[0] - 1 <= span[0] and span[1] <= band[1] + 1

    for i, (kind, n) in enumerate([(k, n) for k in ("table", "board") for n in (2, 4, 6)]):
        for scroll in ("top", "seats"):
            b = page.evaluate(TURN_BOXES, [i, scroll])
            where = (kind, n, scroll, b)
            band, dock = b["band"], b["dock"]
            assert inside(dock, band), where  # the docked footer is on the screen
            assert b["hand"] and all(inside(c, [band[0], band[1]]) for c in b["hand"]), where
            # the turn's buttons: under the hand (the card table: Draw pile), or in the
            # circuit's centre (the board game starts with Roll)
            assert all(inside(x, band) for x in b["buttons"]), where
            assert b["buttons"] or kind == "board", where
            if scroll == "seats" or kind == "table":  # every side above the footer
                assert len(b["seats"]) == n, where
                assert all(inside(x, [band[0], dock[0]]) for x in b["seats"]), where
            if kind == "board" and scroll == "top":  # the dice and the circuit's top
                assert inside(b["dice"][0], [band[0], dock[0]]), where
                assert b["roll"] and inside(b["roll"][0], [band[0], dock[0]]), where
                assert inside([b["board"][0][0], b["board"][0][0] + 60], band), where
            if scroll == "top":
                page.screenshot(path=str(artifacts / f"layout-{kind}-{n}.png"))
    set_theme(page, dark=True)
    page.evaluate(TURN_BOXES, [2, "seats"])
    page.screenshot(path=str(artifacts / "layout-table-6-dark.png"))
    set_theme(page, dark=False)

    # the teacher's view of every hand: real cards, not mini-cards
    for i in (6, 7):
        sizes = page.evaluate(
            """(i) => { const root = document.querySelectorAll('.l8-root')[i];
                 root.querySelector('.l8-minihand').scrollIntoView({block: 'center'});
                 return [...root.querySelectorAll('.l8-minihand [data-card]')].map((c) =>
                   [c.getBoundingClientRect().height,
                    parseFloat(getComputedStyle(c.querySelector('.l8-num')).fontSize)]); }""",
            i,
        )
        assert len(sizes) >= 3 * 10, sizes  # three other hands, face up
        assert min(hgt for hgt, _ in sizes) >= 30, sizes
        assert min(px for _, px in sizes) >= 12, sizes
        page.screenshot(path=str(artifacts / f"layout-teacher-{i}.png"))
