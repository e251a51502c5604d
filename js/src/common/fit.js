// Width-driven layout: the parts CSS container queries cannot do (every widget's root is an
// inline-size container, see theme.css; rows wrap there).
//
// fitWidth(el) -> cleanup: shrinks el (CSS zoom) when its own laid-out width is wider than its
//   parent, e.g. Level X's absolutely placed board in a 360-px notebook cell; never enlarges it.
// projector(root, model) -> cleanup: the projector control ([data-action=projector],
//   aria-pressed) and the `projector` trait: the whole widget is zoomed so that its smallest
//   text (11 px) is at least 16 px, more when the cell is wide; it then lays out to the width it
//   gets (the zoomed root fills its parent, the container queries see the narrower width).
//   Option fitEnd: an element whose bottom must stay on the screen (the part of the page the
//   user sees, common/dock.js): on a low screen the zoom is lowered to fit it, not below 1.

import { viewHeight } from "./dock.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { langOf, subscribe } from "./model.js";

const SMALLEST_TEXT = 11; // px, the smallest label in the widgets' CSS
const PROJECTOR_TEXT = 16; // px, what the smallest label becomes in projector mode
const MIN_ZOOM = PROJECTOR_TEXT / SMALLEST_TEXT;
const MAX_ZOOM = 2.2;
const DESIGN_WIDTH = 760; // px: wider cells than this zoom the widget further

/** Calls fn on each size change of node (nothing where ResizeObserver is missing). */
function observe(node, fn) {
  if (typeof ResizeObserver === "undefined" || !node) return () => {};
  const ro = new ResizeObserver(() => fn());
  ro.observe(node);
  return () => ro.disconnect();
}

export function fitWidth(el) {
  const parent = el.parentElement;
  function fit() {
    el.style.zoom = "";
    const natural = el.offsetWidth;
    const room = parent ? parent.clientWidth : natural;
    if (natural > 0 && room > 0 && natural > room) el.style.zoom = String(Math.max(0.3, room / natural));
  }
  fit();
  const stopParent = observe(parent, fit);
  const stopSelf = observe(el, () => {
    if (!el.style.zoom) fit();
  });
  return () => {
    stopParent();
    stopSelf();
  };
}

/** The zoom of projector mode for a cell `room` px wide. */
export function projectorZoom(room) {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, room / DESIGN_WIDTH));
}

/** The zoom that keeps the top of root down to the bottom of `end` inside a view `seen` px
 * high, at zoom `zoom` now; never below 1 (projector mode never shrinks the widget). */
function heightZoom(root, end, zoom, seen) {
  const top = root.getBoundingClientRect().top;
  const need = end.getBoundingClientRect().bottom - top; // screen px at `zoom`
  if (!(need > 0) || need <= seen) return zoom;
  return Math.max(1, (zoom * seen) / need);
}

export function projector(root, model, { fitEnd = null } = {}) {
  const button = h("button", { class: "lw-btn lw-ghost lw-projbtn", type: "button", "data-action": "projector" });
  root.prepend(button);
  const on = () => Boolean(model.get("projector"));
  function render() {
    const label = t(langOf(model), "projector");
    button.textContent = label;
    button.title = label;
    button.setAttribute("aria-pressed", String(on()));
    root.classList.toggle("lw-projector", on());
    size();
  }
  function size() {
    const room = root.parentElement ? root.parentElement.clientWidth : 0;
    let zoom = on() && room > 0 ? projectorZoom(room) : 0;
    root.style.zoom = zoom ? String(zoom) : "";
    // fitEnd (Level X: the board and the dice) stays on one screen: a low screen (Voila at
    // 800×600) zooms less; the layout at that zoom decides, so measure twice
    for (let k = 0; zoom && fitEnd && k < 2; k++) {
      const seen = viewHeight(root);
      if (!seen) break;
      const next = heightZoom(root, fitEnd, zoom, seen);
      if (Math.abs(next - zoom) < 0.01) break;
      zoom = next;
      root.style.zoom = String(zoom);
    }
  }
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    model.set("projector", !on());
    model.save_changes();
  });
  render();
  const stopModel = subscribe(model, ["projector", "language"], render);
  const stopSize = observe(root.parentElement, size);
  return () => {
    stopModel();
    stopSize();
    button.remove();
  };
}
