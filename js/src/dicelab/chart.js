// A bar chart in SVG: per key (a target sum or a move size) the exact chance, beside it the
// observed share of the Monte Carlo rolls with its 95 % band. Every number comes from Python;
// each bar group carries them as data-* (data-key, data-exact, data-observed, data-low,
// data-high, data-count) for tests and for anyone inspecting the page.

import { svg, attr as setAttr } from "../common/dom.js";
import { pct } from "./i18n.js";

const W = 640;
const H = 320;
const M = { left: 60, right: 12, top: 30, bottom: 70 };

/** The top of the y axis: the smallest 10 % step above every bar and band (at most 100 %). */
export function axisTop(bars) {
  let top = 0;
  for (const b of bars) top = Math.max(top, b.exact, b.observed ?? 0, b.high ?? 0);
  return Math.min(1, Math.max(0.1, Math.ceil((top + 0.02) * 10) / 10));
}

const attr = (v) => (v === null || v === undefined ? "" : String(v));

/**
 * The chart as an <svg>. options: {kind ("sums" or "moves"), lang, title, axis (x-axis
 * name), makes (keys the roll on the table makes, marked under the axis), makesLabel}.
 */
export function drawChart(bars, options) {
  const { kind, lang, title, axis, makes = [], makesLabel = "" } = options;
  const top = axisTop(bars);
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const y = (p) => M.top + plotH * (1 - p / top);
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "dl-chart", role: "img", "aria-label": title, "data-chart": kind, "data-top": top });
  const label = svg("title", {});
  label.textContent = title;
  root.append(label);

  // grid and y axis (percent)
  const step = top > 0.5 ? 0.2 : 0.1;
  for (let p = 0; p <= top + 1e-9; p += step) {
    root.append(svg("line", { x1: M.left, x2: W - M.right, y1: y(p), y2: y(p), class: p === 0 ? "dl-axis" : "dl-grid" }));
    const tick = svg("text", { x: M.left - 8, y: y(p) + 6, class: "dl-tick", "text-anchor": "end" });
    tick.textContent = pct(lang, p, 0);
    root.append(tick);
  }

  const n = bars.length;
  const slot = plotW / Math.max(1, n);
  const bw = Math.min(34, slot * 0.38);
  const dense = n > 14; // too many bars for a label on each
  bars.forEach((b, i) => {
    const cx = M.left + slot * (i + 0.5);
    const g = svg("g", {
      class: "dl-bar",
      "data-key": b.key,
      [`data-${kind === "sums" ? "sum" : "size"}`]: b.key,
      "data-exact": b.exact,
      "data-fraction": b.fraction,
      "data-observed": attr(b.observed),
      "data-count": b.count,
      "data-low": attr(b.low),
      "data-high": attr(b.high),
      "data-makes": "",
    });
    const tip = svg("title", {});
    tip.textContent = `${b.key}: ${pct(lang, b.exact)} (${b.fraction})` + (b.observed === null ? "" : ` · ${pct(lang, b.observed)} [${pct(lang, b.low)}, ${pct(lang, b.high)}]`);
    g.append(tip);
    g.append(svg("rect", { x: cx - bw - 1, y: y(b.exact), width: bw, height: Math.max(0, y(0) - y(b.exact)), class: "dl-exact", "data-exact-bar": "" }));
    if (b.observed !== null) {
      const ox = cx + 1;
      g.append(svg("rect", { x: ox, y: y(b.observed), width: bw, height: Math.max(0, y(0) - y(b.observed)), class: "dl-observed", "data-observed-bar": "" }));
      const bx = ox + bw / 2;
      const cap = Math.min(8, bw / 3);
      g.append(
        svg("path", {
          d: `M${bx},${y(b.low)}V${y(b.high)}M${bx - cap},${y(b.low)}H${bx + cap}M${bx - cap},${y(b.high)}H${bx + cap}`,
          class: "dl-band",
          "data-band": "",
        }),
      );
    }
    if (!dense) {
      const value = svg("text", { x: cx - bw / 2 - 1, y: y(b.exact) - 6, class: "dl-value", "text-anchor": "middle" });
      value.textContent = pct(lang, b.exact, b.exact < 0.1 ? 1 : 0);
      g.append(value);
    }
    const xl = svg("text", { x: cx, y: y(0) + 24, class: "dl-xlabel", "text-anchor": "middle", "data-xlabel": "" });
    xl.textContent = String(b.key);
    g.append(xl);
    root.append(g);
  });
  const name = svg("text", { x: M.left + plotW / 2, y: H - 6, class: "dl-axisname", "text-anchor": "middle", "data-axis-name": axis });
  root.append(name);
  markMakes(root, makes, makesLabel);
  return root;
}

/**
 * Mark on a chart drawn by drawChart the keys the roll on the table makes (data-makes, the
 * label's dl-made, a dot under it) and name them under the axis. A new roll changes only
 * these, so the chart is not drawn again for it (dicelab.js).
 */
export function markMakes(root, makes = [], makesLabel = "") {
  const made = new Set(makes.map(String));
  for (const g of root.querySelectorAll("g.dl-bar")) {
    const on = made.has(g.getAttribute("data-key"));
    const flag = on ? "1" : "0";
    if (g.getAttribute("data-makes") === flag) continue;
    setAttr(g, "data-makes", flag);
    const xl = g.querySelector("[data-xlabel]");
    setAttr(xl, "class", on ? "dl-xlabel dl-made" : "dl-xlabel");
    const dot = g.querySelector("circle.dl-makes");
    if (on && !dot) g.append(svg("circle", { cx: xl.getAttribute("x"), cy: Number(xl.getAttribute("y")) + 14, r: 5, class: "dl-makes" }));
    else if (!on && dot) dot.remove();
  }
  const name = root.querySelector("[data-axis-name]");
  const axis = name.getAttribute("data-axis-name");
  const text = makes.length ? `${axis}   (● ${makesLabel})` : axis;
  if (name.textContent !== text) name.textContent = text;
}
