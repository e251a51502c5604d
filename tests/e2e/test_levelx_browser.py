"""Level X widget in a real JupyterLab + Chromium: clicks reach Python, Python reaches the DOM.

Journeys a teacher makes: run the example notebook, roll, group dice by clicks and by dragging,
confirm, make a mistake, use the keyboard, turn 1s (Lucky Loser), open the teaching overlay,
switch language and theme, reload the page, and play a whole game against a bot.
"""

from __future__ import annotations

import shutil

from .lab import open_notebook, py, run_all, run_code, set_theme, settled_after
from .lab import settled as lab_settled

NB = "levelx_play.ipynb"
ROOT = ".lx-root"


def settled(page, root_index: int = 0, timeout: float = 20_000) -> dict:
    """Wait until the board has drawn its latest view (no animation running); its data-*."""
    return lab_settled(page, ROOT, root_index, timeout)


def wait_seq_after(page, seq: int, root_index: int = 0, timeout: float = 20_000) -> dict:
    return settled_after(page, ROOT, seq, root_index, timeout)


def our_turn(page, root_index: int = 0) -> dict:
    """Wait until the bot has answered and the person (seat 0) is to roll: a stable board."""
    page.wait_for_function(
        """(i) => { const r = document.querySelectorAll('.lx-root')[i];
                    return r && r.dataset.cur === '0' && r.dataset.phase === 'roll'
                      && r.dataset.busy === '0'; }""",
        arg=root_index,
        timeout=20_000,
    )
    return settled(page, root_index)


def dice_faces(page, root) -> list[int]:
    return [
        int(x)
        for x in root.locator("[data-die][data-face]").evaluate_all(
            "els => els.map(e => e.dataset.face)"
        )
    ]


def pick_groups(faces: list[int]) -> list[list[int]]:
    """A simple player: pairs summing 5–10, then single 5s and 6s (indices into the dice)."""
    free = list(range(len(faces)))
    groups = []
    for i in list(free):
        for j in list(free):
            if i < j and i in free and j in free and 5 <= faces[i] + faces[j] <= 10:
                groups.append([i, j])
                free.remove(i)
                free.remove(j)
    groups += [[i] for i in free if faces[i] >= 5]
    return groups


def click_groups(root, groups: list[list[int]]) -> None:
    for k, group in enumerate(groups):
        if k:
            root.locator("[data-action=newGroup]").click()
        for i in group:
            root.locator(f"button[data-die='{i}']").click()


def confirm_or_pass(root) -> None:
    """Play the groups built; with none, pass (the deliberate pass when moves exist)."""
    confirm = root.locator("[data-action=confirm]")
    (confirm if confirm.is_enabled() else root.locator("[data-action=pass]")).click()


def start(page, lab, request) -> object:
    """Open a fresh copy of the example (own kernel, no outputs saved by other tests); run it."""
    name = f"{request.node.name}.ipynb"
    shutil.copy(lab.root / NB, lab.root / name)
    open_notebook(page, lab, name)
    run_all(page)
    root = page.locator(ROOT).first
    root.wait_for(timeout=60_000)
    settled(page)
    return root


def test_roll_group_confirm_and_python_agrees(page, lab, artifacts, request) -> None:
    root = start(page, lab, request)
    assert root.locator("[data-row]").count() >= 18  # six rows of squares
    assert root.locator("[data-chips]").count() == 6
    seq = int(settled(page)["seq"])
    root.locator("[data-action=roll]").click()
    state = wait_seq_after(page, seq)
    assert state["phase"] == "play"
    faces = dice_faces(page, root)
    assert faces == py(page, "list(w.game.dice)")

    # A mistake first: one small die alone is no row. Python refuses, nothing changes.
    small = min(range(4), key=lambda i: faces[i])
    if faces[small] < 5:
        root.locator(f"button[data-die='{small}']").click()
        assert root.locator("[data-group='0']").get_attribute("data-valid") == "false"
        # Play is off (Python's verdict); the Enter key still asks, and Python refuses
        assert root.locator("[data-action=confirm]").is_disabled()
        root.focus()
        page.keyboard.press("Enter")
        root.locator("[data-error]").wait_for()
        assert "rows go from 5 to 10" in root.locator("[data-error]").inner_text()
        assert py(page, "[len(w.game.history), w.game.phase]") == [0, "play"]
        root.locator("[data-action=clear]").click()
        assert root.locator("[data-error]").count() == 0  # fixing the move hides the message

    groups = pick_groups(faces)
    click_groups(root, groups)
    for k, group in enumerate(groups):
        box = root.locator(f"[data-group='{k}']")
        assert box.get_attribute("data-sum") == str(sum(faces[i] for i in group))
        assert box.get_attribute("data-valid") == "true"
    page.screenshot(path=str(artifacts / "levelx-grouping.png"))
    # Watch the move play out: pieces step with a caption per event, then the board settles.
    page.evaluate(
        """() => { const r = document.querySelector('.lx-root');
                   window.__lx = { busy: [], said: [] };
                   new MutationObserver(() => {
                     window.__lx.busy.push(r.dataset.busy);
                     const t = r.querySelector('.lx-ticker.lx-live');
                     if (t) window.__lx.said.push(t.textContent);
                   }).observe(r, { attributes: true, subtree: true, childList: true }); }"""
    )
    seq = int(settled(page)["seq"])
    confirm_or_pass(root)
    wait_seq_after(page, seq)
    assert root.locator("[data-error]").count() == 0
    seen = page.evaluate("() => window.__lx")
    if groups:
        assert "1" in seen["busy"], "the move was not animated"
        assert any("You enter row" in s for s in seen["said"]), seen["said"]  # not "You enters"
    our_turn(page)
    history = py(page, "[t.to_dict() for t in w.game.history]")
    assert history[0]["steps"] == sorted(sum(faces[i] for i in g) for g in groups)
    # Every piece on screen sits where the engine says.
    pos = py(page, "[[w.game.piece(p, r) or 0 for r in range(5, 11)] for p in range(2)]")
    dom = root.locator(".lx-piece").evaluate_all(
        "els => els.map(e => [+e.dataset.player, +e.dataset.row, +e.dataset.square])"
    )
    for player, row, square in dom:
        assert pos[player][row - 5] == square
    assert root.locator("[data-goto='1']").inner_text().strip().endswith(history[0]["move"])


def test_python_drives_the_board_two_views_and_reload(page, lab, artifacts, request) -> None:
    root = start(page, lab, request)
    seq = int(settled(page)["seq"])
    py(page, "w.roll((2, 3, 4, 5)) and None")
    wait_seq_after(page, seq)
    assert dice_faces(page, root) == [2, 3, 4, 5]
    # A second view of the same widget stays in step with the first.
    run_code(page, "display(w)")
    page.locator(ROOT).nth(1).wait_for()
    seq = int(settled(page)["seq"])
    py(page, "w.game.play('2+3 4+5') and None")
    a, b = our_turn(page, 0), our_turn(page, 1)  # after the bot's answer, in both views
    assert int(a["seq"]) > seq and a["seq"] == b["seq"] == str(py(page, "w.view['seq']"))
    assert page.locator(ROOT).nth(1).locator("[data-goto='1']").count() == 1
    # Drag and drop builds groups too.
    seq = int(settled(page)["seq"])
    py(page, "w.roll((1, 4, 2, 3)) and None")
    wait_seq_after(page, seq)
    root.locator("button[data-die='0']").drag_to(root.locator("button[data-die='1']"))
    assert root.locator("[data-group='0']").get_attribute("data-sum") == "5"
    root.locator("button[data-die='2']").drag_to(root.locator("[data-drop='new']"))
    root.locator("button[data-die='3']").drag_to(root.locator("[data-group='1']"))
    assert root.locator("[data-group='1']").get_attribute("data-sum") == "5"
    # Reload: the page shows the current state again (saved outputs + live kernel).
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_timeout(500)
    want = py(page, "[w.view['seq'], w.game.phase, w.view['moves']]")
    page.reload()
    page.locator("#jp-main-statusbar", has_text="Idle").wait_for(timeout=60_000)
    page.locator(ROOT).first.wait_for(timeout=60_000)
    state = settled(page)
    assert [int(state["seq"]), state["phase"]] == want[:2]
    moves = page.locator(ROOT).first.locator("[data-goto]").count() - 1
    assert moves == len(want[2])


def test_keyboard_lucky_loser_teach_german_dark(page, lab, artifacts, request) -> None:
    root = start(page, lab, request)
    cells = page.locator(".jp-Notebook .jp-Cell").count()
    # Keys go to the widget when it has focus, and not to JupyterLab ("r" would make a raw cell).
    root.locator("[data-board]").click()
    seq = int(settled(page)["seq"])
    page.keyboard.press("r")
    state = wait_seq_after(page, seq)
    assert state["phase"] == "play"
    assert page.locator(".jp-Notebook .jp-Cell.jp-RawCell").count() == 0
    faces = dice_faces(page, root)
    groups = pick_groups(faces)
    for k, group in enumerate(groups):
        if k:
            page.keyboard.press("n")
        for i in group:
            page.keyboard.press(str(i + 1))
    seq = int(settled(page)["seq"])
    page.keyboard.press("Enter")
    wait_seq_after(page, seq)
    assert py(page, "len(w.game.history) >= 1")
    assert page.locator(".jp-Notebook .jp-Cell").count() == cells  # py() adds no cell
    # ← undoes back to the person, → redoes (the bot's turn too); the move list follows.
    page.wait_for_function(
        "() => { const r = document.querySelector('.lx-root');"
        " return r.dataset.cur === '0' && r.dataset.phase === 'roll' && r.dataset.busy === '0'; }",
        timeout=20_000,
    )
    n = py(page, "len(w.game.history)")
    root.locator("[data-board]").click()
    seq = int(settled(page)["seq"])
    page.keyboard.press("ArrowLeft")
    wait_seq_after(page, seq)
    # one press goes back past the bot's turn to the person's own move, dice on the table
    assert py(page, "[len(w.game.history), w.game.phase, w.game.current_player]") == [
        n - 2,
        "play",
        0,
    ]
    root.locator("[data-board]").click()
    seq = int(settled(page)["seq"])
    page.keyboard.press("ArrowRight")
    wait_seq_after(page, seq)
    assert py(page, "len(w.game.history)") == n
    # Clicking a move in the list shows that position.
    seq = int(settled(page)["seq"])
    root.locator("[data-goto='0']").click()
    wait_seq_after(page, seq)
    assert py(page, "[len(w.game.history), len(w.view['future'])]") == [0, n]
    seq = int(settled(page)["seq"])
    root.locator(f"[data-goto='{n}']").click()
    wait_seq_after(page, seq)
    assert py(page, "len(w.game.history)") == n

    # Lucky Loser through the UI: turn two 1s, group, play.
    seq = int(settled(page)["seq"])
    py(page, "w.roll((1, 1, 1, 5)) and None")
    wait_seq_after(page, seq)
    root.locator("[data-turn-die='0']").click()
    root.locator("[data-face-pick='6']").click()
    root.locator("[data-turn-die='1']").click()
    root.locator("[data-face-pick='5']").click()
    assert dice_faces(page, root) == [6, 5, 1, 5]
    click_groups(root, [[0, 2], [1, 3]])
    assert root.locator("[data-group='0']").get_attribute("data-sum") == "7"
    # Teaching overlay: every grouping of these dice and the chance of each sum.
    root.locator("[data-action=teach]").click()
    root.locator("[data-teach-panel] [data-chance]").first.wait_for()
    assert root.locator("[data-chance]").count() == 6
    want = py(page, "len(w.game.groupings())")
    page.wait_for_function(
        "(n) => document.querySelectorAll('.lx-root [data-grouping]').length === n", arg=want
    )
    root.scroll_into_view_if_needed()
    root.screenshot(path=str(artifacts / "levelx-teach-light.png"))
    seq = int(settled(page)["seq"])
    root.locator("[data-action=confirm]").click()
    wait_seq_after(page, seq)
    assert py(page, "list(w.game.history[-1].move.turned)") == [5, 6]

    # Without focus in the widget, notebook shortcuts still work: "r" makes the cell raw.
    page.wait_for_function(  # the bot has answered: nothing else will change the widget
        "() => { const r = document.querySelector('.lx-root');"
        " return r.dataset.cur === '0' && r.dataset.phase === 'roll' && r.dataset.busy === '0'; }",
        timeout=20_000,
    )
    seq = int(settled(page)["seq"])
    page.locator(".jp-Notebook .jp-Cell").first.locator(".jp-InputPrompt").click()
    page.keyboard.press("Escape")
    page.keyboard.press("r")
    page.locator(".jp-Notebook .jp-Cell.jp-RawCell").first.wait_for(timeout=5_000)
    assert int(settled(page)["seq"]) == seq  # and the widget did not roll
    page.keyboard.press("m")  # back to markdown

    # German labels, dark theme.
    py(page, "setattr(w, 'language', 'de') or None")
    page.wait_for_function(
        "() => document.querySelector('.lx-root [data-action=undo]').textContent.includes('Zurück')"
    )
    set_theme(page, dark=True)
    page.wait_for_timeout(400)
    bg = root.evaluate("e => getComputedStyle(e).backgroundColor")
    assert bg != "rgb(255, 255, 255)", bg
    settled(page)
    root.screenshot(path=str(artifacts / "levelx-dark-de.png"))
    # The rules in short, from the "?" button, in German.
    root.locator(".lw-tools [data-action=help]").click()
    assert "Glückspilz" in root.locator("[data-help]").inner_text()
    root.screenshot(path=str(artifacts / "levelx-help-dark-de.png"))
    root.locator(".lw-tools [data-action=help]").click()
    assert root.locator("[data-help]").is_hidden()
    set_theme(page, dark=False)


def test_a_refused_move_is_explained_in_german(page, lab, artifacts, request) -> None:
    root = start(page, lab, request)
    py(page, "setattr(w, 'language', 'de') or None")
    seq = int(settled(page)["seq"])
    py(page, "w.roll((1, 2, 3, 4)) and None")
    wait_seq_after(page, seq)
    root.locator("button[data-die='0']").click()  # a 1 alone: no row
    play = root.locator("[data-action=confirm]")
    # Python's verdict before the click: Play is off, with the engine's reason (issue 27)
    assert play.is_disabled() and play.get_attribute("data-playable") == "false"
    assert "Die Gruppe 1 ergibt 1" in (play.get_attribute("title") or "")
    root.focus()
    page.keyboard.press("Enter")  # the key still sends the move: Python refuses and explains
    root.locator("[data-error]").wait_for()
    said = root.locator("[data-error]").inner_text()
    assert "Die Gruppe 1 ergibt 1, die Reihen gehen aber von 5 bis 10." in said, said
    assert py(page, "[w.error_info['code'], len(w.game.history), w.game.phase]") == [
        "levelx.group_sum",
        0,
        "play",
    ]
    root.screenshot(path=str(artifacts / "levelx-refused-de.png"))


def test_whole_game_against_a_bot_by_clicks(page, lab, artifacts, request) -> None:
    start(page, lab, request)
    run_code(
        page,
        "w2 = LevelXWidget(players=['You', 'Bot'], bots=[None, 'greedy'], seed=3,"
        " bot_delay=20, animate=False)\nw2",
    )
    root = page.locator(ROOT).nth(1)
    root.wait_for()
    human_turns = 0
    for _ in range(300):
        page.wait_for_function(
            """() => { const r = document.querySelectorAll('.lx-root')[1];
                       return r.dataset.busy === '0' && (r.dataset.phase === 'over'
                         || (r.dataset.cur === '0' && r.dataset.phase === 'roll')); }""",
            timeout=20_000,
        )
        if root.get_attribute("data-phase") == "over":
            break
        seq = int(root.get_attribute("data-seq"))
        root.locator("[data-action=roll]").click()
        wait_seq_after(page, seq, 1)
        click_groups(root, pick_groups(dice_faces(page, root)))
        seq = int(root.get_attribute("data-seq"))
        confirm_or_pass(root)
        wait_seq_after(page, seq, 1)
        assert root.locator("[data-error]").count() == 0, root.locator("[data-error]").inner_text()
        human_turns += 1
    assert root.get_attribute("data-phase") == "over"
    game = py(page, "[w2.game.is_over, w2.game.scores(), w2.game.winners, len(w2.game.history)]")
    over, scores, winners, turns = game
    assert over and turns >= 2 * human_turns - 1
    dom_scores = [int(root.locator(f"[data-score='{p}']").inner_text()) for p in range(2)]
    assert dom_scores == scores
    assert root.locator(".lx-winner").count() == len(winners)
    assert root.locator("[data-goto]").count() == turns + 1
    root.scroll_into_view_if_needed()
    root.screenshot(path=str(artifacts / "levelx-game-over.png"))


def test_hot_seat_three_players_with_a_bot(page, lab, artifacts, request) -> None:
    start(page, lab, request)
    run_code(
        page,
        "from levelwidgets.levelx import GreedyBot\n"
        "w3 = LevelXWidget(players=['Ann', 'Ben', 'Cem'], bots=[None, None, 'greedy'],"
        " seed=21, bot_delay=0)\n"
        "w3.game.autoplay([GreedyBot()] * 3, max_turns=15)\nw3",
    )
    root = page.locator(ROOT).nth(1)
    root.wait_for()
    for player in (0, 1):  # two people at one screen, then the bot answers at once
        state = settled(page, 1)
        assert state["cur"] == str(player) and state["phase"] == "roll"
        assert root.locator("[data-whose]").inner_text().startswith(["Ann", "Ben"][player])
        seq = int(state["seq"])
        root.locator("[data-action=roll]").click()
        wait_seq_after(page, seq, 1)
        click_groups(root, pick_groups(dice_faces(page, root)))
        if player == 1:
            root.scroll_into_view_if_needed()
            root.screenshot(path=str(artifacts / "levelx-three-players.png"))
        seq = int(root.get_attribute("data-seq"))
        confirm_or_pass(root)
        wait_seq_after(page, seq, 1)
    assert settled(page, 1)["cur"] == "0"
    assert py(page, "[len(w3.game.history), w3.game.current_player]") == [18, 0]
    assert root.locator("[data-player-card]").count() == 3
    shapes = root.locator(".lx-piece svg > *").evaluate_all("els => els.map(e => e.tagName)")
    assert {"circle", "rect", "polygon"} <= set(shapes)  # a shape per player, not just colour


def test_move_preview_marks_the_square_python_previewed(page, lab, artifacts, request) -> None:
    root = start(page, lab, request)
    seq = int(settled(page)["seq"])
    root.locator("[data-action=roll]").click()
    wait_seq_after(page, seq)
    faces = dice_faces(page, root)
    group = pick_groups(faces)[0]  # seed 7: the first roll has a group of 5–10
    assert root.locator("[data-preview]").count() == 0  # no group yet, no preview
    click_groups(root, [group])
    row = sum(faces[i] for i in group)
    want = py(page, f"w.view['preview']['{row}']['steps'][0]")
    mark = root.locator("[data-board] [data-preview='A']")
    mark.wait_for()
    assert mark.get_attribute("data-preview-row") == str(row)
    assert mark.get_attribute("data-preview-square") == str(want["to"])
    square = root.locator(f".lx-square[data-row='{row}'][data-square='{want['to']}']")
    a, b = mark.bounding_box(), square.bounding_box()
    centre = [(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2) for box in (a, b)]
    assert abs(centre[0][0] - centre[1][0]) < 2 and abs(centre[0][1] - centre[1][1]) < 2, (a, b)
    assert "square" in root.locator("[data-group-preview='A']").inner_text()
    root.screenshot(path=str(artifacts / "levelx-preview-enter.png"))
    root.locator("[data-action=clear]").click()
    assert root.locator("[data-preview]").count() == 0

    # The rules' example, for the pictures: A reaches X5 and knocks Ben off, B takes a 6 chip.
    run_code(
        page,
        "from levelwidgets.levelx import LevelX\n"
        "g = LevelX(['Ann', 'Ben'], seed=1)\n"
        "for d, m in [((6, 6, 6, 6), '6 6 6 6'), ((5, 5, 5, 5), '5 5 5 5'),"
        " ((5, 5, 5, 2), '5 5 5'), ((2, 2, 2, 2), '-')]:\n"
        "    g.roll(d); g.play(m)\n"
        "wp = LevelXWidget(g, bot_delay=0, teach=True)\n"
        "wp.roll((5, 5, 6, 1))\nwp",
    )
    root = page.locator(ROOT).nth(1)
    root.wait_for()
    settled(page, 1)
    click_groups(root, [[0], [2]])
    root.locator("[data-preview='B']").wait_for()
    assert root.locator("[data-preview-summary]").inner_text() == (
        "If played: +11 points, 1 square forward"
    )
    root.scroll_into_view_if_needed()
    root.screenshot(path="/tmp/preview_light.png")
    set_theme(page, dark=True)
    page.wait_for_timeout(400)
    root.screenshot(path="/tmp/preview_dark.png")
    shutil.copy("/tmp/preview_dark.png", artifacts / "levelx-preview-dark.png")
    shutil.copy("/tmp/preview_light.png", artifacts / "levelx-preview-light.png")
    set_theme(page, dark=False)


def test_set_up_a_position_by_clicks_and_drags(page, lab, artifacts, request) -> None:
    """A teacher sets a position up: Set up, place pieces by clicks and by dragging, a refused
    placement (two pieces on one X) changes nothing, then play on from the set-up position."""
    start(page, lab, request)
    run_code(page, "ws = LevelXWidget(players=['Ann', 'Ben'], seed=3, bot_delay=0)\nws")
    root = page.locator(ROOT).nth(1)
    root.wait_for()
    root.scroll_into_view_if_needed()
    seq = int(settled(page, 1)["seq"])
    toggle = root.locator("[data-action=setup]")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    seq = int(wait_seq_after(page, seq, 1)["seq"])
    assert toggle.get_attribute("aria-pressed") == "true" and py(page, "ws.setup") is True
    assert root.locator("[data-setup-hint]").inner_text().startswith("Set up:")

    def square(row: int, sq: int):
        return root.locator(f".lx-square[data-row='{row}'][data-square='{sq}']")

    def piece(seat: int, row: int):
        return root.locator(f".lx-piece[data-player='{seat}'][data-row='{row}']")

    def placed(action) -> None:
        nonlocal seq
        action()
        seq = int(wait_seq_after(page, seq, 1)["seq"])

    # clicks: a player from the panel, then a square; a piece, then another square
    root.locator("[data-setup-seat='0']").click()
    placed(lambda: square(7, 2).click())
    assert piece(0, 7).get_attribute("data-square") == "2"
    piece(0, 7).click()
    placed(lambda: square(7, 3).click())
    assert piece(0, 7).get_attribute("data-square") == "3"
    root.locator("[data-setup-seat='1']").click()
    placed(lambda: square(5, 4).click())  # Ben on X5
    assert py(page, "[ws.game.piece(0, 7), ws.game.x_owner(5)]") == [3, 1]

    # refused: Ann onto X5 as well (clicking Ben's piece there counts as its square)
    root.locator("[data-setup-seat='0']").click()
    piece(1, 5).click()
    root.locator("[data-error]").wait_for()
    assert (
        "Only one piece fits on the X square of row 5" in root.locator("[data-error]").inner_text()
    )
    assert py(page, "[ws.game.piece(0, 5), ws.game.x_owner(5), ws.view['seq']]") == [None, 1, seq]

    # drag and drop: Ann's row-7 piece back to square 1; Ben's piece into row 9
    placed(lambda: piece(0, 7).drag_to(square(7, 1)))
    assert piece(0, 7).get_attribute("data-square") == "1"
    placed(lambda: root.locator("[data-setup-seat='1']").drag_to(square(9, 1)))
    assert piece(1, 9).get_attribute("data-square") == "1"
    placed(lambda: root.locator("[data-setup-current='1']").click())
    assert root.get_attribute("data-cur") == "1"
    want = [[0, 0, 1, 0, 0, 0], [4, 0, 0, 0, 1, 0]]
    assert py(page, "ws.view['pos']") == want
    root.screenshot(path=str(artifacts / "levelx-setup.png"))

    # leaving set-up: play on from here; undo stops at the set-up position
    placed(lambda: toggle.click())
    assert toggle.get_attribute("aria-pressed") == "false"
    assert root.locator("[data-action=undo]").is_disabled()
    placed(lambda: root.locator("[data-action=roll]").click())
    placed(lambda: root.locator("[data-action=undo]").click())
    assert py(page, "[ws.view['pos'], ws.game.current_player, ws.game.dice]") == [want, 1, None]
    assert root.locator("[data-action=undo]").is_disabled()
