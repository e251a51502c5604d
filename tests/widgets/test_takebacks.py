"""Undo is no free peek, and a position that moves ends on a pass screen (issue 25).

The reproducers of the issue (each fails on the code before it), the three takeback policies
(``"free"``, ``"no_peeking"``, ``"off"``) of the card game, the board game and Level X, and the
rule behind ``no_peeking``: which events show a viewer a card it could not see before.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from levelwidgets.level8 import Event, HeuristicBot, Level8, stack_deck
from levelwidgets.level8.board import bots as board_bots
from levelwidgets.level8.cards import parse_card
from levelwidgets.level8.text import card_name
from levelwidgets.level8.visibility import action_text, shows_new_card
from levelwidgets.widgets import Level8BoardWidget, Level8Widget, LevelXWidget

from .test_intent_fuzz import intent_of


def send(w: Any, **intent: Any) -> None:
    w._handle_message(w, intent, [])


def refused(w: Any, code: str, **intent: Any) -> None:
    """The intent is refused with ``code`` and changes nothing the widget shows."""
    before, errors, view = w._state_mark(), w.error_id, dict(w.view)
    send(w, **intent)
    assert w.error_id == errors + 1, f"{intent} was not refused"
    assert w.error_info["code"] == code, w.error
    assert w._state_mark() == before
    assert {k: v for k, v in w.view.items() if k != "seq"} == {
        k: v for k, v in view.items() if k != "seq"
    }


def hot_seat(**kw: Any) -> Level8Widget:
    return Level8Widget(players=["Ann", "Ben"], bots=[None, None], seed=1, bot_delay=0, **kw)


def ann_draws_and_discards(w: Level8Widget) -> int:
    """Ann confirms, draws blind from the pile, discards another card; the drawn card."""
    send(w, type="reveal")
    send(w, type="draw", source="pile")
    drawn = w.game.history[-1].events[0].data["card"]
    send(w, type="discard", card=next(c for c in w.game.hand(0) if c != drawn))
    assert w.error == "" and w.view["handoff"] == 1
    return drawn


# ---------------------------------------------------------------------- the reproducers


def test_the_pass_screen_log_does_not_name_the_card_ann_drew_blind() -> None:
    w = hot_seat()
    drawn = ann_draws_and_discards(w)
    assert drawn in w.game.hand(0)
    log = " ".join(row[0] for row in w.view["log"])
    assert "Ann draws a card from the draw pile." in log, log
    assert card_name(drawn) not in log
    send(w, type="reveal")  # Ben at the screen: still not his to see
    log = " ".join(row[0] for row in w.view["log"])
    assert w.view["viewer"] == 1 and card_name(drawn) not in log, log


@pytest.mark.parametrize(
    "move",
    [
        {"type": "undo"},
        {"type": "goto", "ply": 1},  # a click on the move list
        {"type": "seek", "step": 0},  # the review bar
    ],
)
def test_a_position_moved_on_a_pass_screen_ends_on_the_next_pass_screen(move: dict) -> None:
    w = hot_seat(takebacks="free")
    ann_draws_and_discards(w)
    send(w, **move)
    assert w.error == ""
    assert w.game.current_player == 0  # Ann's turn again, but she did not confirm
    v = w.view
    assert v["handoff"] == 0 and v["viewer"] == "spectator"
    assert v["hand"] is None and v["hands"] is None and v["legal"] is None
    send(w, type="redo")  # forward again: Ben's turn, Ben's pass screen
    assert w.view["handoff"] == w.game.current_player and w.view["hand"] is None


def test_new_game_and_an_opened_record_start_on_a_pass_screen(tmp_path) -> None:
    w = hot_seat(takebacks="free")
    send(w, type="reveal")
    w.save(tmp_path / "game.json")
    send(w, type="new_game", same=False)
    assert w.view["handoff"] == 0 and w.view["hand"] is None
    send(w, type="reveal")
    w.open_record(tmp_path / "game.json")
    assert w.view["handoff"] == 0 and w.view["hand"] is None


def test_undo_after_a_blind_draw_is_no_free_peek_against_bots() -> None:
    w = Level8Widget(players=["Ann", "Bot"], bots=[None, "heuristic"], seed=3, bot_delay=0)
    assert w.takebacks == "no_peeking" and w.view["takebacks"] == "no_peeking"
    send(w, type="draw", source="pile")
    assert w.view["canUndo"] is False  # the button is off, and the key says why
    refused(w, "level8.no_peeking", type="undo")
    assert "free look" in w.error
    w.takebacks = "free"  # a teacher allows it
    assert w.view["canUndo"] is True
    send(w, type="undo")
    assert w.error == "" and w.game.plies == 0


def test_no_peeking_still_takes_back_what_showed_nothing_new() -> None:
    # Ann takes the face-up first discard: nothing hidden was shown, so she may take it back
    hands = [
        ["4R", "5G", "6B", "9Y", "10Y", "11P", "J1", "1O", "13B", "S1"],
        ["2R", "2G", "7B", "8P", "12O", "14R", "3Y", "15G", "1P", "13R"],
    ]
    game = Level8(["Ann", "Bot"], seed=1, deck=stack_deck(hands, "8R"))
    w = Level8Widget(game, bots=[None, "heuristic"], bot_delay=500)
    send(w, type="draw", source=1)  # the dealer's (Bot's) pile holds the first discard
    assert w.error == "" and w.view["canUndo"] is True
    send(w, type="undo")
    assert w.error == "" and w.game.plies == 0
    send(w, type="draw", source=1)
    send(w, type="discard", card=w.game.hand(0)[0])
    assert w.game.current_player == 1  # the bot is to act (paced): Ann may still take back
    send(w, type="undo")
    assert w.error == "" and w.game.current_player == 0


def test_takebacks_off_refuses_every_takeback_and_the_same_deal_again() -> None:
    w = Level8Widget(
        players=["Ann", "Bot"], bots=[None, "heuristic"], seed=3, bot_delay=500, takebacks="off"
    )
    send(w, type="draw", source=0 if w.game.discard_tops[0] is not None else 1)
    assert w.view["canUndo"] is False and w.view["review"]["floor"] == w.game.plies
    refused(w, "widget.takebacks_off", type="undo")
    refused(w, "widget.takebacks_off", type="seek", step=0)
    refused(w, "widget.takebacks_off", type="new_game", same=True)
    send(w, type="new_game", same=False)  # a new shuffle is no takeback
    assert w.error == "" and w.game.plies == 0


def test_same_cards_again_is_a_takeback_to_the_start() -> None:
    w = Level8Widget(players=["Ann", "Bot"], bots=[None, "heuristic"], seed=3, bot_delay=500)
    send(w, type="draw", source="pile")
    refused(w, "level8.no_peeking", type="new_game", same=True)


def test_the_review_bar_stops_at_the_last_peek_and_goes_forward_freely() -> None:
    w = hot_seat()
    ann_draws_and_discards(w)  # step 1 showed Ann a card, step 2 showed Ben one
    assert w.view["review"]["floor"] == 2 and w.view["canUndo"] is False
    refused(w, "level8.no_peeking", type="seek", step=1)
    refused(w, "level8.no_peeking", type="goto", ply=0)
    refused(w, "level8.no_peeking", type="undo")


def test_the_teacher_and_a_class_watching_step_freely() -> None:
    teacher = hot_seat(view="teacher")
    spectator = Level8Widget(players=2, bots=["heuristic"] * 2, view="spectator", bot_delay=0)
    assert teacher.takebacks == spectator.takebacks == "free"
    send(teacher, type="draw", source="pile")
    send(teacher, type="undo")
    assert teacher.error == "" and teacher.game.plies == 0
    spectator.seek(0)
    assert spectator.game.plies == 0
    with pytest.raises(ValueError, match="takebacks must be one of"):
        hot_seat(takebacks="never")


def test_a_read_only_record_steps_freely(tmp_path) -> None:
    w = hot_seat()
    ann_draws_and_discards(w)
    w.save(tmp_path / "lesson.json")
    ro = Level8Widget.load(tmp_path / "lesson.json", read_only=True)
    assert ro.view["review"]["floor"] == 0
    send(ro, type="seek", step=0)
    assert ro.error == "" and ro.game.plies == 0


def test_the_board_game_keeps_rolls_and_cards_seen() -> None:
    w = Level8BoardWidget(players=["Ann", "Bot"], bots=[None, "heuristic"], seed=4, bot_delay=500)
    assert w.takebacks == "no_peeking" and w.view["canUndo"] is False  # nothing played yet
    send(w, type="roll")  # the same dice would come again after an Undo: a look ahead
    assert w.view["canUndo"] is False
    refused(w, "level8.no_peeking_roll", type="undo")
    w.takebacks = "free"
    send(w, type="undo")
    assert w.error == "" and w.game.phase == "roll"


# ---------------------------------------------------------------------- Level X


def test_level_x_no_peeking_takes_back_a_move_but_never_a_roll() -> None:
    w = LevelXWidget(players=["Ann", "Ben"], bots=[None, None], seed=4, bot_delay=0)
    assert w.takebacks == "free"  # Level X hides nothing: free unless a teacher says so
    w.takebacks = "no_peeking"
    w.roll()
    assert w.view["canUndo"] is False
    refused(w, "levelx.no_peeking", type="undo")
    w.play(w.game.legal_moves()[0])
    send(w, type="undo")  # the move comes back; the dice stay
    assert w.error == "" and w.game.dice is not None and not w.game.history
    refused(w, "levelx.no_peeking", type="undo")


# ---------------------------------------------------------------------- one rule for undo


@pytest.mark.parametrize("kind", ["cards", "board", "levelx"])
def test_the_policy_checks_the_position_undo_really_returns_to(kind: str) -> None:
    """The policy looks ahead at where Undo will land (over bot steps to a person):
    compared with where it really lands, over random positions of bot-mixed games."""
    rng = random.Random(7)
    for seed in range(3):
        if kind == "cards":
            w: Any = Level8Widget(
                players=3, bots=[None, "heuristic", None], seed=seed, bot_delay=0,
                takebacks="free", view="teacher",
            )  # fmt: skip
        elif kind == "board":
            w = Level8BoardWidget(
                players=3, bots=[None, "heuristic", None], seed=seed, bot_delay=0,
                takebacks="free", view="teacher",
            )  # fmt: skip
        else:
            w = LevelXWidget(players=3, bots=[None, "greedy", None], seed=seed, bot_delay=0)
        for _ in range(60):
            if w.game.is_over:
                break
            play_person(w, rng)
        for _ in range(8):
            target = w._undo_target()
            if target is None:
                break
            w.undo()
            assert w.error == "" and w._cursor.node is target


def play_person(w: Any, rng: random.Random) -> None:
    if isinstance(w, LevelXWidget):
        if w.game.dice is None:
            w.roll()
        else:
            w.play(rng.choice(w.game.legal_moves()))
        return
    seat = w.game.current_player
    bot = (
        HeuristicBot(seed=seat)
        if type(w.game) is Level8
        else board_bots.BoardHeuristicBot(seed=seat)
    )
    action = (getattr(bot, "choose", None) or bot.act)(w.game.observation(seat))
    send(w, **intent_of(action))
    assert w.error == "", w.error


# ---------------------------------------------------------------------- the rule itself


def test_which_events_show_a_viewer_a_new_card() -> None:
    blind = Event("draw", 0, {"source": "pile", "card": 7})
    assert shows_new_card(blind, 0) and shows_new_card(blind, "teacher")
    assert not shows_new_card(blind, 1) and not shows_new_card(blind, "spectator")
    top = Event("draw", 0, {"source": 1, "card": 7})  # it lay face up
    assert not any(shows_new_card(top, v) for v in (0, 1, "spectator"))
    discard = Event("discard", 0, {"card": 7})
    assert shows_new_card(discard, 1) and shows_new_card(discard, "spectator")
    assert not shows_new_card(discard, 0)
    give = Event("give", 1, {"card": 7, "to": 0})  # the asker sees it, nobody else
    assert shows_new_card(give, 0) and not shows_new_card(give, 2)
    assert not shows_new_card(give, 1)
    deal = Event("deal", 0, {"round": 2, "dealer": 0, "first_discard": 7, "starts": 1})
    assert all(shows_new_card(deal, v) for v in (0, 1, "spectator"))
    for quiet in (
        Event("keep", 0, {"count": 2, "cards": [1, 2]}),
        Event("steal", 0, {"card": 7, "from": 1}),
        Event("joker", 0, {"card": 96, "left": 3}),
        Event("skip_turn", 1, {"card": 97}),
        Event("round_end", 0, {"round": 1, "moves": [1, 1], "levels": [1, 1]}),
    ):
        assert not any(shows_new_card(quiet, v) for v in (0, 1, 2)), quiet.kind


def test_a_line_label_names_kept_cards_only_to_their_keeper() -> None:
    from levelwidgets.level8 import Action

    keep = Action("keep", 0, cards=(parse_card("5R"), parse_card("7G")))
    names = ["Ann", "Ben"]
    assert "5R" in action_text(keep, names, 0) and "7G" in action_text(keep, names, "teacher")
    assert action_text(keep, names, 1) == "Ann keeps 2 cards for the next round"
    assert "5R" not in action_text(keep, names, "spectator")


# ---------------------------------------------------------------------- kept walks


def _walked_floor(w: Any, path: Any) -> int:
    """The takeback floor by a walk of the whole line (what the widget keeps per node)."""
    persons = w._person_seats()
    return next((k for k in range(len(path) - 1, 0, -1) if w._peek_at(path[k], persons)), 0)


def _walked_back(w: Any, path: Any) -> int:
    """Undo's steps back by a walk of the line's end (what the widget keeps per node)."""
    if len(path) < 2:
        return 0
    back = 1
    while back < len(path) - 1 and w._bot_acted(path[-back]):
        back += 1
    return back


@pytest.mark.parametrize("kind", ["cards", "board", "levelx"])
def test_kept_walks_match_a_walk_of_the_whole_line(kind: str) -> None:
    """The floor and Undo's reach, kept per node, equal a walk of the whole line: along play,
    after Undo, on a variation played from an earlier step, and after the bots or the people at
    the screen change."""
    rng = random.Random(11)
    bot = {"cards": "heuristic", "board": "heuristic", "levelx": "greedy"}[kind]
    make = {"cards": Level8Widget, "board": Level8BoardWidget, "levelx": LevelXWidget}[kind]
    view = {} if kind == "levelx" else {"view": "teacher"}  # (no pass screens to confirm)
    w: Any = make(
        players=3, bots=[None, bot, None], seed=2, bot_delay=0, takebacks="no_peeking", **view
    )

    def check() -> None:
        path = w._cursor.node.path()
        floor, refusal = w._takeback_floor(path)
        assert floor == _walked_floor(w, path)
        assert (refusal is None) == (floor == 0)
        assert w._undo_back(path) == _walked_back(w, path)

    def play(steps: int) -> None:
        for _ in range(steps):
            if w.game.is_over:
                return
            play_person(w, rng)
            check()

    play(40)
    w._takebacks = "free"  # back along the line, then on: a variation
    for _ in range(4):
        w.undo()
    w._takebacks = "no_peeking"
    check()
    for _ in range(20):  # another step than the one taken back: a variation
        if any(len(node._vars) > 1 for node in w._cursor.node.path()):
            break
        if kind == "levelx":
            play_person(w, rng)
        else:
            send(w, **intent_of(rng.choice(w.game.legal_actions())))
        check()
    assert any(len(node._vars) > 1 for node in w._cursor.node.path())
    play(15)
    w.bots = [None, None, None]
    check()
    w.bots = [bot, None, bot]
    check()
    if kind != "levelx":  # the people at one player's screen: one seat, then another
        for seat in (1, 0, 2):
            w._seat = seat
            check()
        w.bots = [None, bot, None]  # the same people at the screen, other bots
        check()
