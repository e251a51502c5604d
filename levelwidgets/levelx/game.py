"""The Level X game: validated actions, history, undo, records and listeners.

:class:`LevelX` is the public face of the engine. Rules live in :mod:`.state` (how steps resolve)
and :mod:`.moves` (what a roll allows); this class checks every request before it changes
anything, records each turn's dice with its move (so any position can be rebuilt without the
random generator) and tells listeners what happened.
"""

from __future__ import annotations

import random
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast

from .._listeners import Listeners
from .._moved import renamed
from .._records import FrozenRecord, dataclass_fields
from .._rng import copy_rng
from ..names import two_yous
from ..protocol import shared_returns
from . import action_space as _ids
from . import moves as _moves
from .action_space import NUM_DISTINCT_ACTIONS
from .checks import bounded, is_int, need_int, refuse, show
from .errors import (
    AlreadyRolledError,
    BotError,
    DiceTypeError,
    GameOverError,
    InvalidDiceError,
    LevelXError,
    LevelXLimitError,
    NotationError,
    NotationTypeError,
    NothingToUndoError,
    NotRolledError,
    NotYourTurnError,
    RecordError,
    RulesError,
    RulesTypeError,
)
from .events import Event
from .moves import (
    ROLL_INDEX,
    ROLLS,
    SORTED_ID,
    TABLES,
    Dice,
    Grouping,
    Move,
    check_groups,
    coerce_groups,
    move_table,
)
from .position import set_up
from .rules import DEFAULT_RULES, MAX_PLAYERS, MIN_PLAYERS, ROWS, Rules
from .serial import (
    MAX_TURNS,
    config_of,
    game_from_dict,
    game_from_json,
    game_to_dict,
    game_to_json,
    start_from_config,
)
from .state import OFF, State, pass_turn, resolve_steps, score, winners
from .steps import ROLL_OUTCOMES, Roll, apply_step, game_steps
from .steps import chance_outcomes as _chance_outcomes
from .steps import check_invariants as _check_invariants
from .svg import board_svg

#: Sets a field of a frozen record in its ``__init__`` (as a frozen dataclass does).
_setattr = object.__setattr__


if TYPE_CHECKING:
    from fractions import Fraction

_NO_MOVES: tuple[tuple[Move, ...], dict[tuple[int, ...], Move]] = ((), {})
_NO_MOVE = object()  # what a bot "returned" when it raised instead
#: Largest seed: the generator takes any whole number; records keep it JSON-sized.
MAX_SEED = 2**64 - 1

Listener = Callable[["LevelX", list[Event]], None]
# One completed turn: player, dice, drawn by the RNG?, move, events (None until rebuilt).
_LogEntry = tuple[int, Dice, bool, Move, "tuple[Event, ...] | None"]


class Bot(Protocol):
    """Anything with ``choose(game) -> Move``, called when the dice are rolled."""

    def choose(self, game: LevelX) -> Move: ...


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class Turn(FrozenRecord):
    """One completed turn: who rolled what, the move made and what it caused."""

    number: int  # 1-based turn number in the game
    round: int  # 1-based round number
    player: int
    dice: Dice
    drawn: bool  # True when the dice came from the game's random generator
    move: Move
    events: tuple[Event, ...]

    __slots__ = __match_args__ = ("number", "round", "player", "dice", "drawn", "move", "events")
    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(frozen=True, slots=True)

    def __init__(
        self,
        number: int,
        round: int,
        player: int,
        dice: Dice,
        drawn: bool,
        move: Move,
        events: tuple[Event, ...],
    ) -> None:
        _setattr(self, "number", number)
        _setattr(self, "round", round)
        _setattr(self, "player", player)
        _setattr(self, "dice", dice)
        _setattr(self, "drawn", drawn)
        _setattr(self, "move", move)
        _setattr(self, "events", events)

    @property
    def notation(self) -> str:
        return self.move.notation

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "round": self.round,
            "player": self.player,
            "dice": list(self.dice),
            "drawn": self.drawn,
            "move": self.move.notation,
            "steps": list(self.move.steps),
            "turned": list(self.move.turned),
            "events": [e.to_dict() for e in self.events],
        }


#: The most events :meth:`LevelX.events_for` reads (a whole game's log fits many times).
MAX_EVENTS = 100_000


class LevelX:
    """A game of Level X for 2–4 players.

    >>> game = LevelX(players=["Ann", "Ben"], seed=1)
    >>> [e.kind for e in game.roll((1, 1, 1, 5))]
    ['rolled']
    >>> for event in game.play("1+6 5+5")[:3]:
    ...     print(event.describe(game.names))
    Ann turns a 1 into a 5 (Lucky Loser).
    Ann turns a 1 into a 6 (Lucky Loser).
    Ann enters row 7.
    >>> game.piece(0, 10), game.current_player
    (1, 1)

    Every method that acts checks the request first and raises a :class:`LevelXError`
    subclass without changing anything when it is not allowed.
    """

    #: The position a game set up by :meth:`from_position` starts from (None: the usual start).
    _start: State | None = None
    #: True while :meth:`autoplay` asks a bot for a move: the bot must not act on the game.
    _busy: bool = False

    def __init__(
        self,
        players: int | Sequence[str] = 2,
        seed: int | None = None,
        rules: Rules | None = None,
    ) -> None:
        rules = DEFAULT_RULES if rules is None else rules
        if not isinstance(rules, Rules):
            raise refuse(RulesTypeError, "rules", "a Rules(...) object or None", rules)
        names = _player_names(players)  # the count is checked before any name is made
        rules.chips(len(names))  # fails early for a missing player count
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        elif not is_int(seed) or not 0 <= seed <= MAX_SEED:
            error = RulesError if is_int(seed) else RulesTypeError
            raise error.coded(
                "levelx.seed",
                "seed must be a whole number from 0 to 2**64 - 1, not {seed}.",
                seed=show(seed),
            )
        self.rules = rules
        self.names = names
        self.seed = seed
        self._rng = random.Random(seed)
        self._state = State(len(self.names), self.rules)
        self._dice: Dice | None = None
        self._drawn = False
        self._moves = _NO_MOVES  # legal moves for the current dice, set when rolling
        self._log: list[_LogEntry] = []
        self._listeners = Listeners()

    @classmethod
    def from_position(
        cls,
        players: int | Sequence[str] = 2,
        *,
        pieces: Sequence[object],
        chips: Sequence[object] | None = None,
        tiles: Sequence[object] | None = None,
        current: int = 0,
        dice: Sequence[int] | None = None,
        rules: Rules | None = None,
        seed: int | None = None,
    ) -> LevelX:
        """A game that starts from a position set up by hand (for lessons and puzzles).

        ``pieces``: per player ``{row: square}`` (1 = first square, the row's length = X;
        rows not given are off the board) or six squares for rows 5..10 (0 = off);
        ``chips``: chips held per player, ``{row: count}`` or six counts (the rest stay on
        the board); ``tiles``: bonus tiles held per player; ``current``: the seat to act;
        ``dice``: roll these at once (an ordinary roll: :meth:`undo` takes it back).

        >>> game = LevelX.from_position(["Red", "Green"], pieces=[{5: 3, 6: 4}, {5: 4}],
        ...                             chips=[{6: 1}, {5: 1}], dice=(5, 5, 6, 1))
        >>> _ = game.play("5 5 6"); game.score(0), game.piece(1, 5)
        (22, None)

        Checked like a loaded record, a :class:`~.position.PositionError` naming the
        problem: squares in range, one piece per X square, no more chips held than a row
        has, no piece in a closed row, the bonus tiles the top of the stack and earned by
        complete sets, a seat in range. The set-up is the game's start: :meth:`undo` cannot
        go before it, and :meth:`to_json`/:meth:`from_json` keep it. Rounds count from it.
        """
        return set_up(cls, players, pieces, chips, tiles, current, dice, rules, seed)

    # ------------------------------------------------------------------ reading the position

    @property
    def players(self) -> int:
        """Deprecated name of :attr:`num_players`."""
        renamed("LevelX.players", "LevelX.num_players")
        return len(self.names)

    @property
    def num_players(self) -> int:
        """How many seats play (the protocol's name, :mod:`levelwidgets.protocol`)."""
        return len(self.names)

    @property
    def current_player(self) -> int:
        return self._state.current

    @property
    def turns(self) -> int:
        """Deprecated name of :attr:`plies` (a Level X ply is one completed turn)."""
        renamed("LevelX.turns", "LevelX.plies")
        return self._state.turn

    @property
    def round(self) -> int:
        """The round in progress (1-based); a round is one turn per player."""
        last_started = self._state.turn - 1 if self._state.over else self._state.turn
        return (last_started + self._first_seat()) // self.num_players + 1

    def _first_seat(self) -> int:
        """The seat that acts first: 0, or a set-up position's current seat."""
        return 0 if self._start is None else self._start.current

    @property
    def dice(self) -> Dice | None:
        """The dice of the current turn, or None before the roll."""
        return self._dice

    @property
    def dice_drawn(self) -> bool:
        """True when the current dice came from the game's random generator (not set by hand)."""
        return self._drawn

    @property
    def turnable_ones(self) -> int:
        """How many of the current 1s Lucky Loser lets the player turn (0 before the roll)."""
        if self._dice is None:
            return 0
        return _moves.turnable_ones(self._dice, self.rules.lucky_loser)

    @property
    def phase(self) -> str:
        """``"roll"``, ``"play"`` (dice rolled, move due) or ``"over"``."""
        if self._state.over:
            return "over"
        return "roll" if self._dice is None else "play"

    @property
    def is_over(self) -> bool:
        return self._state.over

    @property
    def is_last_round(self) -> bool:
        """True once the end condition is met: the current round is the last."""
        return self._state.end_triggered

    @property
    def winners(self) -> list[int]:
        """Seats with the top score once the game is over (ties share the win); else []."""
        return winners(self._state, self.rules) if self._state.over else []

    def returns(self) -> list[float]:
        """One number per seat: winners share 1 at the end; all 0 before."""
        return shared_returns(self.winners, len(self.names), self._state.over)

    # ------------------------------------------------------------------ the protocol

    def is_chance(self) -> bool:
        """True when chance acts next: the roll of the turn."""
        return self._dice is None and not self._state.over

    def chance_outcomes(self) -> list[tuple[Roll, Fraction]]:
        """The 126 sorted rolls with their exact probabilities (ways out of 1,296) when
        chance acts next; else []."""
        return list(_chance_outcomes()) if self.is_chance() else []

    def legal_actions(self) -> list[Roll | Move]:
        """Every action allowed now: the rolls at a chance step, else :meth:`legal_moves`."""
        if self._state.over:
            return []
        if self._dice is None:
            return list(ROLL_OUTCOMES)
        return list(self._moves[0])

    def apply(self, action: Roll | Move | object) -> list[Event]:
        """Play one action: a :class:`Roll` (dice set, as ``roll(dice)``) or a move (anything
        :meth:`play` reads)."""
        if isinstance(action, Roll):
            return self.roll(action.dice)
        return self.play(action)

    def observation(self, viewer: int | str | None = None) -> dict[str, Any]:
        """The position as plain data; Level X hides nothing, so every viewer sees the same."""
        # position_of's fields, written out here (one dict, not two: a training loop asks
        # for an observation at every decision)
        state = self._state
        tiles = state.tiles
        dice = self._dice
        return {
            "current_player": state.current,
            "turns": state.turn,
            "over": state.over,
            "scores": [score(state, p) for p in range(self.num_players)],
            "chips_left": state.chips[:],
            "pieces": [p[:] for p in state.pos],
            "tiles": [t[:] for t in tiles],
            "names": list(self.names),
            "phase": self.phase,
            "dice": None if dice is None else list(dice),
            "tiles_left": list(self.rules.bonus_tiles[state.tiles_taken :]),
        }

    def events_for(self, events: Sequence[Event], viewer: int | str | None = None) -> list[Event]:
        """``events`` as ``viewer`` (a seat, "spectator"/None or "teacher") may see them:
        Level X hides nothing, so all of them (the card games' method of the same name leaves
        hidden cards out; widgets call either)."""
        self._check_viewer(viewer)
        listed = bounded(events, MAX_EVENTS, "events", "a list of Events")
        if not all(isinstance(e, Event) for e in listed):
            raise refuse(RulesTypeError, "events", "a list of Events", events)
        return list(listed)

    @property
    def config(self) -> dict[str, Any]:
        """The set-up as plain data: players, rules, seed and a set-up position (``start``)."""
        return config_of(self)

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> LevelX:
        """A new game at the start ``config`` (see :attr:`config`) describes, checked like a
        loaded record (:class:`RecordError`)."""
        return start_from_config(cls, config)

    def steps(self) -> list[dict[str, Any]]:
        """Every step since the start as data: each turn's roll and move, an unplayed roll."""
        return game_steps(self)

    def _steps_since(self, start: int) -> list[dict[str, Any]]:
        """:meth:`steps` from step ``start`` on (0 or more), read from the log without
        making the turns before it: a widget asks for the last step at every redraw."""
        out: list[dict[str, Any]] = []
        for p, dice, drawn, move, _events in self._log[start // 2 :]:
            out.append({"kind": "roll", "player": p, "dice": list(dice), "drawn": drawn})
            out.append({"kind": "move", "player": p, "move": move.notation})
        if self._dice is not None:
            out.append(
                {
                    "kind": "roll",
                    "player": self._state.current,
                    "dice": list(self._dice),
                    "drawn": self._drawn,
                }
            )
        return out[start % 2 :]

    # ------------------------------------------------------------------ action ids and text

    @property
    def num_distinct_actions(self) -> int:
        """336 action ids in every configuration: 126 rolls, 210 moves (see
        :mod:`.action_space`)."""
        return NUM_DISTINCT_ACTIONS

    def action_id(self, action: Roll | Move) -> int:
        """The id of a roll or a move (the same in every position)."""
        return _ids.action_id(action)

    def action_from_id(self, action_id: int) -> Roll | Move:
        """The roll or move with this id (a legal move keeps its grouping)."""
        return _ids.action_from_id(self, action_id)

    def legal_action_ids(self) -> list[int]:
        """The ids of :meth:`legal_actions`, ascending."""
        return _ids.legal_action_ids(self)

    def action_to_string(self, action: Roll | Move) -> str:
        """``"roll 1 1 2 6"`` or a move's notation (``"1+6 5+5"``, ``"-"``)."""
        return _ids.action_to_string(action)

    def action_from_string(self, text: str) -> Roll | Move:
        """The roll or move ``text`` writes (a move is read against the current roll)."""
        return _ids.action_from_string(self, text)

    @classmethod
    def replay(cls, config: Mapping[str, Any], steps: Sequence[Mapping[str, Any]]) -> LevelX:
        """The game ``config`` and ``steps`` describe; a step that does not fit raises the
        engine's error (its number in the message)."""
        if not isinstance(steps, (list, tuple)):
            raise RecordError.coded(
                "levelx.record_malformed",
                "The record is incomplete or malformed ({reason}).",
                reason=f"the steps must be a list, not {show(steps)}",
            )
        game = cls.from_config(config)
        for number, step in enumerate(steps, start=1):
            try:
                apply_step(game, step)
            except LevelXError as exc:
                raise RecordError.coded(
                    "levelx.record_turn",
                    "Turn {number} of the record is impossible: {reason}",
                    number=number,
                    reason=str(exc),
                ) from None
        return game

    def check_invariants(self) -> None:
        """Raise :class:`InvariantError` if an invariant of the spec does not hold."""
        _check_invariants(self)

    def piece(self, player: int, row: int) -> int | None:
        """Square (1 = first, ``row_length(row)`` = X) of ``player``'s piece in ``row``."""
        square = self._state.pos[self._player(player)][self._row(row)]
        return None if square == OFF else square

    def row_length(self, row: int) -> int:
        return self.rules.row_lengths[self._row(row)]

    def x_owner(self, row: int) -> int | None:
        """Who has a piece on the X square of ``row`` (None if nobody)."""
        owner = self._state.x_owner[self._row(row)]
        return None if owner < 0 else owner

    def chips_left(self, row: int) -> int:
        return self._state.chips[self._row(row)]

    def is_closed(self, row: int) -> bool:
        return self._state.chips[self._row(row)] == 0

    def chips_held(self, player: int) -> dict[int, int]:
        """Chips ``player`` holds, as ``{row: count}`` for all six rows."""
        held = self._state.held[self._player(player)]
        return {row: held[i] for i, row in enumerate(ROWS)}

    def tiles(self, player: int) -> list[int]:
        """Bonus tiles ``player`` holds, in the order taken."""
        return list(self._state.tiles[self._player(player)])

    def tiles_left(self) -> list[int]:
        """Bonus tiles still in the stack, top first."""
        return list(self.rules.bonus_tiles[self._state.tiles_taken :])

    def score(self, player: int) -> int:
        """Chip values plus bonus tiles."""
        return score(self._state, self._player(player))

    def scores(self) -> list[int]:
        return [score(self._state, p) for p in range(self.num_players)]

    @property
    def history(self) -> tuple[Turn, ...]:
        """Completed turns, oldest first, each with the events it caused."""
        log = self._log
        # Log entries are immutable tuples, and an undo keeps the entries before it: the Turns
        # of the entries still in place are reused (widgets read the history on every redraw).
        # An entry is made once, at the end of a log, and copied only together with every
        # entry before it (a log grows at its end, is cut back, or is copied with its start),
        # so the newest entry still in place vouches for all before it: no walk over a long
        # game's turns when little or nothing changed.
        turns, source = self.__dict__.get("_history_cache", ((), ()))
        same = min(len(source), len(log))
        while same and log[same - 1] is not source[same - 1]:
            same -= 1
        if same == len(source) == len(log):
            return turns
        if any(entry[4] is None for entry in log[same:]):
            self._fill_events()  # new entries of every turn: all are built again below
            same = 0
        n, first = self.num_players, self._first_seat()
        turns = turns[:same] + tuple(
            Turn(i + 1, (i + first) // n + 1, *log[i])  # type: ignore[arg-type]
            for i in range(same, len(log))
        )
        self._history_cache = (turns, tuple(log))
        return turns

    def history_from(self, start: int) -> tuple[Turn, ...]:
        """``history[start:]`` (``start`` from 0 to the number of turns), as Level 8's engine
        offers it (where it spares a copy of a long history)."""
        turns = self.history
        size = len(turns)
        need_int(start, "start", 0, size, allowed=f"a whole number between 0 and {size}")
        return turns[start:]

    def history_entry(self, index: int) -> Turn:
        """``history[index]`` (from 0, the first turn), as Level 8's engine offers it."""
        turns = self.history
        last = len(turns) - 1
        need_int(index, "index", 0, last, allowed=f"a whole number between 0 and {last}")
        return turns[index]

    def _fill_events(self) -> None:
        """Recompute events of turns played by :meth:`autoplay`, which skips making them."""
        replay = self._blank()
        replay._reset()
        for i, (_p, dice, drawn, move, _events) in enumerate(self._log):
            replay._set_dice(dice, drawn)
            events = replay._apply(move, notify=False)
            self._log[i] = (*self._log[i][:4], tuple(events))

    # ------------------------------------------------------------------ moves

    def legal_moves(self) -> list[Move]:
        """Every distinct move for the current dice (same steps = same move), empty move last.

        Steps in closed rows do nothing, so moves are listed without them.
        """
        self._require_dice()
        return list(self._moves[0])

    def groupings(self) -> list[Grouping]:
        """Every distinct way to group the current dice into groups of 5–10 (for teaching).

        Unlike :meth:`legal_moves`, different groupings with the same steps are all listed,
        and so are Lucky Loser turns when the rule is on.
        """
        self._require_dice()
        dice = tuple(sorted(self._dice))  # type: ignore[arg-type]
        return list(_moves.groupings_for(dice, self.rules.lucky_loser))

    def parse_move(self, move: object) -> Move:
        """Check a move against the current dice and return it as a :class:`Move`."""
        self._require_dice()
        if type(move) is Move:
            try:
                if self._moves[1].get(move.steps) is move:
                    return move  # straight from legal_moves(): already checked
            except TypeError:  # a Move made by hand with steps that are no tuple of rows
                pass
        groups = coerce_groups(move)
        lucky = self.rules.lucky_loser
        # a grouping fits a roll or not whatever the game: a replay checks each once
        key: tuple[Any, ...] | None = (groups, tuple(sorted(self._dice)), lucky)  # type: ignore[arg-type]
        try:
            turned = _FITS.get(key)  # type: ignore[arg-type]  # set just above
        except TypeError:  # groups that are no tuples: checked each time
            turned, key = None, None
        if turned is None:
            turned = check_groups(groups, self._dice, lucky)  # type: ignore[arg-type]
            if key is not None and len(_FITS) < 8192:
                _FITS[key] = turned
        steps = tuple(sorted(sum(g) for g in groups))
        return Move(steps, groups, turned)

    # ------------------------------------------------------------------ acting

    def roll(self, dice: Sequence[int] | None = None, *, player: int | None = None) -> list[Event]:
        """Roll the four dice with the game's seeded generator, or set them (``dice``).

        Dice set by hand leave the generator where it was; the record marks them
        (``"drawn": false``), so a replay knows which dice the seed must give.
        """
        self._check_not_busy()
        rolled = None if dice is None else _check_dice(dice)
        self._check_can_act(player)
        self._check_length()
        if self._dice is not None:
            raise AlreadyRolledError.coded(
                "levelx.already_rolled",
                "{name} has already rolled {dice:-}: play a move (or pass with '-') first.",
                name=self.names[self.current_player],
                dice=self._dice,
            )
        if rolled is None:
            rolled = ROLLS[int(self._rng.random() * 1296)]  # one uniform draw per roll
            drawn = True
        else:
            drawn = False
        self._set_dice(rolled, drawn)
        events = [Event("rolled", self.current_player, value=rolled)]
        self._notify(events)
        return events

    def _roll_seeded_as(self, dice: object) -> list[Event]:
        """Roll from the seed, as :meth:`roll` does, when a record says the seed gave ``dice``.

        A replay's check of a recorded roll: the generator draws once (no state saved or
        restored); dice the seed does not give raise :class:`RecordError` before anything is
        set or heard, with the generator one draw on, so the game is part-way, as a refused
        replay step may leave it (replays run on a game they throw away on error).
        """
        self._check_not_busy()
        self._check_can_act(None)
        self._check_length()
        if self._dice is not None:
            self.roll()  # the engine's own refusal (already rolled)
        rolled = ROLLS[int(self._rng.random() * 1296)]
        if not isinstance(dice, (list, tuple)) or list(rolled) != list(dice):
            raise _not_seeded(dice, rolled)
        self._set_dice(rolled, True)
        events = [Event("rolled", self.current_player, value=rolled)]
        self._notify(events)
        return events

    def _replay_step(self, step: Mapping[str, Any]) -> list[Event] | None:
        """:func:`~.steps.apply_step` for a step in the record's normal form, as a record
        load replays thousands: without the checks a legal step passes anyway (each a call).
        Returns None, having changed nothing, where a check could fail (then ``apply_step``
        looks closer and names the fault); a step that is refused here raises what
        ``apply_step`` would."""
        state = self._state
        player = step.get("player")
        if self._busy or state.over or type(player) is not int or player != state.current:
            return None
        kind = step.get("kind")
        notify = len(self._listeners) > 0
        if kind == "move":
            text, dice = step.get("move"), self._dice
            if dice is None or type(text) is not str:
                return None
            key = (text, dice, self.rules.lucky_loser)
            move = _REPLAYED.get(key)
            if move is None:
                move = self.parse_move(text)
                if len(_REPLAYED) < 8192:
                    _REPLAYED[key] = move
            return self._apply(move, notify)
        dice = step.get("dice")
        if (
            kind != "roll"
            or step.get("drawn") is not True
            or self._dice is not None
            or state.turn >= MAX_TURNS
            or type(dice) is not list
        ):
            return None
        rolled = ROLLS[int(self._rng.random() * 1296)]
        if list(rolled) != dice:
            raise _not_seeded(dice, rolled)
        self._set_dice(rolled, True)
        events = [Event("rolled", player, value=rolled)]
        if notify:
            self._notify(events)
        return events

    def play(self, move: object, *, player: int | None = None) -> list[Event]:
        """Play a move for the current dice; return what happened, in order.

        ``move`` is notation (``"1+6 5+5"``, ``"-"`` to pass), a list of groups of faces
        (``[(1, 6), (5, 5)]``) or a :class:`Move` from :meth:`legal_moves`. Lucky Loser turns
        are inferred: faces the roll lacks must come from 1s that may be turned.
        """
        self._check_not_busy()
        self._check_can_act(player)
        move = self.parse_move(move)
        return self._apply(move, notify=True)

    def _set_dice(self, dice: Dice, drawn: bool) -> None:
        self._dice, self._drawn = dice, drawn
        self._moves = move_table(ROLL_INDEX[dice], self.rules.lucky_loser, self._state.closed_mask)

    def _apply(self, move: Move, notify: bool) -> list[Event]:
        state, p = self._state, self._state.current
        events = [Event("turned", p, value=face) for face in move.turned]
        resolve_steps(state, self.rules, p, _ordered_steps(move), events)
        pass_turn(state, self.rules, p, events)
        self._log.append((p, self._dice, self._drawn, move, tuple(events)))  # type: ignore[arg-type]
        self._dice, self._drawn, self._moves = None, False, _NO_MOVES
        if notify:
            self._notify(events)
        return events

    def autoplay(self, bots: Sequence[Bot], max_turns: int | None = None) -> int:
        """Let bots play (one per seat) until the game ends or ``max_turns`` turns are done
        (or the game holds :data:`~.serial.MAX_TURNS` turns, the most a game holds).

        The fast path for simulations: moves go through the same rules, but no events are
        built while playing (:attr:`history` rebuilds them when asked). Listeners hear one
        change at the end. Returns the number of turns played.

        All or nothing: when a bot raises, returns something that is not a legal move, or acts
        on the game itself while asked for a move, the game is put back exactly as it was
        before the call (position, dice, random generator; no listener is called) and a
        :class:`BotError` names the bot, its seat, the dice and what it returned.
        """
        self._check_not_busy()
        bots = self._check_bots(bots)
        if max_turns is not None:
            need_int(max_turns, "max_turns", 0, allowed="None or a whole number, 0 or more")
        left = MAX_TURNS - self._state.turn  # the game's length limit stops bots as well
        if max_turns is None or max_turns > left:
            max_turns = max(left, 0)
        kept, pending = len(self._log), (self._dice, self._drawn)
        self._busy = True
        try:
            played = self._autoplay(bots, max_turns)
        except BaseException:
            # Nothing of this call stays. Replaying is cheaper than saving the generator's
            # state (625 words) on every call, and it is only paid when a bot fails.
            self._busy = False
            self._restore(kept, pending)
            raise
        self._busy = False
        if played:
            self._notify([])
        return played

    def _autoplay(self, bots: Sequence[Bot], max_turns: int) -> int:
        state, rules, rng, log = self._state, self.rules, self._rng, self._log
        lucky = rules.lucky_loser
        tables = TABLES[lucky]
        kept = len(log)
        for _ in range(max_turns):
            if state.over:
                break
            p = state.current
            if self._dice is None:
                index = int(rng.random() * 1296)
                self._dice, self._drawn = ROLLS[index], True
                self._moves = tables[SORTED_ID[index] << 6 | state.closed_mask] or move_table(
                    index, lucky, state.closed_mask
                )
            try:
                move = bots[p].choose(self)
            except Exception as exc:
                raise self._bot_error(bots[p], p, _NO_MOVE, exc) from exc
            try:
                if type(move) is not Move or self._moves[1].get(move.steps) is not move:
                    move = self._bot_move(bots[p], p, move)  # not from legal_moves(): check it
            except TypeError:  # a Move made by hand whose steps are no tuple of rows
                move = self._bot_move(bots[p], p, move)
            resolve_steps(state, rules, p, move.steps, None)
            pass_turn(state, rules, p, None)
            log.append((p, self._dice, self._drawn, move, None))
            self._dice = None
        if self._dice is None:
            self._drawn, self._moves = False, _NO_MOVES
        return len(log) - kept

    def _check_bots(self, bots: object) -> tuple[Bot, ...]:
        allowed = f"a list of {self.num_players} bots, one per seat, each with choose(game)"
        listed = bounded(bots, self.num_players, "bots", allowed)
        if len(listed) != self.num_players:
            raise RulesError.coded(
                "levelx.autoplay_bots",
                "autoplay needs one bot per seat: {seats}, not {bots}.",
                seats=self.num_players,
                bots=len(listed),
            )
        for bot in listed:
            if not callable(getattr(bot, "choose", None)):
                raise refuse(RulesTypeError, "Each bot", "an object with choose(game)", bot)
        return listed

    def _bot_move(self, bot: Bot, seat: int, move: object) -> Move:
        """``move`` checked as :meth:`parse_move` would, or the :class:`BotError` saying why."""
        try:
            return self.parse_move(move)
        except LevelXError as exc:
            raise self._bot_error(bot, seat, move, exc) from exc

    def _bot_error(self, bot: Bot, seat: int, move: object, exc: BaseException) -> BotError:
        dice = list(self._dice or ())
        reason = f"{type(exc).__name__}: {_short(exc)}"
        if move is _NO_MOVE:
            return BotError.coded(
                "levelx.bot_failed",
                "The bot {bot} in seat {seat} ({name}) failed while choosing a move for "
                "{dice:-} ({reason}); the game is as it was before autoplay.",
                bot=show(bot),
                seat=seat,
                name=self.names[seat],
                dice=dice,
                reason=reason,
            )
        return BotError.coded(
            "levelx.bot_illegal",
            "The bot {bot} in seat {seat} ({name}) returned {move} for {dice:-}, which is not "
            "a legal move ({reason}); the game is as it was before autoplay.",
            bot=show(bot),
            seat=seat,
            name=self.names[seat],
            move=show(move),
            dice=dice,
            reason=reason,
        )

    def _restore(self, kept: int, pending: tuple[Dice | None, bool]) -> None:
        """Back to the position after the first ``kept`` turns with ``pending`` dice rolled:
        a replay without events, the generator drawn once per drawn roll as in play."""
        log = self._log[:kept]
        self._reset()
        state, rules, rng = self._state, self.rules, self._rng
        for p, _dice, drawn, move, _events in log:
            if drawn:
                rng.random()
            resolve_steps(state, rules, p, move.steps, None)
            pass_turn(state, rules, p, None)
        self._log = log  # the same entries: the history's cache stays valid
        dice, drawn = pending
        if dice is not None:
            self._replay_roll(dice, drawn)

    @property
    def plies(self) -> int:
        """Number of plies played since the start.

        A ply is one history entry played after the start: a Level X turn, a Level 8 action
        after the deal (or after a set-up position).
        """
        return len(self._log)

    def undo(self, n: int = 1) -> Turn | Dice | None:
        """Take back the last ``n`` actions (default 1), as ``n`` calls of ``undo()`` would.

        In Level 8 an action is a ply. In Level X ``undo()`` takes back an unplayed roll
        first, and a turn taken back leaves its dice rolled (a second ``undo()`` takes back
        that roll), so a Level X ply is two actions. The start cannot be undone: asking for
        more raises the engine's error and changes nothing. The position is replayed once,
        the random generator included, and listeners hear one change. Returns the earliest
        action taken back (Level X: a ``Turn``, or the dice of a roll; Level 8: a
        ``HistoryEntry``), or None for ``n=0``.
        """
        self._check_not_busy()
        if not is_int(n) or n < 0:
            error = NotationError if is_int(n) else NotationTypeError
            raise error.coded(
                "levelx.undo_count",
                "n must be a whole number of actions, 0 or more, not {n}.",
                n=show(n),
            )
        log = self._log
        available = 2 * len(log) + (self._dice is not None)  # each turn: roll, move
        if n > available:
            if not available:
                raise NothingToUndoError.coded(
                    "levelx.nothing_to_undo", "There is nothing to undo: the game has just started."
                )
            raise NothingToUndoError.coded(
                "levelx.undo_too_far",
                "There is not that much to undo: {available:action was|actions were} played "
                "(rolls and moves), not {n}.",
                available=available,
                n=show(n),
            )
        if not n:
            return None
        left = available - n  # actions that stay: roll 1, move 1, roll 2, ...
        turns, roll_stays = divmod(left, 2)
        pending: tuple[Dice, bool] | None = None
        if turns < len(log):
            if roll_stays:
                pending = (log[turns][1], log[turns][2])
                undone: Turn | Dice = self.history[turns]  # its move is the first taken back
            else:
                undone = log[turns][1]  # from its roll on
        else:  # only the unplayed roll goes
            undone = self._dice  # type: ignore[assignment]
        self._rebuild(log[:turns], pending=pending)
        self._notify([])
        return undone

    def rewind(self, turns: int) -> tuple[Turn, ...]:
        """Go back to the position after the first ``turns`` turns (before the next roll).

        Like calling :meth:`undo` until then, but with one replay instead of one per action.
        Returns the turns taken back, oldest first (an unplayed roll is dropped as well).
        :meth:`goto` is the same move under the name both engines share.
        """
        self._check_not_busy()
        self._check_turns(turns)
        undone = self.history[turns:]
        self._rebuild(self._log[:turns], pending=None)
        self._notify([])
        return undone

    def goto(self, ply: int) -> None:
        """Go back to the position after the first ``ply`` plies (0: the start).

        ``ply`` is at most :attr:`plies` (going forward again is the caller's redo). A ply is
        one history entry played after the start: a Level X turn (the position is the one
        before the next roll), a Level 8 action after the deal (or after a set-up position).
        One replay; listeners hear one change.
        """
        self._check_not_busy()
        self._check_turns(ply, "ply")
        self.rewind(ply)

    def after(self, ply: int) -> LevelX:
        """A new game at the position after the first ``ply`` plies (0: the start).

        This game stays untouched. A ply is one history entry played after the start: a
        Level X turn (the position is the one before the next roll), a Level 8 action after
        the deal (or after a set-up position).
        """
        self._check_turns(ply, "ply")
        game = self._blank()
        game._rebuild(self._log[:ply], pending=None)
        return game

    def _blank(self) -> LevelX:
        game = LevelX.__new__(LevelX)
        game.rules, game.names, game.seed = self.rules, list(self.names), self.seed
        game._start = self._start  # never changed: _reset copies it
        game._listeners = Listeners()
        return game

    def _reset(self) -> None:
        """Back to the first turn: fresh (or set-up) position, generator re-seeded, empty log."""
        self._rng = random.Random(self.seed)
        start = self._start
        self._state = State(len(self.names), self.rules) if start is None else start.copy()
        self._dice, self._drawn, self._moves, self._log = None, False, _NO_MOVES, []

    def _rebuild(self, log: Sequence[_LogEntry], pending: tuple[Dice, bool] | None) -> None:
        """Replay ``log`` from the start (the generator included), then roll ``pending``."""
        log = list(log)
        self._reset()
        for _p, dice, drawn, move, _events in log:
            self._replay_roll(dice, drawn)
            self._apply(move, notify=False)
        if pending is not None:
            self._replay_roll(*pending)

    def _replay_roll(self, dice: Dice, drawn: bool) -> None:
        if drawn:
            self._rng.random()  # keep the generator where the original roll left it
        self._set_dice(dice, drawn)

    def _adopt(self, other: LevelX, same_turns: int) -> None:
        """Become the position of ``other`` in place (a stored state of the same game: same
        players, rules, seed and start), keeping this game's first ``same_turns`` log entries,
        which are the same turns as ``other``'s (so its history's turns stay reused). A jump
        across a long record costs one copy instead of a replay from the start. Listeners hear
        one change."""
        self._check_not_busy()
        self._rng.setstate(other._rng.getstate())
        self._state = other._state.copy()
        self._dice, self._drawn, self._moves = other._dice, other._drawn, other._moves
        log = self._log  # changed in place: a step back costs its turns, not the game's
        del log[same_turns:]
        log += other._log[same_turns:]
        self._notify([])

    def clone(self) -> LevelX:
        """An independent copy (RNG state included); listeners are not copied."""
        game = self._blank()
        game._rng = copy_rng(self._rng)
        game._state = self._state.copy()
        game._dice, game._drawn, game._moves = self._dice, self._drawn, self._moves
        game._log = list(self._log)
        return game

    def preview(self, move: object) -> list[Event]:
        """What ``move`` would do now, without doing it (for hints, bots and lessons)."""
        self._check_can_act(None)
        return self._preview_fitting(self.parse_move(move))

    def _preview_fitting(self, move: Move) -> list[Event]:
        """:meth:`preview` of a move known to fit the dice (checked by :meth:`parse_move`, or
        one of ``all_moves`` of these dice: a roll's previews check each move once, not twice)."""
        state = self._state.copy()
        events = [Event("turned", state.current, value=f) for f in move.turned]
        resolve_steps(state, self.rules, state.current, _ordered_steps(move), events)
        return events

    # ------------------------------------------------------------------ listeners

    def on_change(self, callback: Listener) -> Callable[[], None]:
        """Call ``callback(game, events)`` after every roll, move and undo.

        Returns a function that removes the callback. This is how widgets stay in step with
        calls made from notebook cells.
        """
        if not callable(callback):
            raise refuse(RulesTypeError, "callback", "a function callback(game, events)", callback)
        return self._listeners.add(callback)

    def _notify(self, events: list[Event]) -> None:
        self._listeners.notify(self, events)

    # ------------------------------------------------------------------ records

    def to_dict(self) -> dict[str, Any]:
        return game_to_dict(self)

    def to_json(self, indent: int | None = None) -> str:
        """The game as a JSON record: players, rules, seed, every turn's dice and move, and
        the checks that let :meth:`from_json` refuse a record edited after it was saved."""
        if indent is not None:
            need_int(indent, "indent", 0, 8, allowed="None or a whole number from 0 to 8")
        return game_to_json(self, indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> LevelX:
        """Rebuild a game from :meth:`to_json`; a corrupt or tampered record raises
        :class:`RecordError` (see :mod:`levelwidgets.levelx.serial` for what is checked)."""
        return game_from_json(cls, text)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LevelX:
        """Rebuild a game from :meth:`to_dict` (plain JSON data), checked as :meth:`from_json`."""
        return game_from_dict(cls, data)

    def snapshot(self) -> dict[str, Any]:
        """Everything that defines the game now, as plain data (equal games, equal snapshots)."""
        return {
            "names": list(self.names),
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "rng": self._rng.getstate(),
            "state": self._state.to_dict(),
            "dice": self._dice,
            "drawn": self._drawn,
            "turns": [(p, dice, drawn, move.notation) for p, dice, drawn, move, _ in self._log],
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LevelX) and self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]

    def to_svg(self, viewer: int | str | None = None, language: str = "en") -> str:
        """A static picture (SVG) of the position as ``viewer`` sees it.

        Level 8: ``viewer`` is a seat, "spectator" or "teacher"; the default (None) is the
        spectator's view, so a saved picture shows no hand. Level X has no hidden
        information and ignores ``viewer``. A seat called "You"/"Du" is written in
        ``language``'s word (one of :data:`levelwidgets.i18n.LANGUAGES`).
        """
        self._check_viewer(viewer)
        return board_svg(self, language)

    def _check_viewer(self, viewer: object) -> None:
        """Ignored, but checked as Level 8 checks it: None, a seat, "spectator" or "teacher"."""
        if viewer is not None and not (
            isinstance(viewer, str) and viewer in ("spectator", "teacher")
        ):
            if is_int(viewer):
                self._player(cast(int, viewer))  # (is_int: a whole number)
            else:
                error = RulesError if isinstance(viewer, str) else RulesTypeError
                raise refuse(error, "viewer", "None, a seat, 'spectator' or 'teacher'", viewer)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def __repr__(self) -> str:
        scores = ", ".join(f"{n}={s}" for n, s in zip(self.names, self.scores(), strict=False))
        if self.is_over:
            where = "over, winners " + ", ".join(self.names[w] for w in self.winners)
        else:
            where = f"round {self.round}, {self.names[self.current_player]} to {self.phase}"
            if self._dice is not None:
                where += f" {_dice_text(self._dice)}"
        return f"<LevelX {self.num_players} players, {where}; scores {scores}>"

    # ------------------------------------------------------------------ checks

    def _check_can_act(self, player: int | None) -> None:
        """The game goes on and ``player`` (a seat, or None: whoever is to act) may act."""
        if player is not None:
            self._player(player)
        if self._state.over:
            raise GameOverError.coded(
                "levelx.game_over", "The game is over: start a new game or undo a move."
            )
        if player is not None and player != self._state.current:
            raise NotYourTurnError.coded(
                "levelx.not_your_turn",
                "It is {current}'s turn, not {name}'s.",
                current=self.names[self._state.current],
                name=self.names[player],
            )

    def _check_not_busy(self) -> None:
        if self._busy:
            raise BotError.coded(
                "levelx.autoplay_busy",
                "A bot must not roll, play or undo while autoplay asks it for a move: "
                "return the move from choose(game) instead.",
            )

    def _check_length(self) -> None:
        """A game holds at most :data:`MAX_TURNS` turns, so that its record can be read."""
        if self._state.turn >= MAX_TURNS and self._dice is None:
            raise LevelXLimitError.coded(
                "levelx.too_many_turns",
                "This game has reached {most} turns, the most a game (and its record) holds.",
                most=MAX_TURNS,
            )

    def _check_turns(self, turns: int, name: str = "turns") -> None:
        if not is_int(turns) or not 0 <= turns <= len(self._log):
            error = NotationError if is_int(turns) else NotationTypeError
            raise error.coded(
                "levelx.turns_range",
                "{what} must be between 0 and {most}, not {turns}.",
                what=name,
                most=len(self._log),
                turns=show(turns),
            )

    def _require_dice(self) -> None:
        if self._state.over:
            raise GameOverError.coded(
                "levelx.game_over_no_dice", "The game is over: there are no dice to play."
            )
        if self._dice is None:
            raise NotRolledError.coded(
                "levelx.not_rolled",
                "Roll the dice first: it is {name}'s turn to roll.",
                name=self.names[self._state.current],
            )

    def _player(self, player: int) -> int:
        """``player`` if it is a seat of this game (a whole number, not True or 1.0)."""
        if type(player) is int and 0 <= player < len(self.names):  # the common case, first
            return player
        if is_int(player) and 0 <= player < self.num_players:
            return player
        if not is_int(player):
            raise refuse(
                RulesTypeError,
                "player",
                f"a seat: a whole number from 0 to {self.num_players - 1}",
                player,
            )
        raise RulesError.coded(
            "levelx.no_player",
            "There is no player {player}: seats are 0 to {last}.",
            player=show(player),
            last=self.num_players - 1,
        )

    @staticmethod
    def _row(row: int) -> int:
        """The index (0..5) of ``row`` (a whole number from 5 to 10, not 5.0 or True)."""
        if type(row) is int and 5 <= row <= 10:  # the common case, first
            return row - 5
        if is_int(row) and 5 <= row <= 10:
            return row - 5
        if not is_int(row):
            raise refuse(RulesTypeError, "row", "a whole number from 5 to 10", row)
        raise RulesError.coded(
            "levelx.no_row", "There is no row {row}: rows are 5 to 10.", row=show(row)
        )


#: Groupings found to fit a roll: (groups, sorted dice, lucky loser) -> the faces turned.
_FITS: dict[tuple, tuple[int, ...]] = {}

#: Moves read by replays: (notation, dice as rolled, lucky loser) -> the checked move (what
#: :meth:`LevelX.parse_move` gives for any game with these dice; a record repeats a few).
_REPLAYED: dict[tuple[str, Dice, bool], Move] = {}


def _short(exc: BaseException, most: int = 300) -> str:
    """An exception's message, cut to ``most`` characters (a bot's error may be anything)."""
    try:
        text = str(exc)
    except Exception:
        return "?"
    return text if len(text) <= most else text[: most - 1] + "…"


def _ordered_steps(move: Move) -> tuple[int, ...]:
    """Steps in the order the player grouped them (the result is the same in any order)."""
    return tuple(sum(g) for g in move.groups)


def _dice_text(dice: Sequence[int]) -> str:
    return "-".join(map(str, dice))


def _check_dice(dice: Sequence[int]) -> Dice:
    """Four faces 1–6 as a tuple, read no further than five items."""
    try:
        values = bounded(
            dice, 4, "dice", "four numbers", error=InvalidDiceError, type_error=DiceTypeError
        )
    except LevelXError:
        raise DiceTypeError.coded(
            "levelx.dice_type",
            "Dice must be four numbers like (1, 1, 1, 5), not {dice}.",
            dice=show(dice),
        ) from None
    if len(values) != 4 or not all(is_int(v) and 1 <= v <= 6 for v in values):
        error = InvalidDiceError if all(is_int(v) for v in values) else DiceTypeError
        raise error.coded(
            "levelx.dice_values",
            "Dice must be four numbers from 1 to 6, like (1, 1, 1, 5), not {dice}.",
            dice=show(dice),
        )
    return values


#: Longest player name (characters, spaces around it included).
MAX_NAME = 60


def _player_names(players: int | Sequence[str]) -> list[str]:
    """The names of the seats: ``players`` names, or "Player 1".. for a count. The count is
    checked first, so ``players=2**63`` costs nothing."""
    if is_int(players):
        count = players
        _check_player_count(count)  # type: ignore[arg-type]
        return [f"Player {i + 1}" for i in range(count)]  # type: ignore[arg-type]
    if isinstance(players, (str, bytes, bytearray)) or not isinstance(players, Sequence):
        raise RulesTypeError.coded(
            "levelx.players_type",
            "players must be a number (2 to 4) or a list of names, not {players}.",
            players=show(players),
        )
    _check_player_count(len(players))
    names = [_player_name(n) for n in players]
    if len(set(names)) != len(names):
        raise RulesError.coded(
            "levelx.same_names", "Player names must be different from each other."
        )
    yous = two_yous(names)
    if yous is not None:
        raise RulesError.coded(
            "levelx.two_yous",
            "Only one player can be called You or Du (the person at the screen), not both "
            "{first} and {second}.",
            first=yous[0],
            second=yous[1],
        )
    return names


def _check_player_count(count: int) -> None:
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise RulesError.coded(
            "levelx.player_count",
            "Level X is for {least} to {most} players, not {count}.",
            least=MIN_PLAYERS,
            most=MAX_PLAYERS,
            count=show(count),
        )


def _player_name(name: object) -> str:
    """A name as the game keeps it: text without spaces around it, at most :data:`MAX_NAME`
    characters, no control characters (a record and a picture must be able to show it)."""
    allowed = f"text of 1 to {MAX_NAME} characters"
    if not isinstance(name, str):
        raise refuse(RulesTypeError, "A player name", allowed, name)
    if len(name) > MAX_NAME or any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
        raise refuse(RulesError, "A player name", allowed + " without control characters", name)
    name = name.strip()
    if not name:
        raise RulesError.coded("levelx.empty_name", "Player names must not be empty.")
    return name


def _not_seeded(dice: object, rolled: Dice) -> RecordError:
    """A replayed roll's dice that the game's seed does not give."""
    return RecordError.coded(
        "levelx.record_dice",
        "the dice {dice:-} are not what the game's seed rolls ({rolled:-})",
        dice=dice if isinstance(dice, (list, tuple)) else [show(dice)],
        rolled=list(rolled),
    )
