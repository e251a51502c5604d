// render() of the Level 8 widget on a fake anywidget model, with a DOM from linkedom.
import { afterEach, test } from "node:test";
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";

const { document, window } = parseHTML("<!doctype html><html><body></body></html>");
globalThis.document = document;
globalThis.window = window;
for (const name of ["HTMLElement", "Node", "Element"]) if (!globalThis[name]) globalThis[name] = window[name];

const { default: widget } = await import("../src/level8.js");

/** A fake anywidget model: get/set/on/off/send; set() fires change:<name>. */
function fakeModel(state) {
  const data = { error: "", error_id: 0, language: "en", bot_delay: 0, hints: false, ...state };
  const handlers = new Map();
  const sent = [];
  return {
    sent,
    get: (k) => data[k],
    set(k, v) {
      data[k] = v;
      for (const fn of handlers.get(`change:${k}`) || []) fn();
    },
    on(ev, fn) {
      if (!handlers.has(ev)) handlers.set(ev, new Set());
      handlers.get(ev).add(fn);
    },
    off(ev, fn) {
      if (handlers.has(ev)) handlers.get(ev).delete(fn);
    },
    count: () => [...handlers.values()].reduce((n, s) => n + s.size, 0),
    send: (msg) => sent.push(msg),
    save_changes() {},
  };
}

// ids: 0–89 number cards (colour*15 + number-1), 90–96 jokers, 97–100 skip cards
const BASE = {
  seq: 5,
  viewer: 0,
  actor: 0,
  handoff: null,
  names: ["Ann <b>", "Ben", "Cy"],
  bots: ["", "Heuristic", ""],
  sides: ["one", "two", "one"],
  levels: [1, 3, 2],
  levelCounts: [8, 8, 8],
  req: [[["run", 3], ["run", 3]], [["run", 4], ["colour", 5]], [["set", 2], ["set", 2], ["run", 4], ["set", 2]]],
  laid: [false, true, false],
  hand: [3, 4, 5, 20, 21, 90, 97, 60, 47, 12],
  hands: null,
  handCounts: [10, 8, 10],
  drawCount: 60,
  underCount: 0,
  discards: [[33, 2], [null, 0], [77, 1]],
  melds: [[], [{ kind: "run", cards: [91, 7, 8, 9], jokers: { 91: 7 }, lo: 7, hi: 10 }, { kind: "colour", cards: [45, 50, 92, 55, 56], jokers: { 92: 3 }, value: 3 }], []],
  skips: [null, null, 98],
  keptCounts: [0, 0, 0],
  phase: "play",
  cur: 0,
  dealer: 2,
  round: 2,
  winners: [],
  legal: { canLay: true, skipTargets: [1], addOn: {} },
  proposal: null,
  hint: null,
  log: [["Ann draws a card.", "draw", 0]],
  new: 1,
  moves: [{ p: 0, acts: [["draw", "pile"]], ply: 1 }],
  future: [],
  here: 1,
  rounds: [],
  canUndo: true,
  canRedo: false,
};

// Every table a test mounts is cleaned up after it (its timers would keep node running).
const mounted = [];
afterEach(() => {
  while (mounted.length) mounted.pop()();
});

function mount(view, extra = {}) {
  const model = fakeModel({ view, ...extra });
  const el = document.createElement("div");
  document.body.appendChild(el);
  const cleanup = widget.render({ model, el });
  mounted.push(cleanup);
  const root = el.querySelector(".l8-root");
  return { model, el, root, cleanup, $: (s) => root.querySelector(s), $$: (s) => [...root.querySelectorAll(s)] };
}
const click = (node) => node.dispatchEvent(new window.Event("click", { bubbles: true }));

test("the table: root state, seats, piles, melds, skip cards, hand", () => {
  const { root, $, $$, cleanup, el } = mount(BASE);
  assert.ok(root.classList.contains("lw-root"));
  assert.equal(root.dataset.seq, "5");
  assert.equal(root.dataset.phase, "play");
  assert.equal(root.dataset.cur, "0");
  assert.equal(root.dataset.actor, "0");
  assert.equal(root.dataset.busy, "0");
  assert.equal($$("[data-player]").length, 3);
  assert.ok($('[data-player="0"]').classList.contains("l8-cur"));
  // names are text: the markup in a name stays text
  assert.equal($('[data-player="0"] .l8-name').textContent, "Ann <b>");
  assert.equal($$('[data-player="0"] b').filter((b) => b.textContent === "").length, 0);
  // level, side, requirement, laid-down state
  assert.match($('[data-player="1"]').textContent, /★★/);
  assert.match($('[data-player="1"]').textContent, /Level 3/);
  assert.match($('[data-player="1"]').textContent, /1 run of 4 \+ 5 cards of one colour/);
  assert.equal($('[data-player="1"] [data-laid]').dataset.laid, "1");
  assert.match($('[data-player="2"]').textContent, /3 pairs \+ 1 run of 4/);
  // face-down hands with counts; the viewer's own count without backs
  assert.equal($('[data-hand-count="1"]').dataset.count, "8");
  assert.equal($$('[data-hand-count="1"] [data-card]').length, 0, "another hand shows no faces");
  assert.equal($$('[data-hand-count="1"] .l8-back').length, 3);
  // discard piles: top card + count
  assert.equal($('[data-discard="0"]').dataset.count, "2");
  assert.equal($('[data-discard="0"] [data-card]').dataset.card, "33");
  assert.equal($$('[data-discard="1"] [data-card]').length, 0);
  assert.equal($("[data-draw-pile]").dataset.count, "60");
  // melds grouped by player with joker meanings
  assert.equal($$('[data-player="1"] [data-meld]').length, 2);
  assert.equal($('[data-meld="1-0"] .l8-mtitle').textContent, "#1 run 7–10");
  assert.equal($('[data-meld="1-0"] [data-card="91"] [data-means]').dataset.means, "7");
  assert.equal($('[data-meld="1-1"] [data-card="92"] [data-means]').dataset.means, "c3");
  // skip card in front of a player
  assert.equal($('[data-skip="2"] [data-card]').dataset.card, "98");
  // the hand, sorted by number; jokers and skip cards last
  const hand = $$('[data-hand="0"] [data-card]').map((c) => Number(c.dataset.card));
  assert.deepEqual(hand, [60, 47, 3, 4, 5, 20, 21, 12, 90, 97]); // 1P 3B 4R 5R 6R 6Y 7Y 13R J S
  assert.ok($$('[data-hand="0"] [data-card]').every((c) => c.dataset.selected === "0"));
  // card faces: number and shape; joker and skip card distinct
  assert.equal($('[data-hand="0"] [data-card="47"] .l8-num').textContent, "3");
  assert.ok($('[data-hand="0"] [data-card="47"]').classList.contains("l8-c3"));
  assert.ok($('[data-hand="0"] [data-card="47"] svg'));
  assert.ok($('[data-hand="0"] [data-card="90"]').classList.contains("l8-joker"));
  assert.ok($('[data-hand="0"] [data-card="97"]').classList.contains("l8-skip"));
  // round, dealer, whose turn and which step; log and moves from the common components
  assert.equal($("[data-round]").textContent, "Round 2");
  assert.match($("[data-dealer]").textContent, /Cy/);
  assert.match($("[data-status]").textContent, /Your turn: lay down your level, then discard/);
  assert.equal($("[data-step]").dataset.step, "play");
  assert.match($("[data-log]").textContent, /Ann draws a card/);
  assert.equal($$("[data-moves] [data-goto]").length, 2);
  assert.match($('[data-goto="1"]').textContent, /draws/);
  cleanup();
  assert.equal(el.querySelector(".l8-root"), null, "cleanup removes the nodes");
});

test("clicks: select cards, discard, draw, skip, lay down; nothing is sent when not allowed", () => {
  const { model, root, $, $$ } = mount(BASE);
  click($('[data-hand="0"] [data-card="12"]'));
  assert.equal($('[data-hand="0"] [data-card="12"]').dataset.selected, "1");
  assert.equal(model.sent.length, 0, "selecting is local");
  click($('[data-action="discard"]'));
  assert.deepEqual(model.sent.pop(), { type: "discard", card: 12 });
  assert.equal(root.dataset.busy, "1", "busy until Python answers");
  model.set("view", { ...BASE, seq: 6 });
  assert.equal(root.dataset.busy, "0");
  assert.equal(root.dataset.seq, "6");
  // two selected: discard is disabled; lay down proposes from the selection
  click($('[data-hand="0"] [data-card="3"]'));
  click($('[data-hand="0"] [data-card="4"]'));
  assert.equal($('[data-action="discard"]').disabled, true);
  click($('[data-action="layDown"]'));
  assert.deepEqual(model.sent.pop().cards.sort(), [12, 3, 4].sort());
  // skip card onto a chosen player
  click($('[data-action="skip"][data-skip-target="1"]'));
  assert.deepEqual(model.sent.pop(), { type: "skip", target: 1 });
  // not the draw phase: the piles are not live
  assert.equal($("[data-draw-pile]").disabled, true);
  model.set("view", { ...BASE, seq: 7, phase: "draw", legal: { draw: ["pile", 0, 2] } });
  click($("[data-draw-pile]"));
  assert.deepEqual(model.sent.pop(), { type: "draw", source: "pile" });
  click($('[data-discard="2"]'));
  assert.deepEqual(model.sent.pop(), { type: "draw", source: 2 });
  assert.equal($('[data-discard="1"]').disabled, true, "an empty pile cannot be drawn from");
  // watching (not this screen's turn): nothing is sent
  model.set("view", { ...BASE, seq: 8, actor: null, cur: 1, phase: "draw", legal: null });
  const before = model.sent.length;
  click($("[data-draw-pile]"));
  click($('[data-hand="0"] [data-card="3"]'));
  assert.equal(model.sent.length, before);
  assert.equal($$(".l8-actions [data-action]").length, 0);
  assert.equal(root.dataset.actor, "");
});

test("add on: click a laid combination; a joker at either end of a run asks which number", () => {
  const view = { ...BASE, laid: [true, true, false], legal: { addOn: { 6: [[1, 0, [6]]], 90: [[1, 0, [6, 11]], [1, 1, [3]]] } } };
  const { model, $ } = mount(view);
  click($('[data-hand="0"] [data-card="90"]'));
  assert.ok($('[data-meld="1-0"]').classList.contains("l8-fits"));
  assert.ok($('[data-meld="1-1"]').classList.contains("l8-fits"));
  click($('[data-meld="1-1"]'));
  assert.deepEqual(model.sent.pop(), { type: "add_on", card: 90, owner: 1, index: 1 });
  click($('[data-meld="1-0"]'));
  assert.equal(model.sent.length, 0, "asks first");
  assert.ok($("[data-ask]"));
  assert.match($("[data-ask]").textContent, /7–10/);
  click($('[data-action="askNumber"][data-number="11"]'));
  assert.deepEqual(model.sent.pop(), { type: "add_on", card: 90, owner: 1, index: 0, number: 11 });
});

test("add on: while asking which end, Enter sends nothing; Esc and a card click close the question", () => {
  const view = { ...BASE, laid: [true, true, false], legal: { addOn: { 90: [[1, 0, [6, 11]]] } } };
  const { model, root, $, $$ } = mount(view);
  const key = (k) => root.dispatchEvent(Object.assign(new window.Event("keydown", { bubbles: true }), { key: k }));
  const asking = () => {
    click($('[data-hand="0"] [data-card="90"]'));
    click($('[data-meld="1-0"]'));
    assert.ok($('[data-ask="1-0"]'));
    assert.ok($('[data-meld="1-0"]').classList.contains("l8-asked"));
  };
  asking();
  key("Enter");
  assert.deepEqual(model.sent, [], "the selected joker is not discarded");
  assert.ok($("[data-ask]"));
  key("Escape");
  assert.equal($("[data-ask]"), null);
  assert.equal($$(".l8-asked").length, 0);
  assert.equal($('[data-hand="0"] [data-card="90"]').dataset.selected, "0", "Esc clears the selection too");
  asking();
  click($('[data-hand="0"] [data-card="12"]'));
  assert.equal($("[data-ask]"), null);
  assert.equal($$(".l8-asked").length, 0);
  assert.deepEqual(model.sent, []);
});

test("lay-down dialog: shows the proposal, moves cards, chooses a joker reading, sends lay_down", () => {
  const proposal = {
    cards: [3, 4, 5, 20, 21, 90, 60],
    combos: [
      { kind: "run", cards: [3, 4, 5], lo: 4, hi: 6 },
      {
        kind: "run",
        cards: [20, 21, 90],
        jokers: { 90: 8 },
        lo: 6,
        hi: 8,
        layouts: [
          { label: "5–7", cards: [90, 20, 21], jokers: { 90: 5 } },
          { label: "6–8", cards: [20, 21, 90], jokers: { 90: 8 } },
        ],
      },
    ],
  };
  const { model, root, $, $$ } = mount({ ...BASE, proposal });
  const key = (k) => root.dispatchEvent(Object.assign(new window.Event("keydown", { bubbles: true }), { key: k }));
  assert.ok($('[data-dialog="laydown"]'));
  assert.equal($$('[data-prop-combo]').length, 3, "two combinations + not used");
  assert.equal($('[data-prop-combo="spare"] [data-prop-card]').dataset.propCard, "60");
  click($('[data-layout="1:0"]'));
  assert.equal($('[data-layout="1:0"]').getAttribute("aria-pressed"), "true");
  // each edit asks Python's verdict; Confirm waits for it (and says so)
  const arranged = [
    { kind: "run", cards: [3, 4, 5], jokers: {} },
    { kind: "run", cards: [90, 20, 21], jokers: { 90: 5 } },
  ];
  assert.deepEqual(model.sent.pop(), { type: "check_lay", combos: arranged });
  assert.equal($('[data-action="confirmLay"]').disabled, true);
  assert.match($('[data-lay-why="dialog"]').textContent, /Checking/);
  // Python: the first run is one card short — shown on that combination before any click
  const short = { text: "Run: 4 cards needed, 3 chosen.", code: "level8.lay_size", params: { kind: "Run", need: 4, count: 3 } };
  model.set("view", { ...BASE, seq: 3, proposal: { ...proposal, check: { combos: arranged, ok: false, why: [short, null], whole: null } } });
  assert.equal($('[data-prop-combo="0"]').dataset.verdict, "bad");
  assert.equal($('[data-prop-combo="1"]').dataset.verdict, "ok");
  assert.equal($('[data-prop-why="0"]').textContent, "Run: 4 cards needed, 3 chosen.");
  assert.equal($('[data-action="confirmLay"]').disabled, true);
  model.set("language", "de");
  assert.equal($('[data-prop-why="0"]').textContent, "Zahlenfolge: 4 Karten nötig, 3 gewählt.");
  model.set("language", "en");
  model.set("view", { ...BASE, seq: 4, proposal: { ...proposal, check: { combos: arranged, ok: true, why: [null, null], whole: null } } });
  assert.equal($('[data-action="confirmLay"]').disabled, false);
  assert.equal($('[data-lay-why="dialog"]'), null);
  click($('[data-action="confirmLay"]'));
  assert.deepEqual(model.sent.pop(), { type: "lay_down", combos: arranged });
  // move a card: pick it, then click the target combination
  click($('[data-prop-card="60"]'));
  click($('[data-move-to="0"]'));
  assert.ok($('[data-prop-combo="0"] [data-prop-card="60"]'));
  // a moved joker: choose its number (or auto)
  click($('[data-prop-card="90"]'));
  click($('[data-prop-combo="0"]'));
  assert.ok($('[data-joker="90"]'));
  click($('[data-meaning="0:90:7"]'));
  const checked = model.sent.pop();
  assert.equal(checked.type, "check_lay");
  assert.deepEqual(checked.combos[0], { kind: "run", cards: [3, 4, 5, 60, 90], jokers: { 90: 7 } });
  key("Enter"); // Enter sends it anyway: Python answers
  assert.deepEqual(model.sent.pop().combos[0], { kind: "run", cards: [3, 4, 5, 60, 90], jokers: { 90: 7 } });
  // an error changes nothing: the dialog stays
  model.set("error", "level 1 of Ann needs exactly 2 runs of 3");
  model.set("error_id", 1);
  assert.ok($('[data-dialog="laydown"]'));
  assert.match($("[data-error]").textContent, /needs exactly/);
  // cancel closes it; the same proposal does not reopen on the next view
  click($('[data-action="cancelLay"]'));
  assert.equal($('[data-dialog="laydown"]'), null);
  model.set("view", { ...BASE, seq: 9, proposal });
  assert.equal($('[data-dialog="laydown"]'), null);
});

test("hot-seat hand-off hides the hand; reveal is one click", () => {
  const { model, $, $$ } = mount({ ...BASE, viewer: "spectator", actor: null, handoff: 2, hand: null, cur: 2, phase: "draw", legal: null });
  assert.equal($$("[data-hand] [data-card]").length, 0);
  assert.match($("[data-handoff]").textContent, /Pass the screen to Cy/);
  click($('[data-action="reveal"]'));
  assert.deepEqual(model.sent.pop(), { type: "reveal" });
});

test("between rounds a seat shows the round just played apart from its new level", () => {
  const rounds = [{ round: 2, ender: 1, moves: [0, 2, 1], levels: [1, 5, 3], laid: [false, true, true] }];
  const lastRound = [
    { level: 1, laid: false, out: false },
    { level: 3, laid: true, out: true },
    { level: 2, laid: true, out: false },
  ];
  const { model, $ } = mount({ ...BASE, phase: "round_over", legal: {}, rounds, laid: [false, true, true], levels: [1, 5, 3], lastRound });
  const ben = $('.l8-seat[data-player="1"]');
  assert.equal(ben.querySelector("[data-level]").dataset.level, "5");
  assert.equal(ben.querySelector("[data-laid]"), null, "no '✓ laid down' beside the new level");
  assert.equal(ben.querySelector("[data-last-round]").textContent, "Last round: ⇥ went out with level 3");
  assert.equal($('.l8-seat[data-player="2"] [data-last-round]').textContent, "Last round: ✓ laid down level 2");
  model.set("language", "de");
  assert.equal($('.l8-seat[data-player="0"] [data-last-round]').textContent, "Letzte Runde: ✗ Level 1 nicht ausgelegt");
  // the next round: Python sends no lastRound, and the seat's own laid mark is back
  model.set("view", { ...BASE, seq: 12, laid: [false, false, false] });
  assert.equal($("[data-last-round]"), null);
  assert.equal($('.l8-seat[data-player="1"] [data-laid]').dataset.laid, "0");
});

test("keep, round summary, next round, game over", () => {
  const rounds = [{ round: 2, ender: 1, moves: [0, 2, 1], levels: [1, 5, 3], laid: [false, true, true] }];
  const keepView = { ...BASE, phase: "keep", legal: { keepMax: 4 }, rounds };
  const { model, $, $$ } = mount(keepView);
  assert.match($('[data-summary="2"]').textContent, /Round 2 is over/);
  assert.match($('[data-sum-player="1"]').textContent, /went out.*\+2.*now level 5/);
  assert.match($('[data-sum-player="0"]').textContent, /did not lay down.*stays/);
  for (const c of [3, 4, 5, 20, 21]) click($(`[data-hand="0"] [data-card="${c}"]`));
  assert.equal($$('[data-hand="0"] [data-selected="1"]').length, 4, "at most 4");
  click($('[data-action="keep"]'));
  assert.deepEqual(model.sent.pop(), { type: "keep", cards: [3, 4, 5, 20] });
  model.set("view", { ...BASE, seq: 10, phase: "round_over", legal: {}, rounds });
  click($('[data-action="nextRound"]'));
  assert.deepEqual(model.sent.pop(), { type: "next_round" });
  model.set("view", { ...BASE, seq: 11, phase: "over", actor: null, winners: [1], levels: [2, 9, 4], rounds, legal: null });
  assert.match($("[data-result]").textContent, /Ben wins!/);
  assert.deepEqual($$("[data-rank]").map((li) => li.dataset.rank), ["1", "2", "0"]);
  assert.match($("[data-status]").textContent, /Ben wins!/);
});

test("German labels; sorting by colour is local; keys act; the hint line", () => {
  const { model, root, $, $$ } = mount({ ...BASE, hint: { missing: 1, needs: [["run", 6, null, []]], plan: [[3, 4]] } }, { language: "de" });
  assert.match($("[data-status]").textContent, /Du bist dran/);
  assert.match($('[data-player="1"]').textContent, /1 Zahlenfolge aus 4 \+ 5 Karten einer Farbe/);
  assert.equal($('[data-action="discard"]').textContent, "Ablegen");
  assert.match($("[data-hint]").textContent, /Tipp: es fehlt 1 Karte; nützlich: eine 6/);
  assert.ok($('[data-hand="0"] [data-card="3"]').classList.contains("l8-plan"));
  click($('[data-sort="colour"]'));
  assert.deepEqual($$('[data-hand="0"] [data-card]').map((c) => Number(c.dataset.card)), [3, 4, 5, 12, 20, 21, 47, 60, 90, 97]);
  assert.equal(model.sent.length, 0);
  const key = (k) => root.dispatchEvent(Object.assign(new window.Event("keydown", { bubbles: true }), { key: k }));
  key("s");
  assert.equal($('[data-sort="number"]').getAttribute("aria-pressed"), "true");
  key("ArrowLeft");
  assert.deepEqual(model.sent.pop(), { type: "undo" });
  model.set("language", "en");
  assert.match($("[data-status]").textContent, /Your turn/);
});

test("bot pacing: advance with the view's seq when a bot is to move; cleanup stops it", async () => {
  const view = { ...BASE, actor: null, cur: 1, phase: "draw", legal: null };
  const { model, root, cleanup } = mount(view, { bot_delay: 5 });
  assert.equal(root.dataset.busy, "1", "a bot move is due");
  await new Promise((r) => setTimeout(r, 30));
  assert.deepEqual(model.sent.pop(), { type: "advance", seq: 5 });
  // browsing back (future moves): no pacing
  model.set("view", { ...view, seq: 6, future: [{ p: 1, acts: [["draw", "pile"]], ply: 2 }] });
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(model.sent.length, 0);
  model.set("view", { ...view, seq: 7 });
  cleanup();
  await new Promise((r) => setTimeout(r, 30));
  assert.equal(model.sent.length, 0, "no advance after cleanup");
  assert.equal(model.count(), 0, "every model handler removed");
});

test("redraws stay cheap: unchanged seats are reused, selection redraws only the hand", () => {
  const { model, $ } = mount(BASE);
  const seat1 = $('[data-player="1"]');
  model.set("view", { ...BASE, seq: 12, discards: [[33, 2], [null, 0], [78, 2]] });
  assert.equal($('[data-player="1"]'), seat1, "seat 1 did not change: same node");
  const seat2 = $('[data-player="2"]');
  click($('[data-hand="0"] [data-card="3"]'));
  assert.equal($('[data-player="2"]'), seat2, "a click in the hand leaves the seats alone");
});

test("keyed redraws: a seat's unchanged parts, laid combinations and hand cards keep their nodes", () => {
  const { model, $, $$ } = mount(BASE);
  const meld = $('[data-meld="1-1"]');
  const who = $('[data-player="1"] .l8-who');
  const card = $('[data-hand="0"] [data-card="20"]');
  const cards = $$('[data-hand="0"] [data-card]');
  // seat 1 draws a card and the turn moves on: its count changes, its combinations do not
  // (and are not even built again: a few elements for the count and the status, no cards)
  const create = document.createElement;
  const built = [];
  document.createElement = function spy(tag) {
    built.push(tag);
    return create.call(this, tag);
  };
  try {
    model.set("view", { ...BASE, seq: 6, phase: "draw", handCounts: [10, 9, 10] });
  } finally {
    document.createElement = create;
  }
  assert.ok(built.length < 40, `a count changed: ${built.length} elements built`);
  assert.equal($('[data-meld="1-1"]'), meld, "an unchanged combination keeps its node");
  assert.equal($('[data-player="1"] .l8-who'), who, "an unchanged name/level block keeps its node");
  assert.equal($('[data-hand-count="1"]').dataset.count, "9", "the changed count is drawn");
  assert.equal(meld.disabled, true, "not the play phase: a combination takes no card (written in place)");
  // an add-on changes that combination only; it is patched in place
  const longer = { ...BASE.melds[1][1], cards: [...BASE.melds[1][1].cards, 57] };
  model.set("view", { ...BASE, seq: 7, melds: [[], [BASE.melds[1][0], longer], []] });
  assert.equal($('[data-meld="1-1"]'), meld, "the combination's node is kept, its new card added");
  assert.ok(meld.querySelector('[data-card="57"]'));
  assert.equal(meld.disabled, false, "the play phase again: it takes a card");
  // a selection writes on the card in place; a card drawn is inserted, the others stay
  click(card);
  assert.equal($('[data-hand="0"] [data-card="20"]'), card, "a selected card keeps its node");
  assert.equal(card.dataset.selected, "1");
  assert.ok(card.classList.contains("l8-sel"));
  model.set("view", { ...BASE, seq: 8, hand: [...BASE.hand, 13] });
  assert.ok($('[data-hand="0"] [data-card="13"]'), "the card drawn is shown");
  for (const node of cards) assert.ok(node.isConnected && $(`[data-hand="0"] [data-card="${node.dataset.card}"]`) === node, `card ${node.dataset.card} kept its node`);
  assert.equal(card.dataset.selected, "1", "the selection survives a new view");
});

test("a click on a card inside a laid combination or a pile counts for the combination or pile", () => {
  const view = { ...BASE, laid: [true, true, false], legal: { addOn: { 12: [[1, 0, [11]]] } } };
  const { model, $ } = mount(view);
  click($('[data-hand="0"] [data-card="12"]'));
  click($('[data-meld="1-0"] [data-card="8"] .l8-num'));
  assert.deepEqual(model.sent.pop(), { type: "add_on", card: 12, owner: 1, index: 0 });
  model.set("view", { ...BASE, seq: 20, phase: "draw", legal: { draw: ["pile", 0, 2] } });
  click($('[data-discard="2"] [data-card="77"]'));
  assert.deepEqual(model.sent.pop(), { type: "draw", source: 2 });
});

test("teacher view: every hand face up; the acting seat's hand is the playable one", () => {
  const hands = [BASE.hand, [0, 1, 2, 15, 16, 30, 31, 93], [61, 62, 63, 64, 65, 66, 67, 68, 69, 70]];
  const { model, $, $$ } = mount({ ...BASE, viewer: "teacher", hand: null, hands });
  assert.equal($$('[data-hand="0"] [data-card]').length, 10, "the actor's hand is the big one");
  assert.equal($$('[data-hand="1"] [data-card]').length, 8);
  assert.equal($$('[data-hand="2"] [data-card]').length, 10);
  assert.equal($$("[data-hand]").length, 3, "no hand twice");
  assert.doesNotMatch($("[data-status]").textContent, /Your turn/, "a teacher is not 'you'");
  assert.equal($$(".l8-you").length, 0);
  click($('[data-hand="0"] [data-card="12"]'));
  click($('[data-action="discard"]'));
  assert.deepEqual(model.sent.pop(), { type: "discard", card: 12 });
  // a bot to move: no playable hand, all three face up in the seats
  model.set("view", { ...BASE, seq: 30, viewer: "teacher", actor: null, cur: 1, hand: null, hands });
  assert.equal($$("[data-hand] [data-card]").length, 28);
  assert.ok($('.l8-mine').hidden);
});

test("a focused card keeps the keyboard focus across a redraw", () => {
  // linkedom has no focus: a minimal one (activeElement + focus()) for this test
  // run-tests.mjs imports every test file into one process, and another file's import may
  // have set the global document since this file's: the widget must build with this one
  globalThis.document = document;
  globalThis.window = window;
  let focused = null;
  Object.defineProperty(document, "activeElement", { get: () => (focused && focused.isConnected ? focused : document.body), configurable: true });
  const proto = window.HTMLElement.prototype;
  const oldFocus = proto.focus;
  proto.focus = function () {
    focused = this;
  };
  try {
    const { model, root, $ } = mount(BASE);
    const card = $('[data-hand="0"] [data-card="12"]');
    card.focus();
    click(card);
    const again = $('[data-hand="0"] [data-card="12"]');
    assert.ok(again === card, "the card's node is kept (patched in place, common/dom.js)");
    assert.equal(again.dataset.selected, "1", "and shows the new selection");
    assert.ok(document.activeElement === again, "focus stays on the card");
    model.set("view", { ...BASE, seq: 40 });
    assert.equal(document.activeElement.dataset.card, "12");
    assert.ok(root.contains(document.activeElement));
  } finally {
    proto.focus = oldFocus;
    delete document.activeElement;
  }
});

test("looking at an earlier position says so; the move list jumps with goto", () => {
  const future = [{ p: 1, acts: [["draw", "pile"], ["discard", 5]], ply: 3 }];
  const { model, $ } = mount({ ...BASE, future, canRedo: true });
  assert.match($("[data-help]").textContent, /earlier position/);
  click($('[data-goto="3"]'));
  assert.deepEqual(model.sent.pop(), { type: "goto", ply: 3 });
  assert.ok($('[data-goto="3"]').classList.contains("lw-future"));
  click($('[data-action="redo"]'));
  assert.deepEqual(model.sent.pop(), { type: "redo" });
});
