// The card face's word (level8/faces.js + level8.css): a long skip-card name ("Aussetzen")
// shrinks to fit the card in every language and place, a short one keeps its size.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { parseHTML } from "linkedom";
import { CATALOGUES } from "../src/common/locales.js";

const { document } = parseHTML("<!doctype html><html><body></body></html>");
globalThis.document = document;
const { PROJECTOR_UNITS, WORD_UNITS, cardWord, wordUnits } = await import("../src/level8/faces.js");
const CSS = readFileSync(new URL("../src/level8.css", import.meta.url), "utf8");

test("the Dutch 'Sla over' fits a table card at full size, the German 'Aussetzen' does not", () => {
  assert.ok(wordUnits("Sla over") <= WORD_UNITS);
  assert.ok(wordUnits("Aussetzen") > WORD_UNITS);
  assert.ok(wordUnits("mm") > wordUnits("ll"));
  assert.ok(PROJECTOR_UNITS < WORD_UNITS); // the projector's word is larger on the same card
});

test("every language's card words carry their width for the stylesheet", () => {
  for (const [lang, cat] of Object.entries(CATALOGUES)) {
    for (const word of [cat.level8.skipCard, cat.level8.joker]) {
      const span = cardWord(word);
      assert.equal(span.textContent, word, lang);
      assert.equal(span.className, "l8-word");
      assert.equal(Number(span.style.getPropertyValue("--l8-units")), Number(wordUnits(word).toFixed(2)), lang);
    }
  }
});

test("the stylesheet shrinks by the same numbers, never grows, in every place", () => {
  for (const [base, units] of [["7.5px", WORD_UNITS], ["9.5px", WORD_UNITS], ["11px", PROJECTOR_UNITS]]) {
    const rule = `font-size: min(${base}, calc(${base} * ${units} / var(--l8-units, 1)));`;
    assert.ok(CSS.includes(rule), rule);
  }
});
