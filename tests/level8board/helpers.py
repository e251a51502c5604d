"""Shared helpers for the board game's tests: stacked deals, landing on a field, refusals.

Card shorthands come from the card game's helpers (``tests/level8/helpers.py``).
"""

from __future__ import annotations

import itertools
import random

import pytest
from level8.helpers import c, cs, filled_hands, kinds  # tests/ is on sys.path

from levelwidgets.level8 import Level8Error, stack_deck
from levelwidgets.level8.board import ACTIONS, Level8Board, reachable

__all__ = [
    "LAYOUT9",
    "LAYOUT12",
    "LAYOUT40",
    "RUN9",
    "SEQ3",
    "UNICODE_NAMES",
    "board",
    "c",
    "cs",
    "custom_game",
    "dice_to",
    "kinds",
    "land",
    "long_game",
    "new_game",
    "pick",
    "play_rolls",
    "refused",
]


def board(
    hands: list[str],
    first_discard: str,
    draw: str = "",
    *,
    towers: list[int] | None = None,
    layout: object = None,
    sides: object = "one",
    start_levels: list[int] | None = None,
    seed: int = 7,
    dealer: int | None = None,
) -> Level8Board:
    """A board game whose first deal gives exactly ``hands`` (seat order; with the default
    dealer, the last seat, seat 0 starts), turns up ``first_discard`` on the dealer's pile
    and puts ``draw`` on top of the draw pile (first = top).

    A hand given as ``"*"`` is filled with number cards nobody else in the set-up uses.
    """
    full = filled_hands(hands, first_discard, draw)
    order = stack_deck(full, first_discard, cs(draw), dealer)
    deck = [x for x in order if x < 90]  # the board deals number cards only
    return Level8Board(
        len(hands),
        seed=seed,
        sides=sides,
        layout=layout,
        towers=towers,
        start_levels=start_levels,
        deck=deck,
        dealer=dealer,
    )


def dice_to(game: Level8Board, field: int) -> tuple[int, int]:
    """Dice with which the current player's movers reach ``field`` (for set-up, not for the
    movement tests, which spell their dice out)."""
    p = game.current_player
    for a, b in itertools.product(range(1, 7), repeat=2):
        if field in reachable(len(game.layout), game.towers, p, (a, b)):
            return (a, b)
    raise AssertionError(f"no dice reach field {field} from {game.towers[p]}")


def land(game: Level8Board, field: int) -> list:
    """Roll (set by hand) and move the current player's tower to ``field``; the events of
    the move (the field's action starts)."""
    game.roll(dice=dice_to(game, field))
    return game.move(field)


def refused(game: Level8Board, error: type, fn, *args, match: str | None = None, **kwargs):
    """``fn(*args, **kwargs)`` raises exactly ``error`` (a Level8Error; for a wrong type its
    TypeError twin), the game's snapshot
    stays the same, no listener hears of it and the invariants still hold."""
    heard: list = []
    remove = game.on_change(lambda g, events: heard.append(events))
    before = game.snapshot()
    try:
        with pytest.raises(error, match=match) as info:
            fn(*args, **kwargs)
    finally:
        remove()
    got = type(info.value)
    # exactly ``error``, or its TypeError twin for an argument of the wrong type (issue 14)
    assert got is error or (isinstance(info.value, TypeError) and issubclass(got, error)), (
        f"{got.__name__} instead of {error.__name__}"
    )
    assert isinstance(info.value, Level8Error)
    assert game.snapshot() == before
    assert heard == []
    game.check_invariants()
    return info.value


#: Custom circuits: 12 fields (each action at least once), 9 fields, and a long one.
LAYOUT12 = [
    "choose",
    "draw1",
    "draw2",
    "joker",
    "ask",
    "swap",
    "draw_again",
    "steal",
    "all_draw",
    "choose",
    "ask",
    "steal",
]
LAYOUT9 = ["choose", *[a for a in ACTIONS if a != "choose"]]
LAYOUT40 = ["choose", *random.Random(40).choices(ACTIONS, k=39)]
#: Short custom sequences so that rounds end (and games are won) within a few turns.
SEQ3 = ["set 3 + run 3", "run 5 + set 2", "set 2 + set 2 + set 2"]
RUN9 = ["run 9", "set 3 + set 3", "run 4 + set 2"]


def pick(rng: random.Random, legal: list) -> object:
    """A random legal action, leaning towards laying down and adding on so that rounds end."""
    by: dict[str, list] = {}
    for a in legal:
        by.setdefault(a.kind, []).append(a)
    for kind, p in (("lay_down", 0.9), ("add_on", 0.8), ("discard_two", 0.6)):
        if kind in by and rng.random() < p:
            return rng.choice(by[kind])
    return rng.choice(legal)


def new_game(i: int, rng: random.Random) -> Level8Board:
    """Game ``i`` of the seeded sweeps: 2–6 players, default and custom layouts, built-in
    and short custom sides, late start levels, towers placed by hand now and then."""
    n = 2 + i % 5
    layout = (None, None, LAYOUT12, LAYOUT9, LAYOUT40)[i % 5 if i % 7 else 2]
    mode = i % 4
    if mode == 0:
        sides: object = "one"
        start = [rng.choice([1, 1, 4, 7, 7, 8]) for _ in range(n)]
    elif mode == 1:
        sides = [rng.choice(["one", "two"]) for _ in range(n)]
        start = [rng.choice([1, 6, 7, 8]) for _ in range(n)]
    else:
        sides = SEQ3 if mode == 2 else RUN9
        start = [rng.choice([1, 2, 3]) for _ in range(n)]
    size = len(layout) if layout else 28
    towers = None
    if i % 3 == 0:
        towers = [*rng.sample(range(1, size), n - 1), 0]
    return Level8Board(n, seed=i, sides=sides, layout=layout, towers=towers, start_levels=start)


UNICODE_NAMES = ["Zoë", "Łukasz", "李雷", "Ana-María 🎲", "Ömer", "Ñandú"]


def play_rolls(
    g: Level8Board, rng: random.Random, steps: int, hand_set: float = 0.0
) -> Level8Board:
    """Random legal steps (leaning towards laying down); a roll is set by hand with
    probability ``hand_set``."""
    for _ in range(steps):
        if g.is_over:
            break
        if g.phase == "roll" and rng.random() < hand_set:
            g.roll(dice=(rng.randint(1, 6), rng.randint(1, 6)))
        else:
            g.apply(pick(rng, g.legal_actions()))
    return g


def long_game() -> Level8Board:
    """Three players with unicode names, short sides, some rolls set by hand."""
    g = Level8Board(UNICODE_NAMES[:3], seed=21, sides=RUN9)
    return play_rolls(g, random.Random(21), 260, hand_set=0.3)


def custom_game() -> Level8Board:
    """A custom layout and sides, towers placed by hand, a text seed."""
    g = Level8Board(4, seed="board ✓", layout=LAYOUT12, sides=RUN9, towers=[0, 3, 7, 11])
    return play_rolls(g, random.Random(3), 120, hand_set=0.2)
