"""Events: what one action did, in order, so a UI can animate it and a teacher explain it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

#: Every event kind, in the order they can occur within a turn.
EVENT_KINDS = (
    "rolled",  # value: the four dice
    "turned",  # a 1 turned by Lucky Loser; value: its new face
    "entered",  # a piece came onto square 1 of row
    "moved",  # a piece moved one square; square: where it is now
    "reached_x",  # a piece arrived on the X square of row
    "ousted",  # other: whose piece was knocked off X; square: where it went (None = owner)
    "chip",  # a chip of row taken; value: its points
    "no_effect",  # a step in a closed row
    "row_closed",  # last chip of row taken; value: players whose pieces left the game
    "bonus",  # a bonus tile taken; value: its points
    "last_round",  # the end condition was met: this round is the last
    "turn_passed",  # player: whose turn it is now
    "game_over",  # value: the winners
)


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. ``player`` is who caused it (or whose turn it now is)."""

    kind: str
    player: int
    row: int | None = None
    square: int | None = None
    other: int | None = None
    value: Any = None

    def to_dict(self) -> dict[str, Any]:
        """Compact JSON-ready form; fields that do not apply are left out."""
        out: dict[str, Any] = {"kind": self.kind, "player": self.player}
        for name in ("row", "square", "other", "value"):
            v = getattr(self, name)
            if v is not None:
                out[name] = list(v) if isinstance(v, tuple) else v
        return out

    def describe(self, names: list[str] | tuple[str, ...] | None = None) -> str:
        """A sentence for a log or a lesson, e.g. ``"Ann takes a 7 chip."``."""

        def who(i: int | None) -> str:
            if i is None:
                return "?"
            return names[i] if names and 0 <= i < len(names) else f"Player {i + 1}"

        p, k = who(self.player), self.kind
        if k == "rolled":
            return f"{p} rolls {'-'.join(map(str, self.value))}."
        if k == "turned":
            return f"{p} turns a 1 into a {self.value} (Lucky Loser)."
        if k == "entered":
            return f"{p} enters row {self.row}."
        if k == "moved":
            return f"{p} moves up in row {self.row} to square {self.square}."
        if k == "reached_x":
            return f"{p} reaches X in row {self.row}."
        if k == "ousted":
            where = "back to its owner" if self.square is None else "back to the row's start"
            return f"{who(self.other)}'s piece on X{self.row} is knocked {where}."
        if k == "chip":
            return f"{p} takes a {self.value} chip."
        if k == "no_effect":
            return f"Row {self.row} is closed: that step does nothing."
        if k == "row_closed":
            return f"Row {self.row} is empty and closes."
        if k == "bonus":
            return f"{p} completes a set and takes the {self.value} bonus tile."
        if k == "last_round":
            return "The end is near: this round is the last."
        if k == "turn_passed":
            return f"{p}'s turn."
        if k == "game_over":
            winners = " and ".join(who(w) for w in self.value)
            return f"Game over. {winners} {'win' if len(self.value) > 1 else 'wins'}!"
        return k
