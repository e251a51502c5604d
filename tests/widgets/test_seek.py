"""Seeking through a record: the widget's game, history and view equal a fresh replay.

The widget moves along a record by taking the record's stored states (checkpoints) and keeps
indexes of it (paths, the main line, annotated nodes, each line's move texts). Everything it
shows must be what a game replayed from the start along the same steps shows, at every node
visited, after every edit of the tree (variations added, removed, promoted; takebacks).
"""

from __future__ import annotations

import random

import pytest

from levelwidgets import level8, levelx
from levelwidgets.levelx.preview import preview_moves
from levelwidgets.levelx.samples import long_game
from levelwidgets.record import GameRecord, Node
from levelwidgets.widgets import Level8Widget, LevelXWidget
from levelwidgets.widgets import lines as lines_mod


def _fresh(record: GameRecord, node: Node):
    """A game replayed from the record's config along every step to ``node``."""
    adapter = record._adapter
    game = adapter.new_game(record.config)
    path, cur = [], node
    while cur.parent is not None:  # walked here: no index of the record is used
        path.append(cur)
        cur = cur.parent
    for step in reversed(path):
        adapter.apply(game, step.data)
    return game


def _turns(game: levelx.LevelX) -> list[tuple]:
    return [
        (t.number, t.round, t.player, t.dice, t.drawn, t.move.notation, t.events)
        for t in game.history
    ]


def _shown_line(widget) -> list[Node]:
    """The steps of the line looked at, from the start, found by walking (no index)."""
    cursor = widget._cursor
    here, end = cursor.node, widget._line_end
    up, cur = [], end
    while cur is not None and cur is not here:
        up.append(cur)
        cur = cur.parent
    if cur is here:
        after = up[::-1]
    else:
        after, cur = [], here
        while cur.variations:
            cur = cur.variations[0]
            after.append(cur)
    before, cur = [], here
    while cur.parent is not None:
        before.append(cur)
        cur = cur.parent
    return [*before[::-1], *after]


def _check_levelx(w: LevelXWidget) -> None:
    record, node = w.record, w._cursor.node
    fresh = _fresh(record, node)
    game = w.game
    assert game.snapshot() == fresh.snapshot(), f"ply {node.ply}"
    assert _turns(game) == _turns(fresh)
    assert game.steps() == fresh.steps()
    for viewer in (0, 1, "spectator"):
        assert game.observation(viewer) == fresh.observation(viewer)
    line = _shown_line(w)
    view = w.view
    moves = [s.notation for s in line if s.kind == "move"]
    assert view["moves"] == [t.move.notation for t in fresh.history]
    assert view["moves"] + view["future"] == moves
    assert view["review"]["step"] == node.ply
    assert view["review"]["steps"] == len(line)
    if "preview" in view:  # kept for positions shown before: still this position's
        assert view["preview"] == {k: p.to_dict() for k, p in preview_moves(fresh).items()}
    notes = {}
    for step in line:
        if step.mark() or step.comments:
            turn = str((step.ply + 1) // 2)
            old_mark, old_text = notes.get(turn, ["", ""])
            text = " / ".join(step.comments)
            notes[turn] = [step.mark() or old_mark, " / ".join(t for t in (old_text, text) if t)]
    assert view.get("notes", {}) == notes
    shown = line[-1] if line else record
    on_shown = {id(n) for n in (record, *line)}
    expected_lines = []
    for first, depth in lines_mod.line_starts(record)[0]:
        end = first
        while end.variations:
            end = end.variations[0]
        branch = []
        cur = first
        while cur.parent is not None:
            index = list(cur.parent.variations).index(cur)
            if index:
                branch.append([cur.ply, index])
            cur = cur.parent
        step = first if first is not record else (first.variations or [None])[0]
        expected_lines.append(
            {
                "path": branch[::-1],
                "at": first.ply or 1,
                "depth": depth,
                "text": "" if step is None else w._line_text(step),
                "player": None if step is None else step.player,
                "steps": end.ply - (first.ply or 1) + 1 if step is not None else 0,
                "shown": id(first) in on_shown,
                "main": first is record,
            }
        )
    assert view["review"]["lines"] == expected_lines
    assert shown is not None


def _edit(w: LevelXWidget, rng: random.Random) -> str:
    """One random change of the record or of the position shown; returns what it did."""
    record = w.record
    nodes = list(record.walk())
    op = rng.choice(["seek", "seek", "seek", "show", "vary", "remove", "promote", "undo", "redo"])
    if op == "seek":
        w.seek(rng.randrange(w.view["review"]["steps"] + 1))
    elif op == "show":
        w.show(rng.choice(nodes))
    elif op == "vary":
        node = rng.choice(nodes)
        game = record.game_at(node)
        if game.is_over:
            return "none"
        if game.phase == "roll":
            spec = tuple(rng.randint(1, 6) for _ in range(4))
        else:
            spec = rng.choice(game.legal_moves())
        added = node.add_variation(spec)
        w.show(added)
    elif op == "remove":
        branches = [n for n in nodes if n.parent is not None and n.variation_index() > 0]
        if not branches:
            return "none"
        node = rng.choice(branches)
        w._variation_intent({"op": "remove", "path": lines_mod.path_of(node)})
    elif op == "promote":
        branches = [n for n in nodes if n.parent is not None and n.variation_index() > 0]
        if not branches:
            return "none"
        node = rng.choice(branches)
        verb = rng.choice(["promote", "main"])
        w._variation_intent({"op": verb, "path": lines_mod.path_of(node)})
    elif op == "undo":
        if not w.view["canUndo"]:
            return "none"
        w.undo()
    elif op == "redo":
        if not w.view["canRedo"]:
            return "none"
        w.redo()
    return op


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_levelx_seek_and_edits_equal_a_fresh_replay(seed):
    rng = random.Random(seed)
    game = long_game(40 + 10 * seed, move_chance=0.3)
    w = LevelXWidget(game, bot_delay=0)
    record = w.record
    record.mainline_node(5).comment("why?").mark("?!")
    record.mainline_node(12).mark("!")
    done = set()
    for _ in range(60):
        done.add(_edit(w, rng))
        _check_levelx(w)
    assert {"seek", "show", "vary", "remove", "promote", "undo"} <= done


def test_levelx_long_record_every_kind_of_step():
    """Forward and back one step, jumps across the whole record, and to every tenth step,
    on a record long enough to need several checkpoints."""
    w = LevelXWidget(long_game(300, move_chance=0.1), bot_delay=0)
    end = w.view["review"]["steps"]
    assert end == 600
    w.record.mainline_node(333).comment("a long way in")
    targets = [0, end, 1, end - 1, end // 2, end // 2 + 1, end // 2 - 1, *range(0, end + 1, 37)]
    for target in targets:
        w.seek(target)
        assert w._cursor.node.ply == target
        _check_levelx(w)
    # the checkpoints are engine states: the record keeps several, none of them the live game
    fixed = w.record._states._fixed
    assert len(fixed) > 10
    assert all(state is not w.game for state in fixed.values())


def test_levelx_jump_keeps_turns_of_the_common_start():
    """A jump keeps the live game's turns before the point where the lines part (the
    history's turns stay the same objects), and its listeners hear one change."""
    w = LevelXWidget(long_game(100, move_chance=0.2), bot_delay=0)
    w.seek(50)
    first = w.game.history[:25]
    heard = []
    w.game.on_change(lambda _g, events: heard.append(events))
    w.seek(150)
    w.seek(20)
    assert w.game.history == first[:10]
    assert all(a is b for a, b in zip(w.game.history, first, strict=False))
    assert len(heard) == 2


def test_levelx_adopt_refuses_a_busy_game_and_other_games_are_replayed():
    w = LevelXWidget(long_game(30), bot_delay=0)
    adapter = w.record._adapter
    other = levelx.LevelX(players=["Ann", "Ben"], seed=12345)
    assert adapter.restore(w.game, other, 0) is False  # another seed: not this record
    w.seek(10)
    _check_levelx(w)


@pytest.mark.parametrize("seed", [4, 7])
def test_level8_seek_equals_a_fresh_replay(seed):
    rng = random.Random(seed)
    bots = [level8.HeuristicBot(seed + i) for i in range(3)]
    game = level8.play_game(bots, seed=seed)
    w = Level8Widget(game, view="teacher", bot_delay=0)
    end = w.view["review"]["steps"]
    for target in [0, end, *rng.sample(range(end + 1), min(end + 1, 25))]:
        w.seek(target)
        node = w._cursor.node
        assert node.ply == target
        fresh = _fresh(w.record, node)
        assert w.game.snapshot() == fresh.snapshot()
        for viewer in (0, 1, 2, "spectator"):
            assert w.game.observation(viewer) == fresh.observation(viewer)


def test_record_paths_main_line_and_notes_follow_every_edit():
    rng = random.Random(9)
    record = GameRecord.from_game(long_game(60, move_chance=0.3))
    for _ in range(150):
        nodes = list(record.walk())
        node = rng.choice(nodes)
        op = rng.choice(["vary", "vary", "remove", "order", "note", "unnote", "path"])
        if op == "vary":
            game = record.game_at(node)
            if not game.is_over:
                if game.phase == "roll":
                    node.add_variation(tuple(rng.randint(1, 6) for _ in range(4)))
                else:
                    node.add_variation(rng.choice(game.legal_moves()))
        elif op == "remove" and node.parent is not None and node.variation_index():
            node.parent.remove(node)
        elif op == "order" and node.parent is not None:
            verb = rng.choice(["promote", "demote", "promote_to_main", "make_main_line"])
            if verb == "make_main_line":
                node.make_main_line()
            else:
                getattr(node.parent, verb)(node)
        elif op == "note":
            node.comment("note") if rng.random() < 0.5 else node.mark("!")
        elif op == "unnote":
            node.set_comments([])
            node.mark(None)
        for some in rng.sample(list(record.walk()), 10):
            walked, cur = [], some
            while cur is not None:
                walked.append(cur)
                cur = cur.parent
            assert some.path() == tuple(walked[::-1])
            on_main = all(n.parent is None or n.parent.variations[0] is n for n in walked)
            assert some.is_main_line() is on_main
        main, cur = [record], record
        while cur.variations:
            cur = cur.variations[0]
            main.append(cur)
        assert [record.mainline_node(i) for i in range(len(main))] == main
        noted = {n for n in record.walk() if n.mark() or n.comments}
        assert set(record._noted) == noted
    loaded = GameRecord.from_json(record.to_json())
    assert set(loaded._noted) == {n for n in loaded.walk() if n.mark() or n.comments}
    assert loaded.mainline_node(len(main) - 1).variations == ()


def test_playing_on_at_the_end_of_a_line_shows_its_moves() -> None:
    """Each move played at the end of the line adds its text to the kept move list; an undo
    and another move there make a variation with a list of its own."""
    w = LevelXWidget(long_game(30, move_chance=0.5), bot_delay=0)
    rng = random.Random(4)
    for turn in range(12):
        w.roll()
        _check_levelx(w)
        w.play(rng.choice(w.game.legal_moves()))
        _check_levelx(w)
        if turn == 5:  # the move taken back, another played: a variation
            played = w.game.history[-1].move.notation
            w.undo()
            _check_levelx(w)
            others = [m for m in w.game.legal_moves() if m.notation != played]
            w.play(rng.choice(others or w.game.legal_moves()))
            _check_levelx(w)
    w.seek(10)
    _check_levelx(w)
