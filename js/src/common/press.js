// A press that the page moved away from under a still pointer still counts.
//
// A click is a press and a release on the same element. When the page moves between the two
// (the notebook scrolls and the docked footer, common/dock.js, follows it; a new view redraws
// the button), the release lands beside the button and the browser sends the click to an
// ancestor instead: the press is lost although the pointer never moved. A class clicking "I am
// Ann: show my cards" while JupyterLab still scrolls saw nothing happen (so did the browser
// tests, now and then, on a loaded machine).
//
// keepPresses(root) -> cleanup: such a click (released within SLOP px of where it was pressed)
// is taken from the element it reached and given to the pressed one, or, when a redraw
// replaced that, to the one element of the widget with the same tag, data-* attributes and text.
// A pointer moved away before the release still cancels the press, as everywhere; a click
// that reached the pressed element is left alone.

/** Screen px the pointer may move between press and release and still be "where it was". */
export const SLOP = 6;

const PRESSABLE = "button, a[href], summary, label, [role=button]";

/** The element a press on `node` means: a button-like one, else the nearest with data-*. */
function pressedOf(node, root) {
  const el = node && node.nodeType === 1 ? node : node && node.parentElement;
  if (!el || !root.contains(el)) return null;
  const button = el.closest(PRESSABLE);
  if (button && root.contains(button)) return button;
  for (let e = el; e && e !== root; e = e.parentElement) if (Object.keys(e.dataset || {}).length) return e;
  return null;
}

/** Tag, data-* attributes and text: what a redrawn copy of the same control carries. The text
 *  tells apart controls that differ only in whom they are for: "I am Ann: show my cards" never
 *  stands in for Ben's button after a redraw to Ben's pass screen. */
function signature(el) {
  const data = Object.entries(el.dataset || {}).sort(([a], [b]) => (a < b ? -1 : 1));
  return `${el.tagName}|${JSON.stringify(data)}|${el.textContent}`;
}

/** The pressed element, or the one copy of it a redraw put in its place (null: none, or many). */
function stillThere(press, root) {
  if (press.el.isConnected && root.contains(press.el)) return press.el;
  const same = [...root.querySelectorAll(press.el.tagName)].filter((e) => signature(e) === press.sig);
  return same.length === 1 ? same[0] : null;
}

export function keepPresses(root) {
  const doc = root.ownerDocument;
  if (!doc) return () => {};
  let press = null;
  let replaying = false;

  // both on the document, capturing: a press elsewhere forgets ours, and a release far enough
  // away sends the click to an ancestor of root
  function onPointerDown(e) {
    const el = e.button === 0 && e.isPrimary !== false ? pressedOf(e.target, root) : null;
    press = el ? { el, sig: signature(el), x: e.clientX, y: e.clientY } : null;
  }

  function onClick(e) {
    const p = press;
    press = null;
    if (!p || replaying) return;
    if (p.el.isConnected && (e.target === p.el || p.el.contains(e.target))) return; // it arrived
    if (Math.abs(e.clientX - p.x) > SLOP || Math.abs(e.clientY - p.y) > SLOP) return; // moved away
    const el = stillThere(p, root);
    if (!el || el.disabled) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    replaying = true;
    try {
      el.click();
    } finally {
      replaying = false;
    }
  }

  doc.addEventListener("pointerdown", onPointerDown, true);
  doc.addEventListener("click", onClick, true);
  return () => {
    doc.removeEventListener("pointerdown", onPointerDown, true);
    doc.removeEventListener("click", onClick, true);
  };
}
