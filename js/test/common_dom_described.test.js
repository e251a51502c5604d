// Described parts written from their descriptions (common/dom.js patchDesc, patchChildren,
// drawDescribed, described + keyed): a changed part keeps its nodes and gets only what differs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setupDom } from "./helpers/fake.js";
import { described, drawDescribed, h, keyed, patchChildren, patchDesc } from "../src/common/dom.js";

setupDom();

/** A made node ({key, make}) that counts how often it is made. */
function icon(name, made) {
  return {
    key: `icon:${name}`,
    make: () => {
      made.push(name);
      return h("i", { class: "icon" }, name);
    },
  };
}

test("a changed description is written into the nodes on screen: attributes, text, children", () => {
  const box = h("div");
  const made = [];
  const desc = (phase, title, extra) => [
    "div",
    { class: `tray ${phase}`, "data-key": "tray", title },
    ["button", { "data-die": "0", disabled: phase === "roll" }, "4"],
    ["span", {}, phase],
    icon("seat0", made),
    extra ? ["b", {}, "new"] : "",
  ];
  drawDescribed(box, [desc("roll", "a", false)]);
  const [tray] = box.children;
  const [button, span, made0] = tray.childNodes;
  const text = span.firstChild;
  assert.equal(button.hasAttribute("disabled"), true);

  drawDescribed(box, [desc("play", undefined, true)]);
  assert.equal(box.children[0], tray, "the part keeps its node");
  assert.equal(tray.getAttribute("class"), "tray play");
  assert.equal(tray.hasAttribute("title"), false, "an attribute the description dropped is removed");
  assert.equal(tray.childNodes[0], button, "children matched by their naming attributes stay");
  assert.equal(button.hasAttribute("disabled"), false, "false removes the attribute, as h() skips it");
  assert.equal(tray.childNodes[1], span);
  assert.equal(span.firstChild, text, "a changed text is written into its text node");
  assert.equal(text.data, "play");
  assert.equal(tray.childNodes[2], made0, "a made node with the same key is kept");
  assert.deepEqual(made, ["seat0"], "and not made again");
  assert.equal(tray.childNodes[3].tagName, "B", "a new child is built");
  assert.equal(tray.childNodes.length, 4);

  assert.equal(drawDescribed(box, [desc("play", undefined, true)]), false, "the same descriptions: nothing drawn");
});

test("a made node whose key changed is replaced; another tag is rebuilt", () => {
  const box = h("div");
  const made = [];
  patchChildren(box, [["p", {}, icon("a", made)], ["span", { "data-key": "x" }, "x"]]);
  const p = box.children[0];
  const oldIcon = p.firstChild;
  patchChildren(box, [["p", {}, icon("b", made)], ["em", { "data-key": "x" }, "x"]]);
  assert.equal(box.children[0], p);
  assert.notEqual(p.firstChild, oldIcon);
  assert.equal(p.firstChild.textContent, "b");
  assert.equal(oldIcon.isConnected, false);
  assert.deepEqual(made, ["a", "b"]);
  assert.equal(box.children[1].tagName, "EM", "another tag: a new node in its place");
  assert.equal(box.children.length, 2);
});

test("children are matched by naming attributes when they move, appear or go", () => {
  const box = h("ul");
  const row = (id) => ["li", { "data-key": id }, `row ${id}`];
  patchChildren(box, [row("a"), row("b"), row("c")]);
  const [a, b, c] = box.children;
  patchChildren(box, [row("c"), row("a"), row("d")]);
  assert.deepEqual([...box.children].map((n) => n.dataset.key), ["c", "a", "d"]);
  assert.equal(box.children[0], c);
  assert.equal(box.children[1], a);
  assert.equal(b.isConnected, false);
});

test("a class added by hand is dropped when the described class changes (as patch() does)", () => {
  const box = h("div");
  patchChildren(box, [["span", { class: "die", "data-die": "1" }, "1"]]);
  const die = box.children[0];
  die.classList.add("lw-hl-red"); // e.g. a highlight painted after the draw
  patchChildren(box, [["span", { class: "die lx-in", "data-die": "1" }, "1"]]);
  assert.equal(box.children[0], die);
  assert.equal(die.getAttribute("class"), "die lx-in");
});

test("style is written when the description's changes; form fields go through morph", () => {
  const box = h("div");
  patchChildren(box, [["div", { style: "left:1px" }], ["input", { "data-key": "f", value: "a" }]]);
  const [div, input] = box.children;
  patchChildren(box, [["div", { style: "left:2px" }], ["input", { "data-key": "f", value: "b" }]]);
  assert.equal(box.children[0], div);
  assert.equal(div.style.left, "2px");
  assert.equal(box.children[1], input, "the field keeps its node (and its focus)");
  assert.equal(input.value, "b");
});

test("keyed() writes a changed described part from its description, keeping its node", () => {
  const list = h("div");
  keyed(list, [described("a", ["p", { "data-key": "a" }, "one"]), described("b", ["p", { "data-key": "b" }, "two"])]);
  const [a, b] = list.children;
  const text = a.firstChild;
  keyed(list, [described("a", ["p", { "data-key": "a", class: "on" }, "ONE"]), described("b", ["p", { "data-key": "b" }, "two"])]);
  assert.equal(list.children[0], a);
  assert.equal(a.firstChild, text);
  assert.equal(a.textContent, "ONE");
  assert.equal(a.className, "on");
  assert.equal(list.children[1], b);
  keyed(list, [described("a", ["section", { "data-key": "a" }, "three"])]);
  assert.equal(list.children.length, 1);
  assert.equal(list.children[0].tagName, "SECTION", "another tag replaces the node");
  assert.equal(a.isConnected, false);
});

test("patchDesc answers a text node for a text, or a new node for what the live one cannot be", () => {
  const t = document.createTextNode("x");
  assert.equal(patchDesc(t, "y"), t);
  assert.equal(t.data, "y");
  const el = h("span");
  const out = patchDesc(el, "text");
  assert.equal(out.nodeType, 3);
  assert.equal(out.data, "text");
});
