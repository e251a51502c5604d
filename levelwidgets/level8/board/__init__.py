"""The Level 8 board game: the card game's levels and combinations, driven by a circuit of
action fields that two movers travel with two dice (``shared/rules/level8-board.md``).

>>> from levelwidgets.level8.board import Level8Board
>>> g = Level8Board(["Ann", "Ben"], seed=1)
>>> g.phase
'roll'
"""

from typing import TYPE_CHECKING

from ..._lazy import lazy_exports
from .game import BOARD_PHASES, DIRECTIONS, Level8Board
from .layout import ACTIONS, DEFAULT_LAYOUT, START, BoardLayout, next_free, reachable
from .material import BOARD_CARDS
from .observation import BoardObservation, board_legal_actions
from .serial import FORMAT, FORMAT_VERSION
from .setup import stack_board_deck

if TYPE_CHECKING:
    from .bots import BoardHeuristicBot, BoardRandomBot, play_board_game

#: The bots, loaded when first named: a board in a notebook need not load them.
_BOTS = ("BoardHeuristicBot", "BoardRandomBot", "play_board_game")


__getattr__, __dir__ = lazy_exports(__name__, dict.fromkeys(_BOTS, ".bots"), submodules=["bots"])


__all__ = [
    "ACTIONS",
    "BOARD_CARDS",
    "BOARD_PHASES",
    "DEFAULT_LAYOUT",
    "DIRECTIONS",
    "FORMAT",
    "FORMAT_VERSION",
    "START",
    "BoardHeuristicBot",
    "BoardLayout",
    "BoardObservation",
    "BoardRandomBot",
    "Level8Board",
    "board_legal_actions",
    "next_free",
    "play_board_game",
    "reachable",
    "stack_board_deck",
]
