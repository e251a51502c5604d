"""Sentences for Level X events, in every language of the catalogue (``levelwidgets/locales``:
``events.levelx``).

Events carry data only (:class:`~levelwidgets.levelx.events.Event`); this module turns them
into the sentences of a log, a lesson or a widget's ticker, so the browser writes none.

A player called "You" or "Du" (in any language, see :func:`~levelwidgets.names.is_you`) is
spoken to: a sentence about them takes the key's ``_you`` variant ("You roll 6-5-3-4.",
"Du würfelst 6-5-3-4.") and the name is written in the language's own word for it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import i18n
from ..names import is_you, shown_name

LANGUAGES = i18n.LANGUAGES

#: One sentence per key and language. A key is the event's kind, or a variant of it
#: ("ousted_start", "game_over_many"); a key ending in "_you" is the variant for a subject
#: called "you" (for "ousted", the player whose piece is knocked off).
SENTENCES: Mapping[str, dict[str, str]] = i18n.Sections("events.levelx")


def describe_event(event: Any, names: Sequence[str] | None = None, language: str = "en") -> str:
    """The sentence for ``event`` in ``language`` (one of
    :data:`levelwidgets.i18n.LANGUAGES`; another falls back to English), naming seats by
    ``names`` ("Player 2" without them)."""
    table = SENTENCES.get(language, SENTENCES["en"])

    def raw(i: int | None) -> str:
        if i is None:
            return "?"
        if names and 0 <= i < len(names):
            return names[i]
        return table["player"].format(n=i + 1)

    def who(i: int | None) -> str:
        return shown_name(raw(i), language)

    kind, value = event.kind, event.value
    key, subject = kind, event.player
    fields: dict[str, Any] = {"row": event.row, "square": event.square, "value": value}
    if kind == "rolled":
        fields["dice"] = "-".join(map(str, value))
    elif kind == "ousted":
        key = "ousted_owner" if event.square is None else "ousted_start"
        subject = event.other
    elif kind == "game_over":
        winners = list(value or ())
        fields["winners"] = table["and"].join(who(w) for w in winners)
        if len(winners) > 1:
            key = "game_over_many"
        elif winners:
            subject = winners[0]
    fields["p"] = who(event.player)
    fields["other"] = who(event.other)
    if key not in table:
        return kind
    if is_you(raw(subject)) and f"{key}_you" in table:
        key = f"{key}_you"
    return table[key].format(**fields)
