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

test("sentences read right for any name, and for a player called You or Du", async () => {
  const { describeEvent, winsText, t: lx } = await import("../src/levelx/i18n.js");
  const { isYou } = await import("../src/common/i18n.js");
  assert.ok(isYou("en", " you ") && isYou("de", "Du") && !isYou("en", "Yousef") && isYou("de", "You"));
  const { makeT } = await import("../src/common/i18n.js");
  const t = makeT({ en: { r: "{p} rolls.", r_you: "{p} roll." }, de: { r: "{p} würfelt.", r_you: "{p} würfelst." } });
  assert.equal(t.about("de", "r", "You", { p: "You" }), "Du würfelst."); // a "You" shown in German
  assert.equal(t.about("en", "r", "you", { p: "you" }), "You roll.");
  assert.equal(t.about("de", "r", "Yousef", { p: "Yousef" }), "Yousef würfelt.");
  const names = ["You", "Ben"];
  const say = (lang, ev, list = names) => describeEvent(lang, ev, list);
  assert.equal(say("en", ["rolled", 0, null, null, null, [6, 5, 3, 4]]), "You roll 6-5-3-4.");
  assert.equal(say("en", ["rolled", 1, null, null, null, [1, 2, 3, 4]]), "Ben rolls 1-2-3-4.");
  assert.equal(say("en", ["entered", 0, 10, 1]), "You enter row 10.");
  assert.equal(say("en", ["ousted", 1, 7, null, 0]), "You are knocked off X7 and go home.");
  assert.equal(say("en", ["passed", 0]), "You pass.");
  assert.equal(say("en", ["turn_passed", 0]), "Your turn.");
  assert.equal(say("en", ["turn_passed", 1]), "Ben's turn.");
  assert.equal(winsText("en", ["You"]), "You win!");
  assert.equal(winsText("en", ["Ben"]), "Ben wins!");
  assert.equal(winsText("en", ["You", "Ben"]), "You and Ben win!");
  assert.equal(lx.about("en", "toRoll", "You", { name: "You" }), "Your turn to roll");
  const du = ["Du", "Ben"];
  assert.equal(say("de", ["rolled", 0, null, null, null, [6, 5, 3, 4]], du), "Du würfelst 6-5-3-4.");
  assert.equal(say("de", ["moved", 0, 8], du), "Du rückst in Reihe 8 vor.");
  assert.equal(say("de", ["chip", 0, 9, null, null, 9], du), "Du nimmst einen 9er-Chip.");
  assert.equal(say("de", ["chip", 1, 9, null, null, 9], du), "Ben nimmt einen 9er-Chip.");
  assert.equal(winsText("de", ["Du"]), "Du gewinnst!");
});
