// Pure geometry of the circuit: where each field of the board sits in a CSS grid. The start
// field (field 0) is large (2×2 cells) in the top-left corner; the other fields run clockwise
// around the edge; inside the ring, a strip for the level track and the centre (dice, piles).
// No DOM, no rules: the fields and what they do come from Python (view.board.fields).

/**
 * The grid for a circuit of `n` fields (2–60):
 * {cols, rows, cells: [{row, col, rowSpan, colSpan}] (one per field, 1-based grid lines),
 *  track: {row, col, colSpan}, centre: {row, col, rowSpan, colSpan}}.
 * 28 fields: 9 columns × 8 rows (start, 7 along the top, 6 down the right, 9 along the bottom,
 * 5 up the left); `wide` (a low screen, issue 27): 11 columns × 6 rows.
 */
export function ringLayout(n, { wide = false } = {}) {
  const count = Math.max(2, Math.min(60, Math.floor(Number(n) || 0)));
  const sum = Math.max(8, Math.ceil((count + 6) / 2)); // cols + rows (perimeter 2·sum − 6 ≥ n)
  const rows = Math.max(4, Math.round(sum * (wide ? 0.36 : 0.47)));
  const cols = Math.max(4, sum - rows);
  const spots = [{ row: 1, col: 1, rowSpan: 2, colSpan: 2 }];
  for (let c = 3; c <= cols; c++) spots.push({ row: 1, col: c, rowSpan: 1, colSpan: 1 });
  for (let r = 2; r <= rows; r++) spots.push({ row: r, col: cols, rowSpan: 1, colSpan: 1 });
  for (let c = cols - 1; c >= 1; c--) spots.push({ row: rows, col: c, rowSpan: 1, colSpan: 1 });
  for (let r = rows - 1; r >= 3; r--) spots.push({ row: r, col: 1, rowSpan: 1, colSpan: 1 });
  return {
    cols,
    rows,
    cells: spots.slice(0, count),
    track: { row: 2, col: 3, colSpan: cols - 3 },
    centre: { row: 3, col: 2, rowSpan: rows - 3, colSpan: cols - 2 },
  };
}

/** The CSS grid-area of a cell: "row / col / span rows / span cols". */
export function gridArea({ row, col, rowSpan = 1, colSpan = 1 }) {
  return `${row} / ${col} / span ${rowSpan} / span ${colSpan}`;
}

/** Which side of the ring a cell is on ("top", "right", "bottom", "left", "start"). */
export function sideOf(cell, layout) {
  if (cell.rowSpan === 2 && cell.row === 1 && cell.col === 1) return "start";
  if (cell.row === 1) return "top";
  if (cell.col === layout.cols) return "right";
  if (cell.row === layout.rows) return "bottom";
  return "left";
}

/** The seats whose tower stands on each field: [[seat, ...], ...] (one list per field). */
export function towersByField(towers, n) {
  const out = Array.from({ length: n }, () => []);
  (towers || []).forEach((f, p) => {
    if (Number.isInteger(f) && f >= 0 && f < n) out[f].push(p);
  });
  return out;
}

/** The level track's cell (1 … last, then the laurel = last + 1) for each seat's level. */
export function trackCells(levels, last = 8) {
  const out = Array.from({ length: last + 1 }, () => []);
  (levels || []).forEach((lv, p) => {
    const k = Math.max(1, Math.min(last + 1, Number(lv) || 1));
    out[k - 1].push(p);
  });
  return out;
}
