// The card games' move list rows: each move worded once per language and names, then kept.

import { test } from "node:test";
import assert from "node:assert/strict";
import { moveRows } from "../src/level8/moverows.js";

test("a move is worded once per language and names; a new view's unchanged moves are not worded again", () => {
  const worded = [];
  const moveText = (M, r, names) => {
    worded.push(r.ply);
    return `${M("mv")} ${names[r.p]} ${r.ply}`;
  };
  const t = (lng, key) => `${lng}:${key}`;
  const a = { ply: 1, p: 0 };
  const b = { ply: 2, p: 1 };
  const v1 = { names: ["Ann", "Ben"], here: 1, moves: [a], future: [] };
  assert.deepEqual(moveRows(v1, "en", t, moveText).map((r) => r.text), ["en:start", "en:mv Ann 1"]);
  const v2 = { ...v1, here: 2, moves: [a, b] }; // a patch keeps the first move as it was
  const rows = moveRows(v2, "en", t, moveText);
  assert.deepEqual(rows.map((r) => [r.text, r.here, r.title]), [["en:start", false, undefined], ["en:mv Ann 1", false, "Ann"], ["en:mv Ben 2", true, "Ben"]]);
  assert.deepEqual(worded, [1, 2]); // the first move was not worded again
  assert.equal(moveRows(v2, "de", t, moveText)[1].text, "de:mv Ann 1"); // another language
  assert.equal(moveRows({ ...v2, names: ["Ada", "Ben"] }, "de", t, moveText)[1].text, "de:mv Ada 1"); // renamed
  assert.deepEqual(worded, [1, 2, 1, 2, 1, 2]);
  const undone = moveRows({ ...v2, here: 1, moves: [a], future: [b] }, "en", t, moveText);
  assert.deepEqual(undone.map((r) => [r.target, Boolean(r.future)]), [[0, false], [1, false], [2, true]]);
});
