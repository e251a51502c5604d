// Pure: what the board widget's controls may send, from the legal choices Python put in the
// view (view.board.choices, only for the seat that acts now). Nothing here decides a rule: a
// doubtful intent is sent anyway, and Python answers with a new view or an `error`.
//
// view.board (see levelwidgets/widgets/level8_board.py):
//   fields [action id per field] · towers [field per seat] · dice [a, b] | null ·
//   reachable [field, ...] · jokers (left in the middle) · turn (whose turn) ·
//   pending {action, takes, ask, shown, extra} · landed (the field being acted on) ·
//   choices (for view.actor only) {roll} | {move: [fields]} | {take: ["pile", seat, ...]} |
//   {swap: {cards, min, max}} | {show: {cards, min, max}} | {ask: {numbers, colours,
//   directions}} | {give: [cards]} | {steal: [[card, owner], ...]} | {choose: [[action, field]]}
//   and in the play phase {discardTwo: true} when two cards may be discarded.

import { canAct } from "../level8/selection.js";

/** The board part of the view (never null). */
export function boardOf(view) {
  return (view && view.board) || {};
}

/** The choices of the seat acting now, or {} when this screen may not act. */
export function choicesOf(view) {
  if (!view || !canAct(view)) return {};
  return boardOf(view).choices || {};
}

/** Phases that are a board action (the card-table phases are play, keep, round_over, over). */
export const BOARD_PHASES = ["roll", "move", "take", "swap", "ask", "give", "show", "steal", "choose"];

/** How many hand cards may be selected now (a card-picking action, or keep). */
export function selectionMax(view) {
  const ch = choicesOf(view);
  if (view.phase === "swap" && ch.swap) return ch.swap.max ?? 3;
  if (view.phase === "show" && ch.show) return ch.show.max ?? 3;
  if (view.phase === "give") return 1;
  if (view.phase === "keep") return (view.legal && view.legal.keepMax) ?? 4;
  if (view.phase === "play") return Infinity;
  return 0;
}

/** The hand cards that may be picked now (null: any card of the hand). */
export function pickable(view) {
  const ch = choicesOf(view);
  if (view.phase === "swap" && ch.swap) return ch.swap.cards || null;
  if (view.phase === "show" && ch.show) return ch.show.cards || null;
  if (view.phase === "give" && ch.give) return ch.give;
  return null;
}

/** Toggle `id` in the selection, within the cards that may be picked and the maximum. */
export function pick(selected, id, view) {
  const allowed = pickable(view);
  if (allowed && !allowed.includes(id)) return selected;
  const max = selectionMax(view);
  if (!(max > 0)) return selected;
  if (selected.includes(id)) return selected.filter((c) => c !== id);
  if (selected.length >= max) return max === 1 ? [id] : selected;
  return [...selected, id];
}

/** True when the selection is a complete answer for the phase's card pick. */
export function pickReady(view, selected) {
  const ch = choicesOf(view);
  const spec = view.phase === "swap" ? ch.swap : view.phase === "show" ? ch.show : null;
  if (spec) return selected.length >= (spec.min ?? 1) && selected.length <= (spec.max ?? 3);
  if (view.phase === "give") return selected.length === 1;
  return false;
}

export const rollIntent = () => ({ type: "roll" });
export const moveIntent = (field) => ({ type: "move", field: Number(field) });
/** Take from the draw pile ("pile") or a seat's discard pile. */
export const takeIntent = (source) => ({ type: "take", source: source === "pile" ? "pile" : Number(source) });
export const swapIntent = (cards) => ({ type: "swap", cards: [...cards] });
export const showIntent = (cards) => ({ type: "show", cards: [...cards] });
export const giveIntent = (card) => ({ type: "give", card: Number(card) });
export const stealIntent = (card) => ({ type: "steal", card: Number(card) });
export const chooseIntent = (action) => ({ type: "choose", action: String(action) });
export const discardTwoIntent = (cards) => ({ type: "discard_two", cards: [...cards] });

/** An ask: {number} or {colour}, and a direction. */
export function askIntent(ask) {
  const out = { type: "ask", direction: ask.direction === "right" ? "right" : "left" };
  if (ask.colour != null) out.colour = Number(ask.colour);
  else if (ask.number != null) out.number = Number(ask.number);
  return out;
}

/** The ask dialog's state after a click: picking a number clears the colour and back. */
export function askPick(ask, what, value) {
  const a = { number: null, colour: null, direction: "left", ...(ask || {}) };
  if (what === "number") return { ...a, number: Number(value), colour: null };
  if (what === "colour") return { ...a, colour: Number(value), number: null };
  if (what === "direction") return { ...a, direction: value === "right" ? "right" : "left" };
  return a;
}

/** Whether the ask may be sent: a number or a colour Python offers, and a direction. */
export function askReady(view, ask) {
  const spec = choicesOf(view).ask;
  if (!spec || !ask) return false;
  const dirs = spec.directions || ["left", "right"];
  if (!dirs.includes(ask.direction)) return false;
  if (ask.number != null) return (spec.numbers || []).includes(ask.number);
  if (ask.colour != null) return (spec.colours || []).includes(ask.colour);
  return false;
}

/** Is field `i` one the mover may be placed on now? */
export function isReachable(view, i) {
  const ch = choicesOf(view);
  return Boolean(ch.move && ch.move.includes(i));
}

/** Is this pile ("pile" or a seat) one the actor may take from now? */
export function canTakeFrom(view, source) {
  const ch = choicesOf(view);
  if (!ch.take) return false;
  return ch.take.some((s) => String(s) === String(source));
}

/** The key of the help line for the actor in this phase (a key of the strings table). */
export function helpKey(view) {
  const b = boardOf(view);
  switch (view.phase) {
    case "take": {
      const takes = b.pending && b.pending.takes;
      return takes && takes > 1 ? "b_help_take_n" : "b_help_take";
    }
    default:
      return `b_help_${view.phase}`;
  }
}

/** The dice for the n-th key press (1 → the nearer reachable field, 2 → the other). */
export function nthReachable(view, k) {
  const ch = choicesOf(view);
  return ch.move && ch.move[k] != null ? ch.move[k] : null;
}
