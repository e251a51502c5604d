"""The engine's fast paths give exactly what the plain paths give.

* :func:`~levelwidgets.level8.shuffle.shuffle` orders a list as ``random.Random.shuffle`` does
  and leaves the generator in the same state;
* the history's actions (shared between games for the common steps) equal the normalized
  :class:`Action` each step records, whatever form the caller gave;
* a seat's :meth:`Level8.observation` (made by the seat-view gate from its cached common
  fields; the bots of :func:`play_game` get the same) equals one built from scratch field
  by field at every step, also after undo and clone;
* :func:`play_game` plays as a loop over full observations does.
"""

from __future__ import annotations

import random

import pytest

from levelwidgets.level8 import Action, HeuristicBot, Level8, RandomBot, play_game
from levelwidgets.level8.observation import _FIELDS
from levelwidgets.level8.shuffle import _inline_shuffle, shuffle

from .helpers import cs, fresh_observation, stacked

# ---------------------------------------------------------------------------- shuffle


@pytest.mark.parametrize("seed", [0, 1, 7, 12345, "h6-4-3", 2**70 + 3])
def test_shuffle_is_random_shuffle_with_the_same_end_state(seed: object) -> None:
    a = random.Random(seed)
    b = random.Random(seed)
    for size in [*range(0, 70), 89, 90, 100, 101, 102, 127, 128, 129, 200, 257, 1000]:
        x = list(range(size))
        y = list(range(size))
        a.shuffle(x)
        shuffle(b, y)
        assert y == x, size
        assert b.getstate() == a.getstate(), size
    assert b.random() == a.random()  # and the next numbers are the same too


def test_shuffle_many_seeds_deal_sized() -> None:
    for seed in range(300):
        a = random.Random(seed)
        b = random.Random(seed)
        for size in (101, 90, 37, 2):
            x = list(range(size))
            y = list(range(size))
            a.shuffle(x)
            _inline_shuffle(b, y)
            assert y == x, (seed, size)
        assert b.getstate() == a.getstate(), seed


def test_shuffle_keeps_the_items_and_uses_other_generators_own_shuffle() -> None:
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x: list) -> None:  # type: ignore[override]
            Counting.calls += 1
            super().shuffle(x)

    items = ["a", "b", None, 3.5, ("t",)] * 5
    x = list(items)
    shuffle(random.Random(3), x)
    assert sorted(map(repr, x)) == sorted(map(repr, items))
    y = list(items)
    shuffle(Counting(3), y)  # a subclass may shuffle differently: its own method is used
    assert Counting.calls == 1
    assert y == x


# ---------------------------------------------------------------------------- history


def _replayed(game: Level8) -> Level8:
    """The same game replayed step by step from freshly made actions (from their JSON)."""
    entries = game.history
    g = Level8(list(game.names), seed=game.seed)
    for e in entries[1:]:
        g.apply(Action.from_dict(e.action.to_dict()))
    return g


def test_history_actions_are_the_normalized_actions() -> None:
    for seed in range(6):
        g = play_game([HeuristicBot(seed * 4 + k) for k in range(4)], seed=seed)
        for e in g.history[1:]:
            a = e.action
            assert type(a) is Action
            fresh = Action.from_dict(a.to_dict())
            assert a == fresh
            assert a.__dict__ == fresh.__dict__  # the same fields, in the same order
        again = _replayed(g)
        assert [e.action for e in again.history] == [e.action for e in g.history]
        assert again.to_json() == g.to_json()


class _MyAction(Action):
    pass


def test_history_normalizes_what_the_caller_gave() -> None:
    g = stacked(["7R 8R 9R 1G 2G 3G 4G 5G 6G S1", "*"], "9G", "3P 4P", names=["Ann", "Bo"])
    g.draw("pile")
    assert g.history[-1].action == Action("draw", 0)
    assert g.history[-1].action.source is None
    g.discard("S1")  # a code: recorded as the card id
    assert g.history[-1].action == Action("discard", 0, card=cs("S1")[0])
    assert type(g.history[-1].action.card) is int
    g.apply(_MyAction("draw", 1, source="Ann"))  # a subclass, a name as the seat
    got = g.history[-1].action
    assert type(got) is Action
    assert got == Action("draw", 1, source=0)
    # the shared actions are plain equal values: another game records an equal one
    h = stacked(["7R 8R 9R 1G 2G 3G 4G 5G 6G S1", "*"], "9G", "3P 4P", names=["Ann", "Bo"])
    h.apply(Action("draw", 0))
    assert h.history[-1].action == g.history[1].action


def test_add_on_and_skip_actions_are_recorded_normalized() -> None:
    g = play_game([HeuristicBot(k) for k in range(3)], seed=11)
    kinds = {e.action.kind for e in g.history}
    assert {"add_on", "skip", "skip_turn", "next_round", "lay_down"} <= kinds
    for e in g.history[1:]:
        a = e.action
        if a.kind == "add_on":
            assert type(a.card) is int and type(a.target) is int and type(a.index) is int
            assert a.meaning is None or type(a.meaning) is int
        if a.kind in ("skip", "discard"):
            assert type(a.card) is int
        assert a == Action.from_dict(a.to_dict())


# ---------------------------------------------------------------------------- seat views


def _same_view(g: Level8, p: int) -> None:
    obs = g.observation(p)
    fresh = fresh_observation(g, p)
    for name in _FIELDS:
        assert getattr(obs, name) == getattr(fresh, name), name
    assert obs == fresh
    assert obs.melds is g.observation(p).melds  # one tuple while no laid combination changes
    assert obs.legal_actions == fresh.legal_actions


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_seat_views_equal_observations_at_every_step(n: int) -> None:
    sides = "two" if n == 3 else "one"
    for seed in range(3):
        g = Level8(n, seed=seed, sides=sides)
        bots = [HeuristicBot(seed * 10 + k) for k in range(n)]
        steps = 0
        while not g.is_over and steps < 3000:
            p = g.current_player
            _same_view(g, p)
            _same_view(g, (p + 1) % n)  # another seat's view, from the same cached fields
            g.apply(bots[p].choose(g.observation(p)))
            steps += 1
            if steps % 37 == 0:  # undo and clone start from a copied cache
                c = g.clone()
                _same_view(c, c.current_player)
                g.undo()
                _same_view(g, g.current_player)
                g.apply(bots[g.current_player].choose(g.observation(g.current_player)))
        assert g.is_over


def test_seat_views_of_positions_set_up_by_hand() -> None:
    g = Level8.from_position(
        hands=[cs("7R 8R 9R 1G 2G 3G 4G 5G 6G S1"), cs("1R 1P 1B 1Y 2R 2P 2B 2Y 3R 3P")],
        melds=[[], []],
        discards=[cs("9G"), []],
        draw_pile=None,  # the rest, shuffled
        seed=4,
    )
    _same_view(g, 0)
    _same_view(g, 1)
    g.draw()
    _same_view(g, 0)
    g.skip(1)
    for p in (0, 1):
        _same_view(g, p)


def test_play_game_plays_as_with_full_observations() -> None:
    for n, seed in [(2, 1), (4, 2), (5, 3)]:
        fast = play_game([HeuristicBot(seed * 7 + k) for k in range(n)], seed=seed)
        g = Level8([f"Heuristic {k + 1}" for k in range(n)], seed=seed)
        bots = [HeuristicBot(seed * 7 + k) for k in range(n)]
        while not g.is_over:
            p = g.current_player
            g.apply(bots[p].choose(g.observation(p)))
        assert g.to_json() == fast.to_json()
    mixed = play_game([RandomBot(1), HeuristicBot(2)], seed=5, max_actions=300)
    assert len(mixed.history) == 301 or mixed.is_over
