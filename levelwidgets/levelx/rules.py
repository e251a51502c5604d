"""Rule options of Level X (see ``shared/rules/level-x.md``).

The defaults are the printed rules; every alternative the spec names is an option here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from types import MappingProxyType
from typing import Any, ClassVar, Literal

from .._records import FrozenRecord, dataclass_fields
from ..words import plural
from .checks import is_int, refuse, show, whole_numbers
from .errors import RulesError, RulesTypeError

#: Sets a field of a frozen record in its ``__init__`` (as a frozen dataclass does).
_setattr = object.__setattr__
#: The default of a field made fresh for each record (a dataclass's ``default_factory``).
_FACTORY: Any = type("_FactoryDefault", (), {"__repr__": lambda self: "<factory>"})()


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


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class Rules(FrozenRecord):
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
    chips_for_players: Mapping[int, tuple[int, ...]]
    row_lengths: tuple[int, ...] = (4, 4, 3, 3, 2, 2)
    bonus_tiles: tuple[int, ...] = (15, 12, 9, 6)

    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(
        fields={"chips_for_players": field(default_factory=lambda: dict(DEFAULT_CHIPS))},
        frozen=True,
    )
    __match_args__ = ("oust", "lucky_loser", "chips_for_players", "row_lengths", "bonus_tiles")

    def __init__(
        self,
        oust: OustTarget = "owner",
        lucky_loser: bool = True,
        chips_for_players: Mapping[int, tuple[int, ...]] = _FACTORY,
        row_lengths: tuple[int, ...] = (4, 4, 3, 3, 2, 2),
        bonus_tiles: tuple[int, ...] = (15, 12, 9, 6),
    ) -> None:
        _setattr(self, "oust", oust)
        _setattr(self, "lucky_loser", lucky_loser)
        _setattr(
            self,
            "chips_for_players",
            dict(DEFAULT_CHIPS) if chips_for_players is _FACTORY else chips_for_players,
        )
        _setattr(self, "row_lengths", row_lengths)
        _setattr(self, "bonus_tiles", bonus_tiles)
        self.__post_init__()

    def __post_init__(self) -> None:
        if not isinstance(self.oust, str) or self.oust not in ("owner", "row_start"):
            error = RulesError if isinstance(self.oust, str) else RulesTypeError
            raise error.coded(
                "levelx.oust",
                'oust must be "owner" or "row_start", not {oust}.',
                oust=show(self.oust),
            )
        if not isinstance(self.lucky_loser, bool):
            raise RulesTypeError.coded(
                "levelx.lucky_loser_type",
                "lucky_loser must be True or False, not {given}.",
                given=show(self.lucky_loser),
            )
        object.__setattr__(self, "row_lengths", _row_lengths(self.row_lengths))
        # Read-only, so a shared Rules (such as DEFAULT_RULES) cannot be changed under a game.
        chips = MappingProxyType(_chips_for_players(self.chips_for_players))
        object.__setattr__(self, "chips_for_players", chips)
        object.__setattr__(self, "bonus_tiles", _bonus_tiles(self.bonus_tiles))

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
        if not is_int(players):
            raise refuse(RulesTypeError, "players", "a whole number of players", players)
        try:
            return self.chips_for_players[players]
        except KeyError:
            raise RulesError.coded(
                "levelx.no_chips_for",
                "These rules have no chip counts for {players} players.",
                players=show(players),
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
        """The rules :meth:`to_dict` wrote, in exactly that form: all five options, no other
        key, the player counts of ``chips_for_players`` written "2" to "4"."""
        if not isinstance(data, Mapping):
            raise _incomplete(f"they must be a table of the five options, not {show(data)}")
        keys = set(data)
        if keys != _OPTIONS:
            missing, unknown = _OPTIONS - keys, keys - _OPTIONS
            reason = (
                f"{', '.join(sorted(missing))} missing"
                if missing
                else f"unknown {plural(len(unknown), 'option', 'options')} "
                f"{show(sorted(map(str, unknown)))}"
            )
            raise _incomplete(reason)
        chips = data["chips_for_players"]
        if not isinstance(chips, Mapping) or len(chips) > len(_PLAYER_KEYS):
            raise _incomplete(f"chips_for_players must be a table, not {show(chips)}")
        if not set(chips) <= set(_PLAYER_KEYS):
            raise _incomplete(
                f"chips_for_players has player counts {show(sorted(map(str, chips)))}; "
                'they are written "2", "3" or "4"'
            )
        return cls(
            oust=data["oust"],
            lucky_loser=data["lucky_loser"],
            chips_for_players={_PLAYER_KEYS[k]: v for k, v in chips.items()},
            row_lengths=data["row_lengths"],
            bonus_tiles=data["bonus_tiles"],
        )


#: Limits of the options: far beyond any printed or house rule, small enough to draw.
MAX_ROW_LENGTH = 20
MAX_CHIPS = 99
MAX_TILES = 20
MAX_TILE_VALUE = 999

_OPTIONS = frozenset({"oust", "lucky_loser", "chips_for_players", "row_lengths", "bonus_tiles"})
_PLAYER_KEYS = {str(n): n for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}


def _incomplete(reason: str) -> RulesError:
    return RulesError.coded(
        "levelx.rules_incomplete",
        "The rule options in the record are incomplete: {reason}",
        reason=reason,
    )


def _six_counts(
    value: object, least: int, most: int
) -> tuple[tuple[int, ...] | None, type[RulesError]]:
    """Six whole numbers from ``least`` to ``most`` (rows 5..10), or None and the error to
    raise: :class:`RulesTypeError` when ``value`` is no list of whole numbers."""
    if not isinstance(value, (list, tuple)) or not all(is_int(n) for n in value):
        return None, RulesTypeError
    if len(value) != len(ROWS) or not all(least <= n <= most for n in value):
        return None, RulesError
    return tuple(value), RulesError


def _row_lengths(value: object) -> tuple[int, ...]:
    lengths, error = _six_counts(value, 1, MAX_ROW_LENGTH)
    if lengths is None:
        raise error.coded(
            "levelx.row_lengths",
            "row_lengths needs six whole numbers from 1 to {most} (rows 5 to 10), not {given}.",
            most=MAX_ROW_LENGTH,
            given=show(value),
        )
    return lengths


def _chips_for_players(value: object) -> dict[int, tuple[int, ...]]:
    allowed = f"a table {{players: six chip counts}} for {MIN_PLAYERS} to {MAX_PLAYERS} players"
    if not isinstance(value, Mapping):
        raise refuse(RulesTypeError, "chips_for_players", allowed, value)
    if len(value) > MAX_PLAYERS - MIN_PLAYERS + 1:
        raise refuse(RulesError, "chips_for_players", allowed, value)
    chips: dict[int, tuple[int, ...]] = {}
    for players, counts in value.items():
        if not is_int(players) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            error = RulesError if is_int(players) else RulesTypeError
            raise refuse(
                error,
                "A player count in chips_for_players",
                whole_numbers(MIN_PLAYERS, MAX_PLAYERS),
                players,
            )
        six, error = _six_counts(counts, 1, MAX_CHIPS)
        if six is None:
            raise error.coded(
                "levelx.chip_counts",
                "chips_for_players[{players}] needs six whole numbers from 1 to {most} "
                "(rows 5 to 10), not {given}.",
                players=players,
                most=MAX_CHIPS,
                given=show(counts),
            )
        chips[players] = six
    return chips


def _bonus_tiles(value: object) -> tuple[int, ...]:
    error: type[RulesError] = RulesTypeError
    if isinstance(value, (list, tuple)) and all(is_int(t) for t in value):
        if len(value) <= MAX_TILES and all(0 <= t <= MAX_TILE_VALUE for t in value):
            return tuple(value)
        error = RulesError
    raise error.coded(
        "levelx.bonus_tiles",
        "bonus_tiles must be a list of at most {count} whole numbers from 0 to {most}, "
        "not {given}.",
        count=MAX_TILES,
        most=MAX_TILE_VALUE,
        given=show(value),
    )


#: The printed rules, shared by every game that does not ask for options.
DEFAULT_RULES = Rules()
