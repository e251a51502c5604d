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
// Which keys reach the notebook: a key the widget handles never does; nor does a key that is a
// control's own (isControlKey: typing in a field, moving a slider or a list box, Enter or Space
// on a focused button), for the control needs it: the notebook of JupyterLab and Notebook 7
// would otherwise take "r" typed into a slider or a list box (they are not read-write fields),
// and marimo's command mode takes Enter on any focused node that is not a field (the button's
// click would be lost, the cell's editor open instead). Every other key goes on: pressed on the
// widget itself it is the notebook's (Shift+Enter runs the cell, "b" adds one below), as for any
// output. The same stop keeps keys from hosts that listen in the bubbling phase (JupyterLab,
// marimo's command mode, a React handler on the cell); Voila has no shortcuts.
//
// Notebook 7 (and any Lumino app started without bubblingKeydown) matches its shortcuts in the
// capture phase on document, before any listener in the widget runs, so stopping the key in the
// widget comes too late there. A capture listener on window (the first node an event visits)
// therefore marks the pressed node and the widget's root with data-lm-suppress-shortcuts for
// exactly the keys the widget (or its control) keeps: Lumino's key matcher stops at that
// attribute, walking up from the pressed node (which gets the mark too: a focused node matches
// the notebook's ":focus" selectors itself). The mark is dropped as soon as the widget has
// handled the key (or on the next task), so the notebook's other keys still work.
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

/** Is this key the focused control's own (typed into a field, moving a slider or a list box,
 * pressing a button)? Ctrl/Cmd/Alt combinations and Shift+Enter stay the notebook's. */
export function isControlKey(node, e) {
  if (!node || e.ctrlKey || e.metaKey || e.altKey) return false;
  if (e.shiftKey && e.key === "Enter") return false;
  if (isTyping(node)) return true;
  return node.tagName === "BUTTON" && (e.key === "Enter" || e.key === " ");
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
  let markedNodes = []; // the nodes that carry the mark (never a node that had it before)

  /** The node the key was typed on (inside a shadow root too). */
  const origin = (e) => (typeof e.composedPath === "function" && e.composedPath()[0]) || e.target;

  function unmark() {
    if (marked === null) return;
    clearTimeout(marked);
    marked = null;
    for (const node of markedNodes) node.removeAttribute(SUPPRESS);
    markedNodes = [];
  }

  // Capture phase on window: before Notebook 7's shortcut matcher on document.
  function onWindowKey(e) {
    const path = typeof e.composedPath === "function" ? e.composedPath() : [];
    const inside = path.length ? path.includes(root) : root.contains(e.target);
    if (!inside) return;
    const node = origin(e);
    if (!(isTyping(node) ? isControlKey(node, e) : keyAction(e) || isControlKey(node, e))) return;
    unmark();
    // Lumino walks up from the pressed node and stops at the first mark, but a focused node
    // matches its ":focus" selectors itself: the node gets the mark, and the root above it.
    for (const n of new Set([node, e.target, root])) {
      if (n && n.setAttribute && !n.hasAttribute(SUPPRESS)) {
        n.setAttribute(SUPPRESS, "true");
        markedNodes.push(n);
      }
    }
    marked = setTimeout(unmark, 0);
  }

  function onKey(e) {
    const node = origin(e);
    // typing a comment: r, t, 1–4, arrows … are letters here, never the widget's shortcuts
    const action = isTyping(node) ? null : keyAction(e);
    unmark();
    if (!action) {
      if (isControlKey(node, e)) e.stopPropagation(); // the control's key (no preventDefault)
      return; // any other key: let the notebook have it
    }
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
