"""A board-game position consistent with one seat's view (for the determinized search bot).

The board game's counterpart of :func:`levelwidgets.level8.determinize.determinize`, kept
small: every card the seat cannot see (its hand, the laid combinations, the discard tops
and the cards shown face up are what it sees) is dealt at random into the opponents'
hands and the covered parts of the discard piles; the jokers left in the middle stay a
count; the draw pile gets the rest. Everything public (board, towers, levels, dice, whose
turn) is copied from the observation, and the engine's :meth:`Level8Board.from_position`
checks the result like any hand-made position. Only the steps a search needs most are
covered ("move" after the roll, "play"); other steps raise ``ValueError`` and the bot
falls back to the heuristic.
"""

from __future__ import annotations

import random

from ..level8.board import Level8Board
from ..level8.board.layout import BoardLayout
from ..level8.board.material import BOARD_IDS, BOARD_JOKER_IDS
from ..level8.board.observation import BoardObservation

__all__ = ["SAMPLED_PHASES", "determinize_board"]

#: The steps a board position can be sampled at.
SAMPLED_PHASES = ("move", "play")


def determinize_board(obs: BoardObservation, rng: random.Random) -> Level8Board:
    """A board game whose position ``obs``'s seat cannot tell from the observed one."""
    table = obs.table
    if table.hand is None or not isinstance(obs.viewer, int):
        raise ValueError("a determinization needs a seat's view (with its own hand)")
    if obs.phase not in SAMPLED_PHASES:
        raise ValueError(f"the board game is sampled at {SAMPLED_PHASES}, not {obs.phase!r}")
    seen = set(table.hand)
    seen.update(c for ms in table.melds for combo in ms for c in combo.cards)
    seen.update(c for c in table.discard_tops if c is not None)
    seen.update(c for _, cards in obs.shown for c in cards or ())
    unseen = [c for c in BOARD_IDS if c not in seen]  # the 98 cards, jokers included
    jokers = [c for c in unseen if c in BOARD_JOKER_IDS]
    if len(jokers) < obs.jokers_left:
        raise ValueError("the observation does not add up: too few unseen jokers")
    middle = rng.sample(jokers, obs.jokers_left)
    pool = [c for c in unseen if c not in middle]
    rng.shuffle(pool)
    hands, pos = [], 0
    for seat, count in enumerate(table.hand_counts):
        if seat == obs.viewer:
            hands.append(list(table.hand))
        else:
            hands.append(pool[pos : pos + count])
            pos += count
    discards = []
    for count, top in zip(table.discard_counts, table.discard_tops, strict=True):
        covered = pool[pos : pos + count - 1] if top is not None else []
        pos += len(covered)
        discards.append([*covered, top] if top is not None else [])
    return Level8Board.from_position(
        list(table.names),
        hands=hands,
        melds=table.melds,
        discards=discards,
        draw_pile=pool[pos:],
        middle=middle,
        levels=table.levels,
        laid=table.laid,
        towers=obs.towers,
        layout=BoardLayout(tuple(obs.layout)),
        sides=[side.removeprefix("board-") for side in table.sides],  # "board-one": "one"
        turn=obs.turn_player,
        phase=obs.phase,
        dice=obs.dice,
        extra_turns=obs.extra_turns,
        dealer=table.dealer,
        round=table.round,
        seed=rng.getrandbits(63),
        lay_down_cap=table.lay_down_cap,
    )
