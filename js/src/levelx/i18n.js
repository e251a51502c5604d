// Level X's own labels in English and German, on top of the common table (common/i18n.js:
// undo, redo, moves, log, round, gameOver, wins …). Keys are stable; {name} fills in values
// (as text, never HTML).

import { makeT } from "../common/i18n.js";

export const STRINGS = {
  en: {
    title: "Level X",
    lastRound: "Last round!",
    toRoll: "{name} to roll",
    roll: "Roll",
    confirm: "Play",
    pass: "Pass",
    passNoMove: "Pass (no move possible)",
    passNoMoveShort: "pass (no move)",
    passGiveUp: "Pass: give up this roll",
    passGiveUpTitle: "{n} moves are possible with these dice; passing gives them all up.",
    groupFirst: "Group dice to play",
    passWord: "passes",
    clear: "Clear",
    newGroup: "New group",
    teach: "Teach",
    closed: "closed",
    chips: "chips",
    tiles: "Bonus",
    score: "points",
    turnOne: "Turn this 1",
    turnTitle: "Lucky Loser: turn a 1 into",
    turnLimit: "Lucky Loser lets only {n} of the 1s of this roll be turned: turn one back to 1 first.",
    groupsHint: "Click dice (or drag them) to group them. Each group's sum is a step in that row.",
    rollHint: "Press Roll (or the r key).",
    dropNew: "+ New group",
    sum: "= {sum}",
    leftOut: "left out",
    teachTitle: "All groupings of {dice}",
    chanceTitle: "Chance a roll can make each sum",
    noDice: "Roll to see the groupings.",
    keysHelp: "Keys: r roll · 1–4 dice · n new group · Enter play · Esc clear · ←/→ undo/redo · Shift+←/→ one step · Home/End first/last · t teach",
    ev_rolled: "{p} rolls {dice}.",
    ev_turned: "{p} turns a 1 into a {v}.",
    ev_entered: "{p} enters row {row}.",
    ev_moved: "{p} moves up in row {row}.",
    ev_reached_x: "{p} reaches X in row {row}!",
    ev_ousted_owner: "{o} is knocked off X{row} and goes home.",
    ev_ousted_start: "{o} is knocked off X{row} back to the start.",
    ev_chip: "{p} takes a {v} chip.",
    ev_no_effect: "Row {row} is closed: no effect.",
    ev_row_closed: "Row {row} is empty and closes.",
    ev_bonus: "{p} completes a set: +{v} bonus!",
    ev_last_round: "This is the last round.",
    ev_passed: "{p} passes.",
    ev_turn_passed: "{p}'s turn.",
    ev_rolled_you: "{p} roll {dice}.",
    ev_turned_you: "{p} turn a 1 into a {v}.",
    ev_entered_you: "{p} enter row {row}.",
    ev_moved_you: "{p} move up in row {row}.",
    ev_reached_x_you: "{p} reach X in row {row}!",
    ev_ousted_owner_you: "{o} are knocked off X{row} and go home.",
    ev_ousted_start_you: "{o} are knocked off X{row} back to the start.",
    ev_chip_you: "{p} take a {v} chip.",
    ev_bonus_you: "{p} complete a set: +{v} bonus!",
    ev_passed_you: "{p} pass.",
    ev_turn_passed_you: "Your turn.",
    toRoll_you: "Your turn to roll",
    ev_game_over: "Game over.",
    annotateHint: "Click a row number, a square, a die or a group to highlight it (the same click again takes it off).",
  },
  de: {
    title: "Level X",
    lastRound: "Letzte Runde!",
    toRoll: "{name} würfelt",
    roll: "Würfeln",
    confirm: "Spielen",
    pass: "Passen",
    passNoMove: "Passen (kein Zug möglich)",
    passNoMoveShort: "passen (kein Zug)",
    passGiveUp: "Passen: diesen Wurf verschenken",
    passGiveUpTitle: "Mit diesen Würfeln sind {n} Züge möglich; wer passt, verschenkt sie alle.",
    groupFirst: "Würfel gruppieren, dann spielen",
    passWord: "passt",
    clear: "Leeren",
    newGroup: "Neue Gruppe",
    teach: "Lernen",
    closed: "geschlossen",
    chips: "Chips",
    tiles: "Bonus",
    score: "Punkte",
    turnOne: "Diese 1 drehen",
    turnTitle: "Glückspilz: eine 1 drehen auf",
    turnLimit: "Glückspilz: in diesem Wurf dürfen nur {n} Einsen gedreht werden. Erst eine zurück auf 1 drehen.",
    groupsHint: "Würfel anklicken (oder ziehen), um Gruppen zu bilden. Die Summe ist ein Schritt in dieser Reihe.",
    rollHint: "Auf „Würfeln“ klicken (oder Taste r).",
    dropNew: "+ Neue Gruppe",
    sum: "= {sum}",
    leftOut: "übrig",
    teachTitle: "Alle Gruppierungen von {dice}",
    chanceTitle: "Chance, dass ein Wurf die Summe bilden kann",
    noDice: "Würfeln, um die Gruppierungen zu sehen.",
    keysHelp: "Tasten: r würfeln · 1–4 Würfel · n neue Gruppe · Enter spielen · Esc leeren · ←/→ zurück/vor · Umschalt+←/→ ein Schritt · Pos1/Ende Anfang/Ende · t lernen",
    ev_rolled: "{p} würfelt {dice}.",
    ev_turned: "{p} dreht eine 1 auf {v}.",
    ev_entered: "{p} setzt in Reihe {row} ein.",
    ev_moved: "{p} rückt in Reihe {row} vor.",
    ev_reached_x: "{p} erreicht X in Reihe {row}!",
    ev_ousted_owner: "{o} wird von X{row} geworfen und geht nach Hause.",
    ev_ousted_start: "{o} wird von X{row} an den Anfang geworfen.",
    ev_chip: "{p} nimmt einen {v}er-Chip.",
    ev_no_effect: "Reihe {row} ist geschlossen: keine Wirkung.",
    ev_row_closed: "Reihe {row} ist leer und wird geschlossen.",
    ev_bonus: "{p} hat einen Satz voll: +{v} Bonus!",
    ev_last_round: "Dies ist die letzte Runde.",
    ev_passed: "{p} passt.",
    ev_turn_passed: "{p} ist dran.",
    ev_rolled_you: "{p} würfelst {dice}.",
    ev_turned_you: "{p} drehst eine 1 auf {v}.",
    ev_entered_you: "{p} setzt in Reihe {row} ein.",
    ev_moved_you: "{p} rückst in Reihe {row} vor.",
    ev_reached_x_you: "{p} erreichst X in Reihe {row}!",
    ev_ousted_owner_you: "{o} wirst von X{row} geworfen und gehst nach Hause.",
    ev_ousted_start_you: "{o} wirst von X{row} an den Anfang geworfen.",
    ev_chip_you: "{p} nimmst einen {v}er-Chip.",
    ev_bonus_you: "{p} hast einen Satz voll: +{v} Bonus!",
    ev_passed_you: "{p} passt.",
    ev_turn_passed_you: "Du bist dran.",
    toRoll_you: "Du würfelst",
    ev_game_over: "Spielende.",
    annotateHint: "Reihennummer, Feld, Würfel oder Gruppe anklicken zum Hervorheben (derselbe Klick noch einmal nimmt es zurück).",
  },
};

/** The label for key in lang (Level X's table, then the common one, then English). */
export const t = makeT(STRINGS);

/** "Ann and Ben" / "Ann und Ben". */
export const names = (lang, list) => t.names(lang, list);

/** "Ann wins!", "You win!", "Ann and Ben win!" (in lang). */
export function winsText(lang, winners) {
  const who = names(lang, winners);
  return winners.length > 1 ? t(lang, "winPlural", { names: who }) : t.about(lang, "wins", winners[0], { names: who });
}

/** A log sentence for one compact event [kind, player, row, square, other, value]. */
export function describeEvent(lang, ev, playerNames) {
  const [kind, player, row, square, other, value] = ev;
  const who = (i) => (i != null && playerNames[i] != null ? playerNames[i] : "?");
  const params = { p: who(player), o: who(other), row, v: value };
  if (kind === "rolled") params.dice = (value || []).join("-");
  if (kind === "game_over") {
    const w = names(lang, (value || []).map(who));
    return `${t(lang, "ev_game_over")} ${winsText(lang, (value || []).map(who))}`;
  }
  const key = kind === "ousted" ? (square == null ? "ev_ousted_owner" : "ev_ousted_start") : `ev_${kind}`;
  return t.about(lang, key, kind === "ousted" ? params.o : params.p, params); // "You roll", "Ann rolls"
}
