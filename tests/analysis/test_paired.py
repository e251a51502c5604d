"""simulate_paired(): every variant plays the same games, and bad variants are refused
before a single game is played."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from levelwidgets.analysis import simulate
from levelwidgets.analysis.arguments import AnalysisError, AnalysisTypeError
from levelwidgets.analysis.paired import simulate_paired
from levelwidgets.errors import GameError
from levelwidgets.levelx import Rules


def test_rule_variants_share_seeds_seats_and_bots():
    variants = {"printed": {}, "no Lucky Loser": {"rules": Rules(lucky_loser=False)}}
    frame = simulate_paired("levelx", variants, 12, seed=5, bots=["greedy", "random"],
                            progress=False)  # fmt: skip
    alone = simulate("levelx", ["greedy", "random"], 12, seed=5, progress=False)
    assert list(frame.columns) == [*alone.columns, "variant", "pair"]
    assert frame.attrs["variants"] == list(variants) and frame.attrs["paired"]
    assert frame.attrs["complete"] and frame.attrs["game"] == "levelx"
    assert frame["pair"].dtype == np.int64 and len(frame) == 24
    printed = frame[frame["variant"] == "printed"].drop(columns=["variant", "pair"])
    assert printed.reset_index(drop=True).equals(alone)  # the first variant is plain simulate
    other = frame[frame["variant"] == "no Lucky Loser"]
    for column in ("seed", "game_index", "bot_0", "bot_1"):
        assert (other[column].to_numpy() == printed[column].to_numpy()).all(), column
    assert list(other["pair"]) == list(range(12))


def test_bot_line_ups_as_variants():
    variants = {"greedy first": {"bots": ["greedy", "random"]},
                "both random": {"bots": ["random", "random"]}}  # fmt: skip
    frame = simulate_paired("levelx", variants, 6, seed=1, progress=False)
    a, b = (frame[frame["variant"] == v] for v in variants)
    assert (a["seed"].to_numpy() == b["seed"].to_numpy()).all()
    assert set(a["bot_0"]) == {"Greedy", "Random"} and set(b["bot_0"]) == {"Random 1", "Random 2"}


@pytest.mark.parametrize(
    ("variants", "kw", "error", "message"),
    [
        ([{"rules": None}], {"bots": ["random"] * 2}, AnalysisTypeError, "must be a dict"),
        ({"only": {}}, {"bots": ["random"] * 2}, AnalysisError, "at least two"),
        ({"a": {}, "b": {"seed": 3}}, {"bots": ["random"] * 2}, AnalysisError, "only 'bots'"),
        ({"a": {}, "b": {}}, {}, AnalysisError, "has no bots"),
        ({"a": {}, "b": []}, {"bots": ["random"] * 2}, AnalysisTypeError, "must be a dict"),
        ({"a": {}, 3: {}}, {"bots": ["random"] * 2}, AnalysisTypeError, "label"),
    ],
)
def test_bad_variants_are_refused_before_any_game(monkeypatch, variants, kw, error, message):
    def no_games(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr(sys.modules["levelwidgets.analysis.simulate"], "simulate", no_games)
    with pytest.raises(error, match=message) as info:
        simulate_paired("levelx", variants, 5, **kw)
    assert isinstance(info.value, GameError)
