import { test } from "node:test";
import assert from "node:assert/strict";
import { keyAction } from "../src/levelx/keys.js";
import { STRINGS, t } from "../src/levelx/i18n.js";
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

test("sentences read right for any name, and for a player called You or Du", async () => {
  // (the log's sentences are Python's: tests/levelx/test_event_text.py)
  const { winsText, t: lx } = await import("../src/levelx/i18n.js");
  const { isYou } = await import("../src/common/i18n.js");
  assert.ok(isYou("en", " you ") && isYou("de", "Du") && !isYou("en", "Yousef") && isYou("de", "You"));
  const { makeT } = await import("../src/common/i18n.js");
  const t = makeT({ en: { r: "{p} rolls.", r_you: "{p} roll." }, de: { r: "{p} würfelt.", r_you: "{p} würfelst." } });
  assert.equal(t.about("de", "r", "You", { p: "You" }), "Du würfelst."); // a "You" shown in German
  assert.equal(t.about("en", "r", "you", { p: "you" }), "You roll.");
  assert.equal(t.about("de", "r", "Yousef", { p: "Yousef" }), "Yousef würfelt.");
  assert.equal(winsText("en", ["You"]), "You win!");
  assert.equal(winsText("en", ["Ben"]), "Ben wins!");
  assert.equal(winsText("en", ["You", "Ben"]), "You and Ben win!");
  assert.equal(lx.about("en", "toRoll", "You", { name: "You" }), "Your turn to roll");
  assert.equal(winsText("de", ["Du"]), "Du gewinnst!");
});
