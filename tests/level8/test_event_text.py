"""Events carry data only; sentences come from one table per language (en, de)."""

from __future__ import annotations

import re
import string

import pytest

from levelwidgets.level8 import (
    EVENT_KINDS,
    LANGUAGES,
    ConfigError,
    Event,
    HeuristicBot,
    Level8,
    RandomBot,
    card_name,
    combo_text,
    make_combo,
    play_game,
)
from levelwidgets.level8.actions import BOARD_EVENT_KINDS
from levelwidgets.level8.text import KIND_KEYS, SENTENCES, WORDS

from .helpers import c, cs, stacked


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_every_event_kind_has_a_sentence_in_every_language():
    assert set(LANGUAGES) == {"en", "de"} == set(SENTENCES) == set(WORDS)
    assert set(KIND_KEYS) == set(EVENT_KINDS)
    keys = {k for ks in KIND_KEYS.values() for k in ks}
    for lang in LANGUAGES:
        assert set(SENTENCES[lang]) == keys, lang
        assert set(WORDS[lang]) == set(WORDS["en"]), lang
    for key in keys:  # the same placeholders in both languages, and distinct sentences
        assert _fields(SENTENCES["en"][key]) == _fields(SENTENCES["de"][key]), key
        assert SENTENCES["en"][key] != SENTENCES["de"][key], key


def test_event_has_no_stored_text_and_serialises_data_only():
    e = Event("discard", 0, {"card": c("7R")})
    assert not hasattr(e, "text")
    assert e.to_dict() == {"kind": "discard", "player": 0, "card": c("7R")}
    assert e.describe(["Ann", "Ben"]) == "Ann discards 7 red."
    assert e.describe(["Ann", "Ben"], language="de") == "Ann wirft 7 rot ab."
    assert e.describe() == "Player 1 discards 7 red."
    assert e.describe(language="de") == "Spieler 1 wirft 7 rot ab."
    with pytest.raises(ConfigError, match="language must be one of en, de"):
        e.describe(language="fr")


def test_cards_are_spelt_out_readably():
    assert [card_name(c(x)) for x in ("7R", "1Y", "15O", "J3", "S2")] == [
        "7 red",
        "1 yellow",
        "15 orange",
        "joker",
        "skip card",
    ]
    assert [card_name(c(x), "de") for x in ("7R", "9P", "J3", "S2")] == [
        "7 rot",
        "9 lila",
        "Joker",
        "Aussetzkarte",
    ]
    assert card_name(c("J1"), "de", article=True) == "einen Joker"
    run = make_combo("run", cs("4R J1 6B"))
    assert combo_text(run.to_dict()) == "run 4–6 (4 red, joker as 5, 6 blue)"
    assert combo_text(run.to_dict(), "de") == "Folge 4–6 (4 rot, Joker als 5, 6 blau)"
    colour = make_combo("colour", cs("3G J2 9G"))
    assert combo_text(colour.to_dict()) == "colour group green (3 green, 9 green, joker as green)"
    assert combo_text(colour.to_dict(), "de") == "Farbgruppe Grün (3 grün, 9 grün, Joker als Grün)"
    pair = make_combo("set", cs("5R J4"))
    assert combo_text(pair.to_dict()) == "set of 5s (5 red, joker as 5)"
    assert combo_text(pair.to_dict(), "de") == "5er-Gruppe (5 rot, Joker als 5)"


def test_rule_example_sentences_in_both_languages():
    names = ["Ann", "Jens", "Charles"]
    g = stacked(["4R 5G 6B J1 8Y 9Y 2P 3P 13O 14O", "*", "*"], "7P", "S1", names=names)
    (deal,) = g.history[0].events
    assert deal.describe(names) == (
        "Round 1: Charles deals 10 cards to everyone and turns up 7 purple; Ann starts."
    )
    assert deal.describe(names, "de") == (
        "Runde 1: Charles gibt allen 10 Karten und deckt 7 lila auf; Ann beginnt."
    )
    (draw,) = g.draw()
    assert draw.describe(names) == "Ann draws a skip card from the draw pile."
    assert draw.describe(names, "de") == "Ann zieht eine Aussetzkarte vom Nachziehstapel."
    (lay,) = g.lay_down([("run", cs("4R 5G 6B")), ("run", cs("J1 8Y 9Y"), {"J1": 7})])
    assert lay.describe(names) == (
        "Ann lays down level 1: run 4–6 (4 red, 5 green, 6 blue) + "
        "run 7–9 (joker as 7, 8 yellow, 9 yellow)."
    )
    assert lay.describe(names, "de") == (
        "Ann legt Stufe 1 aus: Folge 4–6 (4 rot, 5 grün, 6 blau) + "
        "Folge 7–9 (Joker als 7, 8 gelb, 9 gelb)."
    )
    (skip,) = g.skip(1)
    assert skip.describe(names) == "Ann puts a skip card in front of Jens."
    assert skip.describe(names, "de") == "Ann legt eine Aussetzkarte vor Jens."
    (turn,) = g.skip_turn()
    assert turn.describe(names, "de") == (
        "Jens setzt aus und legt die Aussetzkarte offen unter den Nachziehstapel."
    )
    (take,) = g.draw(2)  # Charles takes back the card he turned up
    assert take.describe(names) == "Charles takes 7 purple back from their own discard pile."
    assert take.describe(names, "de") == "Charles nimmt 7 lila vom eigenen Ablagestapel zurück."
    (discard,) = g.discard("7P")
    assert discard.describe(names, "de") == "Charles wirft 7 lila ab."


def test_names_are_never_inflected():
    # English possessive "'s" and German "von <name>" read correctly for any name
    names = ["Hans", "Ann & Co", "Zoë-Marie"]
    own = Event("draw", 0, {"source": 0, "card": c("J1")})
    other = Event("draw", 0, {"source": 1, "card": c("3R")})
    assert own.describe(names) == "Hans takes a joker back from their own discard pile."
    assert own.describe(names, "de") == "Hans nimmt einen Joker vom eigenen Ablagestapel zurück."
    assert other.describe(names) == "Hans takes 3 red from Ann & Co's discard pile."
    assert other.describe(names, "de") == "Hans nimmt 3 rot vom Ablagestapel von Ann & Co."
    add = Event(
        "add_on",
        2,
        {
            "card": c("J2"),
            "owner": 0,
            "index": 0,
            "meaning": 3,
            "combo": {"kind": "run", "lo": 3, "hi": 6},
        },
    )
    assert add.describe(names) == "Zoë-Marie adds a joker as 3 to Hans's run 3–6."
    assert (
        add.describe(names, "de")
        == "Zoë-Marie legt einen Joker als 3 an die Folge 3–6 von Hans an."
    )


def _games():
    """Seeded bot games covering every event kind that normal play produces."""
    for i in range(24):
        n = 2 + i % 5
        sides = ["one", "two", ["one", "two"] * 3][i % 3]
        if isinstance(sides, list):
            sides = sides[:n]
        bots = [RandomBot(i + k) if (i + k) % 3 == 0 else HeuristicBot(i + k) for k in range(n)]
        start = [1 + (i * 7 + k * 3) % 8 for k in range(n)]
        yield play_game(bots, seed=100 + i, sides=sides, start_levels=start, max_actions=400)
    # long random play on the hardest level empties the draw pile (rebuilds)
    for i in range(3):
        bots = [RandomBot(3 * i), RandomBot(3 * i + 1)]
        yield play_game(bots, seed=i, sides="two", start_levels=[8, 8], max_actions=900)


PLACEHOLDER = re.compile(r"\{|\}|None|\?")


def test_rendering_never_fails_over_thousands_of_events():
    count = 0
    kinds = set()
    for game in _games():
        names = list(game.names)
        for entry in game.history:
            for event in entry.events:
                kinds.add(event.kind)
                for viewer in [*range(game.n_players), "spectator", "teacher"]:
                    shown = game.events_for([event], viewer)[0]
                    for lang in LANGUAGES:
                        for nm in (names, None):
                            text = shown.describe(nm, lang)
                            assert text and text[-1] in ".!", text
                            assert not PLACEHOLDER.search(text), text
                            if nm is not None and shown.player is not None:
                                assert names[shown.player] in text
                    count += 1
    assert count > 5000
    assert kinds >= set(EVENT_KINDS) - {"setup", "draw_skipped"} - set(BOARD_EVENT_KINDS)


def test_every_template_variant_renders():
    names = ["Ann", "Ben"]
    samples = [
        Event("rebuild", None, {"count": 1, "skip_surfaced": False}),
        Event("rebuild", None, {"count": 23, "skip_surfaced": True}),
        Event("keep", 1, {"count": 0, "cards": []}),
        Event("keep", 1, {"count": 1}),
        Event("keep", 1, {"count": 2, "cards": cs("J1 7G")}),
        Event("skip", 0, {"card": c("S1"), "target": 1, "effect": False}),
        Event("win", 0, {"winner": 0, "reason": "last_level", "level": 8}),
        Event("win", 0, {"winner": 0, "reason": "went_out", "level": 7}),
        Event("draw_skipped", 1, {}),
        Event("setup", 1, {"round": 3, "dealer": 0, "phase": "skipped"}),
    ]
    en = [e.describe(names) for e in samples]
    de = [e.describe(names, "de") for e in samples]
    assert en == [
        "The draw pile ran out: the discard piles (except their top cards) are shuffled into "
        "a new draw pile of 1 card.",
        "A skip card surfaced at the top of the draw pile: the discard piles (except their top "
        "cards) and the skip cards are shuffled into a new draw pile of 23 cards.",
        "Ben keeps no cards for the next round.",
        "Ben keeps 1 card for the next round.",
        "Ben keeps 2 cards for the next round: joker, 7 green.",
        "Ann plays their last card, a skip card: it has no effect because the round ends.",
        "Ann wins by laying down the last level (level 8)!",
        "Ann wins! Having laid down level 7, Ann ended the round: the two-level move carries "
        "them past the last level.",
        "Nothing to draw: the draw pile and every discard pile are empty, so Ben skips the draw.",
        "A position is set up: round 3, Ben to sit out (skipped).",
    ]
    assert de[2:5] == [
        "Ben behält keine Karte für die nächste Runde.",
        "Ben behält 1 Karte für die nächste Runde.",
        "Ben behält 2 Karten für die nächste Runde: Joker, 7 grün.",
    ]
    assert de[8] == (
        "Nichts zu ziehen: Der Nachziehstapel und alle Ablagestapel sind leer, also zieht Ben "
        "diesmal keine Karte."
    )


def test_german_and_english_differ_for_every_event():
    g = play_game([HeuristicBot(1), HeuristicBot(2), HeuristicBot(3)], seed=5, sides="two")
    for entry in g.history:
        for event in entry.events:
            en, de = event.describe(g.names), event.describe(g.names, "de")
            assert en != de
            assert not re.search(r"\b(the|draws|takes|discards|card)\b", de), de
            assert not re.search(r"\b(der|die|das|Karte|zieht)\b", en), en


def test_a_game_logs_nothing_but_data():
    g = Level8(["Ann", "Ben"], seed=2)
    events = g.draw() + g.discard(g.hand(0)[0])
    for e in events:
        assert set(vars(e)) == {"kind", "player", "data"}
