// The move preview: the tray and the board show what Python's `view.preview` says the groups
// being built would do, and nothing for a grouping Python does not list.
// Views in fixtures/levelx_preview.json come from LevelXWidget (tests/widgets/
// test_levelx_widget.py checks they are current): "example" is the rules' own example (Red one
// square before X5 and on X6, Green on X5, Red rolled 5-5-6-1, teaching overlay on); "bonus"
// has Ann one 9 and one 10 chip short of her second set, with 6-3-6-4 rolled.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { FakeModel, click, setupDom } from "./helpers/fake.js";
import * as G from "../src/levelx/groups.js";
import { gainText, matchPreview, moveText, stepText } from "../src/levelx/preview.js";
import widget from "../src/levelx.js";

const V = JSON.parse(readFileSync(new URL("./fixtures/levelx_preview.json", import.meta.url)));
const { el } = setupDom();

/** A builder with the given groups of die indices, in order. */
function built(dice, groups) {
  let b = G.newBuilder(dice);
  groups.forEach((group, k) => {
    if (k) b = G.newGroup(b);
    for (const i of group) b = G.toggleDie(b, i);
  });
  return b;
}

function mount(view, extra = {}) {
  const model = new FakeModel({ view, error: "", error_id: 0, language: "en", teach: false, chances: {}, animate: false, bot_delay: 0, ...extra });
  el.replaceChildren(); // a failed test's widget does not linger
  const cleanup = widget.render({ model, el });
  const root = el.querySelector(".lx-root");
  return { model, cleanup, root, q: (s) => root.querySelector(s), qa: (s) => [...root.querySelectorAll(s)] };
}

test("a grouping matches Python's move by its key; each group takes its row's step", () => {
  const v = V.example; // dice 5, 5, 6, 1
  const p = matchPreview(v, built(v.dice, [[0], [2]]));
  assert.equal(p.key, "5,6");
  assert.equal(p.entry, v.preview["5,6"]);
  assert.deepEqual(
    p.groups.map((g) => [g.letter, g.step.row, g.step.from, g.step.to]),
    [
      ["A", 5, 3, 4],
      ["B", 6, 4, 4],
    ],
  );
  assert.equal(stepText("en", p.groups[0].step, p.groups[0].bonus, v.names), "reaches X · +5 chip · knocks Green off X");
  assert.equal(stepText("en", p.groups[1].step, 0, v.names), "on X · +6 chip");
  assert.equal(stepText("de", p.groups[0].step, 0, v.names), "erreicht X · +5er-Chip · wirft Green von X");
  assert.equal(stepText("en", p.groups[0].step, 0, ["Red", "You"]), "reaches X · +5 chip · knocks you off X");
  assert.equal(moveText("en", p.entry), "If played: +11 points, 1 square forward");
  assert.equal(gainText("de", v.preview["5,5,6"]), "+16 Punkte, 1 Feld vor");
  assert.equal(gainText("en", { pts: 0, prog: 2 }), "no points, 2 squares forward");
  // Two groups in one row: the first reaches X, the second takes another chip.
  const twice = matchPreview(v, built(v.dice, [[1], [0]]));
  assert.deepEqual(
    twice.groups.map((g) => [g.letter, g.step.from, g.step.to, g.step.chip]),
    [
      ["A", 3, 4, 5],
      ["B", 4, 4, 5],
    ],
  );
});

test("no preview for a grouping that is no move, nor before any group", () => {
  const v = V.example;
  assert.equal(matchPreview(v, built(v.dice, [[0, 2]])), null); // 5 + 6 = 11: no row
  assert.equal(matchPreview(v, built(v.dice, [[3]])), null); // 1 alone
  assert.equal(matchPreview(v, built(v.dice, [[0], [3]])), null); // one group is no row
  assert.equal(matchPreview(v, G.newBuilder(v.dice)), null);
  assert.equal(matchPreview({ ...v, preview: undefined }, built(v.dice, [[0]])), null);
});

test("the bonus tile goes with the group that completes the set in the order built", () => {
  const v = V.bonus; // dice 6, 3, 6, 4: rows 9 (6+3) and 10 (6+4)
  for (const groups of [
    [
      [0, 1],
      [2, 3],
    ],
    [
      [2, 3],
      [0, 1],
    ],
  ]) {
    const p = matchPreview(v, built(v.dice, groups));
    assert.equal(p.key, "9,10");
    assert.deepEqual(
      p.groups.map((g) => g.bonus),
      [0, 12],
      JSON.stringify(groups),
    );
  }
  const p = matchPreview(v, built(v.dice, [[2, 3], [0, 1]]));
  assert.match(stepText("en", p.groups[1].step, p.groups[1].bonus, v.names), /\+9 chip · \+12 bonus tile$/);
});

test("the tray and the board show the preview while groups are built, and clear it", () => {
  const { model, cleanup, q, qa } = mount(V.example);
  assert.equal(q("[data-preview]"), null);
  click(q("button[data-die='0']")); // A = 5: Red's piece reaches X5 and knocks Green off
  const ghost = q("[data-preview='A']");
  assert.deepEqual([ghost.dataset.previewRow, ghost.dataset.previewSquare], ["5", "4"]);
  assert.equal(ghost.getAttribute("aria-label"), "Group A lands here: row 5, square X: reaches X · +5 chip · knocks Green off X");
  assert.ok(ghost.querySelector(".lx-ghostoust")); // Green's piece is knocked off
  assert.equal(ghost.querySelector("svg"), null); // the square is taken: no faded piece on it
  assert.ok(ghost.closest("[data-board]"));
  const line = q("[data-group='0'] [data-group-preview='A']");
  assert.equal(line.textContent, "→ reaches X · +5 chip · knocks Green off X");
  assert.equal(line.getAttribute("aria-label"), "Group A, row 5: reaches X · +5 chip · knocks Green off X");
  assert.equal(q("[data-preview-summary]").textContent, "If played: +5 points, 1 square forward");
  assert.equal(q("[data-preview-summary]").dataset.points, "5");
  click(q("button[data-die='2']")); // A = 5 + 6 = 11: not a move, no preview at all
  assert.deepEqual([qa("[data-preview]").length, qa("[data-group-preview]").length, q("[data-preview-summary]")], [0, 0, null]);
  click(q("button[data-die='2']")); // back out: A = 5 again
  click(q("[data-action=newGroup]"));
  click(q("button[data-die='2']")); // B = 6: another chip on X6
  assert.deepEqual(
    qa("[data-preview]").map((m) => [m.dataset.preview, m.dataset.previewRow, m.dataset.previewSquare]),
    [
      ["A", "5", "4"],
      ["B", "6", "4"],
    ],
  );
  assert.equal(q("[data-group-preview='B']").textContent, "→ on X · +6 chip");
  model.set("language", "de");
  assert.equal(q("[data-preview-summary]").textContent, "Wenn gespielt: +11 Punkte, 1 Feld vor");
  click(q("[data-action=clear]"));
  assert.equal(qa("[data-preview]").length, 0);
  click(q("button[data-die='3']"));
  click(q("button[data-die='2']")); // A = 1 + 6 = 7: Red enters row 7
  const enter = q("[data-preview='A']");
  assert.deepEqual([enter.dataset.previewRow, enter.dataset.previewSquare], ["7", "1"]);
  assert.ok(enter.querySelector("svg")); // a faded piece on the empty square
  assert.equal(q("[data-group-preview='A']").textContent, "→ setzt auf Feld 1 ein");
  model.set("view", { ...V.example, seq: V.example.seq + 1, phase: "roll", dice: null, preview: undefined, teach: undefined });
  assert.equal(qa("[data-preview]").length, 0); // played: the marks go with the groups
  cleanup();
});

test("nothing is previewed while a bot is to act", () => {
  const { cleanup, q } = mount({ ...V.example, bots: ["", "Greedy"], cur: 1 });
  assert.equal(q("[data-preview]"), null);
  assert.equal(q("[data-preview-summary]"), null);
  cleanup();
});

test("the teaching overlay lists each grouping's points and progress; a pass stays a pass", () => {
  const { model, cleanup, q, qa } = mount(V.example, { teach: true });
  const rows = qa("[data-grouping]");
  assert.equal(rows.length, V.example.teach.length);
  const all = q("[data-grouping='5 5 6']");
  assert.deepEqual([all.dataset.points, all.dataset.progress], ["16", "1"]);
  assert.equal(all.textContent, "5 5 6 · left out: 1 → +16 points, 1 square forward · EV 28.3");
  for (const [nota, , , key] of V.example.teach.filter((r) => r[0] !== "-")) {
    const row = rows.find((r) => r.dataset.grouping === nota);
    assert.equal(row.dataset.points, String(V.example.preview[key].pts), nota);
  }
  assert.equal(q("[data-grouping='-']").textContent, "pass (no move) · EV 12.3");
  assert.match(q("[data-preview-legend]").textContent, /^Points: chips and bonus tiles/);
  model.set("language", "de");
  assert.match(q("[data-grouping='5 5 6']").textContent, /\+16 Punkte, 1 Feld vor · EW 28,3$/);
  cleanup();
});

test("the teaching overlay shows the advisor's expected value per grouping and marks the best", () => {
  const v = V.example; // Python's advise(): "5 1+5 6" is the best move (rank 1)
  const { model, cleanup, q, qa } = mount(v, { teach: true });
  const rows = qa("[data-grouping]");
  for (const [nota, , , key] of v.teach) {
    const row = rows.find((r) => r.dataset.grouping === nota);
    assert.equal(row.dataset.ev, String(v.advice[key].ev), nota);
    assert.equal(row.dataset.rank, String(v.advice[key].rank), nota);
    assert.equal(row.classList.contains("lx-best"), v.advice[key].rank === 1, nota);
  }
  const best = q("[data-grouping='5 1+5 6']");
  assert.deepEqual([best.dataset.rank, best.dataset.ev], ["1", "29.34"]);
  assert.equal(best.textContent, "★ 5 1+5 6 → +17 points, 1 square forward · EV 29.3");
  assert.equal(best.querySelector(".lx-gev").getAttribute("title"), "38030/1296 = 29.34");
  assert.deepEqual(
    qa(".lx-best").map((r) => r.dataset.grouping),
    v.teach.filter((r) => v.advice[r[3]].rank === 1).map((r) => r[0]),
  );
  assert.match(q("[data-advice-legend]").textContent, /^EV \(expected value\) = points now \+ the points you can expect on your next turn/);
  assert.match(q("[data-advice-legend]").textContent, /all 1296 rolls/);
  model.set("language", "de");
  assert.match(q("[data-grouping='5 1+5 6']").textContent, /EW 29,3$/);
  assert.match(q("[data-advice-legend]").textContent, /^EW \(Erwartungswert\)/);
  model.set("view", { ...v, seq: v.seq + 1, advice: undefined });
  assert.equal(q("[data-advice-legend]"), null); // no advice sent: no numbers, no legend
  assert.equal(q(".lx-gev"), null);
  cleanup();
});
