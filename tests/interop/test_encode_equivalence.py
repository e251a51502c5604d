"""The fast encoders give byte-identical tensors to the first, plain encoders (issue 29, item 5).

The encoders were rewritten for speed (precomputed byte blocks joined once). This file keeps
the plain versions they replaced (the reference: one value written at a time, exactly as the
layouts in ``docs/interop.md`` read) and compares the two, byte for byte, for every seat over
many seeded random positions of all three games at 2, 3 and 4 players, the board game's
rarer phases included. The reference lives here only: the package has one encoder per game.
"""

from __future__ import annotations

import random
from array import array
from typing import Any

import numpy as np
import pytest

from levelwidgets.interop import make_game, observation_shape, observation_tensor
from levelwidgets.interop.encode_level8 import (
    COMBO_KINDS,
    KINDS,
    MELD_SLOT,
    REQ_SLOT,
    kind_of,
    layout,
)
from levelwidgets.level8.board.layout import ACTIONS
from levelwidgets.level8.cards import MAX_NUMBER, N_COLOURS, is_joker

# ---------------------------------------------------------------------------- reference: Level X
_ZERO = array("f", [0.0])
_PHASES = ("roll", "play", "over")


def _ref_flag_tiles(out: array, start: int, held: list[int], tiles: tuple[int, ...]) -> None:
    left = list(held)
    for k, tile in enumerate(tiles):
        if tile in left:
            left.remove(tile)
            out[start + k] = 1.0


def ref_levelx(game: Any, obs: dict[str, Any], me: int) -> np.ndarray:
    n = game.num_players
    rows, tiles = tuple(game.rules.row_lengths), tuple(game.rules.bonus_tiles)
    out = _ZERO * observation_shape(game)[0]
    cur = 0
    phase = cur + n
    dice = phase + 3
    pieces = dice + 6
    chips = pieces + n * sum(r + 1 for r in rows)
    left = chips + len(rows)
    taken = left + len(tiles)
    scores = taken + n * len(tiles)
    turns = scores + n
    order = [(me + k) % n for k in range(n)]
    out[cur + (obs["current_player"] - me) % n] = 1.0
    out[phase + _PHASES.index(obs["phase"])] = 1.0
    for die in obs["dice"] or ():
        out[dice + die - 1] += 1.0
    i = pieces
    for seat in order:
        for square, length in zip(obs["pieces"][seat], rows, strict=True):
            out[i + min(square, length)] = 1.0
            i += length + 1
    for k, chips_left in enumerate(obs["chips_left"]):
        out[chips + k] = chips_left
    _ref_flag_tiles(out, left, obs["tiles_left"], tiles)
    for k, seat in enumerate(order):
        _ref_flag_tiles(out, taken + k * len(tiles), obs["tiles"][seat], tiles)
        out[scores + k] = obs["scores"][seat]
    out[turns] = obs["turns"]
    return np.frombuffer(out, dtype=np.float32)


# ---------------------------------------------------------------------------- reference: Level 8
class _Writer:
    def __init__(self, length: int) -> None:
        self.out = _ZERO * length
        self.i = 0

    def one_hot(self, index: int | None, width: int) -> None:
        if index is not None:
            assert 0 <= index < width
            self.out[self.i + index] = 1.0
        self.i += width

    def values(self, values: Any) -> None:
        for k, value in enumerate(values):
            self.out[self.i + k] = value
        self.i += len(values)

    def flags(self, indices: Any, width: int) -> None:
        for index in indices:
            self.out[self.i + index] = 1.0
        self.i += width

    def counts(self, cards: Any) -> None:
        for card in cards or ():
            self.out[self.i + kind_of(card)] += 1.0
        self.i += KINDS


def _ref_meld(w: _Writer, combo: Any) -> None:
    w.one_hot(COMBO_KINDS.index(combo.kind), len(COMBO_KINDS))
    out, i = w.out, w.i
    out[i] = len(combo.cards)
    numbers, colours = i + 1, i + 1 + MAX_NUMBER
    jokers = colours + N_COLOURS
    meaning = dict(combo.jokers)
    for card in combo.cards:
        if is_joker(card):
            out[jokers] += 1.0
            m = meaning.get(card)
            if m is not None and combo.kind == "colour" and 0 <= m < N_COLOURS:
                out[colours + m] += 1.0
            elif m is not None and 1 <= m <= MAX_NUMBER:
                out[numbers + m - 1] += 1.0
        else:
            out[numbers + card % 15] += 1.0
            out[colours + card // 15] += 1.0
    w.i = jokers + 1


def _ref_table(w: _Writer, lay: Any, t: Any, me: int) -> None:
    n, c = lay.n, lay.c
    order = [(me + k) % n for k in range(n)]
    w.one_hot((t.current_player - me) % n, n)
    w.one_hot(lay.phases.index(t.phase), len(lay.phases))
    w.one_hot((t.dealer - me) % n, n)
    w.values([t.round, t.draw_count, t.under_count])
    w.counts(t.hand)
    w.counts(t.kept)
    for seat in order:
        w.values(
            [
                t.levels[seat],
                t.levels[seat] / max(t.level_counts[seat], 1),
                float(t.laid[seat]),
                t.hand_counts[seat],
                float(t.skipped[seat]),
                float(t.skip_cards[seat] is not None),
                t.discard_counts[seat],
                t.kept_counts[seat],
                float(seat in t.winners),
            ]
        )
        top = t.discard_tops[seat]
        w.one_hot(None if top is None else kind_of(top), KINDS)
        req = t.requirements[seat]
        slots = list(req.requirements) if req is not None else []
        melds = list(t.melds[seat])
        for r in slots:
            w.one_hot(COMBO_KINDS.index(r.kind), len(COMBO_KINDS))
            w.values([r.n])
        w.i += (c - len(slots)) * REQ_SLOT
        for combo in melds:
            _ref_meld(w, combo)
        w.i += (c - len(melds)) * MELD_SLOT


def _ref_board(w: _Writer, lay: Any, b: Any, me: int) -> None:
    n, f = lay.n, lay.f
    a = len(ACTIONS)
    order = [(me + k) % n for k in range(n)]
    w.one_hot((b.turn_player - me) % n, n)
    for seat in order:
        w.one_hot(b.towers[seat], f)
    if b.dice is None:
        w.i += 13
    else:
        w.one_hot(b.dice[0] - 1, 6)
        w.one_hot(b.dice[1] - 1, 6)
        w.values([1.0])
    w.flags(b.reachable, f)
    for k, action in enumerate(b.layout):
        w.out[w.i + k * a + ACTIONS.index(action)] = 1.0
    w.i += f * a
    w.values([b.jokers_left, b.takes_left])
    w.one_hot(None if b.action is None else ACTIONS.index(b.action), a)
    number, colour = b.asked if b.asked is not None else (None, None)
    w.one_hot(None if number is None else number - 1, MAX_NUMBER)
    w.one_hot(colour, N_COLOURS)
    w.values([float(b.asked is not None)])
    w.one_hot(None if b.giver is None else (b.giver - me) % n, n)
    shown = {seat: cards for seat, cards in b.shown}
    for seat in order:
        w.counts(shown.get(seat))
    queue = set(b.show_queue)
    w.values([float(seat in queue) for seat in order])
    w.values([float(x in b.choosable) for x in ACTIONS])
    w.values([b.extra_turns, float(b.may_discard_two), float(b.rebuildable)])


def ref_level8(game: Any, obs: Any, me: int) -> np.ndarray:
    lay = layout(game)
    w = _Writer(lay.size)
    board = hasattr(obs, "table")
    _ref_table(w, lay, obs.table if board else obs, me)
    if board:
        _ref_board(w, lay, obs, me)
    assert w.i == len(w.out)
    return np.frombuffer(w.out, dtype=np.float32)


def reference(game: Any, seat: int) -> np.ndarray:
    obs = game.observation(seat)
    if isinstance(obs, dict):
        return ref_levelx(game, obs, seat)
    return ref_level8(game, obs, seat)


# ---------------------------------------------------------------------------- the comparison
#: Per game, the seeded random games played per player count: (rule options, most
#: decisions). A late start plays a card game to its end (winners); the board game's engine
#: is the slowest, so it plays fewer games.
PLAN: dict[str, list[tuple[dict[str, int], int]]] = {
    "levelx": [({}, 120), ({}, 120), ({}, 400)],
    "level8": [({}, 150), ({"start_level": 4}, 150), ({"start_level": 8}, 800)],
    "level8_board": [({}, 90), ({"start_level": 8}, 300)],
}
CASES = [(name, n) for name in PLAN for n in (2, 3, 4)]


def positions(name: str, players: int):
    """Every position (chance resolved) of a few seeded random games."""
    rng = random.Random(f"equivalence-{name}-{players}")
    for options, decisions in PLAN[name]:
        game = make_game(name, players=players, seed=rng.randrange(2**32), **options)
        for _ in range(decisions):
            while game.is_chance() and not game.is_over:
                game.apply(rng.choice(game.chance_outcomes())[0])
            yield game
            if game.is_over:
                break
            game.apply(game.action_from_id(rng.choice(game.legal_action_ids())))


@pytest.mark.parametrize(("name", "players"), CASES)
def test_fast_tensors_equal_the_reference_byte_for_byte(name: str, players: int) -> None:
    """For every seat of every position: the same float32 bytes as the reference, and a
    fresh, writeable vector each call (as before)."""
    checked, phases, nonzero = 0, set(), 0
    for game in positions(name, players):
        phases.add(game.observation(0)["phase"] if name == "levelx" else game.phase)
        for seat in range(players):
            fast = observation_tensor(game, seat)
            ref = reference(game, seat)
            assert fast.dtype == np.float32 and fast.shape == ref.shape
            assert fast.tobytes() == ref.tobytes(), (name, players, seat, game.plies)
            assert fast.flags.writeable
            nonzero += int(np.count_nonzero(ref))
            checked += 1
    assert checked >= 100
    assert nonzero > checked  # the positions are real, not blank
    assert len(phases) >= 2  # more than one phase was seen


def test_each_call_gives_its_own_vector() -> None:
    """Writing into one tensor leaves the next call's tensor as it was (no shared buffer)."""
    for name in PLAN:
        game = make_game(name, players=3, seed=5)
        while game.is_chance():
            game.apply(game.chance_outcomes()[0][0])
        first = observation_tensor(game, 1)
        kept = first.copy()
        first[:] = 7.0
        assert np.array_equal(observation_tensor(game, 1), kept)
