"""CPython's Mersenne Twister (``random.Random``) for many seeds at once, in numpy.

The batch simulator must draw exactly what the engine draws: game ``k`` rolls from
``random.Random(seed_k)`` (RandomBot's choices come from a generator that needs no seeding,
see :class:`..BotStreams`). One
Python generator per game costs ~10 µs to seed; here a whole chunk of games is seeded and
twisted with whole-array operations on ``uint32`` states of shape ``[624, games]`` (word
``i`` of every game side by side, so each sequential step of the algorithm is one contiguous
row).

What is reproduced, bit for bit (tests/analysis/test_mt.py checks it against
``random.Random``):

- ``random.Random(n)`` for any int ``n``: ``init_by_array`` with ``key`` = the 32-bit words of
  ``abs(n)``, least significant first (``[0]`` for 0);
- the outputs: the twist (three slices, each depending on the previous one) and tempering;
- ``random()`` = ``((a >> 5) * 2**26 + (b >> 6)) / 2**53`` of two consecutive outputs;
- ``getrandbits(k)`` for ``k`` ≤ 32 = one output ``>> (32 - k)``;
- ``_randbelow(n)`` (``choice``, ``randrange``) = ``getrandbits(n.bit_length())`` again
  until below ``n``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

N = 624
M = 397
_U32 = np.uint32
_UPPER, _LOWER, _MATRIX = _U32(0x80000000), _U32(0x7FFFFFFF), _U32(0x9908B0DF)
_TWO_26 = 67108864.0
_TWO_53 = 9007199254740992.0


def _genrand_base() -> list[int]:
    """``init_genrand(19650218)``: where every ``init_by_array`` starts."""
    mt = [19650218]
    for i in range(1, N):
        mt.append((1812433253 * (mt[-1] ^ (mt[-1] >> 30)) + i) & 0xFFFFFFFF)
    return mt


_BASE = _genrand_base()
#: The same words, and the indices 0..623, as numpy scalars made once (not once per call).
_BASE_U32 = [_U32(w) for w in _BASE]
_INDEX_U32 = [_U32(i) for i in range(N)]


def seed_key(seed: int) -> list[int]:
    """The ``init_by_array`` key ``random.Random(seed)`` uses: ``abs(seed)``'s 32-bit words,
    least significant first (``[0]`` for 0)."""
    rest = abs(int(seed))
    key = []
    while True:
        key.append(rest & 0xFFFFFFFF)
        rest >>= 32
        if not rest:
            return key


def init_by_array(keys: np.ndarray) -> np.ndarray:
    """States ``[624, games]`` seeded by ``init_by_array`` with the keys ``[key_length,
    games]`` (one key, all of the same length, per game).

    The 1247 steps depend on each other, the games do not: each step is five operations on
    one row of all games. The first 623 steps read the fixed ``init_genrand`` words as
    scalars, so the state is never filled with them. Those 6235 calls are a good part of the
    seeding's time, so each is made as cheap as numpy allows: rows as ready-made views,
    outputs passed by position, shift counts and multipliers as arrays (a Python int or
    numpy scalar operand costs a conversion per call), the other scalars made once.
    """
    keys = np.asarray(keys, dtype=_U32)
    if keys.ndim != 2 or keys.shape[0] < 1:
        raise ValueError(f"keys must be [key_length ≥ 1, games], not shape {keys.shape}")
    length, games = keys.shape
    # key[j] + j, as the step adds both (wrapping at 2**32 as the C code does)
    addends = [keys[j] + _U32(j) for j in range(length)]
    mt = np.empty((N, games), dtype=_U32)
    rows = list(mt)  # row views, made once
    tmp = np.empty(games, dtype=_U32)
    thirty = np.full(games, 30, dtype=_U32)
    c1 = np.full(games, 1664525, dtype=_U32)
    c2 = np.full(games, 1566083941, dtype=_U32)
    rs, xor, mul, add, sub = np.right_shift, np.bitwise_xor, np.multiply, np.add, np.subtract
    prev: np.ndarray | None = None  # mt[i - 1]; None while it is the scalar _BASE[0]
    i, j = 1, 0
    written = 0  # rows 1..written hold seeded words (the rest still _BASE)
    for _ in range(max(N, length)):
        row = rows[i]
        if prev is None:
            p = _BASE[0]
            h = (((p ^ (p >> 30)) * 1664525) & 0xFFFFFFFF) ^ _BASE[i]
            add(addends[j], _U32(h), row)
        else:
            rs(prev, thirty, tmp)
            xor(tmp, prev, tmp)
            mul(tmp, c1, tmp)
            xor(tmp, _BASE_U32[i] if i > written else row, tmp)
            add(tmp, addends[j], row)
        if i > written:
            written = i
        prev, i, j = row, i + 1, j + 1
        if i >= N:
            mt[0] = mt[N - 1]
            prev, i = rows[0], 1
        if j >= length:
            j = 0
    if written < N - 1:  # only when the loop above wrapped before (it never does: N ≥ length)
        raise AssertionError("init_by_array left words unseeded")
    for _ in range(N - 1):
        row = rows[i]
        rs(prev, thirty, tmp)
        xor(tmp, prev, tmp)
        mul(tmp, c2, tmp)
        xor(tmp, row, tmp)
        sub(tmp, _INDEX_U32[i], row)
        prev, i = row, i + 1
        if i >= N:
            mt[0] = mt[N - 1]
            prev, i = rows[0], 1
    mt[0] = _UPPER
    return mt


def seed_states(seeds: Sequence[int] | np.ndarray) -> np.ndarray:
    """``random.Random(s)``'s state for every seed, ``[624, len(seeds)]``.

    Seeds are grouped by key length (one word below 2**32, two below 2**64, ...), each group
    seeded at once.
    """
    values = [int(s) for s in seeds] if not isinstance(seeds, np.ndarray) else None
    if values is None:
        arr = np.asarray(seeds)
        if arr.dtype.kind in "iu":
            mag = np.abs(arr.astype(np.int64)).astype(np.uint64) if arr.dtype.kind == "i" else arr
            mag = mag.astype(np.uint64)
            lo, hi = (mag & np.uint64(0xFFFFFFFF)).astype(_U32), (mag >> np.uint64(32)).astype(_U32)
            two = hi > 0
            if two.all():  # a study's seeds, all but one in 2**31: no copies
                return init_by_array(np.stack([lo, hi]))
            if not two.any():
                return init_by_array(lo[None, :])
            states = np.empty((N, arr.size), dtype=_U32)
            for mask, key in ((two, np.stack([lo, hi])), (~two, lo[None, :])):
                cols = np.flatnonzero(mask)
                states[:, cols] = init_by_array(key[:, cols])
            return states
        values = [int(s) for s in arr.tolist()]
    keys = [seed_key(v) for v in values]
    states = np.empty((N, len(keys)), dtype=_U32)
    by_length: dict[int, list[int]] = {}
    for col, key in enumerate(keys):
        by_length.setdefault(len(key), []).append(col)
    for length, cols in by_length.items():
        block = np.array([keys[c] for c in cols], dtype=_U32).T.reshape(length, len(cols))
        states[:, cols] = init_by_array(block)
    return states


def _twist_slice(mt: np.ndarray, new: np.ndarray, a: int, b: int, src: np.ndarray) -> None:
    """``new[a:b]`` from ``mt[a:b]``, ``mt[a+1:b+1]`` (old words) and ``src`` (word i + 397)."""
    y = (mt[a:b] & _UPPER) | (mt[a + 1 : b + 1] & _LOWER)
    np.bitwise_xor(src, y >> _U32(1), out=new[a:b])
    new[a:b] ^= (y & _U32(1)) * _MATRIX


def twist(mt: np.ndarray, count: int = N) -> np.ndarray:
    """The next 624 untempered words of every state ``mt`` ``[624, games]`` (only the first
    ``count`` of them, ``[min(count, 624), games]``, when fewer are needed: the slices after
    them are skipped).

    Word ``i`` needs old words ``i``, ``i + 1`` and new word ``i - 227``: three slices, each
    reading only what the one before wrote, then the last word (which needs new word 0).
    """
    new = np.empty((min(count, N), mt.shape[1]), dtype=_U32)  # only the rows asked for
    first = N - M  # 227
    _twist_slice(mt, new, 0, min(first, count), mt[M : M + min(first, count)])
    if count > first:
        b = min(2 * first, count)
        _twist_slice(mt, new, first, b, new[0 : b - first])
    if count > 2 * first:
        b = min(N - 1, count)
        _twist_slice(mt, new, 2 * first, b, new[first : b - first])
    if count >= N:
        y = (mt[N - 1] & _UPPER) | (new[0] & _LOWER)
        new[N - 1] = new[M - 1] ^ (y >> _U32(1)) ^ ((y & _U32(1)) * _MATRIX)
    return new


def temper(words: np.ndarray) -> np.ndarray:
    """MT19937's tempering, in place; returns ``words``."""
    tmp = np.empty_like(words)
    rs, ls, xor, and_ = np.right_shift, np.left_shift, np.bitwise_xor, np.bitwise_and
    rs(words, _U32(11), out=tmp)
    xor(words, tmp, out=words)
    ls(words, _U32(7), out=tmp)
    and_(tmp, _U32(0x9D2C5680), out=tmp)
    xor(words, tmp, out=words)
    ls(words, _U32(15), out=tmp)
    and_(tmp, _U32(0xEFC60000), out=tmp)
    xor(words, tmp, out=words)
    rs(words, _U32(18), out=tmp)
    xor(words, tmp, out=words)
    return words


def outputs(states: np.ndarray, count: int) -> np.ndarray:
    """The first ``count`` 32-bit outputs (``getrandbits(32)``) of every freshly seeded state,
    ``[count, games]``. ``states`` is left as it was."""
    games = states.shape[1]
    out = np.empty((count, games), dtype=_U32)
    mt, done = states, 0
    while done < count:
        need = count - done
        new = twist(mt, need)
        take = min(need, N)
        out[done : done + take] = new[:take]
        done += take
        if done < count:
            mt = new
    return temper(out)


def uniforms(words: np.ndarray) -> np.ndarray:
    """``random()`` values from outputs ``[2 * count, games]``: ``[count, games]`` floats."""
    out = (words[0::2] >> _U32(5)).astype(np.float64)
    out *= _TWO_26
    out += words[1::2] >> _U32(6)
    out /= _TWO_53
    return out


def random_values(seeds: Sequence[int] | np.ndarray, count: int) -> np.ndarray:
    """``[random.Random(s).random() for _ in range(count)]`` of every seed, ``[count, games]``.

    Seeded all at once (each of the seeding's 1247 steps is one numpy call per row of all
    games: the wider, the less each call costs a game), then twisted, tempered and turned
    into floats ``OUTPUT_GAMES`` games at a time, so that their words stay in the cache
    (measured: about half the time of the whole width at once).
    """
    return _values(seeds, count, None)


def scaled_values(seeds: Sequence[int] | np.ndarray, count: int, scale: int) -> np.ndarray:
    """``[int(random.Random(s).random() * scale) for _ in range(count)]`` of every seed, as
    ``int16`` ``[count, games]`` (``scale`` ≤ 32767): the dice's roll numbers, without
    keeping the floats. Up to 227 draws come from the even outputs alone
    (:func:`scaled_firsts`); more, with the engine's float operations on both outputs."""
    if not 1 <= scale <= 32767:
        raise ValueError(f"scale must be 1 to 32767, not {scale}")
    return _values(seeds, count, scale)


def _values(seeds: Sequence[int] | np.ndarray, count: int, scale: int | None) -> np.ndarray:
    states = seed_states(seeds)
    games = states.shape[1]
    out = np.empty((count, games), dtype=np.float64 if scale is None else np.int16)
    for a in range(0, games, OUTPUT_GAMES):
        b = min(a + OUTPUT_GAMES, games)
        if scale is not None and 2 * count <= 2 * (N - M):
            out[:, a:b] = scaled_firsts(states[:, a:b], count, scale)
            continue
        values = uniforms(outputs(states[:, a:b], 2 * count))
        if scale is not None:
            values *= scale
        out[:, a:b] = values  # int16: truncated toward zero, as int()
    return out


def scaled_firsts(states: np.ndarray, count: int, scale: int) -> np.ndarray:
    """``int(random() * scale)`` of the first ``count`` draws of freshly seeded ``states``,
    ``int16`` ``[count, games]``, for ``2 * count`` ≤ 454 outputs (two thirds of a twist).

    ``random()`` is ``(a >> 5) * 2**-27 + (b >> 6) * 2**-53`` of two outputs ``a``, ``b``;
    the second term is below ``2**-27``, so ``int(random() * scale)`` is the integer part
    of ``a * scale / 2**32`` unless that is just below the next integer. So only the even
    outputs are twisted and tempered (half the work), and scaled in ``uint32``
    (:func:`_scaling`); the few games with a draw near an integer (1 in 20,000 draws for
    dice) are computed again in full, with the engine's float operations.
    """
    words = 2 * count
    first = N - M  # 227: new words below it need only old words
    if words > 2 * first:
        raise ValueError(f"scaled_firsts makes at most {first} draws, not {count}")
    games = states.shape[1]
    # odd new words 1, 3, ... below words - 227: what the even words from 228 on read
    odd_end = max(0, words - first)
    odd = np.empty((odd_end // 2, games), dtype=_U32)
    if odd.shape[0]:
        _twist_rows(states, 1, odd_end, states[1 + M : odd_end + M : 2], odd)
    even = np.empty((count, games), dtype=_U32)
    low = min(words, first + 1) // 2  # even words 0 .. 226
    _twist_rows(states, 0, 2 * low, states[M : M + 2 * low : 2], even[:low])
    if count > low:  # even words 228 ..: word i reads new word i - 227 (odd)
        _twist_rows(states, 2 * low, words, odd[: count - low], even[low:])
    temper(even)
    shift, factor, fraction, band = _scaling(scale)
    even >>= _U32(shift)
    even *= _U32(factor)  # below 2**32: uint32 arithmetic throughout
    out = np.empty(even.shape, dtype=np.int16)
    np.right_shift(even, _U32(fraction), out=out, casting="unsafe")
    even &= _U32((1 << fraction) - 1)
    near = np.flatnonzero((even >= _U32((1 << fraction) - band)).any(axis=0))
    if near.size:  # the second output may carry into the integer part: the engine's floats
        values = uniforms(outputs(states[:, near], words))
        values *= scale
        out[:, near] = values
    return out


def _scaling(scale: int) -> tuple[int, int, int, int]:
    """``(shift, factor, fraction, band)`` with ``scale = factor * 2**e``: ``t = (a >> shift)
    * factor`` stays below ``2**32`` and ``t >> fraction`` is ``int(random() * scale)``
    unless ``t``'s low ``fraction`` bits are within ``band`` of ``2**fraction``.

    Why: ``random() * scale`` is ``t / 2**fraction`` plus what ``t`` leaves out, the bits
    of ``a`` below ``shift`` and ``b >> 6`` (below ``factor * (1 + 2**(5 - shift))`` units
    of ``2**-fraction``), plus the float product's rounding (far below one unit); a band one unit
    wider covers them all. Dice (1296 = 81 * 16): ``(a >> 7) * 81 >> 21``, band 103.
    """
    e = (scale & -scale).bit_length() - 1
    factor = scale >> e
    shift = max(factor.bit_length(), 5)
    band = math.ceil(factor * (1 + 2.0 ** (5 - shift))) + 1
    return shift, factor, 32 - shift - e, band


def _twist_rows(mt: np.ndarray, a: int, b: int, src: np.ndarray, new: np.ndarray) -> None:
    """Every other new word ``a, a + 2, ... < b`` into ``new`` from old words ``i``, ``i + 1``
    and ``src`` (word ``i + 397``, old or new)."""
    y = mt[a:b:2] & _UPPER
    low = mt[a + 1 : b + 1 : 2] & _LOWER
    y |= low
    low &= _U32(1)
    low *= _MATRIX
    y >>= _U32(1)
    np.bitwise_xor(src, y, out=new)
    new ^= low


#: Games twisted and tempered together: ``[2 * count, OUTPUT_GAMES]`` words (about 1 MB for
#: 4 players' 272) fit the processor's cache.
OUTPUT_GAMES = 1024


class Streams:
    """Many ``random.Random`` generators side by side, each with its own position, for draws
    that use an unequal number of outputs per game (``randbelow``'s rejections).

    Outputs are made ahead ``ahead`` at a time (more are twisted when a game needs them).
    """

    def __init__(self, seeds: Sequence[int] | np.ndarray, ahead: int = N) -> None:
        self._state = seed_states(seeds)
        self._raw = twist(self._state)  # the untempered outputs of the current twist
        self._words = temper(self._raw.copy())
        self.games = self._state.shape[1]
        self.used = np.zeros(self.games, dtype=np.intp)  # outputs taken, per game
        self._base = 0  # outputs before the first column of _words

    def _ensure(self, upto: int) -> None:
        while upto > self._base + self._words.shape[0]:
            raw = twist(self._raw)
            self._raw = raw
            self._words = np.concatenate([self._words, temper(raw.copy())])

    def words(self, games: np.ndarray | None = None) -> np.ndarray:
        """The next 32-bit output of each of ``games`` (all games by default)."""
        games = np.arange(self.games) if games is None else np.asarray(games, dtype=np.intp)
        used = self.used[games]
        if games.size:
            self._ensure(int(used.max()) + 1)
        self.used[games] = used + 1
        return self._words[used, games]

    def random(self, games: np.ndarray | None = None) -> np.ndarray:
        """``random()`` of each game."""
        a = self.words(games)
        b = self.words(games)
        return ((a >> _U32(5)).astype(np.float64) * _TWO_26 + (b >> _U32(6))) / _TWO_53

    def getrandbits(self, k: int, games: np.ndarray | None = None) -> np.ndarray:
        """``getrandbits(k)`` of each game, ``0 ≤ k ≤ 32`` (0 draws nothing)."""
        if not 0 <= k <= 32:
            raise ValueError(f"getrandbits here takes 0 to 32 bits, not {k}")
        n = self.games if games is None else len(games)
        if k == 0:
            return np.zeros(n, dtype=_U32)
        return self.words(games) >> _U32(32 - k)

    def randbelow(self, n: np.ndarray | int, games: np.ndarray | None = None) -> np.ndarray:
        """``_randbelow(n)`` (``randrange(n)``, ``choice`` of ``n`` items) of each game, ``0 <
        n < 2**32`` (one output per try): ``getrandbits(n.bit_length())`` until below ``n``, so
        a game may use more than one output."""
        games = np.arange(self.games) if games is None else np.asarray(games, dtype=np.intp)
        bound = np.broadcast_to(np.asarray(n, dtype=np.int64), games.shape).copy()
        if bound.size and (bound.min() < 1 or bound.max() >= 2**32):
            raise ValueError("randbelow here takes bounds from 1 to 2**32 - 1")
        bits = np.zeros(bound.shape, dtype=np.int64)  # bit_length, exactly (no float log)
        rest = bound.copy()
        while rest.any():
            bits += rest > 0
            rest >>= 1
        out = np.empty(games.shape, dtype=np.int64)
        todo = np.arange(games.size)
        while todo.size:
            r = self.words(games[todo]).astype(np.int64) >> (32 - bits[todo])
            ok = r < bound[todo]
            out[todo[ok]] = r[ok]
            todo = todo[~ok]
        return out
