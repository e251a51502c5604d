// The card table's pieces both Level 8 widgets (card game and board game) share: the lay-down
// dialog (level8/laydown.js), the add-on question (level8/addon.js), the click routing
// (level8/clicks.js) and the keyboard focus across redraws (level8/keepfocus.js). State
// transitions and the intents they send, without a widget.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setupDom } from "./helpers/fake.js";
import { createAddOn } from "../src/level8/addon.js";
import { attrOf, clickRouter, TABLE_ROUTES } from "../src/level8/clicks.js";
import { focusKeeper, focusSelector, TABLE_FOCUS_KEYS } from "../src/level8/keepfocus.js";
import { createLayDown } from "../src/level8/laydown.js";

/** A controller with recording hooks: sent intents, redraw count, a settable selection. */
function harness(create, selected = []) {
  const h = { sent: [], redraws: 0, selected };
  h.ctl = create({ send: (msg) => h.sent.push(msg), redraw: () => (h.redraws += 1), selected: () => h.selected });
  return h;
}

// ids: 0–89 number cards (colour*15 + number-1), 90–96 jokers
const HAND = [3, 4, 5, 20, 21, 90, 60];
const PROPOSAL = {
  cards: [3, 4, 5, 20, 21, 90, 60],
  combos: [
    { kind: "run", cards: [3, 4, 5] },
    {
      kind: "run",
      cards: [20, 21, 90],
      jokers: { 90: 8 },
      layouts: [
        { label: "5–7", cards: [90, 20, 21], jokers: { 90: 5 } },
        { label: "6–8", cards: [20, 21, 90], jokers: { 90: 8 } },
      ],
    },
  ],
};
const PLAY = { phase: "play", hand: HAND, proposal: null };
const withProposal = (proposal = PROPOSAL) => ({ ...PLAY, proposal });

test("lay-down: layDown asks Python for a proposal (selected cards, else the whole hand) only in play", () => {
  const t = harness(createLayDown, [3, 4, 5]);
  assert.equal(t.ctl.act("layDown", {}, PLAY), true);
  assert.deepEqual(t.sent.pop(), { type: "propose", cards: [3, 4, 5] });
  t.selected = [];
  t.ctl.act("layDown", {}, PLAY);
  assert.deepEqual(t.sent.pop(), { type: "propose", cards: HAND }, "none selected: the whole hand");
  assert.equal(t.ctl.act("layDown", {}, { ...PLAY, phase: "draw" }), true, "still the dialog's action");
  assert.deepEqual(t.sent, [], "nothing sent outside the play phase");
});

test("lay-down: the dialog follows view.proposal; a cancelled proposal stays closed until asked again", () => {
  const t = harness(createLayDown);
  t.ctl.follow(PLAY);
  assert.equal(t.ctl.state(), null);
  t.ctl.follow(withProposal());
  const s = t.ctl.state();
  assert.deepEqual(s.combos.map((c) => c.cards), [[3, 4, 5], [20, 21, 90]]);
  assert.deepEqual(s.spare, [60], "cards of no combination are spare");
  assert.equal(s.ok, true);
  // edits survive a new view with the same proposal (a bot's move, an error …)
  t.ctl.act("propCard", { propCard: "60" }, withProposal());
  t.ctl.follow(withProposal({ ...PROPOSAL }));
  assert.equal(t.ctl.state().picked, 60);
  // cancel: closed, and the same proposal does not open again on the next view
  assert.equal(t.ctl.act("cancelLay", {}, withProposal()), true);
  assert.equal(t.ctl.state(), null);
  t.ctl.follow(withProposal());
  assert.equal(t.ctl.state(), null);
  // a different proposal opens; and so does the cancelled one once the player asks again
  const other = { ...PROPOSAL, cards: [3, 4, 5], combos: [PROPOSAL.combos[0]] };
  t.ctl.follow(withProposal(other));
  assert.deepEqual(t.ctl.state().spare, []);
  t.ctl.act("cancelLay", {}, withProposal(other));
  t.ctl.act("layDown", {}, PLAY);
  t.ctl.follow(withProposal(other));
  assert.ok(t.ctl.state(), "layDown forgets the cancelled proposal");
  // Python drops the proposal (the hand changed): closed, nothing remembered
  t.ctl.act("cancelLay", {}, withProposal(other));
  t.ctl.follow(PLAY);
  t.ctl.follow(withProposal(other));
  assert.ok(t.ctl.state());
});

test("lay-down: moving cards, choosing a reading and a joker's number, then lay_down", () => {
  const t = harness(createLayDown);
  t.ctl.follow(withProposal());
  const v = withProposal();
  // choose the reading 5–7 of the second run
  t.ctl.act("layout", { layout: "1:0" }, v);
  assert.deepEqual(t.ctl.state().combos[1].cards, [90, 20, 21]);
  assert.equal(t.redraws, 1);
  assert.equal(t.ctl.act("confirmLay", {}, v), true);
  assert.deepEqual(t.sent.pop(), {
    type: "lay_down",
    combos: [
      { kind: "run", cards: [3, 4, 5], jokers: {} },
      { kind: "run", cards: [90, 20, 21], jokers: { 90: 5 } },
    ],
  });
  // a combination is a target only once a card is picked
  t.ctl.act("propCombo", { propCombo: "0" }, v);
  assert.deepEqual(t.ctl.state().combos[0].cards, [3, 4, 5]);
  assert.equal(t.redraws, 1, "nothing to redraw");
  // pick 60, pick it again (dropped), pick it and move it to the first run
  t.ctl.act("propCard", { propCard: "60" }, v);
  t.ctl.act("propCard", { propCard: "60" }, v);
  assert.equal(t.ctl.state().picked, null);
  t.ctl.act("propCard", { propCard: "60" }, v);
  t.ctl.act("moveTo", { moveTo: "0" }, v);
  assert.deepEqual(t.ctl.state().combos[0].cards, [3, 4, 5, 60]);
  assert.deepEqual(t.ctl.state().spare, []);
  // the joker clicked onto the first run loses its meaning; choose 7, then back to auto, then 7
  t.ctl.act("propCard", { propCard: "90" }, v);
  t.ctl.act("propCombo", { propCombo: "0" }, v);
  assert.deepEqual(t.ctl.state().combos[0].jokers, {});
  t.ctl.act("meaning", { meaning: "0:90:7" }, v);
  assert.deepEqual(t.ctl.state().combos[0].jokers, { 90: 7 });
  t.ctl.act("meaning", { meaning: "0:90:" }, v);
  assert.deepEqual(t.ctl.state().combos[0].jokers, {}, "empty meaning: left to the engine");
  t.ctl.act("meaning", { meaning: "0:90:7" }, v);
  // and the spare pile: 21 goes out of the second run
  t.ctl.act("propCard", { propCard: "21" }, v);
  t.ctl.act("moveTo", { moveTo: "spare" }, v);
  assert.deepEqual(t.ctl.state().spare, [21]);
  // Enter lays down what the dialog shows
  assert.equal(t.ctl.act("confirm", {}, v), true);
  assert.deepEqual(t.sent.pop(), {
    type: "lay_down",
    combos: [
      { kind: "run", cards: [3, 4, 5, 60, 90], jokers: { 90: 7 } },
      { kind: "run", cards: [20], jokers: {} },
    ],
  });
  assert.ok(t.ctl.state(), "sending does not close the dialog: Python's answer does");
});

test("lay-down: Esc and Enter are the dialog's only while it is open (Enter only when it may be sent)", () => {
  const t = harness(createLayDown);
  t.ctl.follow(PLAY);
  assert.equal(t.ctl.act("clear", {}, PLAY), false, "closed: the widget clears its selection");
  assert.equal(t.ctl.act("confirm", {}, PLAY), false, "closed: the widget's own Enter");
  // an arrangement Python says cannot be laid down: Enter falls through, the button does nothing
  const notOk = withProposal({ ...PROPOSAL, ok: false });
  t.ctl.follow(notOk);
  assert.equal(t.ctl.state().ok, false);
  assert.equal(t.ctl.act("confirm", {}, notOk), false);
  assert.equal(t.ctl.act("confirmLay", {}, notOk), true);
  assert.deepEqual(t.sent, []);
  // Esc closes it like Cancel (and the same proposal stays closed)
  const redraws = t.redraws;
  assert.equal(t.ctl.act("clear", {}, notOk), true);
  assert.equal(t.ctl.state(), null);
  assert.equal(t.redraws, redraws + 1);
  t.ctl.follow(notOk);
  assert.equal(t.ctl.state(), null);
  // a proposal without combinations (no `ok` given): not ok
  t.ctl.follow(PLAY);
  t.ctl.follow(withProposal({ cards: [60], combos: [] }));
  assert.equal(t.ctl.state().ok, false);
});

test("lay-down: dialog actions while it is closed do nothing; other actions are not its own", () => {
  const t = harness(createLayDown);
  for (const [action, data] of [["propCard", { propCard: "3" }], ["moveTo", { moveTo: "0" }], ["propCombo", { propCombo: "spare" }], ["layout", { layout: "1:0" }], ["meaning", { meaning: "0:90:7" }], ["confirmLay", {}]]) {
    assert.equal(t.ctl.act(action, data, PLAY), true, action);
  }
  assert.deepEqual(t.sent, []);
  assert.equal(t.redraws, 0);
  for (const action of ["discard", "drawPile", "meld", "toggleCard", "roll", "askNumber"]) assert.equal(t.ctl.act(action, {}, PLAY), false, action);
});

const MELDS = [[{ kind: "run", cards: [3, 4, 5], lo: 4, hi: 6 }], [{ kind: "run", cards: [91, 7, 8, 9], jokers: { 91: 7 }, lo: 7, hi: 10 }]];
const TABLE = { phase: "play", melds: MELDS, legal: { addOn: { 6: [[0, 0, [7]]], 90: [[1, 0, [6, 11]], [0, 0, [3]]] } } };

test("add on: one selected card on a combination sends add_on; two numbers possible: ask first", () => {
  const t = harness(createAddOn, [6]);
  assert.equal(t.ctl.act("meld", { meld: "0-0" }, TABLE), true);
  assert.deepEqual(t.sent.pop(), { type: "add_on", card: 6, owner: 0, index: 0 });
  // a card with no legal info is sent anyway (Python explains a refusal)
  t.selected = [60];
  t.ctl.act("meld", { meld: "1-0" }, TABLE);
  assert.deepEqual(t.sent.pop(), { type: "add_on", card: 60, owner: 1, index: 0 });
  // a joker at either end of a run: the question, with the run's ends
  t.selected = [90];
  t.ctl.act("meld", { meld: "1-0" }, TABLE);
  assert.deepEqual(t.sent, []);
  assert.deepEqual(t.ctl.question(), { card: 90, owner: 1, index: 0, meanings: [6, 11], lo: 7, hi: 10 });
  assert.equal(t.redraws, 1);
  assert.equal(t.ctl.act("askNumber", { number: "11" }, TABLE), true);
  assert.deepEqual(t.sent.pop(), { type: "add_on", card: 90, owner: 1, index: 0, number: 11 });
  assert.equal(t.ctl.question(), null, "answered");
  assert.equal(t.ctl.act("askNumber", { number: "6" }, TABLE), true);
  assert.deepEqual(t.sent, [], "no question open: nothing sent");
});

test("add on: nothing without exactly one card or outside play; the question is dropped and cancelled", () => {
  const t = harness(createAddOn, [6, 7]);
  t.ctl.act("meld", { meld: "0-0" }, TABLE);
  t.selected = [];
  t.ctl.act("meld", { meld: "0-0" }, TABLE);
  t.selected = [6];
  t.ctl.act("meld", { meld: "0-0" }, { ...TABLE, phase: "draw" });
  assert.deepEqual(t.sent, []);
  t.selected = [90];
  const ask = () => t.ctl.act("meld", { meld: "1-0" }, TABLE);
  ask();
  assert.equal(t.ctl.act("cancelAsk", {}, TABLE), true);
  assert.equal(t.ctl.question(), null);
  assert.equal(t.redraws, 2, "asked, cancelled");
  ask();
  t.ctl.drop();
  assert.equal(t.ctl.question(), null);
  assert.equal(t.redraws, 3, "drop leaves the redraw to the caller");
  ask();
  t.ctl.follow(TABLE);
  assert.ok(t.ctl.question(), "a new view in play keeps it");
  t.ctl.follow({ ...TABLE, phase: "draw" });
  assert.equal(t.ctl.question(), null, "the turn moved on");
  assert.equal(t.ctl.act("confirm", {}, TABLE), false);
  assert.equal(t.ctl.act("layDown", {}, TABLE), false);
});

test("add on: while the question is open Enter is swallowed; Esc and a card click close it", () => {
  const t = harness(createAddOn, [90]);
  const ask = () => t.ctl.act("meld", { meld: "1-0" }, TABLE);
  // no question: Enter, Esc and a card click are the widget's own
  assert.equal(t.ctl.act("confirm", {}, TABLE), false);
  assert.equal(t.ctl.act("clear", {}, TABLE), false);
  assert.equal(t.ctl.act("toggleCard", { card: "6" }, TABLE), false);
  // Enter does not answer the question (nor let the widget discard the selected card)
  ask();
  assert.equal(t.ctl.act("confirm", {}, TABLE), true, "Enter is the question's: the widget stops");
  assert.deepEqual(t.sent, []);
  assert.ok(t.ctl.question(), "still open");
  // Esc closes it; the widget goes on (clears the selection and redraws)
  assert.equal(t.ctl.act("clear", {}, TABLE), false);
  assert.equal(t.ctl.question(), null);
  // selecting another card closes it too; the widget toggles the card and redraws
  ask();
  assert.equal(t.ctl.act("toggleCard", { card: "6" }, TABLE), false);
  assert.equal(t.ctl.question(), null);
  assert.equal(t.ctl.act("confirm", {}, TABLE), false, "closed: Enter is the widget's again");
  assert.equal(t.redraws, 2, "only the questions asked redrew: Esc and card clicks leave it to the widget");
  assert.deepEqual(t.sent, []);
});

test("keep focus: a keyboard focus comes back to the same control after a redraw", () => {
  const { document, window } = setupDom();
  // linkedom has no focus: a minimal one (activeElement + focus())
  let focused = null;
  Object.defineProperty(document, "activeElement", { get: () => (focused && focused.isConnected ? focused : document.body), configurable: true });
  const proto = window.HTMLElement.prototype;
  const oldFocus = proto.focus;
  proto.focus = function () {
    focused = this;
  };
  try {
    const root = document.createElement("div");
    const box = document.createElement("div");
    const review = document.createElement("div");
    root.append(box, review);
    document.body.append(root);
    const draw = (html) => () => {
      box.innerHTML = html;
      return "drawn";
    };
    const HTML = '<div data-hand="0"><button data-card="5"></button><button data-card="7"></button></div><div data-player="1"><span data-card="7"></span></div>' + '<button data-action="skip" data-skip-target="1"></button><button data-action="skip" data-skip-target="2"></button><button data-field="3"></button>';
    draw(HTML)();
    const keep = focusKeeper(root, { skip: [review] });
    // a hand card: the same card of the hand (not the laid card with the same id)
    box.querySelector('[data-hand] [data-card="7"]').focus();
    assert.equal(keep(draw(HTML)), "drawn", "returns what the redraw returns");
    assert.ok(focused.isConnected && focused.parentElement.dataset.hand === "0" && focused.dataset.card === "7");
    // a skip button keeps its target
    box.querySelector('[data-skip-target="2"]').focus();
    keep(draw(HTML));
    assert.equal(focused.dataset.skipTarget, "2");
    // a control gone after the redraw, or a disabled one: the focus stays on the root
    keep(draw('<button data-card="9"></button>'));
    assert.equal(focused, root);
    box.innerHTML = '<button data-action="discard"></button>';
    box.firstChild.focus();
    keep(draw('<button data-action="discard" disabled></button>'));
    assert.equal(focused, root);
    // attributes not in the list are not restored; the board passes its own first
    draw(HTML)();
    box.querySelector("[data-field]").focus();
    keep(draw(HTML));
    assert.equal(focused, root, "the card table's keys do not know the board's fields");
    const board = focusKeeper(root, { keys: ["data-field", ...TABLE_FOCUS_KEYS], skip: [review] });
    box.querySelector("[data-field]").focus();
    board(draw(HTML));
    assert.equal(focused.dataset.field, "3");
    // a focus in a container left alone (a comment being typed) is not touched
    const row = document.createElement("button");
    row.setAttribute("data-goto", "2");
    review.append(row);
    row.focus();
    keep(draw(HTML));
    assert.equal(focused, row);
    assert.equal(focusSelector(row), '[data-goto="2"]');
    assert.equal(focusSelector(root), null);
    root.remove();
  } finally {
    proto.focus = oldFocus;
    delete document.activeElement;
  }
});

test("clicks: the innermost meaningful element wins; cards on the table stand for what holds them", () => {
  const { document } = setupDom();
  const el = (tag, attrs = {}, ...kids) => {
    const n = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
    n.append(...kids);
    return n;
  };
  const handCard = el("button", { "data-card": "3" }, el("span", {}, "4"));
  const handBox = el("div", {}, el("div", { "data-hand": "0" }, handCard));
  const meldCard = el("span", { "data-card": "7" });
  const meld = el("button", { "data-meld": "1-0" }, meldCard);
  const pileCard = el("span", { "data-card": "33" });
  const pile = el("button", { "data-discard": "2" }, pileCard);
  const loose = el("span", { "data-card": "50" }); // a face-up card that is nothing to click
  const propCard = el("button", { "data-prop-card": "60" }, el("span", { "data-card": "60" }));
  const combo = el("div", { "data-prop-combo": "spare" }, propCard);
  const off = el("button", { "data-action": "discard", disabled: "" });
  const sort = el("button", { "data-sort": "colour" });
  const both = el("button", { "data-action": "skip", "data-discard": "1" });
  const layout = el("button", { "data-layout": "1:0" });
  const meaning = el("button", { "data-meaning": "0:90:" });
  const moveTo = el("button", { "data-move-to": "spare" });
  const drawPile = el("button", { "data-draw-pile": "" });
  const field = el("button", { "data-field": "4" }, el("span", { "data-card": "12" }));
  const root = el("div", {}, handBox, meld, pile, loose, combo, off, sort, both, layout, meaning, moveTo, drawPile, field);
  document.body.append(root);
  const outside = el("button", { "data-action": "discard" });
  document.body.append(outside);

  const route = clickRouter(root, handBox);
  const hit = (node) => {
    const r = route(node);
    return r && [r[0], r[1].getAttribute("data-card") ?? [...r[1].attributes].map((a) => a.name)[0]];
  };
  assert.deepEqual(hit(handCard.firstChild), ["toggleCard", "3"], "a click inside a hand card");
  assert.deepEqual(hit(meldCard), ["meld", "data-meld"]);
  assert.deepEqual(hit(pileCard), ["drawDiscard", "data-discard"]);
  assert.deepEqual(hit(propCard.firstChild), ["propCard", "data-prop-card"], "a card in the dialog is picked, not its combination");
  assert.deepEqual(hit(combo), ["propCombo", "data-prop-combo"]);
  assert.deepEqual(hit(layout), ["layout", "data-layout"]);
  assert.deepEqual(hit(meaning), ["meaning", "data-meaning"]);
  assert.deepEqual(hit(moveTo), ["moveTo", "data-move-to"]);
  assert.deepEqual(hit(drawPile), ["drawPile", "data-draw-pile"]);
  assert.deepEqual(route(sort)[0], "setSort");
  assert.deepEqual(route(both)[0], "skip", "data-action wins over the other attributes");
  assert.equal(route(loose), null, "a card outside the hand that nothing holds");
  assert.equal(route(off), null, "disabled");
  assert.equal(route(outside), null, "outside the widget");
  assert.equal(route(root), null);
  assert.equal(route(field.firstChild), null, "the card table alone does not know the board's fields");
  assert.equal(route(document.createTextNode("x")), null, "no closest(): nothing");

  // the board's routes go first and turn into its actions; the card table's still work
  const board = clickRouter(root, handBox, [["field", "field"], ...TABLE_ROUTES]);
  assert.deepEqual(board(field.firstChild)[0], "field");
  assert.deepEqual(board(meldCard)[0], "meld");
  assert.equal(attrOf("askNumber"), "data-ask-number");
  assert.equal(attrOf("drawPile"), "data-draw-pile");
  root.remove();
  outside.remove();
});
