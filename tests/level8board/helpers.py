"""Shared helpers for the board game's tests: stacked deals, landing on a field, refusals.

Card shorthands come from the card game's helpers (``tests/level8/helpers.py``).
"""

from __future__ import annotations

import itertools

import pytest
from level8.helpers import c, cs, kinds  # tests/ is on sys.path

from levelwidgets.level8 import Level8Error, stack_deck
from levelwidgets.level8.board import Level8Board, reachable

__all__ = ["board", "c", "cs", "dice_to", "kinds", "land", "refused"]


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
    named = {x for h in hands if h != "*" for x in cs(h)} | set(cs(first_discard)) | set(cs(draw))
    pool = [x for x in range(89, -1, -1) if x not in named]
    full = []
    for h in hands:
        if h == "*":
            full.append(pool[:10])
            pool = pool[10:]
        else:
            full.append(cs(h))
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
