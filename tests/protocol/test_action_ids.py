"""Action ids and action text (levelwidgets/protocol.py), run on all three games.

Random seeded games step through ``legal_action_ids``/``action_from_id``/``apply`` only; at
every step the ids are unique, ascending and in range, map back to exactly the legal actions,
round-trip through ``action_id``, and every legal action round-trips through its text. Ids of
global kinds are the same in every position; refusals change nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from levelwidgets.level8 import Action, Level8, make_combo
from levelwidgets.level8 import action_space as level8_space
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.errors import (
    ActionIdError,
    ActionIdTypeError,
    ActionTextError,
    ActionTextTypeError,
)
from levelwidgets.level8.observation import TEACHER
from levelwidgets.level8.solver import lay_down_ways
from levelwidgets.levelx import LevelX
from levelwidgets.levelx.errors import ActionIdError as LevelXActionIdError
from levelwidgets.levelx.errors import ActionIdTypeError as LevelXActionIdTypeError
from levelwidgets.levelx.errors import GroupSumError, NotationError, NotationTypeError
from levelwidgets.levelx.moves import Move
from levelwidgets.levelx.steps import CHANCE_OUTCOMES, Roll
from levelwidgets.protocol import Game

GAMES: dict[str, Callable[[int, int], Game]] = {
    "levelx": lambda players, seed: LevelX(players, seed=seed),
    "level8": lambda players, seed: Level8(players, seed=seed),
    "level8_board": lambda players, seed: Level8Board(players, seed=seed),
}
CASES = [(name, n) for name in GAMES for n in (2, 3, 4)] + [("level8", 6), ("level8_board", 6)]
#: Steps per game (Level X games end sooner); ids and texts checked per step (sampled).
MAX_STEPS = 160
SAMPLE = 25
#: Kinds whose ids are option slots (relative to the position).
SLOT_KINDS = {"lay_down", "keep", "swap", "show"}


def global_key(action: Any) -> tuple | None:
    """What a global id stands for (the action without its seat); None for a slot kind."""
    if isinstance(action, Roll):
        return ("roll", tuple(sorted(action.dice)))
    if isinstance(action, Move):
        return ("move", action.steps)
    if action.kind in SLOT_KINDS:
        return None
    return (action.kind, *level8_space.action_key(action)[1:])


def check_position(game: Game, rng: random.Random, seen: dict[tuple, int]) -> list[int]:
    """Every id and text property of one position; returns the legal ids."""
    size = game.num_distinct_actions
    legal = game.legal_actions()
    ids = game.legal_action_ids()
    assert ids == sorted(set(ids)), "legal ids are unique and ascending"
    assert all(0 <= i < size for i in ids)
    back = [game.action_from_id(i) for i in ids]
    assert len(back) == len(legal) and set(back) == set(legal)
    assert [game.action_id(a) for a in back] == ids  # in id order
    for i in rng.sample(ids, min(SAMPLE, len(ids))):
        assert game.action_id(game.action_from_id(i)) == i
    for action, i in zip(back, ids, strict=True):
        key = global_key(action)
        if key is not None:
            assert seen.setdefault(key, i) == i, f"{key} changed its id"
    for action in rng.sample(legal, min(SAMPLE, len(legal))):
        text = game.action_to_string(action)
        again = game.action_from_string(text)
        assert again == action, text
        if isinstance(action, Move):
            assert again.steps == action.steps
    return ids


def play_by_ids(game: Game, rng: random.Random, seen: dict[tuple, int]) -> int:
    steps = 0
    while not game.is_over and steps < MAX_STEPS:
        ids = check_position(game, rng, seen)
        if game.is_chance():
            weights = [p for _, p in game.chance_outcomes()]
            assert sum(weights) == Fraction(1)
            choice = rng.choices(ids, weights)[0]
        else:
            choice = rng.choice(ids)
        game.apply(game.action_from_id(choice))
        steps += 1
    return steps


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_games_keep_the_id_and_text_contract(name: str, players: int) -> None:
    seen: dict[tuple, int] = {}  # one map for every game of this config: ids are global
    size = None
    for seed in range(3):
        game = GAMES[name](players, seed)
        if size is None:
            size = game.num_distinct_actions
        assert game.num_distinct_actions == size, "the space depends on the config only"
        assert 0 < size <= 30_000
        play_by_ids(game, random.Random(seed), seen)
        assert game.num_distinct_actions == size
        assert type(game).from_config(game.config).num_distinct_actions == size
        assert isinstance(game, Game)


@pytest.mark.parametrize("name", ["level8", "level8_board"])
def test_decoding_the_ids_just_listed_enumerates_nothing_again(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An agent reads its mask (legal_action_ids), then its id is decoded: the position's
    options were listed on the way, so the decoding asks for no legal actions again, and
    every seat gets its own actions (decoded global ids are kept per seat)."""
    game, rng = GAMES[name](3, 7), random.Random(7)
    calls = {"n": 0}
    listing = type(game).legal_actions

    def counted(self: Any) -> list:
        calls["n"] += 1
        return listing(self)

    monkeypatch.setattr(type(game), "legal_actions", counted)
    slot_positions = 0
    for _ in range(120):
        if game.is_over:
            break
        ids = game.legal_action_ids()
        before = calls["n"]
        back = [game.action_from_id(i) for i in ids]
        assert calls["n"] == before, "decoding re-listed the legal actions"
        assert all(a.player == game.current_player for a in back)
        slot_positions += any(a.kind in SLOT_KINDS for a in back)
        game.apply(back[rng.randrange(len(back))])
    assert slot_positions > 0, "no position with option slots was decoded"


@pytest.mark.parametrize("name", GAMES)
def test_equal_configs_have_equal_spaces_and_other_player_counts_differ(name: str) -> None:
    a, b = GAMES[name](3, 1), GAMES[name](3, 2)
    assert a.num_distinct_actions == b.num_distinct_actions
    if name != "levelx":  # Level X's space is the same for every configuration
        assert GAMES[name](4, 1).num_distinct_actions > a.num_distinct_actions


# -- refusals change nothing ------------------------------------------------------------------


def mid_game(name: str, steps: int = 25) -> Game:
    game = GAMES[name](3, 5)
    rng = random.Random(5)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


BAD_IDS = [(-1, "value"), ("size", "value"), (1.0, "type"), (True, "type"), ("3", "type")]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("bad", "what"), BAD_IDS)
def test_bad_ids_raise_the_specific_error_and_change_nothing(name: str, bad: Any, what: str):
    game = mid_game(name)
    before = game.to_json()
    bad = game.num_distinct_actions if bad == "size" else bad
    level8 = name != "levelx"
    error = {
        (True, "value"): ActionIdError,
        (True, "type"): ActionIdTypeError,
        (False, "value"): LevelXActionIdError,
        (False, "type"): LevelXActionIdTypeError,
    }[level8, what]
    with pytest.raises(error):
        game.action_from_id(bad)
    assert game.to_json() == before


@pytest.mark.parametrize("name", GAMES)
def test_actions_without_an_id_raise_and_change_nothing(name: str) -> None:
    game = mid_game(name)
    before = game.to_json()
    if name == "levelx":
        bad: list[object] = [Roll((0, 1, 2, 3)), Move((5, 5, 5, 5, 5), ())]
        with pytest.raises(LevelXActionIdTypeError):
            game.action_id("1+6 5+5")
        for action in bad:
            with pytest.raises(LevelXActionIdError):
                game.action_id(action)
    else:
        p = game.current_player
        foreign = Action("roll", p) if name == "level8" else Action("draw", p)
        bad = [foreign, Action("discard", p, card=999), Action("discard", 7, card=3)]
        bad.append(Action("draw" if name == "level8" else "take", p, source=9))
        with pytest.raises(ActionIdTypeError):
            game.action_id("discard 7R")
        for action in bad:
            with pytest.raises(ActionIdError):
                game.action_id(action)
    assert game.to_json() == before


BAD_TEXTS = {
    "levelx": ["roll 1 2", "roll 1 1 2 7", "roll", "1+x", "x" * 500],
    "level8": ["", "fly 7R", "discard 7Q", "draw 9", "add 7R", "lay set", "lay foo 7R 8R 9R",
               "skip S1<1", "keep 7R 7R 7R 7R 7R 7R 7R 7R 7R 7R 7R 7R 7R 7R 7R 7R 7R 7R 7R 7R 7R",
               "roll", "x" * 700],
    "level8_board": ["ask up 7", "ask left 16", "ask left pink", "steal 7R>1", "move x",
                     "roll 0 3", "choose fly", "draw pile", "give", "take 3 4"],
}  # fmt: skip


@pytest.mark.parametrize("name", GAMES)
def test_bad_texts_raise_the_specific_error_and_change_nothing(name: str) -> None:
    game = mid_game(name, 1)  # Level X: the dice are rolled
    before = game.to_json()
    for text in BAD_TEXTS[name]:
        with pytest.raises(NotationError if name == "levelx" else ActionTextError):
            game.action_from_string(text)
    with pytest.raises(NotationTypeError if name == "levelx" else ActionTextTypeError):
        game.action_from_string(None)  # type: ignore[arg-type]
    if name == "levelx":  # read, but not a move of this roll: the rule's own error
        with pytest.raises(GroupSumError):
            game.action_from_string("6+6")
    assert game.to_json() == before


def test_a_text_error_names_what_was_wrong() -> None:
    game = Level8(2, seed=1)
    with pytest.raises(ActionTextError, match="'7Q' is not a card code"):
        game.action_from_string("discard 7Q")
    with pytest.raises(ActionTextError, match="seat must be a whole number 0–1"):
        game.action_from_string("draw 5")
    with pytest.raises(ActionTextError, match="the actions are draw, discard, add"):
        game.action_from_string("move 3")


# -- option slots -----------------------------------------------------------------------------


def test_a_lay_down_beyond_the_cap_has_no_id() -> None:
    """With lay_down_cap=1 only the first lay-down has a slot; another valid one has none."""
    rng = random.Random(3)
    for seed in range(30):
        game = Level8(2, seed=seed, lay_down_cap=1)
        for _ in range(400):
            if game.is_over:
                break
            obs = game.observation(TEACHER)
            p = game.current_player
            ways = []
            if game.phase == "play" and not obs.laid[p] and obs.requirements[p] is not None:
                ways = lay_down_ways(tuple(game.hand(p)), obs.requirements[p], 3)
            legal = [a for a in game.legal_actions() if a.kind == "lay_down"]
            if len(ways) >= 2 and len(legal) == 1:
                other = next(Action("lay_down", p, combos=w) for w in ways if w != legal[0].combos)
                before = game.to_json()
                first = game.action_id(legal[0])
                assert game.action_from_id(first) == legal[0]
                with pytest.raises(ActionIdError, match="has no id here"):
                    game.action_id(other)
                with pytest.raises(ActionIdError, match="0 keep options"):
                    game.action_from_id(first + 1)  # one lay-down slot; the keep slots are empty
                assert game.to_json() == before
                return
            game.apply(rng.choice(game.legal_actions()))
    pytest.fail("no position with two lay-down ways found")


def test_more_options_than_slots_offer_the_first_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """A swap with more options than slots: ids for the first ones, none for the others."""
    monkeypatch.setitem(level8_space.SLOT_HAND, "swap", 2)  # 3 slots: 2 singles and a pair
    rng = random.Random(2)
    for seed in range(20):
        game = Level8Board(2, seed=seed)
        for _ in range(300):
            if game.is_over:
                break
            if game.phase == "swap" and len(game.hand(game.current_player)) >= 3:
                swaps = [a for a in game.legal_actions() if a.kind == "swap"]
                ids = [i for i in game.legal_action_ids() if game.action_from_id(i).kind == "swap"]
                assert [game.action_from_id(i) for i in ids] == swaps[:3]
                with pytest.raises(ActionIdError, match="beyond the 3 slots"):
                    game.action_id(swaps[3])
                return
            game.apply(rng.choice(game.legal_actions()))
    pytest.fail("no swap step found")


# -- hand-checked examples --------------------------------------------------------------------


def test_levelx_ids_and_texts_by_hand() -> None:
    game = LevelX(2, seed=4)
    assert game.num_distinct_actions == 336
    assert game.action_id(Roll((1, 1, 1, 1))) == 0
    assert game.action_id(Roll((6, 6, 6, 6))) == 125
    assert game.action_id(Roll((6, 1, 2, 1))) == game.action_id(Roll((1, 1, 2, 6)))
    assert game.action_from_id(0) == CHANCE_OUTCOMES[0][0]
    assert game.legal_action_ids() == list(range(126))  # chance acts first
    assert game.action_to_string(Roll((1, 1, 2, 6))) == "roll 1 1 2 6"
    assert game.action_from_string("roll 1 1 2 6") == Roll((1, 1, 2, 6))
    game.apply(Roll((1, 5, 5, 6)))
    move = game.action_from_string("1+6 5+5")
    assert move.steps == (7, 10) and move in game.legal_actions()
    assert game.action_id(move) == 126 + 1 + 6 + [(a, b) for a in range(5, 11)
                                                  for b in range(a, 11)].index((7, 10))  # fmt: skip
    assert game.action_id(game.action_from_string("-")) == 126
    assert game.action_from_id(127) == Move((5,), ())  # one step to row 5
    assert game.action_from_id(335).steps == (10, 10, 10, 10)
    assert game.action_to_string(game.action_from_id(game.action_id(move))) == "1+6 5+5"


def test_level8_ids_and_texts_by_hand() -> None:
    game = Level8(2, seed=1)
    p = game.current_player
    # the draw pile, then the discard piles: seat 1 (the dealer) holds the first discard
    assert game.discard_tops == [None, 24] and game.legal_action_ids() == [0, 2]
    assert game.action_from_id(0) == Action("draw", p)
    assert game.action_from_id(2) == Action("draw", p, source=1)
    assert game.action_from_id(3) == Action("discard", p, card=0)  # 1R, the first card
    assert game.action_to_string(Action("draw", p)) == "draw pile"
    assert game.action_to_string(Action("draw", p, source=1)) == "draw 1"
    assert game.action_from_string("discard 7R") == Action("discard", p, card=6)
    add = Action("add_on", p, card=90, target=1, index=0, meaning=5)
    assert game.action_to_string(add) == "add J1>1.0=5"
    assert game.action_from_string("add J1>1.0=5") == add
    assert game.action_from_string("skip S1>1") == Action("skip", p, card=97, target=1)
    assert game.action_from_string("keep -") == Action("keep", p, cards=())
    lay = game.action_from_string("lay set 7R 7Y J1=7 | run 3B 4B 5B")
    assert lay == Action(
        "lay_down",
        p,
        combos=(
            make_combo("set", ["7R", "7Y", "J1"], {"J1": 7}),
            make_combo("run", ["3B", "4B", "5B"]),
        ),
    )
    assert game.action_to_string(lay) == "lay set 7R 7Y J1=7 | run 3B 4B 5B"
    # the add-on id does not depend on the position: the same in a later position
    i = game.action_id(add)
    game.apply(game.legal_actions()[0])
    assert game.action_id(Action("add_on", game.current_player, card=90, target=1, index=0,
                                 meaning=5)) == i  # fmt: skip


def test_board_ids_and_texts_by_hand() -> None:
    game = Level8Board(2, seed=1)
    p = game.current_player
    assert game.legal_action_ids() == [0]  # a random roll
    assert game.action_from_id(0) == Action("roll", p)
    assert game.action_from_string("roll 3 5") == Action("roll", p, dice=(3, 5))
    assert game.action_from_string("ask right R") == Action("ask", p, colour=0, direction="right")
    assert game.action_from_string("ask left 7") == Action("ask", p, number=7, direction="left")
    assert game.action_from_string("steal 7R<1") == Action("steal", p, card=6, target=1)
    assert game.action_from_string("choose draw2") == Action("choose", p, choice="draw2")
    assert game.action_to_string(Action("take", p)) == "take pile"
    two = Action("discard_two", p, cards=(6, 20))
    assert game.action_to_string(two) == "discard_two 7R 6Y"
    assert game.action_from_id(game.action_id(two)) == two
    move_ids = [game.action_id(Action("move", p, field=f)) for f in range(len(game.layout))]
    assert move_ids == list(range(37, 37 + len(game.layout)))  # after 37 rolls
