// Pure: the player's card selection and the intents it turns into. No rule is decided here:
// a doubtful intent is sent anyway and Python answers with a view or a clear `error`.
// The only "rules" used are the ones Python hands over in `view.legal` (for highlighting,
// and to ask which end of a run a joker goes to when the engine offers two numbers).

/** Toggle card `id` in `selected` (an array, order of selection kept); at most `max` cards. */
export function toggle(selected, id, max = Infinity) {
  if (selected.includes(id)) return selected.filter((c) => c !== id);
  if (selected.length >= max) return max === 1 ? [id] : selected;
  return [...selected, id];
}

/** Keep only cards still in the hand (after a new view). Returns `selected` itself if unchanged. */
export function prune(selected, hand) {
  if (!hand) return selected.length ? [] : selected;
  const inHand = new Set(hand);
  const kept = selected.filter((c) => inHand.has(c));
  return kept.length === selected.length ? selected : kept;
}

/** The seat whose hand this screen shows in front of the viewer (or null). */
export function handSeat(view) {
  if (typeof view.viewer === "number") return view.viewer;
  if (typeof view.actor === "number") return view.actor;
  return null;
}

/** The cards shown as "the hand": the viewer's own, or (teacher view) the acting seat's. */
export function handCards(view) {
  if (view.hand) return view.hand;
  if (view.hands && typeof view.actor === "number" && view.handoff == null) return view.hands[view.actor] || null;
  return null;
}

/** The hand shown and whose it is, to tell which cards a later view adds to it. */
export function handMemo(view) {
  const cards = handCards(view);
  return cards ? { viewer: view.viewer, actor: view.actor, cards: [...cards] } : null;
}

/**
 * The cards to mark as new in the view's hand, kept from `prev` (the last marked set) until the
 * player acts: a view that adds cards (a draw) marks those; one that takes cards away (discard,
 * lay down, add on) clears the mark; a view that changes neither (a refusal, the lay-down
 * dialog, a refresh) keeps it. Null for another viewer's or actor's hand, or a new deal
 * (more than `most` new cards). The mark is a display memory: no rule is decided here.
 */
export function keepFresh(prev, memo, view, most) {
  const cards = handCards(view);
  if (!memo || !cards || memo.viewer !== view.viewer || memo.actor !== view.actor) return null;
  const added = new Set(cards.filter((c) => !memo.cards.includes(c)));
  if (added.size > most) return null;
  if (added.size) return added;
  if (memo.cards.some((c) => !cards.includes(c))) return null;
  return prev && prev.size ? prev : null;
}

/** True when this screen may act now for the current player (not a bot, no hand-off pending,
 * not a read-only record). */
export function canAct(view) {
  return (
    view.actor !== null &&
    view.actor !== undefined &&
    view.actor === view.cur &&
    view.handoff == null &&
    view.phase !== "over" &&
    !(view.review && view.review.readOnly)
  );
}

/** Draw from "pile" or a seat's discard pile. */
export function drawIntent(source) {
  return { type: "draw", source };
}

/** Ask the engine's solver for a lay-down from the selected cards (none selected: the whole hand). */
export function proposeIntent(selected, hand) {
  return { type: "propose", cards: selected.length ? [...selected] : [...(hand || [])] };
}

/** The engine's add-on options for `card` (from view.legal.addOn): [[owner, index, [meanings]], ...]. */
export function addOnOptions(view, card) {
  const table = view.legal && view.legal.addOn;
  if (!table) return [];
  return table[String(card)] || table[card] || [];
}

/** Keys "owner-index" of the laid combinations `card` fits (highlighted on the table). */
export function fitKeys(view, card) {
  return new Set(addOnOptions(view, card).map(([owner, index]) => `${owner}-${index}`));
}

/**
 * Adding `card` to combination `index` of `owner`: {intent} to send, or {ask: [meanings]} when
 * the engine offers two numbers (a joker at either end of a run): the player must choose.
 * `number` is the chosen meaning, if any.
 */
export function addOnPlan(view, card, owner, index, number) {
  const intent = { type: "add_on", card, owner, index };
  if (number !== undefined && number !== null) return { intent: { ...intent, number } };
  const entry = addOnOptions(view, card).find(([o, i]) => o === owner && i === index);
  const meanings = entry ? entry[2] || [] : [];
  if (meanings.length > 1) return { ask: meanings };
  return { intent };
}

/** Discard the one selected card (null when not exactly one is selected). */
export function discardIntent(selected) {
  return selected.length === 1 ? { type: "discard", card: selected[0] } : null;
}

/** Play a skip card onto `target` (the selected one when it is a skip card, else the engine picks). */
export function skipIntent(target, card) {
  return card === undefined || card === null ? { type: "skip", target } : { type: "skip", target, card };
}

/** Keep the selected cards (two-star rule; none is allowed). */
export function keepIntent(selected) {
  return { type: "keep", cards: [...selected] };
}

/** The most cards the selection may hold now: keepMax in the keep phase, else the whole hand. */
export function selectionMax(view) {
  if (view.phase === "keep") return (view.legal && view.legal.keepMax) ?? 4;
  return Infinity;
}
