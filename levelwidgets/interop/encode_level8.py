"""Level 8 and board-game observations as a float32 vector and as text.

Built from ``game.observation(seat)`` alone (an :class:`~levelwidgets.level8.Observation`,
or a :class:`~levelwidgets.level8.board.observation.BoardObservation` whose ``table`` is
one), so a card the seat may not see cannot reach the vector. Seats are listed *observer
first* (the observer, then the next seats in turn order); "rel" one-hots count seats after
the observer. *n* = players, *K* = 92 card kinds (the 90 number cards, then "joker", then
"skip"), *C* = the most combinations a level of the config's sides asks for, *P* = the
game's phases.

Table part (both games)

=========================  ==================  ==============================================
Part                       Size                Values
=========================  ==================  ==============================================
current player             n                   one-hot, rel
phase                      P                   one-hot (card game 6, board game 13 phases)
dealer                     n                   one-hot, rel
round, draw, under         3                   round number, draw pile count, cards under it
own hand                   K                   how many of each kind the observer holds
own kept cards             K                   the observer's kept cards, counts per kind
per seat (× n, rel)        9 + K + 4C + 26C    see below
=========================  ==================  ==============================================

Per seat: level, level / levels of its sides, laid flag, hand count, skipped flag, a skip
card in front of it, discard pile count, kept count, winner flag (9); its discard pile's top
card one-hot over *K* (all 0: empty); its level's requirements, *C* slots of kind one-hot
(run, set, colour) + size (4 each, 0 for a missing slot); its laid combinations, *C* slots of
kind one-hot (3), card count, counts per number 1–15 (a joker counted under the number it
stands for), counts per colour (a joker in a colour group under its colour), joker count
(26 each).

Board part (board game only; *F* fields, *A* = 9 field actions)

=========================  ==================  ==============================================
turn player                n                   one-hot, rel (the seat whose turn it is)
towers                     n × F               per seat (rel): its tower's field, one-hot
dice                       13                  first die one-hot 1–6, second die, rolled flag
reachable                  F                   fields the roll reaches
layout                     F × A               each field's action, one-hot
jokers left, takes left    2                   raw counts
action in progress         A                   one-hot (all 0: none)
asked                      22                  number one-hot 1–15, colour one-hot, asked flag
giver                      n                   one-hot, rel
shown                      n × K               per seat (rel): cards it shows face up, counts
show queue                 n                   per seat (rel): still to show
choosable                  A                   multi-hot
extra turns, flags         3                   extra turns, may discard two, may rebuild
=========================  ==================  ==============================================
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from ..level8.action_space import Shape, space_for
from ..level8.board.game import BOARD_PHASES
from ..level8.board.layout import ACTIONS
from ..level8.cards import CODES, FIRST_JOKER, MAX_NUMBER, N_COLOURS, is_joker, is_skip
from ..level8.setup import PHASES as CARD_PHASES

#: Card kinds: the 90 number cards, then any joker, then any skip card.
KINDS = FIRST_JOKER + 2
JOKER_KIND, SKIP_KIND = FIRST_JOKER, FIRST_JOKER + 1
COMBO_KINDS = ("run", "set", "colour")
SEAT_FIXED = 9
REQ_SLOT = len(COMBO_KINDS) + 1
MELD_SLOT = len(COMBO_KINDS) + 1 + MAX_NUMBER + N_COLOURS + 1


def kind_of(card: int) -> int:
    """The card-kind index of a card id (jokers and skip cards are each one kind)."""
    if is_joker(card):
        return JOKER_KIND
    if is_skip(card):
        return SKIP_KIND
    return card


@dataclass(frozen=True)
class Layout:
    """What a config fixes of the vector: n seats, C combination slots, F fields, phases."""

    n: int
    c: int
    f: int
    board: bool
    phases: tuple[str, ...]

    @property
    def table_size(self) -> int:
        seat = SEAT_FIXED + KINDS + self.c * (REQ_SLOT + MELD_SLOT)
        return 2 * self.n + len(self.phases) + 3 + 2 * KINDS + self.n * seat

    @property
    def board_size(self) -> int:
        n, f, a = self.n, self.f, len(ACTIONS)
        return n + n * f + 13 + f + f * a + 2 + a + 22 + n + n * KINDS + n + a + 3

    @property
    def size(self) -> int:
        return self.table_size + (self.board_size if self.board else 0)


@lru_cache(maxsize=64)
def _layout_of(shape: Shape) -> Layout:
    board = "move" in shape.kinds
    phases = tuple(BOARD_PHASES) if board else tuple(CARD_PHASES)
    return Layout(shape.num_players, shape.max_combos, shape.fields, board, phases)


def layout(game: Any) -> Layout:
    """The layout of ``game``'s config (its action space's shape, kept on the game)."""
    return _layout_of(space_for(game).shape)


def size(game: Any) -> int:
    """The vector's length; fixed by the config (players, sides, board)."""
    return layout(game).size


#: One float32 zero: ``_ZERO * n`` is a zeroed vector of n values in one C call.
_ZERO = array("f", [0.0])


class _Writer:
    """Fills a float32 vector left to right: an ``array.array`` (writing its items is as
    cheap as a list's; numpy then wraps its memory without copying, where building from a
    list or writing numpy scalars one by one costs far more)."""

    def __init__(self, length: int) -> None:
        self.out = _ZERO * length
        self.i = 0

    def one_hot(self, index: int | None, width: int) -> None:
        if index is not None:
            if not 0 <= index < width:
                raise ValueError(f"value {index} does not fit a one-hot of width {width}")
            self.out[self.i + index] = 1.0
        self.i += width

    def values(self, values: list[float] | tuple[float, ...]) -> None:
        out, i = self.out, self.i
        for k, value in enumerate(values):
            if value:  # the vector starts as zeros: most values need no write
                out[i + k] = value
        self.i = i + len(values)

    def flags(self, indices: Any, width: int) -> None:
        for index in indices:
            self.out[self.i + index] = 1.0
        self.i += width

    def counts(self, cards: Any) -> None:
        for card in cards or ():
            self.out[self.i + kind_of(card)] += 1.0
        self.i += KINDS


def _meld(w: _Writer, combo: Any) -> None:
    w.one_hot(COMBO_KINDS.index(combo.kind), len(COMBO_KINDS))
    out, i = w.out, w.i
    out[i] = len(combo.cards)
    numbers, colours = i + 1, i + 1 + MAX_NUMBER  # counts written in place
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


def _table(w: _Writer, lay: Layout, t: Any, me: int) -> None:
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
        if len(slots) > c or len(melds) > c:
            raise ValueError(f"seat {seat} has more than {c} combinations; the layout has {c}")
        for r in slots:
            w.one_hot(COMBO_KINDS.index(r.kind), len(COMBO_KINDS))
            w.values([r.n])
        w.i += (c - len(slots)) * REQ_SLOT
        for combo in melds:
            _meld(w, combo)
        w.i += (c - len(melds)) * MELD_SLOT


@lru_cache(maxsize=16)
def _layout_hot(fields: tuple[str, ...]) -> tuple[float, ...]:
    """Each field's action one-hot (a board's layout never changes during a game)."""
    out = [0.0] * (len(fields) * len(ACTIONS))
    for k, action in enumerate(fields):
        out[k * len(ACTIONS) + ACTIONS.index(action)] = 1.0
    return tuple(out)


def _board(w: _Writer, lay: Layout, b: Any, me: int) -> None:
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
    w.values(_layout_hot(b.layout))
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


def tensor(game: Any, obs: Any, me: int) -> np.ndarray:
    """The layout above for ``obs``, the observation of seat ``me`` of ``game``."""
    lay = layout(game)
    w = _Writer(lay.size)
    board = hasattr(obs, "table")
    if board != lay.board:
        raise ValueError("the observation is not of this game")
    _table(w, lay, obs.table if board else obs, me)
    if board:
        _board(w, lay, obs, me)
    if w.i != len(w.out):
        raise AssertionError(f"the encoder wrote {w.i} values of {len(w.out)}")
    return np.frombuffer(w.out, dtype=np.float32)


def _cards(cards: Any) -> str:
    return " ".join(CODES[c] for c in cards) if cards else "-"


def _combo(combo: Any) -> str:
    meaning = dict(combo.jokers)
    parts = [CODES[c] + (f"={meaning[c]}" if c in meaning else "") for c in combo.cards]
    return f"{combo.kind}[{' '.join(parts)}]"


def text(obs: Any, me: int) -> str:
    """A compact text of what seat ``me`` sees, observer first."""
    board = hasattr(obs, "table")
    t = obs.table if board else obs
    n = len(t.names)
    lines = [
        f"seat {me} sees: round {t.round}, seat {t.current_player} to {t.phase}, "
        f"dealer {t.dealer}, draw pile {t.draw_count}, under {t.under_count}",
        f"hand {_cards(t.hand)}; kept {_cards(t.kept)}",
    ]
    for k in range(n):
        s = (me + k) % n
        req = t.requirements[s]
        top = t.discard_tops[s]
        flags = [x for x, on in (("laid", t.laid[s]), ("skipped", t.skipped[s])) if on]
        if t.skip_cards[s] is not None:
            flags.append(f"skip card {CODES[t.skip_cards[s]]}")
        if s in t.winners:
            flags.append("winner")
        melds = " ".join(_combo(m) for m in t.melds[s]) or "-"
        asks = req.describe() if req else "-"
        lines.append(
            f"seat {s}: level {t.levels[s]}/{t.level_counts[s]} ({asks}), "
            f"{t.hand_counts[s]} cards, discards {t.discard_counts[s]} top "
            f"{CODES[top] if top is not None else '-'}, kept {t.kept_counts[s]}, "
            f"melds {melds}{''.join(', ' + f for f in flags)}"
        )
    if board:
        dice = " ".join(map(str, obs.dice)) if obs.dice else "-"
        shown = "; ".join(f"{s}: {_cards(c)}" for s, c in obs.shown) or "-"
        lines.append(
            f"board: turn of seat {obs.turn_player}, towers {' '.join(map(str, obs.towers))}, "
            f"dice {dice}, reachable {' '.join(map(str, obs.reachable)) or '-'}, "
            f"action {obs.action or '-'}, takes left {obs.takes_left}, jokers left "
            f"{obs.jokers_left}, asked {obs.asked or '-'}, giver {obs.giver}, shown {shown}, "
            f"show queue {' '.join(map(str, obs.show_queue)) or '-'}, choosable "
            f"{' '.join(obs.choosable) or '-'}, extra turns {obs.extra_turns}, "
            f"discard two {obs.may_discard_two}, rebuild {obs.rebuildable}"
        )
    return "\n".join(lines)
