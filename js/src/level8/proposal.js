// Pure: editing the lay-down the engine's solver proposed (view.proposal) before sending it.
// The player may move cards between the combinations (and out of them) and choose what a
// joker stands for. Nothing is checked here: `lay_down` is validated by Python.

import { FIRST_JOKER, isJoker, numberOf } from "./cards.js";

const clone = (c) => {
  const out = { kind: c.kind, cards: [...c.cards], jokers: { ...(c.jokers || {}) }, choices: { ...(c.choices || {}) } };
  if (c.layouts) out.layouts = c.layouts; // whole readings offered by Python: [{label, cards, jokers}]
  if (c.need !== undefined) out.need = c.need;
  return out;
};

/** Editing state from view.proposal: {combos, spare, picked, ok, key} (each combination
 * keeps `need`, the requirement Python matched it to, for its heading). */
export function fromProposal(proposal) {
  const combos = (proposal.combos || []).map(clone);
  const used = new Set(combos.flatMap((c) => c.cards));
  const spare = (proposal.cards || []).filter((c) => !used.has(c));
  const ok = proposal.ok === undefined ? combos.length > 0 : Boolean(proposal.ok);
  return { combos, spare, picked: null, ok, key: proposalKey(proposal) };
}

/** A string that changes when Python sends a different proposal. */
export function proposalKey(proposal) {
  return proposal ? JSON.stringify([proposal.cards, proposal.combos, proposal.ok]) : ""; // not .check
}

/** An arrangement's key: kinds, cards and joker meanings, whatever the order of the jokers. */
export function arrangementKey(combos) {
  return JSON.stringify(
    (combos || []).map((c) => [
      c.kind,
      [...c.cards],
      Object.entries(c.jokers || {})
        .map(([j, m]) => [String(j), m])
        .sort(),
    ]),
  );
}

/**
 * Python's check (view.proposal.check) when it is about the arrangement as it stands now
 * ({ok, why: [refusal|null per combination], whole}), else null (an edit not checked yet).
 */
export function checkFor(state, check) {
  if (!state || !check) return null;
  return arrangementKey(check.combos) === arrangementKey(toLayDown(state).combos) ? check : null;
}

/** The intent asking Python to check the arrangement as it stands. */
export function checkIntent(state) {
  return { type: "check_lay", combos: toLayDown(state).combos };
}

/** Pick a card to move (clicking it again drops the pick). */
export function pick(state, card) {
  return { ...state, picked: state.picked === card ? null : card };
}

/** Where `card` is now: a combination index, "spare", or null. */
export function placeOf(state, card) {
  const i = state.combos.findIndex((c) => c.cards.includes(card));
  if (i >= 0) return i;
  return state.spare.includes(card) ? "spare" : null;
}

/**
 * Move the picked card to combination `target` (index) or "spare". A moved joker loses its
 * meaning (it may mean something else where it lands): the player chooses it again or leaves
 * it to the engine ("auto"). Returns the new state (unchanged when nothing is picked).
 */
export function moveTo(state, target) {
  const card = state.picked;
  if (card === null || card === undefined) return state;
  const from = placeOf(state, card);
  if (from === null || from === target) return { ...state, picked: null };
  const combos = state.combos.map(clone);
  let spare = [...state.spare];
  const key = String(card);
  if (from === "spare") spare = spare.filter((c) => c !== card);
  else {
    const c = combos[from];
    c.cards = c.cards.filter((x) => x !== card);
    delete c.jokers[key];
    delete c.choices[key];
    delete c.layouts; // the readings Python offered were for the old cards
  }
  if (target === "spare") spare.push(card);
  else {
    combos[target].cards.push(card);
    delete combos[target].layouts;
  }
  return { ...state, combos, spare, picked: null };
}

/** The readings of a combination Python offered (runs: which numbers; sets: which number …). */
export function layoutOptions(combo) {
  return combo.layouts && combo.layouts.length > 1 ? combo.layouts : [];
}

/** Index of the offered reading the combination follows now (-1: none). */
export function currentLayout(combo) {
  const mine = JSON.stringify(Object.entries(combo.jokers).sort());
  return layoutOptions(combo).findIndex((l) => JSON.stringify(Object.entries(l.jokers || {}).map(([k, v]) => [String(k), v]).sort()) === mine);
}

/** Follow reading k of combination `index` (its cards in that order and its joker meanings). */
export function chooseLayout(state, index, k) {
  const combos = state.combos.map(clone);
  const layout = layoutOptions(combos[index])[k];
  if (!layout) return state;
  combos[index].cards = [...layout.cards];
  combos[index].jokers = Object.fromEntries(Object.entries(layout.jokers || {}).map(([j, m]) => [String(j), m]));
  combos[index].choices = {};
  return { ...state, combos };
}

/** Set (or clear with null) what joker `joker` in combination `index` stands for. */
export function setMeaning(state, index, joker, meaning) {
  const combos = state.combos.map(clone);
  const jokers = combos[index].jokers;
  if (meaning === null || meaning === undefined) delete jokers[String(joker)];
  else jokers[String(joker)] = meaning;
  return { ...state, combos };
}

/**
 * The meanings a picker offers for a joker in a combination: the engine's `choices` when it
 * offered several; for a joker the player moved (no meaning, no choices) every number 1–15
 * (runs, sets) or every colour 0–5; [] when the meaning is settled.
 */
export function meaningOptions(combo, joker) {
  if (!isJoker(joker)) return [];
  const key = String(joker);
  const choices = combo.choices && combo.choices[key];
  if (choices && choices.length > 1) return choices;
  if (combo.jokers && key in combo.jokers) return [];
  if (layoutOptions(combo).length) return []; // chosen through the readings instead
  if (combo.kind === "colour") return [0, 1, 2, 3, 4, 5];
  return Array.from({ length: 15 }, (_, k) => k + 1);
}

/** Display order of a combination's cards: runs by number (jokers by meaning), else as given. */
export function displayOrder(combo) {
  if (combo.kind !== "run") return [...combo.cards];
  const value = (c) => (isJoker(c) ? (combo.jokers[String(c)] ?? 100 + c - FIRST_JOKER) : numberOf(c) ?? 200 + c);
  return [...combo.cards].sort((a, b) => value(a) - value(b));
}

/** The `lay_down` intent for the current arrangement (meanings only where set). */
export function toLayDown(state) {
  return {
    type: "lay_down",
    combos: state.combos.map((c) => {
      const jokers = {};
      for (const j of c.cards) if (isJoker(j) && c.jokers[String(j)] !== undefined) jokers[String(j)] = c.jokers[String(j)];
      return { kind: c.kind, cards: [...c.cards], jokers };
    }),
  };
}
