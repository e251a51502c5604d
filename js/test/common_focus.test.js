import { test } from "node:test";
import assert from "node:assert/strict";
import { fakeTimers, fire, key, setupDom } from "./helpers/fake.js";
import * as focus from "../src/common/focus.js";

const { document } = setupDom();
const keyAction = focus.keyMap({ r: "roll", ArrowLeft: "undo", Enter: "confirm", 1: "die0" });

function setup() {
  const outside = [];
  const root = document.createElement("div");
  const button = document.createElement("button");
  const input = document.createElement("input");
  root.append(button, input);
  document.body.append(root);
  const onDoc = (e) => outside.push(e.type === "keydown" ? e.key : e.type);
  document.addEventListener("keydown", onDoc);
  document.addEventListener("pointerdown", onDoc);
  const actions = [];
  const cleanup = focus.mount(root, { keyAction, onAction: (a) => actions.push(a) });
  const done = () => {
    cleanup();
    document.removeEventListener("keydown", onDoc);
    document.removeEventListener("pointerdown", onDoc);
    root.remove();
  };
  return { root, button, input, outside, actions, cleanup, done };
}

test("keyMap: plain keys map; modified keys and Shift+Enter are the notebook's", () => {
  assert.equal(keyAction({ key: "r" }), "roll");
  assert.equal(keyAction({ key: "1" }), "die0");
  assert.equal(keyAction({ key: "r", ctrlKey: true }), null);
  assert.equal(keyAction({ key: "r", metaKey: true }), null);
  assert.equal(keyAction({ key: "r", altKey: true }), null);
  assert.equal(keyAction({ key: "Enter", shiftKey: true }), null);
  assert.equal(keyAction({ key: "toString" }), null); // not inherited properties
  assert.equal(keyAction({ key: "a" }), null);
});

test("handled keys act and stay with the widget; others reach the notebook", () => {
  const s = setup();
  const e = key(s.button, "r");
  assert.deepEqual(s.actions, ["roll"]);
  assert.equal(e.defaultPrevented, true);
  key(s.button, "a");
  key(s.button, "r", { ctrlKey: true });
  const typed = key(s.input, "r"); // typing in a field is not a shortcut, nor the notebook's
  assert.equal(typed.defaultPrevented, false); // the letter is typed
  assert.deepEqual(s.actions, ["roll"]);
  assert.deepEqual(s.outside, ["a", "r"]);
  s.done();
});

test("a control's own keys stay with it: typing, a slider's arrows, Enter and Space on a button", () => {
  const s = setup();
  const slider = document.createElement("input");
  slider.setAttribute("type", "range");
  const list = document.createElement("select");
  s.root.append(slider, list);
  for (const [node, k] of [[s.input, "b"], [slider, "ArrowLeft"], [slider, "r"], [list, "x"], [list, "Escape"]]) {
    assert.equal(key(node, k).defaultPrevented, false, `${k} does its default in the control`);
  }
  assert.deepEqual(s.actions, []); // not the widget's shortcuts either (ArrowLeft, r)
  key(s.button, " ");
  key(s.input, "Enter", { shiftKey: true }); // Shift+Enter still runs the cell
  key(s.input, "s", { ctrlKey: true }); // Ctrl+S still saves
  key(s.button, "b"); // on the widget, a key it does not handle is the notebook's
  assert.deepEqual(s.outside, ["Enter", "s", "b"]);
  const enter = focus.keyMap({ r: "roll" });
  assert.equal(enter({ key: "Enter" }), null);
  assert.equal(focus.isControlKey(s.button, { key: "Enter" }), true);
  assert.equal(focus.isControlKey(s.button, { key: "b" }), false);
  assert.equal(focus.isControlKey(s.root, { key: "Enter" }), false);
  assert.equal(focus.isControlKey(null, { key: "a" }), false);
  s.done();
});

test("a click keeps the keyboard with the widget", () => {
  const clock = fakeTimers();
  try {
    const s = setup();
    let focused = 0;
    s.root.focus = () => focused++;
    fire(s.button, "pointerdown");
    assert.deepEqual(s.outside, []); // the notebook does not take the click
    clock.tick(0);
    assert.equal(focused, 1); // focus was outside the widget: brought back
    s.done();
  } finally {
    clock.restore();
  }
});

test("cleanup removes the listeners (and only a tabindex it added)", () => {
  const s = setup();
  assert.equal(s.root.getAttribute("tabindex"), "0");
  s.cleanup();
  key(s.button, "r");
  fire(s.button, "pointerdown");
  assert.deepEqual(s.actions, []);
  assert.deepEqual(s.outside, ["r", "pointerdown"]);
  assert.equal(s.root.hasAttribute("tabindex"), false);
  const root = document.createElement("div");
  root.setAttribute("tabindex", "-1");
  focus.mount(root, { keyAction, onAction() {} })();
  assert.equal(root.getAttribute("tabindex"), "-1");
  s.done();
});

test("a mouse press stays in the widget and does not focus a button (drag handles excepted)", () => {
  const s = setup();
  const seen = [];
  const onDoc = (e) => seen.push(e.type);
  document.addEventListener("mousedown", onDoc);
  const press = fire(s.button, "mousedown", { button: 0 });
  assert.equal(press.defaultPrevented, true); // a mouse click does not focus the button
  assert.deepEqual(seen, []); // JupyterLab's notebook does not see it (no refocus, no layout)
  s.button.setAttribute("draggable", "true");
  assert.equal(fire(s.button, "mousedown", { button: 0 }).defaultPrevented, false);
  assert.equal(fire(s.input, "mousedown", { button: 0 }).defaultPrevented, false);
  s.cleanup();
  fire(s.button, "mousedown", { button: 0 });
  assert.deepEqual(seen, ["mousedown"]);
  document.removeEventListener("mousedown", onDoc);
  s.done();
});

test("a handled key marks the root for Lumino's capture-phase shortcut matcher; others do not", () => {
  // linkedom does not dispatch to window: catch the window capture listener and call it first,
  // as a browser does, then dispatch the key on the widget.
  const win = document.defaultView;
  const added = win.addEventListener;
  let onWindow = null;
  win.addEventListener = (type, fn, capture) => {
    if (type === "keydown" && capture === true) onWindow = fn;
  };
  let s;
  try {
    s = setup();
  } finally {
    win.addEventListener = added;
  }
  assert.equal(typeof onWindow, "function");
  const seen = [];
  // Notebook 7 matches shortcuts in the capture phase on document, before the widget's listeners
  // (linkedom has no capture phase: a listener on the pressed node stands in for it).
  const mark = (n) => n.getAttribute("data-lm-suppress-shortcuts");
  // the root and the pressed node: Lumino's walk starts at the (focused) node
  const onCapture = (e) => seen.push([e.key, mark(s.root), mark(e.target)]);
  s.button.addEventListener("keydown", onCapture);
  s.input.addEventListener("keydown", onCapture);
  const press = (node, k, mods = {}) => {
    onWindow({ key: k, ...mods, target: node, composedPath: () => [node, s.root, document.body] });
    key(node, k, mods);
  };
  press(s.button, "r");
  press(s.button, "a");
  press(s.input, "r"); // typing: not a shortcut, but the field's: marked
  press(s.input, "s", { ctrlKey: true }); // Ctrl+S: the notebook's
  press(s.button, "Enter"); // a handled key (confirm)
  onWindow({ key: "r", target: document.body, composedPath: () => [document.body] }); // elsewhere
  assert.deepEqual(seen, [
    ["r", "true", "true"],
    ["a", null, null],
    ["r", "true", "true"],
    ["s", null, null],
    ["Enter", "true", "true"],
  ]);
  for (const n of [s.root, s.button, s.input]) assert.equal(mark(n), null); // dropped once handled
  s.done();
});
