"""summary() on real Level X simulations, seats rotated: results per bot, not per seat."""

from __future__ import annotations

import pytest

from levelwidgets.analysis import rotate_seats, summary, wilson_interval
from levelwidgets.analysis.levelx_frames import games_frame, seat_names
from levelwidgets.levelx import GreedyBot, RandomBot, play_game


def test_greedy_against_random_with_alternating_seats():
    seating = rotate_seats(lambda seed: [GreedyBot(), RandomBot(seed)])
    games = []
    for seed in range(7, 47):
        bots = seating(seed)
        games.append(play_game(bots, seed=seed, names=seat_names(bots)))
    frame = games_frame(games)
    s = summary(frame)
    assert s.games == 40 and s.unfinished == 0
    per_bot = s.per_bot.set_index("bot")
    assert list(per_bot.index) == ["Greedy", "Random"]
    assert list(per_bot["games"]) == [40, 40] and per_bot["wins"].sum() == 40
    # a shared win counts 1 / (winners) for each (summary's rule)
    greedy = [g.names.index("Greedy") for g in games]
    greedy_wins = sum(
        1 / len(g.winners) for g, seat in zip(games, greedy, strict=True) if seat in g.winners
    )
    assert per_bot.loc["Greedy", "wins"] == greedy_wins
    assert (per_bot.loc["Greedy", "ci_low"], per_bot.loc["Greedy", "ci_high"]) == pytest.approx(
        wilson_interval(greedy_wins, 40)
    )
    assert per_bot.loc["Greedy", "win_rate"] > 0.8
    assert (frame["bot_0"] == "Greedy").sum() == 20  # every other game Greedy sits first
    assert s.first_seat["wins"] == sum(1 / len(g.winners) for g in games if 0 in g.winners)
    assert s.lengths["max"] == max(g.plies for g in games)
    assert s.turns.tolist() == [g.plies for g in games]
