// Words that read right: no "card(s)" / "Karte(n)" in any table a widget shows.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

const LOCALES = new URL("../../levelwidgets/locales/", import.meta.url);

/** Every text of a catalogue entry (a text, a list or a table of them). */
function texts(entry) {
  if (typeof entry === "string") return [entry];
  return Object.values(entry || {}).flatMap(texts);
}

test("no table writes a plural as (s), (n) or (e): counts use a key's _1 entry", () => {
  const files = readdirSync(LOCALES).filter((f) => f.endsWith(".json") && f !== "languages.json");
  assert.ok(files.includes("en.json") && files.includes("de.json"), files.join(", "));
  for (const file of files) {
    const all = texts(JSON.parse(readFileSync(new URL(file, LOCALES), "utf8")));
    assert.ok(all.length > 500, file);
    const bad = all.filter((s) => /\w\((s|n|e|en)\)/.test(s) && /card|Karte/i.test(s));
    assert.deepEqual(bad, [], file);
  }
});

test("{n:one|many} writes a count with its word, as Python's error templates do", async () => {
  const { fill, errorText } = await import("../src/common/i18n.js");
  const { t: t8, errorParams } = await import("../src/level8/i18n.js");
  assert.equal(fill("{n:card|cards}", { n: 1 }), "1 card");
  assert.equal(fill("{n:card|cards}", { n: 2 }), "2 cards");
  assert.equal(fill("{n:card|cards}", { n: "1" }), "1 card");
  assert.equal(fill("{faces:-}", { faces: [1, 2] }), "1-2");
  const undo = (n, played) => ({ text: "...", code: "level8.undo_too_far", params: { n, played, start: "the first deal" } });
  assert.equal(errorText(t8, "de", undo(1, 0), errorParams), "1 Schritt lässt sich nicht zurücknehmen: Seit Beginn gibt es erst 0 Aktionen.");
  assert.equal(errorText(t8, "de", undo(3, 1), errorParams), "3 Schritte lassen sich nicht zurücknehmen: Seit Beginn gibt es erst 1 Aktion.");
  assert.equal(errorText(t8, "en", undo(3, 1), errorParams), "Cannot undo 3 steps: only 1 action was played since the first deal.");
});

test("a player called You/Du gets the sentence's _you form, not 'Karten von Du'", async () => {
  const { t: t8 } = await import("../src/level8/i18n.js");
  const { t: tb } = await import("../src/level8board/i18n.js");
  assert.equal(t8("de", "handOf", { name: "You" }), "Deine Karten");
  assert.equal(t8("de", "handOf", { name: "Du" }), "Deine Karten");
  assert.equal(t8("en", "handOf", { name: "Du" }), "Your hand");
  assert.equal(t8("de", "handOf", { name: "Ann" }), "Karten von Ann");
  assert.equal(t8("de", "mv_take", { name: "You" }), "nimmt von dir");
  assert.equal(tb("de", "towerOf", { name: "You" }), "Dein Turm");
  assert.equal(tb("de", "mv_steal", { name: "du" }), "klaut von dir");
  assert.equal(tb("de", "takeDiscard", { name: "Ben" }), "Ablagestapel von Ben");
});

test("Level X: the last chip of a row is '1 chip', not '1 chips'", async () => {
  const { t: tx } = await import("../src/levelx/i18n.js");
  assert.match(tx("en", "chipsTitle", { row: 7, n: 1 }), /^Row 7: 1 chip worth 7 left/);
  assert.match(tx("de", "chipsTitle", { row: 7, n: 1 }), /^Reihe 7: noch 1 Chip zu 7/);
  assert.match(tx("en", "chipsTitle", { row: 7, n: 2 }), /2 chips worth 7/);
});
