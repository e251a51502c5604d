// The board game's translator: the card game's table and refusals (level8/i18n.js), then the
// board's own labels (strings.js) and refusals (ERRORS, below) on top.
import { makeT } from "../common/i18n.js";
import { ERRORS as L8_ERRORS, errorParams as l8ErrorParams } from "../level8/i18n.js";
import { L8_STRINGS } from "../level8/strings.js";
import { BOARD_STRINGS } from "./strings.js";

// ------------------------------------------------------------------------------------------
// Refused moves: the board engine's codes (level8.board_*) have their sentences in the card
// game's table (level8/i18n.js, which the error-code test reads); here only the words their
// params need in the board's phases ({must} of a board phase, {what} of a card count).
export const ERRORS = {
  en: {
    errMust_roll: "roll the dice",
    errMust_move: "move the tower to one of the two glowing fields",
    errMust_take: "take a card from a pile",
    errMust_swap: "swap 1 to 3 cards",
    errMust_ask: "ask for a number or a colour",
    errMust_give: "give a matching card",
    errMust_show: "lay 3 cards face up",
    errMust_steal: "take one of the shown cards",
    errMust_choose: "choose an action",
    errMust_play: "lay down your level or add cards on, then discard",
    errWhat_swap: "swap",
    errWhat_show: "show",
    errWhat_discard: "discard",
  },
  de: {
    errMust_roll: "würfeln",
    errMust_move: "den Turm auf eines der zwei leuchtenden Felder ziehen",
    errMust_take: "eine Karte von einem Stapel nehmen",
    errMust_swap: "1 bis 3 Karten tauschen",
    errMust_ask: "nach einer Zahl oder Farbe fragen",
    errMust_give: "eine passende Karte abgeben",
    errMust_show: "3 Karten offen auslegen",
    errMust_steal: "eine der gezeigten Karten nehmen",
    errMust_choose: "eine Aktion wählen",
    errMust_play: "auslegen oder anlegen und dann ablegen",
    errWhat_swap: "tauschen",
    errWhat_show: "zeigen",
    errWhat_discard: "ablegen",
  },
};

export const t = makeT({
  en: { ...L8_STRINGS.en, ...L8_ERRORS.en, ...BOARD_STRINGS.en, ...ERRORS.en },
  de: { ...L8_STRINGS.de, ...L8_ERRORS.de, ...BOARD_STRINGS.de, ...ERRORS.de },
});

/** The params of a refused move in words for lang: the card game's words, then the board's
 * (an action id as its label, a direction as a word). */
export function errorParams(lang, params) {
  const out = l8ErrorParams(lang, params);
  if (typeof out.action === "string" && `a_${out.action}` in t.tables.en) out.action = t(lang, `a_${out.action}`);
  if (out.direction === "left" || out.direction === "right") out.direction = t(lang, out.direction);
  if (typeof params.phase === "string") out.must = t(lang, `errMust_${params.phase}`); // board phases too
  if (Array.isArray(out.actions)) out.actions = out.actions.map((a) => t(lang, `a_${a}`));
  if (typeof out.what === "string" && `errWhat_${out.what}` in t.tables.en) out.what = t(lang, `errWhat_${out.what}`);
  return out;
}
