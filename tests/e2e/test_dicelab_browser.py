"""DiceLab in a real JupyterLab + Chromium: it renders, Roll and clicks reach Python, Lucky
Loser changes the chart, Monte Carlo 1,000 fills the observed bars; light and dark pictures."""

from __future__ import annotations

import nbformat

from .lab import kernel_run, open_notebook, py, run_all, set_theme

ROOT = ".dl-root"
SETUP = "from levelwidgets import DiceLab\nlab = DiceLab(seed=7)\nlab"


def seq(page) -> int:
    return int(page.locator(ROOT).first.get_attribute("data-seq") or 0)


def after(page, before: int) -> dict:
    """Wait for a view newer than ``before`` (the lab is never busy: data-busy is absent)."""
    page.wait_for_function(
        """([sel, s]) => { const r = document.querySelector(sel);
                           return r && Number(r.dataset.seq) > s; }""",
        arg=[ROOT, before],
        timeout=20_000,
    )
    return page.evaluate("(sel) => ({...document.querySelector(sel).dataset})", ROOT)


def faces(root) -> list[int]:
    return [
        int(f)
        for f in root.locator("[data-die]").evaluate_all("els => els.map(e => e.dataset.face)")
    ]


def bars(root) -> list[dict]:
    return root.locator("g[data-sum]").evaluate_all("els => els.map(e => ({...e.dataset}))")


def test_dicelab_renders_rolls_toggles_and_simulates(page, lab, artifacts, request) -> None:
    name = f"{request.node.name}.ipynb"
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SETUP)]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, lab.root / name)
    open_notebook(page, lab, name)
    run_all(page)
    root = page.locator(ROOT).first
    root.wait_for(timeout=60_000)
    page.wait_for_function(f"() => Number(document.querySelector('{ROOT}').dataset.seq) > 0")
    assert root.locator("[data-die]").count() == 4
    assert root.locator("g[data-sum]").count() == 6
    assert faces(root) == py(page, "list(lab.faces)")

    # Roll: new dice, the same in Python and on the page
    before, shown = seq(page), faces(root)
    root.locator("[data-action=roll]").click()
    after(page, before)
    rolled = faces(root)
    assert rolled == py(page, "list(lab.faces)") and rolled != shown

    # A click on a die turns it (Python agrees); then dice with three 1s, set from Python
    before = seq(page)
    root.locator("[data-die='0']").click()
    after(page, before)
    assert py(page, "lab.faces[0]") == rolled[0] % 6 + 1
    before = seq(page)
    kernel_run(page, "_ = lab.roll([1, 1, 1, 2])")
    after(page, before)
    assert faces(root) == [1, 1, 1, 2]

    # Lucky Loser off: the exact bars and the sums this roll makes change
    lucky_on = bars(root)
    assert [b["makes"] for b in lucky_on] == ["1"] * 6  # the 1s may be turned: every sum
    before = seq(page)
    root.locator("[data-action=lucky]").click()
    state = after(page, before)
    assert state["lucky"] == "0" and py(page, "lab.lucky_loser") is False
    lucky_off = bars(root)
    assert [b["makes"] for b in lucky_off] == ["1", "0", "0", "0", "0", "0"]  # 1+1+1+2 = 5 only
    assert all(a["exact"] != b["exact"] for a, b in zip(lucky_on, lucky_off, strict=True))
    # and back on with the key l (a click gives the widget the keyboard)
    root.locator(".dl-title").click()
    before = seq(page)
    page.keyboard.press("l")
    after(page, before)
    assert py(page, "lab.lucky_loser") is True

    # Monte Carlo: 1,000 at once fills the observed bars with Python's counts
    assert root.locator("[data-observed-bar]").count() == 0
    before = seq(page)
    root.locator("[data-action=big]").click()
    after(page, before)
    assert root.locator("[data-mc-n]").get_attribute("data-mc-n") == "1000"
    assert root.locator("[data-observed-bar]").count() == 6
    assert root.locator("[data-band]").count() == 6
    frame = py(page, "lab.frequencies()[['count', 'observed']].values.tolist()")
    assert [[int(b["count"]), float(b["observed"])] for b in bars(root)] == frame

    # Run animates (one batch after another) until paused
    root.locator("[data-action=run]").click()
    page.wait_for_function(
        f"() => Number(document.querySelector('{ROOT} [data-mc-n]').dataset.mcN) >= 1010"
    )
    root.locator("[data-action=run]").click()
    assert root.get_attribute("data-running") == "0"
    page.wait_for_timeout(800)  # the last batch lands; nothing more is asked for
    n = py(page, "lab.rolls")
    page.wait_for_timeout(1500)
    assert py(page, "lab.rolls") == n and root.locator("[data-mc-n]").get_attribute(
        "data-mc-n"
    ) == str(n)

    # Pictures for people: 1,000 more rolls so the bars are near their exact heights
    before = seq(page)
    root.locator("[data-action=big]").click()
    after(page, before)
    page.mouse.move(0, 0)
    root.screenshot(path=str(artifacts / "dicelab-light.png"))
    set_theme(page, dark=True)
    try:
        page.locator("#jupyterlab-splash").wait_for(state="detached", timeout=15_000)
        page.wait_for_timeout(300)  # the theme's styles settle
        root.screenshot(path=str(artifacts / "dicelab-dark.png"))
    finally:
        set_theme(page, dark=False)
    # the other charts, in German: a picture to look at
    kernel_run(page, "lab.language = 'de'")
    root.locator("[data-tab=moves]").click()
    assert root.locator("g[data-size]").count() == 5
    assert root.locator("[data-action=roll]").inner_text() == "Würfeln"
    page.mouse.move(0, 0)
    root.screenshot(path=str(artifacts / "dicelab-moves-de.png"))
    root.locator("[data-tab=groups]").click()
    assert root.locator("[data-table=groups] tbody tr").count() == 6
