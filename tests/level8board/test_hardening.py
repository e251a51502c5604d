"""Issue 14 (Level 8 board game): every step refuses bad arguments with a Level8Error (a
``TypeError`` twin for a wrong type), before anything changes, in bounded time; whatever is
accepted still round-trips through the record."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
import refusals  # tests/ is on sys.path
from refusals import Watched

from levelwidgets.level8 import Action, Level8Error
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.checks import show
from levelwidgets.level8.errors import (
    ChoiceError,
    ChoiceTypeError,
    ConfigError,
    Level8TypeError,
    MoveTypeError,
)

from .helpers import board, land


def refused(game: Level8Board, call: Callable[[Level8Board], object], error: type = Level8Error):
    """``call(game)`` raises ``error`` (a Level8Error) and changes nothing at all."""
    return refusals.refused(game, call, error, Level8Error)


def round_trips(game: Level8Board) -> None:
    game.check_invariants()
    assert Level8Board.from_json(game.to_json()) == game


@cache
def _games() -> tuple[Level8Board, ...]:
    """To roll, to move, and in the phases of a field's action (take, swap, ask, choose)."""
    to_roll = Level8Board(["Ann", "Ben", "Cy"], seed=3)
    to_move = to_roll.clone()
    to_move.roll((2, 3))
    out = [to_roll, to_move]
    for field in range(1, 7):  # dice reach fields 1 to 6 from the start field
        g = board(["*", "*", "*"], "14O")
        land(g, field)
        if g.phase not in {x.phase for x in out}:
            out.append(g)
    return tuple(out)


@cache
def huge_text() -> str:
    return "x" * 50_000_000


class BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


HOSTILE: list[Callable[[], Any]] = [
    lambda: None,
    lambda: True,
    lambda: 0.0,
    lambda: 3.0,
    lambda: -1,
    lambda: 2**63,
    lambda: 10**5000,
    lambda: "",
    lambda: "x" * 5000,
    huge_text,
    lambda: [[[]]],
    lambda: [0] * 10**6,
    itertools.count,
    BadRepr,
    lambda: {"a": 1},
    lambda: (1, 2.0),
    lambda: Action("move", 0, field=3.0),  # type: ignore[arg-type]
    lambda: Action("swap", 0, cards=itertools.count()),  # type: ignore[arg-type]
]

CALLS: dict[str, Callable[[Level8Board, Any], object]] = {
    "roll": lambda g, v: g.roll(v),
    "roll(player)": lambda g, v: g.roll(player=v),
    "move": lambda g, v: g.move(v),
    "take": lambda g, v: g.take(v),
    "swap": lambda g, v: g.swap(v),
    "ask(number)": lambda g, v: g.ask(v),
    "ask(colour)": lambda g, v: g.ask(colour=v),
    "ask(direction)": lambda g, v: g.ask(5, direction=v),
    "give": lambda g, v: g.give(v),
    "show": lambda g, v: g.show(v),
    "steal": lambda g, v: g.steal(v),
    "choose": lambda g, v: g.choose(v),
    "discard_two": lambda g, v: g.discard_two(v),
    "may_discard_two": lambda g, v: g.may_discard_two(v),
    "observation": lambda g, v: g.observation(v),
    "hand": lambda g, v: g.hand(v),
    "apply": lambda g, v: g.apply(v),
    "Level8Board(towers)": lambda g, v: Level8Board(2, 1, towers=v),
    "Level8Board(layout)": lambda g, v: Level8Board(2, 1, layout=v),
    "Level8Board(players)": lambda g, v: Level8Board(v),
}


@pytest.mark.parametrize("call", list(CALLS), ids=list(CALLS))
def test_every_step_refuses_bad_arguments_with_a_level8_error_and_changes_nothing(call):
    action = CALLS[call]
    for original in _games():
        game = original.clone()
        watched = Watched(game)
        for make in HOSTILE:
            value = make()
            try:
                action(game, value)
            except Level8Error as exc:
                assert watched.unchanged(), (call, show(value))
                assert len(str(exc)) < 600
                json.dumps(exc.params)
            except Exception as exc:  # pragma: no cover - the failure being looked for
                pytest.fail(f"{call} with {show(value)}: {type(exc).__name__}: {exc}")
            else:
                round_trips(game)
                game = original.clone()
                watched = Watched(game)


def _in_phase(phase: str) -> Level8Board:
    for g in _games():
        if g.phase == phase:
            return g.clone()
    raise AssertionError(f"no game in phase {phase}")


@pytest.mark.parametrize(
    "phase, call, error, what",
    [
        ("roll", lambda g: g.roll("34"), MoveTypeError, "dice"),
        ("roll", lambda g: g.roll((3, 4.0)), MoveTypeError, "dice"),
        ("roll", lambda g: g.roll(player=True), TypeError, "player"),
        ("move", lambda g: g.move(g.reachable[0] * 1.0), MoveTypeError, "field"),
        ("move", lambda g: g.move(True), MoveTypeError, "field"),
        ("ask", lambda g: g.ask(5.0), ChoiceTypeError, "number"),
        ("ask", lambda g: g.ask(True), ChoiceTypeError, "number"),
        ("ask", lambda g: g.ask(colour=2.0), ChoiceTypeError, "colour"),
        ("ask", lambda g: g.ask(5, direction=None), ChoiceTypeError, "direction"),
        ("roll", lambda g: g.choose(5), ChoiceTypeError, "action"),  # checked in any phase
        ("swap", lambda g: g.swap({"1R": 1}), ChoiceTypeError, "cards"),
        ("swap", lambda g: g.swap([14.0]), TypeError, "card"),
        ("take", lambda g: g.take(1.0), TypeError, "discard pile owner"),
    ],
)
def test_wrong_types_are_type_errors_that_name_the_argument(phase, call, error, what):
    err = refused(_in_phase(phase), call, error)
    assert isinstance(err, Level8TypeError) and what in str(err), str(err)


def test_an_unknown_colour_word_is_refused_saying_which_colours_there_are():
    err = refused(_in_phase("ask"), lambda g: g.ask(colour="pink"), ChoiceError)
    assert "a name like 'red'" in str(err) and "'pink'" in str(err), str(err)
    assert not isinstance(err, TypeError)  # text is the right kind; "pink" is the wrong value


@pytest.mark.parametrize("seat", [2, -1, True, 1.0])
def test_may_discard_two_checks_the_seat(seat):
    game = Level8Board(2, seed=1)
    refused(game, lambda g: g.may_discard_two(seat))


@pytest.mark.parametrize(
    "call",
    [
        lambda g: g.swap(itertools.count()),
        lambda g: g.swap("7R " * 10**6),
        lambda g: Level8Board(2, towers=itertools.count()),
        lambda g: Level8Board(2, layout=itertools.repeat("swap")),
    ],
)
def test_endless_input_is_refused_before_work(call):
    err = refused(_in_phase("swap"), call)
    assert len(str(err)) < 600


def test_endless_towers_are_a_config_error():
    with pytest.raises(ConfigError):
        Level8Board(2, towers=itertools.count())


def test_accepted_steps_round_trip():
    for g in _games():
        round_trips(g.clone())
