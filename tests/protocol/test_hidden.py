"""What a viewer sees depends only on what the viewer may see (issue 28, item 2).

Paired tables that differ only in hidden cards (another seat's hand against the draw pile,
two other hands, the order of the draw pile) are built through the engines' public set-up
API (``from_position``) from positions of seeded games. For every viewer who cannot see the
swapped cards (each other seat and "spectator") both tables must give the same observation,
the same SVG, the same filtered events and move-list words, and, when that viewer is to
move, the same legal actions; a few steps played on both keep it so. The teacher sees every
card, so the teacher's view of the pair must differ: the swap is real and the test can fail.

Level X has no hidden information: every seat sees what the teacher sees.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest
from level8.helpers import board_position, card_position  # tests/ is on sys.path

from levelwidgets.level8 import HeuristicBot, Level8, RandomBot
from levelwidgets.level8.actions import Action
from levelwidgets.level8.board import BoardHeuristicBot, BoardRandomBot, Level8Board
from levelwidgets.level8.cards import colour_of, is_number, number_of
from levelwidgets.level8.visibility import action_text, events_for
from levelwidgets.levelx import LevelX

CARD_PHASES = ("draw", "play", "skipped")
BOARD_PHASES = ("roll", "move", "take", "swap", "ask", "give", "show", "steal", "choose", "play")
#: Steps both tables of a pair play after the set-up (actions legal at both tables).
FOLLOW_STEPS = 3


def fixed_cards(game: Level8 | Level8Board) -> set[int]:
    """Hand cards whose place every viewer knows: cards shown face up (board steal), and
    during a question the cards that match it (who gives follows from who holds them)."""
    if not isinstance(game, Level8Board):
        return set()
    pend = game.pending
    out = {c for cs in pend.get("shown", {}).values() for c in cs}
    if game.phase == "give":
        num, col = pend.get("number"), pend.get("colour")
        for hand in game.state_dict()["hands"]:
            for c in hand:
                if not is_number(c) or number_of(c) == num or colour_of(c) == col:
                    out.add(c)
    return out


def hidden_swaps(
    position: dict, viewer: int | str, fixed: set[int], rng: random.Random
) -> Iterator[tuple[str, dict]]:
    """Copies of ``position`` that differ from it only in cards ``viewer`` cannot see: a card
    of another seat's hand for one of the draw pile, cards between two other hands, the draw
    pile's order; each named by the kind of swap."""
    others = [q for q in range(len(position["hands"])) if q != viewer]
    hands = position["hands"]
    pile = position["draw_pile"]

    def movable(cards: list[int]) -> list[int]:
        return [i for i, c in enumerate(cards) if c not in fixed]

    def copy() -> dict:
        out = dict(position)
        out["hands"] = [list(h) for h in hands]
        out["draw_pile"] = list(pile)
        return out

    seats = [q for q in others if movable(hands[q])]
    if seats and pile:
        q = rng.choice(seats)
        i, j = rng.choice(movable(hands[q])), rng.randrange(len(pile))
        pair = copy()
        pair["hands"][q][i], pair["draw_pile"][j] = pile[j], hands[q][i]
        yield "hand and draw pile", pair
    if len(seats) >= 2:
        q, r = rng.sample(seats, 2)
        i, j = rng.choice(movable(hands[q])), rng.choice(movable(hands[r]))
        pair = copy()
        pair["hands"][q][i], pair["hands"][r][j] = hands[r][j], hands[q][i]
        yield "two hands", pair
    if len(set(pile)) >= 2:
        pair = copy()
        while pair["draw_pile"] == pile:
            rng.shuffle(pair["draw_pile"])
        yield "draw pile order", pair


def visible_rows(game: Level8 | Level8Board, viewer: int | str) -> list:
    """The move list as ``viewer`` reads it: each step's words and events, filtered."""
    names = game.names
    return [
        (action_text(e.action, names, viewer), events_for(e.events, viewer)) for e in game.history
    ]


def assert_same_for(
    a: Level8 | Level8Board, b: Level8 | Level8Board, viewer: int | str, picture: bool = True
) -> None:
    """``viewer`` is shown the same at both tables: observation, move list, picture (SVG),
    and the same legal actions when it is ``viewer``'s move."""
    assert a.observation(viewer) == b.observation(viewer)
    assert visible_rows(a, viewer) == visible_rows(b, viewer)
    if picture:
        assert a.to_svg(viewer) == b.to_svg(viewer)
    if a.current_player == viewer and not a.is_over:
        assert a.legal_actions() == b.legal_actions()


def play_on_both(
    a: Level8 | Level8Board, b: Level8 | Level8Board, viewer: int | str, rng: random.Random
) -> int:
    """Play up to :data:`FOLLOW_STEPS` actions legal at both tables, the viewer's views
    staying equal after each; the number of steps played."""
    played = 0
    for _ in range(FOLLOW_STEPS):
        if a.is_over:
            break
        mine = a.legal_actions()
        theirs = set(b.legal_actions())
        both = [x for x in mine if x in theirs]
        if not both:
            break
        action = rng.choice(both)
        if action.kind == "ask":
            break  # who gives answers a question about the hands: public news from here on
        seen_a = events_for(a.apply(action), viewer)
        seen_b = events_for(b.apply(action), viewer)
        played += 1
        if seen_a != seen_b:
            # only a card the viewer now holds may differ (a blind draw, a given card):
            # from here on the tables really differ for the viewer
            assert len(seen_a) == len(seen_b)
            for x, y in zip(seen_a, seen_b, strict=True):
                if x != y:
                    assert (x.kind, x.player) == (y.kind, y.player)
                    assert viewer in (x.player, x.data.get("to")), f"{x} leaks to {viewer}"
                    assert {**x.data, "card": None} == {**y.data, "card": None}
                    assert x.kind in ("draw", "give") and "card" in x.data
            assert a.hand(viewer) != b.hand(viewer)  # type: ignore[arg-type]
            break
        assert_same_for(a, b, viewer, picture=False)
    return played


def private_action_words(action: Action, names: tuple[str, ...]) -> None:
    """A kept or given card is named only to its player (and the teacher): the same action
    with other cards reads the same to everyone else."""
    other = Action(action.kind, action.player, cards=tuple((c + 1) % 90 for c in action.cards))
    if action.card is not None:
        other = Action(action.kind, action.player, card=(action.card + 1) % 90)
    for viewer in [*range(len(names)), "spectator"]:
        if viewer == action.player:
            continue
        assert action_text(action, names, viewer) == action_text(other, names, viewer)


GameMaker = Callable[[int, int], Level8 | Level8Board]
ENGINES: dict[str, tuple[type, GameMaker, Callable, tuple, tuple]] = {
    "level8": (
        Level8,
        lambda players, seed: Level8(players, seed=seed, sides="one" if seed % 2 else "two"),
        card_position,
        CARD_PHASES,
        (HeuristicBot, RandomBot),
    ),
    "level8_board": (
        Level8Board,
        lambda players, seed: Level8Board(players, seed=seed),
        board_position,
        BOARD_PHASES,
        (BoardHeuristicBot, BoardRandomBot),
    ),
}
CASES = [("level8", n) for n in range(2, 7)] + [("level8_board", n) for n in range(2, 5)]
#: Positions compared per case (each against every viewer who cannot see the swap).
POSITIONS = 40


@pytest.mark.parametrize(("name", "players"), CASES)
def test_tables_differing_only_in_hidden_cards_look_the_same(name: str, players: int) -> None:
    cls, make, position_of, phases, (smart, dumb) = ENGINES[name]
    rng = random.Random(f"{name}-{players}")
    positions = compared = followed = 0
    kinds: set[str] = set()
    seed = 0
    while positions < POSITIONS:
        seed += 1
        assert seed < 40, f"only {positions} positions could be set up"
        game = make(players, seed)
        bots = [(smart if k % 2 == 0 else dumb)(seed * 10 + k) for k in range(players)]
        for step in range(400):
            if game.is_over or positions >= POSITIONS:
                break
            p = game.current_player
            game.apply(bots[p].choose(game.observation(p)))
            if step % 9 or game.phase not in phases:
                continue
            args = position_of(game)
            base = cls.from_position(**args)  # every position in play can be set up
            assert base.state_dict()["hands"] == game.state_dict()["hands"]
            positions += 1
            fixed = fixed_cards(game)
            for viewer in [*range(players), "spectator"]:
                for kind, swapped in hidden_swaps(args, viewer, fixed, rng):
                    pair = cls.from_position(**swapped)
                    assert pair.observation("teacher") != base.observation("teacher")
                    if kind != "draw pile order":  # the picture shows no pile order
                        assert pair.to_svg("teacher") != base.to_svg("teacher")
                    assert_same_for(base, pair, viewer)
                    followed += play_on_both(base.clone(), pair, viewer, rng)
                    kinds.add(kind)
                    compared += 1
            for entry in game.history[-9:]:
                if entry.action.kind in ("keep", "give"):
                    private_action_words(entry.action, game.names)
    assert compared >= POSITIONS * players
    assert followed >= compared  # most pairs play on for a few steps
    expected = {"hand and draw pile", "draw pile order"}
    if players > 2:
        expected.add("two hands")
    assert expected <= kinds


def test_a_given_card_is_seen_by_the_asker_only() -> None:
    """A give shows its card to the giver and the asking player: the pair differs for the
    asker after the give, and looks the same to every other viewer."""
    found = 0
    for seed in range(1, 60):
        game = Level8Board(4, seed=seed)
        bots = [BoardHeuristicBot(seed * 10 + k) for k in range(4)]
        for _ in range(600):
            if game.is_over or found >= 6:
                break
            if game.phase == "give":
                giver, asker = game.current_player, game.turn_player
                events = game.clone().apply(game.legal_actions()[0])
                (give,) = [e for e in events if e.kind == "give"]
                for viewer in [*range(4), "spectator", "teacher"]:
                    seen = "card" in events_for(events, viewer)[events.index(give)].data
                    assert seen == (viewer in (giver, asker, "teacher"))
                found += 1
            p = game.current_player
            game.apply(bots[p].choose(game.observation(p)))
        if found >= 6:
            break
    assert found >= 6


@pytest.mark.parametrize("players", [2, 3, 4])
def test_level_x_hides_nothing(players: int) -> None:
    rng = random.Random(players)
    for seed in range(3):
        game = LevelX(players, seed=seed)
        steps = 0
        while not game.is_over and steps < 200:
            teacher = game.observation("teacher")
            for viewer in [*range(players), "spectator", None]:
                assert game.observation(viewer) == teacher
                if steps % 10 == 0:
                    assert game.to_svg(viewer) == game.to_svg("teacher")
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
        assert steps > 20
