// Level 8 labels from the one catalogue, levelwidgets/locales/*.json (merged with the common table by i18n.js).
// Keys are stable; {name} placeholders are filled with text, never HTML.
// German terms follow the German edition: auslegen (lay down), anlegen (add on),
// ablegen (discard), Zahlenfolge, Zwilling/Drilling/Vierling, Aussetzkarte.

import { namespace } from "../common/locales.js";

/** Level 8's labels per language: the catalogue's "level8" namespace without the words of
 * refusals ("err…" keys, which i18n.js's ERRORS holds). */
export const L8_STRINGS = Object.fromEntries(
  Object.entries(namespace("level8")).map(([lang, table]) => [lang, Object.fromEntries(Object.entries(table).filter(([k]) => !k.startsWith("err")))]),
);
