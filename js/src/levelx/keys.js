// Level X's keys -> widget actions (pure). The common focus layer (common/focus.js) keeps the
// keys the widget handles away from JupyterLab and leaves the others to the notebook.

import { keyMap } from "../common/focus.js";

export const KEYS = {
  ArrowLeft: "undo",
  ArrowRight: "redo",
  "Shift+ArrowLeft": "stepBack",
  "Shift+ArrowRight": "stepForward",
  Home: "first",
  End: "last",
  r: "roll",
  R: "roll",
  Enter: "confirm",
  Escape: "clear",
  n: "newGroup",
  N: "newGroup",
  g: "newGroup",
  "?": "help",
  t: "teach",
  T: "teach",
  1: "die0",
  2: "die1",
  3: "die2",
  4: "die3",
};

/** The action for a keydown (an object with key and modifier flags), or null. */
export const keyAction = keyMap(KEYS);
