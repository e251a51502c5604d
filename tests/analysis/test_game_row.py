"""A study's row says what the engine says: winners, ties and chips of every Level X game.

The row reads a Level X game's scores once and takes the winners from them (the engine's rule:
the top score wins, ties share); these games check that against ``LevelX.winners`` itself.
"""

from __future__ import annotations

from levelwidgets.analysis.rows import game_row
from levelwidgets.levelx import LevelX, RandomBot, play_game


def test_levelx_rows_name_the_engines_winners_ties_and_chips() -> None:
    ties = 0
    for k in range(300):
        players = 2 + k % 3
        g = play_game([RandomBot(10 * k + s) for s in range(players)], seed=k)
        labels = [f"bot{s}" for s in range(players)]
        row = game_row("levelx", g, k, k, labels)
        winners = list(g.winners)
        assert row["winner_seats"] == tuple(winners)
        assert row["tie"] == (len(winners) > 1)
        assert row["winner_seat"] == (winners[0] if len(winners) == 1 else -1)
        assert row["winner_bot"] == (labels[winners[0]] if len(winners) == 1 else None)
        assert [row[f"score_{s}"] for s in range(players)] == g.scores()
        for r in range(5, 11):
            assert row[f"chips_row_{r}"] == sum(g.chips_held(p)[r] for p in range(players))
        ties += row["tie"]
    assert ties > 0, "no tie among 300 games: the tie rule went untested"


def test_an_unfinished_game_has_no_winner() -> None:
    g = LevelX(["Ann", "Ben"], seed=1)
    row = game_row("levelx", g, 0, 1, ["a", "b"])
    seen = (row["over"], row["winner_seats"], row["winner_seat"], row["tie"])
    assert seen == (False, (), None, False)
