"""The game tree: steps, variations, annotations, and refused calls that change nothing."""

from __future__ import annotations

import pytest

from levelwidgets.errors import GameError
from levelwidgets.level8 import Action
from levelwidgets.record import GameRecord, RecordError, Step, record

from .helpers import annotated_levelx, level8_game, levelx_game


def test_from_game_levelx_main_line_is_the_history():
    game = levelx_game(3)
    rec = record(game)
    steps = list(rec.mainline())
    assert len(steps) == 2 * len(game.history) + (game.dice is not None)
    for turn, roll, move in zip(game.history, steps[::2], steps[1::2], strict=False):
        assert (roll.kind, roll.player, roll.chance) == (
            "roll",
            turn.player,
            {"dice": list(turn.dice), "drawn": True},
        )
        assert (move.kind, move.notation) == ("move", turn.move.notation)
        assert [e.kind for e in move.events] == [e.kind for e in turn.events]
    assert rec.game == "levelx" and rec.players == game.names and rec.seed == game.seed


def test_from_game_level8_one_step_per_entry_after_the_deal():
    game = level8_game(4)
    rec = record(game)
    steps = list(rec.mainline())
    assert len(steps) == len(game.history) - 1
    for entry, step in zip(game.history[1:], steps, strict=True):
        assert step.kind == entry.action.kind and step.player == entry.action.player
        assert step.chance == [list(c) for c in entry.chance]
    assert any(step.chance for step in steps)  # reshuffles and deals recorded as chance
    assert rec.headers["players"] == list(game.names)


def test_levelx_mid_turn_game_keeps_its_pending_roll():
    from levelwidgets.levelx import LevelX

    game = LevelX(["Ann", "Ben"], seed=1)
    game.roll((1, 1, 1, 5))
    game.play("1+6 5+5")
    game.roll()
    rec = record(game)
    last = list(rec.mainline())[-1]
    assert last.kind == "roll" and last.chance["drawn"] is True
    assert rec.cursor().last() is last
    assert rec.game_at(3) == game


def test_add_variation_and_same_step_returns_existing_node():
    rec = record(levelx_game(3))
    parent = rec.mainline_node(1)  # after the first roll
    main = parent.next()
    assert parent.add_variation(main.notation) is main
    alt = parent.add_variation("-")
    assert alt.parent is parent and parent.variations == (main, alt)
    assert parent.add_variation("pass") is alt  # same move, other spelling
    assert not alt.is_main_line() and main.is_main_line()
    assert alt.ply == 2 and alt.notation == "-"


def test_variation_order_operations():
    rec = record(levelx_game(3))
    parent = rec.mainline_node(1)
    a = parent.next()
    moves = [m.notation for m in rec.game_at(parent).legal_moves()]
    b, c = (parent.add_variation(m) for m in [m for m in moves if m != a.notation][:2])
    parent.promote(c)
    assert parent.variations == (a, c, b)
    parent.promote_to_main(b)
    assert parent.variations == (b, a, c)
    parent.demote(b)
    assert parent.variations == (a, b, c)
    parent.demote(c)  # already last: nothing changes
    parent.promote(a)  # already first
    assert parent.variations == (a, b, c)
    parent.remove(b)
    assert parent.variations == (a, c)
    with pytest.raises(RecordError, match="removed"):
        b.comment("gone")
    with pytest.raises(RecordError, match="not a variation"):
        parent.remove(b)
    count = rec.node_count
    rec.remove(rec.next())  # the whole game goes
    assert rec.node_count == 1 and count > 1


def test_make_main_line_promotes_every_ancestor():
    rec = annotated_levelx()
    deep = rec.mainline_node(3).variations[1].next().next()
    assert not deep.is_main_line()
    deep.make_main_line()
    assert deep.is_main_line()
    assert rec.mainline_node(deep.ply) is deep


def test_comments_marks_highlights():
    rec = record(level8_game(4))
    node = rec.mainline_node(5)
    assert node.comment("a").comment("b") is node
    assert node.comments == ["a", "b"]
    assert node.remove_comment(0) == "a" and node.comments == ["b"]
    node.set_comments(["x", "y"])
    assert node.comments == ["x", "y"]
    assert node.mark() is None
    assert node.mark("!!") is node and node.mark() == "!!"
    node.mark(None)
    assert node.mark() is None
    node.highlight(card="7R", colour="green").highlight(player=1).highlight(combination=(1, 0))
    node.highlight(card=6, colour="blue")  # the same card by id: its colour changes
    assert node.highlights == [
        {"kind": "card", "target": 6, "colour": "blue"},
        {"kind": "player", "target": 1, "colour": "red"},
        {"kind": "combination", "target": [1, 0], "colour": "red"},
    ]
    node.unhighlight(player=1)
    assert len(node.highlights) == 2
    node.unhighlight()
    assert node.highlights == []


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda n: n.mark("!!!"), "mark is one of"),
        (lambda n: n.mark(1), "mark is one of"),
        (lambda n: n.comment(""), "must not be empty"),
        (lambda n: n.comment(5), "must be text"),
        (lambda n: n.comment("a\x00b"), "control characters"),
        (lambda n: n.comment("x" * 10_001), "at most"),
        (lambda n: n.highlight(row=11), "row must be"),
        (lambda n: n.highlight(row=True), "row must be"),
        (lambda n: n.highlight(square=(7, 4)), "square of row 7"),
        (lambda n: n.highlight(die=4), "die"),
        (lambda n: n.highlight(group=(0, 0)), "twice"),
        (lambda n: n.highlight(card="7R"), "highlights row, square, die, group"),
        (lambda n: n.highlight(row=7, colour="javascript:alert(1)"), "colour is one of"),
        (lambda n: n.highlight(row=7, die=1), "Name one thing"),
        (lambda n: n.highlight(), "Name one thing"),
        (lambda n: n.unhighlight(row=9), "Nothing is highlighted"),
        (lambda n: n.remove_comment(3), "no comment"),
        (lambda n: n.set_comments("text"), "list of texts"),
        (lambda n: n.add_variation("6+6+6+6"), "turn to roll"),
        (lambda n: n.add_variation((7, 1, 1, 1)), "Dice must be"),
        (lambda n: n.record.set_header("players", "x"), "Headers you can set"),
        (lambda n: n.record.set_header("event", "<" * 2000), "at most"),
    ],
)
def test_refused_calls_change_nothing(call, message):
    rec = annotated_levelx()
    node = rec.mainline_node(4)
    before = rec.to_json()
    with pytest.raises(RecordError, match=message) as info:
        call(node)
    assert isinstance(info.value, GameError) and isinstance(info.value, ValueError)
    assert rec.to_json() == before


def test_illegal_level8_steps_are_refused():
    rec = record(level8_game(4))
    node = rec.mainline_node(3)
    before = rec.to_json()
    game = rec.game_at(node)
    other = (game.current_player + 1) % 3
    with pytest.raises(RecordError, match="turn"):
        node.add_variation(Action("draw", other))
    with pytest.raises(RecordError):
        node.add_variation({"kind": "teleport", "player": 0})
    assert rec.to_json() == before
    legal = game.legal_actions()[0]
    step = node.add_variation(legal)
    assert isinstance(step, Step) and step.kind == legal.kind


def test_walk_visits_every_node_once_in_order():
    rec = annotated_levelx()
    nodes = list(rec.walk())
    assert nodes[0] is rec and len(nodes) == rec.node_count == len(set(map(id, nodes)))
    main = [rec, *rec.mainline()]
    assert [n for n in nodes if n.is_main_line()] == main


def test_listeners_hear_changes():
    rec = record(levelx_game(3))
    heard = []
    stop = rec.on_change(lambda r, what, node, *extra: heard.append((what, node)))
    node = rec.mainline_node(2)
    node.comment("x")
    node.mark("!")
    alt = rec.mainline_node(1).add_variation("-")
    rec.mainline_node(1).remove(alt)
    stop()
    node.comment("unheard")
    assert [w for w, _ in heard] == ["comments", "mark", "added", "removed"]


def test_new_record_and_not_a_game():
    from levelwidgets.levelx import LevelX

    rec = GameRecord.new(LevelX(["A", "B"], seed=9))
    assert rec.node_count == 1 and rec.next() is None
    roll = rec.add_variation("roll")
    assert roll.chance["drawn"] is True
    with pytest.raises(RecordError, match="not a Level X or Level 8 game"):
        record("chess")


def test_adapters_build_the_steps_from_any_start_and_count_them() -> None:
    """Widgets ask for the steps from the cursor on only (the hot path of every redraw)."""
    from levelwidgets.level8 import HeuristicBot
    from levelwidgets.level8 import play_game as play_level8
    from levelwidgets.levelx import GreedyBot
    from levelwidgets.levelx import play_game as play_levelx
    from levelwidgets.record import adapter_for

    levelx = play_levelx([GreedyBot(), GreedyBot()], seed=3).after(10)
    levelx.roll()  # an unplayed roll is a step too
    level8 = play_level8([HeuristicBot(seed=1), HeuristicBot(seed=2)], seed=4).after(30)
    for game in (levelx, level8):
        adapter = adapter_for(game)
        every = adapter.steps_of(game)
        assert adapter.step_count(game) == len(every) > 20
        for start in range(len(every) + 1):
            assert adapter.steps_of(game, start) == every[start:]
