"""Each widget keeps an annotated record of what is played on it (issue 9's model underneath)."""

from __future__ import annotations

from pathlib import Path

import pytest

from levelwidgets.level8 import Level8
from levelwidgets.record import GameRecord, RecordError
from levelwidgets.widgets import Level8Widget, LevelXWidget


def send(w, **msg: object) -> None:
    w._handle_message(w, msg, [])


def notations(node) -> list[str]:
    return [step.notation for step in node.mainline()]


def test_playing_on_from_an_earlier_position_adds_a_variation(tmp_path: Path) -> None:
    w = LevelXWidget(players=["Ann", "Ben"], seed=3)
    for dice, move in (((2, 3, 4, 5), "2+3 4+5"), ((6, 6, 5, 5), "6 6 5 5")):
        w.roll(dice)
        w.play(move)
    rec = w.record
    main = notations(rec)
    assert len(main) == 4  # two rolls, two moves
    w.goto(1)
    w.roll((1, 4, 2, 3))
    w.play("1+4")  # a different second turn: a variation, the main line stays the game
    assert notations(rec) == main
    branch = rec.mainline_node(2)
    assert len(branch.variations) == 2 and branch.variations[1].notation
    assert w.record is rec  # one record for the widget's whole life
    rec.mainline_node(2).comment("Ann keeps both rows open.").mark("!?")
    path = tmp_path / "lesson.json"
    w.save(path)
    assert len(list(GameRecord.load(path).walk())) == len(list(rec.walk()))
    again = LevelXWidget.load(path, bots=[None, "greedy"], bot_delay=0)
    assert notations(again.record) == main
    node = again.record.mainline_node(2)
    assert node.comments == ["Ann keeps both rows open."] and node.mark() == "!?"
    assert len(node.variations) == 2
    assert again.game.plies == 2 and again.view["moves"] == ["2+3 4+5", "6 6 5 5"]


def test_level8_widget_records_every_action_and_reloads(tmp_path: Path) -> None:
    w = Level8Widget(players=["Ann", "Ben"], bots=[None, "heuristic"], seed=5, bot_delay=0)
    send(w, type="draw")
    send(w, type="discard", card=w.game.hand(0)[0])
    plies = w.game.plies
    assert len(notations(w.record)) == plies  # the bot's answer is recorded too
    path = tmp_path / "game.json"
    w.save(path)
    again = Level8Widget.load(path, bots=[None, "heuristic"])
    assert again.game.snapshot()["state"] == w.game.snapshot()["state"]


def test_a_game_without_a_replayable_history_still_plays_but_has_no_record() -> None:
    played = Level8(["Ann", "Ben"], seed=6)
    played.draw()
    rebuilt = Level8.from_history(played, played.history)  # chance not from its seed
    rebuilt.discard(rebuilt.hand(0)[0])
    w = Level8Widget(rebuilt, bots=[None, None], view="teacher")
    send(w, type="draw")
    assert w.error == "" and w.game.phase == "play"
    with pytest.raises(RecordError, match="cannot be recorded"):
        _ = w.record


def test_redo_follows_the_line_the_undo_came_back_along() -> None:
    w = LevelXWidget(seed=7)
    for dice, move in (((2, 3, 4, 5), "2+3 4+5"), ((6, 6, 5, 5), "6 6 5 5"), ((5, 5, 5, 5), "5 5")):
        w.roll(dice)
        w.play(move)
    w.goto(1)
    w.roll((1, 4, 2, 3))
    w.play("1+4")  # a variation from move 2 on
    w.roll((6, 6, 6, 6))
    w.play("6 6")
    w.goto(1)
    assert w.view["future"] == ["1+4", "6 6"]  # the variation just played, not the main line
    w.goto(3)
    assert w.view["moves"] == ["2+3 4+5", "1+4", "6 6"]
    assert [s.notation for s in w.record.mainline() if s.kind == "move"] == [
        "2+3 4+5",
        "6 6 5 5",
        "5 5",
    ]


def test_dice_set_by_hand_after_an_undo_make_a_variation_that_reloads(tmp_path: Path) -> None:
    """A roll set by hand leaves the generator alone: it is another step than the drawn roll
    with the same dice, and the saved record replays (the bot's next roll depends on it)."""
    w = LevelXWidget(players=["Ann", "Bot"], bots=[None, "greedy"], seed=4, bot_delay=0)
    w.roll()
    w.play(w.game.legal_moves()[0])
    dice = w.game.history[0].dice
    w.goto(0)
    w.roll(dice)
    w.play(w.game.legal_moves()[-1])
    assert [v.chance["drawn"] for v in w.record.variations] == [True, False]
    w.save(tmp_path / "hand.json")
    assert len(list(GameRecord.load(tmp_path / "hand.json").walk())) == len(list(w.record.walk()))


def test_marks_and_comments_show_in_the_move_lists_at_once() -> None:
    w = LevelXWidget(seed=8)
    for dice, move in (((2, 3, 4, 5), "2+3 4+5"), ((6, 6, 5, 5), "6 6 5 5")):
        w.roll(dice)
        w.play(move)
    seq = w.view["seq"]
    w.record.mainline_node(4).comment("Both 6s in one row?").mark("?")
    assert w.view["seq"] > seq  # annotating from Python redraws the widget
    assert w.view["notes"] == {"2": ["?", "Both 6s in one row?"]}
    w.goto(0)
    assert w.view["notes"] == {"2": ["?", "Both 6s in one row?"]}  # the future keeps its notes
    e = Level8Widget(players=["Ann", "Ben"], bots=[None, None], seed=3, view="teacher")
    send(e, type="draw")
    send(e, type="discard", card=e.game.hand(0)[0])
    e.record.mainline_node(1).mark("!")
    e.record.mainline_node(2).comment("Keeps the pair.")
    row = e.view["moves"][0]
    assert (row["mark"], row["note"]) == ("!", "Keeps the pair.")
