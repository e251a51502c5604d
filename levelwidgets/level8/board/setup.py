"""Checking a new board game's arguments and turning them into its ``config`` (plain data).

The players, seed, dealer, start levels and lay-down cap are checked exactly as for the card
game (shared helpers in :mod:`levelwidgets.level8.setup`); the board adds its layout, the
towers' start fields and a stacked order of the 90 number cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..cards import NUMBER_IDS
from ..errors import ConfigError
from ..levels import LevelSequence, board_sequence_for
from ..setup import make_config, stack_deck
from .layout import BoardLayout

#: The board game's rule set, written in every new game's config as ``"rules"``. 2: the
#: printed rules as checked in issue 26 (a steal shows exactly 3 cards, all of a smaller hand;
#: the start field is skipped while another tower stands on it). A config without it is a
#: record from before (rule set 1: 1–3 cards, the start field never blocks): it replays and
#: plays on under its own rules, so it keeps loading.
RULES = 2


def check_towers(towers: object, n: int, n_fields: int) -> list[int]:
    """Each player's start field (default: all on the start field, 0). Two towers may share
    only the start field."""
    if towers is None:
        return [0] * n
    if isinstance(towers, (str, bytes)) or not isinstance(towers, Iterable):
        raise ConfigError(f"towers needs one field per player ({n}), not {towers!r}")
    out = list(towers)
    if len(out) != n:
        raise ConfigError(f"towers needs one field per player ({n}), got {len(out)}")
    for f in out:
        if isinstance(f, bool) or not isinstance(f, int) or not 0 <= f < n_fields:
            raise ConfigError(f"a tower's field must be a whole number 0–{n_fields - 1}, not {f!r}")
    taken = [f for f in out if f != 0]
    if len(set(taken)) != len(taken):
        raise ConfigError("two towers cannot stand on the same field (except the start field)")
    return out


def make_board_config(
    players: object,
    seed: object,
    sides: object,
    layout: object,
    towers: object,
    dealer: object,
    start_levels: Sequence[object] | None,
    deck: Sequence[object] | None,
    lay_down_cap: object,
) -> tuple[dict[str, Any], list[LevelSequence]]:
    """Check a new board game's arguments: the card game's checks (with the board's sides
    and a deck of the 90 number cards), then the layout and the towers."""
    config, seqs = make_config(
        players,
        seed,
        sides,
        dealer,
        start_levels,
        deck,
        lay_down_cap,
        builtin=board_sequence_for,
        deck_cards=NUMBER_IDS,
        deck_rule="deck must list each of the 90 number cards exactly once (the jokers lie in "
        "the middle)",
    )
    board = BoardLayout.parse(layout)
    config["layout"] = board.to_dict()
    config["towers"] = check_towers(towers, len(config["players"]), len(board))
    config["rules"] = RULES
    return config, seqs


def stack_board_deck(
    hands: Sequence[Iterable[object]],
    first_discard: object,
    draw_pile: Iterable[object] = (),
    dealer: int | None = None,
) -> list[int]:
    """The order of the 90 number cards (first = top) that deals exactly ``hands`` (10 each,
    seat order), turns up ``first_discard`` on the dealer's pile and leaves ``draw_pile`` on
    top of the draw pile; the rest follow in id order. Pass it as ``Level8Board(deck=...)``
    (the card game's :func:`~levelwidgets.level8.stack_deck` for the board's deal: jokers
    lie in the middle, never in the deck)."""
    return stack_deck(
        hands, first_discard, draw_pile, dealer, cards=NUMBER_IDS, dealt="number card"
    )
