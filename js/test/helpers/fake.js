// Test helpers (not a test file): a DOM for node (linkedom) and a fake anywidget model.
//   import { setupDom, FakeModel, click, key } from "./helpers/fake.js";

import { parseHTML } from "linkedom";

/** Install a fresh document as the global one (components create nodes with `document`). */
export function setupDom() {
  const { window, document } = parseHTML("<!doctype html><html><body></body></html>");
  globalThis.window = window;
  globalThis.document = document;
  globalThis.Event = window.Event;
  const el = document.createElement("div");
  document.body.append(el);
  return { window, document, el };
}

/**
 * A tiny stand-in for the anywidget model: get/set/on/off/send/save_changes. `set` fires
 * "change:<name>" like Backbone (only when the value changes); `sent` collects model.send
 * messages; `listenerCount()` counts subscriptions (to check that cleanup removes them).
 */
export class FakeModel {
  constructor(state = {}) {
    this.state = { ...state };
    this.handlers = new Map();
    this.sent = [];
    this.saved = 0;
  }
  get(name) {
    return this.state[name];
  }
  set(name, value) {
    if (Object.is(this.state[name], value)) return;
    this.state[name] = value;
    for (const fn of [...(this.handlers.get(`change:${name}`) || [])]) fn(this, value);
  }
  /** Set several traits, then fire their change events (as one comm update does). */
  update(values) {
    const changed = Object.keys(values).filter((k) => !Object.is(this.state[k], values[k]));
    Object.assign(this.state, values);
    for (const name of changed) for (const fn of [...(this.handlers.get(`change:${name}`) || [])]) fn(this, values[name]);
  }
  on(event, fn) {
    if (!this.handlers.has(event)) this.handlers.set(event, []);
    this.handlers.get(event).push(fn);
  }
  off(event, fn) {
    const list = this.handlers.get(event) || [];
    const i = list.indexOf(fn);
    if (i >= 0) list.splice(i, 1);
  }
  send(msg) {
    this.sent.push(msg);
  }
  save_changes() {
    this.saved += 1;
  }
  listenerCount() {
    let n = 0;
    for (const list of this.handlers.values()) n += list.length;
    return n;
  }
}

/** Dispatch a bubbling event of `type` on node with extra properties (key, ctrlKey …). */
export function fire(node, type, props = {}) {
  const e = new node.ownerDocument.defaultView.Event(type, { bubbles: true, cancelable: true });
  for (const [k, v] of Object.entries(props)) Object.defineProperty(e, k, { value: v });
  node.dispatchEvent(e);
  return e;
}

export const click = (node) => fire(node, "click");
export const key = (node, k, mods = {}) => fire(node, "keydown", { key: k, ...mods });

/** Run fn with fake timers (setTimeout/clearTimeout); returns {tick(ms)} inside. */
export function fakeTimers() {
  const real = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
  let now = 0;
  let next = 1;
  const queue = new Map();
  globalThis.setTimeout = (fn, ms = 0) => {
    const id = next++;
    queue.set(id, { at: now + ms, fn });
    return id;
  };
  globalThis.clearTimeout = (id) => queue.delete(id);
  return {
    tick(ms) {
      now += ms;
      for (;;) {
        const due = [...queue.entries()].filter(([, j]) => j.at <= now).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        queue.delete(due[0]);
        due[1].fn();
      }
    },
    pending: () => queue.size,
    restore() {
      Object.assign(globalThis, real);
    },
  };
}
