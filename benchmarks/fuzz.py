"""Seeded fuzz run of issue 14 ("Hardening"): invariants, refusals and damaged records.

Plays seeded bot games of Level X (default 10,000), the Level 8 card game (1,500) and the
Level 8 board game (500), random bots mixed with greedy/heuristic ones, 2–4 or 2–6 players:

* after every action the spec's invariants are checked (``invariant_violations``); now and
  then an action is undone and replayed, which must give the same position again;
* every few actions a hostile call from a table of (method, bad arguments) is made
  (``bad_calls``): it must raise the engine's own :class:`~levelwidgets.errors.GameError`
  subclass (else ``refusals_not_game_error``) and leave the game exactly as it was: JSON
  record, snapshot, random generator, no listener called (else, or if the call was accepted,
  ``state_changed_on_refusal``); each refusal is timed (``slowest_refusal_ms``), and so is a
  fixed set of very hostile inputs (a player count of 2**63, JSON nested 100,000 deep, a
  50 MB move text, a 50 MB record), each once; for the large ones the peak memory the
  refusal allocates (:mod:`tracemalloc`) is divided by the input's size
  (``refusal_memory_ratio``, at most 1: no more memory than the input itself);
* records of a sample of finished and ongoing games, in each engine's own format and in the
  shared ``levelwidgets.record`` format, are damaged (±1 on a number, list items swapped, a
  key deleted or added, a value's type changed, the text cut, a key named twice, NaN)
  and loaded (``corrupt_records``): a damaged record must either be refused with the
  loader's own error class (else ``corrupt_records_crashed``) or load as exactly the game
  that was saved (else ``corrupt_records_loaded_as_other_game``).

Prints one ``name: value`` line per figure (in the order of the issue, then
``refusal_memory_ratio`` and ``seconds``) and exits with status 1 if any count that must be 0
is not, or the memory ratio is above 1; the first problems found are
described on stderr. Single process and deterministic: the same ``--seed`` gives the same
counts. ``--quick`` is a smoke run of a few hundred games.

Run: ``python benchmarks/fuzz.py [--quick] [--seed N]``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import random
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from levelwidgets.errors import GameError
from levelwidgets.level8 import (
    Action,
    CorruptStateError,
    HeuristicBot,
    Level8,
    Level8Error,
    RandomBot,
)
from levelwidgets.level8.board import (
    BoardHeuristicBot,
    BoardRandomBot,
    Level8Board,
)
from levelwidgets.levelx import ROWS, GreedyBot, LevelX, LevelXError, Rules
from levelwidgets.levelx import RandomBot as LevelXRandomBot
from levelwidgets.levelx import RecordError as LevelXRecordError
from levelwidgets.record import GameRecord
from levelwidgets.record import RecordError as SharedRecordError

#: The counts that must be 0, in the order the issue lists them (with the totals).
FIGURES = (
    "games",
    "actions",
    "invariant_violations",
    "bad_calls",
    "refusals_not_game_error",
    "state_changed_on_refusal",
    "corrupt_records",
    "corrupt_records_loaded_as_other_game",
    "corrupt_records_crashed",
    "slowest_refusal_ms",
    "refusal_memory_ratio",
    "seconds",
)
MUST_BE_ZERO = (
    "invariant_violations",
    "refusals_not_game_error",
    "state_changed_on_refusal",
    "corrupt_records_loaded_as_other_game",
    "corrupt_records_crashed",
)
#: Problems described on stderr (the first ones only: one bug tends to repeat).
MAX_REPORTS = 40
BIG = 50_000_000  # characters of the huge move text and the huge record
#: With ``--dump DIR``: damaged records that loaded as another game are written there.
DUMP: Path | None = None


class Tally:
    """The figures, plus a few words on each problem found (for whoever fixes it)."""

    def __init__(self) -> None:
        self.counts: dict[str, float] = dict.fromkeys(FIGURES, 0)
        #: (figure, kind of problem) -> [how often, the first example]
        self.reports: dict[tuple[str, str], list[Any]] = {}
        self.slowest = ""
        self.hungriest = ""

    def problem(self, figure: str, text: str, kind: str = "") -> None:
        """Count a problem; ``kind`` groups its repeats (one example each is described)."""
        self.counts[figure] += 1
        seen = self.reports.get((figure, kind or text))
        if seen is not None:
            seen[0] += 1
        elif len(self.reports) < MAX_REPORTS:
            self.reports[figure, kind or text] = [1, text]

    def timed(self, seconds: float, what: str) -> None:
        ms = seconds * 1000
        if ms > self.counts["slowest_refusal_ms"]:
            self.counts["slowest_refusal_ms"] = ms
            self.slowest = what


def short(value: object, limit: int = 90) -> str:
    """``repr`` cut short (hostile values are huge)."""
    if isinstance(value, str) and len(value) > limit:
        return f"<str of {len(value)} chars>"
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


# ---------------------------------------------------------------------------- refusals


class Watched:
    """A game with a listener: what a refused call must leave exactly as it was."""

    def __init__(self, game: Any) -> None:
        self.heard = 0
        self.attach(game)

    def attach(self, game: Any) -> None:
        self.game = game
        game.on_change(self._hear)

    def _hear(self, game: Any, events: Any) -> None:
        self.heard += 1

    def state(self) -> tuple[Any, ...]:
        """Everything the game's record and snapshot are made of, and the notifications heard,
        without writing the record out for every call (that was most of a run's time)."""
        g = self.game
        if isinstance(g, LevelX):  # the snapshot holds the whole game but a set-up start
            return g.snapshot(), g._start, self.heard
        # the card games: config, position, history entries (immutable, compared by value)
        return g._config, g.state_dict(), tuple(g.history), g._rng.getstate(), self.heard


def hostile(
    tally: Tally,
    watched: Watched,
    name: str,
    call: Callable[[Any], object],
    error: type[GameError],
) -> None:
    """Make one call that must be refused with ``error``; classify what happened. A game that
    a call changed is replaced by its copy from before, so the run goes on."""
    game = watched.game
    keep = game.clone()
    before = watched.state()
    tally.counts["bad_calls"] += 1
    where = f"{type(game).__name__} phase {game.phase!r}: {name}"
    kind = f"{type(game).__name__}.{name.split('(')[0]}"
    start = time.perf_counter()
    try:
        call(game)
    except error:
        tally.timed(time.perf_counter() - start, where)
        if watched.state() != before:
            tally.problem("state_changed_on_refusal", f"{where} refused but changed the game", kind)
            watched.attach(keep)
        return
    except Exception as exc:
        tally.timed(time.perf_counter() - start, where)
        tally.problem(
            "refusals_not_game_error",
            f"{where} raised {type(exc).__name__}: {short(str(exc))}",
            f"{kind} {type(exc).__name__}",
        )
        if watched.state() != before:
            tally.problem("state_changed_on_refusal", f"{where} raised and changed the game", kind)
            watched.attach(keep)
        return
    tally.problem("state_changed_on_refusal", f"{where} was accepted", kind)
    watched.attach(keep)


def hostile_once(
    tally: Tally, name: str, call: Callable[[], object], error: type, size: int = 0
) -> None:
    """One very hostile input, timed: refused with ``error``, and quickly. For an input of
    ``size`` bytes (a huge text), the refusal is made once more under :mod:`tracemalloc`: the
    peak memory it allocates, divided by the input's size, is ``refusal_memory_ratio``
    (issue 14: no more memory than the input itself, i.e. at most 1)."""
    tally.counts["bad_calls"] += 1
    start = time.perf_counter()
    try:
        call()
    except error:
        pass
    except Exception as exc:
        tally.problem(
            "refusals_not_game_error", f"{name} raised {type(exc).__name__}: {short(str(exc))}"
        )
    else:
        tally.problem("state_changed_on_refusal", f"{name} was accepted")
    tally.timed(time.perf_counter() - start, name)
    if size:
        tracemalloc.start()
        with contextlib.suppress(Exception):  # classified above
            call()
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        ratio = peak / size
        if ratio > tally.counts["refusal_memory_ratio"]:
            tally.counts["refusal_memory_ratio"] = ratio
            tally.hungriest = f"{name}: {peak / 1e6:.1f} MB for {size / 1e6:.1f} MB of input"


# ---------------------------------------------------------------------------- Level X


def levelx_invariants(game: LevelX) -> str | None:
    """The spec's invariants (as ``tests/levelx/helpers.py`` checks them); a broken one's
    name, or None."""
    n = game.num_players
    total = sum(game.rules.chips(n))
    held = sum(sum(game.chips_held(p).values()) for p in range(n))
    if sum(game.chips_left(r) for r in ROWS) + held != total:
        return "chips on the board and held do not add up"
    for row in ROWS:
        length = game.row_length(row)
        on_x = [p for p in range(n) if game.piece(p, row) == length]
        if len(on_x) > 1 or game.x_owner(row) != (on_x[0] if on_x else None):
            return f"X{row} owner"
        for p in range(n):
            sq = game.piece(p, row)
            if sq is not None and not 1 <= sq <= length:
                return f"piece of {p} off row {row}"
            if game.is_closed(row) and sq is not None:
                return f"piece in closed row {row}"
        if game.is_closed(row) and game.chips_left(row):
            return f"chips left in closed row {row}"
    stack = list(game.rules.bonus_tiles)
    taken = [t for p in range(n) for t in game.tiles(p)]
    left = game.tiles_left()
    if sorted(taken + left) != sorted(stack) or left != stack[len(stack) - len(left) :]:
        return "bonus tiles"
    for p in range(n):
        chips = game.chips_held(p)
        if game.score(p) != sum(r * c for r, c in chips.items()) + sum(game.tiles(p)):
            return f"score of {p}"
        if len(game.tiles(p)) > min(chips.values()):
            return f"tiles of {p}"
    if not 0 <= game.current_player < n:
        return "current player"
    if (game.dice is None) != (game.phase in ("roll", "over")):
        return "dice and phase disagree"
    if game.is_over:
        best = max(game.scores())
        if not game.winners or any(game.score(w) != best for w in game.winners):
            return "winners"
        if len(game.history) % n:
            return "unequal turns"
    return None


def _levelx_table(game: LevelX, rng: random.Random) -> list[tuple[str, Callable[[Any], object]]]:
    """(name, call) pairs that are wrong in any position of ``game``."""
    n = game.num_players
    other = (game.current_player + 1 + rng.randrange(n - 1)) % n
    wrong_phase: tuple[str, Callable[[Any], object]] = (
        ("roll() while a roll is unplayed", lambda g: g.roll())
        if game.phase == "play"
        else ("play('-') with no dice", lambda g: g.play("-"))
    )
    table: list[tuple[str, Callable[[Any], object]]] = [
        wrong_phase,
        ("piece(0, 5.0)", lambda g: g.piece(0, 5.0)),
        ("piece(True, 5)", lambda g: g.piece(True, 5)),
        ("piece(0, 11)", lambda g: g.piece(0, 11)),
        ("score(-1)", lambda g: g.score(-1)),
        ("score(n)", lambda g: g.score(n)),
        ("chips_left(5.0)", lambda g: g.chips_left(5.0)),
        ("is_closed(True)", lambda g: g.is_closed(True)),
        ("tiles(0.0)", lambda g: g.tiles(0.0)),
        ("chips_held(None)", lambda g: g.chips_held(None)),
        ("row_length('5')", lambda g: g.row_length("5")),
        ("x_owner(4)", lambda g: g.x_owner(4)),
        ("play('²')", lambda g: g.play("²")),
        ("play(None)", lambda g: g.play(None)),
        ("play(14.0)", lambda g: g.play(14.0)),
        ("play('7'*5000)", lambda g: g.play("7" * 5000)),
        ("play([[5]]*100000)", lambda g: g.play([[5]] * 100_000)),
        ("play('unknown')", lambda g: g.play("fly away")),
        ("preview('6+6+6+6+6')", lambda g: g.preview("6+6+6+6+6")),
        ("parse_move(b'5 5')", lambda g: g.parse_move(b"5 5")),
        ("roll((7, 1, 1, 1))", lambda g: g.roll((7, 1, 1, 1))),
        ("roll((1, 1, 1))", lambda g: g.roll((1, 1, 1))),
        ("roll((1.0, 2, 3, 4))", lambda g: g.roll((1.0, 2, 3, 4))),
        ("roll(player=True)", lambda g: g.roll(player=True)),
        ("roll(player=0.0)", lambda g: g.roll(player=0.0)),
        (f"roll(player={other}) out of turn", lambda g: g.roll(player=other)),
        (f"play('-', player={other})", lambda g: g.play("-", player=other)),
        ("undo(-1)", lambda g: g.undo(-1)),
        ("undo(1.0)", lambda g: g.undo(1.0)),
        ("undo(10**6)", lambda g: g.undo(10**6)),
        ("goto(-1)", lambda g: g.goto(-1)),
        ("goto(10**9)", lambda g: g.goto(10**9)),
        ("rewind(None)", lambda g: g.rewind(None)),
        ("after(True)", lambda g: g.after(True)),
        ("autoplay(None)", lambda g: g.autoplay(None)),
        ("autoplay(['greedy'] * n)", lambda g: g.autoplay(["greedy"] * n)),
        ("autoplay(max_turns=-1)", lambda g: g.autoplay([GreedyBot()] * n, max_turns=-1)),
        ("on_change(5)", lambda g: g.on_change(5)),
        ("to_svg(1.0)", lambda g: g.to_svg(1.0)),
        ("LevelX(players=1)", lambda g: LevelX(players=1)),
        ("LevelX(seed=-1)", lambda g: LevelX(seed=-1)),
        ("LevelX(rules=5)", lambda g: LevelX(rules=5)),
        ("Rules(oust=5)", lambda g: Rules(oust=5)),
        ("from_json('{')", lambda g: LevelX.from_json("{")),
        ("from_json(None)", lambda g: LevelX.from_json(None)),
        ("from_dict([])", lambda g: LevelX.from_dict([])),
        ("from_position(pieces=5)", lambda g: LevelX.from_position(pieces=5)),
    ]
    return table


def play_levelx(i: int, rng: random.Random, tally: Tally, every: int) -> Iterator[tuple[str, Any]]:
    """One seeded Level X game with checks; yields (kind, game) for records to damage."""
    n = 2 + i % 3
    players: object = n if i % 4 else ["Ann", "Bén", "<Cy>", "Dee"][:n]
    rules = (None, None, Rules(oust="row_start"), Rules(lucky_loser=False))[i % 4]
    game = LevelX(players, seed=rng.randrange(2**64), rules=rules)
    watched = Watched(game)
    bots = [GreedyBot() if rng.random() < 0.3 else LevelXRandomBot(rng.randrange(10**6))]
    bots += [LevelXRandomBot(rng.randrange(10**6)) for _ in range(n - 1)]
    sample_at = rng.randrange(1, 120)
    steps = 0
    while not watched.game.is_over:
        game = watched.game
        try:
            if game.phase == "roll":
                if rng.random() < 0.1:
                    game.roll(tuple(rng.randint(1, 6) for _ in range(4)))
                else:
                    game.roll(player=game.current_player)
            else:
                game.play(bots[game.current_player].choose(game))
        except Exception as exc:
            tally.problem(
                "invariant_violations", f"Level X game {i}: a legal step raised {exc!r}", "step"
            )
            break
        steps += 1
        tally.counts["actions"] += 1
        broken = levelx_invariants(game)
        if broken:
            tally.problem(
                "invariant_violations", f"Level X game {i} step {steps}: {broken}", broken
            )
        if steps % every == 0:
            name, call = rng.choice(_levelx_table(game, rng))
            hostile(tally, watched, name, call, LevelXError)
        if steps % 97 == 0:
            _undo_check(tally, watched, f"Level X game {i} step {steps}")
        if steps == sample_at:
            yield "ongoing", watched.game.clone()
    tally.counts["games"] += 1
    yield "finished", watched.game


def _undo_check(tally: Tally, watched: Watched, where: str) -> None:
    """undo() then goto back: the positions must be the ones played."""
    game = watched.game
    if game.plies < 1:
        return
    now = game.snapshot()
    earlier = game.after(game.plies - 1).snapshot()
    trial = game.clone()
    trial.goto(trial.plies - 1)
    if trial.snapshot() != earlier:
        tally.problem("invariant_violations", f"{where}: goto(plies - 1) != after(plies - 1)")
    if game.snapshot() != now:
        tally.problem("invariant_violations", f"{where}: after() changed the game")


# ---------------------------------------------------------------------------- Level 8


def _not_held(game: Level8, rng: random.Random) -> int:
    """A card of this game that the player to act does not hold."""
    held = set(game.hand(game.current_player))
    return rng.choice([c for c in sorted(game._deck_ids) if c not in held])


def _level8_table(
    game: Level8, rng: random.Random, board: bool
) -> list[tuple[str, Callable[[Any], object]]]:
    """(name, call) pairs that are wrong in any position of ``game`` (a card game or, with
    ``board``, a board game)."""
    n = game.num_players
    p = game.current_player
    other = (p + 1 + rng.randrange(n - 1)) % n
    cid = _not_held(game, rng)
    hand = game.hand(p)
    held = rng.choice(hand) if hand else cid
    cls: Any = Level8Board if board else Level8
    table: list[tuple[str, Callable[[Any], object]]] = [
        ("undo(-1)", lambda g: g.undo(-1)),
        ("undo(True)", lambda g: g.undo(True)),
        ("undo(1.5)", lambda g: g.undo(1.5)),
        ("undo(10**9)", lambda g: g.undo(10**9)),
        ("goto(-1)", lambda g: g.goto(-1)),
        ("goto(plies + 1)", lambda g: g.goto(g.plies + 1)),
        ("after('x')", lambda g: g.after("x")),
        ("observation(n)", lambda g: g.observation(n)),
        ("observation(True)", lambda g: g.observation(True)),
        ("observation(1.5)", lambda g: g.observation(1.5)),
        ("events_for([], 99)", lambda g: g.events_for([], 99)),
        ("to_svg(-1)", lambda g: g.to_svg(-1)),
        ("hand(n)", lambda g: g.hand(n)),
        ("hand(True)", lambda g: g.hand(True)),
        ("melds(-1)", lambda g: g.melds(-1)),
        ("current_level(n)", lambda g: g.current_level(n)),
        ("on_change(None)", lambda g: g.on_change(None)),
        ("apply(None)", lambda g: g.apply(None)),
        ("apply('draw')", lambda g: g.apply("draw")),
        ("apply(Action('fly'))", lambda g: g.apply(Action("fly", p))),
        (
            f"apply(Action('discard', other seat {other}))",
            lambda g: g.apply(Action("discard", other, card=held)),
        ),
        ("preview(None)", lambda g: g.preview(None)),
        (f"discard({cid}) not held", lambda g: g.discard(cid)),
        ("discard(14.0)", lambda g: g.discard(14.0)),
        ("discard(None)", lambda g: g.discard(None)),
        ("discard('ZZ')", lambda g: g.discard("ZZ")),
        ("discard(10**30)", lambda g: g.discard(10**30)),
        (f"discard({held}, player=True)", lambda g: g.discard(held, player=True)),
        (f"discard({held}, player={other})", lambda g: g.discard(held, player=other)),
        ("lay_down(None)", lambda g: g.lay_down(None)),
        ("lay_down(huge list)", lambda g: g.lay_down([("run", [held])] * 100_000)),
        ("lay_down('nonsense')", lambda g: g.lay_down("nonsense")),
        (f"lay_down([('set', [{cid}])]) not held", lambda g: g.lay_down([("set", [cid])])),
        ("add_on(held, 99, 0)", lambda g: g.add_on(held, 99, 0)),
        ("add_on(None, 0, 0)", lambda g: g.add_on(None, 0, 0)),
        ("add_on(held, 0, 1.5)", lambda g: g.add_on(held, 0, 1.5)),
        ("add_on(held, 0, 10**6)", lambda g: g.add_on(held, 0, 10**6)),
        ("keep(huge list)", lambda g: g.keep([held] * 100_000)),
        ("keep(None)", lambda g: g.keep(None)),
        ("keep(['7R'] * 5)", lambda g: g.keep(["7R"] * 5)),
        ("next_round(player=True)", lambda g: g.next_round(player=True)),
        (f"next_round(player={other})", lambda g: g.next_round(player=other)),
        (f"{cls.__name__}(players=2**63)", lambda g: cls(players=2**63)),
        (f"{cls.__name__}(players=1)", lambda g: cls(players=1)),
        (f"{cls.__name__}(players=[None, 'A'])", lambda g: cls(players=[None, "A"])),
        (f"{cls.__name__}(seed=1.5)", lambda g: cls(seed=1.5)),
        (f"{cls.__name__}(sides='three')", lambda g: cls(sides="three")),
        (f"{cls.__name__}(dealer=True)", lambda g: cls(dealer=True)),
        (f"{cls.__name__}(start_levels=[99, 1])", lambda g: cls(start_levels=[99, 1])),
        (f"{cls.__name__}(deck=[0] * 101)", lambda g: cls(deck=[0] * 101)),
        (f"{cls.__name__}(lay_down_cap=-1)", lambda g: cls(lay_down_cap=-1)),
        ("from_json(b'\\xff')", lambda g: cls.from_json(b"\xff")),
        ("from_json(None)", lambda g: cls.from_json(None)),
        ("from_json('[]')", lambda g: cls.from_json("[]")),
        ("from_config(None)", lambda g: cls.from_config(None)),
        ("from_config({})", lambda g: cls.from_config({})),
    ]
    if board:
        table += _board_only(game, rng, p, other, cid, held)
    else:
        table += _cards_only(game, p, other, cid)
    return table


def _cards_only(
    game: Level8, p: int, other: int, cid: int
) -> list[tuple[str, Callable[[Any], object]]]:
    phase = game.phase
    wrong = [
        ("draw", Action("draw", p), phase != "draw"),
        ("skip_turn", Action("skip_turn", p), phase != "skipped"),
        ("keep", Action("keep", p), phase != "keep"),
        ("next_round", Action("next_round", p), phase != "round_over"),
    ]
    table: list[tuple[str, Callable[[Any], object]]] = [
        (f"apply({kind}) in wrong phase", lambda g, a=action: g.apply(a))
        for kind, action, bad in wrong
        if bad
    ]
    table += [
        ("draw(source=True)", lambda g: g.draw(True)),
        ("draw(source=99)", lambda g: g.draw(99)),
        ("draw(source=1.0)", lambda g: g.draw(1.0)),
        ("draw(player=True)", lambda g: g.draw(player=True)),
        (f"draw(player={other})", lambda g: g.draw(player=other)),
        ("skip(self)", lambda g: g.skip(p)),
        ("skip(True)", lambda g: g.skip(True)),
        (f"skip({other}, card={cid}) not held", lambda g: g.skip(other, cid)),
        (f"skip_turn(player={other})", lambda g: g.skip_turn(player=other)),
        ("from_position(hands=None)", lambda g: Level8.from_position(hands=None)),
        ("from_position(hands=[[0]*10]*2)", lambda g: Level8.from_position(hands=[[0] * 10] * 2)),
    ]
    return table


def _board_only(
    game: Level8Board, rng: random.Random, p: int, other: int, cid: int, held: int
) -> list[tuple[str, Callable[[Any], object]]]:
    phase = game.phase
    wrong = [
        ("roll", Action("roll", p), phase != "roll"),
        ("move", Action("move", p, field=0), phase != "move"),
        ("take", Action("take", p), phase != "take"),
        ("choose", Action("choose", p, choice="swap"), phase != "choose"),
        ("next_round", Action("next_round", p), phase != "round_over"),
        ("discard", Action("discard", p, card=held), phase != "play"),
        ("draw (card game)", Action("draw", p), True),
        ("skip (card game)", Action("skip", p, target=other), True),
    ]
    table: list[tuple[str, Callable[[Any], object]]] = [
        (f"apply({kind}) in wrong phase", lambda g, a=action: g.apply(a))
        for kind, action, bad in wrong
        if bad
    ]
    table += [
        ("roll((7, 1))", lambda g: g.roll((7, 1))),
        ("roll('12')", lambda g: g.roll("12")),
        ("roll((1.0, 2))", lambda g: g.roll((1.0, 2))),
        ("roll(player=True)", lambda g: g.roll(player=True)),
        (f"roll(player={other})", lambda g: g.roll(player=other)),
        ("move(999)", lambda g: g.move(999)),
        ("move(True)", lambda g: g.move(True)),
        ("move(1.5)", lambda g: g.move(1.5)),
        ("take(source=True)", lambda g: g.take(True)),
        ("take(source=99)", lambda g: g.take(99)),
        ("swap(None)", lambda g: g.swap(None)),
        (f"swap([{held}] * 10)", lambda g: g.swap([held] * 10)),
        (f"swap([{cid}]) not held", lambda g: g.swap([cid])),
        ("ask(number=16)", lambda g: g.ask(number=16)),
        ("ask(number=5, colour='R')", lambda g: g.ask(number=5, colour="R")),
        ("ask(number=5, direction='up')", lambda g: g.ask(number=5, direction="up")),
        ("ask(number=5.0)", lambda g: g.ask(number=5.0)),
        ("give(None)", lambda g: g.give(None)),
        (f"give({cid}) not held", lambda g: g.give(cid)),
        ("show([])", lambda g: g.show([])),
        ("show(huge list)", lambda g: g.show([held] * 100_000)),
        ("steal('ZZ')", lambda g: g.steal("ZZ")),
        (f"steal({held}) not shown", lambda g: g.steal(held) if phase != "steal" else g.steal(-1)),
        ("choose('fly')", lambda g: g.choose("fly")),
        ("choose('choose')", lambda g: g.choose("choose")),
        ("choose(None)", lambda g: g.choose(None)),
        (f"discard_two([{held}, {held}])", lambda g: g.discard_two([held, held])),
        ("discard_two(14.0)", lambda g: g.discard_two(14.0)),
        ("may_discard_two(99)", lambda g: g.may_discard_two(99)),
        ("from_position(hands=[])", lambda g: Level8Board.from_position(hands=[])),
        ("Level8Board(layout=['fly'])", lambda g: Level8Board(layout=["fly"])),
        ("Level8Board(towers=[0, 999])", lambda g: Level8Board(towers=[0, 999])),
    ]
    return table


def level8_invariants(game: Level8, steps: int) -> str | None:
    """The engine's invariant check; every 5th step also: a game not over has a move."""
    try:
        game.check_invariants()
    except Exception as exc:
        return f"{type(exc).__name__}: {short(str(exc), 200)}"
    if steps % 5 == 0 and not game.is_over and not game.legal_actions():
        return "no legal action although the game is not over"
    return None


def play_level8(
    i: int, rng: random.Random, tally: Tally, every: int, board: bool
) -> Iterator[tuple[str, Any]]:
    """One seeded card or board game with checks; yields (kind, game) for records."""
    n = 2 + i % 5
    mode = i % 3
    sides: object = ("one", "two", [rng.choice(["one", "two"]) for _ in range(n)])[mode]
    start = [rng.choice([1, 1, 3, 5, 6, 7, 8]) for _ in range(n)]
    seed = rng.randrange(2**32)
    names: object = n if i % 2 else [f"P{k}<{'é' * k}>" for k in range(n)]
    if board:
        game: Level8 = Level8Board(names, seed=seed, sides=sides, start_levels=start)
        bots: list[Any] = [
            BoardHeuristicBot(seed + k) if rng.random() < 0.4 else BoardRandomBot(seed + k)
            for k in range(n)
        ]
    else:
        game = Level8(names, seed=seed, sides=sides, start_levels=start)
        bots = [
            HeuristicBot(seed + k) if rng.random() < 0.5 else RandomBot(seed + k) for k in range(n)
        ]
    what = f"{type(game).__name__} game {i}"
    watched = Watched(game)
    cap = 900
    sample_at = rng.randrange(1, 200)
    steps = 0
    while not watched.game.is_over and steps < cap:
        game = watched.game
        p = game.current_player
        try:
            if rng.random() < 0.05:
                action = rng.choice(game.legal_actions())
            else:
                action = bots[p].choose(game.observation(p))
            game.apply(action)
        except Exception as exc:
            tally.problem(
                "invariant_violations",
                f"{what}: a legal step raised {exc!r}",
                f"step {type(exc).__name__}",
            )
            break
        steps += 1
        tally.counts["actions"] += 1
        broken = level8_invariants(game, steps)
        if broken:
            tally.problem("invariant_violations", f"{what} step {steps}: {broken}", broken[:40])
        if steps % every == 0:
            name, call = rng.choice(_level8_table(game, rng, board))
            hostile(tally, watched, name, call, Level8Error)
        if steps % 151 == 0:
            _undo_check(tally, watched, f"{what} step {steps}")
        if steps == sample_at:
            yield "ongoing", watched.game.clone()
    tally.counts["games"] += 1
    yield "finished", watched.game


# ---------------------------------------------------------------------------- damaged records


def _descend(data: Any, rng: random.Random) -> tuple[Any, ...]:
    """A random path into ``data``, chosen level by level (so every part of a record is
    reached, not mostly its long lists of numbers)."""
    path: list[Any] = []
    node = data
    while isinstance(node, (dict, list)) and node and (not path or rng.random() < 0.8):
        key = rng.choice(list(node)) if isinstance(node, dict) else rng.randrange(len(node))
        path.append(key)
        node = node[key]
    return tuple(path)


def _find(data: Any, rng: random.Random, want: Callable[[Any], bool]) -> tuple[Any, ...] | None:
    for _ in range(40):
        path = _descend(data, rng)
        if path and want(_get(data, path)):
            return path
    return None


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        data = data[key]
    return data


def _set(data: Any, path: tuple[Any, ...], value: Any) -> None:
    _get(data, path[:-1])[path[-1]] = value


def _is_int(v: Any) -> bool:
    return type(v) is int


def _other_type(value: Any, rng: random.Random) -> Any:
    if type(value) is bool:
        return rng.choice([int(value), str(value).lower(), None])
    if type(value) is int:
        return rng.choice([float(value), str(value), value != 0, None, [value]])
    if type(value) is float:
        return rng.choice([int(value), str(value), None])
    if isinstance(value, str):
        return rng.choice([len(value), None, [value], {value: value}, value.encode().hex()])
    if isinstance(value, list):
        return rng.choice([dict(enumerate(value)), json.dumps(value), len(value), None])
    if isinstance(value, dict):
        return rng.choice([list(value.values()), list(value), json.dumps(value), None])
    return 0


EDITS = ("int±1", "swap", "delete", "add", "type", "truncate", "duplicate key", "nan")


def damage(text: str, rng: random.Random) -> tuple[str, str] | None:
    """``text`` (a JSON record) with one edit of the issue's list; (edit name, new text), or
    None when the record has nothing the chosen edit applies to."""
    edit = rng.choice(EDITS)
    if edit == "truncate":
        return edit, text[: rng.randrange(len(text))]
    data = json.loads(text)
    if edit == "int±1":
        path = _find(data, rng, _is_int)
        if path is None:
            return None
        _set(data, path, _get(data, path) + rng.choice([-1, 1]))
    elif edit == "swap":
        path = _find(data, rng, lambda v: isinstance(v, list) and len(v) > 1)
        if path is None:
            return None
        items = _get(data, path)
        i, j = rng.sample(range(len(items)), 2)
        items[i], items[j] = items[j], items[i]
    elif edit in ("delete", "add", "duplicate key"):
        path = _find(data, rng, lambda v: isinstance(v, dict) and v)
        if not path and isinstance(data, dict) and rng.random() < 0.5:
            path = ()
        if path is None:
            return None
        obj = _get(data, path)
        key = rng.choice(list(obj))
        if edit == "delete":
            del obj[key]
        elif edit == "add":
            obj[rng.choice(["extra", "note", "x", "check2", ""])] = rng.choice([0, "", None, []])
        else:
            return edit, _duplicate(data, path, key, rng)
    elif edit == "type":
        path = _find(data, rng, lambda v: True)
        if path is None:
            return None
        _set(data, path, _other_type(_get(data, path), rng))
    else:  # nan
        path = _find(data, rng, lambda v: type(v) in (int, float))
        if path is None:
            return None
        _set(data, path, rng.choice([math.nan, math.inf, -math.inf]))
    return edit, json.dumps(data, ensure_ascii=rng.random() < 0.5)


def _duplicate(data: Any, path: tuple[Any, ...], key: str, rng: random.Random) -> str:
    """The record with ``key`` of the object at ``path`` named twice: the original value
    first, another one last (``json.loads`` keeps the last)."""
    marker = "\x00DUPLICATE\x00"
    obj = _get(data, path)
    old = obj[key]
    new = _other_type(old, rng) if rng.random() < 0.5 else old
    if type(old) is int and rng.random() < 0.5:
        new = old + 1
    parts = [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in obj.items()]
    parts.append(f"{json.dumps(key)}: {json.dumps(new)}")
    body = "{" + ", ".join(parts) + "}"
    if path:
        _set(data, path, marker)
        return json.dumps(data).replace(json.dumps(marker), body)
    return body


#: Each format: (a game's record, load, the loader's own error class). A loaded record is
#: written back with its own ``to_json``.
FORMATS: dict[str, tuple[Callable[[Any], str], Callable[[str], Any], type[Exception]]] = {
    "LevelX": (lambda g: g.to_json(), LevelX.from_json, LevelXRecordError),
    "Level8": (lambda g: g.to_json(), Level8.from_json, CorruptStateError),
    "Level8Board": (lambda g: g.to_json(), Level8Board.from_json, CorruptStateError),
    "record": (
        lambda g: GameRecord.from_game(g).to_json(),
        GameRecord.from_json,
        SharedRecordError,
    ),
}


def damage_records(
    tally: Tally, fmt: str, game: Any, rng: random.Random, edits: int, label: str
) -> None:
    """``edits`` damaged copies of ``game``'s record in format ``fmt``, each loaded."""
    save, load, error = FORMATS[fmt]
    original = save(game)
    for _ in range(edits):
        damaged = damage(original, rng)
        if damaged is None:
            continue
        edit, text = damaged
        tally.counts["corrupt_records"] += 1
        where = f"{fmt} record of {label}, edit {edit!r}"
        try:
            loaded = load(text)
        except error:
            continue
        except Exception as exc:
            tally.problem(
                "corrupt_records_crashed",
                f"{where} raised {type(exc).__name__}: {short(str(exc))}",
                f"{fmt} {edit} {type(exc).__name__}",
            )
            continue
        try:
            same = loaded.to_json() == original
        except Exception as exc:
            tally.problem("corrupt_records_crashed", f"{where} loaded but cannot save: {exc!r}")
            continue
        if not same:
            tally.problem("corrupt_records_loaded_as_other_game", where, f"{fmt} {edit}")
            if DUMP is not None:
                n = int(tally.counts["corrupt_records_loaded_as_other_game"])
                (DUMP / f"other_game_{n}_{fmt}.json").write_text(text, encoding="utf-8")
                (DUMP / f"other_game_{n}_{fmt}.original.json").write_text(original, "utf-8")


# ---------------------------------------------------------------------------- the fixed set


def very_hostile(tally: Tally) -> None:
    """The issue's very hostile inputs, each timed once."""
    deep_list = "[" * 100_000 + "]" * 100_000
    deep_dict = '{"a":' * 100_000 + "1" + "}" * 100_000
    huge_record = '{"format": "levelwidgets/levelx", "pad": "' + "x" * BIG + '"}'
    huge_bytes = huge_record.encode()
    hostile_once(tally, "LevelX(players=2**63)", lambda: LevelX(players=2**63), LevelXError)
    hostile_once(tally, "Level8(players=2**63)", lambda: Level8(players=2**63), Level8Error)
    hostile_once(
        tally, "Level8Board(players=2**63)", lambda: Level8Board(players=2**63), Level8Error
    )
    for fmt, (_, load, error) in FORMATS.items():
        for name, text in (
            ("list nested 100,000 deep", deep_list),
            ("object nested 100,000 deep", deep_dict),
            ("50 MB record", huge_record),
            ("50 MB record as bytes", huge_bytes),
        ):
            hostile_once(
                tally, f"{fmt} loader: {name}", lambda t=text, f=load: f(t), error, len(text)
            )
    hostile_once(
        tally,
        "GameRecord.from_engine_json: 50 MB",
        lambda: GameRecord.from_engine_json(huge_record),
        SharedRecordError,
        len(huge_record),
    )
    big_move = "5" * BIG
    x = LevelX(2, seed=1)
    x.roll((5, 5, 5, 5))
    n = len(big_move)
    hostile_once(tally, "LevelX.play(50 MB move text)", lambda: x.play(big_move), LevelXError, n)
    hostile_once(tally, "LevelX.preview(50 MB)", lambda: x.preview(big_move), LevelXError, n)
    hostile_once(tally, "LevelX.parse_move(50 MB)", lambda: x.parse_move(big_move), LevelXError, n)
    card = Level8(2, seed=1)
    card.draw()
    codes = "7R " * (BIG // 3)
    hostile_once(tally, "Level8.discard(50 MB)", lambda: card.discard(big_move), Level8Error, n)
    hostile_once(
        tally, "Level8.lay_down(50 MB)", lambda: card.lay_down(codes), Level8Error, len(codes)
    )
    hostile_once(tally, "Level8.add_on(50 MB)", lambda: card.add_on(big_move, 0), Level8Error, n)
    board = Level8Board(2, seed=1)
    hostile_once(tally, "Level8Board.roll(50 MB)", lambda: board.roll(big_move), Level8Error, n)


# ---------------------------------------------------------------------------- main


def run(levelx_games: int, card_games: int, board_games: int, seed: int) -> Tally:
    tally = Tally()
    rng = random.Random(seed)
    very_hostile(tally)
    for i in range(levelx_games):
        for kind, game in play_levelx(i, rng, tally, every=12):
            if i % 50 == 7:
                label = f"a {kind} Level X game ({i})"
                damage_records(tally, "LevelX", game, rng, 10, label)
                damage_records(tally, "record", game, rng, 3, label)
    for i in range(card_games):
        for kind, game in play_level8(i, rng, tally, every=15, board=False):
            if i % 15 == 4:
                label = f"a {kind} Level 8 game ({i})"
                damage_records(tally, "Level8", game, rng, 10, label)
                damage_records(tally, "record", game, rng, 3, label)
    for i in range(board_games):
        for kind, game in play_level8(i, rng, tally, every=15, board=True):
            if i % 5 == 2:
                label = f"a {kind} board game ({i})"
                damage_records(tally, "Level8Board", game, rng, 10, label)
                damage_records(tally, "record", game, rng, 3, label)
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run of a few games")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("--dump", type=Path, help="write records that loaded wrongly here")
    args = parser.parse_args(argv)
    global DUMP
    DUMP = args.dump
    sizes = (300, 40, 15) if args.quick else (10_000, 1_500, 500)
    start = time.perf_counter()
    tally = run(*sizes, seed=args.seed)
    tally.counts["seconds"] = time.perf_counter() - start
    for name in FIGURES:
        value = tally.counts[name]
        shown = f"{int(value)}"
        if name in ("slowest_refusal_ms", "seconds"):
            shown = f"{value:.1f}"
        elif name == "refusal_memory_ratio":
            shown = f"{value:.3f}"
        print(f"{name}: {shown}")
    for (figure, _), (count, text) in tally.reports.items():
        print(f"{figure} (x{count}): {text}", file=sys.stderr)
    if tally.slowest:
        print(f"slowest refusal: {tally.slowest}", file=sys.stderr)
    if tally.hungriest:
        print(f"most memory for a refusal: {tally.hungriest}", file=sys.stderr)
    bad = [name for name in MUST_BE_ZERO if tally.counts[name]]
    if tally.counts["refusal_memory_ratio"] > 1:  # a refusal allocated more than its input
        bad.append("refusal_memory_ratio")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
