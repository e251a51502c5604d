// DOM builders of the board: the circuit of action fields with towers, the level track, the
// dice, the joker pile and the dialogs of the actions. Each takes the view (and local UI
// state) and returns fresh elements, or (…Desc) a description of them that common/dom.js
// writes into the nodes on screen; text only (names are user text). Stable attributes for
// tests: see the list at the top of ../level8board.js.

import { attr, cls, h, keyed, patch, playerIconDesc, playerIcon, prop } from "../common/dom.js";
import * as D from "../level8/draw.js";
import { cardEl, colourMark } from "../level8/faces.js";
import { sortHand } from "../level8/cards.js";
import { canAct, handCards } from "../level8/selection.js";
import { dieFace, dieFaceDesc } from "../common/die.js";
import { actionIcon, laurel, startStars, towerIcon } from "./icons.js";
import { askReady, boardOf, canTakeFrom, choicesOf, helpKey, isReachable, pickReady, pickable } from "./logic.js";
import { gridArea, ringLayout, sideOf, towersByField, trackCells } from "./ring.js";

/** The nine actions in the rule book's order (labels and the choose dialog). */
export const ACTIONS = ["draw1", "draw2", "joker", "ask", "swap", "draw_again", "steal", "all_draw", "choose"];

const nameOf = (view, p) => (view.names && view.names[p] != null ? String(view.names[p]) : "?");

function btn(action, label, opts = {}) {
  return h(
    "button",
    { type: "button", class: `lw-btn ${opts.primary ? "lw-primary " : ""}l8-btn${opts.cls ? ` ${opts.cls}` : ""}`, "data-action": action, disabled: Boolean(opts.disabled), title: opts.title, ...(opts.attrs || {}) },
    ...(Array.isArray(label) ? label : [label]),
  );
}

/** A player's tower: the two movers stacked, in the seat's colour and shape. */
export function towerEl(view, p, L, size = 26) {
  const n = ((p % 6) + 6) % 6;
  const box = towerIcon(n, size);
  const label = L("towerOf", { name: nameOf(view, p) });
  return h("span", { class: `l8b-tower lw-p${n}${view.board && view.board.turn === p ? " l8b-turn" : ""}`, "data-tower": String(p), title: label, role: "img", "aria-label": label }, box);
}

/** Everything fieldEl builds of field i but its towers (a redraw skips the field while it
 * is unchanged); the towers standing on it and whether it glows, is live or was landed on are
 * written in place (drawTowers, paintField). */
export function fieldKey(view, i, lang, { cell }) {
  return JSON.stringify([lang, boardOf(view).fields[i], cell]);
}

/** One field of the circuit (a button: clickable when the tower may move there). */
export function fieldEl(view, i, L, { cell, layout, towers, annotate = false, lang = "" }) {
  const b = boardOf(view);
  const id = b.fields[i];
  const start = i === 0;
  const side = sideOf(cell, layout);
  const classes = ["l8b-field", `l8b-side-${side}`, `l8b-a-${id}`];
  if (start) classes.push("l8b-start");
  const action = L(`a_${id}`);
  const el = h("button", {
    type: "button",
    class: classes.join(" "),
    style: `grid-area: ${gridArea(cell)}`,
    "data-field": String(i),
    "data-action-id": id,
  });
  if (start) {
    el.append(startStars(34), h("span", { class: "l8b-startname" }, L("startField")), h("span", { class: "l8b-startsub" }, actionIcon(id, 22), action));
  } else {
    el.append(h("span", { class: "l8b-fnum" }, String(i)), actionIcon(id, 40), h("span", { class: "l8b-flabel" }, action));
  }
  drawTowers(el, view, i, L, towers, lang);
  paintField(el, view, i, L, { annotate });
  return el;
}

const towersShown = new WeakMap(); // field node -> the key of the towers drawn on it

/** The towers standing on field i (`towers`: their players), drawn into the field's node only
 * when they changed (a move redraws the two fields it leaves and reaches, nothing else). */
export function drawTowers(el, view, i, L, towers, lang = "") {
  const turn = view.board ? view.board.turn : null;
  const key = JSON.stringify([lang, towers.map((p) => [p, nameOf(view, p), turn === p])]);
  if (towersShown.get(el) === key) return;
  towersShown.set(el, key);
  let box = el.lastElementChild && el.lastElementChild.classList.contains("l8b-towers") ? el.lastElementChild : null;
  if (!towers.length) {
    if (box) box.remove();
    return;
  }
  if (!box) {
    box = h("span", { class: "l8b-towers" });
    el.append(box);
  }
  patch(box, ...towers.map((p) => towerEl(view, p, L, i === 0 ? 24 : 20)));
}

/** Write field i's state on its node, where it differs: the glow of the fields in reach
 * (for everybody, in the move phase), live (the actor may move there), landed, its title. */
const painted = new WeakMap(); // field node -> the state last written on it

export function paintField(el, view, i, L, { annotate = false } = {}) {
  const b = boardOf(view);
  const id = b.fields[i];
  const reach = isReachable(view, i);
  const shown = (b.reachable || []).includes(i) && view.phase === "move";
  const landed = b.landed === i;
  // a field whose state is as written is not touched (a new language rebuilds the field)
  const state = `${id}|${reach}|${shown}|${landed}|${annotate}`;
  if (painted.get(el) === state && el.hasAttribute("title")) return;
  painted.set(el, state);
  cls(el, "l8b-reach", shown);
  cls(el, "l8b-live", reach);
  cls(el, "l8b-landed", landed);
  attr(el, "data-reachable", shown ? "1" : "0");
  attr(el, "data-landed", landed ? "1" : "0");
  prop(el, "disabled", !(reach || annotate));
  const title = `${i === 0 ? L("startField") : L("fieldTitle", { n: i, action: L(`a_${id}`) })} — ${L(`ad_${id}`)}${reach ? ` (${L("reachable")})` : ""}`;
  attr(el, "title", title);
  attr(el, "aria-label", title);
}

/** Everything trackEl shows. */
export function trackKey(view, lang, cell) {
  return JSON.stringify([lang, cell, view.levels, view.levelCounts, view.names]);
}

/** The level track: 1 … last, then the laurel; one marker per player. */
export function trackEl(view, L, cell) {
  const last = Math.max(...(view.levelCounts && view.levelCounts.length ? view.levelCounts : [8]));
  const cells = trackCells(view.levels, last);
  const el = h("div", { class: "l8b-track", "data-level-track": "", style: `grid-area: ${gridArea(cell)}`, role: "group", "aria-label": L("levelTrack") });
  cells.forEach((players, k) => {
    const n = k + 1;
    const win = n === last + 1;
    const c = h("div", { class: `l8b-lvl${win ? " l8b-win" : ""}`, "data-level-cell": String(n), title: win ? L("laurel") : L("level", { n }) });
    c.append(win ? laurel(26) : h("b", { class: "l8b-lvlnum" }, String(n)));
    const marks = h("span", { class: "l8b-marks" });
    for (const p of players) {
      const m = h("span", { class: "l8b-marker", "data-marker": String(p), title: L("onLevel", { name: nameOf(view, p), n: view.levels[p] }) }, playerIcon(p, 16));
      marks.append(m);
    }
    c.append(marks);
    el.append(c);
  });
  return el;
}

// Keys of the centre's parts: everything a part shows, so that a view that leaves it as it was
// builds nothing (the board redraws them with common/dom.js keyed()).

/** Everything drawPileEl shows. */
export const drawPileKey = (view, lang) => D.drawPileKey({ ...view, phase: canTakeFrom(view, "pile") ? "draw" : "-" }, lang);

/** Everything jokerPileEl shows. */
export const jokerPileKey = (view, lang) => JSON.stringify([lang, boardOf(view).jokers ?? 0]);

/** Everything stepsDesc shows. */
export const stepsKey = (view, lang) => JSON.stringify([lang, view.phase]);

/** Everything pendingDesc shows. */
export function pendingKey(view, lang) {
  const b = boardOf(view);
  return JSON.stringify([lang, view.phase, b.pending || null, b.turn ?? null, view.cur, view.names]);
}

/** The dice as a description (common/dom.js): a new roll is written into the same nodes. */
export function diceDesc(view, L) {
  const b = boardOf(view);
  const face = (v) => dieFaceDesc(v, 46);
  const attrs = { class: "l8b-dice", "data-dice": b.dice ? b.dice.join(",") : "", role: "group", "aria-label": L("dice") };
  if (!b.dice) return ["div", attrs, ["span", { class: "l8b-die l8b-nodie" }, face(0)], ["span", { class: "l8b-die l8b-nodie" }, face(0)]];
  attrs.title = L("diceRolled", { a: b.dice[0], b: b.dice[1] });
  return ["div", attrs, ...b.dice.map((v, k) => ["span", { class: "l8b-die", "data-die": String(k), "data-value": String(v), title: String(v) }, face(v)])];
}

/** The draw pile (a button when the actor may take from it). */
export function drawPileEl(view, L) {
  const live = canTakeFrom(view, "pile");
  return D.drawPileEl({ ...view, phase: live ? "draw" : "-" }, L);
}

/** The jokers in the middle, with their count. */
export function jokerPileEl(view, L) {
  const n = boardOf(view).jokers ?? 0;
  const face = cardEl(90, L, { tag: "span" });
  face.removeAttribute("data-card"); // a picture of a joker, not a card of the game
  face.removeAttribute("aria-label");
  const el = h("div", { class: `l8b-jokerpile${n ? "" : " l8b-empty"}`, "data-joker-pile": "", "data-count": String(n), title: L("jokersLeft", { n }) }, face);
  el.append(h("span", { class: "l8b-jcount" }, `×${n}`), h("span", { class: "l8-pilelabel" }, L("jokerPile")));
  return el;
}

/** The steps as a description (common/dom.js): a changed step is written in place. */
export function stepsDesc(view, L) {
  const attrs = { class: "l8-steps", "data-step": view.phase };
  const board = ["roll", "move", "take", "swap", "ask", "give", "show", "steal", "choose"].includes(view.phase);
  if (!board && view.phase !== "play") return ["div", attrs];
  const chip = (key, i) => ["span", { class: `l8-stepchip${(board ? i === 0 : i > 0) ? " l8-on" : ""}` }, L(key)];
  return ["div", attrs, ...["b_s1", "b_s2", "b_s3"].map(chip)];
}

/** The action in progress as a description (common/dom.js): written in place when it changes. */
export function pendingDesc(view, L) {
  const b = boardOf(view);
  const p = b.pending || {};
  const attrs = { class: "l8b-pending", "data-pending": p.action || "" };
  if (view.phase === "over" || view.phase === "round_over" || view.phase === "keep") return ["div", attrs];
  const turn = b.turn != null ? b.turn : view.cur;
  const out = ["div", attrs, playerIconDesc(turn, 18), ["span", { class: "l8b-turnname" }, L("turnOf", { name: nameOf(view, turn) })]];
  if (p.action) out.push(["span", { class: "l8b-chip l8b-doing", "data-doing": p.action }, { key: `action/${p.action}/20`, make: () => actionIcon(p.action, 20) }, L(`a_${p.action}`)]);
  if (p.takes && view.phase === "take") out.push(["span", { class: "l8b-chip" }, L("takesLeft", { n: p.takes })]);
  if (p.ask) {
    const who = nameOf(view, turn);
    const text = p.ask.colour != null ? L("asked_colour", { name: who, colour: L(`c${p.ask.colour}`) }) : L("asked_number", { name: who, n: p.ask.number });
    out.push(["span", { class: "l8b-chip", "data-asked": p.ask.colour != null ? `c${p.ask.colour}` : String(p.ask.number) }, text]);
  }
  if (p.extra) out.push(["span", { class: "l8b-chip l8b-extra", "data-extra": String(p.extra) }, p.extra > 1 ? L("extraTurns", { n: p.extra }) : L("extraTurn")]);
  return out;
}

/** The help line: what the person who acts does now, or whom we wait for. */
export function helpText(view, L, selected) {
  if (!canAct(view) || ["play", "keep", "round_over", "over"].includes(view.phase)) return D.helpText(view, L, selected);
  const b = boardOf(view);
  const turn = b.turn != null ? b.turn : view.cur;
  return L(helpKey(view), { n: (b.pending && b.pending.takes) || 1, name: nameOf(view, turn) });
}

// ------------------------------------------------------------------------------ dialogs

function dialog(kind, title, ...children) {
  return h("section", { class: `l8b-dialog l8b-d-${kind}`, role: "dialog", "aria-label": title, "data-dialog": kind }, h("h3", {}, title), ...children);
}

/** Roll: one big button. */
function rollDialog(view, L) {
  return dialog("roll", L("noDice"), h("div", { class: "l8-actions" }, btn("roll", [diceGlyph(), ` ${L("roll")}`], { primary: true, title: "r", cls: "l8b-big" })));
}

function diceGlyph() {
  const s = h("span", { class: "l8b-inline" });
  s.append(dieFace(5, 20));
  return s;
}

/** Move: a button per reachable field (the fields themselves glow and are clickable too). */
function moveDialog(view, L) {
  const b = boardOf(view);
  const row = h("div", { class: "l8-actions" });
  (choicesOf(view).move || []).forEach((f, k) => {
    const id = b.fields[f];
    row.append(btn("move", [actionIcon(id, 22), ` ${L("moveTo", { n: f, action: L(`a_${id}`) })}`], { primary: true, title: String(k + 1), attrs: { "data-move": String(f) } }));
  });
  return dialog("move", L("step_move"), row);
}

/** Take: the piles one may take from, as buttons (the piles on the table are clickable too). */
function takeDialog(view, L) {
  const row = h("div", { class: "l8-actions" });
  for (const s of choicesOf(view).take || []) {
    if (s === "pile") row.append(btn("take", `⤓ ${L("takePile")}`, { primary: true, title: "d", attrs: { "data-take": "pile" } }));
    else {
      const top = view.discards && view.discards[s] ? view.discards[s][0] : null;
      const b = btn("take", [playerIcon(s, 16), ` ${L("takeDiscard", { name: nameOf(view, s) })}`], { attrs: { "data-take": String(s) } });
      if (top != null) b.append(" ", cardEl(top, L, { tag: "span", cls: "l8b-mini" }));
      row.append(b);
    }
  }
  const p = boardOf(view).pending || {};
  return dialog("take", p.action ? `${L(`a_${p.action}`)}: ${L("step_take")}` : L("step_take"), row);
}

/** Ask: a number (1–15) or a colour, and a direction. */
function askDialog(view, L, ask) {
  const spec = choicesOf(view).ask || {};
  const a = ask || { number: null, colour: null, direction: "left" };
  const nums = h("div", { class: "l8b-choices l8b-nums", role: "group", "aria-label": L("askNumber") }, h("span", { class: "l8b-clabel" }, L("askNumber")));
  for (let n = 1; n <= 15; n++) {
    const ok = (spec.numbers || []).includes(n);
    nums.append(h("button", { type: "button", class: `lw-btn lw-ghost l8b-num${a.number === n ? " lw-on" : ""}`, "data-ask-number": String(n), "aria-pressed": a.number === n ? "true" : "false", disabled: !ok }, String(n)));
  }
  const cols = h("div", { class: "l8b-choices", role: "group", "aria-label": L("askColour") }, h("span", { class: "l8b-clabel" }, L("askColour")));
  for (let c = 0; c < 6; c++) {
    const ok = (spec.colours || []).includes(c);
    cols.append(h("button", { type: "button", class: `lw-btn lw-ghost l8b-col${a.colour === c ? " lw-on" : ""}`, "data-ask-colour": String(c), "aria-pressed": a.colour === c ? "true" : "false", disabled: !ok, title: L(`c${c}`) }, colourMark(c), ` ${L(`c${c}`)}`));
  }
  const dirs = h("div", { class: "l8b-choices", role: "group", "aria-label": L("askDirection") }, h("span", { class: "l8b-clabel" }, L("askDirection")));
  for (const d of ["left", "right"]) {
    const ok = (spec.directions || ["left", "right"]).includes(d);
    dirs.append(h("button", { type: "button", class: `lw-btn lw-ghost${a.direction === d ? " lw-on" : ""}`, "data-ask-dir": d, "aria-pressed": a.direction === d ? "true" : "false", disabled: !ok }, L(d === "left" ? "dirLeft" : "dirRight")));
  }
  const go = btn("confirmAsk", L("ask"), { primary: true, disabled: !askReady(view, a), title: "Enter" });
  return dialog("ask", L("askTitle"), nums, cols, dirs, h("div", { class: "l8-actions" }, go));
}

/** Swap / show / give: pick cards of the hand (only the ones Python allows). */
function pickDialog(view, L, selected, sort) {
  const kind = view.phase;
  const turnName = nameOf(view, boardOf(view).turn);
  const title = kind === "swap" ? L("swapTitle") : kind === "show" ? L("showTitle", { name: turnName }) : L("giveTitle", { name: turnName });
  const allowed = pickable(view);
  const hand = handCards(view) || [];
  const sel = new Set(selected);
  const cards = h("div", { class: "l8b-pickcards" });
  for (const c of sortHand(allowed || hand, sort)) {
    cards.append(cardEl(c, L, { tag: "button", cls: sel.has(c) ? "l8-sel" : "", attrs: { "data-pick": String(c), "data-selected": sel.has(c) ? "1" : "0", "aria-pressed": sel.has(c) ? "true" : "false" } }));
  }
  const n = selected.length;
  const label = kind === "swap" ? L("swapN", { n }) : kind === "show" ? L("showN", { n }) : L("give");
  const row = h("div", { class: "l8-actions" }, btn("confirmPick", label, { primary: true, disabled: !pickReady(view, selected), title: "Enter" }));
  if (n) row.append(btn("clear", L("clear"), { title: "Esc" }));
  const p = boardOf(view).pending || {};
  const extra = [];
  if (kind === "give" && p.ask) {
    extra.push(h("p", { class: "l8-muted" }, p.ask.colour != null ? L("asked_colour", { name: turnName, colour: L(`c${p.ask.colour}`) }) : L("asked_number", { name: turnName, n: p.ask.number })));
  }
  return dialog(kind, title, ...extra, cards, row);
}

/** Steal: the cards every other player shows, one to take. */
function stealDialog(view, L) {
  const p = boardOf(view).pending || {};
  const allowed = new Set((choicesOf(view).steal || []).map(([c]) => c));
  const box = h("div", { class: "l8b-shown" });
  for (const [owner, cards] of p.shown || []) {
    const row = h("div", { class: "l8b-shownrow", "data-shown": String(owner) }, playerIcon(owner, 18), h("span", { class: "l8-name" }, cards.length ? L("shownBy", { name: nameOf(view, owner) }) : L("shownNone", { name: nameOf(view, owner) })));
    for (const c of cards) {
      row.append(cardEl(c, L, { tag: "button", cls: allowed.has(c) ? "l8-live" : "", attrs: { "data-steal": String(c), "data-owner": String(owner), disabled: allowed.has(c) ? null : "" } }));
    }
    box.append(row);
  }
  return dialog("steal", L("stealTitle"), box);
}

/** Choose: every action, with the field the tower would go to (or why it cannot). */
function chooseDialog(view, L) {
  const options = new Map((choicesOf(view).choose || []).map(([a, f]) => [a, f]));
  const grid = h("div", { class: "l8b-choosegrid" });
  for (const a of ACTIONS) {
    const f = options.get(a);
    const ok = options.has(a);
    grid.append(
      h(
        "button",
        { type: "button", class: `lw-btn l8b-choose${ok ? "" : " l8b-off"}`, "data-choose": a, disabled: !ok, title: L(`ad_${a}`) },
        actionIcon(a, 30),
        h("b", {}, L(`a_${a}`)),
        h("small", {}, ok && f != null ? L("chooseField", { n: f }) : ok ? "" : L("chooseFull")),
      ),
    );
  }
  return dialog("choose", L("chooseTitle"), grid);
}

/** The dialog of the board action the actor must take now, or null. */
export function boardDialogEl(view, L, ui) {
  if (!canAct(view)) return null;
  const ch = choicesOf(view);
  switch (view.phase) {
    case "roll":
      return rollDialog(view, L);
    case "move":
      return ch.move ? moveDialog(view, L) : null;
    case "take":
      return ch.take ? takeDialog(view, L) : null;
    case "ask":
      return ch.ask ? askDialog(view, L, ui.ask) : null;
    case "swap":
    case "show":
    case "give":
      return pickDialog(view, L, ui.selected, ui.sort);
    case "steal":
      return ch.steal ? stealDialog(view, L) : null;
    case "choose":
      return ch.choose ? chooseDialog(view, L) : null;
    default:
      return null;
  }
}

/** The whole circuit: fields around the level track and the centre (`centre` is placed in). */
export function ringEl(view, L, centre, { annotate = false, wide = false } = {}) {
  const { shell, parts } = ringParts(view, L, centre, { annotate, wide });
  shell.append(...parts, centre);
  return shell;
}

/** The ring's grid: its attributes (written on the ring's node where they differ). */
function ringAttrs(n, layout) {
  return { class: "l8b-ring", "data-board": String(n), style: `grid-template-columns: repeat(${layout.cols}, minmax(0, 1fr)); grid-template-rows: repeat(${layout.rows}, auto)` };
}

/**
 * Draw the circuit into `ring` (its node on screen, kept across views): a field or the level
 * track whose key is unchanged keeps its node untouched (not built, not compared); a changed one
 * is built and patched into its node; the glow of the fields in reach is written in place; the
 * centre (`centre`, the caller's) stays in its grid cell. opts: {annotate, wide, lang}.
 */
const ringGrids = new WeakMap(); // ring node -> the grid last written on it

const ringShown = new WeakMap(); // ring node -> the key of everything drawn into it

/** Everything the circuit shows (its fields, towers, glow, titles and level track): a view
 * that leaves all of it as it was touches nothing in the ring. */
function ringKey(view, { annotate, wide, lang }) {
  const b = boardOf(view);
  const glow = view.phase === "move" ? b.reachable || [] : null; // paintField's inputs
  return JSON.stringify([lang, annotate, wide, b.fields, b.towers, b.turn, b.landed, glow, choicesOf(view).move || null, view.names, view.levels, view.levelCounts]);
}

export function drawRing(ring, view, L, centre, { annotate = false, wide = false, lang = "" } = {}) {
  const key = ringKey(view, { annotate, wide, lang });
  if (ringShown.get(ring) === key && ring.lastElementChild === centre) return ring;
  ringShown.set(ring, key);
  const b = boardOf(view);
  const fields = b.fields || [];
  const layout = ringLayout(fields.length, { wide });
  // written when the grid changes only (the browser rewrites a style attribute it parses)
  const grid = `${fields.length}|${layout.cols}|${layout.rows}`;
  if (ringGrids.get(ring) !== grid) {
    for (const [name, value] of Object.entries(ringAttrs(fields.length, layout))) attr(ring, name, value);
    ringGrids.set(ring, grid);
  }
  const towers = towersByField(b.towers, fields.length);
  const items = fields.map((_id, i) => {
    const opts = { cell: layout.cells[i], layout, towers: towers[i], annotate, lang };
    return [`f${i}`, fieldKey(view, i, lang, opts), () => fieldEl(view, i, L, opts)];
  });
  items.push(["track", trackKey(view, lang, layout.track), () => trackEl(view, L, layout.track)], ["centre", "", () => centre]);
  keyed(ring, items);
  // a field kept as it was: its towers and its glow are written where they changed
  fields.forEach((_id, i) => {
    const node = ring.children[i];
    drawTowers(node, view, i, L, towers[i], lang);
    paintField(node, view, i, L, { annotate });
  });
  const area = gridArea(layout.centre);
  if (centre.style.gridArea !== area) centre.style.gridArea = area;
  return ring;
}

/**
 * The ring's element without children (shell) and its fields and level track (parts), the
 * centre placed in its grid cell. reuse(key, build) may answer a part whose key is unchanged
 * with its node on screen instead of a fresh one (level8board.js drawRing).
 */
export function ringParts(view, L, centre, { annotate = false, wide = false, lang = "", reuse = null } = {}) {
  const b = boardOf(view);
  const fields = b.fields || [];
  const layout = ringLayout(fields.length, { wide });
  const shell = h("div", ringAttrs(fields.length, layout));
  const towers = towersByField(b.towers, fields.length);
  const part = (key, build) => (reuse ? reuse(key, build) : build());
  const parts = fields.map((_id, i) => {
    const opts = { cell: layout.cells[i], layout, towers: towers[i], annotate, lang };
    const node = part(`f${i}:${fieldKey(view, i, lang, opts)}`, () => fieldEl(view, i, L, opts));
    drawTowers(node, view, i, L, towers[i], lang); // a field kept as it was: its towers, its glow
    paintField(node, view, i, L, { annotate });
    return node;
  });
  parts.push(part(`t:${trackKey(view, lang, layout.track)}`, () => trackEl(view, L, layout.track)));
  const area = gridArea(layout.centre);
  if (centre.style.gridArea !== area) centre.style.gridArea = area;
  return { shell, parts };
}
