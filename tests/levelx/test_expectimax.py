"""ExpectimaxBot: its values against an independent brute force over all 1,296 ordered rolls of
the next turn, the choice that follows from them, and that choosing changes nothing."""

from __future__ import annotations

import doctest
import random
import subprocess
import sys
from functools import cache
from itertools import product

import pytest

from levelwidgets.levelx import GreedyBot, LevelX, RandomBot, Rules, play_game
from levelwidgets.levelx import expectimax as module
from levelwidgets.levelx.expectimax import ExpectimaxBot
from levelwidgets.levelx.state import resolve_steps

ROWS = (5, 6, 7, 8, 9, 10)


# ------------------------------------------------------------------ the brute force


@cache
def reach(rules: Rules) -> tuple[tuple[float, ...], ...]:
    """Per row index, the chance that a roll allows at least 0..5 steps there: counted over
    all 1,296 ordered rolls from the engine's legal moves (the bot uses the probability
    module's exact tables instead)."""
    game = LevelX(2, rules=rules)
    counts = [[0] * 6 for _ in ROWS]
    for dice in product(range(1, 7), repeat=4):
        game._set_dice(dice, False)  # type: ignore[arg-type]
        for i, row in enumerate(ROWS):
            most = max(m.steps.count(row) for m in game.legal_moves())
            for n in range(most + 1):
                counts[i][n] += 1
    return tuple(tuple(c / 1296 for c in row) for row in counts)


def value(game: LevelX, player: int, weights: tuple[float, float, float]) -> float:
    """The class docstring's formula, spelled out on the public position API."""
    p, r, t = weights
    others = [q for q in range(game.num_players) if q != player]
    total = float(game.score(player))
    for i, row in enumerate(ROWS):
        left = game.chips_left(row)
        if not left:
            continue
        length = game.row_length(row)
        mine = game.piece(player, row) or 0
        theirs = [game.piece(q, row) or 0 for q in others]
        term = p * row * mine / length - r / len(others) ** 2 * sum(
            row * s / length for s in theirs
        )
        if mine == length:
            safe = 1.0
            for s in theirs:
                if length - s <= 4:  # more steps than dice: never
                    safe *= 1 - reach(game.rules)[i][length - s]
            term -= t * row * (1 - safe)
        total += term * min(1.0, left / module.FULL_ROW)
    return total


def result(game: LevelX, player: int) -> float:
    mine = game.score(player)
    best = max(game.score(q) for q in range(game.num_players) if q != player)
    return mine + module.RESULT_VALUE * ((mine > best) - (mine < best))


def brute_value(game: LevelX, move, weights=(0.75, 2.5, 1.0)) -> float:
    """Play ``move`` on a copy; in the last round that is the result. Otherwise the same
    player rolls again (the others frozen): for each of the 1,296 ordered rolls try every
    legal move (not only the largest) and keep the best value; average."""
    player = game.current_player
    after = game.clone()
    after.play(move)
    if after.is_last_round:
        return result(after, player)
    after._state.current = player  # the others' turns are left out
    best_by_roll: dict[tuple[int, ...], float] = {}  # the same sorted dice, the same moves
    total = 0.0
    for dice in product(range(1, 7), repeat=4):
        key = tuple(sorted(dice))
        if key not in best_by_roll:
            after._set_dice(dice, False)  # type: ignore[arg-type]
            best = float("-inf")
            for m in after.legal_moves():
                trial = after.clone()
                resolve_steps(trial._state, trial.rules, player, m.steps, None)
                best = max(best, value(trial, player, weights))
            best_by_roll[key] = best
        total += best_by_roll[key]
    return total / 1296


# ------------------------------------------------------------------ positions


def played_position(seed: int, lengths: tuple[int, ...] = (4, 4, 3, 3, 2, 2)) -> LevelX:
    """A seeded game after some turns of random and greedy play, under varied rules."""
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4])
    oust = rng.choice(["owner", "row_start"])
    rules = Rules(oust=oust, lucky_loser=rng.random() < 0.7, row_lengths=lengths)
    game = LevelX(players, seed=seed, rules=rules)
    bots = [RandomBot(seed + p) if rng.random() < 0.5 else GreedyBot() for p in range(players)]
    game.autoplay(bots, max_turns=rng.randrange(4, 14 * players))
    if game.is_over:
        game.rewind(game.plies - 1)
    game.roll()
    return game


def threat_position() -> LevelX:
    """Red: a piece on square 2 of row 6; Green holds X6. Red rolled 2-2-2-2."""
    return LevelX.from_position(
        ["Red", "Green"], pieces=[{6: 2}, {6: 4}], dice=(2, 2, 2, 2), seed=1
    )


def end_position(red_ahead: bool) -> LevelX:
    """Rows 9 and 10 are closed; Red is on X8, where one chip is left: taking it closes a
    third row, so the round is the last. Red rolled 4-4-2-3."""
    big = [[0, 0, 0, 4, 7, 6], [0, 0, 0, 3, 0, 0]]  # chips held (rows 5..10)
    chips = big if red_ahead else big[::-1]
    return LevelX.from_position(
        ["Red", "Green"], pieces=[{8: 3}, {}], chips=chips, dice=(4, 4, 2, 3), seed=1
    )


# ------------------------------------------------------------------ tests


def test_it_steps_under_a_rival_on_x_where_greedy_enters_a_row() -> None:
    """2-2-2-2 allows 2+2+2 (row 6) or 2+2+2+2 (row 8); neither scores now. Greedy takes the
    more progress (a third of row 8, 8/3, against a quarter of row 6, 6/4). Expectimax
    steps to square 3 of row 6: any roll with a group of 6 (92 % of them) then reaches X6,
    takes a chip and ousts Green; the brute force agrees on every move's value."""
    game = threat_position()
    assert [m.notation for m in game.legal_moves()] == ["2+2+2", "2+2+2+2", "-"]
    assert GreedyBot().choose(game).notation == "2+2+2+2"
    bot = ExpectimaxBot()
    assert bot.choose(game).notation == "2+2+2"
    brute = [brute_value(game, m) for m in game.legal_moves()]
    assert bot.values(game) == pytest.approx(brute, rel=0, abs=1e-9)
    assert brute.index(max(brute)) == 0


def test_values_equal_the_brute_force_on_varied_positions() -> None:
    """2 to 4 players, both oust rules, Lucky Loser on and off, longer rows; every move of
    each position, with the default weights and with others (the brute force tries every
    legal move of each next roll, so it also checks that the largest moves suffice)."""
    weights = [(0.75, 2.5, 1.0), (1.0, 0.0, 0.0), (0.3, 4.0, 1.0)]
    checked = 0
    for seed in range(9):
        game = played_position(seed) if seed < 8 else played_position(seed, (6, 6, 5, 5, 2, 1))
        w = weights[seed % len(weights)]
        bot = ExpectimaxBot(progress_weight=w[0], rival_weight=w[1], threat_weight=w[2])
        values = bot.values(game)
        for move, got in zip(game.legal_moves(), values, strict=True):
            assert got == pytest.approx(brute_value(game, move, w), rel=0, abs=1e-9), (seed, move)
            checked += 1
        assert bot.choose(game) == game.legal_moves()[values.index(max(values))]
    assert checked >= 45


def test_in_the_last_round_only_the_result_counts() -> None:
    """Taking the last chip of row 8 ends the game after this round. Behind, that is a sure
    loss: Expectimax plays on (Greedy takes the chip); ahead, it ends the game."""
    behind = end_position(red_ahead=False)
    assert GreedyBot().choose(behind).steps.count(8) == 1
    choice = ExpectimaxBot().choose(behind)
    assert 8 not in choice.steps
    ahead = end_position(red_ahead=True)
    assert 8 in ExpectimaxBot().choose(ahead).steps
    for game in (behind, ahead):
        values = ExpectimaxBot().values(game)
        brute = [brute_value(game, m) for m in game.legal_moves()]
        assert values == pytest.approx(brute, rel=0, abs=1e-9)


def test_choosing_changes_nothing_and_returns_a_legal_move() -> None:
    bot = ExpectimaxBot()
    for seed in range(30):
        game = played_position(100 + seed)
        before = (game.snapshot(), game.to_json(), game._rng.getstate())
        move = bot.choose(game)
        assert (game.snapshot(), game.to_json(), game._rng.getstate()) == before
        assert move in game.legal_moves()
        assert game._moves[1][move.steps] is move  # the engine's own object: no re-parsing


def test_whole_games_finish_and_are_deterministic() -> None:
    def game(seed: int) -> LevelX:
        bots = [ExpectimaxBot(seed), GreedyBot(), ExpectimaxBot(seed + 1), RandomBot(seed)]
        return play_game(bots, seed=seed)

    first = game(5)
    assert first.is_over and first.winners
    assert first.to_json() == game(5).to_json()  # same seed, same game
    rules = Rules(oust="row_start", lucky_loser=False)
    two = play_game([ExpectimaxBot(), ExpectimaxBot(seed=9)], seed=2, rules=rules)
    assert two.is_over
    long_rows = Rules(row_lengths=(6, 6, 5, 5, 2, 1), bonus_tiles=(20, 10))
    assert play_game(
        [ExpectimaxBot(), GreedyBot(), ExpectimaxBot()], seed=4, rules=long_rows
    ).is_over


def test_the_seed_does_not_change_the_choice() -> None:
    game = played_position(3)
    assert ExpectimaxBot(1).choose(game) is ExpectimaxBot(seed=2).choose(game)


def test_api() -> None:
    bot = ExpectimaxBot()
    assert bot.name == "Expectimax" and repr(bot) == "ExpectimaxBot()"
    assert repr(ExpectimaxBot(rival_weight=1.0)) == "ExpectimaxBot(rival_weight=1.0)"
    for bad in ({"progress_weight": 1.5}, {"threat_weight": -0.1}, {"rival_weight": -1}):
        with pytest.raises(ValueError, match="must be from 0"):
            ExpectimaxBot(**bad)  # type: ignore[arg-type]
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def test_the_package_exports_it_without_loading_it_at_import() -> None:
    code = (
        "import sys, levelwidgets.levelx as lx;"
        "early = 'levelwidgets.levelx.expectimax' in sys.modules;"
        "assert lx.ExpectimaxBot.name == 'Expectimax';"
        "sys.exit(1 if early else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
