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

/** A seat's marker as an <svg> of `size` px, filled with the seat's theme colour (--lw-pN). */
export function playerIcon(player, size) {
  const n = ((player % SEATS) + SEATS) % SEATS;
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
