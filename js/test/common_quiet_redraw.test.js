// A redraw writes only what changed (issue 33: keyed updates of only what changed). An equal
// write still costs the page a mutation record and, for attributes the style engine watches
// (hidden, disabled, aria-pressed, data-* in selectors), a style invalidation: a view equal to
// the one on screen must write nothing but the data-seq marker (and the benchmark's
// data-draw-ms). And the Level X tray's parts keep their nodes when a neighbour comes or goes.

import { test as nodeTest } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { FakeModel, setupDom } from "./helpers/fake.js";
import { attr, data, prop } from "../src/common/dom.js";
import levelx from "../src/levelx.js";
import dicelab from "../src/dicelab.js";
import board from "../src/level8board.js";

const LX = JSON.parse(readFileSync(new URL("./fixtures/levelx_views.json", import.meta.url)));
const DL = JSON.parse(readFileSync(new URL("./fixtures/dicelab_views.json", import.meta.url)));
const { window, document } = setupDom();
// run-tests.mjs imports every test file into one process: another file's import may set the
// global document between these tests, so each puts this file's back first (a top-level
// beforeEach would run before every test of every file)
const test = (name, fn) =>
  nodeTest(name, () => {
    globalThis.document = document;
    globalThis.window = window;
    return fn();
  });
const MARKERS = new Set(["data-seq", "data-draw-ms"]);

/** The writes (other than the markers) a redraw of an equal copy of `view` makes. */
function writesOfEqualView(widget, rootSel, view, traits) {
  const el = document.createElement("div");
  document.body.append(el);
  const model = new FakeModel({ view, error: "", error_id: 0, language: "en", ...traits });
  const cleanup = widget.render({ model, el });
  const root = el.querySelector(rootSel);
  const seen = new window.MutationObserver(() => {});
  seen.observe(root, { attributes: true, subtree: true, childList: true, characterData: true });
  try {
    model.set("view", JSON.parse(JSON.stringify(view)));
    return seen
      .takeRecords()
      .filter((r) => !MARKERS.has(r.attributeName))
      .map((r) => `${r.type}:${r.attributeName || ""}@${r.target.className || r.target.nodeName}`);
  } finally {
    seen.disconnect();
    cleanup();
    el.remove();
  }
}

test("attr, prop and data write only a value that differs", () => {
  const node = document.createElement("button");
  const seen = new window.MutationObserver(() => {});
  seen.observe(node, { attributes: true });
  attr(node, "aria-pressed", "true");
  attr(node, "aria-pressed", "true");
  prop(node, "title", "Undo");
  prop(node, "title", "Undo");
  data(node, "seq", 3);
  data(node, "seq", "3");
  attr(node, "aria-pressed", null);
  attr(node, "aria-pressed", null);
  assert.deepEqual(
    seen.takeRecords().map((r) => r.attributeName),
    ["aria-pressed", "title", "data-seq", "aria-pressed"],
  );
  assert.equal(node.hasAttribute("aria-pressed"), false);
  assert.equal(node.dataset.seq, "3");
});

test("Level X: an equal view writes nothing (toolbar, pieces, root, panels)", () => {
  const traits = { teach: false, chances: LX.chances, animate: false, bot_delay: 0 };
  for (const name of ["start", "play", "over"]) {
    assert.deepEqual(writesOfEqualView(levelx, ".lx-root", LX[name], traits), [], name);
  }
});

test("DiceLab: an equal view writes nothing", () => {
  for (const name of ["start", "simulated"]) {
    assert.deepEqual(writesOfEqualView(dicelab, ".dl-root", DL[name], { error_info: {} }), [], name);
  }
});

test("the board game: an equal view writes nothing", () => {
  const FIELDS = ["choose", ...Array.from({ length: 3 }, () => ["draw1", "draw2", "joker", "ask", "swap", "draw_again", "steal", "all_draw", "choose"]).flat()];
  const view = {
    seq: 1, bots: [null, "Bot"], log: [], new: 0, canRedo: false, viewer: 0, actor: 0, handoff: null, names: ["Ann", "Ben"], sides: ["one", "one"],
    levels: [1, 3], levelCounts: [8, 8], req: [[["set", 3], ["run", 3]], null], laid: [false, false], hand: [0, 16, 32, 90], hands: null, handCounts: [4, 10],
    drawCount: 60, underCount: 0, discards: [[45, 1], [null, 0]], melds: [[], []], skips: [null, null], keptCounts: [0, 0], phase: "roll", cur: 0, dealer: 1,
    round: 1, winners: [], legal: {}, proposal: null, hint: null, moves: [], future: [], here: 0, rounds: [], canUndo: false, review: null,
    board: { fields: FIELDS, reconstruction: true, towers: [0, 5], dice: null, reachable: [], jokers: 8, turn: 0, landed: null, pending: {}, choices: { roll: true } },
  };
  const traits = { bot_delay: 0, annotate: false, _picture_id: "", record_files: [], read_only: false };
  assert.deepEqual(writesOfEqualView(board, ".l8b-root", view, traits), []);
});

test("Level X tray: the buttons and the hint keep their nodes when the groups and the roll's chance come", () => {
  const el = document.createElement("div");
  document.body.append(el);
  const model = new FakeModel({ view: LX.start, error: "", error_id: 0, language: "en", teach: false, chances: LX.chances, animate: false, bot_delay: 0 });
  const cleanup = levelx.render({ model, el });
  const q = (s) => el.querySelector(s);
  const actions = q(".lx-actions");
  const hint = q(".lx-hint:not(.lx-rollchance)");
  try {
    assert.ok(actions && hint && !q(".lx-groups"));
    model.set("view", { ...LX.play, rollWays: [12, 1296] });
    assert.ok(q(".lx-groups") && q("[data-roll-chance]"), "the groups and the roll's chance are drawn");
    assert.ok(q(".lx-actions") === actions, "the buttons' bar is the same node"); // (nodes compared as booleans: a diff of DOM nodes takes minutes)
    assert.ok(q(".lx-hint:not(.lx-rollchance):not(.lx-refusal)") === hint, "the hint is the same node");
    assert.ok(q(".lx-groups") !== actions);
  } finally {
    cleanup();
    el.remove();
  }
});
