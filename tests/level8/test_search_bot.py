"""SearchBot: determinizations fit the observation, and hidden cards cannot change a choice."""

from __future__ import annotations

import dataclasses
import random

import pytest

from levelwidgets.level8 import (
    ONE_STAR,
    HeuristicBot,
    Level8,
    Observation,
    SearchBot,
    cards_missing,
    play_game,
)
from levelwidgets.level8.cards import SKIP_IDS
from levelwidgets.level8.determinize import determinize, plausible_hand, unseen_cards
from levelwidgets.level8.search import evaluate, select

from .helpers import cs


def _shape(obs: Observation) -> Observation:
    """``obs`` with each laid combination's cards in id order (a set or colour group set up
    by :meth:`Level8.from_position` lists its cards sorted, an add-on appends)."""
    melds = tuple(
        tuple((c.kind, c.value, tuple(sorted(c.cards)), c.jokers) for c in ms) for ms in obs.melds
    )
    return dataclasses.replace(obs, melds=melds)  # type: ignore[arg-type]


def _searched(obs: Observation) -> bool:
    """Whether SearchBot searches here (a real choice, and not just which card to discard)."""
    if obs.phase not in ("draw", "play") or len(obs.legal_actions) < 2:
        return False
    return HeuristicBot(0).choose(obs).kind != "discard"


def _positions(count: int, players: int = 2, sides: str = "one", every: int = 7):
    """``count`` games at positions where SearchBot searches, from HeuristicBot games."""
    out: list[Level8] = []
    seed = 0
    while len(out) < count:
        g = Level8(players, seed=1000 + seed, sides=sides)
        bots = [HeuristicBot(q) for q in range(players)]
        k = seed
        while not g.is_over and len(out) < count:
            obs = g.observation(g.current_player)
            k += 1
            if k % every == 0 and _searched(obs):
                out.append(g.clone())
            g.apply(bots[g.current_player].choose(obs))
        seed += 1
    return out


def _reshuffled(game: Level8, rng: random.Random) -> Level8:
    """The same table for the current player, other hidden cards: the opponents' hands, the
    covered discard cards and the draw pile are dealt anew (same counts)."""
    s = game.state_dict()
    me = game.current_player
    hidden = [c for q, h in enumerate(s["hands"]) if q != me for c in h]
    hidden += [c for d in s["discards"] for c in d[:-1]] + s["draw"]
    rng.shuffle(hidden)
    it = iter(hidden)
    hands = [h if q == me else [next(it) for _ in h] for q, h in enumerate(s["hands"])]
    discards = [[next(it) for _ in d[:-1]] + d[-1:] for d in s["discards"]]
    return Level8.from_position(
        list(game.names),
        hands=hands,
        melds=[game.melds(q) for q in range(game.num_players)],
        discards=discards,
        draw_pile=list(it),
        levels=s["levels"],
        current=me,
        phase=s["phase"],
        dealer=s["dealer"],
        round=s["round"],
        skips=s["skips"],
        under=s["under"],
        seed=5,
    )


class _Cheat(SearchBot):
    """The same search, but its "determinization" is the true game: it sees hidden cards."""

    def __init__(self, game: Level8, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.game = game

    def determinize(self, obs: Observation, rng: random.Random) -> Level8:
        return self.game.clone()


def test_hidden_cards_do_not_change_the_choice_but_would_for_a_cheat():
    rng = random.Random(3)
    differs = 0
    for game in _positions(30):
        other = _reshuffled(game, rng)
        me = game.current_player
        obs, obs_other = game.observation(me), other.observation(me)
        assert _shape(obs) == _shape(obs_other)
        assert game.state_dict()["hands"] != other.state_dict()["hands"]
        assert SearchBot(seed=11).choose(obs) == SearchBot(seed=11).choose(obs_other)
        cheat = _Cheat(game, seed=11).choose(obs)
        differs += cheat != _Cheat(other, seed=11).choose(obs_other)
    # the test has teeth: a bot reading the true game would have chosen differently
    assert differs >= 1


@pytest.mark.parametrize(("players", "sides"), [(2, "one"), (3, "two"), (5, "one")])
@pytest.mark.parametrize("model", [True, False])
def test_a_determinization_shows_its_viewer_the_observed_table(players, sides, model):
    rng = random.Random(players)
    for game in _positions(12, players, sides, every=3):
        me = game.current_player
        obs = game.observation(me)
        world = determinize(obs, rng, model_opponents=model)
        assert _shape(world.observation(me)) == _shape(obs)
        world.check_invariants()
        hidden = set(unseen_cards(obs))
        assert not hidden & set(obs.hand)
        assert set(world.state_dict()["under"]) <= set(SKIP_IDS) & hidden


def test_a_plausible_hand_is_played_toward_its_level():
    hand = cs("1R 2G 3B 7R 8G 9B 12O 13O S1 J1")  # two runs of 3: complete
    pool = [c for c in range(90) if c not in hand] + [SKIP_IDS[1]]
    before = sorted(hand + pool)
    plausible_hand(hand, pool, ONE_STAR.level(1), 5, random.Random(1))
    assert sorted(hand + pool) == before and len(hand) == 10
    assert not set(hand) & set(SKIP_IDS)
    assert cards_missing(hand, ONE_STAR.level(1)).count > 0  # else they would have laid it


def test_determinizations_differ_in_the_hidden_cards_only():
    game = _positions(1)[0]
    obs = game.observation(game.current_player)
    a, b = determinize(obs, random.Random(1)), determinize(obs, random.Random(2))
    assert a.state_dict()["draw"] != b.state_dict()["draw"]
    assert determinize(obs, random.Random(1)).state_dict() == a.state_dict()


def test_choices_are_legal_and_repeatable():
    for game in _positions(6, players=3):
        obs = game.observation(game.current_player)
        action = SearchBot(seed=4, determinizations=3).choose(obs)
        assert action in obs.legal_actions or action == HeuristicBot(0).choose(obs)
        assert SearchBot(seed=4, determinizations=3).choose(obs) == action


def test_a_whole_game_against_the_heuristic_bot():
    game = play_game([SearchBot(1, determinizations=2), HeuristicBot(2)], seed=8)
    assert game.is_over and game.names[0] == "Search 1"


def test_select_keeps_the_preferred_action_unless_clearly_beaten():
    noisy = {1: [1, -1, 2, -1], 2: [-1, 1, 0, 0]}
    assert select(noisy, z=2.0) == 0
    clear = {1: [1, 1, 2, 2], 2: [0, 1, 0, 0]}
    assert select(clear, z=2.0) == 1
    assert select(clear, z=2.0, margin=2.0) == 0
    assert select({1: [0, 0, 0]}, z=2.0) == 0  # a tie goes to the preferred action


def test_evaluate_counts_levels_gained_this_round():
    game = Level8(2, seed=1)
    start = game.levels
    assert evaluate(game, 0, start) == 0
    bots = [HeuristicBot(0), HeuristicBot(1)]
    while game.phase in ("draw", "play", "skipped"):
        game.apply(bots[game.current_player].choose(game.observation(game.current_player)))
    gains = [now - before for now, before in zip(game.levels, start, strict=True)]
    assert sorted(gains) in ([0, 2], [1, 2])
    assert evaluate(game, 0, start) == gains[0] - gains[1] == -evaluate(game, 1, start)
