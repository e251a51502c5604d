"""The board game's bots: legal steps only, nothing but their own view, stronger than
random, deterministic under a seed; :func:`play_board_game`."""

from __future__ import annotations

import random

import pytest

from levelwidgets.analysis import wilson_interval
from levelwidgets.level8 import Action
from levelwidgets.level8.board import (
    BoardHeuristicBot,
    BoardRandomBot,
    Level8Board,
    play_board_game,
)

from .helpers import board, c, cs, land

ORDERLESS = ("swap", "show")  # legal_actions lists these as sorted card sets


def _normal(action: Action) -> Action:
    if action.kind in ORDERLESS:
        return Action(action.kind, action.player, cards=tuple(sorted(action.cards)))
    return action


def _checked_step(game: Level8Board, bot: object) -> Action:
    """Ask ``bot`` for the current player's step from its own view; check it is legal."""
    p = game.current_player
    obs = game.observation(p)
    action = bot.choose(obs)  # type: ignore[attr-defined]
    assert action.player == p
    if action.kind == "lay_down":
        # the listed lay-downs are capped; the engine checks any other way when applied
        assert any(a.kind == "lay_down" for a in obs.legal_actions)
    else:
        assert _normal(action) in obs.legal_actions, (obs.phase, action)
    game.apply(action)
    return action


def test_bots_only_play_legal_steps_over_200_seeded_games():
    kinds: set[str] = set()
    finished = 0
    for seed in range(200):
        n = 2 + seed % 3  # 2–4 players
        rng = random.Random(seed)
        bots = [
            BoardRandomBot(seed * 10 + k) if rng.random() < 0.3 else BoardHeuristicBot(seed + k)
            for k in range(n)
        ]
        game = Level8Board(n, seed=seed)
        for _ in range(150 if seed % 8 else 1000):
            if game.is_over:
                finished += 1
                break
            kinds.add(_checked_step(game, bots[game.current_player]).kind)
        if seed % 25 == 0:
            game.check_invariants()
    assert finished >= 20
    board_steps = {"roll", "move", "take", "swap", "ask", "show", "steal", "choose"}
    card_steps = {"lay_down", "add_on", "discard", "keep", "next_round"}
    assert board_steps | card_steps <= kinds


def _hidden_variant(game: Level8Board, viewer: int) -> Level8Board | None:
    """The same position for ``viewer`` with every card it cannot see dealt anew: the other
    hands, the draw pile and the discard piles under their tops (hands holding shown or
    asked cards stay, so the step in progress stays valid)."""
    other = game.clone()
    pend = other._pending
    fixed = {viewer, *pend.get("shown", {})}
    if pend.get("giver") is not None:
        fixed.add(pend["giver"])
    movable = [q for q in range(other.num_players) if q not in fixed]
    hidden = list(other._draw)
    for q in movable:
        hidden += other._hands[q]
    for pile in other._discards:
        hidden += pile[:-1]
    random.Random(len(hidden) + viewer).shuffle(hidden)
    for q in movable:
        k = len(other._hands[q])
        other._hands[q], hidden = hidden[:k], hidden[k:]
    for pile in other._discards:
        k = len(pile) - 1
        if k > 0:
            pile[:-1], hidden = hidden[:k], hidden[k:]
    other._draw = hidden
    other.check_invariants()
    if other.state_dict() == game.state_dict():
        return None  # nothing hidden to change
    return other


@pytest.mark.parametrize("bot_cls", [BoardHeuristicBot, BoardRandomBot])
def test_bot_choice_ignores_cards_it_cannot_see(bot_cls):
    compared = 0
    phases: set[str] = set()
    for seed in range(6):
        game = Level8Board(4, seed=seed)
        driver = [BoardHeuristicBot(k) if k % 2 else BoardRandomBot(k) for k in range(4)]
        for _ in range(300):
            if game.is_over:
                break
            p = game.current_player
            variant = _hidden_variant(game, p)
            if variant is not None:
                assert variant.observation(p) == game.observation(p)
                a = bot_cls(seed=5).choose(game.observation(p))
                b = bot_cls(seed=5).choose(variant.observation(p))
                assert a == b, (game.phase, a, b)
                variant.apply(b)  # and the step is legal in the other world too
                compared += 1
                phases.add(game.phase)
            game.apply(driver[p].choose(game.observation(p)))
    assert compared >= 1000
    assert {"move", "take", "swap", "ask", "show", "steal", "choose", "play"} <= phases


def test_hidden_variant_really_changes_what_a_bot_cannot_see():
    game = Level8Board(3, seed=4)
    variant = _hidden_variant(game, 0)
    assert variant is not None
    assert variant.hand(1) != game.hand(1) or variant.hand(2) != game.hand(2)
    assert variant.hand(0) == game.hand(0)


def test_heuristic_bot_beats_random_bots_by_a_clear_margin():
    heads_up = 0
    games = 30
    for seed in range(games):
        hero = seed % 2  # seats alternate
        bots: list[object] = [BoardRandomBot(seed + 100)]
        bots.insert(hero, BoardHeuristicBot(seed))
        g = play_board_game(bots, seed=seed, max_steps=20_000)
        heads_up += g.winners == [hero]
    low, _ = wilson_interval(heads_up, games)
    assert low > 0.8, heads_up  # a coin would win half
    against_three = 0
    for seed in range(20):
        hero = seed % 4
        bots = [BoardRandomBot(seed * 7 + k) for k in range(3)]
        bots.insert(hero, BoardHeuristicBot(seed))
        g = play_board_game(bots, seed=seed, max_steps=20_000)
        against_three += g.winners == [hero]
    low, _ = wilson_interval(against_three, 20)
    assert low > 0.5, against_three  # an equal player would win a quarter


def test_games_are_deterministic_under_a_seed():
    def run(kind: type) -> str:
        bots = [kind(k) for k in range(3)] if kind is BoardHeuristicBot else [
            BoardHeuristicBot(0), kind(1), kind(2)
        ]  # fmt: skip
        return play_board_game(bots, seed=11, max_steps=3000).to_json()

    assert run(BoardHeuristicBot) == run(BoardHeuristicBot)
    assert run(BoardRandomBot) == run(BoardRandomBot)
    other = [BoardHeuristicBot(0), BoardRandomBot(7), BoardRandomBot(8)]
    assert play_board_game(other, seed=11, max_steps=3000).to_json() != run(BoardRandomBot)


def test_play_board_game_names_seats_caps_steps_and_reports_each_step():
    seen = []
    g = play_board_game(
        [BoardRandomBot(1), BoardRandomBot(2)],
        seed=3,
        players=["Ann", "Ben"],
        max_steps=50,
        after=lambda game, events: seen.append(len(game.history)),
    )
    assert tuple(g.names) == ("Ann", "Ben")
    assert len(seen) == 50 and not g.is_over
    assert seen == list(range(2, 52))  # the deal, then one entry per step
    with pytest.raises(ValueError):
        play_board_game([BoardRandomBot(1), BoardRandomBot(2)], players=["Ann"])
    bots = [BoardHeuristicBot(1), BoardHeuristicBot(2)]
    assert play_board_game(bots, seed=3).names[0] == "Heuristic 1"


# Ann (seat 0) has the run 1-2-3 and a pair of 5s: one 5 short of level 1 ("1 triple +
# 1 run of 3"); 9P 11O 13O 14Y 7G are outside her plan. Ben holds 5Y.
ANN = "1R 2R 3R 5G 5B 9P 11O 13O 14Y 7G"
BEN = "5Y 10P 10G 10B 1Y 8O 12P 15B 3O 14G"


def test_heuristic_bot_moves_to_the_joker_rather_than_a_blind_draw():
    g = board([ANN, BEN], "9G")
    g.roll(dice=(1, 3))  # field 1 draws one card, field 3 gives a joker
    assert g.reachable == (1, 3)
    assert BoardHeuristicBot(0).choose(g.observation(0)) == Action("move", 0, field=3)


def test_heuristic_bot_asks_for_the_number_its_plan_misses():
    g = board([ANN, BEN], "9G")
    land(g, 4)  # ask
    action = BoardHeuristicBot(0).choose(g.observation(0))
    assert (action.kind, action.number, action.colour) == ("ask", 5, None)
    g.apply(action)
    assert c("5Y") in g.hand(0)


def test_heuristic_bot_swaps_away_cards_outside_its_plan():
    g = board([ANN, BEN], "9G")
    land(g, 5)  # swap
    action = BoardHeuristicBot(0).choose(g.observation(0))
    assert action.kind == "swap" and 1 <= len(action.cards) <= 3
    assert set(action.cards) <= set(cs("9P 11O 13O 14Y 7G"))


def test_heuristic_bots_show_three_useless_cards_and_steal_the_needed_one():
    g = board([ANN, BEN], "9G", towers=[1, 0])
    land(g, 7)  # steal: Ben shows first
    shown = BoardHeuristicBot(1).choose(g.observation(1))
    assert shown.kind == "show" and len(shown.cards) == 3  # exactly three, face up
    assert not set(shown.cards) & set(cs("10P 10G 10B"))  # Ben's triple stays hidden
    g.show(cs("10P 5Y 8O"), player=1)
    action = BoardHeuristicBot(0).choose(g.observation(0))
    assert action == Action("steal", 0, card=c("5Y"), target=1)
