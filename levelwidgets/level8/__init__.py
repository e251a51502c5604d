"""Level 8 (card game, Ravensburger): a pure-Python rules engine, solver and bots.

The engine is the single source of truth for the rules (spec:
``shared/rules/level8-cards.md``). The two-star level list is a *reconstruction* —
see :data:`TWO_STAR`.
"""

# ruff: noqa: E402  (the solver's compiled-or-source choice comes before every import)

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_exports
from .native import choose as _choose_solver

_choose_solver()  # the compiled solver when it was built and matches the sources (native.py)

from .actions import EVENT_KINDS, Action, Event, HistoryEntry
from .cards import CARDS, COLOUR_LETTERS, COLOUR_NAMES, COLOUR_SHAPES, Card, parse_card
from .combos import Combo, make_combo
from .errors import (
    ActionIdError,
    ActionTextError,
    AddOnError,
    BoardError,
    CardError,
    CardNotInHandError,
    ChoiceError,
    ConfigError,
    CorruptStateError,
    EmptyPileError,
    GameOverError,
    IllegalActionError,
    InvalidCombinationError,
    KeepError,
    LayDownError,
    Level8Error,
    Level8LimitError,
    Level8TypeError,
    LevelMismatchError,
    LevelSpecError,
    MoveError,
    NotYourTurnError,
    SkipError,
    UndoError,
    WrongPhaseError,
)
from .game import CardTable, InvariantError, Level8, stack_deck
from .levels import (
    Level,
    LevelSequence,
    Requirement,
    parse_level,
    parse_levels,
)
from .observation import Observation
from .text import LANGUAGES, card_name, combo_text
from .visibility import events_for, visible_event

if TYPE_CHECKING:
    from .bots import HeuristicBot, RandomBot, play_game
    from .levels import ONE_STAR, PHASE10, TWO_STAR
    from .search import SearchBot
    from .solver import LayDown, Missing, Need, can_lay, cards_missing, lay_down_ways, solve

#: Loaded when first named: a table in a notebook need not load the bots, the solver (until
#: the first lay-down is listed) or the built-in level lists (parsed when first used).
_LAZY = {
    "HeuristicBot": ".bots",
    "RandomBot": ".bots",
    "play_game": ".bots",
    "SearchBot": ".search",
    "LayDown": ".solver",
    "Missing": ".solver",
    "Need": ".solver",
    "can_lay": ".solver",
    "cards_missing": ".solver",
    "lay_down_ways": ".solver",
    "solve": ".solver",
    "ONE_STAR": ".levels",
    "PHASE10": ".levels",
    "TWO_STAR": ".levels",
}


__getattr__, __dir__ = lazy_exports(__name__, _LAZY, submodules=("bots", "search", "solver"))


__all__ = [
    "CARDS",
    "COLOUR_LETTERS",
    "COLOUR_NAMES",
    "COLOUR_SHAPES",
    "EVENT_KINDS",
    "LANGUAGES",
    "ONE_STAR",
    "PHASE10",
    "TWO_STAR",
    "Action",
    "ActionIdError",
    "ActionTextError",
    "AddOnError",
    "BoardError",
    "Card",
    "CardError",
    "CardNotInHandError",
    "CardTable",
    "ChoiceError",
    "Combo",
    "ConfigError",
    "CorruptStateError",
    "EmptyPileError",
    "Event",
    "GameOverError",
    "HeuristicBot",
    "HistoryEntry",
    "IllegalActionError",
    "InvalidCombinationError",
    "InvariantError",
    "KeepError",
    "LayDown",
    "LayDownError",
    "Level",
    "Level8",
    "Level8Error",
    "Level8LimitError",
    "Level8TypeError",
    "LevelMismatchError",
    "LevelSequence",
    "LevelSpecError",
    "Missing",
    "MoveError",
    "Need",
    "NotYourTurnError",
    "Observation",
    "RandomBot",
    "Requirement",
    "SearchBot",
    "SkipError",
    "UndoError",
    "WrongPhaseError",
    "can_lay",
    "card_name",
    "cards_missing",
    "combo_text",
    "events_for",
    "lay_down_ways",
    "make_combo",
    "parse_card",
    "parse_level",
    "parse_levels",
    "play_game",
    "solve",
    "stack_deck",
    "visible_event",
]
