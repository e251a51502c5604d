// Pure: which Level 8 action a key press means (null: not ours, the notebook keeps it).
// Cards are buttons, so Tab + Space/Enter select them without extra keys.

const PLAIN = {
  d: "drawPile",
  D: "drawPile",
  l: "layDown",
  L: "layDown",
  x: "discard",
  X: "discard",
  s: "sort",
  S: "sort",
  n: "nextRound",
  N: "nextRound",
  Escape: "clear",
  ArrowLeft: "undo",
  ArrowRight: "redo",
  Home: "first",
  End: "last",
};

export function keyAction(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (e.key === "Enter") {
    if (e.shiftKey) return null; // Shift+Enter stays with the notebook
    if (e.target && e.target.tagName === "BUTTON") return null; // the focused button clicks itself
    return "confirm";
  }
  if (e.shiftKey && e.key === "ArrowLeft") return "stepBack"; // one record step (bots included)
  if (e.shiftKey && e.key === "ArrowRight") return "stepForward";
  return PLAIN[e.key] ?? null;
}
