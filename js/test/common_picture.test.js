import { test } from "node:test";
import assert from "node:assert/strict";
import { setupDom } from "./helpers/fake.js";
import { hidePicture, pictureRule } from "../src/common/picture.js";

const { el } = setupDom();

test("the rule hides the picture marked with the widget's id and its output row", () => {
  const rule = pictureRule("e1777b4d");
  assert.match(rule, /\[data-lw-picture="e1777b4d"\]\{display:none!important\}/);
  assert.match(rule, /\.jp-OutputArea-child:has\(\[data-lw-picture="e1777b4d"\]\)/);
});

test("an id that could break out of the selector gives no rule at all", () => {
  for (const id of ['x"]{}*{display:none', "", undefined, null, "a b", "x".repeat(65)]) {
    assert.equal(pictureRule(id), "");
  }
});

test("the hiding style lives in the view's element and goes with the cleanup", () => {
  const cleanup = hidePicture(el, "abc");
  const style = el.querySelector("style[data-lw-picture-hider=abc]");
  assert.ok(style && style.textContent.includes('[data-lw-picture="abc"]'));
  cleanup();
  assert.equal(el.querySelector("style[data-lw-picture-hider]"), null);
  hidePicture(el, "bad id")(); // no id, nothing added, the cleanup is harmless
  assert.equal(el.querySelector("style"), null);
});
