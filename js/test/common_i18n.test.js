import { test } from "node:test";
import assert from "node:assert/strict";
import { COMMON, WIDGET_ERRORS, errorText, fill, makeT, t as commonT } from "../src/common/i18n.js";

test("the common table has the same keys in English and German", () => {
  assert.deepEqual(Object.keys(COMMON.de).sort(), Object.keys(COMMON.en).sort());
  for (const key of ["undo", "redo", "moves", "log", "bot", "round", "gameOver", "wins", "winPlural", "browsing", "error"]) {
    assert.ok(COMMON.en[key] && COMMON.de[key], key);
  }
});

test("makeT merges a game's table over the common one, falling back to English", () => {
  const t = makeT({ en: { roll: "Roll", undo: "Take back" }, de: { roll: "Würfeln" } });
  assert.equal(t("de", "roll"), "Würfeln");
  assert.equal(t("de", "undo"), "Zurück"); // common German wins over the game's English
  assert.equal(t("en", "undo"), "Take back"); // the game's entry wins over the common one
  assert.equal(t("xx", "roll"), "Roll"); // unknown language: English
  assert.equal(t("de", "nope"), "nope"); // unknown key: the key
  assert.equal(t("en", "round", { n: 3 }), "Round 3");
  assert.equal(t.names("de", ["Ann", "Ben"]), "Ann und Ben");
  assert.equal(commonT("de", "moves"), "Züge");
});

test("fill puts values in as text and leaves unknown placeholders", () => {
  assert.equal(fill("{name} <b>{x}</b> {y}", { name: "<i>A</i>", x: 0 }), "<i>A</i> <b>0</b> {y}");
});

test("fill writes a list joined by the separator after the colon, as GameError.coded does", () => {
  assert.equal(fill("{dice:-} / {g:+} / {m} / {m:, } / {x: oder }", { dice: [1, 1, 5], g: [2, 3], m: [5, 6], x: [7, 8] }), "1-1-5 / 2+3 / 5, 6 / 5, 6 / 7 oder 8");
  assert.equal(fill("{n:-}", { n: 4 }), "4"); // not a list: as it is
});

test("errorText: the code's sentence in lang (a 'You' player gets the _you form), else the text", () => {
  const t = makeT({ en: { "x.rolled": "{name} has rolled.", "x.rolled_you": "{name} have rolled." }, de: { "x.rolled": "{name} hat gewürfelt.", "x.rolled_you": "{name} hast gewürfelt." } });
  const info = (name) => ({ text: `${name} has rolled.`, code: "x.rolled", params: { name } });
  assert.equal(errorText(t, "de", info("Ann")), "Ann hat gewürfelt.");
  assert.equal(errorText(t, "de", info("Du")), "Du hast gewürfelt.");
  assert.equal(errorText(t, "en", info("You")), "You have rolled.");
  assert.equal(errorText(t, "de", { text: "No.", code: "x.none", params: {} }), "No.");
  assert.equal(errorText(t, "de", { text: "No.", code: null }), "No.");
  assert.equal(errorText(t, "de", null), "");
  const up = (_lang, p) => ({ ...p, name: p.name.toUpperCase() });
  assert.equal(errorText(t, "de", info("Ann"), up), "ANN hat gewürfelt.");
});

test("the widgets' own refusals have English and German sentences", () => {
  assert.deepEqual(Object.keys(WIDGET_ERRORS.de).sort(), Object.keys(WIDGET_ERRORS.en).sort());
  assert.equal(commonT("de", "widget.bot_turn"), "Ein Bot ist am Zug: Warte, bis er gespielt hat.");
});

test("a count of one takes the key's _1 entry: 1 card, 2 cards, never card(s)", () => {
  const t = makeT({ en: { keep: "Keep {n} cards", keep_1: "Keep 1 card" }, de: { keep: "{n} Karten behalten", keep_1: "1 Karte behalten" } });
  assert.equal(t("en", "keep", { n: 1 }), "Keep 1 card");
  assert.equal(t("en", "keep", { n: 2 }), "Keep 2 cards");
  assert.equal(t("en", "keep", { n: 0 }), "Keep 0 cards");
  assert.equal(t("de", "keep", { n: 1 }), "1 Karte behalten");
  assert.equal(t("de", "keep", { n: 3 }), "3 Karten behalten");
});

test("a player called You or Du is named in the language shown", () => {
  const t = makeT({ en: { turnOf: "To play: {name}" }, de: { turnOf: "Am Zug: {name}" } });
  assert.equal(t("de", "turnOf", { name: "You" }), "Am Zug: Du");
  assert.equal(t("en", "turnOf", { name: "du" }), "To play: You");
  assert.equal(t("de", "turnOf", { name: "Youssef" }), "Am Zug: Youssef");
});
