"""LevelXWidget in Python: intents in, view/error out, engine state as the single truth."""

from __future__ import annotations

import json

import pytest
import traitlets
from levelx.helpers import SECOND_SET_SCRIPT, play_script  # tests/levelx (tests/ is on sys.path)

import levelwidgets
from levelwidgets.levelx import GreedyBot, LevelX, LevelXError, RandomBot, Rules, advise, play_game
from levelwidgets.levelx.preview import move_key, preview_move
from levelwidgets.widgets import LevelXWidget
from levelwidgets.widgets.levelx import _group_checks


def send(w: LevelXWidget, **msg: object) -> None:
    """What the browser does: a custom message to the widget's handler."""
    w._handle_message(w, msg, [])


def test_exports_and_defaults() -> None:
    assert levelwidgets.LevelXWidget is LevelXWidget
    w = LevelXWidget(seed=1)
    v = w.view
    assert v["names"] == ["Player 1", "Player 2"]
    assert v["phase"] == "roll" and v["dice"] is None and v["cur"] == 0
    assert v["len"] == [4, 4, 3, 3, 2, 2] and v["chips"] == [11, 10, 9, 8, 7, 6]
    assert v["pos"] == [[0] * 6, [0] * 6] and v["score"] == [0, 0]
    assert v["tilesLeft"] == [15, 12, 9, 6] and v["round"] == 1
    assert set(w.chances) == {"5", "6", "7", "8", "9", "10"}
    p, exact = w.chances["6"]
    num, den = map(int, exact.split("/"))
    assert abs(num / den - p) < 1e-4 and 0.5 < p < 1
    assert w.error == ""


def test_wraps_a_given_game_and_checks_arguments() -> None:
    game = LevelX(["Ann", "Ben", "Cy"], seed=3)
    w = LevelXWidget(game, bots=[None, "greedy", RandomBot(seed=1)])
    assert w.game is game and w.view["bots"] == ["", "Greedy", "Random"]
    with pytest.raises(ValueError, match="one entry per seat"):
        LevelXWidget(players=2, bots=[None])
    with pytest.raises(ValueError, match="Unknown bot"):
        LevelXWidget(players=2, bots=[None, "clever"])
    with pytest.raises(TypeError):
        LevelXWidget(game="not a game")  # type: ignore[arg-type]
    with pytest.raises(traitlets.TraitError):
        LevelXWidget(language="pt")


def test_roll_and_play_intents_update_engine_and_view() -> None:
    w = LevelXWidget(players=["Ann", "Ben"], seed=5)
    seq = w.view["seq"]
    send(w, type="roll")
    assert w.game.phase == "play" and w.view["dice"] == list(w.game.dice)
    assert w.view["seq"] == seq + 1 and w.view["log"][-1][1] == "rolled"
    assert w.view["log"][-1] == [f"Ann rolls {'-'.join(map(str, w.game.dice))}.", "rolled", 0]
    assert w.view["events"] == [["rolled", 0, None, None, None, list(w.game.dice)]]
    move = w.game.legal_moves()[0]
    send(w, type="play", groups=[list(g) for g in move.groups])
    assert w.error == ""
    assert len(w.game.history) == 1 and w.view["moves"] == [move.notation]
    assert w.view["cur"] == 1 and w.view["phase"] == "roll"
    assert w.view["pos"][0] == [w.game.piece(0, r) or 0 for r in range(5, 11)]
    assert w.view["new"] > 0 and w.view["events"][-1] == ["turn_passed", 1]
    assert w.view["eventTexts"][-1] == "Ben's turn."  # the ticker's; the log leaves it out
    assert all(line[1] != "turn_passed" for line in w.view["log"])


@pytest.mark.parametrize(
    ("msg", "fragment"),
    [
        ({"type": "play", "groups": [[1, 6]]}, "Roll the dice first"),
        ({"type": "undo"}, "nothing to undo"),
        ({"type": "redo"}, "nothing to redo"),
        ({"type": "goto", "turns": 3}, "between 0 and 0"),
        ({"type": "dance"}, "Unknown request"),
    ],
)
def test_illegal_intents_before_rolling(msg: dict, fragment: str) -> None:
    w = LevelXWidget(seed=2)
    before, view = w.game.snapshot(), dict(w.view)
    send(w, **msg)
    assert fragment in w.error and w.error_id == 1
    assert w.game.snapshot() == before and w.view == view


@pytest.mark.parametrize(
    ("groups", "fragment"),
    [
        ([[1, 1]], "makes 2"),
        ([[1, 4], [2, 3], [1, 4]], "uses 6 dice"),
        ("1+6", "list of groups"),
        ([[1, True]], "list of groups"),
    ],
)
def test_illegal_moves_change_nothing(groups: object, fragment: str) -> None:
    w = LevelXWidget(seed=2)
    w.roll((1, 2, 3, 4))
    before, view = w.game.snapshot(), dict(w.view)
    send(w, type="play", groups=groups)
    assert fragment in w.error
    assert w.game.snapshot() == before and w.view == view
    send(w, type="roll")
    assert "already rolled" in w.error and w.error_id == 2
    send(w, type="play", groups=[[1, 4], [2, 3]])  # a good move clears the message
    assert w.error == "" and len(w.game.history) == 1


def test_lucky_loser_faces_are_inferred() -> None:
    w = LevelXWidget(seed=2)
    w.roll((1, 1, 1, 5))
    assert w.view["turnable"] == 2
    send(w, type="play", groups=[[1, 6], [5, 5]])
    assert w.error == "" and w.game.history[-1].move.turned == (5, 6)
    w.roll((1, 1, 1, 5))
    send(w, type="play", groups=[[6], [6], [5, 5]])  # three turned 1s: one must stay
    assert "at most 2" in w.error


def test_browser_cannot_act_for_a_bot_but_advance_steps_it() -> None:
    w = LevelXWidget(bots=["greedy", None], seed=4)
    send(w, type="roll")
    assert "bot's turn" in w.error and w.game.phase == "roll"
    seq = w.view["seq"]
    send(w, type="advance", seq=seq - 1)  # stale: another view already advanced
    assert w.game.phase == "roll"
    send(w, type="advance", seq=seq)
    assert w.game.phase == "play" and w.view["seq"] == seq + 1
    send(w, type="advance", seq=w.view["seq"])
    assert len(w.game.history) == 1 and w.game.current_player == 1
    assert w.advance() is False  # a person's turn: nothing to do


def test_instant_bots_answer_at_once() -> None:
    w = LevelXWidget(bots=[None, "greedy", "random"], players=3, seed=8, bot_delay=0)
    w.roll()
    w.play(w.game.legal_moves()[0])
    assert len(w.game.history) == 3 and w.game.current_player == 0
    assert w.view["new"] == len(w.view["log"])  # the bots' events ride along


def test_whole_bot_game_by_advancing() -> None:
    w = LevelXWidget(bots=[GreedyBot(), RandomBot(seed=2)], seed=11)
    steps = w.run_bots()
    assert w.game.is_over and steps == 2 * len(w.game.history)
    assert w.view["phase"] == "over" and w.view["winners"] == w.game.winners


def test_undo_redo_roundtrip_keeps_random_rolls_drawn() -> None:
    w = LevelXWidget(seed=9)
    snapshots = [w.game.snapshot()]
    for _ in range(3):
        w.roll()
        snapshots.append(w.game.snapshot())
        w.play(w.game.legal_moves()[-1])
        snapshots.append(w.game.snapshot())
    for expected in reversed(snapshots[:-1]):
        w.undo()
        assert w.game.snapshot() == expected
    assert w.view["future"] and w.view["canRedo"] and not w.view["canUndo"]
    for expected in snapshots[1:]:
        w.redo()
        assert w.game.snapshot() == expected  # drawn rolls come back drawn, RNG in step
    assert not w.view["canRedo"]


def test_new_action_clears_redo_and_goto_browses() -> None:
    w = LevelXWidget(seed=12)
    for _ in range(4):
        w.roll()
        w.play(w.game.legal_moves()[0])
    end = w.game.snapshot()
    notations = list(w.view["moves"])
    send(w, type="goto", turns=1)
    assert len(w.game.history) == 1 and w.game.phase == "roll"
    assert w.view["moves"] + w.view["future"] == notations
    send(w, type="goto", turns=4)
    assert w.game.snapshot() == end and w.view["future"] == []
    send(w, type="goto", turns=2)
    w.roll((6, 6, 6, 6))  # playing on from an earlier position starts a new future
    assert w.view["future"] == [] and not w.view["canRedo"]


def test_cell_calls_on_the_engine_update_the_view() -> None:
    w = LevelXWidget(seed=13)
    seq = w.view["seq"]
    w.game.roll((2, 3, 4, 5))
    assert w.view["dice"] == [2, 3, 4, 5] and w.view["seq"] == seq + 1
    w.game.play("2+3 4+5")
    assert w.view["moves"] == ["2+3 4+5"]
    w.game.undo()
    assert w.view["moves"] == [] and w.view["phase"] == "play"
    w.game.autoplay([GreedyBot(), GreedyBot()], max_turns=3)
    assert len(w.view["moves"]) == 3


def test_on_move_hears_every_move_once() -> None:
    w = LevelXWidget(bots=[None, "greedy"], seed=14, bot_delay=0)
    heard: list[tuple[int, str]] = []
    remove = w.on_move(lambda turn: heard.append((turn.player, turn.notation)))
    w.roll((2, 3, 4, 5))
    send(w, type="play", groups=[[2, 3]])  # UI move, then the bot answers at once
    w.game.roll((5, 5, 5, 5))
    w.game.play("5 5")  # a cell move; the instant bot answers it too
    assert [p for p, _ in heard] == [0, 1, 0, 1]
    assert heard[0][1] == "2+3" and heard[2][1] == "5 5"
    remove()
    w.roll()
    w.play("-")
    assert len(heard) == 4


def test_replacing_the_game_rebinds_the_listener() -> None:
    w = LevelXWidget(seed=15)
    old = w.game
    w.game = LevelX(["A", "B", "C", "D"], seed=1)
    assert w.view["names"] == ["A", "B", "C", "D"] and w.bots == [None] * 4
    seq = w.view["seq"]
    old.roll()
    assert w.view["seq"] == seq  # the old game no longer drives the board


def test_teach_overlay_lists_groupings() -> None:
    w = LevelXWidget(seed=16)
    assert "teach" not in w.view
    w.teach = True
    w.roll((1, 1, 1, 5))
    rows = w.view["teach"]
    assert len(rows) == len(w.game.groupings())
    assert ["1+6 5+5", [5, 6], [], "7,10"] in rows  # the last: the move's key in "preview"
    assert all(key in w.view["preview"] for *_, key in rows)
    send(w, type="undo")
    assert "teach" not in w.view  # no dice, nothing to list


def test_the_teaching_overlay_shows_the_advisors_numbers() -> None:
    """view["advice"] is advise(game) under every key of the preview: a grouping with a step
    in a closed row gets the advice of its legal move (the same steps without it)."""
    game = LevelX.from_position(
        ["Ann", "Ben"], pieces=[{5: 3, 6: 4}, {5: 4}], chips=[{6: 1, 10: 6}, {5: 1}], seed=2
    )
    w = LevelXWidget(game, teach=True)
    w.roll((5, 5, 6, 4))  # 6+4 = 10: row 10 is closed
    advice = w.view["advice"]
    assert set(advice) == set(w.view["preview"])
    for a in advise(game):
        assert advice[a.key] == a.to_dict()
    assert advice["5,5,10"] == advice["5,5"] and advice["10,10"] == advice["-"]
    assert advice["5,5,6"]["rank"] == 1 and advice["5,5,6"]["move"] == "5 5 6"
    best = advise(game)[0]
    assert advice[best.key]["ev"] == round(float(best.expected), 2)
    assert advice[best.key]["exact"] == f"{best.expected * 1296}/1296"
    w.teach = False
    assert "advice" not in w.view  # teaching only (the tray's hints stay)
    assert "preview" in w.view


def test_mimebundle_carries_the_static_svg() -> None:
    w = LevelXWidget(players=["Ann", "Ben"], seed=17)
    data, _meta = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["image/svg+xml"].lstrip().startswith("<svg")
    assert "Ann" in data["text/plain"] or "LevelX" in data["text/plain"]


def test_view_stays_compact_for_a_whole_game() -> None:
    w = LevelXWidget(bots=["greedy", "random"], seed=18)
    sizes = []
    while w.advance():
        sizes.append(len(json.dumps(w.view, separators=(",", ":"))))
    assert w.game.is_over
    assert max(sizes) < 4096, max(sizes)


def test_language_and_error_types() -> None:
    w = LevelXWidget(seed=19, language="de")
    assert w.language == "de"
    with pytest.raises(LevelXError):
        w.redo()


def test_goto_back_and_forth_keeps_the_whole_game() -> None:
    finished = play_game([RandomBot(1), RandomBot(2), RandomBot(3)], seed=4)
    game = finished.after(30)
    game.roll((1, 1, 1, 5))  # an unplayed roll is taken back and redone too
    reference = game.to_json()
    w = LevelXWidget(game=game, bot_delay=0)
    w.goto(0)
    assert game.plies == 0 and game.dice is None
    w.goto(12)
    assert game.plies == 12 and game.to_json() == finished.after(12).to_json()
    w.goto(3)
    w.goto(30)
    w.redo()  # the unplayed roll comes back
    assert game.to_json() == reference


def test_one_undo_against_a_bot_returns_to_the_person_and_play_goes_on() -> None:
    w = LevelXWidget(bots=[None, "greedy"], seed=20, bot_delay=0)
    w.roll((2, 3, 4, 5))
    w.play("2+3 4+5")  # the bot answers at once: its roll and move
    assert len(w.game.history) == 2 and w.game.current_player == 0
    after = w.game.snapshot()
    send(w, type="undo")  # one press: back to the person's move, dice still on the table
    assert len(w.game.history) == 0 and w.game.dice == (2, 3, 4, 5)
    assert w.game.current_player == 0 and w.view["phase"] == "play"
    send(w, type="redo")  # the person's move and the bot's whole turn come back
    assert w.game.snapshot() == after and not w.view["canRedo"]
    send(w, type="undo")
    send(w, type="play", groups=[[2, 3]])  # a different move: the bot goes on at once
    assert len(w.game.history) == 2 and w.game.current_player == 0
    assert w.game.history[0].move.notation == "2+3" and not w.view["canRedo"]


def test_on_move_reports_each_move_once_when_first_played() -> None:
    w = LevelXWidget(seed=21)
    heard: list[str] = []
    w.on_move(lambda turn: heard.append(turn.notation))
    for dice, move in (((2, 3, 4, 5), "2+3 4+5"), ((6, 6, 5, 5), "6 6 5 5"), ((1, 4, 2, 3), "1+4")):
        w.roll(dice)
        w.play(move)
    assert heard == ["2+3 4+5", "6 6 5 5", "1+4"]
    w.undo()
    w.undo()
    w.redo()
    w.redo()  # replayed by redo: not told again
    assert heard == ["2+3 4+5", "6 6 5 5", "1+4"]
    w.goto(1)
    w.roll((5, 5, 5, 5))
    w.play("5 5")  # played after an undo: told
    assert heard[-1] == "5 5" and len(heard) == 4
    w.game.undo()
    w.game.undo()  # taken back from a cell, then the same move again: already told
    w.game.roll((5, 5, 5, 5))
    w.game.play("5 5")
    assert len(heard) == 4


def test_the_view_says_whether_a_move_exists_and_the_log_says_who_passed() -> None:
    w = LevelXWidget(players=["Ann", "Ben"], seed=1, bot_delay=0)
    assert w.view["canMove"] is False and w.view["moveCount"] == 0  # nothing rolled yet
    w.roll((2, 3, 4, 5))
    assert w.view["canMove"] is True and w.view["moveCount"] == len(
        [m for m in w.game.legal_moves() if m.groups]
    )
    w.play("-")  # passing with moves on the table is allowed, and said in words
    assert w.view["events"][-2:] == [["passed", 0], ["turn_passed", 1]]
    assert w.view["log"][-1] == ["Ann passes.", "passed", 0]
    w.roll((2, 3, 4, 5))
    w.play("2+3 4+5")
    assert ["passed", 1] not in w.view["events"]
    assert all(line[1:] != ["passed", 1] for line in w.view["log"])


def test_bots_passing_are_logged_as_passes_too() -> None:
    from levelwidgets.levelx.events import Event
    from levelwidgets.widgets.levelx import _with_passes

    rolled = Event("rolled", 1, value=(1, 1, 1, 2))
    events = [Event("turn_passed", 1), rolled, Event("turn_passed", 0)]
    assert _with_passes(events, 2) == [
        Event("passed", 0),
        Event("turn_passed", 1),
        rolled,
        Event("passed", 1),
        Event("turn_passed", 0),
    ]


def test_the_view_previews_a_move_only_for_a_person_building_groups() -> None:
    w = LevelXWidget(players=["Ann", "Ben"], bots=[None, "greedy"], seed=3, bot_delay=0)
    assert "preview" not in w.view  # nothing rolled
    w.roll((2, 3, 4, 5))
    assert set(w.view["preview"]) == {move_key(g.steps) for g in w.game.groupings()}
    w.play("2+3 4+5")  # the bot answers at once
    assert "preview" not in w.view and w.game.current_player == 0
    w.bots = ["greedy", None]
    w.bot_delay = 10_000
    w.game.roll((2, 3, 4, 5))
    assert "preview" not in w.view  # a bot builds no groups …
    w.teach = True
    assert "preview" in w.view  # … but the teaching overlay lists what each move earns
    w.teach = False
    w.bots = [None, None]
    w.read_only = True
    assert "preview" not in w.view  # a record to look at, not to play


def _in_order(entry: dict, rows: list[int]) -> dict:
    """A move's entry with its steps in the order of ``rows`` (the groups' sums), as the tray
    matches them: the n-th group of a row takes the n-th step of that row, and the bonus
    tiles come from ``bonusBy`` when that order earns them on other steps."""
    left = list(entry["steps"])
    steps = []
    for row in rows:
        step = next(s for s in left if s["row"] == row)
        left.remove(step)
        steps.append(dict(step))
    tiles = entry.get("bonusBy", {}).get(move_key(rows, sort=False))
    for step, tile in zip(steps, tiles or [], strict=False):
        step.pop("bonus", None)
        if tile:
            step["bonus"] = tile
    return {**entry, "steps": steps}


def _check_move_does_what_the_preview_says(game: LevelX, groups, preview: dict) -> None:
    """Play ``groups`` on a copy: positions, chips, tiles and score change as previewed."""
    after = game.clone()
    p, n = game.current_player, game.num_players
    after.play(groups)
    steps = preview["steps"]
    assert [s["row"] for s in steps] == [sum(g) for g in groups]
    tiles = [s.get("bonus", 0) for s in steps]
    assert after.tiles(p) == game.tiles(p) + [t for t in tiles if t]
    assert after.score(p) - game.score(p) == preview["pts"]
    assert preview["prog"] == sum(s["to"] - s["from"] for s in steps)
    for row in range(5, 11):
        mine = [s for s in steps if s["row"] == row]
        held = after.chips_held(p)[row] - game.chips_held(p)[row]
        assert held == sum(1 for s in mine if s.get("chip")), (row, steps)
        if any("closes" in s for s in mine):
            closes = next(s["closes"] for s in mine if "closes" in s)
            there = {q for q in range(n) if game.piece(q, row)} | {p}
            home = {s["oust"] for s in mine if "oust" in s and not s.get("back")}
            assert sorted(closes) == sorted(there - home)
            assert all(after.piece(q, row) is None for q in range(n))
            continue
        if not mine:
            assert after.piece(p, row) == game.piece(p, row)
            continue
        assert (after.piece(p, row) or 0) == mine[-1]["to"]
        assert (game.piece(p, row) or 0) == mine[0]["from"]
        for s in mine:
            if "oust" in s:
                assert after.piece(s["oust"], row) == (s.get("back") or None)
                assert game.piece(s["oust"], row) == game.row_length(row)


@pytest.mark.parametrize("oust", ["owner", "row_start"])
def test_the_views_previews_match_the_engine_over_random_positions(oust: str) -> None:
    """For every move of many random positions: the view's preview is the engine's, and
    playing the move yields exactly the previewed positions, chips, tiles and points."""
    checked = 0
    for seed in range(40):
        game = LevelX(2 + seed % 3, seed=seed, rules=Rules(oust=oust))
        bots = [RandomBot(seed + i) for i in range(game.num_players)]
        game.autoplay(bots, max_turns=(seed * 7) % 60)
        if game.is_over:
            continue
        w = LevelXWidget(game, bot_delay=0)
        w.roll()
        view = w.view["preview"]
        assert set(view) == {move_key(g.steps) for g in game.groupings()}
        before = game.snapshot()
        for move in game.legal_moves():
            entry = view[move_key(move.steps)]
            assert entry == preview_move(game, move).to_dict()
            _check_move_does_what_the_preview_says(game, list(move.groups), entry)
            # The groups in another order: the same entry, its steps matched by row.
            reverse = list(reversed(move.groups))
            ordered = _in_order(entry, [sum(g) for g in reverse])
            assert ordered["steps"] == preview_move(game, reverse).to_dict()["steps"]
            _check_move_does_what_the_preview_says(game, reverse, ordered)
            checked += 1
        assert game.snapshot() == before
    assert checked > 200


def test_a_bonus_tile_goes_with_the_group_that_completes_the_set() -> None:
    """Rows 9 and 10 are the last missing of the second set: the later group takes the tile."""
    game = play_script(LevelX(2, seed=0), SECOND_SET_SCRIPT)
    w = LevelXWidget(game)
    w.roll((6, 3, 6, 4))
    entry = w.view["preview"]["9,10"]
    assert [s.get("bonus", 0) for s in entry["steps"]] == [0, 12]
    assert entry["bonusBy"] == {"10,9": [0, 12]}  # X10 first: the 9 chip completes the set
    for groups in ([[6, 3], [6, 4]], [[6, 4], [6, 3]]):
        _check_move_does_what_the_preview_says(
            game, groups, _in_order(entry, [sum(g) for g in groups])
        )


def _preview_views() -> dict[str, dict]:
    """The views js/test/levelx_preview.test.js renders (fixtures/levelx_preview.json)."""
    game = LevelX(["Red", "Green"], seed=1)
    for dice, move in [
        ((6, 6, 6, 6), "6 6 6 6"),
        ((5, 5, 5, 5), "5 5 5 5"),
        ((5, 5, 5, 2), "5 5 5"),
        ((2, 2, 2, 2), "-"),
    ]:
        game.roll(dice)
        game.play(move)
    w = LevelXWidget(game, teach=True, bot_delay=0)
    w.roll((5, 5, 6, 1))  # the rules' example: Red one square before X5, Green on X5
    example = dict(w.view)
    bonus = LevelXWidget(players=["Ann", "Ben"], seed=0, bot_delay=0)
    play_script(bonus.game, SECOND_SET_SCRIPT)  # the widget follows its game
    bonus.roll((6, 3, 6, 4))  # rows 9 and 10 complete Ann's second set
    return {"example": example, "bonus": dict(bonus.view)}


def test_the_js_preview_fixture_is_what_the_widget_sends() -> None:
    """The front end's tests render these views; regenerate with LEVELWIDGETS_FIXTURES=1."""
    import os
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "js" / "test" / "fixtures" / "levelx_preview.json"
    views = json.loads(json.dumps(_preview_views()))
    if os.environ.get("LEVELWIDGETS_FIXTURES") == "1":
        path.write_text(json.dumps(views, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    stored = json.loads(path.read_text(encoding="utf-8"))
    for name, view in views.items():
        for field in ("preview", "teach", "advice", "dice", "pos", "names", "cur", "phase"):
            assert stored[name].get(field) == view.get(field), f"{name}.{field} is stale"
    assert views["example"]["preview"]["5,5,6"]["pts"] == 16
    assert views["bonus"]["preview"]["9,10"]["bonusBy"] == {"10,9": [0, 12]}
    assert views["example"]["advice"]["5,6,6"]["rank"] == 1


def test_the_view_tells_the_exact_chance_of_the_roll_just_made() -> None:
    """A teacher asked: how often does this roll come up? Counted over all ordered rolls."""
    from levelwidgets.levelx.probability import roll_ways

    assert roll_ways((1, 1, 2, 6)) == (12, 1296)
    assert roll_ways((6, 1, 2, 1)) == (12, 1296)  # the order the dice fell in does not matter
    assert roll_ways((3, 3, 3, 3)) == (1, 1296)
    assert roll_ways((1, 2, 3, 4)) == (24, 1296)
    w = LevelXWidget(seed=1)
    assert w.view["dice"] is None and w.view["rollWays"] is None
    send(w, type="roll")
    dice = w.view["dice"]
    assert w.view["rollWays"] == list(roll_ways(dice))
    # the count agrees with counting all 1,296 rolls one by one
    from itertools import product

    assert w.view["rollWays"][0] == sum(
        sorted(r) == sorted(dice) for r in product(range(1, 7), repeat=len(dice))
    )


def test_the_view_gives_pythons_verdict_of_every_group_before_play() -> None:
    """Issue 27: "✔ Play: 12" was offered for a group that cannot be played. The view now
    carries the engine's verdict of every group the tray can build and the legal groupings."""
    w = LevelXWidget(players=["Ann", "Ben"], bots=[None, "greedy"], seed=2, bot_delay=0)
    w.roll([6, 6, 1, 2])
    v = w.view
    checks, legal = v["groupChecks"], set(v["legalKeys"])
    twelve = checks["6+6"]
    assert twelve["code"] == "levelx.group_sum" and twelve["params"]["total"] == 12
    assert "text" not in twelve  # the page words it from the catalogue (next test)
    assert checks["1+6"] is None and checks["2+6"] is None and checks["1+2"]["params"]["total"] == 3
    assert {"1+6 2+6", "1+6", "-", "1+2+6"} <= legal and "6+6" not in legal
    # every verdict is the engine's: a listed grouping plays, an unlisted one is refused with
    # the very refusal the group's verdict names
    game = w.game
    for key, why in checks.items():
        groups = [[int(f) for f in key.split("+")]]
        if why is None:
            assert game.parse_move(groups).steps
            assert key in legal
        else:
            with pytest.raises(LevelXError) as refused:
                game.parse_move(groups)
            assert refused.value.code == why["code"] and key not in legal
    for key in legal:
        game.parse_move(key)
    send(w, type="play", groups=[[6, 6]])  # the intent is still refused, in the same words
    assert w.error_info["code"] == "levelx.group_sum" and w.view["phase"] == "play"


def test_every_group_verdict_is_worded_in_every_language_the_same_as_the_engine_says_it() -> None:
    """The view's verdicts carry a code and params, not the engine's sentence: the page looks
    the code up in the catalogue it shares with Python. So every code a roll can give must
    have a sentence in every language, and in English it must be the engine's own words."""
    from itertools import combinations_with_replacement

    from levelwidgets.i18n import LANGUAGES, section, text
    from levelwidgets.levelx.moves import group_verdicts

    codes: set[str] = set()
    for lucky in (False, True):
        for dice in combinations_with_replacement(range(1, 7), 4):
            checks = _group_checks(dice, lucky)
            for key, why in group_verdicts(dice, lucky).items():
                if why is None:
                    assert checks[key] is None
                    continue
                assert checks[key] == {"code": why["code"], "params": why["params"]}
                english = text("en", f"errors.{why['code']}", **why["params"])
                assert english[:1].upper() + english[1:] == why["text"], key
                codes.add(str(why["code"]))
    assert "levelx.group_sum" in codes
    for language in LANGUAGES:
        for code in codes:
            assert isinstance(section(language, f"errors.{code}"), str), (language, code)


def test_lucky_loser_groups_are_judged_with_the_1s_turned() -> None:
    w = LevelXWidget(players=["Ann", "Ben"], seed=2)
    w.roll([1, 1, 1, 5])
    checks, legal = w.view["groupChecks"], w.view["legalKeys"]
    assert checks["1+6"] is None and checks["5+5"] is None  # two 1s turned into 6 and 5
    assert "1+6 5+5" in legal  # the rules' example
    assert checks["6+6"]["params"]["total"] == 12  # two 1s turned to 6: still no row
    assert "6+6+6" not in checks  # three turned 1s: Lucky Loser keeps one 1, the tray too
    assert checks["5"] is None and checks["1+1+1"]["code"] == "levelx.group_sum"


def test_no_verdicts_when_nobody_here_builds_groups() -> None:
    w = LevelXWidget(players=["Ann", "Ben"], bots=["greedy", None], seed=2)
    assert "groupChecks" not in w.view  # a bot's turn (and no dice yet)
    r = LevelXWidget(players=["Ann", "Ben"], seed=2, read_only=True)
    assert "legalKeys" not in r.view


def test_the_js_widget_fixture_carries_pythons_verdicts() -> None:
    """js/test/fixtures/levelx_views.json feeds the front end's tests: its verdicts for its
    roll are what the widget publishes for that roll."""
    from pathlib import Path

    from levelwidgets.levelx.moves import legal_grouping_keys

    path = Path(__file__).resolve().parents[2] / "js" / "test" / "fixtures" / "levelx_views.json"
    stored = json.loads(path.read_text(encoding="utf-8"))
    for name in ("play", "teachPlay"):
        dice = tuple(sorted(stored[name]["dice"]))
        assert stored[name]["groupChecks"] == json.loads(json.dumps(_group_checks(dice, True)))
        assert stored[name]["legalKeys"] == list(legal_grouping_keys(dice, True))
