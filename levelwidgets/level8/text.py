"""Sentences for Level 8 events, one table per language ("en", "de").

Events carry data only (:class:`~levelwidgets.level8.Event`: kind, player, data); this module
turns them into sentences for a log or a lesson. Every sentence is written so that it reads
correctly for any player name (no inflected names: English uses "Ben's", German "von Ben"),
and cards are spelt out ("7 red", "a joker", "7 rot", "einen Joker"); a laid joker shows
what it stands for ("joker as 6").

A sentence may lose a card when the event was filtered for a viewer who may not see it
(:func:`~levelwidgets.level8.visible_event`): "Ben draws a card from the draw pile."

A player called "You" or "Du" (in any language, see :func:`is_you`) is spoken to: a sentence
about them takes the second person ("You roll 1 and 5.", "Du würfelst 1 und 5.") and the name
is written as the log's own word for it ("You" in a German log reads "Du"). A sentence key
has variants for that: ``key + "_you"`` when the acting player ``{p}`` is "you",
``key + "_<role>_you"`` when another player in it is ("give_to_you": "Ben gives you 5 red …",
"steal_owner_you": "… die du gezeigt hast"); see :data:`YOU_ROLES`. The browser does the
same for its own sentences (``js/src/common/i18n.js``: ``isYou``, ``t.about``).
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from typing import Any

from ..names import is_you
from .cards import END_SKIP, FIRST_JOKER, FIRST_SKIP, is_joker
from .errors import ConfigError

LANGUAGES = ("en", "de")

#: The players a sentence may name, in the order their "you" variants are spelt in a key
#: ("deal_dealer_you_starts_you"); ``p`` is the acting player, whose variant is just "_you".
YOU_ROLES = ("p", "dealer", "starts", "owner", "target", "to")


def you_key(key: str, roles: Sequence[str]) -> str:
    """The name of a sentence's variant for the players in ``roles`` (of :data:`YOU_ROLES`)
    being "you": ``you_key("roll", ["p"]) == "roll_you"``,
    ``you_key("give", ["to"]) == "give_to_you"``."""
    return key + "".join("_you" if r == "p" else f"_{r}_you" for r in roles)


#: Template keys each event kind may use (a kind has variants, e.g. a hidden or shown card).
KIND_KEYS: dict[str, tuple[str, ...]] = {
    "deal": ("deal", "deal_board"),
    "setup": ("setup",),
    "draw": ("draw_pile", "draw_pile_hidden", "draw_discard", "draw_own"),
    "draw_skipped": ("draw_skipped",),
    "lay_down": ("lay_down",),
    "add_on": ("add_on", "add_on_own"),
    "discard": ("discard",),
    "skip": ("skip", "skip_last"),
    "skip_turn": ("skip_turn",),
    "keep": ("keep", "keep_shown"),
    "rebuild": ("rebuild", "rebuild_skip"),
    "round_end": ("round_end",),
    "win": ("win_lay", "win_out"),
    # the board game (levelwidgets.level8.board)
    "roll": ("roll", "roll_set"),
    "move": ("move",),
    "choose": ("choose",),
    "nothing_to_choose": ("nothing_to_choose",),
    "pile_empty": ("pile_empty",),
    "take_skipped": ("take_skipped",),
    "extra_turn_won": ("extra_turn_won",),
    "extra_turn": ("extra_turn",),
    "extra_turn_lost": ("extra_turn_lost",),
    "joker": ("joker",),
    "no_joker": ("no_joker",),
    "swap": ("swap",),
    "ask": ("ask_number", "ask_colour"),
    "ask_none": ("ask_none",),
    "give": ("give", "give_hidden"),
    "show": ("show", "show_hidden"),
    "steal": ("steal", "steal_hidden"),
    "nothing_to_discard": ("nothing_to_discard",),
    "discard_two": ("discard_two",),
}

#: One sentence per key of :data:`KIND_KEYS` and language; a key ending in "_you" is the
#: variant for a player called "you" (see :func:`you_key`): ``{p}`` (or ``{dealer}``) at the
#: start of such a sentence is written "You"/"Du", elsewhere the sentence spells the pronoun.
SENTENCES: dict[str, dict[str, str]] = {
    "en": {
        "deal": "Round {round}: {dealer} deals 10 cards to everyone and turns up "
        "{first_discard}; {starts} starts.",
        "deal_dealer_you": "Round {round}: {dealer} deal 10 cards to everyone and turn up "
        "{first_discard}; {starts} starts.",
        "deal_starts_you": "Round {round}: {dealer} deals 10 cards to everyone and turns up "
        "{first_discard}; you start.",
        "deal_dealer_you_starts_you": "Round {round}: {dealer} deal 10 cards to everyone and "
        "turn up {first_discard}; you start.",
        "setup": "A position is set up: round {round}, {p} to {step}.",
        "setup_you": "A position is set up: round {round}, your turn to {step}.",
        "draw_pile": "{p} draws {card} from the draw pile.",
        "draw_pile_you": "{p} draw {card} from the draw pile.",
        "draw_pile_hidden": "{p} draws a card from the draw pile.",
        "draw_pile_hidden_you": "{p} draw a card from the draw pile.",
        "draw_discard": "{p} takes {card} from {owner}'s discard pile.",
        "draw_discard_you": "{p} take {card} from {owner}'s discard pile.",
        "draw_discard_owner_you": "{p} takes {card} from your discard pile.",
        "draw_own": "{p} takes {card} back from their own discard pile.",
        "draw_own_you": "{p} take {card} back from your own discard pile.",
        "draw_skipped": "Nothing to draw: the draw pile and every discard pile are empty, "
        "so {p} skips the draw.",
        "draw_skipped_you": "Nothing to draw: the draw pile and every discard pile are empty, "
        "so you skip the draw.",
        "lay_down": "{p} lays down level {level}: {combos}.",
        "lay_down_you": "{p} lay down level {level}: {combos}.",
        "add_on": "{p} adds {card} to {owner}'s {combo}.",
        "add_on_you": "{p} add {card} to {owner}'s {combo}.",
        "add_on_owner_you": "{p} adds {card} to your {combo}.",
        "add_on_own": "{p} adds {card} to their own {combo}.",
        "add_on_own_you": "{p} add {card} to your own {combo}.",
        "discard": "{p} discards {card}.",
        "discard_you": "{p} discard {card}.",
        "skip": "{p} puts a skip card in front of {target}.",
        "skip_you": "{p} put a skip card in front of {target}.",
        "skip_target_you": "{p} puts a skip card in front of you.",
        "skip_last": "{p} plays their last card, a skip card: it has no effect because the "
        "round ends.",
        "skip_last_you": "{p} play your last card, a skip card: it has no effect because the "
        "round ends.",
        "skip_turn": "{p} is skipped and puts the skip card face up under the draw pile.",
        "skip_turn_you": "{p} are skipped and put the skip card face up under the draw pile.",
        "keep": "{p} keeps {n_cards} for the next round.",
        "keep_you": "{p} keep {n_cards} for the next round.",
        "keep_shown": "{p} keeps {n_cards} for the next round: {cards}.",
        "keep_shown_you": "{p} keep {n_cards} for the next round: {cards}.",
        "rebuild": "The draw pile ran out: the discard piles (except their top cards) are "
        "shuffled into a new draw pile of {n_cards}.",
        "rebuild_skip": "A skip card surfaced at the top of the draw pile: the discard piles "
        "(except their top cards) and the skip cards are shuffled into a new draw pile of "
        "{n_cards}.",
        "round_end": "{p} played their last card and ends round {round}. {moves}.",
        "round_end_you": "{p} played your last card and end round {round}. {moves}.",
        "win_lay": "{p} wins by laying down the last level (level {level})!",
        "win_lay_you": "{p} win by laying down the last level (level {level})!",
        "win_out": "{p} wins! Having laid down level {level}, {p} ended the round: the "
        "two-level move carries them past the last level.",
        "win_out_you": "{p} win! Having laid down level {level}, you ended the round: the "
        "two-level move carries you past the last level.",
        "deal_board": "Round {round}: {dealer} deals up to 10 cards to everyone, turns up "
        "{first_discard} and puts {jokers} jokers in the middle; {starts} starts.",
        "deal_board_dealer_you": "Round {round}: {dealer} deal up to 10 cards to everyone, "
        "turn up {first_discard} and put {jokers} jokers in the middle; {starts} starts.",
        "deal_board_starts_you": "Round {round}: {dealer} deals up to 10 cards to everyone, "
        "turns up {first_discard} and puts {jokers} jokers in the middle; you start.",
        "deal_board_dealer_you_starts_you": "Round {round}: {dealer} deal up to 10 cards to "
        "everyone, turn up {first_discard} and put {jokers} jokers in the middle; you start.",
        "roll": "{p} rolls {a} and {b}.",
        "roll_you": "{p} roll {a} and {b}.",
        "roll_set": "The dice are set to {a} and {b} for {p}.",
        "roll_set_you": "The dice are set to {a} and {b} for you.",
        "move": "{p} moves to field {field} ({action}).",
        "move_you": "{p} move to field {field} ({action}).",
        "choose": "{p} chooses {action}: the tower moves on to field {field}.",
        "choose_you": "{p} choose {action}: your tower moves on to field {field}.",
        "nothing_to_choose": "No action has a free field: {p} takes the top card of a pile "
        "instead.",
        "nothing_to_choose_you": "No action has a free field: you take the top card of a pile "
        "instead.",
        "pile_empty": "Nothing is left to draw: {p} draws no card.",
        "pile_empty_you": "Nothing is left to draw: you draw no card.",
        "take_skipped": "There is no card left to take anywhere: {p} takes none.",
        "take_skipped_you": "There is no card left to take anywhere: you take none.",
        "extra_turn_won": "{p} will play an extra turn after this one.",
        "extra_turn_won_you": "{p} will play an extra turn after this one.",
        "extra_turn": "{p} plays an extra turn.",
        "extra_turn_you": "{p} play an extra turn.",
        "extra_turn_lost": "The round is over, so the extra turn of {p} is lost.",
        "extra_turn_lost_you": "The round is over, so your extra turn is lost.",
        "joker": "{p} takes a joker from the middle ({left} left).",
        "joker_you": "{p} take a joker from the middle ({left} left).",
        "no_joker": "No joker is left in the middle: {p} takes the top card of a pile instead.",
        "no_joker_you": "No joker is left in the middle: you take the top card of a pile instead.",
        "swap": "{p} swaps: discards {cards} and draws one card more from the draw pile.",
        "swap_you": "{p} swap: discard {cards} and draw one card more from the draw pile.",
        "ask_number": "{p} asks to the {direction} for the number {number}.",
        "ask_number_you": "{p} ask to the {direction} for the number {number}.",
        "ask_colour": "{p} asks to the {direction} for the colour {colour}.",
        "ask_colour_you": "{p} ask to the {direction} for the colour {colour}.",
        "ask_none": "Nobody has one: {p} takes the top card of a pile instead.",
        "ask_none_you": "Nobody has one: you take the top card of a pile instead.",
        "give": "{p} gives {card} to {to} and draws from the draw pile.",
        "give_you": "{p} give {card} to {to} and draw from the draw pile.",
        "give_to_you": "{p} gives {card} to you and draws from the draw pile.",
        "give_hidden": "{p} gives {to} a card and draws from the draw pile.",
        "give_hidden_you": "{p} give {to} a card and draw from the draw pile.",
        "give_hidden_to_you": "{p} gives you a card and draws from the draw pile.",
        "show": "{p} lays {cards} face up.",
        "show_you": "{p} lay {cards} face up.",
        "show_hidden": "{p} lays {n_cards} face up.",
        "show_hidden_you": "{p} lay {n_cards} face up.",
        "steal": "{p} takes {card} from the cards {owner} showed.",
        "steal_you": "{p} take {card} from the cards {owner} showed.",
        "steal_owner_you": "{p} takes {card} from the cards you showed.",
        "steal_hidden": "{p} takes one of the cards {owner} showed.",
        "steal_hidden_you": "{p} take one of the cards {owner} showed.",
        "steal_hidden_owner_you": "{p} takes one of the cards you showed.",
        "nothing_to_discard": "{p} holds no card, so there is nothing to discard: the turn ends.",
        "nothing_to_discard_you": "{p} hold no card, so there is nothing to discard: your turn "
        "ends.",
        "discard_two": "{p} discards two cards, {cards}: every laid combination is full.",
        "discard_two_you": "{p} discard two cards, {cards}: every laid combination is full.",
    },
    "de": {
        "deal": "Runde {round}: {dealer} gibt allen 10 Karten und deckt {first_discard} auf; "
        "{starts} beginnt.",
        "deal_dealer_you": "Runde {round}: {dealer} gibst allen 10 Karten und deckst "
        "{first_discard} auf; {starts} beginnt.",
        "deal_starts_you": "Runde {round}: {dealer} gibt allen 10 Karten und deckt "
        "{first_discard} auf; du beginnst.",
        "deal_dealer_you_starts_you": "Runde {round}: {dealer} gibst allen 10 Karten und "
        "deckst {first_discard} auf; du beginnst.",
        "setup": "Eine Stellung ist aufgebaut: Runde {round}, {p} ist am Zug ({step}).",
        "setup_you": "Eine Stellung ist aufgebaut: Runde {round}, du bist am Zug ({step}).",
        "draw_pile": "{p} zieht {card} vom Nachziehstapel.",
        "draw_pile_you": "{p} ziehst {card} vom Nachziehstapel.",
        "draw_pile_hidden": "{p} zieht eine Karte vom Nachziehstapel.",
        "draw_pile_hidden_you": "{p} ziehst eine Karte vom Nachziehstapel.",
        "draw_discard": "{p} nimmt {card} vom Ablagestapel von {owner}.",
        "draw_discard_you": "{p} nimmst {card} vom Ablagestapel von {owner}.",
        "draw_discard_owner_you": "{p} nimmt {card} von deinem Ablagestapel.",
        "draw_own": "{p} nimmt {card} vom eigenen Ablagestapel zurück.",
        "draw_own_you": "{p} nimmst {card} vom eigenen Ablagestapel zurück.",
        "draw_skipped": "Nichts zu ziehen: Der Nachziehstapel und alle Ablagestapel sind leer, "
        "also zieht {p} diesmal keine Karte.",
        "draw_skipped_you": "Nichts zu ziehen: Der Nachziehstapel und alle Ablagestapel sind "
        "leer, also ziehst du diesmal keine Karte.",
        "lay_down": "{p} legt Stufe {level} aus: {combos}.",
        "lay_down_you": "{p} legst Stufe {level} aus: {combos}.",
        "add_on": "{p} legt {card} an die {combo} von {owner} an.",
        "add_on_you": "{p} legst {card} an die {combo} von {owner} an.",
        "add_on_owner_you": "{p} legt {card} an deine {combo} an.",
        "add_on_own": "{p} legt {card} an die eigene {combo} an.",
        "add_on_own_you": "{p} legst {card} an die eigene {combo} an.",
        "discard": "{p} wirft {card} ab.",
        "discard_you": "{p} wirfst {card} ab.",
        "skip": "{p} legt eine Aussetzkarte vor {target}.",
        "skip_you": "{p} legst eine Aussetzkarte vor {target}.",
        "skip_target_you": "{p} legt eine Aussetzkarte vor dich.",
        "skip_last": "{p} spielt als letzte Karte eine Aussetzkarte: Sie bleibt ohne Wirkung, "
        "weil die Runde endet.",
        "skip_last_you": "{p} spielst als letzte Karte eine Aussetzkarte: Sie bleibt ohne "
        "Wirkung, weil die Runde endet.",
        "skip_turn": "{p} setzt aus und legt die Aussetzkarte offen unter den Nachziehstapel.",
        "skip_turn_you": "{p} setzt aus und legst die Aussetzkarte offen unter den Nachziehstapel.",
        "keep": "{p} behält {n_cards} für die nächste Runde.",
        "keep_you": "{p} behältst {n_cards} für die nächste Runde.",
        "keep_shown": "{p} behält {n_cards} für die nächste Runde: {cards}.",
        "keep_shown_you": "{p} behältst {n_cards} für die nächste Runde: {cards}.",
        "rebuild": "Der Nachziehstapel ist aufgebraucht: Die Ablagestapel (außer ihren obersten "
        "Karten) werden zu einem neuen Nachziehstapel aus {n_cards} gemischt.",
        "rebuild_skip": "Eine Aussetzkarte ist oben auf dem Nachziehstapel aufgetaucht: Die "
        "Ablagestapel (außer ihren obersten Karten) und die Aussetzkarten werden zu einem "
        "neuen Nachziehstapel aus {n_cards} gemischt.",
        "round_end": "{p} legt die letzte Karte ab und beendet Runde {round}. {moves}.",
        "round_end_you": "{p} legst die letzte Karte ab und beendest Runde {round}. {moves}.",
        "win_lay": "{p} gewinnt mit der letzten Stufe (Stufe {level})!",
        "win_lay_you": "{p} gewinnst mit der letzten Stufe (Stufe {level})!",
        "win_out": "{p} gewinnt! {p} hatte Stufe {level} ausgelegt und die Runde beendet: Der "
        "Sprung um zwei Stufen führt über die letzte Stufe hinaus.",
        "win_out_you": "{p} gewinnst! {p} hattest Stufe {level} ausgelegt und die Runde "
        "beendet: Der Sprung um zwei Stufen führt über die letzte Stufe hinaus.",
        "deal_board": "Runde {round}: {dealer} gibt allen bis zu 10 Karten, deckt "
        "{first_discard} auf und legt {jokers} Joker in die Mitte; {starts} beginnt.",
        "deal_board_dealer_you": "Runde {round}: {dealer} gibst allen bis zu 10 Karten, "
        "deckst {first_discard} auf und legst {jokers} Joker in die Mitte; {starts} beginnt.",
        "deal_board_starts_you": "Runde {round}: {dealer} gibt allen bis zu 10 Karten, deckt "
        "{first_discard} auf und legt {jokers} Joker in die Mitte; du beginnst.",
        "deal_board_dealer_you_starts_you": "Runde {round}: {dealer} gibst allen bis zu 10 "
        "Karten, deckst {first_discard} auf und legst {jokers} Joker in die Mitte; "
        "du beginnst.",
        "roll": "{p} würfelt {a} und {b}.",
        "roll_you": "{p} würfelst {a} und {b}.",
        "roll_set": "Die Würfel für {p} werden auf {a} und {b} gestellt.",
        "roll_set_you": "Die Würfel für dich werden auf {a} und {b} gestellt.",
        "move": "{p} zieht auf Feld {field} ({action}).",
        "move_you": "{p} ziehst auf Feld {field} ({action}).",
        "choose": "{p} wählt {action}: Der Turm zieht weiter auf Feld {field}.",
        "choose_you": "{p} wählst {action}: Dein Turm zieht weiter auf Feld {field}.",
        "nothing_to_choose": "Keine Aktion hat ein freies Feld: {p} nimmt stattdessen die "
        "oberste Karte eines Stapels.",
        "nothing_to_choose_you": "Keine Aktion hat ein freies Feld: Du nimmst stattdessen die "
        "oberste Karte eines Stapels.",
        "pile_empty": "Es gibt nichts mehr zu ziehen: {p} zieht keine Karte.",
        "pile_empty_you": "Es gibt nichts mehr zu ziehen: Du ziehst keine Karte.",
        "take_skipped": "Nirgends liegt noch eine Karte: {p} nimmt keine.",
        "take_skipped_you": "Nirgends liegt noch eine Karte: Du nimmst keine.",
        "extra_turn_won": "{p} spielt nach diesem Zug einen Extrazug.",
        "extra_turn_won_you": "{p} spielst nach diesem Zug einen Extrazug.",
        "extra_turn": "{p} spielt einen Extrazug.",
        "extra_turn_you": "{p} spielst einen Extrazug.",
        "extra_turn_lost": "Die Runde ist vorbei, der Extrazug von {p} verfällt.",
        "extra_turn_lost_you": "Die Runde ist vorbei, dein Extrazug verfällt.",
        "joker": "{p} nimmt einen Joker aus der Mitte (noch {left}).",
        "joker_you": "{p} nimmst einen Joker aus der Mitte (noch {left}).",
        "no_joker": "In der Mitte liegt kein Joker mehr: {p} nimmt stattdessen die oberste "
        "Karte eines Stapels.",
        "no_joker_you": "In der Mitte liegt kein Joker mehr: Du nimmst stattdessen die oberste "
        "Karte eines Stapels.",
        "swap": "{p} tauscht: wirft {cards} ab und zieht eine Karte mehr vom Nachziehstapel.",
        "swap_you": "{p} tauschst: wirfst {cards} ab und ziehst eine Karte mehr vom "
        "Nachziehstapel.",
        "ask_number": "{p} fragt {direction} herum nach der Zahl {number}.",
        "ask_number_you": "{p} fragst {direction} herum nach der Zahl {number}.",
        "ask_colour": "{p} fragt {direction} herum nach der Farbe {colour}.",
        "ask_colour_you": "{p} fragst {direction} herum nach der Farbe {colour}.",
        "ask_none": "Niemand hat eine: {p} nimmt stattdessen die oberste Karte eines Stapels.",
        "ask_none_you": "Niemand hat eine: Du nimmst stattdessen die oberste Karte eines Stapels.",
        "give": "{p} gibt {to} {card} und zieht vom Nachziehstapel.",
        "give_you": "{p} gibst {to} {card} und ziehst vom Nachziehstapel.",
        "give_to_you": "{p} gibt dir {card} und zieht vom Nachziehstapel.",
        "give_hidden": "{p} gibt {to} eine Karte und zieht vom Nachziehstapel.",
        "give_hidden_you": "{p} gibst {to} eine Karte und ziehst vom Nachziehstapel.",
        "give_hidden_to_you": "{p} gibt dir eine Karte und zieht vom Nachziehstapel.",
        "show": "{p} legt {cards} offen aus.",
        "show_you": "{p} legst {cards} offen aus.",
        "show_hidden": "{p} legt {n_cards} offen aus.",
        "show_hidden_you": "{p} legst {n_cards} offen aus.",
        "steal": "{p} nimmt {card} aus den Karten, die {owner} gezeigt hat.",
        "steal_you": "{p} nimmst {card} aus den Karten, die {owner} gezeigt hat.",
        "steal_owner_you": "{p} nimmt {card} aus den Karten, die du gezeigt hast.",
        "steal_hidden": "{p} nimmt eine der Karten, die {owner} gezeigt hat.",
        "steal_hidden_you": "{p} nimmst eine der Karten, die {owner} gezeigt hat.",
        "steal_hidden_owner_you": "{p} nimmt eine der Karten, die du gezeigt hast.",
        "nothing_to_discard": "{p} hat keine Karte mehr und kann nichts abwerfen: Der Zug endet.",
        "nothing_to_discard_you": "{p} hast keine Karte mehr und kannst nichts abwerfen: Dein "
        "Zug endet.",
        "discard_two": "{p} wirft zwei Karten ab ({cards}): Alle ausgelegten Kombinationen "
        "sind voll.",
        "discard_two_you": "{p} wirfst zwei Karten ab ({cards}): Alle ausgelegten "
        "Kombinationen sind voll.",
    },
}

#: Words used inside sentences: cards, combinations, counts, steps of a turn.
WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "player": "Player {n}",
        "you": "You",
        "colours": ("red", "yellow", "green", "blue", "purple", "orange"),
        "colour_nouns": ("red", "yellow", "green", "blue", "purple", "orange"),
        "number_card": "{number} {colour}",
        "joker": "joker",
        "a_joker": "a joker",
        "skip_card": "skip card",
        "a_skip_card": "a skip card",
        "joker_as": "joker as {meaning}",
        "a_joker_as": "a joker as {meaning}",
        "run": "run {lo}–{hi}",
        "set": "set of {value}s",
        "colour": "colour group {colour}",
        "combo_cards": "{name} ({cards})",
        "and": " + ",
        "cards_0": "no cards",
        "cards_1": "1 card",
        "cards_n": "{n} cards",
        "move": "{name} +{up} → level {level}",
        "steps": {
            "draw": "draw",
            "play": "play",
            "skipped": "sit out (skipped)",
            "roll": "roll the dice",
            "move": "move",
            "take": "take a card",
            "swap": "swap cards",
            "ask": "ask for a card",
            "give": "give a card",
            "show": "lay cards face up",
            "steal": "take a shown card",
            "choose": "choose an action",
        },
        "directions": {"left": "left", "right": "right"},
        "actions": {
            "draw1": "take 1",
            "draw2": "take 2",
            "joker": "joker",
            "ask": "ask",
            "swap": "swap",
            "draw_again": "draw again",
            "steal": "steal",
            "all_draw": "all draw",
            "choose": "choose",
        },
    },
    "de": {
        "player": "Spieler {n}",
        "you": "Du",
        "colours": ("rot", "gelb", "grün", "blau", "lila", "orange"),
        "colour_nouns": ("Rot", "Gelb", "Grün", "Blau", "Lila", "Orange"),
        "number_card": "{number} {colour}",
        "joker": "Joker",
        "a_joker": "einen Joker",
        "skip_card": "Aussetzkarte",
        "a_skip_card": "eine Aussetzkarte",
        "joker_as": "Joker als {meaning}",
        "a_joker_as": "einen Joker als {meaning}",
        "run": "Folge {lo}–{hi}",
        "set": "{value}er-Gruppe",
        "colour": "Farbgruppe {colour}",
        "combo_cards": "{name} ({cards})",
        "and": " + ",
        "cards_0": "keine Karte",
        "cards_1": "1 Karte",
        "cards_n": "{n} Karten",
        "move": "{name} +{up} → Stufe {level}",
        "steps": {
            "draw": "ziehen",
            "play": "spielen",
            "skipped": "aussetzen",
            "roll": "würfeln",
            "move": "ziehen (Turm)",
            "take": "eine Karte nehmen",
            "swap": "Karten tauschen",
            "ask": "nach einer Karte fragen",
            "give": "eine Karte geben",
            "show": "Karten offen auslegen",
            "steal": "eine gezeigte Karte nehmen",
            "choose": "eine Aktion wählen",
        },
        "directions": {"left": "links", "right": "rechts"},
        "actions": {
            "draw1": "1 nehmen",
            "draw2": "2 nehmen",
            "joker": "Joker",
            "ask": "Fragen",
            "swap": "Tauschen",
            "draw_again": "Nochmal",
            "steal": "Stehlen",
            "all_draw": "Alle ziehen",
            "choose": "Wählen",
        },
    },
}


def _words(language: str) -> dict[str, Any]:
    try:
        return WORDS[language]
    except (KeyError, TypeError):
        raise ConfigError(
            f"language must be one of {', '.join(LANGUAGES)}, not {language!r}"
        ) from None


def card_name(cid: int, language: str = "en", *, article: bool = False) -> str:
    """A card spelt out: ``"7 red"``, ``"joker"``/``"a joker"`` (``article=True`` gives the
    form used inside a sentence, German accusative: ``"einen Joker"``)."""
    w = _words(language)
    if cid < FIRST_JOKER:
        return w["number_card"].format(number=cid % 15 + 1, colour=w["colours"][cid // 15])
    if not FIRST_SKIP <= cid < END_SKIP:
        return w["a_joker" if article else "joker"]
    return w["a_skip_card" if article else "skip_card"]


def _meaning(kind: str, meaning: int, w: Mapping[str, Any]) -> str:
    return w["colour_nouns"][meaning] if kind == "colour" else str(meaning)


def _laid_card(cid: int, kind: str, meaning: int | None, w: Mapping[str, Any], article: bool):
    """A card as laid in a combination: a joker shows what it stands for."""
    if is_joker(cid) and meaning is not None:
        key = "a_joker_as" if article else "joker_as"
        return w[key].format(meaning=_meaning(kind, meaning, w))
    if cid < FIRST_JOKER:
        return w["number_card"].format(number=cid % 15 + 1, colour=w["colours"][cid // 15])
    return (
        w["a_joker" if article else "joker"] if not FIRST_SKIP <= cid < END_SKIP else w["skip_card"]
    )


def _combo_name(kind: str, lo: int, hi: int, value: int, w: Mapping[str, Any]) -> str:
    if kind == "run":
        return w["run"].format(lo=lo, hi=hi)
    if kind == "set":
        return w["set"].format(value=value)
    return w["colour"].format(colour=w["colour_nouns"][value])


def _combo_shape(combo: Mapping[str, Any]) -> tuple[str, int, int, int]:
    """kind, lo, hi, value of a combination given as ``Combo.to_dict()`` or as a short
    ``{"kind", "lo", "hi"}`` / ``{"kind", "value"}`` summary."""
    kind = combo["kind"]
    if "cards" not in combo:
        lo = combo.get("lo", combo.get("value", 0))
        return kind, lo, combo.get("hi", lo), combo.get("value", lo)
    jokers = {int(k): v for k, v in combo.get("jokers", {}).items()}
    values = [
        jokers[c] if c in jokers else (c // 15 if kind == "colour" else c % 15 + 1)
        for c in combo["cards"]
    ]
    return kind, min(values), max(values), values[0]


def combo_text(combo: Mapping[str, Any], language: str = "en", *, cards: bool = True) -> str:
    """A laid combination: ``"run 4–6 (4 red, joker as 5, 6 blue)"``."""
    w = _words(language)
    kind, lo, hi, value = _combo_shape(combo)
    name = _combo_name(kind, lo, hi, value, w)
    if not cards or "cards" not in combo:
        return name
    jokers = {int(k): v for k, v in combo.get("jokers", {}).items()}
    shown = ", ".join(_laid_card(c, kind, jokers.get(c), w, False) for c in combo["cards"])
    return w["combo_cards"].format(name=name, cards=shown)


def count_text(n: int, language: str = "en") -> str:
    """``"no cards"``, ``"1 card"``, ``"3 cards"`` (``"keine Karte"``, ``"1 Karte"``, …)."""
    w = _words(language)
    if n == 0:
        return w["cards_0"]
    return w["cards_1"] if n == 1 else w["cards_n"].format(n=n)


def _fields(template: str) -> set[str]:
    """The placeholders of a sentence: ``{"p", "card"}``."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def template_key(kind: str, player: int | None, data: Mapping[str, Any]) -> str:
    """Which sentence of :data:`SENTENCES` an event uses."""
    if kind == "draw":
        src = data.get("source", "pile")
        if src == "pile":
            return "draw_pile" if "card" in data else "draw_pile_hidden"
        return "draw_own" if src == player else "draw_discard"
    if kind == "add_on":
        return "add_on_own" if data.get("owner") == player else "add_on"
    if kind == "skip":
        return "skip" if data.get("effect", True) else "skip_last"
    if kind == "keep":
        return "keep_shown" if data.get("cards") else "keep"
    if kind == "rebuild":
        return "rebuild_skip" if data.get("skip_surfaced") else "rebuild"
    if kind == "win":
        return "win_out" if data.get("reason") == "went_out" else "win_lay"
    if kind == "deal" and "jokers" in data:
        return "deal_board"
    if kind == "roll":
        return "roll_set" if data.get("set") else "roll"
    if kind == "ask":
        return "ask_number" if data.get("number") is not None else "ask_colour"
    if kind == "give" or kind == "steal":
        return kind if "card" in data else f"{kind}_hidden"
    if kind == "show":
        return "show" if "cards" in data else "show_hidden"
    return kind


def describe_event(
    kind: str,
    player: int | None,
    data: Mapping[str, Any],
    names: Sequence[str] | None = None,
    language: str = "en",
) -> str:
    """The sentence for one event in ``language`` ("en" or "de").

    A player whose name :func:`is_you` is spoken to in the second person and written as
    the language's word for "you": ``"You roll 1 and 5."``, ``"Ben gives you 7 red …"``,
    ``"Du würfelst 1 und 5."``.
    """
    w = _words(language)
    table = SENTENCES[language]

    def who(i: object) -> str:
        if isinstance(i, int) and not isinstance(i, bool):
            if names is not None and 0 <= i < len(names):
                name = str(names[i])
                return w["you"] if is_you(name) else name
            return w["player"].format(n=i + 1)
        return "?"

    def you(i: object) -> bool:
        if names is None or not isinstance(i, int) or isinstance(i, bool):
            return False
        return 0 <= i < len(names) and is_you(names[i])

    key = template_key(kind, player, data)
    template = table.get(key)
    if template is None:
        return kind
    # the players a sentence names (roles of YOU_ROLES): their names, and "you" variants
    seats: dict[str, object] = {"p": player}
    if kind == "deal":
        seats["dealer"] = data.get("dealer", player)
        seats["starts"] = data.get("starts")
    elif kind == "draw":
        seats["owner"] = data.get("source")
    elif kind == "add_on":
        seats["owner"] = data.get("owner")
    elif kind == "skip":
        seats["target"] = data.get("target")
    elif kind in ("give", "show", "steal"):
        seats["to"] = data.get("to")
        seats["owner"] = data.get("from")
    used = _fields(template)
    roles = [r for r in YOU_ROLES if r in seats and r in used and you(seats[r])]
    if roles:  # all of them, else the first one with a variant (two players named "you")
        keys = [you_key(key, roles)] + [you_key(key, [r]) for r in roles]
        template = next((table[k] for k in keys if k in table), template)
    f: dict[str, Any] = {**data, **{r: who(i) for r, i in seats.items()}}
    if kind == "deal":
        f["first_discard"] = card_name(data["first_discard"], language, article=True)
    elif kind == "setup":
        f["step"] = w["steps"].get(data.get("phase"), data.get("phase"))
    elif kind in ("draw", "discard") and "card" in data:
        f["card"] = card_name(data["card"], language, article=True)
    elif kind == "lay_down":
        f["combos"] = w["and"].join(combo_text(c, language) for c in data["combos"])
    elif kind == "add_on":
        shape = data.get("combo")
        ckind = shape["kind"] if shape else "run"
        meaning = data.get("meaning")
        f["card"] = _laid_card(data["card"], ckind, meaning, w, True)
        f["combo"] = combo_text(shape, language, cards=False) if shape else "?"
    elif kind in ("keep", "rebuild"):
        count = data.get("count", len(data.get("cards", ())))
        f["n_cards"] = count_text(count, language)
        if data.get("cards"):
            f["cards"] = ", ".join(card_name(c, language) for c in data["cards"])
    elif kind == "roll":
        f["a"], f["b"] = data["dice"]
    elif kind in ("move", "choose"):
        f["action"] = w["actions"].get(data.get("action"), data.get("action"))
    elif kind == "ask":
        f["direction"] = w["directions"].get(data.get("direction"), data.get("direction"))
        if data.get("colour") is not None:
            f["colour"] = w["colour_nouns"][data["colour"]]
    elif kind in ("give", "show", "steal"):
        if "card" in data:
            f["card"] = card_name(data["card"], language, article=True)
        if "cards" in data:
            f["cards"] = ", ".join(card_name(c, language) for c in data["cards"])
        f["n_cards"] = count_text(data.get("count", 0), language)
    elif kind in ("swap", "discard_two"):
        f["cards"] = ", ".join(card_name(c, language) for c in data["cards"])
    elif kind == "round_end":
        f["moves"] = "; ".join(
            w["move"].format(name=who(q), up=up, level=lv)
            for q, (up, lv) in enumerate(zip(data["moves"], data["levels"], strict=False))
        )
    return template.format(**f)
