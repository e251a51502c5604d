// Pure: the move-list rows of a board turn (the log's sentences come from Python as text).

import { cardText, moveText as l8MoveText } from "../level8/text.js";

const nameOf = (names, q) => (names && names[q] != null ? String(names[q]) : "?");

/** One move-list row {p, acts: [[kind, ...], ...]} of the board game as text. */
export function moveText(L, row, names) {
  if (row.text) return row.text;
  return (row.acts || [])
    .map((a) => {
      switch (a[0]) {
        case "roll":
          return L("mv_roll", { a: a[1], b: a[2] });
        case "move":
          return L("mv_move", { n: a[1], action: L(`a_${a[2]}`) });
        case "take":
          return a[1] === "pile" ? L("mv_takePile") : L("mv_takeFrom", { name: nameOf(names, a[1]) });
        case "swap":
          return L("mv_swap", { n: a[1] });
        case "ask":
          return a[2] != null ? L("mv_askColour", { colour: L(`c${a[2]}`), dir: L(a[3] === "right" ? "right" : "left") }) : L("mv_askNumber", { n: a[1], dir: L(a[3] === "right" ? "right" : "left") });
        case "give":
          return L("mv_give", { name: nameOf(names, a[1]) });
        case "show":
          return L("mv_show", { name: nameOf(names, a[1]), n: a[2] });
        case "steal":
          return L("mv_steal", { name: nameOf(names, a[1]) });
        case "choose":
          return L("mv_choose", { action: L(`a_${a[1]}`) });
        case "discard_two":
          return L("mv_discardTwo", { a: cardText(a[1]), b: cardText(a[2]) });
        default:
          return l8MoveText(L, { p: row.p, acts: [a] }, names);
      }
    })
    .join(" · ");
}
