// DOM builders for the Level 8 table: each takes the view (and the local UI state) and returns
// fresh elements, or (…Desc) a description of them that common/dom.js writes into the nodes
// on screen. Text only (names are user text); no layout is read here.
// Stable attributes for tests: see the list at the top of ../level8.js.

import { attr, cls, h, keyed, morphAttrs, playerIcon, playerIconDesc } from "../common/dom.js";
import { errorText } from "../common/i18n.js";
import { isSkip, sortHand } from "./cards.js";
import { backEl, cardEl, colourMark } from "./faces.js";
import * as P from "./proposal.js";
import { layoutOptions, meaningOptions, currentLayout, displayOrder } from "./proposal.js";
import { canAct, fitKeys, handCards, handSeat } from "./selection.js";
import { errorParams, t } from "./i18n.js";
import { hintText, jokerMeaning, meldTitle, reqText, stepIndex, stepKey } from "./text.js";

const STARS = { one: "★", two: "★★" };

/** Level label: "Level 3", or "all levels done" past the last one. */
function levelLabel(L, view, p) {
  const n = view.levels[p];
  const m = view.levelCounts ? view.levelCounts[p] : null;
  if (m != null && n > m) return L("done");
  return L("level", { n });
}

function nameOf(view, p) {
  return view.names[p] != null ? String(view.names[p]) : "?";
}

// Keys of the header's parts: everything a part shows, so that a view that leaves it as it was
// builds nothing (common/dom.js patchIfChanged, drawDescribed).

/** Everything statusDesc shows. */
export const statusKey = (view, lang) =>
  JSON.stringify([lang, view.phase, view.winners, view.names, view.cur, view.bots && view.bots[view.cur], canAct(view), view.viewer, stepKey(view), view.round]);

/** Everything roundEl shows. */
export const roundKey = (view, lang) => JSON.stringify([lang, view.round, view.dealer, nameOf(view, view.dealer)]);

/** Everything drawPileEl shows. */
export const drawPileKey = (view, lang) => JSON.stringify([lang, view.drawCount, view.underCount, canAct(view) && view.phase === "draw"]);

/** Everything stepsDesc shows. */
export const stepsKey = (view, lang) => JSON.stringify([lang, view.phase]);

/** The status line as a description (common/dom.js): a changed line is written in place. */
export function statusDesc(view, L) {
  const attrs = { class: "l8-status", "data-status": "", "data-whose": view.phase === "over" ? "" : String(view.cur) };
  if (view.phase === "over") {
    const names = view.winners.map((w) => nameOf(view, w)).join(` ${L("and")} `);
    return ["div", attrs, ["span", { class: "l8-win" }, `★ ${L(view.winners.length > 1 ? "winPlural" : "wins", { names })}`]];
  }
  const name = nameOf(view, view.cur);
  const step = L(stepKey(view));
  let text;
  if (view.phase === "round_over") text = L("roundOverStatus", { n: view.round, name });
  else if (view.bots && view.bots[view.cur]) text = L("botPlaying", { name });
  else if (canAct(view) && view.viewer === view.cur) text = L("yourTurn", { step }); // a teacher is not "you"
  else text = L("whose", { name, step });
  return ["div", attrs, playerIconDesc(view.cur, 20), ["span", { class: "l8-whose" }, text]];
}

/** Round and dealer. */
export function roundEl(view, L) {
  return h(
    "div",
    { class: "l8-roundinfo" },
    h("span", { class: "l8-chip", "data-round": String(view.round) }, L("round", { n: view.round })),
    h("span", { class: "l8-chip l8-dealer", "data-dealer": String(view.dealer) }, L("dealer", { name: nameOf(view, view.dealer) })),
  );
}

/** The steps as a description (common/dom.js): a changed step is written in place. */
export function stepsDesc(view, L) {
  const active = stepIndex(view);
  const attrs = { class: "l8-steps", "data-step": view.phase };
  if (!active && view.phase !== "skipped") return ["div", attrs]; // keep, round over, game over: no turn steps
  // lay down/add on and discard happen in the same phase: both are lit while playing
  const chip = (key, i) => ["span", { class: `l8-stepchip${active === i + 1 || (active === 2 && i === 2) ? " l8-on" : ""}` }, L(key)];
  return ["div", attrs, ...["s1", "s2", "s3"].map(chip)];
}

/** The instruction under the steps (for the person who acts), or who we wait for. */
export function helpText(view, L, selected) {
  if (view.review && view.review.readOnly) return L("rvReadOnlyHint"); // a record handed out
  if (view.future && view.future.length) return L("browsing"); // an earlier position: redo or play on
  if (view.phase === "over") return "";
  if (view.handoff != null) return L("handoffBody", { name: nameOf(view, view.handoff) });
  if (!canAct(view)) {
    if (view.bots && view.bots[view.cur]) return L("botPlaying", { name: nameOf(view, view.cur) });
    return view.actor == null && typeof view.viewer !== "number" ? L("watching") : L("waitFor", { name: nameOf(view, view.cur) });
  }
  switch (view.phase) {
    case "draw":
      return L("drawHint");
    case "play":
      if (selected.length === 1 && isSkip(selected[0])) return L("skipHint");
      return view.laid[view.cur] ? L("playHintLaid") : L("playHint");
    case "keep":
      return L("keepHint", { max: (view.legal && view.legal.keepMax) ?? 4 });
    default:
      return "";
  }
}

/** The draw pile (a button when the actor may draw from it). */
export function drawPileEl(view, L) {
  const canDraw = canAct(view) && view.phase === "draw";
  const el = h(
    "button",
    { type: "button", class: `l8-drawpile${canDraw ? " l8-live" : ""}`, "data-draw-pile": "", "data-count": String(view.drawCount), disabled: !canDraw, title: `${L("drawPile")} (d)` },
    backEl(view.drawCount),
    h("span", { class: "l8-pilelabel" }, L("drawPile")),
  );
  if (view.underCount) el.append(h("span", { class: "l8-under", "data-under": String(view.underCount) }, L("under", { n: view.underCount })));
  return el;
}

/** A player's discard pile: its top card and how many cards it holds; click to draw from it. */
function discardEl(view, p, L) {
  const [top, count] = view.discards[p] || [null, 0];
  const el = h("button", {
    type: "button",
    class: "l8-discard",
    "data-discard": String(p),
    "data-count": String(count),
    title: L("discardPile", { name: nameOf(view, p) }),
  });
  el.append(top == null ? h("span", { class: "l8-card l8-empty" }) : cardEl(top, L, { tag: "span" }));
  el.append(h("span", { class: "l8-badge" }, `×${count}`));
  return el;
}

/** One laid combination (clickable: adds the selected card to it). */
function meldEl(meld, owner, i, L) {
  const el = h("button", {
    type: "button",
    class: `l8-meld l8-k-${meld.kind}`,
    "data-meld": `${owner}-${i}`,
    "data-kind": meld.kind,
  });
  const title = h("span", { class: "l8-mtitle" }, meldTitle(L, meld, i));
  if (meld.kind === "colour") title.append(" ", colourMark(meld.value));
  const cards = h("span", { class: "l8-mcards" });
  for (const c of meld.cards) cards.append(cardEl(c, L, { tag: "span", meaning: jokerMeaning(meld, c) }));
  el.append(title, cards);
  return el;
}

/** A row of small face-up cards (teacher view of another hand). */
function miniHand(cards, L, p) {
  const el = h("div", { class: "l8-minihand", "data-hand": String(p) });
  for (const c of sortHand(cards, "number")) el.append(cardEl(c, L, { tag: "span" }));
  return el;
}

/** The classes of a seat's row (turn, winner, mine, open hand). */
function seatClass(view, p) {
  const main = handSeat(view);
  const classes = ["l8-seat", `lw-p${p}`];
  if (view.phase !== "over" && view.cur === p) classes.push("l8-cur");
  if (view.winners.includes(p)) classes.push("l8-winner");
  if (main === p) classes.push("l8-me");
  if (view.hands && view.hands[p] && p !== main) classes.push("l8-open"); // the teacher sees this hand
  return classes.join(" ");
}

/** The row of a seat without its parts. */
const seatShell = (view, p) => h("div", { class: seatClass(view, p), "data-player": String(p) });

/** Everything the "who" block of a seat shows (name, tags, level, requirement, laid, kept). */
function whoKey(view, p, lang) {
  const main = handSeat(view);
  return JSON.stringify([
    lang,
    view.names[p],
    view.bots && view.bots[p],
    view.sides && view.sides[p],
    view.levels[p],
    view.levelCounts && view.levelCounts[p],
    view.req && view.req[p],
    view.laid[p],
    view.lastRound && view.lastRound[p],
    view.keptCounts && view.keptCounts[p],
    view.dealer === p,
    view.winners.includes(p),
    main === p && view.viewer === p,
  ]);
}

/** Name, tags, level, requirement and whether the seat laid down. */
function whoEl(view, p, L) {
  const main = handSeat(view);
  const side = view.sides ? view.sides[p] : null;
  const req = view.req ? view.req[p] : null;
  const nameLine = h(
    "div",
    { class: "l8-nameline" },
    playerIcon(p, 18),
    h("span", { class: "l8-name", title: nameOf(view, p) }, nameOf(view, p)),
  );
  if (main === p && view.viewer === p) nameLine.append(h("span", { class: "l8-tag l8-you" }, L("youTag")));
  if (view.bots && view.bots[p]) nameLine.append(h("span", { class: "l8-tag", title: `${L("bot")}: ${view.bots[p]}` }, L("bot")));
  if (view.dealer === p) nameLine.append(h("span", { class: "l8-tag l8-dtag", title: L("dealer", { name: nameOf(view, p) }) }, "D"));
  if (view.winners.includes(p)) nameLine.append(h("span", { class: "l8-crown", title: L("winner") }, "★"));

  const levelLine = h(
    "div",
    { class: "l8-levelline" },
    side ? h("span", { class: "l8-side", "data-side": side, title: L(`side_${side}`) }, STARS[side] || side) : "",
    h("b", { class: "l8-level", "data-level": String(view.levels[p]) }, levelLabel(L, view, p)),
  );
  // Between rounds the level is the new one and Python sends the round just played apart
  // (view.lastRound): its result gets a line of its own, never "✓ laid down" beside the new
  // level's requirement
  const last = view.lastRound ? view.lastRound[p] : null;
  const stateLine = h("div", { class: "l8-stateline" }, h("span", { class: "l8-req" }, req ? reqText(L, req) : ""));
  if (!last) stateLine.append(h("span", { class: `l8-laid${view.laid[p] ? " l8-yes" : ""}`, "data-laid": view.laid[p] ? "1" : "0" }, view.laid[p] ? `✓ ${L("laid")}` : L("notLaid")));
  if (view.keptCounts && view.keptCounts[p]) stateLine.append(h("span", { class: "l8-kept" }, L("kept", { n: view.keptCounts[p] })));
  const who = h("div", { class: "l8-who" }, nameLine, levelLine, stateLine);
  if (last) {
    const key = last.out ? "lastOut" : last.laid ? "lastLaid" : "lastNotLaid";
    const mark = last.out ? "⇥" : last.laid ? "✓" : "✗";
    who.append(
      h(
        "div",
        { class: `l8-lastround${last.laid ? " l8-yes" : ""}`, "data-last-round": last.out ? "out" : last.laid ? "laid" : "not", "data-last-level": String(last.level) },
        `${L("lastRoundTag")}: ${mark} ${L(key, { n: last.level })}`,
      ),
    );
  }
  return who;
}

/** Everything the hand cell of a seat shows (its count, a teacher's open hand, a skip card). */
function handCellKey(view, p, lang) {
  const main = handSeat(view);
  return JSON.stringify([lang, view.names[p], view.handCounts[p], view.hands && p !== main ? view.hands[p] : null, main === p, view.skips ? view.skips[p] : null]);
}

/** A seat's hand: face down with its count (face up in the teacher view), skip card in front. */
function handCellEl(view, p, L) {
  const main = handSeat(view);
  const count = view.handCounts[p];
  const handCell = h("div", { class: "l8-handcell", "data-hand-count": String(p), "data-count": String(count) });
  if (view.hands && view.hands[p] && p !== main) handCell.append(miniHand(view.hands[p], L, p));
  else if (main === p) handCell.append(h("span", { class: "l8-mycount" }, count === 1 ? L("card1") : L("cards", { n: count })));
  else {
    const fan = h("div", { class: "l8-fan", title: count === 1 ? L("card1") : L("cards", { n: count }) });
    for (let k = 0; k < Math.min(count, 3); k++) fan.append(backEl(k === Math.min(count, 3) - 1 ? count : null));
    if (!count) fan.append(h("span", { class: "l8-card l8-empty" }));
    handCell.append(fan);
  }
  const skip = view.skips ? view.skips[p] : null;
  if (skip != null) {
    handCell.append(
      h("div", { class: "l8-skipslot", "data-skip": String(p), title: L("skipFront", { name: nameOf(view, p) }) }, cardEl(skip, L, { tag: "span" })),
    );
  }
  return handCell;
}

/**
 * Whether seat p's discard pile may be clicked now: {live (one may draw from it), disabled,
 * takeable}. opts.pile(state, p) -> state: the caller's change (the board game: only the piles
 * Python lists as sources to take from). Written in place each view (not part of a part's key).
 */
function pileState(view, p, { annotate = false, pile = null } = {}) {
  const top = (view.discards[p] || [null, 0])[0];
  const live = canAct(view) && view.phase === "draw" && top != null;
  const state = { live, disabled: !live && !(annotate && top != null), takeable: false };
  return pile ? pile(state, p) : state;
}

/** Write a pile's state (pileState) on its node, where it differs. */
function paintPile(node, state) {
  if (node.disabled !== state.disabled) node.disabled = state.disabled;
  if (node.classList.contains("l8-live") !== state.live) node.classList.toggle("l8-live", state.live);
  if (node.classList.contains("l8b-takeable") !== state.takeable) node.classList.toggle("l8b-takeable", state.takeable);
}

/** Whether the laid combinations take a card now (play phase, or annotate mode). */
const meldsClickable = (view, annotate) => (canAct(view) && view.phase === "play") || annotate;

/**
 * The parts of seat p's row, as common/dom.js keyed() items: [slot, key, build]. Each part is
 * built only when its key (what it shows) changed; whether a pile or a combination may be
 * clicked is written in place (drawSeat), so a turn's phases do not rebuild them.
 */
function seatParts(view, p, L, { lang = "" } = {}) {
  const pileKey = JSON.stringify([lang, view.names[p], view.discards[p]]);
  return [
    ["who", whoKey(view, p, lang), () => whoEl(view, p, L)],
    ["hand", handCellKey(view, p, lang), () => handCellEl(view, p, L)],
    ["discard", pileKey, () => discardEl(view, p, L)],
    ["melds", "", () => h("div", { class: "l8-melds", "data-melds": String(p) })],
  ];
}

/** Seat p's laid combinations as keyed() items (one per combination, or "none yet"). */
function meldParts(view, p, L, { lang = "" } = {}) {
  const melds = view.melds[p] || [];
  if (!melds.length) return [["none", lang, () => h("span", { class: "l8-nomelds" }, L("noMelds"))]];
  return melds.map((m, i) => [`${p}-${i}`, JSON.stringify([lang, m]), () => meldEl(m, p, i, L)]);
}

/** Write what may be clicked in a seat's row: its pile and its laid combinations. */
function paintSeat(row, view, p, opts) {
  const pile = row.children[2];
  paintPile(pile, pileState(view, p, opts));
  const off = !meldsClickable(view, Boolean(opts.annotate));
  for (const meld of row.children[3].children) if (meld.disabled !== undefined && meld.disabled !== off) meld.disabled = off;
}

/** One player's side of the table. annotate: annotate mode (piles and combinations stay
 * clickable, to be highlighted). */
export function seatEl(view, p, L, opts = {}) {
  const row = seatShell(view, p);
  for (const [, , build] of seatParts(view, p, L, opts)) row.append(build());
  const melds = row.lastChild;
  for (const [, , build] of meldParts(view, p, L, opts)) melds.append(build());
  paintSeat(row, view, p, opts);
  return row;
}

/**
 * Draw seat p into `row` (its node on screen, or null for a new one) and return the row: the
 * row's classes are written where they differ, and each part (who, hand, pile, each laid
 * combination) is rebuilt only when what it shows changed; unchanged parts keep their nodes
 * untouched (no building, no comparing, no restyling). opts: {annotate, lang, pile} (pile:
 * see pileState).
 */
export function drawSeat(row, view, p, L, opts = {}) {
  if (!row) row = seatShell(view, p);
  else {
    attr(row, "class", seatClass(view, p));
    attr(row, "data-player", String(p));
  }
  keyed(row, seatParts(view, p, L, opts));
  keyed(row.lastChild, meldParts(view, p, L, opts));
  paintSeat(row, view, p, opts);
  return row;
}

/** The hand's box (its cards go in by handCardParts). */
function handShell(view, L) {
  const seat = handSeat(view);
  return h("div", { class: "l8-hand", "data-hand": seat == null ? "" : String(seat), role: "group", "aria-label": L("yourHand") });
}

/** What each card of the hand shows beside its face, in the chosen order: [id, state]
 * (selected, just drawn, in the hint's plan, dimmed: not one the step may pick). */
function handStates(view, ui, dim) {
  const cards = handCards(view) || [];
  const planned = new Set(view.hint && view.hint.plan ? view.hint.plan.flat() : []);
  const selected = new Set(ui.selected);
  return sortHand(cards, ui.sort).map((c) => [c, { sel: selected.has(c), fresh: Boolean(ui.fresh && ui.fresh.has(c)), plan: planned.has(c), dim: Boolean(dim && !dim.includes(c)) }]);
}

/** Write a hand card's state on its node, where it differs (no rebuild for a selection). */
function paintCard(node, { sel, fresh, plan, dim }, L) {
  cls(node, "l8-sel", sel);
  cls(node, "l8-fresh", fresh);
  cls(node, "l8-plan", plan);
  cls(node, "l8b-dim", dim);
  attr(node, "data-selected", sel ? "1" : "0");
  attr(node, "aria-pressed", sel ? "true" : "false");
  attr(node, "data-fresh", fresh ? L("freshTag") : null); // the badge's word (CSS shows it)
}

/** The viewer's hand: sortable, selectable cards (buttons). opts.dim: the cards one may pick. */
export function handEl(view, L, ui, { dim = null } = {}) {
  const el = handShell(view, L);
  for (const [c, state] of handStates(view, ui, dim)) {
    const node = cardEl(c, L, { tag: "button" });
    paintCard(node, state, L);
    el.append(node);
  }
  return el;
}

/**
 * Draw the viewer's hand into `box` (the .l8-hand kept across views): cards are keyed by id and
 * built once (a card drawn is inserted, one played removed, a re-sort moves nodes); a
 * selection, a fresh mark or a dimmed card is written in place, where it differs.
 * opts: {lang, dim}.
 */
export function drawHand(box, view, L, ui, { lang = "", dim = null } = {}) {
  const shell = handShell(view, L);
  let el = box.firstElementChild;
  if (!el || box.childNodes.length !== 1 || !el.classList.contains("l8-hand")) {
    box.replaceChildren(shell);
    el = shell;
  } else morphAttrs(el, shell);
  const states = handStates(view, ui, dim);
  keyed(
    el,
    states.map(([c]) => [c, lang, () => cardEl(c, L, { tag: "button" })]),
  );
  states.forEach(([, state], i) => paintCard(el.children[i], state, L));
  return el;
}

function btn(action, label, opts = {}) {
  return h(
    "button",
    { type: "button", class: `lw-btn ${opts.primary ? "lw-primary " : ""}l8-btn`, "data-action": action, disabled: Boolean(opts.disabled), title: opts.title, ...(opts.attrs || {}) },
    label,
  );
}

/** The action bar under the hand, for the current phase. */
export function actionsEl(view, L, ui) {
  const el = h("div", { class: "l8-actions" });
  // a round's end waits for a person (botsWait): they deal on for a bot dealer too
  if (view.botsWait && view.phase === "round_over" && view.actor != null && view.handoff == null) {
    el.append(btn("nextRound", L("nextRound"), { primary: true, title: "n" }));
    return el;
  }
  if (!canAct(view)) return el;
  const sel = ui.selected;
  const hand = handCards(view) || [];
  const legal = view.legal || {};
  if (ui.ask) {
    el.classList.add("l8-asking");
    el.append(h("span", { class: "l8-ask", "data-ask": `${ui.ask.owner}-${ui.ask.index}` }, L("askEnd", { lo: ui.ask.lo, hi: ui.ask.hi })));
    for (const n of ui.ask.meanings) el.append(btn("askNumber", L("asNumber", { n }), { primary: true, attrs: { "data-number": String(n) } }));
    el.append(btn("cancelAsk", L("cancel")));
    return el;
  }
  let reason = null; // why an action is off, under the buttons (Python's words)
  switch (view.phase) {
    case "draw":
      el.append(btn("drawPile", `⤓ ${L("drawPile")}`, { primary: true, disabled: !(legal.draw ? legal.draw.includes("pile") : view.drawCount > 0), title: "d" }));
      break;
    case "play": {
      // Lay down is offered only when Python says the hand makes the level (legal.canLay);
      // else it is off and says why (legal.layWhy) — the l key still asks, Python refuses
      const why = !legal.canLay && legal.layWhy ? errorText(t, ui.lang || "en", legal.layWhy, errorParams) : "";
      if (!view.laid[view.cur]) {
        el.append(btn("layDown", L("layDown"), { primary: Boolean(legal.canLay), disabled: !legal.canLay, title: why || "l", attrs: { "data-can-lay": String(Boolean(legal.canLay)) } }));
        if (why) reason = h("p", { class: "l8-why", "data-lay-why": "", role: "status" }, why);
      }
      el.append(btn("discard", L("discard"), { primary: Boolean(view.laid[view.cur]) || !legal.canLay, disabled: sel.length !== 1, title: "x" }));
      if (hand.some(isSkip)) {
        const targets = legal.skipTargets || view.names.map((_n, q) => q).filter((q) => q !== view.cur && !(view.skips && view.skips[q] != null));
        for (const q of targets) el.append(btn("skip", `⊘ ${L("skipOn", { name: nameOf(view, q) })}`, { attrs: { "data-skip-target": String(q) } }));
      }
      if (sel.length) el.append(btn("clear", L("clear"), { title: "Esc" }));
      break;
    }
    case "skipped":
      el.append(btn("skipTurn", L("takeSkip"), { primary: true }));
      break;
    case "keep":
      el.append(btn("keep", L("keepN", { n: sel.length }), { primary: true }));
      if (sel.length) el.append(btn("clear", L("clear"), { title: "Esc" }));
      break;
    case "round_over":
      el.append(btn("nextRound", L("nextRound"), { primary: true, title: "n" }));
      break;
    default:
      break;
  }
  if (reason) el.append(reason);
  return el;
}

/**
 * Mark the laid combinations ([data-meld] inside `box`) in place: .l8-fits on those the one
 * selected card fits (view.legal.addOn, which Python sends only in the play phase), .l8-asked
 * on the one the add-on question (`ask`, addon.js question()) is about. Classes change only
 * where they differ (cached seats stay untouched).
 */
export function markFits(box, view, selected, ask) {
  const fits = selected.length === 1 ? fitKeys(view, selected[0]) : new Set();
  const asked = ask ? `${ask.owner}-${ask.index}` : "";
  for (const node of box.querySelectorAll("[data-meld]")) {
    const on = fits.has(node.dataset.meld);
    if (node.classList.contains("l8-fits") !== on) node.classList.toggle("l8-fits", on);
    const isAsked = node.dataset.meld === asked;
    if (node.classList.contains("l8-asked") !== isAsked) node.classList.toggle("l8-asked", isAsked);
  }
}

/** Sort toggle for the hand (a display choice only). */
export function sortEl(L, sort) {
  const el = h("div", { class: "l8-sort", role: "group", "aria-label": L("sortBy") }, h("span", { class: "l8-sortlabel" }, `${L("sortBy")}:`));
  for (const [mode, label] of [["number", L("sortNumber")], ["colour", L("sortColour")]]) {
    el.append(h("button", { type: "button", class: `lw-btn lw-ghost${sort === mode ? " lw-on" : ""}`, "data-sort": mode, "aria-pressed": sort === mode ? "true" : "false" }, label));
  }
  return el;
}

/** The hint line (teacher view or hints on), or null. */
export function hintEl(view, L) {
  if (view.phase !== "draw" && view.phase !== "play") return null; // a hint is for the turn
  const text = hintText(L, view.hint);
  return text ? h("p", { class: "l8-hint", "data-hint": String(view.hint.missing ?? "") }, text) : null;
}

/** The lay-down dialog: the solver's arrangement, editable (cards move, jokers choose). */
export function dialogEl(view, L, prop, lang = "en") {
  // Python's verdict of the arrangement as it stands (view.proposal.check), or null while an
  // edit waits for it: Confirm is offered only when Python says the lay-down is valid
  const check = P.checkFor(prop, view.proposal && view.proposal.check);
  const say = (info) => errorText(t, lang, info, errorParams);
  const actor = view.actor;
  const req = view.req && actor != null ? view.req[actor] : null;
  const level = actor != null ? view.levels[actor] : "";
  const el = h("section", { class: "l8-dialog", role: "dialog", "aria-label": L("propTitle", { n: level }), "data-dialog": "laydown" });
  el.append(h("h3", {}, `${L("propTitle", { n: level })}: ${reqText(L, req)}`));
  if (!prop.ok) {
    el.append(h("p", { class: "l8-bad" }, L("propNone", { n: level, req: reqText(L, req) })), h("div", { class: "l8-actions" }, btn("cancelLay", L("cancel"))));
    return el;
  }
  el.append(h("p", { class: "l8-muted" }, L("propHint")));
  const box = h("div", { class: "l8-pcombos" });
  const target = prop.picked != null;
  prop.combos.forEach((c, i) => {
    const why = check && check.why ? check.why[i] : null;
    const verdict = !check ? "" : why ? "bad" : "ok";
    const combo = h("div", { class: `l8-pcombo${target ? " l8-target" : ""}${why ? " l8-pbad" : ""}`, "data-prop-combo": String(i), "data-kind": c.kind, "data-verdict": verdict });
    const count = c.need != null ? `${c.cards.length}/${c.need}` : String(c.cards.length);
    const head = h("div", { class: "l8-phead" }, h("b", {}, `${L(c.kind)} · ${count}`));
    if (check) head.append(h("span", { class: `l8-pmark${why ? " l8-no" : " l8-yes"}` }, why ? "✘" : "✔"));
    if (target && !c.cards.includes(prop.picked)) head.append(h("button", { type: "button", class: "lw-btn lw-ghost", "data-move-to": String(i) }, `⇩ ${L("moveHere")}`));
    combo.append(head);
    const cards = h("div", { class: "l8-pcards" });
    for (const card of displayOrder(c)) {
      const m = c.jokers[String(card)];
      const meaning = m === undefined ? null : c.kind === "colour" ? { colour: m } : { number: m };
      cards.append(cardEl(card, L, { tag: "button", meaning, cls: prop.picked === card ? "l8-sel" : "", attrs: { "data-prop-card": String(card) } }));
    }
    combo.append(cards);
    if (why) combo.append(h("p", { class: "l8-pwhy", "data-prop-why": String(i), role: "status" }, say(why)));
    const layouts = layoutOptions(c);
    if (layouts.length) {
      const cur = currentLayout(c);
      const row = h("div", { class: "l8-choices" }, h("span", {}, L("readsAs")));
      layouts.forEach((lay, k) => {
        const label = c.kind === "colour" ? L(`c${lay.label}`) : String(lay.label);
        row.append(h("button", { type: "button", class: `lw-btn lw-ghost${k === cur ? " lw-on" : ""}`, "data-layout": `${i}:${k}`, "aria-pressed": k === cur ? "true" : "false" }, label));
      });
      combo.append(row);
    }
    for (const card of c.cards) {
      const options = meaningOptions(c, card);
      if (!options.length) continue;
      const now = c.jokers[String(card)];
      const row = h("div", { class: "l8-choices", "data-joker": String(card) }, h("span", {}, L("jokerIs")));
      row.append(h("button", { type: "button", class: `lw-btn lw-ghost${now === undefined ? " lw-on" : ""}`, "data-meaning": `${i}:${card}:` }, L("auto")));
      for (const m of options) {
        const b = h("button", { type: "button", class: `lw-btn lw-ghost${now === m ? " lw-on" : ""}`, "data-meaning": `${i}:${card}:${m}`, title: c.kind === "colour" ? L(`c${m}`) : String(m) });
        if (c.kind === "colour") b.append(colourMark(m));
        else b.append(String(m));
        row.append(b);
      }
      combo.append(row);
    }
    box.append(combo);
  });
  const spare = h("div", { class: `l8-pcombo l8-spare${target ? " l8-target" : ""}`, "data-prop-combo": "spare" });
  const spareHead = h("div", { class: "l8-phead" }, h("b", {}, L("notUsed")));
  if (target && !prop.spare.includes(prop.picked)) spareHead.append(h("button", { type: "button", class: "lw-btn lw-ghost", "data-move-to": "spare" }, `⇩ ${L("moveHere")}`));
  spare.append(spareHead);
  const spareCards = h("div", { class: "l8-pcards" });
  for (const card of prop.spare) spareCards.append(cardEl(card, L, { tag: "button", cls: prop.picked === card ? "l8-sel" : "", attrs: { "data-prop-card": String(card) } }));
  spare.append(spareCards);
  box.append(spare);
  const ok = Boolean(check && check.ok);
  const firstWhy = check ? check.why.find(Boolean) || check.whole : null;
  const reason = !check ? L("propChecking") : firstWhy ? say(firstWhy) : "";
  const actions = h(
    "div",
    { class: "l8-actions" },
    btn("confirmLay", L("confirmLay"), { primary: true, disabled: !ok, title: ok ? "Enter" : reason, attrs: { "data-lay-ok": String(ok) } }),
    btn("cancelLay", L("cancel"), { title: "Esc" }),
  );
  if (check && check.whole) box.append(h("p", { class: "l8-pwhy", "data-prop-why": "whole", role: "status" }, say(check.whole)));
  if (!ok) actions.append(h("p", { class: "l8-why", "data-lay-why": "dialog" }, reason));
  el.append(box, actions);
  return el;
}

/** Hot-seat: "pass to <name>" (the hand is hidden until they confirm). */
export function handoffEl(view, L) {
  const p = view.handoff;
  const name = nameOf(view, p);
  return h(
    "section",
    { class: `l8-handoff lw-p${p}`, "data-handoff": String(p) },
    playerIcon(p, 44),
    h("h3", {}, L("handoffTitle", { name })),
    h("p", {}, L("handoffBody", { name })),
    btn("reveal", L("reveal", { name }), { primary: true }),
  );
}

/** The end of the last round: who laid down, who went out, level changes. */
export function summaryEl(view, L) {
  const r = view.rounds && view.rounds[view.rounds.length - 1];
  if (!r) return null;
  const el = h("section", { class: "l8-summary", "data-summary": String(r.round) }, h("h3", {}, L("roundOver", { n: r.round })));
  const table = h("div", { class: "l8-sumrows" });
  view.names.forEach((_n, p) => {
    const mv = r.moves[p];
    const lvl = r.levels[p];
    const m = view.levelCounts ? view.levelCounts[p] : null;
    table.append(
      h(
        "div",
        { class: "l8-sumrow", "data-sum-player": String(p) },
        playerIcon(p, 16),
        h("span", { class: "l8-name" }, nameOf(view, p)),
        h("span", { class: r.ender === p ? "l8-out" : "l8-muted" }, r.ender === p ? `⇥ ${L("wentOut")}` : r.laid[p] ? `✓ ${L("laidYes")}` : `✗ ${L("laidNo")}`),
        h("b", { class: `l8-move${mv ? " l8-up" : ""}` }, mv ? L("up", { n: mv }) : L("stays")),
        h("span", {}, m != null && lvl > m ? L("done") : L("nowLevel", { n: lvl })),
      ),
    );
  });
  el.append(table);
  return el;
}

/** Game over: the winner(s) and the standings, then every round's moves. */
export function overEl(view, L) {
  const names = view.winners.map((w) => nameOf(view, w)).join(` ${L("and")} `);
  const el = h("section", { class: "l8-over", "data-result": "" }, h("h3", {}, `★ ${L(view.winners.length > 1 ? "winPlural" : "wins", { names })}`));
  const order = view.names.map((_n, p) => p).sort((a, b) => Number(view.winners.includes(b)) - Number(view.winners.includes(a)) || view.levels[b] - view.levels[a] || a - b);
  const list = h("ol", { class: "l8-standings", "aria-label": L("standings") });
  for (const p of order) {
    list.append(
      h(
        "li",
        { "data-rank": String(p) },
        playerIcon(p, 18),
        h("span", { class: "l8-name" }, nameOf(view, p)),
        h("b", {}, view.winners.includes(p) ? `★ ${L("winner")}` : levelLabel(L, view, p)),
      ),
    );
  }
  el.append(h("h4", {}, L("standings")), list);
  if (view.rounds && view.rounds.length) {
    const grid = h("table", { class: "l8-rounds" });
    const head = h("tr", {}, h("th", {}, L("rounds")));
    view.names.forEach((_n, p) => head.append(h("th", {}, playerIcon(p, 14), ` ${nameOf(view, p)}`)));
    grid.append(head);
    for (const r of view.rounds) {
      const tr = h("tr", {}, h("td", {}, String(r.round)));
      r.moves.forEach((mv, p) => tr.append(h("td", { class: r.ender === p ? "l8-out" : "" }, mv ? `+${mv}` : "·")));
      grid.append(tr);
    }
    el.append(grid);
  }
  return el;
}
