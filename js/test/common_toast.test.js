import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeModel, setupDom } from "./helpers/fake.js";
import { makeT } from "../src/common/i18n.js";
import * as toast from "../src/common/toast.js";

const { el } = setupDom();
const t = makeT();

test("shows the error when error_id changes; hides when error becomes empty", () => {
  const model = new FakeModel({ error: "", error_id: 0, language: "en" });
  const cleanup = toast.mount(el, model, { t });
  const box = el.querySelector("[role=alert]");
  assert.equal(box.hidden, true);
  assert.equal(el.querySelector("[data-error]"), null);
  model.update({ error: "Rows go from 5 to 10.", error_id: 1 });
  assert.equal(box.hidden, false);
  assert.equal(el.querySelector("[data-error]").textContent, "⚠ Rows go from 5 to 10.");
  assert.equal(box.title, "Not allowed");
  model.update({ error: "" }); // the next good view
  assert.equal(el.querySelector("[data-error]"), null);
  assert.equal(box.hidden, true);
  model.update({ error: "Same text again.", error_id: 2 });
  assert.ok(cleanup.showing());
  cleanup.dismiss(); // the player is fixing the move
  assert.equal(el.querySelector("[data-error]"), null);
  model.set("language", "de"); // redraws nothing visible while dismissed
  assert.equal(box.hidden, true);
  model.set("error_id", 3); // the same message refused again shows again
  assert.equal(el.querySelector("[data-error]").textContent, "⚠ Same text again.");
  assert.equal(box.title, "Nicht erlaubt");
  cleanup();
});

test("an error already set when mounted shows; the id alone changing does not show an empty error", () => {
  const model = new FakeModel({ error: "<b>No.</b>", error_id: 4 });
  const cleanup = toast.mount(el, model, { t, icon: "" });
  assert.equal(el.querySelector("[data-error]").textContent, "<b>No.</b>");
  assert.equal(el.querySelectorAll("b").length, 0);
  model.update({ error: "", error_id: 5 });
  assert.equal(el.querySelector("[data-error]"), null);
  cleanup();
});

test("cleanup removes the toast and its listeners", () => {
  const model = new FakeModel({ error: "x", error_id: 1 });
  const cleanup = toast.mount(el, model, { t });
  cleanup();
  assert.equal(model.listenerCount(), 0);
  assert.equal(el.querySelector("[role=alert]"), null);
});

test("a refusal with a code is said in the widget's language; an unknown code shows the text", () => {
  const tables = { en: { "x.sum": "The group {group:+} makes {total}." }, de: { "x.sum": "Die Gruppe {group:+} ergibt {total}." } };
  const tt = makeT(tables);
  const model = new FakeModel({ error: "", error_id: 0, error_info: {}, language: "de" });
  const cleanup = toast.mount(el, model, { t: tt, icon: "" });
  const box = () => el.querySelector("[data-error]");
  const text = "The group 1+2 makes 3.";
  model.update({ error_info: { text, code: "x.sum", params: { group: [1, 2], total: 3 } }, error: text, error_id: 1 });
  assert.equal(box().textContent, "Die Gruppe 1+2 ergibt 3.");
  model.set("language", "en"); // switching the language says it again in the new one
  assert.equal(box().textContent, "The group 1+2 makes 3.");
  model.set("language", "de");
  const other = "Something new.";
  model.update({ error_info: { text: other, code: "x.unknown", params: {} }, error: other, error_id: 2 });
  assert.equal(box().textContent, "Something new."); // no entry for the code: the English text
  model.update({ error_info: { text: "Plain.", code: null, params: {} }, error: "Plain.", error_id: 3 });
  assert.equal(box().textContent, "Plain.");
  cleanup.say("Said by the front end."); // a message of the front end is never replaced
  assert.equal(box().textContent, "Said by the front end.");
  cleanup();
});

test("a stale error_info (another text) does not replace the error shown", () => {
  const tt = makeT({ de: { "x.a": "Übersetzt." } });
  const model = new FakeModel({ error: "New text.", error_id: 1, error_info: { text: "Old text.", code: "x.a", params: {} }, language: "de" });
  const cleanup = toast.mount(el, model, { t: tt, icon: "" });
  assert.equal(el.querySelector("[data-error]").textContent, "New text.");
  cleanup();
});
