// The dice lab's words from the one catalogue, levelwidgets/locales/*.json (German: du-form; the terms of Level X: Würfel, Summe,
// Glückspilz for Lucky Loser), and numbers written the way each language writes them.

import { COMMON, fill, makeT } from "../common/i18n.js";
import { codes, namespace } from "../common/locales.js";

/** The lab's words and its refusals (codes "dicelab.…") per language, from the catalogue. */
const LAB = namespace("dicelab");
const REFUSALS = codes("dicelab.");
const TABLES = Object.fromEntries(Object.keys(LAB).map((lang) => [lang, { ...LAB[lang], ...REFUSALS[lang] }]));

export const t = makeT(TABLES);

/** A count's key: "<key>_1" for exactly one when the table has it. */
export function counted(lang, key, n) {
  const one = `${key}_1`;
  return n === 1 && one in (t.tables[lang] || t.tables.en) ? t(lang, one) : t(lang, key, { n: num(lang, n) });
}

/** The language code is the number format's locale ("en" writes 1,000.5, "de" 1.000,5). */
const locale = (lang) => lang || "en";

const FORMATS = new Map(); // "lang|digits" -> Intl.NumberFormat (making one costs more than a chart's text)

function format(lang, digits) {
  const key = `${lang}|${digits}`;
  let f = FORMATS.get(key);
  if (!f) {
    f = digits == null ? new Intl.NumberFormat(locale(lang)) : new Intl.NumberFormat(locale(lang), { minimumFractionDigits: digits, maximumFractionDigits: digits });
    FORMATS.set(key, f);
  }
  return f;
}

/** A whole number with the language's thousands separator (1,000 / 1.000). */
export function num(lang, n) {
  return format(lang, null).format(n);
}

/** A chance 0..1 as a percentage with one decimal, in the catalogue's common.percent form
 * ("51.8%", "51,8 %", "51,8%"); "–" when unknown. */
export function pct(lang, p, digits = 1) {
  if (p === null || p === undefined) return "–";
  const f = format(lang, digits);
  const form = (COMMON[lang] || COMMON.en).percent;
  return fill(form, { value: f.format(100 * p) });
}
