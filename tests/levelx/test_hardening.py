"""Issue 14 (Level X): one rule for refusals, atomic actions and bounded work.

Every public entry point checks its arguments before it changes anything; every refusal is a
:class:`LevelXError` (a ``TypeError`` for a wrong type, a ``ValueError`` for a wrong value)
whose message names the argument, what was given and what is allowed; a refused call leaves
the game exactly as it was (snapshot, JSON record, random generator; no listener called).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
import refusals  # tests/ is on sys.path
from hypothesis import given, settings
from hypothesis import strategies as st

from levelwidgets.errors import GameError, GameLimitError, GameTypeError, GameValueError
from levelwidgets.levelx import (
    GreedyBot,
    GroupSumError,
    InvalidDiceError,
    LevelX,
    LevelXError,
    Move,
    NotationError,
    NothingToUndoError,
    RandomBot,
    RecordError,
    Rules,
    RulesError,
    play_game,
)
from levelwidgets.levelx import errors as lx_errors
from levelwidgets.levelx.checks import show
from levelwidgets.levelx.errors import (
    BotError,
    DiceTypeError,
    LevelXLimitError,
    LevelXTypeError,
    NotationTooLongError,
    NotationTypeError,
    RecordTooLargeError,
    RulesTypeError,
)
from levelwidgets.levelx.game import MAX_NAME
from levelwidgets.levelx.position import PositionError, PositionTypeError

from .helpers import check_invariants

#: Deterministic in CI: no random seed, no example database.
FAST = settings(max_examples=60, deadline=None, derandomize=True, database=None)


# ---------------------------------------------------------------------------- helpers


def dice(game: LevelX) -> tuple[Any, ...]:
    """Level X's dice, which a refusal must leave alone too."""
    return game.dice, game.dice_drawn


def Watched(game: LevelX) -> refusals.Watched:
    return refusals.Watched(game, dice)


def refused(
    game: LevelX, action: Callable[[LevelX], object], error: type[Exception] = LevelXError
) -> LevelXError:
    """``action(game)`` raises ``error`` (a LevelXError) and changes nothing at all."""
    return refusals.refused(game, action, error, LevelXError, dice)


def games() -> list[LevelX]:
    """Games in every phase: to roll, to play (hand-set and drawn dice), over, set up
    (fresh copies, so a call that is accepted changes none of the next test's games)."""
    return [game.clone() for game in _games()]


@cache
def _games() -> tuple[LevelX, ...]:
    start = LevelX(["Ann", "Ben"], seed=1)
    hand_set = LevelX(["Ann", "Ben", "Cy"], seed=2)
    hand_set.roll((1, 1, 1, 5))
    drawn = LevelX(3, seed=3)
    drawn.autoplay([RandomBot(1), RandomBot(2), RandomBot(3)], max_turns=7)
    drawn.roll()
    over = play_game([GreedyBot(), RandomBot(4)], seed=4)
    set_up = LevelX.from_position(
        ["Red", "Green"], pieces=[{5: 3, 6: 4}, {5: 4}], chips=[{6: 1}, {5: 1}], dice=(6, 5, 5, 1)
    )
    return start, hand_set, drawn, over, set_up


#: Values a careless or hostile caller passes (each is refused somewhere).
HOSTILE: list[Any] = [
    None,
    True,
    False,
    -1,
    2**63,
    10**5000,
    5.0,
    0.0,
    float("nan"),
    "",
    "²",
    "x" * 5000,
    "7" * 5000,
    b"5 5",
    [],
    [None],
    [[1.0]],
    [[5]] * 100,
    {},
    {"a": 1},
    {5},
    object(),
    Move((5,), ((5,),)),
    Move([5], ((5,),)),  # type: ignore[arg-type]
    Move((5,), (("5",),)),  # type: ignore[arg-type]
]

#: Public methods and how to call them with one hostile value.
CALLS: dict[str, Callable[[LevelX, Any], object]] = {
    "piece(player)": lambda g, v: g.piece(v, 5),
    "piece(row)": lambda g, v: g.piece(0, v),
    "row_length": lambda g, v: g.row_length(v),
    "x_owner": lambda g, v: g.x_owner(v),
    "chips_left": lambda g, v: g.chips_left(v),
    "is_closed": lambda g, v: g.is_closed(v),
    "chips_held": lambda g, v: g.chips_held(v),
    "tiles": lambda g, v: g.tiles(v),
    "score": lambda g, v: g.score(v),
    "parse_move": lambda g, v: g.parse_move(v),
    "preview": lambda g, v: g.preview(v),
    "play": lambda g, v: g.play(v),
    "play(player)": lambda g, v: g.play("-", player=v),
    "roll": lambda g, v: g.roll(v),
    "roll(player)": lambda g, v: g.roll(player=v),
    "undo": lambda g, v: g.undo(v),
    "rewind": lambda g, v: g.rewind(v),
    "goto": lambda g, v: g.goto(v),
    "history_from": lambda g, v: g.history_from(v),
    "history_entry": lambda g, v: g.history_entry(v),
    "after": lambda g, v: g.after(v),
    "autoplay(bots)": lambda g, v: g.autoplay(v),
    "autoplay(bot)": lambda g, v: g.autoplay([v] * g.num_players),
    "autoplay(max_turns)": lambda g, v: g.autoplay([RandomBot(1)] * g.num_players, max_turns=v),
    "on_change": lambda g, v: g.on_change(v),
    "to_json(indent)": lambda g, v: g.to_json(indent=v),
    "to_svg(viewer)": lambda g, v: g.to_svg(v),
    "from_json": lambda g, v: LevelX.from_json(v),
    "from_dict": lambda g, v: LevelX.from_dict(v),
    "apply": lambda g, v: g.apply(v),
    "observation": lambda g, v: g.observation(v),
    "events_for(events)": lambda g, v: g.events_for(v),
    "events_for(viewer)": lambda g, v: g.events_for([], v),
    "from_config": lambda g, v: LevelX.from_config(v),
    "replay(config)": lambda g, v: LevelX.replay(v, []),
    "replay(steps)": lambda g, v: LevelX.replay(g.config, v),
    "LevelX(players)": lambda g, v: LevelX(players=v),
    "LevelX(seed)": lambda g, v: LevelX(seed=v),
    "LevelX(rules)": lambda g, v: LevelX(rules=v),
    "from_position(pieces)": lambda g, v: LevelX.from_position(pieces=v),
    "from_position(chips)": lambda g, v: LevelX.from_position(pieces=[{}, {}], chips=v),
    "from_position(tiles)": lambda g, v: LevelX.from_position(pieces=[{}, {}], tiles=v),
    "from_position(current)": lambda g, v: LevelX.from_position(pieces=[{}, {}], current=v),
    "from_position(dice)": lambda g, v: LevelX.from_position(pieces=[{}, {}], dice=v),
    "Rules(oust)": lambda g, v: Rules(oust=v),
    "Rules(lucky_loser)": lambda g, v: Rules(lucky_loser=v),
    "Rules(chips_for_players)": lambda g, v: Rules(chips_for_players=v),
    "Rules(row_lengths)": lambda g, v: Rules(row_lengths=v),
    "Rules(bonus_tiles)": lambda g, v: Rules(bonus_tiles=v),
    "Rules.from_dict": lambda g, v: Rules.from_dict(v),
    "rules.chips": lambda g, v: g.rules.chips(v),
    "action_id": lambda g, v: g.action_id(v),
    "action_from_id": lambda g, v: g.action_from_id(v),
    "action_to_string": lambda g, v: g.action_to_string(v),
    "action_from_string": lambda g, v: g.action_from_string(v),
}


def test_the_sweep_covers_every_public_method_of_levelx():
    public = {n for n in dir(LevelX) if not n.startswith("_") and callable(getattr(LevelX, n))}
    without_arguments = {"clone", "groupings", "legal_moves", "scores", "snapshot", "tiles_left"}
    without_arguments |= {"to_dict", "returns", "is_chance", "chance_outcomes", "legal_actions"}
    without_arguments |= {"steps", "check_invariants", "legal_action_ids"}
    swept = {name.split("(")[0] for name in CALLS}
    assert public - without_arguments <= swept, public - without_arguments - swept


@pytest.mark.parametrize("call", list(CALLS), ids=list(CALLS))
def test_every_entry_point_refuses_bad_arguments_with_a_levelx_error_and_changes_nothing(call):
    action = CALLS[call]
    for game in games():
        for value in HOSTILE:
            watched = Watched(game)
            label = f"{call} with {show(value)}"
            if refusals.accepted_or_refused_cleanly(watched, action, value, LevelXError, label):
                # Accepted: only a value that is valid there (a legal move, a real seat…).
                check_invariants(game)


@pytest.mark.parametrize("call", list(CALLS), ids=list(CALLS))
@FAST
@given(value=st.deferred(lambda: ANYTHING))
def test_random_values_of_any_type_are_refused_cleanly(call, value):
    game = games()[2]
    watched = Watched(game)
    try:
        CALLS[call](game, value)
    except LevelXError:
        assert watched.unchanged()
    else:
        check_invariants(game)


#: Anything a caller may pass: scalars of every kind (huge numbers, odd text), nested lists,
#: tuples and dicts.
ANYTHING = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.builds(lambda k, sign: sign * 10**k, st.integers(18, 5000), st.sampled_from([1, -1]))
    | st.floats(allow_nan=True)
    | st.text(max_size=12)
    | st.sampled_from(["5 5", "1+6 5+5", "-", "pass", "Ann", "²", "٥", "5" * 400])
    | st.binary(max_size=6),
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=3) | st.integers(0, 12), inner, max_size=4)
    ),
    max_leaves=12,
)


# ---------------------------------------------------------------------------- error classes


def test_wrong_types_are_type_errors_and_wrong_values_value_errors():
    assert issubclass(LevelXTypeError, TypeError) and issubclass(LevelXTypeError, GameTypeError)
    assert issubclass(LevelXLimitError, GameLimitError)
    twins = {
        DiceTypeError: InvalidDiceError,
        NotationTypeError: NotationError,
        RulesTypeError: RulesError,
        lx_errors.RecordTypeError: RecordError,
        PositionTypeError: PositionError,
    }
    for twin, base in twins.items():
        assert issubclass(twin, base) and issubclass(twin, TypeError), twin
    for cls in (InvalidDiceError, NotationError, RulesError, RecordError, GroupSumError):
        assert issubclass(cls, ValueError) and issubclass(cls, GameValueError)
    assert issubclass(NotationTooLongError, NotationError)
    assert issubclass(RecordTooLargeError, RecordError) and issubclass(BotError, GameError)
    every = [
        c
        for c in vars(lx_errors).values()
        if isinstance(c, type) and c.__module__ == lx_errors.__name__
    ]
    assert all(issubclass(c, LevelXError) for c in every)


def test_messages_name_the_argument_what_was_given_and_what_is_allowed():
    game = LevelX(["Ann", "Ben"], seed=1)
    msg = str(refused(game, lambda g: g.piece(0, 5.0), TypeError))
    assert msg == "row must be a whole number from 5 to 10, not 5.0."
    msg = str(refused(game, lambda g: g.score(True), RulesTypeError))
    assert "player" in msg and "True" in msg and "0 to 1" in msg
    game.roll((2, 2, 2, 2))
    msg = str(refused(game, lambda g: g.undo(10**5000), NothingToUndoError))
    assert "about 5001 digits" in msg and "1 action" in msg
    msg = str(refused(game, lambda g: g.autoplay([RandomBot()] * 2, max_turns=2.5), TypeError))
    assert "max_turns" in msg and "2.5" in msg and "whole number" in msg


# ---------------------------------------------------------------------------- the examples


def test_superscript_two_is_no_face():
    game = LevelX(2, seed=1)
    game.roll((2, 2, 3, 3))
    err = refused(game, lambda g: g.play("²"), NotationError)
    assert isinstance(err, ValueError) and "'²'" in str(err)
    refused(game, lambda g: g.play("٢+٣"), NotationError)  # other digits are not faces either


@pytest.mark.parametrize("size", [5_000, 50_000_000])
def test_a_huge_move_text_is_refused_before_it_is_read(size):
    game = LevelX(2, seed=1)
    game.roll((5, 5, 5, 5))
    err = refused(game, lambda g: g.play("5" * size), NotationTooLongError)
    assert f"({size} characters)" in str(err) and "at most 100" in str(err)
    refused(game, lambda g: g.play([[5]] * size), NotationTooLongError)


def test_an_endless_list_of_groups_is_not_followed():
    game = LevelX(2, seed=1)
    game.roll((5, 5, 5, 5))

    def endless():
        while True:
            yield (5,)

    refused(game, lambda g: g.play(endless()), NotationTooLongError)
    refused(game, lambda g: g.roll(iter(lambda: 1, 0)), InvalidDiceError)  # endless dice


@pytest.mark.parametrize(
    "action",
    [
        lambda g: g.piece(0, 5.0),
        lambda g: g.chips_left(5.0),
        lambda g: g.is_closed(True),
        lambda g: g.piece(True, 5),
        lambda g: g.score(False),
        lambda g: g.tiles(0.0),
        lambda g: g.chips_held(1.0),
        lambda g: g.roll(player=True),
        lambda g: g.roll(player=0.0),
        lambda g: g.to_svg(1.0),
    ],
)
def test_floats_and_booleans_are_no_seats_or_rows(action):
    refused(LevelX(["Ann", "Ben"], seed=1), action, RulesTypeError)


def test_true_is_not_seat_one_even_when_seat_one_is_to_act():
    game = LevelX(["Ann", "Ben"], seed=1)
    game.roll((2, 2, 2, 2))
    game.play("-")
    refused(game, lambda g: g.roll(player=True), TypeError)
    game.roll(player=1)  # the real seat is fine


@pytest.mark.parametrize("action", [lambda g: g.score(-1), lambda g: g.piece(-1, 5)])
def test_negative_seats_are_not_python_indexes(action):
    msg = str(refused(LevelX(2, seed=1), action, RulesError))
    assert "no player -1" in msg and "0 to 1" in msg


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"oust": 5}, RulesTypeError),
        ({"oust": ["owner"]}, RulesTypeError),
        ({"lucky_loser": 1}, RulesTypeError),
        ({"row_lengths": 5}, RulesTypeError),
        ({"row_lengths": (4, 4, 3, 3, 2, 2.0)}, RulesTypeError),
        ({"row_lengths": (4, 4, 3, 3, 2, 10**6)}, RulesError),
        ({"chips_for_players": 5}, RulesTypeError),
        ({"chips_for_players": {"2": (1,) * 6}}, RulesTypeError),
        ({"chips_for_players": {9: (1,) * 6}}, RulesError),
        ({"chips_for_players": {2: 5}}, RulesTypeError),
        ({"chips_for_players": {2: (1,) * 5}}, RulesError),
        ({"bonus_tiles": 5}, RulesTypeError),
        ({"bonus_tiles": (1.5,)}, RulesTypeError),
        ({"bonus_tiles": (1,) * 1000}, RulesError),
    ],
)
def test_bad_rule_options_are_rules_errors(kwargs, error):
    with pytest.raises(error):
        Rules(**kwargs)
    with pytest.raises(RulesTypeError):
        Rules().chips([2])  # once a TypeError: unhashable


@pytest.mark.parametrize(
    ("bots", "max_turns", "error"),
    [
        (None, None, RulesTypeError),
        (RandomBot(1), None, RulesTypeError),
        ([RandomBot(1)], None, RulesError),
        ([RandomBot(1)] * 3, None, RulesError),
        ([RandomBot(1), "greedy"], None, RulesTypeError),
        ([RandomBot(1), None], None, RulesTypeError),
        ([RandomBot(1)] * 2, -1, RulesError),
        ([RandomBot(1)] * 2, 2.0, RulesTypeError),
        ([RandomBot(1)] * 2, True, RulesTypeError),
        ("ab", None, RulesTypeError),
    ],
)
def test_bad_autoplay_arguments(bots, max_turns, error):
    refused(LevelX(2, seed=1), lambda g: g.autoplay(bots, max_turns=max_turns), error)


def test_a_huge_player_count_is_refused_before_any_name_is_made():
    for players in (2**63, 10**5000, -(2**63)):
        with pytest.raises(RulesError, match="2 to 4 players"):
            LevelX(players=players)
    with pytest.raises(RulesError, match="2 to 4 players"):
        LevelX(players=["Ann"] * 10_000_000)  # counted, not read


@pytest.mark.parametrize(
    ("players", "error"),
    [
        ([1, 2], RulesTypeError),
        (["Ann", None], RulesTypeError),
        (["Ann", "B" * (MAX_NAME + 1)], RulesError),
        (["Ann", "Ben\n"], RulesError),
        (["Ann", "\ud800"], RulesError),
        (("Ann", "Ann "), RulesError),
        ({"Ann", "Ben"}, RulesTypeError),
        (iter(["Ann", "Ben"]), RulesTypeError),
    ],
)
def test_names_are_short_text(players, error):
    with pytest.raises(error):
        LevelX(players)


def test_seeds_are_whole_numbers_a_record_can_hold():
    for seed, error in ((-1, RulesError), (2**64, RulesError), (1.0, RulesTypeError)):
        with pytest.raises(error, match="seed"):
            LevelX(seed=seed)
    assert LevelX.from_json(LevelX(seed=2**64 - 1).to_json()).seed == 2**64 - 1


# ---------------------------------------------------------------------------- autoplay: all or none


class _Scripted:
    """Plays ``good`` legal moves, then returns ``bad`` (or raises it)."""

    def __init__(self, good: int, bad: object) -> None:
        self.good, self.bad = good, bad

    def choose(self, game: LevelX) -> object:
        if self.good > 0:
            self.good -= 1
            return game.legal_moves()[0]
        if isinstance(self.bad, BaseException):
            raise self.bad
        if callable(self.bad):
            return self.bad(game)
        return self.bad

    def __repr__(self) -> str:
        return "Scripted()"


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("6+6", "returned '6+6'"),
        (None, "returned None"),
        (42, "returned 42"),
        (Move((10, 10, 10, 10, 10), ((5, 5),) * 5), "not a legal move"),
        (Move([5], ((5,),)), "not a legal move"),  # type: ignore[arg-type]
        (ZeroDivisionError("oops"), "failed while choosing"),
        (lambda g: g.roll(), "must not roll, play or undo"),
        (lambda g: g.play(g.legal_moves()[0]), "must not roll, play or undo"),
        (lambda g: g.undo(), "must not roll, play or undo"),
        (lambda g: g.autoplay([RandomBot(1)] * g.num_players), "must not roll"),
    ],
)
@pytest.mark.parametrize("good", [0, 5])
@pytest.mark.parametrize("pending", [False, True])
def test_autoplay_is_all_or_nothing_when_a_bot_fails(bad, words, good, pending):
    game = LevelX(["Ann", "Ben"], seed=7)
    game.autoplay([RandomBot(1), RandomBot(2)], max_turns=4)
    if pending:
        game.roll((1, 1, 2, 6))
    err = refused(
        game, lambda g: g.autoplay([_Scripted(good, bad), _Scripted(good, bad)]), BotError
    )
    assert words in str(err) and "Scripted()" in str(err) and "seat" in str(err)
    assert err.__cause__ is not None  # the bot's own error stays attached
    check_invariants(game)
    assert game.autoplay([RandomBot(1), RandomBot(2)]) > 0  # and it plays on as before


def test_an_interrupt_while_autoplaying_leaves_the_game_as_it_was():
    game = LevelX(2, seed=7)
    watched = Watched(game)
    with pytest.raises(KeyboardInterrupt):
        game.autoplay([_Scripted(3, KeyboardInterrupt()), _Scripted(3, KeyboardInterrupt())])
    assert watched.unchanged()


def test_autoplay_after_a_failure_equals_autoplay_without_it():
    a, b = LevelX(3, seed=11), LevelX(3, seed=11)
    with pytest.raises(BotError):
        a.autoplay([_Scripted(9, None)] * 3)
    bots = [RandomBot(1), RandomBot(2), RandomBot(3)]
    a.autoplay(bots)
    b.autoplay([RandomBot(1), RandomBot(2), RandomBot(3)])
    assert a == b and a.to_json() == b.to_json()


def test_a_game_holds_at_most_max_turns_so_that_its_record_loads():
    from levelwidgets.levelx.serial import MAX_TURNS

    class Passer:
        def choose(self, game):
            return game.legal_moves()[-1]

    game = LevelX(2, seed=1)
    assert game.autoplay([Passer(), Passer()]) == MAX_TURNS  # stops instead of looping
    refused(game, lambda g: g.roll(), LevelXLimitError)
    assert LevelX.from_json(game.to_json(indent=8)) == game


# ---------------------------------------------------------------------------- nothing leaks


@FAST
@given(st.integers(0, 2**32), st.integers(0, 40), st.data())
def test_refusals_at_any_point_of_a_game_change_nothing(seed, turns, data):
    game = LevelX(data.draw(st.sampled_from([2, 3, 4])), seed=seed)
    game.autoplay([RandomBot(seed + p) for p in range(game.num_players)], max_turns=turns)
    if not game.is_over and data.draw(st.booleans()):
        game.roll()
    call = data.draw(st.sampled_from(sorted(CALLS)))
    value = data.draw(ANYTHING)
    watched = Watched(game)
    try:
        CALLS[call](game, value)
    except LevelXError:
        assert watched.unchanged()
    check_invariants(game)


def test_show_is_short_and_safe():
    class Hostile:
        def __repr__(self):
            raise RuntimeError("no")

    loop: list[Any] = [1]
    loop.append(loop)
    for value in (
        10**5000,
        "x" * 10**6,
        Hostile(),
        loop,
        list(range(10**5)),
        {i: i for i in range(99)},
    ):
        assert len(show(value)) <= 130
    assert show((1.0,)) == "(1.0,)" and show("²") == "'²'"


@settings(max_examples=30, deadline=None, derandomize=True, database=None)
@given(st.integers(0, 10_000))
def test_accepted_games_still_play_as_before(seed):
    # the hardening adds checks, not rules: step-by-step play equals autoplay
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    fast = LevelX(2, seed=seed)
    fast.autoplay(bots, max_turns=30)
    slow = LevelX(2, seed=seed)
    bots = [RandomBot(seed), RandomBot(seed + 1)]
    while slow.plies < 30 and not slow.is_over:
        slow.roll(player=slow.current_player)
        slow.play(bots[slow.current_player].choose(slow), player=slow.current_player)
    assert fast == slow
