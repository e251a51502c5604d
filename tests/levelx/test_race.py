"""Race to X: exact Markov chains against hand-worked cases and seeded simulations.

The simulations roll dice with :mod:`random` and find moves with the engine's ``all_moves``,
not with the probability tables the chains are built on.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from levelwidgets.analysis import race
from levelwidgets.levelx import probability as prob
from levelwidgets.levelx.errors import ProbabilityError
from levelwidgets.levelx.moves import all_moves
from levelwidgets.levelx.rules import ROWS

LENGTHS = (4, 4, 3, 3, 2, 2)


def roll(rng: random.Random) -> tuple[int, ...]:
    return tuple(sorted(rng.randint(1, 6) for _ in range(4)))


def within_4_se(sample: list[float], expected: float) -> bool:
    mean = sum(sample) / len(sample)
    sd = math.sqrt(sum((x - mean) ** 2 for x in sample) / (len(sample) - 1))
    return abs(mean - expected) <= 4 * sd / math.sqrt(len(sample))


def chance_within_4_se(hits: int, n: int, p: float) -> bool:
    return abs(hits - n * p) <= 4 * math.sqrt(n * p * (1 - p)) + 1e-9


# --- a lone piece -----------------------------------------------------------------------------


@pytest.mark.parametrize("row", ROWS)
def test_one_square_is_a_geometric_wait(row):
    p = prob.sum_chances(exact=True)[row]
    result = race.row_race(row, squares=1, max_turns=6, exact=True)
    assert result.expected_turns == 1 / p
    assert result.within == tuple(1 - (1 - p) ** k for k in range(1, 7))


def test_exact_and_float_agree_and_start_on_x():
    exact = race.row_race(8, exact=True, max_turns=5)
    floats = race.row_race(8, max_turns=5)
    assert isinstance(exact.expected_turns, Fraction) and isinstance(floats.expected_turns, float)
    assert floats.expected_turns == float(exact.expected_turns)
    assert floats.within == tuple(float(p) for p in exact.within)
    assert exact.chance_within(0) == 0 and exact.chance_within(5) == exact.within[-1]
    done = race.row_race(8, start=3, exact=True, max_turns=2)
    assert done.expected_turns == 0 and done.within == (1, 1) and done.chance_within(0) == 1
    assert "as many groups" in exact.choice


@pytest.mark.parametrize("lucky", [True, False], ids=["lucky", "plain"])
def test_row_races_against_simulation(lucky):
    rng = random.Random(11 if lucky else 12)
    most = {}  # groups of each row per sorted roll, from the engine's moves
    n = 3000
    for row, length in zip(ROWS, LENGTHS, strict=True):
        exact = race.row_race(row, lucky, max_turns=3)
        turns = []
        for _ in range(n):
            square, t = 0, 0
            while square < length:
                dice = roll(rng)
                if dice not in most:
                    most[dice] = [
                        max(m.steps.count(r) for m in all_moves(dice, lucky)) for r in ROWS
                    ]
                square = min(length, square + most[dice][ROWS.index(row)])
                t += 1
            turns.append(t)
        assert within_4_se(turns, exact.expected_turns), row
        hits = sum(t <= 3 for t in turns)
        assert chance_within_4_se(hits, n, exact.chance_within(3)), row


# --- the whole board --------------------------------------------------------------------------


def play_board(rng: random.Random, lucky: bool) -> int:
    """Turns one player needs to bring all six pieces to X, choosing as board_race says."""
    squares = [0] * 6
    turns = 0
    while squares != list(LENGTHS):
        dice = roll(rng)
        move = race.board_choice(squares, dice, lucky)
        if move is not None:
            assert move in all_moves(dice, lucky)  # a legal move of the roll
            for step in move.steps:
                i = ROWS.index(step)
                squares[i] = min(LENGTHS[i], squares[i] + 1)
        turns += 1
    return turns


def test_board_race_against_simulation():
    exact = race.board_race(max_turns=12)
    rng = random.Random(5)
    n = 1500
    turns = [play_board(rng, True) for _ in range(n)]
    assert within_4_se(turns, exact.expected_turns)
    for k in (9, 10, 11):
        assert chance_within_4_se(sum(t <= k for t in turns), n, exact.chance_within(k))


def test_board_race_plain_against_simulation():
    exact = race.board_race(False, max_turns=12)
    rng = random.Random(6)
    turns = [play_board(rng, False) for _ in range(600)]
    assert within_4_se(turns, exact.expected_turns)


def test_board_race_facts():
    board = race.board_race(max_turns=40)
    rows = [race.row_race(r).expected_turns for r in ROWS]
    assert board.expected_turns >= max(rows)  # the board waits for its slowest row at least
    assert board.within[3] == 0  # 18 steps need at least five turns of at most four steps
    assert all(a <= b for a, b in zip(board.within, board.within[1:], strict=False))
    assert board.within[-1] > 0.999
    assert race.board_race(False).expected_turns > board.expected_turns  # Lucky Loser helps
    done = race.board_race(start=LENGTHS, max_turns=1)
    assert done.expected_turns == 0 and done.within == (1.0,)
    # A piece further on never makes the race longer.
    later = race.board_race(start=(1, 0, 0, 0, 0, 0)).expected_turns
    assert later <= board.expected_turns
    assert "minimises the expected number of turns" in board.choice


def test_board_choice_prefers_the_missing_row():
    # Everything on X but row 10, one square short: the roll 2-3-5-5 can make a 10.
    move = race.board_choice((4, 4, 3, 3, 2, 1), (5, 3, 2, 5))
    assert 10 in move.steps
    assert race.board_choice((4, 4, 3, 3, 2, 1), (1, 1, 1, 1), lucky_loser=False) is None


def test_race_table():
    table = race.race_table(within=(1, 5))
    assert list(table.index) == ["5", "6", "7", "8", "9", "10", "board"]
    assert list(table.columns) == ["squares", "expected turns", "within 1", "within 5"]
    assert table.loc["board", "squares"] == 18


# --- arguments --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: race.row_race(4), "row must be one of"),
        (lambda: race.row_race(True), "row must be one of"),
        (lambda: race.row_race("5"), "row must be one of"),
        (lambda: race.row_race(5, squares=0), "squares must be"),
        (lambda: race.row_race(5, start=5), "start must be"),
        (lambda: race.row_race(5, max_turns=-1), "max_turns must be"),
        (lambda: race.row_race(5, lucky_loser=1), "lucky_loser must be"),
        (lambda: race.row_race(5, max_turns=2).chance_within(3), "at most 2 turns"),
        (lambda: race.board_race(row_lengths=(4, 4, 3)), "row_lengths needs six"),
        (lambda: race.board_race(start=(5, 0, 0, 0, 0, 0)), "square in row 5"),
        (lambda: race.board_choice((0,) * 6, (1, 2, 3)), "four faces"),
        (lambda: race.board_choice((0,) * 6, (1, 2, 3, 7)), "A die must be"),
        (lambda: race.board_choice((0,) * 5, (1, 2, 3, 4)), "six squares"),
    ],
)
def test_bad_arguments(call, words):
    with pytest.raises(ProbabilityError, match=words):
        call()


def test_the_race_plot_draws_each_row_and_the_board() -> None:
    import matplotlib

    matplotlib.use("Agg")
    figure = race.plot_race(max_turns=8)
    lines = figure.axes[0].get_lines()
    assert [line.get_label() for line in lines][-1] == "whole board" and len(lines) == 7
    board = race.board_race(max_turns=8)
    assert list(lines[-1].get_ydata()) == pytest.approx(
        [board.chance_within(k) for k in range(1, 9)]
    )
    row9 = race.row_race(9, max_turns=8)
    assert list(lines[4].get_ydata()) == pytest.approx([float(x) for x in row9.within])
