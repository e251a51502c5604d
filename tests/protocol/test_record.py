"""Records of all three games: JSON round trips that play on identically, the same seed and
the same choices giving the same game, undo back to every position played, listeners and
clones, preview, and tampered or unreadable records refused.

Each game's own record rules stay with the game: the card game's shuffle history and
stacked deals (``tests/level8/test_card_record.py``), the board game's dice and every phase
(``tests/level8board/test_board_record.py``); tampered records of both Level 8 games below.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable

import pytest
from level8board.helpers import RUN9, pick  # tests/ is on sys.path
from old_writers import level8_old_json  # tests/ is on sys.path

from levelwidgets.errors import GameError
from levelwidgets.level8 import (
    Action,
    CorruptStateError,
    HeuristicBot,
    Level8,
    Level8Error,
    NotYourTurnError,
)
from levelwidgets.level8.board import Level8Board
from levelwidgets.levelx import LevelX
from levelwidgets.protocol import Game


def choose_randomly(rng: random.Random) -> Callable[[Game], object]:
    """Random legal actions, chance by its exact probabilities (any of the three games)."""

    def choose(g: Game) -> object:
        if g.is_chance() and g.chance_outcomes():
            outcomes = g.chance_outcomes()
            return rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        if isinstance(g, Level8Board):
            return pick(rng, g.legal_actions())
        return rng.choice(g.legal_actions())

    return choose


def card_bots(seed: int) -> Callable[[Game], object]:
    """The card game's bots (random actions rarely end a round)."""
    bots = [HeuristicBot(seed + k) for k in range(6)]
    return lambda g: bots[g.current_player].choose(g.observation(g.current_player))


def drive(game: Game, choose: Callable[[Game], object], steps: int) -> Game:
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(choose(game))
    return game


#: Per game: a new game (players, seed), a driver (seed), steps to a mid-game position.
GAMES: dict[str, tuple[Callable[[int, int], Game], Callable[[int], Callable], int]] = {
    "levelx": (
        lambda n, seed: LevelX(n, seed=seed),
        lambda seed: choose_randomly(random.Random(seed)),
        60,
    ),
    "level8": (
        lambda n, seed: Level8(n, seed=seed, sides=["one", "two", "one", "two"][:n]),
        card_bots,
        180,
    ),
    "level8_board": (
        lambda n, seed: Level8Board(n, seed=seed, sides=RUN9),
        lambda seed: choose_randomly(random.Random(seed)),
        150,
    ),
}


def finished(name: str) -> Game:
    make, driver, _ = GAMES[name]
    for seed in range(30):
        game = drive(make(2, seed), driver(seed), 3000)
        if game.is_over:
            return game
    raise AssertionError("no finished game")


@pytest.mark.parametrize("name", GAMES)
def test_round_trip_mid_game_plays_on_identically(name: str) -> None:
    make, driver, steps = GAMES[name]
    g = drive(make(3, 11), driver(11), steps)
    assert not g.is_over
    if isinstance(g, Level8):
        assert g.round >= 2  # at least one reshuffle came from the RNG
    text = g.to_json()
    h = type(g).from_json(text)
    assert h == g and h.snapshot() == g.snapshot()
    assert json.loads(h.to_json()) == json.loads(text)
    # both continue alike: identical futures (shuffles and rolls from the generator included)
    drive(g, driver(7), 400)
    drive(h, driver(7), 400)
    assert g.snapshot() == h.snapshot()
    if isinstance(g, Level8):
        assert g.round > 2


@pytest.mark.parametrize("name", GAMES)
def test_round_trip_of_fresh_and_finished_games(name: str) -> None:
    g = finished(name)
    h = type(g).from_json(g.to_json(indent=2))
    assert h.winners == g.winners and h == g and h.is_over
    fresh = GAMES[name][0](2, 5)
    assert type(fresh).from_json(fresh.to_json()) == fresh
    named = type(fresh)(["Ann", "Ben"], seed=2**63 if name == "levelx" else "text seed")
    assert type(fresh).from_json(named.to_json()) == named


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_choices_same_game(name: str) -> None:
    make, driver, steps = GAMES[name]
    a = drive(make(3, 9), driver(3), 2 * steps)
    b = drive(make(3, 9), driver(3), 2 * steps)
    assert a.to_json() == b.to_json()
    c = drive(make(3, 10), driver(3), 2 * steps)
    assert c.to_json() != a.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_undo_to_every_point_matches_the_position_played(name: str) -> None:
    make, driver, _ = GAMES[name]
    g = make(3, 8)
    choose = driver(8)
    snaps = [g.snapshot()]
    for _ in range(60):
        drive(g, choose, 1)
        snaps.append(g.snapshot())
    for back in (1, 5, 17, 60):
        h = g.clone()
        h.undo(back)
        assert h.snapshot() == snaps[-1 - back]
    g.undo(60)
    assert g.snapshot() == snaps[0]


@pytest.mark.parametrize("name", GAMES)
def test_undo_notifies_listeners_and_a_clone_is_independent(name: str) -> None:
    g = GAMES[name][0](2, 1)
    seen: list = []
    remove = g.on_change(lambda game, events: seen.append([e.kind for e in events]))
    first = g.legal_actions()[0]
    kinds = [e.kind for e in g.apply(first)]
    g.undo()
    assert seen == [kinds, []]
    before = g.to_json()
    c = g.clone()
    c.apply(first)
    assert g.to_json() == before and c.to_json() != before
    remove()
    g.apply(first)
    assert len(seen) == 2


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("text", ["", "{", "[]", "null", '"x"', b"\xff\xfe"])
def test_not_json_is_refused(name: str, text: str | bytes) -> None:
    cls = type(GAMES[name][0](2, 1))
    with pytest.raises(GameError):
        cls.from_json(text)
    if name != "levelx":
        with pytest.raises(CorruptStateError):
            cls.from_json(text)


@pytest.mark.parametrize("name", GAMES)
def test_preview_shows_the_events_without_changing_the_game(name: str) -> None:
    make, driver, _ = GAMES[name]
    g = make(3, 12)
    choose = driver(12)
    seen: list = []
    g.on_change(lambda game, events: seen.append(events))
    previewed = 0
    for _ in range(120):  # every kind of action, new rounds (with shuffles) included
        if g.is_over:
            break
        action = choose(g)
        before = g.to_json()
        if g.is_chance():
            g.apply(action)  # a roll is chance, not a choice to preview
            seen.clear()
            continue
        preview = g.preview(action)
        assert g.to_json() == before and not seen  # nothing changed, nobody was told
        events = [e.to_dict() for e in g.apply(action)]
        previewed += 1
        seen.clear()
        if isinstance(g, LevelX):  # Level X previews the move, not the turn's end after it
            assert [e.to_dict() for e in preview] == events[: len(preview)]
            assert {e["kind"] for e in events[len(preview) :]} <= {"turn_passed", "game_over"}
            continue
        assert [e.to_dict() for e in preview] == events
    assert previewed > 40
    if isinstance(g, (Level8, Level8Board)) and not g.is_over:  # another seat's action: refused
        before = g.to_json()
        other = (g.current_player + 1) % 3
        kind = "roll" if isinstance(g, Level8Board) else "draw"
        with pytest.raises(NotYourTurnError):
            g.preview(Action(kind, other))
        assert g.to_json() == before and not seen


# ---------------------------------------------------------------- tampered Level 8 records
@pytest.fixture(scope="module")
def records() -> dict[str, str]:
    card = drive(Level8(3, seed=12), card_bots(0), 150)
    make, driver, steps = GAMES["level8_board"]
    board = drive(make(3, 12), driver(12), steps)
    assert not card.is_over and not board.is_over
    # the released engine format (still read): its fields are what the changes below damage
    return {"level8": level8_old_json(card), "level8_board": level8_old_json(board)}


def _swap_hand_card(d: dict) -> None:
    d["state"]["hands"][0][0], d["state"]["hands"][1][0] = (
        d["state"]["hands"][1][0],
        d["state"]["hands"][0][0],
    )


def _change_chance(d: dict) -> None:
    order = d["history"][0]["chance"][0]
    order[0], order[1] = order[1], order[0]


def _change_action(d: dict) -> None:
    for e in d["history"]:
        if e["action"]["kind"] == "discard":
            e["action"]["card"] = (e["action"]["card"] + 1) % 90
            return
    raise AssertionError("no discard in the record")


TAMPERED = {
    "no state": lambda d: d.pop("state"),
    "format": lambda d: d.update(format="something else"),
    "version": lambda d: d.update(version=99),
    "extra key": lambda d: d.update(extra=1),
    "hand card": _swap_hand_card,
    "phase": lambda d: d["state"].update(phase="over"),
    "level": lambda d: d["state"]["levels"].__setitem__(0, 8),
    "shuffle": _change_chance,
    "discarded card": _change_action,
    "last entry": lambda d: d["history"].pop(),
    "first entry": lambda d: d["history"].pop(0),
    "kind": lambda d: d["history"][3]["action"].update(kind="fly"),
    "player": lambda d: d["history"][3]["action"].update(player="x"),
    "chance": lambda d: d["history"][3].update(chance="no"),
    "rng bit": lambda d: d["rng"][1].__setitem__(5, d["rng"][1][5] ^ 1),
    "rng short": lambda d: d.update(rng=[3, [1, 2], None]),
    "rng text": lambda d: d.update(rng="abc"),
    "one player": lambda d: d["config"].update(players=["A"]),
    "seed list": lambda d: d["config"].update(seed=[1]),
    "seed": lambda d: d["config"].update(seed=999),
    "sides": lambda d: d["config"]["sides"][0].update(levels=["run 30"]),
    "cap": lambda d: d["config"].update(lay_down_cap=0),
    "no deck": lambda d: d["config"].pop("deck"),
    "no history": lambda d: d.update(history=None),
}


@pytest.mark.parametrize("name", ["level8", "level8_board"])
@pytest.mark.parametrize("change", TAMPERED)
def test_corrupt_or_tampered_records_are_refused(
    records: dict[str, str], name: str, change: str
) -> None:
    data = json.loads(records[name])
    bad = copy.deepcopy(data)
    TAMPERED[change](bad)
    assert bad != data
    cls = Level8 if name == "level8" else Level8Board
    with pytest.raises(CorruptStateError) as info:
        cls.from_json(json.dumps(bad))
    assert isinstance(info.value, Level8Error)
