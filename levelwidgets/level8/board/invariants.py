"""The board game's invariants, checked after every step in the seeded test runs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import CODES
from ..invariants import InvariantError
from .material import BOARD_IDS

if TYPE_CHECKING:
    from .game import Level8Board

_ALL = frozenset(BOARD_IDS)


def check_board_invariants(g: Level8Board) -> None:
    """Raise :class:`InvariantError` if a rule of the board game's state is broken: every
    one of the 90 number cards and 8 jokers exactly once (hands, piles, laid combinations,
    the middle, kept cards), valid laid combinations, towers on the circuit (two only on the
    start field), the current step fits the phase."""
    n = g._n
    zones: list[int] = []
    for q in range(n):
        zones += g._hands[q]
        zones += g._discards[q]
        zones += g._kept[q]
        for m in g._melds[q]:
            zones += m.cards
    zones += g._draw
    zones += g._middle
    if len(zones) != len(_ALL) or set(zones) != _ALL:
        seen: set[int] = set()
        twice = sorted({CODES[c] for c in zones if c in seen or seen.add(c)})  # type: ignore[func-returns-value]
        missing = sorted(CODES[c] for c in _ALL - set(zones))
        raise InvariantError(
            f"{len(zones)} cards instead of 98; twice: {twice}; missing: {missing}"
        )
    if any(c < 90 for c in g._middle):
        raise InvariantError("a number card lies in the joker pile")
    if g._under or any(s is not None for s in g._skips):
        raise InvariantError("the board game has no skip cards")
    for q in range(n):
        for m in g._melds[q]:
            if not m.is_valid():
                raise InvariantError(f"invalid laid combination {m!r}")
            if m.owner != q or not g._laid[q]:
                raise InvariantError(f"combination {m!r} lies with a player who has not laid down")
    size = len(g._layout.fields)
    if len(g._towers) != n or not all(0 <= t < size for t in g._towers):
        raise InvariantError(f"a tower is off the circuit: {g._towers}")
    taken = [t for t in g._towers if t != 0]
    if len(set(taken)) != len(taken):
        raise InvariantError(f"two towers share a field: {g._towers}")
    phase = g._phase
    if phase == "move" and (g._dice is None or not g._reach):
        raise InvariantError("the move phase needs dice and reachable fields")
    if phase == "take" and g._pending.get("takes", 0) < 1:
        raise InvariantError("the take phase needs a take left")
    if phase in ("give", "show") and g._current == g._turn:
        raise InvariantError(f"in the {phase} phase another player acts")
    turn_phases = ("roll", "move", "take", "swap", "ask", "steal", "choose", "play")
    if phase in turn_phases and g._current != g._turn:
        raise InvariantError(f"in the {phase} phase the turn's player acts")
    if phase == "play" and not g._hands[g._turn]:
        raise InvariantError("the play phase needs a card to discard")
    if g._extra < 0:
        raise InvariantError("negative extra turns")
