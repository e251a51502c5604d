import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeModel, click, setupDom } from "./helpers/fake.js";
import { makeT } from "../src/common/i18n.js";
import * as movelist from "../src/common/movelist.js";

const { el } = setupDom();
const t = makeT();
const rows = (v) => [
  { text: t("en", "start"), target: 0, here: v.here === 0 },
  ...v.moves.map((m, i) => ({ text: `${i + 1}. ${m}`, player: i % 2, target: i + 1, here: v.here === i + 1, future: i + 1 > v.here, title: `P${i % 2}` })),
];

test("rows show the player's glyph, the current move and the redo side", () => {
  const model = new FakeModel({ view: { moves: ["a", "b", "c"], here: 2 }, language: "en" });
  const cleanup = movelist.mount(el, model, { t, rows });
  assert.equal(el.querySelector("h4").textContent, "Moves");
  const buttons = [...el.querySelectorAll("[data-moves] [data-goto]")];
  assert.deepEqual(buttons.map((b) => b.dataset.goto), ["0", "1", "2", "3"]);
  assert.equal(buttons[0].textContent, "Start");
  assert.equal(buttons[1].textContent, "● 1. a");
  assert.equal(buttons[2].querySelector(".lw-glyph").className, "lw-glyph lw-c1");
  assert.equal(buttons[2].title, "P1");
  assert.ok(buttons[2].classList.contains("lw-here"));
  assert.equal(el.querySelectorAll(".lw-here").length, 1);
  assert.ok(buttons[3].classList.contains("lw-future"));
  model.set("view", { moves: ["a"], here: 1 });
  assert.equal(el.querySelectorAll("[data-goto]").length, 2);
  model.set("language", "de");
  assert.equal(el.querySelector("h4").textContent, "Züge");
  cleanup();
});

test("a click on a row jumps (default: goto ply) and does not bubble", () => {
  const model = new FakeModel({ view: { moves: ["a", "b"], here: 2 }, language: "en" });
  let bubbled = 0;
  const onParent = () => bubbled++;
  el.addEventListener("click", onParent);
  const cleanup = movelist.mount(el, model, { t, rows });
  click(el.querySelector("[data-goto='1']").querySelector(".lw-glyph")); // inner span
  assert.deepEqual(model.sent, [{ type: "goto", ply: 1 }]);
  assert.equal(bubbled, 0);
  cleanup();
  const jumps = [];
  const again = movelist.mount(el, model, { t, rows, onJump: (n) => jumps.push(n), title: null });
  assert.equal(el.querySelector("h4"), null);
  click(el.querySelector("[data-goto='0']"));
  assert.deepEqual(jumps, [0]);
  again();
  el.removeEventListener("click", onParent);
});

test("cleanup removes the list and its listeners", () => {
  const model = new FakeModel({ view: { moves: ["a"], here: 1 }, language: "en" });
  const cleanup = movelist.mount(el, model, { t, rows });
  const box = cleanup.el;
  cleanup();
  assert.equal(model.listenerCount(), 0);
  assert.equal(el.querySelector("[data-moves]"), null);
  click(box.querySelector("[data-goto='0']"));
  assert.deepEqual(model.sent, []);
  model.set("view", { moves: ["a", "b"], here: 2 }); // no redraw after cleanup
  assert.equal(box.querySelectorAll("[data-goto]").length, 2);
});

test("a row's mark and comment show as text; the comment is the marker's tooltip", () => {
  const model = new FakeModel({ view: { here: 1 }, language: "en" });
  const note = '<img src=x onerror="alert(1)">';
  const cleanup = movelist.mount(el, model, { t, rows: () => [{ text: "1. a", target: 1, mark: "?!", note }] });
  const button = el.querySelector("[data-goto='1']");
  assert.equal(button.querySelector("[data-mark]").textContent, "?!");
  assert.equal(button.querySelector("[data-note]").title, note);
  assert.equal(button.querySelector("img"), null); // text, never markup
  cleanup();
});
