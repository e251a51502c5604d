import { test } from "node:test";
import assert from "node:assert/strict";
import { applyEvent, boardOf, framesBetween, newEvents } from "../src/levelx/replay.js";

const LEN = [4, 4, 3, 3, 2, 2];

function view(seq, pos, chips, held, events) {
  return { seq, pos, chips, held, len: LEN, events };
}

test("pieces step square by square, then a chip is taken", () => {
  const prev = view(1, [[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 1, 0]], [11, 10, 9, 8, 7, 6], [[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]], []);
  const events = [
    ["rolled", 0, null, null, null, [4, 5, 5, 4]],
    ["entered", 0, 9, 1],
    ["moved", 0, 9, 2],
    ["reached_x", 0, 9],
    ["chip", 0, 9, null, null, 9],
    ["turn_passed", 1],
  ];
  const next = view(2, [[0, 0, 0, 0, 2, 0], [0, 0, 0, 0, 1, 0]], [11, 10, 9, 8, 6, 6], [[0, 0, 0, 0, 1, 0], [0, 0, 0, 0, 0, 0]], events);
  const frames = framesBetween(prev, next);
  assert.deepEqual(frames.map((f) => f.event[0]), ["entered", "moved", "reached_x", "chip"]);
  assert.equal(frames[0].board.pos[0][4], 1);
  assert.equal(frames[1].board.pos[0][4], 2);
  const last = frames.at(-1).board;
  assert.deepEqual(last, boardOf(next)); // the replay lands exactly on Python's position
});

test("ousting sends the other piece home or to the start", () => {
  const b = { pos: [[0, 0, 0, 0, 0, 0], [0, 0, 3, 0, 0, 0]], chips: [1, 1, 1, 1, 1, 1], held: [[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]] };
  assert.equal(applyEvent(b, ["ousted", 0, 7, null, 1], LEN).pos[1][2], 0);
  assert.equal(applyEvent(b, ["ousted", 0, 7, 1, 1], LEN).pos[1][2], 1);
  assert.equal(b.pos[1][2], 3); // boards are never changed in place
});

test("a closed row empties; non-board events change nothing", () => {
  const b = { pos: [[2, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0]], chips: [1, 1, 1, 1, 1, 1], held: [[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]] };
  const c = applyEvent(b, ["row_closed", 0, 5, null, null, [0, 1]], LEN);
  assert.deepEqual([c.pos[0][0], c.pos[1][0], c.chips[0]], [0, 0, 0]);
  assert.equal(applyEvent(b, ["bonus", 0, null, null, null, 15], LEN), b);
});

test("no frames for a jump (reload, goto) or the first view", () => {
  const a = view(1, [[0, 0, 0, 0, 0, 0]], [1, 1, 1, 1, 1, 1], [[0, 0, 0, 0, 0, 0]], [["entered", 0, 5, 1]]);
  assert.deepEqual(framesBetween(null, a), []);
  assert.deepEqual(framesBetween(a, { ...a, seq: 5 }), []);
  assert.deepEqual(newEvents({ events: [2, 3] }), [2, 3]); // the last change's events
  assert.deepEqual(newEvents({ log: [["Ann rolls 1-2-3-4.", "rolled", 0]], new: 1 }), []); // not the log
});
