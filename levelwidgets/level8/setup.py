"""Setting up a Level 8 game: players, sides, start levels, stacked decks, and constants.

:func:`make_config` checks the arguments of :class:`~levelwidgets.level8.Level8` and turns
them into the game's ``config`` (plain data, stored in every JSON record);
:func:`stack_deck` builds a deck order that deals chosen hands, for lessons and tests.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from .cards import ALL_IDS, CODES, parse_card, parse_cards
from .errors import ConfigError, LevelSpecError
from .levels import LevelSequence, parse_levels, sequence_for

#: Cards dealt to each player (fewer only when the two-star rule kept some).
HAND_SIZE = 10
#: Hand cards a two-star player may keep for the next round.
KEEP_MAX = 4
#: The phases of a turn and of the round break, in the order they occur.
PHASES = ("draw", "play", "skipped", "keep", "round_over", "over")


def parse_players(players: object) -> list[str]:
    """Player names from a count (2–6) or a list of distinct, non-empty names."""
    if isinstance(players, bool):
        raise ConfigError("players must be a number 2–6 or a list of names")
    if isinstance(players, int):
        if not 2 <= players <= 6:
            raise ConfigError(f"Level 8 is for 2 to 6 players, not {players}")
        return [f"Player {i + 1}" for i in range(players)]
    if isinstance(players, str) or not isinstance(players, Iterable):
        raise ConfigError("players must be a number 2–6 or a list of names")
    names = list(players)
    if not 2 <= len(names) <= 6:
        raise ConfigError(f"Level 8 is for 2 to 6 players, not {len(names)}")
    for nm in names:
        if not isinstance(nm, str) or not nm.strip():
            raise ConfigError(f"player names must be non-empty strings, not {nm!r}")
    if len(set(names)) != len(names):
        raise ConfigError("player names must be different from each other")
    return names


def parse_sides(sides: object, n: int) -> list[LevelSequence]:
    """One level sequence per player from ``"one"``/``"two"``, a custom sequence, or a list."""

    def is_side(x: object) -> bool:
        return isinstance(x, LevelSequence) or (
            isinstance(x, str) and x.strip().lower() in ("one", "two", "1", "2")
        )

    try:
        if isinstance(sides, (str, LevelSequence)):
            return [sequence_for(sides)] * n
        if isinstance(sides, Iterable):
            items = list(sides)
            if items and all(is_side(x) for x in items):
                if len(items) != n:
                    raise ConfigError(f"sides lists {len(items)} entries for {n} players")
                return [sequence_for(x) for x in items]
            if (
                items
                and all(isinstance(x, (list, tuple, LevelSequence)) for x in items)
                and len(items) == n
                and not all(isinstance(x, tuple) and len(x) == 2 for x in items)
            ):
                # probably one custom sequence per player; else one shared sequence
                try:
                    return [parse_levels(x) for x in items]
                except LevelSpecError:
                    try:
                        return [parse_levels(items)] * n
                    except LevelSpecError:
                        pass
                    raise
            return [parse_levels(items)] * n
    except LevelSpecError as e:
        raise ConfigError(f"invalid sides: {e}") from None
    raise ConfigError('sides must be "one", "two", a level sequence, or one per player')


def check_seed(seed: object) -> int | str:
    """The seed as given, or a fresh random one for ``None``."""
    if seed is None:
        return random.SystemRandom().randrange(2**63)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ConfigError(f"seed must be an int or a str, not {type(seed).__name__}")
    return seed


def check_seat(value: object, n: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise ConfigError(f"{what} must be a seat number 0–{n - 1}, not {value!r}")
    return value


def check_levels(
    levels: Sequence[object] | None, names: Sequence[str], seqs: Sequence[LevelSequence]
) -> list[int]:
    """Start levels, one per player, each a level of that player's sequence (default 1)."""
    n = len(names)
    if levels is None:
        return [1] * n
    if isinstance(levels, (str, bytes)) or not isinstance(levels, Iterable):
        raise ConfigError(f"levels need one level per player ({n}), not {levels!r}")
    out = list(levels)
    if len(out) != n:
        raise ConfigError(f"start_levels needs one level per player ({n}), got {out}")
    for i, lv in enumerate(out):
        if isinstance(lv, bool) or not isinstance(lv, int) or not 1 <= lv <= len(seqs[i]):
            raise ConfigError(f"start level {lv!r} of {names[i]} is not a level 1–{len(seqs[i])}")
    return out  # type: ignore[return-value]


def check_cap(lay_down_cap: object) -> int:
    if isinstance(lay_down_cap, bool) or not isinstance(lay_down_cap, int) or lay_down_cap < 1:
        raise ConfigError("lay_down_cap must be a positive int")
    return lay_down_cap


def make_config(
    players: object,
    seed: object,
    sides: object,
    dealer: object,
    start_levels: Sequence[object] | None,
    deck: Sequence[object] | None,
    lay_down_cap: object,
) -> tuple[dict[str, Any], list[LevelSequence]]:
    """Check a new game's arguments; return its config (plain data) and level sequences."""
    names = parse_players(players)
    n = len(names)
    seqs = parse_sides(sides, n)
    seed = check_seed(seed)
    dealer = check_seat(n - 1 if dealer is None else dealer, n, "dealer")
    start = check_levels(start_levels, names, seqs)
    deck_ids: list[int] | None = None
    if deck is not None:
        deck_ids = parse_cards(deck)
        if sorted(deck_ids) != list(ALL_IDS):
            raise ConfigError("deck must contain each of the 101 cards exactly once")
    config: dict[str, Any] = {
        "players": names,
        "seed": seed,
        "sides": [s.to_dict() for s in seqs],
        "dealer": dealer,
        "start_levels": start,
        "deck": deck_ids,
        "lay_down_cap": check_cap(lay_down_cap),
    }
    return config, seqs


def stack_deck(
    hands: Sequence[Iterable[object]],
    first_discard: object,
    draw_pile: Iterable[object] = (),
    dealer: int | None = None,
) -> list[int]:
    """The deck order (first = top) that deals exactly ``hands`` (10 cards each, seat order),
    turns up ``first_discard`` and leaves ``draw_pile`` on top of the draw pile (first = top;
    all remaining cards follow in id order). For teachers' set-ups and tests."""
    n = len(hands)
    hs = [parse_cards(h) for h in hands]
    if dealer is None:
        dealer = n - 1
    if any(len(h) != HAND_SIZE for h in hs):
        raise ConfigError("each stacked hand needs exactly 10 cards")
    top = [parse_card(first_discard)]
    pile = parse_cards(draw_pile)
    order: list[int] = []
    for k in range(HAND_SIZE):
        for j in range(1, n + 1):
            order.append(hs[(dealer + j) % n][k])
    order += top + pile
    dup = [CODES[c] for c, k in Counter(order).items() if k > 1]
    if dup:
        raise ConfigError(f"the stacked cards name {', '.join(dup)} more than once")
    seen = set(order)
    order += [c for c in ALL_IDS if c not in seen]
    return order
