// The one message catalogue, shared with Python: levelwidgets/locales/<code>.json per language
// and languages.json (code -> the language's own name). esbuild bundles the JSON; Node's tests
// import it the same way. Adding a language: its JSON file, its line in languages.json and its
// import below (tests/test_catalogue.py says what is missing; docs/translating.md).
import LANGUAGE_NAMES from "../../../levelwidgets/locales/languages.json" with { type: "json" };
import en from "../../../levelwidgets/locales/en.json" with { type: "json" };
import de from "../../../levelwidgets/locales/de.json" with { type: "json" };
import es from "../../../levelwidgets/locales/es.json" with { type: "json" };
import fr from "../../../levelwidgets/locales/fr.json" with { type: "json" };
import it from "../../../levelwidgets/locales/it.json" with { type: "json" };
import nl from "../../../levelwidgets/locales/nl.json" with { type: "json" };

/** Every catalogue by language code. */
export const CATALOGUES = { en, de, es, fr, it, nl };

/** code -> the language's own name ("de" -> "Deutsch"), as languages.json lists them. */
export { LANGUAGE_NAMES };

/** The supported codes, English (the fallback) first. */
export const LANGUAGES = Object.keys(LANGUAGE_NAMES).sort((a, b) => (a === "en" ? -1 : b === "en" ? 1 : a < b ? -1 : 1));

/** The flat table of one namespace in every language: `{en: {...}, de: {...}}`. */
export function namespace(name) {
  const out = {};
  for (const lang of LANGUAGES) out[lang] = { ...((CATALOGUES[lang] || {})[name] || {}) };
  return out;
}

/** The refusals whose error code starts with prefix ("levelx."), in every language. */
export function codes(prefix) {
  const out = {};
  for (const [lang, table] of Object.entries(namespace("errors"))) {
    out[lang] = Object.fromEntries(Object.entries(table).filter(([k]) => k.startsWith(prefix)));
  }
  return out;
}

/** The supported language a locale name means ("de-AT", "de_DE.UTF-8" -> "de"), or null. */
export function languageOf(locale) {
  const code = String(locale ?? "").trim().split(/[-_.@]/)[0].toLowerCase();
  return LANGUAGES.includes(code) ? code : null;
}

/** The page's language as the browser knows it: the document's lang, else the navigator's. */
export function pageLanguage(doc = globalThis.document, nav = globalThis.navigator) {
  return (doc && doc.documentElement && doc.documentElement.lang) || (nav && nav.language) || "";
}
