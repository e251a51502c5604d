// The Level 8 odds panel (level8/odds.js): its words in English and German and its DOM.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { L8_STRINGS } from "../src/level8/strings.js";

const { document } = parseHTML("<!doctype html><html><body></body></html>");
globalThis.document = document;
const { MAX_KINDS, kindText, oddsEl, oddsText, percent } = await import("../src/level8/odds.js");

const fill = (table) => (key, params = {}) =>
  (table[params.n === 1 && `${key}_1` in table ? `${key}_1` : key] ?? key).replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
const EN = fill(L8_STRINGS.en);
const DE = fill(L8_STRINGS.de);
const ODDS = {
  level: "run 3 + run 3",
  missing: 2,
  unseen: 80,
  complete: 0.125,
  improve: 0.3111,
  needed: [{ label: "7", unseen: 3 }, { label: "red 9", unseen: 1 }, { label: "joker", unseen: 7 }],
};

test("chances read as percentages in each language's digits", () => {
  assert.equal(percent(0.125, "en"), "12.5%");
  assert.equal(percent(0.125, "de"), "12,5 %");
  assert.equal(percent(0.3111, "en"), "31.1%");
  assert.equal(percent(0.3111, "nl"), "31,1%");
  assert.equal(percent(0.3111, "fr"), "31,1\u00a0%"); // the catalogue's no-break space
  assert.equal(percent(0, "en"), "0%");
  assert.equal(percent(1, "de"), "100 %");
});

test("a needed kind's label is put into the language's words", () => {
  assert.equal(kindText(EN, "red 9"), "red 9");
  assert.equal(kindText(DE, "red 9"), "rot 9");
  assert.equal(kindText(DE, "joker"), "Joker");
  assert.equal(kindText(DE, "7"), "7");
});

test("the panel's sentence in English and German", () => {
  assert.equal(
    oddsText(EN, ODDS, "en"),
    "Next draw from the pile: 12.5% completes the level, 31.1% improves it · unseen: Joker ×7, 7 ×3, red 9 ×1",
  );
  assert.equal(
    oddsText(DE, ODDS, "de"),
    "Nächste Karte vom Nachziehstapel: 12,5 % Chance auf das ganze Level, 31,1 % auf eine Verbesserung · ungesehen: Joker ×7, 7 ×3, rot 9 ×1",
  );
  assert.match(oddsText(EN, { ...ODDS, needed: [] }, "en"), /no single card brings the level closer$/);
  assert.equal(oddsText(EN, { ...ODDS, missing: 0 }, "en"), "", "a complete level needs no odds");
  assert.equal(oddsText(EN, null, "en"), "");
});

test("a long list of kinds is cut after MAX_KINDS, the rest counted", () => {
  const needed = Array.from({ length: MAX_KINDS + 3 }, (_x, i) => ({ label: String(i + 1), unseen: 2 }));
  const text = oddsText(EN, { ...ODDS, needed }, "en");
  assert.ok(text.endsWith(`${MAX_KINDS} ×2, +3 more`), text);
  assert.ok(oddsText(DE, { ...ODDS, needed }, "de").endsWith(", +3 weitere"));
  const el = oddsEl({ phase: "draw", hint: { missing: 2, odds: { ...ODDS, needed } } }, EN, "en");
  assert.equal(el.querySelectorAll("[data-odds-kind]").length, MAX_KINDS);
  assert.ok(el.textContent.endsWith(", +3 more"));
});

test("the most plentiful kinds come first (Python's order on ties)", () => {
  const needed = [{ label: "2", unseen: 1 }, { label: "3", unseen: 4 }, { label: "5", unseen: 1 }, { label: "joker", unseen: 4 }];
  assert.match(oddsText(EN, { ...ODDS, needed }, "en"), /unseen: 3 ×4, Joker ×4, 2 ×1, 5 ×1$/);
});

test("the panel's DOM: stable attributes, the same text as oddsText, only on a turn", () => {
  const view = { phase: "draw", hint: { missing: 2, odds: ODDS } };
  const el = oddsEl(view, EN, "en");
  assert.equal(el.getAttribute("data-complete"), "0.125");
  assert.equal(el.getAttribute("data-improve"), "0.3111");
  assert.equal(el.getAttribute("data-unseen"), "80");
  assert.equal(el.textContent, oddsText(EN, ODDS, "en"));
  assert.equal(el.querySelector("[data-odds-line]").textContent, "Next draw from the pile: 12.5% completes the level, 31.1% improves it");
  const kinds = [...el.querySelectorAll("[data-odds-kind]")].map((k) => [k.getAttribute("data-odds-kind"), k.getAttribute("data-unseen")]);
  assert.deepEqual(kinds, [["joker", "7"], ["7", "3"], ["red 9", "1"]]);
  assert.equal(oddsEl({ ...view, phase: "keep" }, EN, "en"), null);
  assert.equal(oddsEl({ phase: "draw", hint: null }, EN, "en"), null);
  assert.equal(oddsEl({ phase: "draw", hint: { missing: 0, odds: { ...ODDS, missing: 0 } } }, EN, "en"), null);
});
