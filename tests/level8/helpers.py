"""Shared helpers for the Level 8 tests: stacked deals, card shorthands, recorded searches,
the set-up arguments (``from_position``) of a position reached in play, for both games."""

from __future__ import annotations

import random

from levelwidgets.level8 import HeuristicBot, Level8, parse_card, play_game, stack_deck
from levelwidgets.level8 import bots as bots_module
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.cards import END_SKIP, FIRST_JOKER, FIRST_SKIP, parse_cards
from levelwidgets.level8.levels import Level
from levelwidgets.level8.observation import Observation


def c(code: str) -> int:
    return parse_card(code)


def cs(codes: str) -> list[int]:
    return parse_cards(codes)


def filled_hands(hands: list[str], first_discard: str, draw: str = "") -> list[list[int]]:
    """``hands`` as card ids, each ``"*"`` filled with 10 number cards (highest first) that
    nobody else in the set-up (hands, first discard, draw pile) uses; for both games."""
    named = {x for h in hands if h != "*" for x in cs(h)} | set(cs(first_discard)) | set(cs(draw))
    pool = [x for x in range(89, -1, -1) if x not in named]
    full = []
    for h in hands:
        if h == "*":
            full.append(pool[:10])
            pool = pool[10:]
        else:
            full.append(cs(h))
    return full


def stacked(
    hands: list[str],
    first_discard: str,
    draw: str = "",
    *,
    sides: object = "one",
    start_levels: list[int] | None = None,
    names: list[str] | None = None,
) -> Level8:
    """A game whose first deal gives exactly ``hands`` (seat order; seat 0 starts).

    A hand given as ``"*"`` is filled with number cards nobody else in the set-up uses.
    """
    n = len(hands)
    deck = stack_deck(filled_hands(hands, first_discard, draw), first_discard, cs(draw))
    return Level8(names or n, seed=7, sides=sides, start_levels=start_levels, deck=deck)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def recorded_searches(seeds: list[object]) -> list[tuple[tuple[int, ...], Level, int]]:
    """The HeuristicBots' own cards-missing searches ``(hand, level, at_least)`` in 4-player
    games of these seeds, as a game makes them (recorded through the function they call)."""
    calls = []
    search = bots_module.missing_search

    def record(hand, level, at_least):  # type: ignore[no-untyped-def]
        calls.append((hand, level, at_least))
        return search(hand, level, at_least)

    bots_module.missing_search = record
    try:
        for i, seed in enumerate(seeds):
            play_game([HeuristicBot(seed=i * 4 + k) for k in range(4)], seed=seed)
    finally:
        bots_module.missing_search = search
    return calls


def random_hand(rng: random.Random, fewest: int = 5) -> tuple[int, ...] | list[int]:
    """``fewest``–14 cards for the solver's tests: 0–3 jokers, 0–2 skip cards, the natural
    cards often from a few numbers only; a tuple (as the engine's hands), sometimes a list."""
    nj = rng.randint(0, 3)
    ns = rng.randint(0, 2)
    pool = list(range(FIRST_JOKER))
    if rng.random() < 0.5:
        nums = rng.sample(range(15), rng.randint(2, 6))
        pool = [c for c in pool if c % 15 in nums]
    nn = max(0, min(rng.randint(fewest, 14) - nj - ns, len(pool)))
    hand = (
        rng.sample(pool, nn)
        + rng.sample(range(FIRST_JOKER, FIRST_SKIP), nj)
        + rng.sample(range(FIRST_SKIP, END_SKIP), ns)
    )
    rng.shuffle(hand)
    return tuple(hand) if rng.random() < 0.8 else hand


def card_position(game: Level8) -> dict:
    """``Level8.from_position`` arguments for the game's table as it stands."""
    st = game.state_dict()
    return dict(
        players=list(game.names),
        hands=st["hands"],
        melds=st["melds"],
        discards=st["discards"],
        draw_pile=st["draw"],
        levels=st["levels"],
        laid=st["laid"],
        current=st["current"],
        phase=st["phase"],
        dealer=st["dealer"],
        round=st["round"],
        skips=st["skips"],
        under=st["under"],
        sides=list(game.sides),
        seed=5,
    )


def board_position(game: Level8Board) -> dict:
    """``Level8Board.from_position`` arguments for the game's table and board as they stand."""
    st = game.state_dict()
    pend = st["pending"]
    ask = None
    if st["phase"] == "give":
        asked = game.history[-1].action  # the question the giver answers
        ask = {"direction": asked.direction}
        if asked.number is not None:
            ask["number"] = asked.number
        if asked.colour is not None:
            ask["colour"] = asked.colour
    shown = pend.get("shown")
    return dict(
        players=list(game.names),
        hands=st["hands"],
        melds=st["melds"],
        discards=st["discards"],
        draw_pile=st["draw"],
        middle=st["middle"],
        levels=st["levels"],
        laid=st["laid"],
        towers=st["towers"],
        layout=game.layout,
        sides=list(game.sides),
        turn=st["turn"],
        phase=st["phase"],
        dice=st["dice"],
        takes=pend.get("takes") if st["phase"] == "take" else None,
        ask=ask,
        shown={int(q): cs for q, cs in shown.items()} if shown else None,
        extra_turns=st["extra"],
        dealer=st["dealer"],
        round=st["round"],
        seed=5,
    )


def fresh_observation(g: object, viewer: int | str) -> Observation:
    """``viewer``'s observation of ``g`` (a card table of either game) built from scratch
    from its public state (``state_dict``, ``melds``, ``sides``), without the seat-view
    gate or its cache: what the gate's observation must equal at every step."""
    state = g.state_dict()  # type: ignore[attr-defined]
    n = len(state["hands"])
    own = isinstance(viewer, int)
    teacher = viewer == "teacher"
    seqs = g.sides  # type: ignore[attr-defined]
    skips = tuple(state.get("skips") or [None] * n)
    kept = [tuple(k) for k in state["kept"]]
    levels = tuple(state["levels"])
    return Observation.build(
        viewer=viewer,
        names=tuple(g.names),  # type: ignore[attr-defined]
        sides=tuple(s.name for s in seqs),
        levels=levels,
        level_counts=tuple(len(s.levels) for s in seqs),
        requirements=tuple(
            s.levels[lv - 1] if lv <= len(s.levels) else None
            for s, lv in zip(seqs, levels, strict=True)
        ),
        laid=tuple(state["laid"]),
        hand=tuple(state["hands"][viewer]) if own else None,
        hand_counts=tuple(len(h) for h in state["hands"]),
        draw_count=len(state["draw"]),
        under_count=len(state.get("under") or ()),
        discard_tops=tuple(d[-1] if d else None for d in state["discards"]),
        discard_counts=tuple(len(d) for d in state["discards"]),
        melds=tuple(tuple(g.melds(q)) for q in range(n)),  # type: ignore[attr-defined]
        skipped=tuple(c is not None for c in skips),
        skip_cards=skips,
        kept=kept[viewer] if own else None,
        kept_counts=tuple(len(k) for k in kept),
        phase=state["phase"],
        current_player=state["current"],
        dealer=state["dealer"],
        round=state["round"],
        winners=tuple(state["winners"]),
        lay_down_cap=g.config["lay_down_cap"],  # type: ignore[attr-defined]
        hands=tuple(tuple(h) for h in state["hands"]) if teacher else None,
        draw_pile=tuple(state["draw"]) if teacher else None,
    )


def viewers(g: object) -> list[int | str]:
    """Every viewer of ``g``: each seat, the spectator and the teacher."""
    return [*range(g.num_players), "spectator", "teacher"]  # type: ignore[attr-defined]
