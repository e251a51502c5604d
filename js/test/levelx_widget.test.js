// The whole Level X front end in node: the DOM contract the browser tests and benchmarks rely
// on, intents sent once per click or key (shared components and Level X never both), bot pacing
// after the replay animation, and a cleanup that leaves no listener or node behind.
// Views in fixtures/levelx_views.json come from LevelXWidget (Python) in its usual states.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { FakeModel, click, fakeTimers, key, setupDom } from "./helpers/fake.js";
import widget from "../src/levelx.js";

const V = JSON.parse(readFileSync(new URL("./fixtures/levelx_views.json", import.meta.url)));
const { el } = setupDom();

function mount(view, extra = {}) {
  const model = new FakeModel({ view, error: "", error_id: 0, language: "en", teach: false, chances: V.chances, animate: false, bot_delay: 0, ...extra });
  const cleanup = widget.render({ model, el });
  const root = el.querySelector(".lx-root");
  return { model, cleanup, root, q: (s) => root.querySelector(s), qa: (s) => [...root.querySelectorAll(s)] };
}

test("the DOM contract: root data-*, board, dice, toolbar, move list, log", () => {
  const { model, cleanup, root, q, qa } = mount(V.start);
  assert.equal(root.className, "lw-root lx-root");
  assert.deepEqual([root.dataset.seq, root.dataset.phase, root.dataset.cur, root.dataset.busy], [String(V.start.seq), "roll", "0", "0"]);
  assert.ok(q("[data-board]"));
  assert.equal(qa("[data-chips]").length, 6);
  assert.ok(qa("[data-row]").length >= 18);
  assert.equal(qa("[data-die]").length, 4);
  assert.ok(q("button[data-action=roll]"));
  assert.deepEqual(qa(".lw-tools [data-action]").map((b) => b.dataset.action), ["undo", "redo", "teach", "setup", "help", "new_game"]);
  assert.equal(q("[data-action=undo]").textContent, "↶ Undo");
  assert.equal(q("[data-goto='0']").textContent, "Start");
  assert.equal(q("[data-teach-panel]").hidden, true);
  assert.equal(q("[data-whose]").textContent, "Ann to roll");
  assert.equal(q("[data-error]"), null);
  assert.ok(q("[data-log]") && q("[data-moves]"));
  model.set("language", "de");
  assert.equal(q("[data-action=undo]").textContent, "↶ Zurück");
  assert.equal(q("[data-whose]").textContent, "Ann würfelt");
  assert.equal(q("[data-action=roll]").textContent, "Würfeln");
  cleanup();
});

test("clicks and keys send one intent each", () => {
  const { model, cleanup, root, q } = mount(V.start, { view: V.start });
  click(q("[data-action=roll]"));
  key(root, "r");
  key(root, "ArrowLeft");
  click(q("[data-action=undo]")); // the toolbar's button (disabled at the start: nothing)
  assert.deepEqual(model.sent, [{ type: "roll" }, { type: "roll" }, { type: "undo" }]);
  model.set("view", V.botTurn);
  model.sent.length = 0;
  click(q("[data-action=undo]"));
  click(q("[data-goto='0']"));
  key(root, "Home");
  assert.deepEqual(model.sent, [{ type: "undo" }, { type: "goto", turns: 0 }, { type: "goto", turns: 0 }]);
  cleanup();
});

test("grouping dice previews sums; confirm sends the groups; an error shows until the player fixes the move", () => {
  const { model, cleanup, root, q, qa } = mount(V.play);
  assert.deepEqual(qa("[data-die][data-face]").map((d) => Number(d.dataset.face)), V.play.dice);
  click(q("button[data-die='0']"));
  click(q("button[data-die='2']"));
  assert.deepEqual([q("[data-group='0']").dataset.sum, q("[data-group='0']").dataset.valid], ["5", "true"]);
  click(q("[data-action=newGroup]"));
  key(root, "4");
  assert.equal(q("[data-group='1']").dataset.sum, "5");
  click(q("[data-action=confirm]"));
  assert.deepEqual(model.sent, [{ type: "play", groups: [[1, 4], [5]] }]);
  model.update({ error: "Rows go from 5 to 10.", error_id: 1 });
  assert.equal(q("[data-error]").textContent, "⚠ Rows go from 5 to 10.");
  assert.equal(q("[data-error]").getAttribute("role"), "alert");
  click(q("[data-action=clear]"));
  assert.equal(q("[data-error]"), null);
  assert.equal(qa(".lx-die.lx-in").length, 0);
  // Lucky Loser: turn the second 1 into a 6.
  click(q("[data-turn-die='1']"));
  click(q("[data-face-pick='6']"));
  assert.equal(q("button[data-die='1']").dataset.face, "6");
  // Only one 1 may be turned in this roll: turning the other says why instead of nothing.
  click(q("[data-turn-die='0']"));
  click(q("[data-face-pick='5']"));
  assert.equal(q("button[data-die='0']").dataset.face, "1");
  assert.match(q("[data-error]").textContent, /only 1 of the 1s of this roll/);
  assert.deepEqual(model.sent, [{ type: "play", groups: [[1, 4], [5]] }]); // nothing sent
  cleanup();
});

test("the teach button toggles the trait; the panel lists chances and groupings", () => {
  const { model, cleanup, q, qa } = mount(V.play);
  click(q("[data-action=teach]"));
  assert.equal(model.get("teach"), true);
  assert.equal(model.saved, 1);
  model.set("view", V.teachPlay);
  assert.equal(q("[data-teach-panel]").hidden, false);
  assert.equal(qa("[data-teach-panel] [data-chance]").length, 6);
  assert.equal(qa("[data-grouping]").length, V.teachPlay.teach.length);
  assert.equal(q("[data-action=teach]").getAttribute("aria-pressed"), "true");
  click(q("[data-grouping]"));
  assert.ok(q("[data-group='0']"));
  cleanup();
});

test("a consecutive view animates (data-busy), then the pacer asks for the bot's move", () => {
  const clock = fakeTimers();
  try {
    const { model, cleanup, root, q } = mount(V.play, { animate: true, bot_delay: 700 });
    const next = { ...V.botTurn, seq: V.play.seq + 1 };
    model.set("view", next);
    assert.equal(root.dataset.busy, "1");
    clock.tick(0); // the first frame draws the new view (data-seq last)
    assert.equal(root.dataset.seq, String(next.seq));
    assert.ok(q(".lx-ticker.lx-live"));
    clock.tick(5000);
    assert.equal(root.dataset.busy, "0");
    assert.equal(q(".lx-ticker.lx-live"), null);
    assert.deepEqual(model.sent, []);
    clock.tick(700);
    assert.deepEqual(model.sent, [{ type: "advance", seq: next.seq }]);
    cleanup();
    assert.equal(clock.pending(), 0);
  } finally {
    clock.restore();
  }
});

test("game over: result panel, winners marked, no pacing", () => {
  const { model, cleanup, root, q, qa } = mount(V.over, { bot_delay: 10 });
  assert.equal(root.dataset.phase, "over");
  assert.ok(q("[data-result]"));
  assert.equal(qa(".lx-winner").length, V.over.winners.length);
  assert.equal(qa("[data-goto]").length, V.over.moves.length + 1);
  cleanup();
  assert.deepEqual(model.sent, []);
});

test("cleanup removes every model listener and the widget's nodes", () => {
  const { model, cleanup, root } = mount(V.play, { error: "x", error_id: 1 });
  assert.ok(model.listenerCount() > 0);
  cleanup();
  assert.equal(model.listenerCount(), 0);
  assert.equal(el.children.length, 0);
  click(root.querySelector("[data-action=confirm]"));
  key(root, "r");
  assert.deepEqual(model.sent, []);
});

test("no accidental pass: with moves possible Play waits for groups and passing is spelled out", () => {
  const withMoves = { ...V.play, moveCount: 7, canMove: true };
  const { model, cleanup, root, q } = mount(withMoves);
  const play = q("[data-action=confirm]");
  assert.equal(play.disabled, true);
  assert.match(play.textContent, /Group dice to play/);
  assert.equal(q("[data-action=pass]").textContent, "Pass: give up this roll");
  assert.match(q("[data-action=pass]").title, /7 moves are possible/);
  key(root, "Enter"); // Enter with no group is no pass
  assert.deepEqual(model.sent, []);
  click(q("[data-action=pass]"));
  assert.deepEqual(model.sent, [{ type: "play", groups: [] }]);
  model.sent.length = 0;
  click(q("button[data-die='3']")); // a 5 alone: a group, so Play plays it
  assert.equal(q("[data-action=confirm]").disabled, false);
  key(root, "Enter");
  assert.deepEqual(model.sent, [{ type: "play", groups: [[5]] }]);
  model.set("language", "de");
  cleanup();
});

test("with no move possible the one button says so, and the move list says passes in words", () => {
  const stuck = { ...V.play, moveCount: 0, canMove: false, moves: ["-"], log: [[`${V.play.names[1]} passes.`, "passed", 1]], new: 0 };
  const { model, cleanup, root, q } = mount(stuck);
  assert.equal(q("[data-action=confirm]").textContent, "✔ Pass (no move possible)");
  assert.equal(q("[data-action=pass]"), null);
  assert.match(q("[data-goto='1']").textContent, /1\. passes/);
  assert.ok(q("[data-log]").textContent.includes(`${stuck.names[1]} passes.`)); // as text
  key(root, "Enter");
  assert.deepEqual(model.sent, [{ type: "play", groups: [] }]);
  model.set("language", "de");
  assert.match(q("[data-goto='1']").textContent, /1\. passt/);
  cleanup();
});

test("the teaching overlay writes a pass as a pass, not as a dash with every die left out", () => {
  const view = { ...V.teachPlay, teach: [["1+4 5", [], [1]], ["-", [], [1, 1, 4, 5]]] };
  const { cleanup, qa } = mount(view, { teach: true });
  const rows = qa("[data-grouping]").map((b) => b.textContent);
  assert.deepEqual(rows, ["1+4 5 · left out: 1", "pass (no move)"]);
  cleanup();
});

test("the ? panel explains the rules in short, in both languages; chips and tiles have tooltips", () => {
  const { model, cleanup, root, q, qa } = mount(V.start);
  assert.equal(q("[data-help]").hidden, true);
  key(root, "?");
  assert.equal(q("[data-help]").hidden, false);
  assert.equal(q("[data-action=help]").getAttribute("aria-pressed"), "true");
  assert.equal(qa("[data-help-item]").length, 8);
  assert.match(q("[data-help-item=lucky]").textContent, /Lucky Loser/);
  assert.match(q("[data-help-item=end]").textContent, /three rows have closed/);
  model.set("language", "de");
  assert.match(q("[data-help-item=lucky]").textContent, /Glückspilz/);
  click(q("[data-action=help]"));
  assert.equal(q("[data-help]").hidden, true);
  assert.deepEqual(model.sent, []); // the panel is the browser's own: nothing sent
  assert.match(q("[data-chips='5']").title, /Reihe 5: noch \d+ Chips zu je 5/);
  assert.match(q("[data-tiles-left] .lx-tile").title, /Bonusplättchen 15, als Nächstes dran/);
  cleanup();
});

test("looking back at a bot's turn says the bot is paused, not playing", () => {
  const live = mount(V.botTurn);
  assert.equal(live.q("[data-whose]").textContent, "<b>Bot</b> (bot) is playing…");
  assert.equal(live.q(".lx-hint").textContent, "Waiting for the bot…");
  live.cleanup();
  const back = mount({ ...V.botTurn, future: ["2+3"] });
  assert.equal(back.q("[data-whose]").textContent, "<b>Bot</b> (bot) waits while you look back");
  assert.match(back.q(".lx-hint").textContent, /^Paused while you look back/);
  back.model.set("language", "de");
  assert.equal(back.q("[data-whose]").textContent, "<b>Bot</b> (Bot) wartet, solange du zurückblätterst");
  back.cleanup();
});

test("the exact chance of the roll just made stands next to the dice, in both languages", () => {
  const { model, cleanup, q } = mount({ ...V.play, dice: [6, 1, 2, 1], rollWays: [12, 1296] });
  const p = q("[data-roll-chance]");
  assert.equal(p.dataset.rollChance, "12/1296");
  assert.equal(p.textContent, "1-1-2-6 comes up 12 times in 1,296 rolls (exact)");
  model.set("language", "de");
  assert.equal(q("[data-roll-chance]").textContent, "1-1-2-6 fällt 12-mal in 1.296 Würfen (genau)");
  cleanup();
  const before = mount(V.start);
  assert.equal(before.q("[data-roll-chance]"), null); // nothing rolled yet
  before.cleanup();
});

test("the teaching overlay lists the best move (★) first", () => {
  const teach = V.teachPlay.teach.map(([nota, turned, left], i) => [nota, turned, left, `k${i}`]);
  const last = teach.length - 1;
  const advice = Object.fromEntries(teach.map((row, i) => [row[3], { rank: i === last ? 1 : i + 2, ev: 1, exact: "1" }]));
  const { cleanup, qa } = mount({ ...V.teachPlay, teach, advice }, { teach: true });
  const rows = qa("[data-grouping]");
  assert.equal(rows.length, teach.length);
  assert.equal(rows[0].dataset.grouping, teach[last][0]);
  assert.equal(rows[0].dataset.rank, "1");
  assert.ok(rows[0].classList.contains("lx-best"));
  assert.equal(rows[1].dataset.grouping, teach[0][0]); // the others keep their order
  cleanup();
});

test("render reports the page's language once (a trait, not a request); none when the page has none", () => {
  const real = Object.getOwnPropertyDescriptor(globalThis, "navigator");
  Object.defineProperty(globalThis, "navigator", { value: { language: "" }, configurable: true, writable: true });
  try {
    const first = mount(V.start);
    assert.equal(first.model.get("page_language"), undefined); // no lang anywhere: nothing sent
    assert.equal(first.model.saved, 0);
    first.cleanup();
    globalThis.navigator = { language: "en-GB" };
    document.documentElement.lang = "de-AT"; // the document's lang comes first
    const { model, cleanup } = mount(V.start);
    assert.equal(model.get("page_language"), "de-AT");
    assert.equal(model.saved, 1);
    assert.deepEqual(model.sent, []);
    cleanup();
  } finally {
    document.documentElement.lang = "";
    if (real) Object.defineProperty(globalThis, "navigator", real);
    else delete globalThis.navigator;
  }
});

test("a roll redraws the tray in place and leaves the board's squares and the player cards alone", () => {
  const { model, cleanup, q, qa } = mount(V.start);
  const squares = qa(".lx-sqrow > *");
  const cards = qa("[data-player-card]");
  const die = q("[data-die='0']");
  model.set("view", V.play); // the same board, dice on the table
  assert.deepEqual(qa(".lx-sqrow > *"), squares); // not rebuilt
  assert.deepEqual(qa("[data-player-card]"), cards);
  assert.equal(q("[data-die='0']").dataset.face, String(V.play.dice[0]));
  assert.equal(qa("[data-die]").length, 4);
  assert.ok(q("[data-die='0']") === die, "the die rolled is the blank die's button, not a new node");
  assert.equal(die.disabled, false);
  assert.equal(die.classList.contains("lx-blank"), false);
  model.set("view", V.start); // the turn over: the same button, blank and disabled again
  assert.ok(q("[data-die='0']") === die);
  assert.deepEqual([die.disabled, die.classList.contains("lx-blank"), die.hasAttribute("data-face")], [true, true, false]);
  model.set("view", V.play);
  model.set("language", "de"); // a change they show: drawn again, same nodes where the key is equal
  assert.match(q("[data-chips='5']").title, /Chips|Reihe|5/);
  assert.equal(qa(".lx-sqrow > *").length, squares.length);
  cleanup();
});

test("the turn passing moves the current player's mark and leaves the cards' contents alone", () => {
  const { model, cleanup, q, qa } = mount(V.start);
  const current = () => qa("[data-player-card].lx-current").map((c) => c.dataset.playerCard);
  assert.deepEqual(current(), ["0"]);
  const score = q("[data-score='1']").firstChild; // a text node inside a card
  model.set("view", { ...V.start, cur: 1, seq: V.start.seq + 1 }); // only whose turn it is
  assert.deepEqual(current(), ["1"]);
  assert.ok(q("[data-score='1']").firstChild === score, "the card's contents were not rewritten");
  model.set("view", { ...V.start, cur: 1, score: [0, 7], seq: V.start.seq + 2 }); // a score: described again
  assert.equal(q("[data-score='1']").textContent, "7");
  assert.deepEqual(current(), ["1"], "a redescribed card keeps the current player's mark");
  model.set("view", V.over); // nobody is to play once the game is over
  assert.deepEqual(current(), []);
  assert.equal(qa(".lx-winner").length, V.over.winners.length);
  cleanup();
});

test("a roll reads nothing of the position: the board and the player cards are left unread", () => {
  // the position's arrays, the very same in both views (as a patch keeps what it leaves alone)
  let reads = 0;
  const watched = (rows) =>
    new Proxy(rows.map((row) => (Array.isArray(row) ? new Proxy(row, { get: (t, k, r) => (reads++, Reflect.get(t, k, r)) }) : row)), {
      get: (t, k, r) => (reads++, Reflect.get(t, k, r)),
    });
  const position = { pos: watched(V.start.pos), chips: watched(V.start.chips), held: watched(V.start.held) };
  const { model, cleanup, q } = mount({ ...V.start, ...position });
  try {
    reads = 0;
    model.set("view", { ...V.play, ...position }); // the dice come, the position stays
    assert.equal(q("[data-die='0']").dataset.face, String(V.play.dice[0])); // the roll was drawn
    assert.equal(reads, 0);
    model.set("view", { ...V.play, ...position, pos: V.botTurn.pos }); // a move: drawn again
    assert.ok(reads > 0);
  } finally {
    cleanup();
  }
});

test("a turn's end that changes one row's chips rebuilds that row only; the others keep their nodes untouched", () => {
  const { model, cleanup, q, qa } = mount(V.start);
  const rows = qa("[data-sqrow]");
  assert.equal(rows.length, 6);
  const before = rows.map((row) => [...row.children]);
  const attrs = rows.map((row) => row.outerHTML);
  const chips = [...V.start.chips];
  chips[2] -= 1; // row 7 paid a chip
  const make = document.createElement;
  let made = 0;
  document.createElement = function counted(...args) {
    made += 1;
    return make.apply(this, args);
  };
  try {
    model.set("view", { ...V.start, seq: V.start.seq + 1, chips });
  } finally {
    document.createElement = make;
  }
  // row 7 (3 squares): its group, number, squares and chip stack; not the board's 24 squares
  assert.ok(made <= 12, `${made} elements made`);
  assert.equal(q("[data-chips='7']").dataset.count, String(chips[2]));
  rows.forEach((row, r) => {
    assert.equal(qa("[data-sqrow]")[r], row); // the groups stay
    if (r === 2) return;
    assert.deepEqual([...row.children], before[r]); // the same nodes ...
    assert.equal(row.outerHTML, attrs[r]); // ... as they were
  });
  assert.notEqual(rows[2].outerHTML, attrs[2]);
  model.set("language", "de"); // every row says something new
  assert.match(q("[data-chips='9']").title, /Chips|Reihe|9/);
  cleanup();
});

test("a roll leaves the pieces as they are; a move that changes a position redraws them", () => {
  const { model, cleanup, q } = mount(V.start);
  const piece = q(".lx-piece[data-player='0'][data-row='5']");
  piece.style.opacity = "0.5"; // a mark only a redraw of the pieces would take away
  model.set("view", V.play); // the same positions, dice on the table
  assert.equal(q(".lx-piece[data-player='0'][data-row='5']").style.opacity, "0.5");
  model.set("view", { ...V.play, pos: V.botTurn.pos }); // seat 0 entered row 5: drawn again
  assert.equal(piece.style.opacity, "1");
  assert.equal(piece.dataset.square, "2");
  cleanup();
});

test("a die click builds only the tray parts it changes: the roll's chance and the hint are kept", () => {
  const { cleanup, q } = mount({ ...V.play, rollWays: [12, 1296] });
  const chance = q("[data-roll-chance]");
  const hint = q(".lx-hint[data-key=hint]");
  assert.ok(chance && hint);
  const made = [];
  const { createElement } = document;
  document.createElement = function (tag, ...rest) {
    const node = createElement.call(this, tag, ...rest);
    made.push(node);
    return node;
  };
  try {
    click(q("button[data-die='0']"));
  } finally {
    document.createElement = createElement;
  }
  assert.equal(q("button[data-die='0']").dataset.in, "A"); // the click was drawn
  assert.equal(q("[data-roll-chance]"), chance); // unchanged parts keep their nodes …
  assert.equal(q(".lx-hint[data-key=hint]"), hint);
  // … and are not built again: every paragraph built is on screen (a new part: the refusal)
  assert.equal(made.filter((n) => n.tagName === "P" && !n.isConnected).length, 0);
  cleanup();
});

test("a refused group says why in the widget's language, worded from the code Python sends (no sentence)", () => {
  assert.ok(Object.values(V.play.groupChecks).every((why) => why === null || !("text" in why)));
  for (const [language, words] of [
    ["en", "The group 1+1 makes 2, but rows go from 5 to 10. Leave those dice out instead."],
    ["de", "Die Gruppe 1+1 ergibt 2, die Reihen gehen aber von 5 bis 10. Lass diese Würfel lieber übrig."],
  ]) {
    const { cleanup, q } = mount(V.play, { language });
    click(q("button[data-die='0']"));
    click(q("button[data-die='1']"));
    const group = q("[data-group='0']");
    assert.deepEqual([group.dataset.valid, group.getAttribute("title")], ["false", words]);
    assert.equal(q("[data-refusal]").textContent, `✘ ${words}`);
    assert.equal(q("[data-action=confirm]").disabled, true);
    cleanup();
  }
});
