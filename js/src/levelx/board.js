// The Level X board: six rows of squares with their X, the chip stacks, the pieces (kept as
// elements so moves animate) and the ticker line that captions the event being shown.

import { attr, cls, data, h, keyed, patch, playerIcon, prop, setText } from "../common/dom.js";
import { sameInputs } from "../common/model.js";
import { t } from "./i18n.js";
import { landing, stepText } from "./preview.js";
import { newEvents } from "./replay.js";

export const ROWS = [5, 6, 7, 8, 9, 10];
const SQ = 52; // square size (px)
const GAP = 6;
const LABEL = 40; // room for the row number

/** Board geometry: where square `sq` (1-based; 0 = off) of row index r sits. */
export function squareXY(len, r, sq) {
  const longest = Math.max(...len);
  const col = longest - len[r] + Math.max(sq, 1) - 1;
  return [LABEL + col * (SQ + GAP), r * (SQ + GAP)];
}

/** The board's elements; draw(v, b, flash, lang, setup) shows board b (a frame or v's) of view
 * v; setup: {picked} in set-up mode (squares, row numbers and pieces become click and drop
 * targets, see setup.js), else null. */
export function createBoard() {
  const ticker = h("div", { class: "lx-ticker", "aria-live": "polite" });
  const boardEl = h("div", { class: "lx-board", "data-board": "" });
  const squaresLayer = h("div", { class: "lx-squares" });
  const piecesLayer = h("div", { class: "lx-pieces" });
  const ghostsLayer = h("div", { class: "lx-ghosts", "data-preview-layer": "" }); // move preview
  boardEl.append(squaresLayer, piecesLayer, ghostsLayer);
  const el = h("div", { class: "lx-boardwrap" }, ticker, boardEl);
  const pieces = new Map(); // "p-r" -> element
  let piecesShown = null; // everything the pieces on screen show (drawPieces' inputs)
  let drawn = null; // what the squares and pieces on screen were drawn from (the very values)

  /** b: the same object for the same position (levelx.js boardOfView), a frame's board while
   *  a move is animated: a view that changes none of what the board shows (a roll) leaves
   *  the squares and the pieces unread and untouched; only the ticker follows it. */
  function draw(v, b, flash, lang, setup = null) {
    const inputs = [b, v.len, v.names, flash, lang, setup && (setup.picked || true)];
    if (!sameInputs(inputs, drawn)) {
      drawBoard(v, b, flash, lang, setup);
      drawn = inputs;
    }
    drawTicker(v, flash);
  }

  function drawBoard(v, b, flash, lang, setup) {
    const longest = Math.max(...v.len);
    const width = `${LABEL + longest * (SQ + GAP) + 84}px`;
    const height = `${ROWS.length * (SQ + GAP) - GAP}px`;
    if (boardEl.style.width !== width) boardEl.style.width = width; // (fit.js sets its zoom)
    if (boardEl.style.height !== height) boardEl.style.height = height;
    const ev = flash;
    const evRow = ev && ev[2] != null ? ev[2] - 5 : -1;
    // the squares, row numbers and chip stacks, row by row (pieces are drawn apart): a row is
    // built only when what it shows changed (a turn's end changes one or two rows' chips)
    const lens = v.len.join(","); // (every row's place follows the longest row)
    keyed(
      squaresLayer,
      ROWS.map((row, r) => {
        const heldX = b.pos.some((pp) => pp[r] === v.len[r]);
        const key = `${lang}|${lens}|${b.chips[r]}|${heldX}|${Boolean(setup)}|${evRow === r ? ev.join(",") : ""}`;
        return [row, key, () => squaresRow(v, b, r, ev, evRow, lang, setup)];
      }),
    );
    // a roll moves no piece: the pieces are left as they are when nothing they show changed
    const shown = JSON.stringify([b.pos, v.len, v.names, flash, lang, setup && (setup.picked || true)]);
    if (shown !== piecesShown) {
      drawPieces(v, b, flash, lang, setup);
      piecesShown = shown;
    }
  }

  function drawTicker(v, flash) {
    const ev = flash;
    // the ticker shows Python's sentence for the event (view.eventTexts, one per event)
    const said = (e) => (v.eventTexts || [])[newEvents(v).indexOf(e)] || "";
    if (ev) {
      setText(ticker, said(ev));
      cls(ticker, "lx-live", true);
    } else {
      const last = newEvents(v).filter((e) => e[0] !== "turn_passed" && e[0] !== "rolled").slice(-1)[0];
      setText(ticker, last ? said(last) : "");
      cls(ticker, "lx-live", false);
    }
  }

  /** Row r of board b: its number, its squares with their X and its chip stack (a group that
   *  takes no room of its own: .lx-sqrow is display: contents). */
  function squaresRow(v, b, r, ev, evRow, lang, setup) {
    const row = ROWS[r];
    const nodes = [];
    const closed = b.chips[r] === 0;
    const [x0, y] = squareXY(v.len, r, 1);
    const offAttrs = setup ? { role: "button", tabindex: "0", "data-setup-off": String(row), "aria-label": t(lang, "setupOff", { row }), title: t(lang, "setupOff", { row }) } : {};
    nodes.push(h("div", { class: "lx-rowlabel", "data-row-label": String(row), style: `left:${x0 - LABEL}px;top:${y}px;height:${SQ}px;width:${LABEL - 6}px`, ...offAttrs }, String(row)));
    for (let sq = 1; sq <= v.len[r]; sq++) {
      const [x] = squareXY(v.len, r, sq);
      const isX = sq === v.len[r];
      const cls = ["lx-square"];
      if (isX) cls.push("lx-x");
      if (isX && b.pos.some((pp) => pp[r] === sq)) cls.push("lx-held-x");
      if (closed) cls.push("lx-closed");
      if (ev && evRow === r && ev[0] === "ousted" && isX) cls.push("lx-boom");
      const label = setup ? t(lang, isX ? "setupSquareX" : "setupSquare", { row, sq }) : "";
      const dropAttrs = setup ? { role: "button", tabindex: "0", "data-setup-target": "", "aria-label": label, title: label } : {};
      nodes.push(h("div", { class: cls.join(" "), "data-row": String(row), "data-square": String(sq), style: `left:${x}px;top:${y}px`, ...dropAttrs }, isX ? "X" : ""));
    }
    const [xX] = squareXY(v.len, r, v.len[r]);
    const chipCls = ["lx-stack"];
    if (closed) chipCls.push("lx-closed");
    if (ev && evRow === r && (ev[0] === "chip" || ev[0] === "row_closed")) chipCls.push("lx-pulse");
    nodes.push(
      h(
        "div",
        {
          class: chipCls.join(" "),
          "data-chips": String(row),
          "data-count": String(b.chips[r]),
          title: closed ? t(lang, "chipsClosedTitle", { row }) : t(lang, "chipsTitle", { row, n: b.chips[r] }),
          style: `left:${xX + SQ + 12}px;top:${y + 6}px`,
        },
        h("span", { class: "lx-chip" }, String(row)),
        h("span", { class: "lx-count" }, closed ? t(lang, "closed") : `× ${b.chips[r]}`),
      ),
    );
    return h("div", { class: "lx-sqrow", "data-sqrow": String(row) }, ...nodes);
  }

  function drawPieces(v, b, flash, lang, setup) {
    const seen = new Set();
    ROWS.forEach((row, r) => {
      const bySquare = new Map();
      b.pos.forEach((p, player) => {
        if (p[r] > 0) bySquare.set(p[r], [...(bySquare.get(p[r]) || []), player]);
      });
      b.pos.forEach((p, player) => {
        const key = `${player}-${row}`;
        seen.add(key);
        let node = pieces.get(key);
        if (!node) {
          node = h("div", { class: "lx-piece", "data-player": String(player), "data-row": String(row) }, playerIcon(player, 30));
          node.style.opacity = "0";
          const [x, y] = squareXY(v.len, r, 1);
          node.style.transform = `translate(${x + 11}px, ${y + 11}px) scale(0.2)`;
          pieces.set(key, node);
          piecesLayer.appendChild(node);
        }
        const sq = p[r];
        data(node, "square", String(sq));
        const moving = flash && flash[1] === player && flash[2] === row;
        node.classList.toggle("lx-moving", Boolean(moving));
        setupPiece(node, v, player, row, sq, lang, setup);
        if (sq === 0) {
          const [x, y] = squareXY(v.len, r, 1);
          node.style.opacity = "0";
          node.style.transform = `translate(${x + 11 - SQ * 0.6}px, ${y + 11}px) scale(0.3)`;
          attr(node, "aria-hidden", "true");
          return;
        }
        const mates = bySquare.get(sq);
        const k = mates.indexOf(player);
        const [x, y] = squareXY(v.len, r, sq);
        let dx = 11;
        let dy = 11;
        let scale = 1;
        if (mates.length > 1) {
          scale = 0.62;
          dx = 2 + (k % 2) * 24;
          dy = 2 + Math.floor(k / 2) * 24 + (mates.length === 2 ? 12 : 0);
        }
        node.style.opacity = "1";
        node.style.transform = `translate(${x + dx}px, ${y + dy}px) scale(${scale})`;
        attr(node, "aria-hidden", null);
        prop(node, "title", `${v.names[player]}: ${row} / ${sq}`);
      });
    });
    for (const [key, node] of pieces) {
      if (!seen.has(key)) {
        node.remove();
        pieces.delete(key);
      }
    }
  }

  /**
   * Mark where each group's piece would land (preview: matchPreview's result, or null to
   * clear): a dashed frame in the group's colour with its letter, the chip it earns, a faded
   * copy of the piece on an empty square and a ✕ on a piece it knocks off X.
   */
  function drawPreview(v, preview, lang) {
    const marks = [];
    const onSquare = new Map(); // "row-square" -> markers already there
    for (const g of preview ? preview.groups : []) {
      const at = landing(g);
      if (!at) continue;
      const r = ROWS.indexOf(at.row);
      const [x, y] = squareXY(v.len, r, at.square);
      const spot = `${at.row}-${at.square}`;
      const k = onSquare.get(spot) || 0;
      onSquare.set(spot, k + 1);
      const empty = !v.pos.some((pp) => pp[r] === at.square);
      const sq = at.square === v.len[r] ? "X" : String(at.square);
      const label = `${t(lang, "pvGhost", { g: g.letter, row: at.row, sq })}: ${stepText(lang, g.step, g.bonus, v.names)}`;
      marks.push(
        h(
          "div",
          {
            class: `lx-ghost lx-g${g.k}`,
            "data-preview": g.letter,
            "data-preview-row": String(at.row),
            "data-preview-square": String(at.square),
            role: "img",
            "aria-label": label,
            title: label,
            style: `left:${x - 4}px;top:${y - 4}px;--lx-ghost-k:${k}`,
          },
          empty && k === 0 ? playerIcon(v.cur, 30) : "",
          h("span", { class: "lx-ghostletter" }, g.letter),
          g.step.chip ? h("span", { class: "lx-ghostchip" }, `+${g.step.chip}`) : "",
          g.step.oust != null ? h("span", { class: "lx-ghostoust", "aria-hidden": "true" }, "✕") : "",
        ),
      );
      if (g.step.from > 0 && g.step.to > g.step.from) {
        // an arrow in the gap between the square the piece leaves and the one it lands on
        const [xf] = squareXY(v.len, r, g.step.from);
        marks.push(h("div", { class: `lx-ghostarrow lx-g${g.k}`, "aria-hidden": "true", style: `left:${xf + SQ + GAP / 2 - 10}px;top:${y + SQ / 2 - 10}px` }, "➜"));
      }
    }
    patch(ghostsLayer, ...marks);
  }

  /** In set-up mode a piece on the board can be picked up (clicked, dragged, Enter/Space). */
  function setupPiece(node, v, player, row, sq, lang, setup) {
    const on = Boolean(setup) && sq > 0;
    const picked = on && setup.picked && setup.picked.seat === player && setup.picked.row === row;
    node.classList.toggle("lx-picked", Boolean(picked));
    if (!on) {
      for (const a of ["draggable", "tabindex", "role", "aria-label", "aria-pressed"]) attr(node, a, null);
      return;
    }
    attr(node, "draggable", "true");
    attr(node, "tabindex", "0");
    attr(node, "role", "button");
    attr(node, "aria-pressed", String(Boolean(picked)));
    attr(node, "aria-label", t(lang, "setupPiece", { name: v.names[player], row, sq: sq === v.len[ROWS.indexOf(row)] ? "X" : sq }));
  }

  return { el, ticker, boardEl, draw, drawPreview };
}
