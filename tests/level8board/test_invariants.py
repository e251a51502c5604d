"""The board game's invariants (90 number cards + 8 jokers, each exactly once; valid laid
combinations; towers on the circuit, two only on the start field) after EVERY action of
1,000+ seeded games of random legal actions (2–6 players, default and custom layouts and
level sequences), plus replay: JSON round trips, undo, goto and after."""

from __future__ import annotations

import random
from collections import Counter

from levelwidgets.level8.board import ACTIONS, Level8Board

N_GAMES = 1000
#: Custom circuits: 12 fields (each action at least once), 9 fields, and a long one.
LAYOUT12 = [
    "choose",
    "draw1",
    "draw2",
    "joker",
    "ask",
    "swap",
    "draw_again",
    "steal",
    "all_draw",
    "choose",
    "ask",
    "steal",
]
LAYOUT9 = ["choose", *[a for a in ACTIONS if a != "choose"]]
LAYOUT40 = ["choose", *random.Random(40).choices(ACTIONS, k=39)]
#: Short custom sequences so that rounds end (and games are won) within a few turns.
SEQ3 = ["set 3 + run 3", "run 5 + set 2", "set 2 + set 2 + set 2"]
RUN9 = ["run 9", "set 3 + set 3", "run 4 + set 2"]


def pick(rng: random.Random, legal: list) -> object:
    """A random legal action, leaning towards laying down and adding on so that rounds end."""
    by: dict[str, list] = {}
    for a in legal:
        by.setdefault(a.kind, []).append(a)
    for kind, p in (("lay_down", 0.9), ("add_on", 0.8), ("discard_two", 0.6)):
        if kind in by and rng.random() < p:
            return rng.choice(by[kind])
    return rng.choice(legal)


def new_game(i: int, rng: random.Random) -> Level8Board:
    n = 2 + i % 5
    layout = (None, None, LAYOUT12, LAYOUT9, LAYOUT40)[i % 5 if i % 7 else 2]
    mode = i % 4
    if mode == 0:
        sides: object = "one"
        start = [rng.choice([1, 1, 4, 7, 7, 8]) for _ in range(n)]
    elif mode == 1:
        sides = [rng.choice(["one", "two"]) for _ in range(n)]
        start = [rng.choice([1, 6, 7, 8]) for _ in range(n)]
    else:
        sides = SEQ3 if mode == 2 else RUN9
        start = [rng.choice([1, 2, 3]) for _ in range(n)]
    size = len(layout) if layout else 28
    towers = None
    if i % 3 == 0:
        towers = [*rng.sample(range(1, size), n - 1), 0]
    return Level8Board(n, seed=i, sides=sides, layout=layout, towers=towers, start_levels=start)


def test_invariants_after_every_action_of_many_seeded_games():
    rng = random.Random(8)
    seen: Counter = Counter()
    actions = 0
    for i in range(N_GAMES):
        g = new_game(i, rng)
        g.check_invariants()
        replay = i % 25 == 0
        states = [g.snapshot()] if replay else None
        cap = 600 if i % 20 == 0 else 70
        for _ in range(cap):
            if g.is_over:
                break
            legal = g.legal_actions()
            assert legal, repr(g)
            if actions % 11 == 0:
                # the actor's own view lists exactly the same steps (bots use it)
                own = g.observation(g.current_player).legal_actions
                assert set(own) == set(legal), (repr(g), g.phase)
            action = pick(rng, legal)
            events = g.apply(action)
            g.check_invariants()
            actions += 1
            seen[action.kind] += 1
            for e in events:
                seen["ev:" + e.kind] += 1
            if states is not None:
                states.append(g.snapshot())
        seen["over" if g.is_over else "cut"] += 1
        if states is not None:
            check_replay(g, states, random.Random(i))
    # the sweep really reached every rule it is meant to check
    for kind in (
        "roll",
        "move",
        "take",
        "swap",
        "ask",
        "give",
        "show",
        "steal",
        "choose",
        "lay_down",
        "add_on",
        "discard",
        "keep",
        "next_round",
        "ev:joker",
        "ev:ask_none",
        "ev:extra_turn",
        "ev:round_end",
        "ev:win",
        "ev:rebuild",
        "discard_two",
        "ev:no_joker",
        "ev:extra_turn_lost",
        "ev:pile_empty",
    ):
        assert seen[kind] > 0, f"{kind}: {sorted(seen.items())}"
    assert seen["over"] > 20
    assert actions > 60_000


def check_replay(g: Level8Board, snaps: list[dict], rng: random.Random) -> None:
    """JSON round trip; after(k), goto(k) and undo(m) agree with the positions played."""
    assert len(snaps) == g.plies + 1
    h = Level8Board.from_json(g.to_json())
    assert h == g and h.snapshot() == snaps[-1]
    for k in sorted(rng.sample(range(len(snaps)), min(4, len(snaps)))):
        assert g.after(k).snapshot() == snaps[k]
        m = g.plies - k
        u = g.clone()
        u.undo(m)
        assert u.snapshot() == snaps[k]
        v = g.clone()
        v.goto(k)
        assert v.snapshot() == snaps[k]
    assert g.snapshot() == snaps[-1]  # untouched


def test_every_listed_legal_action_is_accepted():
    """Every legal action can be applied (on a clone) in sampled positions."""
    rng = random.Random(3)
    for seed in range(12):
        g = new_game(seed, rng)
        for step in range(120):
            if g.is_over:
                break
            legal = g.legal_actions()
            if step % 3 == 0:
                for action in legal[:60]:
                    trial = g.clone()
                    trial.apply(action)
                    trial.check_invariants()
            g.apply(pick(rng, legal))
