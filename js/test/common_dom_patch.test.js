// patch(): keyed updates that reuse the nodes on screen (common/dom.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setupDom } from "./helpers/fake.js";
import { h, keyOf, patch, svg } from "../src/common/dom.js";

setupDom();

const hand = (cards, selected = []) =>
  h("div", { class: "hand", "data-hand": "0" }, ...cards.map((c) => h("button", { class: selected.includes(c) ? "card sel" : "card", "data-card": String(c), "data-selected": selected.includes(c) ? "1" : "0" }, `#${c}`)));

test("patch reuses a card's node by its id, in the new order, and writes only what differs", () => {
  const box = h("div");
  patch(box, hand([3, 7, 9]));
  const before = new Map([...box.querySelectorAll("[data-card]")].map((n) => [n.dataset.card, n]));
  const handNode = box.firstChild;
  patch(box, hand([9, 3, 12], [3]));
  const after = [...box.querySelectorAll("[data-card]")];
  assert.deepEqual(after.map((n) => n.dataset.card), ["9", "3", "12"]);
  assert.equal(box.firstChild, handNode); // the hand itself kept
  assert.equal(after[0], before.get("9")); // moved, not rebuilt
  assert.equal(after[1], before.get("3"));
  assert.notEqual(after[2], before.get("7")); // 7 left the hand: its node is gone, 12 is new
  assert.equal(before.get("7").isConnected, false);
  assert.equal(after[1].className, "card sel");
  assert.equal(after[1].dataset.selected, "1");
  assert.equal(box.innerHTML, h("div", {}, hand([9, 3, 12], [3])).innerHTML);
});

test("an unchanged node gets no attribute writes", () => {
  const box = patch(h("div"), hand([1, 2]));
  const card = box.querySelector("[data-card='2']");
  let writes = 0;
  const set = card.setAttribute.bind(card);
  card.setAttribute = (...a) => {
    writes++;
    set(...a);
  };
  patch(box, hand([1, 2], [1]));
  assert.equal(writes, 0);
  assert.equal(box.querySelector("[data-card='1']").dataset.selected, "1");
});

test("attributes the fresh node lacks are removed; text is updated in place", () => {
  const box = patch(h("div"), h("button", { "data-action": "discard", disabled: true, title: "x" }, "Discard"));
  const btn = box.firstChild;
  const text = btn.firstChild;
  patch(box, h("button", { "data-action": "discard" }, "Ablegen"));
  assert.equal(box.firstChild, btn);
  assert.equal(btn.hasAttribute("disabled"), false);
  assert.equal(btn.hasAttribute("title"), false);
  assert.equal(btn.firstChild, text);
  assert.equal(text.data, "Ablegen");
});

test("a different tag or identity is a new node; nodes without identity match in order", () => {
  const box = patch(h("div"), h("span", {}, "a"), h("p", {}, "b"), h("span", {}, "c"));
  const [s1, p, s2] = [...box.childNodes];
  patch(box, h("span", {}, "x"), h("span", {}, "y"), h("b", {}, "z"));
  const now = [...box.childNodes];
  assert.equal(now[0], s1);
  assert.equal(now[1], s2);
  assert.equal(p.isConnected, false);
  assert.equal(box.innerHTML, "<span>x</span><span>y</span><b>z</b>");
});

test("equal keys are matched in order; empty children are skipped; text children work", () => {
  const box = patch(h("div"), "one", null, h("i", { "data-card": "5" }), h("i", { "data-card": "5" }), false, "");
  const [, first, second] = [...box.childNodes];
  patch(box, h("i", { "data-card": "5", class: "a" }), "two");
  assert.equal(box.firstChild, first);
  assert.equal(second.isConnected, false);
  assert.equal(box.childNodes.length, 2);
  assert.equal(first.className, "a");
  assert.equal(box.lastChild.data, "two");
});

test("keyOf names a node by its tag and naming attributes only", () => {
  assert.equal(keyOf(h("button", { "data-card": "4", class: "x", "data-selected": "1" })), "BUTTON|data-card=4");
  assert.equal(keyOf(h("div", { "data-row": "5", "data-square": "2", style: "left:1px" })), "DIV|data-row=5|data-square=2");
  assert.equal(keyOf(document.createTextNode("t")), "#3");
  assert.notEqual(keyOf(h("div", { "data-key": "a" })), keyOf(h("div", { "data-key": "b" })));
});

test("SVG children and select choices follow the fresh tree", () => {
  const icon = (r) => svg("svg", { viewBox: "0 0 10 10" });
  const box = patch(h("div"), icon());
  box.firstChild.append(svg("circle", { r: 1 }));
  const fresh = icon();
  fresh.append(svg("circle", { r: 4 }));
  const live = box.firstChild;
  patch(box, fresh);
  assert.equal(box.firstChild, live);
  assert.equal(live.firstChild.getAttribute("r"), "4");
  const opts = (k) => [1, 2, 3].map((i) => h("option", { value: String(i), selected: i === k }, String(i)));
  const sel = patch(h("div"), h("select", {}, ...opts(1))).firstChild;
  patch(sel.parentNode, h("select", {}, ...opts(3)));
  assert.equal(sel.parentNode.firstChild, sel);
  assert.equal(sel.querySelector("[selected]").value, "3");
});

test("random trees: patching any tree into any other gives exactly the other's markup", () => {
  let seed = 7;
  const rnd = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const tree = (depth) => {
    const kids = [];
    for (let i = rnd(depth ? 5 : 1); i > 0; i--) {
      if (rnd(4) === 0) kids.push(`t${rnd(3)}`);
      else {
        const attrs = { class: rnd(2) ? "a" : "b" };
        if (rnd(2)) attrs["data-card"] = String(rnd(4));
        if (rnd(3) === 0) attrs.title = `x${rnd(2)}`;
        kids.push(h(["div", "span", "button"][rnd(3)], attrs, ...(depth > 0 ? tree(depth - 1) : [])));
      }
    }
    return kids;
  };
  for (let run = 0; run < 200; run++) {
    const box = patch(h("div"), ...tree(3));
    const want = h("div", {}, ...tree(3));
    const html = want.innerHTML;
    patch(box, ...want.childNodes);
    assert.equal(box.innerHTML, html, `run ${run}`);
  }
});

test("a live child passed as it is stays in place, untouched, among patched siblings", () => {
  const centre = h("div", { class: "centre" }, "kept");
  const ring = patch(h("div"), h("button", { "data-field": "0" }, "a"), centre);
  const field = ring.firstChild;
  centre.firstChild.data = "changed by its owner";
  patch(ring, h("button", { "data-field": "0", class: "glow" }, "a"), h("button", { "data-field": "1" }, "b"), centre);
  assert.equal(ring.firstChild, field);
  assert.equal(field.className, "glow");
  assert.equal(ring.lastChild, centre);
  assert.equal(centre.textContent, "changed by its owner");
  assert.equal(ring.childNodes.length, 3);
});

test("patchIfChanged builds and patches only when the key changes", async () => {
  const { patchIfChanged } = await import("../src/common/dom.js");
  const box = h("div");
  let builds = 0;
  const build = (n) => () => {
    builds++;
    return [h("b", { "data-card": String(n) }, `card ${n}`)];
  };
  assert.equal(patchIfChanged(box, "k1", build(1)), true);
  const b = box.firstChild;
  assert.equal(patchIfChanged(box, "k1", build(2)), false); // same key: nothing built
  assert.equal(builds, 1);
  assert.equal(box.textContent, "card 1");
  assert.equal(patchIfChanged(box, "k2", build(1)), true);
  assert.equal(box.firstChild, b);
  box.replaceChildren(); // emptied by someone else: drawn again even with the same key
  assert.equal(patchIfChanged(box, "k2", build(3)), true);
  assert.equal(box.textContent, "card 3");
});

test("patchIfChanged with reuse: false replaces a changed part instead of patching it", async () => {
  const { patchIfChanged } = await import("../src/common/dom.js");
  const box = h("div");
  patchIfChanged(box, "a", () => h("li", {}, "1"), { reuse: false });
  const first = box.firstChild;
  assert.equal(patchIfChanged(box, "a", () => h("li", {}, "2"), { reuse: false }), false);
  assert.equal(box.firstChild, first);
  patchIfChanged(box, "b", () => [h("li", {}, "2"), null], { reuse: false });
  assert.notEqual(box.firstChild, first); // a new node, not the old one patched
  assert.equal(box.innerHTML, "<li>2</li>");
});

test("an unchanged subtree is left as it is: not walked below a changed sibling", () => {
  const box = h("div");
  const seat = (n) => h("div", { "data-player": "0" }, h("span", { class: "count" }, `${n} cards`), h("div", { class: "melds" }, h("span", { "data-card": "5" }, "5"), h("span", { "data-card": "6" }, "6")));
  patch(box, seat(3));
  const melds = box.querySelector(".melds");
  const looks = [];
  for (const name of ["getAttribute", "setAttribute", "removeAttribute"]) {
    const own = melds[name].bind(melds);
    melds[name] = (...args) => {
      looks.push([name, ...args]);
      return own(...args);
    };
  }
  patch(box, seat(4));
  assert.equal(box.querySelector(".count").textContent, "4 cards");
  assert.equal(box.querySelector(".melds"), melds);
  assert.deepEqual(looks, [], "the unchanged melds were not walked attribute by attribute");
});
