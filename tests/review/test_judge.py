"""review.judge: rule examples for both games, the seat-view rule, refusals."""

from __future__ import annotations

from fractions import Fraction

import pytest

from levelwidgets.level8 import Action, IllegalActionError, Level8, parse_card
from levelwidgets.level8.odds import complete_within, missing_count, unseen_cards
from levelwidgets.levelx import LevelX
from levelwidgets.levelx.advisor import advise
from levelwidgets.review import (
    Judgement,
    NotADecision,
    ReviewError,
    ReviewTypeError,
    judge,
)


def rolled(dice=(1, 4, 5, 6), seed=1) -> LevelX:
    g = LevelX(seed=seed)
    g.roll(list(dice))
    return g


# ---------------------------------------------------------------------- Level X
def test_levelx_best_and_played_come_from_the_advisor():
    g = rolled()
    before = g.to_json()
    advice = advise(g)
    worst = advice[-1]
    j = judge(g, worst.move.notation)
    assert isinstance(j, Judgement) and j.unit == "points" and j.decision == "move"
    assert j.seat == g.current_player
    assert j.best.notation == advice[0].notation
    assert j.best.value == pytest.approx(float(advice[0].expected))
    assert j.played.value == pytest.approx(float(worst.expected))
    assert j.cost == pytest.approx(float(advice[0].expected - worst.expected))
    assert j.cost > 0
    assert [o.value for o in j.options] == sorted((o.value for o in j.options), reverse=True)
    assert len(j.options) == len(advice)
    assert g.to_json() == before  # judging changes nothing
    en, de = j.why(), j.why("de")
    assert en.startswith("Better: " + advice[0].notation) and "points lost" in en
    assert de.startswith("Besser: ") and "Punkte verloren" in de
    assert f"{j.cost:.2f}" in en and f"{j.cost:.2f}".replace(".", ",") in de


def test_levelx_best_move_costs_nothing_and_keeps_the_players_grouping():
    g = rolled()
    best = advise(g)[0]
    j = judge(g, best.move)
    assert j.cost == 0 and j.best is j.played
    assert j.why().startswith("Best: ")
    assert j.to_dict()["cost"] == 0


def test_levelx_roll_is_not_a_decision():
    g = LevelX(seed=1)
    with pytest.raises(NotADecision, match="chance"):
        judge(g, "1+4 5")


# ---------------------------------------------------------------------- Level 8
HAND0 = "3R 4G 5B 7R 8Y 1O 15P 15G 10B 2Y 13G"  # run 3 + run 3: 3-4-5 laid out, 7-8 open
HAND1 = "2R 2G 6B 6Y 9P 13R 12G 1Y 15O 14O"


def table(hand1: str = HAND1, seed: int = 4) -> Level8:
    return Level8.from_position(
        hands=[HAND0, hand1],
        discards=[["1R"], ["3G"]],
        draw_pile=None,
        seed=seed,
        phase="play",
    )


def discard(card: str) -> Action:
    return Action("discard", 0, card=parse_card(card))


def test_level8_discard_junk_is_best_and_breaking_a_run_is_a_blunder():
    g = table()
    junk = judge(g, discard("15P"))
    assert junk.unit == "chance" and junk.decision == "discard" and junk.draws == 3
    assert junk.cost == 0 and junk.played is junk.best
    broken = judge(g, discard("3R"))
    assert broken.cost >= 0.30  # a blunder by the default thresholds
    assert broken.played.detail["missing"] == 2
    assert broken.options[-1].notation == broken.played.notation  # the worst option
    # each option's value is the odds module's exact chance for the hand without that card
    hand = tuple(g.hand(0))
    unseen = unseen_cards(g, 0)
    for o in broken.options:
        rest = list(hand)
        rest.remove(o.action.card)
        exact = complete_within(rest, g.current_level(0), unseen, 3)
        assert Fraction(o.detail["exact"]) == exact
        assert o.detail["missing"] == missing_count(rest, g.current_level(0))
    # ties on the chance are broken by fewer cards missing
    keys = [(-o.value, o.detail["missing"]) for o in broken.options]
    assert keys == sorted(keys)
    assert "%" in broken.why() and "weniger Chance" in broken.why("de")


def test_level8_draw_from_pile_or_discard_pile():
    g = Level8.from_position(
        hands=["3R 4G 5B 7R 8Y 1O 15P 15G 10B 2Y", HAND1],
        discards=[["1R"], ["9G"]],  # 9G completes 7-8-9 for seat 0
        draw_pile=None,
        seed=4,
    )
    take = judge(g, Action("draw", 0, source=1))
    pile = judge(g, Action("draw", 0))
    assert take.decision == "draw" and take.cost == 0 and take.played.value == 1.0
    assert pile.cost > 0 and pile.best.notation == take.played.notation


def test_level8_forced_and_unjudged_steps():
    only_pile = Level8.from_position(
        hands=["3R 4G 5B 7R 8Y 1O 15P 15G 10B 2Y", HAND1], discards=[[], []], seed=4
    )
    with pytest.raises(NotADecision, match="only one place to draw from"):
        judge(only_pile, Action("draw", 0))
    laid = Level8.from_position(
        hands=["3R 4G 5B 7R 8Y 9G 1O 14P 15P", HAND1],
        melds=[[("run", ["10R", "11R", "12R"]), ("run", ["4O", "5O", "6O"])], []],
        laid=[True, False],
        draw_pile=None,
        seed=1,
        phase="play",
    )
    with pytest.raises(NotADecision, match="laid down"):
        judge(laid, Action("discard", 0, card=parse_card("1O")))


def test_level8_judgement_uses_only_what_the_seat_sees():
    """Two games that differ only in the other hand (and so the draw pile): seat 0's
    judgements are identical."""
    a = table()
    b = table(hand1="9R 12B 6G 6Y 9P 13R 12G 1Y 15O 14O", seed=77)
    assert a.hand(1) != b.hand(1)
    for card in ("15P", "3R", "8Y"):
        ja, jb = judge(a, discard(card)), judge(b, discard(card))
        assert [(o.notation, o.detail) for o in ja.options] == [
            (o.notation, o.detail) for o in jb.options
        ]
        assert ja.cost == jb.cost


def test_refusals():
    g = table()
    with pytest.raises(IllegalActionError):
        judge(g, discard("2R"))  # not in seat 0's hand: the engine's own error
    with pytest.raises(ReviewTypeError, match="LevelX, Level8 or Level8Board"):
        judge("a game", "1+4 5")
    with pytest.raises(ReviewTypeError, match="Action or its dict"):
        judge(g, 17)
    with pytest.raises(ReviewError, match="draws must be"):
        judge(g, discard("15P"), draws=0)
    with pytest.raises(ReviewTypeError, match="draws must be a whole number"):
        judge(g, discard("15P"), draws=2.0)
    with pytest.raises(ReviewError, match="language"):
        judge(g, discard("15P")).why("pt")
    assert isinstance(NotADecision("x"), Exception)


def test_board_game_discards_are_judged_as_in_the_card_game():
    from levelwidgets.level8.board import Level8Board

    g = Level8Board.from_position(hands=[HAND0, HAND1], discards=[["1R"], ["3G"]], phase="play")
    unseen = unseen_cards(g, 0)
    assert sum(unseen.values()) == 98 - 11 - 2 - 8  # the jokers lie in the middle, seen
    assert not any(c >= 90 for c in unseen)
    j = judge(g, discard("3R"))  # level 1 of the board game: set 3 + run 3
    assert j.unit == "chance" and j.decision == "discard" and j.cost > 0
    rest = list(g.hand(0))
    rest.remove(parse_card("3R"))
    assert Fraction(j.played.detail["exact"]) == complete_within(
        rest, g.current_level(0), unseen, 3
    )
