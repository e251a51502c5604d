"""Level X, the dice game: a pure-Python engine (no widget code).

>>> from levelwidgets.levelx import LevelX
>>> game = LevelX(players=["Ann", "Ben", "Cy"], seed=42)
>>> _ = game.roll((1, 1, 1, 5))
>>> [m.notation for m in game.legal_moves()][:2]
['1+4 5 5', '1+4 5 6']
>>> _ = game.play("1+6 5+5")   # Lucky Loser: two 1s turned into 5 and 6
>>> game.history[-1].move.turned
(5, 6)
"""

from typing import TYPE_CHECKING

from .bots import GreedyBot, RandomBot, play_game
from .errors import (
    ActionIdError,
    AlreadyRolledError,
    BotError,
    DiceTypeError,
    FacesNotInRollError,
    GameOverError,
    GroupSumError,
    InvalidDiceError,
    InvariantError,
    LevelXError,
    LevelXLimitError,
    LevelXTypeError,
    LuckyLoserError,
    NotationError,
    NotationTooLongError,
    NotationTypeError,
    NothingToUndoError,
    NotRolledError,
    NotYourTurnError,
    ProbabilityError,
    ProbabilityLimitError,
    ProbabilityTypeError,
    RecordError,
    RecordTooLargeError,
    RecordTypeError,
    RulesError,
    RulesTypeError,
)
from .events import Event
from .game import LevelX, Turn
from .moves import Grouping, Move, format_groups, parse_groups
from .position import PositionError, PositionTypeError
from .rules import ROWS, Rules
from .steps import Roll

if TYPE_CHECKING:
    from .steps import CHANCE_OUTCOMES

__all__ = [
    "CHANCE_OUTCOMES",
    "ROWS",
    "ActionIdError",
    "Advice",
    "AlreadyRolledError",
    "BotError",
    "DiceTypeError",
    "Event",
    "ExpectimaxBot",
    "FacesNotInRollError",
    "GameOverError",
    "GreedyBot",
    "GroupSumError",
    "Grouping",
    "InvalidDiceError",
    "InvariantError",
    "LevelX",
    "LevelXError",
    "LevelXLimitError",
    "LevelXTypeError",
    "LuckyLoserError",
    "Move",
    "NotRolledError",
    "NotYourTurnError",
    "NotationError",
    "NotationTooLongError",
    "NotationTypeError",
    "NothingToUndoError",
    "PositionError",
    "PositionTypeError",
    "ProbabilityError",
    "ProbabilityLimitError",
    "ProbabilityTypeError",
    "RandomBot",
    "RecordError",
    "RecordTooLargeError",
    "RecordTypeError",
    "Roll",
    "Rules",
    "RulesError",
    "RulesTypeError",
    "Turn",
    "advise",
    "format_groups",
    "parse_groups",
    "play_game",
]


def __getattr__(name: str) -> object:
    """``advise``/``Advice`` and ``ExpectimaxBot`` (built on the advisor) load on first use:
    the advisor pulls in exact fractions, which a plain ``import levelwidgets.levelx`` (every
    widget, every probability lesson) does not need."""
    if name == "CHANCE_OUTCOMES":  # (exact fractions, made when first asked for)
        from .steps import chance_outcomes

        return chance_outcomes()
    if name in ("advise", "Advice"):
        from . import advisor

        return getattr(advisor, name)
    if name == "ExpectimaxBot":
        from .expectimax import ExpectimaxBot

        return ExpectimaxBot
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})  # (the lazy names too)
