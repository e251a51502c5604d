// Scrubbing without the kernel (common/review/scrub.js with the navigation of review.js): a
// step held ahead shows at once, the seek still goes to Python, patches keep applying to the
// kernel's view, and a changed key asks again.

import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateSync } from "node:zlib";
import { FakeModel, setupDom } from "./helpers/fake.js";
import { makeT } from "../src/common/i18n.js";
import * as review from "../src/common/review.js";
import { BASE, baseOf, followView } from "../src/common/patch.js";

const { el } = setupDom();
const t = makeT();

const rv = (step, key = "k1") => ({ step, steps: 3, mark: null, comments: [], highlights: [], lines: [], more: 0, headers: {}, readOnly: true, canPlayOn: false, file: "", scrubKey: key });
const viewAt = (step, key) => ({ board: `b${step}`, review: rv(step, key) });
const custom = (model, msg, buffers = []) => {
  for (const fn of [...(model.handlers.get("msg:custom") || [])]) fn(msg, buffers);
};
const kinds = (model) => model.sent.map((m) => (m.type === "seek" ? `seek ${m.step}` : m.type));

function scrubMessage(model, key) {
  // the first view whole, then patches (as levelwidgets/widgets/scrub.py sends them)
  const chain = [viewAt(0, key), ...[1, 2, 3].map((s) => ({ d: { board: { r: `b${s}` }, review: { d: { step: { r: s } } } } }))];
  const packed = deflateSync(Buffer.from(JSON.stringify(chain)));
  custom(model, { kind: "scrub", key, first: 0, count: 4 }, [packed]);
}

test("a step held ahead shows at once; Python still gets the seek, and its answer replaces it", async () => {
  const model = new FakeModel({ view: { seq: 1, log: [["x"]], ...viewAt(0) }, view_seq: 1, language: "en", error: "", error_id: 0, annotate: false, read_only: true, record_files: [] });
  const offView = followView(model);
  const ui = review.mount(el, model, { t });
  ui.seek(1); // nothing held yet: ask Python for the step and for the views ahead
  assert.deepEqual(kinds(model), ["seek 1", "scrub_views"]);
  assert.equal(model.get("view").review.step, 0);
  scrubMessage(model, "k1");
  await ui.scrubReady();
  ui.seek(2); // held: shown now, asked for when the seek in flight is answered
  const shown = model.get("view");
  assert.equal(ui.el.dataset.ahead, "4");
  assert.equal(shown.board, "b2");
  assert.equal(shown.review.step, 2);
  assert.equal(shown.seq, 1); // the kernel view's number and log
  assert.deepEqual(shown.log, [["x"]]);
  assert.equal(shown[BASE].review.step, 0);
  assert.equal(ui.el.querySelector("[data-step-label]").textContent, "2 / 3");
  // Python answers the seek to 1 with a patch of its view: it applies to the kernel's view,
  // and the bar asks for 2, which stays on the screen
  custom(model, { kind: "patch", seq: 2, base: 1, op: { d: { seq: { r: 2 }, board: { r: "b1" }, review: { d: { step: { r: 1 } } } } } });
  await offView.settled();
  assert.deepEqual(kinds(model), ["seek 1", "scrub_views", "seek 2"]);
  assert.equal(model.get("view").board, "b2");
  assert.equal(baseOf(model.get("view")).board, "b1");
  custom(model, { kind: "patch", seq: 3, base: 2, op: { d: { seq: { r: 3 }, board: { r: "b2" }, review: { d: { step: { r: 2 } } } } } });
  await offView.settled();
  assert.equal(model.get("view")[BASE], undefined); // the kernel's own view now
  assert.equal(model.get("view").board, "b2");
  assert.equal(ui.el.dataset.seeking, "0");
  ui();
  offView();
});

test("views of another key are not shown: the next step asks again", async () => {
  const model = new FakeModel({ view: { seq: 1, ...viewAt(0, "k1") }, language: "en", error: "", error_id: 0, annotate: false, read_only: true, record_files: [] });
  const ui = review.mount(el, model, { t });
  scrubMessage(model, "k1");
  await ui.scrubReady();
  model.set("view", { seq: 2, ...viewAt(0, "k2") }); // a comment, a new language…: other views
  ui.seek(3);
  assert.equal(model.get("view").review.step, 0); // not shown from the old views
  assert.deepEqual(kinds(model), ["seek 3", "scrub_views"]);
  const noKey = new FakeModel({ view: { seq: 1, ...viewAt(0, null) }, language: "en", error: "", error_id: 0, annotate: false, read_only: true, record_files: [] });
  const ui2 = review.mount(el, noKey, { t });
  ui2.seek(1); // a screen that gets nothing ahead: the kernel answers every step
  assert.deepEqual(kinds(noKey), ["seek 1"]);
  ui();
  ui2();
});

test("chunks: the next on the side the user heads to; while a seek is on its way, after its answer", async () => {
  const { createScrub } = await import("../src/common/review/scrub.js");
  const long = (step) => ({ seq: 1, review: { ...rv(step, "k"), steps: 100 } });
  const model = new FakeModel({ view: long(50) });
  let busy = true;
  const held = [];
  const scrub = createScrub(model, (n) => held.push(n), () => busy);
  assert.equal(scrub.show(51), false); // nothing held: ask around the kernel's step
  assert.deepEqual(model.sent, [{ type: "scrub_views" }]);
  const chain = [long(42), ...Array.from({ length: 15 }, (_, i) => ({ d: { review: { d: { step: { r: 43 + i } } } } }))];
  custom(model, { kind: "scrub", key: "k", first: 42, count: 16 }, [deflateSync(Buffer.from(JSON.stringify(chain)))]);
  await scrub.ready();
  assert.deepEqual(held, [16]);
  assert.equal(model.sent.length, 1); // a seek is on its way: the next chunk waits
  assert.equal(scrub.show(57), true);
  assert.equal(model.get("view").review.step, 57);
  assert.equal(scrub.holds(58), false);
  busy = false;
  scrub.idle();
  assert.deepEqual(model.sent[1], { type: "scrub_views", first: 58 }); // 57 is shown: after first
  custom(model, { kind: "scrub", key: "k", first: 58, count: 16 }, [deflateSync(Buffer.from(JSON.stringify(chain)))]);
  await scrub.ready();
  assert.deepEqual(model.sent[2], { type: "scrub_views", first: 26 }); // now nearer the start
  scrub.dispose();
});
