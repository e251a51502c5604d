"""The spec's invariants after every action of 2,400 seeded games (2–4 players, both ousts)."""

from __future__ import annotations

import pytest

from levelwidgets.levelx import GreedyBot, LevelX, RandomBot, Rules

from .helpers import check_invariants

GAMES_PER_CASE = 400  # x 6 cases = 2,400 games


def _chips_taken(events, player) -> int:
    return sum(1 for e in events if e.kind == "chip" and e.player == player)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("oust", ["owner", "row_start"])
def test_invariants_hold_after_every_action(players, oust):
    rules = Rules(oust=oust)
    bonus_order: list[int] = []
    for seed in range(GAMES_PER_CASE):
        bots = [
            GreedyBot() if (seed + p) % 3 == 0 else RandomBot(seed * 7 + p) for p in range(players)
        ]
        game = LevelX(players, seed=seed, rules=rules)
        check_invariants(game)
        while not game.is_over:
            player = game.current_player
            game.roll()
            check_invariants(game)
            held_before = sum(game.chips_held(player).values())
            events = game.play(bots[player].choose(game))
            check_invariants(game)
            # Events tell the truth: one chip event per chip taken.
            assert sum(game.chips_held(player).values()) - held_before == _chips_taken(
                events, player
            )
        bonus_order = [e.value for t in game.history for e in t.events if e.kind == "bonus"]
        assert bonus_order == list(rules.bonus_tiles[: len(bonus_order)])
        assert game.round * players == len(game.history)
