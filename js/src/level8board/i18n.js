// The board game's translator: the card game's table and refusals (level8/i18n.js), then the
// board's own labels (strings.js) and refusals (ERRORS, below) on top.
import { makeT } from "../common/i18n.js";
import { namespace } from "../common/locales.js";
import { ERRORS as L8_ERRORS, errorParams as l8ErrorParams } from "../level8/i18n.js";
import { L8_STRINGS } from "../level8/strings.js";
import { BOARD_STRINGS } from "./strings.js";

// ------------------------------------------------------------------------------------------
// Refused moves: the board engine's codes (level8.board_*) have their sentences in the card
// game's table (level8/i18n.js, which the error-code test reads); here only the words their
// params need in the board's phases ({must} of a board phase, {what} of a card count).
export const ERRORS = Object.fromEntries(
  Object.entries(namespace("level8board")).map(([lang, table]) => [lang, Object.fromEntries(Object.entries(table).filter(([k]) => k.startsWith("err")))]),
);

export const t = makeT(
  Object.fromEntries(Object.keys(BOARD_STRINGS).map((lang) => [lang, { ...L8_STRINGS[lang], ...L8_ERRORS[lang], ...BOARD_STRINGS[lang], ...ERRORS[lang] }])),
);

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
