import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeModel, setupDom } from "./helpers/fake.js";
import { makeT } from "../src/common/i18n.js";
import * as eventlog from "../src/common/eventlog.js";

const { el } = setupDom();
const t = makeT();
const entries = (v) => v.log.map(([text, kind]) => (kind ? { text, kind } : text));

test("newest first; the last action's entries are fresh", () => {
  const model = new FakeModel({ view: { log: [["Ann draws."], ["Ann lays down.", "lay"], ["<b>Ben</b> draws.", "draw"]], new: 2 }, language: "en" });
  const cleanup = eventlog.mount(el, model, { t, entries, newCount: (v) => v.new });
  assert.equal(el.querySelector("h4").textContent, "What happened");
  const items = [...el.querySelectorAll("[data-log] li")];
  assert.deepEqual(items.map((li) => li.textContent), ["<b>Ben</b> draws.", "Ann lays down.", "Ann draws."]);
  assert.deepEqual(items.map((li) => li.classList.contains("lw-fresh")), [true, true, false]);
  assert.equal(items[0].dataset.kind, "draw");
  assert.equal(items[2].hasAttribute("data-kind"), false);
  assert.equal(el.querySelectorAll("b").length, 0); // names stay text
  model.set("view", { log: [["Ann draws."]], new: 5 }); // more new than entries: all fresh
  assert.equal(el.querySelectorAll(".lw-fresh").length, 1);
  model.set("language", "de");
  assert.equal(el.querySelector("h4").textContent, "Was geschah");
  cleanup();
});

test("no view, no newCount: an empty log; cleanup removes it and its listeners", () => {
  const model = new FakeModel({ view: null });
  const cleanup = eventlog.mount(el, model, { t, entries });
  assert.equal(el.querySelectorAll("[data-log] li").length, 0);
  model.set("view", { log: [["x"]] });
  assert.equal(el.querySelectorAll(".lw-fresh").length, 0);
  cleanup();
  assert.equal(model.listenerCount(), 0);
  assert.equal(el.querySelector("[data-log]"), null);
});

test("by default the log shows the view's lines [text, kind, player] as Python wrote them", () => {
  const model = new FakeModel({ view: { log: [["Ann rolls 1-2-3-4.", "rolled", 0], ["<i>Ben</i> passes.", "passed", 1]], new: 1 }, language: "de" });
  const cleanup = eventlog.mount(el, model, { t });
  const items = [...el.querySelectorAll("[data-log] li")];
  assert.deepEqual(items.map((li) => li.textContent), ["<i>Ben</i> passes.", "Ann rolls 1-2-3-4."]);
  assert.deepEqual(items.map((li) => [li.dataset.kind, li.classList.contains("lw-fresh")]), [["passed", true], ["rolled", false]]);
  assert.equal(el.querySelectorAll("i").length, 0); // text, never markup
  model.set("language", "en"); // the words are Python's: a language change shows the same lines
  assert.equal(el.querySelector("[data-log] li").textContent, "<i>Ben</i> passes.");
  assert.deepEqual(eventlog.logEntries({ log: [["x", "k", 0], "y"] }), [{ text: "x", kind: "k" }, "y"]);
  cleanup();
});

test("a new action inserts its rows at the top: the rows still shown keep their nodes", () => {
  const model = new FakeModel({ view: { log: [["Ann draws."], ["Ben draws."], ["Ann draws."]], new: 1 }, language: "en" });
  const cleanup = eventlog.mount(el, model, { t, entries });
  const before = [...el.querySelectorAll("[data-log] li")];
  model.set("view", { log: [["Ben draws."], ["Ann draws."], ["Ben passes.", "pass"]], new: 1 });
  const after = [...el.querySelectorAll("[data-log] li")];
  assert.deepEqual(after.map((li) => li.textContent), ["Ben passes.", "Ann draws.", "Ben draws."]);
  assert.deepEqual(after.map((li) => li.classList.contains("lw-fresh")), [true, false, false]);
  assert.equal(after[2], before[1], "Ben's draw is the same row");
  assert.equal(before.includes(after[0]), false, "the new row is new");
  assert.equal(after.length, 3);
  cleanup();
});

test("the default log redraws only when its lines or their count of new ones change", () => {
  const log = [["Ann rolls 1-2-3-4.", "rolled", 0]];
  const model = new FakeModel({ view: { log, new: 1, dice: [1, 2, 3, 4] }, language: "en" });
  const cleanup = eventlog.mount(el, model, { t });
  const row = el.querySelector("[data-log] li");
  row.classList.remove("lw-fresh"); // a mark only a redraw would put back
  model.set("view", { log, new: 1, dice: [1, 2, 3, 4], seq: 2 }); // the same lines: not redrawn
  assert.equal(row.classList.contains("lw-fresh"), false);
  model.set("view", { log, new: 0 }); // the same lines, but the count of new ones changed
  model.set("view", { log, new: 1 });
  assert.equal(row.classList.contains("lw-fresh"), true);
  model.set("view", { log: [...log, ["Ann passes.", "passed", 0]], new: 1 });
  assert.deepEqual([...el.querySelectorAll("[data-log] li")].map((li) => li.textContent), ["Ann passes.", "Ann rolls 1-2-3-4."]);
  cleanup();
});

test("custom entries redraw at every view unless told what they use", () => {
  const view = { log: [["a"]], new: 0 };
  const model = new FakeModel({ view, language: "en" });
  let made = 0;
  const counted = (v) => (made++, entries(v));
  const cleanup = eventlog.mount(el, model, { t, entries: counted });
  model.set("view", { ...view });
  assert.equal(made, 2);
  cleanup();
  const again = eventlog.mount(el, model, { t, entries: counted, uses: (v) => [v.log] });
  model.set("view", { ...view, new: 1 });
  assert.equal(made, 3);
  model.set("language", "de"); // another language: drawn again
  assert.equal(made, 4);
  again();
});
