// Level 8 widget front end: draws the card table from the `view` Python sends (only what this
// viewer may see) and sends small intents back. No rule lives here: Python answers every
// intent with a new view or an `error`, and a refused intent changes nothing.
//
// Stable DOM for tests (e2e and benchmarks):
//   root .l8-root.lw-root  data-seq, data-phase, data-cur, data-actor ("" = none), data-busy
//                          ("0" idle; "1" while an intent is answered or a bot move is due)
//   [data-player=p]        a player's side of the table (class l8-cur on the current player)
//   [data-hand=p]          face-up cards of seat p: .l8-hand is the playable hand (the viewer's,
//                          or in the teacher view the acting seat's); .l8-minihand the teacher's
//                          view of the other hands
//   [data-card=id]         every face-up card; playable hand cards carry data-selected "1"/"0"
//   [data-hand-count=p]    a hand's size in data-count
//   [data-discard=p]       a discard pile (button; data-count), its top card inside
//   [data-draw-pile]       the draw pile (button; data-count)
//   [data-meld=p-i]        laid combination i of player p (button: adds the selected card)
//   [data-skip=p]          a skip card lying in front of player p
//   [data-action=…]        drawPile layDown discard skip(+data-skip-target) skipTurn keep
//                          nextRound reveal confirmLay cancelLay askNumber(+data-number)
//                          cancelAsk clear undo redo
//   [data-dialog=laydown]  lay-down dialog: [data-prop-combo=i|spare], [data-prop-card=id],
//                          [data-move-to], [data-layout=i:k], [data-meaning=i:joker:m]
//   [data-handoff=p] hot-seat screen · [data-summary=round] · [data-result] game over
//   [data-hint] hint line · [data-odds] odds panel (level8/odds.js) · [data-status] status · [data-step] turn steps · [data-help] what
//   to do now · [data-ask=p-i] "which end?" question · [data-round] · [data-dealer] ·
//   [data-level] · [data-laid] · [data-sort] hand order · [data-error] toast
//   [data-log] event log · [data-moves] move list ([data-goto=ply])
//   [data-dock] the turn's footer (toast, lay-down dialog, hand, its buttons), .lw-docked while
//   lifted to the bottom of the screen (common/dock.js)
//   [data-review] review & annotate bar (common/review.js: its own list of attributes);
//   highlights drawn on the table: .lw-hl[data-hl-kind][data-hl-colour] (level8/annotate.js)

import { data, drawDescribed, h, patch, patchIfChanged, prop, setText } from "./common/dom.js";
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
import { dock } from "./common/dock.js";
import { projector } from "./common/fit.js";
import { createAddOn } from "./level8/addon.js";
import * as LA from "./level8/annotate.js";
import { isSkip } from "./level8/cards.js";
import { clickRouter } from "./level8/clicks.js";
import * as D from "./level8/draw.js";
import { errorParams, t } from "./level8/i18n.js";
import { focusKeeper } from "./level8/keepfocus.js";
import { keyAction } from "./level8/keys.js";
import { createLayDown } from "./level8/laydown.js";
import * as S from "./level8/selection.js";
import { oddsEl } from "./level8/odds.js";
import { moveText } from "./level8/text.js";
import { moveRows } from "./level8/moverows.js";

const BUSY_FALLBACK_MS = 10000; // never stay "busy" forever if an answer got lost

function render({ model, el }) {
  const root = h("div", { class: "l8-root lw-root", tabindex: "0", "data-busy": "0", "data-seq": "0", "data-actor": "" });
  el.appendChild(root);

  let view = model.get("view") || null;
  const ui = { selected: [], sort: "number", fresh: null };
  let inflight = false;
  let busyTimer = null;
  let lastHand = null;

  const lang = () => langOf(model);
  reportPageLanguage(model); // once: a widget made without a language follows the page
  const L = (key, params) => t(lang(), key, params);

  // ---------------------------------------------------------------- skeleton (built once)
  const title = h("div", { class: "l8-title" }, "Level ", h("b", {}, "8"));
  const badgeSlot = h("span", { class: "lw-badgeslot" }); // the review's "Read-only" badge
  const roundBox = h("div", { class: "l8-roundbox" });
  const statusBox = h("div", { class: "l8-statusbox" });
  const toolsSlot = h("div", { class: "l8-tools" });
  const header = h("div", { class: "l8-header" }, title, badgeSlot, roundBox, statusBox, toolsSlot);
  const seats = h("div", { class: "l8-seats" });
  const pileBox = h("div", { class: "l8-pilebox" });
  const stepsBox = h("div", { class: "l8-stepsbox" });
  const helpLine = h("p", { class: "l8-help", "data-help": "" });
  const hintBox = h("div", { class: "l8-hintbox" });
  const centre = h("div", { class: "l8-centre" }, pileBox, h("div", { class: "l8-middle" }, stepsBox, helpLine, hintBox));
  const panelBox = h("div", { class: "l8-panelbox" });
  const dialogBox = h("div", { class: "l8-dialogbox" });
  const toastSlot = h("div", { class: "l8-toastslot" });
  const handTitle = h("h4", { class: "l8-handtitle" });
  const sortBox = h("div", { class: "l8-sortbox" });
  const handHead = h("div", { class: "l8-handhead" }, handTitle, sortBox);
  const handBox = h("div", { class: "l8-handbox" });
  const handWrap = h("div", { class: "l8-handwrap" });
  const actionsBox = h("div", { class: "l8-actionsbox" });
  const handoffBox = h("div", { class: "l8-handoffbox" });
  const mine = h("div", { class: "l8-mine" }, handHead, handBox, actionsBox);
  handWrap.append(mine, handoffBox);
  const logSlot = h("div", { class: "l8-logslot" });
  const movesSlot = h("div", { class: "l8-movesslot" });
  const bottom = h("div", { class: "l8-bottom" }, logSlot, movesSlot);
  const reviewSlot = h("div", { class: "l8-reviewslot" });
  // the turn's footer: docked at the bottom of the screen while the table scrolls (common/dock.js)
  const dockBox = h("div", { class: "l8-dock", "data-dock": "" }, toastSlot, dialogBox, handWrap);
  root.append(header, seats, centre, panelBox, dockBox, bottom, reviewSlot);

  // the lay-down dialog and the add-on question (shared with the board game)
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

  // The pacer's "advance" goes through send() too, so data-busy covers the bot's answer.
  const pacerModel = { get: (name) => model.get(name), send: (msg) => send(msg) };
  // bots wait while someone looks back, annotates, or reads a record handed out
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
  // a keyboard focus survives redraws; the review bar, log and move list are not redrawn here
  const keepFocus = focusKeeper(root, { skip: [reviewSlot, bottom] });

  function drawAll() {
    keepFocus(drawAllNow);
  }

  function drawAllNow() {
    const v = view;
    if (!v) return;
    const t0 = performance.now();
    data(root, "phase", v.phase);
    data(root, "cur", String(v.cur));
    data(root, "actor", v.actor == null ? "" : String(v.actor));
    root.classList.toggle("l8-ended", v.phase === "over");
    prop(root, "title", L("keysHelp"));
    // the header's parts are built only when what they show changed
    const lng = lang();
    patchIfChanged(roundBox, D.roundKey(v, lng), () => D.roundEl(v, L));
    drawDescribed(statusBox, () => [D.statusDesc(v, L)], D.statusKey(v, lng)); // written in place (common/dom.js)
    drawSeats(v);
    patchIfChanged(pileBox, D.drawPileKey(v, lng), () => D.drawPileEl(v, L));
    drawDescribed(stepsBox, () => [D.stepsDesc(v, L)], D.stepsKey(v, lng));
    const hint = D.hintEl(v, L);
    const odds = oddsEl(v, L, lang());
    patch(hintBox, ...[hint, odds].filter(Boolean));
    drawPanel(v);
    drawMineNow(v);
    root.dataset.drawMs = (performance.now() - t0).toFixed(1); // for benchmarks
    root.dataset.seq = String(v.seq); // last: tests and benchmarks wait for it
  }

  function drawSeats(v) {
    const opts = { annotate: Boolean(reviewUI && reviewUI.annotating()), lang: lang() };
    // each seat is drawn in place (level8/draw.js drawSeat): a part whose content is unchanged
    // (name and level, hand, pile, each laid combination) keeps its node untouched; only what
    // changed is built and patched in (fresh nodes would all be styled and laid out again)
    v.names.forEach((_n, p) => {
      const live = seats.children[p] || null;
      const row = D.drawSeat(live, v, p, L, opts);
      if (!live) seats.appendChild(row);
    });
    while (seats.children.length > v.names.length) seats.lastElementChild.remove();
  }

  function drawPanel(v) {
    let panel = null;
    if (v.phase === "over") panel = D.overEl(v, L);
    else if (v.phase === "keep" || v.phase === "round_over") panel = D.summaryEl(v, L);
    patch(panelBox, ...(panel ? [panel] : []));
  }

  /** The parts that follow the local selection: hand, actions, help, fitting melds, dialog. */
  function drawMine(v) {
    keepFocus(() => drawMineNow(v));
  }

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
      D.drawHand(handBox, v, L, ui, { lang: lang() }); // cards keyed by id: only changed ones are redrawn
      // the dialog has its own buttons; the bar asks the add-on question
      patch(actionsBox, ...(layDown.state() ? [] : [D.actionsEl(v, L, { ...ui, ask: addOn.question(), lang: lang() })]));
    } else {
      patch(handBox);
      patch(actionsBox);
    }
    if (!cards && !handoff && v.phase !== "over" && !v.hands) {
      // spectators: no hand (nothing hidden is in the page)
      patch(handoffBox, h("p", { class: "l8-muted l8-nohand" }, L("noHand")));
    }
    setText(helpLine, D.helpText(v, L, ui.selected));
    D.markFits(seats, v, ui.selected, addOn.question()); // fitting combinations, the one asked about
    const proposal = layDown.state();
    patch(dialogBox, ...(proposal ? [D.dialogEl(v, L, proposal, lang())] : []));
    const r = review.reviewOf(v);
    review.paintHighlights(root, r ? r.highlights : [], LA.locate); // the seats and the hand were redrawn
  }

  // ---------------------------------------------------------------- new views
  function onView() {
    answered();
    const next = model.get("view");
    if (!next) return;
    const prevHand = lastHand;
    view = next;
    // the hand: drop selected cards that left it; mark cards that just arrived (a draw)
    const cards = S.handCards(view);
    ui.selected = S.prune(ui.selected, cards);
    lastHand = S.handMemo(view);
    ui.fresh = S.keepFresh(ui.fresh, prevHand, view, 3); // a draw; not a new deal or another's hand
    addOn.follow(view);
    layDown.follow(view); // the dialog follows view.proposal (Python drops it once the hand changes)
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
    const live = S.canAct(v);
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
    // a round's end waits for a person (botsWait): they deal on for a bot dealer too (the bar
    // offers the button then, see level8/draw.js actionsEl; Python acts for the dealer)
    if (action === "nextRound" && v.phase === "round_over" && v.botsWait && v.actor != null && v.handoff == null) {
      send({ type: "next_round" });
      return;
    }
    if (!live) return;
    // the lay-down dialog's actions (and Esc / Enter while it is open), then adding on (Enter
    // while the question is open; Esc and a card click also close it, then go on below)
    if (layDown.act(action, d, v) || addOn.act(action, d, v)) return;
    switch (action) {
      case "drawPile":
        if (v.phase === "draw") send(S.drawIntent("pile"));
        return;
      case "drawDiscard":
        if (v.phase === "draw") send(S.drawIntent(Number(d.discard)));
        return;
      case "toggleCard": {
        const id = Number(d.card);
        ui.selected = S.toggle(ui.selected, id, S.selectionMax(v));
        redrawMine();
        return;
      }
      case "clear":
        ui.selected = [];
        redrawMine();
        return;
      case "discard": {
        const intent = S.discardIntent(ui.selected);
        if (intent && v.phase === "play") send(intent);
        return;
      }
      case "skip": {
        const card = ui.selected.length === 1 && isSkip(ui.selected[0]) ? ui.selected[0] : null;
        send(S.skipIntent(Number(d.skipTarget), card));
        return;
      }
      case "skipTurn":
        send({ type: "skip_turn" });
        return;
      case "keep":
        send(S.keepIntent(ui.selected));
        return;
      case "nextRound":
        if (v.phase === "round_over") send({ type: "next_round" });
        return;
      case "confirm": // an open dialog's arrangement, or the add-on question, went first
        if (v.phase === "draw") act("drawPile");
        else if (v.phase === "play" && ui.selected.length === 1) act("discard");
        else if (v.phase === "keep") act("keep");
        else if (v.phase === "round_over") act("nextRound");
        else if (v.phase === "skipped") act("skipTurn");
        return;
      default:
        break;
    }
  }

  const clickAction = clickRouter(root, handBox); // the innermost meaningful element wins

  function onClick(e) {
    const hit = clickAction(e.target);
    if (hit) act(hit[0], hit[1]);
  }

  // Annotate mode: a click on the table (seats, piles, the hand and its buttons) highlights
  // (in the colour picked) instead of playing. Capture phase: onClick never sees it.
  function onAnnotateClick(e) {
    if (!reviewUI || !reviewUI.annotating()) return;
    if (!seats.contains(e.target) && !centre.contains(e.target) && !mine.contains(e.target)) return;
    e.preventDefault();
    e.stopImmediatePropagation(); // nothing else sees it (listeners on the root included)
    reviewUI.highlight(LA.targetOf(e.target));
  }

  // ---------------------------------------------------------------- common components
  const tL = (lng, key, params) => t(lng, key, params);
  // the review bar: navigation goes through send() (data-busy covers its answer)
  const reviewUI = review.mount(reviewSlot, model, { t: tL, defaultFile: "level8-game.json", hintKey: "annotateHint", send: (msg) => send(msg), badge: badgeSlot, root });
  const cleanups = [
    projector(root, model),
    dock(root, dockBox),
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
      drawAll(); // piles and combinations stay clickable while annotating
      if (view) pacer.schedule(view); // annotating holds the bots back
      markBusy();
    }),
    pacer.cleanup,
  ];
  root.addEventListener("click", onAnnotateClick, true); // first: it decides whether a click plays
  root.addEventListener("click", onClick); // mouse presses: see common/focus.js

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
