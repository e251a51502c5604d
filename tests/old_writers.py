"""The engines' old writers (before issue 28's one file format), kept for the tests only.

levelwidgets no longer writes these formats but still reads them; the tests that edit an old
record field by field (a die, a ``drawn`` flag, a history entry, the RNG state) build their
records with these copies of the old ``game_to_dict`` functions, so the old readers keep
their coverage. ``tests/fixtures/old_formats/`` holds files the released code wrote.
"""

from __future__ import annotations

import json
from typing import Any

from levelwidgets._json import canonical, digest
from levelwidgets.level8.serial import rng_to_json
from levelwidgets.levelx.position import start_to_dict
from levelwidgets.levelx.serial import position_of


def levelx_old_dict(game: Any) -> dict[str, Any]:
    """What ``LevelX.to_dict()`` wrote (format ``levelwidgets/levelx``, version 2)."""
    pending = None if game.dice is None else {"dice": list(game.dice), "drawn": game._drawn}
    start = {} if game._start is None else {"start": start_to_dict(game._start)}
    turns = []
    check = "levelwidgets/levelx"
    for p, dice, drawn, move, _events in game._log:
        d = "".join(map(str, dice))
        check = digest(f"{check}|{p}|{d}|{'d' if drawn else 'h'}|{move.notation}")
        turns.append(
            {"player": p, "dice": list(dice), "drawn": drawn, "move": move.notation, "check": check}
        )
    data = {
        "format": "levelwidgets/levelx",
        "version": 2,
        "players": list(game.names),
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        **start,
        "turns": turns,
        "pending": pending,
        "position": position_of(game),
    }
    rest = {k: v for k, v in data.items() if k not in ("turns", "check")}
    data["check"] = digest(check + "|" + canonical(rest))
    return data


def levelx_old_json(game: Any, indent: int | None = None) -> str:
    return json.dumps(levelx_old_dict(game), indent=indent, ensure_ascii=False)


def level8_old_dict(game: Any) -> dict[str, Any]:
    """What ``Level8.to_dict()`` / ``Level8Board.to_dict()`` wrote (version 1)."""
    data: dict[str, Any] = {
        "format": game._record_format,
        "version": 1,
        "config": game._config,
        "history": [e.to_dict() for e in game._history],
        "state": game.state_dict(),
        "rng": rng_to_json(game._rng.getstate()),
    }
    data["check"] = digest(canonical({k: v for k, v in data.items() if k != "check"}))
    return data


def level8_old_json(game: Any, indent: int | None = None) -> str:
    return json.dumps(level8_old_dict(game), indent=indent)
