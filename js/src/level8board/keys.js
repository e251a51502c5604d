// Pure: which board action a key press means (null: not ours, the notebook keeps it).
// The card table's keys (level8/keys.js) stay: d draw pile, l lay down, x discard, s sort,
// n next round, Enter confirm, Esc clear, ← → undo/redo. Added: r roll (R, i.e. Shift+R, too,
// as in Level X: the shared keyMap), 1/2 the reachable fields.
import { keyMap } from "../common/focus.js";
import { keyAction as l8KeyAction } from "../level8/keys.js";

const boardKey = keyMap({ r: "roll", R: "roll", 1: "reach1", 2: "reach2" });

export function keyAction(e) {
  return boardKey(e) ?? l8KeyAction(e);
}
