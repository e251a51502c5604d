// Level X widget front end: draws the `view` Python sends and sends small intents back.
// No rule lives here: sums and 5–10 marks are previews; Python validates every move.

import * as G from "./groups.js";
import { describeEvent, t } from "./i18n.js";
import { keyAction } from "./keys.js";
import { boardOf, framesBetween, newEvents } from "./replay.js";
import { dieFace, h, pieceIcon, ROWS } from "./ui.js";

const SQ = 52; // square size (px)
const GAP = 6;
const LABEL = 40; // room for the row number
const FRAME_MS = 260; // one animation step
const GLYPHS = ["●", "■", "▲", "◆"]; // the players' shapes as text

/** Board geometry: where square `sq` (1-based; 0 = off) of row index r sits. */
function squareXY(len, r, sq) {
  const longest = Math.max(...len);
  const col = longest - len[r] + Math.max(sq, 1) - 1;
  return [LABEL + col * (SQ + GAP), r * (SQ + GAP)];
}

function render({ model, el }) {
  const root = h("div", { class: "lx-root", tabindex: "0", "data-busy": "0", "data-seq": "0" });
  el.appendChild(root);

  let view = model.get("view");
  let shown = null; // the view whose final position is on screen
  let board = null; // the board on screen (a frame or shown's)
  let flash = null; // the event of the frame on screen
  let builder = null;
  let builderKey = "";
  let picker = -1; // die whose Lucky Loser face picker is open
  let timers = [];
  let botTimer = null;
  let errorSeen = model.get("error_id");
  let errorText = "";
  const pieces = new Map(); // "p-r" -> element (kept so moves animate)

  const lang = () => model.get("language") || "en";
  const L = (key, params) => t(lang(), key, params);
  const send = (msg) => model.send(msg);

  // ---------------------------------------------------------------- skeleton (built once)
  const header = h("div", { class: "lx-header" });
  const boardEl = h("div", { class: "lx-board", "data-board": "" });
  const squaresLayer = h("div", { class: "lx-squares" });
  const piecesLayer = h("div", { class: "lx-pieces" });
  const ticker = h("div", { class: "lx-ticker", "aria-live": "polite" });
  boardEl.append(squaresLayer, piecesLayer);
  const side = h("div", { class: "lx-side" });
  const players = h("div", { class: "lx-players" });
  const teachEl = h("div", { class: "lx-teach", "data-teach-panel": "" });
  const bottom = h("div", { class: "lx-bottom" });
  const main = h("div", { class: "lx-main" }, h("div", { class: "lx-boardwrap" }, ticker, boardEl), side);
  root.append(header, main, players, teachEl, bottom);

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

  function draw() {
    const v = shown;
    if (!v) return;
    const t0 = performance.now();
    root.dataset.phase = v.phase;
    root.dataset.cur = String(v.cur);
    root.classList.toggle("lx-over", v.phase === "over");
    drawHeader(v);
    drawBoard(v, board || boardOf(v));
    drawSide(v);
    drawPlayers(v, board || boardOf(v));
    drawTeach(v);
    drawBottom(v);
    root.dataset.drawMs = (performance.now() - t0).toFixed(1); // for benchmarks
    root.dataset.seq = String(v.seq); // last: tests and benchmarks wait for it
  }

  function drawHeader(v) {
    const status = h("div", { class: "lx-status", "data-status": "" });
    if (v.phase === "over") {
      const names = v.winners.map((w) => v.names[w]).join(lang() === "de" ? " und " : " and ");
      status.append(
        h("span", { class: "lx-round" }, L("gameOver")),
        h("span", { class: "lx-whose lx-win" }, L(v.winners.length > 1 ? "winPlural" : "wins", { names })),
      );
    } else {
      const name = v.names[v.cur];
      const isBot = Boolean(v.bots[v.cur]);
      status.append(
        h("span", { class: "lx-round", "data-round": String(v.round) }, L("round", { n: v.round })),
        h(
          "span",
          { class: "lx-whose", "data-whose": String(v.cur) },
          pieceIcon(v.cur, 18),
          isBot ? L("botThinking", { name }) : L(v.phase === "roll" ? "toRoll" : "toPlay", { name }),
        ),
      );
      if (v.lastRound) status.append(h("span", { class: "lx-last" }, L("lastRound")));
    }
    const tools = h(
      "div",
      { class: "lx-tools" },
      h("button", { class: "lx-btn lx-ghost", "data-action": "undo", title: `${L("undo")} (←)`, disabled: !v.canUndo }, `↶ ${L("undo")}`),
      h("button", { class: "lx-btn lx-ghost", "data-action": "redo", title: `${L("redo")} (→)`, disabled: !v.canRedo }, `${L("redo")} ↷`),
      h(
        "button",
        { class: `lx-btn lx-ghost${model.get("teach") ? " lx-on" : ""}`, "data-action": "teach", "aria-pressed": String(model.get("teach")), title: `${L("teach")} (t)` },
        L("teach"),
      ),
    );
    header.replaceChildren(h("div", { class: "lx-title" }, "Level ", h("b", {}, "X")), status, tools);
  }

  function drawBoard(v, b) {
    const longest = Math.max(...v.len);
    const width = LABEL + longest * (SQ + GAP) + 84;
    const height = ROWS.length * (SQ + GAP) - GAP;
    boardEl.style.width = `${width}px`;
    boardEl.style.height = `${height}px`;
    const ev = flash;
    const evRow = ev && ev[2] != null ? ev[2] - 5 : -1;
    const nodes = [];
    ROWS.forEach((row, r) => {
      const closed = b.chips[r] === 0;
      const [x0, y] = squareXY(v.len, r, 1);
      nodes.push(
        h("div", { class: "lx-rowlabel", style: `left:${x0 - LABEL}px;top:${y}px;height:${SQ}px;width:${LABEL - 6}px` }, String(row)),
      );
      for (let sq = 1; sq <= v.len[r]; sq++) {
        const [x] = squareXY(v.len, r, sq);
        const isX = sq === v.len[r];
        const cls = ["lx-square"];
        if (isX) cls.push("lx-x");
        if (isX && b.pos.some((pp) => pp[r] === sq)) cls.push("lx-held-x");
        if (closed) cls.push("lx-closed");
        if (ev && evRow === r && ev[0] === "ousted" && isX) cls.push("lx-boom");
        nodes.push(
          h(
            "div",
            { class: cls.join(" "), "data-row": String(row), "data-square": String(sq), style: `left:${x}px;top:${y}px` },
            isX ? "X" : "",
          ),
        );
      }
      const [xX] = squareXY(v.len, r, v.len[r]);
      const chipCls = ["lx-stack"];
      if (closed) chipCls.push("lx-closed");
      if (ev && evRow === r && (ev[0] === "chip" || ev[0] === "row_closed")) chipCls.push("lx-pulse");
      nodes.push(
        h(
          "div",
          { class: chipCls.join(" "), "data-chips": String(row), "data-count": String(b.chips[r]), style: `left:${xX + SQ + 12}px;top:${y + 6}px` },
          h("span", { class: "lx-chip" }, String(row)),
          h("span", { class: "lx-count" }, closed ? L("closed") : `× ${b.chips[r]}`),
        ),
      );
    });
    squaresLayer.replaceChildren(...nodes);
    drawPieces(v, b);
    if (ev) {
      ticker.textContent = describeEvent(lang(), ev, v.names);
      ticker.classList.add("lx-live");
    } else {
      const last = newEvents(v).filter((e) => e[0] !== "turn_passed" && e[0] !== "rolled").slice(-1)[0];
      ticker.textContent = last ? describeEvent(lang(), last, v.names) : "";
      ticker.classList.remove("lx-live");
    }
  }

  function drawPieces(v, b) {
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
          node = h("div", { class: "lx-piece", "data-player": String(player), "data-row": String(row) }, pieceIcon(player, 30));
          node.style.opacity = "0";
          const [x, y] = squareXY(v.len, r, 1);
          node.style.transform = `translate(${x + 11}px, ${y + 11}px) scale(0.2)`;
          pieces.set(key, node);
          piecesLayer.appendChild(node);
        }
        const sq = p[r];
        node.dataset.square = String(sq);
        const moving = flash && flash[1] === player && flash[2] === row;
        node.classList.toggle("lx-moving", Boolean(moving));
        if (sq === 0) {
          const [x, y] = squareXY(v.len, r, 1);
          node.style.opacity = "0";
          node.style.transform = `translate(${x + 11 - SQ * 0.6}px, ${y + 11}px) scale(0.3)`;
          node.setAttribute("aria-hidden", "true");
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
        node.removeAttribute("aria-hidden");
        node.title = `${v.names[player]}: ${row} / ${sq}`;
      });
    });
    for (const [key, node] of pieces) {
      if (!seen.has(key)) {
        node.remove();
        pieces.delete(key);
      }
    }
  }

  function drawSide(v) {
    const b = currentBuilder();
    const human = !v.bots[v.cur] && v.phase !== "over";
    const parts = [];
    if (v.phase === "over") {
      const names = v.winners.map((w) => v.names[w]).join(lang() === "de" ? " und " : " and ");
      const ranking = v.names
        .map((name, p) => [v.score[p], p])
        .sort((a, b) => b[0] - a[0])
        .map(([score, p]) => h("div", { class: "lx-rank" }, pieceIcon(p, 20), h("span", { class: "lx-name" }, v.names[p]), h("b", {}, String(score))));
      parts.push(
        h(
          "div",
          { class: "lx-result", "data-result": "" },
          h("div", { class: "lx-resulttitle" }, `★ ${L(v.winners.length > 1 ? "winPlural" : "wins", { names })}`),
          ...ranking,
        ),
      );
      side.replaceChildren(...parts);
      return;
    }
    // dice
    const tray = h("div", { class: "lx-tray", "data-drop": "tray" });
    const groupsInfo = b ? G.groupSums(b) : [];
    for (let i = 0; i < 4; i++) {
      if (!v.dice) {
        tray.append(h("div", { class: "lx-die lx-blank", "data-die": String(i) }, dieFace(0, 54)));
        continue;
      }
      const g = b.groupOf[i];
      const turned = b.faces[i] !== b.dice[i];
      const die = h(
        "button",
        {
          class: `lx-die${g >= 0 ? ` lx-in lx-g${g}` : ""}${turned ? " lx-turned" : ""}`,
          "data-die": String(i),
          "data-face": String(b.faces[i]),
          "data-group": g >= 0 ? undefined : undefined,
          "data-in": g >= 0 ? "ABCD"[g] : "",
          draggable: human ? "true" : "false",
          disabled: !human,
          title: `${i + 1}`,
        },
        dieFace(b.faces[i], 54),
        g >= 0 ? h("span", { class: "lx-badge" }, "ABCD"[g]) : "",
      );
      const cell = h("div", { class: "lx-diecell" }, die);
      if (human && v.turnable > 0 && b.dice[i] === 1) {
        cell.append(
          h("button", { class: "lx-turnbtn", "data-turn-die": String(i), title: L("turnOne") }, turned ? `1→${b.faces[i]}` : "↻ 1"),
        );
      }
      tray.append(cell);
    }
    parts.push(tray);
    if (picker >= 0 && b && human) {
      const pick = h("div", { class: "lx-picker", "data-picker": String(picker) }, h("span", {}, L("turnTitle")));
      for (let f = 1; f <= 6; f++) {
        pick.append(h("button", { class: "lx-facebtn", "data-face-pick": String(f) }, dieFace(f, 28)));
      }
      parts.push(pick);
    }
    // groups
    if (v.dice && b) {
      const list = h("div", { class: "lx-groups" });
      groupsInfo.forEach((gi, k) => {
        const cls = ["lx-group", `lx-g${k}`, gi.faces.length ? (gi.valid ? "lx-valid" : "lx-invalid") : "lx-empty"];
        if (k === b.active) cls.push("lx-active");
        list.append(
          h(
            "div",
            { class: cls.join(" "), "data-group": String(k), "data-sum": String(gi.sum), "data-valid": String(gi.valid) },
            h("span", { class: "lx-gname" }, "ABCD"[k]),
            h("span", { class: "lx-gfaces" }, gi.faces.length ? gi.faces.join(" + ") : "…"),
            h("span", { class: "lx-gsum" }, gi.faces.length ? L("sum", { sum: gi.sum }) : ""),
            h("span", { class: "lx-gmark", "aria-label": gi.valid ? "valid" : "invalid" }, gi.faces.length ? (gi.valid ? "✓" : "✗") : ""),
          ),
        );
      });
      if (human) list.append(h("button", { class: "lx-group lx-new", "data-action": "newGroup", "data-drop": "new" }, L("dropNew")));
      parts.push(list);
    }
    // buttons
    const acts = h("div", { class: "lx-actions" });
    if (human && v.phase === "roll") {
      acts.append(h("button", { class: "lx-btn lx-primary", "data-action": "roll" }, L("roll")));
      parts.push(h("p", { class: "lx-hint" }, L("rollHint")));
    } else if (human && v.phase === "play" && b) {
      const intent = G.toIntent(b);
      const label = intent.groups.length ? `${L("confirm")}: ${G.groupSums(b).filter((g) => g.faces.length).map((g) => g.sum).join(" · ")}` : L("pass");
      acts.append(
        h("button", { class: "lx-btn lx-primary", "data-action": "confirm" }, `✔ ${label}`),
        h("button", { class: "lx-btn", "data-action": "clear" }, L("clear")),
      );
      parts.push(h("p", { class: "lx-hint" }, L("groupsHint")));
    } else if (v.phase !== "over") {
      parts.push(h("p", { class: "lx-hint" }, L("waitBot")));
    }
    parts.splice(parts.length - 1, 0, acts);
    if (v.future.length) parts.push(h("p", { class: "lx-hint lx-browse" }, L("browsing")));
    const err = model.get("error");
    if (err && errorText) parts.push(h("div", { class: "lx-error", role: "alert", "data-error": "" }, `⚠ ${err}`));
    side.replaceChildren(...parts);
  }

  function drawPlayers(v, b) {
    const cards = v.names.map((name, p) => {
      const cls = ["lx-card"];
      if (p === v.cur && v.phase !== "over") cls.push("lx-current");
      if (v.winners.includes(p)) cls.push("lx-winner");
      const chips = h("div", { class: "lx-held" });
      ROWS.forEach((row, r) => {
        const n = b.held[p][r];
        chips.append(
          h("span", { class: `lx-minichip${n ? "" : " lx-zero"}`, "data-held": `${p}-${row}`, title: `${row}` }, h("b", {}, String(row)), `×${n}`),
        );
      });
      return h(
        "div",
        { class: cls.join(" "), "data-player-card": String(p), style: `--lx-pc:var(--lx-p${p})` },
        h(
          "div",
          { class: "lx-cardtop" },
          pieceIcon(p, 22),
          h("span", { class: "lx-name" }, name),
          v.bots[p] ? h("span", { class: "lx-tag", title: `${L("bot")}: ${v.bots[p]}` }, `${L("bot")} · ${v.bots[p]}`) : "",
          v.winners.includes(p) ? h("span", { class: "lx-crown", title: "winner" }, "★") : "",
          h("span", { class: "lx-score", "data-score": String(p) }, String(v.score[p])),
        ),
        chips,
        h(
          "div",
          { class: "lx-tiles" },
          `${L("tiles")}: `,
          ...(v.tiles[p].length ? v.tiles[p].map((x) => h("span", { class: "lx-tile" }, `+${x}`)) : ["—"]),
        ),
      );
    });
    const stack = h(
      "div",
      { class: "lx-card lx-stackcard" },
      h("div", { class: "lx-cardtop" }, h("span", { class: "lx-name" }, L("tiles"))),
      h("div", { class: "lx-tiles" }, ...(v.tilesLeft.length ? v.tilesLeft.map((x) => h("span", { class: "lx-tile" }, `${x}`)) : ["—"])),
    );
    players.replaceChildren(...cards, stack);
  }

  function drawTeach(v) {
    const on = model.get("teach");
    teachEl.hidden = !on;
    if (!on) return;
    const chances = model.get("chances") || {};
    const bars = h("div", { class: "lx-chances" });
    for (const row of ROWS) {
      const [p, exact] = chances[String(row)] || [0, ""];
      bars.append(
        h(
          "div",
          { class: "lx-bar", "data-chance": String(row) },
          h("span", { class: "lx-barlabel" }, String(row)),
          h("span", { class: "lx-bartrack" }, h("span", { class: "lx-barfill", style: `width:${(p * 100).toFixed(1)}%` })),
          h("span", { class: "lx-barval", title: exact }, `${(p * 100).toFixed(1)} %`),
          h("span", { class: "lx-barexact" }, exact),
        ),
      );
    }
    const list = h("div", { class: "lx-groupings" });
    if (v.teach && v.dice) {
      for (const [nota, turned, left] of v.teach) {
        const turnText = turned.length ? ` (1→${turned.join(", 1→")})` : "";
        const leftText = left.length ? ` · ${L("leftOut")}: ${left.join(", ")}` : "";
        list.append(h("button", { class: "lx-grouping", "data-grouping": nota, "data-turned": turned.join(",") }, `${nota}${turnText}${leftText}`));
      }
    } else {
      list.append(h("p", { class: "lx-hint" }, L("noDice")));
    }
    teachEl.replaceChildren(
      h("div", { class: "lx-teachcol" }, h("h4", {}, L("chanceTitle")), bars),
      h("div", { class: "lx-teachcol" }, h("h4", {}, L("teachTitle", { dice: v.dice ? v.dice.join("-") : "–" })), list),
    );
  }

  function drawBottom(v) {
    const log = h("ol", { class: "lx-log", "data-log": "" });
    const fresh = v.new || 0;
    v.log.forEach((ev, i) => {
      if (ev[0] === "turn_passed") return;
      const li = h("li", { class: i >= v.log.length - fresh ? "lx-fresh" : "", "data-kind": ev[0] }, describeEvent(lang(), ev, v.names));
      log.prepend(li);
    });
    const n = v.names.length;
    const moves = h("ol", { class: "lx-moves", "data-moves": "" });
    moves.append(h("li", {}, h("button", { class: `lx-move${v.moves.length === 0 ? " lx-here" : ""}`, "data-goto": "0" }, L("start"))));
    const all = [...v.moves, ...v.future];
    all.forEach((m, i) => {
      const here = i === v.moves.length - 1;
      const cls = `lx-move${here ? " lx-here" : ""}${i >= v.moves.length ? " lx-future" : ""}`;
      moves.append(
        h(
          "li",
          {},
          h(
            "button",
            { class: cls, "data-goto": String(i + 1), title: v.names[i % n] },
            h("span", { class: `lx-glyph lx-c${i % n}` }, GLYPHS[i % n]), // text, not SVG: long lists draw fast
            ` ${i + 1}. ${m}`,
          ),
        ),
      );
    });
    bottom.replaceChildren(
      h("div", { class: "lx-logwrap" }, h("h4", {}, L("log")), log),
      h("div", { class: "lx-moveswrap" }, h("h4", {}, L("moves")), moves),
    );
    // Scroll the current move into view after layout (reading sizes now would force a layout).
    requestAnimationFrame(() => {
      const here = moves.querySelector(".lx-here");
      if (here && moves.scrollHeight > moves.clientHeight) moves.scrollTop = here.offsetTop - moves.clientHeight / 2;
    });
    root.title = L("keysHelp");
  }

  // ---------------------------------------------------------------- showing views (animation)
  function clearTimers() {
    for (const id of timers) clearTimeout(id);
    timers = [];
    if (botTimer) clearTimeout(botTimer);
    botTimer = null;
  }

  function show(next) {
    clearTimers();
    const frames = model.get("animate") && shown ? framesBetween(shown, next) : [];
    shown = next;
    if (!frames.length) {
      finish();
      return;
    }
    root.dataset.busy = "1";
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
    root.dataset.busy = "0";
    scheduleBot();
  }

  function scheduleBot() {
    const v = shown;
    const delay = model.get("bot_delay");
    if (!v || v.phase === "over" || !v.bots[v.cur] || v.future.length || delay <= 0) return;
    const seq = v.seq;
    botTimer = setTimeout(() => send({ type: "advance", seq }), delay);
  }

  // ---------------------------------------------------------------- intents
  function act(action, arg) {
    const v = shown;
    if (!v) return;
    const b = builder;
    const human = !v.bots[v.cur] && v.phase !== "over";
    switch (action) {
      case "roll":
        send({ type: "roll" });
        return;
      case "confirm":
        if (b && v.phase === "play") send(G.toIntent(b));
        else if (v.phase === "roll" && human) send({ type: "roll" });
        return;
      case "undo":
        send({ type: "undo" });
        return;
      case "redo":
        send({ type: "redo" });
        return;
      case "first":
        send({ type: "goto", turns: 0 });
        return;
      case "last":
        send({ type: "goto", turns: v.moves.length + v.future.length });
        return;
      case "goto":
        send({ type: "goto", turns: arg });
        return;
      case "teach":
        model.set("teach", !model.get("teach"));
        model.save_changes();
        return;
      default:
        break;
    }
    if (!b || !human) return;
    errorText = ""; // the player is fixing the move: put the last message away
    if (action === "clear") {
      builder = G.newBuilder(v.dice);
      picker = -1;
    } else if (action === "newGroup") builder = G.newGroup(b);
    else if (action.startsWith("die")) builder = G.toggleDie(b, Number(action.slice(3)));
    else if (action === "group") builder = G.setActive(b, arg);
    else if (action === "turn") picker = picker === arg ? -1 : arg;
    else if (action === "face") {
      builder = G.setFace(b, picker, arg, v.turnable);
      picker = -1;
    } else if (action === "grouping") builder = G.fromGrouping(v.dice, arg[0], arg[1]);
    drawSide(v);
  }

  function onClick(e) {
    const target = e.target.closest("button, [data-group]");
    if (!target || !root.contains(target) || target.disabled) return;
    const d = target.dataset;
    if (d.action) act(d.action);
    else if (d.turnDie != null) act("turn", Number(d.turnDie));
    else if (d.facePick != null) act("face", Number(d.facePick));
    else if (d.die != null) act(`die${d.die}`);
    else if (d.goto != null) act("goto", Number(d.goto));
    else if (d.grouping != null) act("grouping", [d.grouping, d.turned ? d.turned.split(",").map(Number) : []]);
    else if (d.group != null) act("group", Number(d.group));
  }

  function onKey(e) {
    const action = keyAction(e);
    if (!action) return; // not ours: let the notebook have it
    const tag = e.target && e.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA") return;
    e.preventDefault();
    e.stopPropagation(); // JupyterLab 4 listens on document in the bubbling phase
    act(action);
  }

  // Keep the keyboard with the widget after a click (the notebook may move focus away).
  function onPointerDown(e) {
    e.stopPropagation();
    setTimeout(() => {
      if (!root.contains(document.activeElement)) root.focus({ preventScroll: true });
    }, 0);
  }

  // Drag and drop of dice between the tray and groups.
  function onDragStart(e) {
    const die = e.target.closest && e.target.closest("[data-die]");
    if (!die || !builder) return;
    e.dataTransfer.setData("text/plain", `lxdie:${die.dataset.die}`);
    e.dataTransfer.effectAllowed = "move";
    e.stopPropagation();
  }
  function dropTarget(e) {
    return e.target.closest && e.target.closest("[data-die], [data-group], [data-drop]");
  }
  function onDragOver(e) {
    if (dropTarget(e) && builder) {
      e.preventDefault();
      e.stopPropagation();
      e.dataTransfer.dropEffect = "move";
    }
  }
  function onDrop(e) {
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
    errorText = "";
    drawSide(shown);
  }

  // ---------------------------------------------------------------- wiring
  const onView = () => {
    view = model.get("view");
    show(view);
  };
  const onError = () => {
    const id = model.get("error_id");
    if (id !== errorSeen) {
      errorSeen = id;
      errorText = model.get("error");
      root.dataset.errorId = String(id);
    }
    if (!model.get("error")) errorText = "";
    if (shown) drawSide(shown);
  };
  const redraw = () => draw();
  // One table for subscribing and for the cleanup, so neither can miss a handler.
  const subscriptions = [
    ["change:view", onView],
    ["change:error", onError],
    ["change:error_id", onError],
    ["change:language", redraw],
    ["change:teach", redraw],
    ["change:chances", redraw],
  ];
  for (const [name, handler] of subscriptions) model.on(name, handler);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  root.addEventListener("pointerdown", onPointerDown);
  root.addEventListener("dragstart", onDragStart);
  root.addEventListener("dragover", onDragOver);
  root.addEventListener("drop", onDrop);

  show(view);
  if (model.get("error")) {
    errorText = model.get("error");
    drawSide(shown);
  }

  return () => {
    clearTimers();
    for (const [name, handler] of subscriptions) model.off(name, handler);
    root.remove();
  };
}

export default { render };
