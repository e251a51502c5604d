"""Events carry data only; sentences come from one table per language (en, de). Both Level 8
games: a player called "You"/"Du" is spoken to in every log sentence of bot games of either
game, and event by event ("You roll 1 and 5.", "Du würfelst 1 und 5.", "Ben gives you 7 red
…")."""

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
from levelwidgets.level8.board import BoardHeuristicBot, BoardRandomBot, play_board_game
from levelwidgets.level8.text import KIND_KEYS, SENTENCES, WORDS, YOU_ROLES, is_you, you_key

from .helpers import c, cs, stacked


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _you_variants(key: str) -> set[str]:
    """The "you" variants a sentence has: one per player it names (the acting player ``{p}``
    and any other), and the dealer-and-starter pair of a deal."""
    roles = [r for r in YOU_ROLES if r in _fields(SENTENCES["en"][key])]
    out = {you_key(key, [r]) for r in roles}
    if {"dealer", "starts"} <= set(roles):
        out.add(you_key(key, ["dealer", "starts"]))
    return out


def test_every_event_kind_has_a_sentence_in_every_language():
    assert {"en", "de"} <= set(LANGUAGES) == set(SENTENCES) == set(WORDS)
    assert set(KIND_KEYS) == set(EVENT_KINDS)
    base = {k for ks in KIND_KEYS.values() for k in ks}
    keys = base | {v for k in base for v in _you_variants(k)}
    for lang in LANGUAGES:
        assert set(SENTENCES[lang]) == keys, lang
        assert set(WORDS[lang]) == set(WORDS["en"]), lang
    for lang in LANGUAGES[1:]:  # the same placeholders as English, and distinct sentences
        for key in keys:
            assert _fields(SENTENCES["en"][key]) == _fields(SENTENCES[lang][key]), (lang, key)
            assert SENTENCES["en"][key] != SENTENCES[lang][key], (lang, key)


def test_event_has_no_stored_text_and_serialises_data_only():
    e = Event("discard", 0, {"card": c("7R")})
    assert not hasattr(e, "text")
    assert e.to_dict() == {"kind": "discard", "player": 0, "card": c("7R")}
    assert e.describe(["Ann", "Ben"]) == "Ann discards 7 red."
    assert e.describe(["Ann", "Ben"], language="de") == "Ann wirft 7 rot ab."
    assert e.describe() == "Player 1 discards 7 red."
    assert e.describe(language="de") == "Spieler 1 wirft 7 rot ab."
    with pytest.raises(ConfigError, match="language must be one of en, de"):
        e.describe(language="pt")


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
                for viewer in [*range(game.num_players), "spectator", "teacher"]:
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


# ---------------------------------------------------------------- a player called "You"

#: Third-person verbs of the sentences' subjects (as regex alternatives): never right after
#: "You"/"Du".
THIRD_PERSON = {
    "en": "adds|asks|chooses|deals|discards|draws|ends|gives|has|holds|is|keeps|lays|moves|"
    "plays|puts|rolls|shows|skips|starts|swaps|takes|turns|wins",
    "de": "behält|beendet|beginnt|deckt|fragt|gewinnt|gibt|hat|hatte|ist|kann|legt|nimmt|spielt|"
    "tauscht|wählt|wirft|würfelt|zeigt|zieht",
    "fr": "ajoute|choisit|commence|défausse|demande|distribue|donne|échange|est|gagne|garde|joue|"
    "jouera|lance|met|montre|pioche|pose|prend|reprend|retourne|termine|va",
    "it": "aggiunge|chiede|chiude|dà|deposita|distribuisce|gioca|giocherà|ha|inizia|lancia|mette|"
    "pesca|prende|riprende|salta|scambia|scarta|sceglie|scopre|tiene|va|vince",
    # Dutch "jij" shares most verb forms with "hij": only these differ ("jij hebt", "jij bent")
    "nl": "heeft|is|kan|zal|wil",
    "es": "añade|baja|cambia|da|descarta|descubre|elige|gana|guarda|juega|jugará|jugó|"
    "muestra|pide|pierde|pone|pregunta|recupera|reparte|roba|saca|termina|tiene|toma|va",
}
#: The pronouns a sentence about "you" uses (one of them names the player; a Spanish
#: sentence may say "you" by its verb alone: "tomas la carta …").
YOU_WORDS = {
    "en": re.compile(r"\b(you|your)\b", re.IGNORECASE),
    "de": re.compile(r"\b(du|dir|dich|dein|deine|deinem|deinen)\b", re.IGNORECASE),
    "fr": re.compile(r"\b(tu|te|toi|ton|ta|tes)\b|\bt'", re.IGNORECASE),
    "it": re.compile(r"\b(tu|te|ti|tuo|tua|tuoi|tue)\b", re.IGNORECASE),
    "nl": re.compile(r"\b(jij|je|jou|jouw)\b", re.IGNORECASE),
    "es": re.compile(
        r"\b(tú|tu|te|ti|tomas|robas|no robas|pierdes|conviertes|terminas|ganas)\b", re.IGNORECASE
    ),
}
#: Third-person pronouns of a sentence about an acting player (never about "you").
THEIR = {
    "en": re.compile(r"\b(their|them)\b"),
    "de": re.compile(r"\b(seine?m?|ihre?m?)\b"),
    "fr": re.compile(r"\b(sa|son|ses|leur)\b"),
    "it": re.compile(r"\b(suo|sua|suoi|sue|propri|proprio|propria)\b"),
    "nl": re.compile(r"\bde eigen\b|\bde laatste kaart\b"),
    "es": re.compile(r"\b(su|sus)\b"),
}
#: What each log calls a player named "You"/"Du" (in any language).
YOU_NAME = {"en": "You", "de": "Du", "fr": "Tu", "it": "Tu", "nl": "Jij", "es": "Tú"}
#: The words for "you" of the other languages: a German log writes "You" as "Du".
OTHER_WORD = {
    lang: re.compile(
        rf"\b({'|'.join(sorted({w for w in YOU_NAME.values() if w != YOU_NAME[lang]}))})\b"
    )
    for lang in YOU_NAME
}
ANY_YOU = "|".join(sorted(set(YOU_NAME.values())))


def check_you_sentence(text: str, language: str, actor_is_you: bool) -> None:
    """``text`` reads right for a player called "You"/"Du" (see ``levelwidgets.level8.text``):
    second-person verbs after "you", no "You's"/"von Du", the log language's own word."""
    verbs = THIRD_PERSON[language]
    assert not re.search(rf"\b(?i:{ANY_YOU}) (?:ne |n'|non )?({verbs})\b", text), text
    # the first clause of a sentence opened by "You"/"Du" has no third-person verb at all
    # (French and Italian put the verb right after "Tu"; their verbs are also nouns there)
    first = re.split(r"[.,;:!(]", text, maxsplit=1)[0]
    if language not in ("fr", "it") and re.match(rf"({ANY_YOU}) ", first):
        assert not re.search(rf"\b({verbs})\b", first), text
    assert not re.search(
        rf"({ANY_YOU})'s|\b(von|vor|für|of|to|for|van|voor|aan|para) ({ANY_YOU})\b", text
    ), text
    assert not re.search(r"\b(de|à|chez|devant|a|di|da|davanti a) (Tu|Tú)\b", text), text
    # mid-sentence, "you" is written in lower case (after a colon German starts a sentence)
    assert not re.search(rf"[a-zäöüßàâçéèêîôùìáíóúñ,] ({ANY_YOU})\b", text), text
    assert not re.search(r"\b(?i:du) gezeigt hat\b", text), text
    assert not OTHER_WORD[language].search(text), text
    if actor_is_you:
        assert YOU_WORDS[language].search(text), text
        assert not THEIR[language].search(text), text


def card_you_games():
    """Card game bot games with a player called "You" (or "du", "YOU") in various seats."""
    seats = [["You", "Bot"], ["Bot", "du"], ["Ann", " YOU ", "Ben"], ["You", "Bot", "Cy"]]
    for i, names in enumerate(seats * 2):
        n = len(names)
        bots = [HeuristicBot(i + k) if (i + k) % 2 else RandomBot(i + k) for k in range(n)]
        game = Level8(names, seed=40 + i, sides="two", start_levels=[4 + i % 5] * n)
        for _ in range(1500):
            if game.is_over:
                break
            p = game.current_player
            game.apply(bots[p].choose(game.observation(p)))
        yield game


def board_you_games():
    """Seeded bot board games with a player called "You" (or "du", "YOU") in various seats."""
    seats = [["You", "Bot"], ["Bot", "du"], ["Ann", " YOU ", "Ben"], ["You", "Bot", "Cy"]]
    for i, names in enumerate(seats * 2):
        bots = [
            BoardHeuristicBot(i + k) if (i + k) % 3 else BoardRandomBot(i + k)
            for k in range(len(names))
        ]
        yield play_board_game(bots, seed=60 + i, players=names, max_steps=3000)


YOU_GAMES = {
    "level8": (
        card_you_games,
        {"deal", "draw", "discard", "lay_down", "add_on", "round_end", "win"},
    ),
    "level8_board": (
        board_you_games,
        {"deal", "roll", "move", "draw", "discard", "give", "show", "steal", "win"},
    ),
}


@pytest.mark.parametrize("name", YOU_GAMES)
def test_a_player_called_you_is_spoken_to_in_every_log_sentence(name: str) -> None:
    games, expected = YOU_GAMES[name]
    kinds: set[str] = set()
    count = 0
    for game in games():
        names = list(game.names)
        assert any(is_you(nm) for nm in names)
        for entry in game.history:
            for event in entry.events:
                kinds.add(event.kind)
                for viewer in [*range(game.num_players), "spectator"]:
                    shown = game.events_for([event], viewer)[0]
                    for lang in LANGUAGES:
                        text = shown.describe(names, lang)
                        assert text and text[-1] in ".!", text
                        assert not PLACEHOLDER.search(text), text
                        actor = shown.player is not None and is_you(names[shown.player])
                        check_you_sentence(text, lang, actor)
                        count += 1
    assert count > 1000
    assert expected <= kinds


def test_is_you():
    for name in ("You", "you", "YOU", " you ", "Du", "du", "DU"):
        assert is_you(name), name
    for name in ("Ann", "Youssef", "Dude", "You 1", "Du Bois", "", "Ihr", None, 0):
        assert not is_you(name), name


NORMAL = ["Ann", "Ben"]
#: For each event: (seat of "You", English, German) — the sentences for ``["You", "Bot"]``;
#: the same events for Ann and Ben read as before.
CARD_EVENTS = [
    (
        Event("draw", 0, {"source": "pile", "card": c("7R")}),
        ("You draw 7 red from the draw pile.", "Du ziehst 7 rot vom Nachziehstapel."),
        ("Ann draws 7 red from the draw pile.", "Ann zieht 7 rot vom Nachziehstapel."),
    ),
    (
        Event("draw", 0, {"source": "pile"}),
        ("You draw a card from the draw pile.", "Du ziehst eine Karte vom Nachziehstapel."),
        ("Ann draws a card from the draw pile.", "Ann zieht eine Karte vom Nachziehstapel."),
    ),
    (
        Event("draw", 0, {"source": 1, "card": c("3R")}),
        ("You take 3 red from Bot's discard pile.", "Du nimmst 3 rot vom Ablagestapel von Bot."),
        ("Ann takes 3 red from Ben's discard pile.", "Ann nimmt 3 rot vom Ablagestapel von Ben."),
    ),
    (
        Event("draw", 1, {"source": 0, "card": c("J1")}),
        (
            "Bot takes a joker from your discard pile.",
            "Bot nimmt einen Joker von deinem Ablagestapel.",
        ),
        (
            "Ben takes a joker from Ann's discard pile.",
            "Ben nimmt einen Joker vom Ablagestapel von Ann.",
        ),
    ),
    (
        Event("draw", 0, {"source": 0, "card": c("3R")}),
        (
            "You take 3 red back from your own discard pile.",
            "Du nimmst 3 rot vom eigenen Ablagestapel zurück.",
        ),
        (
            "Ann takes 3 red back from their own discard pile.",
            "Ann nimmt 3 rot vom eigenen Ablagestapel zurück.",
        ),
    ),
    (
        Event("discard", 0, {"card": c("7R")}),
        ("You discard 7 red.", "Du wirfst 7 rot ab."),
        ("Ann discards 7 red.", "Ann wirft 7 rot ab."),
    ),
    (
        Event("lay_down", 0, {"level": 1, "combos": [make_combo("run", cs("4R 5G 6B")).to_dict()]}),
        (
            "You lay down level 1: run 4–6 (4 red, 5 green, 6 blue).",
            "Du legst Stufe 1 aus: Folge 4–6 (4 rot, 5 grün, 6 blau).",
        ),
        (
            "Ann lays down level 1: run 4–6 (4 red, 5 green, 6 blue).",
            "Ann legt Stufe 1 aus: Folge 4–6 (4 rot, 5 grün, 6 blau).",
        ),
    ),
    (
        Event(
            "add_on",
            1,
            {
                "card": c("J2"),
                "owner": 0,
                "index": 0,
                "meaning": 3,
                "combo": {"kind": "run", "lo": 3, "hi": 6},
            },
        ),
        (
            "Bot adds a joker as 3 to your run 3–6.",
            "Bot legt einen Joker als 3 an deine Folge 3–6 an.",
        ),
        (
            "Ben adds a joker as 3 to Ann's run 3–6.",
            "Ben legt einen Joker als 3 an die Folge 3–6 von Ann an.",
        ),
    ),
    (
        Event("skip", 0, {"card": c("S1"), "target": 1, "effect": True}),
        ("You put a skip card in front of Bot.", "Du legst eine Aussetzkarte vor Bot."),
        ("Ann puts a skip card in front of Ben.", "Ann legt eine Aussetzkarte vor Ben."),
    ),
    (
        Event("skip", 1, {"card": c("S1"), "target": 0, "effect": True}),
        ("Bot puts a skip card in front of you.", "Bot legt eine Aussetzkarte vor dich."),
        ("Ben puts a skip card in front of Ann.", "Ben legt eine Aussetzkarte vor Ann."),
    ),
    (
        Event("skip", 0, {"card": c("S1"), "target": 1, "effect": False}),
        (
            "You play your last card, a skip card: it has no effect because the round ends.",
            "Du spielst als letzte Karte eine Aussetzkarte: Sie bleibt ohne Wirkung, weil die "
            "Runde endet.",
        ),
        (
            "Ann plays their last card, a skip card: it has no effect because the round ends.",
            "Ann spielt als letzte Karte eine Aussetzkarte: Sie bleibt ohne Wirkung, weil die "
            "Runde endet.",
        ),
    ),
    (
        Event("skip_turn", 0, {"card": c("S1")}),
        (
            "You are skipped and put the skip card face up under the draw pile.",
            "Du setzt aus und legst die Aussetzkarte offen unter den Nachziehstapel.",
        ),
        (
            "Ann is skipped and puts the skip card face up under the draw pile.",
            "Ann setzt aus und legt die Aussetzkarte offen unter den Nachziehstapel.",
        ),
    ),
    (
        Event("keep", 0, {"count": 2, "cards": cs("J1 7G")}),
        (
            "You keep 2 cards for the next round: joker, 7 green.",
            "Du behältst 2 Karten für die nächste Runde: Joker, 7 grün.",
        ),
        (
            "Ann keeps 2 cards for the next round: joker, 7 green.",
            "Ann behält 2 Karten für die nächste Runde: Joker, 7 grün.",
        ),
    ),
    (
        Event("deal", 1, {"round": 2, "dealer": 1, "starts": 0, "first_discard": c("7P")}),
        (
            "Round 2: Bot deals 10 cards to everyone and turns up 7 purple; you start.",
            "Runde 2: Bot gibt allen 10 Karten und deckt 7 lila auf; du beginnst.",
        ),
        (
            "Round 2: Ben deals 10 cards to everyone and turns up 7 purple; Ann starts.",
            "Runde 2: Ben gibt allen 10 Karten und deckt 7 lila auf; Ann beginnt.",
        ),
    ),
    (
        Event("deal", 0, {"round": 1, "dealer": 0, "starts": 1, "first_discard": c("7P")}),
        (
            "Round 1: You deal 10 cards to everyone and turn up 7 purple; Bot starts.",
            "Runde 1: Du gibst allen 10 Karten und deckst 7 lila auf; Bot beginnt.",
        ),
        (
            "Round 1: Ann deals 10 cards to everyone and turns up 7 purple; Ben starts.",
            "Runde 1: Ann gibt allen 10 Karten und deckt 7 lila auf; Ben beginnt.",
        ),
    ),
    (
        Event("round_end", 0, {"round": 2, "moves": [2, 1], "levels": [4, 3]}),
        (
            "You played your last card and end round 2. You +2 → level 4; Bot +1 → level 3.",
            "Du legst die letzte Karte ab und beendest Runde 2. Du +2 → Stufe 4; Bot +1 → Stufe 3.",
        ),
        (
            "Ann played their last card and ends round 2. Ann +2 → level 4; Ben +1 → level 3.",
            "Ann legt die letzte Karte ab und beendet Runde 2. Ann +2 → Stufe 4; Ben +1 → Stufe 3.",
        ),
    ),
    (
        Event("win", 0, {"winner": 0, "reason": "last_level", "level": 8}),
        (
            "You win by laying down the last level (level 8)!",
            "Du gewinnst mit der letzten Stufe (Stufe 8)!",
        ),
        (
            "Ann wins by laying down the last level (level 8)!",
            "Ann gewinnt mit der letzten Stufe (Stufe 8)!",
        ),
    ),
    (
        Event("win", 0, {"winner": 0, "reason": "went_out", "level": 7}),
        (
            "You win! Having laid down level 7, you ended the round: the two-level move "
            "carries you past the last level.",
            "Du gewinnst! Du hattest Stufe 7 ausgelegt und die Runde beendet: Der Sprung um "
            "zwei Stufen führt über die letzte Stufe hinaus.",
        ),
        (
            "Ann wins! Having laid down level 7, Ann ended the round: the two-level move "
            "carries them past the last level.",
            "Ann gewinnt! Ann hatte Stufe 7 ausgelegt und die Runde beendet: Der Sprung um "
            "zwei Stufen führt über die letzte Stufe hinaus.",
        ),
    ),
    (
        Event("draw_skipped", 0, {}),
        (
            "Nothing to draw: the draw pile and every discard pile are empty, so you skip the "
            "draw.",
            "Nichts zu ziehen: Der Nachziehstapel und alle Ablagestapel sind leer, also ziehst "
            "du diesmal keine Karte.",
        ),
        (
            "Nothing to draw: the draw pile and every discard pile are empty, so Ann skips the "
            "draw.",
            "Nichts zu ziehen: Der Nachziehstapel und alle Ablagestapel sind leer, also zieht "
            "Ann diesmal keine Karte.",
        ),
    ),
    (
        Event("setup", 0, {"round": 3, "dealer": 1, "phase": "play"}),
        (
            "A position is set up: round 3, your turn to play.",
            "Eine Stellung ist aufgebaut: Runde 3, du bist am Zug (spielen).",
        ),
        (
            "A position is set up: round 3, Ann to play.",
            "Eine Stellung ist aufgebaut: Runde 3, Ann ist am Zug (spielen).",
        ),
    ),
]


def check_you_events(cases) -> None:
    """Each case's event reads as given for "You" in seat 0 (under any spelling, in either
    language: "Du" in an English log is "You") and for Ann and Ben as before."""
    for event, (en, de), (normal_en, normal_de) in cases:
        for you in ("You", "Du", "you", "DU"):
            names = [you, "Bot"]
            assert event.describe(names) == en, (you, event)
            assert event.describe(names, "de") == de, (you, event)
            check_you_sentence(en, "en", event.player == 0)
            check_you_sentence(de, "de", event.player == 0)
        assert event.describe(NORMAL) == normal_en
        assert event.describe(NORMAL, "de") == normal_de


#: For each board game event: (seat of "You", English, German), as for the card game.
BOARD_EVENTS = [
    (
        Event("roll", 0, {"dice": [1, 5], "reachable": [6], "set": False}),
        ("You roll 1 and 5.", "Du würfelst 1 und 5."),
        ("Ann rolls 1 and 5.", "Ann würfelt 1 und 5."),
    ),
    (
        Event("roll", 0, {"dice": [2, 3], "reachable": [5], "set": True}),
        (
            "The dice are set to 2 and 3 for you.",
            "Die Würfel für dich werden auf 2 und 3 gestellt.",
        ),
        (
            "The dice are set to 2 and 3 for Ann.",
            "Die Würfel für Ann werden auf 2 und 3 gestellt.",
        ),
    ),
    (
        Event("move", 0, {"field": 7, "action": "draw2"}),
        ("You move to field 7 (take 2).", "Du ziehst auf Feld 7 (2 nehmen)."),
        ("Ann moves to field 7 (take 2).", "Ann zieht auf Feld 7 (2 nehmen)."),
    ),
    (
        Event("choose", 0, {"action": "joker", "field": 9}),
        (
            "You choose joker: your tower moves on to field 9.",
            "Du wählst Joker: Dein Turm zieht weiter auf Feld 9.",
        ),
        (
            "Ann chooses joker: the tower moves on to field 9.",
            "Ann wählt Joker: Der Turm zieht weiter auf Feld 9.",
        ),
    ),
    (
        Event("draw", 0, {"source": "pile", "card": c("12B")}),
        ("You draw 12 blue from the draw pile.", "Du ziehst 12 blau vom Nachziehstapel."),
        ("Ann draws 12 blue from the draw pile.", "Ann zieht 12 blau vom Nachziehstapel."),
    ),
    (
        Event("discard", 0, {"card": c("7R")}),
        ("You discard 7 red.", "Du wirfst 7 rot ab."),
        ("Ann discards 7 red.", "Ann wirft 7 rot ab."),
    ),
    (
        Event("joker", 0, {"card": c("J1"), "left": 3}),
        (
            "You take a joker from the middle (3 left).",
            "Du nimmst einen Joker aus der Mitte (noch 3).",
        ),
        (
            "Ann takes a joker from the middle (3 left).",
            "Ann nimmt einen Joker aus der Mitte (noch 3).",
        ),
    ),
    (
        Event("swap", 0, {"cards": cs("3R 4G")}),
        (
            "You swap: discard 3 red, 4 green and draw one card more from the draw pile.",
            "Du tauschst: wirfst 3 rot, 4 grün ab und ziehst eine Karte mehr vom Nachziehstapel.",
        ),
        (
            "Ann swaps: discards 3 red, 4 green and draws one card more from the draw pile.",
            "Ann tauscht: wirft 3 rot, 4 grün ab und zieht eine Karte mehr vom Nachziehstapel.",
        ),
    ),
    (
        Event("ask", 0, {"number": 7, "colour": None, "direction": "left"}),
        (
            "You ask to the left for the number 7.",
            "Du fragst links herum nach der Zahl 7.",
        ),
        (
            "Ann asks to the left for the number 7.",
            "Ann fragt links herum nach der Zahl 7.",
        ),
    ),
    (
        Event("give", 0, {"card": c("5R"), "to": 1}),
        (
            "You give 5 red to Bot and draw from the draw pile.",
            "Du gibst Bot 5 rot und ziehst vom Nachziehstapel.",
        ),
        (
            "Ann gives 5 red to Ben and draws from the draw pile.",
            "Ann gibt Ben 5 rot und zieht vom Nachziehstapel.",
        ),
    ),
    (
        Event("give", 1, {"card": c("5R"), "to": 0}),
        (
            "Bot gives 5 red to you and draws from the draw pile.",
            "Bot gibt dir 5 rot und zieht vom Nachziehstapel.",
        ),
        (
            "Ben gives 5 red to Ann and draws from the draw pile.",
            "Ben gibt Ann 5 rot und zieht vom Nachziehstapel.",
        ),
    ),
    (
        Event("give", 1, {"to": 0}),  # as a third player sees it
        (
            "Bot gives you a card and draws from the draw pile.",
            "Bot gibt dir eine Karte und zieht vom Nachziehstapel.",
        ),
        (
            "Ben gives Ann a card and draws from the draw pile.",
            "Ben gibt Ann eine Karte und zieht vom Nachziehstapel.",
        ),
    ),
    (
        # face up for the whole table („offen vor sich auslegen“), not for one player
        Event("show", 1, {"cards": cs("2Y 9P"), "count": 2, "to": 0}),
        ("Bot lays 2 yellow, 9 purple face up.", "Bot legt 2 gelb, 9 lila offen aus."),
        ("Ben lays 2 yellow, 9 purple face up.", "Ben legt 2 gelb, 9 lila offen aus."),
    ),
    (
        Event("show", 0, {"cards": cs("2Y 9P 4B"), "count": 3, "to": 1}),
        (
            "You lay 2 yellow, 9 purple, 4 blue face up.",
            "Du legst 2 gelb, 9 lila, 4 blau offen aus.",
        ),
        (
            "Ann lays 2 yellow, 9 purple, 4 blue face up.",
            "Ann legt 2 gelb, 9 lila, 4 blau offen aus.",
        ),
    ),
    (
        Event("show", 0, {"count": 2, "to": 1}),  # an event without its cards
        ("You lay 2 cards face up.", "Du legst 2 Karten offen aus."),
        ("Ann lays 2 cards face up.", "Ann legt 2 Karten offen aus."),
    ),
    (
        Event("steal", 1, {"card": c("9P"), "from": 0}),
        (
            "Bot takes 9 purple from the cards you showed.",
            "Bot nimmt 9 lila aus den Karten, die du gezeigt hast.",
        ),
        (
            "Ben takes 9 purple from the cards Ann showed.",
            "Ben nimmt 9 lila aus den Karten, die Ann gezeigt hat.",
        ),
    ),
    (
        Event("steal", 0, {"from": 1}),
        (
            "You take one of the cards Bot showed.",
            "Du nimmst eine der Karten, die Bot gezeigt hat.",
        ),
        (
            "Ann takes one of the cards Ben showed.",
            "Ann nimmt eine der Karten, die Ben gezeigt hat.",
        ),
    ),
    (
        Event("pile_empty", 0, {}),
        (
            "Nothing is left to draw: you draw no card.",
            "Es gibt nichts mehr zu ziehen: Du ziehst keine Karte.",
        ),
        (
            "Nothing is left to draw: Ann draws no card.",
            "Es gibt nichts mehr zu ziehen: Ann zieht keine Karte.",
        ),
    ),
    (
        Event("extra_turn", 0, {"left": 0}),
        ("You play an extra turn.", "Du spielst einen Extrazug."),
        ("Ann plays an extra turn.", "Ann spielt einen Extrazug."),
    ),
    (
        Event("extra_turn_lost", 0, {"count": 1}),
        (
            "The round is over, so your extra turn is lost.",
            "Die Runde ist vorbei, dein Extrazug verfällt.",
        ),
        (
            "The round is over, so the extra turn of Ann is lost.",
            "Die Runde ist vorbei, der Extrazug von Ann verfällt.",
        ),
    ),
    (
        Event("nothing_to_discard", 0, {}),
        (
            "You hold no card, so there is nothing to discard: your turn ends.",
            "Du hast keine Karte mehr und kannst nichts abwerfen: Dein Zug endet.",
        ),
        (
            "Ann holds no card, so there is nothing to discard: the turn ends.",
            "Ann hat keine Karte mehr und kann nichts abwerfen: Der Zug endet.",
        ),
    ),
    (
        Event(
            "deal",
            1,
            {"round": 1, "dealer": 1, "starts": 0, "first_discard": c("7P"), "jokers": 8},
        ),
        (
            "Round 1: Bot deals up to 10 cards to everyone, turns up 7 purple and puts 8 jokers "
            "in the middle; you start.",
            "Runde 1: Bot gibt allen bis zu 10 Karten, deckt 7 lila auf und legt 8 Joker in die "
            "Mitte; du beginnst.",
        ),
        (
            "Round 1: Ben deals up to 10 cards to everyone, turns up 7 purple and puts 8 jokers "
            "in the middle; Ann starts.",
            "Runde 1: Ben gibt allen bis zu 10 Karten, deckt 7 lila auf und legt 8 Joker in die "
            "Mitte; Ann beginnt.",
        ),
    ),
    (
        Event("win", 0, {"winner": 0, "reason": "last_level", "level": 8}),
        (
            "You win by laying down the last level (level 8)!",
            "Du gewinnst mit der letzten Stufe (Stufe 8)!",
        ),
        (
            "Ann wins by laying down the last level (level 8)!",
            "Ann gewinnt mit der letzten Stufe (Stufe 8)!",
        ),
    ),
]


@pytest.mark.parametrize("name", ["level8", "level8_board"])
def test_sentences_for_you(name: str) -> None:
    check_you_events(CARD_EVENTS if name == "level8" else BOARD_EVENTS)


def test_two_players_called_you_still_get_a_sentence():
    # two seats both called "you": the acting player's variant wins, the other is "you" too
    give = Event("skip", 0, {"card": c("S1"), "target": 1, "effect": True})
    assert give.describe(["You", "Du"]) == "You put a skip card in front of You."
    assert give.describe(["You", "Du"], "de") == "Du legst eine Aussetzkarte vor Du."


def test_the_board_log_writes_you_in_its_own_language():
    roll = Event("roll", 0, {"dice": [1, 5], "reachable": [6], "set": False})
    assert roll.describe(["You", "Bot"], "de") == "Du würfelst 1 und 5."
    assert roll.describe(["Du", "Bot"], "en") == "You roll 1 and 5."
    move = Event("move", 1, {"field": 7, "action": "steal"})
    assert move.describe(["You", "Bot"], "de") == "Bot zieht auf Feld 7 (Stehlen)."
