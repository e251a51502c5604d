"""Hidden cards stay hidden at a shared screen (issue 25): a probe over whole games.

Whole Level 8 games (card game and board game) are played through the widgets' intents, as a
front end sends them, in every mode: hot-seat (the "Pass the screen to …" screen between
people), a player against bots, a teacher. After every intent the probe looks at everything
that reaches a screen (the synced state with the view and its log, the review tree, the
picture output, the error, and every message sent to the browser since: the view's patches,
inflated, and the view the browser rebuilds from them) and checks it against what the viewer of
that moment may know.

What a viewer may know is worked out here from the engine's positions, independently of the
widget: after every action, each viewer learns the cards it can see in the position (its own
hand and kept cards, every discard pile, laid combinations, skip cards, the jokers in the
middle, shown cards the engine shows it; a teacher sees everything). A card it never saw must
never be named to it: not by id in the view, not by code ("9P") or name ("9 purple") in any
text. On a pass screen the viewer is nobody (everyone looks), and a hot-seat hand is shown only
to the person who confirmed at the screen since it last showed something else.
"""

from __future__ import annotations

import base64
import itertools
import json
import random
import re
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest

from levelwidgets.level8 import HeuristicBot, Level8
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.board import bots as board_bots
from levelwidgets.level8.cards import CODES, N_IDS
from levelwidgets.level8.text import card_name
from levelwidgets.widgets import Level8BoardWidget, Level8Widget

from .test_incremental import Wire
from .test_intent_fuzz import intent_of

SPECTATOR, TEACHER = "spectator", "teacher"


def send(w: Level8Widget, **intent: Any) -> None:
    w._handle_message(w, intent, [])


# ---------------------------------------------------------------------- what a viewer knows


def seen_in_position(w: Level8Widget, viewer: int | str) -> set[int]:
    """The cards ``viewer`` can see in the game's position now (not from the widget)."""
    game = w.game
    state = game.state_dict()
    if viewer == TEACHER:
        return set(range(N_IDS))
    seen: set[int] = set()
    for pile in state["discards"]:
        seen |= set(pile)
    for melds in state["melds"]:
        for meld in melds:
            seen |= set(meld["cards"])
    seen |= {c for c in state.get("skips", ()) if c is not None}
    seen |= set(state.get("under", ()))
    seen |= set(state.get("middle", ()))  # the board game's jokers lie face up in the middle
    if isinstance(viewer, int):
        seen |= set(state["hands"][viewer]) | set(state["kept"][viewer])
    if isinstance(game, Level8Board):  # shown cards: the engine's rule says who sees them
        for _q, cards in game.observation(viewer).shown or ():
            seen |= set(cards or ())
    return seen


def cards_in_view(view: dict[str, Any]) -> set[int]:
    """Every card id the view names (hands, piles, the table, the dialog, choices, moves)."""
    found = set(view["hand"] or ())
    for hand in view["hands"] or ():
        found |= set(hand)
    found |= {t for t, _n in view["discards"] if t is not None}
    found |= {c for ms in view["melds"] for m in ms for c in m["cards"]}
    found |= {c for c in view["skips"] if c is not None}
    if view["proposal"]:
        found |= set(view["proposal"]["cards"])
    legal = view["legal"] or {}
    found |= {int(c) for c in legal.get("addOn", {})}
    for row in view["moves"] + view["future"]:
        for act in row["acts"]:
            if act[0] in ("discard", "add") or act[0] == "discard_two":
                found |= {c for c in act[1:] if isinstance(c, int) and act[0] != "add"}
                if act[0] == "add":
                    found.add(act[1])
    board = view.get("board")
    if board:
        for _q, cs in board["pending"].get("shown", ()):
            found |= set(cs or ())
        choices = board["choices"] or {}
        for key in ("swap", "show"):
            if key in choices:
                found |= set(choices[key]["cards"])
        found |= set(choices.get("give", ()))
        found |= {c for c, _t in choices.get("steal", ())}
    return found


def svg_of(picture_html: str) -> str:
    """The SVG text inside a picture output (an <img> with a base64 data URL) and its alt."""
    match = re.search(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", picture_html)
    assert match, "the picture output carries an SVG"
    return base64.b64decode(match.group(1)).decode() + picture_html[match.end() :]


class Probe:
    """Plays a widget's game through intents and checks every screen it shows."""

    def __init__(self, w: Level8Widget, monkeypatch: pytest.MonkeyPatch, hot_seat: bool):
        self.w = w
        self.hot_seat = hot_seat
        self.known: dict[int | str, set[int]] = defaultdict(set)
        self.owner: int | None = None  # hot-seat: who confirmed at the screen since
        self.pictures: list[str] = []
        self.checks = 0
        self.pass_screens = 0
        self.wire = Wire(w)  # the browser: every message sent to it, and the view it rebuilds
        w._picture._shown = True  # as in a notebook: every publish refreshes the picture
        monkeypatch.setattr(
            "IPython.display.update_display",
            lambda bundle, **_kw: self.pictures.append(svg_of(bundle["text/html"])),
        )

    def learn(self) -> None:
        n = self.w.game.num_players
        for viewer in (*range(n), SPECTATOR, TEACHER):
            self.known[viewer] |= seen_in_position(self.w, viewer)

    def check(self, what: str) -> None:
        """Everything on the screen now is for the viewer of this moment."""
        self.learn()
        w, view = self.w, self.w.view
        viewer = view["viewer"]
        if view["handoff"] is not None:
            self.pass_screens += 1
            assert viewer == SPECTATOR and view["hand"] is None and view["hands"] is None, what
        if self.hot_seat:
            if isinstance(viewer, int):
                assert viewer == self.owner, f"{what}: {viewer}'s hand shown, not confirmed"
            else:
                self.owner = None
        known = self.known[viewer]
        named = cards_in_view(view)
        assert named <= known, f"{what}: the view names {sorted(named - known)} to {viewer}"
        hidden = set(range(N_IDS)) - known
        codes = {CODES[c] for c in hidden} - {CODES[c] for c in known}
        names = {card_name(c, w.language) for c in hidden} - {
            card_name(c, w.language) for c in known
        }
        synced = {k: v for k, v in w.get_state().items() if k not in ("_esm", "_css")}
        state = json.dumps(synced, default=str)  # the data sent (not the bundled code)
        # what went over the wire since the last check (patches, inflated): the browser's view
        # rebuilt from it is the view, and no text in it names a card the viewer may not know
        self.wire.check(what)
        assert cards_in_view(self.wire.view) <= known, what
        sent = self.wire.take_text()
        picture = self.pictures[-1] if self.pictures else ""
        texts = [row[0] for row in view["log"]] + [line["text"] for line in view["review"]["lines"]]
        if codes:  # one pattern for all: every code a viewer may not know, as a word
            alternatives = "|".join(sorted(map(re.escape, codes), key=len, reverse=True))
            pattern = re.compile(rf"(?<![\w#-])(?:{alternatives})(?![\w-])")
            for where, text in (
                ("state", state),
                ("wire", sent),
                ("picture", picture),
                ("error", w.error),
            ):
                found = pattern.search(text)
                assert not found, f"{what}: {found and found.group()} in the {where} for {viewer}"
        if names:
            alternatives = "|".join(sorted(map(re.escape, names), key=len, reverse=True))
            pattern = re.compile(rf"(?<!\d)(?:{alternatives})\b")
            for text in texts:
                found = pattern.search(text)
                assert not found, f"{what}: {found and found.group()!r} in {text!r} for {viewer}"
        self.checks += 1


# ---------------------------------------------------------------------- playing whole games


def persons_choice(w: Level8Widget, seat: int, chooser: dict[int, Any]) -> dict[str, Any]:
    """What a person at ``seat`` plays: a heuristic bot's choice from the seat's observation."""
    bot = chooser[seat]
    obs = w.game.observation(seat)
    action = (getattr(bot, "choose", None) or bot.act)(obs)
    return intent_of(action)


def play(
    probe: Probe, rng: random.Random, chooser: dict[int, Any], takebacks: float, limit: int
) -> Iterator[str]:
    """Drive the game to its end; yields what was done (the probe checks after each)."""
    w = probe.w
    takeback_kinds = itertools.cycle(["undo", "goto", "undo", "redo"])
    for _ in range(limit):
        game = w.game
        if game.is_over:
            return
        view = w.view
        if view["handoff"] is not None:
            probe.owner = view["handoff"]
            send(w, type="reveal")
            yield "reveal"
            continue
        if rng.random() < takebacks:
            kind = next(takeback_kinds)
            if kind == "goto":
                send(w, type="goto", ply=rng.randrange(0, w._line_steps() + 1))
            else:
                send(w, type=kind)
            yield f"{kind} ({w.error or 'done'})"
            continue
        if w.bots[game.current_player] is not None and game.phase == "round_over":
            send(w, type="next_round")  # a person deals on for the bot dealer: bots wait
            assert w.error == "", w.error
            yield "next_round"
            continue
        if w.bots[game.current_player] is not None:
            assert w.advance()
            yield "bot"
            continue
        seat = game.current_player
        intent = persons_choice(w, seat, chooser)
        send(w, **intent)
        assert w.error == "", f"{intent}: {w.error}"
        yield intent["type"]
    pytest.fail(f"the game did not end in {limit} steps")


MODES = {
    # name: (players, bots, view, takebacks, share of takeback attempts)
    "hot-seat": (["Ann", "Ben"], [None, None], "player", "free", 0.04),
    "hot-seat with a bot": (["Ann", "Bot", "Cleo"], [None, "bot", None], "player", None, 0.04),
    "player": (["Ann", "Bot", "Bea"], [None, "bot", "bot"], "player", None, 0.05),
    "teacher": (["Ann", "Ben"], [None, None], "teacher", None, 0.04),
}


def make_widget(game_cls: type, mode: str, seed: int, language: str = "en") -> Level8Widget:
    players, bots, view, takebacks, _share = MODES[mode]
    n = len(players)
    if game_cls is Level8:
        game = Level8(players, seed=seed, start_levels=[6] * n)
        bot = [None if b is None else HeuristicBot(seed=q) for q, b in enumerate(bots)]
        return Level8Widget(
            game, bots=bot, view=view, bot_delay=500, takebacks=takebacks, language=language
        )
    game = Level8Board(players, seed=seed, start_levels=[6] * n)
    bot = [None if b is None else board_bots.BoardHeuristicBot(seed=q) for q, b in enumerate(bots)]
    return Level8BoardWidget(
        game, bots=bot, view=view, bot_delay=500, takebacks=takebacks, language=language
    )


def choosers(game_cls: type, n: int) -> dict[int, Any]:
    if game_cls is Level8:
        return {q: HeuristicBot(seed=100 + q) for q in range(n)}
    return {q: board_bots.BoardHeuristicBot(seed=100 + q) for q in range(n)}


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("game_cls", [Level8, Level8Board], ids=["cards", "board"])
def test_every_screen_of_whole_games_is_for_the_viewer_of_that_moment(
    game_cls: type, mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    share = MODES[mode][4]
    totals = defaultdict(int)
    for seed in (1, 2):
        w = make_widget(game_cls, mode, seed, language="de" if seed == 2 else "en")
        probe = Probe(w, monkeypatch, hot_seat=mode.startswith("hot-seat"))
        probe.check("the start")
        rng = random.Random(seed)
        for done in play(probe, rng, choosers(game_cls, w.game.num_players), share, 4000):
            probe.check(f"seed {seed}, after {done}")
            totals[done.split(" ")[0]] += 1
        assert w.game.is_over
        totals["checks"] += probe.checks
        totals["pass screens"] += probe.pass_screens
    if mode.startswith("hot-seat"):
        assert totals["pass screens"] > 20 and totals["reveal"] > 20, dict(totals)
    assert totals["undo"] > 0 and totals["goto"] > 0, str(sorted(totals.items()))
