// Pure: what the groups being built would do, read from Python's `view.preview`.
// Python previews every distinct move of the roll (levelwidgets/levelx/preview.py) under a key:
// its steps sorted, "5,5,6". The tray's groups match a move by that key; a grouping Python
// does not list (a sum outside 5–10, say) gets no preview. No rule is decided here.
//   entry: {pts, prog, steps: [{row, from, to, x?, chip?, oust?, back?, closes?, bonus?,
//           noEffect?}], last?, bonusBy?: {"10,9": [tile per group in that order]}}

import { groupSums } from "./groups.js";
import { t } from "./i18n.js";

const LETTERS = "ABCD";

/** Python's key of a list of step rows ("5,5,6"; unsorted for bonusBy). */
export const keyOf = (rows, sort = true) => (sort ? [...rows].sort((a, b) => a - b) : rows).join(",") || "-";

/**
 * The preview of builder b's groups in view v, or null (no groups, or not a move Python
 * lists). Each non-empty group gets its step: the n-th group of a row takes the n-th step
 * Python lists for that row (a row's steps do the same in any order); bonus tiles, which
 * depend on the order of all groups, come from `bonusBy` for this order when Python gives it.
 */
export function matchPreview(v, b) {
  if (!v || !v.preview || !b) return null;
  const groups = groupSums(b)
    .map((g, k) => ({ k, row: g.sum, n: g.faces.length }))
    .filter((g) => g.n > 0);
  if (!groups.length) return null;
  const rows = groups.map((g) => g.row);
  const key = keyOf(rows);
  const entry = Object.prototype.hasOwnProperty.call(v.preview, key) ? v.preview[key] : null;
  if (!entry) return null;
  const left = [...entry.steps];
  const tiles = entry.bonusBy && entry.bonusBy[keyOf(rows, false)];
  const matched = groups.map((g, i) => {
    const at = left.findIndex((s) => s.row === g.row);
    const step = left.splice(at, 1)[0];
    const bonus = tiles ? tiles[i] || 0 : step.bonus || 0;
    return { k: g.k, letter: LETTERS[g.k], step, bonus };
  });
  return { key, entry, groups: matched };
}

/** "reaches X · +7 chip · ousts Ben": what one group's step does, in words. */
export function stepText(lang, step, bonus, names) {
  const L = (key, params) => t(lang, key, params);
  if (step.noEffect) return L("pvNoEffect", { row: step.row });
  const parts = [];
  if (step.x) parts.push(L("pvToX"));
  else if (step.from === step.to) parts.push(L("pvOnX"));
  else if (step.from === 0) parts.push(L("pvEnters", { sq: step.to }));
  else parts.push(L("pvTo", { sq: step.to }));
  if (step.chip) parts.push(L("pvChip", { v: step.chip }));
  if (step.oust != null) {
    const name = names[step.oust] ?? "?";
    parts.push(t.about(lang, step.back ? "pvOustStart" : "pvOust", name, { name }));
  }
  if (bonus) parts.push(L("pvBonus", { v: bonus }));
  if (step.closes) parts.push(L("pvCloses", { row: step.row }));
  return parts.join(" · ");
}

/** "+16 points, 1 square": a move's points and progress (Python's numbers). */
export function gainText(lang, entry) {
  const points = t(lang, entry.pts === 0 ? "pvPoints_zero" : entry.pts === 1 ? "pvPoints_one" : "pvPoints", { n: entry.pts });
  const squares = t(lang, entry.prog === 1 ? "pvSquares_one" : "pvSquares", { n: entry.prog });
  return t(lang, "pvGain", { points, squares });
}

/** The summary under the groups: "If played: +16 points, 1 square forward · …". */
export function moveText(lang, entry) {
  const text = t(lang, "pvMove", { gain: gainText(lang, entry) });
  return entry.last ? `${text} · ${t(lang, "pvLast")}` : text;
}

/** Where the piece of a matched group lands, for a marker on the board (null: it does not). */
export function landing(g) {
  return g.step.noEffect || !g.step.to ? null : { row: g.step.row, square: g.step.to };
}
