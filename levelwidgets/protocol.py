"""The one game protocol every engine implements: Level X, Level 8 and the Level 8 board game.

Widgets, records, bots, analysis and the game-AI adapters talk to a game through these names
only, so one piece of code serves all three games (the model is OpenSpiel's ``State``: one
API for every game, chance as a step of its own, an observation per viewer).

Vocabulary
    *seat*: a player's index, 0 … ``num_players - 1``. *viewer*: a seat, ``"spectator"``
    (sees what lies on the table) or ``"teacher"`` (sees everything). *action*: one step a
    seat (or chance) takes; ``legal_actions()`` lists them and ``apply`` plays one. *step*:
    an action as plain JSON data, with the chance it caused, so ``replay(config, steps)``
    rebuilds a game exactly (no random generator involved). *ply*: one history entry after
    the start (a Level X turn, a Level 8 action), the unit of ``goto``/``after``.
    *action id*: an action as an integer below ``num_distinct_actions`` (``action_id``,
    ``action_from_id``, ``legal_action_ids``); *action text*: an action in the game's
    notation (``action_to_string``, ``action_from_string``). Layouts: ``docs/protocol.md``.

Chance
    ``is_chance()`` is true when the next step is chance's: a Level X roll, whose outcomes are
    listed with exact probabilities by ``chance_outcomes()`` (the 126 sorted dice, each
    ``Fraction(ways, 1296)``). Level 8 shuffles cannot be listed (101! orders): they are
    sampled inside the step that causes them and stored in its step data, so
    ``is_chance()`` is false there and ``chance_outcomes()`` is empty.
    ``current_player`` stays the seat whose turn it is, also while chance acts for it.

Results
    ``winners`` lists the winning seats (ties share), ``returns()`` gives one number per seat:
    ``1 / len(winners)`` to each winner at the end, 0 otherwise (so they sum to 1).

>>> from levelwidgets.levelx import LevelX
>>> from levelwidgets.level8 import Level8
>>> from levelwidgets.level8.board import Level8Board
>>> all(isinstance(g, Game) for g in (LevelX(seed=1), Level8(2, seed=1), Level8Board(2, seed=1)))
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from fractions import Fraction  # (annotations only: the engines import it when they count)

G = TypeVar("G", bound="Game")

#: The viewer who sees only what lies on the table.
SPECTATOR = "spectator"
#: The viewer who sees every hand (a teacher's screen, a finished game's review).
TEACHER = "teacher"


def shared_returns(winners: Sequence[int], num_players: int, over: bool) -> list[float]:
    """``returns()`` for every engine: winners share 1 at the end, everyone has 0 before."""
    if not over or not winners:
        return [0.0] * num_players
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(num_players)]


@runtime_checkable
class Game(Protocol):
    """What every game engine offers under the same names (see the module docstring)."""

    # -- who, where -------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        """How many seats play."""

    @property
    def names(self) -> Sequence[str]:
        """The seats' names, in seat order."""

    @property
    def current_player(self) -> int:
        """The seat whose turn it is (also while chance rolls for it)."""

    @property
    def phase(self) -> str:
        """The game's own name for what happens next (``"roll"``, ``"draw"``, ``"over"``…)."""

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""

    @property
    def winners(self) -> list[int]:
        """The winning seats once the game is over (ties share the win); else ``[]``."""

    def returns(self) -> list[float]:
        """One number per seat: winners share 1 at the end; all 0 before."""

    # -- acting --------------------------------------------------------------------------
    def is_chance(self) -> bool:
        """True when the next step is chance's (a Level X roll)."""

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """Every chance action with its exact probability, when they can be listed; else []."""

    def legal_actions(self) -> list[Any]:
        """Every action allowed now (at a chance step: the chance outcomes' actions)."""

    def apply(self, action: Any) -> list[Any]:
        """Play ``action``; returns its events. Illegal: the engine's error, nothing changed."""

    def observation(self, viewer: int | str | None) -> Any:
        """What ``viewer`` may see of the position (a seat, ``"spectator"``, ``"teacher"``)."""

    def events_for(self, events: Sequence[Any], viewer: int | str | None) -> list[Any]:
        """``events`` (as ``apply`` returned them) as ``viewer`` may see them: every log and
        screen shows events through this (Level X hides nothing; Level 8 drops hidden cards)."""

    # -- action ids and text ---------------------------------------------------------------
    @property
    def num_distinct_actions(self) -> int:
        """How many action ids there are; fixed by ``config`` alone (the size of an action
        mask for game-AI libraries)."""

    def action_id(self, action: Any) -> int:
        """The integer id of ``action``, ``0 <= id < num_distinct_actions``. Most ids are
        global (the same in every position); a kind whose options cannot be listed for the
        whole game (a Level 8 lay-down or keep) has option slots relative to the position.
        No id: the engine's error (``ActionIdError``)."""

    def action_from_id(self, action_id: int) -> Any:
        """The action with this id in this position, played by the seat that acts now."""

    def legal_action_ids(self) -> list[int]:
        """The ids of :meth:`legal_actions`, ascending (as OpenSpiel lists them)."""

    def action_to_string(self, action: Any) -> str:
        """``action`` in the game's notation (``"1+6 5+5"``, ``"discard 7R"``), for machines
        and tests; :meth:`action_from_string` reads it back to an equal action."""

    def action_from_string(self, text: str) -> Any:
        """The action ``text`` writes, played by the seat that acts now; unreadable text
        raises the engine's error naming what was wrong."""

    # -- time ------------------------------------------------------------------------------
    @property
    def plies(self) -> int:
        """History entries played since the start."""

    def undo(self, n: int = 1) -> Any:
        """Take back the last ``n`` actions; the start cannot be undone."""

    def goto(self, ply: int) -> None:
        """Go back to the position after the first ``ply`` plies, in place."""

    def after(self, ply: int) -> Any:
        """A new game at the position after the first ``ply`` plies; this one is untouched."""

    def clone(self) -> Any:
        """An independent copy, random generator included (listeners are not copied)."""

    # -- data ------------------------------------------------------------------------------
    @property
    def config(self) -> dict[str, Any]:
        """The set-up as plain JSON data: players, rules, seed, a set-up position."""

    @classmethod
    def from_config(cls: type[G], config: Mapping[str, Any]) -> G:
        """A new game at the start ``config`` describes (checked like a loaded file)."""

    def steps(self) -> list[dict[str, Any]]:
        """Every step since the start as plain JSON data, chance outcomes included."""

    @classmethod
    def replay(cls: type[G], config: Mapping[str, Any], steps: Sequence[Mapping[str, Any]]) -> G:
        """The game that ``config`` and ``steps`` describe, every step checked."""

    def to_json(self, indent: int | None = None) -> str:
        """The whole game as JSON text that :meth:`from_json` reads back."""

    @classmethod
    def from_json(cls: type[G], text: str | bytes) -> G:
        """The game a JSON text holds, after every check."""

    def to_svg(self, viewer: int | str | None = None) -> str:
        """A picture of the position as ``viewer`` may see it."""

    def check_invariants(self) -> None:
        """Raise when any invariant of the game's spec is violated."""

    def on_change(self, callback: Callable[..., None]) -> Callable[[], None]:
        """Call ``callback(game, events)`` after every change; returns the unsubscriber."""


__all__ = ["SPECTATOR", "TEACHER", "Game", "shared_returns"]
