"""Hot seat in a real JupyterLab: every pass screen shows only what everyone may see (issue 25).

Ann and Ben share one screen. They play several turns by clicks (draw from the pile, discard);
on every "Pass the screen to …" screen the page holds no hand card, no card that is not face up
on the table, and its text (log, move list, status) names no card that only one of them ever
saw. The first "show my cards" is pressed while the page moves under the pointer, and still
counts. Undo on a pass screen is refused with the reason (``no_peeking``, the default); with
``takebacks="free"`` it ends on Ann's pass screen, never on her hand.
"""

from __future__ import annotations

import re

from .lab import kernel_run, open_code
from .test_level8_browser import ROOT, after, dom_cards, settled
from .test_levelx_browser import py

#: Kernel helpers, worked out from the engine alone: the codes and English names of the cards
#: only one person ever saw (drawn blind from the pile, still held, never face up since), less
#: the words of cards that lay face up (a duplicate may be named), and the face-up cards.
HELPERS = """
from levelwidgets.level8.cards import CODES
from levelwidgets.level8.text import card_name

def secret_words(g):
    blind, public = set(), set()
    for entry in g.history:
        for e in entry.events:
            d = e.data
            if e.kind == 'draw':
                (blind if d.get('source', 'pile') == 'pile' else public).add(d['card'])
            elif e.kind in ('discard', 'add_on', 'skip', 'skip_turn'):
                public.add(d['card'])
            elif e.kind == 'lay_down':
                public.update(c for combo in d['combos'] for c in combo['cards'])
            elif e.kind == 'deal':
                public.add(d['first_discard'])
    held = {c for q in range(g.num_players) for c in g.hand(q)}
    words = lambda cards: {w for c in cards for w in (CODES[c], card_name(c))}
    return sorted(words((blind - public) & held) - words(public))

def public_cards(g):
    return sorted({t for t in g.discard_tops if t is not None}
                  | {c for ms in g.observation('spectator').melds for m in ms for c in m.cards})
"""


TABLE = "hs = Level8Widget(players=['Ann', 'Ben'], bots=[None, None], seed=1, bot_delay=0)\nhs"


def check_pass_screen(page, table, index: int, searched: list[int]) -> None:
    """Nothing on this pass screen is one person's: no hand card, no secret in the text."""
    state = settled(page, index)
    assert table.locator("[data-handoff]").count() == 1, "a pass screen"
    assert table.locator("[data-hand] [data-card]").count() == 0
    shown = set(dom_cards(table, ""))
    public = set(py(page, "public_cards(hs.game)"))
    assert shown <= public, f"cards on the pass screen: {sorted(shown - public)}"
    text = table.inner_text()
    secrets = py(page, "secret_words(hs.game)")
    for word in secrets:
        found = re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text)
        assert not found, f"{word!r} on the pass screen (view {state['seq']})"
    searched.append(len(secrets))


#: The centre of the button ``sel`` in the table ``i`` once it is under the pointer there and
#: has stayed put for a few frames (the docked footer follows a scroll a frame later).
STILL_BUTTON = """([i, sel]) => {
  const b = document.querySelectorAll('.l8-root')[i].querySelector(sel);
  if (!b) return false;
  const r = b.getBoundingClientRect(), x = r.x + r.width / 2, y = r.y + r.height / 2;
  const at = document.elementFromPoint(x, y), key = `${x},${y}`;
  const same = window.__lwBox === key && at && b.contains(at);
  window.__lwStill = same ? (window.__lwStill || 0) + 1 : 0;
  window.__lwBox = key;
  return window.__lwStill >= 3 ? [x, y] : false;
}"""


def press_while_the_page_moves(page, table, index: int, action: str) -> None:
    """Press the button of ``action`` in ``table`` (number ``index``), move the table from
    under the still pointer, release.

    What JupyterLab scrolling (and the docked footer following it) does to a click now and
    then: the release lands beside the button, and the browser alone would lose the press
    (common/press.js gives it back to the button).
    """
    selector = f"[data-action={action}]"
    table.locator(selector).scroll_into_view_if_needed()
    x, y = page.wait_for_function(STILL_BUTTON, arg=[index, selector], polling="raf").json_value()
    page.evaluate(
        """() => document.addEventListener('pointerdown',
             (e) => { window.__lwPressed = e.target.closest('[data-action]')?.dataset.action; },
             {capture: true, once: true})"""
    )
    page.mouse.move(x, y)
    page.mouse.down()
    pressed = page.evaluate("() => window.__lwPressed")
    shift = "(root, px) => { root.style.marginTop = px; }"
    table.evaluate(shift, "80px")
    beside = page.evaluate(
        "([x, y, sel]) => !document.elementFromPoint(x, y).closest(sel)", [x, y, selector]
    )
    page.mouse.up()
    table.evaluate(shift, "")
    assert pressed == action, f"the press reached {pressed!r}"
    assert beside, "the button still under the pointer: this press tests nothing"


def test_a_two_person_hot_seat_game_shows_nothing_private_on_a_pass_screen(
    page, lab, artifacts, request
) -> None:
    # a notebook of its own: nothing above the table grows or moves while Ann presses
    page.set_viewport_size({"width": 1280, "height": 1500})  # room for the whole table
    code = "from levelwidgets import Level8Widget\n" + HELPERS + TABLE
    open_code(page, lab, f"{request.node.name}.ipynb", code)
    index = 0
    table = page.locator(ROOT).first
    table.wait_for(timeout=60_000)
    searched: list[int] = []  # how many secret words each pass screen was searched for
    for turn in range(8):
        state = settled(page, index)
        if state["phase"] not in ("draw", "play", "skipped"):
            break
        check_pass_screen(page, table, index, searched)
        if turn == 1:
            table.screenshot(path=str(artifacts / "level8-hotseat-pass.png"))
        person = py(page, "hs.game.current_player")
        seq = int(state["seq"])
        if turn == 0:
            press_while_the_page_moves(page, table, index, "reveal")
        else:
            table.locator("[data-action=reveal]").click()
        state = after(page, seq, index)
        hand = py(page, f"sorted(hs.game.hand({person}))")
        assert dom_cards(table, f"[data-hand='{person}']") == hand
        if turn == 1:
            table.screenshot(path=str(artifacts / "level8-hotseat-hand.png"))
        seq = int(state["seq"])
        if state["phase"] == "skipped":
            table.locator("[data-action=skipTurn]").click()
            after(page, seq, index)
            continue
        table.locator("[data-draw-pile]").click()
        seq = int(after(page, seq, index)["seq"])
        table.locator(f"[data-hand='{person}'] [data-card]").last.click()
        table.locator("[data-action=discard]").click()
        after(page, seq, index)
    assert len(searched) >= 6 and sum(searched) > 0, searched

    # Undo on a pass screen: off by default (no peeking), and refused with the reason
    check_pass_screen(page, table, index, searched)
    assert table.locator("button[data-action=undo]").is_disabled()
    kernel_run(page, "hs._handle_message(hs, {'type': 'undo'}, [])")  # what the ← key sends
    assert py(page, "hs.error_info['code']") == "level8.no_peeking"
    table.locator("[data-error]").wait_for()
    assert "free look" in table.locator("[data-error]").inner_text()
    table.screenshot(path=str(artifacts / "level8-hotseat-undo-refused.png"))
    check_pass_screen(page, table, index, searched)

    # A teacher allows takebacks: Undo on Ben's pass screen ends on Ann's pass screen
    before = py(page, "hs.game.current_player")
    kernel_run(page, "hs.takebacks = 'free'")
    seq = int(settled(page, index)["seq"])
    table.locator("button[data-action=undo]").click()
    after(page, seq, index)
    now = py(page, "hs.game.current_player")
    assert now != before
    assert table.locator(f"[data-handoff='{now}']").count() == 1
    check_pass_screen(page, table, index, searched)
