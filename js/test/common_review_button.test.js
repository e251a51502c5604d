// The Review button of the review bar (common/review/nav.js): it asks Python to review the
// record ({type: "review"}), waits (data-waiting, aria-busy, disabled) until the next view or
// a refusal, speaks English and German, and is gone from a read-only copy.

import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeModel, click, fakeTimers, setupDom } from "./helpers/fake.js";
import { makeT } from "../src/common/i18n.js";
import * as review from "../src/common/review.js";

const { el } = setupDom();
const t = makeT();

function rv(extra = {}) {
  return { step: 6, steps: 6, mark: null, comments: [], highlights: [], lines: [], more: 0, headers: {}, readOnly: false, canPlayOn: false, file: "", ...extra };
}

function mount(reviewExtra = {}, traits = {}) {
  const model = new FakeModel({ view: { seq: 1, review: rv(reviewExtra) }, language: "en", error: "", error_id: 0, annotate: false, read_only: false, record_files: [], ...traits });
  const cleanup = review.mount(el, model, { t, defaultFile: "levelx-game.json" });
  const q = (s) => cleanup.el.querySelector(s);
  const setReview = (extra) => model.set("view", { seq: model.get("view").seq + 1, review: rv(extra) });
  return { model, cleanup, q, setReview };
}

test("Review asks Python once, waits for the answer (a view), then works again", () => {
  const { q, model, cleanup, setReview } = mount();
  const btn = q("[data-action=review]");
  assert.ok(btn, "the bar has a Review button");
  assert.equal(btn.tagName, "BUTTON"); // a real button: Tab reaches it, Enter and Space press it
  assert.equal(btn.getAttribute("type"), "button");
  assert.equal(btn.hidden, false);
  assert.equal(btn.disabled, false);
  assert.equal(btn.textContent, "⚖ Review");
  assert.ok(btn.title.includes("?!, ? or ??"));
  assert.equal(btn.dataset.waiting, "0");
  click(btn);
  assert.deepEqual(model.sent, [{ type: "review" }]);
  assert.equal(btn.dataset.waiting, "1");
  assert.equal(btn.getAttribute("aria-busy"), "true");
  assert.equal(btn.disabled, true);
  assert.equal(btn.textContent, "⏳ Reviewing…");
  click(btn); // a second press while Python works sends nothing
  assert.equal(model.sent.length, 1);
  setReview({ mark: "?", comments: ["Better: 5+6 (3.42) — you played 4+5 (2.10): 1.32 points lost"] });
  assert.equal(btn.dataset.waiting, "0");
  assert.equal(btn.getAttribute("aria-busy"), "false");
  assert.equal(btn.disabled, false);
  assert.equal(btn.textContent, "⚖ Review");
  // the judgement of the position shown is in its notes, open to read
  assert.equal(q("[data-comment='0']").textContent, "Better: 5+6 (3.42) — you played 4+5 (2.10): 1.32 points lost");
  assert.equal(q("details[data-notes]").hasAttribute("open"), true);
  assert.equal(q("[data-mark-set='?']").getAttribute("aria-pressed"), "true");
  cleanup();
});

test("a refusal ends the wait too (the toast says why); a lost answer after a minute", () => {
  const clock = fakeTimers();
  try {
    const { q, model, cleanup } = mount();
    const btn = q("[data-action=review]");
    click(btn);
    assert.equal(btn.dataset.waiting, "1");
    model.set("error_info", { text: "No", code: "widget.review_refused", params: {} });
    model.set("error", "This record of Level 8 board game cannot be reviewed: no.");
    model.set("error_id", 1);
    assert.equal(btn.dataset.waiting, "0");
    assert.equal(btn.disabled, false);
    click(btn);
    assert.equal(btn.dataset.waiting, "1");
    clock.tick(59_000);
    assert.equal(btn.dataset.waiting, "1");
    clock.tick(2_000);
    assert.equal(btn.dataset.waiting, "0");
    assert.deepEqual(model.sent, [{ type: "review" }, { type: "review" }]);
    cleanup();
    assert.equal(clock.pending(), 0);
  } finally {
    clock.restore();
  }
});

test("German label; nothing to review at the start; gone from a read-only copy", () => {
  const { q, model, cleanup, setReview } = mount({}, { language: "de" });
  const btn = q("[data-action=review]");
  assert.equal(btn.textContent, "⚖ Auswerten");
  assert.ok(btn.title.includes("exakt bewerten"));
  click(btn);
  assert.equal(btn.textContent, "⏳ Werte aus …");
  setReview({ steps: 0, step: 0 });
  assert.equal(btn.disabled, true); // an empty record has no decision to judge
  setReview({ readOnly: true });
  assert.equal(btn.hidden, true);
  click(btn);
  model.set("read_only", true);
  assert.equal(btn.hidden, true);
  assert.deepEqual(model.sent, [{ type: "review" }]);
  cleanup();
});

test("Python says when a review must wait (a card game going on) or cannot be (no record)", () => {
  const { q, model, cleanup, setReview } = mount({ canReview: "later" });
  const btn = q("[data-action=review]");
  assert.equal(btn.hidden, false);
  assert.equal(btn.disabled, true);
  assert.ok(btn.title.includes("when the game is over"));
  click(btn);
  assert.deepEqual(model.sent, []);
  setReview({ canReview: true });
  assert.equal(btn.disabled, false);
  assert.ok(btn.title.includes("?!, ? or ??"));
  setReview({ canReview: false });
  assert.equal(btn.hidden, true);
  cleanup();
});
