"""Sentences for Level X events, one table per language ("en", "de").

Events carry data only (:class:`~levelwidgets.levelx.events.Event`); this module turns them
into the sentences of a log, a lesson or a widget's ticker, so the browser writes none.

A player called "You" or "Du" (in any language, see :func:`~levelwidgets.names.is_you`) is
spoken to: a sentence about them takes the key's ``_you`` variant ("You roll 6-5-3-4.",
"Du würfelst 6-5-3-4.") and the name is written in the language's own word for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..names import is_you, shown_name

LANGUAGES = ("en", "de")

#: One sentence per key and language. A key is the event's kind, or a variant of it
#: ("ousted_start", "game_over_many"); a key ending in "_you" is the variant for a subject
#: called "you" (for "ousted", the player whose piece is knocked off).
SENTENCES: dict[str, dict[str, str]] = {
    "en": {
        "rolled": "{p} rolls {dice}.",
        "rolled_you": "{p} roll {dice}.",
        "turned": "{p} turns a 1 into a {value} (Lucky Loser).",
        "turned_you": "{p} turn a 1 into a {value} (Lucky Loser).",
        "entered": "{p} enters row {row}.",
        "entered_you": "{p} enter row {row}.",
        "moved": "{p} moves up in row {row} to square {square}.",
        "moved_you": "{p} move up in row {row} to square {square}.",
        "reached_x": "{p} reaches X in row {row}.",
        "reached_x_you": "{p} reach X in row {row}.",
        "ousted_owner": "{other}'s piece on X{row} is knocked back to its owner.",
        "ousted_owner_you": "Your piece on X{row} is knocked back to you.",
        "ousted_start": "{other}'s piece on X{row} is knocked back to the row's start.",
        "ousted_start_you": "Your piece on X{row} is knocked back to the row's start.",
        "chip": "{p} takes a {value} chip.",
        "chip_you": "{p} take a {value} chip.",
        "no_effect": "Row {row} is closed: that step does nothing.",
        "row_closed": "Row {row} is empty and closes.",
        "bonus": "{p} completes a set and takes the {value} bonus tile.",
        "bonus_you": "{p} complete a set and take the {value} bonus tile.",
        "last_round": "The end is near: this round is the last.",
        "passed": "{p} passes.",
        "passed_you": "{p} pass.",
        "turn_passed": "{p}'s turn.",
        "turn_passed_you": "Your turn.",
        "game_over": "Game over. {winners} wins!",
        "game_over_many": "Game over. {winners} win!",
        "game_over_you": "Game over. {winners} win!",
        "and": " and ",
        "player": "Player {n}",
    },
    "de": {
        "rolled": "{p} würfelt {dice}.",
        "rolled_you": "{p} würfelst {dice}.",
        "turned": "{p} dreht eine 1 auf {value} (Glückspilz).",
        "turned_you": "{p} drehst eine 1 auf {value} (Glückspilz).",
        "entered": "{p} setzt in Reihe {row} ein.",
        "entered_you": "{p} setzt in Reihe {row} ein.",
        "moved": "{p} rückt in Reihe {row} auf Feld {square} vor.",
        "moved_you": "{p} rückst in Reihe {row} auf Feld {square} vor.",
        "reached_x": "{p} erreicht X in Reihe {row}.",
        "reached_x_you": "{p} erreichst X in Reihe {row}.",
        "ousted_owner": "Die Figur von {other} auf X{row} wird zurück zu ihrem Besitzer geworfen.",
        "ousted_owner_you": "Deine Figur auf X{row} wird zu dir zurückgeworfen.",
        "ousted_start": "Die Figur von {other} auf X{row} wird an den Anfang der Reihe geworfen.",
        "ousted_start_you": "Deine Figur auf X{row} wird an den Anfang der Reihe geworfen.",
        "chip": "{p} nimmt einen {value}er-Chip.",
        "chip_you": "{p} nimmst einen {value}er-Chip.",
        "no_effect": "Reihe {row} ist geschlossen: Dieser Schritt bewirkt nichts.",
        "row_closed": "Reihe {row} ist leer und wird geschlossen.",
        "bonus": "{p} hat einen Satz voll und nimmt das Bonusplättchen {value}.",
        "bonus_you": "{p} hast einen Satz voll und nimmst das Bonusplättchen {value}.",
        "last_round": "Das Ende naht: Dies ist die letzte Runde.",
        "passed": "{p} passt.",
        "passed_you": "{p} passt.",
        "turn_passed": "{p} ist dran.",
        "turn_passed_you": "Du bist dran.",
        "game_over": "Spielende. {winners} gewinnt!",
        "game_over_many": "Spielende. {winners} gewinnen!",
        "game_over_you": "Spielende. {winners} gewinnst!",
        "and": " und ",
        "player": "Spieler {n}",
    },
}


def describe_event(event: Any, names: Sequence[str] | None = None, language: str = "en") -> str:
    """The sentence for ``event`` in ``language`` ("en" or "de"; another falls back to
    English), naming seats by ``names`` ("Player 2" without them)."""
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
