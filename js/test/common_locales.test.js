// The one catalogue as the browser reads it, and the page language reported to Python.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { CATALOGUES, LANGUAGES, LANGUAGE_NAMES, codes, languageOf, namespace, pageLanguage } from "../src/common/locales.js";
import { reportPageLanguage } from "../src/common/model.js";
import { COMMON } from "../src/common/i18n.js";
import { t as tx } from "../src/levelx/i18n.js";
import { FakeModel, setupDom } from "./helpers/fake.js";

const listed = JSON.parse(readFileSync(new URL("../../levelwidgets/locales/languages.json", import.meta.url), "utf8"));

test("every language of languages.json has its catalogue imported, English first", () => {
  assert.deepEqual([...LANGUAGES].sort(), Object.keys(listed).sort());
  assert.equal(LANGUAGES[0], "en");
  for (const lang of LANGUAGES) assert.ok(CATALOGUES[lang] && CATALOGUES[lang].common, `locales.js does not import ${lang}.json`);
  assert.equal(LANGUAGE_NAMES.de, "Deutsch");
});

test("tables come from the catalogue: namespaces, codes, the merged translator", () => {
  assert.equal(COMMON.de.undo, CATALOGUES.de.common.undo);
  assert.equal(namespace("levelx").de.roll, CATALOGUES.de.levelx.roll);
  assert.ok(Object.keys(codes("levelx.").en).every((k) => k.startsWith("levelx.")));
  assert.equal(tx("de", "round", { n: 2 }), "Runde 2");
  assert.equal(tx("de", "levelx.group_sum", { group: [1, 2], total: 3, least: 2, most: 12 }), CATALOGUES.de.errors["levelx.group_sum"].replace("{group:+}", "1+2").replace("{total}", "3").replace("{least}", "2").replace("{most}", "12"));
});

test("a locale name means a supported language or none", () => {
  assert.equal(languageOf("de-AT"), "de");
  assert.equal(languageOf("de_DE.UTF-8"), "de");
  assert.equal(languageOf("EN-gb"), "en");
  assert.equal(languageOf("xx-YY"), null);
  assert.equal(languageOf(""), null);
  assert.equal(languageOf(undefined), null);
});

test("the page language: the document's lang first, then the navigator's", () => {
  const { document } = setupDom();
  assert.equal(pageLanguage(document, { language: "de-CH" }), "de-CH");
  document.documentElement.lang = "en-GB";
  assert.equal(pageLanguage(document, { language: "de-CH" }), "en-GB");
  assert.equal(pageLanguage(null, null), "");
});

test("the page language is reported to Python once, and only when there is one", () => {
  const model = new FakeModel({ language: "en", page_language: "" });
  reportPageLanguage(model, "");
  assert.equal(model.saved, 0);
  reportPageLanguage(model, "de-DE");
  assert.equal(model.get("page_language"), "de-DE");
  assert.equal(model.saved, 1);
  reportPageLanguage(model, "de-DE"); // another view of the same widget: nothing new
  assert.equal(model.saved, 1);
  assert.deepEqual(model.sent, []); // a trait, not a request: it never meets the intent checks
});
