"""Level8Widget: play the Level 8 card game at a card table inline in a notebook.

A thin adapter on :class:`~levelwidgets.widgets.base.GameWidget`: the engine
(:class:`~levelwidgets.level8.Level8`) decides every rule. The widget publishes, for one
viewer, what that viewer may see (their own hand, counts, discard piles, the table) and turns
intents such as ``{"type": "discard", "card": 17}`` into engine calls. Hidden cards never
reach the browser: the view is built from the engine's observation for the viewer, and events
are filtered by the engine's :func:`~levelwidgets.level8.visible_event` before they are shown.

Perspectives (``view=`` when constructing; the synced JSON itself is the ``view`` trait):

- ``"player"``: one seat's view (``seat=``). With several people and no seat given, the
  widget is a hot-seat table: before each person's turn it shows a "pass to <name>" screen
  and reveals the hand only once that person confirms.
- ``"spectator"``: no hand at all (a class watching bots).
- ``"teacher"``: every hand and the draw pile; acts for whichever person is to move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import is_
from pathlib import Path
from typing import Any, ClassVar

import traitlets

from ..level8 import (
    Action,
    CardTable,
    Level8,
    Level8Error,
)
from ..level8.actions import ACTION_KINDS
from ..level8.cards import BOARD_JOKER_IDS, MAX_NUMBER, N_CARDS, is_skip
from ..level8.combos import Combo, combo_options, make_combo
from ..level8.errors import (
    CardNotInHandError,
    IllegalActionError,
    LayDownError,
    LevelMismatchError,
)
from ..level8.observation import SPECTATOR, TEACHER, Observation
from ..level8.visibility import action_text, move_entry, shows_new_card
from ..names import shown_name, shown_names
from ..record import MAX_NODES, Step
from .base import GameWidget, Intent, locked
from .shapes import NO_FIELDS, AnyOf, Choice, Int, IntKey, ListOf, MapOf, Obj, Opt, Shape, Text

_STATIC = Path(__file__).resolve().parent.parent / "static"
PERSPECTIVES = ("player", "spectator", "teacher")
KEEP_MAX = 4


class CardTableWidget(GameWidget):
    """What the card game's and the board game's widgets share: the card table (hand, discard
    piles, laid combinations, seats), laying down, adding on, discarding, keeping, rounds,
    hot-seat, takebacks and review. :class:`Level8Widget` adds the draw and the skip cards,
    :class:`~.level8_board.Level8BoardWidget` the board."""

    _esm = _STATIC / "level8.js"
    _css = _STATIC / "level8.css"
    _engine: ClassVar[type] = Level8  # the board game's widget holds a Level8Board
    _error_type = Level8Error
    # every action a player takes (the engine's list, less the set-up ones) and the proposal
    _player_intents = frozenset(ACTION_KINDS) - {"deal", "setup", "draw", "skip", "skip_turn"} | {
        "propose",
        "check_lay",
    }
    _undo_to_person = True

    #: Show the engine's ``cards_missing`` for the current level and the odds panel's figures
    #: (``draw_odds`` of the seat to act, from its own view); the teacher view always may. The
    #: static picture shows neither: it is the position, not a coaching aid (see the README).
    hints = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        game: Any = None,  # a Level8 (Level8Widget) or a Level8Board (Level8BoardWidget)
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
        read_only: bool = False,
        record_dir: str | Path = ".",
        takebacks: str | None = None,
    ) -> None:
        if game is None:
            game = Level8(players, seed=seed, sides=sides)
        elif not isinstance(game, CardTable):  # the board widget passes its Level8Board
            raise TypeError(f"game must be a Level8, not {type(game).__name__}.")
        self._perspective = _check_perspective(view)
        self._seat = _check_seat(seat, game.num_players)
        # hot-seat: the person to act who confirmed at the screen (None once another acts)
        self._revealed: int | None = None
        # the lay-down dialog's arrangement, for the seat and position it was made for
        self._proposal: tuple[object, dict[str, Any]] | None = None
        self._can_lay_cache: dict[tuple, bool] = {}
        # the odds panel's last figures, for (seat, that seat's observation)
        self._odds_cache: tuple[tuple[int, Observation], dict[str, Any] | None] | None = None
        super().__init__(
            game,
            bots,
            language=language,
            bot_delay=bot_delay,
            read_only=read_only,
            record_dir=record_dir,
            takebacks=takebacks,
            hints=hints,
        )
        self._publish([])

    # ------------------------------------------------------------------ public API

    @property
    def perspective(self) -> str:
        """Whose eyes the table shows: "player", "spectator" or "teacher"."""
        return self._perspective

    @perspective.setter
    @locked
    def perspective(self, value: str) -> None:
        self._perspective = _check_perspective(value)
        self._publish([])

    @property
    def viewer(self) -> int | str:
        """The engine viewer this widget shows now: a seat, "spectator" or "teacher"."""
        viewer, _actor, _handoff = self._who()
        return viewer

    @property
    def hand(self) -> list[int]:
        """The cards of the seat this widget acts for now (empty if it cannot act)."""
        _viewer, actor, handoff = self._who()
        if actor is None or handoff is not None:
            return []
        return list(self._game.hand(actor))

    def lay_down(self, combos: Sequence[object]) -> list[Any]:
        """Lay down the current level (combinations as the engine's ``lay_down`` takes)."""
        return self._act_as(lambda p: self._game.lay_down(combos, player=p))

    def add_on(self, card: object, owner: int, index: int, number: int | None = None) -> list[Any]:
        """Add a hand card to laid combination ``index`` of ``owner``."""
        return self._act_as(lambda p: self._game.add_on(card, owner, index, number, player=p))

    def discard(self, card: object) -> list[Any]:
        """Discard a hand card, ending the turn."""
        return self._act_as(lambda p: self._game.discard(card, player=p))

    def keep(self, cards: Sequence[object] = ()) -> list[Any]:
        """Two-star rule: keep up to 4 hand cards for the next round."""
        return self._act_as(lambda p: self._game.keep(cards, player=p))

    def next_round(self) -> list[Any]:
        """Deal the next round: a person confirms, the dealer (a bot too) deals."""
        return self._act_as(lambda _p: self._game.next_round(player=self._game.current_player))

    @locked
    def propose(self, cards: Sequence[int] = ()) -> dict[str, Any]:
        """The solver's arrangement of ``cards`` (default: the whole hand) for the current
        level, shown in the lay-down dialog; raises if the cards do not make the level."""
        actor = self._require_actor()
        game = self._game
        hand = game.hand(actor)
        chosen = list(cards) if cards else list(hand)
        missing = [c for c in chosen if c not in hand]
        if missing:
            raise CardNotInHandError.coded(
                "level8.propose_not_in_hand", "Those cards are not all in your hand."
            )
        level = game.current_level(actor)
        if level is None or game.laid_down[actor]:
            raise IllegalActionError.coded(
                "level8.propose_laid",
                "{name} has already laid down this round.",
                name=game.names[actor],
            )
        from ..level8.solver import solve  # (the solver loads at its first use)

        way = solve(chosen, level)
        if way is None:
            raise LevelMismatchError.coded(
                "level8.propose_mismatch",
                "These cards do not make level {level} ({need}).",
                level=game.levels[actor],
                need=level.describe(),
                req=[[r.kind, r.n] for r in level.requirements],
            )
        combos = [_proposal_combo(c) for c in way]
        for combo, req in zip(combos, level.requirements, strict=True):
            combo["need"] = req.n  # the solver lists the combinations in requirement order
        proposal = {"cards": sorted(chosen), "combos": combos}
        proposal["check"] = self._lay_check(actor, [_as_intent_combo(c) for c in combos], combos)
        self._proposal = (self._proposal_key(actor), proposal)
        self._publish([])
        return proposal

    @locked
    def check_lay(self, combos: Sequence[dict[str, Any]]) -> dict[str, Any]:
        """Python's verdict of the lay-down dialog's arrangement as the player edits it (shown
        before Confirm is offered): per combination, and for the whole lay-down."""
        actor = self._require_actor()
        shown = self._shown_proposal(actor)
        if shown is None:
            raise IllegalActionError.coded(
                "level8.no_proposal", "Open the lay-down dialog first (Lay down…)."
            )
        check = self._lay_check(actor, combos, shown["combos"])
        key, _old = self._proposal  # type: ignore[misc]
        self._proposal = (key, {**shown, "check": check})
        self._publish([])
        return check

    def _lay_check(
        self, actor: int, combos: Sequence[dict[str, Any]], planned: Sequence[dict[str, Any]]
    ) -> dict[str, Any]:
        """The verdict of ``combos`` (the dialog's arrangement, as the lay_down intent sends
        it): each combination against its requirement (``need`` of the planned one) and the
        engine's make_combo, then the whole by the engine's own dry run. Refusals are in the
        browser's form (:meth:`_refusal_info`); ``combos`` is echoed so the browser knows which
        arrangement the verdict is about."""
        why: list[dict[str, Any] | None] = []
        for combo, plan in zip(combos, planned, strict=False):
            need, count = plan.get("need"), len(combo["cards"])
            refusal: Level8Error | None = None
            if need is not None and count != need:
                refusal = LevelMismatchError.coded(
                    "level8.lay_size",
                    "{kind}: {need} cards needed, {count} chosen.",
                    kind=combo["kind"].capitalize(),
                    need=need,
                    count=count,
                )
            else:
                try:
                    make_combo(combo["kind"], combo["cards"], _meanings(combo))
                except Level8Error as exc:
                    refusal = exc
            why.append(None if refusal is None else self._refusal_info(refusal))
        whole = None
        if all(w is None for w in why):
            try:
                self._game.check_lay_down(
                    [(c["kind"], c["cards"], _meanings(c)) for c in combos], player=actor
                )
            except Level8Error as exc:
                whole = self._refusal_info(exc)
        ok = whole is None and all(w is None for w in why) and len(combos) == len(planned)
        return {"combos": [dict(c) for c in combos], "ok": ok, "why": why, "whole": whole}

    @locked
    def reveal(self) -> None:
        """Hot-seat: the person whose turn it is confirms they sit at the screen."""
        _viewer, _actor, handoff = self._who()
        if handoff is None:
            raise IllegalActionError.coded(
                "level8.nothing_to_reveal", "There is no hand to reveal: play on."
            )
        self._revealed = handoff
        self._publish([])

    @locked
    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` actions (0: the deal) of the line being looked at."""
        total = self._line_steps()  # a Level 8 step is one action
        if not isinstance(ply, int) or isinstance(ply, bool) or not 0 <= ply <= total:
            raise IllegalActionError.coded(
                "level8.goto_range",
                "Choose a move between 0 and {total}, not {ply!r}.",
                total=total,
                ply=ply,
            )
        self.seek(ply)

    # ------------------------------------------------------------------ intents

    def _handlers(self) -> dict[str, Callable[[Intent], object]]:
        return {
            **super()._handlers(),
            "propose": lambda m: self.propose(m["cards"]),
            "check_lay": lambda m: self.check_lay(m["combos"]),
            "lay_down": lambda m: self.lay_down(
                [(c["kind"], c["cards"], c["jokers"]) for c in m["combos"]]
            ),
            "add_on": lambda m: self.add_on(m["card"], m["owner"], m["index"], m["number"]),
            "discard": lambda m: self.discard(m["card"]),
            "keep": lambda m: self.keep(m["cards"]),
            "next_round": lambda _m: self.next_round(),
            "reveal": lambda _m: self.reveal(),
            "goto": lambda m: self.goto(m["ply"]),
        }

    def _shapes(self) -> dict[str, Shape]:
        seat = self._seat_field()
        card = self._card_field()
        cards = ListOf(card, max_len=card.high + 1, noun="cards")
        combo = Obj(
            {
                "kind": Text(20, min_len=1),  # the engine names the kinds it takes
                "cards": cards,
                "jokers": Opt(MapOf(IntKey(0, card.high), MEANING, MAX_JOKERS, "jokers"), {}),
            }
        )
        return {
            **super()._shapes(),
            "propose": Shape(cards=Opt(cards, ())),
            "check_lay": Shape(
                combos=ListOf(combo, max_len=MAX_COMBOS, min_len=1, noun="combinations")
            ),
            "lay_down": Shape(
                combos=ListOf(combo, max_len=MAX_COMBOS, min_len=1, noun="combinations")
            ),
            "add_on": Shape(
                card=card, owner=seat, index=Int(0, MAX_COMBOS - 1), number=Opt(MEANING)
            ),
            "discard": Shape(card=card),
            "keep": Shape(cards=Opt(cards, ())),
            "next_round": NO_FIELDS,
            "reveal": NO_FIELDS,
            "goto": Shape(ply=Int(0, MAX_NODES)),
        }

    def _seat_field(self) -> Int:
        """A seat of any table: which seats this one has, the engine says (in coded words)."""
        return Int(0, MAX_SEATS - 1, noun="seat")

    def _card_field(self) -> Int:
        """A card of this game (the board game has one more joker)."""
        return Int(0, N_CARDS - 1, noun="card")

    def _engine_mark(self) -> object:
        # the position, the move count and the random generator: as the snapshot, without
        # copying the whole history for every request
        game = self._game
        rng = getattr(game, "_rng", None)
        if rng is None:
            return game.snapshot()
        return game.plies, game.state_dict(), rng.getstate()

    def _state_mark(self) -> object:
        return (
            super()._state_mark(),
            self._revealed,
            id(self._proposal),
            self._perspective,
            self._takebacks,
        )

    def _require_actor(self) -> int:
        _viewer, actor, handoff = self._who()
        if handoff is not None:
            raise IllegalActionError.coded(
                "level8.pass_screen",
                "Pass the screen to {name} first: they confirm, then play.",
                name=self._game.names[handoff],
            )
        if actor is None:
            game = self._game
            if game.is_over:
                raise IllegalActionError.coded("level8.over", "The game is over.")
            raise IllegalActionError.coded(
                "level8.not_this_screen",
                "It is {name}'s turn, not this screen's.",
                name=game.names[game.current_player],
            )
        return actor

    def _act_as(self, action: Callable[[int], list[Any]]) -> list[Any]:
        actor = self._require_actor()
        return self._act(lambda: action(actor))

    # ------------------------------------------------------------------ who sees what

    def _humans(self) -> list[int]:
        return [q for q, b in enumerate(self._bots) if b is None]

    def _who(self) -> tuple[int | str, int | None, int | None]:
        """(engine viewer, seat this screen may act for, hot-seat handoff seat)."""
        human_cur = self._human_to_act()
        if self._perspective == "teacher":
            return TEACHER, human_cur, None
        if self._perspective == "spectator":
            return SPECTATOR, None, None
        if self._seat is not None:
            return self._seat, human_cur if human_cur == self._seat else None, None
        humans = self._humans()
        if not humans:
            return SPECTATOR, None, None
        if len(humans) == 1:
            seat = humans[0]
            return seat, human_cur if human_cur == seat else None, None
        # hot-seat: the hand shows only after the person to act confirmed at the screen
        if human_cur is None:
            return SPECTATOR, None, None
        if human_cur != self._revealed:
            return SPECTATOR, None, human_cur
        return human_cur, human_cur, None

    # ------------------------------------------------------------------ GameWidget hooks

    def _bot_names(self) -> dict[str, Callable[[int], object]]:
        return {
            "heuristic": lambda seat: _card_bot("HeuristicBot", seat),
            "greedy": lambda seat: _card_bot("HeuristicBot", seat),
            "random": lambda seat: _card_bot("RandomBot", seat),
        }

    def _bot_step(self, bot: object) -> list[Any]:
        game = self._game
        obs = game.observation(game.current_player)  # a bot sees only its own seat
        action = bot.choose(obs)  # type: ignore[attr-defined]
        if not isinstance(action, Action):
            raise IllegalActionError(f"The bot answered {action!r}, which is not an action.")
        return game.apply(action)

    def _entry_of(self, step: Step) -> Any:
        return self._game.history_entry(step.ply)  # entry 0 is the deal

    def _can_take_back(self) -> bool:
        return self._game.plies > 0

    def _take_back_one(self) -> None:
        if not self._can_take_back():
            raise IllegalActionError.coded(
                "level8.nothing_to_undo", "There is nothing to undo: the round has just been dealt."
            )
        self._driving(lambda: self._game.undo(1))

    def _after_change(self, events: list[Any], run_bots: bool = True) -> None:
        self._proposal = None  # the hand changed: an open lay-down dialog is out of date
        super()._after_change(events, run_bots)

    def _publish(self, events: list[Any]) -> None:
        # The screen is revealed to the person to act only: once someone else is to act
        # (they played, or the position moved), the next person confirms at the screen first.
        if self._revealed is not None and self._revealed != self._human_to_act():
            self._revealed = None
        super()._publish(events)

    def _scrub_allowed(self) -> bool:
        # only eyes that see every card get other positions ahead: elsewhere what a seek shows
        # depends on who looks at that moment (a hot-seat pass, a player's own hand)
        return self._perspective == "teacher" and super()._scrub_allowed()

    def _scrub_options(self) -> tuple[Any, ...]:
        return (self._perspective, self.hints)

    def _human_to_act(self) -> int | None:
        """The person's seat that is to act now (None: a bot's turn, or the game is over)."""
        game = self._game
        cur = None if game.is_over else game.current_player
        if cur is not None and self._bots[cur] is not None and self._waits_for_person():
            return self._humans()[0]  # the round's summary stays until a person deals on
        return cur if cur is not None and self._bots[cur] is None else None

    def _waits_for_person(self) -> bool:
        """Round over with a person at the table: bots wait, so the summary can be read."""
        return self._game.phase == "round_over" and bool(self._humans())

    def _bot_to_act(self) -> object | None:
        return None if self._waits_for_person() else super()._bot_to_act()

    def _bot_acted(self, step: Step) -> bool:
        # a bot dealer's next round waited for a person (see _waits_for_person)
        return super()._bot_acted(step) and not (step.kind == "next_round" and self._humans())

    def _proposal_key(self, actor: int) -> object:
        """What the lay-down dialog's arrangement belongs to: the seat and the position."""
        cursor = self._cursor
        return actor, self._game.plies, None if cursor is None else id(cursor.node)

    def _shown_proposal(self, actor: int | None) -> dict[str, Any] | None:
        """The arrangement to show ``actor``: only the one made for them, here."""
        if actor is None or self._proposal is None:
            return None
        key, proposal = self._proposal
        return proposal if key == self._proposal_key(actor) else None

    def _handout_viewer(self) -> str:
        # a handout is printed for a class: a spectator's table, every hand only when this
        # screen shows the teacher's view anyway (a seat's own hand is no spectator's)
        return TEACHER if self.viewer == TEACHER else SPECTATOR

    def _line_text(self, step: Step) -> str:
        # a line's label names no card this screen's viewer may not see (kept, given cards)
        # (a seat called "You"/"Du" in the widget's language's word)
        name = shown_name(step.player_name, self.language)
        names = shown_names(self._game.names, self.language)
        text = action_text(_step_action(step), names, self.viewer)
        return f"{name}: {text[len(name) + 1 :]}" if text.startswith(name + " ") else text

    # ------------------------------------------------------------------ takebacks

    def _default_takebacks(self) -> str:
        # people playing may not look at hidden cards by taking back; a teacher or a class
        # watching bots steps freely
        return "free" if self._perspective in ("teacher", "spectator") else "no_peeking"

    def _person_seats(self) -> set[int]:
        return set(self._humans()) if self._seat is None else {self._seat}

    def _peek_at(self, step: Step, persons: set[int]) -> Level8Error | None:
        events = self._game.history_entry(step.ply).events
        if not any(shows_new_card(e, seat) for seat in persons for e in events):
            return None
        return Level8Error.coded(
            "level8.no_peeking",
            "Undo stops here: step {step} showed someone at this screen a card that was hidden "
            "before, and taking it back would be a free look (takebacks are no_peeking).",
            step=step.ply,
        )

    def _static_svg(self) -> str:
        viewer, _actor, _handoff = self._who()
        return self._game.to_svg(viewer, self.language)

    def _game_replaced(self) -> None:
        self._seat = None if self._seat is None else min(self._seat, self._game.num_players - 1)
        self._revealed = None
        self._proposal = None

    @traitlets.observe("hints")
    def _hints_changed(self, _change: dict) -> None:
        if hasattr(self, "_game"):
            self._publish([])

    def _view_fields(self) -> dict[str, Any]:
        game = self._game
        viewer, actor, handoff = self._who()
        obs = self._table_observation(viewer)
        names = list(game.names)
        # Turns of the round on the table get a row each; other rounds one row each, so the
        # view stays small however long the game (a click on a round's row jumps to its end).
        # The steps are read lazily (StepPairs): the rows kept from the last view cover all
        # but the newest steps, so a view reads those only, not the whole game.
        history = game.history[1:]
        played = StepPairs(history, _entry_pair)
        first_round = game.round - _rounds_begun(history, self._kept_rows("begun"))
        moves = self._move_rows(played, 1, first_round, game.round, history, "moves")
        steps_ahead = self._future()
        ahead = StepPairs(steps_ahead, _step_pair)
        future = self._move_rows(
            ahead, self._game.plies + 1, game.round, game.round, steps_ahead, "future"
        )
        rows = _annotate_rows(moves + future, self._notes_by_ply())
        moves, future = rows[: len(moves)], rows[len(moves) :]
        view: dict[str, Any] = {
            "viewer": viewer,
            "actor": actor,
            "handoff": handoff,
            "botsWait": self._waits_for_person(),
            "names": shown_names(names, self.language),
            "sides": list(obs.sides),
            "levels": list(obs.levels),
            "levelCounts": list(obs.level_counts),
            "req": [
                None if lv is None else [[r.kind, r.n] for r in lv.requirements]
                for lv in obs.requirements
            ],
            "laid": list(obs.laid),
            "hand": None if obs.hand is None else list(obs.hand),
            "hands": None if obs.hands is None else [list(h) for h in obs.hands],
            "handCounts": list(obs.hand_counts),
            "drawCount": obs.draw_count,
            "underCount": obs.under_count,
            "discards": [[t, n] for t, n in zip(obs.discard_tops, obs.discard_counts, strict=True)],
            "melds": [[_meld_view(c) for c in ms] for ms in obs.melds],
            "skips": list(obs.skip_cards),
            "keptCounts": list(obs.kept_counts),
            "phase": obs.phase,
            "cur": obs.current_player,
            "dealer": obs.dealer,
            "round": obs.round,
            "winners": list(obs.winners),
            "legal": None if actor is None else self._legal(obs, actor),
            "proposal": self._shown_proposal(actor),
            "hint": self._hint(obs, actor),
            "moves": moves,
            "future": future,
            "here": self._game.plies,
            "rounds": (rounds := _round_rows(game, self._kept_rows("rounds"))),
            "lastRound": _last_round(rounds, obs.phase),
            "canUndo": self._can_take_back(),
        }
        return view

    def _table_observation(self, viewer: int | str) -> Observation:
        """The card table as ``viewer`` sees it (the board game's view wraps one)."""
        return self._game.observation(viewer)

    def _move_rows(
        self,
        steps: Sequence[tuple[Action, Sequence[Any]]],
        start_ply: int,
        first_round: int,
        shown_round: int,
        sources: Sequence[object] | None = None,
        slot: str = "",
    ) -> list[dict[str, Any]]:
        """Move-list rows of (action, chance) steps (see :func:`_move_rows`); ``sources``:
        the history entries or record steps they come from, whose rows are kept in ``slot``
        from view to view."""
        viewer = self._who()[0]
        return _move_rows(
            StepPairs(steps, _first),
            start_ply,
            first_round,
            shown_round,
            viewer=viewer,
            sources=sources,
            kept=self._kept_rows(slot),
        )

    def _kept_rows(self, slot: str) -> list[Any] | None:
        """What one part of the view keeps from view to view, by slot: the rows of a list
        (``"moves"``, ``"future"``, ``"rounds"``) or the rounds begun (``"begun"``); none
        for ``""``."""
        if not slot:
            return None
        kept: dict[str, list[Any]] = self.__dict__.setdefault("_rows_kept", {})
        return kept.setdefault(slot, [])

    def _log_viewer(self) -> int | str:
        # the viewer of this moment: a hot-seat pass screen shows nobody's hidden cards
        viewer, _actor, _handoff = self._who()
        return viewer

    def _hint(self, obs: Observation, actor: int | None) -> dict[str, Any] | None:
        if actor is None or not (self.hints or self._perspective == "teacher"):
            return None
        level = obs.requirements[actor]
        if level is None or obs.laid[actor]:
            return None
        from ..level8.solver import cards_missing  # (the solver loads at its first use)

        missing = cards_missing(_hand_of(obs, actor), level)
        return {
            "missing": missing.count,
            "plan": [list(part) for part in missing.plan],
            "needs": [[n.kind, n.number, n.colour, list(n.alternatives)] for n in missing.needs],
            "jokers": missing.jokers,
            "odds": self._odds(actor),
        }

    def _odds(self, seat: int) -> dict[str, Any] | None:
        """The odds panel's figures for ``seat``: :func:`~levelwidgets.level8.odds.draw_odds`,
        which reads only that seat's own observation, so even the teacher view (which shows
        every hand) publishes what the seat to move could know, never the hidden cards.
        Cached on that observation: a redraw of the same position costs nothing."""
        key = (seat, self._game.observation(seat))
        if self._odds_cache is not None and self._odds_cache[0] == key:
            return self._odds_cache[1]
        from ..level8.odds import draw_odds  # (exact fractions: when the odds are shown)

        odds = draw_odds(self._game, seat)
        out = None if odds is None else _rounded(odds.to_dict())
        self._odds_cache = (key, out)
        return out

    def _legal(self, obs: Observation, actor: int) -> dict[str, Any]:
        """:func:`_legal`, and why Lay down is not possible now (``layWhy``, the refusal in
        the browser's language): the button says so before anyone clicks it."""
        out = _legal(obs, actor, self._can_lay_cached)
        if "canLay" in out and not out["canLay"]:
            why = _lay_refusal(obs, actor, self._game.names, self._can_lay_cached)
            if why is not None:
                out["layWhy"] = self._refusal_info(why)
        return out

    def _can_lay_cached(self, hand: tuple[int, ...], level: object) -> bool:
        key = (tuple(sorted(hand)), str(level))
        hit = self._can_lay_cache.get(key)
        if hit is None:
            if len(self._can_lay_cache) > 256:
                self._can_lay_cache.clear()
            from ..level8.solver import can_lay  # (the solver loads at its first use)

            hit = self._can_lay_cache[key] = can_lay(hand, level)  # type: ignore[arg-type]
        return hit


class Level8Widget(CardTableWidget):
    """Level 8 at a card table you can click: against bots, hot-seat, or as a teacher.

    The card table of :class:`CardTableWidget` with the card game's draw and skip cards.

    >>> w = Level8Widget(players=["You", "Bot"], bots=[None, "heuristic"], seed=1)
    >>> w.draw(); w.discard(w.hand[0])        # same as clicking
    >>> w.game.observation(0)                 # the engine itself
    """

    _player_intents = CardTableWidget._player_intents | {"draw", "skip", "skip_turn"}

    def draw(self, source: int | str | None = "pile") -> list[Any]:
        """Draw from the draw pile (``"pile"``) or from a player's discard pile (a seat)."""
        return self._act_as(
            lambda p: self._game.draw(None if source == "pile" else source, player=p)
        )

    def skip(self, target: int, card: object = None) -> list[Any]:
        """Play a skip card in front of ``target`` instead of discarding."""
        return self._act_as(lambda p: self._game.skip(target, card, player=p))

    def skip_turn(self) -> list[Any]:
        """The skipped player's turn: the skip card goes under the draw pile."""
        return self._act_as(lambda p: self._game.skip_turn(player=p))

    def _handlers(self) -> dict[str, Callable[[Intent], object]]:
        return {
            **super()._handlers(),
            "draw": lambda m: self.draw(m["source"]),
            "skip": lambda m: self.skip(m["target"], m["card"]),
            "skip_turn": lambda _m: self.skip_turn(),
        }

    def _shapes(self) -> dict[str, Shape]:
        seat, card = self._seat_field(), self._card_field()
        return {
            **super()._shapes(),
            "draw": Shape(source=Opt(AnyOf((PILE, seat)), "pile")),
            "skip": Shape(target=seat, card=Opt(card)),
            "skip_turn": NO_FIELDS,
        }


# ---------------------------------------------------------------------- view helpers

ODDS_PLACES = 4  # the odds panel's chances, rounded: the view stays compact


def _rounded(odds: dict[str, Any]) -> dict[str, Any]:
    """``DrawOdds.to_dict()`` with its chances rounded to :data:`ODDS_PLACES` places."""
    return {k: round(v, ODDS_PLACES) if isinstance(v, float) else v for k, v in odds.items()}


def _meld_view(combo: Combo) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": combo.kind, "cards": list(combo.cards)}
    if combo.jokers:
        out["jokers"] = {str(j): m for j, m in combo.jokers}
    if combo.kind == "run":
        out["lo"] = combo.value
        out["hi"] = combo.value + len(combo.cards) - 1
    else:
        out["value"] = combo.value
    return out


def _proposal_combo(combo: Combo) -> dict[str, Any]:
    """A combination of the lay-down dialog with every valid reading of its jokers."""
    out = _meld_view(combo)
    layouts = _joker_layouts(combo)
    if len(layouts) > 1:
        out["layouts"] = layouts
    return out


def _joker_layouts(combo: Combo) -> list[dict[str, Any]]:
    """Every way the combination's jokers may be read (the engine's make_combo decides)."""
    jokers = [j for j, _m in combo.jokers]
    if not jokers:
        return []
    if combo.kind == "run":
        n = len(combo.cards)
        candidates = []
        for lo in range(1, 17 - n):
            fixed = {c % 15 + 1 for c in combo.naturals}
            free = [v for v in range(lo, lo + n) if v not in fixed]
            if len(free) == len(jokers) and all(lo <= v < lo + n for v in fixed):
                candidates.append(dict(zip(jokers, free, strict=True)))
    else:
        values = range(0, 6) if combo.kind == "colour" else range(1, 16)
        candidates = [{j: v for j in jokers} for v in values]
    out = []
    for meaning in candidates:
        try:
            made = make_combo(combo.kind, combo.cards, meaning)
        except Level8Error:
            continue
        view = _meld_view(made)
        label = f"{view['lo']}–{view['hi']}" if made.kind == "run" else str(view["value"])
        out.append({"label": label, "cards": view["cards"], "jokers": view.get("jokers", {})})
    return out


def _as_intent_combo(view: dict[str, Any]) -> dict[str, Any]:
    """A proposal's combination as the lay_down intent sends it: kind, cards, jokers."""
    jokers = {int(j): m for j, m in view.get("jokers", {}).items()}
    return {"kind": view["kind"], "cards": list(view["cards"]), "jokers": jokers}


def _meanings(combo: dict[str, Any]) -> dict[int, int]:
    """The joker meanings of an intent's combination, by card id."""
    return {int(j): m for j, m in (combo.get("jokers") or {}).items()}


def _card_bot(name: str, seat: int) -> object:
    """A card bot by class name, seeded by its seat (the bots load when a seat gets one)."""
    from ..level8 import bots

    return getattr(bots, name)(seed=seat)


def _hand_of(obs: Observation, seat: int) -> tuple[int, ...]:
    """``seat``'s hand in a view that shows it (the seat's own view, or the teacher's)."""
    if obs.viewer == seat and obs.hand is not None:
        return obs.hand
    assert obs.hands is not None, "only the seat itself or a teacher sees this hand"
    return obs.hands[seat]


def _legal(
    obs: Observation, actor: int, can_lay_fn: Callable[[tuple[int, ...], object], bool]
) -> dict[str, Any]:
    """What the actor may do now, for the front end to enable controls (Python still checks)."""
    hand = _hand_of(obs, actor)
    out: dict[str, Any] = {}
    phase = obs.phase
    if phase == "draw":
        out["draw"] = (["pile"] if obs.draw_count else []) + [
            q for q, top in enumerate(obs.discard_tops) if top is not None
        ]
    elif phase == "play":
        level = obs.requirements[actor]
        final = obs.levels[actor] == obs.level_counts[actor]
        out["canLay"] = bool(
            not obs.laid[actor]
            and level is not None
            and (final or len(hand) > level.n_cards)
            and can_lay_fn(tuple(hand), level)
        )
        if obs.laid[actor] and len(hand) >= 2:
            fits: dict[str, list] = {}
            for card in hand:
                spots = [
                    [owner, index, list(opts)]
                    for owner, ms in enumerate(obs.melds)
                    for index, combo in enumerate(ms)
                    if (opts := combo_options(combo, card))
                ]
                if spots:
                    fits[str(card)] = spots
            out["addOn"] = fits
        if any(is_skip(c) for c in hand):
            out["skipTargets"] = [
                q for q in range(obs.num_players) if q != actor and not obs.skipped[q]
            ]
    elif phase == "keep":
        out["keepMax"] = KEEP_MAX
    return out


def _lay_refusal(
    obs: Observation,
    actor: int,
    names: Sequence[str],
    can_lay_fn: Callable[[tuple[int, ...], object], bool],
) -> Level8Error | None:
    """Why ``actor`` cannot lay down now (None: they can, or have already): the hand does not
    make the level (the solver, jokers included), or it would leave no card to discard."""
    level = obs.requirements[actor]
    if level is None or obs.laid[actor]:
        return None
    hand = tuple(_hand_of(obs, actor))
    req = [[r.kind, r.n] for r in level.requirements]
    if not can_lay_fn(hand, level):
        return LevelMismatchError.coded(
            "level8.cannot_make_level",
            "{name}'s hand cannot make level {level} yet ({need}).",
            name=names[actor],
            level=obs.levels[actor],
            need=level.describe(),
            req=req,
        )
    final = obs.levels[actor] == obs.level_counts[actor]
    if not final and len(hand) <= level.n_cards:
        return LayDownError.coded(
            "level8.keep_one",
            "{name} must keep one card to discard at the end of the turn",
            name=names[actor],
        )
    return None


#: Action kinds that end a move-list row (the card game's turn ends).
TURN_ENDS = frozenset({"discard", "skip", "skip_turn", "keep", "next_round", "deal"})


def _move_rows(
    actions: Sequence[Action],
    start_ply: int,
    first_round: int,
    shown_round: int,
    *,
    starts: Callable[[Action, dict[str, Any]], bool] | None = None,
    act_row: Callable[[int], list[Any]] | None = None,
    ends: frozenset[str] = TURN_ENDS,
    viewer: int | str | None = None,
    sources: Sequence[object] | None = None,
    kept: list[Any] | None = None,
) -> list[dict[str, Any]]:
    """Move-list rows: one per turn (draw, lay-down, add-ons, discard), per skipped turn,
    per keep and per deal of ``shown_round``, and one row ``["round", n]`` for every other
    round. ``ply`` is where a click on the row jumps (after its last action).

    Shared with the board game's widget, which passes its own ``starts(action, row)`` (does
    the action begin a new row after ``row``?), ``act_row(i)`` (the row entry of action i)
    and ``ends`` (kinds that end a row). Each action's entry comes from the seat-view gate
    (:func:`~levelwidgets.level8.visibility.move_entry`, as ``viewer`` may read it).

    ``sources`` (the history entries or record steps the actions come from, one object per
    step) and ``kept`` (a list the caller keeps between calls, for this one list of rows)
    let a new step reuse the rows of the steps before it: a step only ever changes the last
    row or adds rows, so the rows before the last one are the very same objects as before
    when the steps they were made of are (the view's diff then skips them at once), and only
    the last row and the new ones are made: a step no longer walks the whole round."""
    key = (start_ply, first_round, shown_round, viewer, ends, starts is None, act_row is None)
    rows: list[dict[str, Any]] = []
    heads: list[tuple[int, int]] = []  # per row: the index of its first step, the round before
    begin, round_no = 0, first_round
    old = kept[0] if kept else None
    if old is not None and sources is not None and old[0] == key:
        _key, old_sources, old_rows, old_heads = old
        resume = old_heads[-1][0] if old_heads else 0
        if len(sources) >= resume and all(map(is_, sources[:resume], old_sources[:resume])):
            rows, heads = old_rows[:-1], old_heads[:-1]
            begin, round_no = (resume, old_heads[-1][1]) if old_heads else (0, first_round)
    made = len(rows)  # rows from here on are new (the ones before are kept as they are)
    current: dict[str, Any] | None = None
    for offset in range(begin, len(actions)):
        a = actions[offset]
        before = round_no
        ply = start_ply + offset
        if a.kind == "next_round":
            round_no += 1
        if round_no != shown_round:
            if not rows or rows[-1]["acts"] != [["round", round_no]]:
                current = {"p": None, "acts": [["round", round_no]], "done": True}
                rows.append(current)
                heads.append((offset, before))
            elif len(rows) <= made:  # a kept row would change: make them all afresh
                if kept is not None:
                    kept.clear()
                return _move_rows(
                    actions, start_ply, first_round, shown_round, starts=starts,
                    act_row=act_row, ends=ends, viewer=viewer, sources=sources, kept=kept,
                )  # fmt: skip
            rows[-1]["ply"] = ply
            continue
        if (
            current is None
            or current["done"]
            or (
                a.kind == "draw" or current["p"] != a.player
                if starts is None
                else starts(a, current)
            )
        ):
            current = {"p": a.player, "acts": [], "done": False}
            rows.append(current)
            heads.append((offset, before))
        current["acts"].append(move_entry(a, viewer) if act_row is None else act_row(offset))
        current["ply"] = ply
        if a.kind in ends:
            current["done"] = True
    for row in rows[made:]:
        del row["done"]
    if kept is not None:
        kept[:] = [(key, list(sources), rows, heads)] if sources is not None else []
    return rows


def _annotate_rows(
    rows: list[dict[str, Any]], notes: dict[int, tuple[str, str]]
) -> list[dict[str, Any]]:
    """The move-list rows with the marks and comments of the plies each covers: a row with
    any is a new dict (rows are kept from view to view, see :func:`_move_rows`), the others
    are the rows themselves."""
    if not notes:
        return rows
    out = []
    start = 1
    for row in rows:
        span = [notes[p] for p in range(start, row["ply"] + 1) if p in notes]
        marks = [mark for mark, _text in span if mark]
        texts = [text for _mark, text in span if text]
        if marks or texts:
            row = dict(row)
            if marks:
                row["mark"] = marks[0]
            if texts:
                row["note"] = " / ".join(texts)
        out.append(row)
        start = row["ply"] + 1
    return out


class StepPairs(Sequence[Any]):
    """``items`` each read through ``read`` when it is looked at (an index), not before: the
    move list is made from the steps after the rows it kept from the last view
    (:func:`_move_rows`), so a view costs the same early and late in a long game."""

    __slots__ = ("_items", "_read")

    def __init__(self, items: Sequence[Any], read: Callable[[Any], Any]) -> None:
        self._items = items
        self._read = read

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self._read(item) for item in self._items[index]]
        return self._read(self._items[index])


def _entry_pair(entry: Any) -> tuple[Action, Sequence[Any]]:
    """A history entry's action and chance outcome."""
    return entry.action, entry.chance


def _step_pair(step: Any) -> tuple[Action, Sequence[Any]]:
    """A recorded step's action and chance outcome."""
    return _step_action(step), _step_chance(step)


def _first(pair: tuple[Any, ...]) -> Any:
    """A step's action (the first of its pair)."""
    return pair[0]


def _rounds_begun(history: Sequence[Any], kept: list[Any] | None) -> int:
    """How many rounds the ``history`` entries begin (their ``next_round`` actions). With
    ``kept`` (a list the caller keeps between calls) only the entries after the ones counted
    last time are read, while those are still the very same entries (as :func:`_round_rows`)."""
    begin, counted = _kept_for(history, kept)
    begun = (counted or 0) + sum(
        1 for entry in history[begin:] if entry.action.kind == "next_round"
    )
    if kept is not None:
        kept[:] = [(history, begun)]
    return begun


def _kept_for(entries: Sequence[Any], kept: list[Any] | None) -> tuple[int, Any]:
    """``(begin, result)``: what ``kept`` holds from the last call (``[(entries then,
    result)]``) while those entries are still the very same start of ``entries``, so the
    caller reads only the entries from ``begin`` on; ``(0, None)`` otherwise."""
    if kept:
        before, result = kept[0]
        if len(before) <= len(entries) and all(map(is_, before, entries)):
            return len(before), result
    return 0, None


def _step_action(step: Any) -> Action:
    """The engine action of a recorded Level 8 step (read from the step's own data, parsed
    once: ``step.data`` is a deep copy, and the view reads every step ahead at each step)."""
    data = step._data
    return getattr(data, "parsed", None) or Action.from_dict(data["action"])


def _step_chance(step: Any) -> Sequence[Any]:
    """The chance outcome (shuffles, dice) of a recorded Level 8 step (not to be changed)."""
    data = step._data
    return data.get("chance", ()) if isinstance(data, dict) else ()


def _round_rows(game: Level8, kept: list[Any] | None = None) -> list[dict[str, Any]]:
    """One row per round played: who ended it, each seat's level moves and levels after it.
    With ``kept`` (a list the caller keeps between calls) only the history entries after
    the ones read last time are read, while those are still the very same entries."""
    history = game.history
    begin, old_rows = _kept_for(history, kept)
    rows: list[dict[str, Any]] = list(old_rows or ())
    for entry in history[begin:]:
        for e in entry.events:
            if e.kind == "round_end":
                moves = list(e.data["moves"])
                rows.append(
                    {
                        "round": e.data["round"],
                        "ender": e.player,
                        "moves": moves,
                        "levels": list(e.data["levels"]),
                        "laid": [m >= 1 for m in moves],
                    }
                )
    if kept is not None:
        kept[:] = [(history, rows)]
    return rows


#: Phases between two rounds (and after the last): the seats' levels are the new ones, the
#: laid-down flags still those of the round just played.
BETWEEN_ROUNDS = frozenset({"keep", "round_over", "over"})


def _last_round(rounds: list[dict[str, Any]], phase: str) -> list[dict[str, Any]] | None:
    """Between rounds, each seat's result of the round just played: the level it played, laid
    down or not, went out or not. The seat rows show it apart from the new level, so a new
    level's requirement never stands next to the old round's "laid down" (issue 27)."""
    if phase not in BETWEEN_ROUNDS or not rounds:
        return None
    r = rounds[-1]
    return [
        {"level": level - moved, "laid": laid, "out": r["ender"] == p}
        for p, (level, moved, laid) in enumerate(
            zip(r["levels"], r["moves"], r["laid"], strict=True)
        )
    ]


# ---------------------------------------------------------------------- intent shapes

#: A discard pile is named by its seat; the draw pile is "pile".
PILE = Choice(("pile",))
#: What a joker stands for: a number 1-15 (runs, sets) or a colour 0-5.
MEANING = Int(0, MAX_NUMBER)
#: The most seats a Level 8 table has.
MAX_SEATS = 6
#: Combinations one player lays (a level asks for at most three).
MAX_COMBOS = 20
#: Jokers in a combination (every joker of the board game).
MAX_JOKERS = len(BOARD_JOKER_IDS)


def _check_perspective(value: object) -> str:
    if value not in PERSPECTIVES:
        raise ValueError(f"view must be one of {PERSPECTIVES}, not {value!r}.")
    return value


def _check_seat(seat: object, n: int) -> int | None:
    if seat is None:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
        raise ValueError(f"seat must be a seat number 0–{n - 1} or None, not {seat!r}.")
    return seat
