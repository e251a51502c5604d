import { test } from "node:test";
import assert from "node:assert/strict";
import { cardInfo, codeOf, shapeOf, sortHand, SHAPES } from "../src/level8/cards.js";
import { keyAction } from "../src/level8/keys.js";
import * as P from "../src/level8/proposal.js";
import * as S from "../src/level8/selection.js";
import { L8_STRINGS } from "../src/level8/strings.js";
import { jokerMeaning, meldTitle, reqText, stepIndex, stepKey } from "../src/level8/text.js";

// as makeT does: a count of one takes the key's "_1" entry
const fill = (table) => (key, params = {}) =>
  (table[params.n === 1 && `${key}_1` in table ? `${key}_1` : key] ?? key).replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
const EN = fill(L8_STRINGS.en);
const DE = fill(L8_STRINGS.de);

test("card faces: number, colour and shape of every kind of card", () => {
  assert.deepEqual(cardInfo(0), { id: 0, kind: "number", number: 1, colour: 0, shape: "circle", code: "1R" });
  assert.deepEqual(cardInfo(48), { id: 48, kind: "number", number: 4, colour: 3, shape: "diamond", code: "4B" });
  assert.equal(cardInfo(89).code, "15O");
  assert.equal(cardInfo(89).shape, "hexagon");
  assert.equal(cardInfo(90).kind, "joker");
  assert.equal(cardInfo(90).number, null);
  assert.equal(cardInfo(96).code, "J7");
  assert.equal(cardInfo(97).kind, "skip");
  assert.equal(codeOf(100), "S4");
  // the shapes are those of the static picture, one per colour, all drawable
  assert.deepEqual(SHAPES, ["circle", "triangle", "square", "diamond", "star", "hexagon"]);
  for (let c = 0; c < 6; c++) assert.ok(shapeOf(c), `shape ${c}`);
  assert.equal(shapeOf(4)[1].points.split(" ").length, 10);
  assert.equal(shapeOf(5)[1].points.split(" ").length, 6);
});

test("hand sorting by number or by colour; jokers then skip cards at the end", () => {
  const hand = [97, 48, 90, 3, 18, 47, 89];
  // 48 = 4B, 3 = 4R, 18 = 4Y, 47 = 3B, 89 = 15O
  assert.deepEqual(sortHand(hand, "number"), [47, 3, 18, 48, 89, 90, 97]);
  assert.deepEqual(sortHand(hand, "colour"), [3, 18, 47, 48, 89, 90, 97]);
  assert.deepEqual(sortHand(hand, "deal"), hand);
  assert.deepEqual(hand, [97, 48, 90, 3, 18, 47, 89], "the input is not changed");
});

test("level requirements read like the rulebook, in English and German", () => {
  assert.equal(reqText(EN, [["run", 3], ["run", 3]]), "2 runs of 3");
  assert.equal(reqText(EN, [["set", 2], ["set", 2], ["set", 2], ["set", 2]]), "4 pairs");
  assert.equal(reqText(EN, [["run", 3], ["colour", 4]]), "1 run of 3 + 4 cards of one colour");
  assert.equal(reqText(EN, [["set", 2], ["set", 3], ["set", 4]]), "1 pair + 1 triple + 1 quad");
  assert.equal(reqText(EN, [["set", 5]]), "1 set of 5");
  assert.equal(reqText(DE, [["run", 3], ["run", 3]]), "2 Zahlenfolgen aus je 3");
  assert.equal(reqText(DE, [["set", 2], ["set", 3], ["set", 3]]), "1 Zwilling + 2 Drillinge");
  assert.equal(reqText(DE, [["set", 3], ["colour", 5]]), "1 Drilling + 5 Karten einer Farbe");
  assert.equal(reqText(EN, null), "");
});

test("English and German Level 8 tables have the same keys", () => {
  assert.deepEqual(Object.keys(L8_STRINGS.de).sort(), Object.keys(L8_STRINGS.en).sort());
});

test("laid combinations are titled with their add-on number, kind and joker meanings", () => {
  const run = { kind: "run", cards: [90, 4, 5], jokers: { 90: 4 }, lo: 4, hi: 6, value: null };
  assert.equal(meldTitle(EN, run, 0), "#1 run 4–6");
  assert.equal(meldTitle(EN, { kind: "set", cards: [6, 21], jokers: {}, value: 7 }, 1), "#2 set of 7s"); // the value, not the size: a requirement says "1 set of 5"
  assert.equal(meldTitle(EN, { kind: "set", cards: [0, 15, 30], jokers: {}, value: 1 }, 0), "#1 set of 1s");
  assert.equal(meldTitle(DE, { kind: "set", cards: [10, 25, 40], jokers: {}, value: 11 }, 0), "#1 lauter 11");
  assert.equal(meldTitle(DE, { kind: "colour", cards: [45, 46, 91], jokers: { 91: 3 }, value: 3 }, 2), "#3 blau");
  assert.deepEqual(jokerMeaning(run, 90), { number: 4 });
  assert.deepEqual(jokerMeaning({ kind: "colour", jokers: { 91: 3 } }, 91), { colour: 3 });
  assert.equal(jokerMeaning(run, 91), null);
});

test("the turn's step follows the phase and the laid-down state", () => {
  assert.equal(stepKey({ phase: "draw", cur: 0, laid: [false] }), "step_draw");
  assert.equal(stepKey({ phase: "play", cur: 0, laid: [false] }), "step_play");
  assert.equal(stepKey({ phase: "play", cur: 0, laid: [true] }), "step_playLaid");
  assert.equal(stepKey({ phase: "keep", cur: 0, laid: [true] }), "step_keep");
  assert.equal(stepIndex({ phase: "draw" }), 1);
  assert.equal(stepIndex({ phase: "play" }), 2);
  assert.equal(stepIndex({ phase: "over" }), 0);
});

test("selection toggles, honours a maximum and follows the hand", () => {
  let sel = [];
  sel = S.toggle(sel, 3);
  sel = S.toggle(sel, 5);
  assert.deepEqual(sel, [3, 5]);
  assert.deepEqual(S.toggle(sel, 3), [5]);
  assert.deepEqual(S.toggle([1, 2, 3, 4], 5, 4), [1, 2, 3, 4], "keep: at most 4");
  assert.deepEqual(S.toggle([1], 5, 1), [5], "max 1 replaces");
  assert.deepEqual(S.prune([3, 5], [5, 7]), [5]);
  const same = [5];
  assert.equal(S.prune(same, [5, 7]), same, "unchanged selection is the same array");
  assert.deepEqual(S.prune([5], null), []);
  assert.equal(S.selectionMax({ phase: "keep", legal: { keepMax: 4 } }), 4);
  assert.equal(S.selectionMax({ phase: "play", legal: {} }), Infinity);
});

test("selection turns into intents", () => {
  assert.deepEqual(S.drawIntent("pile"), { type: "draw", source: "pile" });
  assert.deepEqual(S.drawIntent(1), { type: "draw", source: 1 });
  assert.deepEqual(S.proposeIntent([3, 4], [1, 3, 4]), { type: "propose", cards: [3, 4] });
  assert.deepEqual(S.proposeIntent([], [1, 3, 4]), { type: "propose", cards: [1, 3, 4] }, "none selected: the whole hand");
  assert.deepEqual(S.discardIntent([7]), { type: "discard", card: 7 });
  assert.equal(S.discardIntent([7, 8]), null);
  assert.equal(S.discardIntent([]), null);
  assert.deepEqual(S.skipIntent(2, 98), { type: "skip", target: 2, card: 98 });
  assert.deepEqual(S.skipIntent(2), { type: "skip", target: 2 });
  assert.deepEqual(S.keepIntent([1, 2]), { type: "keep", cards: [1, 2] });
});

test("add-on: fitting combinations from legal info; a joker at either end of a run asks", () => {
  const view = { legal: { addOn: { 7: [[0, 0, [8]]], 90: [[1, 0, [3, 7]], [0, 1, [5]]] } } };
  assert.deepEqual([...S.fitKeys(view, 90)].sort(), ["0-1", "1-0"]);
  assert.deepEqual(S.fitKeys(view, 12).size, 0);
  assert.deepEqual(S.addOnPlan(view, 7, 0, 0), { intent: { type: "add_on", card: 7, owner: 0, index: 0 } });
  assert.deepEqual(S.addOnPlan(view, 90, 1, 0), { ask: [3, 7] });
  assert.deepEqual(S.addOnPlan(view, 90, 1, 0, 7), { intent: { type: "add_on", card: 90, owner: 1, index: 0, number: 7 } });
  assert.deepEqual(S.addOnPlan(view, 90, 0, 1), { intent: { type: "add_on", card: 90, owner: 0, index: 1 } });
  // no legal info (not laid down, does not fit): sent anyway, the engine explains
  assert.deepEqual(S.addOnPlan({ legal: null }, 12, 0, 0), { intent: { type: "add_on", card: 12, owner: 0, index: 0 } });
});

test("who acts: the actor on its own turn, never during a hand-off", () => {
  assert.equal(S.canAct({ actor: 0, cur: 0, handoff: null, phase: "draw" }), true);
  assert.equal(S.canAct({ actor: null, cur: 1, handoff: null, phase: "draw" }), false);
  assert.equal(S.canAct({ actor: 1, cur: 1, handoff: 1, phase: "draw" }), false);
  assert.equal(S.canAct({ actor: 0, cur: 0, handoff: null, phase: "over" }), false);
  assert.equal(S.handSeat({ viewer: 2, actor: null }), 2);
  assert.equal(S.handSeat({ viewer: "teacher", actor: 1 }), 1);
  assert.equal(S.handSeat({ viewer: "spectator", actor: null }), null);
});

const PROPOSAL = {
  cards: [3, 4, 5, 90, 20, 21, 60],
  combos: [
    { kind: "run", cards: [3, 4, 5], jokers: {}, choices: {} },
    { kind: "run", cards: [90, 20, 21], jokers: { 90: 5 }, choices: { 90: [5, 8] } },
  ],
  ok: true,
};

test("proposal: unused cards are spare; moving cards between combinations", () => {
  let s = P.fromProposal(PROPOSAL);
  assert.deepEqual(s.spare, [60]);
  assert.equal(s.ok, true);
  assert.equal(P.placeOf(s, 4), 0);
  assert.equal(P.placeOf(s, 60), "spare");
  s = P.pick(s, 60);
  assert.equal(s.picked, 60);
  assert.equal(P.pick(s, 60).picked, null, "a second click drops the pick");
  s = P.moveTo(s, 0);
  assert.deepEqual(s.combos[0].cards, [3, 4, 5, 60]);
  assert.deepEqual(s.spare, []);
  assert.equal(s.picked, null);
  s = P.moveTo(P.pick(s, 3), "spare");
  assert.deepEqual(s.combos[0].cards, [4, 5, 60]);
  assert.deepEqual(s.spare, [3]);
  assert.equal(P.moveTo(s, 1), s, "nothing picked: no change");
  assert.deepEqual(PROPOSAL.combos[0].cards, [3, 4, 5], "the view's proposal is not changed");
});

test("proposal: joker meanings, choices and the lay_down intent", () => {
  let s = P.fromProposal(PROPOSAL);
  assert.deepEqual(P.meaningOptions(s.combos[1], 90), [5, 8], "the engine's choices");
  assert.deepEqual(P.meaningOptions(s.combos[0], 4), [], "not a joker with an open meaning");
  s = P.setMeaning(s, 1, 90, 8);
  assert.deepEqual(P.toLayDown(s), {
    type: "lay_down",
    combos: [
      { kind: "run", cards: [3, 4, 5], jokers: {} },
      { kind: "run", cards: [90, 20, 21], jokers: { 90: 8 } },
    ],
  });
  assert.deepEqual(P.displayOrder(s.combos[1]), [20, 21, 90], "runs shown by number, joker by meaning");
  // a moved joker loses its meaning; the picker then offers every number (or colour)
  s = P.moveTo(P.pick(s, 90), 0);
  assert.equal(s.combos[0].jokers["90"], undefined);
  assert.equal(P.meaningOptions(s.combos[0], 90).length, 15);
  assert.deepEqual(P.meaningOptions({ kind: "colour", cards: [91], jokers: {}, choices: {} }, 91), [0, 1, 2, 3, 4, 5]);
  assert.deepEqual(P.toLayDown(s).combos[0], { kind: "run", cards: [3, 4, 5, 90], jokers: {} }, "auto: no meaning sent");
  s = P.setMeaning(s, 0, 90, 6);
  assert.deepEqual(P.toLayDown(s).combos[0].jokers, { 90: 6 });
  s = P.setMeaning(s, 0, 90, null);
  assert.deepEqual(P.toLayDown(s).combos[0].jokers, {});
  assert.notEqual(P.proposalKey(PROPOSAL), P.proposalKey({ ...PROPOSAL, ok: false }));
});

test("keys: widget keys map to actions; notebook keys stay with the notebook", () => {
  assert.equal(keyAction({ key: "d" }), "drawPile");
  assert.equal(keyAction({ key: "l" }), "layDown");
  assert.equal(keyAction({ key: "x" }), "discard");
  assert.equal(keyAction({ key: "Escape" }), "clear");
  assert.equal(keyAction({ key: "ArrowLeft" }), "undo");
  assert.equal(keyAction({ key: "Enter" }), "confirm");
  assert.equal(keyAction({ key: "Enter", shiftKey: true }), null);
  assert.equal(keyAction({ key: "Enter", target: { tagName: "BUTTON" } }), null);
  assert.equal(keyAction({ key: "d", ctrlKey: true }), null);
  assert.equal(keyAction({ key: "q" }), null);
});

test("proposal: whole readings offered by Python (layouts) are chosen as a unit", () => {
  const prop = {
    cards: [3, 4, 90],
    combos: [
      {
        kind: "run",
        cards: [3, 4, 90],
        jokers: { 90: 6 },
        lo: 4,
        hi: 6,
        layouts: [
          { label: "3–5", cards: [90, 3, 4], jokers: { 90: 3 } },
          { label: "4–6", cards: [3, 4, 90], jokers: { 90: 6 } },
        ],
      },
    ],
  };
  let s = P.fromProposal(prop);
  assert.equal(s.ok, true, "no ok field: ok when there are combinations");
  assert.equal(P.layoutOptions(s.combos[0]).length, 2);
  assert.equal(P.currentLayout(s.combos[0]), 1);
  assert.deepEqual(P.meaningOptions(s.combos[0], 90), [], "jokers follow the chosen reading");
  s = P.chooseLayout(s, 0, 0);
  assert.equal(P.currentLayout(s.combos[0]), 0);
  assert.deepEqual(P.toLayDown(s).combos[0], { kind: "run", cards: [90, 3, 4], jokers: { 90: 3 } });
  // moving a card makes the readings stale: they disappear, the joker is open again
  s = P.moveTo(P.pick(s, 90), "spare");
  assert.deepEqual(P.layoutOptions(s.combos[0]), []);
  assert.equal(P.fromProposal({ cards: [1], combos: [] }).ok, false);
});

test("move rows and hints read as text in both languages", async () => {
  const { moveText, hintText, cardText } = await import("../src/level8/text.js");
  assert.equal(cardText(48), "4◆");
  assert.equal(cardText(90), "J");
  assert.equal(cardText(98), "⊘");
  const names = ["Ann", "<b>Ben</b>"];
  const row = { p: 0, acts: [["draw", 1], ["lay"], ["add", 48, 1], ["discard", 0]], ply: 4 };
  assert.equal(moveText(EN, row, names), "takes from <b>Ben</b> · lays down · adds 4◆ to <b>Ben</b> · discards 1●");
  assert.equal(moveText(DE, { p: 1, acts: [["draw", "pile"], ["skip", 0]] }, names), "zieht · lässt Ann aussetzen");
  assert.equal(moveText(EN, { p: 1, acts: [["skip_turn"]] }, names), "sits out");
  assert.equal(moveText(DE, { p: null, acts: [["round", 2]], ply: 40 }, names), "Runde 2");
  assert.equal(moveText(EN, { text: "given" }, names), "given");
  assert.equal(hintText(EN, null), "");
  assert.equal(hintText(EN, { missing: 0, needs: [] }), "Hint: you can lay down your level now");
  assert.equal(
    hintText(EN, { missing: 2, needs: [["run", 5, null, [8]], ["colour", null, 3, []], ["set", null, null, []]] }),
    "Hint: 2 cards missing; useful: a 5 or 8, any blue card, any number card",
  );
  assert.equal(hintText(DE, { missing: 1, needs: [["set", 7, null, []]] }), "Tipp: es fehlt 1 Karte; nützlich: eine 7");
});

test("hint numbers are listed once, in order", async () => {
  const { hintText } = await import("../src/level8/text.js");
  assert.equal(
    hintText(EN, { missing: 2, needs: [["run", 4, null, [2, 6]], ["run", 2, null, [4, 6]]] }),
    "Hint: 2 cards missing; useful: a 2 or 4 or 6",
  );
});

test("the drawn card stays marked until the player acts, for the same viewer only", () => {
  const before = { viewer: 0, actor: 0, hand: [1, 2, 3], phase: "draw" };
  const memo = S.handMemo(before);
  const drawn = { ...before, hand: [1, 2, 3, 40], phase: "play" };
  let fresh = S.keepFresh(null, memo, drawn, 3);
  assert.deepEqual([...fresh], [40]);
  // a view that neither adds nor takes cards (a refusal, the lay-down dialog): still marked
  fresh = S.keepFresh(fresh, S.handMemo(drawn), { ...drawn }, 3);
  assert.deepEqual([...fresh], [40]);
  // the next action takes a card away (discard, lay down, add on): the mark goes
  assert.equal(S.keepFresh(fresh, S.handMemo(drawn), { ...drawn, hand: [1, 2, 40] }, 3), null);
  // another viewer's screen, or a new deal (many new cards): no mark
  assert.equal(S.keepFresh(fresh, S.handMemo(drawn), { ...drawn, viewer: 1, actor: 1 }, 3), null);
  assert.equal(S.keepFresh(null, memo, { ...before, hand: [4, 5, 6, 7, 8] }, 3), null);
});
