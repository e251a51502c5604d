// Level 8 board game labels from the one catalogue (levelwidgets/locales/*.json), merged over the card game's table
// (level8/strings.js) by i18n.js. Keys are stable; {placeholders} are filled with text, never
// HTML. German follows the German edition where it has a word (auslegen, anlegen, ablegen,
// Nachziehstapel, Ablagefeld).

import { namespace } from "../common/locales.js";

/** The board game's labels per language: the catalogue's "level8board" namespace without the
 * words of refusals ("err…" keys, which i18n.js's ERRORS holds). */
export const BOARD_STRINGS = Object.fromEntries(
  Object.entries(namespace("level8board")).map(([lang, table]) => [lang, Object.fromEntries(Object.entries(table).filter(([k]) => !k.startsWith("err")))]),
);
