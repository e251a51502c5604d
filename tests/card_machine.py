"""The stateful machine both Level 8 games are tested with (issue 14): one game driven
through legal steps, bot turns, undo, save/load round trips and careless or hostile calls.

After every step the spec's invariants hold (``check_invariants()``); every refusal is a
:class:`Level8Error` and leaves the game exactly as it was (JSON record, snapshot, random
generator), and no listener is called. ``tests/level8/test_stateful.py`` subclasses
:class:`CardGameMachine` once per game (card game, board game) with its game, bots and calls.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from levelwidgets.level8 import Level8Error

#: Arguments a careless or hostile caller passes (each is wrong somewhere, some are right
#: somewhere: a seat, a card code).
HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 110),
    st.sampled_from(
        [
            2**63,
            -(2**63),
            10**30,
            14.0,
            1.5,
            0.0,
            float("nan"),
            "",
            "ZZ",
            "7R",
            "J1",
            "S1",
            "pile",
            "teacher",
            "spectator",
            "x" * 5000,
            "7R " * 2000,
            b"7R",
            [None],
            [14.0],
            list(range(200)),
            [0] * 100_000,
            (),
            {},
            {"a": 1},
            {5},
            object(),
        ]
    ),
    st.text(max_size=6),
    st.lists(st.integers(0, 110), max_size=6),
)


def held_card(g: Any) -> int:
    """A card the player to act holds (or card 0 if they hold none)."""
    hand = g.hand(g.current_player)
    return hand[0] if hand else 0


class CardGameMachine(RuleBasedStateMachine):
    """The rules both games' machines share; a subclass names its game and bots, the
    careless calls (``CALLS``, of which ``QUERIES`` change nothing), the calls wrong in a
    position (``wrong_calls(game)``) and the set that records the phases reached."""

    GAME: Any
    HEURISTIC_BOT: Any
    RANDOM_BOT: Any
    CALLS: dict[str, Callable[[Any, Any], object]]
    QUERIES: set[str]
    PHASES_SEEN: set[str]
    game: Any

    @staticmethod
    def wrong_calls(game: Any) -> list[tuple[str, Callable[[Any], object]]]:
        raise NotImplementedError

    @initialize(
        players=st.sampled_from([2, 3, 4, 5, 6, ["Ann", "Bén"], ("Ann", "Ben", "<Cy>")]),
        seed=st.integers(0, 2**32),
        sides=st.sampled_from(["one", "two", "two"]),
        start=st.lists(st.sampled_from([1, 5, 6, 7, 8]), min_size=6, max_size=6),
    )
    def start(self, players: Any, seed: int, sides: str, start: list[int]) -> None:
        n = players if isinstance(players, int) else len(players)
        self.game = self.GAME(players, seed=seed, sides=sides, start_levels=start[:n])
        self.heard: list[Any] = []
        self.game.on_change(lambda game, events: self.heard.append(events))

    # ------------------------------------------------------------------ what a refusal keeps

    def _state(self) -> tuple[Any, ...]:
        """Everything ``to_json`` and ``snapshot`` are made of (the config, the position, the
        history entries, immutable and compared by value, and the random generator), and the
        notifications heard: compared without writing the record out on every call."""
        g = self.game
        return g._config, g.state_dict(), tuple(g.history), g._rng.getstate(), len(self.heard)

    def _refused(self, name: str, action: Callable[[Any], object]) -> None:
        before = self._state()
        try:
            action(self.game)
        except Level8Error:
            assert self._state() == before, f"{name}: a refusal must change nothing"
        else:
            raise AssertionError(f"{name} was accepted")

    # ------------------------------------------------------------------ legal actions

    @rule(data=st.data())
    def apply_a_legal_action(self, data: st.DataObject) -> None:
        legal = self.game.legal_actions()
        if not legal:
            assert self.game.is_over
            return
        action = legal[data.draw(st.integers(0, len(legal) - 1), label="index")]
        heard = len(self.heard)
        self.game.apply(action)
        assert len(self.heard) == heard + 1, "one action, one notification"

    @rule(steps=st.integers(1, 60), seed=st.integers(0, 99), heuristic=st.booleans())
    def bots_play_on(self, steps: int, seed: int, heuristic: bool) -> None:
        g = self.game
        bot = self.HEURISTIC_BOT(seed) if heuristic else self.RANDOM_BOT(seed)
        for _ in range(steps):
            if g.is_over:
                break
            g.apply(bot.choose(g.observation(g.current_player)))
            g.check_invariants()

    @rule(seed=st.integers(0, 99))
    def bots_finish_the_round(self, seed: int) -> None:
        """Bots play to the round's end, so its end, keeping cards (two-star sides) and the
        game's end are reached in every run, not only when the steps above happen to get
        there (a CI run once never saw "keep")."""
        g = self.game
        bot = self.HEURISTIC_BOT(seed)
        for _ in range(600):
            if g.phase in ("keep", "round_over", "over"):
                break
            g.apply(bot.choose(g.observation(g.current_player)))
            g.check_invariants()

    @rule(n=st.integers(0, 4))
    def undo(self, n: int) -> None:
        g = self.game
        if n <= g.plies:
            earlier = g.after(g.plies - n).snapshot()
            heard = len(self.heard)
            g.undo(n)
            assert g.snapshot() == earlier
            assert len(self.heard) == heard + (n > 0)
        else:
            self._refused(f"undo({n})", lambda g: g.undo(n))

    @rule()
    def save_and_load(self) -> None:
        text = self.game.to_json()
        loaded = self.GAME.from_json(text)
        assert loaded == self.game and loaded.to_json() == text
        assert self.GAME.from_json(text.encode()).to_json() == text

    @rule(data=st.data())
    def preview_changes_nothing(self, data: st.DataObject) -> None:
        legal = self.game.legal_actions()
        if legal:
            action = legal[data.draw(st.integers(0, len(legal) - 1), label="index")]
            before = self._state()
            self.game.preview(action)
            assert self._state() == before

    # ------------------------------------------------------------------ refusals

    @rule(data=st.data(), value=HOSTILE)
    def a_careless_call(self, data: st.DataObject, value: Any) -> None:
        """Any method with any argument: accepted only if valid, else a clean refusal."""
        call = data.draw(st.sampled_from(sorted(self.CALLS)), label="call")
        before = self._state()
        try:
            self.CALLS[call](self.game, value)
        except Level8Error:
            assert self._state() == before, f"{call} refused but changed the game"
        else:
            if call in self.QUERIES:
                assert self._state() == before, f"{call} changed the game"

    @rule(data=st.data())
    def a_wrong_call(self, data: st.DataObject) -> None:
        """A call that is wrong here (wrong phase, other seat, card not held...): refused."""
        name, action = data.draw(st.sampled_from(self.wrong_calls(self.game)), label="call")
        self._refused(name, action)

    # ------------------------------------------------------------------ after every step

    @invariant()
    def the_spec_holds(self) -> None:
        game = getattr(self, "game", None)
        if game is None:
            return
        game.check_invariants()
        assert game.is_over or game.legal_actions(), "a game that is not over has a move"
        assert game.plies == len(game.history) - 1
        self.PHASES_SEEN.add(game.phase)
