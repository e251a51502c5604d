import { test } from "node:test";
import assert from "node:assert/strict";
import * as G from "../src/levelx/groups.js";

test("clicking dice builds the active group and shows its sum", () => {
  let b = G.newBuilder([1, 6, 5, 5]);
  b = G.toggleDie(b, 0);
  b = G.toggleDie(b, 1);
  assert.deepEqual(G.groupIndices(b), [[0, 1]]);
  assert.deepEqual(G.groupSums(b)[0], { dice: [0, 1], faces: [1, 6], sum: 7 });
  b = G.newGroup(b);
  b = G.toggleDie(b, 2);
  b = G.toggleDie(b, 3);
  assert.equal(G.notation(b), "1+6 5+5");
  assert.deepEqual(G.toIntent(b), { type: "play", groups: [[1, 6], [5, 5]] });
});

test("a second click takes a die out; empty groups vanish", () => {
  let b = G.newBuilder([2, 3, 4, 4]);
  b = G.toggleDie(b, 0);
  b = G.newGroup(b);
  b = G.toggleDie(b, 1);
  b = G.toggleDie(b, 0); // group A is now empty and goes away
  assert.deepEqual(G.groupIndices(b), [[1]]);
  assert.equal(b.active, 0);
  assert.equal(G.groupSums(b)[0].sum, 3);
});

test("newGroup does not pile up empty groups", () => {
  let b = G.newBuilder([2, 3, 4, 4]);
  b = G.newGroup(G.newGroup(b));
  assert.equal(b.groups, 1);
  assert.deepEqual(G.toIntent(b).groups, []); // pass
  assert.equal(G.notation(b), "-");
});

// Python's verdicts for the roll 6-6-1-2 as levelx.py publishes them (trimmed): the tray
// looks a group up by its key and never judges a sum itself.
const REFUSED_12 = { code: "levelx.group_sum", params: { group: [6, 6], total: 12, least: 5, most: 10 } };
const VIEW = {
  groupChecks: { "6+6": REFUSED_12, "1+6": null, "2+6": null, "1+2": { code: "levelx.group_sum", params: { group: [1, 2], total: 3, least: 5, most: 10 } } },
  legalKeys: ["-", "1+6", "1+6 2+6", "2+6"],
};

test("keys match Python's group_key / grouping_key (order-free)", () => {
  assert.equal(G.groupKey([6, 1]), "1+6");
  assert.equal(G.groupingKey([[6, 2], [6, 1]]), "1+6 2+6");
  assert.equal(G.groupingKey([[5], [1, 4]]), "1+4 5"); // sorted as text, as Python does
  assert.equal(G.groupingKey([]), "-");
});

test("a group's mark is Python's verdict, looked up by its faces", () => {
  let b = G.newBuilder([6, 6, 1, 2]);
  b = G.toggleDie(G.toggleDie(b, 0), 1);
  const [g] = G.groupSums(b);
  assert.equal(g.sum, 12);
  assert.deepEqual(G.groupVerdict(VIEW, g.faces), { ok: false, why: REFUSED_12 });
  assert.deepEqual(G.groupVerdict(VIEW, [6, 1]), { ok: true });
  assert.equal(G.groupVerdict(VIEW, [5, 5]), null); // Python sent no verdict: no mark
  assert.equal(G.groupVerdict({}, [6, 1]), null);
});

test("Play is offered only for a grouping Python lists; else the refused group says why", () => {
  let b = G.newBuilder([6, 6, 1, 2]);
  b = G.toggleDie(G.toggleDie(b, 0), 1); // 6+6
  assert.deepEqual(G.groupingVerdict(VIEW, b), { ok: false, why: REFUSED_12 });
  b = G.toggleDie(b, 1); // take the second 6 out: 6 alone is not listed, and has no verdict
  assert.deepEqual(G.groupingVerdict(VIEW, b), { ok: false, why: null });
  b = G.toggleDie(b, 2); // 6+1
  b = G.newGroup(b);
  b = G.toggleDie(G.toggleDie(b, 1), 3); // 6+2
  assert.deepEqual(G.groupingVerdict(VIEW, b), { ok: true, why: null });
  assert.equal(G.groupingVerdict({}, b), null); // no list: nobody here may play
});

test("drag and drop: onto a die, a group, a new group, the tray", () => {
  let b = G.newBuilder([1, 4, 2, 3]);
  b = G.joinDice(b, 0, 1); // drag die 0 onto die 1
  assert.deepEqual(G.groupIndices(b), [[0, 1]]);
  b = G.moveDie(b, 2, "new");
  b = G.moveDie(b, 3, 1);
  assert.equal(G.notation(b), "1+4 2+3");
  b = G.joinDice(b, 3, 0); // die 3 joins die 0's group
  assert.deepEqual(G.groupIndices(b), [[0, 1, 3], [2]]);
  b = G.moveDie(b, 2, -1);
  assert.deepEqual(G.groupIndices(b), [[0, 1, 3]]);
});

test("Lucky Loser: turn 1s up to the allowed count", () => {
  let b = G.newBuilder([1, 1, 1, 5]);
  b = G.setFace(b, 0, 6, 2);
  b = G.setFace(b, 1, 5, 2);
  assert.equal(G.turnedCount(b), 2);
  assert.equal(G.setFace(b, 2, 4, 2), b); // a third turn is refused (one 1 must stay)
  assert.equal(G.setFace(b, 3, 2, 2), b); // not a 1
  b = G.toggleDie(G.toggleDie(b, 2), 0); // 6 (a turned 1) + 1: dice keep tray order
  b = G.newGroup(b);
  b = G.toggleDie(G.toggleDie(b, 1), 3); // 5 + 5
  assert.deepEqual(G.toIntent(b).groups, [[6, 1], [5, 5]]);
  b = G.setFace(b, 0, 1, 2); // turn back
  assert.equal(G.turnedCount(b), 1);
});

test("fromGrouping fills the tray from a listed grouping", () => {
  const b = G.fromGrouping([1, 1, 1, 5], "1+6 5+5", [5, 6]);
  assert.deepEqual(G.toIntent(b).groups, [[1, 6], [5, 5]]);
  assert.equal(G.turnedCount(b), 2);
  const c = G.fromGrouping([2, 3, 4, 4], "2+3 4", []);
  assert.deepEqual(G.toIntent(c).groups, [[2, 3], [4]]);
  assert.deepEqual(G.toIntent(G.fromGrouping([2, 3, 4, 4], "-", [])).groups, []);
});
