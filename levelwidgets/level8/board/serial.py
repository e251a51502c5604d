"""Board game records: the JSON form of a :class:`~levelwidgets.level8.board.Level8Board`.

The same shape as a card game record (config, history with every chance outcome, state,
RNG state) under its own format marker. Loading never trusts the stored state: the history is
replayed from the config with every shuffle and every random dice roll checked against the
seed's generator, and the result must equal the stored state and RNG state, so a record
cannot lie. A roll set by hand is kept in its action (``dice``) and does not use the
generator.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..actions import HistoryEntry
from ..errors import ConfigError, CorruptStateError, Level8Error
from ..levels import LevelSequence
from ..serial import rng_from_json, rng_to_json

if TYPE_CHECKING:
    from .game import Level8Board

FORMAT = "levelwidgets.level8board"
FORMAT_VERSION = 1
MAX_RECORD_BYTES = 20_000_000
_TOP_KEYS = {"format", "version", "config", "history", "state", "rng"}
_CONFIG_KEYS = {
    "players",
    "seed",
    "sides",
    "layout",
    "towers",
    "dealer",
    "start_levels",
    "deck",
    "lay_down_cap",
}


def board_to_dict(game: Level8Board) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "config": game._config,
        "history": [e.to_dict() for e in game._history],
        "state": game.state_dict(),
        "rng": rng_to_json(game._rng.getstate()),
    }


def board_to_json(game: Level8Board, indent: int | None = None) -> str:
    return json.dumps(board_to_dict(game), indent=indent)


def check_board_config(cls: type[Level8Board], cfg: object) -> Level8Board:
    """A record's config must be one the constructor accepts, in the form it writes; returns
    the game it starts (after the first deal)."""
    if not isinstance(cfg, dict) or set(cfg) != _CONFIG_KEYS:
        raise CorruptStateError("malformed board game config")
    try:
        if not isinstance(cfg["sides"], list):
            raise ConfigError("malformed sides")
        seqs = [LevelSequence.from_dict(s) for s in cfg["sides"]]
        made = cls(
            cfg["players"],
            cfg["seed"],
            seqs,
            layout=cfg["layout"],
            towers=cfg["towers"],
            dealer=cfg["dealer"],
            start_levels=cfg["start_levels"],
            deck=cfg["deck"],
            lay_down_cap=cfg["lay_down_cap"],
        )
    except (Level8Error, TypeError, KeyError, ValueError) as e:
        raise CorruptStateError(f"invalid config: {e}") from None
    if made._config != cfg:
        raise CorruptStateError("the config is not written in its normal form")
    return made


def board_from_json(cls: type[Level8Board], text: str | bytes) -> Level8Board:
    """Restore a board game; the history is replayed and checked against the stored state."""
    if isinstance(text, (str, bytes)) and len(text) > MAX_RECORD_BYTES:
        raise CorruptStateError(
            f"the record is larger than {MAX_RECORD_BYTES // 1_000_000} MB; it is not a game"
        )
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as e:
        raise CorruptStateError(f"not valid JSON: {e}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CorruptStateError("not a Level 8 board game (missing format marker)")
    if data.get("version") != FORMAT_VERSION:
        raise CorruptStateError(f"unsupported format version {data.get('version')!r}")
    if set(data) != _TOP_KEYS:
        raise CorruptStateError("unexpected or missing top-level fields")
    cfg = data["config"]
    check_board_config(cls, cfg)
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
    return game
