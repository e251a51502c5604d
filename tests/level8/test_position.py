"""Teacher set-ups (Level8.from_position) and the empty-piles decision (draw_skipped); on both
Level 8 games, any position reached in play can be set up again and plays on identically
(the board game's own set-ups: ``tests/level8board/test_board_position.py``)."""

from __future__ import annotations

import json

import pytest
from old_writers import level8_old_json  # tests/ is on sys.path

from levelwidgets.level8 import (
    ConfigError,
    CorruptStateError,
    HeuristicBot,
    Level8,
    RandomBot,
    UndoError,
)
from levelwidgets.level8.board import BoardHeuristicBot, BoardRandomBot, Level8Board
from levelwidgets.level8.cards import CODES

from .helpers import board_position, c, card_position, cs, kinds


def codes(prefix: str, numbers) -> list[str]:
    return [f"{k}{prefix}" for k in numbers]


def _lesson(**overrides) -> Level8:
    """Mid-round: Ann has laid down level 1 and holds 3 cards; Ben and Cy have not."""
    args = dict(
        players=["Ann", "Ben", "Cy"],
        hands=[
            ["1O", "2O", "S1"],
            codes("P", range(1, 11)),
            codes("B", range(1, 11)),
        ],
        melds=[[("run", ["4R", "5R", "6R"]), ("run", ["J1", "8G", "9G"], {"J1": 7})], [], []],
        discards=[["3Y"], ["7Y", "8Y"], []],
        draw_pile=["12Y", "J2", "13G"],  # the rest follows only if listed; here: seeded
        levels=[1, 2, 1],
        current=1,
        phase="draw",
        dealer=0,
        round=3,
        skips=[None, None, "S2"],
        sides="one",
        seed=9,
    )
    args.update(overrides)
    if args["draw_pile"] is not None and overrides.get("full", True):
        placed = set()
        for h in args["hands"]:
            placed |= set(cs(h))
        for ms in args["melds"]:
            for m in ms:
                placed |= set(cs(m[1]))
        for d in args["discards"]:
            placed |= set(cs(d))
        placed |= {c(s) for s in args["skips"] if s}
        placed |= set(cs(args["draw_pile"]))
        args["draw_pile"] = list(args["draw_pile"]) + [
            CODES[x] for x in range(101) if x not in placed
        ]
    args.pop("full", None)
    return Level8.from_position(**args)


def test_a_set_up_position_is_exactly_what_the_teacher_laid_out():
    g = _lesson()
    assert g.names == ("Ann", "Ben", "Cy")
    assert g.hand(0) == cs("1O 2O S1") and g.hand(1) == cs(" ".join(codes("P", range(1, 11))))
    assert [m.describe() for m in g.melds(0)] == ["run [4R 5R 6R]", "run [J1=7 8G 9G]"]
    assert g.melds(1) == [] and g.laid_down == [True, False, False]
    assert g.discard_tops == [c("3Y"), c("8Y"), None]
    assert g.levels == [1, 2, 1] and g.round == 3 and g.dealer == 0
    assert g.current_player == 1 and g.phase == "draw" and g.plies == 0
    teacher = g.observation("teacher")
    assert teacher.draw_pile[:3] == tuple(cs("12Y J2 13G")) and len(teacher.draw_pile) == 68
    assert teacher.skip_cards == (None, None, c("S2"))
    assert kinds(g.history[0].events) == ["setup"]
    assert g.history[0].events[0].describe(g.names) == (
        "A position is set up: round 3, Ben to draw."
    )
    g.check_invariants()
    assert g.draw() and g.hand(1)[-1] == c("12Y")  # the stacked draw pile


def test_set_up_round_trips_plays_on_and_cannot_be_undone():
    g = _lesson()
    start = g.snapshot()
    text = g.to_json()
    assert Level8.from_json(text) == g
    assert json.loads(text)["config"]["position"]["round"] == 3
    bots = [HeuristicBot(1), RandomBot(2), HeuristicBot(3)]
    for _ in range(60):
        if g.is_over:
            break
        p = g.current_player
        g.apply(bots[p].choose(g.observation(p)))
        g.check_invariants()
    h = Level8.from_json(g.to_json())
    assert h == g and h.snapshot() == g.snapshot()
    assert g.after(0).snapshot() == start
    g.goto(0)
    assert g.snapshot() == start
    before = g.snapshot()
    with pytest.raises(UndoError, match="since the set-up position"):
        g.undo()
    assert g.snapshot() == before


def test_rest_of_the_deck_is_shuffled_with_the_seed_and_recorded():
    a = _lesson(draw_pile=None, full=False)
    b = _lesson(draw_pile=None, full=False)
    other = _lesson(draw_pile=None, full=False, seed=10)
    pile = a.observation("teacher").draw_pile
    assert len(pile) == 101 - 3 - 20 - 6 - 3 - 1
    assert pile == b.observation("teacher").draw_pile != other.observation("teacher").draw_pile
    assert len(a.history[0].chance) == 1  # the shuffle is in the history, like a deal's
    assert Level8.from_json(a.to_json()) == a
    a.draw()
    a.undo()
    assert a == b


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        (
            {"hands": [["1O", "2O", "4R"], codes("P", range(1, 11)), codes("B", range(1, 11))]},
            r"4R \(Ann's hand and Ann's combination #1\)",
        ),
        ({"draw_pile": ["12Y"], "full": False}, r"67 are missing: "),
        (
            {
                "melds": [
                    [("run", ["4R", "5R", "7R"]), ("run", ["J1", "8G", "9G"], {"J1": 7})],
                    [],
                    [],
                ]
            },
            "laid combination #1 of Ann: .*cannot form a run",
        ),
        (
            {"melds": [[("run", ["4R", "5R", "6R"])], [], []]},
            r"combinations of Ann \(run of 3\) are not level 1 \(2 runs of 3\)",
        ),
        ({"laid": [True, True, False]}, "Ben is marked as laid down but has no laid"),
        ({"levels": [8, 2, 1]}, "Ann cannot have laid down level 8: laying down the last"),
        ({"levels": [2, 2, 1]}, r"are not level 2 \(4 pairs\)"),
        (
            {"hands": [["1O", "2O", "S1"], codes("P", range(1, 10)), codes("B", range(1, 11))]},
            "Ben has not laid down, so Ben holds 10 cards between turns, not 9",
        ),
        ({"phase": "play"}, r"Ben holds 11 cards after drawing \(phase 'play'\), not 10"),
        ({"phase": "skipped"}, "phase 'skipped' needs a skip card in front of Ben"),
        ({"current": 2, "dealer": 1}, "a skip card lies in front of Cy, so the turn's phase"),
        ({"skips": [None, None, "5Y"]}, "only a skip card can lie in front of Cy, not 5Y"),
        ({"phase": "keep"}, "phase must be one of draw, play, skipped"),
        ({"current": 3}, "current must be a seat number 0–2, not 3"),
        ({"round": 0}, "round must be a positive int"),
        ({"players": ["Ann", "Ben"]}, r"hands needs one entry per player \(2\), got 3"),
        (
            {"discards": [["3Y"], ["7Y", "8Y"], ["7Q"]], "draw_pile": None, "full": False},
            "Cy's discard pile: '7Q' is not a card",
        ),
        ({"levels": [1, 9, 1]}, "start level 9 of Ben is not a level 1–8"),
        (
            {"hands": "1R 2R", "draw_pile": None, "full": False},
            "hands needs one entry per player|hands must list",
        ),
    ],
)
def test_bad_set_ups_are_refused_with_a_clear_message(overrides, message):
    with pytest.raises(ConfigError, match=message):
        _lesson(**overrides)


def test_a_record_of_a_set_up_cannot_lie():
    g = _lesson()
    g.draw()
    text = level8_old_json(g)  # the old format's history (the one file format: tests/protocol)

    def tampered(fn) -> str:
        data = json.loads(text)
        fn(data)
        return json.dumps(data)

    def swap_hands(d):  # consistent with the state? the replay says no
        pos = d["config"]["position"]
        pos["hands"][1][0], pos["hands"][2][0] = pos["hands"][2][0], pos["hands"][1][0]

    def duplicate(d):
        d["config"]["position"]["hands"][1][0] = d["config"]["position"]["hands"][2][0]

    def unsorted_combo(d):
        cards = d["config"]["position"]["melds"][0][0]["cards"]
        cards.reverse()

    def wrong_start(d):
        d["history"][0]["action"]["player"] = 0

    def as_a_deal(d):
        d["history"][0]["action"]["kind"] = "deal"

    def extra_key(d):
        d["config"]["position"]["kept"] = []

    for fn, words in [
        (swap_hands, "does not match its history"),
        (duplicate, "placed twice"),
        (unsorted_combo, "normal form"),
        (wrong_start, "set-up entry does not match"),
        (as_a_deal, "must start with the set-up position"),
        (extra_key, "malformed set-up position"),
    ]:
        with pytest.raises(CorruptStateError, match=words):
            Level8.from_json(tampered(fn))


def _empty_piles(**overrides) -> Level8:
    """Every card is in a hand, a laid run or a skip card: nothing left to draw anywhere.

    Ann and Cy have laid down four complete runs (1–15 in red, yellow, green, blue); Ann
    holds 1O and a skip card, Ben (not laid down) 2P–11P, Cy the other 29 cards.
    """
    args = dict(
        players=["Ann", "Ben", "Cy"],
        hands=[
            ["1O", "S1"],
            codes("P", range(2, 12)),
            [
                *codes("P", (1, 12, 13, 14, 15)),
                *codes("O", range(2, 16)),
                "J1",
                "J2",
                "J3",
                "J4",
                "J5",
                "J6",
                "J7",
                "S2",
                "S3",
                "S4",
            ],
        ],
        melds=[
            [("run", codes("R", range(1, 16))), ("run", codes("Y", range(1, 16)))],
            [],
            [("run", codes("G", range(1, 16))), ("run", codes("B", range(1, 16)))],
        ],
        discards=[[], [], []],
        draw_pile=[],
        current=0,
        phase="play",
        seed=1,
    )
    args.update(overrides)
    return Level8.from_position(**args)


def test_nothing_to_draw_anywhere_skips_the_draw():
    g = _empty_piles()
    assert g.draw_pile_size == 0 and g.discard_tops == [None, None, None]
    events = g.skip(2, "S1")  # Ann plays her skip card on Cy: still nothing on any pile
    assert kinds(events) == ["skip", "draw_skipped"]
    assert events[1].player == 1 and events[1].data == {}
    assert events[1].describe(g.names) == (
        "Nothing to draw: the draw pile and every discard pile are empty, so Ben skips the draw."
    )
    assert g.current_player == 1 and g.phase == "play" and len(g.hand(1)) == 10
    g.check_invariants()
    legal = g.legal_actions()
    assert legal and not any(a.kind == "draw" for a in legal)
    assert {a.kind for a in legal} >= {"discard", "lay_down"}
    assert g.state_dict()["draws_skipped"] == [0, 1, 0]
    g.discard("11P")
    assert len(g.hand(1)) == 9  # 10 less the skipped draw, between turns
    g.check_invariants()
    assert Level8.from_json(g.to_json()) == g
    events = g.skip_turn()  # Cy is skipped; the skip card under the pile is all there is
    assert kinds(events) == ["skip_turn", "rebuild"] and events[1].data["count"] == 1
    assert g.phase == "draw" and g.draw_pile_size == 1
    g.draw()
    g.check_invariants()
    g.goto(0)
    assert g.phase == "play" and g.current_player == 0 and "draws_skipped" not in g.state_dict()


def test_a_set_up_with_nothing_to_draw_starts_with_the_draw_skipped():
    g = _empty_piles(current=1, phase="draw", dealer=2)
    assert kinds(g.history[0].events) == ["setup", "draw_skipped"]
    assert g.phase == "play" and g.current_player == 1 and len(g.hand(1)) == 10
    g.check_invariants()
    assert Level8.from_json(g.to_json()) == g
    with pytest.raises(UndoError):
        g.undo()


def test_invariants_count_skipped_draws():
    from levelwidgets.level8 import InvariantError

    g = _empty_piles()
    g.skip(2, "S1")
    broken = g.clone()
    broken._draws_skipped[1] = 0
    with pytest.raises(InvariantError, match=r"holds 10 cards \(should be 11\)"):
        broken.check_invariants()
    stuck = _empty_piles(current=1, phase="draw", dealer=2).clone()
    stuck._phase = "draw"
    stuck._draws_skipped[1] = 0
    with pytest.raises(InvariantError, match="nothing to draw"):
        stuck.check_invariants()


def _same_table(a: dict, b: dict) -> bool:
    """Equal states; the order of cards inside a set or colour group does not matter (a
    set-up lists them in the normal order, add-ons in play append)."""

    def norm(state: dict) -> dict:
        out = dict(state)
        if out.get("phase") != "move":
            out.pop("reachable", None)  # (board game) the last roll's fields, used only to move
        out.pop("ender", None)  # (board game) who ended the last round: deals the next one only
        out["melds"] = [
            [
                {**m, "cards": sorted(m["cards"]), "codes": sorted(m["codes"])}
                if m["kind"] != "run"
                else m
                for m in ms
            ]
            for ms in state["melds"]
        ]
        return out

    return norm(a) == norm(b)


def card_games(i: int) -> tuple[Level8, list]:
    n = 2 + i % 5
    sides = "two" if i % 2 else "one"
    bots = [HeuristicBot(i + k) if k % 2 else RandomBot(i + k) for k in range(n)]
    return Level8(n, seed=40 + i, sides=sides, start_levels=[1 + i % 7] * n), bots


def board_games(i: int) -> tuple[Level8Board, list]:
    n = 2 + i % 3
    sides = "two" if i % 2 else "one"
    bots = [BoardHeuristicBot(i + k) if k % 2 else BoardRandomBot(i + k) for k in range(n)]
    return Level8Board(n, seed=40 + i, sides=sides, start_levels=[1 + i % 7] * n), bots


#: Per game: seeded games with bots, the phases a position may be set up in, its arguments.
PLAYED = {
    "level8": (card_games, ("draw", "play", "skipped"), card_position),
    "level8_board": (
        board_games,
        ("roll", "move", "take", "swap", "ask", "give", "show", "steal", "choose", "play"),
        board_position,
    ),
}


@pytest.mark.parametrize("name", PLAYED)
def test_any_position_reached_in_play_can_be_set_up_and_plays_on_identically(name: str) -> None:
    games, phases, position_of = PLAYED[name]
    checked = 0
    for i in range(12):
        game, bots = games(i)
        cls = type(game)
        for step in range(240):
            if game.is_over:
                break
            p = game.current_player
            game.apply(bots[p].choose(game.observation(p)))
            if step % 7 or game.phase not in phases:
                continue
            if "draws_skipped" in game.state_dict():
                continue
            copy = cls.from_position(**position_of(game))
            assert _same_table(copy.state_dict(), game.state_dict())
            assert cls.from_json(copy.to_json()) == copy
            # the same actions give the same positions, until chance (a shuffle) comes in
            future = game.clone()
            for _ in range(12):
                if future.is_over:
                    break
                q = future.current_player
                action = bots[q].choose(future.observation(q))
                events = future.apply(action)
                if future.history[-1].chance:
                    break
                assert copy.apply(action) == events
                assert _same_table(copy.state_dict(), future.state_dict())
            checked += 1
    assert checked > 150
