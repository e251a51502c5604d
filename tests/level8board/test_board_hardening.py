"""Issue 14 (Level 8 board game), the board's own refusals: wrong types in each phase are
type errors naming the argument, an unknown colour word says which colours there are, seats
are checked, endless towers are a config error. The sweep of every step with hostile values,
on both Level 8 games: ``tests/level8/test_hardening.py``."""

from __future__ import annotations

import itertools

import pytest
import refusals  # tests/ is on sys.path
from level8.test_hardening import board_games

from levelwidgets.level8 import Level8Error
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.errors import (
    ChoiceError,
    ChoiceTypeError,
    ConfigError,
    Level8TypeError,
    MoveTypeError,
)


def refused(game: Level8Board, call, error: type = Level8Error):
    """``call(game)`` raises ``error`` (a Level8Error) and changes nothing at all."""
    return refusals.refused(game, call, error, Level8Error)


def _in_phase(phase: str) -> Level8Board:
    for g in board_games():
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


def test_endless_towers_are_a_config_error():
    with pytest.raises(ConfigError):
        Level8Board(2, towers=itertools.count())
