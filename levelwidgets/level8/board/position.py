"""Checking a board game position set up by hand (:meth:`Level8Board.from_position`).

A teacher describes a moment of a round: the cards (hands, jokers included; laid
combinations; discard piles; the draw pile's order; the jokers left in the middle), the
towers, the levels and sides, whose turn it is and which step comes next, also in the middle
of an action (the dice rolled, a draw2 half done, a question waiting for its card, a steal
with cards already shown). Everything is checked as a loaded record is, with a
:class:`ConfigError` naming the problem, and turned into the config's ``position`` (plain
data, stored in the game's record). The card checks are the card game's
(:mod:`levelwidgets.level8.setup`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from ..cards import CODES, is_joker
from ..checks import is_int, need_int, refuse
from ..errors import ConfigError, ConfigTypeError, Level8Error, Level8TypeError
from ..levels import LevelSequence, board_sequence_for
from ..setup import (
    Placement,
    check_laid,
    check_seat,
    per_player,
    position_head,
    position_melds,
)
from .layout import ACTIONS, BoardLayout, next_free, reachable
from .material import BOARD_IDS, BOARD_JOKER_IDS
from .observation import SHOW_MAX
from .setup import RULES, check_towers

#: The steps a position may stand before (a turn in progress, not a round break).
POSITION_PHASES = ("roll", "move", "take", "swap", "ask", "give", "show", "steal", "choose", "play")
#: The field actions that can leave the active player to take a card from a pile.
TAKE_ACTIONS = ("draw1", "draw2", "draw_again", "joker", "ask", "steal", "choose")
#: The action the active player's field must carry for each step of an action.
STEP_ACTION = {"swap": "swap", "ask": "ask", "give": "ask", "show": "steal", "steal": "steal"}
STEP_ACTION["choose"] = "choose"


def make_board_position(
    players: object,
    *,
    hands: object,
    melds: object,
    discards: object,
    draw_pile: object,
    middle: object,
    levels: object,
    laid: object,
    towers: object,
    layout: object,
    sides: object,
    turn: object,
    phase: object,
    dice: object,
    takes: object,
    ask: object,
    shown: object,
    extra_turns: object,
    dealer: object,
    round: object,
    seed: object,
    lay_down_cap: object,
) -> tuple[dict[str, Any], list[LevelSequence]]:
    """Check a hand-made board position; return its config (with ``position``) and sides."""
    head = position_head(
        players, hands, sides, seed, lay_down_cap, levels, ("turn", turn), dealer, round,
        phase, POSITION_PHASES, board_sequence_for,
    )  # fmt: skip
    names, n, hand_list, seqs, seed, cap, lvls, t, deal = head
    board = BoardLayout.parse(layout)
    tws = check_towers(towers, n, len(board))

    placed = Placement()
    place = placed.place
    hand_ids = [place(h, f"{names[q]}'s hand") for q, h in enumerate(hand_list)]
    meld_dicts = position_melds(placed, melds, names)
    pile_ids = [
        place(d, f"{names[q]}'s discard pile")
        for q, d in enumerate(per_player(discards, n, "discards", list))
    ]
    draw_ids = None if draw_pile is None else place(draw_pile, "the draw pile")
    middle_ids = _middle(placed, middle)
    placed.check(
        BOARD_IDS,
        complete=draw_ids is not None,
        what="all 98 cards of the board game (90 number cards, 8 jokers)",
        rest=", and the jokers nobody holds lie in the middle",
    )
    check_laid(meld_dicts, laid, names, seqs, lvls)

    action = board.fields[tws[t]]
    phase = cast(str, phase)  # (position_head checked it: one of POSITION_PHASES)
    step = _Step(names, hand_ids, t, phase, action)
    step.fits_field(board, tws, middle_ids, pile_ids, draw_ids)
    dice_list = _dice(dice, phase)
    takes_n = step.takes(takes)
    question = step.question(ask)
    shown_pairs = step.shown(shown)
    extra = step.extra(extra_turns)
    current = t
    if question is not None:
        current = question["giver"]
    elif phase == "show":
        current = step.queue[len(shown_pairs)]
    if phase == "move":
        reach = reachable(len(board), tws, t, tuple(dice_list))  # type: ignore[arg-type]
        if not reach:  # pragma: no cover - two dice always reach a field
            raise ConfigError("the dice reach no field")
    config: dict[str, Any] = {
        "players": names,
        "seed": seed,
        "sides": [s.to_dict() for s in seqs],
        "dealer": deal,
        "start_levels": lvls,
        "deck": None,
        "lay_down_cap": cap,
        "layout": board.to_dict(),
        "towers": tws,
        "rules": RULES,
        "position": {
            "round": round,
            "current": current,
            "turn": t,
            "phase": phase,
            "hands": hand_ids,
            "melds": meld_dicts,
            "discards": pile_ids,
            "draw": draw_ids,
            "middle": middle_ids,
            "dice": dice_list,
            "takes": takes_n,
            "ask": None if question is None else {k: question[k] for k in _ASK_KEYS},
            "shown": shown_pairs if phase in ("show", "steal") else None,
            "extra": extra,
        },
    }
    return config, seqs


_ASK_KEYS = ("number", "colour", "direction")


def _middle(placed: Placement, middle: object) -> list[int]:
    """The jokers in the middle, placed: a list of jokers, a count (of the jokers placed
    nowhere else, lowest id first; the others are shuffled into the draw pile) or None (every
    joker placed nowhere else)."""
    if middle is None:
        return _rest_jokers(placed, None)
    if is_int(middle):
        return _rest_jokers(placed, middle)  # type: ignore[arg-type]
    ids = placed.place(middle, "the middle")
    wrong = [CODES[c] for c in ids if not is_joker(c)]
    if wrong:
        raise ConfigError(f"only jokers lie in the middle of the board, not {' '.join(wrong)}")
    return sorted(ids)


def _rest_jokers(placed: Placement, count: int | None) -> list[int]:
    free = [j for j in BOARD_JOKER_IDS if j not in placed.where]
    if count is None:
        count = len(free)
    if not 0 <= count <= len(free):
        raise ConfigError(
            f"middle: {count} jokers cannot lie in the middle; {len(free)} of the 8 are "
            "placed nowhere else"
        )
    ids = free[:count]
    placed.place(ids, "the middle")
    return ids


def _dice(dice: object, phase: str) -> list[int] | None:
    """The dice of this turn: needed to move, none before the roll, else optional."""
    if dice is None:
        if phase == "move":
            raise ConfigError("phase 'move' needs the dice rolled, e.g. dice=(3, 5)")
        return None
    if phase == "roll":
        raise ConfigError("in phase 'roll' the dice are not rolled yet: leave dice=None")
    if not isinstance(dice, (list, tuple)) or len(dice) != 2 or not all(is_int(d) for d in dice):
        raise refuse(ConfigTypeError, "dice", "two numbers 1–6, like (3, 5)", dice)
    if not all(1 <= d <= 6 for d in dice):
        raise refuse(ConfigError, "dice", "two numbers 1–6, like (3, 5)", dice)
    return [dice[0], dice[1]]


class _Step:
    """The step in progress and what it needs, checked against the table."""

    def __init__(
        self, names: list[str], hands: list[list[int]], turn: int, phase: str, action: str
    ) -> None:
        self.names = names
        self.hands = hands
        self.turn = turn
        self.phase = phase
        self.action = action
        n = len(names)
        self.queue = [q for q in ((turn + k) % n for k in range(1, n)) if hands[q]]

    def _field(self) -> str:
        return f"{self.names[self.turn]}'s tower stands on a {self.action} field"

    def fits_field(
        self,
        board: BoardLayout,
        towers: list[int],
        middle: list[int],
        piles: list[list[int]],
        draw: list[int] | None,
    ) -> None:
        """The step is one the action of the active player's field leads to."""
        phase, action, name = self.phase, self.action, self.names[self.turn]
        need = STEP_ACTION.get(phase)
        if need is not None and action != need:
            raise ConfigError(
                f"phase {phase!r} is a step of the {need} action, but {self._field()} "
                "(put the tower on the field whose action is in progress)"
            )
        if phase == "take":
            if action not in TAKE_ACTIONS:
                raise ConfigError(f"phase 'take' cannot follow the {action} action")
            if action == "joker" and middle:
                raise ConfigError(
                    "the joker field gives a joker while any lies in the middle: phase "
                    "'take' follows it only with the middle empty (middle=0)"
                )
            if action == "steal" and self.queue:
                raise ConfigError(
                    "phase 'take' follows a steal field only when no other player holds a "
                    "card; here they show cards first (phase 'show')"
                )
            if not (draw or any(piles)):
                raise ConfigError("phase 'take' needs a card to take: every pile is empty")
        if phase in ("take", "choose") and action == "choose":
            free = [a for a in ACTIONS if a != "choose" and next_free(board, towers, self.turn, a)]
            if phase == "take" and free:
                raise ConfigError(
                    f"phase 'take' follows a choose field only when no action has a free "
                    f"field; {name} can choose {', '.join(free)} (phase 'choose')"
                )
            if phase == "choose" and not free:
                raise ConfigError("no action has a free field: the choose field takes a card")
        if phase in ("show", "steal") and not self.queue:
            raise ConfigError(
                f"no other player holds a card, so nobody can show one: phase 'take' follows "
                f"the steal field of {name}"
            )
        if phase == "play" and not self.hands[self.turn]:
            raise ConfigError(f"{name} holds no card, so there is nothing to play or discard")

    def takes(self, takes: object) -> int | None:
        """Cards still to take in phase "take": 2 or 1 on a draw2 field (default 2), else 1."""
        if self.phase != "take":
            if takes is not None:
                raise ConfigError("takes is only for phase 'take'")
            return None
        most = 2 if self.action == "draw2" else 1
        if takes is None:
            return most
        return need_int(
            takes, "takes", 1, most, error=ConfigError, type_error=ConfigTypeError,
            allowed=f"1 to {most} (cards still to take on a {self.action} field)",
        )  # fmt: skip

    def question(self, ask: object) -> dict[str, Any] | None:
        """The question waiting for its card (phase "give"): ``{"number": 7}`` or
        ``{"colour": "red"}``, with ``"direction"`` (default "left"); and who gives."""
        if self.phase != "give":
            if ask is not None:
                raise ConfigError("ask is only for phase 'give' (a question waiting for a card)")
            return None
        from .game import _colour, _int, _matches

        allowed = "{'number': 7} or {'colour': 'red'}, with 'direction': 'left' or 'right'"
        if not isinstance(ask, Mapping):
            raise refuse(ConfigTypeError, "ask", allowed, ask)
        unknown = set(ask) - set(_ASK_KEYS)
        if unknown:
            raise ConfigError(f"ask knows only number, colour, direction, not {sorted(unknown)}")
        number, colour = ask.get("number"), ask.get("colour")
        direction = ask.get("direction", "left")
        if (number is None) == (colour is None):
            raise ConfigError("ask names either a number or a colour (exactly one of them)")
        if direction not in ("left", "right"):
            raise refuse(ConfigError, "ask's direction", "'left' or 'right'", direction)
        try:
            num = None if number is None else _int(number, "number", 1, 15)
            col = None if colour is None else _colour(colour)
        except Level8TypeError as e:
            raise ConfigTypeError(f"ask: {e}") from None
        except Level8Error as e:
            raise ConfigError(f"ask: {e}") from None
        n = len(self.names)
        sign = 1 if direction == "left" else -1
        wanted = f"a {num}" if num is not None else "a card of that colour"
        for q in ((self.turn + sign * k) % n for k in range(1, n)):
            matching = [c for c in self.hands[q] if _matches(c, num, col)]
            if not matching:
                continue
            if len(matching) == 1:
                raise ConfigError(
                    f"{self.names[q]} holds exactly one matching card, which is given at "
                    "once: set up the position after the give (phase 'play')"
                )
            return {"number": num, "colour": col, "direction": direction, "giver": q}
        raise ConfigError(
            f"nobody to the {direction} holds {wanted}: the asker takes a card instead "
            "(phase 'take')"
        )

    def shown(self, shown: object) -> list[list[Any]]:
        """The cards laid face up so far (phase "show": the first players in turn order;
        phase "steal": every other player holding cards), as ``[[seat, cards], ...]``."""
        if self.phase not in ("show", "steal"):
            if shown:
                raise ConfigError("shown is only for phases 'show' and 'steal'")
            return []
        if shown is None:
            shown = {}
        if not isinstance(shown, Mapping):
            raise refuse(ConfigTypeError, "shown", "a dict {seat: cards}", shown)
        n = len(self.names)
        out: list[list[Any]] = []
        by_seat: dict[int, object] = {}
        for q, cards in shown.items():
            seat = check_seat(q, n, "a seat in shown")
            by_seat[seat] = cards
        order = self.queue
        k = len(by_seat)
        if set(by_seat) != set(order[:k]):
            who = ", ".join(self.names[q] for q in order)
            raise ConfigError(
                f"cards are shown in turn order by the players holding cards ({who}); "
                f"shown names {', '.join(self.names[q] for q in sorted(by_seat)) or 'nobody'}"
            )
        if self.phase == "show" and k == len(order):
            raise ConfigError("everybody has shown cards: the step is 'steal'")
        if self.phase == "steal" and k != len(order):
            left = ", ".join(self.names[q] for q in order[k:])
            raise ConfigError(f"before the steal {left} must show cards too (phase 'show')")
        for q in order[:k]:
            ids = Placement().place(by_seat[q], f"the cards {self.names[q]} shows")
            need = min(SHOW_MAX, len(self.hands[q]))
            if len(set(ids)) != len(ids) or len(ids) != need:
                raise ConfigError(
                    f"{self.names[q]} shows exactly {need} different hand cards (3, or all "
                    f"of a smaller hand), not {len(ids)}"
                )
            stray = [CODES[c] for c in ids if c not in self.hands[q]]
            if stray:
                raise ConfigError(
                    f"shown cards stay in the hand until taken: {' '.join(stray)} must be in "
                    f"{self.names[q]}'s hand"
                )
            out.append([q, ids])
        return out

    def extra(self, extra_turns: object) -> int:
        """Extra turns owed to the active player (a draw-again field gives one at once)."""
        owed = 1 if self.action == "draw_again" and self.phase in ("take", "play") else 0
        if extra_turns is None:
            return owed
        count = need_int(
            extra_turns, "extra_turns", 0, 100, error=ConfigError, type_error=ConfigTypeError
        )
        if count < owed:
            raise ConfigError(
                f"{self._field()} in phase {self.phase!r}: it has given an extra turn "
                "already (extra_turns at least 1)"
            )
        return count
