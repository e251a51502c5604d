// The nine actions' icons as inline SVG (no emoji font needed; strokes in currentColor so
// both themes work), in a 0..100 box. Each icon also has a text label on its field.

import { cloneOf, shapeAttrs, svg } from "../common/dom.js";

const DRAWN = new Map(); // "kind/args" -> the icon, drawn once and cloned after (common/dom.js cloneOf)

const card = (x, y, w = 34, hgt = 48, extra = {}) => ["rect", { x, y, width: w, height: hgt, rx: 5, ...extra }];
const text = (x, y, s, size = 30) => ["text", { x, y, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central", class: "l8b-ink" }, s];

/** Parts of each icon: [tag, attrs, text?]. */
export const ICONS = {
  draw1: [card(33, 16, 34, 50), ["path", { d: "M50 72 v16 M42 81 l8 8 l8 -8", class: "l8b-line" }], text(50, 41, "1")],
  draw2: [card(22, 12, 32, 46), card(44, 24, 32, 46, { class: "l8b-fill" }), ["path", { d: "M50 76 v14 M43 84 l7 7 l7 -7", class: "l8b-line" }], text(60, 47, "2", 26)],
  joker: [
    card(27, 10, 46, 66, { class: "l8b-dark" }),
    ["polygon", { points: "50,20 55.9,35.9 72.4,36.1 59.4,46.3 64.1,62.2 50,53 35.9,62.2 40.6,46.3 27.6,36.1 44.1,35.9", class: "l8b-star" }],
    text(50, 88, "J", 20),
  ],
  ask: [["path", { d: "M14 20 h72 a6 6 0 0 1 6 6 v38 a6 6 0 0 1 -6 6 h-40 l-16 16 v-16 h-16 a6 6 0 0 1 -6 -6 v-38 a6 6 0 0 1 6 -6 z", class: "l8b-body" }], text(50, 46, "?", 38)],
  swap: [
    ["path", { d: "M16 36 h58 M62 24 l14 12 l-14 12", class: "l8b-line l8b-thick" }],
    ["path", { d: "M84 66 h-58 M38 54 l-14 12 l14 12", class: "l8b-line l8b-thick" }],
  ],
  draw_again: [
    ["path", { d: "M74 30 A30 30 0 1 0 80 56", class: "l8b-line l8b-thick" }],
    ["path", { d: "M62 26 l14 4 l-2 -15", class: "l8b-line l8b-thick" }],
    text(50, 52, "+", 30),
  ],
  steal: [
    ["path", { d: "M8 50 Q50 12 92 50 Q50 88 8 50 z", class: "l8b-body" }],
    ["circle", { cx: 50, cy: 50, r: 15, class: "l8b-dark" }],
    ["circle", { cx: 55, cy: 45, r: 4, class: "l8b-glint" }],
  ],
  all_draw: [
    card(12, 30, 26, 38, { transform: "rotate(-14 25 49)" }),
    card(37, 24, 26, 38, { class: "l8b-fill" }),
    card(62, 30, 26, 38, { transform: "rotate(14 75 49)" }),
    ["path", { d: "M50 74 v14 M43 82 l7 7 l7 -7", class: "l8b-line" }],
  ],
  choose: [
    ["circle", { cx: 50, cy: 50, r: 36, class: "l8b-body" }],
    ["polygon", { points: "50,18 58,50 50,82 42,50", class: "l8b-dark" }],
    ["polygon", { points: "18,50 50,42 82,50 50,58", class: "l8b-fill" }],
    ["circle", { cx: 50, cy: 50, r: 5, class: "l8b-glint" }],
  ],
};

/** The icon of action `id` as an <svg> (a "?" for an id this build does not know). */
export function actionIcon(id, size = 40) {
  return cloneOf(DRAWN, `action/${id}/${size}`, () => drawActionIcon(id, size));
}

function drawActionIcon(id, size) {
  const box = svg("svg", { viewBox: "0 0 100 100", width: size, height: size, class: `l8b-icon l8b-i-${id}`, "aria-hidden": "true" });
  for (const [tag, attrs, label] of ICONS[id] || [text(50, 50, "?", 40)]) {
    const node = svg(tag, { ...attrs, class: `l8b-part${attrs.class ? ` ${attrs.class}` : ""}` });
    if (label != null) node.textContent = label;
    box.append(node);
  }
  return box;
}

/** Start field: seven stars in an arc. */
export function startStars(size = 64) {
  return cloneOf(DRAWN, `stars/${size}`, () => drawStartStars(size));
}

function drawStartStars(size) {
  const box = svg("svg", { viewBox: "0 0 140 60", width: size * 2.2, height: size, class: "l8b-stars", "aria-hidden": "true" });
  for (let k = 0; k < 7; k++) {
    const cx = 12 + k * 19.3;
    const cy = 38 - Math.sin((k / 6) * Math.PI) * 20;
    const pts = [];
    for (let j = 0; j < 10; j++) {
      const r = j % 2 === 0 ? 9 : 3.8;
      const a = (j * Math.PI) / 5;
      pts.push(`${(cx + r * Math.sin(a)).toFixed(1)},${(cy - r * Math.cos(a)).toFixed(1)}`);
    }
    box.append(svg("polygon", { points: pts.join(" "), class: "l8b-star" }));
  }
  return box;
}

/** A laurel wreath (the winner's field of the level track). */
export function laurel(size = 28) {
  return cloneOf(DRAWN, `laurel/${size}`, () => drawLaurel(size));
}

function drawLaurel(size) {
  const box = svg("svg", { viewBox: "0 0 100 100", width: size, height: size, class: "l8b-laurel", "aria-hidden": "true" });
  for (const side of [-1, 1]) {
    for (let k = 0; k < 5; k++) {
      const a = (-100 + k * 36) * (Math.PI / 180);
      const x = 50 + side * 34 * Math.cos(a + Math.PI / 2);
      const y = 52 + 34 * Math.sin(a + Math.PI / 2);
      box.append(svg("ellipse", { cx: x.toFixed(1), cy: y.toFixed(1), rx: 6, ry: 12, transform: `rotate(${side * (k * 36 - 10)} ${x.toFixed(1)} ${y.toFixed(1)})`, class: "l8b-leaf" }));
    }
  }
  return box;
}

/** Seat n's tower (its two movers stacked, in the seat's colour and shape) as an <svg>. */
export function towerIcon(n, size) {
  return cloneOf(DRAWN, `tower/${n}/${size}`, () => drawTower(n, size));
}

function drawTower(n, size) {
  const box = svg("svg", { viewBox: "0 0 100 140", width: size, height: Math.round(size * 1.4), class: `lw-icon lw-p${n} l8b-towersvg`, "aria-hidden": "true" });
  const [tag, attrs] = shapeAttrs(n);
  const lower = svg("g", { transform: "translate(0 40)" });
  lower.append(svg(tag, { ...attrs, class: "lw-shape l8b-lower" }));
  box.append(lower, svg(tag, { ...attrs, class: "lw-shape l8b-upper" }));
  return box;
}
