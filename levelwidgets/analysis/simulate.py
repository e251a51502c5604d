"""One entry point for bot studies of every game: ``simulate(game, bots, n_games, seed)``.

Reproducible whatever runs it: game ``k`` takes its seed from
``numpy.random.SeedSequence(seed, spawn_key=(k,))`` (the ``k``-th child of
``SeedSequence(seed).spawn(n_games)``), and its bots' seeds from the children
``spawn_key=(k, seat + 1)``. Seats rotate by ``k`` so every bot sits in every seat equally
often. Work goes out in chunks of game numbers and only compact rows come back, so the frame
is identical in-process, on all cores or on a Dask cluster, and memory stays flat.

Level X studies of "random" and "greedy" bots run on the numpy batch simulator
(:mod:`.batch`, ``engine="auto"`` picks it), which plays the very same games: its frame equals
the engine's, row for row.

>>> from levelwidgets.analysis import simulate
>>> frame = simulate("levelx", ["greedy", "random"], 4, seed=1, progress=False)
>>> list(frame["bot_0"]), bool(frame["over"].all()), frame.attrs["engine"]
(['Greedy', 'Random', 'Greedy', 'Random'], True, 'batch')
"""

from __future__ import annotations

import functools
import gc
import os
import warnings
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from .._bots import bot_label
from ..errors import GameLimitError, GameTypeError, GameValueError
from .collect import RowCollector
from .kinds import KINDS
from .rows import game_row

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

GAMES = tuple(KINDS)
#: The most games one study plays (a frame of 10**8 rows is about 10 GB).
MAX_GAMES = 100_000_000
#: Largest ``seed`` (SeedSequence takes any size; this keeps its work and records small).
MAX_SEED = 2**128 - 1
#: Which simulator plays: "auto" (the batch simulator when it can), "engine" or "batch".
ENGINES = ("auto", "engine", "batch")


class SimulationStopped(UserWarning):
    """A simulation stopped early (Ctrl-C or a failing game): the frame holds the games done."""


@dataclass(frozen=True)
class Study:
    """What every worker needs to play game ``k`` (small and picklable)."""

    game: str
    bots: tuple[object, ...]  # a name ("random", ...) or a picklable factory(seed) -> bot
    labels: tuple[str, ...]
    seed: int
    rules: object
    keep_games: bool


# ---------------------------------------------------------------------- seeds

_INIT_A, _MULT_A, _INIT_B, _MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R, _MASK32 = 0xCA01F9DD, 0x4973F715, 0xFFFFFFFF


def game_seed(seed: int, k: int, seat: int | None = None) -> int:
    """The seed of game ``k`` (``seat=None``) or of its bot in ``seat``: a 63-bit int from
    the ``SeedSequence`` child ``(k,)`` or ``(k, seat + 1)`` of ``seed``."""
    import numpy as np

    if 0 <= k <= _MASK32 and (seat is None or 0 <= seat < _MASK32):
        return int(game_seeds(seed, np.array([k]), seat)[0])
    key = (k,) if seat is None else (k, seat + 1)
    words = np.random.SeedSequence(seed, spawn_key=key).generate_state(2, dtype=np.uint32)
    return (int(words[0]) << 31) ^ int(words[1])


def game_seeds(seed: int, ks: np.ndarray, seat: int | None = None) -> np.ndarray:
    """:func:`game_seed` for every game number of ``ks`` (each below 2**32) at once, as int64.

    numpy's ``SeedSequence`` hashing written over arrays (the same constants and steps, checked
    against ``SeedSequence`` in the tests): 0.4 µs a seed instead of 70 µs, which was most of
    what a study added to cheap games. :func:`seed_columns` makes several seats' at once.
    """
    return seed_columns(seed, ks, [seat])[0]


def seed_columns(seed: int, ks: np.ndarray, seats: Sequence[int | None]) -> list[np.ndarray]:
    """``[game_seeds(seed, ks, s) for s in seats]`` (``None``: the games' own seeds), hashing
    what they share once: the pool of ``seed``'s words is the same for every game (plain
    ints, :func:`_run_pool`), and mixing ``k`` in is the same for every seat.

    Only pool words 0 and 1 make the two output words, and after the pool's own mixing each
    further entropy word (``k``, then ``seat + 1``) changes each pool word on its own, so
    words 2 and 3 are never computed over arrays.
    """
    import numpy as np

    u32 = np.uint32
    pool, const = _run_pool(seed)
    ks = np.asarray(ks).astype(u32)
    after_k: list[np.ndarray] = []
    for dst in range(4):  # hashmix(k) with the constant of each destination word
        before, const = const, (const * _MULT_A) & _MASK32
        if dst < 2:
            value = ks ^ u32(before)
            value *= u32(const)
            value ^= value >> u32(16)
            mixed = u32((_MIX_L * pool[dst]) & _MASK32) - u32(_MIX_R) * value
            mixed ^= mixed >> u32(16)
            after_k.append(mixed)
    out = []
    for seat in seats:
        words = after_k
        if seat is not None:
            words, c = [], const
            for dst in range(2):  # hashmix(seat + 1): plain ints
                h, c = _hashmix(seat + 1, c)
                mixed = after_k[dst] * u32(_MIX_L) - u32((_MIX_R * h) & _MASK32)
                mixed ^= mixed >> u32(16)
                words.append(mixed)
        out.append(_output_words(words[0], words[1]))
    return out


def _hashmix(value: int, const: int) -> tuple[int, int]:
    """SeedSequence's ``hashmix`` on a plain int: (result, the next constant)."""
    value ^= const
    const = (const * _MULT_A) & _MASK32
    value = (value * const) & _MASK32
    return value ^ (value >> 16), const


def _mix(x: int, y: int) -> int:
    result = (_MIX_L * x - _MIX_R * y) & _MASK32
    return result ^ (result >> 16)


@functools.lru_cache(maxsize=16)
def _run_pool(seed: int) -> tuple[tuple[int, ...], int]:
    """SeedSequence(seed)'s pool after mixing in ``seed``'s own words (padded to the pool's
    four: a spawn key follows), and the hash constant reached."""
    run = []
    rest = seed
    while True:  # SeedSequence's entropy words, least significant first
        run.append(rest & _MASK32)
        rest >>= 32
        if not rest:
            break
    run += [0] * (4 - len(run))
    const = _INIT_A
    pool = []
    for word in run[:4]:
        h, const = _hashmix(word, const)
        pool.append(h)
    for src in range(4):
        for dst in range(4):
            if src != dst:
                h, const = _hashmix(pool[src], const)
                pool[dst] = _mix(pool[dst], h)
    for word in run[4:]:
        for dst in range(4):
            h, const = _hashmix(word, const)
            pool[dst] = _mix(pool[dst], h)
    return tuple(pool), const


def _output_words(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """``generate_state(2)`` from pool words 0 and 1, as :func:`game_seed`'s 63-bit int."""
    import numpy as np

    u32 = np.uint32
    words = []
    const_b = _INIT_B
    for word in (first, second):
        value = word ^ u32(const_b)
        const_b = (const_b * _MULT_B) & _MASK32
        value *= u32(const_b)
        value ^= value >> u32(16)
        words.append(value)
    return (words[0].astype(np.int64) << 31) ^ words[1].astype(np.int64)


# ---------------------------------------------------------------------- the study


def simulate(
    game: str,
    bots: Sequence[object] | Mapping[str, Sequence[object]],
    n_games: int,
    seed: int = 0,
    *,
    players: int | None = None,
    rules: object = None,
    executor: Executor | str | None = None,
    progress: bool = True,
    keep_games: bool = False,
    chunk_size: int | None = None,
    engine: str = "auto",
    paired: bool = False,
) -> pd.DataFrame:
    """Play ``n_games`` bot games of ``game`` ("levelx", "level8" or "level8board") and
    return one row per game (see :func:`~.rows.game_row`), in game order.

    ``bots``: one entry per seat, a name ("random"; "greedy" and "expectimax" for Level X;
    "heuristic" and, for the card game, "search" for Level 8) or a factory
    ``f(seed) -> bot`` (picklable for processes: a class or a module-level function);
    ``players`` repeats the list to that many seats. ``rules``:
    Level X :class:`~levelwidgets.levelx.Rules`, or keyword options for the Level 8 engines
    (a dict, e.g. ``{"sides": "two"}``). ``executor``: None plays here, ``"processes"`` on
    all cores, or any :class:`concurrent.futures.Executor` (Dask:
    ``client.get_executor()``). ``keep_games=True`` adds each game's JSON record (column
    ``record``) for stepping through it afterwards.

    ``engine``: ``"batch"`` plays Level X "random" and "greedy" bots on the numpy batch
    simulator (in this process; measured 19–31 times the engine's speed with random bots,
    60–83 with greedy ones: ``benchmarks/simulation_speed.py``); ``"engine"`` plays
    every game with the engine; ``"auto"`` (default) takes the batch simulator when every bot
    is one it plays, no ``executor`` is given, ``keep_games`` is off and the rules fit its
    tables. Both give the same frame: the same columns and dtypes, and the same games (the
    batch simulator draws each game's dice from the game's own ``random.Random`` and each
    RandomBot's choices from the bot's own generator), so :func:`~.games.load_game` plays any
    row of a study of named bots again with the engine, records or not. ``frame.attrs``:
    ``game``, ``seed``, ``engine`` (which one played), ``bots`` (the entries, None for a
    factory), ``rules`` (as plain data: Level X
    ``Rules.to_dict()``) and ``complete``.

    ``paired=True`` plays every variant on the same dice and deals (common random numbers):
    ``bots`` or ``rules`` is then a dict ``{label: bots}`` or ``{label: rules}`` of variants;
    see :func:`levelwidgets.analysis.paired.simulate_paired` (one frame, with ``variant``
    and ``pair`` columns).

    Every argument is checked before any game is played; the largest accepted sizes:
    ``n_games`` ≤ 100,000,000 (:data:`MAX_GAMES`), ``players`` and ``len(bots)`` ≤ the
    game's seats (4 for Level X, 6 for Level 8), ``seed`` < 2**128, ``chunk_size`` ≤
    ``MAX_GAMES``, paired variants ≤ 100. A wrong type raises
    :class:`~levelwidgets.errors.GameTypeError`, a value out of range
    :class:`~levelwidgets.errors.GameValueError` (:class:`~levelwidgets.errors.GameLimitError`
    when too large); both are ``TypeError``/``ValueError`` too.

    Ctrl-C or a failing game stops the study: the frame then holds the games finished so
    far (``frame.attrs["complete"]`` is False) and a :class:`SimulationStopped` warning
    says why.
    """
    _check_flag(paired, "paired")
    if paired:
        return _simulate_paired(
            game, bots, n_games, seed, players, rules, executor, progress, keep_games,
            chunk_size, engine,
        )  # fmt: skip
    study = _study(game, bots, n_games, seed, players, rules, keep_games)  # type: ignore[arg-type]
    _check_run(executor, progress, chunk_size, engine)
    policies = _batch_policies(study, engine, executor)
    if policies is not None:
        return _simulate_batch(study, policies, n_games, progress)
    chunks = _chunks(n_games, chunk_size, executor)
    rows = RowCollector(study.labels)
    stopped: str | None = None
    bar = _bar(n_games, progress, game)
    pool: Executor | None = None
    try:
        if executor is None:
            for ks in chunks:
                rows.add(play_chunk(study, ks))
                bar.update(len(ks))
        else:
            pool = ProcessPoolExecutor(os.cpu_count()) if isinstance(executor, str) else executor
            futures: list[Future] = [pool.submit(play_chunk, study, ks) for ks in chunks]
            try:
                for fut in _as_completed(futures):
                    part = fut.result()
                    rows.add(part)
                    bar.update(len(part))
            finally:
                for fut in futures:
                    fut.cancel()
    except KeyboardInterrupt:
        stopped = "interrupted (Ctrl-C)"
    except Exception as exc:  # a failing game or worker: keep what is done
        stopped = f"a game failed: {type(exc).__name__}: {exc}"
    finally:
        bar.close()
        if pool is not None and executor == "processes":
            pool.shutdown(wait=stopped is None, cancel_futures=True)
    return _finish(rows.frame(), study, "engine", stopped, n_games)


def _finish(
    frame: pd.DataFrame, study: Study, engine: str, stopped: str | None, n_games: int
) -> pd.DataFrame:
    frame.attrs.update(game=study.game, seed=study.seed, engine=engine)
    # what load_game needs to play a row again without a record (named bots only)
    frame.attrs["bots"] = [e if isinstance(e, str) else None for e in study.bots]
    frame.attrs["rules"] = _plain_rules(study.rules)
    frame.attrs["complete"] = stopped is None
    if stopped is not None:
        warnings.warn(
            f"The simulation stopped after {len(frame)} of {n_games} games: {stopped}. "
            "The frame holds the games that finished.",
            SimulationStopped,
            stacklevel=3,
        )
    return frame


def _plain_rules(rules: object) -> object:
    """Rules as plain data for ``frame.attrs`` (pandas deep-copies attrs; Rules objects are
    read-only and refuse): Level X ``Rules.to_dict()``, Level 8 options as given."""
    to_dict = getattr(rules, "to_dict", None)
    return to_dict() if callable(to_dict) else rules


def _simulate_batch(
    study: Study, policies: list[str], n_games: int, progress: bool
) -> pd.DataFrame:
    """The study on the numpy batch simulator, block by block into preallocated columns."""
    from ..levelx.rules import DEFAULT_RULES
    from .batch import StudyColumns, play_block, study_blocks

    rules = DEFAULT_RULES if study.rules is None else study.rules
    columns = StudyColumns(n_games, study.labels)
    done, stopped = 0, None
    bar = _bar(n_games, progress, study.game)
    try:
        for start, stop in study_blocks(n_games, len(policies)):
            play_block(columns, start, stop, policies, study.seed, rules, seed_columns)  # type: ignore[arg-type]
            done = stop
            bar.update(stop - start)
    except KeyboardInterrupt:
        stopped = "interrupted (Ctrl-C)"
    finally:
        bar.close()
    return _finish(columns.frame(done), study, "batch", stopped, n_games)


def _simulate_paired(
    game: object,
    bots: object,
    n_games: object,
    seed: object,
    players: object,
    rules: object,
    executor: object,
    progress: object,
    keep_games: object,
    chunk_size: object,
    engine: object,
) -> pd.DataFrame:
    """``paired=True``: check every variant, then hand them to ``simulate_paired``."""
    if isinstance(bots, Mapping) == isinstance(rules, Mapping) and not (
        isinstance(bots, Mapping) and game != "levelx" and not isinstance(rules, Mapping)
    ):
        raise GameValueError(
            "paired=True compares variants: give bots as a dict {label: [bots…]} or rules as "
            "a dict {label: rules} (one of the two), e.g. bots={'greedy': ['greedy', "
            "'random'], 'expectimax': ['expectimax', 'random']}"
        )
    table = bots if isinstance(bots, Mapping) else rules
    if not 1 <= len(table) <= MAX_VARIANTS:  # type: ignore[arg-type]
        raise GameLimitError(f"paired=True takes 1–{MAX_VARIANTS} variants, not {len(table)}")  # type: ignore[arg-type]
    variants: dict[str, dict[str, object]] = {}
    for label, value in table.items():  # type: ignore[attr-defined]
        if not isinstance(label, str):
            raise GameTypeError(f"variant labels must be text, not {label!r}")
        if isinstance(bots, Mapping):
            variant = {"bots": value} if rules is None else {"bots": value, "rules": rules}
        else:
            variant = {"bots": bots, "rules": value}
        _study(game, variant["bots"], n_games, seed, players, variant.get("rules"), keep_games)
        variants[label] = variant
    _check_run(executor, progress, chunk_size, engine)
    from .paired import simulate_paired

    # _study checked game, n_games and seed above: their types are known from here on
    return simulate_paired(
        cast(str, game), variants, cast(int, n_games), seed=cast(int, seed), players=players,
        executor=executor, progress=progress, keep_games=keep_games, chunk_size=chunk_size,
        engine=engine,
    )  # fmt: skip


#: The most variants ``paired=True`` compares in one call.
MAX_VARIANTS = 100


def play_chunk(study: Study, ks: Sequence[int]) -> list[dict[str, Any]]:
    """Play games ``ks`` of a study (in a worker); one compact row each."""
    import numpy as np

    numbers = np.asarray(ks, dtype=np.int64)
    seeds, *seats = (
        c.tolist() for c in seed_columns(study.seed, numbers, [None, *range(len(study.bots))])
    )
    with fewer_collections():
        return [play_one(study, k, seeds[i], [s[i] for s in seats]) for i, k in enumerate(ks)]


#: Allocations between two young-generation collections while a chunk plays (Python's
#: default is 700). A game allocates many short-lived objects that reference counting frees;
#: the collector mostly walks the live game. Measured on 4 HeuristicBots: 8 % more games/s.
CHUNK_GC_THRESHOLD = 20_000


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Run the garbage collector's young generation less often, then restore its settings
    (a chunk's games are dropped as they finish, so memory stays flat)."""
    before = gc.get_threshold()
    gc.set_threshold(max(before[0], CHUNK_GC_THRESHOLD), *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def play_one(
    study: Study, k: int, seed: int | None = None, seat_seeds: Sequence[int] | None = None
) -> dict[str, Any]:
    """Play game ``k`` of ``study``: seats rotated by ``k``, seeds from the SeedSequence
    (``seed`` and ``seat_seeds``, when given, are :func:`game_seed`'s, computed per chunk)."""
    n = len(study.bots)
    if seed is None or seat_seeds is None:
        seed = game_seed(study.seed, k)
        seat_seeds = [game_seed(study.seed, k, s) for s in range(n)]
    kind = KINDS[study.game]
    bots, labels = [], []
    for s in range(n):
        i = (k + s) % n  # seat s gets entry i
        entry: Any = study.bots[i]
        bots.append(
            kind.bots[entry].make(seat_seeds[s]) if type(entry) is str else entry(seat_seeds[s])
        )
        labels.append(study.labels[i])
    g = kind.play(bots, seed, labels if study.keep_games else None, study.rules)
    row = game_row(study.game, g, k, seed, labels)
    if study.keep_games:
        row["record"] = g.to_json()
    return row


# ---------------------------------------------------------------------- checks


def _is_int(value: object) -> bool:
    import numbers

    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _check_flag(value: object, name: str) -> None:
    if not isinstance(value, bool):
        raise GameTypeError(f"{name} must be True or False, not {value!r}")


def _study(
    game: object,
    bots: Sequence[object],
    n_games: object,
    seed: object,
    players: object,
    rules: object,
    keep_games: object,
) -> Study:
    """Check a study's arguments (cheap checks first, nothing built before its size is
    known) and gather what every worker needs."""
    if not isinstance(game, str):
        raise GameTypeError(f"game must be one of {', '.join(GAMES)}, not {game!r}")
    if game not in GAMES:
        raise GameValueError(f"game must be one of {', '.join(GAMES)}, not {game!r}")
    if not _is_int(n_games):
        raise GameTypeError(f"n_games must be a whole number 1–{MAX_GAMES:,}, not {n_games!r}")
    if not 0 < n_games <= MAX_GAMES:  # type: ignore[operator]
        error = GameLimitError if n_games > 0 else GameValueError  # type: ignore[operator]
        raise error(f"n_games must be a whole number 1–{MAX_GAMES:,}, not {n_games!r}")
    if not _is_int(seed):
        raise GameTypeError(f"seed must be a whole number 0 … 2**128 - 1, not {seed!r}")
    if not 0 <= seed <= MAX_SEED:  # type: ignore[operator]
        raise GameValueError(f"seed must be a whole number 0 … 2**128 - 1, not {seed!r}")
    kind = KINDS[game]
    most = kind.most_players
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise GameTypeError(
            f"bots must be a list with one bot (a name or a factory) per seat, not {bots!r:.80}"
        )
    if not 1 <= len(bots) <= most:
        raise GameLimitError(
            f"{game} is for 2–{most} players: give 1–{most} bots, not {len(bots):,}"
        )
    if players is not None:
        if not _is_int(players):
            raise GameTypeError(f"players must be a whole number 2–{most}, not {players!r}")
        if not 2 <= players <= most:  # type: ignore[operator]
            raise GameLimitError(f"{game} is for 2–{most} players, not {players!r}")
    seats = len(bots) if players is None else players
    if not 2 <= seats <= most:  # type: ignore[operator]
        raise GameValueError(f"{game} is for 2–{most} players, not {seats}")
    entries = [bots[i % len(bots)] for i in range(seats)]  # type: ignore[call-overload]
    for e in entries:
        if isinstance(e, str):
            if e not in kind.bots:
                raise GameValueError(
                    f"unknown bot {e!r} for {game}; use {', '.join(sorted(kind.bots))} or a "
                    "factory f(seed) -> bot"
                )
        elif not callable(e):
            raise GameTypeError(f"a bot must be a name or a factory f(seed) -> bot, not {e!r}")
    _check_rules(game, rules)
    _check_flag(keep_games, "keep_games")
    labels = [_label(game, e) for e in entries]
    labels = [f"{x} {i + 1}" if labels.count(x) > 1 else x for i, x in enumerate(labels)]
    return Study(game, tuple(entries), tuple(labels), seed, rules, bool(keep_games))  # type: ignore[arg-type]


def _check_rules(game: str, rules: object) -> None:
    if rules is None:
        return
    if KINDS[game].rules_are_options:
        if not isinstance(rules, dict):
            raise GameTypeError(
                "rules for Level 8 are keyword options as a dict, e.g. {'sides': 'two'}"
            )
        return
    from ..levelx.rules import Rules

    if not isinstance(rules, Rules):
        raise GameTypeError(
            f"rules for Level X must be a levelwidgets.levelx.Rules(...), not {rules!r:.80}"
        )


def _check_run(executor: object, progress: object, chunk_size: object, engine: object) -> None:
    """The arguments saying how to run a study (not what it plays)."""
    if executor not in (None, "processes") and not callable(getattr(executor, "submit", None)):
        raise GameTypeError(
            'executor must be None, "processes" or a concurrent.futures.Executor (e.g. Dask\'s '
            f"client.get_executor()), not {executor!r}"
        )
    _check_flag(progress, "progress")
    if chunk_size is not None:
        if not _is_int(chunk_size):
            raise GameTypeError(f"chunk_size must be a positive whole number, not {chunk_size!r}")
        if not 1 <= chunk_size <= MAX_GAMES:  # type: ignore[operator]
            raise GameValueError(
                f"chunk_size must be a whole number 1–{MAX_GAMES:,}, not {chunk_size!r}"
            )
    if not isinstance(engine, str):
        raise GameTypeError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    if engine not in ENGINES:
        raise GameValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")


def _batch_policies(study: Study, engine: str, executor: object) -> list[str] | None:
    """The batch simulator's policy per entry when it plays this study, else None
    (``engine="batch"`` on a study it cannot play raises, saying why)."""
    if engine == "engine":
        return None
    from .batch import POLICIES

    reason = None
    if study.game != "levelx":
        reason = f"it plays Level X only, not {study.game}"
    elif not all(isinstance(e, str) and e in POLICIES for e in study.bots):
        odd = next(e for e in study.bots if not (isinstance(e, str) and e in POLICIES))
        reason = f"it plays the bots {', '.join(sorted(POLICIES))}, not {_show(odd)}"
    elif study.keep_games:
        reason = "it keeps no records (keep_games=True needs the engine)"
    elif executor is not None:
        reason = "it runs in this process (leave executor=None)"
    else:
        reason = _tables_refuse(study)
    if reason is None:
        return [str(e) for e in study.bots]
    if engine == "batch":
        raise GameValueError(
            f"engine='batch' cannot play this study: {reason}. Use engine='engine' or 'auto'."
        )
    return None


def _tables_refuse(study: Study) -> str | None:
    """Why the batch tables cannot hold these rules (rows too long), or None."""
    from ..levelx.errors import RulesError
    from ..levelx.rules import DEFAULT_RULES
    from .batch.tables import row_tables

    try:
        row_tables(DEFAULT_RULES if study.rules is None else study.rules, len(study.bots))
    except RulesError as exc:
        return str(exc)
    return None


def _show(entry: object) -> str:
    return repr(entry) if isinstance(entry, str) else f"the factory {_label('levelx', entry)!r}"


def _label(game: str, entry: object) -> str:
    if isinstance(entry, str):
        return bot_label(KINDS[game].bots[entry].make(0))
    return getattr(entry, "name", None) or getattr(entry, "__name__", None) or bot_label(entry)


def _make_bot(game: str, entry: object, seed: int) -> object:
    if isinstance(entry, str):
        return KINDS[game].bots[entry].make(seed)
    return entry(seed)  # type: ignore[operator]


def _chunks(n: int, size: int | None, executor: object) -> list[range]:
    if size is None:
        workers = 1 if executor is None else (os.cpu_count() or 1)
        size = max(1, min(200, n // (8 * workers) or 1))
    return [range(a, min(a + size, n)) for a in range(0, n, size)]


def _as_completed(futures: list[Future]):
    from concurrent.futures import as_completed

    try:
        return as_completed(futures)
    except TypeError:  # executors whose futures are not concurrent.futures.Future
        return futures


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _bar(total: int, progress: bool, game: str) -> Any:
    if not progress:
        return _NoBar()
    try:
        from tqdm.auto import tqdm
    except ImportError:  # the [analysis] extra brings tqdm; without it, no bar
        return _NoBar()

    class Bar(tqdm):
        # No monitor thread: it only retunes bars left idle, ours is updated by hand, and
        # Pyodide (JupyterLite) cannot start threads (tqdm would warn there on every study).
        monitor_interval = 0

    return Bar(total=total, desc=f"{game} games", unit="game", leave=False)
