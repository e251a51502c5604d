import { test } from "node:test";
import assert from "node:assert/strict";
import { FakeModel, setupDom } from "./helpers/fake.js";
import { makeT } from "../src/common/i18n.js";
import * as toast from "../src/common/toast.js";
import { noticeText } from "../src/common/notice.js";

const { el } = setupDom();

test("the notice shows Python's message in the widget's language, with its tone", () => {
  const model = new FakeModel({ error: "", error_id: 0, language: "en", notice: {} });
  const cleanup = toast.mount(el, model, { t: makeT() });
  const box = el.querySelector("[data-notice]");
  assert.equal(box.hidden, true);
  model.set("notice", { tone: "good", text: { en: "Right: 5+6 keeps 3.42.", de: "Richtig: 5+6 hält 3,42." } });
  assert.equal(box.hidden, false);
  assert.equal(box.textContent, "Right: 5+6 keeps 3.42.");
  assert.equal(box.dataset.tone, "good");
  assert.equal(box.getAttribute("role"), "status");
  model.set("language", "de");
  assert.equal(box.textContent, "Richtig: 5+6 hält 3,42.");
  model.update({ error: "Not your turn.", error_id: 1 }); // an error does not hide the notice
  assert.equal(box.hidden, false);
  model.update({ error: "" });
  assert.equal(box.hidden, false);
  model.set("notice", { tone: "nonsense", text: "<b>plain</b>" });
  assert.equal(box.dataset.tone, "info");
  assert.equal(el.querySelectorAll("b").length, 0);
  model.set("notice", {});
  assert.equal(box.hidden, true);
  cleanup();
  assert.equal(el.querySelector("[data-notice]"), null);
  assert.equal(model.listenerCount(), 0);
});

test("noticeText falls back to English and ignores what is no text", () => {
  assert.equal(noticeText({ text: { en: "a" } }, "de"), "a");
  assert.equal(noticeText({ text: 5 }, "en"), "");
  assert.equal(noticeText(null, "en"), "");
  assert.equal(noticeText({ text: { de: "b" } }, "en"), "");
});
