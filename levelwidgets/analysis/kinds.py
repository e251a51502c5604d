"""What a study needs to know of each game, in one table: no branches on a game's name.

Everything else a study reads goes through the shared protocol (:mod:`levelwidgets.protocol`:
``plies``, ``round``, ``winners``, ``is_over``, ``to_json``). Engines are imported when a
game is first played, so importing the analysis layer stays light.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any


@dataclass(frozen=True)
class BotSpec:
    """A bot a study may name: where its class lives, and whether it takes a seed."""

    module: str
    name: str
    seeded: bool = True

    def make(self, seed: int) -> object:
        cls = _bot_class(self.module, self.name)
        return cls(seed) if self.seeded else cls()


@cache
def _bot_class(module: str, name: str) -> Any:
    """A bot class, looked up once per study process (a study makes one bot per seat per game)."""
    return getattr(import_module(module, __package__), name)


@dataclass(frozen=True)
class GameKind:
    """One game as studies see it."""

    #: The engine class (module, name), for loading a kept record.
    engine: tuple[str, str]
    #: Bot names a study accepts.
    bots: Mapping[str, BotSpec]
    #: The most seats the game has.
    most_players: int
    #: Whether ``rules`` are keyword options (a dict) rather than a rules object.
    rules_are_options: bool
    #: Play one game: ``play(bots, seed, labels, rules) -> finished engine``.
    #: ``labels`` is None when no record is kept (the engine's default seat names then).
    play: Callable[[list[object], int, list[str] | None, Any], Any]
    #: ``(scores, winners)`` of a game: every seat's score for the ``score_i`` columns (Level X
    #: points, Level 8 the level) and the winning seats ([] while unfinished), in one read.
    result: Callable[[Any, int], tuple[list[int], list[int]]]
    #: The game's own columns of a row, after the shared ones.
    columns: Callable[[Any, int], dict[str, Any]]

    def rules_type(self) -> type[Any]:
        """The engine's rules class (Level X ``Rules``), next to its engine class."""
        module, _ = self.engine
        return import_module(module, __package__).Rules

    def engine_class(self) -> type[Any]:
        module, name = self.engine
        return getattr(import_module(module, __package__), name)


def _play_levelx(bots: list[object], seed: int, labels: list[str] | None, rules: Any) -> Any:
    # labels is None when no record is kept: the rows name the seats, and names cost checks
    return _levelx()[0](bots, seed=seed, rules=rules, names=labels)


@cache
def _levelx() -> tuple[Any, Any]:
    """``levelx.bots.play_game`` and ``levelx.state.top_seats``, imported once per process (an
    import statement per game cost a noticeable part of a cheap game: a tenth of a millisecond)."""
    from ..levelx.bots import play_game
    from ..levelx.state import top_seats

    return play_game, top_seats


def _play_level8(bots: list[object], seed: int, _labels: list[str] | None, rules: Any) -> Any:
    from ..level8.bots import play_game

    return play_game(bots, seed=seed, **dict(rules or {}))


def _play_board(bots: list[object], seed: int, labels: list[str] | None, rules: Any) -> Any:
    from ..level8.board.bots import play_board_game

    return play_board_game(bots, seed=seed, players=labels, **dict(rules or {}))


def _levelx_result(g: Any, _players: int) -> tuple[list[int], list[int]]:
    # the winners from the scores just read, by the engine's own rule (levelx.state.top_seats)
    scores = g.scores()
    return scores, _levelx()[1](scores) if g.is_over else []


def _level8_result(g: Any, players: int) -> tuple[list[int], list[int]]:
    return [g.levels[seat] for seat in range(players)], list(g.winners)


_CHIP_COLUMNS = tuple(f"chips_row_{r}" for r in range(5, 11))  # ROWS, without the import


def _levelx_columns(g: Any, players: int) -> dict[str, Any]:
    # The finished game's position, read and not changed: the public getters (chips_held,
    # is_closed) build a dict per seat and check every row number, a tenth of a cheap game.
    state = g._state
    out: dict[str, Any] = {"rows_closed": state.chips.count(0)}
    # held: [seat][row index], rows in ROWS order; summed per row over the seats
    out.update(zip(_CHIP_COLUMNS, map(sum, zip(*state.held, strict=True)), strict=True))
    return out


def _level8_columns(g: Any, _players: int) -> dict[str, Any]:
    return {"rounds_to_finish": g.round if g.is_over else None}


_LEVEL8_BOTS = {
    "random": BotSpec("..level8.bots", "RandomBot"),
    "heuristic": BotSpec("..level8.bots", "HeuristicBot"),
    "search": BotSpec("..level8.search", "SearchBot"),
}

#: Every game a study plays, by the name ``simulate`` and ``load_game`` take.
KINDS: dict[str, GameKind] = {
    "levelx": GameKind(
        engine=("..levelx", "LevelX"),
        bots={
            "random": BotSpec("..levelx.bots", "RandomBot"),
            "greedy": BotSpec("..levelx.bots", "GreedyBot", seeded=False),
            "expectimax": BotSpec("..levelx.expectimax", "ExpectimaxBot"),
        },
        most_players=4,
        rules_are_options=False,
        play=_play_levelx,
        result=_levelx_result,
        columns=_levelx_columns,
    ),
    "level8": GameKind(
        engine=("..level8", "Level8"),
        bots=_LEVEL8_BOTS,
        most_players=6,
        rules_are_options=True,
        play=_play_level8,
        result=_level8_result,
        columns=_level8_columns,
    ),
    "level8board": GameKind(
        engine=("..level8.board", "Level8Board"),
        bots={
            "random": BotSpec("..level8.board.bots", "BoardRandomBot"),
            "heuristic": BotSpec("..level8.board.bots", "BoardHeuristicBot"),
        },
        most_players=6,
        rules_are_options=True,
        play=_play_board,
        result=_level8_result,
        columns=_level8_columns,
    ),
}
