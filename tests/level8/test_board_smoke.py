"""The board game engine on the card game's parts: a quick smoke run (the full suite for the
board game lives in tests/level8board/)."""

from __future__ import annotations

import random

from levelwidgets.level8 import CardTable, Level8
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.cards import BOARD_IDS


def test_random_board_games_keep_every_invariant_and_replay():
    for seed in range(12):
        g = Level8Board(2 + seed % 5, seed=seed)
        rng = random.Random(seed)
        for _ in range(250):
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
            g.check_invariants()
        assert Level8Board.from_json(g.to_json()) == g
        assert isinstance(g, CardTable) and not isinstance(g, Level8)  # no draw, no skip cards
        assert not hasattr(g, "skip") and not hasattr(g, "draw")


def test_the_board_game_deals_numbers_and_keeps_eight_jokers_in_the_middle():
    g = Level8Board(["Ann", "Ben", "Cem"], seed=3)
    assert g.jokers_left == 8 and g.phase == "roll" and g.towers == [0, 0, 0]
    in_hands = [c for q in range(3) for c in g.hand(q)]
    assert len(in_hands) == 30 and all(c < 90 for c in in_hands)
    assert set(BOARD_IDS) >= set(in_hands)
