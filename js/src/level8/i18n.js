// Level 8's translator: its own table (strings.js) and its refused moves (ERRORS, below)
// merged over the common one.
import { makeT } from "../common/i18n.js";
import { COLOUR_LETTERS, N_IDS, cardInfo, codeOf } from "./cards.js";
import { L8_STRINGS } from "./strings.js";
import { reqText } from "./text.js";

// ------------------------------------------------------------------------------------------
// Refused moves: the engine's and the widget's error codes (levelwidgets/level8/*.py,
// levelwidgets/widgets/level8.py, GameError.coded) with the same {params}, which errorParams
// turns into words first: card codes into card names, {word}/{kind}/{colour} into this
// language, {req} into {need}, {phase} into {must}. A "_you" form is for a player called
// You/Du. Keys without a dot are words for those sentences, not codes.
export const ERRORS = {
  en: {
    "level8.game_over": "Cannot {what}: the game is over ({winners:, } won).",
    "level8.not_your_turn": "{name} cannot {what}: it is {current}'s turn.",
    "level8.wrong_phase": "{name} cannot {what} now; it is the {phase} phase, in which they must {help}.",
    "level8.wrong_phase_you": "{name} cannot {what} now: first {must}.",
    "level8.not_in_hand": "{name} cannot {what} {card}: that card is not in their hand.",
    "level8.not_in_game": "Card {card} is out of range for this game, which has {count} cards.",
    "level8.board_bad_value": "The {what} must be a whole number {lo}–{hi}, not {value}.",
    "level8.board_no_skip_cards": "The board game has no skip cards.",
    "level8.board_not_reachable": "{name} cannot move to field {field}: the dice {dice} reach {fields}.",
    "level8.board_ask_one": "Ask for either a number or a colour (exactly one of them).",
    "level8.board_bad_direction": "The direction must be left or right, not {direction}.",
    "level8.board_give_no_match": "{card} is not what was asked for ({asked}).",
    "level8.board_not_shown": "{card} was not shown; take one of {cards}.",
    "level8.board_bad_choice": "{action} cannot be chosen; choose one of {actions}.",
    "level8.board_all_occupied": "Every field of {action} is occupied; choose another action.",
    "level8.board_two_not_allowed": "{name} may discard two cards only after laying down and while every laid combination is full.",
    "level8.board_card_count": "{name} must {what} {least}–{most} different hand cards, not {count}.",
    "level8.board_bad_dice": "Dice must be two numbers 1–6, not {dice}.",
    "level8.board_draw_pile_empty": "{name} cannot take from the draw pile: it is empty (take the top card of a discard pile instead).",
    "level8.board_discard_pile_empty": "{name} cannot take from {owner}'s discard pile: it is empty.",
    "level8.not_in_hand_you": "{name} cannot {what} {card}: that card is not in your hand.",
    "level8.no_player": "{player} is not a player ({role}); seats are 0–{last}.",
    "level8.draw_pile_empty": "{name} cannot draw from the draw pile: it is empty (take the top card of a discard pile instead).",
    "level8.discard_pile_empty": "{name} cannot draw from {owner}'s discard pile: it is empty.",
    "level8.laid_already": "{name} has already laid down level {level} this round; now they may only add cards to laid combinations.",
    "level8.laid_already_you": "{name} have already laid down level {level} this round; now you may only add cards to laid combinations.",
    "level8.card_twice": "A card cannot be used twice: {cards:, }.",
    "level8.not_held": "{name} does not hold {cards:, }.",
    "level8.not_held_you": "{name} do not hold {cards:, }.",
    "level8.level_mismatch": "Level {level} of {name} needs exactly {need} (all at once, no more, no less); offered: {offered}.",
    "level8.keep_one": "{name} must keep one card to discard at the end of the turn.",
    "level8.keep_one_you": "{name} must keep one card to discard at the end of the turn.",
    "level8.lay_down_first": "{name} must lay down their own level before adding cards.",
    "level8.lay_down_first_you": "{name} must lay down your own level before adding cards.",
    "level8.no_meld": "{owner} has no laid combination #{index} (they have {count}).",
    "level8.either_end": "{card} could go at either end of the run {lo}–{hi}: declare number={first} or number={second}.",
    "level8.cannot_stand": "{card} cannot stand for {number} in this {kind}; it can only be {allowed: or }.",
    "level8.skip_never_joins": "Skip cards never join a combination.",
    "level8.run_complete": "The run {lo}–{hi} is complete (runs never go past 1 or 15).",
    "level8.run_no_fit": "{card} does not fit the run {lo}–{hi}: a run only grows at its ends, here with {ends: or } (no wrap from 15 to 1).",
    "level8.set_no_fit": "{card} does not fit this set: it only takes cards numbered {number}.",
    "level8.colour_no_fit": "{card} does not fit this colour group: it only takes {colour} cards.",
    "level8.no_skip_card": "{name} holds no skip card.",
    "level8.no_skip_card_you": "{name} hold no skip card.",
    "level8.not_skip_card": "{card} is not a skip card.",
    "level8.skip_self": "{name} cannot skip themself; choose another player.",
    "level8.skip_self_you": "{name} cannot skip yourself; choose another player.",
    "level8.skip_taken": "{target} already has a skip card in front of them; choose another player.",
    "level8.keep_twice": "The same card was named twice.",
    "level8.keep_max": "{name} may keep at most {most} cards, not {count}.",
    "level8.keep_not_in_hand": "{name} cannot keep {card}: it is not in their hand.",
    "level8.keep_not_in_hand_you": "{name} cannot keep {card}: it is not in your hand.",
    "level8.undo_too_far": "Cannot undo {n} step(s): only {played} action(s) were played since {start}.",
    "level8.combo_kind": "Unknown combination kind {kind}; use run, set or colour.",
    "level8.combo_empty": "A {kind} needs at least one card.",
    "level8.combo_twice": "The same card appears twice in one combination.",
    "level8.combo_skip": "Skip cards can never be part of a combination ({cards:, }).",
    "level8.not_a_joker": "{card} is not a joker: only jokers get a declared meaning.",
    "level8.joker_not_in_combo": "A meaning was declared for {card}, which is not in this combination.",
    "level8.joker_meaning_type": "The meaning of {card} must be a number.",
    "level8.not_shared": "The cards {cards:, } do not share one {word}, so they are not a {kind}.",
    "level8.joker_out_of_range": "{card} cannot stand for {word} {value} ({word}s are {low}–{high}).",
    "level8.joker_differs": "In a {kind} every joker must stand for the {word} of the other cards.",
    "level8.jokers_only": "A {kind} made only of jokers needs a declared {word} for its jokers.",
    "level8.joker_number": "{card} cannot stand for {value} (numbers are 1–15).",
    "level8.run_twice": "A run cannot contain the same number twice ({numbers:, }).",
    "level8.run_too_long": "A run has at most 15 cards, not {count}.",
    "level8.run_impossible": "{count} cards cannot form a run containing the numbers {low}–{high} (runs are consecutive, 1 to 15, and 15 is never followed by 1).",
    "level8.run_ambiguous": "The joker meanings are ambiguous: this run could be {choices: or }; declare the number of each joker.",
    "level8.propose_not_in_hand": "Those cards are not all in your hand.",
    "level8.propose_laid": "{name} has already laid down this round.",
    "level8.propose_laid_you": "{name} have already laid down this round.",
    "level8.propose_mismatch": "These cards do not make level {level} ({need}).",
    "level8.nothing_to_reveal": "There is no hand to reveal: play on.",
    "level8.goto_range": "Choose a move between 0 and {total}, not {ply}.",
    "level8.pass_screen": "Pass the screen to {name} first: they confirm, then play.",
    "level8.over": "The game is over.",
    "level8.not_this_screen": "It is {name}'s turn, not this screen's.",
    "level8.nothing_to_undo": "There is nothing to undo: the round has just been dealt.",
    errMust_draw: "draw a card (from the draw pile or the top of any discard pile)",
    errMust_play: "lay down your level, add cards on, then discard or play a skip card",
    errMust_skipped: "sit this turn out (the skip card goes under the draw pile)",
    errMust_keep: "choose up to 4 cards to keep for the next round",
    errMust_round_over: "deal the next round",
    errMust_over: "nothing: the game is over",
    errWord_number: "number",
    errWord_colour: "colour",
    errSkipCard: "skip card",
  },
  de: {
    "level8.game_over": "Das geht nicht mehr: Das Spiel ist vorbei, {winners: und } hat gewonnen.",
    "level8.not_your_turn": "{current} ist am Zug, nicht {name}.",
    "level8.wrong_phase": "Das geht jetzt nicht: {name} muss erst {must}.",
    "level8.wrong_phase_you": "Das geht jetzt nicht: {name} musst erst {must}.",
    "level8.not_in_hand": "{name} hat {card} nicht auf der Hand.",
    "level8.not_in_game": "Die Karte {card} gehört nicht zu diesem Spiel ({count} Karten).",
    "level8.board_bad_value": "Der Wert muss eine ganze Zahl von {lo} bis {hi} sein, nicht {value}.",
    "level8.board_no_skip_cards": "Das Brettspiel hat keine Aussetzkarten.",
    "level8.board_not_reachable": "{name} kann nicht auf Feld {field} ziehen: Die Würfel {dice} erreichen {fields}.",
    "level8.board_ask_one": "Frage entweder nach einer Zahl oder nach einer Farbe (genau eins von beiden).",
    "level8.board_bad_direction": "Die Richtung muss links oder rechts sein, nicht {direction}.",
    "level8.board_give_no_match": "{card} ist nicht das, wonach gefragt wurde ({asked}).",
    "level8.board_not_shown": "{card} wurde nicht gezeigt; nimm eine von {cards}.",
    "level8.board_bad_choice": "{action} kann nicht gewählt werden; wähle eine von {actions}.",
    "level8.board_all_occupied": "Alle Felder von {action} sind besetzt; wähle eine andere Aktion.",
    "level8.board_two_not_allowed": "{name} darf nur zwei Karten abwerfen, wenn die eigene Stufe ausliegt und alle ausgelegten Kombinationen voll sind.",
    "level8.board_card_count": "{name} muss {least}–{most} verschiedene Handkarten wählen, nicht {count}.",
    "level8.board_bad_dice": "Würfel müssen zwei Zahlen von 1 bis 6 sein, nicht {dice}.",
    "level8.board_draw_pile_empty": "{name} kann nicht vom Nachziehstapel nehmen: Er ist leer (nimm stattdessen die oberste Karte eines Ablagestapels).",
    "level8.board_discard_pile_empty": "{name} kann nicht vom Ablagestapel von {owner} nehmen: Er ist leer.",
    "level8.not_in_hand_you": "{name} hast {card} nicht auf der Hand.",
    "level8.no_player": "{player} ist kein Platz am Tisch: Die Plätze sind 0–{last}.",
    "level8.draw_pile_empty": "Der Nachziehstapel ist leer: Nimm stattdessen die oberste Karte eines Ablagestapels.",
    "level8.discard_pile_empty": "Der Ablagestapel von {owner} ist leer: Dort gibt es nichts zu nehmen.",
    "level8.laid_already": "{name} hat Level {level} in dieser Runde schon ausgelegt; jetzt geht nur noch Anlegen an ausgelegte Kombinationen.",
    "level8.laid_already_you": "{name} hast Level {level} in dieser Runde schon ausgelegt; jetzt kannst du nur noch an ausgelegte Kombinationen anlegen.",
    "level8.card_twice": "Eine Karte lässt sich nicht zweimal verwenden: {cards:, }.",
    "level8.not_held": "{name} hat {cards:, } nicht auf der Hand.",
    "level8.not_held_you": "{name} hast {cards:, } nicht auf der Hand.",
    "level8.level_mismatch": "Level {level} verlangt genau {need} – alles auf einmal, nicht mehr und nicht weniger.",
    "level8.keep_one": "{name} muss eine Karte behalten, um sie am Ende des Zugs abzulegen.",
    "level8.keep_one_you": "{name} musst eine Karte behalten, um sie am Ende des Zugs abzulegen.",
    "level8.lay_down_first": "{name} muss erst das eigene Level auslegen, bevor angelegt werden kann.",
    "level8.lay_down_first_you": "{name} musst erst dein eigenes Level auslegen, bevor du anlegen kannst.",
    "level8.no_meld": "{owner} hat keine ausgelegte Kombination #{index} (nur {count}).",
    "level8.either_end": "{card} passt an beide Enden der Folge {lo}–{hi}: Wähle {first} oder {second}.",
    "level8.cannot_stand": "{card} kann hier nicht für {number} stehen, nur für {allowed: oder }.",
    "level8.skip_never_joins": "Aussetzkarten gehören nie zu einer Kombination.",
    "level8.run_complete": "Die Folge {lo}–{hi} ist vollständig (Folgen gehen nie über 1 oder 15 hinaus).",
    "level8.run_no_fit": "{card} passt nicht an die Folge {lo}–{hi}: Eine Folge wächst nur an ihren Enden, hier mit {ends: oder } (nach 15 kommt keine 1).",
    "level8.set_no_fit": "{card} passt nicht zu diesen gleichen Zahlen: Hier passen nur Karten mit der {number}.",
    "level8.colour_no_fit": "{card} passt nicht zu dieser Farbgruppe: Hier passen nur Karten der Farbe {colour}.",
    "level8.no_skip_card": "{name} hat keine Aussetzkarte.",
    "level8.no_skip_card_you": "{name} hast keine Aussetzkarte.",
    "level8.not_skip_card": "{card} ist keine Aussetzkarte.",
    "level8.skip_self": "Niemand kann sich selbst aussetzen lassen: Wähle einen anderen Spieler.",
    "level8.skip_self_you": "Du kannst dich nicht selbst aussetzen lassen: Wähle einen anderen Spieler.",
    "level8.skip_taken": "Vor {target} liegt schon eine Aussetzkarte: Wähle einen anderen Spieler.",
    "level8.keep_twice": "Dieselbe Karte wurde zweimal genannt.",
    "level8.keep_max": "Behalten darf man höchstens {most} Karten, nicht {count}.",
    "level8.keep_not_in_hand": "{name} hat {card} nicht auf der Hand und kann die Karte daher nicht behalten.",
    "level8.keep_not_in_hand_you": "{name} hast {card} nicht auf der Hand und kannst die Karte daher nicht behalten.",
    "level8.undo_too_far": "{n} Schritt(e) lassen sich nicht zurücknehmen: Seit Beginn wurden erst {played} Aktion(en) gespielt.",
    "level8.combo_kind": "Unbekannte Art von Kombination: {kind}. Möglich sind run, set oder colour.",
    "level8.combo_empty": "Eine Kombination ({kind}) braucht mindestens eine Karte.",
    "level8.combo_twice": "Dieselbe Karte kommt in einer Kombination zweimal vor.",
    "level8.combo_skip": "Aussetzkarten gehören nie zu einer Kombination ({cards:, }).",
    "level8.not_a_joker": "{card} ist kein Joker: Nur bei Jokern wird angegeben, wofür sie stehen.",
    "level8.joker_not_in_combo": "Für {card} ist angegeben, wofür die Karte steht, aber sie gehört nicht zu dieser Kombination.",
    "level8.joker_meaning_type": "Wofür {card} steht, muss eine Zahl sein.",
    "level8.not_shared": "Die Karten {cards:, } haben nicht alle dieselbe {word}.",
    "level8.joker_out_of_range": "{card} kann nicht für {word} {value} stehen (möglich: {low}–{high}).",
    "level8.joker_differs": "Hier muss jeder Joker für dieselbe {word} stehen wie die anderen Karten.",
    "level8.jokers_only": "Nur Joker: Gib an, für welche {word} sie stehen.",
    "level8.joker_number": "{card} kann nicht für {value} stehen (die Zahlen gehen von 1 bis 15).",
    "level8.run_twice": "In einer Zahlenfolge kommt keine Zahl zweimal vor ({numbers:, }).",
    "level8.run_too_long": "Eine Zahlenfolge hat höchstens 15 Karten, nicht {count}.",
    "level8.run_impossible": "{count} Karten ergeben keine Zahlenfolge mit den Zahlen {low}–{high} (Folgen sind lückenlos von 1 bis 15, nach 15 kommt keine 1).",
    "level8.run_ambiguous": "Die Joker sind nicht eindeutig: Diese Folge könnte {choices: oder } sein. Gib für jeden Joker die Zahl an.",
    "level8.propose_not_in_hand": "Diese Karten sind nicht alle auf deiner Hand.",
    "level8.propose_laid": "{name} hat in dieser Runde schon ausgelegt.",
    "level8.propose_laid_you": "{name} hast in dieser Runde schon ausgelegt.",
    "level8.propose_mismatch": "Mit diesen Karten geht Level {level} nicht ({need}).",
    "level8.nothing_to_reveal": "Es gibt keine Karten aufzudecken: Spiel weiter.",
    "level8.goto_range": "Wähle einen Zug zwischen 0 und {total}, nicht {ply}.",
    "level8.pass_screen": "Gib den Bildschirm erst an {name} weiter: {name} bestätigt und spielt dann.",
    "level8.over": "Das Spiel ist vorbei.",
    "level8.not_this_screen": "{name} ist am Zug, nicht dieser Bildschirm.",
    "level8.nothing_to_undo": "Es gibt nichts zurückzunehmen: Die Runde wurde gerade erst gegeben.",
    errMust_draw: "eine Karte ziehen (vom Nachziehstapel oder oben von einem Ablagestapel)",
    errMust_play: "auslegen oder anlegen und dann ablegen (oder eine Aussetzkarte spielen)",
    errMust_skipped: "aussetzen (die Aussetzkarte kommt unter den Nachziehstapel)",
    errMust_keep: "bis zu 4 Karten für die nächste Runde zum Behalten wählen",
    errMust_round_over: "die nächste Runde geben",
    errMust_over: "nichts mehr tun: Das Spiel ist vorbei",
    errWord_number: "Zahl",
    errWord_colour: "Farbe",
    errSkipCard: "Aussetzkarte",
  },
};

export const t = makeT({ en: { ...L8_STRINGS.en, ...ERRORS.en }, de: { ...L8_STRINGS.de, ...ERRORS.de } });

const BY_CODE = new Map(Array.from({ length: N_IDS }, (_, id) => [codeOf(id), id]));

/** A card code of the engine ("7R", "J1", "S2") as its name in lang ("7 rot", "Joker"). */
function cardWord(lang, code) {
  const id = BY_CODE.get(code);
  if (id === undefined) return String(code);
  const info = cardInfo(id);
  if (info.kind === "number") return `${info.number} ${t(lang, `c${info.colour}`)}`;
  return t(lang, info.kind === "joker" ? "joker" : "errSkipCard");
}

/** The params of a refused move in words for lang (toast's `params` option). */
export function errorParams(lang, params) {
  const L = (key, p) => t(lang, key, p);
  const out = { ...params };
  if (typeof out.card === "string") out.card = cardWord(lang, out.card);
  if (Array.isArray(out.cards)) out.cards = out.cards.map((c) => cardWord(lang, c));
  const colour = typeof out.colour === "string" && out.colour.length === 1 ? COLOUR_LETTERS.indexOf(out.colour) : -1;
  if (colour >= 0) out.colour = L(`c${colour}`);
  if (out.word === "number" || out.word === "colour") out.word = L(`errWord_${out.word}`);
  if (out.kind === "run" || out.kind === "set" || out.kind === "colour") out.kind = L(out.kind);
  if (Array.isArray(out.req)) out.need = reqText(L, out.req);
  if (typeof out.phase === "string") out.must = L(`errMust_${out.phase}`);
  return out;
}
