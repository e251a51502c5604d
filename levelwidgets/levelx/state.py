"""The mutable position of a Level X game and the one function that resolves steps.

Kept separate from :class:`~levelwidgets.levelx.game.LevelX` (which validates, records and
notifies) so that the rule logic sits in one small place and can run on cheap copies, e.g. when a
bot previews a move. Rows are indexed 0..5 internally (row number = ``ROWS[i]``).
"""

from __future__ import annotations

from operator import mul
from typing import Any

from .events import Event
from .rules import ROWS, Rules

OFF = 0  # a piece's square when it is off the board


class State:
    """Everything that changes during a game, as small lists of ints (fast to copy)."""

    __slots__ = (
        "chips",
        "closed_mask",
        "current",
        "end_triggered",
        "held",
        "over",
        "players",
        "pos",
        "sets",
        "tiles",
        "tiles_taken",
        "turn",
        "x_owner",
    )

    def __init__(self, players: int, rules: Rules) -> None:
        self.players = players
        self.pos = [[OFF] * 6 for _ in range(players)]  # square per player per row
        self.x_owner = [-1] * 6  # player on each X square, -1 for none
        self.chips = list(rules.chips(players))  # chips left per row
        self.held = [[0] * 6 for _ in range(players)]  # chips held per player per row
        self.sets = [0] * players  # complete sets already counted per player
        self.tiles: list[list[int]] = [[] for _ in range(players)]  # bonus tiles held per player
        self.tiles_taken = 0  # tiles taken from the stack so far
        self.closed_mask = 0  # bit i set when row i is closed
        self.current = 0  # seat whose turn it is
        self.turn = 0  # turns completed
        self.end_triggered = False
        self.over = False

    def copy(self) -> State:
        new = State.__new__(State)
        new.players = self.players
        new.pos = [p[:] for p in self.pos]
        new.x_owner = self.x_owner[:]
        new.chips = self.chips[:]
        new.held = [h[:] for h in self.held]
        new.sets = self.sets[:]
        new.tiles = [t[:] for t in self.tiles]
        new.tiles_taken = self.tiles_taken
        new.closed_mask = self.closed_mask
        new.current = self.current
        new.turn = self.turn
        new.end_triggered = self.end_triggered
        new.over = self.over
        return new

    def to_dict(self) -> dict[str, Any]:
        """A plain snapshot (used for equality, records and tests)."""
        return {
            "pos": [p[:] for p in self.pos],
            "x_owner": self.x_owner[:],
            "chips": self.chips[:],
            "held": [h[:] for h in self.held],
            "sets": self.sets[:],
            "tiles": [t[:] for t in self.tiles],
            "tiles_taken": self.tiles_taken,
            "closed_mask": self.closed_mask,
            "current": self.current,
            "turn": self.turn,
            "end_triggered": self.end_triggered,
            "over": self.over,
        }


def resolve_steps(
    state: State,
    rules: Rules,
    player: int,
    steps: tuple[int, ...],
    events: list[Event] | None,
) -> None:
    """Apply one player's steps (row numbers) to ``state``, appending events if asked.

    This is the whole movement rule of the spec (Turn, steps 4 and 5). It is the engine's hot
    path, hence the local names.
    """
    lengths = rules.row_lengths
    pos_p = state.pos[player]
    held_p = state.held[player]
    chips = state.chips
    x_owner = state.x_owner
    for row in steps:
        i = row - 5
        if chips[i] == 0:
            if events is not None:
                events.append(Event("no_effect", player, row))
            continue
        square = pos_p[i]
        last = lengths[i]
        if square != last:
            square += 1
            pos_p[i] = square
            if events is not None:
                events.append(Event("entered" if square == 1 else "moved", player, row, square))
            if square != last:
                continue
            if events is not None:
                events.append(Event("reached_x", player, row, square))
            other = x_owner[i]
            if other >= 0:
                # Knocked back to square 1 of the row (online rule) or to its owner.
                back = 1 if rules.oust == "row_start" and last > 1 else OFF
                state.pos[other][i] = back
                if events is not None:
                    events.append(Event("ousted", player, row, back or None, other))
            x_owner[i] = player
        # The piece is on X (it arrived now or was there): take a chip.
        chips[i] -= 1
        held_p[i] += 1
        if events is not None:
            events.append(Event("chip", player, row, value=row))
        if chips[i] == 0:
            _close_row(state, i, player, events)
            _check_end(state, rules, player, events)
        # A new complete set is only possible if this row was at the current set count.
        if held_p[i] == state.sets[player] + 1:
            _take_bonus_tiles(state, rules, player, min(held_p), events)


def _take_bonus_tiles(
    state: State, rules: Rules, player: int, complete: int, events: list[Event] | None
) -> None:
    """One tile from the top of the stack for each newly completed set, while tiles last."""
    stack = rules.bonus_tiles
    while state.sets[player] < complete:
        state.sets[player] += 1
        if state.tiles_taken < len(stack):
            tile = stack[state.tiles_taken]
            state.tiles_taken += 1
            state.tiles[player].append(tile)
            if events is not None:
                events.append(Event("bonus", player, value=tile))
            _check_end(state, rules, player, events)


def _close_row(state: State, i: int, player: int, events: list[Event] | None) -> None:
    state.closed_mask |= 1 << i
    state.x_owner[i] = -1
    left = []
    for q, pos_q in enumerate(state.pos):
        if pos_q[i] != OFF:
            pos_q[i] = OFF
            left.append(q)
    if events is not None:
        events.append(Event("row_closed", player, ROWS[i], value=tuple(left)))


def end_condition_met(state: State, rules: Rules) -> bool:
    """Three chip stacks empty, or every bonus tile taken."""
    return state.closed_mask.bit_count() >= 3 or state.tiles_taken >= len(rules.bonus_tiles)


def _check_end(state: State, rules: Rules, player: int, events: list[Event] | None) -> None:
    """Mark the round as the last once the end condition holds (it only changes here)."""
    if not state.end_triggered and end_condition_met(state, rules):
        state.end_triggered = True
        if events is not None:
            events.append(Event("last_round", player))


def pass_turn(state: State, rules: Rules, player: int, events: list[Event] | None) -> None:
    """End ``player``'s turn and hand the dice on, or end the game after the last round."""
    state.turn += 1
    nxt = player + 1
    if nxt == state.players:
        nxt = 0
        if state.end_triggered:
            state.over = True
            if events is not None:
                events.append(Event("game_over", player, value=tuple(winners(state, rules))))
            return
    state.current = nxt
    if events is not None:
        events.append(Event("turn_passed", nxt))


def score(state: State, player: int) -> int:
    # map(mul) runs the six products in C (a generator cost several times more: observation
    # asks for every seat's score at each decision of a training loop)
    return sum(map(mul, ROWS, state.held[player])) + sum(state.tiles[player])


def winners(state: State, rules: Rules) -> list[int]:
    return top_seats([score(state, p) for p in range(len(state.pos))])


def top_seats(scores: list[int]) -> list[int]:
    """The seats with the top score: the winners of a finished game (ties share the win)."""
    top = max(scores)
    return [p for p, s in enumerate(scores) if s == top]
