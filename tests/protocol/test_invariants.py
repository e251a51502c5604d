"""The games' invariants after EVERY step of many seeded games, on all three games, plus
replay (JSON round trip, after, goto, undo) and every listed legal action accepted.

Level 8 card game: 500 bot games (2–6 players, both sides, late start levels, long random
rounds that empty the draw pile). Board game: 1,000+ games of random legal actions (2–6
players, default and custom layouts and level sequences). Level X: random games to the end.
Each sweep counts the rules it reached, so a sweep that stops reaching one fails.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from level8board.helpers import new_game, pick  # tests/ is on sys.path

from levelwidgets.level8 import HeuristicBot, Level8, RandomBot, play_game
from levelwidgets.level8.board import Level8Board
from levelwidgets.levelx import LevelX
from levelwidgets.protocol import Game

CARD_GAMES = 500
BOARD_GAMES = 1000
LEVELX_GAMES = 150


def check_replay(g: Game, snaps: dict[int, tuple[int, Game]], rng: random.Random) -> None:
    """JSON round trip; after(k), goto(k) and undo(m) agree with the positions played.

    ``snaps``: for each ply, the steps applied when it was first reached and a clone of the
    game then (a Level X ply is a whole turn, roll and move: undo counts both). Clones, not
    snapshots: a snapshot writes out the whole history, so one per ply made long games
    quadratic; only the sampled plies' snapshots are compared.
    """
    last = g.snapshot()
    assert sorted(snaps) == list(range(g.plies + 1))
    assert type(g).from_json(g.to_json()).snapshot() == last
    applied = max(steps for steps, _ in snaps.values())
    for k in sorted(rng.sample(sorted(snaps), min(4, len(snaps)))):
        steps, then = snaps[k]
        snap = then.snapshot()
        assert g.after(k).snapshot() == snap
        u = g.clone()
        u.undo(applied - steps)
        assert u.snapshot() == snap
        v = g.clone()
        v.goto(k)
        assert v.snapshot() == snap
    assert g.snapshot() == last  # untouched


# ---------------------------------------------------------------- Level 8 card game
def check_card_views(game: Level8) -> None:
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


def sweep_card_game() -> None:
    rng = random.Random(2024)
    seen: Counter = Counter()
    actions = 0
    for i in range(CARD_GAMES):
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
        states: dict[int, tuple[int, Game]] | None = {} if i % 25 == 1 else None

        def after(game: Level8, events, states=states) -> None:
            game.check_invariants()
            if states is not None:
                if not states:
                    states[0] = (0, game.after(0))
                if game.plies not in states:
                    states[game.plies] = (game.plies, game.clone())
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
            check_card_views(game)
        if states:
            check_replay(game, states, random.Random(i))
            seen["replayed"] += 1
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
        "replayed",
    ):
        assert seen[kind] > 0, f"{kind}: {sorted(seen.items())}"
    assert seen["over"] > 100
    assert actions > 40_000


# ---------------------------------------------------------------- Level 8 board game
def sweep_board_game() -> None:
    rng = random.Random(8)
    seen: Counter = Counter()
    actions = 0
    for i in range(BOARD_GAMES):
        g = new_game(i, rng)
        g.check_invariants()
        replay = i % 25 == 0
        states = {0: (0, g.clone())} if replay else None
        cap = 600 if i % 20 == 0 else 70
        for _ in range(cap):
            if g.is_over:
                break
            legal = g.legal_actions()
            assert legal, repr(g)
            if actions % 11 == 0:
                # the actor's own view lists exactly the same steps (bots use it)
                own = g.observation(g.current_player).legal_actions
                assert set(own) == set(legal), (repr(g), g.phase)
            action = pick(rng, legal)
            events = g.apply(action)
            g.check_invariants()
            actions += 1
            seen[action.kind] += 1
            for e in events:
                seen["ev:" + e.kind] += 1
            if states is not None and g.plies not in states:
                states[g.plies] = (g.plies, g.clone())
        seen["over" if g.is_over else "cut"] += 1
        if states is not None:
            assert Level8Board.from_json(g.to_json()) == g
            check_replay(g, states, random.Random(i))
    # the sweep really reached every rule it is meant to check
    for kind in (
        "roll",
        "move",
        "take",
        "swap",
        "ask",
        "give",
        "show",
        "steal",
        "choose",
        "lay_down",
        "add_on",
        "discard",
        "keep",
        "next_round",
        "ev:joker",
        "ev:ask_none",
        "ev:extra_turn",
        "ev:round_end",
        "ev:win",
        "ev:rebuild",
        "discard_two",
        "ev:no_joker",
        "ev:extra_turn_lost",
        "ev:pile_empty",
    ):
        assert seen[kind] > 0, f"{kind}: {sorted(seen.items())}"
    assert seen["over"] > 20
    assert actions > 60_000


# ---------------------------------------------------------------- Level X
def sweep_levelx() -> None:
    """Random games to the end (dice by their exact chances through the protocol)."""
    seen: Counter = Counter()
    for i in range(LEVELX_GAMES):
        rng = random.Random(i)
        g = LevelX(2 + i % 3, seed=i)
        g.check_invariants()
        states = {0: (0, g.clone())} if i % 10 == 0 else None
        applied = 0
        while not g.is_over:
            if g.is_chance():
                outcomes = g.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(g.legal_actions())
            seen["roll" if g.is_chance() else "move"] += 1
            g.apply(action)
            applied += 1
            g.check_invariants()
            if states is not None and g.plies not in states:
                states[g.plies] = (applied, g.clone())
        seen["over"] += 1
        if states is not None:
            check_replay(g, states, random.Random(i))
    assert seen["over"] == LEVELX_GAMES and seen["move"] > 1000 and seen["roll"] > 1000


SWEEPS: dict[str, Callable[[], None]] = {
    "levelx": sweep_levelx,
    "level8": sweep_card_game,
    "level8_board": sweep_board_game,
}


@pytest.mark.parametrize("name", SWEEPS)
def test_invariants_after_every_step_of_many_seeded_games(name: str) -> None:
    SWEEPS[name]()


def card_game(seed: int, rng: random.Random) -> tuple[Level8, Callable]:
    n = 2 + seed % 5
    game = Level8(n, seed=seed, sides="two" if seed % 2 else "one", start_levels=[5] * n)
    bots = [HeuristicBot(k) for k in range(n)]
    return game, lambda g: bots[g.current_player].choose(g.observation(g.current_player))


def board_game(seed: int, rng: random.Random) -> tuple[Level8Board, Callable]:
    return new_game(seed, rng), lambda g: pick(rng, g.legal_actions())


def levelx_game(seed: int, rng: random.Random) -> tuple[LevelX, Callable]:
    return LevelX(2 + seed % 3, seed=seed), lambda g: rng.choice(g.legal_actions())


#: Per game: a game and a driver for a seed, how many games, steps and actions tried.
ACCEPTED = {
    "levelx": (levelx_game, 6, 120, 60),
    "level8": (card_game, 6, 160, 40),
    "level8_board": (board_game, 12, 120, 60),
}


@pytest.mark.parametrize("name", ACCEPTED)
def test_every_listed_legal_action_is_accepted(name: str) -> None:
    """Every legal action can be applied (on a clone) in sampled positions."""
    make, games, steps, most = ACCEPTED[name]
    rng = random.Random(3)
    tried = 0
    for seed in range(games):
        game, choose = make(seed, rng)
        for step in range(steps):
            if game.is_over:
                break
            legal = game.legal_actions()
            assert legal, game
            if step % 4 == 0:
                for action in legal[:most]:
                    trial = game.clone()
                    trial.apply(action)
                    trial.check_invariants()
                    tried += 1
            game.apply(choose(game))
    assert tried > 200
