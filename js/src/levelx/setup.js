// Set-up mode (a teacher places pieces by hand): the side panel (hint, "place a piece of"
// seats, "to move next" seats) and what a click, key or drop on the board means. Nothing here
// decides whether a position is legal: every placement is a set_piece intent that Python
// checks with LevelX.from_position (a refused one comes back as an error, the board unchanged).
//
// A pick is {seat, row}: a piece on the board (row = its row), or a seat from the panel (row
// null: a piece of that player, for any row). A target is a square {row, square}, or a row
// number (square 0: off the board). Placing a pick on a target moves the picked player's piece
// of the target's row there.

import { h, patch, playerIcon } from "../common/dom.js";
import { t } from "./i18n.js";

/** What a node of the board or the panel is in set-up mode: {kind, seat?, row?, square?}. */
export function setupNodeOf(node) {
  const el = node && node.closest && node.closest("[data-setup-seat], [data-setup-current], .lx-piece, .lx-square, [data-row-label]");
  if (!el) return null;
  const d = el.dataset;
  if (d.setupSeat != null) return { kind: "seat", seat: Number(d.setupSeat), row: null, el };
  if (d.setupCurrent != null) return { kind: "current", seat: Number(d.setupCurrent), el };
  if (el.classList.contains("lx-piece")) return { kind: "piece", seat: Number(d.player), row: Number(d.row), square: Number(d.square), el };
  if (el.classList.contains("lx-square")) return { kind: "square", row: Number(d.row), square: Number(d.square), el };
  return { kind: "off", row: Number(d.rowLabel), square: 0, el };
}

/**
 * One click (or Enter/Space, or a drop) in set-up mode: returns {picked, send} (send: an
 * intent or null). A piece or a seat picks (the same again puts it down); a square or a row
 * number with something picked places it; a piece of another player (or the picked player's
 * own piece from the panel) with a pick in that row counts as its square.
 */
export function setupClick(picked, node) {
  if (!node) return { picked, send: null };
  if (node.kind === "current") return { picked, send: { type: "set_current", seat: node.seat } };
  const same = picked && picked.seat === node.seat && picked.row === node.row;
  if (node.kind === "seat") return { picked: same ? null : { seat: node.seat, row: null }, send: null };
  if (node.kind === "piece") {
    const asSquare = picked && !same && (picked.row === null || picked.row === node.row);
    if (!asSquare) return { picked: same ? null : { seat: node.seat, row: node.row }, send: null };
  }
  if (!picked) return { picked, send: null };
  return { picked: null, send: { type: "set_piece", seat: picked.seat, row: node.row, square: node.square } };
}

/** The drag payload for a pick, and back (null for anything else). */
export const dragData = (pick) => `lxpiece:${pick.seat}:${pick.row === null ? "" : pick.row}`;
export function pickOfDrag(text) {
  const m = /^lxpiece:(\d+):(\d*)$/.exec(text || "");
  return m ? { seat: Number(m[1]), row: m[2] === "" ? null : Number(m[2]) } : null;
}

/** The side panel in set-up mode: the hint, the seats to place a piece of, who moves next. */
export function drawSetupPanel(container, v, picked, lang) {
  const L = (key, params) => t(lang, key, params);
  const seats = (attr, pressed) =>
    v.names.map((name, p) =>
      h(
        "button",
        { class: `lw-btn lx-setupseat${pressed(p) ? " lw-on" : ""}`, type: "button", [attr]: String(p), "aria-pressed": String(pressed(p)), ...(attr === "data-setup-seat" ? { draggable: "true" } : {}) },
        playerIcon(p, 18),
        h("span", {}, name),
      ),
    );
  const pickText = picked ? (picked.row === null ? L("setupPickedSeat", { name: v.names[picked.seat] }) : L("setupPicked", { name: v.names[picked.seat], row: picked.row })) : "";
  patch(container,
    h(
      "div",
      { class: "lx-setup-panel", "data-setup-panel": "" },
      h("p", { class: "lx-hint lx-setup-hint", "data-setup-hint": "" }, L("setupHint")),
      h("div", { class: "lx-setup-line", role: "group", "aria-label": L("setupPlace") }, h("span", { class: "lx-setup-label" }, `${L("setupPlace")}:`), ...seats("data-setup-seat", (p) => Boolean(picked && picked.row === null && picked.seat === p))),
      h("div", { class: "lx-setup-line", role: "group", "aria-label": L("setupNext") }, h("span", { class: "lx-setup-label" }, `${L("setupNext")}:`), ...seats("data-setup-current", (p) => p === v.cur)),
      h("p", { class: "lx-setup-picked", "data-setup-picked": picked ? `${picked.seat}:${picked.row === null ? "" : picked.row}` : "", "aria-live": "polite" }, pickText),
    ),
  );
}
