// Set-up mode in node: the toolbar toggle, picking a piece (or a seat) and placing it with
// clicks, keys and drops sends set_piece / set_current with the right seat, row and square;
// nothing is decided here (Python checks every placement), and nothing is played meanwhile.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { FakeModel, click, fire, key, setupDom } from "./helpers/fake.js";
import widget from "../src/levelx.js";
import { pickOfDrag, setupClick } from "../src/levelx/setup.js";

const V = JSON.parse(readFileSync(new URL("./fixtures/levelx_views.json", import.meta.url)));
const { el } = setupDom();

const pos = [
  [0, 0, 2, 0, 0, 0],
  [1, 0, 2, 0, 0, 0],
];
const SETUP = { ...V.start, seq: 40, setup: true, canSetup: true, pos };

function mount(view, extra = {}) {
  const model = new FakeModel({ view, error: "", error_id: 0, language: "en", teach: false, chances: V.chances, animate: false, bot_delay: 0, ...extra });
  const cleanup = widget.render({ model, el });
  const root = el.querySelector(".lx-root");
  return { model, cleanup, root, q: (s) => root.querySelector(s), qa: (s) => [...root.querySelectorAll(s)] };
}

const square = (row, sq) => `.lx-square[data-row='${row}'][data-square='${sq}']`;
const piece = (seat, row) => `.lx-piece[data-player='${seat}'][data-row='${row}']`;

test("the Set up toggle sends setup on/off and is pressed in set-up mode", () => {
  const { model, cleanup, q } = mount({ ...V.start, canSetup: true, setup: false });
  const btn = q("[data-action=setup]");
  assert.equal(btn.textContent, "✥ Set up");
  assert.equal(btn.getAttribute("aria-pressed"), "false");
  click(btn);
  assert.deepEqual(model.sent, [{ type: "setup", on: true }]);
  model.set("view", SETUP);
  assert.equal(q("[data-action=setup]").getAttribute("aria-pressed"), "true");
  assert.ok(q("[data-setup-hint]").textContent.startsWith("Set up:"));
  assert.equal(q("[data-action=roll]"), null, "no Roll button while setting up");
  model.set("language", "de");
  assert.equal(q("[data-action=setup]").textContent, "✥ Aufstellen");
  assert.ok(q("[data-setup-hint]").textContent.startsWith("Aufstellen:"));
  model.set("view", { ...V.play, canSetup: false, setup: false });
  assert.equal(q("[data-action=setup]").disabled, true, "not after rolling");
  cleanup();
});

test("clicking a piece then a square sends set_piece with its seat, row and square", () => {
  const { model, cleanup, root, q } = mount(SETUP);
  assert.equal(q(piece(1, 7)).getAttribute("draggable"), "true");
  assert.equal(q(square(7, 1)).getAttribute("role"), "button");
  click(q(piece(1, 7)));
  assert.equal(q(piece(1, 7)).getAttribute("aria-pressed"), "true");
  assert.equal(q("[data-setup-picked]").dataset.setupPicked, "1:7");
  click(q(square(7, 3)));
  assert.deepEqual(model.sent, [{ type: "set_piece", seat: 1, row: 7, square: 3 }]);
  assert.equal(q("[data-setup-picked]").dataset.setupPicked, "", "put down after placing");
  // the same piece twice puts it down again; a row number takes a piece off the board
  model.sent.length = 0;
  click(q(piece(0, 7)));
  click(q(piece(0, 7)));
  assert.deepEqual(model.sent, []);
  click(q(piece(1, 5)));
  click(q("[data-row-label='5']"));
  assert.deepEqual(model.sent, [{ type: "set_piece", seat: 1, row: 5, square: 0 }]);
  // a seat from the panel places that player's piece of the row clicked
  model.sent.length = 0;
  click(q("[data-setup-seat='0']"));
  click(q(square(9, 2)));
  // another player's piece on the picked piece's row counts as its square
  click(q(piece(0, 7)));
  click(q(piece(1, 7)));
  // keyboard: Enter on a focused piece, then on a square
  key(q(piece(1, 5)), "Enter");
  key(q(square(5, 4)), " ");
  // who moves next
  click(q("[data-setup-current='1']"));
  assert.deepEqual(model.sent, [
    { type: "set_piece", seat: 0, row: 9, square: 2 },
    { type: "set_piece", seat: 0, row: 7, square: 2 },
    { type: "set_piece", seat: 1, row: 5, square: 4 },
    { type: "set_current", seat: 1 },
  ]);
  // nothing is played in set-up mode: r and Enter send nothing
  model.sent.length = 0;
  key(root, "r");
  key(root, "Enter");
  assert.deepEqual(model.sent, []);
  cleanup();
});

test("dropping a dragged piece sends set_piece", () => {
  const { model, cleanup, q } = mount(SETUP);
  const data = new Map();
  const dataTransfer = { setData: (k, v) => data.set(k, v), getData: (k) => data.get(k) || "", effectAllowed: "", dropEffect: "" };
  fire(q(piece(0, 7)), "dragstart", { dataTransfer });
  assert.equal(data.get("text/plain"), "lxpiece:0:7");
  fire(q(square(7, 3)), "drop", { dataTransfer });
  assert.deepEqual(model.sent, [{ type: "set_piece", seat: 0, row: 7, square: 3 }]);
  cleanup();
});

test("setupClick and the drag payload, as pure functions", () => {
  assert.deepEqual(setupClick(null, { kind: "square", row: 5, square: 2 }), { picked: null, send: null });
  assert.deepEqual(setupClick({ seat: 2, row: 8 }, { kind: "off", row: 8, square: 0 }).send, { type: "set_piece", seat: 2, row: 8, square: 0 });
  assert.deepEqual(pickOfDrag("lxpiece:1:"), { seat: 1, row: null });
  assert.equal(pickOfDrag("lxdie:1"), null);
});
