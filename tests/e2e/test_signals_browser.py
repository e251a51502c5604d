"""Signals that do not mislead, in a real JupyterLab + Chromium (issue 27, item 8): Level X's
✔/✘ per group and Play only for a grouping Python calls legal; Level 8's Lay down… off with
its reason, the lay-down dialog's verdict before the click, the drawn card's steady mark, and
the last round's result apart from the new level. One notebook per game; positions are set
up by Python cells, not by many clicks."""

from __future__ import annotations

from .lab import open_code, py, run_code, settled, settled_after


def start(page, lab, name: str, code: str) -> None:
    open_code(page, lab, name, code)


def test_level_x_play_is_offered_only_for_a_grouping_python_allows(page, lab, artifacts):
    start(
        page,
        lab,
        "signals_levelx.ipynb",
        "from levelwidgets import LevelXWidget\n"
        "w = LevelXWidget(players=['Ann', 'Ben'], seed=2, animate=False)\n"
        "w.roll([6, 6, 1, 2])\nw",
    )
    root = page.locator(".lx-root").first
    root.locator("button[data-die='0']").wait_for(timeout=60_000)
    settled(page, ".lx-root")
    root.locator("button[data-die='0']").click()
    root.locator("button[data-die='1']").click()  # 6 + 6 = 12: no row
    group = root.locator("[data-group='0']")
    assert group.get_attribute("data-valid") == "false"
    assert group.locator(".lx-gmark").inner_text() == "✘"
    assert "makes 12" in (group.get_attribute("title") or "")
    play = root.locator("[data-action=confirm]")
    assert play.is_disabled() and play.get_attribute("data-playable") == "false"
    assert not play.inner_text().startswith("✔")
    refusal = root.locator("[data-refusal]")
    assert "makes 12, but rows go from 5 to 10" in refusal.inner_text()
    root.screenshot(path=str(artifacts / "signals-levelx-refused.png"))
    root.locator("button[data-die='1']").click()  # the second 6 out, the 1 in: 6 + 1 = 7
    root.locator("button[data-die='2']").click()
    assert group.get_attribute("data-valid") == "true"
    assert group.locator(".lx-gmark").inner_text() == "✔"
    assert play.is_enabled() and play.inner_text().startswith("✔")
    assert root.locator("[data-refusal]").count() == 0
    root.screenshot(path=str(artifacts / "signals-levelx-playable.png"))
    seq = int(settled(page, ".lx-root")["seq"])
    play.click()
    settled_after(page, ".lx-root", seq)
    assert py(page, "[list(t.move.steps) for t in w.game.history]") == [[7]]


LEVEL8 = """
from levelwidgets import Level8Widget
from levelwidgets.level8 import Level8

# Ann: level 3 (1 run of 3 + 4 cards of one colour); no 3 numbers in a row, at most 2 cards
# of a colour: whatever she draws, her hand cannot make the level this turn
ann = ["1R", "4Y", "7G", "10B", "13P", "2O", "5R", "8Y", "11G", "14B"]
ben = ["1B", "2B", "3B", "4B", "5B", "6B", "7B", "8B", "9B", "12B"]
game = Level8.from_position(["Ann", "Ben"], hands=[ann, ben], levels=[3, 1], seed=3)
w = Level8Widget(game, bots=[None, "heuristic"], seat=0, bot_delay=0)
w
"""


def click_and_settle(page, locator) -> dict:
    seq = int(settled(page, ".l8-root")["seq"])
    locator.click()
    return settled_after(page, ".l8-root", seq)


def test_level8_lay_down_signals_fresh_card_and_last_round(page, lab, artifacts):
    start(page, lab, "signals_level8.ipynb", LEVEL8)
    root = page.locator(".l8-root").first
    root.locator("[data-action=drawPile]").wait_for(timeout=60_000)
    before = set(py(page, "w.hand"))
    # draw: the new card is marked, and still marked after two seconds
    click_and_settle(page, root.locator("[data-action=drawPile]"))
    fresh = root.locator("[data-hand] .l8-fresh")
    assert fresh.count() == 1
    drawn = int(fresh.get_attribute("data-card"))
    assert drawn in set(py(page, "w.hand")) - before
    # Lay down… is off, and says why (Python's solver: the hand cannot make level 3)
    lay = root.locator("[data-action=layDown]")
    assert lay.is_disabled() and lay.get_attribute("data-can-lay") == "false"
    why = root.locator("[data-lay-why]").inner_text()
    assert "cannot make level 3 yet" in why and "1 run of 3 + 4 cards of one colour" in why
    page.wait_for_timeout(2000)  # the old glow was gone after 1.2 s; the mark is not
    assert fresh.count() == 1 and fresh.get_attribute("data-fresh") == "new"
    badge = page.evaluate(
        "(el) => getComputedStyle(el, '::before').content", fresh.element_handle()
    )
    assert "new" in badge
    root.screenshot(path=str(artifacts / "signals-level8-fresh-and-laydown-off.png"))
    # the next action (a discard) takes the mark away
    root.locator(f"[data-hand] [data-card='{drawn}']").click()
    click_and_settle(page, root.locator("[data-action=discard]"))
    assert root.locator("[data-hand] .l8-fresh").count() == 0

    # the lay-down dialog: Python's verdict of each edit before Confirm is clicked
    run_code(
        page,
        "w.game = Level8.from_position(['Ann', 'Ben'], hands=[['4R', '5G', '6O', '1Y', '3Y',"
        " '8Y', '10Y', '11R', '13G', '15O', '11P'], ben], levels=[3, 1], phase='play',"
        " seed=3)",
    )
    root.locator("[data-action=layDown]:not([disabled])").wait_for()
    click_and_settle(page, root.locator("[data-action=layDown]"))
    dialog = root.locator("[data-dialog=laydown]")
    confirm = dialog.locator("[data-action=confirmLay]")
    assert confirm.is_enabled()
    colour = dialog.locator("[data-prop-combo='1']")
    card = colour.locator("[data-prop-card]").first
    card_id = card.get_attribute("data-prop-card")
    card.click()
    click_and_settle(page, dialog.locator("[data-move-to=spare]"))  # Python checks the edit
    assert colour.get_attribute("data-verdict") == "bad"
    assert dialog.locator("[data-prop-why='1']").inner_text() == (
        "Colour: 4 cards needed, 3 chosen."
    )
    assert confirm.is_disabled() and py(page, "w.game.laid_down[0]") is False
    root.screenshot(path=str(artifacts / "signals-level8-dialog-warning.png"))
    dialog.locator(f"[data-prop-card='{card_id}']").click()
    click_and_settle(page, dialog.locator("[data-move-to='1']"))
    assert colour.get_attribute("data-verdict") == "ok" and confirm.is_enabled()
    click_and_settle(page, confirm)
    assert py(page, "w.game.laid_down[0]") is True

    # after the round: the new level, and the round just played on a line of its own
    run_code(
        page,
        "w.game = Level8.from_position(['Ann', 'Ben'], hands=[['13R'], ben],"
        " melds=[[('run', ['4R', '5G', '6O']), ('run', ['9Y', '10Y', '11P'])], []],"
        " levels=[1, 2], phase='play', seed=3)",
    )
    root.locator("[data-hand] [data-card]").first.click()
    click_and_settle(page, root.locator("[data-action=discard]"))  # Ann goes out
    root.locator("[data-summary]").wait_for()
    ann = root.locator(".l8-seat[data-player='0']")
    last = ann.locator("[data-last-round]")
    assert last.get_attribute("data-last-round") == "out"
    assert last.get_attribute("data-last-level") == "1"
    assert last.inner_text() == "Last round: ⇥ went out with level 1"
    assert ann.locator("[data-level]").get_attribute("data-level") == "3"
    assert ann.locator("[data-laid]").count() == 0  # no "✓ laid down" beside level 3's need
    state = ann.locator(".l8-stateline").inner_text()
    assert "laid down" not in state and "run of 3" in state
    root.screenshot(path=str(artifacts / "signals-level8-last-round.png"))
