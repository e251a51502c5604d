"""Events: what one action did, in order, so a UI can animate it and a teacher explain it."""

from __future__ import annotations

from typing import Any, ClassVar

from .._records import FrozenRecord, dataclass_fields
from .text import describe_event

#: Sets a field of a frozen record in its ``__init__`` (as a frozen dataclass does).
_setattr = object.__setattr__


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


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class Event(FrozenRecord):
    """One thing that happened. ``player`` is who caused it (or whose turn it now is)."""

    kind: str
    player: int
    row: int | None
    square: int | None
    other: int | None
    value: Any

    __slots__ = __match_args__ = ("kind", "player", "row", "square", "other", "value")
    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(frozen=True, slots=True)

    def __init__(
        self,
        kind: str,
        player: int,
        row: int | None = None,
        square: int | None = None,
        other: int | None = None,
        value: Any = None,
    ) -> None:
        _setattr(self, "kind", kind)
        _setattr(self, "player", player)
        _setattr(self, "row", row)
        _setattr(self, "square", square)
        _setattr(self, "other", other)
        _setattr(self, "value", value)

    def to_dict(self) -> dict[str, Any]:
        """Compact JSON-ready form; fields that do not apply are left out."""
        out: dict[str, Any] = {"kind": self.kind, "player": self.player}
        for name in ("row", "square", "other", "value"):
            v = getattr(self, name)
            if v is not None:
                out[name] = list(v) if isinstance(v, tuple) else v
        return out

    def describe(
        self, names: list[str] | tuple[str, ...] | None = None, language: str = "en"
    ) -> str:
        """A sentence for a log or a lesson, e.g. ``"Ann takes a 7 chip."`` (``language``:
        one of :data:`levelwidgets.i18n.LANGUAGES`; the tables live in
        :mod:`levelwidgets.levelx.text`)."""
        return describe_event(self, names, language)
