"""Level 8 files: written as a ``levelwidgets.record`` (:mod:`levelwidgets.recordfile`),
read in that format and in the engine's own old format described below.

:func:`game_to_dict` writes the one file format (config, the first deal's shuffles as
``start``, the steps, the position and the record's ``check``); :func:`game_from_json` reads
it by replaying the steps with every check below. The rest of this docstring describes the
engine's old format (``"levelwidgets.level8"``/``"levelwidgets.level8board"``, version 1),
which levelwidgets wrote before and still reads.


A record holds the config (for a game set up by hand, with its starting ``position``), the
full history (every action with the shuffle orders and dice it caused), the resulting state
and the RNG state. A record cannot lie: :func:`game_from_json` never trusts it.

* Sizes first, before any work: at most :data:`MAX_RECORD_BYTES` of text (and about
  :data:`MAX_VALUES` values), lists and objects nested at most :data:`MAX_DEPTH` deep, texts
  of at most :data:`MAX_TEXT` characters, at most :data:`MAX_HISTORY` history entries; the
  config and each history entry are bounded again before they are read. JSON is read strictly
  (no ``NaN``/``Infinity``, no key twice).
* Every key known at every level (top, config, set-up position, history entry, action, level
  sequence, layout), every value of its exact type and in the form the engine writes it
  (``1.0`` or ``true`` is no ``1``), so what loads is written back identically.
* The history is replayed from the config: every shuffle and every random die must be exactly
  what the seed's generator gives at that point, each step must be legal, and the resulting
  state and generator state must be the stored ones. Chance set by hand is marked as such and
  leaves the generator where it was, as in play: a stacked first deal is the config's
  ``deck``, a set-up position's draw pile its ``position.draw``, a board game roll set by hand
  the roll action's ``dice`` (a random roll has no ``dice`` and keeps its dice in ``chance``).
  Making a hand-set outcome look random, or the other way round, changes how far the
  generator moves, so the stored generator state (and every later shuffle) no longer fits.
* The record's ``check`` (written by :func:`game_to_dict`, see :func:`record_check`) is a
  digest of everything else in it, so an edit that still makes a game that could have been
  played (a name, a level sequence's name, an unused option) is refused as well. A record
  without ``check`` (written before it existed, or with it removed) loads with every other
  check and is written back with it.

The checks find edits and damage, not forgeries: the digest (BLAKE2b, 64 bits) is public, and a
record rewritten consistently is a different game that could have been played.

Every refusal is a :class:`CorruptStateError`; a record too large to read is a
:class:`RecordTooLargeError` (also a :class:`~levelwidgets.level8.errors.Level8LimitError`, so a
:class:`~levelwidgets.errors.GameLimitError`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from .._json import canonical, check_limits, digest, same_json, strict_loads
from ..recordfile import FORMAT as RECORD_FORMAT
from ..recordfile import check_digest, dumps, main_line_record, read_main_line
from ..words import plural
from .actions import HistoryEntry
from .checks import show
from .errors import ConfigError, CorruptStateError, Level8Error, Level8LimitError
from .levels import LevelSequence
from .setup import parse_players

if TYPE_CHECKING:
    from .game import CardTable

#: the game class a record is read into (Level8, Level8Board), and so the game it gives back
Game = TypeVar("Game", bound="CardTable")

FORMAT = "levelwidgets.level8"
FORMAT_VERSION = 1
#: Largest record read, in characters (text) or bytes. A bot game's record is 30–250 KB; one
#: of :data:`MAX_HISTORY` entries written with ``indent=2`` is well under this.
MAX_RECORD_BYTES = 16_000_000
#: Most history entries read (games between bots take 200 to 3,000).
MAX_HISTORY = 20_000
#: Most values (objects, lists, texts, numbers) read; the text's commas are counted first.
MAX_VALUES = 2_000_000
#: Deepest nesting of lists and objects read (a record nests 7: record, history, entry,
#: action, combinations, combination, its jokers).
MAX_DEPTH = 10
#: Longest text read (a name, a seed, a level's or layout's name).
MAX_TEXT = 10_000
#: Most values in a config (a set-up position of 101 cards has about 1,000).
MAX_CONFIG_VALUES = 5_000
_TOP_KEYS = {"format", "version", "config", "history", "state", "rng"}
_OPTIONAL_TOP = ("check",)
_CONFIG_KEYS = {"players", "seed", "sides", "dealer", "start_levels", "deck", "lay_down_cap"}
_POSITION_KEYS = {
    "round",
    "current",
    "phase",
    "hands",
    "melds",
    "discards",
    "skips",
    "under",
    "draw",
}


class RecordTooLargeError(CorruptStateError, Level8LimitError):
    """A record larger than any game's (too long, too many values or entries, too deeply
    nested, an overlong text): refused before any work is done on it."""


def rng_to_json(state: tuple) -> list:
    """A ``random.Random`` state as JSON-friendly lists."""
    version, internal, gauss = state
    return [version, list(internal), gauss]


def rng_from_json(data: object) -> tuple:
    """Inverse of :func:`rng_to_json`; raises :class:`CorruptStateError` on bad data."""
    try:
        if type(data) is not list or len(data) != 3:
            raise ValueError
        version, internal, gauss = data
        if type(version) is not int or version != 3:
            raise ValueError
        if type(internal) is not list or len(internal) != 625:
            raise ValueError
        if not all(type(x) is int and 0 <= x < 2**32 for x in internal):
            raise ValueError
        if gauss is not None and type(gauss) is not float:
            raise ValueError
        state = (version, tuple(internal), gauss)
        random.Random().setstate(state)
        return state
    except (TypeError, ValueError):
        raise CorruptStateError(
            "the record's random-number state ('rng') is malformed: it is the list "
            "[3, [625 whole numbers], null] that to_json writes"
        ) from None


#: The game's name in a ``levelwidgets.record`` file, by the engine's own old format marker.
GAME_NAMES = {FORMAT: "level8", "levelwidgets.level8board": "level8board"}


def game_to_dict(game: CardTable) -> dict[str, Any]:
    """The game as a record (:mod:`levelwidgets.recordfile`): config, the first deal's
    shuffles (``start``), one node per step after it, the position and the check."""
    return main_line_record(
        GAME_NAMES[game._record_format],
        game.config,
        game.steps(),
        game.state_dict(),
        start=start_of(game),
    )


def start_of(game: CardTable) -> list[list[int]]:
    """The chance of the start (the first deal's shuffle, or a set-up's draw pile)."""
    return [list(c) for c in game._history[0].chance]


def record_check(data: Mapping[str, Any]) -> str:
    """An old record's check: the digest of every field but ``check`` (:func:`canonical`
    JSON)."""
    return digest(canonical({k: v for k, v in data.items() if k != "check"}))


def game_to_json(game: CardTable, indent: int | None = None) -> str:
    return dumps(game_to_dict(game), indent=indent)


def bound_config(cfg: object, what: str = "config") -> dict[str, Any]:
    """``cfg`` is an object of at most :data:`MAX_CONFIG_VALUES` values, nested at most
    :data:`MAX_DEPTH` deep, with texts of at most :data:`MAX_TEXT` characters (checked before
    the engine reads it)."""
    if not isinstance(cfg, dict):
        raise CorruptStateError(f"malformed {what}: it must be an object {{...}}")
    _limits(cfg, MAX_CONFIG_VALUES, f"the {what}")
    return cfg


def check_config(cls: type[Game], cfg: object) -> Game:
    """A record's config must be one that the constructor (or, for a set-up position,
    :meth:`Level8.from_position`) itself accepts, in the form it writes; returns the game it
    starts (after the first deal, or at the set-up position)."""
    cfg = bound_config(cfg)
    if set(cfg) - {"position"} != _CONFIG_KEYS:
        raise CorruptStateError(f"malformed config: {key_problem(cfg, _CONFIG_KEYS, 'position')}")
    try:
        names = parse_players(cfg["players"])
        if not isinstance(cfg["sides"], list) or not isinstance(cfg["start_levels"], list):
            raise ConfigError("malformed sides or start levels")
        if len(cfg["sides"]) != len(names):
            raise ConfigError("one level sequence per player is needed")
        seqs = [LevelSequence.from_dict(s) for s in cfg["sides"]]
        if "position" not in cfg:
            made = cls(
                names,
                cfg["seed"],
                seqs,
                dealer=cfg["dealer"],
                start_levels=cfg["start_levels"],
                deck=cfg["deck"],
                lay_down_cap=cfg["lay_down_cap"],
            )
            if not same_json(made._config, cfg):
                raise ConfigError("the config is not written in its normal form")
            return made
        pos = cfg["position"]
        if not isinstance(pos, dict) or set(pos) != _POSITION_KEYS or cfg["deck"] is not None:
            raise ConfigError("malformed set-up position")
        made = cls.from_position(
            names,
            hands=pos["hands"],
            melds=pos["melds"],
            discards=pos["discards"],
            draw_pile=pos["draw"],
            levels=cfg["start_levels"],
            current=pos["current"],
            phase=pos["phase"],
            dealer=cfg["dealer"],
            round=pos["round"],
            skips=pos["skips"],
            under=pos["under"],
            sides=seqs,
            seed=cfg["seed"],
            lay_down_cap=cfg["lay_down_cap"],
        )
        if not same_json(made._config, cfg):
            raise ConfigError("the set-up position is not written in its normal form")
        return made
    except (Level8Error, TypeError, KeyError, ValueError) as e:
        raise CorruptStateError(f"invalid config: {short_error(e)}") from None


def game_from_json(
    cls: type[Game],
    text: str | bytes,
    *,
    marker: str = FORMAT,
    check: Callable[[Any, object], object] = check_config,
    what: str = "a Level 8 game",
) -> Game:
    """Restore a game after every check in the module docstring; the history is replayed.

    The board game passes its own format ``marker``, config ``check`` and name (``what``).
    Nothing but the new game is made or changed.
    """
    data = parse_record(text, what)
    if data.get("format") == RECORD_FORMAT:
        return game_from_record(cls, data, GAME_NAMES[marker], check)
    if data.get("format") != marker:
        raise CorruptStateError(f"this is not {what} record (its 'format' is missing or different)")
    version = data.get("version")
    if type(version) is not int or version != FORMAT_VERSION:
        shown = repr(version)[:20] if isinstance(version, (int, float, str)) else "missing"
        raise CorruptStateError(
            f"unsupported format version {shown}: this levelwidgets reads version {FORMAT_VERSION}"
        )
    if set(data) - set(_OPTIONAL_TOP) != _TOP_KEYS:
        raise CorruptStateError(
            "unexpected or missing top-level fields: "
            + key_problem(data, _TOP_KEYS, *_OPTIONAL_TOP)
        )
    check_text = data.get("check")
    if "check" in data and (type(check_text) is not str or len(check_text) != 16):
        raise CorruptStateError("the record's 'check' must be the 16 characters to_json writes")
    hist = data["history"]
    if not isinstance(hist, list):
        raise CorruptStateError("the record's 'history' must be a list")
    if len(hist) > MAX_HISTORY:
        raise RecordTooLargeError(
            f"the record has {len(hist):,} history entries; a game record has at most "
            f"{MAX_HISTORY:,}"
        )
    start = check(cls, data["config"])
    config = start._config  # type: ignore[attr-defined]
    entries = [HistoryEntry.from_dict(e) for e in hist]
    game = cls._from_config(config, entries, verify_rng=True)
    if not same_json(game.state_dict(), data["state"]):
        raise CorruptStateError("the stored state does not match its history")
    rng = rng_from_json(data["rng"])
    if rng != game._rng.getstate():
        raise CorruptStateError("the stored random-number state does not match the history")
    if check_text is not None and check_text != record_check(data):
        raise CorruptStateError(
            "the record was changed after it was saved: its names, settings or steps no "
            "longer match its check"
        )
    return game


def game_from_record(
    cls: type[Game], data: dict[str, Any], name: str, check: Callable[[Any, object], object]
) -> Game:
    """The game of a parsed ``levelwidgets.record`` file: the main line replayed from the
    config with the same checks as an old record's history (every shuffle and random die
    must be the seed's), written as the game writes it, ending in its stored position, and
    the record's check fitting (variations and annotations are not read)."""
    line = read_main_line(data, name, CorruptStateError)
    if not isinstance(line.steps, list) or len(line.steps) + 1 > MAX_HISTORY:
        raise RecordTooLargeError(f"the record has more than {MAX_HISTORY - 1:,} steps")
    start = check(cls, line.config)
    first = start._history[0]  # type: ignore[attr-defined]
    if not same_json(line.start, start_of(start)):  # type: ignore[arg-type]
        raise CorruptStateError("the record's first deal is not the one its seed (or deck) makes")
    entries = [first]
    for number, step in enumerate(line.steps, start=1):
        if not isinstance(step, dict) or set(step) != {"action", "chance"}:
            raise CorruptStateError(f"step {number} is not {{'action': ..., 'chance': [...]}}")
        entries.append(HistoryEntry.from_dict(step))
    game = cls._from_config(start._config, entries, verify_rng=True)  # type: ignore[attr-defined]
    if not same_json(game.steps(), line.steps):
        raise CorruptStateError("a step is not written in the form the game writes it")
    if line.has_position and not same_json(game.state_dict(), line.position):
        raise CorruptStateError("the stored state does not match its history")
    check_digest(data, CorruptStateError)
    return game


def parse_record(text: object, what: str = "a Level 8 game") -> dict[str, Any]:
    """Record text to plain data after the size checks: an object, or
    :class:`CorruptStateError`."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise CorruptStateError(f"a record is JSON text, not {type(text).__name__}")
    if len(text) > MAX_RECORD_BYTES:
        raise RecordTooLargeError(
            f"the record has {len(text):,} characters; a game record has at most "
            f"{MAX_RECORD_BYTES:,}"
        )
    comma = "," if isinstance(text, str) else b","
    if text.count(comma) > MAX_VALUES:  # type: ignore[arg-type]
        raise _too_many()
    try:
        data = strict_loads(text, constant=_not_a_number, twice=_named_twice)
    except RecursionError:
        raise _too_deep() from None
    except CorruptStateError:
        raise
    except ValueError as e:  # JSONDecodeError, UnicodeDecodeError, a 5,000-digit number
        raise CorruptStateError(f"not valid JSON: {short_error(e)}") from None
    if not isinstance(data, dict):
        raise CorruptStateError(f"this is not {what} record (not a JSON object)")
    _limits(data, MAX_VALUES, "the record")
    return data


def _limits(data: object, max_values: int, where: str) -> None:
    check_limits(
        data,
        max_depth=MAX_DEPTH,
        max_values=max_values,
        max_text=MAX_TEXT,
        too_deep=_too_deep,
        too_many=lambda: _too_many(where, max_values),
        too_long=lambda n: RecordTooLargeError(
            f"{where} holds a text of {n:,} characters; at most {MAX_TEXT:,} are read"
        ),
        bad_key=lambda key: CorruptStateError(
            f"{where} names a field {show(key)}; JSON names its fields with text"
        ),
    )


def _too_deep() -> RecordTooLargeError:
    return RecordTooLargeError(
        f"the record nests data more than {MAX_DEPTH} levels deep; a game record never does"
    )


def _too_many(where: str = "the record", limit: int = MAX_VALUES) -> RecordTooLargeError:
    return RecordTooLargeError(f"{where} holds more than {limit:,} values; a game's is far smaller")


def _not_a_number(name: str) -> CorruptStateError:
    return CorruptStateError(f"not valid JSON: {name} is not a number JSON allows")


def _named_twice(key: str) -> CorruptStateError:
    return CorruptStateError(f"the record names the field {key[:40]!r} twice in one place")


def key_problem(data: dict, known: set[str], *optional: str) -> str:
    missing = sorted(known - set(data))
    unknown = [k for k in data if k not in known and k not in optional]
    parts = []
    if missing:
        parts.append("it lacks " + ", ".join(map(repr, missing)))
    if unknown:
        shown = ", ".join(repr(k[:30]) for k in unknown[:5])
        parts.append(f"unknown {plural(len(unknown), 'field', 'fields')} {shown}")
    return "; ".join(parts) or "wrong fields"


def short_error(e: BaseException, limit: int = 300) -> str:
    text = str(e)
    return text if len(text) <= limit else text[: limit - 1] + "…"
