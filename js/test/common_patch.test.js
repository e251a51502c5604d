import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateSync } from "node:zlib";
import { FakeModel } from "./helpers/fake.js";
import { applyOp, followView, inflateOp } from "../src/common/patch.js";

const custom = (model, msg, buffers = []) => {
  for (const fn of [...(model.handlers.get("msg:custom") || [])]) fn(msg, buffers);
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("applyOp: replace, objects, lists that grow, slide and shrink; the old value stays", () => {
  const old = { seq: 1, log: ["a", "b", "c"], moves: [{ p: 0, here: true }], gone: 1 };
  const frozen = JSON.stringify(old);
  const op = {
    d: { seq: { r: 2 }, log: { l: [1, 2], a: ["d"] }, moves: { l: [0, 1], i: { 0: { d: { here: { r: false } } } }, a: [{ p: 1, here: true }] } },
    x: ["gone"],
  };
  assert.deepEqual(applyOp(old, op), { seq: 2, log: ["b", "c", "d"], moves: [{ p: 0, here: false }, { p: 1, here: true }] });
  assert.equal(JSON.stringify(old), frozen);
  assert.deepEqual(applyOp([1, 2, 3], { l: [0, 1] }), [1]);
  assert.equal(applyOp(5, null), 5);
});

test("followView: patches in order, one copy applies each once, deflated ones too", async () => {
  const model = new FakeModel({ view: { seq: 1, log: ["a"] }, view_seq: 1 });
  const offs = [followView(model), followView(model)]; // the widget shown twice
  custom(model, { kind: "patch", seq: 2, base: 1, op: { d: { seq: { r: 2 }, log: { l: [0, 1], a: ["b"] } } } });
  const packed = deflateSync(Buffer.from(JSON.stringify({ d: { seq: { r: 3 }, big: { r: "x".repeat(3000) } } })));
  custom(model, { kind: "patch", seq: 3, base: 2, z: 1 }, [new DataView(packed.buffer, packed.byteOffset, packed.byteLength)]);
  model.set("view_seq", 3);
  custom(model, { kind: "patch", seq: 4, base: 3, op: { d: { seq: { r: 4 } } } }); // after the deflated one
  assert.equal(model.get("view").seq, 1); // nothing applied before its turn
  await Promise.all(offs.map((off) => off.settled()));
  assert.deepEqual(model.get("view"), { seq: 4, log: ["a", "b"], big: "x".repeat(3000) });
  assert.deepEqual(model.sent, []); // nothing missed
  for (const off of offs) off();
  assert.equal(model.listenerCount(), 0);
});

test("inflateOp: a deflated op is read at once, not through a stream (a click's answer waits for it)", () => {
  const op = { d: { seq: { r: 9 }, words: { r: "Größe ×3 ".repeat(400) } } };
  const packed = deflateSync(Buffer.from(JSON.stringify(op)));
  const read = inflateOp(new DataView(packed.buffer, packed.byteOffset, packed.byteLength));
  assert.ok(!(read instanceof Promise));
  assert.deepEqual(read, op);
  assert.deepEqual(inflateOp(packed.buffer.slice(packed.byteOffset, packed.byteOffset + packed.byteLength)), op);
  assert.throws(() => inflateOp(new Uint8Array([1, 2, 3, 4]))); // unreadable: the caller resyncs
});

test("followView: a missed patch, or a view older than view_seq, asks for the whole view once", async () => {
  const model = new FakeModel({ view: { seq: 1 }, view_seq: 1 });
  const off = followView(model);
  custom(model, { kind: "patch", seq: 3, base: 2, op: { d: { seq: { r: 3 } } } });
  model.set("view_seq", 3);
  await settle();
  assert.deepEqual(model.sent, [{ type: "resync" }]);
  assert.deepEqual(model.get("view"), { seq: 1 }); // unchanged until the whole view comes
  model.set("view", { seq: 3 }); // the resync's answer
  custom(model, { kind: "patch", seq: 4, base: 3, op: { d: { seq: { r: 4 } } } });
  await settle();
  assert.equal(model.get("view").seq, 4);
  custom(model, { kind: "other" }); // not a patch: not ours
  off();
  const stale = new FakeModel({ view: { seq: 2 }, view_seq: 7 }); // shown after patches went by
  const off2 = followView(stale);
  await settle();
  assert.deepEqual(stale.sent, [{ type: "resync" }]);
  off2();
});

test("followView: an unreadable patch asks for the whole view; a renderer that fails is reported, not hidden", async () => {
  const model = new FakeModel({ view: { seq: 1 }, view_seq: 1 });
  const off = followView(model);
  custom(model, { kind: "patch", seq: 2, base: 1, z: 1 }, [new Uint8Array([1, 2, 3, 4])]);
  await off.settled();
  assert.deepEqual(model.sent, [{ type: "resync" }]);
  const reported = [];
  const was = console.error;
  console.error = (...args) => reported.push(args);
  let failing = true;
  model.on("change:view", () => {
    if (failing) throw new Error("a renderer's bug");
  });
  try {
    custom(model, { kind: "patch", seq: 2, base: 1, op: { d: { seq: { r: 2 } } } });
    await off.settled();
    failing = false;
    custom(model, { kind: "patch", seq: 3, base: 2, op: { d: { seq: { r: 3 } } } }); // the queue goes on
    await off.settled();
  } finally {
    console.error = was;
  }
  assert.equal(reported.length, 1);
  assert.match(String(reported[0][1]), /a renderer's bug/);
  assert.deepEqual(model.sent, [{ type: "resync" }]); // no resync for a drawing bug: it would fail again
  assert.equal(model.get("view").seq, 3);
  off();
});

test("followView: anywidget's proxies (one per initialize and per copy) apply each patch once", async () => {
  // anywidget hands initialize and every render a proxy of its own over the same model (bound
  // get/set/send, on/off with a context): each proxy gets a follower, and the view of each
  // patch is set once, by whichever runs first; the other finds it applied and asks nothing
  const model = new FakeModel({ view: { seq: 1 }, view_seq: 1 });
  const proxy = () => ({ get: (k) => model.get(k), set: (k, v) => model.set(k, v), send: (m) => model.send(m), on: (e, f) => model.on(e, f), off: (e, f) => model.off(e, f) });
  const offs = [followView(proxy()), followView(proxy()), followView(proxy())];
  let sets = 0;
  model.on("change:view", () => (sets += 1));
  custom(model, { kind: "patch", seq: 2, base: 1, op: { d: { seq: { r: 2 }, a: { r: 1 } } } });
  custom(model, { kind: "patch", seq: 3, base: 2, op: { d: { seq: { r: 3 } } } });
  await Promise.all(offs.map((off) => off.settled()));
  assert.deepEqual(model.get("view"), { seq: 3, a: 1 });
  assert.equal(sets, 2);
  assert.deepEqual(model.sent, []); // no resync
  for (const off of offs) off();
  assert.equal((model.handlers.get("msg:custom") || []).length, 0);
});

test("followView: the model follows patches while no copy is shown (initialize); copies share it", async () => {
  const model = new FakeModel({ view: { seq: 1 }, view_seq: 1 });
  const atModel = followView(model); // anywidget's initialize
  custom(model, { kind: "patch", seq: 2, base: 1, op: { d: { seq: { r: 2 } } } }); // nothing shown
  await atModel.settled();
  assert.equal(model.get("view").seq, 2); // the kernel sent no view_seq with it: none is needed
  const shown = followView(model); // a copy shown now: the view of now, nothing asked
  custom(model, { kind: "patch", seq: 3, base: 2, op: { d: { seq: { r: 3 } } } });
  await shown.settled();
  assert.equal(model.get("view").seq, 3);
  assert.equal(model.handlers.get("msg:custom").length, 1); // one follower for both
  shown();
  shown(); // twice: still one user less
  custom(model, { kind: "patch", seq: 4, base: 3, op: { d: { seq: { r: 4 } } } });
  await atModel.settled();
  assert.equal(model.get("view").seq, 4); // the model's own follower goes on
  atModel();
  assert.equal(model.listenerCount(), 0);
  assert.deepEqual(model.sent, []);
});
