// Keyboard focus: keys the widget handles stay with the widget (JupyterLab would otherwise run
// notebook shortcuts, e.g. "r" = raw cell); other keys go on to the notebook. After a click the
// keyboard stays with the widget.
//
// mount(root, {keyAction, onAction}) -> cleanup
//   keyAction(keydown event) -> action or null (null: not ours, the notebook gets the key);
//   onAction(action, event).
// keyMap(table) -> keyAction: looks e.key up in table; with Shift held, an entry "Shift+<key>"
// (e.g. "Shift+ArrowLeft") wins over the plain one. Keys with Ctrl/Cmd/Alt and Shift+Enter are
// never the widget's. Keys typed into text fields (input, textarea, select, contenteditable)
// never reach keyAction: typing is not a shortcut.
//
// Notebook 7 (and any Lumino app started without bubblingKeydown) matches its shortcuts in the
// capture phase on document, before any listener in the widget runs, so stopping the key in the
// widget comes too late there. A capture listener on window (the first node an event visits)
// therefore marks the widget's root with data-lm-suppress-shortcuts for exactly the keys the
// widget handles: Lumino's key matcher stops at that attribute. The mark is dropped as soon as the
// widget has handled the key (or on the next task), so the notebook's other keys still work.
//
// A mouse press inside the widget is kept from JupyterLab (its notebook would refocus itself: a
// forced layout of the whole page on every click) and does not focus the pressed button (a
// focused node that the next redraw removes is costly to drop); keyboard focus is unchanged.
// Draggable buttons keep their default, or dragging them could not start.

const TYPING = new Set(["INPUT", "TEXTAREA", "SELECT"]);

const has = (table, k) => Object.prototype.hasOwnProperty.call(table, k);

/** Is this node a place to type text (its keys are never shortcuts)? */
export function isTyping(node) {
  return Boolean(node && (TYPING.has(node.tagName) || node.isContentEditable));
}

export function keyMap(table) {
  return (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return null;
    if (e.shiftKey && e.key === "Enter") return null; // leave Shift+Enter to the notebook
    if (e.shiftKey && has(table, `Shift+${e.key}`)) return table[`Shift+${e.key}`];
    return has(table, e.key) ? table[e.key] : null;
  };
}

export function mount(root, { keyAction, onAction }) {
  let timer = null;
  const addedTabindex = !root.hasAttribute("tabindex");
  if (addedTabindex) root.setAttribute("tabindex", "0");

  const SUPPRESS = "data-lm-suppress-shortcuts";
  const win = root.ownerDocument && root.ownerDocument.defaultView;
  let marked = null; // timer that drops the mark if the widget's own listener never ran

  /** The node the key was typed on (inside a shadow root too). */
  const origin = (e) => (typeof e.composedPath === "function" && e.composedPath()[0]) || e.target;

  function unmark() {
    if (marked === null) return;
    clearTimeout(marked);
    marked = null;
    root.removeAttribute(SUPPRESS);
  }

  // Capture phase on window: before Notebook 7's shortcut matcher on document.
  function onWindowKey(e) {
    const path = typeof e.composedPath === "function" ? e.composedPath() : [];
    const inside = path.length ? path.includes(root) : root.contains(e.target);
    if (!inside || isTyping(origin(e)) || !keyAction(e)) return;
    unmark();
    root.setAttribute(SUPPRESS, "true");
    marked = setTimeout(unmark, 0);
  }

  function onKey(e) {
    if (isTyping(origin(e))) return; // typing a comment: r, t, 1–4, arrows … are letters here
    const action = keyAction(e);
    unmark();
    if (!action) return; // not ours: let the notebook have it
    e.preventDefault();
    e.stopPropagation(); // JupyterLab 4 listens on document in the bubbling phase
    onAction(action, e);
  }

  // Keep the keyboard with the widget after a click (the notebook may move focus away).
  function onPointerDown(e) {
    e.stopPropagation();
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      const doc = root.ownerDocument;
      if (!doc || !root.isConnected) return;
      if (!root.contains(doc.activeElement)) root.focus({ preventScroll: true });
    }, 0);
  }

  function onMouseDown(e) {
    e.stopPropagation();
    const button = e.button === 0 && e.target.closest && e.target.closest("button");
    if (button && button.getAttribute("draggable") !== "true") e.preventDefault();
  }

  if (win) win.addEventListener("keydown", onWindowKey, true);
  root.addEventListener("keydown", onKey);
  root.addEventListener("pointerdown", onPointerDown);
  root.addEventListener("mousedown", onMouseDown);

  return () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    unmark();
    if (win) win.removeEventListener("keydown", onWindowKey, true);
    root.removeEventListener("keydown", onKey);
    root.removeEventListener("pointerdown", onPointerDown);
    root.removeEventListener("mousedown", onMouseDown);
    if (addedTabindex) root.removeAttribute("tabindex");
  };
}
