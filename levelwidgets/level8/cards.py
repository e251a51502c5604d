"""The cards of Level 8 with stable integer ids and short printable codes.

Ids are the engine's currency (cheap to hash, copy and serialise): 0–89 are number cards
(``id = colour * 15 + number - 1``), 90–96 the seven jokers, 97–100 the four skip cards: the
101 cards of the card game (:data:`ALL_IDS`, and :data:`CARDS`, the printed material). Ids are
append-only, so records stay valid: the board game's eighth joker ``J8`` is id 101; the
board game's own material (90 number cards and 8 jokers, no skip cards) is
:data:`levelwidgets.level8.board.BOARD_CARDS` (ids :data:`BOARD_IDS`). Every id of either game
parses and has a code here, since both games share the parser. Codes such as ``"7R"``,
``"J3"`` or ``"S1"`` are for people and tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import islice
from typing import Any, ClassVar

from .._records import FrozenRecord, dataclass_fields
from .checks import refuse as _refuse
from .checks import show
from .errors import CardError, CardLimitError, CardTypeError

#: Sets a field of a frozen record in its ``__init__`` (as a frozen dataclass does).
_setattr = object.__setattr__


N_CARDS = 101  # in the card game
N_COLOURS = 6
MAX_NUMBER = 15
FIRST_JOKER = 90
FIRST_SKIP = 97
END_SKIP = 101  # one past the last skip card
JOKER8 = 101  # the board game's eighth joker
N_IDS = 102  # every id either game uses
JOKER_IDS = tuple(range(FIRST_JOKER, FIRST_SKIP))
SKIP_IDS = tuple(range(FIRST_SKIP, END_SKIP))
ALL_IDS = tuple(range(N_CARDS))
NUMBER_IDS = tuple(range(FIRST_JOKER))
BOARD_JOKER_IDS = (*JOKER_IDS, JOKER8)
BOARD_IDS = (*NUMBER_IDS, *BOARD_JOKER_IDS)

#: One letter per colour for card codes (the engine itself only knows colours 0–5).
COLOUR_LETTERS = "RYGBPO"
COLOUR_NAMES = ("red", "yellow", "green", "blue", "purple", "orange")
#: Every colour also has its own shape, so the game is playable without colour vision.
COLOUR_SHAPES = ("circle", "triangle", "square", "diamond", "star", "hexagon")


def is_number(cid: int) -> bool:
    return cid < FIRST_JOKER


def is_joker(cid: int) -> bool:
    return FIRST_JOKER <= cid < FIRST_SKIP or cid == JOKER8


def is_skip(cid: int) -> bool:
    return FIRST_SKIP <= cid < END_SKIP


def number_of(cid: int) -> int:
    """Printed number (1–15) of a number card."""
    return cid % 15 + 1


def colour_of(cid: int) -> int:
    """Colour (0–5) of a number card."""
    return cid // 15


def number_card(number: int, colour: int) -> int:
    """Id of the number card with this number and colour."""
    if not (1 <= number <= MAX_NUMBER and 0 <= colour < N_COLOURS):
        raise CardError(f"there is no number card {number} in colour {colour}")
    return colour * 15 + number - 1


def code_of(cid: int) -> str:
    if cid < FIRST_JOKER:
        return f"{cid % 15 + 1}{COLOUR_LETTERS[cid // 15]}"
    if cid < FIRST_SKIP:
        return f"J{cid - FIRST_JOKER + 1}"
    if cid == JOKER8:
        return "J8"
    return f"S{cid - FIRST_SKIP + 1}"


#: Codes by id, for every id of either game (``CODES[101] == "J8"``).
CODES = tuple(code_of(i) for i in range(N_IDS))
_BY_CODE = {c: i for i, c in enumerate(CODES)}


#: The longest card code (``"15O"``); longer text is refused before it is read.
_MAX_CODE = 8
#: What a card may be, for messages.
CARD_FORMS = "a card id 0–101, a Card or a code like '7R', 'J1' or 'S1'"


def parse_card(value: object, what: str = "card") -> int:
    """Card id from an id, a :class:`Card` or a code like ``"7R"``; raises :class:`CardError`
    (:class:`CardTypeError` for a value that is no id, Card or text: ``14.0``, ``True``)."""
    if type(value) is int and 0 <= value < N_IDS:  # the usual case: an id
        return value
    if isinstance(value, Card):
        return value.id
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise _refuse(CardTypeError, what, CARD_FORMS, value)
    if isinstance(value, int):
        raise _refuse(CardError, what, CARD_FORMS, value)
    cid = _BY_CODE.get(value.strip().upper()) if len(value) <= _MAX_CODE else None
    if cid is None:
        raise CardError.coded(
            "level8.card_code",
            "{card} is not a card code (use e.g. '7R' = 7 of colour R, 'J1' = joker, "
            "'S1' = skip card; colours are {colours:, })",
            card=show(value),
            colours=list(COLOUR_LETTERS),
        )
    return cid


#: The most cards a list of cards may name (every id of both games once, a little more).
MAX_LIST = 2 * N_IDS


def parse_cards(values: object, what: str = "cards") -> list[int]:
    """Card ids from a list (or other iterable) of cards, or a text of codes (``"7R 8R"``).

    At most :data:`MAX_LIST` items are read: a longer list, a 50 MB text or an endless
    generator is refused before any work (:class:`CardLimitError`)."""
    allowed = "a list of cards (ids or codes like '7R') or a text of codes like '7R 8R'"
    if isinstance(values, str):
        if len(values) > MAX_LIST * (_MAX_CODE + 2):
            raise _refuse(CardLimitError, what, allowed, values)
        values = values.replace(",", " ").split()
    if isinstance(values, (list, tuple)):
        if len(values) > MAX_LIST:
            raise _refuse(CardLimitError, what, allowed, values)
        items = values
    elif isinstance(values, (bytes, bytearray, Mapping)) or not isinstance(values, Iterable):
        raise _refuse(CardTypeError, what, allowed, values)
    else:
        try:
            items = tuple(islice(iter(values), MAX_LIST + 1))
        except Exception:  # an iterable that fails while read
            raise _refuse(CardTypeError, what, allowed, values) from None
        if len(items) > MAX_LIST:
            raise _refuse(CardLimitError, what, allowed, values)
    return [parse_card(v, "card") for v in items]


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class Card(FrozenRecord):
    """One card of either game; a thin, readable wrapper around its id."""

    id: int

    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(frozen=True, order=True)
    __match_args__ = ("id",)

    def __init__(self, id: int) -> None:
        _setattr(self, "id", id)
        self.__post_init__()

    def __post_init__(self) -> None:
        if type(self.id) is not int:
            raise _refuse(CardTypeError, "id", "a card id 0–101", self.id)
        if not 0 <= self.id < N_IDS:
            raise _refuse(CardError, "id", "a card id 0–101", self.id)

    @classmethod
    def from_code(cls, code: str) -> Card:
        """The card of either game with this code (``"J8"`` is the board game's)."""
        return cls(parse_card(code))

    @property
    def kind(self) -> str:
        """``"number"``, ``"joker"`` or ``"skip"``."""
        return "number" if self.id < FIRST_JOKER else "joker" if is_joker(self.id) else "skip"

    @property
    def number(self) -> int | None:
        return number_of(self.id) if self.id < FIRST_JOKER else None

    @property
    def colour(self) -> int | None:
        return colour_of(self.id) if self.id < FIRST_JOKER else None

    @property
    def code(self) -> str:
        return CODES[self.id]

    @property
    def is_joker(self) -> bool:
        return is_joker(self.id)

    @property
    def is_skip(self) -> bool:
        return is_skip(self.id)

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "code": self.code,
            "kind": self.kind,
            "number": self.number,
            "colour": self.colour,
        }

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


#: The card game's 101 cards, as the printed material lists them, indexed by id (the board
#: game's material, with its eighth joker ``J8``, is ``levelwidgets.level8.board.BOARD_CARDS``).
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(N_CARDS))
