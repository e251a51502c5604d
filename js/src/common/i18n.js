// Labels shared by every widget (from the one catalogue, locales.js), plus a way to merge a game's own table.
// Keys are stable; {name} fills in values (as text, never HTML), {name:sep} a list joined by sep.

import { CATALOGUES, namespace } from "./locales.js";

/** The labels every widget shares, per language (levelwidgets/locales/*.json: "common"). */
export const COMMON = namespace("common");

/** Refusals by error code (levelwidgets/errors.py GameError.coded, the widgets' own and each
 * game's), with the same {params}: the catalogue's "errors" namespace. The English of a
 * request the widget's own front end never sends says exactly what is wrong; other languages
 * may just say that nothing changed. */
export const WIDGET_ERRORS = namespace("errors");

/** The words a player is called when the screen speaks to them ("You", "Du"): sentences about
 * such a player take the second person (a key's "_you" variant), so they read right. Either
 * word counts in every language: a notebook written with "You" may be shown in German. */
const YOU_WORD = Object.fromEntries(Object.entries(CATALOGUES).map(([lang, c]) => [lang, c.common.youWord]));
const YOU = new Set(Object.values(YOU_WORD).map((w) => String(w).toLowerCase()));

/** Whether `name` is "you" (in any of the widget's languages). */
export function isYou(_lang, name) {
  return YOU.has(String(name ?? "").trim().toLowerCase());
}

/** params with a player called "You" or "Du" named in lang's word ("Am Zug: Du" in German). */
function youWord(lang, params) {
  if (!params) return params;
  const word = YOU_WORD[lang] || YOU_WORD.en;
  let out = params;
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === "string" && isYou(lang, v) && v !== word) out = { ...out, [k]: word };
  }
  return out;
}

/** Fill {name} placeholders from params (unknown ones stay as they are); {name:sep} writes a
 * list as its items joined by sep ({faces:-} -> "1-1-5") and {n:one|many} a count with its
 * word ({n:card|cards} -> "1 card", "2 cards"), as Python's GameError.coded does. */
export function fill(text, params = {}) {
  const s = String(text);
  if (!s.includes("{")) return s; // most texts have no placeholder: no regular expression
  return s.replace(/\{(\w+)(?::([^{}]*))?\}/g, (m, k, sep) => {
    if (!params || !(k in params)) return m;
    const v = params[k];
    if (Array.isArray(v)) return v.join(sep ?? ", ");
    // {n:card|cards}: the count with the word that fits it, as Python's errors write it
    if (sep != null && sep.includes("|")) {
      const [one, many] = sep.split("|");
      return `${v} ${String(v).trim() === "1" ? one : many}`;
    }
    return String(v);
  });
}

/**
 * A translator for one game: `t(lang, key, params)` looks in the game's table for lang, then
 * the common table, then English, then returns the key itself (with n = 1, "key_1" first when the
 * table has it, so counts read "1 card", "2 cards"). The game's entries win over
 * the common ones. `t.tables` holds the merged tables (per language); `t.names(lang, list)`
 * joins names with "and"/"und".
 */
export function makeT(gameTables = {}) {
  const langs = new Set([...Object.keys(COMMON), ...Object.keys(gameTables)]);
  const tables = {};
  for (const lang of langs) tables[lang] = { ...(COMMON[lang] || {}), ...(WIDGET_ERRORS[lang] || {}), ...(gameTables[lang] || {}) };
  const en = tables.en || {};
  function t(lang, key, params) {
    const table = tables[lang] || en;
    // a count of exactly one takes the key's "_1" entry when there is one: "1 card", "2 cards"
    // a sentence naming a player called "You"/"Du" takes the key's "_you" form when there is
    // one ("Your hand", "Deine Karten", "nimmt von dir"), never "Karten von Du"
    if (params && isYou(lang, params.name) && !key.endsWith("_you") && `${key}_you` in table) return t(lang, `${key}_you`, params);
    const one = params && (params.n === 1 || params.n === "1") && `${key}_1` in (tables[lang] ? table : en) ? `${key}_1` : key;
    const text = table[one] ?? en[one] ?? key;
    return fill(text, youWord(lang, params));
  }
  t.tables = tables;
  t.names = (lang, list) => list.join(` ${t(lang, "and")} `);
  /** t for a sentence whose subject is the player `who`: the key's "_you" form for "You"/"Du". */
  t.about = (lang, key, who, params) => {
    const table = tables[lang] || en;
    const you = `${key}_you`;
    if (!isYou(lang, who) || !(you in table || you in en)) return t(lang, key, params);
    // the player is addressed in this language's word: "You" shown in German reads "Du"
    const word = YOU_WORD[lang] || YOU_WORD.en;
    const named = {};
    for (const [k, v] of Object.entries(params || {})) named[k] = v === who ? word : v;
    return t(lang, you, named);
  };
  return t;
}

/**
 * What to show for a refusal the widget published as `error_info` {text, code, params}: the
 * sentence for its code in lang when the tables have one (a player called "You"/"Du" gets the
 * key's "_you" form), else the English text. `prepare(lang, params)` lets a game turn params
 * into words first (Level 8: card codes into card names).
 */
export function errorText(t, lang, info, prepare) {
  const text = info && info.text ? String(info.text) : "";
  const code = info && info.code;
  const table = t.tables && t.tables[lang];
  if (!code || !table || !(code in table)) return text;
  const params = prepare ? prepare(lang, { ...(info.params || {}) }) : info.params || {};
  return t.about(lang, code, params.name, params);
}

/** The common table alone (for components used outside a game). */
export const t = makeT();
