"""The move advisor: its ranking, its exact expected values against brute force over all 1,296
ordered rolls, and that advising changes nothing."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import product

import pytest

from levelwidgets.levelx import GreedyBot, LevelX, RandomBot, Rules
from levelwidgets.levelx.advisor import advise
from levelwidgets.levelx.errors import GameOverError, InvalidDiceError, NotRolledError


def rules_example(**extra: object) -> LevelX:
    """Red one square before X5 and on X6, Green on X5; Red rolled 5-5-6-1."""
    return LevelX.from_position(
        ["Red", "Green"],
        pieces=[{5: 3, 6: 4}, {5: 4}],
        chips=[{6: 1}, {5: 1}],
        seed=1,
        **extra,  # type: ignore[arg-type]
    )


def brute_future(game: LevelX, notation: str) -> Fraction:
    """The definition, spelled out: play the move on a copy; unless the game ends first, the
    same player rolls again (the others frozen), and for each of the 1,296 ordered rolls the
    best move's points (chips and bonus tiles, read from the engine's preview) count."""
    player = game.current_player
    after = game.clone()
    after.play(notation)
    if after.is_last_round or after.is_over:
        return Fraction(0)
    after._state.current = player  # the others' turns are left out
    total = 0
    for dice in product(range(1, 7), repeat=4):
        after._set_dice(dice, False)  # type: ignore[arg-type]
        total += max(
            sum(e.value for e in after.preview(m) if e.kind in ("chip", "bonus"))
            for m in after.legal_moves()
        )
    return Fraction(total, 6**4)


def played_position(seed: int) -> LevelX:
    """A seeded game after 0 to ~90 turns of random and greedy play, dice rolled."""
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4])
    rules = Rules(oust=rng.choice(["owner", "row_start"]), lucky_loser=rng.random() < 0.8)
    game = LevelX(players, seed=seed, rules=rules)
    bots = [RandomBot(seed + p) if rng.random() < 0.5 else GreedyBot() for p in range(players)]
    game.autoplay(bots, max_turns=rng.randrange(0, 90))
    if game.is_over:
        game.rewind(game.plies - 1)  # often the last round: advice says "no next turn"
    game.roll()
    return game


def set_up_position(seed: int) -> LevelX:
    """A random position set up by hand (pieces anywhere, a few chips, tiles per set)."""
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4])
    game = LevelX(players)
    lengths, supply = game.rules.row_lengths, game.rules.chips(players)
    pieces = [[0] * 6 for _ in range(players)]
    chips = [[rng.choice([0, 1, 1, 2]) for _ in range(6)] for _ in range(players)]
    for i in range(6):
        for p in rng.sample(range(players), players):
            square = rng.randrange(lengths[i] + 1)
            on_x = any(pieces[q][i] == lengths[i] for q in range(players))
            pieces[p][i] = square if not (square == lengths[i] and on_x) else 0
        if rng.random() < 0.1:  # close the row: the chips left go to one player
            chips[0][i] += supply[i] - sum(c[i] for c in chips)
            for p in range(players):
                pieces[p][i] = 0
    stack, tiles = list(game.rules.bonus_tiles), [[] for _ in range(players)]
    for p in range(players):
        for _ in range(min(chips[p])):
            if stack:
                tiles[p].append(stack.pop(0))
    return LevelX.from_position(
        players,
        pieces=pieces,
        chips=chips,
        tiles=tiles,
        current=rng.randrange(players),
        dice=tuple(rng.randint(1, 6) for _ in range(4)),
        seed=seed,
    )


def test_the_rules_example_ranked() -> None:
    game = rules_example(dice=(5, 5, 6, 1))
    advice = advise(game)
    assert [a.notation for a in advice[:3]] == ["5 1+5 6", "5 5 6", "1+5 6"]
    best = advice[0]
    assert (best.points, best.progress, best.rank) == (17, 1, 1)
    assert best.expected == 17 + best.future and best.key == "5,6,6"
    assert best.future == brute_future(game, best.notation)
    assert {a.key for a in advice} == {_key(m.steps) for m in game.legal_moves()}
    assert advice[-1].notation == "-" and advice[-1].points == 0
    assert best.to_dict() == {
        "move": "5 1+5 6",
        "pts": 17,
        "prog": 1,
        "ev": round(float(best.expected), 2),
        "exact": f"{best.expected * 1296}/1296",
        "rank": 1,
    }


def _key(steps: tuple[int, ...]) -> str:
    return ",".join(map(str, steps)) or "-"


def test_ranking_order_and_ties() -> None:
    """Expected value first, then points now, then progress; equal on all three, equal rank,
    in the order of legal_moves()."""
    for seed in range(12):
        game = played_position(seed)
        advice = advise(game)
        legal = [m.notation for m in game.legal_moves()]
        measures = [(a.expected, a.points, a.progress) for a in advice]
        assert measures == sorted(measures, reverse=True)
        for n, a in enumerate(advice):
            if n and measures[n] == measures[n - 1]:
                assert a.rank == advice[n - 1].rank
                assert legal.index(a.notation) > legal.index(advice[n - 1].notation)
            else:
                assert a.rank == n + 1
        assert sorted(a.notation for a in advice) == sorted(legal)


def test_expected_values_equal_brute_force_on_50_positions() -> None:
    """40 positions from play and 10 set up by hand; per position the best, the worst and one
    more move against the brute force over all 1,296 ordered rolls."""
    checked = last_round = 0
    for seed in range(50):
        game = played_position(seed) if seed < 40 else set_up_position(seed)
        before = game.snapshot()
        advice = advise(game)
        picks = {0, len(advice) - 1, random.Random(seed).randrange(len(advice))}
        for n in sorted(picks):
            a = advice[n]
            assert a.future == brute_future(game, a.notation), (seed, a.notation)
            checked += 1
        last_round += game.is_last_round
        assert game.snapshot() == before
    assert checked >= 120 and last_round >= 1


def test_advising_changes_nothing_and_dice_can_be_given() -> None:
    game = LevelX(3, seed=9)
    game.autoplay([GreedyBot(), RandomBot(1), RandomBot(2)], max_turns=20)
    before = (game.snapshot(), game.to_json())
    asked = advise(game, dice=(1, 1, 3, 6))  # before the roll: no roll is made
    assert (game.snapshot(), game.to_json()) == before
    game.roll((1, 1, 3, 6))
    rolled = (game.snapshot(), game.to_json())
    assert advise(game) == asked
    assert advise(game, dice=(2, 2, 2, 2)) == advise(_rolled(game, (2, 2, 2, 2)))
    assert (game.snapshot(), game.to_json()) == rolled


def _rolled(game: LevelX, dice: tuple[int, ...]) -> LevelX:
    other = game.clone()
    other.undo()
    other.roll(dice)
    return other


def test_no_next_turn_in_the_last_round() -> None:
    """Every bonus tile taken: the round is the last, so the future is 0 for every move."""
    game = LevelX.from_position(
        2, pieces=[{}, {}], chips=[[3] * 6, [1] * 6], tiles=[[15, 12, 6], [9]], dice=(5, 5, 5, 5)
    )
    assert game.is_last_round
    advice = advise(game)
    assert all(a.future == 0 and a.expected == a.points for a in advice)
    assert advice[0].notation == "5+5 5+5" and advice[0].points == 10  # X10 in two steps


def test_refusals() -> None:
    game = LevelX(2, seed=1)
    with pytest.raises(NotRolledError):
        advise(game)
    with pytest.raises(InvalidDiceError):
        advise(game, dice=(0, 1, 2, 3))
    over = LevelX.from_position(
        2, pieces=[{}, {}], chips=[[3] * 6, [1] * 6], tiles=[[15, 12, 6], [9]], current=1
    )
    over.roll((2, 2, 2, 2))
    over.play("-")
    with pytest.raises(GameOverError):
        advise(over, dice=(5, 5, 5, 5))
