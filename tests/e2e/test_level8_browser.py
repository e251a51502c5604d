"""Level 8 card table in a real JupyterLab + Chromium: clicks reach Python, Python reaches the DOM.

Journeys a teacher makes: open the example, play a whole round by clicks against bots (the DOM
checked against the engine after every action of the person), a teacher view of the same game
beside it, German labels and the dark theme, the lay-down dialog with a joker choice, the
hot-seat hand-off, and a game won by laying down the last level. No hidden card of another seat
is ever in the player's page.
"""

from __future__ import annotations

import shutil

from playwright.sync_api import Error as PlaywrightError

from .lab import REPO, kernel_run, open_notebook, run_all, run_code, set_theme, settled_after
from .lab import settled as lab_settled
from .test_levelx_browser import py

NB = "level8_play.ipynb"
ROOT = ".l8-root"


def settled(page, index: int = 0, timeout: float = 30_000) -> dict:
    """Wait until the table at ``index`` answered its last intent; its data-* attributes."""
    return lab_settled(page, ROOT, index, timeout)


def person_to_act(page, index: int = 0, timeout: float = 60_000) -> dict:
    """Wait until the bots have played and the person may act (or the round/game is over)."""
    page.wait_for_function(
        """(i) => { const r = document.querySelectorAll('.l8-root')[i];
                    return r && r.dataset.busy === '0' && (r.dataset.actor === '0'
                      || r.dataset.phase === 'over'); }""",
        arg=index,
        timeout=timeout,
    )
    return settled(page, index)


def after(page, seq: int, index: int = 0) -> dict:
    return settled_after(page, ROOT, seq, index)


def dom_cards(root, selector: str) -> list[int]:
    return sorted(
        int(x)
        for x in root.locator(f"{selector} [data-card]").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
    )


def start(page, lab, request) -> object:
    page.set_viewport_size({"width": 1280, "height": 1500})  # room for the whole table
    name = f"{request.node.name}.ipynb"
    shutil.copy(REPO / "examples" / NB, lab.root / name)
    open_notebook(page, lab, name)
    run_all(page)
    root = page.locator(ROOT).first
    root.wait_for(timeout=60_000)
    page.locator(ROOT).nth(1).wait_for(timeout=60_000)
    settled(page)
    return root


def check_against_python(page, root) -> None:
    """The person's table shows exactly what the engine says seat 0 sees; nothing more."""
    want = py(
        page,
        "(lambda o: {'hand': sorted(o.hand), 'phase': o.phase, 'cur': o.current_player,"
        " 'counts': list(o.hand_counts), 'tops': list(o.discard_tops),"
        " 'visible': sorted(set(o.hand) | {t for t in o.discard_tops if t is not None}"
        " | {c for ms in o.melds for m in ms for c in m.cards}"
        " | {c for c in o.skip_cards if c is not None})})(w.game.observation(0))",
    )
    state = settled(page)
    assert state["phase"] == want["phase"] and state["cur"] == str(want["cur"])
    assert dom_cards(root, "[data-hand='0']") == want["hand"]
    for seat, count in enumerate(want["counts"]):
        assert root.locator(f"[data-hand-count='{seat}']").get_attribute("data-count") == str(count)
    shown = {
        int(x)
        for x in root.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    }
    leaked = shown - set(want["visible"])
    assert not leaked, f"hidden cards in the page: {leaked}"
    assert root.locator("[data-hand='1'] [data-card], [data-hand='2'] [data-card]").count() == 0


def in_step(page, root, teacher) -> None:
    """The teacher's table shows the same game as the player's: same turn, same seat-0 hand,
    and the other hands face up (only there). Called while the person is to act (stable)."""
    mine, theirs = settled(page), settled(page, 1)
    assert (theirs["phase"], theirs["cur"]) == (mine["phase"], mine["cur"])
    assert dom_cards(teacher, "[data-hand='0']") == dom_cards(root, "[data-hand='0']")
    counts = [
        int(root.locator(f"[data-hand-count='{q}']").get_attribute("data-count")) for q in (1, 2)
    ]
    assert [len(dom_cards(teacher, f"[data-hand='{q}']")) for q in (1, 2)] == counts


def test_a_whole_round_by_clicks_against_bots(page, lab, artifacts, request) -> None:
    root = start(page, lab, request)
    teacher = page.locator(ROOT).nth(1)
    kernel_run(page, "w.bot_delay = 60; teacher.bot_delay = 60")
    start_round = py(page, "w.game.round")
    laid = shots = 0
    for _turn in range(60):
        state = person_to_act(page)
        if state["phase"] == "over" or py(page, "w.game.round") != start_round:
            break
        check_against_python(page, root)
        in_step(page, root, teacher)
        phase = state["phase"]
        seq = int(state["seq"])
        if phase == "draw":
            root.locator("[data-draw-pile]").click()
        elif phase == "play":
            if root.locator("[data-action=layDown].lw-primary").count():
                root.locator("[data-action=layDown]").click()
                root.locator("[data-dialog=laydown]").wait_for()
                if not shots:
                    root.screenshot(path=str(artifacts / "level8-laydown.png"))
                    shots += 1
                after_seq = int(settled(page)["seq"])
                root.locator("[data-action=confirmLay]").click()
                after(page, after_seq)
                laid += 1
                assert py(page, "w.game.laid_down[0]") is True
                check_against_python(page, root)
                seq = int(settled(page)["seq"])
            # discard the highest card not wanted by the plan: here simply the last in hand
            card = root.locator("[data-hand='0'] [data-card]").last
            card.click()
            assert card.get_attribute("data-selected") == "1"
            root.locator("[data-action=discard]").click()
        elif phase == "skipped":
            root.locator("[data-action=skipTurn]").click()
        elif phase == "keep":
            root.locator("[data-action=keep]").click()
        elif phase == "round_over":
            break
        after(page, seq)
        assert root.locator("[data-error]").count() == 0, root.locator("[data-error]").inner_text()
    assert py(page, "w.game.round") > start_round or py(page, "w.game.phase") in (
        "round_over",
        "keep",
        "over",
    ), "a full round should have been played"
    root.screenshot(path=str(artifacts / "level8-round.png"))
    # Laid combinations stay inside their seat's box, also two seats a row (seen cut off at the
    # widget's right edge and spilling out of the seat at ~850 px of widget width).
    outside = root.evaluate(
        """(e) => [...e.querySelectorAll('.l8-meld')].filter((m) => {
             const s = m.closest('.l8-seat').getBoundingClientRect();
             const r = m.getBoundingClientRect();
             return r.left < s.left - 1 || r.right > s.right + 1
                 || r.top < s.top - 1 || r.bottom > s.bottom + 1; }).length"""
    )
    melds = root.locator(".l8-meld").count()
    assert melds and not outside, f"{outside} of {melds} laid combinations outside their seat"
    rounds = py(page, "w.view['rounds']")
    assert rounds, "the round summary is in the view"
    # the move list holds one row per turn; a click jumps there and Python follows
    assert root.locator("[data-moves] [data-goto]").count() >= 3
    hands = py(page, "[len(h) for h in (w.game.hand(q) for q in range(3))]")
    assert teacher.locator("[data-hand='1'] [data-card]").count() in (0, hands[1])


def test_teacher_view_german_dark_and_a_refused_intent(page, lab, artifacts, request) -> None:
    root = start(page, lab, request)
    teacher = page.locator(ROOT).nth(1)
    person_to_act(page)
    hands = py(page, "[sorted(w.game.hand(q)) for q in range(3)]")
    settled(page, 1)
    for seat in range(3):  # the teacher sees every hand, the player only their own
        assert dom_cards(teacher, f"[data-hand='{seat}']") == hands[seat]
    assert dom_cards(root, "[data-hand='0']") == hands[0]
    assert teacher.locator("[data-hint]").count() == 1
    # a refused intent: discarding before drawing shows the engine's message, nothing changes
    before = py(page, "w.game.snapshot()['state']")
    seq = int(settled(page)["seq"])
    kernel_run(page, "w._handle_message(w, {'type': 'discard', 'card': w.game.hand(0)[0]}, [])")
    root.locator("[data-error]").wait_for()
    assert "draw" in root.locator("[data-error]").inner_text().lower()
    assert py(page, "w.game.snapshot()['state']") == before
    assert int(settled(page)["seq"]) >= seq
    # German labels and the dark theme
    kernel_run(page, "w.language = 'de'; teacher.language = 'de'")
    page.wait_for_function(
        "() => document.querySelector('.l8-root [data-draw-pile]').textContent.includes('Zieh')"
        " || document.querySelector('.l8-root').textContent.includes('Runde')"
    )
    assert "Runde" in root.inner_text()
    set_theme(page, dark=True)
    bg = root.evaluate("e => getComputedStyle(e).backgroundColor")
    assert bg != "rgb(255, 255, 255)", bg
    root.screenshot(path=str(artifacts / "level8-dark-de.png"))
    teacher.screenshot(path=str(artifacts / "level8-teacher-dark-de.png"))
    set_theme(page, dark=False)


def add_table(page, code: str, index: int) -> object:
    """Run ``code`` (its last line displays a table) in a new cell; the drawn table (``index``
    counts tables on the page) once it is idle."""
    run_code(page, code)
    page.locator(ROOT).nth(index).wait_for()
    settled(page, index)
    return page.locator(ROOT).nth(index)


def draw_from_pile(page, table, index: int) -> int:
    """Click the draw pile and wait for Python's answer; the new view's seq."""
    seq = int(settled(page, index)["seq"])
    table.locator("[data-draw-pile]").click()
    return int(after(page, seq, index)["seq"])


def test_joker_choice_hot_seat_and_game_over(page, lab, artifacts, request) -> None:
    start(page, lab, request)
    # A lay-down whose joker can be read two ways: the dialog offers both readings.
    j = add_table(
        page,
        "from levelwidgets.level8 import Level8, stack_deck\n"
        "hands = [['4R','5G','J1','9Y','10Y','11P','1O','1B','15P','15G'],"
        " ['2R','2G','7B','8P','12O','14R','3Y','15B','1P','13R']]\n"
        "jg = Level8(['Ann', 'Ben'], seed=1, deck=stack_deck(hands, '8R', ['1G']))\n"
        "j = Level8Widget(jg, bots=[None, None], seat=0)\nj",
        2,
    )
    draw_from_pile(page, j, 2)
    j.locator("[data-action=layDown]").click()
    j.locator("[data-dialog=laydown]").wait_for()
    readings = j.locator("[data-layout]")
    assert readings.count() >= 2, "the joker can stand for 3 or 6"
    readings.last.click()
    settled(page, 2)
    # The dialog is drawn again when the chosen reading shows: a screenshot taken while it
    # is replaced finds it detached, so it is taken again (a picture, not an assertion).
    for attempt in range(3):
        try:
            dialog = j.locator("[data-dialog=laydown]")
            dialog.wait_for()
            dialog.screenshot(path=str(artifacts / "level8-joker.png"))
            break
        except PlaywrightError:
            if attempt == 2:
                raise
            page.wait_for_timeout(200)
    seq = int(settled(page, 2)["seq"])
    j.locator("[data-action=confirmLay]").click()
    after(page, seq, 2)
    melds = py(page, "[m.to_dict() for m in j.game.observation(0).melds[0]]")
    assert len(melds) == 2 and any("J1" in str(m) or 90 in m.get("cards", []) for m in melds)

    # Hot seat: the hand stays hidden until the next person confirms at the screen.
    hot_seat = "hs = Level8Widget(players=['Ann', 'Ben'], bots=[None, None], seed=4)\nhs"
    hs = add_table(page, hot_seat, 3)
    assert hs.locator("[data-handoff='0']").count() == 1
    assert hs.locator("[data-hand] [data-card]").count() == 0
    hs.screenshot(path=str(artifacts / "level8-handoff.png"))
    seq = int(settled(page, 3)["seq"])
    hs.locator("[data-action=reveal]").click()
    after(page, seq, 3)
    assert dom_cards(hs, "[data-hand='0']") == py(page, "sorted(hs.game.hand(0))")

    # Game over: Ann is on the last level and holds it.
    o = add_table(
        page,
        "hands = [['5R','5G','7R','7G','7B','9R','9G','9B','9Y','1O'],"
        " ['2R','2G','7P','8P','12O','14R','3Y','15G','1P','13R']]\n"
        "og = Level8(['Ann', 'Ben'], seed=1, deck=stack_deck(hands, '8R', ['14O']),"
        " start_levels=[8, 1])\n"
        "o = Level8Widget(og, bots=[None, 'heuristic'], seat=0)\no",
        4,
    )
    seq = draw_from_pile(page, o, 4)
    o.locator("[data-action=layDown]").click()
    o.locator("[data-dialog=laydown]").wait_for()
    o.locator("[data-action=confirmLay]").click()
    state = after(page, seq, 4)
    assert state["phase"] == "over"
    o.locator("[data-result]").wait_for()
    assert "Ann" in o.locator("[data-result]").inner_text()
    assert py(page, "og.winners") == [0]
    o.screenshot(path=str(artifacts / "level8-gameover.png"))
