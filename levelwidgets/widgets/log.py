"""The log lines of every game widget: one path from engine events to sentences.

Each engine writes its own sentences (``Event.describe(names, language=...)``, English and
German) and decides what a viewer may see of an event (``game.events_for(events, viewer)``);
this module is the one place a widget turns the events it keeps into the ``log`` of its view,
so the browser only shows text and a hidden card never reaches it.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

#: Sentences written lately: ``id(event) -> (event, names, language, sentence)``. A widget
#: writes its whole log (the last few events) at every view, and a sentence depends on nothing
#: but the event as the viewer gets it (``events_for`` decided that before), the names and
#: the language: an event object met again, with the same names and language, has it already.
#: The event is held with its sentence, so its id is not reused while the entry lives.
_SENTENCES: dict[int, tuple[Any, tuple[str, ...], str, str]] = {}
#: Entries kept (a few views of every widget in a kernel); past it the oldest half goes.
SENTENCES_KEPT = 2048
_LOCK = threading.Lock()  # a cell's thread and a subshell's may write at once


def log_lines(
    game: Any, events: Sequence[Any], viewer: int | str | None, language: str
) -> list[list[Any]]:
    """One ``[text, kind, player]`` line per event, filtered for ``viewer`` and written in
    ``language`` by the game's own describer (names as the engine holds them: a seat called
    "You" or "Du" is spoken to in that language)."""
    names = tuple(game.names)
    return [
        [_sentence(e, names, language), e.kind, e.player] for e in game.events_for(events, viewer)
    ]


def _sentence(event: Any, names: tuple[str, ...], language: str) -> str:
    """``event.describe(names, language)``, written once per event object, names and language."""
    kept = _SENTENCES.get(id(event))
    if kept is not None and kept[0] is event and kept[1] == names and kept[2] == language:
        return kept[3]
    text = event.describe(list(names), language=language)
    with _LOCK:
        if len(_SENTENCES) >= SENTENCES_KEPT:
            for key in list(_SENTENCES)[: SENTENCES_KEPT // 2]:  # the oldest half (in order)
                del _SENTENCES[key]
        _SENTENCES[id(event)] = (event, names, language, text)
    return text
