// Level X dice faces as inline SVG (0 = blank, not rolled yet).

import { cloneOf, svg } from "../common/dom.js";

const PIPS = {
  1: [[50, 50]],
  2: [[28, 28], [72, 72]],
  3: [[26, 26], [50, 50], [74, 74]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]],
  5: [[27, 27], [73, 27], [50, 50], [27, 73], [73, 73]],
  6: [[28, 24], [72, 24], [28, 50], [72, 50], [28, 76], [72, 76]],
};

const FACES = new Map(); // "face/size" -> the face, drawn once

/** A die face as an <svg> of `size` px. */
export const dieFace = (face, size) => cloneOf(FACES, `${face}/${size}`, () => drawFace(face, size));

/** A die face as data for keyed parts (common/dom.js fromDesc): made when the part is built. */
export const dieFaceDesc = (face, size) => ({ key: `die:${face}/${size}`, make: () => dieFace(face, size) });

function drawFace(face, size) {
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
