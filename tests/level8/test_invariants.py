"""The spec's invariants after every action of 500 seeded bot games (2–6 players, both sides)."""

from __future__ import annotations

import random
from collections import Counter

from levelwidgets.level8 import HeuristicBot, Level8, RandomBot, play_game

N_GAMES = 500


def check_views(game: Level8) -> None:
    """Views agree with the full state and hide what they must hide."""
    teacher = game.observation("teacher")
    n = game.num_players
    assert teacher.hand_counts == tuple(len(game.hand(q)) for q in range(n))
    spectator = game.observation(None)
    assert spectator.hand is None and spectator.hands is None and spectator.draw_pile is None
    me = game.observation(game.current_player)
    assert me.hand == tuple(game.hand(game.current_player)) and me.hands is None
    assert me.draw_count == len(teacher.draw_pile)
    for q in range(n):
        assert len(teacher.melds[q]) == (
            len(game.sides[q].level(game.levels[q]))
            if teacher.laid[q] and not game.is_over
            else len(teacher.melds[q])
        )


def test_invariants_hold_after_every_action_in_many_games():
    rng = random.Random(2024)
    seen: Counter = Counter()
    actions = 0
    for i in range(N_GAMES):
        n = 2 + i % 5
        side_mode = i % 3
        if side_mode == 0:
            sides: object = "one"
        elif side_mode == 1:
            sides = "two"
        else:
            sides = [rng.choice(["one", "two"]) for _ in range(n)]
        # late start levels reach the winning rules and the keep-4 rule quickly
        start = [rng.choice([1, 1, 3, 5, 6, 7, 7, 8]) for _ in range(n)]
        bots = [
            RandomBot(i * 10 + k) if rng.random() < 0.3 else HeuristicBot(i * 10 + k)
            for k in range(n)
        ]
        limit = 200
        if i % 20 == 0:
            # long rounds of random play empty the draw pile (rebuilds, surfacing skips)
            n, limit = 2 + i % 40 // 20, 700
            bots = [RandomBot(i * 10 + k) for k in range(n)]
            start = [1] * n
            sides = "one"

        def after(game: Level8, events) -> None:
            game.check_invariants()
            for e in events:
                seen[e.kind] += 1
                if e.kind == "rebuild" and e.data["skip_surfaced"]:
                    seen["skip_surfaced"] += 1
                if e.kind == "win":
                    seen[
                        "win_lay" if game.history[-1].action.kind == "lay_down" else "win_out"
                    ] += 1
                if e.kind == "skip" and not e.data["effect"]:
                    seen["skip_no_effect"] += 1
            if game.phase == "keep":
                seen["keep_phase"] += 1

        game = play_game(
            bots, seed=i, sides=sides, start_levels=start, max_actions=limit, after=after
        )
        actions += len(game.history) - 1
        if i % 25 == 0:
            check_views(game)
        seen[f"players_{n}"] += 1
        seen["over" if game.is_over else "cut"] += 1
    # the sweep really exercised every rule it is meant to check
    for kind in (
        "draw",
        "lay_down",
        "add_on",
        "discard",
        "skip",
        "skip_turn",
        "rebuild",
        "round_end",
        "keep",
        "deal",
        "win_lay",
        "win_out",
        "keep_phase",
        "skip_surfaced",
    ):
        assert seen[kind] > 0, f"{kind}: {sorted(seen.items())}"
    assert seen["over"] > 100
    assert actions > 40_000


def test_legal_actions_are_all_accepted():
    """Every listed legal action can be applied (on a clone) in sampled positions."""
    for seed in range(6):
        n = 2 + seed % 5
        game = Level8(n, seed=seed, sides="two" if seed % 2 else "one", start_levels=[5] * n)
        bots = [HeuristicBot(k) for k in range(n)]
        for step in range(160):
            if game.is_over:
                break
            legal = game.legal_actions()
            assert legal, game
            if step % 4 == 0:
                for action in legal[:40]:
                    trial = game.clone()
                    trial.apply(action)
                    trial.check_invariants()
            p = game.current_player
            game.apply(bots[p].choose(game.observation(p)))
