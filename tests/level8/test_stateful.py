"""Issue 14 (both Level 8 games): stateful tests that mix legal play with careless and
hostile calls, one machine per game on the shared rules of ``tests/card_machine.py``.

Hypothesis drives one game through legal actions (chosen by index from ``legal_actions()``),
bot turns, undo, save/load round trips and random calls of the public methods with arguments
a careless or hostile caller passes: wrong or boolean seats, floats, cards not held, ``14.0``,
``None``, huge lists, unknown strings and fields, dice that are no dice, actions of the wrong
phase or of another seat, and (board game) the card game's own steps. After every step the
spec's invariants hold (``check_invariants()``); every refusal is a :class:`Level8Error` and
leaves the game exactly as it was (JSON record, snapshot, random generator), and no listener
is called. This file gives each game, its bots and its calls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from card_machine import CardGameMachine, held_card  # tests/ is on sys.path
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import rule

from levelwidgets.level8 import Action, HeuristicBot, Level8, RandomBot
from levelwidgets.level8.board import BoardHeuristicBot, BoardRandomBot, Level8Board

#: One worker runs the whole module in file order, so the phase checks at the end read what the
#: machines recorded instead of running each machine a second time on another worker.
pytestmark = pytest.mark.xdist_group("level8-stateful")

# ---------------------------------------------------------------- the card game
#: Public methods, each called with one hostile value (``g``: the game).
CARD_CALLS: dict[str, Callable[[Level8, Any], object]] = {
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
CARD_QUERIES = {
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
} | {name for name in CARD_CALLS if name.startswith("Level8(")}

#: The action kinds of each phase (any other kind is a wrong-phase action).
CARD_PHASE_KINDS = {
    "draw": {"draw"},
    "play": {"lay_down", "add_on", "discard", "skip"},
    "skipped": {"skip_turn"},
    "keep": {"keep"},
    "round_over": {"next_round"},
    "over": set(),
}


def card_wrong_calls(g: Level8) -> list[tuple[str, Callable[[Level8], object]]]:
    """Calls that are wrong in this position whatever it is (each must be refused)."""
    n, p = g.num_players, g.current_player
    other = (p + 1) % n
    held = g.hand(p)
    card = held[0] if held else 0
    not_held = next(c for c in range(101) if c not in held)
    kinds = CARD_PHASE_KINDS[g.phase]
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
CARD_PHASES_SEEN: set[str] = set()


class Level8Machine(CardGameMachine):
    GAME = Level8
    HEURISTIC_BOT = HeuristicBot
    RANDOM_BOT = RandomBot
    CALLS = CARD_CALLS
    QUERIES = CARD_QUERIES
    PHASES_SEEN = CARD_PHASES_SEEN
    wrong_calls = staticmethod(card_wrong_calls)

    @rule(seed=st.integers(0, 99))
    def someone_is_skipped(self, seed: int) -> None:
        """Bots play on until a skip card can be played, play it, and go on to the skipped
        seat's turn, so the skipped phase is reached in every run, as bots_finish_the_round
        does for a round's end. The examples Hypothesis draws depend on the modules loaded
        before it (it takes constants from their code), so which phases the other rules reach
        depends on the tests run before this module in the same process: a full suite once
        never saw "skipped"."""
        g = self.game
        bot = self.HEURISTIC_BOT(seed)
        for _ in range(400):
            if g.is_over or g.phase == "skipped":
                return
            skips = [a for a in g.legal_actions() if a.kind == "skip"]
            g.apply(skips[0] if skips else bot.choose(g.observation(g.current_player)))
            g.check_invariants()


Level8Machine.TestCase.settings = settings(
    max_examples=150,
    stateful_step_count=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestLevel8 = Level8Machine.TestCase


# ---------------------------------------------------------------- the board game

#: Public methods, each called with one hostile value (``g``: the game).
BOARD_CALLS: dict[str, Callable[[Level8Board, Any], object]] = {
    "roll(dice)": lambda g, v: g.roll(v),
    "roll(player)": lambda g, v: g.roll(player=v),
    "move": lambda g, v: g.move(v),
    "move(player)": lambda g, v: g.move((g.reachable or (0,))[0], player=v),
    "take": lambda g, v: g.take(v),
    "take(player)": lambda g, v: g.take(player=v),
    "swap": lambda g, v: g.swap(v),
    "ask(number)": lambda g, v: g.ask(number=v),
    "ask(colour)": lambda g, v: g.ask(colour=v),
    "ask(direction)": lambda g, v: g.ask(number=5, direction=v),
    "give": lambda g, v: g.give(v),
    "show": lambda g, v: g.show(v),
    "steal": lambda g, v: g.steal(v),
    "choose": lambda g, v: g.choose(v),
    "discard_two": lambda g, v: g.discard_two(v),
    "discard": lambda g, v: g.discard(v),
    "discard(player)": lambda g, v: g.discard(held_card(g), player=v),
    "lay_down": lambda g, v: g.lay_down(v),
    "lay_down(combo)": lambda g, v: g.lay_down([v]),
    "add_on(card)": lambda g, v: g.add_on(v, g.current_player, 0),
    "add_on(target)": lambda g, v: g.add_on(held_card(g), v, 0),
    "add_on(index)": lambda g, v: g.add_on(held_card(g), 0, v),
    "keep": lambda g, v: g.keep(v),
    "next_round(player)": lambda g, v: g.next_round(player=v),
    "apply": lambda g, v: g.apply(v),
    "preview": lambda g, v: g.preview(v),
    "undo": lambda g, v: g.undo(v),
    "goto": lambda g, v: g.goto(v),
    "after": lambda g, v: g.after(v),
    "observation": lambda g, v: g.observation(v),
    "events_for": lambda g, v: g.events_for([], v),
    "to_svg": lambda g, v: g.to_svg(v),
    "hand": lambda g, v: g.hand(v),
    "melds": lambda g, v: g.melds(v),
    "current_level": lambda g, v: g.current_level(v),
    "may_discard_two": lambda g, v: g.may_discard_two(v),
    "on_change": lambda g, v: g.on_change(v),
    "from_json": lambda g, v: Level8Board.from_json(v),
    "from_config": lambda g, v: Level8Board.from_config(v),
    "from_position": lambda g, v: Level8Board.from_position(hands=v),
    "Level8Board(players)": lambda g, v: Level8Board(v),
    "Level8Board(seed)": lambda g, v: Level8Board(seed=v),
    "Level8Board(sides)": lambda g, v: Level8Board(sides=v),
    "Level8Board(layout)": lambda g, v: Level8Board(layout=v),
    "Level8Board(towers)": lambda g, v: Level8Board(towers=v),
    "Level8Board(dealer)": lambda g, v: Level8Board(dealer=v),
    "Level8Board(start_levels)": lambda g, v: Level8Board(start_levels=v),
    "Level8Board(deck)": lambda g, v: Level8Board(deck=v),
    "Level8Board(lay_down_cap)": lambda g, v: Level8Board(lay_down_cap=v),
}
#: Calls that never change the game, whether they are accepted or refused.
BOARD_QUERIES = {
    "preview",
    "after",
    "observation",
    "events_for",
    "to_svg",
    "hand",
    "melds",
    "current_level",
    "may_discard_two",
    "from_json",
    "from_config",
    "from_position",
} | {name for name in BOARD_CALLS if name.startswith("Level8Board(")}

#: The step kinds of each phase (any other kind is a wrong-phase step).
BOARD_PHASE_KINDS = {
    "roll": {"roll"},
    "move": {"move"},
    "take": {"take"},
    "swap": {"swap"},
    "ask": {"ask"},
    "give": {"give"},
    "show": {"show"},
    "steal": {"steal"},
    "choose": {"choose"},
    "play": {"lay_down", "add_on", "discard", "discard_two"},
    "keep": {"keep"},
    "round_over": {"next_round"},
    "over": set(),
}


def board_wrong_calls(g: Level8Board) -> list[tuple[str, Callable[[Level8Board], object]]]:
    """Calls that are wrong in this position whatever it is (each must be refused)."""
    n, p = g.num_players, g.current_player
    other = (p + 1) % n
    held = g.hand(p)
    card = held[0] if held else 0
    not_held = next(c for c in range(98) if c not in held)
    kinds = BOARD_PHASE_KINDS[g.phase]
    wrong_phase = {
        "roll": Action("roll", p),
        "move": Action("move", p, field=0),
        "take": Action("take", p),
        "choose": Action("choose", p, choice="swap"),
        "discard": Action("discard", p, card=card),
        "keep": Action("keep", p),
        "next_round": Action("next_round", p),
    }
    calls: list[tuple[str, Callable[[Level8Board], object]]] = [
        (f"apply({kind}) in phase {g.phase}", lambda g, a=action: g.apply(a))
        for kind, action in wrong_phase.items()
        if kind not in kinds
    ]
    for kind in sorted(kinds & {"roll", "take", "next_round", "keep"}):
        action = Action(kind, other)
        calls.append((f"apply({kind}) by seat {other}", lambda g, a=action: g.apply(a)))
    calls += [
        ("apply(draw): a card game step", lambda g: g.apply(Action("draw", p))),
        ("apply(skip): a card game step", lambda g: g.apply(Action("skip", p, target=other))),
        ("roll(player=True)", lambda g: g.roll(player=bool(p))),
        ("roll(player=float)", lambda g: g.roll(player=float(p))),
        ("roll((7, 1))", lambda g: g.roll((7, 1))),
        ("roll((1.0, 2))", lambda g: g.roll((1.0, 2))),
        ("move(999)", lambda g: g.move(999)),
        ("move(True)", lambda g: g.move(True)),
        ("take(True)", lambda g: g.take(True)),
        ("take(n)", lambda g: g.take(n)),
        ("swap([card] * 10)", lambda g: g.swap([card] * 10)),
        (f"swap([{not_held}]) not held", lambda g: g.swap([not_held])),
        ("ask(number=16)", lambda g: g.ask(number=16)),
        ("ask(number=14.0)", lambda g: g.ask(number=14.0)),
        ("ask(number=5, colour='R')", lambda g: g.ask(number=5, colour="R")),
        (f"give({not_held}) not held", lambda g: g.give(not_held)),
        ("show(huge list)", lambda g: g.show([card] * 100_000)),
        ("choose('fly')", lambda g: g.choose("fly")),
        ("choose('choose')", lambda g: g.choose("choose")),
        (f"discard({not_held}) not held", lambda g: g.discard(not_held)),
        ("discard(14.0)", lambda g: g.discard(14.0)),
        ("discard_two([card, card])", lambda g: g.discard_two([card, card])),
        ("keep(huge list)", lambda g: g.keep([card] * 100_000)),
        ("apply(Action('fly'))", lambda g: g.apply(Action("fly", p))),
        ("apply(None)", lambda g: g.apply(None)),
        ("undo(plies + 1)", lambda g: g.undo(g.plies + 1)),
        ("undo(-1)", lambda g: g.undo(-1)),
        ("goto(1.0)", lambda g: g.goto(1.0)),
        ("hand(n)", lambda g: g.hand(n)),
        ("hand(-1)", lambda g: g.hand(-1)),
        ("may_discard_two(True)", lambda g: g.may_discard_two(True)),
        ("observation(n)", lambda g: g.observation(n)),
        ("Level8Board(players=2**63)", lambda g: Level8Board(2**63)),
    ]
    return calls


#: Phases the machine reached (to see the rules were all exercised; read by the last test).
BOARD_PHASES_SEEN: set[str] = set()


class BoardMachine(CardGameMachine):
    GAME = Level8Board
    HEURISTIC_BOT = BoardHeuristicBot
    RANDOM_BOT = BoardRandomBot
    CALLS = BOARD_CALLS
    QUERIES = BOARD_QUERIES
    PHASES_SEEN = BOARD_PHASES_SEEN
    wrong_calls = staticmethod(board_wrong_calls)


BoardMachine.TestCase.settings = settings(
    max_examples=150,
    stateful_step_count=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestLevel8Board = BoardMachine.TestCase


def _card_phases_reached(seen: set[str]) -> None:
    """Every phase: the round's end, keeping cards and the game's end."""
    assert set(CARD_PHASE_KINDS) <= seen, seen


def _board_phases_reached(seen: set[str]) -> None:
    """The usual phases, most field actions, the round's end and the game's end."""
    assert {"roll", "move", "take", "play", "keep", "over"} <= seen, seen
    assert len(seen) >= 9, seen


REACHED = {
    "level8": (TestLevel8, CARD_PHASES_SEEN, _card_phases_reached),
    "level8_board": (TestLevel8Board, BOARD_PHASES_SEEN, _board_phases_reached),
}


@pytest.mark.parametrize("name", REACHED)
def test_the_machine_reached_every_phase(name: str) -> None:
    """The machines above (run first: tests run in file order) played far enough."""
    case, seen, check = REACHED[name]
    if not seen:  # run on its own
        case("runTest").runTest()
    check(seen)
