"""The engine's third round of fast paths gives exactly what the plain paths give.

* :meth:`Level8.apply` sends the usual step (the player on turn, in the step's phase) straight
  to the step's body (``_do_draw``, ``_do_discard``, ...) instead of through the public
  method's ``_check``: for bot moves and their wrong-player, wrong-phase and broken variants
  it returns the same events and records, or raises the same error (class, code, message)
  and leaves the game unchanged, as the public methods called the original way;
* the fields every seat sees alike (:func:`~levelwidgets.level8.visibility.public_fields`,
  cached by the seat-view gate on the identity of the engine's immutable values) are kept
  while nothing public changes and equal a fresh build at every step, also in a clone made
  before the change;
* a :class:`Meld` reads its value (a run's low end, a set's number, a group's colour) from
  its cards and meanings as :attr:`Combo.value` gives it.
"""

from __future__ import annotations

import random

import pytest

from levelwidgets.level8 import (
    Action,
    HeuristicBot,
    Level8,
    Level8Error,
    RandomBot,
    solve,
)
from levelwidgets.level8.cards import FIRST_JOKER, N_IDS
from levelwidgets.level8.combos import Meld
from levelwidgets.level8.errors import AddOnError, CardNotInHandError, SkipError
from levelwidgets.level8.observation import _FIELDS
from levelwidgets.level8.visibility import PUBLIC_FIELDS, public_fields

from .helpers import fresh_observation, viewers
from .test_engine_fastpath2 import normal_combos

# ---------------------------------------------------------------------------- apply


def public_apply(g: Level8, action: Action) -> list:
    """:meth:`Level8.apply` as it was: every step through its public method and ``_check``."""
    k = action.kind
    pl = action.player
    if k == "draw":
        return g.draw(action.source, player=pl)
    if k == "discard":
        if action.card is None:
            raise CardNotInHandError("a discard needs a card")
        return g.discard(action.card, player=pl)
    if k == "add_on":
        if action.card is None or action.target is None or action.index is None:
            raise AddOnError("an add-on needs a card, a target player and an index")
        return g.add_on(action.card, action.target, action.index, action.meaning, player=pl)
    if k == "lay_down":
        return g.lay_down(action.combos, player=pl)
    if k == "skip":
        if action.target is None:
            raise SkipError("a skip needs a target player")
        return g.skip(action.target, action.card, player=pl)
    if k == "skip_turn":
        return g.skip_turn(player=pl)
    return g.apply(action)  # keep, next_round and unknown kinds: apply's path is unchanged


def fingerprint(g: Level8) -> tuple:
    """The position, the random generator and the last history entry (what a step changes)."""
    last = g.history[-1]
    return (g.state_dict(), g.plies, last.action, last.chance, g._rng.getstate())


def outcome(g: Level8, step, action: Action) -> tuple:
    """What ``step(g, action)`` does: its refusal (the game unchanged) or its result."""
    before = fingerprint(g)
    try:
        events = step(g, action)
    except Level8Error as e:
        assert fingerprint(g) == before, "a refused step changed the game"
        return ("refused", type(e), e.code, str(e))
    return ("done", [e.to_dict() for e in events], fingerprint(g))


def variants(g: Level8, action: Action, rng: random.Random) -> list[Action]:
    """The bot's move and relatives of it: other players, other kinds, odd fields."""
    n = g.num_players
    p = action.player
    hand = g.hand(g.current_player)
    others = [q for q in range(n) if q != p]
    out = [action]
    out += [Action(action.kind, q, **_fields(action)) for q in others]
    out += [Action("draw", p), Action("draw", p, source=rng.randrange(n)), Action("skip_turn", p)]
    out += [Action("draw", rng.choice(others)), Action("skip_turn", rng.choice(others))]
    if hand:
        card = rng.choice(hand)
        out += [Action("discard", p, card=card), Action("discard", rng.choice(others), card=card)]
        out.append(Action("skip", p, card=card, target=rng.choice(others)))
        target = rng.randrange(n)
        out.append(Action("add_on", p, card=card, target=target, index=rng.randrange(3)))
        out.append(
            Action("add_on", p, card=card, target=target, index=0, meaning=rng.randint(0, 16))
        )
    missing = [c for c in range(N_IDS) if c not in hand]
    out.append(Action("discard", p, card=rng.choice(missing)))
    out.append(Action("skip", p, target=p))
    out.append(Action("skip", p, target=rng.choice(others)))
    level = g.current_level(p) if g.current_player == p else None
    if level is not None and g.phase == "play":
        way = solve(hand, level)
        if way is not None:
            out += [Action("lay_down", p, combos=way), Action("lay_down", others[0], combos=way)]
    rng.shuffle(out)
    return out[:8] if action.kind in ("draw", "discard") else out


def _fields(action: Action) -> dict:
    keys = ("source", "card", "target", "index", "meaning", "combos", "cards")
    return {k: getattr(action, k) for k in keys}


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_apply_fast_path_does_what_the_public_methods_do(n: int) -> None:
    rng = random.Random(n)
    seen: dict[str, int] = {}
    for seed in range(2):
        g = Level8(n, seed=f"speed-{n}-{seed}", sides="two" if seed else "one")
        bots = [(RandomBot if k == seed else HeuristicBot)(seed * 10 + k) for k in range(n)]
        steps = 0
        while not g.is_over and steps < 300:
            p = g.current_player
            action = bots[p].choose(g.observation(p))
            for a in variants(g, action, rng) if steps % 3 == 0 or action.kind != "draw" else []:
                fast = outcome(g.clone(), Level8.apply, a)
                assert fast == outcome(g.clone(), public_apply, a), (a, fast[:4])
                key = f"{a.kind}:{fast[0]}"
                seen[key] = seen.get(key, 0) + 1
            g.apply(action)
            steps += 1
    for kind in ("draw", "discard", "add_on", "skip", "skip_turn", "lay_down"):
        assert seen.get(f"{kind}:done") and seen.get(f"{kind}:refused"), (kind, seen)


def test_apply_fast_path_refusals_name_the_problem_as_before() -> None:
    g = Level8(["Ann", "Bo", "Cy"], seed=3)
    with pytest.raises(Level8Error, match="Bo cannot draw: it is Ann's turn"):
        g.apply(Action("draw", 1))
    with pytest.raises(Level8Error, match="Ann cannot discard now; it is the 'draw' phase"):
        g.apply(Action("discard", 0, card=g.hand(0)[0]))
    g.apply(Action("draw", 0))
    with pytest.raises(Level8Error, match="Ann cannot draw now; it is the 'play' phase"):
        g.apply(Action("draw", 0))
    with pytest.raises(Level8Error, match="Cy cannot take the skipped turn: it is Ann's turn"):
        g.apply(Action("skip_turn", 2))


# ---------------------------------------------------------------------------- seat views


def fresh_base(g: Level8) -> tuple:
    """The public fields built from scratch (no kept cache)."""
    c = g.clone()
    c.__dict__.pop("_public_view", None)
    return public_fields(c)


def same_views(g: Level8) -> None:
    """Every viewer's observation equals one built from scratch; the cached public fields
    equal a fresh build."""
    for v in viewers(g):
        obs = g.observation(v)
        fresh = fresh_observation(g, v)
        for name in _FIELDS:
            assert getattr(obs, name) == getattr(fresh, name), name
    base = public_fields(g)
    assert base == fresh_base(g)
    assert base[PUBLIC_FIELDS.index("melds")] is g.observation(0).melds


@pytest.mark.parametrize("n", [2, 4, 5])
def test_view_base_equals_a_fresh_build_at_every_step(n: int) -> None:
    kinds: dict[str, int] = {}
    for seed in range(3):
        g = Level8(n, seed=seed, sides="two" if seed == 1 else "one")
        bots = [HeuristicBot(seed * 10 + k) for k in range(n)]
        while not g.is_over:
            p = g.current_player
            same_views(g)
            before = g.clone()  # copies the cache: the step must not change the clone's
            shared = public_fields(before)
            action = bots[p].choose(g.observation(p))
            g.apply(action)
            kinds[action.kind] = kinds.get(action.kind, 0) + 1
            assert public_fields(before) is shared
            same_views(before)
            same_views(g)
    assert kinds["add_on"] > 20 and kinds["lay_down"] > 5 and kinds["skip"] > 3


def test_view_base_stays_while_nothing_public_changes_and_moves_with_levels() -> None:
    g = Level8(3, seed=12)
    bots = [HeuristicBot(k) for k in range(3)]
    draws = rounds = skips = 0
    levels = PUBLIC_FIELDS.index("levels")
    while not g.is_over:
        p = g.current_player
        base = public_fields(g)
        action = bots[p].choose(g.observation(p))
        g.apply(action)
        now = public_fields(g)
        if action.kind in ("draw", "discard") and g.phase not in ("keep", "round_over", "over"):
            assert now is base  # nothing the public fields hold changed
            draws += 1
        if action.kind in ("skip", "skip_turn"):
            assert now is not base and now == fresh_base(g)  # the skip cards moved
            skips += 1
        if g.phase in ("keep", "round_over", "over") and now[levels] != base[levels]:
            rounds += 1
            assert now[levels] == tuple(g.levels)
    assert draws > 20 and skips > 3 and rounds > 3


# ---------------------------------------------------------------------------- melds


def test_meld_value_is_the_combos_value() -> None:
    checked = 0
    for seed in range(6):
        for combo in normal_combos(random.Random(seed)):
            m = Meld(1, combo)
            assert m.value == combo.value, combo
            if combo.kind == "run":
                assert (m.lo, m.hi) == (combo.value, combo.value + len(combo.cards) - 1)
            else:
                assert (m.lo, m.hi) == (0, 0)
            assert m.combo() is combo and m.is_valid()
            checked += combo.cards[0] >= FIRST_JOKER
    assert checked > 100  # many combinations start with a joker
