// Small DOM helpers shared by the widgets: elements with text only (never innerHTML),
// player markers (colour AND shape) and dice faces as inline SVG.

export const ROWS = [5, 6, 7, 8, 9, 10];
const SVGNS = "http://www.w3.org/2000/svg";
export const SHAPES = ["circle", "square", "triangle", "diamond"];

/** Create an element: attrs are attributes (false/undefined skipped), children text or nodes. */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "style") el.style.cssText = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) {
    if (c === "" || c == null) continue;
    el.append(typeof c === "string" ? document.createTextNode(c) : c);
  }
  return el;
}

function svg(tag, attrs) {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** Points of a player's marker in a 0..100 box (shape per seat, so colour is not the only cue). */
export function shapeAttrs(player) {
  switch (SHAPES[player % 4]) {
    case "circle":
      return ["circle", { cx: 50, cy: 50, r: 40 }];
    case "square":
      return ["rect", { x: 14, y: 14, width: 72, height: 72, rx: 8 }];
    case "triangle":
      return ["polygon", { points: "50,8 94,88 6,88" }];
    default:
      return ["polygon", { points: "50,4 96,50 50,96 4,50" }];
  }
}

/** A player's marker as an <svg> of `size` px, filled with the player's theme colour. */
export function pieceIcon(player, size) {
  const box = svg("svg", { viewBox: "0 0 100 100", width: size, height: size, class: `lx-icon lx-p${player}`, "aria-hidden": "true" });
  const [tag, attrs] = shapeAttrs(player);
  box.append(svg(tag, { ...attrs, class: "lx-shape" }));
  return box;
}

const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[26, 26], [50, 50], [74, 74]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[27, 27], [73, 27], [50, 50], [27, 73], [73, 73]],
  6: [[28, 24], [72, 24], [28, 50], [72, 50], [28, 76], [72, 76]],
};

/** A die face (0 = blank, not rolled yet) as an <svg>. */
export function dieFace(face, size) {
  const box = svg("svg", { viewBox: "0 0 100 100", width: size, height: size, class: "lx-dieface", role: "img", "aria-label": face ? String(face) : "?" });
  box.append(svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 18, class: "lx-diebody" }));
  for (const [cx, cy] of PIPS[face] || []) box.append(svg("circle", { cx, cy, r: 9, class: "lx-pip" }));
  if (!face) {
    const q = svg("text", { x: 50, y: 66, "text-anchor": "middle", class: "lx-dieq" });
    q.textContent = "?";
    box.append(q);
  }
  return box;
}
