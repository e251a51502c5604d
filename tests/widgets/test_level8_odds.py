"""The Level 8 odds panel's figures in the widgets' view (issue 31, item 3).

``view["hint"]["odds"]`` is :func:`levelwidgets.level8.odds.draw_odds` for the seat the hint is
for (the seat shown; in the teacher view the seat to move), rounded for the view. These tests
check where it appears (hints on, teacher view; never for a player's opponent) and that it never
depends on a card that seat cannot see: a table dealt differently in every hidden place (a
determinization of that seat's observation) must show the same odds, at every step of whole
seeded games in the player, hot-seat and teacher modes.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from levelwidgets.level8 import HeuristicBot, Level8
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.determinize import determinize
from levelwidgets.level8.odds import draw_odds
from levelwidgets.widgets import Level8BoardWidget, Level8Widget
from levelwidgets.widgets.level8 import ODDS_PLACES

from .test_intent_fuzz import intent_of

KEYS = {"level", "missing", "unseen", "complete", "improve", "needed"}


def send(w: Level8Widget, **intent: Any) -> None:
    w._handle_message(w, intent, [])
    assert w.error == "", f"{intent}: {w.error}"


def expected(game: Level8, seat: int) -> dict[str, Any] | None:
    """draw_odds as the view carries it (chances rounded to ODDS_PLACES places)."""
    odds = draw_odds(game, seat)
    if odds is None:
        return None
    out = odds.to_dict()
    out["complete"] = round(out["complete"], ODDS_PLACES)
    out["improve"] = round(out["improve"], ODDS_PLACES)
    return out


def to_draw_with_a_level_open(seed: int, start: int = 3) -> Level8:
    """A seeded two-player game at seat 0's first draw, its level not yet complete."""
    for s in range(seed, seed + 50):
        game = Level8(["Ann", "Ben"], seed=s, start_levels=[start, start])
        odds = draw_odds(game, 0)
        if odds is not None and odds.missing > 0:
            return game
    raise AssertionError("no seed gave an open level")


def test_hints_on_put_the_odds_of_the_seat_shown_into_the_view() -> None:
    game = to_draw_with_a_level_open(1)
    w = Level8Widget(game, seat=0, hints=False)
    assert w.view["hint"] is None  # no hints asked for: no odds either
    w.hints = True
    odds = w.view["hint"]["odds"]
    assert set(odds) == KEYS
    assert odds == expected(game, 0)
    assert odds["missing"] == w.view["hint"]["missing"] > 0  # the panel and the hint agree
    assert 0 <= odds["complete"] <= odds["improve"] <= 1
    assert isinstance(odds["unseen"], int) and odds["unseen"] > 0
    for kind in odds["needed"]:
        assert set(kind) == {"label", "unseen"} and kind["unseen"] >= 1
    # compact: chances carry at most ODDS_PLACES decimals
    for key in ("complete", "improve"):
        assert odds[key] == round(odds[key], ODDS_PLACES)


def test_the_teacher_view_shows_the_odds_of_the_seat_to_move_from_its_own_view() -> None:
    game = to_draw_with_a_level_open(1)
    teacher = Level8Widget(game, view="teacher")
    assert teacher.view["actor"] == 0
    assert teacher.view["hint"]["odds"] == expected(game, 0)
    # the teacher sees every hand, the odds still count the opponent's hand as unseen
    own = game.observation(0)
    assert teacher.view["hint"]["odds"]["unseen"] >= own.hand_counts[1] + own.draw_count


def test_a_players_opponent_gets_no_odds() -> None:
    game = to_draw_with_a_level_open(1)
    w = Level8Widget(game, seat=1, hints=True)  # seat 1 watches seat 0 draw
    assert w.view["actor"] is None and w.view["hint"] is None
    spectator = Level8Widget(game, view="spectator", hints=True)
    assert spectator.view["hint"] is None


def test_no_odds_once_the_level_can_be_laid() -> None:
    for seed in range(1, 80):
        game = Level8(["Ann", "Ben"], seed=seed, start_levels=[1, 1])
        odds = draw_odds(game, 0)
        if odds is None or odds.missing == 0:
            hint = Level8Widget(game, seat=0, hints=True).view["hint"]
            assert hint["odds"] is None or hint["odds"]["missing"] == 0
            return
    pytest.skip("no seed dealt a complete level")


def test_two_tables_differing_only_in_hidden_cards_show_the_same_odds() -> None:
    game = to_draw_with_a_level_open(5)
    rng = random.Random(7)
    shown = Level8Widget(game, seat=0, hints=True).view["hint"]["odds"]
    teacher = Level8Widget(game, view="teacher").view["hint"]["odds"]
    differs = 0
    for _ in range(3):
        twin = determinize(game.observation(0), rng, model_opponents=False)
        assert same_to(0, twin, game)
        differs += twin.state_dict()["hands"][1] != game.state_dict()["hands"][1]
        assert Level8Widget(twin, seat=0, hints=True).view["hint"]["odds"] == shown
        assert Level8Widget(twin, view="teacher").view["hint"]["odds"] == teacher
    assert differs, "the twins really differ in the hidden cards"


def test_the_odds_are_recomputed_when_the_position_changes() -> None:
    game = to_draw_with_a_level_open(1)
    w = Level8Widget(game, seat=0, hints=True)
    before = w.view["hint"]["odds"]
    w.draw()  # a new card in the hand: the odds of the next draw are those of the new hand
    after = w.view["hint"]["odds"]
    assert after == expected(w.game, 0)
    assert after["unseen"] == before["unseen"] - 1 or after != before


def test_the_board_widget_carries_the_odds_too() -> None:
    for seed in range(1, 40):
        game = Level8Board(["Ann", "Ben"], seed=seed, start_levels=[3, 3])
        odds = draw_odds(game, 0)
        if odds is not None and odds.missing > 0:
            break
    w = Level8BoardWidget(game, seat=0, hints=True)
    assert w.view["hint"]["odds"] == expected(game, 0)
    assert Level8BoardWidget(game, seat=1, hints=True).view["hint"] is None


# ---------------------------------------------------------------------- whole games


MODES = {
    # name: (players, bots, view)
    "player": (["Ann", "Bot"], [None, "bot"], "player"),
    "hot-seat": (["Ann", "Ben", "Cleo"], [None, None, None], "player"),
    "teacher": (["Ann", "Ben"], [None, None], "teacher"),
}


def same_to(seat: int, a: Level8, b: Level8) -> bool:
    """Whether ``seat`` sees the same table in ``a`` and ``b`` (laid cards in any order)."""
    x, y = a.observation(seat), b.observation(seat)

    def table(o: Any) -> tuple:
        melds = tuple(tuple((m.kind, sorted(m.cards)) for m in ms) for ms in o.melds)
        return (sorted(o.hand), o.discard_tops, o.hand_counts, o.draw_count, melds, o.laid)

    return table(x) == table(y) and x.phase == y.phase and x.requirements == y.requirements


def twin_view_odds(w: Level8Widget, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """The odds a widget of the same mode shows on a table re-dealt in every hidden place."""
    try:
        twin = determinize(w.game.observation(seat), rng, model_opponents=False)
    except ValueError:  # a position a determinization cannot set up (see its docstring)
        return "skip"  # type: ignore[return-value]
    assert same_to(seat, twin, w.game)
    if w.perspective == "teacher":
        other = Level8Widget(twin, view="teacher")
    else:
        other = Level8Widget(twin, seat=seat, hints=True)
    return other.view["hint"]["odds"]


@pytest.mark.parametrize("mode", list(MODES))
def test_no_odds_in_whole_games_ever_depend_on_hidden_cards(mode: str) -> None:
    players, bots, view = MODES[mode]
    n = len(players)
    game = Level8(players, seed=31, start_levels=[6] * n)
    bot = [None if b is None else HeuristicBot(seed=q) for q, b in enumerate(bots)]
    w = Level8Widget(game, bots=bot, view=view, hints=True, bot_delay=500)
    choose = {q: HeuristicBot(seed=100 + q) for q in range(n)}
    rng = random.Random(mode)
    checked = 0
    for _ in range(600):
        if w.game.is_over:
            break
        v = w.view
        if v["handoff"] is not None:
            assert v["hint"] is None  # the pass screen shows nobody's odds
            send(w, type="reveal")
            continue
        hint = v["hint"]
        if hint is not None and hint["odds"] is not None and w.game.phase in ("draw", "play"):
            seat = v["actor"]
            assert hint["odds"] == expected(w.game, seat)
            twin = twin_view_odds(w, seat, rng)
            if twin != "skip":
                assert twin == hint["odds"], f"step {w.game.plies}: odds differ with hidden cards"
                checked += 1
        cur = w.game.current_player
        if w.bots[cur] is not None and w.game.phase == "round_over":
            send(w, type="next_round")
        elif w.bots[cur] is not None:
            assert w.advance()
        else:
            action = choose[cur].choose(w.game.observation(cur))
            send(w, **intent_of(action))
    else:
        pytest.fail("the game did not end")
    assert checked >= 10, f"only {checked} positions were checked"


def test_a_read_only_copy_shows_the_odds_of_each_position_stepped_to() -> None:
    game = to_draw_with_a_level_open(1)
    w = Level8Widget(game, view="teacher", bot_delay=0)
    choose = {q: HeuristicBot(seed=q) for q in range(2)}
    for _ in range(8):  # four turns: draw, discard
        cur = w.game.current_player
        send(w, **intent_of(choose[cur].choose(w.game.observation(cur))))
    w.read_only = True
    seen = []
    for ply in (0, 2, 4, 6):
        send(w, type="goto", ply=ply)
        assert w.game.plies == ply
        odds = w.view["hint"]["odds"]
        assert odds == expected(w.game, w.view["actor"])
        seen.append(odds)
    assert len({str(o) for o in seen}) > 1  # the panel follows the position
    w._handle_message(w, {"type": "draw", "source": "pile"}, [])
    assert w.error and w.game.plies == 6  # a read-only copy is not played on
