// Refused moves in the widget's language: the error tables of both games and Level 8's params.
// (tests/widgets/test_error_codes.py checks every code the Python code raises against them.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { errorText } from "../src/common/i18n.js";
import { ERRORS as L8_ERRORS, errorParams, t as t8 } from "../src/level8/i18n.js";
import { ERRORS as LX_ERRORS, t as tx } from "../src/levelx/i18n.js";

test("both games' error tables have the same keys in English and German", () => {
  for (const table of [LX_ERRORS, L8_ERRORS]) {
    assert.deepEqual(Object.keys(table.de).sort(), Object.keys(table.en).sort());
  }
});

test("a Level X refusal in German, with faces written as the engine writes them", () => {
  const info = { text: "The group 1+2 makes 3, but rows go from 5 to 10. Leave those dice out instead.", code: "levelx.group_sum", params: { group: [1, 2], total: 3, least: 5, most: 10 } };
  assert.equal(errorText(tx, "de", info), "Die Gruppe 1+2 ergibt 3, die Reihen gehen aber von 5 bis 10. Lass diese Würfel lieber übrig.");
  assert.equal(errorText(tx, "en", info), info.text);
});

test("Level 8 params in words: card codes as card names, the phase as what to do, the level", () => {
  const p = errorParams("de", { card: "7R", cards: ["J1", "S2", "15O"], phase: "draw", req: [["run", 3], ["run", 3]], colour: "G", word: "colour", kind: "set" });
  assert.equal(p.card, "7 rot");
  assert.deepEqual(p.cards, ["Joker", "Aussetzkarte", "15 orange"]);
  assert.equal(p.must, t8("de", "errMust_draw"));
  assert.equal(p.need, "2 Zahlenfolgen aus je 3");
  assert.equal(p.colour, "grün");
  assert.equal(p.word, "Farbe");
  assert.equal(p.kind, "gleiche Zahlen");
  assert.equal(errorParams("en", { card: "nonsense" }).card, "nonsense"); // unknown code: as it is
});

test("a Level 8 refusal in German; a player called Du is spoken to", () => {
  const info = (name) => ({ text: "...", code: "level8.not_in_hand", params: { name, what: "discard", card: "7B" } });
  assert.equal(errorText(t8, "de", info("Ann"), errorParams), "Ann hat 7 blau nicht auf der Hand.");
  assert.equal(errorText(t8, "de", info("Du"), errorParams), "Du hast 7 blau nicht auf der Hand.");
  assert.equal(errorText(t8, "en", info("Ann"), errorParams), "Ann cannot discard 7 blue: that card is not in their hand.");
  const phase = { text: "...", code: "level8.wrong_phase", params: { name: "Ann", what: "discard", phase: "draw", help: "draw a card" } };
  assert.equal(errorText(t8, "de", phase, errorParams), "Das geht jetzt nicht: Ann muss erst eine Karte ziehen (vom Nachziehstapel oder oben von einem Ablagestapel).");
});
