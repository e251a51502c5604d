"""The log lines of every game widget: one path from engine events to sentences.

Each engine writes its own sentences (``Event.describe(names, language=...)``, English and
German) and decides what a viewer may see of an event (``game.events_for(events, viewer)``);
this module is the one place a widget turns the events it keeps into the ``log`` of its view,
so the browser only shows text and a hidden card never reaches it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def log_lines(
    game: Any, events: Sequence[Any], viewer: int | str | None, language: str
) -> list[list[Any]]:
    """One ``[text, kind, player]`` line per event, filtered for ``viewer`` and written in
    ``language`` by the game's own describer (names as the engine holds them: a seat called
    "You" or "Du" is spoken to in that language)."""
    names = list(game.names)
    return [
        [e.describe(names, language=language), e.kind, e.player]
        for e in game.events_for(events, viewer)
    ]
