import { test } from "node:test";
import assert from "node:assert/strict";
import { keyAction } from "../src/levelx/keys.js";
import { STRINGS, describeEvent, t } from "../src/levelx/i18n.js";
import { COMMON } from "../src/common/i18n.js";

test("widget keys map to actions; modified keys stay with the notebook", () => {
  assert.equal(keyAction({ key: "ArrowLeft" }), "undo");
  assert.equal(keyAction({ key: "ArrowRight" }), "redo");
  assert.equal(keyAction({ key: "r" }), "roll");
  assert.equal(keyAction({ key: "Enter" }), "confirm");
  assert.equal(keyAction({ key: "3" }), "die2");
  assert.equal(keyAction({ key: "Enter", shiftKey: true }), null);
  assert.equal(keyAction({ key: "s", ctrlKey: true }), null);
  assert.equal(keyAction({ key: "r", metaKey: true }), null);
  assert.equal(keyAction({ key: "a" }), null);
});

test("English and German tables have the same keys", () => {
  assert.deepEqual(Object.keys(STRINGS.de).sort(), Object.keys(STRINGS.en).sort());
  assert.equal(t("de", "roll"), "Würfeln");
  assert.equal(t("xx", "roll"), "Roll");
  assert.equal(t("en", "round", { n: 3 }), "Round 3"); // from the common table
  assert.equal(t("de", "undo"), "Zurück");
  assert.deepEqual(Object.keys(t.tables.de).sort(), Object.keys(t.tables.en).sort());
  for (const key of Object.keys(STRINGS.en)) assert.ok(!(key in COMMON.en), `${key} is in both tables`);
});

test("events read as sentences with names taken as text", () => {
  const names = ["<b>Ann</b>", "Ben"];
  assert.equal(describeEvent("en", ["chip", 0, 7, null, null, 7], names), "<b>Ann</b> takes a 7 chip.");
  assert.equal(describeEvent("en", ["ousted", 0, 7, null, 1], names), "Ben is knocked off X7 and goes home.");
  assert.equal(describeEvent("de", ["rolled", 1, null, null, null, [1, 2, 3, 4]], names), "Ben würfelt 1-2-3-4.");
  assert.match(describeEvent("en", ["game_over", 0, null, null, null, [0, 1]], names), /and Ben win!/);
});
