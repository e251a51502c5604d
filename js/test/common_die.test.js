// The shared die (common/die.js): one node per die whatever its face, the face an attribute
// the stylesheet reads (theme.css shows each face's pips).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { setupDom } from "./helpers/fake.js";
import { dieFace, dieFaceDesc, pips, setDieFace } from "../src/common/die.js";
import { described, keyed } from "../src/common/dom.js";

test("each face shows its own pips: n places for face n, the centre on odd faces only", () => {
  for (let n = 1; n <= 6; n++) {
    assert.equal(pips(n).length, n, `face ${n}`);
    assert.equal(pips(n).some(([x, y]) => x === 50 && y === 50), n % 2 === 1, `centre of ${n}`);
  }
  assert.deepEqual(pips(0), []);
});

test("a die turned to another face keeps its node; only its attributes change", () => {
  setupDom();
  const die = dieFace(3, 40, { labelled: true });
  assert.equal(die.getAttribute("data-face"), "3");
  assert.equal(die.getAttribute("aria-label"), "3");
  assert.equal(die.getAttribute("role"), "img");
  const circles = [...die.querySelectorAll("circle")];
  setDieFace(die, 6, { labelled: true });
  assert.equal(die.getAttribute("data-face"), "6");
  assert.equal(die.getAttribute("aria-label"), "6");
  assert.deepEqual([...die.querySelectorAll("circle")], circles); // the same nodes
  const picture = dieFace(5, 20); // beside a label of its own: hidden from screen readers
  assert.equal(picture.getAttribute("aria-hidden"), "true");
  assert.equal(picture.getAttribute("aria-label"), null);
});

test("a described die is patched in place from one roll to the next", () => {
  const { el } = setupDom();
  const draw = (faces) => keyed(el, [described("dice", ["div", { class: "tray" }, ...faces.map((f) => ["button", { "data-die": "x" }, dieFaceDesc(f, 54, { labelled: true })])])]);
  draw([0, 0]);
  const before = [...el.querySelectorAll("svg")];
  assert.deepEqual(before.map((s) => s.getAttribute("data-face")), ["0", "0"]);
  assert.deepEqual(before.map((s) => s.getAttribute("aria-label")), ["?", "?"]);
  draw([4, 1]);
  const after = [...el.querySelectorAll("svg")];
  assert.deepEqual(after, before); // no die was rebuilt
  assert.deepEqual(after.map((s) => s.getAttribute("data-face")), ["4", "1"]);
});

test("the stylesheet shows the pips of every face and the ? of a die not rolled", () => {
  const css = readFileSync(new URL("../src/common/theme.css", import.meta.url), "utf8");
  for (let n = 1; n <= 6; n++) assert.ok(css.includes(`.lw-dieface[data-face="${n}"] .lw-pip[data-on~="${n}"]`), `face ${n}`);
  assert.ok(css.includes('.lw-dieface[data-face="0"] .lw-dieq'));
});
