"""Level8Widget in Python: every intent good and bad, views per viewer, undo, bots, no leaks."""

from __future__ import annotations

import json
import re

import pytest
import traitlets

import levelwidgets
from levelwidgets.level8 import HeuristicBot, Level8, RandomBot, parse_card, stack_deck
from levelwidgets.widgets import Level8Widget

R = parse_card  # "7R" -> card id


def send(w: Level8Widget, **msg: object) -> None:
    """What the browser does: a custom message to the widget's handler."""
    w._handle_message(w, msg, [])


def refused(w: Level8Widget, match: str, **msg: object) -> None:
    """Send an intent that must be refused: a message naming ``match``, nothing changed."""
    before, errors = w.game.snapshot(), w.error_id
    send(w, **msg)
    assert w.error_id == errors + 1, f"{msg} was not refused"
    assert match.lower() in w.error.lower(), w.error
    assert w.game.snapshot() == before


HANDS = [
    # Ann: two runs of 3 (4R 5G 6B, 9Y 10Y 11P) + a joker + junk; Ben: junk
    ["4R", "5G", "6B", "9Y", "10Y", "11P", "J1", "1O", "13B", "S1"],
    ["2R", "2G", "7B", "8P", "12O", "14R", "3Y", "15G", "1P", "13R"],
]


def table(**kw: object) -> Level8:
    deck = stack_deck(HANDS, "8R", draw_pile=["7R", "12G", "3B", "14B"])
    return Level8(["Ann", "Ben"], seed=1, deck=deck, **kw)


def test_exports_defaults_and_argument_checks() -> None:
    assert levelwidgets.Level8Widget is Level8Widget
    w = Level8Widget(players=["Ann", "Ben"], bots=[None, "heuristic"], seed=3)
    v = w.view
    assert v["names"] == ["Ann", "Ben"] and v["bots"] == ["", "Heuristic"]
    assert v["viewer"] == 0 and v["actor"] == 0 and v["handoff"] is None
    assert len(v["hand"]) == 10 and v["hands"] is None and v["handCounts"] == [10, 10]
    assert v["phase"] == "draw" and v["cur"] == 0 and v["round"] == 1 and v["dealer"] == 1
    assert v["req"][0] == [["run", 3], ["run", 3]] and v["levels"] == [1, 1]
    assert v["discards"][1][1] == 1 and v["discards"][0] == [None, 0]
    assert v["legal"] == {"draw": ["pile", 1]} and v["canUndo"] is False
    with pytest.raises(ValueError, match="one entry per seat"):
        Level8Widget(players=2, bots=[None])
    with pytest.raises(ValueError, match="Unknown bot"):
        Level8Widget(players=2, bots=[None, "clever"])
    with pytest.raises(ValueError, match="view must be one of"):
        Level8Widget(view="god")
    with pytest.raises(ValueError, match="seat must be"):
        Level8Widget(seat=5)
    with pytest.raises(TypeError):
        Level8Widget(game="not a game")  # type: ignore[arg-type]
    with pytest.raises(traitlets.TraitError):
        Level8Widget(language="pt")


def test_a_whole_turn_by_intents() -> None:
    w = Level8Widget(table(), bots=[None, None], seat=0)
    send(w, type="draw", source="pile")
    assert w.error == "" and w.game.phase == "play" and R("7R") in w.view["hand"]
    assert w.view["legal"]["canLay"] is True
    send(w, type="propose", cards=[])
    prop = w.view["proposal"]
    assert prop and sorted(c["kind"] for c in prop["combos"]) == ["run", "run"]
    send(w, type="lay_down", combos=[{k: c[k] for k in ("kind", "cards")} for c in prop["combos"]])
    assert w.error == "" and w.game.laid_down[0] and w.view["proposal"] is None
    assert len(w.view["melds"][0]) == 2
    add = w.view["legal"]["addOn"]
    assert str(R("J1")) in add  # a joker fits at a run's end
    owner, index, meanings = add[str(R("J1"))][0]
    send(w, type="add_on", card=R("J1"), owner=owner, index=index, number=meanings[-1])
    assert w.error == "" and R("J1") not in w.view["hand"]
    send(w, type="skip", target=1, card=R("S1"))
    assert w.error == "" and w.view["skips"] == [None, R("S1")] and w.view["cur"] == 1
    # Ben is skipped; this screen is Ann's: it cannot act for Ben
    refused(w, "not this screen", type="skip_turn")
    rows = w.view["moves"]
    assert rows[0]["p"] == 0 and [a[0] for a in rows[0]["acts"]] == ["draw", "lay", "add", "skip"]
    # the teacher acts for Ben: his whole turn is to put the skip card under the draw pile
    teacher = Level8Widget(w.game, bots=[None, None], view="teacher")
    assert teacher.view["actor"] == 1 and teacher.view["phase"] == "skipped"
    send(teacher, type="skip_turn")
    assert teacher.error == "" and w.view["skips"] == [None, None] and w.view["cur"] == 0
    assert w.view["underCount"] == 1 and w.view["actor"] == 0  # Ann's screen follows


def test_draw_from_a_discard_pile_and_lay_down_with_declared_jokers() -> None:
    w = Level8Widget(table(), bots=[None, None], seat=0)
    send(w, type="draw", source=1)  # Ben's pile: the 8R the dealer turned up
    assert w.error == "" and R("8R") in w.view["hand"] and w.view["discards"][1] == [None, 0]
    assert w.view["log"][-1][0] == "Ann takes 8 red from Ben's discard pile."
    send(w, type="propose", cards=[R("4R"), R("5G"), R("J1"), R("9Y"), R("10Y"), R("11P")])
    joker_run = next(c for c in w.view["proposal"]["combos"] if str(R("J1")) in c.get("jokers", {}))
    assert [x["label"] for x in joker_run["layouts"]] == ["3–5", "4–6"]  # the joker: 3 or 6
    reading = joker_run["layouts"][0]
    other = next(c for c in w.view["proposal"]["combos"] if c is not joker_run)
    combos = [
        {"kind": "run", "cards": reading["cards"], "jokers": reading["jokers"]},
        {"kind": other["kind"], "cards": other["cards"]},
    ]
    send(w, type="lay_down", combos=combos)
    assert w.error == ""
    laid = next(m for m in w.view["melds"][0] if "jokers" in m)
    assert laid["jokers"] == {str(R("J1")): 3} and (laid["lo"], laid["hi"]) == (3, 5)


def test_every_refusal_names_the_problem_and_changes_nothing() -> None:
    w = Level8Widget(table(), bots=[None, None], seat=0)
    refused(w, "unknown request", type="fly")
    refused(w, "unknown request", type=None)
    refused(w, "discard", type="discard", card=R("4R"))  # draw first
    refused(w, "whole number", type="draw", source="Ben's")
    refused(w, "empty", type="draw", source=0)
    send(w, type="draw")
    refused(w, "not in their hand", type="discard", card=R("2R"))
    refused(w, "no card 101", type="discard", card=101)
    refused(w, "whole number", type="discard", card=True)
    refused(w, "whole number", type="discard", card="4R")
    refused(w, "list of cards", type="propose", cards="all")
    refused(w, "do not make level", type="propose", cards=[R("4R"), R("1O")])
    refused(w, "combinations", type="lay_down", combos=[])
    refused(w, "kind", type="lay_down", combos=[{"cards": [1]}])
    one_run = [{"kind": "run", "cards": [R("4R"), R("5G"), R("6B")]}]
    refused(w, "needs exactly", type="lay_down", combos=one_run)
    refused(w, "must lay down", type="add_on", card=R("1O"), owner=0, index=0)
    refused(w, "themself", type="skip", target=0)
    refused(w, "keep", type="keep", cards=[])
    refused(w, "deal the next round", type="next_round")
    refused(w, "nothing to redo", type="redo")
    refused(w, "no hand to reveal", type="reveal")
    refused(w, "between 0 and 1", type="goto", ply=5)
    w._handle_message(w, "roll", [])  # not even an object
    assert "object" in w.error


def test_player_view_shows_only_what_the_seat_may_see() -> None:
    game = table()
    w0 = Level8Widget(game, bots=[None, None], seat=0)
    w1 = Level8Widget(game, bots=[None, None], seat=1)
    teacher = Level8Widget(game, bots=[None, None], view="teacher")
    spectator = Level8Widget(game, bots=[None, None], view="spectator")
    assert sorted(w0.view["hand"]) == sorted(game.hand(0)) and w0.view["hands"] is None
    assert sorted(w1.view["hand"]) == sorted(game.hand(1)) and w1.view["actor"] is None
    assert spectator.view["hand"] is None and spectator.view["actor"] is None
    assert teacher.view["hands"] == [list(game.hand(0)), list(game.hand(1))]
    assert teacher.view["actor"] == 0
    send(w0, type="draw")  # a blind draw: Ben's log does not name the card
    assert w1.view["log"][-1][1] == "draw"
    assert w0.view["log"][-1][0] != w1.view["log"][-1][0]
    drawn = game.history[-1].events[0].data["card"]
    assert drawn in w0.view["hand"] and drawn not in w1.view["hand"]


def test_hot_seat_hides_the_hand_until_the_next_person_confirms() -> None:
    w = Level8Widget(table(), bots=[None, None])
    assert w.view["handoff"] == 0 and w.view["hand"] is None and w.view["actor"] is None
    refused(w, "pass the screen to ann", type="draw")
    send(w, type="reveal")
    assert w.view["hand"] is not None and w.view["actor"] == 0
    send(w, type="draw")
    send(w, type="discard", card=R("13B"))
    v = w.view
    assert v["handoff"] == 1 and v["hand"] is None and v["legal"] is None
    send(w, type="reveal")
    assert sorted(w.view["hand"]) == sorted(w.game.hand(1))


def test_undo_with_bots_goes_back_to_the_person_and_redo_replays() -> None:
    w = Level8Widget(
        players=["Ann", "Bot"], bots=[None, "heuristic"], seed=5, bot_delay=0, takebacks="free"
    )
    start = w.game.snapshot()
    send(w, type="draw")
    hand = list(w.game.hand(0))
    send(w, type="discard", card=hand[0])
    assert w.game.current_player == 0 and w.game.phase in ("draw", "skipped")  # bot answered
    after_bot = w.game.snapshot()
    send(w, type="undo")  # takes back the bot's turn and Ann's discard: Ann to discard again
    assert w.game.current_player == 0 and w.game.phase == "play"
    assert w.view["canRedo"] and w.view["future"]
    send(w, type="redo")
    assert w.game.snapshot() == after_bot and not w.view["canRedo"]
    send(w, type="goto", ply=0)
    assert w.game.snapshot() == start and w.view["here"] == 0
    send(w, type="goto", ply=len(w.view["future"]) and 4)
    assert w.game.snapshot() == after_bot


def test_browser_cannot_act_for_a_bot_and_advance_needs_the_current_view() -> None:
    w = Level8Widget(bots=["heuristic", None], seed=6)
    refused(w, "bot's turn", type="draw")
    seq = w.view["seq"]
    send(w, type="advance", seq=seq - 1)  # stale: another view already advanced
    assert w.game.phase == "draw"
    send(w, type="advance", seq=seq)
    assert w.game.phase == "play" and w.view["seq"] == seq + 1


def test_whole_bot_game_by_advancing_and_on_move_hears_each_action_once() -> None:
    w = Level8Widget(bots=[HeuristicBot(seed=1), RandomBot(seed=2)], seed=7)
    heard = []
    w.on_move(heard.append)
    steps = w.run_bots()
    assert w.game.is_over and steps == len(w.game.history) - 1 == len(heard)
    assert [h.action for h in heard] == [e.action for e in w.game.history[1:]]
    v = w.view
    assert v["phase"] == "over" and v["winners"] == w.game.winners and v["rounds"]
    r = v["rounds"][0]
    assert r["moves"][r["ender"]] == 2 and r["laid"][r["ender"]]


def test_keep_and_next_round_intents() -> None:
    """Ben goes out; Ann (two-star side, level 5, not laid down) keeps cards; a new deal."""
    ann = ["1R", "3G", "5B", "7P", "9O", "11R", "13G", "15B", "2P", "4O"]
    game = Level8.from_position(
        ["Ann", "Ben"],
        hands=[ann, ["13R"]],
        melds=[[], [("run", ["4R", "5G", "6B"]), ("run", ["9Y", "10Y", "11P"])]],
        levels=[5, 1],
        sides=["two", "one"],
        current=1,
        phase="play",
        seed=1,
    )
    w = Level8Widget(game, bots=[None, None], view="teacher")
    assert w.view["actor"] == 1 and w.view["canUndo"] is False
    send(w, type="discard", card=R("13R"))
    assert w.error == "" and game.phase == "keep" and w.view["cur"] == 0
    assert w.view["legal"] == {"keepMax": 4}
    assert w.view["rounds"] == [
        {"round": 1, "ender": 1, "moves": [0, 2], "levels": [5, 3], "laid": [False, True]}
    ]
    refused(w, "at most 4", type="keep", cards=[R(c) for c in ann[:5]])
    refused(w, "not in their hand", type="keep", cards=[R("13R")])
    send(w, type="keep", cards=[R("1R"), R("3G")])
    assert w.error == "" and game.phase == "round_over"
    kept_row = [a for row in w.view["moves"] for a in row["acts"] if a[0] == "keep"]
    assert kept_row == [["keep", 2]]  # which cards stays hidden from the move list
    send(w, type="refresh")
    assert w.error == ""
    send(w, type="next_round")
    assert w.error == "" and game.round == 2 and game.phase == "draw"
    assert {R("1R"), R("3G")} <= set(game.hand(0)) and len(game.hand(0)) == 10
    # the finished round folds into one row that jumps to its end; the new deal follows
    assert w.view["moves"] == [
        {"p": None, "acts": [["round", 1]], "ply": 2},
        {"p": 1, "acts": [["next_round"]], "ply": 3},
    ]
    send(w, type="goto", ply=2)
    assert game.phase == "round_over" and [r["ply"] for r in w.view["future"]] == [3]


def test_hints_show_the_solver_plan_for_the_current_level() -> None:
    w = Level8Widget(table(), bots=[None, None], seat=0)
    assert w.view["hint"] is None
    w.hints = True
    hint = w.view["hint"]
    assert hint["missing"] == 0 and len(hint["plan"]) == 2
    teacher = Level8Widget(table(), bots=[None, None], view="teacher")
    assert teacher.view["hint"] is not None


def test_language_rerenders_the_log() -> None:
    w = Level8Widget(table(), bots=[None, None], seat=0)
    send(w, type="draw")
    english = w.view["log"][-1][0]
    w.language = "de"
    assert w.view["log"][-1][0] != english and w.view["log"][-1][1] == "draw"


def test_mimebundle_picture_is_drawn_for_the_viewer() -> None:
    game = table()
    w = Level8Widget(game, bots=[None, None], seat=0)
    data, _meta = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    svg = data["image/svg+xml"]
    assert svg.lstrip().startswith("<svg")
    assert svg == game.to_svg(0) and svg != game.to_svg("teacher")


def test_tables_differing_only_in_hidden_cards_look_identical_to_the_seat() -> None:
    """Ben's hand and the draw pile differ; Ann's widget state and picture must not."""
    other = [HANDS[0], ["3R", "3G", "7P", "8B", "12Y", "14G", "2Y", "15O", "1G", "13P"]]
    a = Level8(["Ann", "Ben"], seed=1, deck=stack_deck(HANDS, "8R", ["7R", "12G"]))
    b = Level8(["Ann", "Ben"], seed=1, deck=stack_deck(other, "8R", ["7R", "3B"]))
    wa = Level8Widget(a, bots=[None, None], seat=0)
    wb = Level8Widget(b, bots=[None, None], seat=0)
    for intent in ({"type": "draw"}, {"type": "discard", "card": R("13B")}):
        send(wa, **intent)
        send(wb, **intent)
        assert wa.error == wb.error == ""
        assert wa.get_state()["view"] == wb.get_state()["view"]
        assert (
            wa._repr_mimebundle_()[0]["image/svg+xml"] == wb._repr_mimebundle_()[0]["image/svg+xml"]
        )


def test_view_stays_compact_for_a_whole_game() -> None:
    w = Level8Widget(bots=[None, "heuristic", "random"], players=3, seed=9, view="spectator")
    w.bots = ["heuristic", "heuristic", "random"]
    sizes = []
    while w.advance():
        sizes.append(len(json.dumps(w.view, separators=(",", ":"))))
    assert w.game.is_over
    assert max(sizes) < 4096, max(sizes)  # one row per earlier round keeps it small


def _card_fields(view: dict) -> dict[str, set[int]]:
    """Every card id in the view, by where it appears (the move list keeps past rounds)."""
    now: set[int] = set(view["hand"] or [])
    for hand in view["hands"] or []:
        now |= set(hand)
    now |= {top for top, _n in view["discards"] if top is not None}
    now |= {c for c in view["skips"] if c is not None}
    for melds in view["melds"]:
        for m in melds:
            now |= set(m["cards"]) | {int(j) for j in m.get("jokers", {})}
    for part in (view["hint"] or {}).get("plan", []):
        now |= set(part)
    past: set[int] = set()
    for row in view["moves"] + view["future"]:
        for act in row["acts"]:
            if act[0] in ("discard", "add"):
                past.add(act[1])
    return {"now": now, "past": past}


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_hidden_card_reaches_a_players_browser_over_a_whole_game(language: str) -> None:
    """Seat 0 plays a whole game against bots; after every action, every card id in the synced
    state was visible to seat 0 (this round, or when the move list's card was played), and no
    log sentence names a card seat 0 has not seen."""
    from levelwidgets.level8.text import card_name

    game = Level8(["Ann", "Bot A", "Bot B"], seed=21)
    w = Level8Widget(game, bots=[None, "heuristic", "random"], seat=0, language=language)
    me = HeuristicBot(seed=4)
    seen_round: set[int] = set()
    seen_ever: set[int] = set()
    round_no = 0
    steps = 0
    while not game.is_over and steps < 3000:
        obs = game.observation(0)
        if obs.round != round_no:
            round_no, seen_round = obs.round, set()
        seen_round |= set(obs.hand or ())
        seen_round |= {t for t in obs.discard_tops if t is not None}
        seen_round |= {c for c in obs.skip_cards if c is not None}
        seen_round |= {c for ms in obs.melds for combo in ms for c in combo.cards}
        seen_ever |= seen_round
        view = w.get_state()["view"]
        fields = _card_fields(view)
        assert fields["now"] <= seen_round, fields["now"] - seen_round
        assert fields["past"] <= seen_ever, fields["past"] - seen_ever
        hidden = [c for c in range(90) if c not in seen_ever]
        text = " | ".join(row[0] for row in view["log"])
        for c in hidden:
            assert not re.search(rf"(?<![\d]){re.escape(card_name(c, language))}\b", text), (
                card_name(c, language),
                text,
            )
        if steps % 10 == 0:  # the saved picture is drawn from seat 0's observation alone
            assert w._repr_mimebundle_()[0]["image/svg+xml"] == game.to_svg(0, language)
        if game.current_player == 0:
            w._act_as(lambda _p: game.apply(me.choose(game.observation(0))))
        elif game.phase == "round_over":
            w.next_round()  # Ann deals on: the bots wait for her at a round's end
        else:
            assert w.advance()
        steps += 1
    assert game.is_over, "the game should finish"


def _bot_ends_round(bots: list[object]) -> tuple[Level8, Level8Widget]:
    """Ben (seat 1) goes out with his last card; he also deals the next round."""
    ann = ["1R", "3G", "5B", "7P", "9O", "11R", "13G", "15B", "2P", "4O"]
    game = Level8.from_position(
        ["Ann", "Ben"],
        hands=[ann, ["13R"]],
        melds=[[], [("run", ["4R", "5G", "6B"]), ("run", ["9Y", "10Y", "11P"])]],
        levels=[1, 1],
        sides=["one", "one"],
        current=1,
        phase="play",
        seed=1,
    )
    w = Level8Widget(game, bots=bots)
    assert w.advance() and game.phase == "round_over" and game.current_player == 1
    return game, w


def test_round_end_waits_for_a_person_to_deal_on() -> None:
    """A bot dealer does not sweep the round's summary away: the person clicks Next round."""
    game, w = _bot_ends_round([None, "heuristic"])
    assert w.advance() is False and w.run_bots() == 0
    assert game.phase == "round_over" and game.round == 1
    assert w.view["actor"] == 0 and w.view["cur"] == 1  # Ann confirms; Ben still deals
    send(w, type="next_round")
    assert w.error == "" and game.round == 2 and game.phase == "draw"
    assert w.view["moves"][-1] == {"p": 1, "acts": [["next_round"]], "ply": 2}


def test_round_end_with_bots_only_deals_on_at_once() -> None:
    """With no person at the table nobody would click, so the bots deal on as before."""
    game, w = _bot_ends_round(["heuristic", "heuristic"])
    assert w.advance() and game.round == 2


def _level3(hand: list[str]) -> Level8Widget:
    """Ann (one-star level 3: 1 run of 3 + 4 cards of one colour) has drawn: 11 cards."""
    game = Level8.from_position(
        ["Ann", "Ben"],
        hands=[hand, ["1B", "2B", "3B", "4B", "5B", "6B", "7B", "8B", "9B", "10B"]],
        levels=[3, 1],
        current=0,
        phase="play",
        seed=1,
    )
    return Level8Widget(game, bots=[None, "heuristic"], seat=0)


def test_lay_down_is_offered_only_when_the_hand_makes_the_level() -> None:
    """Issue 27: "Lay down…" looked possible with a hand that cannot make the level. The view
    says so (legal.canLay) and why (legal.layWhy, the solver's verdict, jokers included)."""
    spare = ["11R", "13G", "15O", "11P"]  # no run among them or with the rest
    # run 4-5-6 and yellow 1, 3, 8, 10: the rules' level 3
    w = _level3(["4R", "5G", "6O", "1Y", "3Y", "8Y", "10Y", *spare])
    assert w.view["legal"]["canLay"] is True and "layWhy" not in w.view["legal"]
    # only three yellow cards: no colour group of 4
    w = _level3(["4R", "5G", "6O", "1Y", "3Y", "8Y", "10P", *spare])
    legal = w.view["legal"]
    assert legal["canLay"] is False
    why = legal["layWhy"]
    assert why["code"] == "level8.cannot_make_level"
    assert why["params"]["level"] == 3 and why["params"]["req"] == [["run", 3], ["colour", 4]]
    assert why["text"] == "Ann's hand cannot make level 3 yet (1 run of 3 + 4 cards of one colour)."
    send(w, type="propose", cards=[])  # asking anyway: Python's refusal, nothing changes
    assert w.error_info["code"] == "level8.propose_mismatch" and w.view["proposal"] is None
    # a joker stands for the missing yellow card (the spec: jokers stand for any colour)
    w = _level3(["4R", "5G", "6O", "1Y", "3Y", "8Y", "J1", *spare])
    assert w.view["legal"]["canLay"] is True
    # a gap in the run: 4, 6 and no 5 — and no joker to fill it
    w = _level3(["4R", "6G", "1Y", "3Y", "8Y", "10Y", "13R", "15G", "13O", "15P", "6P"])
    assert w.view["legal"]["layWhy"]["code"] == "level8.cannot_make_level"


def test_the_reason_is_for_the_actor_only() -> None:
    w = _level3(["4R", "6G", "1Y", "3Y", "8Y", "10Y", "13R", "15G", "13O", "15P", "6P"])
    assert "layWhy" in w.view["legal"]
    spectator = Level8Widget(w.game, bots=[None, "heuristic"], view="spectator")
    assert spectator.view["legal"] is None  # nobody acts here: no verdict about Ann's hand


def test_between_rounds_the_last_rounds_result_stands_apart_from_the_new_level() -> None:
    """Issue 27: after a round a seat read "Level 5 · 1 run of 7 · ✓ laid down" beside a level-3
    lay-down. Between rounds the view names the round just played separately (lastRound)."""
    game = Level8.from_position(
        ["Ann", "Ben"],
        hands=[["1R", "3G", "5B", "7P", "9O", "11R", "13G", "15B", "2P", "4O"], ["13R"]],
        melds=[[], [("run", ["4R", "5G", "6B"]), ("run", ["9Y", "10Y", "11P"])]],
        levels=[2, 1],
        current=1,
        phase="play",
        seed=1,
    )
    w = Level8Widget(game, bots=[None, None], view="teacher")
    assert w.view["lastRound"] is None  # during a round: the laid flags are this round's
    send(w, type="discard", card=R("13R"))  # Ben goes out: two levels up (1 -> 3)
    v = w.view
    assert v["phase"] in ("keep", "round_over") and v["levels"] == [2, 3]
    assert v["lastRound"] == [
        {"level": 2, "laid": False, "out": False},
        {"level": 1, "laid": True, "out": True},
    ]
    while w.view["phase"] != "draw":
        send(w, type="keep" if w.view["phase"] == "keep" else "next_round")
        assert w.error == ""
    assert w.view["lastRound"] is None and w.view["laid"] == [False, False]


def test_the_lay_down_dialog_hears_pythons_verdict_before_confirm() -> None:
    """Issue 27: the dialog warned about an incomplete combination only after the click. Each
    edit is checked by Python (check_lay): per combination and for the whole lay-down."""
    w = _level3(["4R", "5G", "6O", "1Y", "3Y", "8Y", "10Y", "11R", "13G", "15O", "11P"])
    send(w, type="propose", cards=[])
    prop = w.view["proposal"]
    assert [c["need"] for c in prop["combos"]] == [3, 4]  # run of 3, colour of 4
    assert prop["check"]["ok"] is True and prop["check"]["why"] == [None, None]
    run, colour = (
        {"kind": c["kind"], "cards": list(c["cards"]), "jokers": {}} for c in prop["combos"]
    )
    short_colour = {**colour, "cards": colour["cards"][:3]}  # one yellow card moved out
    send(w, type="check_lay", combos=[run, short_colour])
    check = w.view["proposal"]["check"]
    assert w.error == "" and check["ok"] is False and check["why"][0] is None
    size = check["why"][1]
    assert size["code"] == "level8.lay_size" and size["text"] == "Colour: 4 cards needed, 3 chosen."
    assert check["combos"][1]["cards"] == short_colour["cards"]  # which arrangement it judged
    # the right size but not a run: the engine's own reason
    bad_run = {**run, "cards": [R("4R"), R("5G"), R("8Y")]}
    send(w, type="check_lay", combos=[bad_run, colour])
    check = w.view["proposal"]["check"]
    assert check["ok"] is False and check["why"][0]["code"].startswith("level8.")
    assert w.view["laid"] == [False, False] and len(w.hand) == 11  # nothing was laid
    send(w, type="check_lay", combos=[run, colour])
    assert w.view["proposal"]["check"]["ok"] is True
    send(w, type="lay_down", combos=[run, colour])
    assert w.error == "" and w.view["laid"][0] and w.view["proposal"] is None


def test_check_lay_needs_an_open_dialog() -> None:
    w = _level3(["4R", "5G", "6O", "1Y", "3Y", "8Y", "10Y", "11R", "13G", "15O", "11P"])
    send(w, type="check_lay", combos=[{"kind": "run", "cards": [R("4R")], "jokers": {}}])
    assert w.error_info["code"] == "level8.no_proposal"
