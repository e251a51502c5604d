// Level X widget front end: draws the `view` Python sends and sends small intents back.
// No rule lives here: sums are previews, a group's ✔/✘ and whether Play is offered are
// Python's verdicts (view.groupChecks, view.legalKeys); Python validates every move.
// Shared parts (toolbar, move list, event log, error toast, bot pacing, keyboard focus, review
// & annotate bar, theme, i18n) come from ./common; the board, dice tray, groups, replay, teach
// panel and what a highlight means on the board (levelx/annotate.js) are Level X's.

import { data, drawDescribed, h, patch, playerIconDesc, prop } from "./common/dom.js";
import * as eventlog from "./common/eventlog.js";
import * as focus from "./common/focus.js";
import { keepPresses } from "./common/press.js";
import { followView, langOf, reportPageLanguage, subscribe } from "./common/model.js";
import * as movelist from "./common/movelist.js";
import { createPacer } from "./common/pacing.js";
import { hidePicture } from "./common/picture.js";
import * as review from "./common/review.js";
import * as toast from "./common/toast.js";
import * as toolbar from "./common/toolbar.js";
import * as LA from "./levelx/annotate.js";
import { createBoard } from "./levelx/board.js";
import { fitWidth, projector } from "./common/fit.js";
import * as G from "./levelx/groups.js";
import { t, winsText } from "./levelx/i18n.js";
import { keyAction } from "./levelx/keys.js";
import { drawPlayers } from "./levelx/players.js";
import { dragData, drawSetupPanel, pickOfDrag, setupClick, setupNodeOf } from "./levelx/setup.js";
import { matchPreview } from "./levelx/preview.js";
import { boardOf, framesBetween } from "./levelx/replay.js";
import { drawTeach } from "./levelx/teach.js";
import { drawTray, humanToAct } from "./levelx/tray.js";

const FRAME_MS = 260; // one animation step
const HELP = ["rows", "grouping", "lucky", "steps", "oust", "chips", "bonus", "end"]; // the "?" panel

function render({ model, el }) {
  const root = h("div", { class: "lw-root lx-root", tabindex: "0", "data-busy": "0", "data-seq": "0" });
  el.appendChild(root);

  let shown = null; // the view whose final position is on screen
  let board = null; // the board on screen (a frame or shown's)
  let flash = null; // the event of the frame on screen
  let builder = null;
  let builderKey = "";
  let picker = -1; // die whose Lucky Loser face picker is open
  let picked = null; // set-up mode: the piece (or seat) picked up, {seat, row} (levelx/setup.js)
  let timers = [];

  const lang = () => langOf(model);
  reportPageLanguage(model); // once: a widget made without a language follows the page
  const L = (key, params) => t(lang(), key, params);
  const send = (msg) => model.send(msg);

  // ---------------------------------------------------------------- skeleton (built once)
  const status = h("div", { class: "lx-status", "data-status": "" });
  const badgeSlot = h("span", { class: "lw-badgeslot" }); // the review's "Read-only" badge
  const header = h("div", { class: "lx-header" }, h("div", { class: "lx-title" }, "Level ", h("b", {}, "X")), badgeSlot, status);
  const boardView = createBoard();
  const trayEl = h("div", { class: "lx-tray-area" });
  const side = h("div", { class: "lx-side" }, trayEl);
  const players = h("div", { class: "lx-players" });
  const teachEl = h("div", { class: "lx-teach", "data-teach-panel": "" });
  const helpEl = h("section", { class: "lx-help", "data-help": "", hidden: true }); // the rules in short
  let helpOpen = false;
  const bottom = h("div", { class: "lx-bottom" });
  const reviewSlot = h("div", { class: "lx-reviewslot" });
  const main = h("div", { class: "lx-main" }, boardView.el, side);
  root.append(header, helpEl, main, players, teachEl, bottom, reviewSlot);

  // Shared components (mounted before Level X subscribes, so they have drawn a new view when
  // Level X sets data-seq last).
  const tools = toolbar.mount(header, model, {
    t,
    watch: ["teach"],
    buttons: [
      { action: "undo", label: "undo", key: "←", icon: "↶", enabled: (v) => v.canUndo },
      { action: "redo", label: "redo", key: "→", iconAfter: "↷", enabled: (v) => v.canRedo },
      { action: "teach", label: "teach", key: "t", pressed: () => Boolean(model.get("teach")) },
      { action: "setup", label: "setUp", icon: "✥", pressed: (v) => Boolean(v.setup), enabled: (v) => Boolean(v.setup || v.canSetup) },
      { action: "help", label: "help", icon: "?", key: "?", pressed: () => helpOpen },
      { action: "new_game", label: "newGame", icon: "⟳", confirm: "newGameConfirm", enabled: (v) => !(v.review && v.review.readOnly) },
    ],
    onAction: (action) => act(action),
  });
  const cleanups = [tools, hidePicture(el, model.get("_picture_id"))];
  const errorToast = toast.mount(side, model, { t });
  cleanups.push(
    errorToast,
    eventlog.mount(bottom, model, { t }), // Python's sentences (view.log), shown as text
    movelist.mount(bottom, model, {
      t,
      rows: (v) => {
        const n = v.names.length;
        const rows = [{ text: L("start"), target: 0, here: v.moves.length === 0 }];
        const pass = L("passWord"); // (once, not once per row of a long record)
        [...v.moves, ...v.future].forEach((m, i) => {
          const [mark, note] = (v.notes && v.notes[i + 1]) || [];
          rows.push({ text: `${i + 1}. ${m === "-" ? pass : m}`, player: i % n, target: i + 1, here: i === v.moves.length - 1, future: i >= v.moves.length, title: v.names[i % n], mark, note });
        });
        return rows;
      },
      uses: (v) => [v.names, v.moves, v.future, v.notes], // what rows() reads
      onJump: (turns) => send({ type: "goto", turns }),
    }),
    focus.mount(root, { keyAction, onAction: (action) => act(action) }),
    keepPresses(root), // a click the page moved away from still counts (common/press.js)
  );
  const reviewUI = review.mount(reviewSlot, model, { t, defaultFile: "levelx-game.json", hintKey: "annotateHint", badge: badgeSlot, root });
  cleanups.push(reviewUI);
  // bots wait while someone looks back, annotates, or reads a record handed out
  const pacer = createPacer(model, {
    due: (v) => v.phase !== "over" && !v.setup && Boolean(v.bots[v.cur]) && !v.future.length && !v.review?.readOnly && !model.get("annotate"),
  });

  // ---------------------------------------------------------------- drawing
  function currentBuilder() {
    const v = shown;
    if (!v || !v.dice) {
      builder = null;
      builderKey = "";
      return null;
    }
    const key = `${v.moves.length}:${v.dice.join("")}`;
    if (key !== builderKey) {
      builder = G.newBuilder(v.dice);
      builderKey = key;
      picker = -1;
    }
    return builder;
  }

  /** The board of view v: the same object while the position is (v.pos, v.chips and v.held
   *  are the very same values), so the parts drawn from it can tell nothing changed. */
  let boardMemo = null;
  function boardOfView(v) {
    if (!boardMemo || boardMemo.pos !== v.pos || boardMemo.chips !== v.chips || boardMemo.held !== v.held) {
      boardMemo = { pos: v.pos, chips: v.chips, held: v.held, board: boardOf(v) };
    }
    return boardMemo.board;
  }

  function draw() {
    const v = shown;
    if (!v) return;
    const t0 = performance.now();
    const b = board || boardOfView(v);
    data(root, "phase", v.phase);
    data(root, "cur", String(v.cur));
    root.classList.toggle("lx-over", v.phase === "over");
    root.classList.toggle("lx-setup", Boolean(v.setup));
    data(root, "setup", v.setup ? "1" : "0");
    if (!v.setup) picked = null;
    drawStatus(v);
    boardView.draw(v, b, flash, lang(), v.setup ? { picked } : null);
    if (v.setup) drawSetupNow(v);
    else drawTrayNow(v, currentBuilder());
    drawPlayers(players, v, b, lang());
    drawTeach(teachEl, v, Boolean(model.get("teach")), model.get("chances"), lang());
    drawHelp();
    prop(root, "title", L("keysHelp"));
    root.dataset.drawMs = (performance.now() - t0).toFixed(1); // for benchmarks
    root.dataset.seq = String(v.seq); // last: tests and benchmarks wait for it
  }

  /** The "?" panel: the rules in short, in the widget's language. */
  function drawHelp() {
    prop(helpEl, "hidden", !helpOpen);
    if (!helpOpen) return;
    const items = HELP.map((k) => h("li", { "data-help-item": k }, L(`help_${k}`)));
    patch(helpEl, h("h4", {}, L("helpTitle")), h("ul", {}, ...items));
  }

  /** The tray and the move preview on the board, then the position's highlights (board and
   * tray: both were redrawn). The preview follows the groups: redrawn whenever they change. */
  function drawTrayNow(v, b) {
    const preview = b && humanToAct(v) ? matchPreview(v, b) : null;
    drawTray(trayEl, v, b, picker, lang(), { annotate: reviewUI.annotating(), preview });
    boardView.drawPreview(v, preview, lang());
    const r = review.reviewOf(v);
    review.paintHighlights(root, r ? r.highlights : [], LA.locate);
  }

  /** Set-up mode: the side panel instead of the dice, no move preview. */
  function drawSetupNow(v) {
    drawSetupPanel(trayEl, v, picked, lang());
    boardView.drawPreview(v, null, lang());
    const r = review.reviewOf(v);
    review.paintHighlights(root, r ? r.highlights : [], LA.locate);
  }

  /** A click (key, drop) in set-up mode on node (setupNodeOf): pick, or send an intent. */
  function setupAct(node) {
    const v = shown;
    const out = setupClick(picked, node);
    picked = out.picked;
    if (out.send) {
      errorToast.dismiss();
      send(out.send);
    }
    boardView.draw(v, boardOfView(v), null, lang(), { picked });
    drawSetupNow(v);
  }

  /** The status line, described as data: drawn only when what it says changes. */
  function drawStatus(v) {
    let parts;
    if (v.phase === "over") {
      parts = [
        ["span", { class: "lx-round" }, L("gameOver")],
        ["span", { class: "lx-whose lx-win" }, winsText(lang(), v.winners.map((w) => v.names[w]))],
      ];
    } else {
      const name = v.names[v.cur];
      parts = [
        ["span", { class: "lx-round", "data-round": String(v.round) }, L("round", { n: v.round })],
        [
          "span",
          { class: "lx-whose", "data-whose": String(v.cur) },
          playerIconDesc(v.cur, 18),
          v.setup ? `${L("setupNext")}: ${name}` : v.bots[v.cur] ? L(v.future.length ? "botPaused" : "botThinking", { name }) : t.about(lang(), v.phase === "roll" ? "toRoll" : "toPlay", name, { name }),
        ],
        v.lastRound ? ["span", { class: "lx-last" }, L("lastRound")] : "",
      ];
    }
    drawDescribed(status, parts);
  }

  // ---------------------------------------------------------------- showing views (animation)
  function clearTimers() {
    for (const id of timers) clearTimeout(id);
    timers = [];
    pacer.cancel();
  }

  function show(next) {
    clearTimers();
    const frames = model.get("animate") && shown ? framesBetween(shown, next) : [];
    shown = next;
    if (!frames.length) {
      finish();
      return;
    }
    data(root, "busy", "1");
    frames.forEach((f, i) => {
      timers.push(
        setTimeout(() => {
          board = f.board;
          flash = f.event;
          draw();
        }, i * FRAME_MS),
      );
    });
    timers.push(setTimeout(finish, frames.length * FRAME_MS));
  }

  function finish() {
    board = null;
    flash = null;
    draw();
    data(root, "busy", "0");
    pacer.schedule(shown);
  }

  // ---------------------------------------------------------------- intents
  function act(action, arg) {
    const v = shown;
    if (!v) return;
    const b = builder;
    const human = humanToAct(v);
    if (action === "setup") {
      picked = null;
      if (v.setup || v.canSetup) send({ type: "setup", on: !v.setup });
      return;
    }
    if (v.setup && action !== "help" && action !== "teach") return; // nothing is played in set-up
    switch (action) {
      case "roll":
        if (!review.isReadOnly(v)) send({ type: "roll" });
        return;
      case "confirm": // Play the groups (a pass only when no move is possible: see tray.js)
        if (b && v.phase === "play" && (G.groupSums(b).some((g) => g.faces.length) || !v.canMove)) send(G.toIntent(b));
        else if (v.phase === "roll" && human) send({ type: "roll" });
        return;
      case "pass": // the deliberate pass, with moves on the table
        if (v.phase === "play" && human) send({ type: "play", groups: [] });
        return;
      case "undo":
        send({ type: "undo" });
        return;
      case "redo":
        send({ type: "redo" });
        return;
      case "first":
        if (!reviewUI.nav("first")) send({ type: "goto", turns: 0 });
        return;
      case "last":
        if (!reviewUI.nav("last")) send({ type: "goto", turns: v.moves.length + v.future.length });
        return;
      case "stepBack":
      case "stepForward":
        reviewUI.nav(action);
        return;
      case "new_game":
        send({ type: "new_game" });
        return;
      case "help":
        helpOpen = !helpOpen;
        drawHelp();
        tools.refresh();
        return;
      case "teach":
        model.set("teach", !model.get("teach"));
        model.save_changes();
        return;
      default:
        break;
    }
    if (!b || !human) return;
    errorToast.dismiss(); // the player is fixing the move: put the last message away
    if (action === "clear") {
      builder = G.newBuilder(v.dice);
      picker = -1;
    } else if (action === "newGroup") builder = G.newGroup(b);
    else if (action.startsWith("die")) builder = G.toggleDie(b, Number(action.slice(3)));
    else if (action === "group") builder = G.setActive(b, arg);
    else if (action === "turn") picker = picker === arg ? -1 : arg;
    else if (action === "face") {
      builder = G.setFace(b, picker, arg, v.turnable);
      // the rules allow only so many 1s turned: say so instead of closing the picker silently
      if (builder === b && arg !== 1 && b.faces[picker] === 1) errorToast.say(L("turnLimit", { n: v.turnable }));
      picker = -1;
    } else if (action === "grouping") builder = G.fromGrouping(v.dice, arg[0], arg[1]);
    drawTrayNow(v, builder);
  }

  // Clicks on Level X's own controls (the toolbar and the move list handle theirs).
  function onClick(e) {
    if (shown && shown.setup) {
      const node = setupNodeOf(e.target);
      if (node && root.contains(node.el)) {
        setupAct(node);
        return;
      }
    }
    const target = e.target.closest("button, [data-group]");
    if (!target || !root.contains(target) || target.disabled) return;
    const d = target.dataset;
    if (d.action) act(d.action);
    else if (d.turnDie != null) act("turn", Number(d.turnDie));
    else if (d.facePick != null) act("face", Number(d.facePick));
    else if (d.die != null) act(`die${d.die}`);
    else if (d.grouping != null) act("grouping", [d.grouping, d.turned ? d.turned.split(",").map(Number) : []]);
    else if (d.group != null) act("group", Number(d.group));
  }

  // Annotate mode: a click on the board or the tray highlights (in the colour picked) instead
  // of playing. Capture phase: Level X's own click handling never sees it.
  function onAnnotateClick(e) {
    if (!reviewUI.annotating()) return;
    if (!boardView.el.contains(e.target) && !trayEl.contains(e.target)) return;
    e.preventDefault();
    e.stopImmediatePropagation(); // nothing else sees it (listeners on the root included)
    reviewUI.highlight(LA.targetOf(e.target));
  }

  // Drag and drop of dice between the tray and groups.
  function onDragStart(e) {
    if (shown && shown.setup && !reviewUI.annotating()) {
      const node = setupNodeOf(e.target);
      if (node && (node.kind === "piece" || node.kind === "seat")) {
        e.dataTransfer.setData("text/plain", dragData({ seat: node.seat, row: node.row }));
        e.dataTransfer.effectAllowed = "move";
        e.stopPropagation();
      }
      return;
    }
    const die = e.target.closest && e.target.closest("[data-die]");
    if (!die || !builder) return;
    if (reviewUI.annotating()) {
      e.preventDefault();
      return;
    }
    e.dataTransfer.setData("text/plain", `lxdie:${die.dataset.die}`);
    e.dataTransfer.effectAllowed = "move";
    e.stopPropagation();
  }
  function dropTarget(e) {
    return e.target.closest && e.target.closest("[data-die], [data-group], [data-drop]");
  }
  function setupDrop(e) {
    const node = shown && shown.setup ? setupNodeOf(e.target) : null;
    return node && ["square", "off", "piece"].includes(node.kind) ? node : null;
  }
  function onDragOver(e) {
    if (setupDrop(e)) {
      e.preventDefault();
      e.stopPropagation();
      e.dataTransfer.dropEffect = "move";
      return;
    }
    if (dropTarget(e) && builder) {
      e.preventDefault();
      e.stopPropagation();
      e.dataTransfer.dropEffect = "move";
    }
  }
  function onDrop(e) {
    const node = setupDrop(e);
    if (node) {
      e.preventDefault();
      e.stopPropagation();
      const pick = pickOfDrag(e.dataTransfer.getData("text/plain"));
      if (pick) {
        picked = pick;
        setupAct(node);
      }
      return;
    }
    const target = dropTarget(e);
    const data = e.dataTransfer.getData("text/plain") || "";
    if (!target || !builder || !data.startsWith("lxdie:")) return;
    e.preventDefault();
    e.stopPropagation();
    const from = Number(data.slice(6));
    const d = target.dataset;
    if (d.die != null) builder = G.joinDice(builder, from, Number(d.die));
    else if (d.group != null) builder = G.moveDie(builder, from, Number(d.group));
    else if (d.drop === "new") builder = G.moveDie(builder, from, "new");
    else if (d.drop === "tray") builder = G.moveDie(builder, from, -1);
    errorToast.dismiss();
    drawTrayNow(shown, builder);
  }

  // Set-up mode: Enter or Space on a focused square, row number or piece acts as a click
  // (before the widget's own keys, where Enter plays and Space does nothing).
  function onSetupKey(e) {
    if (!shown || !shown.setup || (e.key !== "Enter" && e.key !== " ")) return;
    const node = setupNodeOf(e.target);
    if (!node || node.el !== e.target) return;
    e.preventDefault();
    e.stopPropagation();
    setupAct(node);
  }

  // ---------------------------------------------------------------- wiring
  const unsubscribe = [
    projector(root, model, { fitEnd: main }), // the board and the dice on one projected screen
    fitWidth(boardView.boardEl),
    subscribe(model, ["view"], () => show(model.get("view"))),
    followView(model), // patches of the view from the kernel (common/patch.js)
    subscribe(model, ["language", "teach", "chances"], () => draw()),
    subscribe(model, ["annotate"], () => {
      draw();
      if (root.dataset.busy === "0") pacer.schedule(shown); // annotating holds the bots back
    }),
  ];
  const domEvents = [
    ["click", onClick],
    ["dragstart", onDragStart],
    ["dragover", onDragOver],
    ["drop", onDrop],
  ];
  root.addEventListener("click", onAnnotateClick, true); // first: it decides whether a click plays
  root.addEventListener("keydown", onSetupKey, true); // before the widget's keys (focus.js)
  for (const [name, handler] of domEvents) root.addEventListener(name, handler);

  show(model.get("view"));

  return () => {
    clearTimers();
    for (const off of unsubscribe) off();
    for (const [name, handler] of domEvents) root.removeEventListener(name, handler);
    root.removeEventListener("click", onAnnotateClick, true);
    root.removeEventListener("keydown", onSetupKey, true);
    for (const cleanup of cleanups) cleanup();
    pacer.cleanup();
    root.remove();
  };
}

export default { initialize: ({ model }) => followView(model), render }; // patches followed at the model (common/patch.js)
