"""Level8BoardWidget: play the Level 8 board game (circuit, dice, actions, card table).

The card table is shared with the card game (:class:`~.level8.CardTableWidget`: hand, discard
piles, laid combinations, the lay-down dialog, keep, hot-seat hand-off, the
player/spectator/teacher perspectives, undo to the person, the move list); this widget adds
the board around it: the circuit of action fields with the towers, the dice, the level track,
the joker pile and the dialogs of the nine actions. The engine
(:class:`~levelwidgets.level8.board.Level8Board`) decides every rule; the view carries, for
the seat acting now, the choices its legal actions allow (reachable fields, piles to take
from, cards that may be swapped, shown or given, the shown cards to steal, the actions to
choose) so the front end decides nothing.

Hidden cards never reach the browser: the view is the engine's observation for the viewer,
and the log's events pass the engine's filter (a given card is seen only by the two players
concerned and the teacher; cards shown for a steal lie face up for the whole table).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..level8 import Action, IllegalActionError, Level8Error
from ..level8.board import Level8Board
from ..level8.board.game import DIRECTIONS
from ..level8.board.layout import MAX_FIELDS
from ..level8.board.observation import BoardObservation
from ..level8.cards import MAX_NUMBER, N_COLOURS, N_IDS
from ..level8.observation import Observation
from ..level8.visibility import move_entry
from ..record import Node, Step
from .base import Intent
from .level8 import PILE, TURN_ENDS, CardTableWidget, StepPairs, _first, _move_rows
from .shapes import NO_FIELDS, AnyOf, Choice, Int, ListOf, Opt, Shape, Text

_STATIC = Path(__file__).resolve().parent.parent / "static"

#: The board's own steps (the card game's lay-down, add-on, discard, keep and deal stay).
BOARD_INTENTS = frozenset(
    {"roll", "move", "take", "swap", "ask", "give", "show", "steal", "choose", "discard_two"}
)


class Level8BoardWidget(CardTableWidget):
    """The Level 8 board game: against bots, hot-seat, or as a teacher.

    >>> w = Level8BoardWidget(players=["You", "Bot"], bots=[None, "heuristic"], seed=1)
    >>> w.roll(); w.move(w.game.reachable[0])   # same as clicking
    """

    _esm = _STATIC / "level8board.js"
    _css = _STATIC / "level8board.css"
    _engine = Level8Board
    _player_intents = CardTableWidget._player_intents | BOARD_INTENTS

    def __init__(
        self,
        game: Level8Board | None = None,
        *,
        players: int | Sequence[str] = 2,
        bots: Sequence[object] | None = None,
        seat: int | None = None,
        view: str = "player",
        language: str | None = None,
        bot_delay: int = 700,
        hints: bool = False,
        seed: int | str | None = None,
        sides: object = "one",
        layout: object = None,
        read_only: bool = False,
        record_dir: str | Path = ".",
        takebacks: str | None = None,
    ) -> None:
        if game is None:
            game = Level8Board(players, seed=seed, sides=sides, layout=layout)
        elif not isinstance(game, Level8Board):
            raise TypeError(f"game must be a Level8Board, not {type(game).__name__}.")
        super().__init__(
            game,
            bots=bots,
            seat=seat,
            view=view,
            language=language,
            bot_delay=bot_delay,
            hints=hints,
            read_only=read_only,
            record_dir=record_dir,
            takebacks=takebacks,
        )

    # ------------------------------------------------------------------ public API (= clicks)

    def roll(self) -> list[Any]:
        """Roll both dice."""
        return self._act_as(lambda p: self._game.roll(player=p))

    def move(self, field: int) -> list[Any]:
        """Move the tower to ``field`` (one of ``game.reachable``) and start its action."""
        return self._act_as(lambda p: self._game.move(field, player=p))

    def take(self, source: int | str | None = "pile") -> list[Any]:
        """Take the top card of the draw pile (``"pile"``) or of a seat's discard pile."""
        return self._act_as(
            lambda p: self._game.take(None if source == "pile" else source, player=p)
        )

    def swap(self, cards: Sequence[object]) -> list[Any]:
        """Discard 1–3 hand cards, then draw one more from the draw pile."""
        return self._act_as(lambda p: self._game.swap(cards, player=p))

    def ask(
        self, number: int | None = None, colour: object = None, direction: str = "left"
    ) -> list[Any]:
        """Ask for a number (1–15) or a colour (0–5) to the left or the right."""
        return self._act_as(lambda p: self._game.ask(number, colour, direction, player=p))

    def give(self, card: object) -> list[Any]:
        """Give the asking player one matching card."""
        return self._act_as(lambda p: self._game.give(card, player=p))

    def show(self, cards: Sequence[object] | Node) -> list[Any] | None:  # type: ignore[override]
        """Lay exactly 3 hand cards (all of them, with fewer) face up for the stealing player to
        take one; the whole table sees them.

        Given a step of :attr:`record` instead, it shows that position, as every widget's
        ``show(node)`` does (the board game's action shares the name).
        """
        if isinstance(cards, Node):
            return super().show(cards)
        return self._act_as(lambda p: self._game.show(cards, player=p))

    def steal(self, card: object) -> list[Any]:
        """Take one of the shown cards."""
        return self._act_as(lambda p: self._game.steal(card, player=p))

    def choose(self, action: str) -> list[Any]:
        """Pick an action: the tower moves on to its next free field and performs it."""
        return self._act_as(lambda p: self._game.choose(action, player=p))

    def discard_two(self, cards: Sequence[object]) -> list[Any]:
        """Discard two cards (only while every laid combination is full)."""
        return self._act_as(lambda p: self._game.discard_two(cards, player=p))

    # ------------------------------------------------------------------ intents

    def _handlers(self) -> dict[str, Callable[[Intent], object]]:
        handlers = dict(super()._handlers())
        handlers.update(
            {
                "roll": lambda _m: self.roll(),
                "move": lambda m: self.move(m["field"]),
                "take": lambda m: self.take(m["source"]),
                "swap": lambda m: self.swap(m["cards"]),
                "ask": lambda m: self.ask(m["number"], m["colour"], m["direction"]),
                "give": lambda m: self.give(m["card"]),
                "show": lambda m: self.show(m["cards"]),
                "steal": lambda m: self.steal(m["card"]),
                "choose": lambda m: self.choose(m["action"]),
                "discard_two": lambda m: self.discard_two(m["cards"]),
            }
        )
        return handlers

    def _shapes(self) -> dict[str, Shape]:
        shapes = dict(super()._shapes())
        card = self._card_field()
        cards = ListOf(card, max_len=N_IDS, noun="cards")
        shapes.update(
            {
                "roll": NO_FIELDS,
                "move": Shape(field=Int(0, MAX_FIELDS - 1, noun="field")),
                "take": Shape(source=Opt(AnyOf((PILE, self._seat_field())), "pile")),
                "swap": Shape(cards=cards),
                "ask": Shape(
                    number=Opt(Int(1, MAX_NUMBER)),
                    colour=Opt(Int(0, N_COLOURS - 1)),
                    direction=Opt(Choice(DIRECTIONS), "left"),
                ),
                "give": Shape(card=card),
                "show": Shape(cards=cards),
                "steal": Shape(card=card),
                "choose": Shape(action=Text(20, min_len=1)),  # the engine names the actions
                "discard_two": Shape(cards=cards),
            }
        )
        return shapes

    def _card_field(self) -> Int:
        return Int(0, N_IDS - 1, noun="card")

    # ------------------------------------------------------------------ GameWidget hooks

    def _bot_names(self) -> dict[str, Callable[[int], object]]:
        return {
            "heuristic": lambda seat: _board_bot("BoardHeuristicBot", seat),
            "greedy": lambda seat: _board_bot("BoardHeuristicBot", seat),
            "random": lambda seat: _board_bot("BoardRandomBot", seat),
        }

    def _bot_from(self, spec: object, seat: int) -> object | None:
        if (
            spec is not None
            and spec is not False
            and not isinstance(spec, str)
            and not callable(getattr(spec, "choose", None))
            and callable(getattr(spec, "act", None))
        ):
            return spec  # a bot that answers act(observation)
        return super()._bot_from(spec, seat)

    def _bot_step(self, bot: object) -> list[Any]:
        game = self._game
        obs = game.observation(game.current_player)  # a bot sees only its own seat
        answer = getattr(bot, "choose", None) or bot.act  # type: ignore[attr-defined]
        action = answer(obs)
        if not isinstance(action, Action):
            raise IllegalActionError(f"The bot answered {action!r}, which is not an action.")
        return game.apply(action)

    def _peek_at(self, step: Step, persons: set[int]) -> Level8Error | None:
        # a roll taken back would come again (the seed decides it): who took it back would
        # know the dice before choosing anything before it, as in Level X
        if persons and any(e.kind == "roll" for e in self._game.history_entry(step.ply).events):
            return Level8Error.coded(
                "level8.no_peeking_roll",
                "Undo stops here: the dice rolled at step {step} are known now, and taking the "
                "roll back would be a free look (takebacks are no_peeking).",
                step=step.ply,
            )
        return super()._peek_at(step, persons)

    def _table_observation(self, viewer: int | str) -> Observation:
        return self._game.observation(viewer).table

    def _move_rows(
        self,
        steps: Sequence[tuple[Action, Sequence[Any]]],
        start_ply: int,
        first_round: int,
        shown_round: int,
        sources: Sequence[object] | None = None,
        slot: str = "",
    ) -> list[dict[str, Any]]:
        """One row per turn: roll, move, the action (with the other players' gives and shows),
        lay-down, add-ons and the discard; a keep or a deal is a row of its own."""
        layout = self._game.layout.fields
        viewer = self._who()[0]
        return _move_rows(
            StepPairs(steps, _first),
            start_ply,
            first_round,
            shown_round,
            starts=lambda a, _row: a.kind in ("roll", "keep", "next_round"),
            act_row=lambda i: move_entry(steps[i][0], viewer, steps[i][1], layout),
            ends=TURN_ENDS | {"discard_two"},
            viewer=viewer,
            sources=sources,
            kept=self._kept_rows(slot),
        )

    def _view_fields(self) -> dict[str, Any]:
        view = super()._view_fields()
        game = self._game
        # the board's level sequences are named "board-one"/"board-two": the star sides
        view["sides"] = [s.removeprefix("board-") for s in view["sides"]]
        viewer, actor, _handoff = self._who()
        obs: BoardObservation = game.observation(viewer)
        phase = obs.phase
        acting = phase in ("take", "swap", "ask", "give", "show", "steal", "choose")
        pending: dict[str, Any] = {}
        if obs.action and phase not in ("roll", "keep", "round_over", "over"):
            pending["action"] = obs.action
        if obs.takes_left and phase == "take":
            pending["takes"] = obs.takes_left
        if obs.asked is not None:
            pending["ask"] = {"number": obs.asked[0], "colour": obs.asked[1]}
        if obs.shown:
            # face up for the whole table (the engine's observation decides)
            pending["shown"] = [[q, list(cs or ())] for q, cs in obs.shown]
        if obs.extra_turns:
            pending["extra"] = obs.extra_turns
        view["board"] = {
            "fields": list(obs.layout),
            "reconstruction": bool(game.layout.reconstruction),
            "towers": list(obs.towers),
            "dice": None if obs.dice is None else list(obs.dice),
            "reachable": list(obs.reachable),
            "jokers": obs.jokers_left,
            "turn": obs.turn_player,
            "landed": obs.towers[obs.turn_player] if acting or phase == "play" else None,
            "pending": pending,
            "choices": None if actor is None else self._choices(actor),
        }
        return view

    def _choices(self, actor: int) -> dict[str, Any]:
        """What ``actor`` may do now, from the engine's legal actions in the actor's own view
        (the front end enables exactly these controls; Python still checks every intent)."""
        game = self._game
        obs = game.observation(actor)
        legal = obs.legal_actions
        phase = obs.phase
        if phase == "roll":
            return {"roll": True}
        if phase == "move":
            return {"move": [a.field for a in legal]}
        if phase == "take":
            return {"take": ["pile" if a.source is None else a.source for a in legal]}
        if phase in ("swap", "show"):
            sizes = [len(a.cards) for a in legal] or [0]
            cards = sorted({c for a in legal for c in a.cards})
            return {phase: {"cards": cards, "min": min(sizes), "max": max(sizes)}}
        if phase == "ask":
            return {
                "ask": {
                    "numbers": sorted({a.number for a in legal if a.number is not None}),
                    "colours": sorted({a.colour for a in legal if a.colour is not None}),
                    "directions": [
                        d for d in ("left", "right") if any(a.direction == d for a in legal)
                    ],
                }
            }
        if phase == "give":
            return {"give": [a.card for a in legal]}
        if phase == "steal":
            return {"steal": [[a.card, a.target] for a in legal]}
        if phase == "choose":
            # the field each action leads to, by the rules of this game's record
            return {"choose": [[a.choice, game.next_free(a.choice)] for a in legal]}
        if phase == "play" and obs.may_discard_two:
            return {"discardTwo": True}
        return {}


# ---------------------------------------------------------------------- helpers


def _board_bot(name: str, seat: int) -> object:
    """A board bot by class name, seeded by its seat (imported when first needed)."""
    from ..level8.board import bots

    return getattr(bots, name)(seed=seat)
