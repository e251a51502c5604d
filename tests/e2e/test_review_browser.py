"""The review bar in a real JupyterLab + Chromium: step through a long record, annotate in the
widget and find it in Python, play on from an earlier move, annotate a Level 8 table, hand a
record out read-only and download its Handout (issue 9, items 4 and 6; issue 27, item 9)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from .lab import kernel_run, open_code, py, set_theme, settled, settled_after

LONG_GAME = """
from levelwidgets import Level8Widget, LevelXWidget
from levelwidgets.levelx import LevelX
from levelwidgets.levelx.samples import long_game as long_levelx
"""


def start(page, lab, request, code: str) -> None:
    """A fresh notebook whose one cell is ``code``; opened and run."""
    open_code(page, lab, f"{request.node.name}.ipynb", LONG_GAME + code)


def seq_of(page, root: str) -> int:
    return int(settled(page, root)["seq"])


def click_and_wait(page, root: str, locator) -> dict:
    seq = seq_of(page, root)
    locator.click()
    return settled_after(page, root, seq)


def scrub_value(page) -> tuple[int, int]:
    el = page.locator(".lx-root [data-scrub]")
    return int(el.input_value()), int(el.get_attribute("max"))


def test_scrub_a_200_move_record_with_slider_buttons_and_keys(page, lab, request, artifacts):
    start(page, lab, request, "w = LevelXWidget(long_levelx(), bot_delay=0, animate=False)\nw")
    root = page.locator(".lx-root").first
    root.locator("[data-scrub]").wait_for(timeout=60_000)
    assert scrub_value(page) == (400, 400)  # 200 turns: a roll and a move each
    seq = seq_of(page, ".lx-root")
    page.evaluate(  # drag the slider to step 101: input events, as a mouse drag sends them
        """() => { const s = document.querySelector('.lx-root [data-scrub]');
                   for (const v of [300, 200, 150, 101]) {
                     s.value = String(v); s.dispatchEvent(new Event('input', {bubbles: true})); }
                   s.dispatchEvent(new Event('change', {bubbles: true})); }"""
    )
    page.wait_for_function(
        "() => document.querySelector('.lx-root [data-review]').dataset.seeking === '0'"
        " && document.querySelector('.lx-root [data-scrub]').value === '101'"
    )
    settled_after(page, ".lx-root", seq)
    assert py(page, "[w.view['review']['step'], w.game.plies, w.game.dice is not None]") == [
        101,
        50,
        True,
    ]
    click_and_wait(page, ".lx-root", root.locator("[data-nav=forward]"))
    assert scrub_value(page) == (102, 400)
    click_and_wait(page, ".lx-root", root.locator("[data-nav=first]"))
    assert scrub_value(page)[0] == 0 and root.locator("[data-nav=back]").is_disabled()
    root.focus()
    seq = seq_of(page, ".lx-root")
    page.keyboard.press("End")
    settled_after(page, ".lx-root", seq)
    assert scrub_value(page)[0] == 400 and root.locator("[data-nav=forward]").is_disabled()
    seq = seq_of(page, ".lx-root")
    page.keyboard.press("Shift+ArrowLeft")
    settled_after(page, ".lx-root", seq)
    assert scrub_value(page)[0] == 399
    assert py(page, "[w.view['review']['step'], w.record.node_count]") == [399, 401]
    root.screenshot(path=str(artifacts / "review-scrub.png"))


def test_comment_and_mark_in_the_widget_reach_python(page, lab, request, artifacts):
    start(page, lab, request, "w = LevelXWidget(long_levelx(6), bot_delay=0, animate=False)\nw")
    root = page.locator(".lx-root").first
    root.locator("[data-scrub]").wait_for(timeout=60_000)
    click_and_wait(page, ".lx-root", root.locator("[data-nav=first]"))
    for _ in range(4):
        click_and_wait(page, ".lx-root", root.locator("[data-nav=forward]"))
    notes = root.locator("[data-notes]")
    if notes.get_attribute("open") is None:
        notes.locator("summary").click()
    click_and_wait(page, ".lx-root", root.locator("[data-mark-set='?!']"))
    text = 'Why not row 7? <img src=x onerror="window.__pwned=1"> & "quotes"'
    root.locator("[data-comment-input]").fill(text)
    click_and_wait(page, ".lx-root", root.locator("[data-add-comment]"))
    assert root.locator("[data-comment='0']").inner_text() == text
    assert root.locator("img").count() == 0
    assert root.locator("[data-mark-set='?!']").get_attribute("aria-pressed") == "true"
    node = "w.record.mainline_node(4)"
    assert py(page, f"[{node}.comments, {node}.mark()]") == [[text], "?!"]
    # edit it, then check the move list carries the mark
    root.locator("[data-comment-edit='0']").click()
    root.locator("[data-comment-editor='0']").fill("Row 7 was better.")
    click_and_wait(page, ".lx-root", root.locator("[data-comment-save]"))
    assert py(page, f"{node}.comments") == ["Row 7 was better."]
    assert root.locator(".lw-moves [data-mark='?!']").count() == 1
    assert page.evaluate("() => window.__pwned") is None
    root.screenshot(path=str(artifacts / "review-notes.png"))


def test_play_on_from_an_earlier_move_makes_a_variation(page, lab, request, artifacts):
    start(
        page,
        lab,
        request,
        "from levelwidgets.levelx.bots import GreedyBot\n"
        "g = LevelX(['Ann', 'Ben'], seed=4)\n"
        "for _ in range(6):\n"
        "    g.roll(); g.play(GreedyBot().choose(g))\n"
        "w = LevelXWidget(g, bots=[None, 'greedy'], bot_delay=0, animate=False)\nw",
    )
    root = page.locator(".lx-root").first
    root.locator("[data-scrub]").wait_for(timeout=60_000)
    assert root.locator("[data-line]").count() == 0  # one line only: no tree shown
    click_and_wait(page, ".lx-root", root.locator("[data-nav=first]"))
    for _ in range(4):  # Ann to roll in her third turn
        click_and_wait(page, ".lx-root", root.locator("[data-nav=forward]"))
    click_and_wait(page, ".lx-root", root.locator("[data-action=play_on]"))
    kernel_run(page, "w.roll((1, 1, 1, 1))")  # dice the game did not have: surely a new step
    settled(page, ".lx-root")
    assert root.locator("[data-action=confirm]").is_disabled()  # moves exist: no quick pass
    click_and_wait(page, ".lx-root", root.locator("[data-action=pass]"))  # the deliberate pass
    page.wait_for_function(
        "() => document.querySelectorAll('.lx-root [data-line]').length === 2", timeout=20_000
    )
    lines = root.locator("[data-line]")
    assert lines.nth(1).get_attribute("data-depth") == "1"
    assert "lw-shown" in (lines.nth(1).get_attribute("class") or "")
    assert py(page, "len(w.record.mainline_node(4).variations)") == 2
    assert py(page, "w.game.plies") >= 3  # the bot answered on the variation
    click_and_wait(page, ".lx-root", lines.nth(0))  # back to the game as played
    assert py(page, "[w.view['review']['step'], w.view['review']['steps']]") == [4, 12]
    root.screenshot(path=str(artifacts / "review-variation.png"))
    # A new game without re-running the cell: the first click only asks, the second starts it.
    new_game = root.locator(".lw-tools [data-action=new_game]")
    new_game.click()
    assert new_game.get_attribute("data-armed") is not None
    assert py(page, "w.game.plies") == 2
    click_and_wait(page, ".lx-root", new_game)
    assert py(page, "[w.game.plies, w.bots[1].name, w.record.node_count]") == [0, "Greedy", 1]


def test_annotate_a_level8_table_by_clicks(page, lab, request, artifacts):
    start(
        page,
        lab,
        request,
        "e = Level8Widget(players=['Ann', 'Ben'], bots=[None, 'heuristic'], seed=3,"
        " bot_delay=0)\ne",
    )
    root = page.locator(".l8-root").first
    root.locator("[data-action=annotate]").wait_for(timeout=60_000)
    root.locator("[data-action=annotate]").click()
    page.wait_for_function("() => document.querySelector('.l8-root [data-palette]:not([hidden])')")
    root.locator("[data-palette] [data-colour=blue]").click()
    card = root.locator(".l8-handbox [data-card]").first
    card_id = int(card.get_attribute("data-card"))
    click_and_wait(page, ".l8-root", card)
    assert py(page, "e.record.highlights") == [
        {"kind": "card", "target": card_id, "colour": "blue"}
    ]
    assert root.locator(f".lw-hl[data-card='{card_id}'][data-hl-colour=blue]").count() >= 1
    assert py(page, "e.game.plies") == 0  # annotating played nothing
    root.locator("[data-action=annotate]").click()  # off again: a click plays
    notes = root.locator("[data-notes]")
    if notes.get_attribute("open") is None:
        notes.locator("summary").click()
    click_and_wait(page, ".l8-root", root.locator("[data-mark-set='!']"))
    assert py(page, "e.record.mark()") == "!"
    root.screenshot(path=str(artifacts / "review-level8-annotate.png"))


def test_a_record_handed_out_read_only(page, lab, request, artifacts):
    start(
        page,
        lab,
        request,
        "g = LevelXWidget(long_levelx(4), bot_delay=0)\n"
        "g.record.mainline_node(2).comment('Look at row 9.')\n"
        "g.save('handout.json')\n"
        "r = LevelXWidget.load('handout.json', read_only=True, animate=False)\nr",
    )
    root = page.locator(".lx-root").first
    root.locator("[data-readonly]").wait_for(state="visible", timeout=60_000)
    assert root.locator("[data-action=roll]:visible:enabled").count() == 0
    assert root.locator("[data-comment-input]:visible").count() == 0
    click_and_wait(page, ".lx-root", root.locator("[data-nav=first]"))
    click_and_wait(page, ".lx-root", root.locator("[data-nav=forward]"))
    click_and_wait(page, ".lx-root", root.locator("[data-nav=forward]"))
    assert "Look at row 9." in root.inner_text()
    assert py(page, "[r.view['review']['step'], r.record.node_count]") == [2, 9]
    root.screenshot(path=str(artifacts / "review-read-only.png"))
    # Handout (issue 27, item 9): the class's copy downloads the printable page Python made
    record_box = root.locator("[data-record]")
    if record_box.get_attribute("open") is None:
        record_box.locator("summary").click()
    handout = root.locator("[data-action=handout]")
    with page.expect_download(timeout=30_000) as download:
        handout.click()
    assert download.value.suggested_filename == "handout-handout.html"
    text = Path(download.value.path()).read_text(encoding="utf-8")
    digest = "__import__('hashlib').sha256(r.handout().encode()).hexdigest()"
    assert hashlib.sha256(text.encode()).hexdigest() == py(page, digest)
    assert "Look at row 9." in text and text.count("data-handout-picture=") == 1
    assert handout.get_attribute("data-waiting") == "0"
    kernel_run(page, "r.language = 'de'")  # a German class, in the dark
    set_theme(page, dark=True)
    page.wait_for_function(
        "() => document.querySelector('.lx-root [data-readonly]').textContent.includes('Nur lesen')"
    )
    notes = root.locator("[data-notes]")
    if notes.get_attribute("open") is None:
        notes.locator("summary").click()
    assert "Look at row 9." in root.inner_text()
    root.screenshot(path=str(artifacts / "review-read-only-dark-de.png"))
    set_theme(page, dark=False)


#: Click ▶ ``n`` times, one click a task; per click: the ms until the click's handler returned
#: (the position is drawn by then when its view is held ahead), the widget's phase after it, and
#: the step its label shows.
STEP_CLICKS = """async (n) => {
  const r = document.querySelector('.lx-root');
  const out = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    r.querySelector('[data-nav=forward]').click();
    const label = r.querySelector('[data-step-label]').textContent;
    out.push([performance.now() - t0, r.dataset.phase, label]);
    await new Promise((done) => setTimeout(done, 0));
  }
  return out;
}"""


def test_steps_held_ahead_show_without_the_kernel(page, lab, request, artifacts):
    """After the first seek, the views of the line's steps come ahead (issue 33): each ▶ then
    draws its position in the click's own handler, while Python still follows the cursor."""
    start(page, lab, request, "w = LevelXWidget(long_levelx(), bot_delay=0, animate=False)\nw")
    root = page.locator(".lx-root").first
    root.locator("[data-scrub]").wait_for(timeout=60_000)
    seq = seq_of(page, ".lx-root")
    page.evaluate(
        """() => { const s = document.querySelector('.lx-root [data-scrub]');
                   s.value = '200'; s.dispatchEvent(new Event('input', {bubbles: true})); }"""
    )
    settled_after(page, ".lx-root", seq)
    page.wait_for_function(  # the views ahead, a chunk at a time: 256 steps around step 200
        "() => Number(document.querySelector('.lx-root [data-review]').dataset.ahead) >= 256",
        timeout=90_000,
    )
    seq = seq_of(page, ".lx-root")
    clicks = page.evaluate(STEP_CLICKS, 30)
    phases = [phase for _ms, phase, _label in clicks]
    assert [label for *_x, label in clicks] == [f"{200 + i} / 400" for i in range(1, 31)]
    # drawn in the click itself: a roll and a move alternate, step by step
    assert phases == ["play", "roll"] * 15, phases
    page.wait_for_function(
        "() => document.querySelector('.lx-root [data-review]').dataset.seeking === '0'"
    )
    settled_after(page, ".lx-root", seq)
    assert py(page, "[w.view['review']['step'], w.game.plies]") == [230, 115]
    assert scrub_value(page) == (230, 400)
    ms = sorted(t for t, *_x in clicks)
    print(f"scrub step ms p50 {ms[len(ms) // 2]:.1f} p95 {ms[int(len(ms) * 0.95)]:.1f}")
    root.screenshot(path=str(artifacts / "review-scrub-ahead.png"))
