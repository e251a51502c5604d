"""Level 8 board game in a real JupyterLab + Chromium: a whole round played by clicks.

The person (seat 0) plays against two bots: rolls, clicks one of the two glowing fields,
answers the field's dialog (take, swap, ask, give, show, steal, choose), lays down through
the card game's dialog and discards, until the round-end summary appears. After each click
Python's state is checked, and the page never holds a card seat 0 may not see. Screenshots go
to test-artifacts/ and the README's pictures to docs/level8-board.png (light) and
docs/level8-board-dark.png (dark, German). A stacked deal brings the add-on question "which
end?" for a joker: Enter leaves it open (the selected joker is not discarded), Esc closes it.
"""

from __future__ import annotations

import json

import pytest

from .lab import REPO, kernel_run, open_notebook, run_all, set_theme, settled_after
from .lab import settled as lab_settled
from .test_levelx_browser import py

ROOT = ".l8b-root"
SEED = 11

SETUP = f"""\
import random
from levelwidgets.widgets import Level8BoardWidget

try:  # the board game's bots
    from levelwidgets.level8.board.bots import BoardHeuristicBot  # noqa: F401
    BOTS = [None, "heuristic", "heuristic"]
except Exception:  # not there (yet): a seeded bot that picks a legal action
    class _Pick:
        def __init__(self, seed):
            self.rng = random.Random(seed)
        def choose(self, obs):
            acts = obs.legal_actions
            plays = [a for a in acts if a.kind == "lay_down"]
            return plays[0] if plays else self.rng.choice(acts)
    BOTS = [None, _Pick(1), _Pick(2)]

w = Level8BoardWidget(players=["You", "Ben", "Cleo"], bots=BOTS, seed={SEED}, bot_delay=60)
w
"""


def _notebook(cells: list[str]) -> str:
    return json.dumps(
        {
            "cells": [
                {"cell_type": "code", "metadata": {}, "source": c, "outputs": [],
                 "execution_count": None}
                for c in cells
            ],
            "metadata": {
                "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
            },
            "nbformat": 4,
            "nbformat_minor": 5,
        }
    )  # fmt: skip


def settled(page, index: int = 0) -> dict:
    return lab_settled(page, ROOT, index)


def after(page, seq: int, index: int = 0) -> dict:
    return settled_after(page, ROOT, seq, index)


def person_to_act(page, timeout: float = 90_000) -> dict:
    """Wait until the bots have played and seat 0 may act, or the round is over."""
    page.wait_for_function(
        """() => { const r = document.querySelector('.l8b-root');
                   return r && r.dataset.busy === '0' && (r.dataset.actor === '0'
                     || ['round_over', 'over'].includes(r.dataset.phase)); }""",
        timeout=timeout,
    )
    return settled(page)


def page_cards(root) -> set[int]:
    return {
        int(x)
        for x in root.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    }


VISIBLE = (
    "(lambda o: sorted(set(o.hand or ()) | {t for t in o.table.discard_tops if t is not None}"
    " | {c for ms in o.table.melds for m in ms for c in m.cards}"
    " | {c for _q, cs in o.shown if cs for c in cs}))(w.game.observation(0))"
)


def check_nothing_hidden(page, root) -> None:
    """The page holds no card seat 0 may not see (hands of the bots, the draw pile...)."""
    leaked = page_cards(root) - set(py(page, VISIBLE))
    assert not leaked, f"hidden cards in the page: {leaked}"


def start(page, lab, request, setup: str = SETUP) -> object:
    page.set_viewport_size({"width": 1200, "height": 1700})
    name = f"{request.node.name}.ipynb"
    (lab.root / name).write_text(_notebook([setup]))
    open_notebook(page, lab, name)
    run_all(page)
    root = page.locator(ROOT).first
    root.wait_for(timeout=60_000)
    settled(page)
    return root


def shot(root, path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=str(path))


def test_a_whole_round_by_clicks_against_bots(page, lab, artifacts, request) -> None:
    root = start(page, lab, request)
    seen: set[str] = set()
    docs_light = summary = False
    for _step in range(300):
        state = person_to_act(page)
        phase = state["phase"]
        if phase in ("round_over", "over"):
            break
        seq = int(state["seq"])
        assert root.locator("[data-error]").count() == 0, root.locator("[data-error]").inner_text()
        if phase not in seen:
            seen.add(phase)
            check_nothing_hidden(page, root)
            shot(root, artifacts / f"level8-board-{phase}.png")
        if phase == "roll":
            assert root.locator("[data-dice='']").count() == 1
            root.locator("[data-dialog=roll] [data-action=roll]").click()
        elif phase == "move":
            reach = py(page, "list(w.game.reachable)")
            glowing = root.locator("[data-field][data-reachable='1']")
            assert sorted(int(f) for f in glowing.evaluate_all(
                "els => els.map(e => e.dataset.field)")) == sorted(reach)  # fmt: skip
            dice = py(page, "list(w.game.dice)")
            assert [
                int(root.locator(f"[data-die='{k}']").get_attribute("data-value")) for k in (0, 1)
            ] == dice
            if not docs_light and len(reach) == 2:
                docs_light = True
                shot(root, REPO / "docs" / "level8-board.png")
            target = int(glowing.last.get_attribute("data-field"))
            glowing.last.click()
            after(page, seq)
            assert py(page, "w.game.towers[0]") == target
            continue
        elif phase == "take":
            pile = root.locator("[data-draw-pile]:not([disabled])")
            (pile if pile.count() else root.locator("[data-discard]:not([disabled])").first).click()
        elif phase in ("swap", "show", "give"):
            picks = root.locator(f"[data-dialog={phase}] [data-pick]")
            picks.first.click()
            if phase == "swap" and picks.count() > 1:
                picks.nth(1).click()
            if phase == "show":  # exactly 3 cards face up (all of a smaller hand)
                need = py(page, "w.view['board']['choices']['show']['min']")
                for k in range(1, need):
                    picks.nth(k).click()
            # the picked cards are marked in the dialog itself: raised, outlined, ticked
            dialog = root.locator(f"[data-dialog={phase}]")
            marked = dialog.locator(".l8b-pickcards .l8-sel[aria-pressed=true]")
            assert marked.count() == dialog.locator("[data-pick].l8-sel").count() >= 1
            look = marked.first.evaluate(
                "e => [getComputedStyle(e).transform, getComputedStyle(e).outlineStyle,"
                " getComputedStyle(e, '::after').content]"
            )
            assert look[0] != "none" and look[1] == "solid" and "✓" in look[2], look
            shot(root, artifacts / f"level8-board-{phase}-picked.png")
            root.locator(f"[data-dialog={phase}] [data-action=confirmPick]").click()
        elif phase == "ask":
            hand = py(page, "sorted(w.game.hand(0))")
            number = hand[0] % 15 + 1 if hand and hand[0] < 90 else 7
            root.locator(f"[data-ask-number='{number}']").click()
            root.locator("[data-ask-dir=right]").click()
            root.locator("[data-action=confirmAsk]").click()
        elif phase == "steal":
            root.locator("[data-dialog=steal] [data-steal]:not([disabled])").first.click()
        elif phase == "choose":
            root.locator("[data-dialog=choose] [data-choose]:not([disabled])").first.click()
        elif phase == "play":
            if root.locator("[data-action=layDown].lw-primary").count():
                root.locator("[data-action=layDown]").click()
                root.locator("[data-dialog=laydown]").wait_for()
                shot(root, artifacts / "level8-board-laydown.png")
                lay_seq = int(settled(page)["seq"])
                root.locator("[data-action=confirmLay]").click()
                after(page, lay_seq)
                assert py(page, "w.game.laid_down[0]") is True
                if py(page, "w.game.phase") != "play":
                    continue
                seq = int(settled(page)["seq"])
            card = root.locator("[data-hand='0'] [data-card]").last
            card.click()
            assert card.get_attribute("data-selected") == "1"
            root.locator("[data-action=discard]").click()
        elif phase == "keep":
            # the round is over: its summary is on the board while the person keeps cards
            root.locator("[data-summary]").wait_for()
            summary = True
            shot(root, artifacts / "level8-board-round-end.png")
            root.locator("[data-action=keep]").click()
            after(page, seq)
            break
        else:
            pytest.fail(f"unexpected phase {phase!r}")
        after(page, seq)
    else:
        pytest.fail("the round did not end within 300 steps of the person")
    if not summary:  # the round ended without a keep for the person: the summary is up now
        root.locator("[data-summary], [data-result]").first.wait_for()
        shot(root, artifacts / "level8-board-round-end.png")
    assert py(page, "len(w.view['rounds'])") >= 1, "a whole round was played"
    check_nothing_hidden(page, root)
    assert docs_light, "a move with two reachable fields was screenshot"
    # the move list has one row per turn; a click jumps back and Python follows
    rows = root.locator("[data-moves] [data-goto]")
    assert rows.count() >= 4
    assert {"roll", "move"} <= seen

    # no peeking (the player view's default): Undo is off exactly when Python refuses it (the
    # bots' turns showed new cards); once a teacher allows takebacks, it takes back to where
    # the person acted
    refused = py(page, "w._undo_refusal() is not None")
    assert root.locator("[data-action=undo]").is_disabled() == refused
    kernel_run(page, "w.takebacks = 'free'")
    root.locator("[data-action=undo]:not([disabled])").wait_for()
    plies = py(page, "w.game.plies")
    seq = int(settled(page)["seq"])
    root.locator("[data-action=undo]").click()
    after(page, seq)
    assert py(page, "w.game.plies") < plies

    # German and the dark theme, on a fresh game at its move (the glowing fields)
    kernel_run(page, "w.new_game(seed=3); w.bot_delay = 0; w.language = 'de'")
    state = person_to_act(page)
    if state["phase"] == "roll":
        seq = int(state["seq"])
        root.locator("[data-action=roll]").click()
        after(page, seq)
    assert "Würfel" in root.inner_text() or "Feld" in root.inner_text()
    set_theme(page, dark=True)
    bg = root.evaluate("e => getComputedStyle(e).backgroundColor")
    assert bg != "rgb(255, 255, 255)", bg
    shot(root, REPO / "docs" / "level8-board-dark.png")
    shot(root, artifacts / "level8-board-dark-de.png")
    set_theme(page, dark=False)


# Seat 0 holds the run 3-5 red and three 9s (level 1: a set of 3 and a run of 3); the dice are
# set so that field 3 (the joker field) is reachable: its joker (J8 = 101) comes at once.
ADD_ON_SETUP = """\
from levelwidgets.level8 import stack_deck
from levelwidgets.level8.board import Level8Board
from levelwidgets.widgets import Level8BoardWidget

hands = [['3R', '4R', '5R', '9G', '9B', '9Y', '12O', '14P', '1B', '7G'],
         ['2R', '2G', '7B', '8P', '12R', '14R', '3Y', '15B', '1P', '13R']]
g = Level8Board(['You', 'Ben'], seed=1, deck=[c for c in stack_deck(hands, '8R') if c < 90])
g.roll(dice=(3, 1))
w = Level8BoardWidget(g, bots=[None, None], seat=0)
w
"""
JOKER = 101


def test_add_on_question_enter_keeps_the_card_esc_closes_it(page, lab, artifacts, request) -> None:
    root = start(page, lab, request, ADD_ON_SETUP)
    state = settled(page)
    assert state["phase"] == "move"
    root.locator("[data-field='3'][data-reachable='1']").click()
    state = after(page, int(state["seq"]))
    assert state["phase"] == "play" and JOKER in py(page, "w.game.hand(0)")
    root.locator("[data-action=layDown]").click()
    root.locator("[data-dialog=laydown]").wait_for()
    seq = int(settled(page)["seq"])
    root.locator("[data-action=confirmLay]").click()
    state = after(page, seq)
    assert py(page, "w.game.laid_down[0]") is True and state["phase"] == "play"
    melds = "w.game.observation(0).table.melds[0]"
    run = py(page, f"[i for i, m in enumerate({melds}) if m.kind == 'run']")
    meld = root.locator(f"[data-meld='0-{run[0]}']")

    def ask() -> None:
        root.locator(f"[data-hand='0'] [data-card='{JOKER}']").click()
        assert "l8-fits" in (meld.get_attribute("class") or "")
        meld.click()
        root.locator(f"[data-ask='0-{run[0]}']").wait_for()
        assert "l8-asked" in (meld.get_attribute("class") or "")

    ask()
    shot(root, artifacts / "level8-board-add-on-question.png")
    seq = int(settled(page)["seq"])
    # Enter answers nothing: the selected joker is not discarded, the turn goes on
    root.press("Enter")
    page.wait_for_timeout(400)
    assert settled(page)["seq"] == str(seq)
    assert root.locator("[data-ask]").count() == 1
    assert JOKER in py(page, "w.game.hand(0)") and py(page, "w.game.phase") == "play"
    # Esc closes the question and clears the selection
    root.press("Escape")
    assert root.locator("[data-ask]").count() == 0
    assert root.locator(".l8-asked").count() == 0
    assert root.locator("[data-hand='0'] [data-selected='1']").count() == 0
    # asked again and answered by a click: the joker is the run's 6
    ask()
    root.locator("[data-action=askNumber][data-number='6']").click()
    after(page, seq)
    combo = py(page, f"{melds}[{run[0]}].to_dict()")
    assert JOKER in combo["cards"] and combo["jokers"] == {str(JOKER): 6}, combo
    assert root.locator(f"[data-meld='0-{run[0]}'] [data-card='{JOKER}']").count() == 1
