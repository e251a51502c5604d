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
from struct import Struct
from typing import Any

import numpy as np

from ..level8.action_space import Shape, space_for
from ..level8.board.game import BOARD_PHASES
from ..level8.board.layout import ACTIONS
from ..level8.cards import CODES, FIRST_JOKER, MAX_NUMBER, N_COLOURS, N_IDS, is_joker, is_skip
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


def _zeros(width: int) -> bytes:
    return bytes(4 * width)


def _hot(index: int, width: int) -> bytes:
    """The float32 bytes of a one-hot of ``width`` values with 1 at ``index``."""
    out = array("f", _zeros(width))
    out[index] = 1.0
    return out.tobytes()


_PACKERS: dict[int, Any] = {}


def _floats(values: Any) -> bytes:
    """``values`` as float32 bytes (``struct`` packs a short row several times faster than
    ``array`` converts one, to the same bytes)."""
    pack = _PACKERS.get(len(values))
    if pack is None:
        pack = _PACKERS[len(values)] = Struct(f"{len(values)}f").pack
    return pack(*values)


#: The card kind of every card id (a tuple read is cheaper than :func:`kind_of`'s tests).
_KIND_OF = tuple(kind_of(card) for card in range(N_IDS))
#: The one-hot of every card kind, and the all-0 block (an empty pile).
_KIND_HOT = tuple(_hot(k, KINDS) for k in range(KINDS))
_NO_KIND = _zeros(KINDS)
_DIE_HOT = tuple(_hot(k, 6) for k in range(6))
_NO_DICE = _zeros(13)
_ONE = _floats([1.0])
#: Most requirement and combination blocks kept (each a few hundred bytes at most).
_CACHE = 4096


def _counts(cards: Any) -> bytes:
    """How many of each card kind ``cards`` holds (None or empty: all 0)."""
    if not cards:
        return _NO_KIND
    counts = array("f", _NO_KIND)
    kinds = _KIND_OF
    for card in cards:
        counts[kinds[card]] += 1.0
    return counts.tobytes()


def _meld(combo: Any) -> bytes:
    """One laid combination's slot: kind one-hot, card count, counts per number (a joker
    under the number it stands for), per colour (a joker in a colour group under its
    colour), joker count."""
    out = [0.0] * MELD_SLOT
    out[COMBO_KINDS.index(combo.kind)] = 1.0
    i = len(COMBO_KINDS)
    out[i] = len(combo.cards)
    numbers, colours = i + 1, i + 1 + MAX_NUMBER
    jokers = colours + N_COLOURS
    meaning = dict(combo.jokers)
    colour_group = combo.kind == "colour"
    for card in combo.cards:
        if is_joker(card):
            out[jokers] += 1.0
            m = meaning.get(card)
            if m is not None and colour_group and 0 <= m < N_COLOURS:
                out[colours + m] += 1.0
            elif m is not None and 1 <= m <= MAX_NUMBER:
                out[numbers + m - 1] += 1.0
        else:
            out[numbers + card % 15] += 1.0
            out[colours + card // 15] += 1.0
    return _floats(out)


def _requirements(req: Any, c: int) -> bytes:
    """A level's C requirement slots: kind one-hot and size (a missing slot all 0)."""
    out = [0.0] * (c * REQ_SLOT)
    for k, r in enumerate(req.requirements):
        out[k * REQ_SLOT + COMBO_KINDS.index(r.kind)] = 1.0
        out[k * REQ_SLOT + len(COMBO_KINDS)] = r.n
    return _floats(out)


class _Blocks:
    """A config's vector parts made once as float32 bytes; a tensor joins them (one C call
    each, where writing every value from Python cost several times more). Blocks that depend
    on objects the engine keeps while they do not change (a seat's level, a laid combination)
    are kept by the object's identity, holding the object so the identity stays its own."""

    def __init__(self, lay: Layout) -> None:
        n, c, f = lay.n, lay.c, lay.f
        self.lay = lay
        self.seat_hot = tuple(_hot(k, n) for k in range(n))
        self.phase_hot = {p: _hot(k, len(lay.phases)) for k, p in enumerate(lay.phases)}
        self.no_reqs = _zeros(c * REQ_SLOT)
        self.meld_pad = tuple(_zeros(k * MELD_SLOT) for k in range(c + 1))
        self.field_hot = tuple(_hot(k, f) for k in range(f))
        self.no_field = _zeros(f)
        self.no_seat = _zeros(n)
        self._objects: dict[int, tuple[Any, bytes]] = {}
        self._layouts: dict[tuple[str, ...], bytes] = {}
        self._tails: dict[tuple[int, int], tuple[Any, Any, bytes]] = {}

    def _kept(self, obj: Any, make: Any, *args: Any) -> bytes:
        got = self._objects.get(id(obj))
        if got is not None and got[0] is obj:
            return got[1]
        if len(self._objects) >= _CACHE:
            self._objects.clear()
        block = make(obj, *args)
        self._objects[id(obj)] = (obj, block)
        return block

    def requirements(self, req: Any) -> bytes:
        if req is None:
            return self.no_reqs
        if len(req.requirements) > self.lay.c:
            raise ValueError(f"a level asks for more than {self.lay.c} combinations")
        return self._kept(req, _requirements, self.lay.c)

    def meld(self, combo: Any) -> bytes:
        return self._kept(combo, _meld)

    def seat_tail(self, seat: int, req: Any, melds: Any) -> bytes:
        """A seat's requirement slots and laid-combination slots (padded), kept by the
        identity of its level and of its tuple of combinations: the engine keeps both while
        they do not change, so most steps find the block at once."""
        key = (id(req), id(melds))
        got = self._tails.get(key)
        if got is not None and got[0] is req and got[1] is melds:
            return got[2]
        c = self.lay.c
        if len(melds) > c:
            raise ValueError(f"seat {seat} has more than {c} combinations; the layout has {c}")
        block = b"".join(
            [
                self.requirements(req),
                *[self.meld(combo) for combo in melds],
                self.meld_pad[c - len(melds)],
            ]
        )
        if len(self._tails) >= _CACHE:
            self._tails.clear()
        self._tails[key] = (req, melds, block)
        return block

    def layout(self, fields: tuple[str, ...]) -> bytes:
        """Each field's action one-hot (a board's layout never changes during a game)."""
        got = self._layouts.get(fields)
        if got is None:
            a = len(ACTIONS)
            out = [0.0] * (len(fields) * a)
            for k, action in enumerate(fields):
                out[k * a + ACTIONS.index(action)] = 1.0
            if len(self._layouts) >= 64:
                self._layouts.clear()
            got = self._layouts[fields] = _floats(out)
        return got


@lru_cache(maxsize=64)
def _blocks(lay: Layout) -> _Blocks:
    return _Blocks(lay)


_SEAT_FIXED = Struct(f"{SEAT_FIXED}f").pack


def _table(parts: list[bytes], b: _Blocks, t: Any, me: int) -> None:
    n = b.lay.n
    order = _ORDERS[n][me]
    seat_hot = b.seat_hot
    parts.append(seat_hot[(t.current_player - me) % n])
    parts.append(b.phase_hot[t.phase])
    parts.append(seat_hot[(t.dealer - me) % n])
    parts.append(_floats((t.round, t.draw_count, t.under_count)))
    parts.append(_counts(t.hand))
    parts.append(_counts(t.kept))
    levels, counts, laid, hands = t.levels, t.level_counts, t.laid, t.hand_counts
    skipped, skips, discards, kept = t.skipped, t.skip_cards, t.discard_counts, t.kept_counts
    tops, reqs, melds_of, winners = t.discard_tops, t.requirements, t.melds, t.winners
    append, tail = parts.append, b.seat_tail
    for seat in order:
        level = levels[seat]
        append(
            _SEAT_FIXED(
                level,
                level / max(counts[seat], 1),
                float(laid[seat]),
                hands[seat],
                float(skipped[seat]),
                float(skips[seat] is not None),
                discards[seat],
                kept[seat],
                float(seat in winners),
            )
        )
        top = tops[seat]
        append(_NO_KIND if top is None else _KIND_HOT[_KIND_OF[top]])
        append(tail(seat, reqs[seat], melds_of[seat]))


def _board(parts: list[bytes], b: _Blocks, o: Any, me: int) -> None:
    n = b.lay.n
    order = _ORDERS[n][me]
    parts.append(b.seat_hot[(o.turn_player - me) % n])
    field_hot, towers = b.field_hot, o.towers
    parts.extend(field_hot[towers[seat]] for seat in order)
    dice = o.dice
    if dice is None:
        parts.append(_NO_DICE)
    else:
        parts += (_DIE_HOT[dice[0] - 1], _DIE_HOT[dice[1] - 1], _ONE)
    reachable = array("f", b.no_field)
    for field in o.reachable:
        reachable[field] = 1.0
    parts.append(reachable.tobytes())
    parts.append(b.layout(o.layout))
    a = len(ACTIONS)
    # jokers left, takes left, action one-hot, asked number, asked colour, asked flag
    values = [0.0] * (2 + a + MAX_NUMBER + N_COLOURS + 1)
    values[0], values[1] = o.jokers_left, o.takes_left
    if o.action is not None:
        values[2 + ACTIONS.index(o.action)] = 1.0
    if o.asked is not None:
        number, colour = o.asked
        if number is not None:
            if not 1 <= number <= MAX_NUMBER:
                raise ValueError(f"value {number - 1} does not fit a one-hot of width 15")
            values[2 + a + number - 1] = 1.0
        if colour is not None:
            if not 0 <= colour < N_COLOURS:
                raise ValueError(f"value {colour} does not fit a one-hot of width {N_COLOURS}")
            values[2 + a + MAX_NUMBER + colour] = 1.0
        values[-1] = 1.0
    parts.append(_floats(values))
    parts.append(b.no_seat if o.giver is None else b.seat_hot[(o.giver - me) % n])
    shown = dict(o.shown) if o.shown else {}
    parts.extend(_counts(shown.get(seat)) for seat in order)
    queue, choosable = o.show_queue, o.choosable
    parts.append(
        _floats(
            [
                *(float(seat in queue) for seat in order),
                *(float(x in choosable) for x in ACTIONS),
                o.extra_turns,
                float(o.may_discard_two),
                float(o.rebuildable),
            ]
        )
    )


#: The seats observer first, per seat count and observer: ``_ORDERS[n][me]``.
_ORDERS = {n: tuple(tuple((me + k) % n for k in range(n)) for me in range(n)) for n in range(1, 9)}
_FLOAT32 = np.dtype(np.float32)
#: The blocks per action space (engines share one space per config), by identity.
_BY_SPACE: dict[int, tuple[Any, _Blocks]] = {}


def _blocks_of(game: Any) -> _Blocks:
    space = space_for(game)
    got = _BY_SPACE.get(id(space))
    if got is None or got[0] is not space:
        if len(_BY_SPACE) >= 64:
            _BY_SPACE.clear()
        got = _BY_SPACE[id(space)] = (space, _blocks(_layout_of(space.shape)))
    return got[1]


def seat_tensor(game: Any, me: int) -> np.ndarray:
    """:func:`tensor` of ``game.observation(me)`` (``me`` a seat, checked by the caller):
    for an environment at every step (:func:`tensor`'s body, not a call of it: a call more
    per step is a cost a training loop feels)."""
    b = _blocks_of(game)
    lay = b.lay
    obs = game.observation(me)
    parts: list[bytes] = []
    if lay.board:
        _table(parts, b, obs.table, me)
        _board(parts, b, obs, me)
    else:
        _table(parts, b, obs, me)
    out = bytearray().join(parts)  # writeable, like every tensor before
    if len(out) != 4 * lay.size:
        raise AssertionError(f"the encoder wrote {len(out) // 4} values of {lay.size}")
    return np.frombuffer(out, dtype=_FLOAT32)


def tensor(game: Any, obs: Any, me: int) -> np.ndarray:
    """The layout above for ``obs``, the observation of seat ``me`` of ``game``."""
    b = _blocks_of(game)
    lay = b.lay
    board = hasattr(obs, "table")
    if board != lay.board:
        raise ValueError("the observation is not of this game")
    parts: list[bytes] = []
    _table(parts, b, obs.table if board else obs, me)
    if board:
        _board(parts, b, obs, me)
    out = bytearray().join(parts)  # writeable, like every tensor before
    if len(out) != 4 * lay.size:
        raise AssertionError(f"the encoder wrote {len(out) // 4} values of {lay.size}")
    return np.frombuffer(out, dtype=_FLOAT32)


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
