// The dice on the table: one button per die with its pips drawn in SVG (big enough to read on
// a projector). Buttons are updated in place, so the die with keyboard focus keeps it.

import { dieFace, setDieFace } from "../common/die.js";
import { attr, h, prop } from "../common/dom.js";

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
    if (b.firstChild) setDieFace(b.firstChild, face); // the same die, turned: attributes only
    else b.append(dieFace(face, 58));
  });
}
