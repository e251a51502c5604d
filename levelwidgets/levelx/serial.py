"""Level X files: written as a ``levelwidgets.record`` (:mod:`levelwidgets.recordfile`),
read in that format and in the engine's own format of versions 1 and 2 described below.

:func:`game_to_dict` writes the one file format (config, the main line of steps, the
position and the record's ``check``); :func:`game_from_dict` reads it by replaying the steps
(:meth:`LevelX.replay`). The rest of this docstring describes the engine's old format, which
levelwidgets wrote before and still reads:

A record holds the players, the rule options, the seed, every turn's dice and move, the roll
not yet played (``pending``) and, for readers, the position they lead to. A game set up by
:meth:`LevelX.from_position` stores its set-up under ``"start"``; loading passes it through
``from_position`` itself, so a record's set-up gets exactly the checks a teacher's does.

A record cannot lie. Loading never trusts it:

* sizes first, before any work: at most :data:`MAX_RECORD_BYTES` of text, :data:`MAX_DEPTH`
  levels of nesting, :data:`MAX_VALUES` values, :data:`MAX_TURNS` turns, texts of at most
  :data:`MAX_TEXT` characters; JSON itself strictly (no NaN, no key twice);
* every key known, every value of its exact type (``true`` is no seat, ``5.0`` no die), every
  text in the form the engine writes it (so what loads is written back identically);
* the game is replayed from its seed and settings: each turn must be played by the seat whose
  turn it is, dice marked ``"drawn": true`` must be exactly what the generator gives there
  (hand-set dice, ``"drawn": false``, leave the generator where it was, as in play), each
  move must be legal, and the stored position must be the replay's;
* version 2 adds a check chain: each turn's ``check`` is a digest of the previous turn's check
  and the turn's player, dice, ``drawn`` flag and move, and the record's ``check`` one of the
  last turn's check and everything else in the record. A replay recomputes them, so an edit
  that still makes a legal game (a hand-set die changed, a ``drawn`` flag flipped, two turns of
  one player swapped, a name changed) is refused as well.

The checks find edits and damage, not forgeries: the digest (BLAKE2b, 64 bits, see
:func:`levelwidgets._json.digest`) is public, and a record whose hand-set dice and checks were
all rewritten together is a different game that could have been played. Version 1 records (no
checks) still load with every other check and are written back as version 2.

Every refusal is a :class:`RecordError` (``RecordTooLargeError`` for sizes,
``RecordTypeError`` for a record that is not text or plain JSON data).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from .._json import canonical as _canonical
from .._json import check_limits, strict_loads
from .._json import digest as _digest
from .._rng import copy_rng
from ..recordfile import FORMAT as RECORD_FORMAT
from ..recordfile import check_digest, dumps, main_line_record, read_main_line
from ..words import plural
from .checks import is_int, show
from .errors import LevelXError, RecordError, RecordTooLargeError, RecordTypeError
from .moves import MAX_NOTATION, ROLL_INDEX, ROLLS, Move, parse_groups
from .position import start_to_dict
from .rules import Rules

if TYPE_CHECKING:
    from .game import LevelX

FORMAT = "levelwidgets/levelx"
VERSION = 2
#: Versions :func:`game_from_json` reads (1: no check chain).
READS = (1, 2)

#: Most turns a game holds: the engine refuses the roll after the last, so every game fits a
#: record. (Games between bots end after some 40 to 100 turns.)
MAX_TURNS = 10_000
#: Largest record read, in characters (text) or bytes: a game of MAX_TURNS turns written with
#: the widest indent is about 3 MB.
MAX_RECORD_BYTES = 8_000_000
#: Deepest nesting read (a record nests 4 levels: record, turns, turn, dice).
MAX_DEPTH = 5
#: Most values (objects, lists, texts, numbers) read: a turn has 10.
MAX_VALUES = 12 * MAX_TURNS + 1_000
#: Longest text read (a move text, a name, a check).
MAX_TEXT = MAX_NOTATION

_TOP_KEYS = frozenset({"format", "version", "players", "rules", "seed", "turns", "pending"})
_TOP_KEYS_V1 = _TOP_KEYS | {"position"}
_TOP_KEYS_V2 = _TOP_KEYS_V1 | {"check"}
_TURN_KEYS_V1 = frozenset({"player", "dice", "drawn", "move"})
_TURN_KEYS_V2 = _TURN_KEYS_V1 | {"check"}
_PENDING_KEYS = frozenset({"dice", "drawn"})
_START_KEYS = frozenset({"pieces", "chips", "tiles", "current"})
_OPTIONAL = frozenset({"start"})
_CHAIN_START = "levelwidgets/levelx"


# ---------------------------------------------------------------------------- writing


def config_of(game: LevelX) -> dict[str, Any]:
    """The set-up as plain data: players, rules, seed and a set-up position (``start``)."""
    start = {} if game._start is None else {"start": start_to_dict(game._start)}
    return {"players": list(game.names), "rules": game.rules.to_dict(), "seed": game.seed, **start}


def game_to_dict(game: LevelX) -> dict[str, Any]:
    """The game as a record (:mod:`levelwidgets.recordfile`): config, the main line of
    steps (rolls and moves, an unplayed roll last), the position and the check."""
    return main_line_record("levelx", config_of(game), game.steps(), position_of(game))


def game_to_json(game: LevelX, indent: int | None = None) -> str:
    return dumps(game_to_dict(game), indent=indent)


def position_of(game: LevelX) -> dict[str, Any]:
    """The position as plain data (what a file's ``position`` must equal)."""
    state = game._state
    return {
        "current_player": state.current,
        "turns": state.turn,
        "over": state.over,
        "scores": game.scores(),
        "chips_left": state.chips[:],
        "pieces": [p[:] for p in state.pos],
        "tiles": [t[:] for t in state.tiles],
    }


def _turn_check(previous: str, player: int, dice: Any, drawn: bool, move: str) -> str:
    """The check of one turn: the previous check, then ``player|dice|drawn|move``."""
    d = "".join(map(str, dice))
    return _digest(f"{previous}|{player}|{d}|{'d' if drawn else 'h'}|{move}")


def _record_check(last: str, data: Mapping[str, Any]) -> str:
    """The record's check: the last turn's check and every key but ``turns`` and ``check``
    (the turns are in the chain), as compact JSON with sorted keys."""
    rest = {k: v for k, v in data.items() if k not in ("turns", "check")}
    return _digest(last + "|" + _canonical(rest))


# ---------------------------------------------------------------------------- reading


def game_from_json(cls: type[LevelX], text: str | bytes) -> LevelX:
    """The game of a JSON record, after every check in the module docstring."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise RecordTypeError.coded(
            "levelx.record_json",
            "This is not a Level X record (not valid JSON: {reason}).",
            reason=f"a record is JSON text, not {type(text).__name__}",
        )
    if len(text) > MAX_RECORD_BYTES:
        raise _too_large(
            f"it has {len(text):,} characters; a record has at most {MAX_RECORD_BYTES:,}"
        )
    comma = "," if isinstance(text, str) else b","
    if text.count(comma) > MAX_VALUES:  # type: ignore[arg-type]
        raise _too_large(f"it holds more than {MAX_VALUES:,} values")
    try:
        data = strict_loads(text, constant=_not_a_number, twice=_named_twice)
    except RecursionError:
        raise _too_deep() from None
    except RecordError:
        raise
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError, a 5,000-digit number
        raise RecordError.coded(
            "levelx.record_json",
            "This is not a Level X record (not valid JSON: {reason}).",
            reason=show(str(exc))[1:-1],
        ) from None
    return game_from_dict(cls, data)


def game_from_dict(cls: type[LevelX], data: Any) -> LevelX:
    """The game of a record given as plain JSON data (what :meth:`LevelX.to_dict` gives):
    a ``levelwidgets.record`` file, or the engine's own format of versions 1 and 2."""
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        return game_from_record(cls, data)
    _check_plain(data)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError.coded(
            "levelx.record_format",
            "This is not a Level X record (its 'format' is missing or different).",
        )
    version = data.get("version")
    if not is_int(version) or version not in READS:
        raise RecordError.coded(
            "levelx.record_version",
            "This record is version {version}; this levelwidgets reads version {supported}.",
            version=show(version),
            supported=" or ".join(map(str, READS)),
        )
    _need_keys(data, "The record", _TOP_KEYS_V2 if version == 2 else _TOP_KEYS_V1, _OPTIONAL)
    turns, pending = data["turns"], data["pending"]
    if not isinstance(turns, list):
        raise _malformed(f"'turns' must be a list, not {show(turns)}")
    if len(turns) > MAX_TURNS:
        raise _too_large(f"it has {len(turns):,} turns; a game has at most {MAX_TURNS:,}")
    game = _start(cls, data)
    checks = version == 2
    if checks:
        _first_edit(game, turns)  # cheap: an edited record is refused before the replay
    chain = _CHAIN_START
    for number, turn in enumerate(turns, start=1):
        try:
            chain = _replay_turn(game, turn, chain if checks else None)
        except LevelXError as exc:
            raise RecordError.coded(
                "levelx.record_turn",
                "Turn {number} of the record is impossible: {reason}",
                number=number,
                reason=_reason(exc),
            ) from None
    if pending is not None:
        try:
            _need_keys(pending, "The last roll", _PENDING_KEYS)
            _roll(game, pending["dice"], pending["drawn"])
        except LevelXError as exc:
            raise RecordError.coded(
                "levelx.record_last_roll",
                "The record's last roll is impossible: {reason}",
                reason=_reason(exc),
            ) from None
    if _canonical(data["position"]) != _canonical(position_of(game)):
        raise RecordError.coded(
            "levelx.record_position",
            "The record's position (scores, chips or pieces) does not follow from its moves: "
            "it was edited or damaged.",
        )
    if checks and data["check"] != _record_check(chain, data):
        raise _edited("its players, rules, seed, set-up or last roll", who="The record")
    return game


def game_from_record(cls: type[LevelX], data: dict[str, Any]) -> LevelX:
    """The game of a parsed ``levelwidgets.record`` file: its main line replayed from its
    config (every roll and move checked), written as the game writes it, ending in its
    stored position, and its check fitting (variations and annotations are not read)."""
    line = read_main_line(data, "levelx", RecordError)
    if line.start is not None:
        raise _malformed("a Level X record has no chance outcome at its start ('start': null)")
    if not isinstance(line.steps, list) or len(line.steps) > 2 * MAX_TURNS + 1:
        raise _too_large(f"it has more than {2 * MAX_TURNS + 1:,} steps")
    game = cls.replay(line.config, line.steps)
    if _canonical(game.steps()) != _canonical(line.steps):
        raise _malformed("a step is not written in the form the game writes it")
    if line.has_position and _canonical(line.position) != _canonical(position_of(game)):
        raise RecordError.coded(
            "levelx.record_position",
            "The record's position (scores, chips or pieces) does not follow from its moves: "
            "it was edited or damaged.",
        )
    check_digest(data, RecordError)
    return game


def start_from_config(cls: type[LevelX], config: Any) -> LevelX:
    """The game at the start a config (:attr:`LevelX.config`) describes, checked."""
    _check_plain(config)
    if not isinstance(config, dict):
        raise _malformed(f"a config is a JSON object, not {show(config)}")
    _need_keys(config, "The config", frozenset({"players", "rules", "seed"}), _OPTIONAL)
    return _start(cls, config)


def _start(cls: type[LevelX], data: dict[str, Any]) -> LevelX:
    """The game a record starts from: the usual start, or its set-up position (checked by
    :meth:`LevelX.from_position`), with players, rules and set-up in the form it writes."""
    try:
        rules = Rules.from_dict(data["rules"])
        players = data["players"]
        if not isinstance(players, list):
            raise _malformed(f"'players' must be a list of names, not {show(players)}")
        if "start" not in data:
            game = cls(players=players, seed=data["seed"], rules=rules)
        else:
            start = data["start"]
            _need_keys(start, "The set-up ('start')", _START_KEYS)
            game = cls.from_position(players, seed=data["seed"], rules=rules, **start)
            if _canonical(start_to_dict(game._start)) != _canonical(start):  # type: ignore[arg-type]
                raise _malformed("'start' is not written in the form from_position stores")
        if game.names != players:
            raise _malformed("the player names are not written as the game keeps them")
    except RecordError as exc:
        if exc.code in ("levelx.record_malformed", "levelx.record_limit"):
            raise
        raise _setup(exc) from None
    except LevelXError as exc:
        raise _setup(exc) from None
    return game


def check_seat(game: LevelX, player: object) -> None:
    """A stored turn or step must be played by the seat whose turn it is (and not after the
    end: the engine's GameOverError)."""
    game._check_can_act(None)
    if not is_int(player) or player != game.current_player:
        raise RecordError.coded(
            "levelx.record_seat",
            "it is played by seat {seat}, but it was seat {current}'s turn",
            seat=show(player),
            current=game.current_player,
        )


def _replay_turn(game: LevelX, turn: Any, chain: str | None) -> str:
    """Play one stored turn on ``game``; return the chain's check after it (version 2:
    after comparing it with the stored one)."""
    keys = _TURN_KEYS_V1 if chain is None else _TURN_KEYS_V2
    if type(turn) is not dict or turn.keys() != keys:
        _need_keys(turn, "A turn", keys)
    player, move = turn["player"], turn["move"]
    check_seat(game, player)
    _roll(game, turn["dice"], turn["drawn"])
    if not isinstance(move, str):
        raise _malformed(f"its move must be text like '1+6 5+5', not {show(move)}")
    parsed = _legal_as_written(game, move)
    if parsed is None:
        parsed = game.parse_move(move)  # the full check: it raises the precise error
    if parsed.notation != move:
        raise _malformed(
            f"its move {show(move)} is not written as the game writes it ({show(parsed.notation)})"
        )
    game._apply(parsed, notify=False)
    if chain is None:
        return _CHAIN_START
    check = _turn_check(chain, player, turn["dice"], turn["drawn"], move)
    if turn["check"] != check:
        raise _edited(
            "its dice, its 'drawn' flag or its move (or the order of turns)", who="this turn"
        )
    return check


def _first_edit(game: LevelX, turns: list[Any]) -> None:
    """Refuse the first turn whose stored check is not the chain's (hashing only, no replay),
    saying what a replay would: drawn dice that the seed does not roll, else an edit. Turns
    of another shape are left to the replay, which names their fault exactly."""
    chain, draws = _CHAIN_START, 0
    for number, turn in enumerate(turns, start=1):
        if type(turn) is not dict or turn.keys() != _TURN_KEYS_V2:
            return
        player, dice, drawn, move = turn["player"], turn["dice"], turn["drawn"], turn["move"]
        index = _roll_index(dice)
        if type(player) is not int or type(drawn) is not bool or index is None:
            return
        if type(move) is not str:
            return
        chain = _turn_check(chain, player, dice, drawn, move)
        if turn["check"] != chain:
            reason = _edited(
                "its dice, its 'drawn' flag or its move (or the order of turns)", who="this turn"
            )
            if drawn:
                rng = copy_rng(game._rng)
                for _ in range(draws):
                    rng.random()
                rolled = int(rng.random() * 1296)
                if rolled != index:
                    reason = RecordError.coded(
                        "levelx.record_dice",
                        "the dice {dice:-} are not what the game's seed rolls ({rolled:-})",
                        dice=dice,
                        rolled=list(ROLLS[rolled]),
                    )
            raise RecordError.coded(
                "levelx.record_turn",
                "Turn {number} of the record is impossible: {reason}",
                number=number,
                reason=_reason(reason),
            )
        draws += drawn


def _legal_as_written(game: LevelX, move: str) -> Move | None:
    """The game's own legal move for the dice if ``move`` is exactly how it writes that move
    (the usual case, found without a full check), else None."""
    steps = _STEPS.get(move)
    if steps is None:
        try:
            steps = tuple(sorted(sum(g) for g in parse_groups(move)))
        except LevelXError:
            return None
        if len(_STEPS) < 4096:
            _STEPS[move] = steps
    legal = game._moves[1].get(steps)
    return legal if legal is not None and legal.notation == move else None


#: Steps of move texts already read (a record repeats a few dozen texts).
_STEPS: dict[str, tuple[int, ...]] = {}


def _roll(game: LevelX, dice: Any, drawn: Any) -> None:
    """Roll as the record says: drawn dice must be the generator's, hand-set dice are set."""
    if not isinstance(drawn, bool):
        raise RecordError.coded("levelx.record_drawn", "'drawn' must be true or false")
    index = _roll_index(dice)
    if index is None:
        raise _malformed(f"the dice must be four whole numbers from 1 to 6, not {show(dice)}")
    game._check_can_act(None)  # the game is over: GameOverError
    game._check_length()  # MAX_TURNS turns played: no further roll
    if drawn:
        drawn_index = int(game._rng.random() * 1296)  # as LevelX.roll() draws
        if drawn_index != index:
            raise RecordError.coded(
                "levelx.record_dice",
                "the dice {dice:-} are not what the game's seed rolls ({rolled:-})",
                dice=dice,
                rolled=list(ROLLS[drawn_index]),
            )
    game._set_dice(ROLLS[index], drawn)


def _roll_index(dice: Any) -> int | None:
    """The index in ROLLS of a list of four whole numbers 1–6 (``true`` is no 1), or None."""
    if type(dice) is not list or len(dice) != 4:
        return None
    a, b, c, d = dice
    if type(a) is int and type(b) is int and type(c) is int and type(d) is int:
        return ROLL_INDEX.get((a, b, c, d))
    return None


# ---------------------------------------------------------------------------- shape checks


def _check_plain(data: Any) -> None:
    """``data`` is plain JSON data within the limits: dicts with text keys, lists, texts of at
    most :data:`MAX_TEXT` characters, numbers, booleans and None; at most :data:`MAX_DEPTH`
    levels and :data:`MAX_VALUES` values. One pass without recursion (a record that contains
    itself stops at the depth limit)."""
    check_limits(
        data,
        max_depth=MAX_DEPTH - 1,
        max_values=MAX_VALUES,
        max_text=MAX_TEXT,
        too_deep=_too_deep,
        too_many=lambda: _too_large(f"it holds more than {MAX_VALUES:,} values"),
        too_long=lambda n: _too_large(f"a text has {n:,} characters; at most {MAX_TEXT} are read"),
        scalar=_check_scalar,
        bad_key=_not_plain,
    )


def _check_scalar(value: Any) -> None:
    """A value that is no list, object or text: a number within a record's range, a boolean
    or None."""
    kind = type(value)
    if kind is int:
        if not -_BIG < value < _BIG:
            raise _malformed(f"the number {show(value)} is larger than any in a record")
    elif not (value is None or kind is bool or kind is float):
        raise _not_plain(value)


_BIG = 2**64


def _need_keys(
    data: Any, what: str, required: frozenset[str], optional: frozenset[str] = frozenset()
) -> None:
    """``data`` is an object with all ``required`` keys and no others but ``optional``."""
    if not isinstance(data, dict):
        raise _malformed(f"{what} must be an object {{...}}, not {show(data)}")
    keys = set(data)
    missing = required - keys
    if missing:
        raise _malformed(f"{what} lacks {', '.join(sorted(missing))}")
    unknown = keys - required - optional
    if unknown:
        raise _malformed(
            f"{what} has unknown {plural(len(unknown), 'field', 'fields')} {show(sorted(unknown))}"
        )


def _not_a_number(name: str) -> RecordError:
    return RecordError.coded(
        "levelx.record_json",
        "This is not a Level X record (not valid JSON: {reason}).",
        reason=f"{name} is no JSON number",
    )


def _named_twice(key: str) -> RecordError:
    return _malformed(f"the field {show(key)} is named twice in one place")


def _reason(exc: LevelXError) -> str:
    text = str(exc)
    return text[:1].lower() + text[1:] if text[:2] != text[:2].upper() else text


def _malformed(reason: str) -> RecordError:
    return RecordError.coded(
        "levelx.record_malformed",
        "The record is incomplete or malformed ({reason}).",
        reason=reason,
    )


def _edited(what: str, who: str) -> RecordError:
    return RecordError.coded(
        "levelx.record_edited",
        "{who} was changed after it was saved: {what} no longer match its check.",
        who=who,
        what=what,
    )


def _setup(exc: LevelXError) -> RecordError:
    return RecordError.coded(
        "levelx.record_setup", "The record's set-up is invalid: {reason}", reason=str(exc)
    )


def _not_plain(value: Any) -> RecordTypeError:
    return RecordTypeError.coded(
        "levelx.record_malformed",
        "The record is incomplete or malformed ({reason}).",
        reason=f"{show(value)} is no JSON value",
    )


def _too_large(reason: str) -> RecordTooLargeError:
    return RecordTooLargeError.coded(
        "levelx.record_limit",
        "This record is not read: {reason}. A Level X record is far smaller.",
        reason=reason,
    )


def _too_deep() -> RecordTooLargeError:
    return _too_large(f"it nests data more than {MAX_DEPTH - 1} levels deep")
