// Review & annotate, navigation: the bar with first/back/forward/last, the scrubber and the
// step label, Play on, the Annotate toggle, Review (Python judges every decision of the record:
// marks and comments; the button waits, data-waiting "1", until the next view or a refusal)
// and the read-only badge. Seeks are coalesced:
// at most one in flight, the newest wish goes next; a lost answer does not block for ever.
// A step whose view the browser holds ahead (ctx.scrub, review/scrub.js) shows at once; the
// seek still goes to Python (the source of truth), whose answer is the same view.
//
// createNav(ctx, badge) -> {el, badge, scrub, render(r, ro, lang), click(dataset) -> mine?,
//   change(target) -> mine?, seek(n), navigate(action), jump(path), onView(), onError() ->
//   redraw?, dispose()}
//   ctx: {model, L, review, kernelReview, scrub, readOnly, annotating, render, sendNav, box}
//   (see review.js; kernelReview: the review part of the kernel's last view, scrub: the views
//   held ahead or null);
//   badge: where the read-only badge goes (default: the bar).

import { h, setText } from "../dom.js";
import { langOf, perLanguage, whenChanged } from "../model.js";
import { clamp } from "./view.js";
import { attr, cls, prop } from "./write.js";

const SEEK_FALLBACK_MS = 4000; // a seek whose answer got lost does not block the next one
const REVIEW_FALLBACK_MS = 60000; // a review whose answer got lost: the button works again

export function createNav(ctx, badge = null) {
  const { model, L, review, readOnly, annotating, sendNav, box } = ctx;
  const kernelReview = ctx.kernelReview || review;
  const showHeld = (step) => Boolean(ctx.scrub && ctx.scrub.show(step));
  let inflight = null; // the step of the seek sent and not answered yet
  let wanted = null; // the newest step asked for while one is in flight
  let seekTimer = null;
  let reviewTimer = null; // set while a review is asked for and not answered

  const navBtn = (nav, icon) => h("button", { type: "button", class: "lw-btn lw-ghost lw-navbtn", "data-nav": nav }, icon);
  const first = navBtn("first", "«");
  const back = navBtn("back", "‹");
  const forward = navBtn("forward", "›");
  const last = navBtn("last", "»");
  const scrub = h("input", { type: "range", class: "lw-scrub", "data-scrub": "", min: "0", max: "0", step: "1", value: "0" });
  const stepLabel = h("span", { class: "lw-stepno", "data-step-label": "" });
  const playOn = h("button", { type: "button", class: "lw-btn lw-ghost", "data-action": "play_on" });
  const annotateBtn = h("button", { type: "button", class: "lw-btn lw-ghost", "data-action": "annotate", "aria-pressed": "false" });
  const reviewBtn = h("button", { type: "button", class: "lw-btn lw-ghost lw-reviewbtn", "data-action": "review", "data-waiting": "0", "aria-busy": "false" });
  const roBadge = h("span", { class: "lw-ro", "data-readonly": "", hidden: true });
  const el = h(
    "div",
    { class: "lw-nav", role: "toolbar" },
    h("span", { class: "lw-navgroup" }, first, back, scrub, forward, last),
    stepLabel,
    playOn,
    annotateBtn,
    reviewBtn,
  );
  (badge || el).append(roBadge);

  /** The earliest step the takeback policy lets this screen go back to (Python decides). */
  const floorOf = (r, steps) => clamp(Number(r.floor) || 0, 0, steps);

  /** The step navigation starts from: the one asked for last, else the one shown. */
  const baseStep = () => {
    if (wanted != null) return wanted;
    if (inflight != null) return inflight;
    const r = review();
    return r ? Number(r.step) || 0 : 0;
  };

  /** The labels that change with the language only (not at every step). */
  const label = perLanguage(() => {
    setText(roBadge, L("rvReadOnly"));
    prop(roBadge, "title", L("rvReadOnlyTitle"));
    const tip = (btn, key) => {
      prop(btn, "title", L(key));
      attr(btn, "aria-label", L(key));
    };
    tip(first, "rvFirst");
    tip(back, "rvBack");
    tip(forward, "rvForward");
    tip(last, "rvLast");
    attr(scrub, "aria-label", L("rvScrub"));
    setText(playOn, `▶ ${L("rvPlayOn")}`);
    prop(playOn, "title", L("rvPlayOnTitle"));
    setText(annotateBtn, `✎ ${L("rvAnnotate")}`);
    prop(annotateBtn, "title", L("rvAnnotateTitle"));
  });

  function render(r, ro, lang) {
    // every write below happens only when the value differs: a step of review (one per frame
    // while scrubbing) changes the thumb, the label and perhaps two buttons' disabled state
    label(lang);
    const steps = Math.max(0, Number(r.steps) || 0);
    // while seeks are on their way, the thumb and the label show the step asked for (where
    // the user drags or clicks to); then the step shown
    const at = clamp(baseStep(), 0, steps);
    const atFloor = at <= floorOf(r, steps);
    prop(first, "disabled", atFloor);
    prop(back, "disabled", atFloor);
    prop(forward, "disabled", at >= steps);
    prop(last, "disabled", at >= steps);
    attr(scrub, "max", String(steps));
    const stepText = L("rvStep", { step: at, steps });
    attr(scrub, "aria-valuetext", stepText);
    prop(scrub, "disabled", steps === 0);
    // the property moves the thumb (the value attribute is only the form's default)
    if (scrub.value !== String(at)) scrub.value = String(at);
    setText(stepLabel, `${at} / ${steps}`);
    prop(stepLabel, "title", stepText);
    const on = annotating();
    const waiting = reviewTimer !== null;
    const empty = steps === 0;
    buttons(`${lang}|${ro}|${Boolean(r.canPlayOn)}|${on}|${waiting}|${r.canReview}|${empty}`, r, ro, on, waiting, empty);
  }

  /** Play on, Annotate and Review: they follow the record's state, not its step, so a step
   *  (every move of a live game) reads and writes none of them. */
  const buttons = whenChanged((r, ro, on, waiting, empty) => {
    prop(playOn, "hidden", ro || !r.canPlayOn);
    prop(playOn, "disabled", ro || !r.canPlayOn);
    prop(annotateBtn, "hidden", ro);
    attr(annotateBtn, "aria-pressed", String(on));
    cls(annotateBtn, "lw-on", on);
    setText(reviewBtn, waiting ? `⏳ ${L("rvReviewing")}` : `⚖ ${L("rvReview")}`);
    // Python says when a review cannot run now ("later": it would name cards in hands)
    const later = r.canReview === "later";
    prop(reviewBtn, "title", L(later ? "rvReviewLater" : "rvReviewTitle"));
    prop(reviewBtn, "hidden", ro || r.canReview === false);
    prop(reviewBtn, "disabled", ro || waiting || empty || later);
    attr(reviewBtn, "data-waiting", waiting ? "1" : "0");
    attr(reviewBtn, "aria-busy", String(waiting));
  });

  /** Review: Python judges the record; the button waits until the next view or a refusal. */
  function askReview() {
    if (readOnly() || reviewTimer !== null) return;
    reviewTimer = setTimeout(() => {
      reviewTimer = null;
      ctx.render();
    }, REVIEW_FALLBACK_MS);
    sendNav({ type: "review" });
    ctx.render();
  }

  /** The answer came (a view or a refusal): the button works again (true: it was waiting). */
  function reviewDone() {
    if (reviewTimer === null) return false;
    clearTimeout(reviewTimer);
    reviewTimer = null;
    return true;
  }

  // ---------------------------------------------------------------- seeking (coalesced)
  function settle(dropWanted = false) {
    if (seekTimer !== null) clearTimeout(seekTimer);
    seekTimer = null;
    inflight = null;
    const next = dropWanted ? null : wanted;
    wanted = null;
    const r = kernelReview();
    if (next != null && r && next !== Number(r.step)) {
      sendSeek(next);
      showHeld(next); // the step the user is at now, not the one Python just answered
      return;
    }
    box.dataset.seeking = "0";
  }

  function sendSeek(step) {
    inflight = step;
    box.dataset.seeking = "1";
    if (seekTimer !== null) clearTimeout(seekTimer);
    seekTimer = setTimeout(() => {
      seekTimer = null;
      settle();
      ctx.render();
    }, SEEK_FALLBACK_MS);
    sendNav({ type: "seek", step });
  }

  /** Show step n of the line shown: at most one seek in flight, the newest wish goes next.
   *  Steps before the takeback floor (what Python's takeback policy allows) are not asked for. */
  function seek(n) {
    const r = review();
    if (!r) return false;
    const steps = Math.max(0, Number(r.steps) || 0);
    const step = clamp(Math.round(Number(n)) || 0, floorOf(r, steps), steps);
    const kernelStep = Number((kernelReview() || r).step);
    if (inflight != null) {
      wanted = step === inflight ? null : step;
    } else if (step !== kernelStep) sendSeek(step);
    if (showHeld(step)) return true; // the view changed: the bar was drawn with it
    render(r, readOnly(), langOf(model));
    return true;
  }

  function navigate(action) {
    const r = review();
    if (!r) return false;
    const steps = Math.max(0, Number(r.steps) || 0);
    const base = baseStep();
    if (action === "first") return seek(0);
    if (action === "last") return seek(steps);
    if (action === "back" || action === "stepBack") return seek(base - 1);
    if (action === "forward" || action === "stepForward") return seek(base + 1);
    return false;
  }

  /** Go to the line at `path` (a jump drops the seeks asked for). */
  function jump(path) {
    settle(true);
    sendNav({ type: "jump", path });
  }

  function onScrub() {
    seek(Number(scrub.value));
  }

  function toggleAnnotate() {
    if (readOnly()) return;
    model.set("annotate", !model.get("annotate"));
    model.save_changes();
    ctx.render();
  }

  function click(d) {
    if (d.nav) navigate(d.nav);
    else if (d.action === "play_on") {
      if (!readOnly()) sendNav({ type: "play_on" });
    } else if (d.action === "annotate") toggleAnnotate();
    else if (d.action === "review") askReview();
    else return false;
    return true;
  }

  function change(target) {
    if (target !== scrub) return false;
    onScrub();
    return true;
  }

  function onView() {
    reviewDone(); // render follows
    const kernels = kernelReview() === review(); // not a view shown from what is held ahead
    if (inflight != null && kernels) settle(); // the answer to the seek in flight (or a newer view)
  }

  /** A refusal: a seek in flight stops there (true: redraw, the bar shows the step shown). */
  function onError() {
    const reviewed = reviewDone();
    if (inflight == null) return reviewed;
    settle(true);
    return true;
  }

  scrub.addEventListener("input", onScrub);

  function dispose() {
    if (seekTimer !== null) clearTimeout(seekTimer);
    seekTimer = null;
    reviewDone();
    scrub.removeEventListener("input", onScrub);
    roBadge.remove();
  }

  return { el, badge: roBadge, scrub, render, click, change, seek, navigate, jump, onView, onError, dispose };
}
