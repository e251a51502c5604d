// Pure: which widget action a key press means. Keys the widget handles are kept away from
// JupyterLab (which would otherwise run notebook shortcuts, e.g. "r" = raw cell).

const PLAIN = {
  ArrowLeft: "undo",
  ArrowRight: "redo",
  Home: "first",
  End: "last",
  r: "roll",
  R: "roll",
  Enter: "confirm",
  Escape: "clear",
  n: "newGroup",
  N: "newGroup",
  g: "newGroup",
  t: "teach",
  T: "teach",
  1: "die0",
  2: "die1",
  3: "die2",
  4: "die3",
};

/** The action for a keydown (an object with key and modifier flags), or null. */
export function keyAction(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.shiftKey && e.key === "Enter") return null; // leave Shift+Enter to the notebook
  return PLAIN[e.key] ?? null;
}
