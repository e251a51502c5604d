"""The Level 8 odds panel in a real JupyterLab + Chromium (issue 31, item 3).

A Level 8 table with ``hints=True`` shows, under the hint, the exact chance that the next card
from the draw pile completes or improves the level, and how many cards of each needed kind the
seat has not seen. The panel's figures are the kernel's (``w.view["hint"]["odds"]``), worded in
English and German, readable in the dark theme and on a 1024×768 projector screen.
"""

from __future__ import annotations

from levelwidgets import i18n
from levelwidgets.level8 import Level8
from levelwidgets.level8.odds import draw_odds

from .lab import kernel_run, open_code, set_theme
from .lab import settled as lab_settled
from .test_levelx_browser import py

ROOT = ".l8-root"


def open_level(seed: int = 1) -> int:
    """A seed whose first draw finds seat 0 missing two cards or more for level 3, with more
    needed kinds than the panel lists (so one draw cannot close it, and the list is cut)."""
    for s in range(seed, seed + 60):
        odds = draw_odds(Level8(["You", "Bot"], seed=s, start_levels=[3, 3]), 0)
        if odds is not None and odds.missing >= 2 and len(odds.needed) > 8:
            return s
    raise AssertionError("no seed gave an open level")


def percent(x: float, language: str) -> str:
    """As the panel writes a chance: one decimal place at most, the language's comma, in the
    catalogue's percent form ("12.5%", "12,5 %")."""
    value = f"{round(x * 100, 1):g}"
    value = value.replace(".", ",") if language == "de" else value
    return i18n.text(language, "common.percent", value=value)


def luminance(css: str) -> float:
    """Brightness 0–1 of a computed colour: "rgb(r, g, b)" or "color(srgb r g b)" (color-mix)."""
    inner = css[css.index("(") + 1 : css.index(")")]
    if inner.startswith("srgb"):
        r, g, b = (float(v) for v in inner.split()[1:4])
    else:
        r, g, b = (int(v) / 255 for v in inner.replace("/", ",").split(",")[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def test_odds_panel_in_english_and_german_dark_theme_and_on_a_projector(
    page, lab, artifacts
) -> None:
    seed = open_level()
    code = (
        "from levelwidgets.level8 import Level8\n"
        "from levelwidgets.widgets import Level8Widget\n"
        f"w = Level8Widget(Level8(['You', 'Bot'], seed={seed}, start_levels=[3, 3]),"
        " bots=[None, 'heuristic'], hints=True)\n"
        "w"
    )
    open_code(page, lab, "odds_panel.ipynb", code)
    root = page.locator(ROOT).first
    root.wait_for(timeout=60_000)
    lab_settled(page, ROOT)
    panel = root.locator("[data-odds]")
    panel.wait_for()
    want = py(page, "w.view['hint']['odds']")
    assert want["missing"] > 0 and want["needed"]
    # the figures are the kernel's, in the panel's stable attributes
    assert float(panel.get_attribute("data-complete")) == want["complete"]
    assert float(panel.get_attribute("data-improve")) == want["improve"]
    assert int(panel.get_attribute("data-unseen")) == want["unseen"]
    kinds = panel.locator("[data-odds-kind]")
    shown = kinds.evaluate_all(
        "els => els.map(e => [e.dataset.oddsKind, Number(e.dataset.unseen)])"
    )
    plentiful = sorted(want["needed"], key=lambda k: -k["unseen"])  # most plentiful first
    assert shown == [[k["label"], k["unseen"]] for k in plentiful[: len(shown)]]
    assert len(shown) == 8  # the rest is counted: "+N more"
    assert f"+{len(want['needed']) - 8} more" in panel.inner_text()
    # English
    line = panel.locator("[data-odds-line]").inner_text()
    assert line == (
        f"Next draw from the pile: {percent(want['complete'], 'en')} completes the level, "
        f"{percent(want['improve'], 'en')} improves it"
    )
    text = panel.inner_text()
    first = plentiful[0]
    assert f"unseen: {first['label'].replace('joker', 'Joker')} ×{first['unseen']}" in text
    root.screenshot(path=str(artifacts / "level8-odds-light-en.png"))
    # German: the same figures in German words and digits
    kernel_run(page, "w.language = 'de'")
    page.wait_for_function(
        "() => (document.querySelector('.l8-root [data-odds-line]') || {}).textContent"
        "?.startsWith('Nächste Karte vom Nachziehstapel')"
    )
    line = panel.locator("[data-odds-line]").inner_text()
    assert line == (
        f"Nächste Karte vom Nachziehstapel: {percent(want['complete'], 'de')} Chance auf das ganze "
        f"Level, {percent(want['improve'], 'de')} auf eine Verbesserung"
    )
    assert "ungesehen: " in panel.inner_text()
    # dark theme: the panel follows the theme's colours (light text on a dark panel)
    set_theme(page, dark=True)
    colours = panel.evaluate(
        "e => { const s = getComputedStyle(e); return [s.color, s.backgroundColor]; }"
    )
    assert luminance(colours[0]) > 0.6 > 0.3 > luminance(colours[1]), colours
    root.screenshot(path=str(artifacts / "level8-odds-dark-de.png"))
    # a draw changes the hand: the panel follows Python's new figures
    seq = int(lab_settled(page, ROOT)["seq"])
    root.locator("[data-action='drawPile']").click()
    page.wait_for_function(
        "(s) => Number(document.querySelector('.l8-root').dataset.seq) > s", arg=seq
    )
    lab_settled(page, ROOT)
    after = py(page, "w.view['hint']['odds']")
    assert after["missing"] >= 1 and after["unseen"] == want["unseen"] - 1
    page.wait_for_function(
        "(n) => document.querySelector('.l8-root [data-odds]')?.dataset.unseen === String(n)",
        arg=after["unseen"],
    )
    # a 1024×768 projector in projector mode, German and dark: the panel fits the table's
    # width, is not hidden under the docked hand, and its text is large
    set_theme(page, dark=True)
    page.set_viewport_size({"width": 1024, "height": 768})
    # as on a projector: the file browser closed, the table scrolled up to the hint
    page.evaluate("() => window.jupyterapp.commands.execute('application:toggle-left-area')")
    page.wait_for_function("() => !document.querySelector('#jp-left-stack:not(.lm-mod-hidden)')")
    root.locator("[data-action='projector']").click()
    page.wait_for_function("() => document.querySelector('.l8-root.lw-projector')")
    # scrolled up to the hint, the panel is in sight once the zoom and the docked hand settle
    page.wait_for_function(
        """() => { const root = document.querySelector('.l8-root');
                   root.querySelector('[data-hint]').scrollIntoView({block: 'start'});
                   const e = root.querySelector('[data-odds]'), r = e.getBoundingClientRect();
                   return e.contains(document.elementFromPoint(r.left + 20, r.top + r.height / 2));
                 }""",
        timeout=10_000,
    )
    fits = panel.evaluate(
        """e => { const r = e.getBoundingClientRect();
                  const root = e.closest('.l8-root'), t = root.getBoundingClientRect();
                  const zoom = t.width / root.offsetWidth;
                  const hit = document.elementFromPoint(r.left + 20, r.top + r.height / 2);
                  return {inside: r.left >= t.left - 1 && r.right <= t.right + 1,
                          overflow: e.scrollWidth > e.clientWidth + 1, right: r.right,
                          px: parseFloat(getComputedStyle(e).fontSize) * zoom,
                          seen: e.contains(hit)}; }"""
    )
    assert fits["inside"] and not fits["overflow"] and fits["right"] <= 1024, fits
    assert fits["seen"], f"the panel is covered: {fits}"
    assert fits["px"] >= 18, fits  # 14 px zoomed for the projector
    page.screenshot(path=str(artifacts / "level8-odds-projector-dark-de.png"))
    set_theme(page, dark=False)
