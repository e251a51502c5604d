"""The spec's invariants, checked on a whole game (tests call it after every action).

:func:`check_invariants` reads the game's private state directly: it is the engine's own
self-check, not a view. :meth:`Level8.check_invariants` is a thin call to it.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .cards import ALL_IDS, CODES, END_SKIP, FIRST_SKIP, N_CARDS
from .errors import Level8Error
from .setup import HAND_SIZE, PHASES

if TYPE_CHECKING:
    from .game import CardTable

_ALL_SET = frozenset(ALL_IDS)


class InvariantError(Level8Error, AssertionError):
    """A rule invariant does not hold (an engine bug or a corrupted state)."""


def check_invariants(game: CardTable) -> None:
    """Raise :class:`InvariantError` if any of the spec's invariants is violated."""
    g = game
    n = g._n
    zones = [*g._draw, *g._under]
    for q in range(n):
        zones += g._hands[q] + g._discards[q]
        zones += g._kept[q]
        zones += [c for m in g._melds[q] for c in m.cards]
        skip = g._skips[q]
        if skip is not None:
            zones.append(skip)
    if len(zones) != N_CARDS or set(zones) != _ALL_SET:  # 101 cards, each once
        dup = [CODES[c] for c, k in Counter(zones).items() if k > 1]
        raise InvariantError(
            f"cards are not the 101 distinct cards (count {len(zones)}, duplicates {dup})"
        )
    for q in range(n):
        for m in g._melds[q]:
            if not m.is_valid():
                raise InvariantError(f"invalid laid combination {m!r}")
            if m.owner != q or not g._laid[q]:
                raise InvariantError(f"combination {m!r} lies with a player who has not laid down")
        s = g._skips[q]
        if s is not None and not FIRST_SKIP <= s < END_SKIP:
            raise InvariantError(f"a non-skip card {CODES[s]} lies in front of a player")
    if any(not FIRST_SKIP <= c < END_SKIP for c in g._under):
        raise InvariantError("only skip cards may lie face up under the draw pile")
    if g._phase in ("draw", "skipped", "play"):
        for q in range(n):
            size = len(g._hands[q])
            # 10 cards between turns, one more after the turn's draw; a draw skipped because
            # there was nothing to draw (draw pile and every discard pile empty) is one less
            extra = 1 if (q == g._current and g._phase == "play") else 0
            want = HAND_SIZE - g._draws_skipped[q] + extra
            if not g._laid[q] and size != want:
                raise InvariantError(
                    f"{g._names[q]} has not laid down but holds {size} cards (should be {want})"
                )
            if size == 0:
                raise InvariantError(f"{g._names[q]} holds no card during a round")
            if g._kept[q]:
                raise InvariantError("kept cards outside the round break")
            if g._laid[q] != bool(g._melds[q]):
                raise InvariantError("laid-down flag and laid combinations disagree")
    if (g._phase == "over") != bool(g._winners):
        raise InvariantError("the game is over exactly when there is a winner")
    for q in range(n):
        top = len(g._seqs[q]) + (1 if q in g._winners else 0)
        if not 1 <= g._levels[q] <= top:
            raise InvariantError(f"level {g._levels[q]} of {g._names[q]} out of range")
    if g._phase == "draw" and not g._draw and not any(g._discards):
        raise InvariantError("a draw phase with nothing to draw (the draw must be skipped)")
    rebuildable = g._under or any(len(d) > 1 for d in g._discards)
    if g._phase in ("draw", "skipped", "play") and not g._draw and rebuildable:
        raise InvariantError("the draw pile is empty although it could be rebuilt")
    if g._phase not in PHASES:
        raise InvariantError(f"unknown phase {g._phase!r}")
