// Pure: which board action a key press means (null: not ours, the notebook keeps it).
// The card table's keys (level8/keys.js) stay: d draw pile, l lay down, x discard, s sort,
// n next round, Enter confirm, Esc clear, ← → undo/redo. Added: r roll, 1/2 the reachable
// fields.
import { keyAction as l8KeyAction } from "../level8/keys.js";

const BOARD = { r: "roll", R: "roll", 1: "reach1", 2: "reach2" };

export function keyAction(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (!e.shiftKey && Object.prototype.hasOwnProperty.call(BOARD, e.key)) return BOARD[e.key];
  return l8KeyAction(e);
}
