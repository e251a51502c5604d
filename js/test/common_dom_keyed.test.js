// keyed(): children drawn by slot and content key (common/dom.js): an unchanged part is not
// built, a changed one is patched into its node, new ones inserted, gone ones removed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setupDom } from "./helpers/fake.js";
import { h, keyed } from "../src/common/dom.js";

setupDom();

/** Items for keyed(): one <li data-key=slot> per [slot, text]; `builds` counts the builds. */
function items(rows, builds) {
  return rows.map(([slot, text]) => [
    slot,
    text,
    () => {
      builds.push(slot);
      return h("li", { "data-key": slot }, text);
    },
  ]);
}

test("keyed builds only new and changed parts, keeps the others untouched, in the given order", () => {
  const list = h("ol");
  const builds = [];
  keyed(list, items([["a", "one"], ["b", "two"], ["c", "three"]], builds));
  assert.deepEqual(builds, ["a", "b", "c"]);
  const [a, b, c] = [...list.children];
  builds.length = 0;
  keyed(list, items([["c", "three"], ["a", "ONE"], ["d", "four"]], builds));
  assert.deepEqual(builds, ["a", "d"], "c unchanged: not built; a changed; d new");
  const after = [...list.children];
  assert.deepEqual(after.map((n) => n.textContent), ["three", "ONE", "four"]);
  assert.equal(after[0], c, "an unchanged part keeps its node");
  assert.equal(after[1], a, "a changed part is patched into its node (same tag)");
  assert.equal(b.isConnected, false, "a part gone is removed");
  builds.length = 0;
  keyed(list, items([["c", "three"], ["a", "ONE"], ["d", "four"]], builds));
  assert.deepEqual(builds, [], "the same items again: nothing built");
});

test("keyed replaces a changed part whose tag differs, and rebuilds a part someone removed", () => {
  const box = h("div");
  keyed(box, [["x", "1", () => h("span", {}, "span")]]);
  const span = box.firstChild;
  keyed(box, [["x", "2", () => h("b", {}, "bold")]]);
  assert.equal(box.firstChild.tagName, "B");
  assert.equal(span.isConnected, false);
  box.replaceChildren(); // cleared by someone else: the part is drawn again
  keyed(box, [["x", "2", () => h("b", {}, "again")]]);
  assert.equal(box.textContent, "again");
});
