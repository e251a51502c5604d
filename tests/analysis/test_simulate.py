"""levelwidgets.analysis.simulate: one entry point for both games, the same frame on any
executor, seats rotated, SeedSequence seeds, and a stop that keeps the games done."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest

from levelwidgets.analysis import SimulationStopped, game_seed, simulate, summary
from levelwidgets.errors import GameLimitError, GameTypeError, GameValueError
from levelwidgets.level8.board import Level8Board
from levelwidgets.levelx import GreedyBot, LevelX, RandomBot


def test_the_frame_is_identical_in_process_in_threads_and_in_processes():
    serial = simulate("levelx", ["greedy", "random"], 40, seed=7, progress=False)
    with ThreadPoolExecutor(3) as pool:
        threads = simulate(
            "levelx", ["greedy", "random"], 40, seed=7, progress=False, executor=pool, chunk_size=3
        )
    procs = simulate(
        "levelx", ["greedy", "random"], 40, seed=7, progress=False, executor="processes"
    )
    assert serial.equals(threads) and serial.equals(procs)
    assert list(serial["game_index"]) == list(range(40)) and serial.attrs["complete"]
    other = simulate("levelx", ["greedy", "random"], 40, seed=8, progress=False)
    assert not serial["seed"].equals(other["seed"])


def test_game_seeds_are_the_seed_sequence_children():
    children = np.random.SeedSequence(5).spawn(3)
    for k, child in enumerate(children):
        words = child.generate_state(2, dtype=np.uint32)
        assert game_seed(5, k) == (int(words[0]) << 31) ^ int(words[1])
    frame = simulate("levelx", ["greedy", "greedy"], 3, seed=5, progress=False)
    assert list(frame["seed"]) == [game_seed(5, k) for k in range(3)]


def test_seats_rotate_and_name_the_bots():
    frame = simulate("levelx", ["greedy", "random", "random"], 6, seed=1, progress=False)
    assert list(frame["bot_0"]) == ["Greedy", "Random 2", "Random 3"] * 2
    assert list(frame["bot_1"]) == ["Random 2", "Random 3", "Greedy"] * 2
    s = summary(frame)
    assert "Greedy" in str(s) and len(frame) == 6
    wins = frame["winner_bot"].value_counts()
    assert wins.get("Greedy", 0) >= 5  # greedy beats two random bots


def test_both_level8_games_and_kept_records():
    cards = simulate("level8", ["heuristic", "random"], 4, seed=2, progress=False)
    assert set(cards["winner_bot"]) == {"Heuristic"} and cards["over"].all()
    assert {"score_0", "score_1", "rounds_to_finish"} <= set(cards.columns)
    board = simulate(
        "level8board", ["heuristic", "random"], 3, seed=2, progress=False, keep_games=True
    )
    game = Level8Board.from_json(board["record"][0])
    assert game.is_over and game.seed == board["seed"][0]
    levelx = simulate("levelx", [RandomBot, "greedy"], 2, seed=2, progress=False, keep_games=True)
    assert LevelX.from_json(levelx["record"][1]).plies == levelx["turns"][1]
    played = LevelX.from_json(levelx["record"][0])
    for r in range(5, 11):  # chips taken from each row, over every seat
        taken = sum(played.chips_held(seat)[r] for seat in range(2))
        assert levelx.loc[0, f"chips_row_{r}"] == taken
    assert sum(levelx.loc[0, f"chips_row_{r}"] for r in range(5, 11)) > 0


class _Breaks:
    """A Level X bot factory (for both seats) that fails in game 5 (like a crashing worker)."""

    def __init__(self, error: type[BaseException]) -> None:
        self.error = error
        self.calls = 0

    def __call__(self, seed: int) -> GreedyBot:
        self.calls += 1
        if self.calls == 11:  # game k asks for seats 0 and 1: calls 2k + 1, 2k + 2
            raise self.error("the bot broke")
        return GreedyBot()


@pytest.mark.parametrize("error", [RuntimeError, KeyboardInterrupt])
def test_a_failing_game_or_ctrl_c_stops_with_the_games_done(error):
    with pytest.warns(SimulationStopped, match=r"stopped after 5 of 20 games"):
        frame = simulate("levelx", [_Breaks(error)], 20, players=2, progress=False, chunk_size=1)
    assert len(frame) == 5 and not frame.attrs["complete"]
    assert list(frame["game_index"]) == list(range(5))


def test_progress_bar_and_bad_arguments():
    frame = simulate("levelx", ["greedy", "random"], 2, progress=True, engine="engine")
    assert len(frame) == 2
    for kwargs, error, message in [
        ({"game": "chess"}, GameValueError, "game must be one of"),
        ({"bots": ["genius", "random"]}, GameValueError, "unknown bot 'genius'"),
        ({"n_games": 0}, GameValueError, "n_games must be"),
        ({"n_games": True}, GameTypeError, "n_games must be"),
        ({"seed": -1}, GameValueError, "seed must be"),
        ({"bots": ["random"] * 5}, GameLimitError, "levelx is for 2–4 players"),
        ({"bots": [42, "random"]}, GameTypeError, "a bot must be a name or a factory"),
        ({"executor": "cloud"}, GameTypeError, "executor must be"),
    ]:
        args = {"game": "levelx", "bots": ["greedy", "random"], "n_games": 2, "progress": False}
        args.update(kwargs)
        with pytest.raises(error, match=message):
            simulate(**args)
    assert issubclass(GameTypeError, TypeError) and issubclass(GameLimitError, ValueError)


def test_every_named_bot_plays_through_simulate():
    frame = simulate("levelx", ["expectimax", "greedy", "random"], 3, seed=2, progress=False)
    assert sorted(frame["bot_0"]) == ["Expectimax", "Greedy", "Random"] and frame["over"].all()


def test_the_level8_search_bot_plays_through_simulate():
    frame = simulate("level8", ["search", "random"], 2, seed=1, progress=False)
    assert list(frame["bot_0"]) == ["Search", "Random"] and frame["over"].all()
    assert list(frame["winner_bot"]) == ["Search", "Search"]
