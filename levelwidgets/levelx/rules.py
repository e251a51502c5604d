"""Rule options of Level X (see ``shared/rules/level-x.md``).

The defaults are the printed rules; every alternative the spec names is an option here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from .errors import RulesError

#: The six rows, named by the sum that steps in them.
ROWS: tuple[int, ...] = (5, 6, 7, 8, 9, 10)
MIN_SUM, MAX_SUM = ROWS[0], ROWS[-1]
MIN_PLAYERS, MAX_PLAYERS = 2, 4

_FEW_PLAYERS_CHIPS = (11, 10, 9, 8, 7, 6)
DEFAULT_CHIPS: Mapping[int, tuple[int, ...]] = {
    2: _FEW_PLAYERS_CHIPS,
    3: _FEW_PLAYERS_CHIPS,
    4: (12, 11, 10, 9, 8, 7),
}

OustTarget = Literal["owner", "row_start"]


@dataclass(frozen=True)
class Rules:
    """Rule options; the defaults are the printed rules.

    ``oust``: where a piece knocked off an X square goes: back to its ``"owner"`` (off the
    board) or to the ``"row_start"`` (square 1 of that row, as the online version plays).
    ``lucky_loser``: whether all 1s but one may be turned to any face.
    ``chips_for_players``: chips per row (rows 5..10) for each player count.
    ``row_lengths``: squares per row 5..10, the X square included.
    ``bonus_tiles``: the bonus stack, top first.
    """

    oust: OustTarget = "owner"
    lucky_loser: bool = True
    chips_for_players: Mapping[int, tuple[int, ...]] = field(
        default_factory=lambda: dict(DEFAULT_CHIPS)
    )
    row_lengths: tuple[int, ...] = (4, 4, 3, 3, 2, 2)
    bonus_tiles: tuple[int, ...] = (15, 12, 9, 6)

    def __post_init__(self) -> None:
        if self.oust not in ("owner", "row_start"):
            raise RulesError.coded(
                "levelx.oust", 'oust must be "owner" or "row_start", not {oust!r}.', oust=self.oust
            )
        if not isinstance(self.lucky_loser, bool):
            raise RulesError.coded("levelx.lucky_loser_type", "lucky_loser must be True or False.")
        lengths = tuple(self.row_lengths)
        if len(lengths) != len(ROWS) or not all(_is_count(n, 1) for n in lengths):
            raise RulesError.coded(
                "levelx.row_lengths", "row_lengths needs six whole numbers ≥ 1 (rows 5 to 10)."
            )
        object.__setattr__(self, "row_lengths", lengths)
        chips: dict[int, tuple[int, ...]] = {}
        for players, counts in dict(self.chips_for_players).items():
            counts = tuple(counts)
            if len(counts) != len(ROWS) or not all(_is_count(c, 1) for c in counts):
                raise RulesError.coded(
                    "levelx.chip_counts",
                    "chips_for_players[{players}] needs six whole numbers ≥ 1 (rows 5 to 10).",
                    players=players,
                )
            chips[int(players)] = counts
        # Read-only, so a shared Rules (such as DEFAULT_RULES) cannot be changed under a game.
        object.__setattr__(self, "chips_for_players", MappingProxyType(chips))
        tiles = tuple(self.bonus_tiles)
        if not all(_is_count(t, 0) for t in tiles):
            raise RulesError.coded("levelx.bonus_tiles", "bonus_tiles must be whole numbers ≥ 0.")
        object.__setattr__(self, "bonus_tiles", tiles)

    def __hash__(self) -> int:
        return hash(self._key())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and self._key() == other._key()

    def _key(self) -> tuple:
        return (
            self.oust,
            self.lucky_loser,
            tuple(sorted(self.chips_for_players.items())),
            self.row_lengths,
            self.bonus_tiles,
        )

    def chips(self, players: int) -> tuple[int, ...]:
        """Chips per row (5..10) at the start of a game with ``players`` players."""
        try:
            return self.chips_for_players[players]
        except KeyError:
            raise RulesError.coded(
                "levelx.no_chips_for",
                "These rules have no chip counts for {players} players.",
                players=players,
            ) from None

    def to_dict(self) -> dict[str, Any]:
        return {
            "oust": self.oust,
            "lucky_loser": self.lucky_loser,
            "chips_for_players": {str(k): list(v) for k, v in self.chips_for_players.items()},
            "row_lengths": list(self.row_lengths),
            "bonus_tiles": list(self.bonus_tiles),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        try:
            return cls(
                oust=data["oust"],
                lucky_loser=data["lucky_loser"],
                chips_for_players={int(k): tuple(v) for k, v in data["chips_for_players"].items()},
                row_lengths=tuple(data["row_lengths"]),
                bonus_tiles=tuple(data["bonus_tiles"]),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise RulesError.coded(
                "levelx.rules_incomplete",
                "The rule options in the record are incomplete: {reason}",
                reason=str(exc),
            ) from None


def _is_count(value: object, minimum: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= minimum


#: The printed rules, shared by every game that does not ask for options.
DEFAULT_RULES = Rules()
