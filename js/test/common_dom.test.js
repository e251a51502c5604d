import { test } from "node:test";
import assert from "node:assert/strict";
import { setupDom } from "./helpers/fake.js";
import { perLanguage, whenChanged } from "../src/common/model.js";
import { GLYPHS, SEATS, SHAPES, h, playerGlyph, playerIcon, shapeAttrs, svg } from "../src/common/dom.js";

setupDom();

test("h builds elements with text only, skipping empty attributes and children", () => {
  const el = h("button", { class: "a b", "data-x": 3, disabled: true, hidden: false, title: undefined, style: "left:2px" }, "<b>hi</b>", null, "", 5);
  assert.equal(el.tagName, "BUTTON");
  assert.equal(el.className, "a b");
  assert.equal(el.dataset.x, "3");
  assert.equal(el.getAttribute("disabled"), "");
  assert.equal(el.hasAttribute("hidden"), false);
  assert.equal(el.hasAttribute("title"), false);
  assert.equal(el.textContent, "<b>hi</b>5"); // markup stays text
  assert.equal(el.children.length, 0);
});

test("svg makes SVG-namespace elements", () => {
  const s = svg("circle", { cx: 1, r: 2, skip: null });
  assert.equal(s.namespaceURI, "http://www.w3.org/2000/svg");
  assert.equal(s.getAttribute("r"), "2");
  assert.equal(s.hasAttribute("skip"), false);
});

test("playerIcon: one shape and one colour class per seat", () => {
  assert.equal(SHAPES.length, SEATS);
  assert.equal(GLYPHS.length, SEATS);
  const seen = new Set();
  for (let p = 0; p < SEATS; p++) {
    const icon = playerIcon(p, 20);
    assert.equal(icon.getAttribute("class"), `lw-icon lw-p${p}`);
    assert.equal(icon.getAttribute("width"), "20");
    assert.equal(icon.getAttribute("aria-hidden"), "true");
    const shape = icon.firstChild;
    assert.equal(shape.getAttribute("class"), "lw-shape");
    seen.add(shape.tagName + JSON.stringify(shapeAttrs(p)[1]));
  }
  assert.equal(seen.size, SEATS); // every seat looks different without colour
  assert.equal(playerIcon(7, 10).getAttribute("class"), "lw-icon lw-p1"); // wraps around
});

test("playerGlyph is coloured text", () => {
  const g = playerGlyph(2);
  assert.equal(g.className, "lw-glyph lw-c2");
  assert.equal(g.textContent, GLYPHS[2]);
});

test("whenChanged runs its write once per key (the first call always), with the arguments given", () => {
  const seen = [];
  const draw = whenChanged((...args) => seen.push(args));
  assert.equal(draw(undefined, 1), true); // the first call draws, whatever its key
  assert.equal(draw(undefined, 2), false);
  assert.equal(draw("a", 3, 4), true);
  assert.equal(draw("a", 5), false);
  assert.equal(draw("b"), true);
  assert.deepEqual(seen, [[1], [3, 4], []]);
  let labels = 0;
  const label = perLanguage(() => (labels += 1));
  label("en");
  label("en");
  label("de");
  assert.equal(labels, 2);
});
