// The turn's footer docked at the bottom of the screen (issue 27): the hand and its buttons
// stay in view while the table above them scrolls, so a player adding on sees the laid
// combinations and the hand together.
//
// CSS `position: sticky` cannot do it in a notebook: JupyterLab's output area
// (.jp-OutputArea-output: overflow auto, .jp-OutputArea-child: overflow hidden) makes the
// sticky box stick inside a box that never scrolls. So the footer is lifted by a transform to
// the bottom of the part of the page the user sees (the notebook's scrolling panel, Voila's
// window), never above the widget's own top. While lifted it carries .lw-docked (a background
// and a shadow, theme.css); at its own place it is an ordinary part of the widget.
//
// dock(root, footer) -> cleanup
// viewHeight(node) -> the height (screen px) of the part of the page `node` is seen through
// watchViewHeight(node, fn) -> cleanup: fn(height) now and whenever that height changes
// watchWidth(node, fn) -> cleanup: fn() whenever node's width changes

const raf = (fn) => (typeof requestAnimationFrame === "function" ? requestAnimationFrame(fn) : setTimeout(fn, 16));
const unraf = (id) => (typeof cancelAnimationFrame === "function" ? cancelAnimationFrame(id) : clearTimeout(id));

/** False in a DOM without layout (the unit tests' linkedom): nothing to measure there. */
const laidOut = (node) => typeof node.getBoundingClientRect === "function" && typeof getComputedStyle === "function";

/** The ancestors of node that scroll (content taller than their box, overflow not visible). */
function scrollers(node) {
  const out = [];
  for (let e = node && node.parentElement; e && e !== document.documentElement; e = e.parentElement) {
    const oy = getComputedStyle(e).overflowY;
    if (oy !== "visible" && e.scrollHeight > e.clientHeight + 1) out.push(e);
  }
  return out;
}

/** [top, bottom] (screen px) of the part of the page that node is seen through. */
function visibleBand(node) {
  let top = 0;
  let bottom = window.innerHeight;
  for (const s of scrollers(node)) {
    const r = s.getBoundingClientRect();
    top = Math.max(top, r.top);
    bottom = Math.min(bottom, r.top + s.clientHeight);
  }
  return [top, bottom];
}

export function viewHeight(node) {
  const [top, bottom] = visibleBand(node);
  return Math.max(0, bottom - top);
}

export function watchViewHeight(node, fn) {
  if (!laidOut(node)) return () => {};
  let last = -1;
  const check = () => {
    const hgt = Math.round(viewHeight(node));
    if (hgt > 0 && hgt !== last) {
      last = hgt;
      fn(hgt);
    }
  };
  check();
  window.addEventListener("resize", check);
  let ro = null;
  if (typeof ResizeObserver !== "undefined") {
    // the notebook panel changes height without a window resize (Lab's side panels, a
    // terminal below): watch the scrolling ancestors, found again once the widget is attached
    ro = new ResizeObserver(check);
    const watchScrollers = () => {
      ro.disconnect();
      for (const s of scrollers(node)) ro.observe(s);
    };
    watchScrollers();
    raf(() => {
      watchScrollers();
      check();
    });
  }
  return () => {
    window.removeEventListener("resize", check);
    if (ro) ro.disconnect();
  };
}

/** fn() whenever node's width changes (a side panel opened, the window resized). */
export function watchWidth(node, fn) {
  if (!laidOut(node) || typeof ResizeObserver === "undefined") return () => {};
  let last = -1;
  const ro = new ResizeObserver(() => {
    const w = Math.round(node.getBoundingClientRect().width);
    if (w !== last) {
      last = w;
      fn();
    }
  });
  ro.observe(node);
  return () => ro.disconnect();
}

export function dock(root, footer) {
  if (!laidOut(root)) return () => {};
  let lift = 0; // screen px the footer is lifted now
  let frame = 0;

  function place() {
    frame = 0;
    const box = root.getBoundingClientRect();
    const f = footer.getBoundingClientRect();
    if (!f.height || !box.height) return;
    const [, bottom] = visibleBand(root);
    const natural = f.bottom + lift; // where the footer ends when not lifted
    // lift it to the bottom of what the user sees, but keep it inside the widget
    const want = Math.max(0, Math.min(natural - bottom + 1, natural - f.height - box.top));
    if (Math.abs(want - lift) < 0.5) return;
    lift = want;
    // the transform is in the footer's own (possibly zoomed, projector mode) pixels
    let scale = footer.offsetHeight ? f.height / footer.offsetHeight : 1;
    if (Math.abs(scale - 1) < 0.02) scale = 1; // offsetHeight is rounded: no zoom, no scale
    footer.style.transform = lift ? `translateY(${-(lift / (scale || 1)).toFixed(1)}px)` : "";
    footer.classList.toggle("lw-docked", lift > 0);
  }
  const soon = () => {
    if (!frame) frame = raf(place);
  };
  // a scroll of any ancestor (capture: scroll events do not bubble) or a change of size
  document.addEventListener("scroll", soon, true);
  window.addEventListener("resize", soon);
  let ro = null;
  if (typeof ResizeObserver !== "undefined") {
    ro = new ResizeObserver(soon);
    ro.observe(root);
    ro.observe(footer);
  }
  soon();
  return () => {
    document.removeEventListener("scroll", soon, true);
    window.removeEventListener("resize", soon);
    if (ro) ro.disconnect();
    if (frame) unraf(frame);
    footer.style.transform = "";
    footer.classList.remove("lw-docked");
  };
}
