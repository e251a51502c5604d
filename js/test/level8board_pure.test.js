// Pure modules of the Level 8 board game front end: the ring's geometry, the choices and
// intents, the log and move-list words, keys and the translation tables.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as G from "../src/level8board/logic.js";
import { gridArea, ringLayout, sideOf, towersByField, trackCells } from "../src/level8board/ring.js";
import { moveText } from "../src/level8board/log.js";
import { keyAction } from "../src/level8board/keys.js";
import { ERRORS, errorParams, t } from "../src/level8board/i18n.js";
import { BOARD_STRINGS } from "../src/level8board/strings.js";
import { ICONS } from "../src/level8board/icons.js";

const EN = (key, params) => t("en", key, params);
const DE = (key, params) => t("de", key, params);

test("the ring: 28 fields in a 9×8 grid, clockwise, every cell once, start 2×2", () => {
  const r = ringLayout(28);
  assert.equal(r.cols, 9);
  assert.equal(r.rows, 8);
  assert.equal(r.cells.length, 28);
  assert.deepEqual(r.cells[0], { row: 1, col: 1, rowSpan: 2, colSpan: 2 });
  assert.deepEqual(r.cells[1], { row: 1, col: 3, rowSpan: 1, colSpan: 1 });
  assert.deepEqual(r.cells[27], { row: 3, col: 1, rowSpan: 1, colSpan: 1 }); // just below the start
  const keys = r.cells.map((c) => `${c.row}:${c.col}`);
  assert.equal(new Set(keys).size, 28);
  // every field is on the edge, the centre and the track are inside
  for (const c of r.cells.slice(1)) assert.ok(c.row === 1 || c.row === r.rows || c.col === 1 || c.col === r.cols);
  assert.deepEqual(r.centre, { row: 3, col: 2, rowSpan: 5, colSpan: 7 });
  assert.deepEqual(r.track, { row: 2, col: 3, colSpan: 6 });
  assert.equal(sideOf(r.cells[0], r), "start");
  assert.equal(sideOf(r.cells[3], r), "top");
  assert.equal(sideOf(r.cells[10], r), "right");
  assert.equal(sideOf(r.cells[18], r), "bottom");
  assert.equal(sideOf(r.cells[25], r), "left");
  assert.equal(gridArea(r.cells[0]), "1 / 1 / span 2 / span 2");
});

test("a wide ring for a low screen: 28 fields in 11×6, the centre three rows high", () => {
  const r = ringLayout(28, { wide: true });
  assert.deepEqual([r.cols, r.rows, r.cells.length], [11, 6, 28]);
  assert.deepEqual(r.centre, { row: 3, col: 2, rowSpan: 3, colSpan: 9 });
  assert.deepEqual(r.cells[27], { row: 3, col: 1, rowSpan: 1, colSpan: 1 });
});

test("the ring holds any board size from 2 to 60 fields without overlaps", () => {
  for (let n = 2; n <= 60; n++) for (const wide of [false, true]) {
    const r = ringLayout(n, { wide });
    assert.equal(r.cells.length, n, `n=${n}`);
    const keys = r.cells.map((c) => `${c.row}:${c.col}`);
    assert.equal(new Set(keys).size, n, `n=${n}`);
    for (const c of r.cells) assert.ok(c.row >= 1 && c.row <= r.rows && c.col >= 1 && c.col <= r.cols);
    assert.ok(r.rows >= 4 && r.cols >= 4, `n=${n}`);
  }
});

test("towers by field and markers on the level track (past the last level: the laurel)", () => {
  assert.deepEqual(towersByField([0, 0, 5], 7), [[0, 1], [], [], [], [], [2], []]);
  const cells = trackCells([1, 3, 9], 8);
  assert.equal(cells.length, 9);
  assert.deepEqual(cells[0], [0]);
  assert.deepEqual(cells[2], [1]);
  assert.deepEqual(cells[8], [2]);
});

const base = { actor: 0, cur: 0, handoff: null, phase: "roll", names: ["Ann", "Ben"], hand: [1, 2, 3, 4], board: { fields: ["choose", "draw1"], towers: [0, 0], choices: { roll: true } } };

test("choices come only from Python, and only for the screen that acts", () => {
  assert.deepEqual(G.choicesOf(base), { roll: true });
  assert.deepEqual(G.choicesOf({ ...base, actor: null }), {});
  assert.deepEqual(G.choicesOf({ ...base, cur: 1 }), {});
  const move = { ...base, phase: "move", board: { ...base.board, choices: { move: [4, 9] } } };
  assert.ok(G.isReachable(move, 9) && !G.isReachable(move, 5));
  assert.equal(G.nthReachable(move, 0), 4);
  assert.equal(G.nthReachable(move, 2), null);
  const take = { ...base, phase: "take", board: { ...base.board, choices: { take: ["pile", 1] } } };
  assert.ok(G.canTakeFrom(take, "pile") && G.canTakeFrom(take, 1) && !G.canTakeFrom(take, 0));
});

test("picking cards for swap, show and give keeps to the allowed cards and the maximum", () => {
  const swap = { ...base, phase: "swap", board: { ...base.board, choices: { swap: { cards: [1, 2, 3, 4], min: 1, max: 3 } } } };
  let sel = [];
  for (const c of [1, 2, 3, 4]) sel = G.pick(sel, c, swap);
  assert.deepEqual(sel, [1, 2, 3]);
  assert.ok(G.pickReady(swap, sel));
  assert.deepEqual(G.pick(sel, 2, swap), [1, 3]);
  assert.ok(!G.pickReady(swap, []));
  const give = { ...base, phase: "give", board: { ...base.board, choices: { give: [3] } } };
  assert.deepEqual(G.pick([], 1, give), []); // not a matching card
  assert.deepEqual(G.pick([], 3, give), [3]);
  assert.deepEqual(G.pick([3], 3, give), []);
  assert.equal(G.selectionMax(give), 1);
  assert.deepEqual(G.swapIntent([1, 2]), { type: "swap", cards: [1, 2] });
  assert.deepEqual(G.giveIntent("3"), { type: "give", card: 3 });
  assert.deepEqual(G.takeIntent("pile"), { type: "take", source: "pile" });
  assert.deepEqual(G.takeIntent("1"), { type: "take", source: 1 });
  assert.deepEqual(G.moveIntent("9"), { type: "move", field: 9 });
  assert.deepEqual(G.chooseIntent("swap"), { type: "choose", action: "swap" });
});

test("the ask dialog: a number or a colour, and a direction Python offers", () => {
  const ask = { ...base, phase: "ask", board: { ...base.board, choices: { ask: { numbers: [1, 2, 3], colours: [0, 5], directions: ["left", "right"] } } } };
  let a = G.askPick(null, "number", "2");
  assert.deepEqual(a, { number: 2, colour: null, direction: "left" });
  assert.ok(G.askReady(ask, a));
  a = G.askPick(a, "colour", "5");
  assert.equal(a.number, null);
  a = G.askPick(a, "direction", "right");
  assert.deepEqual(G.askIntent(a), { type: "ask", direction: "right", colour: 5 });
  assert.ok(!G.askReady(ask, G.askPick(null, "number", 9)));
  assert.ok(!G.askReady({ ...ask, actor: 1 }, a));
});

test("move list in English and German", () => {
  const names = ["Ann", "Ben"];
  const row = { p: 0, acts: [["roll", 2, 6], ["move", 8, "all_draw"], ["take", "pile"], ["discard", 17]] };
  assert.equal(moveText(EN, row, names), "rolls 2+6 · → All draw (8) · takes from the pile · discards 3▲");
  assert.match(moveText(DE, { p: 0, acts: [["ask", null, 3, "left"]] }, names), /fragt nach blau \(links\)/);
});

test("keys: r rolls, 1 and 2 pick a glowing field, the card table's keys stay", () => {
  const k = (key, extra = {}) => keyAction({ key, ...extra });
  assert.equal(k("r"), "roll");
  assert.equal(k("1"), "reach1");
  assert.equal(k("2"), "reach2");
  assert.equal(k("x"), "discard");
  assert.equal(k("r", { ctrlKey: true }), null);
  assert.equal(k("R", { shiftKey: true }), "roll"); // Shift+R rolls too (not the notebook's)
  assert.equal(k("D", { shiftKey: true }), "drawPile");
  assert.equal(k("!", { shiftKey: true }), null);
});

test("every label and refusal has English and German with the same placeholders", () => {
  const ph = (s) => new Set([...String(s).matchAll(/\{(\w+)/g)].map((m) => m[1]));
  for (const table of [BOARD_STRINGS, ERRORS]) {
    assert.deepEqual(Object.keys(table.de).sort(), Object.keys(table.en).sort());
    for (const key of Object.keys(table.en)) {
      const de = ph(table.de[key]);
      for (const p of de) assert.ok(ph(table.en[key]).has(p) || ["what"].includes(p), `${key}: {${p}}`);
    }
  }
  for (const a of ["draw1", "draw2", "joker", "ask", "swap", "draw_again", "steal", "all_draw", "choose"]) {
    assert.ok(ICONS[a], a);
    assert.notEqual(EN(`a_${a}`), `a_${a}`);
    assert.notEqual(DE(`ad_${a}`), `ad_${a}`);
  }
  assert.equal(errorParams("de", { action: "swap", direction: "left" }).action, "Tauschen");
  assert.equal(errorParams("de", { phase: "roll" }).must, "würfeln");
});
