import { test } from "node:test";
import assert from "node:assert/strict";
import { COMMON, fill, makeT, t as commonT } from "../src/common/i18n.js";

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
