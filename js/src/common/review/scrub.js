// Review & annotate, scrubbing without the kernel: the views of the line's steps, held ahead.
//
// Python sends, when asked ({type: "scrub_views", first?, count?}), a custom message {kind:
// "scrub", key, first, count} whose binary buffer is the deflated list [view at step `first`,
// op, op, ...] (each view a patch of the one before; levelwidgets/widgets/scrub.py): a chunk of
// at most 16 steps, so the kernel is never busy long. Once a chunk came, the next is asked for
// (on the side nearer the step shown; while a seek is on its way, once its answer came, so seeks
// and chunks take turns), until MAX_STEPS steps are held or the line is covered. show(step) puts
// the view of `step` on the model at once when it is held and its key is the kernel view's
// review.scrubKey (the record, line, language, viewer… it was made for); the navigation still
// sends the seek, and the kernel's answer (the same view) replaces it. The view shown keeps the
// kernel view's seq and log and carries that view under BASE, so patches go on applying to the
// kernel's view. A key that changed (a comment, a new step, another language or viewer) drops
// what is held and the next show asks again. A screen that may not see every card gets no key:
// every step asks the kernel.
//
// createScrub(model, onHeld(count), busy() -> a seek on its way?) -> {show(step) -> shown?,
//   holds(step) -> bool, ready() -> a promise, once the chunks sent so far are read, idle(): a
//   view of the kernel came, dispose()}

import { BASE, applyOp, baseOf, inflateOp } from "../patch.js";

/** Steps held ahead at most, and a chunk's steps (the same as scrub.py's MAX_STEPS, CHUNK). */
export const MAX_STEPS = 256;
const CHUNK = 16;

export function createScrub(model, onHeld = () => {}, busy = () => false) {
  let key = null; // the key of the chunks held
  let chunks = []; // {first, chain, views}: views[i] built from chain up to i, on demand
  let waiting = false; // a chunk asked for and not come yet
  let reading = Promise.resolve(); // the chunks being read, in order
  let deferred = false; // the next chunk waits until no seek is on its way (seeks go first)

  const keyOf = (view) => (view && view.review && view.review.scrubKey) || null;
  const count = () => chunks.reduce((n, c) => n + c.chain.length, 0);
  const chunkOf = (step) => chunks.find((c) => step >= c.first && step < c.first + c.chain.length) || null;

  function ask(first) {
    waiting = true;
    model.send(first == null ? { type: "scrub_views" } : { type: "scrub_views", first });
  }

  /** The next chunk: the steps right after the last held, or right before the first, on the
   *  side nearer the step shown (where the user is heading). While a seek is on its way it
   *  waits for the seek's answer (`now`: that answer came), so seeks and chunks take turns. */
  function askNext(now = false) {
    const shownView = model.get("view");
    const base = baseOf(shownView);
    const r = base && base.review;
    if (!r || keyOf(base) !== key || count() >= MAX_STEPS || !chunks.length || waiting) return;
    if (busy() && !now) {
      deferred = true;
      return;
    }
    deferred = false;
    const lo = Math.min(...chunks.map((c) => c.first));
    const hi = Math.max(...chunks.map((c) => c.first + c.chain.length));
    const floor = Number(r.floor) || 0;
    const after = hi <= Number(r.steps);
    const before = lo > floor;
    const at = Number(((shownView && shownView.review) || r).step) || 0;
    if (after && (!before || hi - at <= at - lo)) ask(hi);
    else if (before) ask(Math.max(floor, lo - CHUNK));
  }

  function onMessage(msg, buffers) {
    if (!msg || msg.kind !== "scrub" || !buffers || !buffers.length) return;
    reading = reading.then(async () => {
      let chain = null;
      try {
        chain = inflateOp(buffers[0]);
      } catch {
        chain = null; // unreadable: those steps ask the kernel, as without
      }
      waiting = false;
      if (!Array.isArray(chain) || !chain.length) return;
      if (msg.key !== key) {
        key = msg.key;
        chunks = [];
      }
      const first = Number(msg.first) || 0;
      chunks = chunks.filter((c) => c.first + c.chain.length <= first || c.first >= first + chain.length);
      chunks.push({ first, chain, views: [] });
      onHeld(count());
      askNext();
    });
  }

  /** The view of `step` if held for `want` (the kernel view's key); else null, and asks. */
  function viewAt(step, want) {
    if (key !== want && chunks.length) {
      chunks = [];
      onHeld(0);
    }
    const chunk = key === want ? chunkOf(step) : null;
    if (!chunk) {
      if (!waiting) ask(chunks.length ? step : null);
      return null;
    }
    const { views, chain } = chunk;
    const i = step - chunk.first;
    if (!views.length) views.push(chain[0]);
    while (views.length <= i) views.push(applyOp(views[views.length - 1], chain[views.length]));
    return views[i];
  }

  function show(step) {
    const base = baseOf(model.get("view"));
    const want = keyOf(base);
    if (!want) return false;
    if (base.review && Number(base.review.step) === step) {
      if (model.get("view") !== base) model.set("view", base); // the kernel's own view of it
      return true;
    }
    const view = viewAt(step, want);
    if (!view) return false;
    const shown = { ...view, seq: base.seq, log: base.log, new: 0 };
    shown[BASE] = base;
    model.set("view", shown);
    return true;
  }

  const holds = (step) => key === keyOf(baseOf(model.get("view"))) && chunkOf(step) != null;

  model.on("msg:custom", onMessage);
  return {
    show,
    holds,
    ready: () => reading,
    idle: () => deferred && askNext(true), // a kernel view came (a seek's answer): the next chunk
    dispose() {
      model.off("msg:custom", onMessage);
      chunks = [];
    },
  };
}
