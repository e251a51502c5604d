// DOM helpers shared by the widgets: elements with text only (never innerHTML) and the
// players' markers (colour AND shape per seat, so colour is never the only cue).

const SVGNS = "http://www.w3.org/2000/svg";

/** Seats the theme has a colour and a shape for (--lw-p0 .. --lw-p5). */
export const SEATS = 6;
/** One shape per seat. */
export const SHAPES = ["circle", "square", "triangle", "diamond", "hexagon", "star"];
/** The same shapes as text glyphs (cheap in long lists; coloured by the class lw-c{n}). */
export const GLYPHS = ["●", "■", "▲", "◆", "⬢", "★"];

/** Create an element: attrs are attributes (false/null/undefined skipped), children text or nodes. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "style") el.style.cssText = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) {
    if (c === "" || c == null || c === false) continue;
    el.append(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return el;
}

/** Create an SVG element with attributes. */
export function svg(tag, attrs = {}) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    el.setAttribute(k, String(v));
  }
  return el;
}

/** [tag, attributes] of a seat's marker in a 0..100 box. */
export function shapeAttrs(player) {
  switch (SHAPES[((player % SEATS) + SEATS) % SEATS]) {
    case "circle":
      return ["circle", { cx: 50, cy: 50, r: 40 }];
    case "square":
      return ["rect", { x: 14, y: 14, width: 72, height: 72, rx: 8 }];
    case "triangle":
      return ["polygon", { points: "50,8 94,88 6,88" }];
    case "diamond":
      return ["polygon", { points: "50,4 96,50 50,96 4,50" }];
    case "hexagon":
      return ["polygon", { points: "50,6 88,28 88,72 50,94 12,72 12,28" }];
    default:
      return ["polygon", { points: "50,4 61,37 96,37 68,58 78,92 50,71 22,92 32,58 4,37 39,37" }];
  }
}

/** The node `draw()` makes for `name`, drawn once into `cache` and cloned after (cloning an
 *  SVG costs less than building it again). */
export function cloneOf(cache, name, draw) {
  let made = cache.get(name);
  if (!made) cache.set(name, (made = draw()));
  return made.cloneNode(true);
}

const ICONS = new Map(); // "seat/size" -> the marker, drawn once

/** A seat's marker as an <svg> of `size` px, filled with the seat's theme colour (--lw-pN). */
export function playerIcon(player, size) {
  const n = ((player % SEATS) + SEATS) % SEATS;
  return cloneOf(ICONS, `${n}/${size}`, () => drawIcon(n, size));
}

/** A seat's marker as data for described parts (fromDesc): made when the part is built. */
export const playerIconDesc = (player, size) => ({ key: `icon:${player}/${size}`, make: () => playerIcon(player, size) });

function drawIcon(n, size) {
  const box = svg("svg", { viewBox: "0 0 100 100", width: size, height: size, class: `lw-icon lw-p${n}`, "aria-hidden": "true" });
  const [tag, attrs] = shapeAttrs(n);
  box.append(svg(tag, { ...attrs, class: "lw-shape" }));
  return box;
}

/** A seat's shape as a coloured text glyph (a <span>), for long lists. */
export function playerGlyph(player) {
  const n = ((player % SEATS) + SEATS) % SEATS;
  return h("span", { class: `lw-glyph lw-c${n}`, "aria-hidden": "true" }, GLYPHS[n]);
}

// ---------------------------------------------------------------- keyed updates
// patch(parent, ...children) makes parent's children equal to freshly built ones (the same
// arguments as h's children) while reusing the nodes already on screen: a node is matched by
// its tag and the attributes that name what it shows (a card id, a seat, a square, an action;
// data-key when given), in order among equals; a matched node keeps its identity (focus, CSS
// transitions, no style recalculation of an unchanged subtree) and only its differing
// attributes, text and children are written. Nothing is read from the layout. The fresh nodes
// are only a description: the ones that match are discarded, the others are inserted.

/** Attributes that name what a node stands for (its identity across views). */
export const KEY_ATTRS = [
  "data-key",
  "data-card",
  "data-player",
  "data-hand",
  "data-hand-count",
  "data-discard",
  "data-draw-pile",
  "data-meld",
  "data-melds",
  "data-skip",
  "data-prop-combo",
  "data-prop-card",
  "data-move-to",
  "data-layout",
  "data-meaning",
  "data-joker",
  "data-action",
  "data-sort",
  "data-field",
  "data-tower",
  "data-level-cell",
  "data-marker",
  "data-die",
  "data-row",
  "data-square",
  "data-chips",
  "data-row-label",
  "data-group",
  "data-target",
  "data-tab",
  "data-sum-player",
  "data-rank",
  "data-dialog",
  "data-pick",
  "data-steal",
  "data-choose",
  "data-ask-number",
  "data-ask-colour",
  "data-ask-dir",
  "data-move",
  "data-take",
  "data-skip-target",
  "data-number",
  "data-preview",
  "data-seat",
  "data-shown",
  "data-player-card",
  "data-held",
  "data-score",
  "data-chance",
];
const KEYS = new Set(KEY_ATTRS);

/** The identity of a node among its siblings: tag plus its naming attributes. */
export function keyOf(node) {
  if (node.nodeType !== 1) return `#${node.nodeType}`;
  let parts = null;
  const attrs = node.attributes;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i];
    if (KEYS.has(a.name)) (parts || (parts = [])).push(`${a.name}=${a.value}`);
  }
  if (!parts) return node.tagName;
  if (parts.length > 1) parts.sort(); // attribute order is not part of the identity
  return `${node.tagName}|${parts.join("|")}`;
}

const asNodes = (children) => {
  const out = [];
  for (const c of children) {
    if (c === "" || c == null || c === false) continue;
    out.push(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return out;
};

/** Make `parent`'s children equal to `children` (nodes or text), reusing matching nodes. */
export function patch(parent, ...children) {
  reconcile(parent, asNodes(children));
  return parent;
}

/** Form controls: their state lives in properties an equal markup does not show. */
const FORM = "input,select,textarea";

/** Make the node `live` equal to the fresh node `next` (same key): attributes, text, children. */
export function morph(live, next) {
  if (live.nodeType !== 1) {
    if (live.data !== next.data) live.data = next.data;
    return live;
  }
  // an unchanged subtree (the usual case: one count of a seat changed, not its cards) is
  // compared natively and left alone, not walked node by node
  if (live.isEqualNode(next) && !next.matches(FORM) && !next.querySelector(FORM)) return live;
  morphAttrs(live, next);
  reconcile(live, Array.from(next.childNodes));
  // form state lives in properties, not attributes
  const tag = live.tagName;
  if (tag === "SELECT" && live.selectedIndex !== next.selectedIndex) live.selectedIndex = next.selectedIndex;
  else if (tag === "INPUT" || tag === "TEXTAREA") {
    if (live.value !== next.value) live.value = next.value;
    if (live.checked !== next.checked) live.checked = next.checked;
  }
  return live;
}

/** Give `live` exactly the attributes of `next`, writing only those that differ. */
export function morphAttrs(live, next) {
  const want = next.attributes;
  for (let i = 0; i < want.length; i++) {
    const a = want[i];
    if (live.getAttribute(a.name) !== a.value) live.setAttribute(a.name, a.value);
  }
  const have = live.attributes;
  for (let i = have.length - 1; i >= 0; i--) {
    const name = have[i].name;
    if (!next.hasAttribute(name)) live.removeAttribute(name);
  }
  return live;
}

function reconcile(parent, next) {
  const old = parent.childNodes;
  if (!old.length) {
    if (next.length) parent.append(...next);
    return;
  }
  // a live child passed as it is stays as it is (e.g. a panel built once and kept in place)
  const kept = new Set();
  for (const n of next) if (n.parentNode === parent) kept.add(n);
  const pool = poolBy(Array.from(old).filter((n) => !kept.has(n)), keyOf);
  const result = next.map((n) => {
    if (kept.has(n)) return n;
    const list = pool.get(keyOf(n));
    const hit = list && list.length ? list.shift() : null;
    return hit ? morph(hit, n) : n;
  });
  settle(parent, result);
}

/** Nodes grouped by identity (`idOf`), each group in document order. */
function poolBy(nodes, idOf) {
  const pool = new Map();
  for (const n of nodes) {
    const id = idOf(n);
    const list = pool.get(id);
    if (list) list.push(n);
    else pool.set(id, [n]);
  }
  return pool;
}

/** Leave exactly `nodes` as `parent`'s children, in this order: the others are removed, and
 *  only the misplaced ones move (a node kept in place is not re-inserted). */
function settle(parent, nodes) {
  const keep = new Set(nodes);
  for (const n of Array.from(parent.childNodes)) if (!keep.has(n)) n.remove();
  let cur = parent.firstChild;
  for (const n of nodes) {
    if (n === cur) cur = cur.nextSibling;
    else parent.insertBefore(n, cur);
  }
}

// ---------------------------------------------------------------- writes only when different
// A view redraws its fixed parts (the root's data-*, titles, toolbar states) on every view, and
// an equal write still costs: a mutation record, and for attributes the style engine watches
// (hidden, disabled, aria-pressed, data-* used by selectors) a style invalidation.

/** Set a property (title, hidden, disabled, ...) only when it differs. */
export const prop = (el, name, value) => {
  if (el[name] !== value) el[name] = value;
};

/** Set an attribute only when it differs (null or false removes it). */
export const attr = (el, name, value) => {
  if (value == null || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== String(value)) el.setAttribute(name, String(value));
};

/** Set `el.dataset[key]` only when it differs. */
export const data = (el, key, value) => {
  const s = String(value);
  if (el.dataset[key] !== s) el.dataset[key] = s;
};

/** Toggle a class only when it differs. */
export const cls = (el, name, on) => {
  if (el.classList.contains(name) !== Boolean(on)) el.classList.toggle(name, Boolean(on));
};

/** Set an element's text only when it differs (an equal write still replaces the text node). */
export function setText(el, text) {
  const s = String(text);
  if (el.textContent !== s) el.textContent = s;
}

const shownKeys = new WeakMap(); // container -> the key of what it shows

/**
 * patch(container, ...build()) only when `key` (a string naming everything the part shows)
 * differs from the last one drawn into `container`; else nothing is built or touched. Returns
 * whether it drew. Redraws that change nothing then cost a string comparison. With
 * {reuse: false} a changed part is replaced instead of patched.
 */
export function patchIfChanged(container, key, build, { reuse = true } = {}) {
  if (shownKeys.get(container) === key && container.firstChild) return false;
  const out = build();
  const nodes = Array.isArray(out) ? out : [out];
  // reuse: false for parts whose every node changes with the key (a list of a new roll's
  // groupings): diffing them would only add work to building them
  if (reuse) patch(container, ...nodes);
  else container.replaceChildren(...nodes.filter((n) => n != null && n !== false && n !== ""));
  shownKeys.set(container, key);
  return true;
}

const slotMaps = new WeakMap(); // container -> Map slot -> [key, node]

/**
 * Keyed children: `items` are [slot, key, build] (slot: which part it is, e.g. a card id or
 * "meld 1-0"; key: a string naming everything that part shows; build() -> a fresh node).
 * A part whose key is unchanged keeps its node untouched (not built, not compared); a changed
 * one is built and patched into the node of its slot (same tag: morph; else replaced); a new
 * slot is inserted, a slot gone is removed, and the nodes are put in the items' order (only
 * misplaced ones move). The container's children are the items' nodes only. Returns parent.
 */
export function keyed(parent, items) {
  const before = slotMaps.get(parent);
  const now = new Map();
  const nodes = [];
  for (const [slot, key, build] of items) {
    const hit = before && before.get(slot);
    let node;
    if (hit && hit[1].parentNode === parent) {
      if (hit[0] === key) node = hit[1];
      else if (build.desc !== undefined) node = patchDesc(hit[1], build.desc);
      else {
        const fresh = build();
        node = fresh.nodeName === hit[1].nodeName ? morph(hit[1], fresh) : fresh;
      }
    } else node = build();
    now.set(slot, [key, node]);
    nodes.push(node);
  }
  slotMaps.set(parent, now);
  settle(parent, nodes);
  return parent;
}

// ---------------------------------------------------------------- parts described as data
// A part described as plain data names everything it shows in its JSON: keyed() then compares
// one string per part and builds (and morphs) only the parts whose description changed.
// desc: text, a number, null/""/false (nothing), [tag, attrs, ...children], or {key, make}
// for a node made by a function (make() is called only when the part is built; key names it),
// optionally with attrs: attributes written on the made node, then whenever they change (a die
// keeps its node and is turned to another face).

const MADE = new WeakMap(); // node made by a {key, make} description -> its key
const STYLES = new WeakMap(); // element -> the style text a description last gave it

/** The node (or null) a description stands for. */
export function fromDesc(desc) {
  if (desc == null || desc === "" || desc === false) return null;
  if (typeof desc === "string" || typeof desc === "number") return document.createTextNode(String(desc));
  if (!Array.isArray(desc)) {
    const made = desc.make();
    MADE.set(made, desc.key);
    if (desc.attrs) writeAttrs(made, desc.attrs);
    return made;
  }
  const [tag, attrs, ...children] = desc;
  const el = h(tag, attrs, ...children.map(fromDesc));
  if (attrs && typeof attrs.style === "string") STYLES.set(el, attrs.style);
  return el;
}

/** A keyed() item for the part `slot` described by `desc` (its key: the description's JSON).
 *  A changed part is patched from its description (patchDesc), not built and compared. */
export function described(slot, desc) {
  const build = () => fromDesc(desc);
  build.desc = desc;
  return [slot, JSON.stringify(desc), build];
}

// A described part that changed is written straight from its description: the live node's
// attributes and children are compared with the description's (no fresh node is built, none
// is walked twice), matched among siblings as patch() matches them (tag and naming
// attributes; a made node by its key); what differs is written, what is new is built.

const isNothing = (d) => d == null || d === "" || d === false;
const FORM_TAGS = new Set(["INPUT", "SELECT", "TEXTAREA"]);

/** A description's identity among its siblings: what keyOf() says of the node it makes. */
function descId(desc) {
  if (typeof desc === "string" || typeof desc === "number") return "#3";
  if (!Array.isArray(desc)) return `@${desc.key}`;
  const [tag, attrs] = desc;
  let parts = null;
  for (const name in attrs || {}) {
    const v = attrs[name];
    if (KEYS.has(name) && v !== undefined && v !== null && v !== false) (parts || (parts = [])).push(`${name}=${v === true ? "" : v}`);
  }
  const upper = tag.toUpperCase();
  if (!parts) return upper;
  if (parts.length > 1) parts.sort();
  return `${upper}|${parts.join("|")}`;
}

/** A live node's identity (keyOf, or the key of the description that made it). */
const nodeId = (node) => (MADE.has(node) ? `@${MADE.get(node)}` : keyOf(node));

/** Make the live node equal to `desc`; returns it, or a new node when it cannot be (another
 *  tag, another made node), which the caller puts in its place. */
export function patchDesc(live, desc) {
  if (typeof desc === "string" || typeof desc === "number") {
    const text = String(desc);
    if (live.nodeType !== 3) return document.createTextNode(text);
    if (live.data !== text) live.data = text;
    return live;
  }
  if (!Array.isArray(desc)) {
    if (MADE.get(live) !== desc.key) return fromDesc(desc);
    if (desc.attrs) writeAttrs(live, desc.attrs);
    return live;
  }
  const [tag, attrs, ...children] = desc;
  const upper = tag.toUpperCase();
  if (live.nodeType !== 1 || MADE.has(live) || live.tagName !== upper) return fromDesc(desc);
  if (FORM_TAGS.has(upper)) return morph(live, fromDesc(desc)); // form state: morph knows it
  patchAttrs(live, attrs || {});
  patchChildren(live, children);
  return live;
}

/** Write the attributes `attrs` names that differ on `el` (a made node's own stay). */
function writeAttrs(el, attrs) {
  for (const name in attrs) {
    const text = String(attrs[name]);
    if (el.getAttribute(name) !== text) el.setAttribute(name, text);
  }
}

/** Give `el` exactly the attributes `attrs` names (h's rules), writing only those that differ. */
function patchAttrs(el, attrs) {
  let count = 0;
  for (const name in attrs) {
    const v = attrs[name];
    if (v === undefined || v === null || v === false) continue;
    count += 1;
    if (name === "style") {
      // (the browser rewrites a style it parsed: compared with the text last written)
      if (STYLES.get(el) !== v || !el.hasAttribute("style")) {
        el.style.cssText = v;
        STYLES.set(el, v);
      }
      continue;
    }
    const text = v === true ? "" : String(v);
    if (el.getAttribute(name) !== text) el.setAttribute(name, text);
  }
  const have = el.attributes;
  if (have.length === count) return; // every attribute is one described
  for (let i = have.length - 1; i >= 0; i--) {
    const name = have[i].name;
    const v = attrs[name];
    if (v === undefined || v === null || v === false) {
      el.removeAttribute(name);
      if (name === "style") STYLES.delete(el);
    }
  }
}

/** Make `parent`'s children equal to the descriptions `children` (nothing-values skipped). */
export function patchChildren(parent, children) {
  const want = children.filter((d) => !isNothing(d));
  const old = Array.from(parent.childNodes);
  if (old.length === want.length && want.every((d, i) => nodeId(old[i]) === descId(d))) {
    // the usual case: the same parts in the same order, each written in place
    want.forEach((d, i) => {
      const node = patchDesc(old[i], d);
      if (node !== old[i]) parent.replaceChild(node, old[i]);
    });
    return;
  }
  const pool = poolBy(old, nodeId);
  const result = want.map((d) => {
    const list = pool.get(descId(d));
    const hit = list && list.length ? list.shift() : null;
    return hit ? patchDesc(hit, d) : fromDesc(d);
  });
  settle(parent, result);
}

/** Fill `container` with the described parts `descs` when `key` (by default their JSON)
 *  differs from the last drawn there, else touch nothing; returns whether it drew. With a key
 *  given, `descs` may be a function making them (called only when the key changed). */
export function drawDescribed(container, descs, key = undefined) {
  const k = key === undefined ? JSON.stringify(descs) : key;
  if (shownKeys.get(container) === k && container.firstChild) return false;
  patchChildren(container, typeof descs === "function" ? descs() : descs);
  shownKeys.set(container, k);
  return true;
}
