"""The board game's log for a player called "You"/"Du": second-person sentences ("You roll 1
and 5.", "Du würfelst 1 und 5.", "Ben gives you 7 red …"), in bot games and event by event.
The checks are the card game's (``tests/level8/test_event_text.py``)."""

from __future__ import annotations

from level8.test_event_text import (  # tests/ is on sys.path
    PLACEHOLDER,
    check_you_events,
    check_you_sentence,
)

from levelwidgets.level8 import LANGUAGES, Event
from levelwidgets.level8.board import BoardHeuristicBot, BoardRandomBot, play_board_game
from levelwidgets.level8.text import is_you

from .helpers import c, cs


def _you_games():
    """Seeded bot board games with a player called "You" (or "du", "YOU") in various seats."""
    seats = [["You", "Bot"], ["Bot", "du"], ["Ann", " YOU ", "Ben"], ["You", "Bot", "Cy"]]
    for i, names in enumerate(seats * 2):
        bots = [
            BoardHeuristicBot(i + k) if (i + k) % 3 else BoardRandomBot(i + k)
            for k in range(len(names))
        ]
        yield play_board_game(bots, seed=60 + i, players=names, max_steps=3000)


def test_a_player_called_you_is_spoken_to_in_every_board_log_sentence():
    kinds: set[str] = set()
    count = 0
    for game in _you_games():
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
    assert {"deal", "roll", "move", "draw", "discard", "give", "show", "steal", "win"} <= kinds


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


def test_board_game_sentences_for_you():
    check_you_events(BOARD_EVENTS)


def test_the_board_log_writes_you_in_its_own_language():
    roll = Event("roll", 0, {"dice": [1, 5], "reachable": [6], "set": False})
    assert roll.describe(["You", "Bot"], "de") == "Du würfelst 1 und 5."
    assert roll.describe(["Du", "Bot"], "en") == "You roll 1 and 5."
    move = Event("move", 1, {"field": 7, "action": "steal"})
    assert move.describe(["You", "Bot"], "de") == "Bot zieht auf Feld 7 (Stehlen)."
