"""Level 8's move-list rows are kept from view to view (widgets/level8.py ``_move_rows``):
the rows of the steps before the last row are reused, not made again at every step. The
view is exactly the one made from scratch, along whole games, undo, comments and a viewer's
change, for the card table and the board game."""

from __future__ import annotations

import pytest

from levelwidgets import Level8BoardWidget, Level8Widget


def send(w, **msg: object) -> None:
    w._handle_message(w, msg, [])


def pair(cls, monkeypatch: pytest.MonkeyPatch):
    """Two widgets of one game: rows kept, and rows made from scratch at every view."""
    kw = {"players": ["Ann", "Ben", "Cy"], "seed": 6, "bots": ["heuristic"] * 3}
    kept, fresh = cls(**kw, bot_delay=40), cls(**kw, bot_delay=40)
    monkeypatch.setattr(fresh, "_kept_rows", lambda _slot: None)
    return kept, fresh


def same_view(a, b) -> bool:
    """The two widgets' views are the same (but for the key of each widget's views ahead)."""
    strip = lambda w: {**w.view, "review": {**w.view["review"], "scrubKey": ""}}  # noqa: E731
    return strip(a) == strip(b)


def rows_of(w) -> tuple[list, list]:
    return w.view["moves"], w.view["future"]


@pytest.mark.parametrize("cls", [Level8Widget, Level8BoardWidget])
def test_kept_rows_are_the_rows_made_afresh_and_the_earlier_ones_are_reused(
    cls, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept, fresh = pair(cls, monkeypatch)
    reused = steps = 0
    for n in range(260):
        if kept.game.is_over:
            break
        before = rows_of(kept)[0]
        for w in (kept, fresh):
            send(w, type="advance", seq=w.view["seq"])
        if n == 90:  # take back three steps, then on: the rows follow
            for w in (kept, fresh):
                send(w, type="undo")
                send(w, type="undo")
                send(w, type="undo")
        if n == 120:  # a comment on a step: its row shows it, the kept row does not change
            for w in (kept, fresh):
                w.record.mainline_node(w.game.plies - 2).comment("a good one")
        if n == 150:  # another viewer at the screen: rows as the teacher may read them
            for w in (kept, fresh):
                w.perspective = "teacher"
        assert same_view(kept, fresh), n  # the move list, the rounds: all of it
        now = rows_of(kept)[0]
        same = sum(a is b for a, b in zip(before, now, strict=False))
        reused += same
        steps += 1
    assert steps > 150
    assert reused > steps * 3  # most rows of most views are the very same objects
    noted = [row for row in rows_of(kept)[0] if row.get("note")]
    assert noted and all(row.get("note") == "a good one" for row in noted)


def test_a_comment_taken_away_leaves_no_mark_on_a_kept_row(monkeypatch: pytest.MonkeyPatch):
    kept, fresh = pair(Level8Widget, monkeypatch)
    for _ in range(40):
        for w in (kept, fresh):
            send(w, type="advance", seq=w.view["seq"])
    for w in (kept, fresh):
        node = w.record.mainline_node(5)
        node.comment("look")
        node.mark("!")
    assert any(row.get("mark") == "!" for row in rows_of(kept)[0])
    for w in (kept, fresh):
        node = w.record.mainline_node(5)
        node.set_comments([])
        node.mark(None)
        send(w, type="advance", seq=w.view["seq"])
    assert rows_of(kept) == rows_of(fresh)
    assert not any(row.get("mark") or row.get("note") for row in rows_of(kept)[0])


@pytest.mark.parametrize("cls", [Level8Widget, Level8BoardWidget])
def test_a_view_late_in_a_game_reads_the_newest_steps_only(
    cls, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move list is made from the steps after the rows kept from the last view: a view
    reads those (``StepPairs``), not every step of the game, so it costs the same early and
    late in a long game."""
    import levelwidgets.widgets.level8 as table

    w = cls(players=["Ann", "Ben", "Cy"], seed=6, bots=["heuristic"] * 3, bot_delay=40)
    for _ in range(2000):
        if len(w.game.history) > 120:
            break
        send(w, type="advance", seq=w.view["seq"])
    assert len(w.game.history) > 120 and not w.game.is_over
    read: list[object] = []
    real = table._entry_pair
    monkeypatch.setattr(table, "_entry_pair", lambda entry: read.append(entry) or real(entry))
    for _ in range(5):
        read.clear()
        send(w, type="advance", seq=w.view["seq"])
        assert 0 < len(read) <= 40, len(read)  # the last row's steps and the new one


def test_rounds_begun_counts_only_the_entries_added_since_the_last_count() -> None:
    from levelwidgets.widgets.level8 import _rounds_begun

    class Entry:
        reads = 0

        def __init__(self, kind: str) -> None:
            self.kind = kind

        @property
        def action(self) -> Entry:
            Entry.reads += 1
            return self

    game = tuple(Entry("next_round" if i % 50 == 49 else "draw") for i in range(500))
    kept: list = []
    assert _rounds_begun(game, kept) == 10 and Entry.reads == 500
    Entry.reads = 0
    longer = (*game, Entry("draw"), Entry("next_round"))
    assert _rounds_begun(longer, kept) == 11 and Entry.reads == 2
    Entry.reads = 0
    taken_back = (*game[:120], Entry("next_round"))  # an undo, then another step
    assert _rounds_begun(taken_back, kept) == 3 and Entry.reads == 121
    assert _rounds_begun(taken_back, None) == 3  # nothing kept: counted afresh
