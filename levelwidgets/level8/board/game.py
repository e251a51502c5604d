"""The Level 8 board game engine: the card game's engine with a circuit, dice and actions.

:class:`Level8Board` builds on :class:`~levelwidgets.level8.game.CardTable`, the part it
shares with the card game :class:`~levelwidgets.level8.Level8` (which adds the draw and the
skip cards, absent here): laying down, adding on, discarding, the round end (level moves,
keep-4), the winner, undo/goto/after, clone, listeners and events are shared code. This
module adds what the board game changes: the material (90 numbers, 8 jokers in the middle,
no skip cards), the deal by the player who ended the round, and the turn "roll → move →
the field's action → play".

Every step is validated completely before anything changes, so a refused step raises a
:class:`~levelwidgets.level8.errors.Level8Error` and leaves the game as it was. All chance
(shuffles and dice) goes through the game's one ``random.Random`` and is recorded in the
history, so records replay exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import islice
from typing import Any, cast

from ..action_space import BOARD_KINDS
from ..actions import Action, Event
from ..cards import (
    CODES,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    FIRST_JOKER,
    NUMBER_IDS,
    parse_cards,
)
from ..checks import bounded, is_int, refuse, short, show
from ..combos import is_full
from ..errors import (
    ChoiceError,
    ChoiceTypeError,
    ConfigError,
    ConfigLimitError,
    ConfigTypeError,
    CorruptStateError,
    IllegalActionError,
    Level8Error,
    MoveError,
    MoveTypeError,
)
from ..game import CardTable, not_an_action
from ..levels import LevelSequence
from ..observation import TEACHER
from ..visibility import observe_board, picture
from .layout import ACTIONS, MAX_FIELDS, BoardLayout, next_free, reachable
from .material import BOARD_IDS, BOARD_JOKER_IDS
from .observation import SHOW_MAX, SWAP_MAX, BoardObservation, board_legal_actions
from .serial import FORMAT
from .setup import make_board_config

__all__ = ["BOARD_PHASES", "DIRECTIONS", "Level8Board"]

#: The phases of a board game turn and of the round break.
BOARD_PHASES = (
    "roll",
    "move",
    "take",
    "swap",
    "ask",
    "give",
    "show",
    "steal",
    "choose",
    "play",
    "keep",
    "round_over",
    "over",
)
#: Ask directions: "left" is the next player in turn order (clockwise), "right" the previous.
DIRECTIONS = ("left", "right")

_BOARD_HELP = {
    "roll": "roll the dice (roll)",
    "move": "move the tower to one of the two fields the dice reach (move)",
    "take": "take the top card of a pile: the draw pile or a discard pile (take)",
    "swap": "discard 1 to 3 cards, then draw one more than that (swap)",
    "ask": "ask for a number or a colour, to the left or the right (ask)",
    "give": "give the asking player one matching card (give)",
    "show": "lay 3 hand cards face up for everyone, all of them if you hold fewer (show)",
    "steal": "take one of the shown cards (steal)",
    "choose": "choose an action; the tower moves to its next free field (choose)",
    "play": "lay down your level, add cards on, then discard",
    "keep": "choose up to 4 hand cards to keep for the next round (keep)",
    "round_over": "deal the next round (next_round)",
    "over": "nothing: the game is over",
}


def _int(value: object, what: str, lo: int, hi: int) -> int:
    if not is_int(value):
        raise refuse(ChoiceTypeError, what, f"a whole number from {lo} to {hi}", value)
    value = cast(int, value)  # (is_int: a whole number)
    if not lo <= value <= hi:
        raise ChoiceError.coded(
            "level8.board_bad_value", "the {what} must be a whole number {lo}–{hi}, not {value!r}",
            what=what, lo=lo, hi=hi, value=short(value),
        )  # fmt: skip
    return value


def _colour(value: object) -> int:
    """A colour as 0–5, a letter (``"R"``) or an English name (``"red"``)."""
    if isinstance(value, str):
        v = value.strip().lower()
        for i, (letter, name) in enumerate(zip(COLOUR_LETTERS, COLOUR_NAMES, strict=True)):
            if v in (letter.lower(), name):
                return i
        raise refuse(ChoiceError, "colour", _COLOURS, value)  # "pink" is no colour
    if not is_int(value):
        raise refuse(ChoiceTypeError, "colour", _COLOURS, value)
    return _int(value, "colour", 0, 5)


_COLOURS = "a colour 0–5, a letter like 'R' or a name like 'red'"


class Level8Board(CardTable):
    """A game of the Level 8 board game for 2–6 players.

    ``players``: a count or names; ``sides``: ``"one"``, ``"two"``, a custom level sequence,
    or one per player (the board's sides: levels 3–8 are a reconstruction); ``layout``: the
    circuit (a :class:`BoardLayout` or a list of action ids; default the spec's
    reconstruction); ``towers``: each player's start field (default all on the start field);
    ``deck``: the first deal's order of the 90 number cards (first = top), for lessons and
    tests; ``dealer``: the first dealer (default the last seat, so seat 0 starts).

    >>> g = Level8Board(["Ann", "Ben"], seed=1)
    >>> g.roll(); g.move(g.reachable[0])       # then the field's action, then play
    """

    _phase_help = _BOARD_HELP
    _deck_ids = frozenset(BOARD_IDS)
    _deal_pool = NUMBER_IDS
    _record_format = FORMAT
    action_kinds = BOARD_KINDS
    # The board's step (set by _init_state, or by _place for a set-up position):
    _middle: list[int]  # the jokers in the middle of the board
    _dice: tuple[int, int] | None
    _reach: tuple[int, ...]
    _pending: dict[str, Any]

    def __init__(
        self,
        players: int | Sequence[str] = 2,
        seed: int | str | None = None,
        sides: object = "one",
        *,
        layout: object = None,
        towers: Sequence[int] | None = None,
        dealer: int | None = None,
        start_levels: Sequence[int] | None = None,
        deck: Sequence[object] | None = None,
        lay_down_cap: int = 20,
    ) -> None:
        layout, read_towers = _read_board_lists(layout, towers)
        config, seqs = make_board_config(
            players, seed, sides, layout, read_towers, dealer, start_levels, deck, lay_down_cap
        )
        self._init_state(config, seqs)
        self._script = None
        self._verify_rng = False
        self._begin_entry()
        events = self._deal(config["deck"])
        self._end_entry(Action("deal", config["dealer"]), events)

    @classmethod
    def from_position(  # type: ignore[override]
        cls,
        players: int | Sequence[str] | None = None,
        *,
        hands: Sequence[Iterable[object]],
        melds: Sequence[Iterable[object]] | None = None,
        discards: Sequence[Iterable[object]] | None = None,
        draw_pile: Iterable[object] | None = None,
        middle: int | Iterable[object] | None = None,
        levels: Sequence[int] | None = None,
        laid: Sequence[bool] | None = None,
        towers: Sequence[int] | None = None,
        layout: object = None,
        sides: object = "one",
        turn: int = 0,
        phase: str = "roll",
        dice: Sequence[int] | None = None,
        takes: int | None = None,
        ask: Mapping[str, object] | None = None,
        shown: Mapping[int, Iterable[object]] | None = None,
        extra_turns: int | None = None,
        dealer: int | None = None,
        round: int = 1,
        seed: int | str | None = None,
        lay_down_cap: int = 20,
    ) -> Level8Board:
        """A board game that starts from a position a teacher describes (lessons, puzzles).

        Cards (ids or codes like ``"7R"``, ``"J1"``–``"J8"``): ``hands`` (jokers included),
        ``melds`` (each player's laid combinations, as for the card game), ``discards``
        (bottom to top), ``draw_pile`` (top first; None: every card placed nowhere else,
        shuffled with ``seed``), ``middle`` (the jokers left in the middle: a list, a count,
        or None for every joker placed nowhere else). The board: ``towers``, ``layout``,
        ``levels``, ``sides``. The step: ``turn`` (whose turn), ``phase`` ("roll", "move",
        "take", "swap", "ask", "give", "show", "steal", "choose" or "play"), with what a
        step in the middle of an action needs: ``dice`` (phase "move"; optional later in the
        turn), ``takes`` (cards still to take, default 2 on a draw2 field), ``ask``
        (phase "give": ``{"number": 7, "direction": "left"}`` or ``{"colour": "red"}``; the
        giver is the first player that way holding such a card), ``shown`` (phases "show"
        and "steal": ``{seat: cards}`` laid face up so far, in turn order), ``extra_turns``
        (owed from draw-again fields). The action in progress is the one of the field the
        active player's tower stands on.

        Checked like a loaded record (:class:`ConfigError` naming the problem): each of the
        98 cards exactly once, valid combinations that are the player's level, towers on the
        circuit, a step that the field's action leads to. The set-up is the game's start:
        :meth:`undo` cannot go before it, and :meth:`to_json`/:meth:`from_json` keep it.
        """
        from .position import make_board_position

        config, seqs = make_board_position(
            players,
            hands=hands,
            melds=melds,
            discards=discards,
            draw_pile=draw_pile,
            middle=middle,
            levels=levels,
            laid=laid,
            towers=towers,
            layout=layout,
            sides=sides,
            turn=turn,
            phase=phase,
            dice=dice,
            takes=takes,
            ask=ask,
            shown=shown,
            extra_turns=extra_turns,
            dealer=dealer,
            round=round,
            seed=seed,
            lay_down_cap=lay_down_cap,
        )
        return cls._set_up(config, seqs)

    def _place(self, position: Mapping) -> list[Event]:
        """Lay out a checked board position: the card game's table, then the board's step."""
        self._turn = position["turn"]
        self._middle = list(position["middle"])
        self._extra = position["extra"]
        dice = position["dice"]
        self._dice = None if dice is None else (dice[0], dice[1])
        phase = position["phase"]
        action = self._layout.fields[self._towers[self._turn]]
        pend: dict[str, Any] = {}
        if phase == "take":
            pend = {"action": action, "takes": position["takes"]}
        elif phase in ("swap", "ask", "choose"):
            pend = {"action": action}
        elif phase == "give":
            ask = position["ask"]
            pend = {
                "action": "ask",
                "giver": position["current"],
                "number": ask["number"],
                "colour": ask["colour"],
            }
        elif phase in ("show", "steal"):
            shown = {q: tuple(cs) for q, cs in position["shown"]}
            n = self._n
            others = ((self._turn + k) % n for k in range(1, n))
            queue = [q for q in others if position["hands"][q] and q not in shown]
            pend = {"action": "steal", "shown": shown, "queue": queue}
        self._pending = pend
        events = super()._place(position)
        if phase == "move":
            self._reach = reachable(
                len(self._layout.fields), self._towers, self._turn, self._dice,  # type: ignore[arg-type]
                start_blocks=self._rules > 1,
            )  # fmt: skip
        return events

    def _unplaced(self) -> list[int]:
        middle = set(self._middle)
        return [c for c in super()._unplaced() if c not in middle]

    def _init_state(self, config: dict, seqs: Sequence[LevelSequence]) -> None:
        super()._init_state(config, seqs)
        self._layout = BoardLayout.from_dict(config["layout"])
        self._rules: int = config.get("rules", 1)  # 1: a record from before rule set 2
        self._towers = list(config["towers"])
        self._middle = list(BOARD_JOKER_IDS)
        self._turn = self._current
        self._dice = None
        self._reach = ()
        self._pending = {}
        self._extra = 0
        self._ender: int | None = None
        self._phase = "roll"

    # ------------------------------------------------------------------ chance
    def _roll_dice(self) -> tuple[int, int]:
        """Two dice from one draw of the RNG, or from a replay script."""
        if self._script is not None:
            if not self._script:
                raise CorruptStateError("history has fewer dice rolls than the game needs")
            rec = tuple(self._script.popleft())
            if len(rec) != 2 or not all(type(x) is int and 1 <= x <= 6 for x in rec):
                raise CorruptStateError("a recorded dice roll is not two dice 1–6")
            if self._verify_rng:
                k = int(self._rng.random() * 36)
                if (k // 6 + 1, k % 6 + 1) != rec:
                    raise CorruptStateError("a recorded dice roll does not match the seed")
            out = (rec[0], rec[1])
        else:
            k = int(self._rng.random() * 36)
            out = (k // 6 + 1, k % 6 + 1)
        self._chance.append(out)
        return out

    # ------------------------------------------------------------------ round flow
    def _round_started(self, kept: set[int], data: dict) -> None:
        """After the card game's deal (of the number cards only, see ``_deal_pool``): the
        jokers (kept ones excepted) go back to the middle and the first turn starts with a
        roll."""
        self._middle = [j for j in BOARD_JOKER_IDS if j not in kept]
        self._turn = self._current
        self._phase = "roll"
        self._dice = None
        self._reach = ()
        self._pending = {}
        self._extra = 0
        data["jokers"] = len(self._middle)

    def _next_turn(self, events: list[Event]) -> None:
        self._rebuild_if_needed(events)
        self._dice = None
        self._reach = ()
        self._pending = {}
        if self._extra:
            self._extra -= 1
            events.append(Event("extra_turn", self._turn, {"left": self._extra}))
        else:
            self._turn = (self._turn + 1) % self._n
        self._current = self._turn
        self._phase = "roll"

    def _end_round(self, ender: int, events: list[Event]) -> None:
        if self._extra:
            events.append(Event("extra_turn_lost", ender, {"count": self._extra}))
        self._extra = 0
        self._dice = None
        self._reach = ()
        self._pending = {}
        self._ender = ender
        super()._end_round(ender, events)

    def _may_keep(self, q: int) -> bool:
        return True  # every player who did not lay down may keep up to 4 cards

    def _next_dealer(self) -> int:
        return self._turn if self._ender is None else self._ender  # who ended the round

    def _refills_before_drawing(self) -> bool:
        """The board game rebuilds an empty draw pile when someone takes from it (spec)."""
        return self._can_rebuild()

    def _empty_pile(self, p: int, src: int | None) -> Level8Error:
        nm = self._names
        if src is None:
            return ChoiceError.coded(
                "level8.board_draw_pile_empty",
                "{name} cannot take from the draw pile: it is empty (take the top card of "
                "a discard pile instead)",
                name=nm[p],
            )
        return ChoiceError.coded(
            "level8.board_discard_pile_empty",
            "{name} cannot take from {owner}'s discard pile: it is empty",
            name=nm[p],
            owner=nm[src],
        )

    def _can_rebuild(self) -> bool:
        return any(len(d) > 1 for d in self._discards)

    def _anything_to_take(self) -> bool:
        return bool(self._draw) or self._can_rebuild() or any(self._discards)

    # ------------------------------------------------------------------ performing a field
    def _perform(self, p: int, action: str, events: list[Event]) -> None:
        """Start the action of the field ``p``'s tower now stands on."""
        self._pending = {"action": action}
        if action in ("draw1", "draw_again"):
            if action == "draw_again":
                self._extra += 1
                events.append(Event("extra_turn_won", p, {"owed": self._extra}))
            self._start_takes(p, action, 1, events)
        elif action == "draw2":
            self._start_takes(p, action, 2, events)
        elif action == "joker":
            if self._middle:
                j = self._middle.pop()
                self._hands[p].append(j)
                events.append(Event("joker", p, {"card": j, "left": len(self._middle)}))
                self._to_play(events)
            else:
                events.append(Event("no_joker", p, {}))
                self._start_takes(p, action, 1, events)
        elif action == "swap":
            self._phase = "swap"
        elif action == "ask":
            self._phase = "ask"
        elif action == "steal":
            queue = [(p + k) % self._n for k in range(1, self._n)]
            queue = [q for q in queue if self._hands[q]]
            if not queue:
                self._start_takes(p, action, 1, events)
            else:
                self._pending.update(shown={}, queue=queue)
                self._phase = "show"
                self._current = queue[0]
        elif action == "all_draw":
            for k in range(self._n):
                self._draw_from_pile((p + k) % self._n, events)
            self._to_play(events)
        elif action == "choose":
            if self.choosable():
                self._phase = "choose"
            else:
                events.append(Event("nothing_to_choose", p, {}))
                self._start_takes(p, action, 1, events)
        else:  # pragma: no cover - layouts are checked
            raise CorruptStateError(f"unknown action {action!r}")

    def _start_takes(self, p: int, action: str, count: int, events: list[Event]) -> None:
        self._rebuild_if_needed(events)
        if not self._anything_to_take():
            events.append(Event("take_skipped", p, {"count": count}))
            self._to_play(events)
            return
        self._pending = {"action": action, "takes": count}
        self._phase = "take"

    def _to_play(self, events: list[Event]) -> None:
        """On to laying down and discarding. Decision: a player left without any hand card
        (cards given away while nothing was left to draw) has nothing to discard, and the
        turn ends."""
        self._pending = {}
        self._current = self._turn
        self._phase = "play"
        if not self._hands[self._turn]:
            events.append(Event("nothing_to_discard", self._turn, {}))
            self._next_turn(events)

    # ------------------------------------------------------------------ steps
    def roll(self, dice: Sequence[int] | None = None, *, player: int | None = None) -> list[Event]:
        """Roll both dice (or set them by hand with ``dice=(a, b)``: marked in the record)."""
        p = self._check("roll", player, "roll the dice")
        handset: tuple[int, int] | None = None
        if dice is not None:
            handset = _two_dice(dice)
        self._begin_entry()
        rolled = handset if handset is not None else self._roll_dice()
        self._dice = rolled
        self._reach = reachable(
            len(self._layout.fields), self._towers, p, rolled, start_blocks=self._rules > 1
        )
        self._phase = "move"
        events = [
            Event(
                "roll",
                p,
                {"dice": list(rolled), "reachable": list(self._reach), "set": handset is not None},
            )
        ]
        return self._end_entry(Action("roll", p, dice=handset), events)

    def move(self, field: int, *, player: int | None = None) -> list[Event]:
        """Stack both movers on ``field`` (one of :attr:`reachable`) and perform its action."""
        if type(field) is not int:
            raise refuse(MoveTypeError, "field", "a field number the dice reach", field)
        p = self._check("move", player, "move")
        if field not in self._reach:
            raise MoveError.coded(
                "level8.board_not_reachable",
                "{name} cannot move to field {field!r}: the dice {dice:-} reach {fields: or }",
                name=self._names[p],
                field=short(field),
                dice=list(self._dice or ()),
                fields=list(self._reach),
            )
        self._begin_entry()
        self._towers[p] = field
        action = self._layout.fields[field]
        events = [Event("move", p, {"field": field, "action": action})]
        self._perform(p, action, events)
        return self._end_entry(Action("move", p, field=field), events)

    def take(self, source: int | str | None = None, *, player: int | None = None) -> list[Event]:
        """Take the top card of the draw pile (``None``/"pile") or of a seat's discard pile."""
        p = self._check("take", player, "take a card")
        src = self._pile_to_take(p, source)
        self._begin_entry()
        events: list[Event] = []
        self._take_top(p, src, events)
        left = self._pending.get("takes", 1) - 1
        if left and self._anything_to_take():
            self._pending = {**self._pending, "takes": left}
        else:
            if left:
                events.append(Event("take_skipped", p, {"count": left}))
            self._to_play(events)
        return self._end_entry(Action("take", p, source=src), events)

    def swap(self, cards: Iterable[object], *, player: int | None = None) -> list[Event]:
        """Discard 1–3 hand cards one by one (in the order given) onto your own discard pile,
        then draw one card more than that from the draw pile."""
        p = self._check("swap", player, "swap cards")
        least = min(1, len(self._hands[p]))  # an empty hand swaps nothing and draws one
        ids = self._distinct_hand_cards(p, cards, least, SWAP_MAX, "swap")
        self._begin_entry()
        for c in ids:
            self._hands[p].remove(c)
            self._discards[p].append(c)
        events = [Event("swap", p, {"cards": list(ids)})]
        for _ in range(len(ids) + 1):
            self._draw_from_pile(p, events)
        self._to_play(events)
        return self._end_entry(Action("swap", p, cards=tuple(ids)), events)

    def ask(
        self,
        number: int | None = None,
        colour: object = None,
        direction: str = "left",
        *,
        player: int | None = None,
    ) -> list[Event]:
        """Ask for a ``number`` (1–15) or a ``colour`` (0–5, a letter or a name) to the
        ``direction`` "left" (next in turn order) or "right"; the first player who holds such
        a number card gives one and draws the top card of the draw pile. Jokers never count.
        If nobody has one, take the top card of any pile instead."""
        p = self._check("ask", player, "ask")
        if (number is None) == (colour is None):
            raise ChoiceError.coded(
                "level8.board_ask_one", "ask for either a number or a colour (exactly one of them)"
            )
        num = None if number is None else _int(number, "number", 1, 15)
        col = None if colour is None else _colour(colour)
        if not isinstance(direction, str):
            raise refuse(ChoiceTypeError, "direction", '"left" or "right"', direction)
        if direction not in DIRECTIONS:
            raise ChoiceError.coded(
                "level8.board_bad_direction",
                'the direction must be "left" or "right", not {direction!r}',
                direction=short(direction),
            )
        n = self._n
        sign = 1 if direction == "left" else -1
        order = [(p + sign * k) % n for k in range(1, n)]
        self._begin_entry()
        events = [Event("ask", p, {"number": num, "colour": col, "direction": direction})]
        giver = None
        matching: list[int] = []
        for q in order:
            matching = [c for c in self._hands[q] if _matches(c, num, col)]
            if matching:
                giver = q
                break
        if giver is None:
            events.append(Event("ask_none", p, {}))
            self._start_takes(p, "ask", 1, events)
        elif len(matching) == 1:
            self._give(giver, matching[0], events)
        else:
            self._pending = {"action": "ask", "giver": giver, "number": num, "colour": col}
            self._phase = "give"
            self._current = giver
        return self._end_entry(
            Action("ask", p, number=num, colour=col, direction=direction), events
        )

    def _give(self, q: int, card: int, events: list[Event]) -> None:
        self._hands[q].remove(card)
        self._hands[self._turn].append(card)
        events.append(Event("give", q, {"card": card, "to": self._turn}))
        self._draw_from_pile(q, events)
        self._to_play(events)

    def give(self, card: object, *, player: int | None = None) -> list[Event]:
        """The asked player gives one of their matching cards to the asking player."""
        p = self._check("give", player, "give a card")
        cid = self._hand_card(p, card, "give")
        pend = self._pending
        if not _matches(cid, pend["number"], pend["colour"]):
            asked = (
                str(pend["number"]) if pend["number"] is not None
                else COLOUR_NAMES[pend["colour"]]
            )  # fmt: skip
            raise ChoiceError.coded(
                "level8.board_give_no_match",
                "{card} is not what was asked for ({asked})",
                card=CODES[cid],
                asked=asked,
            )
        self._begin_entry()
        events: list[Event] = []
        self._give(p, cid, events)
        return self._end_entry(Action("give", p, card=cid), events)

    def show(self, cards: Iterable[object], *, player: int | None = None) -> list[Event]:
        """Lay exactly 3 hand cards of your choice face up in front of you, for the whole
        table to see (all your cards if you hold fewer): „Hat ein Mitspieler keine 3
        Handkarten mehr, legt er eben weniger offen aus.“"""
        p = self._check("show", player, "show cards")
        need = min(SHOW_MAX, len(self._hands[p]))
        least = need if self._rules > 1 else min(1, need)  # rule set 1: 1–3 cards
        ids = self._distinct_hand_cards(p, cards, least, need, "show", exact=need)
        self._begin_entry()
        shown = dict(self._pending["shown"])
        shown[p] = tuple(ids)
        queue = list(self._pending["queue"])[1:]
        self._pending = {**self._pending, "shown": shown, "queue": queue}
        events = [Event("show", p, {"cards": list(ids), "count": len(ids), "to": self._turn})]
        if queue:
            self._current = queue[0]
        else:
            self._current = self._turn
            self._phase = "steal"
        return self._end_entry(Action("show", p, cards=tuple(ids)), events)

    def steal(self, card: object, *, player: int | None = None) -> list[Event]:
        """Take one of the shown cards; its owner draws the top card of the draw pile."""
        p = self._check("steal", player, "take a shown card")
        cid = self._any_card(card)
        owner = next((q for q, cs in self._pending["shown"].items() if cid in cs), None)
        if owner is None:
            raise ChoiceError.coded(
                "level8.board_not_shown",
                "{card} was not shown; take one of {cards: }",
                card=CODES[cid],
                cards=[CODES[c] for cs in self._pending["shown"].values() for c in cs],
            )
        self._begin_entry()
        self._hands[owner].remove(cid)
        self._hands[p].append(cid)
        events = [Event("steal", p, {"card": cid, "from": owner})]
        self._draw_from_pile(owner, events)
        self._to_play(events)
        return self._end_entry(Action("steal", p, card=cid, target=owner), events)

    def choose(self, action: str, *, player: int | None = None) -> list[Event]:
        """Move the tower to the next free field (clockwise) of ``action`` and perform it."""
        if not isinstance(action, str):
            raise refuse(ChoiceTypeError, "action", "the name of an action, like 'swap'", action)
        p = self._check("choose", player, "choose an action")
        if action not in ACTIONS or action == "choose":
            raise ChoiceError.coded(
                "level8.board_bad_choice",
                "{action} cannot be chosen; choose one of {actions:, }",
                action=show(action),
                actions=[a for a in ACTIONS if a != "choose"],
            )
        field = self.next_free(action)
        if field is None:
            raise ChoiceError.coded(
                "level8.board_all_occupied",
                "every field of {action} is occupied; choose another action",
                action=action,
            )
        self._begin_entry()
        self._towers[p] = field
        events = [Event("choose", p, {"action": action, "field": field})]
        self._perform(p, action, events)
        return self._end_entry(Action("choose", p, choice=action), events)

    def discard_two(self, cards: Iterable[object], *, player: int | None = None) -> list[Event]:
        """When every laid combination is full, a player who has laid down may discard two
        cards instead of one (onto their own pile, in the order given)."""
        p = self._check("play", player, "discard two cards")
        if not self.may_discard_two(p):
            raise ChoiceError.coded(
                "level8.board_two_not_allowed",
                "{name} may discard two cards only after laying down and while every laid "
                "combination is full",
                name=self._names[p],
            )
        ids = self._distinct_hand_cards(p, cards, 2, 2, "discard")
        self._begin_entry()
        for c in ids:
            self._hands[p].remove(c)
            self._discards[p].append(c)
        events = [Event("discard_two", p, {"cards": list(ids)})]
        if not self._hands[p]:
            self._end_round(p, events)
        else:
            self._next_turn(events)
        return self._end_entry(Action("discard_two", p, cards=tuple(ids)), events)

    def _distinct_hand_cards(
        self,
        p: int,
        cards: Iterable[object],
        least: int,
        most: int,
        what: str,
        exact: int | None = None,
    ) -> list[int]:
        """``least``–``most`` different cards of ``p``'s hand; with ``exact``, the refusal
        names that one count (a show: exactly 3, or all cards of a smaller hand)."""
        if isinstance(cards, str):
            if len(cards) > 200:
                raise ChoiceError.coded(
                    "level8.board_card_count",
                    "{name} must {what} {least}–{most} different hand cards, not {count}",
                    name=self._names[p], what=what, least=least, most=most, count="so many",
                )  # fmt: skip
            items: list[object] = list(cards.replace(",", " ").split())  # "7R 8R": codes
        elif isinstance(cards, Mapping):
            raise refuse(ChoiceTypeError, "cards", f"a list of {least} to {most} cards", cards)
        elif isinstance(cards, bytes) or not isinstance(cards, Iterable):
            items = [cards]  # one card
        elif isinstance(cards, (list, tuple)):
            items = list(cards[: most + 1])
        else:  # read no further than one card too many: a generator may never end
            try:
                items = list(islice(iter(cards), most + 1))
            except Exception:
                raise refuse(
                    ChoiceTypeError, "cards", f"a list of {least} to {most} cards", cards
                ) from None
        ids = parse_cards(items[: most + 1])
        bad = not least <= len(ids) <= most or len(set(ids)) != len(ids)
        if bad and exact is not None:
            raise ChoiceError.coded(
                "level8.board_show_count",
                "{name} must lay exactly {need} different hand cards face up (3, or all of "
                "them with fewer than 3 in hand), not {count}",
                name=self._names[p],
                need=exact,
                count=len(set(ids)),
            )
        if bad:
            raise ChoiceError.coded(
                "level8.board_card_count",
                "{name} must {what} {least}–{most} different hand cards, not {count}",
                name=self._names[p],
                what=what,
                least=least,
                most=most,
                count=len(ids),
            )
        for c in ids:
            self._hand_card(p, c, what)
        return ids

    def _any_card(self, card: object) -> int:
        from ..cards import parse_card

        return parse_card(card)

    def apply(self, action: Action) -> list[Event]:
        """Perform an :class:`Action` (e.g. one of :meth:`legal_actions`)."""
        if not isinstance(action, Action):
            raise not_an_action(action)
        k = action.kind
        pl = action.player
        if k == "roll":
            return self.roll(action.dice, player=pl)
        if k == "move":
            return self.move(action.field, player=pl)  # type: ignore[arg-type]
        if k == "take":
            return self.take(action.source, player=pl)
        if k == "swap":
            return self.swap(action.cards, player=pl)
        if k == "ask":
            return self.ask(action.number, action.colour, action.direction or "", player=pl)
        if k == "give":
            return self.give(action.card, player=pl)
        if k == "show":
            return self.show(action.cards, player=pl)
        if k == "steal":
            return self.steal(action.card, player=pl)
        if k == "choose":
            return self.choose(action.choice or "", player=pl)
        if k == "discard_two":
            return self.discard_two(action.cards, player=pl)
        if k in ("draw", "skip", "skip_turn"):
            raise IllegalActionError(f"{k!r} is a step of the card game, not of the board game")
        return super().apply(action)

    # ------------------------------------------------------------------ queries
    @property
    def layout(self) -> BoardLayout:
        return self._layout

    @property
    def towers(self) -> list[int]:
        """The field each player's tower stands on."""
        return list(self._towers)

    @property
    def turn_player(self) -> int:
        """Whose turn it is (:attr:`current_player` is who must act now: during an ask or a
        steal another player gives or shows cards)."""
        return self._turn

    @property
    def dice(self) -> tuple[int, int] | None:
        return self._dice

    @property
    def reachable(self) -> tuple[int, ...]:
        """The fields the movers reach with the dice (in the "move" phase)."""
        return self._reach if self._phase == "move" else ()

    @property
    def jokers_left(self) -> int:
        return len(self._middle)

    @property
    def extra_turns(self) -> int:
        """Extra turns the current player is owed (from draw-again fields)."""
        return self._extra

    @property
    def pending(self) -> dict[str, Any]:
        """What the current step is about (a copy): the action, takes left, the question,
        the cards shown so far (face up: everyone sees them)."""
        d = dict(self._pending)
        if "shown" in d:
            d["shown"] = {q: list(cs) for q, cs in d["shown"].items()}
        if "queue" in d:
            d["queue"] = list(d["queue"])
        return d

    def next_free(self, action: str) -> int | None:
        """The field a choose field would move the tower to for ``action`` (the next one
        clockwise without another player's tower), or None."""
        return next_free(
            self._layout, self._towers, self._turn, action, start_blocks=self._rules > 1
        )

    def choosable(self) -> tuple[str, ...]:
        """The actions a "choose" field may pick now (a free field exists)."""
        return tuple(a for a in ACTIONS if a != "choose" and self.next_free(a) is not None)

    def may_discard_two(self, player: int) -> bool:
        """Whether ``player`` may discard two cards: they laid down, hold at least two cards,
        and every laid combination is full: no natural card outside the laid combinations
        fits any of them (see :func:`~levelwidgets.level8.combos.is_full`)."""
        player = self._seat(player)
        if not self._laid[player] or len(self._hands[player]) < 2:
            return False
        combos = [m.combo() for ms in self._melds for m in ms]
        laid = [c for combo in combos for c in combo.cards]
        return all(is_full(combo, laid) for combo in combos)

    def legal_actions(self) -> list[Action]:
        """Every legal step of the actor (lay-downs capped; swaps and shows as sorted card
        sets: any order of the same cards is also legal)."""
        return list(board_legal_actions(self.observation(TEACHER)))

    def observation(self, player: int | str | None) -> BoardObservation:  # type: ignore[override]
        """The view of ``player`` (a seat, "spectator"/None or "teacher"): the card table's
        view plus the board. Shown cards lie face up for the whole table, so every viewer
        sees them; the cards a giver could give only the giver and the teacher."""
        if type(player) is not int or not 0 <= player < self._n:  # (a seat: the usual case)
            player = self._viewer(player)
        return observe_board(self, player)

    def state_dict(self) -> dict:
        d = super().state_dict()
        for k in ("under", "skips"):
            d.pop(k, None)
        d.update(
            towers=list(self._towers),
            middle=list(self._middle),
            turn=self._turn,
            dice=None if self._dice is None else list(self._dice),
            reachable=list(self._reach),
            pending=_json_pending(self._pending),
            extra=self._extra,
            ender=self._ender,
        )
        return d

    def check_invariants(self) -> None:
        from .invariants import check_board_invariants

        check_board_invariants(self)

    def clone(self) -> Level8Board:
        g = super().clone()
        g._towers = list(self._towers)
        g._middle = list(self._middle)
        g._pending = _copy_pending(self._pending)
        return g

    # ------------------------------------------------------------------ records
    @classmethod
    def from_json(cls, text: str | bytes) -> Level8Board:
        from .serial import board_from_json

        return board_from_json(cls, text)

    @classmethod
    def from_config(cls, config: object) -> Level8Board:
        import copy

        from .serial import check_board_config

        return check_board_config(cls, copy.deepcopy(config))

    # ------------------------------------------------------------------ display
    def __repr__(self) -> str:
        parts = []
        for q in range(self._n):
            mark = "*" if q == self._current and self._phase != "over" else ""
            laid = "+" if self._laid[q] else ""
            parts.append(
                f"{mark}{self._names[q]}: L{self._levels[q]}{laid} field {self._towers[q]} "
                f"({len(self._hands[q])} cards)"
            )
        win = f", winners={[self._names[w] for w in self._winners]}" if self._winners else ""
        return (
            f"<Level8Board round {self._round}, phase {self._phase!r}, "
            f"turn {self._names[self._turn]}{win}; draw pile {len(self._draw)}, "
            f"jokers {len(self._middle)}; " + "; ".join(parts) + ">"
        )

    def to_svg(self, viewer: int | str | None = None, language: str = "en") -> str:
        """A static picture of the board and the table as ``viewer`` sees it (default: the
        spectator's view, no hand; a seat called "You"/"Du" in ``language``'s word)."""
        return picture(self.observation(viewer), language)


def _two_dice(dice: object) -> tuple[int, int]:
    """Dice set by hand: two whole numbers 1–6 (a list or tuple)."""
    if not isinstance(dice, (list, tuple)):
        raise refuse(MoveTypeError, "dice", "two numbers 1–6, like (3, 5)", dice)
    if len(dice) == 2 and not all(is_int(d) for d in dice):
        raise refuse(MoveTypeError, "dice", "two numbers 1–6, like (3, 5)", dice)
    if len(dice) != 2 or not all(1 <= d <= 6 for d in dice):
        raise MoveError.coded(
            "level8.board_bad_dice", "dice must be two numbers 1–6, not {dice!r}", dice=show(dice)
        )
    return (dice[0], dice[1])


def _read_board_lists(layout: object, towers: object) -> tuple[object, object]:
    """``layout`` and ``towers`` with any other iterable read into a tuple, no further than a
    board's fields (an endless generator is refused, not followed)."""
    other = not isinstance(layout, (BoardLayout, Mapping, str, bytes))
    if layout is not None and other and isinstance(layout, Iterable):
        layout = _config_list(layout, MAX_FIELDS, "layout", "a list of action ids")
    listed = not isinstance(towers, (str, bytes)) and isinstance(towers, Iterable)
    if towers is not None and not listed:
        raise refuse(ConfigTypeError, "towers", "a list of one field per player", towers)
    if towers is not None and listed:
        towers = _config_list(towers, 64, "towers", "a list of one field per player")
        for field in towers:
            if not is_int(field) or abs(field) > MAX_FIELDS:  # type: ignore[arg-type]
                error = ConfigError if is_int(field) else ConfigTypeError
                raise refuse(error, "a tower's field", "a field number of the board", field)
    return layout, towers


def _config_list(items: object, most: int, what: str, allowed: str) -> tuple[object, ...]:
    return bounded(items, most, what, allowed, error=ConfigLimitError, type_error=ConfigTypeError)


def _matches(cid: int, number: int | None, colour: int | None) -> bool:
    if cid >= FIRST_JOKER:
        return False
    if number is not None:
        return cid % 15 + 1 == number
    return cid // 15 == colour


def _json_pending(pend: dict[str, Any]) -> dict[str, Any]:
    d = dict(pend)
    if "shown" in d:
        d["shown"] = {str(q): list(cs) for q, cs in sorted(d["shown"].items())}
    if "queue" in d:
        d["queue"] = list(d["queue"])
    return d


def _copy_pending(pend: dict[str, Any]) -> dict[str, Any]:
    d = dict(pend)
    if "shown" in d:
        d["shown"] = dict(d["shown"])
    if "queue" in d:
        d["queue"] = list(d["queue"])
    return d
