"""Bots play legally and Greedy beats Random; the SVG picture is well-formed and complete."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from levelwidgets.levelx import GreedyBot, LevelX, RandomBot, play_game

from .helpers import turn


def test_random_bot_picks_legal_moves_uniformly():
    game = LevelX(2, seed=1)
    game.roll((2, 3, 4, 5))
    legal = game.legal_moves()
    bot = RandomBot(seed=0)
    picks = [bot.choose(game) for _ in range(2000)]
    assert set(picks) == set(legal)  # every move gets picked
    assert all(p in legal for p in picks)


def test_greedy_takes_points_first():
    game = LevelX(2, seed=1)
    turn(game, (5, 5, 5, 5), "5+5 5+5")  # p0 on X10
    turn(game, (2, 2, 2, 2), "-")
    game.roll((5, 5, 4, 1))
    move = GreedyBot().choose(game)
    assert 10 in move.steps, "a 10 chip is worth taking"


def test_greedy_beats_random_most_of_the_time():
    wins = 0
    for seed in range(100):
        seats = [GreedyBot(), RandomBot(seed)] if seed % 2 else [RandomBot(seed), GreedyBot()]
        greedy_seat = 0 if seed % 2 else 1
        game = play_game(seats, seed=seed)
        wins += greedy_seat in game.winners
    assert wins >= 80


def test_play_game_uses_names_and_rejects_wrong_bot_count():
    import pytest

    from levelwidgets.levelx import RulesError

    game = play_game([RandomBot(1), RandomBot(2)], seed=3, names=["Ann", "Ben"])
    assert game.names == ["Ann", "Ben"] and game.is_over
    with pytest.raises(RulesError, match="one bot per seat"):
        play_game([RandomBot(1)], seed=3, names=["Ann", "Ben"])


def test_svg_is_well_formed_and_shows_the_position():
    game = LevelX(["Ann", "<b>Ben</b>", "Cy & Co"], seed=2)
    turn(game, (5, 5, 5, 5), "5 5 5 5")
    turn(game, (6, 4, 2, 2), "6+4")
    game.roll((1, 2, 3, 4))
    svg = game._repr_svg_()
    root = ET.fromstring(svg)  # well-formed XML: names are escaped
    text = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
    assert "<b>Ben</b>" in text and "Cy & Co" in text
    assert "Round 1" in text and "Cy & Co to play" in text
    chips = {t.get("data-chips"): t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert chips["5"] == "× 10" and chips["6"] == "× 10"  # one chip of row 5 taken (3 players)
    assert "Bonus tiles left: 15 12 9 6" in text
    assert svg.count("<circle") >= 6  # row labels at least


def test_svg_of_a_finished_game_names_the_winner():
    game = play_game([GreedyBot(), RandomBot(1)], seed=4, names=["Ann", "Ben"])
    svg = game._repr_svg_()
    winner = game.names[game.winners[0]]
    assert f"Game over: {winner} wins!" in svg


def test_every_event_kind_has_a_sentence():
    from levelwidgets.levelx import Event
    from levelwidgets.levelx.events import EVENT_KINDS

    samples = {
        "rolled": Event("rolled", 0, value=(1, 2, 3, 4)),
        "ousted": Event("ousted", 0, 5, None, 1),
        "game_over": Event("game_over", 0, value=(0, 1)),
    }
    names = ["Ann", "Ben"]
    for kind in EVENT_KINDS:
        event = samples.get(kind, Event(kind, 0, 7, 2, value=7))
        text = event.describe(names)
        assert text.endswith((".", "!")) and "{" not in text, (kind, text)
    assert samples["rolled"].describe(names) == "Ann rolls 1-2-3-4."
    assert samples["ousted"].describe(names) == "Ben's piece on X5 is knocked back to its owner."
    assert samples["game_over"].describe(names) == "Game over. Ann and Ben win!"
    assert Event("chip", 1, 7, value=7).describe() == "Player 2 takes a 7 chip."
