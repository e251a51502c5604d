"""The review bar's Python side: stepping through a record, variations, annotating from the
browser, Save/Open and read-only mode, for both widgets (issue 9, item 4)."""

from __future__ import annotations

import json
import random
from itertools import combinations_with_replacement
from pathlib import Path

import pytest

from levelwidgets.level8 import Level8
from levelwidgets.levelx import LevelX
from levelwidgets.levelx.bots import GreedyBot
from levelwidgets.record import GameRecord, adapter_for
from levelwidgets.widgets import Level8Widget, LevelXWidget
from levelwidgets.widgets.lines import MAX_LINES, lines_of, node_at, path_of

XSS = '<img src=x onerror="alert(1)"><script>alert(2)</script>'


def send(w, **msg: object) -> None:
    w._handle_message(w, msg, [])


def played_levelx(turns: int = 30, seed: int = 4) -> LevelXWidget:
    game = LevelX(["Ann", "Ben"], seed=seed)
    bots = [GreedyBot(), GreedyBot()]
    while game.plies < turns and not game.is_over:
        game.roll()
        game.play(bots[game.current_player].choose(game))
    return LevelXWidget(game, bots=[None, "greedy"], bot_delay=0)


def snapshot_of(game) -> object:
    return adapter_for(game).snapshot(game)


def review(w) -> dict:
    return w.view["review"]


# ---------------------------------------------------------------------- stepping


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_seek_shows_the_recorded_position_at_every_step(seed: int) -> None:
    w = played_levelx(25, seed)
    total = review(w)["steps"]
    assert total == 2 * w.game.plies and review(w)["step"] == total
    rec = w.record
    order = list(range(total + 1))
    random.Random(seed).shuffle(order)
    told = []
    w.on_move(told.append)
    for step in order:
        send(w, type="seek", step=step)
        assert w.error == ""
        assert review(w)["step"] == step and review(w)["steps"] == total
        assert snapshot_of(w.game) == snapshot_of(rec.game_at(rec.mainline_node(step)))
    assert told == []  # stepping through a record plays nothing new
    assert rec.node_count == total + 1  # and adds no node


def test_seek_on_level8_and_goto_are_the_same_steps() -> None:
    w = Level8Widget(
        players=["Ann", "Ben"],
        bots=["heuristic", "heuristic"],
        seed=2,
        bot_delay=0,
        takebacks="free",
    )
    for _ in range(40):
        w.advance()
    w.bots = [None, None]
    plies = w.game.plies
    assert plies > 20
    rec = w.record
    for step in (0, 7, plies, 3, plies - 1):
        w.seek(step)
        assert w.game.plies == step == review(w)["step"]
        assert snapshot_of(w.game) == snapshot_of(rec.game_at(rec.mainline_node(step)))
    w.goto(5)
    assert review(w)["step"] == 5 and review(w)["steps"] == plies


@pytest.mark.parametrize("bad", [-1, 10_000, "3", 2.0, True, None])
def test_a_bad_seek_is_refused_and_changes_nothing(bad: object) -> None:
    w = played_levelx(5)
    before, view = snapshot_of(w.game), w.view
    send(w, type="seek", step=bad)
    assert "Choose a step between 0 and 10" in w.error
    assert snapshot_of(w.game) == before and w.view == view


# ---------------------------------------------------------------------- variations


def test_play_on_makes_a_variation_and_the_tree_jumps_between_lines() -> None:
    w = played_levelx(6)
    rec, main = w.record, [s.notation for s in w.record.mainline()]
    send(w, type="seek", step=4)  # Ann to roll in turn 3 (a person): the line goes on after
    assert review(w)["canPlayOn"]
    send(w, type="play_on")
    assert not review(w)["canPlayOn"] and review(w)["steps"] == 4
    w.roll((1, 1, 1, 1))  # not the dice of the game: a variation; then the bot answers
    w.play(w.game.legal_moves()[0])
    assert [s.notation for s in rec.mainline()] == main  # the game as played stays main
    lines = review(w)["lines"]
    shape = [(x["depth"], x["main"], x["shown"]) for x in lines]
    assert shape == [(0, True, True), (1, False, True)]
    variation = lines[1]
    assert variation["path"] == [[5, 1]] and variation["at"] == 5
    assert variation["text"].startswith("Ann: ") and variation["steps"] == review(w)["steps"] - 4
    send(w, type="jump", path=[])  # back to the main line where the variation left it
    assert review(w)["step"] == 4 and review(w)["steps"] == len(main)
    assert [x["shown"] for x in review(w)["lines"]] == [True, False]
    send(w, type="jump", path=[[5, 1]])
    assert review(w)["step"] == 5 and w.game.dice == (1, 1, 1, 1)
    send(w, type="variation", op="main", path=[[5, 1]])
    assert w.error == "" and rec.mainline_node(5).chance["dice"] == [1, 1, 1, 1]
    assert review(w)["lines"][1]["path"] == [[5, 1]]  # the game as played is now the variation
    send(w, type="variation", op="remove", path=[[5, 1]])
    assert w.error == "" and rec.node_count == 4 + review(w)["steps"] - 4 + 1
    assert len(review(w)["lines"]) == 1


def test_the_lines_kept_while_a_line_grows_are_the_lines_of_the_tree_at_every_step() -> None:
    """A step that only makes a line longer keeps the lines' starts (no walk over the whole
    tree per step); the view's lines stay those worked out afresh, on the main line, on a
    variation played on, after a jump back and when a new variation starts."""
    w = played_levelx(6)
    rng = random.Random(5)
    checked = 0

    def check() -> None:
        nonlocal checked
        future = w._future()
        shown = future[-1] if future else w._cursor.node
        fresh, more = lines_of(w.record, shown, None, w._line_text)
        assert review(w)["lines"] == fresh and review(w)["more"] == more
        checked += 1

    def play_turn(dice: tuple[int, ...] | None = None) -> None:
        w.roll(dice)
        check()
        w.play(rng.choice(w.game.legal_moves()))
        check()

    for _ in range(3):
        play_turn()  # the main line grows (the bot answers each turn)
    send(w, type="seek", step=4)
    send(w, type="play_on")
    play_turn((1, 1, 1, 1))  # a variation starts, then grows
    play_turn()
    send(w, type="jump", path=[])
    check()
    send(w, type="seek", step=review(w)["steps"])
    send(w, type="play_on")
    play_turn()  # the main line grows again, the variation kept
    send(w, type="seek", step=6)
    send(w, type="play_on")
    play_turn((2, 2, 2, 2))  # a second variation, elsewhere
    assert len(review(w)["lines"]) == 3 and checked >= 12


def test_removing_the_variation_being_looked_at_goes_back_to_its_parent() -> None:
    w = played_levelx(4)
    w.seek(4)  # Ann to roll (the bot's turns come after hers)
    w.play_on()
    w.roll((6, 6, 6, 6))
    assert review(w)["lines"][1]["path"] == [[5, 1]]
    send(w, type="variation", op="remove", path=[[5, 1]])
    assert w.error == "" and review(w)["step"] == 4 and w.game.dice is None
    assert snapshot_of(w.game) == snapshot_of(w.record.game_at(w.record.mainline_node(4)))
    assert len(review(w)["lines"]) == 1 and review(w)["steps"] == 4


@pytest.mark.parametrize(
    "path",
    [[[3, 1]], [[0, 1]], [[2]], "x", [[True, 1]], [[5, 1], [4, 1]], [[3, 0]], {"a": 1}],
)
def test_a_line_that_is_not_in_the_record_is_refused(path: object) -> None:
    w = played_levelx(4)
    before = snapshot_of(w.game)
    send(w, type="jump", path=path)
    assert w.error and snapshot_of(w.game) == before
    send(w, type="variation", op="remove", path=path)
    assert w.error and w.record.node_count == 9


def test_the_tree_is_capped_and_counts_what_it_leaves_out() -> None:
    rec = GameRecord.new(LevelX(["Ann", "Ben"], seed=1))
    for dice in combinations_with_replacement(range(1, 7), 4):  # 126 different rolls
        rec.add_variation(dice)
    lines, more = lines_of(rec, rec)
    assert len(lines) == MAX_LINES and more == 126 - MAX_LINES
    third = rec.variations[2]
    assert node_at(rec, path_of(third)) is third


# ---------------------------------------------------------------------- annotating


def test_comments_marks_highlights_and_headers_from_the_browser() -> None:
    w = played_levelx(3)
    send(w, type="seek", step=3)
    node = w.record.mainline_node(3)
    send(w, type="comment", text=XSS)
    send(w, type="comment", text="second")
    assert node.comments == [XSS, "second"] and review(w)["comments"] == [XSS, "second"]
    send(w, type="comment", index=1, text="changed")
    send(w, type="comment", index=0, text="")
    assert node.comments == ["changed"]
    send(w, type="mark", mark="?!")
    assert node.mark() == "?!" and review(w)["mark"] == "?!"
    send(w, type="highlight", kind="row", target=7, colour="green")
    send(w, type="highlight", kind="square", target=[8, 2], colour="red")
    assert review(w)["highlights"] == [
        {"kind": "row", "target": 7, "colour": "green"},
        {"kind": "square", "target": [8, 2], "colour": "red"},
    ]
    send(w, type="highlight", kind="row", target=7, colour="green")  # again: a toggle
    assert [h["kind"] for h in node.highlights] == ["square"]
    send(w, type="highlight")
    assert node.highlights == []
    send(w, type="header", key="event", value="Class 9b")
    assert w.record.headers["event"] == "Class 9b" == review(w)["headers"]["event"]
    assert w.error == ""
    assert w.view["notes"]["2"] == ["?!", "changed"]  # the move list shows them too


@pytest.mark.parametrize(
    "msg",
    [
        {"type": "comment", "text": ""},
        {"type": "comment", "text": 5},
        {"type": "comment", "text": "x" * 10_001},
        {"type": "comment", "index": 3, "text": "x"},
        {"type": "comment", "index": True, "text": "x"},
        {"type": "mark", "mark": "!!!"},
        {"type": "highlight", "kind": "row", "target": 11, "colour": "red"},
        {"type": "highlight", "kind": "card", "target": 3, "colour": "red"},
        {"type": "highlight", "kind": "row", "target": 7, "colour": "javascript:x"},
        {"type": "header", "key": "game", "value": "chess"},
        {"type": "variation", "op": "explode", "path": [[3, 1]]},
    ],
)
def test_bad_annotations_are_refused_and_change_nothing(msg: dict) -> None:
    w = played_levelx(3)
    w.seek(3)
    w.record.mainline_node(3).comment("kept").mark("!")
    before = w.record.to_json()
    send(w, **msg)
    assert w.error, msg
    assert w.record.to_json() == before


def test_level8_highlights_cards_combinations_and_players() -> None:
    w = Level8Widget(players=["Ann", "Ben"], seed=3)
    card = w.game.hand(0)[0]
    send(w, type="highlight", kind="card", target=card, colour="blue")
    send(w, type="highlight", kind="player", target=1, colour="#ff8800")
    assert w.error == ""
    assert review(w)["highlights"] == [
        {"kind": "card", "target": card, "colour": "blue"},
        {"kind": "player", "target": 1, "colour": "#ff8800"},
    ]
    send(w, type="highlight", kind="player", target=2, colour="red")
    assert "player" in w.error.lower() or "seat" in w.error.lower()


# ---------------------------------------------------------------------- read-only


def test_read_only_steps_through_but_changes_nothing() -> None:
    w = played_levelx(4)
    w.seek(2)
    w.read_only = True
    assert review(w)["readOnly"] is True
    before = w.record.to_json()
    for msg in (
        {"type": "roll"},
        {"type": "comment", "text": "hi"},
        {"type": "mark", "mark": "!"},
        {"type": "play_on"},
        {"type": "save_record", "name": "x.json"},
        {"type": "variation", "op": "remove", "path": [[3, 1]]},
    ):
        send(w, **msg)
        assert "read-only" in w.error, msg
    assert w.record.to_json() == before and review(w)["step"] == 2
    send(w, type="seek", step=8)
    assert w.error == "" and review(w)["step"] == 8
    assert not w.advance()  # a bot to play, but nobody plays in a record handed out


def test_load_read_only_for_a_class(tmp_path: Path) -> None:
    w = played_levelx(4)
    w.record.mainline_node(2).comment("Look here")
    w.save(tmp_path / "lesson.json")
    class_copy = LevelXWidget.load(tmp_path / "lesson.json", read_only=True)
    assert class_copy.read_only and review(class_copy)["file"] == "lesson.json"
    class_copy.seek(2)
    assert review(class_copy)["comments"] == ["Look here"]


# ---------------------------------------------------------------------- Save and Open


def test_save_list_and_open_in_the_record_folder(tmp_path: Path) -> None:
    w = played_levelx(5)
    w.record_dir = tmp_path
    w.seek(4)
    send(w, type="comment", text="before the jump")
    send(w, type="save_record", name="lesson 1")
    assert w.error == "" and (tmp_path / "lesson 1.json").is_file()
    assert review(w)["file"] == "lesson 1.json"
    (tmp_path / "notes.txt").write_text("not a record")
    send(w, type="list_records")
    assert w.record_files == ["lesson 1.json"]
    other = LevelXWidget(players=["Cy", "Di"], seed=9, record_dir=tmp_path)
    send(other, type="open_record", name="lesson 1.json")
    assert other.error == "" and list(other.game.names) == ["Ann", "Ben"]
    assert review(other)["step"] == review(other)["steps"] == 10
    other.seek(4)
    assert review(other)["comments"] == ["before the jump"]


@pytest.mark.parametrize(
    "name", ["../x.json", "/etc/passwd", ".hidden.json", "a/b.json", "", 7, "x" * 200, "a\\b.json"]
)
def test_file_names_from_the_browser_stay_in_the_record_folder(tmp_path: Path, name) -> None:
    w = played_levelx(2, seed=5)
    w.record_dir = tmp_path / "records"
    w.record_dir.mkdir()
    send(w, type="save_record", name=name)
    assert "file name" in w.error
    assert list(tmp_path.rglob("*")) == [w.record_dir]
    send(w, type="open_record", name=name)
    assert "file name" in w.error


def test_opening_a_record_of_the_other_game_or_a_broken_file_changes_nothing(
    tmp_path: Path,
) -> None:
    GameRecord.new(Level8(players=["Ann", "Ben"], seed=1)).save(tmp_path / "cards.json")
    (tmp_path / "broken.json").write_text(json.dumps({"format": "levelwidgets-record"}))
    w = played_levelx(3)
    w.record_dir = tmp_path
    before, rec = snapshot_of(w.game), w.record
    send(w, type="open_record", name="cards.json")
    assert "Level 8" in w.error
    send(w, type="open_record", name="broken.json")
    assert w.error
    send(w, type="open_record", name="missing.json")
    assert w.error
    assert snapshot_of(w.game) == before and w.record is rec


def test_listing_records_answers_even_when_nothing_changed(tmp_path: Path) -> None:
    w = played_levelx(2)
    w.record_dir = tmp_path
    seq = w.view["seq"]
    send(w, type="list_records")
    send(w, type="list_records")
    assert w.record_files == [] and w.view["seq"] == seq + 2  # an answer each time: a view


def test_a_read_only_level8_record_can_still_show_the_hand_at_a_hot_seat_handoff() -> None:
    w = Level8Widget(players=["Ann", "Ben"], seed=3, read_only=True)
    send(w, type="draw")
    assert "read-only" in w.error
    send(w, type="reveal")
    assert "read-only" not in w.error


def test_open_on_the_class_opens_a_record_and_on_a_widget_stays_ipywidgets_own(
    tmp_path: Path,
) -> None:
    w = played_levelx(3)
    w.save(tmp_path / "game.json")
    again = LevelXWidget.open(tmp_path / "game.json", read_only=True)
    assert isinstance(again, LevelXWidget) and again.read_only
    assert again.record.node_count == w.record.node_count
    assert again.comm is not None  # made as any widget: ipywidgets' open() ran
    again.open()  # the instance method: already open, nothing happens
    assert again.comm is not None


# ---------------------------------------------------------------------- new game


@pytest.mark.parametrize("make", ["levelx", "level8"])
def test_new_game_keeps_players_bots_and_rules(make: str) -> None:
    if make == "levelx":
        w = LevelXWidget(players=["Ann", "Ben"], bots=[None, "greedy"], seed=7, bot_delay=0)
        w.roll()
    else:
        w = Level8Widget(
            players=["Ann", "Ben"],
            bots=[None, "heuristic"],
            seed=7,
            bot_delay=0,
            takebacks="free",  # the same cards again after a blind draw (see test_takebacks)
        )
        send(w, type="draw")
    old_record, bots = w.record, w.bots
    send(w, type="new_game", same=True)  # the same seed: the same game from its start
    assert w.error == "" and w.game.seed == 7 and w.record is not old_record
    assert list(w.game.names) == ["Ann", "Ben"] and w.bots == bots
    assert review(w)["steps"] == 0 and w.game.plies == 0
    send(w, type="new_game")
    assert w.error == "" and isinstance(w.game.seed, int)
    w.new_game(seed=12)
    assert w.game.seed == 12
    with pytest.raises(Exception, match="whole number"):
        w.new_game(seed="x")  # type: ignore[arg-type]
    assert w.game.seed == 12


def test_after_the_game_ends_a_play_points_at_new_game() -> None:
    w = LevelXWidget(players=["A", "B"], bots=["greedy", "greedy"], seed=1, bot_delay=0)
    w.run_bots()
    w.bots = [None, None]
    send(w, type="roll")
    assert "New game" in w.error


@pytest.mark.parametrize("delay", [-1, 60_001])
def test_bot_delay_out_of_range_is_refused(delay: int) -> None:
    import traitlets

    w = LevelXWidget(seed=1)
    with pytest.raises(traitlets.TraitError, match="0 \\(at once\\) to 60000"):
        w.bot_delay = delay
    assert w.bot_delay == 700


# ---------------------------------------------------------------------- Handout


def test_handout_button_sends_the_page_and_handout_writes_it(tmp_path: Path) -> None:
    w = played_levelx(6)
    w.record.mainline_node(3).comment(XSS).mark("?!")
    sent: list[dict] = []
    w.send = sent.append  # type: ignore[method-assign]
    before = snapshot_of(w.game), w.view["seq"]
    send(w, type="handout")
    assert w.error == "" and [m["type"] for m in sent] == ["handout"]
    assert sent[0]["name"] == "levelx-game-handout.html"
    page = sent[0]["html"]
    assert page == w.handout() == w.record.to_html(language="en")
    assert page.count("data-handout-picture=") == 1 and "<script>" not in page
    assert (snapshot_of(w.game), w.view["seq"]) == before  # nothing changed, nothing written
    assert list(tmp_path.iterdir()) == []
    out = tmp_path / "class.html"
    assert w.handout(out) == page and out.read_text(encoding="utf-8") == page
    w.save(tmp_path / "lesson 2.json")
    w.read_only = True  # a student's copy may print one too
    w.language = "de"
    send(w, type="handout")
    assert w.error == "" and sent[-1]["name"] == "lesson 2-handout.html"
    assert "Die Stellung nach Schritt 3" in sent[-1]["html"]


@pytest.mark.parametrize(
    ("view", "expected"),
    [("player", "spectator"), ("spectator", "spectator"), ("teacher", "teacher")],
)
def test_a_level8_handout_shows_hands_only_from_the_teachers_view(view: str, expected: str) -> None:
    w = Level8Widget(players=["Ann", "Ben"], bots=[None, "heuristic"], seed=3, view=view)
    w.record.comment("The deal.")
    page = w.handout()
    assert f'data-viewer="{expected}"' in page
    assert page == w.record.to_html(viewer=expected)
