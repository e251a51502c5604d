// The move list's rows of both card games (the table and the board game): one row per move
// of the view (v.moves, then v.future after an undo), each move's text written once per
// language and names and kept with the move (a patched view keeps its unchanged moves as the
// same objects), so a view no longer words every move of the round again.

const TEXTS = new WeakMap(); // a move of the view -> [language and names, its text]

/** Rows for common/movelist.js: `moveText(M, move, names)` words a move (each game its own). */
export function moveRows(v, lng, t, moveText) {
  const names = v.names || [];
  const M = (key, params) => t(lng, key, params);
  const sig = `${lng}\u0001${names.join("\u0001")}`;
  const textOf = (r) => {
    const hit = TEXTS.get(r);
    if (hit && hit[0] === sig) return hit[1];
    const text = moveText(M, r, names);
    if (r && typeof r === "object") TEXTS.set(r, [sig, text]);
    return text;
  };
  const row = (r, extra) => ({ text: textOf(r), player: r.p, target: r.ply, title: r.p == null ? undefined : names[r.p], mark: r.mark, note: r.note, ...extra });
  const rows = [{ text: M("start"), target: 0, here: v.here === 0 }];
  for (const r of v.moves || []) rows.push(row(r, { here: r.ply === v.here }));
  for (const r of v.future || []) rows.push(row(r, { future: true }));
  return rows;
}
