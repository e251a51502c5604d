"""Issue 14 (Level X): a stateful test that mixes legal play with careless and hostile calls.

Hypothesis drives one game through rolls (drawn and hand-set), legal moves (as Move objects,
notation or lists of groups), undo, rewind/goto, autoplay steps, failing bots, save/load and
random calls of every public method with arguments of any type. After every step the spec's
invariants hold (``helpers.check_invariants``); after every refusal the game is exactly as it
was (JSON record, snapshot, random generator) and no listener was called.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from levelwidgets.levelx import LevelX, LevelXError, Move, NothingToUndoError, RandomBot, Rules
from levelwidgets.levelx.errors import BotError

from .helpers import check_invariants
from .test_hardening import ANYTHING, CALLS

DICE = st.tuples(*[st.integers(1, 6)] * 4)


class _Failing:
    """A bot that plays ``good`` legal moves, then returns ``bad`` (or raises it)."""

    def __init__(self, good: int, bad: Any) -> None:
        self.good, self.bad = good, bad

    def choose(self, game: LevelX) -> Any:
        if self.good > 0:
            self.good -= 1
            return game.legal_moves()[-1]
        if isinstance(self.bad, Exception):
            raise self.bad
        return self.bad


class LevelXMachine(RuleBasedStateMachine):
    game: LevelX

    @initialize(
        players=st.sampled_from([2, 3, 4, ["Ann", "Ben"], ("Ann", "Bén", "<Cy>")]),
        seed=st.integers(0, 2**64 - 1),
        rules=st.sampled_from(
            [
                None,
                Rules(oust="row_start"),
                Rules(lucky_loser=False),
                Rules(row_lengths=(1,) * 6, chips_for_players={2: (2,) * 6, 3: (2,) * 6}),
            ]
        ),
        set_up=st.booleans(),
    )
    def start(self, players: Any, seed: int, rules: Rules | None, set_up: bool) -> None:
        count = players if isinstance(players, int) else len(players)
        if rules is not None and count not in rules.chips_for_players:
            rules = None
        if set_up:
            pieces = [{5 + p: 1} for p in range(count)]
            self.game = LevelX.from_position(players, pieces=pieces, seed=seed, rules=rules)
        else:
            self.game = LevelX(players, seed=seed, rules=rules)
        self.heard: list[Any] = []
        self.game.on_change(lambda game, events: self.heard.append(events))

    # ------------------------------------------------------------------ what a refusal keeps

    def _state(self) -> tuple[Any, ...]:
        g = self.game
        return g.to_json(), g.snapshot(), g._rng.getstate(), len(self.heard)

    def _refused(self, action: Any, error: type[Exception] = LevelXError) -> None:
        before = self._state()
        try:
            action()
        except error as exc:
            assert isinstance(exc, LevelXError)
            assert self._state() == before, "a refusal must change nothing"
        else:
            raise AssertionError(f"{action} was accepted")

    def _accepted(self, action: Any) -> Any:
        heard = len(self.heard)
        result = action()
        assert len(self.heard) == heard + 1, "one change, one notification"
        return result

    # ------------------------------------------------------------------ legal actions

    @precondition(lambda self: self.game.phase == "roll")
    @rule(dice=st.none() | DICE, by_seat=st.booleans())
    def roll(self, dice: tuple[int, ...] | None, by_seat: bool) -> None:
        player = self.game.current_player if by_seat else None
        self._accepted(lambda: self.game.roll(dice, player=player))
        assert self.game.dice_drawn == (dice is None)

    @precondition(lambda self: self.game.phase == "play")
    @rule(data=st.data(), form=st.sampled_from(["move", "notation", "groups"]))
    def play_a_legal_move(self, data: st.DataObject, form: str) -> None:
        move: Move = data.draw(st.sampled_from(self.game.legal_moves()))
        given: Any = {
            "move": move,
            "notation": move.notation,
            "groups": [list(g) for g in move.groups],
        }[form]
        self._accepted(lambda: self.game.play(given))
        assert self.game.history[-1].move == move

    @rule(n=st.integers(0, 4))
    def undo(self, n: int) -> None:
        available = 2 * self.game.plies + (self.game.dice is not None)
        if n <= available:
            heard = len(self.heard)
            self.game.undo(n)
            assert len(self.heard) == heard + (n > 0)
        else:
            self._refused(lambda: self.game.undo(n), NothingToUndoError)

    @rule(data=st.data())
    def rewind(self, data: st.DataObject) -> None:
        turns = data.draw(st.integers(0, self.game.plies))
        before = self.game.after(turns)
        self._accepted(lambda: self.game.goto(turns))
        assert self.game == before

    @precondition(lambda self: not self.game.is_over)
    @rule(turns=st.integers(1, 4), seed=st.integers(0, 99))
    def autoplay(self, turns: int, seed: int) -> None:
        bots = [RandomBot(seed + p) for p in range(self.game.num_players)]
        played = self.game.autoplay(bots, max_turns=turns)
        assert 1 <= played <= turns

    @rule()
    def save_and_load(self) -> None:
        text = self.game.to_json()
        loaded = LevelX.from_json(text)
        assert loaded == self.game and loaded.to_json() == text
        assert [t.to_dict() for t in loaded.history] == [t.to_dict() for t in self.game.history]

    # ------------------------------------------------------------------ refusals

    @precondition(lambda self: not self.game.is_over)
    @rule(
        good=st.integers(0, 3),
        bad=st.sampled_from([None, "6+6", 42, "5 5 5 5 5", ValueError("bot bug"), [[7]]]),
    )
    def a_bot_fails(self, good: int, bad: Any) -> None:
        bots = [_Failing(good, bad) for _ in range(self.game.num_players)]
        before = self._state()
        try:
            self.game.autoplay(bots)
        except BotError:
            assert self._state() == before, "a failing bot's autoplay must change nothing"
        else:
            assert self.game.is_over, "the game ended before a bot failed"

    @rule(call=st.sampled_from(sorted(CALLS)), value=ANYTHING)
    def a_careless_call(self, call: str, value: Any) -> None:
        """Any method with any argument: accepted only if valid, else refused cleanly."""
        before = self._state()
        try:
            CALLS[call](self.game, value)
        except LevelXError:
            assert self._state() == before, f"{call} refused but changed the game"

    @precondition(lambda self: self.game.phase == "play")
    @rule(dice=DICE)
    def rolling_twice(self, dice: tuple[int, ...]) -> None:
        self._refused(lambda: self.game.roll(dice))
        self._refused(lambda: self.game.roll())

    @precondition(lambda self: self.game.phase == "roll")
    @rule(move=st.sampled_from(["-", "5 5", [[5]]]))
    def playing_before_rolling(self, move: Any) -> None:
        self._refused(lambda: self.game.play(move))

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def acting_out_of_turn(self, data: st.DataObject) -> None:
        game = self.game
        other = data.draw(
            st.sampled_from([p for p in range(game.num_players) if p != game.current_player])
        )
        if game.phase == "roll":
            self._refused(lambda: game.roll(player=other))
        else:
            self._refused(lambda: game.play(game.legal_moves()[0], player=other))
        self._refused(lambda: game.roll(player=bool(game.current_player)), TypeError)

    # ------------------------------------------------------------------ after every step

    @invariant()
    def the_spec_holds(self) -> None:
        game = getattr(self, "game", None)
        if game is None:
            return
        if game._start is None or game._start.current == 0:
            check_invariants(game)
        assert game.plies == len(game.history)
        assert game.is_over or game.phase in ("roll", "play")


LevelXMachine.TestCase.settings = settings(
    max_examples=150,
    stateful_step_count=40,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestLevelX = LevelXMachine.TestCase
