// The dice on the table: one button per die with its pips drawn in SVG (big enough to read on
// a projector). Buttons are updated in place, so the die with keyboard focus keeps it.

import { attr, h, prop, svg } from "../common/dom.js";

/** Pip positions (in a 0..100 box) for each face. */
const PIPS = {
  1: [[50, 50]],
  2: [[27, 27], [73, 73]],
  3: [[27, 27], [50, 50], [73, 73]],
  4: [[27, 27], [73, 27], [27, 73], [73, 73]],
  5: [[27, 27], [73, 27], [50, 50], [27, 73], [73, 73]],
  6: [[27, 25], [73, 25], [27, 50], [73, 50], [27, 75], [73, 75]],
};

const faces = new Map(); // `${face}|${size}` -> a built face, cloned for each die drawn

/** A die face as an <svg> of `size` px (a clone of the one built first: no attribute is set
 * again for a face already drawn once). */
export function dieFace(face, size) {
  const key = `${face}|${size}`;
  let face0 = faces.get(key);
  if (!face0) {
    face0 = buildFace(face, size);
    faces.set(key, face0);
  }
  return face0.cloneNode(true);
}

function buildFace(face, size) {
  const box = svg("svg", { viewBox: "0 0 100 100", width: size, height: size, class: "dl-face", "aria-hidden": "true" });
  box.append(svg("rect", { x: 4, y: 4, width: 92, height: 92, rx: 16, class: "dl-body" }));
  for (const [cx, cy] of PIPS[face] || []) box.append(svg("circle", { cx, cy, r: 9, class: "dl-pip" }));
  return box;
}

/** Draw `faces` into `tray` as buttons [data-die=i][data-face=f]; label(i, f) is the aria-label. */
export function drawDice(tray, faces, label) {
  const buttons = [...tray.querySelectorAll("button[data-die]")];
  while (buttons.length > faces.length) buttons.pop().remove();
  while (buttons.length < faces.length) {
    const b = h("button", { class: "dl-die", type: "button", "data-die": String(buttons.length) });
    tray.append(b);
    buttons.push(b);
  }
  faces.forEach((face, i) => {
    const b = buttons[i];
    const text = label(i, face);
    attr(b, "aria-label", text);
    prop(b, "title", text);
    if (b.dataset.face === String(face) && b.firstChild) return;
    b.dataset.face = String(face);
    b.replaceChildren(dieFace(face, 58)); // a new face: its pips are not worth comparing
  });
}
