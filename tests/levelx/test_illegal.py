"""Every illegal call raises a specific LevelXError and leaves the game exactly as it was."""

from __future__ import annotations

import pytest

from levelwidgets.levelx import (
    AlreadyRolledError,
    FacesNotInRollError,
    GameOverError,
    GroupSumError,
    InvalidDiceError,
    LevelX,
    LevelXError,
    LuckyLoserError,
    NotationError,
    NothingToUndoError,
    NotRolledError,
    NotYourTurnError,
    RandomBot,
    Rules,
    RulesError,
    play_game,
)

from .helpers import turn


def _rolled(dice, rules=None) -> LevelX:
    game = LevelX(["Ann", "Ben"], seed=3, rules=rules)
    turn(game, (5, 5, 2, 2), "5 5")  # some history first
    game.roll(dice)
    return game


def _assert_rejected(game: LevelX, action, error: type[LevelXError], words: str = "") -> str:
    before = game.snapshot()
    with pytest.raises(error) as info:
        action(game)
    assert game.snapshot() == before, "a rejected action must change nothing"
    message = str(info.value)
    assert words.lower() in message.lower(), message
    return message


@pytest.mark.parametrize(
    "dice, move, error, words",
    [
        ((1, 2, 3, 4), "6", FacesNotInRollError, "does not have"),
        ((5, 5, 2, 2), "5 5 5", FacesNotInRollError, "does not have"),
        ((5, 5, 2, 2), "5+2 5+2 2", GroupSumError, "makes 2"),
        ((2, 2, 2, 2), "2+2", GroupSumError, "rows go from 5 to 10"),
        ((6, 6, 2, 2), "6+6", GroupSumError, "makes 12"),
        ((1, 2, 3, 4), "1+1+3", FacesNotInRollError, "1"),
        ((1, 1, 1, 5), "6 6 6", LuckyLoserError, "at most 2"),
        ((1, 1, 1, 5), "1+6 1+6", LuckyLoserError, "1 used as a 1"),
        ((1, 2, 3, 4), "1+6", FacesNotInRollError, "does not have"),  # one 1: no Lucky Loser
        ((5, 5, 5, 5), "5 5 5 5 5", FacesNotInRollError, "only 4"),
        ((5, 5, 5, 5), "five", NotationError, "1+6 5+5"),
        ((5, 5, 5, 5), "5+", NotationError, "1+6 5+5"),
        ((5, 5, 5, 5), [(5, 7)], FacesNotInRollError, "7 is not a face"),
        ((5, 5, 5, 5), [()], NotationError, "at least one die"),
        ((5, 5, 5, 5), 42, NotationError, "notation"),
        ((5, 5, 5, 5), ["55"], NotationError, "group"),
    ],
)
def test_bad_moves(dice, move, error, words):
    _assert_rejected(_rolled(dice), lambda g: g.play(move), error, words)


def test_turning_ones_without_lucky_loser():
    game = _rolled((1, 1, 1, 5), Rules(lucky_loser=False))
    msg = _assert_rejected(game, lambda g: g.play("1+6 5+5"), FacesNotInRollError)
    assert "Lucky Loser is switched off" in msg


def test_playing_before_rolling():
    game = LevelX(["Ann", "Ben"], seed=3)
    msg = _assert_rejected(game, lambda g: g.play("5 5"), NotRolledError, "roll the dice first")
    assert "Ann" in msg
    _assert_rejected(game, lambda g: g.legal_moves(), NotRolledError)
    _assert_rejected(game, lambda g: g.groupings(), NotRolledError)


def test_rolling_twice():
    game = _rolled((5, 5, 2, 2))
    _assert_rejected(game, lambda g: g.roll(), AlreadyRolledError, "already rolled 5-5-2-2")
    _assert_rejected(game, lambda g: g.roll((1, 1, 1, 1)), AlreadyRolledError)


def test_acting_out_of_turn():
    game = LevelX(["Ann", "Ben"], seed=3)
    _assert_rejected(game, lambda g: g.roll(player=1), NotYourTurnError, "Ann's turn, not Ben's")
    game.roll((5, 5, 5, 5), player=0)
    _assert_rejected(game, lambda g: g.play("5", player=1), NotYourTurnError, "Ann's turn")
    game.play("5", player=0)
    assert game.current_player == 1


@pytest.mark.parametrize(
    "dice", [(1, 2, 3), (0, 1, 2, 3), (1, 2, 3, 7), "1234", (1.0, 2, 3, 4), 5, (True, 2, 3, 4)]
)
def test_bad_dice(dice):
    _assert_rejected(LevelX(2, seed=1), lambda g: g.roll(dice), InvalidDiceError, "four numbers")


def test_playing_after_the_end():
    game = play_game([RandomBot(1), RandomBot(2)], seed=5)
    _assert_rejected(game, lambda g: g.roll(), GameOverError, "game is over")
    _assert_rejected(game, lambda g: g.play("-"), GameOverError, "game is over")


def test_nothing_to_undo():
    _assert_rejected(LevelX(2, seed=1), lambda g: g.undo(), NothingToUndoError, "nothing to undo")


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"players": 1}, "2 to 4 players"),
        ({"players": 5}, "2 to 4 players"),
        ({"players": ["Ann", "Ann"]}, "different"),
        ({"players": ["Ann", " "]}, "empty"),
        ({"players": "Ann"}, "list of names"),
        ({"players": 2, "seed": "x"}, "seed"),
        ({"players": 2, "rules": "fast"}, "Rules"),
    ],
)
def test_bad_setup(kwargs, words):
    with pytest.raises(RulesError, match=words):
        LevelX(**kwargs)


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"oust": "nowhere"}, "oust"),
        ({"lucky_loser": "yes"}, "lucky_loser"),
        ({"row_lengths": (4, 4, 3)}, "six"),
        ({"row_lengths": (4, 4, 3, 3, 2, 0)}, "six"),
        ({"chips_for_players": {2: (1, 2)}}, "six"),
        ({"bonus_tiles": (15, -1)}, "bonus"),
    ],
)
def test_bad_rules(kwargs, words):
    with pytest.raises(RulesError, match=words):
        Rules(**kwargs)


def test_missing_player_count_in_rules():
    with pytest.raises(RulesError, match="no chip counts for 3"):
        LevelX(3, rules=Rules(chips_for_players={2: (1,) * 6}))


def test_bad_queries_name_the_valid_range():
    game = LevelX(2, seed=1)
    with pytest.raises(RulesError, match="rows are 5 to 10"):
        game.piece(0, 4)
    with pytest.raises(RulesError, match="seats are 0 to 1"):
        game.score(2)
    with pytest.raises(NotationError, match="between 0 and 0"):
        game.after(3)


def test_every_error_is_a_levelx_error():
    import levelwidgets.levelx as lx

    names = [n for n in lx.__all__ if n.endswith("Error")]
    assert len(names) >= 12
    assert all(issubclass(getattr(lx, n), LevelXError) for n in names)


def test_rules_cannot_be_changed_after_creation():
    rules = Rules()
    with pytest.raises(TypeError):
        rules.chips_for_players[4] = (1,) * 6
    with pytest.raises(AttributeError):
        rules.oust = "row_start"
    assert Rules() == rules and hash(Rules()) == hash(rules)
