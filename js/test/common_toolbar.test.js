import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeModel, click, setupDom } from "./helpers/fake.js";
import { makeT } from "../src/common/i18n.js";
import * as toolbar from "../src/common/toolbar.js";

const { el } = setupDom();
const t = makeT({ en: { teach: "Teach" }, de: { teach: "Lernen" } }); // on top of the common labels
const BUTTONS = (model) => [
  { action: "undo", label: "undo", key: "←", icon: "↶", enabled: (v) => v.canUndo },
  { action: "redo", label: "redo", key: "→", iconAfter: "↷", enabled: (v) => v.canRedo },
  { action: "teach", label: "teach", key: "t", pressed: () => Boolean(model.get("teach")) },
];

test("buttons follow the view, the language and watched traits", () => {
  const model = new FakeModel({ view: { canUndo: false, canRedo: true }, language: "en", teach: false });
  const cleanup = toolbar.mount(el, model, { t, buttons: BUTTONS(model), watch: ["teach"] });
  const [undo, redo, teach] = el.querySelectorAll("[data-action]");
  assert.equal(undo.textContent, "↶ Undo");
  assert.equal(undo.title, "Undo (←)");
  assert.equal(undo.disabled, true);
  assert.equal(redo.textContent, "Redo ↷");
  assert.equal(redo.disabled, false);
  assert.equal(teach.getAttribute("aria-pressed"), "false");
  model.set("view", { canUndo: true, canRedo: false });
  assert.equal(undo.disabled, false);
  assert.equal(redo.disabled, true);
  model.set("language", "de");
  assert.equal(undo.textContent, "↶ Zurück");
  assert.equal(teach.textContent, "Lernen");
  model.set("teach", true);
  assert.equal(teach.getAttribute("aria-pressed"), "true");
  assert.ok(teach.classList.contains("lw-on"));
  assert.equal(el.querySelectorAll("[data-action]")[0], undo); // updated in place, not rebuilt
  cleanup();
});

test("a view that changes one button's state reads and writes that button only", () => {
  const model = new FakeModel({ view: { canUndo: true, canRedo: false }, language: "en", teach: false });
  const cleanup = toolbar.mount(el, model, { t, buttons: BUTTONS(model), watch: ["teach"] });
  const [undo, redo] = el.querySelectorAll("[data-action]");
  const reads = { undo: 0, redo: 0 };
  for (const [name, node] of [["undo", undo], ["redo", redo]]) {
    const proto = Object.getPrototypeOf(node);
    const get = Object.getOwnPropertyDescriptor(proto, "disabled") || Object.getOwnPropertyDescriptor(Object.getPrototypeOf(proto), "disabled");
    Object.defineProperty(node, "disabled", {
      configurable: true,
      get() {
        reads[name] += 1;
        return get.get.call(this);
      },
      set(value) {
        get.set.call(this, value);
      },
    });
  }
  try {
    model.set("view", { canUndo: true, canRedo: true }); // Redo comes on: Undo stays as it is
    assert.equal(redo.disabled, false);
    assert.deepEqual(reads, { undo: 0, redo: 2 }); // (the draw's read, and the assert's)
    model.set("view", { canUndo: true, canRedo: true }); // nothing changed: nothing read
    assert.deepEqual(reads, { undo: 0, redo: 2 });
  } finally {
    cleanup();
  }
});

test("a click calls onAction (default: sends the action) and does not bubble", () => {
  const model = new FakeModel({ view: { canUndo: true, canRedo: false }, language: "en" });
  let bubbled = 0;
  const onParent = () => bubbled++;
  el.addEventListener("click", onParent);
  const cleanup = toolbar.mount(el, model, { t, buttons: BUTTONS(model) });
  click(el.querySelector("[data-action=undo]"));
  assert.deepEqual(model.sent, [{ type: "undo" }]);
  assert.equal(bubbled, 0);
  click(el.querySelector("[data-action=redo]")); // disabled (browsers do not even fire it)
  assert.equal(model.sent.length, 1);
  cleanup();
  const got = [];
  const again = toolbar.mount(el, model, { t, buttons: BUTTONS(model), onAction: (a) => got.push(a) });
  click(el.querySelector("[data-action=teach]"));
  assert.deepEqual(got, ["teach"]);
  assert.equal(model.sent.length, 1);
  again();
  el.removeEventListener("click", onParent);
});

test("cleanup removes the toolbar and its model listeners", () => {
  const model = new FakeModel({ view: null, language: "en" });
  const cleanup = toolbar.mount(el, model, { t, buttons: BUTTONS(model), watch: ["teach"] });
  assert.equal(el.querySelectorAll("[data-action]").length, 3);
  assert.equal(el.querySelector("[data-action=undo]").disabled, true); // no view yet
  assert.ok(model.listenerCount() > 0);
  const bar = cleanup.el;
  cleanup();
  assert.equal(model.listenerCount(), 0);
  assert.equal(el.querySelectorAll("[data-action]").length, 0);
  click(bar.querySelector("[data-action=teach]")); // its click listener is gone too
  assert.deepEqual(model.sent, []);
});

test("a confirm button acts only on a second click, and disarms by itself", async () => {
  const { fakeTimers } = await import("./helpers/fake.js");
  const timers = fakeTimers();
  const model = new FakeModel({ view: {}, language: "en" });
  const buttons = [{ action: "new_game", label: "newGame", icon: "⟳", confirm: "newGameConfirm" }];
  const cleanup = toolbar.mount(el, model, { t, buttons });
  const button = el.querySelector("[data-action=new_game]");
  assert.equal(button.textContent, "⟳ New game");
  click(button);
  assert.deepEqual(model.sent, []); // armed, not sent
  assert.equal(button.textContent, "⟳ New game? Click again");
  assert.ok(button.hasAttribute("data-armed"));
  click(button);
  assert.deepEqual(model.sent, [{ type: "new_game" }]);
  assert.ok(!button.hasAttribute("data-armed"));
  click(button); // armed again, then left alone: it forgets
  timers.tick(5000);
  assert.ok(!button.hasAttribute("data-armed"));
  model.set("language", "de");
  assert.equal(button.textContent, "⟳ Neues Spiel");
  click(button);
  timers.tick(1000);
  click(button);
  assert.deepEqual(model.sent, [{ type: "new_game" }, { type: "new_game" }]);
  cleanup();
  timers.restore();
});
