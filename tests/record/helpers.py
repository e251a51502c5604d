"""Seeded games and records for the record tests."""

from __future__ import annotations

from levelwidgets import level8, levelx
from levelwidgets.record import GameRecord


def levelx_game(seed: int = 3, players: int = 2) -> levelx.LevelX:
    bots = [levelx.GreedyBot() if i % 2 else levelx.RandomBot(seed + i) for i in range(players)]
    return levelx.play_game(bots, seed=seed)


def level8_game(seed: int = 4, players: int = 3) -> level8.Level8:
    bots = [
        level8.HeuristicBot(seed + i) if i % 2 == 0 else level8.RandomBot(seed + i)
        for i in range(players)
    ]
    return level8.play_game(bots, seed=seed)


def annotated_levelx() -> GameRecord:
    """A Level X record with comments, marks, highlights and nested variations."""
    rec = GameRecord.from_game(levelx_game(5))
    rec.set_header("event", "Lesson 3").set_header("date", "2025-03-01")
    rec.comment("The start.")
    move = rec.mainline_node(4)
    move.comment("Greedy.").comment("Better: wait.").mark("?!")
    move.highlight(row=7, colour="red").highlight(square=(8, 2), colour="#00ff88")
    rec.mainline_node(3).highlight(die=0).highlight(group=(1, 2), colour="blue")
    alt = rec.mainline_node(3).add_variation("-")  # pass instead
    alt.comment("Passing keeps the row open.").mark("!")
    roll = alt.add_variation((6, 6, 6, 6))
    deeper = roll.add_variation("6 6 6 6")
    deeper.add_variation("roll").comment("seeded dice")
    roll.add_variation("-").mark("??")  # a second variation inside the variation
    return rec
