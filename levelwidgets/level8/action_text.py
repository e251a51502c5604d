"""The text notation of card-game and board-game actions, for machines and tests.

``"draw pile"``, ``"discard 7R"``, ``"add J1>1.0=5"``, ``"lay set 7R 7Y J1=7 | run 3B 4B
5B"``, ``"ask right R"``: card codes as :mod:`.cards` writes them, seats as numbers, one
first word per action kind (the table is in ``docs/protocol.md``). The seat is not written:
reading fills in the seat that acts now. :meth:`Action.describe` is the sentence for people.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .actions import ACTION_KINDS, Action
from .cards import CODES, COLOUR_LETTERS, COLOUR_NAMES, MAX_NUMBER, N_COLOURS, parse_card
from .checks import show
from .combos import Combo, make_combo
from .errors import ActionTextError, ActionTextTypeError, Level8Error

#: Ask directions ("left": the next seat in turn order).
DIRECTIONS = ("left", "right")

#: The first word of each kind's text (the others are the kind's own name).
VERBS = {"lay_down": "lay", "add_on": "add"}
_KINDS_BY_VERB = {VERBS.get(k, k): k for k in ACTION_KINDS if k not in ("deal", "setup")}
#: The longest action text read (a lay-down of five combinations is some 120 characters).
MAX_TEXT = 600
_ADD = re.compile(r"^(\w+)>(\d{1,2})\.(\d{1,2})(?:=(\d{1,2}))?$")
_ARROW = re.compile(r"^(\w+)([<>])(\d{1,2})$")


def _cards_text(cards: Iterable[int]) -> str:
    return " ".join(CODES[c] for c in cards) or "-"


def _combo_text(combo: Combo) -> str:
    meanings = dict(combo.jokers)
    cards = [f"{CODES[c]}={meanings[c]}" if c in meanings else CODES[c] for c in combo.cards]
    return f"{combo.kind} {' '.join(cards)}"


def action_to_string(action: object) -> str:
    """``action`` in the notation of ``docs/protocol.md`` (without its seat)."""
    if not isinstance(action, Action):
        raise ActionTextTypeError(f"{show(action)} is not an Action")
    try:
        return _write(action)
    except (TypeError, IndexError, KeyError, AttributeError):
        raise ActionTextError(
            f"{show(action)} cannot be written: a field its kind needs is missing or out of range"
        ) from None


def _write(a: Action) -> str:
    k = a.kind
    for listed in (a.cards, a.combos):
        if type(listed) is not tuple or len(listed) > 20:
            raise TypeError("cards and combinations are short tuples")
    if k in ("draw", "take"):
        return f"{k} {'pile' if a.source is None else int(a.source)}"
    if k in ("discard", "give"):
        return f"{k} {CODES[a.card]}"  # type: ignore[index]
    if k in ("keep", "swap", "show", "discard_two"):
        return f"{k} {_cards_text(a.cards)}"
    if k == "add_on":
        meaning = "" if a.meaning is None else f"={int(a.meaning)}"
        return f"add {CODES[a.card]}>{int(a.target)}.{int(a.index)}{meaning}"  # type: ignore[arg-type,index]
    if k == "skip":
        card = "" if a.card is None else f"{CODES[a.card]}>"
        return f"skip {card}{int(a.target)}"  # type: ignore[arg-type]
    if k == "steal":
        return f"steal {CODES[a.card]}<{int(a.target)}"  # type: ignore[arg-type,index]
    if k in ("skip_turn", "next_round"):
        return k
    if k == "lay_down":
        return "lay " + " | ".join(_combo_text(c) for c in a.combos)
    if k == "roll":
        return "roll" if a.dice is None else f"roll {int(a.dice[0])} {int(a.dice[1])}"
    if k == "move":
        return f"move {int(a.field)}"  # type: ignore[arg-type]
    if k == "choose":
        return f"choose {a.choice}"
    if k == "ask":
        what = a.number if a.number is not None else COLOUR_LETTERS[a.colour]  # type: ignore[index]
        return f"ask {a.direction} {what}"
    raise ActionTextError(f"a {show(k)} action has no notation: it is no step a player takes")


def action_from_string(text: object, player: int, num_players: int, kinds: Sequence[str]) -> Action:
    """The action ``text`` writes (see :func:`action_to_string`), played by ``player``."""
    if not isinstance(text, str):
        raise ActionTextTypeError(f"an action text is a string like 'discard 7R', not {show(text)}")
    if len(text) > MAX_TEXT:
        raise ActionTextError(f"an action text has at most {MAX_TEXT} characters, not {len(text)}")
    words = text.split()
    if not words:
        raise ActionTextError("an empty text names no action (write e.g. 'discard 7R')")
    verb, args = words[0].lower(), words[1:]
    kind = _KINDS_BY_VERB.get(verb)
    if kind is None or kind not in kinds:
        verbs = ", ".join(VERBS.get(k, k) for k in kinds)
        raise ActionTextError(f"{show(words[0])} is no action here; the actions are {verbs}")
    reader = _Reader(text, kind, player, num_players)
    return reader.read(args)


class _Reader:
    """Reads the words after an action text's first word."""

    def __init__(self, text: str, kind: str, player: int, num_players: int) -> None:
        self.text, self.kind, self.player, self.n = text, kind, player, num_players

    def fail(self, why: str) -> ActionTextError:
        return ActionTextError(f"cannot read {show(self.text)}: {why}")

    def count(self, args: list[str], least: int, most: int, form: str) -> None:
        if not least <= len(args) <= most:
            raise self.fail(f"write it as {form!r}")

    def card(self, code: str) -> int:
        try:
            return parse_card(code)
        except Level8Error as e:
            raise self.fail(str(e)) from None

    def number(self, word: str, what: str, most: int) -> int:
        if not (word.isascii() and word.isdigit() and len(word) <= 3) or int(word) > most:
            raise self.fail(f"{what} must be a whole number 0–{most}, not {show(word)}")
        return int(word)

    def seat(self, word: str) -> int:
        return self.number(word, "a seat", self.n - 1)

    def read(self, args: list[str]) -> Action:
        k, p = self.kind, self.player
        if k in ("draw", "take"):
            self.count(args, 1, 1, f"{k} pile' or '{k} 2")
            src = None if args[0].lower() == "pile" else self.seat(args[0])
            return Action(k, p, source=src)
        if k in ("discard", "give"):
            self.count(args, 1, 1, f"{k} 7R")
            return Action(k, p, card=self.card(args[0]))
        if k in ("keep", "swap", "show", "discard_two"):
            self.count(args, 1, 20, f"{k} 7R 9G")
            cards = () if args == ["-"] else tuple(self.card(c) for c in args)
            return Action(k, p, cards=cards)
        if k in ("skip_turn", "next_round"):
            self.count(args, 0, 0, k)
            return Action(k, p)
        if k == "add_on":
            self.count(args, 1, 1, "add 7R>1.0=7")
            m = _ADD.match(args[0])
            if m is None:
                raise self.fail("an add-on is card>seat.combination=meaning, like 'add 7R>1.0=7'")
            meaning = None if m[4] is None else self.number(m[4], "a meaning", MAX_NUMBER)
            card, seat, index = self.card(m[1]), self.seat(m[2]), int(m[3])
            return Action(k, p, card=card, target=seat, index=index, meaning=meaning)
        if k in ("skip", "steal"):
            form = "skip S1>2" if k == "skip" else "steal 7R<2"
            self.count(args, 1, 1, form)
            m = _ARROW.match(args[0])
            if m is None and k == "skip" and args[0].isdigit():
                return Action(k, p, target=self.seat(args[0]))
            if m is None or m[2] != form[-2]:
                raise self.fail(f"write it as {form!r}")
            return Action(k, p, card=self.card(m[1]), target=self.seat(m[3]))
        if k == "lay_down":
            return Action(k, p, combos=self.combos())
        if k == "roll":
            if not args:
                return Action(k, p)
            self.count(args, 2, 2, "roll' or 'roll 3 5")
            a, b = (self.number(w, "a die", 6) for w in args)
            if not (a and b):
                raise self.fail("a die shows 1–6")
            return Action(k, p, dice=(a, b))
        if k == "move":
            self.count(args, 1, 1, "move 7")
            return Action(k, p, field=self.number(args[0], "a field", 99))
        if k == "choose":
            from .board.layout import ACTIONS

            self.count(args, 1, 1, "choose draw2")
            if args[0] not in ACTIONS:
                raise self.fail(f"{show(args[0])} is no field action ({', '.join(ACTIONS)})")
            return Action(k, p, choice=args[0])
        # ask
        self.count(args, 2, 2, "ask left 7' or 'ask right R")
        if args[0] not in DIRECTIONS:
            raise self.fail(f"ask 'left' or 'right', not {show(args[0])}")
        word = args[1]
        if word.isdigit():
            number = self.number(word, "a number", MAX_NUMBER)
            return Action(k, p, number=number, direction=args[0])
        colour = _colour_index(word)
        if colour is None:
            raise self.fail(f"ask for a number 1–15 or a colour ({COLOUR_LETTERS}), not {word!r}")
        return Action(k, p, colour=colour, direction=args[0])

    def combos(self) -> tuple[Combo, ...]:
        body = self.text.split(None, 1)[1] if len(self.text.split(None, 1)) > 1 else ""
        parts = [part.split() for part in body.split("|")]
        if not all(parts) or len(parts) > 10:
            raise self.fail("a lay-down is combinations split by '|', like 'lay set 7R 7Y 7G'")
        out = []
        for words in parts:
            kind, codes = words[0].lower(), words[1:]
            cards = []
            meanings: dict[object, int] = {}
            for code in codes:
                name, _, meaning = code.partition("=")
                card = self.card(name)
                cards.append(card)
                if meaning:
                    meanings[card] = self.number(meaning, "a joker's meaning", MAX_NUMBER)
            try:
                out.append(make_combo(kind, cards, meanings))
            except Level8Error as e:
                raise self.fail(f"{' '.join(words)}: {e}") from None
        return tuple(out)


def _colour_index(word: str) -> int | None:
    w = word.lower()
    for i in range(N_COLOURS):
        if w in (COLOUR_LETTERS[i].lower(), COLOUR_NAMES[i]):
            return i
    return None
