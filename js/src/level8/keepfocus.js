// Keyboard focus across a redraw, shared by the card game (../level8.js) and the board game
// (../level8board.js): a keyboard focus stays on its control when the redraw kept that node,
// else it moves to the new control with the same attribute value (inside a hand: the same card
// of the hand), else to the root. A mouse focus is not kept: it goes to the root.
//
// focusKeeper(root, {keys, skip}) -> keepFocus(redraw)
//   keys   attributes that name a control, the first one the focused node has wins
//          (TABLE_FOCUS_KEYS: the card table's; the board puts its own before them); a
//          data-action button of a skip card also keeps its data-skip-target
//   skip   containers the redraw leaves alone (review bar, log, move list): a focus inside
//          them (a comment being typed) stays where it is
//   keepFocus(redraw) runs redraw() and returns what it returns

/** The card table's focusable controls (the attributes of ../level8.js's list). */
export const TABLE_FOCUS_KEYS = ["data-card", "data-action", "data-sort", "data-meld", "data-discard", "data-draw-pile", "data-prop-card", "data-move-to", "data-layout", "data-meaning", "data-goto"];

/** The selector that finds the control `node` stands for after a redraw (null: none). */
export function focusSelector(node, keys = TABLE_FOCUS_KEYS) {
  for (const k of keys) {
    if (!node.hasAttribute(k)) continue;
    let selector = `${node.closest("[data-hand]") ? "[data-hand] " : ""}[${k}="${node.getAttribute(k)}"]`;
    if (k === "data-action" && node.hasAttribute("data-skip-target")) selector += `[data-skip-target="${node.getAttribute("data-skip-target")}"]`;
    return selector;
  }
  return null;
}

export function focusKeeper(root, { keys = TABLE_FOCUS_KEYS, skip = [] } = {}) {
  return function keepFocus(redraw) {
    const doc = root.ownerDocument;
    const a = doc && doc.activeElement;
    if (!a || a === root || !root.contains(a) || skip.some((box) => box.contains(a))) return redraw();
    const selector = focusSelector(a, keys);
    let keyboard = false;
    try {
      keyboard = a.matches(":focus-visible");
    } catch {
      keyboard = true; // no :focus-visible support: keep it anyway
    }
    if (!keyboard) {
      root.focus({ preventScroll: true }); // a mouse focus is not kept
      return redraw();
    }
    const out = redraw();
    // redraws patch the controls in place (common/dom.js patch): most keep their node, and
    // with it the focus; no focus() call then (each one makes the browser restyle at once)
    if (a.isConnected && root.contains(a) && !a.disabled && doc.activeElement === a) return out;
    const next = selector ? root.querySelector(selector) : null;
    if (next && !next.disabled) next.focus({ preventScroll: true });
    else root.focus({ preventScroll: true });
    return out;
  };
}
