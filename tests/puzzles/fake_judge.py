"""A stand-in with the judge's shapes (issue 31's contract), for tests of the puzzles'
machinery that must not depend on the judge's figures: Level X ranks by the advisor's expected
points, Level 8 by how few cards the hand still misses after the action (as a 'chance')."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from levelwidgets.level8 import cards_missing
from levelwidgets.levelx import LevelX, advise


@dataclass(frozen=True)
class Option:
    action: Any
    notation: str
    value: float
    detail: dict


@dataclass(frozen=True)
class Judgement:
    seat: int
    options: tuple[Option, ...]
    best: Option
    played: Option
    cost: float
    unit: str

    def why(self, language: str = "en") -> str:
        if language == "de":
            return f"Besser: {self.best.notation} statt {self.played.notation}."
        return f"Better: {self.best.notation}; you played {self.played.notation}."


def judge(game: Any, action: Any, draws: int | None = None) -> Judgement:
    if isinstance(game, LevelX):
        options = [Option(a.move, a.notation, float(a.expected), {}) for a in advise(game)]
        unit = "points"
        played_text = game.action_to_string(action)
    else:
        seat = game.current_player
        options = []
        for a in game.legal_actions():
            trial = game.clone()
            trial.apply(a)
            hand = trial.observation(seat).hand
            missing = cards_missing(hand, game.current_level(seat)).count
            options.append(Option(a, game.action_to_string(a), 1 / (1 + missing), {}))
        options.sort(key=lambda o: -o.value)
        unit = "chance"
        played_text = game.action_to_string(action)
    by_text = {o.notation: o for o in options}
    played = by_text.get(played_text) or next(
        o for o in options if game.action_to_string(o.action) == played_text
    )
    return Judgement(
        game.current_player,
        tuple(options),
        options[0],
        played,
        options[0].value - played.value,
        unit,
    )
