"""What the record model needs from a game engine: the :class:`Replayable` protocol.

One adapter class serves every engine through the game protocol (:mod:`.adapter`); each game
adds only its step check, notation and highlights (:mod:`.levelx_adapter`,
:mod:`.level8_adapter`, which also serves the board game). The record only ever talks to an
adapter, and the engines never import record code: records build on the engines, not the
other way round.

A *step* is plain JSON data (a ``dict``) that holds everything needed to replay it without
the random generator's state: a Level X roll stores its dice and whether they came from the
generator, a Level X move its notation, a Level 8 action its :meth:`Action.to_dict` form and
the shuffle orders it caused.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Protocol

#: A highlight checker: (target as given, record config) -> target as stored; raises
#: :class:`~levelwidgets.record.errors.RecordError` for a target the game does not have.
TargetCheck = Callable[[Any, Mapping[str, Any]], Any]


class Replayable(Protocol):
    """An engine as the record model sees it (one stateless adapter object per game)."""

    # (read-only: an adapter's constants, which its class sets as class attributes)
    @property
    def name(self) -> str:
        """The game's name in files: ``"levelx"`` or ``"level8"``."""

    @property
    def title(self) -> str:
        """The game's name for people: ``"Level X"``, ``"Level 8"``."""

    @property
    def engine(self) -> type:
        """The engine class (it implements :class:`levelwidgets.protocol.Game`)."""

    @property
    def highlight_kinds(self) -> Mapping[str, TargetCheck]:
        """Highlight kinds of the game, each with its target check."""

    def owns(self, game: object) -> bool:
        """True when ``game`` is an engine game of this adapter."""

    def config_of(self, game: Any) -> dict[str, Any]:
        """The set-up of ``game`` as plain data (players, rules/sides, seed, ...)."""

    def new_game(self, config: Mapping[str, Any]) -> Any:
        """A fresh game at the start ``config`` describes (raises RecordError if invalid)."""

    def start_chance(self, game: Any) -> list[list[int]] | None:
        """The chance outcome of the start itself (Level 8: the first deal), or None."""

    def check_start(self, game: Any, chance: Any) -> None:
        """Raise RecordError when ``chance`` is not the start's chance outcome."""

    def steps_of(self, game: Any, start: int = 0) -> list[dict[str, Any]]:
        """The steps played in ``game`` from step ``start`` on (0: all), oldest first."""

    def step_count(self, game: Any) -> int:
        """How many steps ``game`` has played since its start (without building them)."""

    def rewind(self, game: Any, steps: int) -> int:
        """Take ``game`` back (in place, one replay) to at most ``steps`` steps from its start;
        returns the steps it is at then (Level X stops only before a roll)."""

    def restore(self, game: Any, state: Any, same_steps: int) -> bool:
        """Make ``game`` (in place) the position of ``state``, a stored state of the same
        record sharing its first ``same_steps`` steps; False when the engine cannot."""

    def check_step(self, data: Any) -> dict[str, Any]:
        """The step in its normal form; RecordError for malformed data (no game needed)."""

    def is_step(self, spec: Mapping[str, Any]) -> bool:
        """True when ``spec`` given to ``play`` is step data (not an action's dict)."""

    def apply(self, game: Any, data: Mapping[str, Any]) -> tuple[Any, ...]:
        """Replay one step on ``game`` (in place); returns its events.

        RecordError when the step is illegal or impossible there; the game may then be left
        part-way, so callers replay on a clone or throw the game away.
        """

    def play(self, game: Any, spec: object) -> tuple[dict[str, Any], tuple[Any, ...]]:
        """Play ``spec`` (the game's own forms: notation, dice, an action...) on ``game`` in
        place, as a person would; returns the step data and its events."""

    def key(self, data: Mapping[str, Any]) -> Hashable:
        """Steps with equal keys from the same position are the same step."""

    def player(self, data: Mapping[str, Any]) -> int:
        """The seat that takes the step."""

    def kind(self, data: Mapping[str, Any]) -> str:
        """What kind of step it is (``"roll"``, ``"move"``, ``"draw"``, ``"discard"``...)."""

    def notation(self, data: Mapping[str, Any], names: Sequence[str]) -> str:
        """The step in the game's own short text form."""

    def notation_for(self, data: Mapping[str, Any], names: Sequence[str], viewer: Any) -> str:
        """:meth:`notation` as ``viewer`` ("spectator", "teacher" or a seat) may read it."""

    def chance(self, data: Mapping[str, Any]) -> Any:
        """The step's chance outcome (Level X roll: dice and drawn; Level 8: shuffles)."""

    def names(self, config: Mapping[str, Any]) -> list[str]:
        """The players' names in ``config``."""

    def seed(self, config: Mapping[str, Any]) -> Any:
        """The seed in ``config``."""

    def describe_events(self, events: Sequence[Any], names: Sequence[str]) -> list[str]:
        """One English sentence per event."""

    def clone(self, game: Any) -> Any:
        """An independent copy of ``game``."""

    def position(self, game: Any) -> dict[str, Any]:
        """The position as plain data (what a stored position in a file must equal)."""

    def snapshot(self, game: Any) -> Any:
        """Everything that defines the game now (equal games: equal snapshots)."""

    def to_move(self, game: Any) -> int | None:
        """The seat to act now, or None once the game is over."""


_ADAPTERS: dict[str, Replayable] = {}


def register(adapter: Replayable) -> Replayable:
    _ADAPTERS[adapter.name] = adapter
    return adapter


def adapter_named(name: object) -> Replayable:
    """The adapter of a game name (``"levelx"``, ``"level8"``)."""
    _load()
    if not isinstance(name, str) or name not in _ADAPTERS:
        from .errors import RecordError

        known = " or ".join(repr(n) for n in sorted(_ADAPTERS))
        raise RecordError(f"This record is for the game {name!r}; records are for {known}.")
    return _ADAPTERS[name]


def adapter_for(game: object) -> Replayable:
    """The adapter of an engine game object."""
    _load_for(game)
    # the last registered adapter that owns the game wins: an engine built on another one
    # (the Level 8 board game on the card game) registers after it
    for adapter in reversed(_ADAPTERS.values()):
        if adapter.owns(game):
            return adapter
    from .errors import RecordError

    raise RecordError(f"{type(game).__name__} is not a Level X or Level 8 game.")


def _load_for(game: object) -> None:
    """Load the adapter of ``game``'s engine only: a Level X widget loads no card game, a
    Level 8 one no dice game."""
    if type(game).__module__.startswith("levelwidgets.levelx."):
        if "levelx" not in _ADAPTERS:
            from . import levelx_adapter  # noqa: F401
        return
    if type(game).__module__.startswith("levelwidgets.level8."):  # (and the board game's)
        if "level8board" not in _ADAPTERS:
            from . import level8_adapter  # noqa: F401
        return
    _load()


def _load() -> None:
    if "level8board" not in _ADAPTERS:
        # they register themselves; the board game's after the card game's (see adapter_for)
        from . import level8_adapter, levelx_adapter  # noqa: F401
