"""The Review button in a real JupyterLab + Chromium, dark theme (issue 31, items 1 and 4): a
Level X widget holding a finished short game; Review, reached by the keyboard, waits while the
kernel judges the game, then the move list carries the marks Python set and the notes of a
marked move show its judgement."""

from __future__ import annotations

from .lab import open_code, py, set_theme, settled, settled_after

GAME = """
from levelwidgets import LevelXWidget
from levelwidgets.levelx import LevelX
from levelwidgets.levelx.bots import GreedyBot, RandomBot
g = LevelX(['Ann', 'Ben'], seed=1)
bots = [RandomBot(1), GreedyBot()]
while not g.is_over:
    g.roll(); g.play(bots[g.current_player].choose(g))
w = LevelXWidget(g, bot_delay=0, animate=False)
w
"""

#: The contrast of a colour pair (WCAG's ratio of relative luminances), worked out in the page.
CONTRAST = """(el) => {
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  let bg = null;
  for (let n = el; n && !bg; n = n.parentElement) {
    const c = rgb(getComputedStyle(n).backgroundColor);
    if (c.length >= 3 && (c.length < 4 || c[3] > 0.5)) bg = c;
  }
  bg = bg || [255, 255, 255];
  const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def test_review_a_finished_game_in_the_dark(page, lab, request, artifacts):
    open_code(page, lab, f"{request.node.name}.ipynb", GAME)
    set_theme(page, dark=True)
    try:
        root = page.locator(".lx-root").first
        button = root.locator("[data-action=review]")
        button.wait_for(timeout=60_000)
        settled(page, ".lx-root")
        assert root.locator(".lw-moves [data-mark]").count() == 0  # nothing judged yet
        assert button.inner_text().strip() == "⚖ Review"
        assert button.evaluate(CONTRAST) >= 4.5  # legible on the dark theme
        seq = int(settled(page, ".lx-root")["seq"])
        button.focus()  # the keyboard reaches it; Enter presses it
        page.keyboard.press("Enter")
        settled_after(page, ".lx-root", seq, timeout=60_000)
        page.wait_for_function(
            "() => document.querySelector('.lx-root [data-action=review]').dataset.waiting === '0'"
        )
        assert button.is_enabled()
        # the move list carries exactly the marks Python set, turn by turn
        marked = py(
            page,
            "[[(n.ply + 1) // 2, n.mark()] for n in w.record.mainline() if n.mark()]",
        )
        assert marked, "a random player's game has moves that cost something"
        assert {mark for _turn, mark in marked} <= {"?!", "?", "??"}
        shown = root.locator(".lw-moves [data-mark]")
        assert shown.count() == len(marked)
        assert [shown.nth(i).inner_text() for i in range(shown.count())] == [
            mark for _turn, mark in marked
        ]
        # a marked move: the move list jumps there, its notes show the judgement
        turn = marked[0][0]
        seq = int(settled(page, ".lx-root")["seq"])
        root.locator(f".lw-moves [data-goto='{turn}']").click()
        settled_after(page, ".lx-root", seq)
        page.wait_for_function(  # the move list scrolls the row shown into its view
            """(t) => { const list = document.querySelector('.lx-root .lw-moves');
                        const a = list.getBoundingClientRect();
                        const b = list.querySelector(`[data-goto='${t}']`).getBoundingClientRect();
                        return b.top >= a.top - 1 && b.bottom <= a.bottom + 1; }""",
            arg=turn,
        )
        comments = py(page, "w.record.mainline_node(w.view['review']['step']).comments")
        assert comments and py(page, "w.view['review']['mark']") == marked[0][1]
        notes = root.locator("details[data-notes]")
        assert notes.get_attribute("open") is not None  # something to read: open
        assert root.locator("[data-comment='0']").inner_text() == comments[0]
        assert root.locator("[data-comment='0']").evaluate(CONTRAST) >= 4.5
        root.screenshot(path=str(artifacts / "review-button-dark.png"))
    finally:
        set_theme(page, dark=False)


LEVEL8 = """
from levelwidgets import Level8Widget
e = Level8Widget(players=['Ann', 'Ben'], bots=['heuristic', 'heuristic'], seed=2, bot_delay=0,
                 view='teacher', language='de')
for _ in range(16):
    e.advance()
e.bots = [None, None]
e
"""


def test_review_a_level8_table_in_german_light(page, lab, request, artifacts):
    open_code(page, lab, f"{request.node.name}.ipynb", LEVEL8)
    root = page.locator(".l8-root").first
    button = root.locator("[data-action=review]")
    button.wait_for(timeout=60_000)
    settled(page, ".l8-root")
    assert button.inner_text().strip() == "⚖ Auswerten"
    assert button.evaluate(CONTRAST) >= 4.5
    seq = int(settled(page, ".l8-root")["seq"])
    button.click()
    settled_after(page, ".l8-root", seq, timeout=60_000)
    page.wait_for_function(
        "() => document.querySelector('.l8-root [data-action=review]').dataset.waiting === '0'"
    )
    assert py(page, "[n.mark() for n in e.record.mainline() if n.mark()]"), "a costly step"
    marks = py(page, "[r['mark'] for r in e.view['moves'] if r.get('mark')]")
    shown = root.locator(".lw-moves [data-mark]")
    assert [shown.nth(i).inner_text() for i in range(shown.count())] == marks
    note = root.locator(".lw-moves [data-note]").first.get_attribute("title")
    assert note.startswith("Analyse ") and "Besser: " in note
    root.screenshot(path=str(artifacts / "review-button-level8-de.png"))
