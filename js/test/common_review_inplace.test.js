// The review box redraws in place: a step of review (one per frame while scrubbing) writes the
// thumb, the label and what really changed, keeps every node, and leaves the lines alone.

import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeModel, setupDom } from "./helpers/fake.js";
import { makeT } from "../src/common/i18n.js";

/** The same nodes in the same order (compared by identity: a failure message that printed
 *  linkedom nodes would take minutes to build). */
const sameNodes = (a, b) => a.length === b.length && a.every((n, i) => n === b[i]);
import * as review from "../src/common/review.js";

const { el, window } = setupDom();
const t = makeT();

const LINES = [
  { path: [], at: 1, depth: 0, text: "Ann: 3+4", player: 0, steps: 12, shown: true, main: true },
  { path: [[4, 1]], at: 4, depth: 1, text: "Ben: 6", player: 1, steps: 3, shown: false, main: false },
];
const rv = (extra = {}) => ({ step: 5, steps: 12, mark: null, comments: [], highlights: [], lines: LINES, more: 0, headers: {}, readOnly: false, canPlayOn: true, file: "", ...extra });

function mount() {
  const model = new FakeModel({ view: { seq: 1, review: rv() }, language: "en", error: "", error_id: 0, annotate: false, read_only: false, record_files: [] });
  const cleanup = review.mount(el, model, { t, defaultFile: "g.json" });
  const box = cleanup.el;
  const setReview = (extra) => model.set("view", { seq: model.get("view").seq + 1, review: rv(extra) });
  return { model, cleanup, box, setReview };
}

/** What changed in `node`'s subtree since: "<what> <attribute|text|children>" entries. */
function watch(node) {
  const mo = new window.MutationObserver(() => {});
  mo.observe(node, { attributes: true, childList: true, subtree: true, characterData: true });
  const name = (n) => {
    const e = n.nodeType === 1 ? n : n.parentNode;
    for (const a of ["data-scrub", "data-step-label", "data-nav", "data-action", "data-notes", "data-line", "data-mark-set"]) if (e.hasAttribute(a)) return `${a}${e.getAttribute(a) ? `=${e.getAttribute(a)}` : ""}`;
    return e.tagName.toLowerCase() + (e.className ? `.${e.className.split(" ")[0]}` : "");
  };
  return () => {
    const out = new Set();
    for (const r of mo.takeRecords()) {
      // linkedom files a text change under the root (the label's text is checked directly);
      // the read-only badge's hidden is review.js's write (rewritten with the same value)
      if (r.target === node || r.target.classList?.contains("lw-ro")) continue;
      out.add(`${name(r.target)} ${r.type === "attributes" ? r.attributeName : r.type === "characterData" ? "text" : "children"}`);
    }
    mo.disconnect();
    return [...out].sort();
  };
}

test("a step of review writes only the thumb, the label and the notes' position", () => {
  const { box, cleanup, setReview } = mount();
  const nodes = [...box.querySelectorAll("*")];
  const changed = watch(box);
  setReview({ step: 6 });
  assert.ok(sameNodes([...box.querySelectorAll("*")], nodes), "every node of the box is kept");
  assert.deepEqual(changed(), ["data-notes data-pos", "data-scrub aria-valuetext", "data-scrub value", "data-step-label title"]);
  assert.equal(box.querySelector("[data-step-label]").textContent, "6 / 12");
  assert.equal(box.querySelector("[data-scrub]").value, "6");
  // the same view again writes nothing at all
  const idle = watch(box);
  setReview({ step: 6 });
  assert.deepEqual(idle(), []);
  cleanup();
});

test("reaching the end disables forward and last in place; the lines keep their rows", () => {
  const { box, cleanup, setReview } = mount();
  const rows = [...box.querySelectorAll(".lw-lines li")];
  const changed = watch(box);
  setReview({ step: 12 });
  assert.deepEqual(changed(), ["data-nav=forward disabled", "data-nav=last disabled", "data-notes data-pos", "data-scrub aria-valuetext", "data-scrub value", "data-step-label title"]);
  assert.equal(box.querySelector("[data-nav=last]").disabled, true);
  // another line shown: the tree is redrawn keyed by path, the rows stay the same nodes
  const lines = [{ ...LINES[0], shown: false }, { ...LINES[1], shown: true }];
  setReview({ step: 2, lines });
  assert.ok(sameNodes([...box.querySelectorAll(".lw-lines li")], rows));
  assert.equal(box.querySelector(".lw-lines .lw-shown").dataset.line, "1");
  assert.equal(box.querySelectorAll(".lw-lines .lw-shown").length, 1);
  cleanup();
});
