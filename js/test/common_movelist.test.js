import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeModel, click, setupDom } from "./helpers/fake.js";
import { makeT } from "../src/common/i18n.js";

/** The same nodes in the same order (compared by identity: a failure message that printed
 *  linkedom nodes would take minutes to build). */
const sameNodes = (a, b) => a.length === b.length && a.every((n, i) => n === b[i]);
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

/** Watch `node`'s subtree; the returned function gives the rows (data-goto) touched since. */
function watchRows(node) {
  const mo = new window.MutationObserver(() => {});
  mo.observe(node, { attributes: true, childList: true, subtree: true, characterData: true });
  return () => {
    const touched = new Set();
    for (const r of mo.takeRecords()) {
      const t = r.target.nodeType === 1 ? r.target : r.target.parentNode;
      const row = t && t.closest && t.closest("[data-goto]");
      if (row) touched.add(row.dataset.goto);
      else if (r.type === "childList") for (const n of [...r.addedNodes, ...r.removedNodes]) touched.add(n.querySelector ? (n.querySelector("[data-goto]")?.dataset.goto ?? "?") : "?");
      else touched.add("?");
    }
    mo.disconnect();
    return [...touched].sort();
  };
}

test("rows are kept across views: a step rewrites only the rows whose mark moves", () => {
  const moves = Array.from({ length: 40 }, (_, i) => `m${i}`);
  const model = new FakeModel({ view: { moves, here: 20 }, language: "en" });
  const cleanup = movelist.mount(el, model, { t, rows });
  const list = el.querySelector("[data-moves]");
  const before = [...list.children];
  const glyphs = [...list.querySelectorAll(".lw-glyph")];
  const touched = watchRows(list);
  model.set("view", { moves, here: 21 }); // one step forward
  assert.ok(sameNodes([...list.children], before), "the same <li> nodes, in the same order");
  assert.ok(sameNodes([...list.querySelectorAll(".lw-glyph")], glyphs), "no row's content was rebuilt");
  // row 20 loses the current mark, row 21 gets it (and is no longer on the redo side)
  assert.deepEqual(touched(), ["20", "21"]);
  assert.equal(list.querySelector(".lw-here").dataset.goto, "21");
  assert.equal(list.querySelector(".lw-here").getAttribute("aria-current"), "step");
  assert.equal(list.querySelector("[data-goto='20']").hasAttribute("aria-current"), false);
  assert.equal(list.querySelectorAll(".lw-here").length, 1);
  // a view that changes nothing the list shows writes nothing
  const idle = watchRows(list);
  model.set("view", { moves, here: 21 });
  assert.deepEqual(idle(), []);
  cleanup();
});

test("a new move appends one row; a truncation removes the rows past it", () => {
  const model = new FakeModel({ view: { moves: ["a", "b", "c"], here: 3 }, language: "en" });
  const cleanup = movelist.mount(el, model, { t, rows });
  const list = el.querySelector("[data-moves]");
  const before = [...list.children];
  const touched = watchRows(list);
  model.set("view", { moves: ["a", "b", "c", "d"], here: 4 });
  assert.ok(sameNodes([...list.children].slice(0, 4), before));
  assert.equal(list.children.length, 5);
  assert.equal(list.children[4].textContent, "■ 4. d");
  assert.deepEqual(touched(), ["3", "4"]); // the old current row and the new one
  // back to two moves: rows 3 and 4 go, rows 0..2 stay the same nodes
  model.set("view", { moves: ["a", "b"], here: 2 });
  assert.ok(sameNodes([...list.children], before.slice(0, 3)));
  assert.deepEqual([...list.querySelectorAll("[data-goto]")].map((b) => b.dataset.goto), ["0", "1", "2"]);
  // a different move at the same ply rewrites that row's text in place
  const row2 = list.children[2];
  model.set("view", { moves: ["a", "x"], here: 2 });
  assert.ok(list.children[2] === row2);
  assert.equal(row2.textContent, "■ 2. x");
  // the language changes the texts in place too
  model.set("language", "de");
  assert.ok(list.children[0] === before[0]);
  assert.equal(list.children[0].textContent, "Start");
  cleanup();
});

test("a row's mark and note come and go in place", () => {
  let marks = {};
  const rowsWithMarks = (v) => v.moves.map((m, i) => ({ text: m, target: i + 1, here: v.here === i + 1, mark: marks[i + 1], note: marks[i + 1] && "why" }));
  const model = new FakeModel({ view: { moves: ["a", "b"], here: 2 }, language: "en" });
  const cleanup = movelist.mount(el, model, { t, rows: rowsWithMarks, title: null });
  const list = el.querySelector("[data-moves]");
  const row1 = list.children[0];
  marks = { 1: "?!" };
  model.set("view", { moves: ["a", "b"], here: 2 });
  assert.ok(list.children[0] === row1);
  assert.equal(row1.querySelector("[data-mark]").textContent, "?!");
  assert.equal(row1.querySelector("[data-note]").title, "why");
  marks = {};
  model.set("view", { moves: ["a", "b"], here: 1 });
  assert.equal(row1.querySelector("[data-mark]"), null);
  assert.equal(row1.querySelector("[data-note]"), null);
  assert.ok(row1.firstChild.classList.contains("lw-here"));
  cleanup();
});

test("the current row is scrolled into view only when it changes, reading before writing", () => {
  const frames = [];
  globalThis.requestAnimationFrame = (fn) => frames.push(fn);
  globalThis.cancelAnimationFrame = () => {};
  try {
    const moves = Array.from({ length: 30 }, (_, i) => `m${i}`);
    const model = new FakeModel({ view: { moves, here: 25 }, language: "en" });
    const cleanup = movelist.mount(el, model, { t, rows });
    const list = el.querySelector("[data-moves]");
    // a 100 px high list of 20 px rows (row n at n * 20 px), scrolled to the top
    const log = [];
    let scrollTop = 0;
    Object.defineProperty(list, "clientHeight", { get: () => (log.push("read"), 100) });
    Object.defineProperty(list, "scrollHeight", { get: () => (log.push("read"), 620) });
    Object.defineProperty(list, "scrollTop", {
      get: () => scrollTop,
      set: (v) => {
        log.push("write");
        scrollTop = v;
      },
    });
    list.getBoundingClientRect = () => ({ top: 0, bottom: 100 });
    for (const b of list.querySelectorAll("[data-goto]")) {
      const n = Number(b.dataset.goto);
      b.getBoundingClientRect = () => ({ top: n * 20 - scrollTop, bottom: n * 20 + 20 - scrollTop });
    }
    assert.equal(frames.length, 1, "one scroll after the first view");
    frames.shift()();
    assert.deepEqual(log, ["read", "read", "write"], "geometry read first, one write");
    assert.equal(scrollTop, 25 * 20 - 50); // centred
    log.length = 0;
    model.set("view", { moves, here: 25, other: 1 }); // same current row: no scroll asked
    assert.equal(frames.length, 0);
    model.set("view", { moves, here: 26 }); // still visible: read, no write
    frames.shift()();
    assert.deepEqual(log, ["read", "read"]);
    cleanup();
  } finally {
    delete globalThis.requestAnimationFrame;
    delete globalThis.cancelAnimationFrame;
  }
});

test("uses: a view whose row fields are the very same values is not made into rows again", () => {
  const moves = ["a", "b"];
  const model = new FakeModel({ view: { moves, here: 2, dice: [1, 2] }, language: "en" });
  let made = 0;
  const counted = (v) => {
    made += 1;
    return rows(v);
  };
  const cleanup = movelist.mount(el, model, { t, rows: counted, uses: (v) => [v.moves, v.here] });
  const before = [...el.querySelectorAll("[data-goto]")];
  assert.equal(made, 1);
  model.set("view", { moves, here: 2, dice: [5, 6] }); // a roll: the same moves, here unchanged
  assert.equal(made, 1);
  assert.ok(sameNodes([...el.querySelectorAll("[data-goto]")], before));
  model.set("view", { moves: [...moves, "c"], here: 3, dice: null }); // a move: a new list
  assert.equal(made, 2);
  assert.equal(el.querySelectorAll("[data-goto]").length, 4);
  const third = { moves: model.get("view").moves, here: 3 };
  model.set("language", "de"); // the same fields in another language: drawn again
  assert.equal(made, 3);
  assert.equal(el.querySelector("[data-goto='0']").textContent, t("de", "start"));
  model.set("view", third);
  assert.equal(made, 3);
  cleanup.refresh(); // asked to redraw: it does
  assert.equal(made, 4);
  cleanup();
});

test("without uses every new view is made into rows", () => {
  const view = { moves: ["a"], here: 1 };
  const model = new FakeModel({ view, language: "en" });
  let made = 0;
  const cleanup = movelist.mount(el, model, { t, rows: (v) => (made++, rows(v)) });
  model.set("view", { ...view });
  assert.equal(made, 2);
  cleanup();
});
