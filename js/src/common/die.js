// One die for every widget (Level X's tray, the dice lab, the board game's roll): an <svg>
// holding the seven places a pip can take, each saying on which faces it shows (data-on).
// Which pips show is the stylesheet's business, read from the face on the svg (data-face,
// theme.css), so a new roll rewrites one attribute of each die: no node is built or dropped.

import { cloneOf, svg } from "./dom.js";

/** Pip places in a 0..100 box, with the faces each shows on. */
const PLACES = [
  [27, 27, "2 3 4 5 6"],
  [73, 73, "2 3 4 5 6"],
  [73, 27, "4 5 6"],
  [27, 73, "4 5 6"],
  [27, 50, "6"],
  [73, 50, "6"],
  [50, 50, "1 3 5"],
];

/** The pips face `n` shows, as [x, y] places (what the stylesheet shows of PLACES). */
export const pips = (n) => PLACES.filter(([, , on]) => on.split(" ").includes(String(n))).map(([x, y]) => [x, y]);

const DRAWN = new Map(); // size -> the die, drawn once and cloned

/** The attributes that make a die show `face` (0: not rolled yet, a "?"). A `labelled` die
 *  names its face to a screen reader; the others are a picture beside a label of their own. */
export function faceAttrs(face, { labelled = false } = {}) {
  const attrs = { "data-face": String(face) };
  if (labelled) attrs["aria-label"] = face ? String(face) : "?";
  return attrs;
}

/** A die showing `face` as an <svg> of `size` px ({ labelled: true }: see faceAttrs). */
export function dieFace(face, size, { labelled = false } = {}) {
  const box = cloneOf(DRAWN, size, () => drawDie(size));
  if (labelled) {
    box.removeAttribute("aria-hidden");
    box.setAttribute("role", "img");
  }
  setDieFace(box, face, { labelled });
  return box;
}

/** Turn the die `box` (made by dieFace) to `face`: attributes only. */
export function setDieFace(box, face, { labelled = false } = {}) {
  for (const [name, value] of Object.entries(faceAttrs(face, { labelled }))) {
    if (box.getAttribute(name) !== value) box.setAttribute(name, value);
  }
}

/** A die as data for described parts (common/dom.js fromDesc): the same node for every face,
 *  its face written as attributes when the description changes. */
export const dieFaceDesc = (face, size, { labelled = false } = {}) => ({
  key: `die/${size}/${labelled ? "l" : ""}`,
  make: () => dieFace(face, size, { labelled }),
  attrs: faceAttrs(face, { labelled }),
});

function drawDie(size) {
  const box = svg("svg", { viewBox: "0 0 100 100", width: size, height: size, class: "lw-dieface", "aria-hidden": "true" });
  box.append(svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 16, class: "lw-diebody" }));
  for (const [cx, cy, on] of PLACES) box.append(svg("circle", { cx, cy, r: 9, class: "lw-pip", "data-on": on }));
  const q = svg("text", { x: 50, y: 66, "text-anchor": "middle", class: "lw-dieq" });
  q.textContent = "?";
  box.append(q);
  return box;
}
