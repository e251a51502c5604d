"""The board game's material: 90 number cards and 8 jokers (no skip cards).

The cards share the card game's ids and codes (:mod:`levelwidgets.level8.cards`: one parser for
both games); the eighth joker, which only the board game has, is ``J8`` = id 101, so records of
either game keep their ids.
"""

from __future__ import annotations

from ..cards import BOARD_IDS, BOARD_JOKER_IDS, JOKER8, Card

__all__ = ["BOARD_CARDS", "BOARD_IDS", "BOARD_JOKER_IDS", "JOKER8", "N_BOARD_CARDS", "N_JOKERS"]

#: The board game's 98 cards, number cards first, then ``J1``–``J8``.
BOARD_CARDS: tuple[Card, ...] = tuple(Card(i) for i in BOARD_IDS)
N_BOARD_CARDS = len(BOARD_CARDS)
#: Jokers in the middle of the board at the start of a round.
N_JOKERS = len(BOARD_JOKER_IDS)
