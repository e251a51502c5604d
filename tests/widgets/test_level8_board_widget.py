"""The Level 8 board game widget without a browser: intents reach the engine, refused intents
change nothing, the view holds the legal choices and no hidden card, bots advance, undo/redo
and German work, and the record adapter replays the game."""

from __future__ import annotations

import json
import random
import re

import pytest

from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.observation import TEACHER
from levelwidgets.level8.text import is_you
from levelwidgets.record import GameRecord, adapter_for
from levelwidgets.widgets import Level8BoardWidget


class PickBot:
    """A seeded bot on the observation's legal actions (lays down whenever it can)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs):
        acts = obs.legal_actions
        lays = [a for a in acts if a.kind == "lay_down"]
        return lays[0] if lays else self.rng.choice(acts)


def send(w: Level8BoardWidget, **intent) -> None:
    w._handle_message(w, intent, [])


def widget(**kw) -> Level8BoardWidget:
    kw.setdefault("players", ["You", "Ben", "Cleo"])
    kw.setdefault("bots", [None, PickBot(1), PickBot(2)])
    kw.setdefault("seed", 5)
    kw.setdefault("bot_delay", 0)
    return Level8BoardWidget(**kw)


def all_cards_in(view: dict) -> set[int]:
    """Every card id the view names (anywhere)."""
    found: set[int] = set()
    b = view["board"]
    found |= set(view["hand"] or ())
    for hand in view["hands"] or ():
        found |= set(hand)
    found |= {t for t, _n in view["discards"] if t is not None}
    found |= {c for ms in view["melds"] for m in ms for c in m["cards"]}
    for _q, cs in b["pending"].get("shown", ()):
        found |= set(cs or ())
    ch = b["choices"] or {}
    for key in ("swap", "show"):
        if key in ch:
            found |= set(ch[key]["cards"])
    found |= set(ch.get("give", ()))
    found |= {c for c, _o in ch.get("steal", ())}
    return found


#: A card spelt out in a log sentence, e.g. "7 red", "12 blau".
CARD_NAME = re.compile(r"\b\d{1,2} (red|yellow|green|blue|purple|orange|rot|gelb|grün|blau|lila)\b")


#: How the log addresses a player called "You"/"Du" ("Cleo gives 1 green to you").
YOU_WORDS = re.compile(r"\b(you|your|du|dir|dich)\b", re.IGNORECASE)


def check_log(view: dict, viewer) -> None:
    """The log (worded by the engine for this viewer) names a given card only for the two
    players concerned (shown and stolen cards lie face up for everyone); the card game's
    events are filtered by the engine (checked in its own tests)."""
    names = view["names"]
    for text, kind, player, *_ in view["log"]:
        if kind == "give" and viewer not in (TEACHER, player):
            # only the other player concerned (named in the sentence) may read the card
            concerned = isinstance(viewer, int) and (
                names[viewer] in text or (is_you(names[viewer]) and YOU_WORDS.search(text))
            )
            assert not CARD_NAME.search(text) or concerned, text


def visible_to(game: Level8Board, viewer) -> set[int]:
    o = game.observation(viewer)
    t = o.table
    out = set(t.hand or ()) | {c for h in (t.hands or ()) for c in h}
    out |= {x for x in t.discard_tops if x is not None}
    out |= {c for ms in t.melds for m in ms for c in m.cards}
    out |= {c for _q, cs in o.shown if cs for c in cs}
    return out


def test_roll_move_and_the_choices_in_the_view() -> None:
    w = widget()
    v = w.view
    assert v["phase"] == "roll" and v["actor"] == 0
    assert v["board"]["choices"] == {"roll": True}
    assert len(v["board"]["fields"]) == 28 and v["board"]["fields"][0] == "choose"
    assert v["board"]["towers"] == [0, 0, 0] and v["board"]["dice"] is None
    assert v["board"]["jokers"] == 8 and v["sides"] == ["one", "one", "one"]
    send(w, type="roll")
    assert w.error == ""
    b = w.view["board"]
    assert b["dice"] == list(w.game.dice)
    assert b["choices"] == {"move": list(w.game.reachable)} == {"move": b["reachable"]}
    field = b["reachable"][0]
    send(w, type="move", field=field)
    assert w.error == "" and w.game.towers[0] == field
    assert w.view["moves"][0]["acts"][:2] == [
        ["roll", *b["dice"]],
        ["move", field, b["fields"][field]],
    ]


def test_a_refused_intent_sets_the_error_and_changes_nothing() -> None:
    w = widget()
    before = json.dumps(w.game.state_dict(), sort_keys=True)
    seq = w.view["seq"]
    send(w, type="move", field=5)  # must roll first
    assert w.error and w.error_info["code"]
    assert json.dumps(w.game.state_dict(), sort_keys=True) == before
    send(w, type="roll")
    unreachable = next(f for f in range(28) if f not in w.game.reachable)
    before = json.dumps(w.game.state_dict(), sort_keys=True)
    send(w, type="move", field=unreachable)
    assert w.error_info["code"] == "level8.board_not_reachable"
    assert json.dumps(w.game.state_dict(), sort_keys=True) == before
    send(w, type="draw", source="pile")  # the card game's draw is no intent here
    assert w.error
    send(w, type="ask", number=3, direction="up")  # malformed
    assert w.error
    assert w.view["seq"] > seq


def play_person(w: Level8BoardWidget, rng: random.Random) -> None:
    """Seat 0 does something legal through intents (as the front end would send them)."""
    v = w.view
    ch = v["board"]["choices"] or {}
    phase = v["phase"]
    if phase == "roll":
        send(w, type="roll")
    elif phase == "move":
        send(w, type="move", field=rng.choice(ch["move"]))
    elif phase == "take":
        send(w, type="take", source=rng.choice(ch["take"]))
    elif phase in ("swap", "show"):
        send(w, type=phase, cards=ch[phase]["cards"][: ch[phase]["min"] or 1])
    elif phase == "give":
        send(w, type="give", card=ch["give"][0])
    elif phase == "steal":
        send(w, type="steal", card=ch["steal"][0][0])
    elif phase == "choose":
        send(w, type="choose", action=ch["choose"][0][0])
    elif phase == "ask":
        send(w, type="ask", number=ch["ask"]["numbers"][0], direction="left")
    elif phase == "play":
        if v["legal"].get("canLay"):
            proposal = w.propose()
            send(w, type="lay_down", combos=proposal["combos"])
            if w.view["phase"] != "play":
                return
        send(w, type="discard", card=w.hand[-1])
    elif phase == "keep":
        send(w, type="keep", cards=[])
    elif phase == "round_over":
        send(w, type="next_round")
    assert w.error == "", (phase, w.error)


def test_a_round_against_bots_by_intents_never_leaks_a_card() -> None:
    w = widget()
    rng = random.Random(3)
    phases = set()
    for _ in range(600):
        if w.view["rounds"]:  # the round is over (a bot may have dealt the next one)
            break
        assert w.view["actor"] == 0  # bots have played at once (bot_delay=0)
        phases.add(w.view["phase"])
        hidden = all_cards_in(w.view) - visible_to(w.game, 0)
        assert not hidden, hidden
        check_log(w.view, 0)
        play_person(w, rng)
    assert w.view["rounds"] and {"roll", "move", "play"} <= phases
    rows = w.view["moves"]
    assert rows and all(r["acts"] for r in rows)


def test_spectator_and_teacher_views() -> None:
    game = Level8Board(["Ann", "Ben"], seed=2)
    spec = Level8BoardWidget(game, bots=[PickBot(1), PickBot(2)], view="spectator", bot_delay=0)
    teach = Level8BoardWidget(game, bots=[None, None], view="teacher", bot_delay=0)
    assert spec.view["hand"] is None and spec.view["hands"] is None
    assert spec.view["board"]["choices"] is None
    assert teach.view["hands"] is not None and teach.view["actor"] == game.current_player
    for _ in range(40):
        if game.phase in ("round_over", "over"):
            break
        spec.advance()
        assert not all_cards_in(spec.view) - visible_to(game, "spectator")
        check_log(spec.view, "spectator")
        assert not all_cards_in(teach.view) - visible_to(game, TEACHER)


def test_shown_cards_lie_face_up_for_the_whole_table() -> None:
    # „Alle Mitspieler müssen ... drei Karten aus ihrer Hand offen vor sich auslegen": every
    # seat's screen shows them, and the log names them (steer onto a steal: every field is one)
    layout = ["choose"] + ["steal"] * 27
    game = Level8Board(["Ann", "Ben", "Cy"], seed=4, layout=layout)
    w = Level8BoardWidget(game, bots=[None, None, None], seat=2, bot_delay=0)
    game.roll()
    game.move(game.reachable[0])
    assert game.phase == "show" and game.current_player == 1
    bens = sorted(game.hand(1))[:3]
    game.show(bens)
    assert game.phase == "show" and game.current_player == 2
    assert w.view["board"]["pending"]["shown"] == [[1, bens]]  # Cy sees Ben's three cards
    assert not all_cards_in(w.view) - visible_to(game, 2)
    assert w.view["board"]["choices"]["show"]["min"] == w.view["board"]["choices"]["show"]["max"]
    w.show(sorted(game.hand(2))[:3])
    assert game.phase == "steal"
    ann = Level8BoardWidget(game, bots=[None, None, None], seat=0, bot_delay=0)
    steal = ann.view["board"]["choices"]["steal"]
    assert {o for _c, o in steal} == {1, 2}
    ann.steal(steal[0][0])
    assert game.phase == "play"
    # everyone learns which card was stolen: it lay face up
    row = next(r for r in w.view["log"] if r[1] == "steal")
    assert CARD_NAME.search(row[0]), row


def test_bots_advance_one_step_at_a_time_and_undo_returns_to_the_person() -> None:
    w = widget(bot_delay=500, takebacks="free")
    send(w, type="roll")
    send(w, type="move", field=w.game.reachable[0])
    while w.game.current_player == 0 and w.game.phase != "round_over":
        play_person(w, random.Random(1))
    plies = w.game.plies
    assert w.game.current_player != 0
    assert w.advance() and w.game.plies == plies + 1
    seq = w.view["seq"]
    send(w, type="advance", seq=seq - 1)  # stale: ignored
    assert w.game.plies == plies + 1
    w.run_bots()
    assert w.game.current_player == 0 or w.game.phase in ("round_over", "over")
    send(w, type="undo")
    assert w.error == ""
    assert w.game.current_player == 0 and w.game.plies < plies
    send(w, type="redo")
    assert w.error == ""


def test_german_and_the_log() -> None:
    w = widget(language="de")
    send(w, type="roll")
    log = w.view["log"]
    a, b = w.game.dice
    assert w.game.names[0] == "You"  # addressed as such, in each language's word
    assert log[-1][1] == "roll" and log[-1][0] == f"Du würfelst {a} und {b}."
    w.language = "en"
    assert w.view["log"][-1][0] == f"You roll {a} and {b}."


def test_record_adapter_replays_the_game() -> None:
    w = widget(takebacks="free")
    rng = random.Random(9)
    for _ in range(30):
        play_person(w, rng)
        if w.game.phase in ("round_over", "over"):
            break
    adapter = adapter_for(w.game)
    assert adapter.name == "level8board"
    rec = GameRecord.from_game(w.game)
    again = GameRecord.from_json(rec.to_json())
    assert again.mainline_node(w.game.plies) is not None
    send(w, type="goto", ply=2)
    assert w.error == "" and w.game.plies == 2
    send(w, type="goto", ply=w.view["here"] + len(w.view["future"]))
    assert w.error == ""


def test_picture_and_construction_errors() -> None:
    w = widget()
    data, _meta = w._repr_mimebundle_()
    assert data["image/svg+xml"].startswith("<svg")
    with pytest.raises(TypeError):
        Level8BoardWidget(game="nope")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Level8BoardWidget(players=2, bots=[None])


def test_the_eighth_joker_is_no_skip_card_in_the_view() -> None:
    from levelwidgets.level8.board.bots import BoardHeuristicBot
    from levelwidgets.level8.cards import JOKER8
    from levelwidgets.widgets.level8 import _legal

    game = Level8Board(players=["A", "B", "C"], seed=3)
    bots = [BoardHeuristicBot(s) for s in range(3)]
    held_in_play = 0
    for _ in range(3000):
        if game.is_over:
            break
        actor = game.current_player
        obs = game.observation(actor)
        table = obs.table  # what the board widget hands to the card table's view
        if table.phase == "play" and JOKER8 in table.hand:
            held_in_play += 1
            assert "skipTargets" not in _legal(table, actor, lambda hand, level: False)
        game.apply(bots[actor].choose(obs))
    assert held_in_play > 0, "the test saw J8 in a hand during play"


def test_the_board_widget_is_built_from_the_shared_card_table_not_by_refusing() -> None:
    from levelwidgets.widgets.level8 import CardTableWidget, Level8Widget

    w = Level8BoardWidget(seed=3)
    assert isinstance(w, CardTableWidget) and not isinstance(w, Level8Widget)
    for card_game_only in ("draw", "skip", "skip_turn"):
        assert not hasattr(w, card_game_only) and card_game_only not in w._player_intents
        assert hasattr(Level8Widget, card_game_only)
