import { test } from "node:test";
import assert from "node:assert/strict";
import * as G from "../src/levelx/groups.js";

test("clicking dice builds the active group and shows its sum", () => {
  let b = G.newBuilder([1, 6, 5, 5]);
  b = G.toggleDie(b, 0);
  b = G.toggleDie(b, 1);
  assert.deepEqual(G.groupIndices(b), [[0, 1]]);
  assert.deepEqual(G.groupSums(b)[0], { dice: [0, 1], faces: [1, 6], sum: 7, valid: true });
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
  assert.equal(G.groupSums(b)[0].valid, false); // 3 is no row
});

test("newGroup does not pile up empty groups", () => {
  let b = G.newBuilder([2, 3, 4, 4]);
  b = G.newGroup(G.newGroup(b));
  assert.equal(b.groups, 1);
  assert.deepEqual(G.toIntent(b).groups, []); // pass
  assert.equal(G.notation(b), "-");
});

test("sums outside 5–10 are marked invalid", () => {
  let b = G.newBuilder([6, 6, 1, 2]);
  b = G.toggleDie(G.toggleDie(b, 0), 1);
  const [g] = G.groupSums(b);
  assert.equal(g.sum, 12);
  assert.equal(g.valid, false);
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
