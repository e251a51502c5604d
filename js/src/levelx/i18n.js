// Level X's own labels (levelwidgets/locales/*.json), on top of the common table (common/i18n.js:
// undo, redo, moves, log, round, gameOver, wins …). Keys are stable; {name} fills in values
// (as text, never HTML).

import { makeT } from "../common/i18n.js";
import { codes, namespace } from "../common/locales.js";

/** Level X's own labels per language (the catalogue's "levelx" namespace). */
export const STRINGS = namespace("levelx");

/** Level X's refusals by error code (the catalogue's "errors" whose code starts "levelx."). */
export const ERRORS = codes("levelx.");

/** The label for key in lang (Level X's table, then the common one, then English). */
export const t = makeT(Object.fromEntries(Object.keys(STRINGS).map((lang) => [lang, { ...STRINGS[lang], ...ERRORS[lang] }])));

/** "Ann and Ben" / "Ann und Ben". */
export const names = (lang, list) => t.names(lang, list);

/** "Ann wins!", "You win!", "Ann and Ben win!" (in lang). */
export function winsText(lang, winners) {
  const who = names(lang, winners);
  return winners.length > 1 ? t(lang, "winPlural", { names: who }) : t.about(lang, "wins", winners[0], { names: who });
}
