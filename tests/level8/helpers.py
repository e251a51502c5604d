"""Shared helpers for the Level 8 tests: stacked deals and card shorthands."""

from __future__ import annotations

from levelwidgets.level8 import Level8, parse_card, stack_deck
from levelwidgets.level8.cards import parse_cards


def c(code: str) -> int:
    return parse_card(code)


def cs(codes: str) -> list[int]:
    return parse_cards(codes)


def stacked(
    hands: list[str],
    first_discard: str,
    draw: str = "",
    *,
    sides: object = "one",
    start_levels: list[int] | None = None,
    names: list[str] | None = None,
) -> Level8:
    """A game whose first deal gives exactly ``hands`` (seat order; seat 0 starts).

    A hand given as ``"*"`` is filled with number cards nobody else in the set-up uses.
    """
    n = len(hands)
    named = {x for h in hands if h != "*" for x in cs(h)} | set(cs(first_discard)) | set(cs(draw))
    pool = [x for x in range(89, -1, -1) if x not in named]
    full = []
    for h in hands:
        if h == "*":
            full.append(pool[:10])
            pool = pool[10:]
        else:
            full.append(cs(h))
    deck = stack_deck(full, first_discard, cs(draw))
    return Level8(names or n, seed=7, sides=sides, start_levels=start_levels, deck=deck)


def kinds(events) -> list[str]:
    return [e.kind for e in events]
