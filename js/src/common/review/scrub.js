// Review & annotate, scrubbing without the kernel: the views of the line's steps, held ahead.
//
// Python sends, when asked ({type: "scrub_views"}), a custom message {kind: "scrub", key, first,
// count} whose binary buffer is the deflated list [view at step `first`, op, op, ...] (each view
// a patch of the one before; levelwidgets/widgets/scrub.py). show(step) puts the view of `step`
// on the model at once when it is held and its key is the kernel view's review.scrubKey (the
// record, line, language, viewer… it was made for); the navigation still sends the seek, and the
// kernel's answer (the same view) replaces it. The view shown keeps the kernel view's seq and
// log and carries that view under BASE, so patches go on applying to the kernel's view.
// A key that changed (a comment, a new step, another language or viewer) drops what is held and
// the next show asks again. A screen that may not see every card gets no key: every step asks
// the kernel.
//
// createScrub(model, onHeld(count)) -> {show(step) -> shown?, holds(step) -> bool, ready() -> a promise, once
//   the last views sent are read, dispose()}

import { BASE, applyOp, baseOf, inflateOp } from "../patch.js";

export function createScrub(model, onHeld = () => {}) {
  let held = null; // {key, first, chain, views}: views[i] built from chain up to i, on demand
  let asked = null; // the key views were asked for
  let gen = 0; // a newer message wins over an older one still inflating
  let reading = Promise.resolve(); // the last message being read

  const keyOf = (view) => (view && view.review && view.review.scrubKey) || null;

  function onMessage(msg, buffers) {
    if (!msg || msg.kind !== "scrub" || !buffers || !buffers.length) return;
    const mine = ++gen;
    reading = inflateOp(buffers[0]).then(
      (chain) => {
        if (mine !== gen || !Array.isArray(chain) || !chain.length) return;
        held = { key: msg.key, first: Number(msg.first) || 0, chain, views: [] };
        onHeld(chain.length);
      },
      () => {}, // unreadable: steps ask the kernel, as without
    );
  }

  /** The view of `step` if held for the kernel view's key (else null; asks once per key). */
  function viewAt(step, key) {
    if (!held || held.key !== key) {
      if (held) onHeld(0);
      held = null;
      if (asked !== key) {
        asked = key;
        model.send({ type: "scrub_views" });
      }
      return null;
    }
    const i = step - held.first;
    if (i < 0 || i >= held.chain.length) return null;
    const { views, chain } = held;
    if (!views.length) views.push(chain[0]);
    while (views.length <= i) views.push(applyOp(views[views.length - 1], chain[views.length]));
    return views[i];
  }

  function show(step) {
    const base = baseOf(model.get("view"));
    const key = keyOf(base);
    if (!key) return false;
    if (base.review && Number(base.review.step) === step) {
      if (model.get("view") !== base) model.set("view", base); // the kernel's own view of it
      return true;
    }
    const view = viewAt(step, key);
    if (!view) return false;
    const shown = { ...view, seq: base.seq, log: base.log, new: 0 };
    shown[BASE] = base;
    model.set("view", shown);
    return true;
  }

  const holds = (step) => Boolean(held && held.key === keyOf(baseOf(model.get("view"))) && step >= held.first && step < held.first + held.chain.length);

  model.on("msg:custom", onMessage);
  return {
    show,
    holds,
    ready: () => reading,
    dispose() {
      model.off("msg:custom", onMessage);
      held = null;
    },
  };
}
