"""Judge one decision exactly: every option the player had, its value, and what the move
played cost against the best.

Level X (unit ``"points"``): the options are the advisor's distinct moves for the dice on
the table, valued by :attr:`~levelwidgets.levelx.advisor.Advice.expected` — the points the
move scores now plus the expected best points of the player's next turn (exact, over all
1,296 rolls; see :mod:`levelwidgets.levelx.advisor`).

Level 8 (unit ``"chance"``): the value of an option is the exact chance that the player's
hand, plus the next ``draws`` cards from the pile, holds the level, computed over the
cards that seat could not see (:mod:`levelwidgets.level8.odds`: nothing hidden is used).
The decisions judged:

- **which card to discard** (and whether to lay down now): discarding ``x`` is worth the
  chance for the hand without ``x``; laying the level down is worth 1 (the level is done).
  Ties are broken by fewer cards missing after the discard;
- **draw from the pile or take a face-up discard**: here the ``draws`` cards count this
  turn's draw: a pile draw is worth the chance for the hand plus ``draws`` unseen cards,
  taking the top card ``t`` the chance for the hand with ``t`` plus ``draws - 1`` unseen
  cards (so both options look equally far ahead).

Not judged yet (:class:`NotADecision`): chance steps and forced steps (one legal option),
anything after the player has laid the level down (add-ons), skip cards (which player to
skip), keeping cards between rounds, and the board game's circuit steps (roll, move,
choose, take, swap, ask, give, show, steal, discarding two). The board game's
discard/lay-down decisions are judged as in the card game.

The simplification behind the Level 8 figure, so a teacher can explain it: the cards the
player discards in between are taken to be cards the level does not need, so the chance
is that of the hand plus ``draws`` new cards; the other players' moves are left out. This
is the "chance to complete the level within the next k draws" of the odds panel. Where
the exact enumeration would be too large (:data:`MAX_MULTISETS`: levels that mix colour
groups with runs or sets) the review looks one draw less far ahead; the judgement's
``draws`` says how far it looked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any

from ..level8.actions import Action
from ..level8.game import CardTable
from ..level8.odds import complete_within, missing_count, unseen_by_kind, unseen_cards
from ..levelx.advisor import advise
from ..levelx.game import LevelX
from .errors import NotADecision, ReviewError, ReviewTypeError
from .words import draws_text, number, percent, words

#: How many pile draws the Level 8 chance looks ahead unless told otherwise.
DEFAULT_DRAWS = 3
#: The most draws a review may look ahead (the enumeration grows fast with it).
MAX_DRAWS = 4
#: The most multisets of card kinds one Level 8 figure may enumerate: past it the review
#: looks one draw less far ahead (levels that mix colour groups with runs or sets have 90
#: kinds of number card, so three draws would be 125,580 multisets; two are 4,186). The
#: horizon used is the judgement's ``draws``.
MAX_MULTISETS = 5_000

__all__ = ["DEFAULT_DRAWS", "MAX_DRAWS", "Judgement", "Option", "judge"]


@dataclass(frozen=True)
class Option:
    """One option of a decision: the engine action, its notation, its value in the
    judgement's unit, and the figures behind the value (``detail``: JSON values)."""

    action: Any
    notation: str
    value: float
    detail: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"notation": self.notation, "value": self.value, "detail": dict(self.detail)}


@dataclass(frozen=True)
class Judgement:
    """A judged decision: the options ranked best first, the best and the played option,
    and the cost (best value − played value, never below 0) in ``unit`` ("points" for
    Level X, "chance" for Level 8)."""

    seat: int
    options: tuple[Option, ...]
    best: Option
    played: Option
    cost: float
    unit: str
    #: Level 8: the pile draws the chance looks ahead (None for Level X)
    draws: int | None = None
    #: what was decided: "move" (Level X), "draw" or "discard" (Level 8)
    decision: str = "move"

    def why(self, language: str = "en") -> str:
        """One sentence for a student, in English ("en") or German ("de")."""
        w = words(language)
        if self.unit == "points":
            if self.cost <= 0:
                return w["best_points"].format(
                    played=self.played.notation, value=number(self.played.value, language)
                )
            return w["better_points"].format(
                best=self.best.notation,
                best_value=number(self.best.value, language),
                played=self.played.notation,
                played_value=number(self.played.value, language),
                cost=number(self.cost, language),
            )
        draws = draws_text(self.draws or 1, language)
        if self.cost <= 0:
            return w["best_chance"].format(
                played=self.played.notation, value=percent(self.played.value, language), draws=draws
            )
        return w["better_chance"].format(
            best=self.best.notation,
            best_value=percent(self.best.value, language),
            played=self.played.notation,
            played_value=percent(self.played.value, language),
            cost=percent(self.cost, language),
            draws=draws,
        )

    def to_dict(self) -> dict:
        """The judgement as JSON values (what a record stores; the actions are left out)."""
        return {
            "seat": self.seat,
            "decision": self.decision,
            "unit": self.unit,
            "draws": self.draws,
            "cost": self.cost,
            "best": self.best.to_dict(),
            "played": self.played.to_dict(),
            "options": len(self.options),
        }


def judge(game: object, action: object, *, draws: int = DEFAULT_DRAWS) -> Judgement:
    """Judge ``action`` played in ``game`` (the state BEFORE the decision; never changed).

    ``action``: anything the game's ``apply`` accepts (Level X: a move, its notation or
    groups; Level 8: an :class:`~levelwidgets.level8.Action` or its dict). ``draws``: the
    pile draws a Level 8 chance looks ahead (1–:data:`MAX_DRAWS`). Raises
    :class:`NotADecision` for chance steps, forced steps and kinds not judged (module
    docstring), the engine's own error for an illegal action, :class:`ReviewError` for a
    game of another kind.
    """
    draws = check_draws(draws)
    if isinstance(game, LevelX):
        return _judge_levelx(game, action)
    if isinstance(game, CardTable):
        return _judge_level8(game, action, draws)
    raise ReviewTypeError(
        f"judge reviews a LevelX, Level8 or Level8Board game, not {type(game).__name__}"
    )


def check_draws(draws: object) -> int:
    if type(draws) is not int:
        raise ReviewTypeError(f"draws must be a whole number (1–{MAX_DRAWS}), not {draws!r}")
    if not 1 <= draws <= MAX_DRAWS:
        raise ReviewError(f"draws must be 1–{MAX_DRAWS}, not {draws}")
    return draws


def _ranked(options: list[tuple[tuple, Option]], played_at: int) -> tuple[tuple, Option, Option]:
    """Options sorted best first by their keys (stable: ties keep their order), the best
    and the played one: the played option is the best when its key ties the first's."""
    played_key, played = options[played_at]
    ordered = sorted(options, key=lambda kv: kv[0])
    best = played if ordered[0][0] == played_key else ordered[0][1]
    return tuple(o for _k, o in ordered), best, played


# ---------------------------------------------------------------------- Level X
def _judge_levelx(game: LevelX, action: object) -> Judgement:
    if game.is_over:
        raise NotADecision("the game is over: there is no decision to judge")
    if game.is_chance():
        raise NotADecision("a roll is chance, not a decision")
    move = game.parse_move(action)  # the engine's own error for an illegal move
    advice = advise(game)
    if len(advice) < 2:
        raise NotADecision("only one legal move: a forced step is no decision")
    options: list[tuple[tuple, Option]] = []
    played_at = -1
    for i, a in enumerate(advice):
        exp = a.expected
        mine = a.move == move
        if mine:
            played_at = i
        detail = {
            "points": a.points,
            "future": round(float(a.future), 6),
            "expected": f"{exp.numerator}/{exp.denominator}",
            "rank": a.rank,
        }
        notation = move.notation if mine else a.notation
        options.append(((a.rank,), Option(move if mine else a.move, notation, float(exp), detail)))
    ordered, best, played = _ranked(options, played_at)
    values = {o.notation: Fraction(o.detail["expected"]) for o in (best, played)}
    cost = float(values[best.notation] - values[played.notation])
    return Judgement(game.current_player, ordered, best, played, max(cost, 0.0), "points")


# ---------------------------------------------------------------------- Level 8
def _as_action(action: object) -> Action:
    if isinstance(action, Action):
        return action
    if isinstance(action, Mapping):
        return Action.from_dict(action)
    raise ReviewTypeError(f"a Level 8 action is an Action or its dict, not {action!r:.60}")


def _judge_level8(game: CardTable, action: object, draws: int) -> Judgement:
    act = _as_action(action)
    if game.is_over:
        raise NotADecision("the game is over: there is no decision to judge")
    seat = game.current_player
    game.clone().apply(act)  # the engine's own error for an illegal action (on a copy)
    obs = game.observation(seat)
    table = getattr(obs, "table", obs)
    level = table.requirements[seat]
    if level is None or table.laid[seat]:
        raise NotADecision("the level is laid down: what follows (add-ons) is not judged yet")
    phase = game.phase
    if phase == "draw" and act.kind == "draw":
        return _judge_draw(game, seat, table, act, draws)
    if phase == "play" and act.kind in ("discard", "lay_down"):
        return _judge_discard(game, seat, obs, table, act, draws)
    raise NotADecision(f"a {act.kind!r} step in the {phase!r} phase is not judged yet")


def _context(game: CardTable, seat: int, table) -> tuple[tuple[int, ...], Any, Any]:
    return tuple(sorted(table.hand)), table.requirements[seat], unseen_cards(game, seat)


def horizon(level, unseen, draws: int) -> int:
    """``draws``, or fewer when the enumeration would pass :data:`MAX_MULTISETS`."""
    kinds = len(unseen_by_kind(unseen, level))
    while draws > 1 and comb(kinds + draws - 1, draws) > MAX_MULTISETS:
        draws -= 1
    return draws


def _judge_discard(game, seat, obs, table, act: Action, draws: int) -> Judgement:
    hand, level, unseen = _context(game, seat, table)
    draws = horizon(level, unseen, draws)
    options: list[tuple[tuple, Option]] = []
    played_at = -1
    lay_downs = [a for a in obs.legal_actions if a.kind == "lay_down"]
    if lay_downs:
        lay = act if act.kind == "lay_down" else lay_downs[0]
        if act.kind == "lay_down":
            played_at = 0
        detail = {"missing": 0, "chance": 1.0, "exact": "1/1"}
        options.append(((-Fraction(1), 0), Option(lay, game.action_to_string(lay), 1.0, detail)))
    done: set[int] = set()
    for i, x in enumerate(hand):
        if x in done:
            continue
        done.add(x)
        rest = hand[:i] + hand[i + 1 :]
        v = complete_within(rest, level, unseen, draws)
        m = missing_count(rest, level)
        a = Action("discard", seat, card=x)
        if act.kind == "discard" and act.card == x:
            played_at = len(options)
        detail = {"missing": m, "chance": float(v), "exact": f"{v.numerator}/{v.denominator}"}
        key = (-v, m)
        options.append((key, Option(a, game.action_to_string(a), float(v), detail)))
    if len(options) < 2:
        raise NotADecision("only one card to discard: a forced step is no decision")
    return _level8_judgement(seat, options, played_at, draws, "discard")


def _judge_draw(game, seat, table, act: Action, draws: int) -> Judgement:
    hand, level, unseen = _context(game, seat, table)
    draws = horizon(level, unseen, draws)
    options: list[tuple[tuple, Option]] = []
    played_at = -1
    if table.draw_count:
        v = complete_within(hand, level, unseen, draws)
        a = Action("draw", seat)
        if act.source is None:
            played_at = 0
        detail = {"chance": float(v), "exact": f"{v.numerator}/{v.denominator}"}
        options.append(((-v,), Option(a, game.action_to_string(a), float(v), detail)))
    for q, top in enumerate(table.discard_tops):
        if top is None:
            continue
        v = complete_within((*hand, top), level, unseen, draws - 1)
        a = Action("draw", seat, source=q)
        if act.source == q:
            played_at = len(options)
        detail = {"chance": float(v), "exact": f"{v.numerator}/{v.denominator}", "card": top}
        options.append(((-v,), Option(a, game.action_to_string(a), float(v), detail)))
    if len(options) < 2:
        raise NotADecision("only one place to draw from: a forced step is no decision")
    return _level8_judgement(seat, options, played_at, draws, "draw")


def _level8_judgement(seat, options, played_at: int, draws: int, decision: str) -> Judgement:
    if played_at < 0:  # (apply accepted it, so it is one of the options listed)
        raise ReviewError("the action played is not among the options listed")
    ordered, best, played = _ranked(options, played_at)
    cost = Fraction(best.detail["exact"]) - Fraction(played.detail["exact"])
    return Judgement(
        seat, ordered, best, played, float(max(cost, Fraction(0))), "chance", draws, decision
    )
