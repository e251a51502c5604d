// The parts of the review bar (common/review/*.js): the pure readers of view.review, the names
// review.js keeps exporting for the widgets, and what happens after a refusal (a refused seek,
// a refused header) — the bar shows the record again, nothing stays stuck.

import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeModel, fakeTimers, fire, setupDom } from "./helpers/fake.js";
import { makeT } from "../src/common/i18n.js";
import * as review from "../src/common/review.js";
import * as common from "../src/common/index.js";
import { commentsKey, commentsOf, isReadOnly, positionKey, reviewOf } from "../src/common/review/view.js";
import { COLOURS, attr, paintHighlights } from "../src/common/review/highlights.js";
import { MARKS } from "../src/common/review/notes.js";
import { HEADERS } from "../src/common/review/record.js";

const { el } = setupDom();
const t = makeT();

const rv = (extra = {}) => ({ step: 5, steps: 10, mark: null, comments: [], highlights: [], lines: [], more: 0, headers: {}, readOnly: false, canPlayOn: true, file: "", ...extra });

function mount(reviewExtra = {}) {
  const model = new FakeModel({ view: { seq: 1, review: rv(reviewExtra) }, language: "en", error: "", error_id: 0, annotate: false, read_only: false, record_files: [] });
  const cleanup = review.mount(el, model, { t });
  const q = (s) => cleanup.el.querySelector(s);
  let seq = 1;
  const setReview = (extra) => model.set("view", { seq: ++seq, review: rv(extra) });
  const refuse = () => model.update({ error: "No.", error_id: model.get("error_id") + 1 });
  return { model, cleanup, q, setReview, refuse };
}

test("review.js still exports what the widgets, annotate.js and common/index.js use", () => {
  for (const name of ["mount", "reviewOf", "isReadOnly", "paintHighlights", "attr", "MARKS", "COLOURS", "HEADERS"]) {
    assert.ok(name in review, name);
    assert.equal(common.review[name], review[name], name);
  }
  assert.equal(review.reviewOf, reviewOf);
  assert.equal(review.isReadOnly, isReadOnly);
  assert.equal(review.paintHighlights, paintHighlights);
  assert.equal(review.attr, attr);
  assert.equal(review.COLOURS, COLOURS);
  assert.equal(review.MARKS, MARKS);
  assert.equal(review.HEADERS, HEADERS);
});

test("view.js: the readers of view.review", () => {
  assert.equal(reviewOf(null), null);
  assert.equal(reviewOf({ review: "no" }), null);
  const r = rv({ readOnly: true, comments: ["a", null, 3], lines: [{ path: [], shown: false }, { path: [[4, 1]], shown: true }, null] });
  assert.equal(reviewOf({ review: r }), r);
  assert.equal(isReadOnly({ review: r }), true);
  assert.equal(isReadOnly({}), false);
  assert.deepEqual(commentsOf(r), ["a", "", "3"]);
  assert.deepEqual(commentsOf({}), []);
  assert.equal(positionKey(r), JSON.stringify([5, [[[4, 1]]]]));
  assert.notEqual(commentsKey(r), commentsKey({ ...r, comments: ["a"] })); // a comment changed
  assert.notEqual(commentsKey(r), commentsKey({ ...r, step: 6 })); // another position
  assert.equal(attr('a"b'), '"a\\"b"');
});

test("a refused seek: the thumb and the step label go back to the step shown", () => {
  const clock = fakeTimers();
  try {
    const { model, cleanup, q, refuse } = mount({ step: 5, steps: 10 });
    cleanup.seek(2);
    assert.deepEqual(model.sent, [{ type: "seek", step: 2 }]);
    cleanup.seek(1); // wanted next
    assert.equal(q("[data-scrub]").value, "1");
    refuse();
    assert.equal(cleanup.el.dataset.seeking, "0");
    assert.equal(q("[data-scrub]").value, "5");
    assert.equal(q("[data-step-label]").textContent, "5 / 10");
    cleanup.nav("stepBack"); // counts from the step shown
    assert.deepEqual(model.sent[1], { type: "seek", step: 4 });
    cleanup();
  } finally {
    clock.restore();
  }
});

test("a refused header: its field shows the record's value again and follows the record", () => {
  const { model, cleanup, q, setReview, refuse } = mount({ headers: { date: "2025-03-01" } });
  const date = q("[data-header=date]");
  date.value = "x".repeat(101);
  fire(date, "focusout");
  assert.deepEqual(model.sent, [{ type: "header", key: "date", value: "x".repeat(101) }]);
  refuse();
  assert.equal(date.value, "2025-03-01"); // the record's value, the toast says why
  setReview({ headers: { date: "2024-12-24" } }); // another record opened: the field follows
  assert.equal(date.value, "2024-12-24");
  date.value = "x".repeat(101); // the same text again: sent again (and refused again)
  fire(date, "change");
  assert.equal(model.sent.length, 2);
  cleanup();
});

test("a header taken by Python: sent once, and an unrelated refusal does not resend it", () => {
  const { model, cleanup, q, setReview, refuse } = mount();
  const event = q("[data-header=event]");
  event.value = "Lesson 3";
  fire(event, "change");
  setReview({ headers: { event: "Lesson 3" } });
  refuse(); // e.g. a seek refused later
  fire(event, "focusout");
  assert.equal(event.value, "Lesson 3");
  assert.deepEqual(model.sent, [{ type: "header", key: "event", value: "Lesson 3" }]);
  cleanup();
});
