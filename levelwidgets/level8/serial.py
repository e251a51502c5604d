"""Level 8 records: the JSON form of a game and of its random-number generator.

A record holds the config (for a game set up by hand, with its starting ``position``), the
full history (every action with the shuffle orders it caused), the resulting state and the
RNG state. :func:`game_from_json` never trusts the stored state: it replays the history from
the config and checks that the result, and the RNG, match what the record claims, so a
record cannot lie.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .actions import HistoryEntry
from .errors import ConfigError, CorruptStateError, Level8Error
from .levels import LevelSequence
from .setup import parse_players

if TYPE_CHECKING:
    from .game import Level8

FORMAT = "levelwidgets.level8"
FORMAT_VERSION = 1
#: Larger JSON is refused before parsing (a long game's record is well under 1 MB).
MAX_RECORD_BYTES = 20_000_000
_TOP_KEYS = {"format", "version", "config", "history", "state", "rng"}
_CONFIG_KEYS = {"players", "seed", "sides", "dealer", "start_levels", "deck", "lay_down_cap"}
_POSITION_KEYS = {
    "round",
    "current",
    "phase",
    "hands",
    "melds",
    "discards",
    "skips",
    "under",
    "draw",
}


def rng_to_json(state: tuple) -> list:
    """A ``random.Random`` state as JSON-friendly lists."""
    version, internal, gauss = state
    return [version, list(internal), gauss]


def rng_from_json(data: object) -> tuple:
    """Inverse of :func:`rng_to_json`; raises :class:`CorruptStateError` on bad data."""
    try:
        version, internal, gauss = data  # type: ignore[misc]
        if version != 3 or not isinstance(internal, list) or len(internal) != 625:
            raise ValueError
        if not all(type(x) is int and 0 <= x < 2**32 for x in internal):
            raise ValueError
        if gauss is not None and not isinstance(gauss, float):
            raise ValueError
        state = (version, tuple(internal), gauss)
        random.Random().setstate(state)
        return state
    except (TypeError, ValueError):
        raise CorruptStateError("malformed random-number state") from None


def game_to_dict(game: Level8) -> dict[str, Any]:
    """Config, full history (with shuffles), state and RNG state as plain data."""
    return {
        "format": game._record_format,
        "version": FORMAT_VERSION,
        "config": game._config,
        "history": [e.to_dict() for e in game._history],
        "state": game.state_dict(),
        "rng": rng_to_json(game._rng.getstate()),
    }


def game_to_json(game: Level8, indent: int | None = None) -> str:
    return json.dumps(game_to_dict(game), indent=indent)


def check_config(cls: type[Level8], cfg: object) -> Level8:
    """A record's config must be one that the constructor (or, for a set-up position,
    :meth:`Level8.from_position`) itself accepts, in the form it writes; returns the game it
    starts (after the first deal, or at the set-up position)."""
    if not isinstance(cfg, dict) or set(cfg) - {"position"} != _CONFIG_KEYS:
        raise CorruptStateError("malformed config")
    try:
        names = parse_players(cfg["players"])
        if not isinstance(cfg["sides"], list) or not isinstance(cfg["start_levels"], list):
            raise ConfigError("malformed sides or start levels")
        seqs = [LevelSequence.from_dict(s) for s in cfg["sides"]]
        if len(seqs) != len(names):
            raise ConfigError("one level sequence per player is needed")
        if "position" not in cfg:
            return cls(
                names,
                cfg["seed"],
                seqs,
                dealer=cfg["dealer"],
                start_levels=cfg["start_levels"],
                deck=cfg["deck"],
                lay_down_cap=cfg["lay_down_cap"],
            )
        pos = cfg["position"]
        if not isinstance(pos, dict) or set(pos) != _POSITION_KEYS or cfg["deck"] is not None:
            raise ConfigError("malformed set-up position")
        made = cls.from_position(
            names,
            hands=pos["hands"],
            melds=pos["melds"],
            discards=pos["discards"],
            draw_pile=pos["draw"],
            levels=cfg["start_levels"],
            current=pos["current"],
            phase=pos["phase"],
            dealer=cfg["dealer"],
            round=pos["round"],
            skips=pos["skips"],
            under=pos["under"],
            sides=seqs,
            seed=cfg["seed"],
            lay_down_cap=cfg["lay_down_cap"],
        )
        if made._config != cfg:
            raise ConfigError("the set-up position is not written in its normal form")
        return made
    except (Level8Error, TypeError, KeyError) as e:
        raise CorruptStateError(f"invalid config: {e}") from None


def game_from_json(
    cls: type[Level8],
    text: str | bytes,
    *,
    marker: str = FORMAT,
    check: Callable[[Any, object], object] = check_config,
    what: str = "a Level 8 game",
) -> Level8:
    """Restore a game; the history is replayed and checked against the stored state.

    The board game passes its own format ``marker``, config ``check`` and name (``what``).
    """
    if isinstance(text, (str, bytes)) and len(text) > MAX_RECORD_BYTES:
        raise CorruptStateError(
            f"the record is larger than {MAX_RECORD_BYTES // 1_000_000} MB; it is not a game"
        )
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as e:
        raise CorruptStateError(f"not valid JSON: {e}") from None
    if not isinstance(data, dict) or data.get("format") != marker:
        raise CorruptStateError(f"not {what} (missing format marker)")
    if data.get("version") != FORMAT_VERSION:
        raise CorruptStateError(f"unsupported format version {data.get('version')!r}")
    if set(data) != _TOP_KEYS:
        raise CorruptStateError("unexpected or missing top-level fields")
    cfg = data["config"]
    check(cls, cfg)
    hist = data["history"]
    if not isinstance(hist, list):
        raise CorruptStateError("history must be a list")
    entries = [HistoryEntry.from_dict(e) for e in hist]
    game = cls._from_config(cfg, entries, verify_rng=True)
    if game.state_dict() != data["state"]:
        raise CorruptStateError("the stored state does not match its history")
    rng = rng_from_json(data["rng"])
    if rng != game._rng.getstate():
        raise CorruptStateError("the stored random-number state does not match the history")
    game._rng.setstate(rng)
    return game
