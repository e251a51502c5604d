// Pure: Level X's highlights. Which highlight a click on the board means in annotate mode
// (element -> {kind, target}), and which elements draw a highlight (kind + target -> elements).
//   row     5..10          the row's number and its squares        [data-row-label], [data-chips]
//   square  [row, square]  one square (1-based; the last is the X) .lx-square[data-row][data-square]
//   die     0..3           a rolled die (index in the order rolled) .lx-die[data-die][data-face]
//   group   [die indices]  a group of dice in the tray              .lx-group[data-dice]

import { attr } from "../common/review.js";

const CLICKABLE = ".lx-square[data-square], [data-row-label], [data-chips], .lx-die[data-die], .lx-group[data-group]";

/** The highlight a click on `node` asks for, or null (not something one can highlight). */
export function targetOf(node) {
  const el = node && node.closest ? node.closest(CLICKABLE) : null;
  if (!el) return null;
  const d = el.dataset;
  if (d.square != null && d.row != null) return { kind: "square", target: [Number(d.row), Number(d.square)] };
  if (d.rowLabel != null) return { kind: "row", target: Number(d.rowLabel) };
  if (d.chips != null) return { kind: "row", target: Number(d.chips) };
  if (d.die != null) return d.face != null ? { kind: "die", target: Number(d.die) } : null; // a die not rolled yet
  if (d.group != null) {
    const dice = (d.dice || "").split(",").filter((x) => x !== "").map(Number);
    return dice.length ? { kind: "group", target: dice } : null;
  }
  return null;
}

/** The elements that draw highlight (kind, target) inside scope. */
export function locate(scope, kind, target) {
  const all = (selector) => [...scope.querySelectorAll(selector)];
  switch (kind) {
    case "row":
      return all(`[data-row-label=${attr(target)}], .lx-square[data-row=${attr(target)}]`);
    case "square":
      return Array.isArray(target) ? all(`.lx-square[data-row=${attr(target[0])}][data-square=${attr(target[1])}]`) : [];
    case "die":
      return all(`.lx-die[data-die=${attr(target)}]`);
    case "group": {
      if (!Array.isArray(target)) return [];
      const dice = [...target].map(Number).sort((a, b) => a - b);
      const group = all(`.lx-group[data-dice=${attr(dice.join(","))}]`);
      // the tray groups the dice another way: light the dice themselves
      return group.length ? group : dice.flatMap((i) => all(`.lx-die[data-die=${attr(i)}]`));
    }
    default:
      return [];
  }
}
