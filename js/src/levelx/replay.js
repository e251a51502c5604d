// Pure: turn the events of one action into intermediate board positions, so pieces visibly
// move square by square and chips leave their stacks. It only replays what Python reported
// (squares, chips); it decides no rule.

/** Index of row r (5..10). */
export const rowIndex = (row) => row - 5;

/** The board part of a view, deep-copied: pieces, chips left, chips held. */
export function boardOf(view) {
  return {
    pos: view.pos.map((p) => [...p]),
    chips: [...view.chips],
    held: view.held.map((h) => [...h]),
  };
}

/** Events of the view's last change, as compact rows [kind, player, row, square, other, value]
 * (their sentences, written by Python, are `view.eventTexts`, one per event). */
export function newEvents(view) {
  return view.events || [];
}

/** Apply one reported event to a board (returns a new board, or the same one if no change). */
export function applyEvent(board, ev, rowLength) {
  const [kind, player, row, square, other] = ev;
  const r = row == null ? -1 : rowIndex(row);
  const b = { pos: board.pos.map((p) => [...p]), chips: [...board.chips], held: board.held.map((h) => [...h]) };
  switch (kind) {
    case "entered":
      b.pos[player][r] = 1;
      return b;
    case "moved":
      b.pos[player][r] = square;
      return b;
    case "reached_x":
      b.pos[player][r] = rowLength[r];
      return b;
    case "ousted":
      if (other != null) b.pos[other][r] = square == null ? 0 : square;
      return b;
    case "chip":
      b.chips[r] = Math.max(0, b.chips[r] - 1);
      b.held[player][r] += 1;
      return b;
    case "row_closed":
      b.pos.forEach((p) => {
        p[r] = 0;
      });
      b.chips[r] = 0;
      return b;
    default:
      return board;
  }
}

/** Kinds that change the board and deserve their own animation frame. */
export const VISIBLE = new Set(["entered", "moved", "reached_x", "ousted", "chip", "row_closed"]);

/**
 * Frames to show between the previous view and this one: [{board, event}], one per visible
 * event. Empty when the views are not consecutive (a reload, a jump): then just show the view.
 */
export function framesBetween(prev, view) {
  if (!prev || view.seq !== prev.seq + 1) return [];
  const events = newEvents(view);
  const frames = [];
  let board = boardOf(prev);
  for (const ev of events) {
    if (!VISIBLE.has(ev[0])) continue;
    board = applyEvent(board, ev, view.len);
    frames.push({ board, event: ev });
  }
  return frames;
}
