"""Issue 14 (Level 8): one rule for refusals, atomic actions and bounded work.

Every public entry point checks its arguments before it changes anything; every refusal is a
:class:`Level8Error` (a ``TypeError`` for a wrong type, a ``ValueError`` for a wrong value)
whose message names the argument and shows what was given; a refused call leaves the game
exactly as it was (snapshot, JSON record, random generator; no listener called). Whatever is
accepted is recorded so that the record loads again.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
import refusals  # tests/ is on sys.path
from level8board.helpers import board, land  # tests/ is on sys.path
from refusals import Watched

from levelwidgets.errors import GameLimitError, GameTypeError, GameValueError
from levelwidgets.level8 import (
    Action,
    Combo,
    HeuristicBot,
    Level8,
    Level8Error,
    make_combo,
    parse_card,
    play_game,
)
from levelwidgets.level8 import errors as l8_errors
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.cards import CARDS
from levelwidgets.level8.checks import show
from levelwidgets.level8.errors import (
    ActionTypeError,
    CardError,
    CardTypeError,
    CombinationTypeError,
    ConfigError,
    ConfigLimitError,
    ConfigTypeError,
    IllegalActionError,
    Level8LimitError,
    Level8TypeError,
    UndoError,
    UndoTypeError,
)

from .helpers import cs, stacked

# ---------------------------------------------------------------------------- helpers


def refused(game: Level8, action: Callable[[Level8], object], error: type = Level8Error):
    """``action(game)`` raises ``error`` (a Level8Error) and changes nothing at all."""
    return refusals.refused(game, action, error, Level8Error)


def round_trips(game: Level8 | Level8Board) -> None:
    """The record of an accepted game loads again, as the same game."""
    game.check_invariants()
    assert type(game).from_json(game.to_json()) == game


@cache
def card_games() -> tuple[Level8, ...]:
    start = Level8(["Ann", "Ben"], seed=1)
    drawn = start.clone()
    drawn.draw()
    laid = stacked(["1R 2R 3R 5G 6G 7G J1 8G S1 11O", "*", "*"], "14O", "10G 15R 15Y")
    laid.draw()
    laid.lay_down([("run", cs("1R 2R 3R")), ("run", cs("5G 6G 7G"))])
    over = stacked(["4R 4G 9R 9G 9B 2R 2G 2B 2Y 11O", "*"], "14O", "12P", start_levels=[8, 1])
    over.draw()
    over.lay_down([("set", cs("4R 4G")), ("set", cs("9R 9G 9B")), ("set", cs("2R 2G 2B 2Y"))])
    return start, drawn, laid, over


def games() -> list[Level8]:
    """Games to draw, to play (not laid and laid down) and over (fresh copies)."""
    return [g.clone() for g in card_games()]


class BadRepr:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


@cache
def huge_text() -> str:
    return "x" * 50_000_000


def endless() -> itertools.count:
    return itertools.count()


#: Values a careless or hostile caller passes (each is refused somewhere); callables, so
#: that generators are fresh for every call.
CARD_HOSTILE: list[Callable[[], Any]] = [
    lambda: None,
    lambda: True,
    lambda: False,
    lambda: 0.0,
    lambda: 1.0,
    lambda: 14.0,
    lambda: -1,
    lambda: 2,
    lambda: 2**63,
    lambda: 10**5000,
    lambda: "",
    lambda: "x" * 5000,
    huge_text,
    lambda: [[[]]],
    lambda: [0] * 10**6,
    endless,
    lambda: (x for x in [BadRepr()]),
    BadRepr,
    lambda: {"kind": "run"},
    lambda: {1: 2},
    lambda: [{"kind": "run", "cards": [0, 1, 2], "jokers": 5}],
    lambda: [("run", [0, 1, 2], ["J1"])],
    lambda: Action("discard", 0, card=14.0),  # type: ignore[arg-type]
    lambda: Action("add_on", 0, card=7, target=0, index=1, meaning=14.0),  # type: ignore[arg-type]
    lambda: Action("lay_down", 0, combos=None),  # type: ignore[arg-type]
    lambda: Action("keep", 0, cards=endless()),  # type: ignore[arg-type]
]


#: Public methods and how to call them with one hostile value.
CARD_CALLS: dict[str, Callable[[Level8, Any], object]] = {
    "draw": lambda g, v: g.draw(v),
    "draw(player)": lambda g, v: g.draw(player=v),
    "lay_down": lambda g, v: g.lay_down(v),
    "lay_down(item)": lambda g, v: g.lay_down([v, ("run", cs("5G 6G 7G"))]),
    "lay_down(cards)": lambda g, v: g.lay_down([("run", v), ("run", cs("5G 6G 7G"))]),
    "lay_down(jokers)": lambda g, v: g.lay_down([("run", cs("1R 2R J1"), v)]),
    "lay_down(player)": lambda g, v: g.lay_down([], player=v),
    "add_on(card)": lambda g, v: g.add_on(v, 0, 1),
    "add_on(target)": lambda g, v: g.add_on("8G", v, 1),
    "add_on(index)": lambda g, v: g.add_on("8G", 0, v),
    "add_on(number)": lambda g, v: g.add_on("J1", 0, 1, v),
    "add_on(player)": lambda g, v: g.add_on("8G", 0, 1, player=v),
    "discard": lambda g, v: g.discard(v),
    "discard(player)": lambda g, v: g.discard("11O", player=v),
    "skip(target)": lambda g, v: g.skip(v),
    "skip(card)": lambda g, v: g.skip(1, v),
    "skip_turn(player)": lambda g, v: g.skip_turn(player=v),
    "keep": lambda g, v: g.keep(v),
    "next_round(player)": lambda g, v: g.next_round(player=v),
    "apply": lambda g, v: g.apply(v),
    "preview": lambda g, v: g.preview(v),
    "hand": lambda g, v: g.hand(v),
    "melds": lambda g, v: g.melds(v),
    "history_from": lambda g, v: g.history_from(v),
    "history_entry": lambda g, v: g.history_entry(v),
    "current_level": lambda g, v: g.current_level(v),
    "observation": lambda g, v: g.observation(v),
    "events_for(events)": lambda g, v: g.events_for(v, 0),
    "events_for(viewer)": lambda g, v: g.events_for(g.history[-1].events, v),
    "undo": lambda g, v: g.undo(v),
    "goto": lambda g, v: g.goto(v),
    "after": lambda g, v: g.after(v),
    "undo_to": lambda g, v: g.undo_to(v),
    "replay(config)": lambda g, v: Level8.replay(v, []),
    "check_lay_down": lambda g, v: g.check_lay_down(v),
    "replay(steps)": lambda g, v: Level8.replay(g.config, v),
    "from_history(config)": lambda g, v: Level8.from_history(v, g.history),
    "from_history(entries)": lambda g, v: Level8.from_history(g, v),
    "to_svg": lambda g, v: g.to_svg(v),
    "on_change": lambda g, v: g.on_change(v),
    "Level8(players)": lambda g, v: Level8(v),
    "Level8(seed)": lambda g, v: Level8(2, v),
    "Level8(sides)": lambda g, v: Level8(2, 1, v),
    "Level8(dealer)": lambda g, v: Level8(2, 1, dealer=v),
    "Level8(start_levels)": lambda g, v: Level8(2, 1, start_levels=v),
    "Level8(deck)": lambda g, v: Level8(2, 1, deck=v),
    "Level8(lay_down_cap)": lambda g, v: Level8(2, 1, lay_down_cap=v),
    "from_position(hands)": lambda g, v: Level8.from_position(hands=v),
    "from_position(current)": lambda g, v: Level8.from_position(
        hands=[[], []], current=v, draw_pile=None
    ),
    "from_position(round)": lambda g, v: Level8.from_position(hands=[[], []], round=v),
    "from_position(melds)": lambda g, v: Level8.from_position(hands=[[], []], melds=[v, []]),
    "from_position(phase)": lambda g, v: Level8.from_position(hands=[[], []], phase=v),
    "Action": lambda g, v: Action("draw", v),
    "Action(kind)": lambda g, v: Action(v, 0),
    "Action.from_dict": lambda g, v: Action.from_dict(v),
    "parse_card": lambda g, v: parse_card(v),
    "make_combo(jokers)": lambda g, v: make_combo("run", cs("1R 2R J1"), v),
    "Combo.from_dict": lambda g, v: Combo.from_dict(v),
    "action_id": lambda g, v: g.action_id(v),
    "action_from_id": lambda g, v: g.action_from_id(v),
    "action_to_string": lambda g, v: g.action_to_string(v),
    "action_from_string": lambda g, v: g.action_from_string(v),
}


# ---------------------------------------------------------------------------- board game
@cache
def board_games() -> tuple[Level8Board, ...]:
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


BOARD_HOSTILE: list[Callable[[], Any]] = [
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

BOARD_CALLS: dict[str, Callable[[Level8Board, Any], object]] = {
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


#: Public methods without arguments, or whose arguments other tests check (records).
UNSWEPT = {"check_invariants", "clone", "legal_actions", "snapshot", "state_dict", "to_dict"}
UNSWEPT |= {"from_json", "to_json", "from_config", "apply_recorded", "next_round", "skip_turn"}
UNSWEPT |= {"returns", "is_chance", "chance_outcomes", "steps", "legal_action_ids"}


def test_the_sweep_covers_every_public_method_of_level8():
    public = {n for n in dir(Level8) if not n.startswith("_") and callable(getattr(Level8, n))}
    swept = {name.split("(")[0].split(".")[0] for name in CARD_CALLS}
    assert public - UNSWEPT <= swept, public - UNSWEPT - swept


#: Per game: the positions swept, the hostile values, the calls.
SWEEPS = {
    "level8": (card_games, CARD_HOSTILE, CARD_CALLS),
    "level8_board": (board_games, BOARD_HOSTILE, BOARD_CALLS),
}
SWEPT = [(name, call) for name, (_, _, calls) in SWEEPS.items() for call in calls]


@pytest.mark.parametrize(("name", "call"), SWEPT, ids=[f"{n}-{c}" for n, c in SWEPT])
def test_every_entry_point_refuses_bad_arguments_with_a_level8_error_and_changes_nothing(
    name: str, call: str
) -> None:
    positions, hostile, calls = SWEEPS[name]
    action = calls[call]
    for original in positions():
        game = original.clone()
        watched = Watched(game)
        for make in hostile:
            value = make()
            label = f"{call} with {show(value)}"
            if refusals.accepted_or_refused_cleanly(watched, action, value, Level8Error, label):
                # Accepted: only a value that is valid there; its record loads again.
                round_trips(game)
                game = original.clone()
                watched = Watched(game)


# ---------------------------------------------------------------------------- error classes


def test_wrong_types_are_type_errors_and_wrong_values_value_errors():
    assert issubclass(Level8TypeError, TypeError) and issubclass(Level8TypeError, GameTypeError)
    assert issubclass(Level8LimitError, GameLimitError)
    twins = {
        ConfigTypeError: ConfigError,
        CardTypeError: CardError,
        ActionTypeError: IllegalActionError,
        CombinationTypeError: l8_errors.InvalidCombinationError,
        UndoTypeError: UndoError,
        l8_errors.PlayerTypeError: l8_errors.NotYourTurnError,
        l8_errors.MoveTypeError: l8_errors.MoveError,
        l8_errors.ChoiceTypeError: l8_errors.ChoiceError,
    }
    for twin, base in twins.items():
        assert issubclass(twin, base) and issubclass(twin, Level8TypeError), twin
        assert issubclass(base, GameValueError), base
    for cls in (l8_errors.LevelSpecError, l8_errors.CorruptStateError, l8_errors.AddOnError):
        assert issubclass(cls, ValueError) and issubclass(cls, GameValueError)
    assert issubclass(ConfigLimitError, ConfigError)
    every = [
        c
        for c in vars(l8_errors).values()
        if isinstance(c, type) and c.__module__ == l8_errors.__name__
    ]
    assert all(issubclass(c, Level8Error) for c in every)


#: (call, value, the argument's name in the message) in a game where the call is allowed.
WRONG_TYPES = [
    (lambda g: g.hand(True), "player", "True"),
    (lambda g: g.hand(1.0), "player", "1.0"),
    (lambda g: g.melds(None), "player", "None"),
    (lambda g: g.current_level("0"), "player", "'0'"),
    (lambda g: g.lay_down(None), "combos", "None"),
    (lambda g: g.lay_down(5), "combos", "5"),
    (lambda g: g.lay_down([("run", cs("1R 2R 3R"), ["J1"])]), "jokers", "['J1']"),
    (lambda g: g.lay_down([("run", 5)]), "cards", "5"),
    (lambda g: g.lay_down([(5, cs("1R 2R 3R"))]), "kind", "5"),
    (lambda g: g.add_on("8G", 0, 1.0), "index", "1.0"),
    (lambda g: g.add_on("8G", 0, True), "index", "True"),
    (lambda g: g.add_on("J1", 0, 1, 8.0), "number", "8.0"),
    (lambda g: g.add_on(14.0, 0, 1), "card", "14.0"),
    (lambda g: g.add_on("8G", 0.0, 1), "owner of the combination", "0.0"),
    (lambda g: g.discard(None), "card", "None"),
    (lambda g: g.discard(True), "card", "True"),
    (lambda g: g.skip(1.0), "skip target", "1.0"),
    (lambda g: g.discard("11O", player=True), "player", "True"),
    (lambda g: g.discard("11O", player=0.0), "player", "0.0"),
    (lambda g: g.apply("discard 11O"), "action", "'discard 11O'"),
    (lambda g: g.observation(1.0), "viewer", "1.0"),
    (lambda g: g.undo(1.0), "n", "1.0"),
    (lambda g: g.goto(True), "ply", "True"),
    (lambda g: g.after(None), "ply", "None"),
    (lambda g: g.undo_to("1"), "length", "'1'"),
    (lambda g: g.on_change(None), "callback", "None"),
    (lambda g: g.events_for(5, 0), "events", "5"),
    (lambda g: Level8(2.0), "players", "2.0"),
    (lambda g: Level8(2, 1.5), "seed", "1.5"),
    (lambda g: Level8(2, dealer=1.0), "dealer", "1.0"),
    (lambda g: Level8(2, lay_down_cap=20.0), "lay_down_cap", "20.0"),
    (lambda g: Level8(2, deck=5), "deck", "5"),
    (lambda g: Level8(2, deck=[14.0] * 101), "card", "14.0"),
]


@pytest.mark.parametrize("call, what, given", WRONG_TYPES, ids=[w[1] for w in WRONG_TYPES])
def test_wrong_types_raise_type_errors_that_name_the_argument(call, what, given):
    # seat 0 has drawn: it may lay down (game 1), or it has laid down and may add on (game 2)
    game = card_games()[1 if what in ("combos", "jokers", "cards", "kind") else 2].clone()
    err = refused(game, call, TypeError)
    assert isinstance(err, Level8TypeError), type(err)
    assert what in str(err) and given in str(err), str(err)


# ---------------------------------------------------------------------------- the examples


def test_hand_of_a_seat_that_is_not_at_the_table_is_refused():
    game = Level8(2, seed=1)
    err = refused(game, lambda g: g.hand(2), IllegalActionError)
    assert isinstance(err, ValueError)
    assert str(err) == "player must be a seat from 0 to 1, not 2."
    assert err.code == "level8.argument"


@pytest.mark.parametrize("seat", [-1, True, False, 1.0, 2**63])
def test_negative_bool_and_float_seats_are_no_seats(seat):
    game = Level8(2, seed=1)
    for query in (game.hand, game.melds, game.current_level):
        refused(game, lambda g, q=query: q(seat))


def test_true_is_not_seat_one_even_when_it_is_seat_ones_turn():
    game = Level8(2, seed=1)
    game.draw()
    game.discard(game.hand(0)[0])
    assert game.current_player == 1
    refused(game, lambda g: g.draw(player=True), TypeError)
    refused(game, lambda g: g.hand(True), TypeError)


def test_lay_down_none_is_a_type_error_of_the_engine():
    game = card_games()[1].clone()
    err = refused(game, lambda g: g.lay_down(None), ActionTypeError)
    assert "combos" in str(err) and "None" in str(err)


@pytest.mark.parametrize("meanings", [["J1"], 6, "J1=6", ("J1", 6)])
def test_joker_meanings_must_be_a_mapping(meanings):
    game = stacked(["1R 2R 3R 5G 6G 7G J1 8G S1 11O", "*"], "14O", "10G")
    game.draw()
    combos = [("run", cs("1R 2R J1"), meanings), ("run", cs("5G 6G 7G"))]
    err = refused(game, lambda g: g.lay_down(combos), CombinationTypeError)
    assert "jokers" in str(err)
    with pytest.raises(CombinationTypeError):
        make_combo("run", cs("1R 2R J1"), meanings)  # type: ignore[arg-type]


def test_add_on_with_a_float_number_is_refused_and_the_record_stays_loadable():
    game = stacked(["1R 2R 3R 5G 6G 7G J1 8G S1 11O", "*"], "14O", "10G")
    game.draw()
    game.lay_down([("run", cs("1R 2R 3R")), ("run", cs("5G 6G 7G"))])
    err = refused(game, lambda g: g.add_on("J1", 0, 0, 4.0), ActionTypeError)
    assert "number" in str(err) and "4.0" in str(err)
    refused(game, lambda g: g.apply(Action("add_on", 0, card=90, target=0, index=0, meaning=4.0)))
    game.add_on("J1", 0, 0, 4)
    round_trips(game)


# ---------------------------------------------------------------------------- bounded work


@pytest.mark.parametrize(
    "call",
    [
        lambda g: g.lay_down(itertools.repeat(("run", cs("1R 2R 3R")))),
        lambda g: g.lay_down([("run", cs("1R 2R 3R"))] * 10**6),
        lambda g: g.lay_down([("run", itertools.count())]),
        lambda g: g.lay_down([("run", huge_text())]),
        lambda g: g.discard(huge_text()),
        lambda g: g.keep(itertools.count()),
        lambda g: g.events_for(itertools.repeat(g.history[0].events[0]), 0),
        lambda g: Level8.from_history(g, itertools.repeat(g.history[0])),
        lambda g: Level8(itertools.cycle(["Ann", "Ben"])),
        lambda g: Level8(["Ann", huge_text()]),
        lambda g: Level8(2, huge_text()),
        lambda g: Level8(2, 1, huge_text()),
        lambda g: Level8(2, 1, [itertools.repeat(("run", 3))]),
        lambda g: Level8(2, 1, itertools.repeat("run 3")),
        lambda g: Level8(2, deck=itertools.count()),
        lambda g: Level8(2, 10**5000),
        lambda g: Level8(2**63),
        lambda g: Level8.from_position(hands=itertools.repeat([])),
        lambda g: Level8.from_position(hands=[huge_text(), []]),
    ],
)
def test_huge_or_endless_input_is_refused_before_work(call):
    game = card_games()[1].clone()
    err = refused(game, call)
    assert len(str(err)) < 600


@pytest.mark.parametrize(
    "call",
    [
        lambda g: g.swap(itertools.count()),
        lambda g: g.swap("7R " * 10**6),
        lambda g: Level8Board(2, towers=itertools.count()),
        lambda g: Level8Board(2, layout=itertools.repeat("swap")),
    ],
)
def test_board_endless_input_is_refused_before_work(call):
    swap = next(g for g in board_games() if g.phase == "swap")
    err = refused(swap.clone(), call)
    assert len(str(err)) < 600


# ---------------------------------------------------------------------------- accepted forms


def test_every_accepted_form_of_a_lay_down_and_an_add_on_round_trips():
    forms = [
        [("run", cs("1R 2R J1"), {"J1": 3}), ("run", cs("5G 6G 7G"))],
        [("run", ["1R", "2R", "J1"], {90: 3}), ["run", "5G 6G 7G"]],
        [("run", cs("1R 2R J1"), {CARDS[90]: 3}), {"kind": "run", "cards": cs("5G 6G 7G")}],
        [
            Combo("run", tuple(cs("1R 2R J1")), ((90, 3),)),
            make_combo("run", cs("7G 6G 5G")),
        ],
        (c for c in [("run", cs("1R 2R J1"), {"J1": 3}), ("run", cs("5G 6G 7G"))]),
    ]
    for combos in forms:
        game = stacked(["1R 2R 3R 5G 6G 7G J1 8G S1 11O", "*"], "14O", "4G 10G")
        game.draw()
        game.lay_down(combos, player=0)
        round_trips(game)
        game.add_on("8G", "Player 1", 1)
        game.add_on(CARDS[parse_card("4G")], 0, 1, 4, player=0)
        round_trips(game)
        game.discard("11O")
        game.draw(0)
        round_trips(game)


def test_a_game_of_accepted_actions_round_trips():
    game = play_game([HeuristicBot(1), HeuristicBot(2)], seed=7, max_actions=200)
    round_trips(game)


def test_messages_are_short_for_huge_values():
    game = card_games()[2].clone()
    err = refused(game, lambda g: g.add_on("8G", 0, 10**5000))
    assert "about 5001 digits" in str(err)
    err = refused(game, lambda g: g.discard("7" * 5000))
    assert "5000 characters" in str(err) and len(str(err)) < 300


def test_a_game_stops_at_the_longest_record_it_could_read_back() -> None:
    """Everything the engine accepts, its own record reads back: an action that would make
    the history longer than a record may hold is refused, and the game saved at the limit
    loads (the limit is lowered here so the test plays a few hundred steps, not 20,000)."""
    from unittest import mock

    from levelwidgets.level8 import RandomBot, serial
    from levelwidgets.level8 import game as game_module

    with (
        mock.patch.object(game_module, "MAX_HISTORY", 300),
        mock.patch.object(serial, "MAX_HISTORY", 300),
    ):
        g = Level8(3, seed=4)
        bots = [RandomBot(k) for k in range(3)]
        while len(g.history) < 300:
            g.apply(bots[g.current_player].choose(g.observation(g.current_player)))
        action = bots[g.current_player].choose(g.observation(g.current_player))
        before = g.to_json()
        with pytest.raises(Level8Error) as info:
            g.apply(action)
        assert isinstance(info.value, GameLimitError) and info.value.code == "level8.too_long"
        assert g.to_json() == before
        assert Level8.from_json(before).to_json() == before


def test_accepted_board_steps_round_trip():
    for g in board_games():
        round_trips(g.clone())
