"""Issue 14 (Level 8 card game): a stateful test that mixes legal play with careless and
hostile calls.

Hypothesis drives one game through legal actions (chosen by index from ``legal_actions()``),
bot turns, undo, save/load round trips and random calls of the public methods with arguments
a careless or hostile caller passes: wrong or boolean seats, floats, cards not held, ``14.0``,
``None``, huge lists, unknown strings, actions of the wrong phase or of another seat. After
every step the spec's invariants hold (``check_invariants()``); every refusal is a
:class:`Level8Error` and leaves the game exactly as it was (JSON record, snapshot, random
generator), and no listener is called. The rules are in ``tests/card_machine.py``, shared
with the other Level 8 game; this file gives the game, its bots and its calls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from card_machine import CardGameMachine, held_card  # tests/ is on sys.path
from hypothesis import HealthCheck, settings

from levelwidgets.level8 import (
    Action,
    HeuristicBot,
    Level8,
    RandomBot,
)

#: Public methods, each called with one hostile value (``g``: the game).
CALLS: dict[str, Callable[[Level8, Any], object]] = {
    "draw(source)": lambda g, v: g.draw(v),
    "draw(player)": lambda g, v: g.draw(player=v),
    "discard": lambda g, v: g.discard(v),
    "discard(player)": lambda g, v: g.discard(held_card(g), player=v),
    "lay_down": lambda g, v: g.lay_down(v),
    "lay_down(combo)": lambda g, v: g.lay_down([v]),
    "add_on(card)": lambda g, v: g.add_on(v, g.current_player, 0),
    "add_on(target)": lambda g, v: g.add_on(held_card(g), v, 0),
    "add_on(index)": lambda g, v: g.add_on(held_card(g), 0, v),
    "add_on(number)": lambda g, v: g.add_on(held_card(g), 0, 0, v),
    "skip(target)": lambda g, v: g.skip(v),
    "skip(card)": lambda g, v: g.skip((g.current_player + 1) % g.num_players, v),
    "skip_turn(player)": lambda g, v: g.skip_turn(player=v),
    "keep": lambda g, v: g.keep(v),
    "keep(player)": lambda g, v: g.keep([], player=v),
    "next_round(player)": lambda g, v: g.next_round(player=v),
    "apply": lambda g, v: g.apply(v),
    "preview": lambda g, v: g.preview(v),
    "undo": lambda g, v: g.undo(v),
    "goto": lambda g, v: g.goto(v),
    "after": lambda g, v: g.after(v),
    "undo_to": lambda g, v: g.undo_to(v),
    "observation": lambda g, v: g.observation(v),
    "events_for": lambda g, v: g.events_for([], v),
    "to_svg": lambda g, v: g.to_svg(v),
    "hand": lambda g, v: g.hand(v),
    "melds": lambda g, v: g.melds(v),
    "current_level": lambda g, v: g.current_level(v),
    "on_change": lambda g, v: g.on_change(v),
    "from_json": lambda g, v: Level8.from_json(v),
    "from_config": lambda g, v: Level8.from_config(v),
    "Level8(players)": lambda g, v: Level8(v),
    "Level8(seed)": lambda g, v: Level8(seed=v),
    "Level8(sides)": lambda g, v: Level8(sides=v),
    "Level8(dealer)": lambda g, v: Level8(dealer=v),
    "Level8(start_levels)": lambda g, v: Level8(start_levels=v),
    "Level8(deck)": lambda g, v: Level8(deck=v),
    "Level8(lay_down_cap)": lambda g, v: Level8(lay_down_cap=v),
    "from_position(hands)": lambda g, v: Level8.from_position(hands=v),
    "from_position(current)": lambda g, v: Level8.from_position(hands=[[], []], current=v),
}
#: Calls that never change the game, whether they are accepted or refused.
QUERIES = {
    "preview",
    "after",
    "observation",
    "events_for",
    "to_svg",
    "hand",
    "melds",
    "current_level",
    "from_json",
    "from_config",
    "from_position(hands)",
    "from_position(current)",
} | {name for name in CALLS if name.startswith("Level8(")}

#: The action kinds of each phase (any other kind is a wrong-phase action).
PHASE_KINDS = {
    "draw": {"draw"},
    "play": {"lay_down", "add_on", "discard", "skip"},
    "skipped": {"skip_turn"},
    "keep": {"keep"},
    "round_over": {"next_round"},
    "over": set(),
}


def _wrong_calls(g: Level8) -> list[tuple[str, Callable[[Level8], object]]]:
    """Calls that are wrong in this position whatever it is (each must be refused)."""
    n, p = g.num_players, g.current_player
    other = (p + 1) % n
    held = g.hand(p)
    card = held[0] if held else 0
    not_held = next(c for c in range(101) if c not in held)
    kinds = PHASE_KINDS[g.phase]
    wrong_phase = {
        "draw": Action("draw", p),
        "discard": Action("discard", p, card=card),
        "skip_turn": Action("skip_turn", p),
        "keep": Action("keep", p),
        "next_round": Action("next_round", p),
    }
    calls: list[tuple[str, Callable[[Level8], object]]] = [
        (f"apply({kind}) in phase {g.phase}", lambda g, a=action: g.apply(a))
        for kind, action in wrong_phase.items()
        if kind not in kinds
    ]
    for kind in sorted(kinds - {"lay_down", "add_on", "skip"}):
        action = Action(kind, other, card=card) if kind == "discard" else Action(kind, other)
        calls.append((f"apply({kind}) by seat {other}", lambda g, a=action: g.apply(a)))
    calls += [
        ("discard(player=True)", lambda g: g.discard(card, player=bool(p))),
        ("draw(player=float)", lambda g: g.draw(player=float(p))),
        (f"discard({not_held}) not held", lambda g: g.discard(not_held)),
        ("discard(14.0)", lambda g: g.discard(14.0)),
        ("discard(None)", lambda g: g.discard(None)),
        ("draw(source=True)", lambda g: g.draw(True)),
        ("draw(source=n)", lambda g: g.draw(n)),
        ("skip(self)", lambda g: g.skip(p)),
        ("lay_down([[not held]])", lambda g: g.lay_down([("set", [not_held] * 3)])),
        ("keep(huge list)", lambda g: g.keep([card] * 100_000)),
        ("apply(Action('fly'))", lambda g: g.apply(Action("fly", p))),
        ("apply('draw')", lambda g: g.apply("draw")),
        ("undo(plies + 1)", lambda g: g.undo(g.plies + 1)),
        ("undo(-1)", lambda g: g.undo(-1)),
        ("goto(1.0)", lambda g: g.goto(1.0)),
        ("hand(n)", lambda g: g.hand(n)),
        ("hand(-1)", lambda g: g.hand(-1)),
        ("observation(n)", lambda g: g.observation(n)),
        ("Level8(players=2**63)", lambda g: Level8(2**63)),
    ]
    return calls


#: Phases the machine reached (to see the rules were all exercised; read by the last test).
PHASES_SEEN: set[str] = set()


class Level8Machine(CardGameMachine):
    GAME = Level8
    HEURISTIC_BOT = HeuristicBot
    RANDOM_BOT = RandomBot
    CALLS = CALLS
    QUERIES = QUERIES
    PHASES_SEEN = PHASES_SEEN
    wrong_calls = staticmethod(_wrong_calls)


Level8Machine.TestCase.settings = settings(
    max_examples=150,
    stateful_step_count=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestLevel8 = Level8Machine.TestCase


def test_the_machine_reached_every_phase():
    """The machine above (run first: tests run in file order) played far enough to reach
    every phase: the round's end, keeping cards and the game's end."""
    if not PHASES_SEEN:  # run on its own
        TestLevel8("runTest").runTest()
    assert set(PHASE_KINDS) <= PHASES_SEEN, PHASES_SEEN
