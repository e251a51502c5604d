// Pure: Level 8's highlights. Which highlight a click on the table means in annotate mode
// (element -> {kind, target}), and which elements draw a highlight (kind + target -> elements).
//   card         id (0–100)         a face-up card          [data-card] (a discard pile: its top card)
//   combination  [seat, index]      a laid combination      [data-meld="seat-index"]
//   player       seat               a player's side          .l8-seat[data-player]
// The innermost one wins: a card in a combination is the card, the combination's title the
// combination, the rest of a player's side the player.

import { attr } from "../common/review.js";

const CLICKABLE = "[data-card], [data-discard], [data-meld], .l8-seat[data-player]";

/** The highlight a click on `node` asks for, or null. */
export function targetOf(node) {
  const el = node && node.closest ? node.closest(CLICKABLE) : null;
  if (!el) return null;
  const d = el.dataset;
  if (d.card != null) return { kind: "card", target: Number(d.card) };
  if (d.discard != null) {
    const top = el.querySelector("[data-card]"); // a discard pile stands for its top card
    return top ? { kind: "card", target: Number(top.getAttribute("data-card")) } : targetOf(el.parentElement);
  }
  if (d.meld != null) {
    const [seat, index] = d.meld.split("-").map(Number);
    return { kind: "combination", target: [seat, index] };
  }
  if (d.player != null) return { kind: "player", target: Number(d.player) };
  return null;
}

/** The elements that draw highlight (kind, target) inside scope. */
export function locate(scope, kind, target) {
  const all = (selector) => [...scope.querySelectorAll(selector)];
  switch (kind) {
    case "card":
      return all(`[data-card=${attr(target)}]`);
    case "combination":
      return Array.isArray(target) ? all(`[data-meld=${attr(`${target[0]}-${target[1]}`)}]`) : [];
    case "player":
      return all(`.l8-seat[data-player=${attr(target)}]`);
    default:
      return [];
  }
}
