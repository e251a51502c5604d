"""Every argument of simulate() is checked before any work (issue 30, item 7): huge counts,
huge bot lists and wrong types are refused with the package's errors, and nothing is built
or played first (checked by what gets called and by the memory allocated, not by time)."""

from __future__ import annotations

import sys
import tracemalloc
import types
from collections.abc import Sequence

import pytest

from levelwidgets.analysis import simulate
from levelwidgets.analysis.kinds import KINDS
from levelwidgets.errors import GameLimitError, GameTypeError, GameValueError
from levelwidgets.levelx import Rules


class HugeBots(Sequence):
    """A bot list claiming ``n`` entries that records every entry read."""

    def __init__(self, n: int) -> None:
        self.n, self.read = n, 0

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i):  # type: ignore[override]
        self.read += 1
        return "random"


@pytest.fixture
def no_game(monkeypatch):
    """Fail the test if any game is played, on either simulator."""
    import dataclasses

    from levelwidgets.analysis import batch

    def boom(*args, **kwargs):
        raise AssertionError("a game was played before the arguments were checked")

    for name, kind in KINDS.items():
        monkeypatch.setitem(KINDS, name, dataclasses.replace(kind, play=boom))
    monkeypatch.setattr(batch, "play_block", boom)


BASE = {"game": "levelx", "bots": ["random", "greedy"], "n_games": 10, "progress": False}

REFUSED = [
    ({"players": 10**9}, GameLimitError, "levelx is for 2–4 players, not 1000000000"),
    ({"players": 2.0}, GameTypeError, "players must be a whole number"),
    ({"players": 1}, GameLimitError, "2–4 players"),
    ({"n_games": 10**15}, GameLimitError, r"n_games must be a whole number 1–100,000,000"),
    ({"n_games": 10.0}, GameTypeError, "n_games must be"),
    ({"n_games": "10"}, GameTypeError, "n_games must be"),
    ({"n_games": -3}, GameValueError, "n_games must be"),
    ({"seed": 2**128}, GameValueError, "seed must be"),
    ({"seed": "7"}, GameTypeError, "seed must be"),
    ({"bots": "random"}, GameTypeError, "bots must be a list"),
    ({"bots": 42}, GameTypeError, "bots must be a list"),
    ({"bots": []}, GameLimitError, "give 1–4 bots, not 0"),
    ({"bots": range(10**12)}, GameLimitError, "not 1,000,000,000,000"),
    ({"bots": ["random"] * 5}, GameLimitError, "give 1–4 bots, not 5"),
    ({"bots": ["random", 3.5]}, GameTypeError, "a bot must be a name or a factory"),
    ({"game": 3}, GameTypeError, "game must be one of"),
    ({"game": "chess"}, GameValueError, "game must be one of"),
    ({"rules": {"oust": "owner"}}, GameTypeError, "Rules"),
    ({"game": "level8", "rules": Rules()}, GameTypeError, "keyword options as a dict"),
    ({"executor": 4}, GameTypeError, "executor must be"),
    ({"progress": "yes"}, GameTypeError, "progress must be True or False"),
    ({"keep_games": 1}, GameTypeError, "keep_games must be True or False"),
    ({"chunk_size": 0}, GameValueError, "chunk_size must be"),
    ({"chunk_size": 10**15}, GameValueError, "chunk_size must be"),
    ({"chunk_size": 2.5}, GameTypeError, "chunk_size must be"),
    ({"engine": "gpu"}, GameValueError, "engine must be one of auto, engine, batch"),
    ({"engine": None}, GameTypeError, "engine must be one of"),
    ({"paired": "yes"}, GameTypeError, "paired must be True or False"),
    ({"paired": True}, GameValueError, "paired=True compares variants"),
]


@pytest.mark.parametrize(("kwargs", "error", "message"), REFUSED)
def test_bad_arguments_are_refused_before_any_game(kwargs, error, message, no_game):
    args = {**BASE, **kwargs}
    if kwargs.get("game") == "level8" and "bots" not in kwargs:
        args["bots"] = ["random", "heuristic"]
    tracemalloc.start()
    try:
        with pytest.raises(error, match=message):
            simulate(**args)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 2_000_000, peak  # nothing sized by the refused count was built


def test_a_huge_bot_list_is_refused_without_reading_it(no_game):
    bots = HugeBots(10**15)
    with pytest.raises(GameLimitError, match="give 1–4 bots"):
        simulate("levelx", bots, 10, progress=False)
    with pytest.raises(GameLimitError, match="give 1–6 bots"):
        simulate("level8", bots, 10, players=3, progress=False)
    assert bots.read == 0


def test_players_repeat_a_short_list_and_cap_the_seats(no_game):
    bots = HugeBots(2)
    with pytest.raises(GameLimitError, match="not 1000000000"):
        simulate("levelx", bots, 10, players=10**9, progress=False)
    assert bots.read == 0


def test_the_docstring_states_the_largest_sizes():
    doc = simulate.__doc__ or ""
    for words in ("100,000,000", "2**128", "4 for Level X, 6 for Level 8", "variants ≤ 100"):
        assert words in doc


# ---------------------------------------------------------------------------------------------
# paired=True hands its variants to analysis.paired.simulate_paired


@pytest.fixture
def fake_paired(monkeypatch):
    """A stand-in for levelwidgets.analysis.paired (written by the statistics work) that
    records its call."""
    calls = []
    module = types.ModuleType("levelwidgets.analysis.paired")

    def simulate_paired(game, variants, n_games, seed=0, **kw):
        calls.append((game, variants, n_games, seed, kw))
        return "paired frame"

    module.simulate_paired = simulate_paired  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "levelwidgets.analysis.paired", module)
    return calls


def test_paired_bots_go_to_simulate_paired(fake_paired):
    bots = {"greedy": ["greedy", "random"], "expectimax": ["expectimax", "random"]}
    out = simulate("levelx", bots, 40, seed=5, paired=True, progress=False)
    assert out == "paired frame"
    [(game, variants, n, seed, kw)] = fake_paired
    assert (game, n, seed) == ("levelx", 40, 5)
    assert variants == {
        "greedy": {"bots": ["greedy", "random"]},
        "expectimax": {"bots": ["expectimax", "random"]},
    }
    assert kw["engine"] == "auto" and kw["progress"] is False


def test_paired_rules_go_to_simulate_paired(fake_paired):
    rules = {"printed": Rules(), "no lucky loser": Rules(lucky_loser=False)}
    simulate("levelx", ["greedy", "random"], 10, paired=True, rules=rules, progress=False)
    [(_, variants, _, _, _)] = fake_paired
    assert list(variants) == ["printed", "no lucky loser"]
    assert variants["printed"] == {"bots": ["greedy", "random"], "rules": rules["printed"]}


def test_paired_checks_every_variant_before_any_game(fake_paired, no_game):
    bots = {"a": ["greedy", "random"], "b": ["greedy", "genius"]}
    with pytest.raises(GameValueError, match="unknown bot 'genius'"):
        simulate("levelx", bots, 10, paired=True, progress=False)
    with pytest.raises(GameLimitError, match="1–100 variants, not 101"):
        simulate("levelx", {str(i): ["random"] * 2 for i in range(101)}, 10, paired=True)
    with pytest.raises(GameValueError, match="one of the two"):
        simulate("levelx", bots, 10, paired=True, rules={"x": Rules()})
    with pytest.raises(GameTypeError, match="progress must be"):
        simulate("levelx", {"a": ["random"] * 2}, 10, paired=True, progress=None)
    assert fake_paired == []
