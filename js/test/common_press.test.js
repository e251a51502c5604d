import { test } from "node:test";
import assert from "node:assert/strict";
import { fire, setupDom } from "./helpers/fake.js";
import { SLOP, keepPresses } from "../src/common/press.js";

const { document } = setupDom();

/** A widget root with a pass screen (a section holding a button); clicks seen by the root. */
function setup() {
  const root = document.createElement("div");
  const section = document.createElement("section");
  section.dataset.handoff = "0";
  const button = document.createElement("button");
  button.dataset.action = "reveal";
  const label = document.createElement("span");
  label.textContent = "I am Ann: show my cards";
  button.append(label);
  section.append(button);
  root.append(section);
  document.body.append(root);
  const seen = [];
  // the actions clicked (the test DOM, linkedom, has no capture phase: the click taken from
  // the section still bubbles through the root here, a browser stops it on the document first)
  root.addEventListener("click", (e) => {
    const action = e.target.closest("[data-action]")?.dataset.action;
    if (action) seen.push(action);
  });
  const cleanup = keepPresses(root);
  const done = () => {
    cleanup();
    root.remove();
  };
  return { root, section, button, label, seen, cleanup, done };
}

const press = (node, x = 100, y = 200) => fire(node, "pointerdown", { button: 0, isPrimary: true, clientX: x, clientY: y });
const release = (node, x = 100, y = 200) => fire(node, "click", { button: 0, clientX: x, clientY: y });

test("a click that reached the pressed button is left alone", () => {
  const s = setup();
  press(s.label);
  const e = release(s.label);
  assert.deepEqual(s.seen, ["reveal"]);
  assert.equal(e.defaultPrevented, false);
  s.done();
});

test("the page moved under a still pointer: the click goes to the pressed button, once", () => {
  const s = setup();
  press(s.label);
  const e = release(s.section, 100 + SLOP, 200 - SLOP); // the release landed beside the button
  assert.equal(e.defaultPrevented, true); // the section's click was taken, the button's given
  assert.deepEqual(s.seen, ["reveal"]);
  s.done();
});

test("a redraw replaced the button: its one copy with the same data-* gets the click", () => {
  const s = setup();
  press(s.label);
  const copy = s.button.cloneNode(true);
  s.button.replaceWith(copy);
  release(s.section);
  assert.deepEqual(s.seen, ["reveal"]);
  s.done();
});

test("a pointer moved away cancels the press; a disabled or ambiguous control gets nothing", () => {
  const s = setup();
  press(s.label);
  release(s.section, 100 + SLOP + 1, 200);
  assert.deepEqual(s.seen, []); // as in any page: dragged off the button, no click
  press(s.label);
  s.button.disabled = true;
  release(s.section);
  s.button.disabled = false;
  const twin = s.button.cloneNode(true);
  press(s.label);
  s.button.replaceWith(twin);
  s.section.append(twin.cloneNode(true)); // two controls now say the same: neither is guessed
  release(s.section);
  assert.deepEqual(s.seen, []);
  s.done();
});

test("a press outside the widget or by another button is forgotten; cleanup stops it all", () => {
  const s = setup();
  const outside = document.createElement("button");
  document.body.append(outside);
  press(s.label);
  press(outside); // a press elsewhere: ours is over
  release(s.section);
  fire(s.label, "pointerdown", { button: 2, clientX: 100, clientY: 200 }); // a right press
  release(s.section);
  assert.deepEqual(s.seen, []);
  s.cleanup();
  press(s.label);
  release(s.section);
  assert.deepEqual(s.seen, []);
  outside.remove();
  s.root.remove();
});

test("a redraw to another person's control is never clicked for them (hot seat)", () => {
  const s = setup();
  press(s.label);
  const bens = s.button.cloneNode(true); // the same data-action, for Ben now
  bens.firstChild.textContent = "I am Ben: show my cards";
  s.button.replaceWith(bens);
  release(s.section);
  assert.deepEqual(s.seen, []); // Ann's press never shows Ben's hand
  s.done();
});
