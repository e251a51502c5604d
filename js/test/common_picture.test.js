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

/** A window with frames that records what is posted to it and who listens. */
function fakeWindow(frames = []) {
  const win = {
    posted: [],
    listeners: new Set(),
    frames,
    postMessage(data) {
      this.posted.push(data);
      for (const fn of this.listeners) fn({ data });
    },
    addEventListener(type, fn) {
      if (type === "message") this.listeners.add(fn);
    },
    removeEventListener(type, fn) {
      if (type === "message") this.listeners.delete(fn);
    },
  };
  win.top = win;
  for (const f of frames) f.top = win;
  return win;
}

test("in frames (Colab) the live view tells every frame, and answers a picture that asks", () => {
  const pictureFrame = fakeWindow();
  const widgetFrame = fakeWindow();
  const top = fakeWindow([widgetFrame, pictureFrame]);
  widgetFrame.top = top;
  pictureFrame.top = top;
  const cleanup = hidePicture(el, "abc", widgetFrame);
  // every frame of the page heard "abc is live", the picture's frame among them
  assert.deepEqual(pictureFrame.posted, [{ lwPictureLive: "abc" }]);
  assert.deepEqual(top.posted, [{ lwPictureLive: "abc" }]);
  // a picture drawn later asks; the view answers to every frame again
  widgetFrame.postMessage({ lwPictureAsk: "abc" });
  assert.equal(pictureFrame.posted.filter((d) => d.lwPictureLive === "abc").length, 2);
  widgetFrame.postMessage({ lwPictureAsk: "other" }); // another widget's picture: no answer
  assert.equal(pictureFrame.posted.filter((d) => d.lwPictureLive === "abc").length, 2);
  cleanup(); // the view is gone: it answers no more
  widgetFrame.postMessage({ lwPictureAsk: "abc" });
  assert.equal(pictureFrame.posted.filter((d) => d.lwPictureLive === "abc").length, 2);
});
