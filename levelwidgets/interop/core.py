"""The shared core of the game-AI adapters: games by name, observation tensors and strings,
action masks (numpy only; no pyspiel, pettingzoo or gymnasium).

Every tensor and string is computed from ``game.observation(seat)`` alone, the seat-view
gate of the protocol, so no adapter can leak a card the seat may not see. One shortcut, for
speed: Level X hides nothing (its observation is the whole position, the same for every
viewer), so for ``LevelX`` itself the tensor reads those same fields in place and a mask is
kept by the engine's legal-move table (:func:`seat_tensor_function`,
:func:`legal_table_function`; the same bytes and ids, checked by the tests). Seats are listed
*observer first* (the observing seat, then the next seats in turn order), so one policy
serves every seat. The layouts are in :mod:`.encode_levelx`, :mod:`.encode_level8` and
``docs/interop.md``.
"""

from __future__ import annotations

import importlib
import numbers
import types
from typing import Any

import numpy as np

from .. import extras
from ..extras import MissingExtraError as MissingExtraError  # re-exported
from ..protocol import Game

#: The short names :func:`make_game` knows (also the OpenSpiel short names' suffixes).
GAME_NAMES: tuple[str, ...] = ("levelx", "level8", "level8_board")

#: Allowed player counts per game (inclusive).
PLAYER_RANGE: dict[str, tuple[int, int]] = {
    "levelx": (2, 4),
    "level8": (2, 6),
    "level8_board": (2, 6),
}

#: Each game's rule options (keyword -> default): Level X's ``Rules``
#: switches; Level 8's level sequence (``sides``: "one", "two" or a custom sequence), the level
#: every seat starts at (``start_level``, 1 = the first; a short game for training starts late)
#: and how many lay-downs get an action id (``lay_down_cap``).
_OPTIONS: dict[str, dict[str, object]] = {
    "levelx": {"oust": "owner", "lucky_loser": True},
    "level8": {"sides": "one", "start_level": 1, "lay_down_cap": 20},
    "level8_board": {"sides": "one", "start_level": 1, "lay_down_cap": 20},
}

_TITLES = {"levelx": "Level X", "level8": "Level 8", "level8_board": "The Level 8 board game"}


def require(module: str) -> types.ModuleType:
    """Import the optional library ``module`` or raise :class:`MissingExtraError` that says
    how to install it (the engines and widgets never need it)."""
    return extras.require(module, "ai", "the game-AI adapters")


def _check_name(name: object) -> str:
    if not isinstance(name, str) or name not in GAME_NAMES:
        raise ValueError(f"there is no game {name!r}; the games are {', '.join(GAME_NAMES)}")
    return name


def game_parameters(name: str) -> dict[str, object]:
    """The parameters of game ``name`` with their defaults: ``players``, ``seed`` (None: a
    random seed) and the game's rule options (what OpenSpiel calls game parameters)."""
    name = _check_name(name)
    return {"players": 2, "seed": None, **_OPTIONS[name]}


def make_game(name: str, *, players: int = 2, seed: int | None = None, **options: Any) -> Game:
    """A new game ``name`` for ``players`` seats, seeded by ``seed``, with rule ``options``
    (see :func:`game_parameters`). Refused: an unknown game, player count or option."""
    name = _check_name(name)
    low, high = PLAYER_RANGE[name]
    count = _whole(players)
    if count is None:
        raise TypeError(f"players must be a whole number from {low} to {high}, not {players!r}")
    players = count
    if not low <= players <= high:
        raise ValueError(f"{_TITLES[name]} is for {low} to {high} players, not {players!r}")
    unknown = sorted(set(options) - set(_OPTIONS[name]))
    if unknown:
        known = ", ".join(_OPTIONS[name])
        raise ValueError(
            f"{_TITLES[name]} has no option {', '.join(unknown)}; its options are {known}"
        )
    if name == "levelx":
        from ..levelx import LevelX
        from ..levelx.rules import Rules

        rules = Rules(**{**_OPTIONS[name], **options})  # type: ignore[arg-type]
        return LevelX(players, seed=seed, rules=rules)
    chosen = {**_OPTIONS[name], **options}
    given = chosen.pop("start_level")
    start = _whole(given)
    if start is None:
        raise TypeError(f"start_level must be a whole number (1 = the first level), not {given!r}")
    chosen["start_levels"] = [start] * players
    if name == "level8":
        from ..level8 import Level8

        return Level8(players, seed=seed, **chosen)  # type: ignore[arg-type,return-value]
    from ..level8.board import Level8Board

    return Level8Board(players, seed=seed, **chosen)  # type: ignore[arg-type,return-value]


#: The encoder module per game class, imported on first use (``import levelwidgets.interop``
#: stays light).
_ENCODERS: dict[type, types.ModuleType] = {}


def _encoder(game: Game) -> types.ModuleType:
    known = _ENCODERS.get(type(game))
    if known is not None:
        return known
    from ..level8.game import CardTable
    from ..levelx import LevelX

    if isinstance(game, LevelX):
        encoder = importlib.import_module(".encode_levelx", __package__)
    elif isinstance(game, CardTable):
        encoder = importlib.import_module(".encode_level8", __package__)
    else:
        raise TypeError(
            f"game must be a LevelX, Level8 or Level8Board game, not {type(game).__name__}"
        )
    _ENCODERS[type(game)] = encoder
    return encoder


def _whole(value: object) -> int | None:
    """``value`` as an int when it is a whole number (numpy integers too; not a bool)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        return None
    return int(value)


def _seat(game: Game, seat: object) -> int:
    number = _whole(seat)
    allowed = f"seat must be a whole number from 0 to {game.num_players - 1}, not {seat!r}"
    if number is None:
        raise TypeError(allowed)
    if not 0 <= number < game.num_players:
        raise ValueError(allowed)
    return number


def observation_shape(game: Game) -> tuple[int, ...]:
    """The shape of every observation tensor of ``game``; fixed by ``game.config`` alone."""
    return (_encoder(game).size(game),)


def observation_tensor(game: Game, seat: int) -> np.ndarray:
    """What ``seat`` sees as a float32 vector of :func:`observation_shape` (from
    ``game.observation(seat)`` only, or for Level X the same fields read in place: see
    :func:`seat_tensor_function`)."""
    if type(seat) is not int or not 0 <= seat < game.num_players:  # the common case is quick
        seat = _seat(game, seat)
    return seat_tensor_function(game)(game, seat)


#: The ``(game, seat) -> tensor`` function per game class (see :func:`seat_tensor_function`).
_SEAT_TENSORS: dict[type, Any] = {}


def seat_tensor_function(game: Game) -> Any:
    """A ``f(game, seat)`` giving :func:`observation_tensor` for ``game``'s class, for a
    caller that checked the seat (an environment calls it at every step).

    For a game of class ``LevelX`` itself (``observation`` not overridden) it is
    :func:`.encode_levelx.seat_tensor`: Level X hides nothing and its observation is the
    same for every viewer, so the fields it copies are read in place (the same bytes, without
    the copies). Every other game is encoded from ``game.observation(seat)``
    (:func:`.encode_level8.seat_tensor` for the card games)."""
    kind = type(game)
    known = _SEAT_TENSORS.get(kind)
    if known is not None:
        return known
    encoder = _encoder(game)
    from ..levelx import LevelX

    if kind.observation is LevelX.observation or not issubclass(kind, LevelX):
        function = encoder.seat_tensor  # the card games' reads game.observation(seat)
    else:
        tensor = encoder.tensor

        def function(game: Game, seat: int) -> np.ndarray:
            return tensor(game, game.observation(seat), seat)

    _SEAT_TENSORS[kind] = function
    return function


def config_tensor_function(game: Game) -> Any:
    """:func:`seat_tensor_function` for the games of ``game``'s class *and config* only (an
    environment's games, all made with the same options): for ``LevelX`` itself the
    encoder with the config's blocks bound (:func:`.encode_levelx.config_encoder`), found
    once per config rather than at every call; for every other game the class's function."""
    function = seat_tensor_function(game)
    encoder = _encoder(game)
    bound = getattr(encoder, "config_encoder", None)
    if bound is not None and function is encoder.seat_tensor:
        return bound(game)
    return function


def legal_table_function(game: Game) -> Any:
    """A ``f(game)`` giving an object that fixes the legal ids of the seat to move (for
    :meth:`MaskCache.of_table`), or None when ``game``'s class has none: Level X's
    legal-move table (:func:`.encode_levelx.legal_table`), for ``LevelX`` itself."""
    from ..levelx import LevelX

    kind = type(game)
    if kind.legal_action_ids is LevelX.legal_action_ids and kind.legal_moves is LevelX.legal_moves:
        return _encoder(game).legal_table
    return None


def observation_string(game: Game, seat: int) -> str:
    """What ``seat`` sees as compact text (from ``game.observation(seat)`` only)."""
    seat = _seat(game, seat)
    return _encoder(game).text(game.observation(seat), seat)


def action_mask(game: Game) -> np.ndarray:
    """1 at every legal action id of the seat to move, 0 elsewhere (all 0 once over); int8
    of length ``game.num_distinct_actions``."""
    if game.is_over:
        return np.zeros(game.num_distinct_actions, dtype=np.int8)
    return mask_of(game.legal_action_ids(), game.num_distinct_actions)


#: Up to this many ids a mask is set one byte at a time (cheaper than numpy's indexing).
_FEW_IDS = 32
_INT8 = np.dtype(np.int8)


def mask_of(ids: list[int], size: int) -> np.ndarray:
    """An int8 vector of ``size`` with 1 at each of ``ids`` (valid ids, as the engine lists
    them), 0 elsewhere; writeable."""
    if len(ids) <= _FEW_IDS:
        marks = bytearray(size)
        for i in ids:
            marks[i] = 1
        return np.frombuffer(marks, dtype=_INT8)
    mask = np.zeros(size, dtype=np.int8)
    mask.put(ids, 1)
    return mask


#: Bytes of masks kept per environment (a card game's mask is 11–22 kB, Level X's 336 B; 64
#: at least): about 1 MB, so a vector of many environments stays small.
_MASK_BYTES = 1_000_000


class MaskCache:
    """Read-only masks by their legal ids: positions repeat their legal sets (a draw, the
    same dice), so most steps find theirs. A mask is made as ``bytes``, which numpy views
    read-only at no cost (clearing ``flags.writeable`` cost as much as making it), so one
    mask can be handed out many times: nobody can change it."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.limit = max(64, _MASK_BYTES // max(size, 1))
        self._kept: dict[tuple[int, ...], np.ndarray] = {}
        #: masks by the identity of an object that fixes the legal ids (see :meth:`of_table`)
        self._tables: dict[int, tuple[Any, np.ndarray]] = {}

    def of_table(self, table: Any, game: Game) -> np.ndarray:
        """The mask of ``game.legal_action_ids()`` when ``table`` (an object the engine
        keeps unchanged, from :func:`legal_table_function`) fixes those ids: kept by the
        table's identity (holding the table), so a position met again lists no ids. No
        table (None): the ids are listed."""
        if table is None:
            return self(game.legal_action_ids())
        got = self._tables.get(id(table))
        if got is not None and got[0] is table:
            return got[1]
        mask = self(game.legal_action_ids())
        if len(self._tables) >= self.limit:
            self._tables.clear()
        self._tables[id(table)] = (table, mask)
        return mask

    def __call__(self, ids: list[int]) -> np.ndarray:
        key = tuple(ids)
        mask = self._kept.get(key)
        if mask is None:
            marks = bytearray(self.size)
            for i in ids:
                marks[i] = 1
            mask = np.frombuffer(bytes(marks), dtype=_INT8)
            if len(self._kept) >= self.limit:
                self._kept.clear()
            self._kept[key] = mask
        return mask
