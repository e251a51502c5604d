"""The batch greedy policy chooses exactly what the engine's GreedyBot chooses (issue 30, item 2).

The batch policy ranks moves by exact integer keys summed over the rows a move steps in, and
settles exact ties with the engine's own float sums (:mod:`levelwidgets.analysis.batch.lockstep`).
Two kinds of evidence that this is GreedyBot's choice, move for move:

* whole games: fed the engine's dice, the batch plays the same greedy games as ``play_game``
  with GreedyBots, at 2, 3 and 4 players and under rule options (equal final positions);
* single positions: mid-game positions reached by random play (the batch's greedy games are
  all alike early on, random play reaches rows about to close, sets about to complete and
  exact ties), copied into the lockstep arrays; for the roll on the table the batch policy's
  move is the one ``GreedyBot().choose`` returns. The positions include exact ties of the
  fractions that the engine's float sums break, and bonus tiles decided by the move.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from levelwidgets.analysis.batch import lockstep, simulate_outcome
from levelwidgets.analysis.batch.tables import K_SIZE, move_tables, row_tables
from levelwidgets.levelx import GreedyBot, LevelX, RandomBot, Rules, play_game
from levelwidgets.levelx.moves import ROLL_INDEX
from levelwidgets.levelx.rules import ROWS
from levelwidgets.levelx.state import resolve_steps, score

# ---------------------------------------------------------------------------------------------
# Whole games on the engine's dice


class EngineDice:
    """Rolls as ``play_game(..., seed=s)`` draws them (GreedyBot draws nothing else)."""

    def __init__(self, seeds: list[int]) -> None:
        self.dice = [random.Random(s) for s in seeds]

    def __call__(self, games: np.ndarray, seat: int) -> tuple[np.ndarray, np.ndarray]:
        rolls = [int(self.dice[g].random() * 1296) for g in games]
        return np.array(rolls), np.zeros(games.size)


RULES = {
    "printed": None,
    "oust_row_start": Rules(oust="row_start"),
    "no_lucky_loser": Rules(lucky_loser=False),
    # Rows of lengths 1..5 (unit 60), one tile, few chips: rows close mid-move.
    "odd_rows": Rules(
        row_lengths=(1, 2, 3, 4, 5, 1),
        bonus_tiles=(3,),
        chips_for_players={2: (2, 3, 1, 2, 3, 2), 3: (2, 3, 1, 2, 3, 2), 4: (2, 1, 1, 1, 2, 1)},
    ),
}


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", list(RULES))
def test_batch_greedy_plays_the_engine_greedy_games(variant, players):
    rules = RULES[variant]
    seeds = list(range(500, 560))
    out = simulate_outcome(len(seeds), players, "greedy", rules=rules, draw=EngineDice(seeds))
    for g, seed in enumerate(seeds):
        game = play_game([GreedyBot() for _ in range(players)], seed=seed, rules=rules)
        assert out.turns[g] == game.plies, seed
        assert out.scores[:, g].tolist() == game.scores(), seed
        assert out.chips_left[g].tolist() == [game.chips_left(r) for r in ROWS], seed
        for p in range(players):
            assert out.held[p, g].tolist() == list(game.chips_held(p).values()), seed
            assert out.tiles[p, g] == len(game.tiles(p)), seed


# ---------------------------------------------------------------------------------------------
# Single positions


def random_positions(players: int, count: int, rules: Rules, seed: int) -> list[LevelX]:
    """``count`` games stopped after a random number of random moves, dice rolled."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        game = LevelX(players=players, seed=rng.randrange(10**9), rules=rules)
        bot = RandomBot(rng.randrange(10**9))
        for _ in range(rng.randrange(4 * players, 30 * players)):
            game.roll()
            game.play(bot.choose(game))
            if game.is_over:
                break
        if not game.is_over:
            game.roll()
            positions.append(game)
    return positions


def batch_choices(positions: list[LevelX], players: int, rules: Rules) -> list[tuple[int, ...]]:
    """The batch greedy policy's move (steps per row) in each position, one lockstep column
    per position, a batch per seat to play."""
    moves = move_tables(rules.lucky_loser)
    rows = row_tables(rules, players)
    chosen: list[tuple[int, ...]] = [()] * len(positions)
    for seat in range(players):
        mine = [i for i, game in enumerate(positions) if game.current_player == seat]
        if not mine:
            continue
        games = lockstep.Lockstep(np.arange(len(mine)), players, rules, moves, rows)
        for g, i in enumerate(mine):
            copy_position(games, g, positions[i], rules)
        dice = [ROLL_INDEX[positions[i].dice] for i in mine]
        slots = games.roll_slot[dice] + games.closed
        move = lockstep.greedy_policy(games, seat, slots, np.zeros(len(mine)))
        for g, i in enumerate(mine):
            chosen[i] = tuple(moves.steps[move[g]].tolist())
    return chosen


def copy_position(games: lockstep.Lockstep, g: int, game: LevelX, rules: Rules) -> None:
    """Write the engine position of ``game`` into column ``g`` of the lockstep arrays."""
    state = game._state
    for r, length in enumerate(rules.row_lengths):
        code = sum(state.pos[q][r] * (length + 1) ** q for q in range(state.players))
        games.arr[r, g] = (games.base[r] // K_SIZE + code) << games.move_bits
        games.chips[r, g] = state.chips[r] or lockstep.CLOSED
        for p in range(state.players):
            games.held[p, r, g] = state.held[p][r]
    for p in range(state.players):
        games.sets[p, g] = state.sets[p]
        games.bonus[p, g] = sum(state.tiles[p])
        games.tiles[p, g] = len(state.tiles[p])
    games.taken[g] = state.tiles_taken
    games.closed[g] = state.closed_mask
    games.last_round[g] = state.end_triggered


def per_row(steps: tuple[int, ...]) -> tuple[int, ...]:
    counts = Counter(steps)
    return tuple(counts[row] for row in ROWS)


def exact_keys(game: LevelX) -> list[tuple[int, Fraction, int]]:
    """GreedyBot's key of every legal move, progress as an exact fraction, and the bonus
    points in the key."""
    state, rules = game._state, game.rules
    player = state.current
    keys = []
    for move in game.legal_moves():
        trial = state.copy()
        resolve_steps(trial, rules, player, move.steps, None)
        progress = sum(
            Fraction(ROWS[i] * trial.pos[player][i], rules.row_lengths[i])
            for i in range(6)
            if trial.chips[i]
        )
        bonus = sum(trial.tiles[player]) - sum(state.tiles[player])
        keys.append((score(trial, player) - score(state, player), progress, bonus))
    return keys


@pytest.fixture(scope="module", params=[2, 3, 4], ids=["2p", "3p", "4p"])
def positions(request):
    players = request.param
    rules = Rules(row_lengths=(4, 4, 3, 3, 2, 2))
    games = random_positions(players, 500, rules, seed=players)
    return players, rules, games


def test_batch_greedy_chooses_greedybots_move_in_random_positions(positions, monkeypatch):
    players, rules, games = positions
    tie_breaks = []
    break_ties = lockstep._break_ties

    def counted(*args):
        chosen = break_ties(*args)
        tie_breaks.append(chosen.size)
        return chosen

    monkeypatch.setattr(lockstep, "_break_ties", counted)
    batch = batch_choices(games, players, rules)
    engine = [per_row(GreedyBot().choose(game).steps) for game in games]
    wrong = [i for i in range(len(games)) if batch[i] != engine[i]]
    assert not wrong, [(games[i].dice, batch[i], engine[i]) for i in wrong[:5]]
    # The float tie-break ran on exactly tied positions: 3 to 9 of the 500 with 4 players,
    # depending on the seed of the random positions (RandomBot's generator changed in issue
    # 30, which moved these from 5 to 3 for this seed).
    assert sum(tie_breaks) >= 3


def test_the_positions_reach_the_hard_cases(positions):
    """Exact ties, rows that may close and tiles a move wins all occur among the positions,
    so the test above covers them. (No position where the engine's floats break an exact tie
    against list order turned up in 20,000 random ones with the printed rows; the batch breaks
    such ties with the same float sums all the same.)"""
    _, _, games = positions
    ties = first = closes = tiles = 0
    for game in games:
        keys = exact_keys(game)
        best = max(key[:2] for key in keys)
        tied = [i for i, key in enumerate(keys) if key[:2] == best]
        choice = game.legal_moves().index(GreedyBot().choose(game))
        ties += len(tied) > 1
        first += choice == tied[0]
        closes += any(game.chips_left(r) <= 4 for r in ROWS if not game.is_closed(r))
        tiles += any(bonus for *_, bonus in keys)
    # ties: 3 to 9 in 500 positions, by seed (3 here with 4 players since RandomBot's
    # generator changed in issue 30)
    assert ties >= 3 and closes >= 100 and tiles >= 20, (ties, closes, tiles)
    assert first == len(games)  # GreedyBot's choice is always among its best keys


def test_batch_greedy_on_long_rows_of_coprime_lengths():
    """Progress in 1/6,466,460 of a point (lengths 20, 19, 17, 13, 11, 7): the integer keys
    still order moves as GreedyBot's floats do."""
    rules = Rules(row_lengths=(20, 19, 17, 13, 11, 7))
    seeds = list(range(30))
    out = simulate_outcome(len(seeds), 2, "greedy", rules=rules, draw=EngineDice(seeds))
    for g, seed in enumerate(seeds):
        game = play_game([GreedyBot(), GreedyBot()], seed=seed, rules=rules)
        assert out.turns[g] == game.plies, seed
        assert out.scores[:, g].tolist() == game.scores(), seed
