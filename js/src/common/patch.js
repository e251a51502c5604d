// View patches: the kernel sends what changed in the view, not the whole view, and the browser
// keeps the whole view in the model (levelwidgets/widgets/patch.py writes them; base.py sends).
//
// A patch is a custom message {kind: "patch", seq, base, op}: the view numbered `seq` is the
// view numbered `base` with `op` applied (a large op comes deflated in the message's binary
// buffer instead, with z: 1; patches are applied one after another, in the order sent).
// Ops (the same as patch.py's):
//   {r: value}                        replaced
//   {d: {key: op}, x: [key]}          an object: keys patched or added, x removed
//   {l: [drop, keep], i: {idx: op}, a: [items]}  a list: drop the first `drop`, keep `keep`
//                                     (patched at i), append a
// applyOp returns a new value and never changes the old one (renderers may keep old views).
//
// followView(model) -> off (off.settled(): a promise, once the patches so far are applied):
// applies patches to the model's `view` (set locally, so a saved notebook holds the whole view
// of now). The patch is the kernel's one message per view (it sends `view_seq` only with a
// whole view). Each widget calls it from anywidget's `initialize` (patches are followed while
// no copy is shown) and from every rendered copy (hosts without `initialize`); calls with the
// same model object share one follower, which stops when the last of them is off. (anywidget
// gives initialize and each render a proxy of its own over one model: each proxy then has a
// follower, and a patch applied by one is found applied by the others.) A patch whose base is
// not the view held (one was missed), or a copy shown with a view older than `view_seq`, asks
// the kernel for the whole view: {type: "resync"}, once per view held. A view shown from data
// held ahead (review/scrub.js) carries the kernel's view under BASE: patches apply to that.

import { unzlibSync } from "fflate";

/** `value` with `op` applied (a new value; `value` is left as it was). */
export function applyOp(value, op) {
  if (op == null) return value;
  if ("r" in op) return op.r;
  if ("d" in op) {
    const out = { ...(value || {}) };
    for (const key of op.x || []) delete out[key];
    for (const [key, sub] of Object.entries(op.d)) out[key] = applyOp(out[key], sub);
    return out;
  }
  const [drop, keep] = op.l;
  const items = (value || []).slice(drop, drop + keep);
  for (const [index, sub] of Object.entries(op.i || {})) items[Number(index)] = applyOp(items[Number(index)], sub);
  return op.a ? items.concat(op.a) : items;
}

const seqOf = (view) => (view && typeof view.seq === "number" ? view.seq : -1);

/** On a view the browser shows from data it holds ahead (review/scrub.js): the kernel's view
 *  it stands in for, which patches apply to (a symbol: saved state and JSON leave it out). */
export const BASE = Symbol("lw.kernelView");

/** The kernel's view behind `view` (the view itself when the kernel sent it). */
export const baseOf = (view) => (view && view[BASE]) || view;

/** The bytes of a message buffer (a DataView, an ArrayBuffer or a typed array). */
function bytesOf(buffer) {
  if (buffer instanceof ArrayBuffer) return new Uint8Array(buffer);
  return new Uint8Array(buffer.buffer, buffer.byteOffset || 0, buffer.byteLength);
}

/** A deflated (zlib) JSON op, parsed. Inflated here and now: the browser's own
 *  DecompressionStream needs a Blob and a stream, a trip through the browser process and
 *  several turns of the event loop, which a click's answer then waited for (issue 33). */
export function inflateOp(buffer) {
  return JSON.parse(DECODER.decode(unzlibSync(bytesOf(buffer))));
}

const DECODER = new TextDecoder();

/** The follower of each model object's patches, shared by the calls that pass that object. */
const FOLLOWERS = new WeakMap();

function follow(model) {
  let askedAt = null; // the seq of the view held when a resync was asked (once per view held)
  let queue = Promise.resolve(); // patches and checks, in the order they came
  const held = () => seqOf(baseOf(model.get("view")));
  const resync = () => {
    if (askedAt === held()) return; // asked already: the whole view is on its way
    askedAt = held();
    model.send({ type: "resync" });
  };
  const apply = (msg, buffers) => {
    const view = baseOf(model.get("view"));
    const seq = seqOf(view);
    if (seq >= msg.seq) return; // applied already
    if (seq !== msg.base) {
      resync();
      return;
    }
    let next;
    try {
      next = applyOp(view, msg.z ? inflateOp(buffers[0]) : msg.op);
    } catch {
      resync(); // a patch that cannot be read: start afresh
      return;
    }
    model.set("view", next); // a renderer that fails here is a bug: reported, never hidden
  };
  const later = (step) => {
    // the queue goes on after a failure, which the page's console shows (the tests fail on it)
    queue = queue.then(step).catch((error) => console.error("levelwidgets: a view could not be shown", error));
  };
  // the view_seq of now, compared once the patches that came before it are applied
  const check = () => {
    const want = model.get("view_seq");
    later(() => {
      if (typeof want === "number" && want > 0 && held() < want) resync();
    });
  };
  const onMessage = (msg, buffers) => {
    if (!msg || msg.kind !== "patch") return;
    later(() => apply(msg, buffers));
  };
  model.on("msg:custom", onMessage);
  model.on("change:view_seq", check);
  return {
    users: 0,
    check,
    settled: () => queue,
    stop: () => {
      model.off("msg:custom", onMessage);
      model.off("change:view_seq", check);
    },
  };
}

export function followView(model) {
  let f = FOLLOWERS.get(model);
  if (!f) {
    f = follow(model);
    FOLLOWERS.set(model, f);
  }
  f.users += 1;
  f.check(); // shown after patches went by (or a saved copy): ask for the view of now
  let done = false;
  const off = () => {
    if (done) return;
    done = true;
    f.users -= 1;
    if (f.users === 0) {
      f.stop();
      FOLLOWERS.delete(model);
    }
  };
  off.settled = () => f.settled(); // resolves once every patch received so far is applied
  return off;
}
