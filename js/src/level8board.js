// Level 8 board game widget front end: the circuit of action fields around the card table.
// Draws the `view` Python sends (only what this viewer may see, plus the legal choices of the
// seat acting now) and sends small intents back. No rule lives here: Python answers every
// intent with a new view or an `error`, and a refused intent changes nothing.
//
// Stable DOM for tests (e2e and benchmarks); the card table's attributes are the card game's
// (see the list at the top of ./level8.js: data-player, data-hand, data-card, data-hand-count,
// data-discard, data-draw-pile, data-meld, data-dialog=laydown, data-handoff, data-summary,
// data-result, data-help, data-status, data-log, data-moves, data-error …). Added:
//   root .l8b-root.l8-root.lw-root  data-seq, data-phase, data-cur, data-turn, data-actor
//                          ("" = none), data-busy ("0" idle; "1" while an intent is answered
//                          or a bot move is due)
//   [data-board=n]         the circuit (n fields)
//   [data-field=i]         a field (button): data-action-id, data-reachable "1"/"0" (glows in
//                          the move phase), data-landed "1" on the field being acted on
//   [data-tower=p]         player p's tower (inside its field)
//   [data-level-track]     the level track: [data-level-cell=n] (n = 9: the laurel) holding
//                          [data-marker=p]
//   [data-dice]            the dice ("a,b" or ""): [data-die=0|1] with data-value
//   [data-joker-pile]      the jokers in the middle (data-count)
//   [data-pending]         the action in progress: [data-doing], [data-asked], [data-extra]
//   [data-dialog=…]        roll · move ([data-move=i]) · take ([data-take=pile|seat]) ·
//                          ask ([data-ask-number=n], [data-ask-colour=c], [data-ask-dir=…],
//                          [data-action=confirmAsk]) · swap/show/give ([data-pick=card],
//                          [data-action=confirmPick]) · steal ([data-steal=card][data-owner])
//                          · choose ([data-choose=action])
//   [data-dock]            the turn's footer (toast, lay-down dialog, hand, buttons);
//                          .lw-docked while lifted to the bottom of the screen
//   [data-action=…]        roll, move, take, confirmAsk, confirmPick, discardTwo, and the card
//                          table's layDown, discard, keep, nextRound, reveal, undo, redo …

import { data, described, drawDescribed, h, keyed, patch, patchIfChanged, prop, setText } from "./common/dom.js";
import { followView, langOf, reportPageLanguage, subscribe } from "./common/model.js";
import { hidePicture } from "./common/picture.js";
import * as eventlog from "./common/eventlog.js";
import * as focus from "./common/focus.js";
import { keepPresses } from "./common/press.js";
import * as movelist from "./common/movelist.js";
import { createPacer } from "./common/pacing.js";
import * as review from "./common/review.js";
import * as toast from "./common/toast.js";
import * as toolbar from "./common/toolbar.js";
import { dock, viewHeight, watchViewHeight, watchWidth } from "./common/dock.js";
import { projector } from "./common/fit.js";
import { createAddOn } from "./level8/addon.js";
import * as LA from "./level8/annotate.js";
import { TABLE_ROUTES, clickRouter } from "./level8/clicks.js";
import * as D from "./level8/draw.js";
import { TABLE_FOCUS_KEYS, focusKeeper } from "./level8/keepfocus.js";
import { createLayDown } from "./level8/laydown.js";
import * as S from "./level8/selection.js";
import * as B from "./level8board/board.js";
import { errorParams, t } from "./level8board/i18n.js";
import { keyAction } from "./level8board/keys.js";
import { moveText } from "./level8board/log.js";
import { moveRows } from "./level8/moverows.js";
import * as G from "./level8board/logic.js";
import { ringLayout } from "./level8board/ring.js";

const BUSY_FALLBACK_MS = 10000; // never stay "busy" forever if an answer got lost
const DOCK_HEIGHT = 190; // px: the docked hand with its buttons (level8.css .l8-dock)
const FIELD_MIN = 50; // px: a field's height, its icon and label still legible
const FIELD_MAX = 92;
const WIDE_RING_MIN = 700; // px of widget width: a wider, lower ring when the screen is low
const PICKING = ["swap", "show", "give"];
/** The board's clickable attributes (dataset keys) and their actions, before the card table's. */
const BOARD_ROUTES = [
  ["field", "field"],
  ["move", "move"],
  ["take", "take"],
  ["askNumber", "askNum"],
  ["askColour", "askCol"],
  ["askDir", "askDirection"],
  ["pick", "pick"],
  ["steal", "steal"],
  ["choose", "choose"],
];
/** The board's focusable controls, before the card table's. */
const BOARD_FOCUS_KEYS = ["data-field", "data-pick", "data-steal", "data-choose", "data-ask-number", "data-ask-colour", "data-ask-dir", "data-move", "data-take", ...TABLE_FOCUS_KEYS];

/** The view's fields the centre's dialogs never show (they change with every move; of the
 * review, a dialog reads only whether the record is read-only: selection.js canAct). */
const NOT_IN_CENTRE = new Set(["seq", "log", "new", "moves", "future", "canUndo", "canRedo", "takebacks"]);

/** The key of the centre's dialog: the whole view but NOT_IN_CENTRE (a dialog reads the hand,
 * the choices, the board, the round's results: all of it, as it stands). */
function centreKey(view) {
  return JSON.stringify(view, function skip(key, value) {
    if (this !== view) return value;
    if (key === "review") return Boolean(value && value.readOnly);
    return NOT_IN_CENTRE.has(key) ? undefined : value;
  });
}

function render({ model, el }) {
  const root = h("div", { class: "l8b-root l8-root lw-root", tabindex: "0", "data-busy": "0", "data-seq": "0", "data-actor": "" });
  el.appendChild(root);

  let view = model.get("view") || null;
  // ask: the ask action's dialog; wideRing: the ring laid out for a low screen (fitRing)
  const ui = { selected: [], sort: "number", ask: null, fresh: null, wideRing: false };
  let inflight = false;
  let busyTimer = null;
  let lastHand = null;

  const lang = () => langOf(model);
  reportPageLanguage(model); // once: a widget made without a language follows the page
  const L = (key, params) => t(lang(), key, params);

  // ---------------------------------------------------------------- skeleton (built once)
  const title = h("div", { class: "l8-title" }, "Level ", h("b", {}, "8"));
  const badgeSlot = h("span", { class: "lw-badgeslot" });
  const roundBox = h("div", { class: "l8-roundbox" });
  const statusBox = h("div", { class: "l8-statusbox" });
  const toolsSlot = h("div", { class: "l8-tools" });
  const header = h("div", { class: "l8-header" }, title, badgeSlot, roundBox, statusBox, toolsSlot);
  const boardBox = h("div", { class: "l8b-boardbox" });
  // the centre of the ring: steps, what is going on, dice and piles, the action's dialog
  const stepsBox = h("div", { class: "l8b-stepsbox" });
  const pendingBox = h("div", { class: "l8b-pendingbox" });
  const tableBox = h("div", { class: "l8b-table" });
  const helpLine = h("p", { class: "l8-help", "data-help": "" });
  const promptBox = h("div", { class: "l8b-prompt" });
  const centre = h("div", { class: "l8b-centre" }, stepsBox, pendingBox, tableBox, helpLine, promptBox);
  const seats = h("div", { class: "l8-seats" });
  const dialogBox = h("div", { class: "l8-dialogbox" });
  const toastSlot = h("div", { class: "l8-toastslot" });
  const handTitle = h("h4", { class: "l8-handtitle" });
  const sortBox = h("div", { class: "l8-sortbox" });
  const handHead = h("div", { class: "l8-handhead" }, handTitle, sortBox);
  const handBox = h("div", { class: "l8-handbox" });
  const actionsBox = h("div", { class: "l8-actionsbox" });
  const handoffBox = h("div", { class: "l8-handoffbox" });
  const mine = h("div", { class: "l8-mine" }, handHead, handBox, actionsBox);
  const handWrap = h("div", { class: "l8-handwrap" }, mine, handoffBox);
  const logSlot = h("div", { class: "l8-logslot" });
  const movesSlot = h("div", { class: "l8-movesslot" });
  const bottom = h("div", { class: "l8-bottom" }, logSlot, movesSlot);
  const note = h("p", { class: "l8b-note l8-muted" });
  const reviewSlot = h("div", { class: "l8-reviewslot" });
  // the circuit, the players' sides with their combinations, then the turn's footer (toast,
  // lay-down dialog, hand, buttons), docked at the bottom of the screen (common/dock.js)
  const dockBox = h("div", { class: "l8-dock", "data-dock": "" }, toastSlot, dialogBox, handWrap);
  root.append(header, boardBox, seats, dockBox, bottom, note, reviewSlot);

  // the card table's lay-down dialog and add-on question (level8/laydown.js, level8/addon.js)
  const hooks = { send: (msg) => send(msg), redraw: () => redrawMine(), selected: () => ui.selected };
  const layDown = createLayDown(hooks);
  const addOn = createAddOn(hooks);

  // ---------------------------------------------------------------- sending
  function send(msg) {
    inflight = true;
    clearTimeout(busyTimer);
    busyTimer = setTimeout(() => {
      inflight = false;
      markBusy();
    }, BUSY_FALLBACK_MS);
    markBusy();
    model.send(msg);
  }

  function answered() {
    inflight = false;
    clearTimeout(busyTimer);
    busyTimer = null;
  }

  const pacerModel = { get: (name) => model.get(name), send: (msg) => send(msg) };
  const pacer = createPacer(pacerModel, {
    due: (v) =>
      v.phase !== "over" &&
      Boolean(v.bots && v.bots[v.cur]) &&
      !v.botsWait &&
      v.handoff == null &&
      !(v.future && v.future.length) &&
      !v.review?.readOnly &&
      !model.get("annotate"),
  });
  function markBusy() {
    data(root, "busy", inflight || pacer.pending() ? "1" : "0");
  }

  // ---------------------------------------------------------------- drawing
  // a keyboard focus survives redraws (the board's controls first, then the card table's)
  const keepFocus = focusKeeper(root, { keys: BOARD_FOCUS_KEYS, skip: [reviewSlot, bottom] });

  function drawAll() {
    keepFocus(drawAllNow);
  }

  function annotating() {
    return Boolean(reviewUI && reviewUI.annotating());
  }

  function drawAllNow() {
    const v = view;
    if (!v) return;
    const t0 = performance.now();
    const b = G.boardOf(v);
    data(root, "phase", v.phase);
    data(root, "cur", String(v.cur));
    data(root, "turn", b.turn == null ? "" : String(b.turn));
    data(root, "actor", v.actor == null ? "" : String(v.actor));
    root.classList.toggle("l8-ended", v.phase === "over");
    prop(root, "title", L("keysHelp"));
    // the header's and the centre's parts are built only when what they show changed
    const lng = lang();
    patchIfChanged(roundBox, D.roundKey(v, lng), () => D.roundEl(v, L));
    // described parts: a changed one is written into its nodes, not built again (common/dom.js)
    drawDescribed(statusBox, () => [D.statusDesc(v, L)], D.statusKey(v, lng));
    drawDescribed(stepsBox, () => [B.stepsDesc(v, L)], B.stepsKey(v, lng));
    drawDescribed(pendingBox, () => [B.pendingDesc(v, L)], B.pendingKey(v, lng));
    keyed(tableBox, [
      described("dice", B.diceDesc(v, L)),
      ["pile", B.drawPileKey(v, lng), () => B.drawPileEl(v, L)],
      ["jokers", B.jokerPileKey(v, lng), () => B.jokerPileEl(v, L)],
    ]);
    const first = !boardBox.firstElementChild;
    drawRing(v);
    if (first) fitRing();
    drawSeats(v);
    setText(note, b.reconstruction ? L("reconstruction") : "");
    drawMineNow(v);
    root.dataset.drawMs = (performance.now() - t0).toFixed(1); // for benchmarks
    root.dataset.seq = String(v.seq); // last: tests wait for it
  }

  /** The circuit, drawn in place (level8board/board.js drawRing): a field whose key
   * (everything it shows) is unchanged is not even built; a changed one keeps its node (only
   * a glow, a tower, a title changes); the centre panel stays where it is. */
  function drawRing(v) {
    let ring = boardBox.firstElementChild;
    if (!ring) {
      ring = h("div", { class: "l8b-ring" });
      boardBox.append(ring);
    }
    B.drawRing(ring, v, L, centre, { annotate: annotating(), wide: ui.wideRing, lang: lang() });
  }

  /** The circuit sized to the screen's height (issue 27): the header, the whole circuit and
   * the docked hand fit the part of the page the user sees (fields 50 to 92 px high; on a
   * low screen and a wide cell the ring is laid out wider and lower, 11 × 6 for 28 fields). */
  function fitRing(height) {
    if (!view || !boardBox.firstElementChild || !root.offsetWidth) return; // not laid out (yet)
    const seen = height || viewHeight(root);
    if (!seen) return;
    const zoom = root.getBoundingClientRect().width / root.offsetWidth || 1; // projector mode
    const n = (G.boardOf(view).fields || []).length;
    const room = seen / zoom - header.offsetHeight - 10 - DOCK_HEIGHT;
    const fieldFor = (rows) => Math.floor((room - 24 - 5 * (rows - 1) - 18) / rows); // less padding, gaps
    let wide = false;
    if (fieldFor(ringLayout(n).rows) < FIELD_MAX && root.offsetWidth >= WIDE_RING_MIN) wide = true;
    const field = Math.max(FIELD_MIN, Math.min(FIELD_MAX, fieldFor(ringLayout(n, { wide }).rows)));
    root.style.setProperty("--l8b-fh", `${field}px`);
    root.classList.toggle("l8b-compact", field < 80);
    if (wide !== ui.wideRing) {
      ui.wideRing = wide;
      drawAll();
    }
  }

  function drawSeats(v) {
    const takeLive = G.choicesOf(v).take;
    // the discard piles are live exactly when Python lists them as sources to take from
    const seatView = { ...v, phase: takeLive ? "draw" : v.phase === "draw" ? "-" : v.phase };
    const annotate = annotating();
    const lng = lang();
    // a pile one may not take from is off (annotate mode aside); one that may, glows
    const pile = (state, p) => {
      if (!takeLive) return state;
      if (!G.canTakeFrom(v, p)) return annotate ? state : { ...state, live: false, disabled: true };
      return { ...state, takeable: true };
    };
    v.names.forEach((_n, p) => {
      // drawn in place: only the parts of a seat that changed are built (level8/draw.js)
      const live = seats.children[p] || null;
      const row = D.drawSeat(live, seatView, p, L, { annotate, lang: lng, pile });
      if (!live) seats.appendChild(row);
    });
    while (seats.children.length > v.names.length) seats.lastElementChild.remove();
  }

  function drawMine(v) {
    keepFocus(() => drawMineNow(v));
  }

  /** The parts that follow the local selection: hand, actions, help, dialogs. */
  function drawMineNow(v) {
    const handoff = v.handoff != null;
    patch(handoffBox, ...(handoff ? [D.handoffEl(v, L)] : []));
    const cards = S.handCards(v);
    prop(mine, "hidden", handoff || !cards);
    const seat = S.handSeat(v);
    if (!handoff && cards) {
      const n = cards.length;
      setText(handTitle, `${seat != null && seat === v.actor && typeof v.viewer !== "number" ? L("handOf", { name: String(v.names[seat]) }) : L("yourHand")} · ${n === 1 ? L("card1") : L("cards", { n })}`);
      patchIfChanged(sortBox, `${lang()}|${ui.sort}`, () => D.sortEl(L, ui.sort));
      // the card table's own phases use the card game's selection; a pick phase its limits
      const allowed = G.pickable(v);
      const dim = allowed && S.canAct(v) ? allowed : null;
      D.drawHand(handBox, v, L, ui, { lang: lang(), dim }); // cards keyed by id: only changed ones are redrawn
      patch(actionsBox, ...(layDown.state() ? [] : [actionsEl(v)]));
    } else {
      patch(handBox);
      patch(actionsBox);
    }
    if (!cards && !handoff && v.phase !== "over" && !v.hands) {
      patch(handoffBox, h("p", { class: "l8-muted l8-nohand" }, L("noHand")));
    }
    setText(helpLine, B.helpText(v, L, ui.selected));
    D.markFits(seats, v, ui.selected, addOn.question()); // as in the card game
    // the centre shows the action's dialog, or at the round's end its summary
    // built only when the view (but its move list and log) or the choices made here changed
    patchIfChanged(promptBox, JSON.stringify([lang(), ui.ask, ui.selected, ui.sort, centreKey(v)]), () => {
      let inCentre = B.boardDialogEl(v, L, ui);
      if (!inCentre && v.phase === "over") inCentre = D.overEl(v, L);
      else if (!inCentre && (v.phase === "keep" || v.phase === "round_over")) inCentre = D.summaryEl(v, L);
      return inCentre ? [inCentre] : [];
    });
    const proposal = layDown.state();
    patch(dialogBox, ...(proposal ? [D.dialogEl(v, L, proposal, lang())] : []));
    const r = review.reviewOf(v);
    review.paintHighlights(root, r ? r.highlights : [], LA.locate);
  }

  /** The bar under the hand: the card game's (play, keep, next round), plus Discard 2. */
  function actionsEl(v) {
    if (!["play", "keep", "round_over"].includes(v.phase)) return h("div", { class: "l8-actions" });
    const bar = D.actionsEl(v, L, { ...ui, ask: addOn.question(), lang: lang() });
    if (v.phase === "play" && G.choicesOf(v).discardTwo) {
      bar.append(h("button", { type: "button", class: "lw-btn l8-btn", "data-action": "discardTwo", disabled: ui.selected.length !== 2 }, L("discardTwo")));
    }
    return bar;
  }

  // ---------------------------------------------------------------- new views
  function onView() {
    answered();
    const next = model.get("view");
    if (!next) return;
    const prevHand = lastHand;
    const prevPhase = view ? view.phase : null;
    view = next;
    const cards = S.handCards(view);
    ui.selected = S.prune(ui.selected, cards);
    if (view.phase !== prevPhase) ui.selected = []; // a new step starts with a fresh choice
    lastHand = S.handMemo(view);
    ui.fresh = S.keepFresh(ui.fresh, prevHand, view, 4); // a draw; not a new deal or another's hand
    if (view.phase !== "ask") ui.ask = null;
    addOn.follow(view);
    layDown.follow(view);
    drawAll();
    pacer.schedule(view);
    markBusy();
  }

  function onError() {
    if (model.get("error")) {
      answered();
      markBusy();
      data(root, "errorId", String(model.get("error_id")));
    }
  }

  // ---------------------------------------------------------------- actions
  function redrawMine() {
    if (view) drawMine(view);
  }

  function act(action, node) {
    const v = view;
    if (!v) return;
    const d = node ? node.dataset : {};
    switch (action) {
      case "undo":
      case "redo":
      case "new_game":
        send({ type: action });
        return;
      case "first":
        if (!reviewUI.nav("first")) send({ type: "goto", ply: 0 });
        return;
      case "last":
        if (!reviewUI.nav("last")) send({ type: "goto", ply: v.here + (v.future ? v.future.length : 0) });
        return;
      case "stepBack":
      case "stepForward":
        reviewUI.nav(action);
        return;
      case "sort":
        ui.sort = ui.sort === "number" ? "colour" : "number";
        redrawMine();
        return;
      case "setSort":
        ui.sort = d.sort;
        redrawMine();
        return;
      case "reveal":
        send({ type: "reveal" });
        return;
      default:
        break;
    }
    // a round's end waits for a person (botsWait): they deal on for a bot dealer too
    if (action === "nextRound" && v.phase === "round_over" && v.botsWait && v.actor != null && v.handoff == null) {
      send({ type: "next_round" });
      return;
    }
    if (!S.canAct(v)) return;
    // the card table's lay-down dialog (and Esc / Enter while it is open), then adding on
    // (Enter while the question is open; Esc and a card click also close it, then go on below)
    if (layDown.act(action, d, v) || addOn.act(action, d, v)) return;
    const ch = G.choicesOf(v);
    switch (action) {
      // ------------------------------------------------ the board
      case "roll":
        if (ch.roll) send(G.rollIntent());
        return;
      case "field":
      case "move":
        if (v.phase === "move") send(G.moveIntent(d.field ?? d.move));
        return;
      case "reach1":
      case "reach2": {
        const f = G.nthReachable(v, action === "reach1" ? 0 : 1);
        if (f != null) send(G.moveIntent(f));
        return;
      }
      case "drawPile":
        if (ch.take && G.canTakeFrom(v, "pile")) send(G.takeIntent("pile"));
        else if (v.phase === "play" || v.phase === "keep") return;
        return;
      case "drawDiscard":
        if (ch.take) send(G.takeIntent(Number(d.discard)));
        return;
      case "take":
        if (ch.take) send(G.takeIntent(d.take));
        return;
      case "askNum":
        ui.ask = G.askPick(ui.ask, "number", d.askNumber);
        redrawMine();
        return;
      case "askCol":
        ui.ask = G.askPick(ui.ask, "colour", d.askColour);
        redrawMine();
        return;
      case "askDirection":
        ui.ask = G.askPick(ui.ask, "direction", d.askDir);
        redrawMine();
        return;
      case "confirmAsk":
        if (G.askReady(v, ui.ask)) send(G.askIntent(ui.ask));
        return;
      case "pick": {
        ui.selected = G.pick(ui.selected, Number(d.pick ?? d.card), v);
        redrawMine();
        return;
      }
      case "confirmPick":
        if (!G.pickReady(v, ui.selected)) return;
        if (v.phase === "swap") send(G.swapIntent(ui.selected));
        else if (v.phase === "show") send(G.showIntent(ui.selected));
        else if (v.phase === "give") send(G.giveIntent(ui.selected[0]));
        return;
      case "steal":
        send(G.stealIntent(d.steal));
        return;
      case "choose":
        send(G.chooseIntent(d.choose));
        return;
      case "discardTwo":
        if (ui.selected.length === 2) send(G.discardTwoIntent(ui.selected));
        return;
      // ------------------------------------------------ the card table
      case "toggleCard": {
        if (PICKING.includes(v.phase)) {
          act("pick", node);
          return;
        }
        const id = Number(d.card);
        ui.selected = S.toggle(ui.selected, id, G.selectionMax(v));
        redrawMine();
        return;
      }
      case "clear":
        ui.selected = [];
        ui.ask = null;
        redrawMine();
        return;
      case "discard": {
        const intent = S.discardIntent(ui.selected);
        if (intent && v.phase === "play") send(intent);
        return;
      }
      case "keep":
        send(S.keepIntent(ui.selected));
        return;
      case "nextRound":
        if (v.phase === "round_over") send({ type: "next_round" });
        return;
      case "confirm": // an open dialog's arrangement, or the add-on question, went first
        if (v.phase === "roll") act("roll");
        else if (v.phase === "ask") act("confirmAsk");
        else if (PICKING.includes(v.phase)) act("confirmPick");
        else if (v.phase === "take" && G.canTakeFrom(v, "pile")) send(G.takeIntent("pile"));
        else if (v.phase === "play" && ui.selected.length === 1) act("discard");
        else if (v.phase === "keep") act("keep");
        else if (v.phase === "round_over") act("nextRound");
        return;
      default:
        break;
    }
  }

  const clickAction = clickRouter(root, handBox, [...BOARD_ROUTES, ...TABLE_ROUTES]); // the innermost meaningful element wins

  function onClick(e) {
    const hit = clickAction(e.target);
    if (hit) act(hit[0], hit[1]);
  }

  function onAnnotateClick(e) {
    if (!annotating()) return;
    if (!seats.contains(e.target) && !boardBox.contains(e.target) && !mine.contains(e.target)) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    reviewUI.highlight(LA.targetOf(e.target));
  }

  // ---------------------------------------------------------------- common components
  const tL = (lng, key, params) => t(lng, key, params);
  const reviewUI = review.mount(reviewSlot, model, { t: tL, defaultFile: "level8-board-game.json", hintKey: "annotateHint", send: (msg) => send(msg), badge: badgeSlot, root });
  const cleanups = [
    projector(root, model),
    dock(root, dockBox),
    watchViewHeight(root, fitRing),
    watchWidth(root, () => fitRing()),
    subscribe(model, ["projector"], () => fitRing()),
    reviewUI,
    hidePicture(el, model.get("_picture_id")),
    toolbar.mount(toolsSlot, model, {
      t: tL,
      buttons: [
        { action: "undo", label: "undo", icon: "↶", key: "←", enabled: (v) => Boolean(v.canUndo) },
        { action: "redo", label: "redo", iconAfter: "↷", key: "→", enabled: (v) => Boolean(v.canRedo) },
        { action: "new_game", label: "newGame", icon: "⟳", confirm: "newGameConfirm", enabled: (v) => !(v.review && v.review.readOnly) },
      ],
      onAction: (action) => act(action),
    }),
    toast.mount(toastSlot, model, { t, params: errorParams }),
    eventlog.mount(logSlot, model, { t: tL }), // Python's sentences (view.log), shown as text
    movelist.mount(movesSlot, model, {
      t: tL,
      rows: (v) => moveRows(v, lang(), t, moveText),
      uses: (v) => [v.names, v.moves, v.future, v.here], // what moveRows reads
      onJump: (ply) => send({ type: "goto", ply }),
    }),
    focus.mount(root, { keyAction, onAction: (action) => act(action) }),
    keepPresses(root), // a click the page moved away from still counts (common/press.js)
    subscribe(model, ["view"], onView),
    followView(model), // patches of the view from the kernel (common/patch.js)
    subscribe(model, ["error", "error_id"], onError),
    subscribe(model, ["language"], () => drawAll()),
    subscribe(model, ["bot_delay"], () => {
      if (view) pacer.schedule(view);
      markBusy();
    }),
    subscribe(model, ["annotate"], () => {
      drawAll();
      if (view) pacer.schedule(view);
      markBusy();
    }),
    pacer.cleanup,
  ];
  root.addEventListener("click", onAnnotateClick, true);
  root.addEventListener("click", onClick);

  if (view) {
    lastHand = S.handMemo(view);
    layDown.follow(view);
    drawAll();
    pacer.schedule(view);
    markBusy();
  }

  return () => {
    clearTimeout(busyTimer);
    root.removeEventListener("click", onClick);
    root.removeEventListener("click", onAnnotateClick, true);
    for (const off of cleanups) off();
    root.remove();
  };
}

export default { initialize: ({ model }) => followView(model), render }; // patches followed at the model (common/patch.js)
