// The card face's word (level8/faces.js): a long skip-card name ("Aussetzen") shrinks to fit
// the card in every language, a short one keeps the stylesheet's size.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { CATALOGUES } from "../src/common/locales.js";

const { document } = parseHTML("<!doctype html><html><body></body></html>");
globalThis.document = document;
const { WORD_UNITS, cardWord, wordUnits } = await import("../src/level8/faces.js");

test("the Dutch 'Sla over' fits at full size, the German 'Aussetzen' does not", () => {
  assert.ok(wordUnits("Sla over") <= WORD_UNITS);
  assert.ok(wordUnits("Aussetzen") > WORD_UNITS);
  assert.ok(wordUnits("mm") > wordUnits("ll"));
});

test("every language's card words fit the card (scaled when long, never larger)", () => {
  for (const [lang, cat] of Object.entries(CATALOGUES)) {
    for (const word of [cat.level8.skipCard, cat.level8.joker]) {
      const span = cardWord(word);
      assert.equal(span.textContent, word, lang);
      assert.equal(span.className, "l8-word");
      const fit = Number(span.style.getPropertyValue("--l8-fit") || 1);
      assert.ok(fit > 0 && fit <= 1, `${lang} ${word}: ${fit}`);
      assert.ok(wordUnits(word) * fit <= WORD_UNITS + 0.01, `${lang} ${word} does not fit`);
      if (wordUnits(word) > WORD_UNITS) assert.ok(fit < 1, `${lang} ${word} is not scaled`);
    }
  }
  const aussetzen = cardWord("Aussetzen");
  assert.match(aussetzen.style.cssText, /--l8-fit: ?0\.7\d\d/);
  assert.equal(cardWord("Skip").style.cssText, "");
});
