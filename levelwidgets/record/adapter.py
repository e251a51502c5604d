"""One adapter for every game: the record model's view of an engine, built on the protocol.

A node's step is the engine's protocol step (:meth:`~levelwidgets.protocol.Game.steps`), a
record's start is ``from_config(config)``, a position is what the engine writes in its file
(``to_dict()["position"]``). What differs between games is small and lives in the per-game
subclasses: the step's shape check and notation, and the highlights a game has.
"""

from __future__ import annotations

import json
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, ClassVar, Literal

from .._json import same_json
from ..errors import GameError
from .errors import RecordError
from .protocol import TargetCheck


class GameAdapter:
    """What the record needs from one engine class (``engine``); stateless."""

    #: The game's name in files and for people, its engine class and highlight kinds.
    name: ClassVar[str]
    title: ClassVar[str]
    engine: ClassVar[type[Any]]  # (a Game class: from_config, ...)
    highlight_kinds: ClassVar[Mapping[str, TargetCheck]]
    #: Steps in one ply (a Level X turn is a roll and a move).
    steps_per_ply: ClassVar[int] = 1

    def owns(self, game: object) -> bool:
        return isinstance(game, self.engine)

    # ------------------------------------------------------------------ start

    def config_of(self, game: Any) -> dict[str, Any]:
        return game.config

    def new_game(self, config: Mapping[str, Any]) -> Any:
        with refused("The game's set-up is invalid: "):
            game = self.engine.from_config(config)
        if not same_json(game.config, config):
            raise RecordError(
                "The game's config is not written in its normal form (names with spaces "
                "around them, rule options of the wrong type or unknown ones)."
            )
        return game

    def start_chance(self, game: Any) -> Any:
        """The chance of the start itself (Level 8: the first deal), or None."""
        return None

    def check_start(self, game: Any, chance: Any) -> None:
        start = self.start_chance(game)
        if json.dumps(chance) != json.dumps(start):
            if start is None:
                raise RecordError(f"A {self.title} record has no chance outcome at its start.")
            raise RecordError(
                "The record's first deal is not the one its seed (or stacked deck) makes."
            )

    # ------------------------------------------------------------------ steps

    def steps_of(self, game: Any, start: int = 0) -> list[dict[str, Any]]:
        return game.steps()[start:]

    def step_count(self, game: Any) -> int:
        return len(game.steps())

    def rewind(self, game: Any, steps: int) -> int:
        game.goto(min(steps // self.steps_per_ply, game.plies))
        return self.steps_per_ply * game.plies

    def restore(self, game: Any, state: Any, same_steps: int) -> bool:
        """Make ``game`` (in place) the position of ``state``, a stored state of the same
        record whose first ``same_steps`` steps are ``game``'s too; False when this engine
        cannot (the caller then rewinds and replays). A jump then costs one copy, whatever
        the record's length."""
        return False

    def check_step(self, data: Any) -> dict[str, Any]:
        """The step in its normal form; RecordError for malformed data (no game needed)."""
        raise NotImplementedError

    def apply(self, game: Any, data: Mapping[str, Any]) -> tuple[Any, ...]:
        with refused():
            return tuple(self.apply_step(game, data))

    def apply_step(self, game: Any, data: Mapping[str, Any]) -> list[Any]:
        """Replay one step on ``game`` with the engine's errors (the game's own replay)."""
        raise NotImplementedError

    def play(self, game: Any, spec: object) -> tuple[dict[str, Any], tuple[Any, ...]]:
        if isinstance(spec, Mapping) and self.is_step(spec):
            data = self.check_step(spec)
            return data, self.apply(game, data)
        with refused():
            events = tuple(self.act(game, spec))
        return self.steps_of(game, self.step_count(game) - 1)[0], events

    def is_step(self, spec: Mapping[str, Any]) -> bool:
        """True when ``spec`` given to :meth:`play` is step data (not an action's dict)."""
        return True

    def act(self, game: Any, spec: object) -> list[Any]:
        """Play ``spec`` in the game's own forms, as a person would."""
        return game.apply(spec)

    def key(self, data: Mapping[str, Any]) -> Hashable:
        return json.dumps(data, sort_keys=True)

    def player(self, data: Mapping[str, Any]) -> int:
        return data["player"]

    def kind(self, data: Mapping[str, Any]) -> str:
        return data["kind"]

    def notation(self, data: Mapping[str, Any], names: Sequence[str]) -> str:
        raise NotImplementedError

    def notation_for(self, data: Mapping[str, Any], names: Sequence[str], viewer: Any) -> str:
        """:meth:`notation` as ``viewer`` may read it (a game that hides nothing: all)."""
        return self.notation(data, names)

    def chance(self, data: Mapping[str, Any]) -> Any:
        raise NotImplementedError

    def describe_events(self, events: Sequence[Any], names: Sequence[str]) -> list[str]:
        return [e.describe(list(names)) for e in events]

    # ------------------------------------------------------------------ positions

    def clone(self, game: Any) -> Any:
        return game.clone()

    def position(self, game: Any) -> dict[str, Any]:
        return game.to_dict()["position"]

    def snapshot(self, game: Any) -> Any:
        return game.snapshot()

    def to_move(self, game: Any) -> int | None:
        return None if game.is_over else game.current_player

    def names(self, config: Mapping[str, Any]) -> list[str]:
        return list(config["players"])

    def seed(self, config: Mapping[str, Any]) -> Any:
        return config["seed"]


class refused:  # used as ``with refused():``, like the function it was
    """Turn an engine's refusal (or step data an engine cannot read) into a
    :class:`RecordError` with the engine's sentence, ``prefix`` before it (not before a
    file error's own sentence, which names the record already). A class, not a generator:
    replays enter it once per step."""

    __slots__ = ("prefix",)

    def __init__(self, prefix: str = "") -> None:
        self.prefix = prefix

    def __enter__(self) -> None:
        return None

    def __exit__(
        self, kind: type | None, exc: BaseException | None, tb: object
    ) -> Literal[False]:  # (an error is never swallowed: it is raised again, translated)
        if exc is None:
            return False
        prefix = self.prefix
        if isinstance(exc, GameError):
            text = sentence(exc)
            if isinstance(exc, RecordError) and (not prefix or text.startswith("The record")):
                raise RecordError(text) from None
            raise RecordError(prefix + text) from None
        if isinstance(exc, (LookupError, TypeError, ValueError, OverflowError)):
            raise RecordError(
                f"{prefix}The step cannot be played ({type(exc).__name__}: {str(exc)[:120]})."
            ) from None
        return False


def sentence(exc: BaseException) -> str:
    """An error's message as a sentence (ending in a full stop)."""
    text = str(exc)
    return text if text.endswith((".", "!", "?")) else text + "."
