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

        value = self.value
        fields = {"p": who(self.player), "row": self.row, "square": self.square, "value": value}
        if self.kind == "rolled":
            fields["value"] = "-".join(map(str, value))
        elif self.kind == "ousted":
            fields["other"] = who(self.other)
            fields["where"] = "its owner" if self.square is None else "the row's start"
        elif self.kind == "game_over":
            fields["winners"] = " and ".join(who(w) for w in value)
            fields["verb"] = "win" if len(value) > 1 else "wins"
        template = _SENTENCES.get(self.kind)
        return template.format(**fields) if template else self.kind


#: English sentences per event kind (the widget has its own translated tables).
_SENTENCES = {
    "rolled": "{p} rolls {value}.",
    "turned": "{p} turns a 1 into a {value} (Lucky Loser).",
    "entered": "{p} enters row {row}.",
    "moved": "{p} moves up in row {row} to square {square}.",
    "reached_x": "{p} reaches X in row {row}.",
    "ousted": "{other}'s piece on X{row} is knocked back to {where}.",
    "chip": "{p} takes a {value} chip.",
    "no_effect": "Row {row} is closed: that step does nothing.",
    "row_closed": "Row {row} is empty and closes.",
    "bonus": "{p} completes a set and takes the {value} bonus tile.",
    "last_round": "The end is near: this round is the last.",
    "turn_passed": "{p}'s turn.",
    "game_over": "Game over. {winners} {verb}!",
}
