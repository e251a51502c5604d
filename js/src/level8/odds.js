// The odds panel (teacher view or hints on): the exact chance that the next card from the draw
// pile completes or improves the level of the seat shown, and how many cards of each needed
// kind that seat has not seen. Python computes every figure from that seat's own observation
// (levelwidgets/level8/odds.py, view.hint.odds); this module only words and draws them.
//
// Stable DOM: [data-odds] the panel (data-complete, data-improve: the chances as Python sent
// them; data-unseen: cards unseen), [data-odds-line] its sentence, [data-odds-kind=label] one
// needed kind (data-unseen: how many of it are unseen), most plentiful first.

import { h } from "../common/dom.js";
import { COMMON, fill } from "../common/i18n.js";

/** At most this many needed kinds are listed; the rest is counted ("+5 more"): the panel stays
 * two lines at most. */
export const MAX_KINDS = 8;

const COLOURS = ["red", "yellow", "green", "blue", "purple", "orange"];

/** A chance 0–1 as a percentage in the language's own digits and the catalogue's
 * common.percent form: "12.5%", "12,5 %", "12,5%". */
const FORMATS = new Map(); // locale -> Intl.NumberFormat (making one costs more than a draw)
export function percent(x, lang) {
  const p = Math.round(Number(x) * 1000) / 10; // one decimal place, as a projector can show
  if (!FORMATS.has(lang)) FORMATS.set(lang, new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }));
  return fill((COMMON[lang] || COMMON.en).percent, { value: FORMATS.get(lang).format(p) });
}

/** A needed kind's label in the game's notation ("red 7", "7", "joker") in this language. */
export function kindText(L, label) {
  return String(label)
    .split(" ")
    .map((word) => {
      const c = COLOURS.indexOf(word.toLowerCase());
      if (c >= 0) return L(`c${c}`);
      if (word.toLowerCase() === "joker") return L("joker");
      if (word.toLowerCase() === "skip") return L("skipCard");
      return word;
    })
    .join(" ");
}

/** The needed kinds, most plentiful first (the draws that help most), as [label, text, unseen]:
 * at most MAX_KINDS of them, and how many kinds were left out. */
function kindItems(L, odds) {
  const needed = [...(odds.needed || [])].sort((a, b) => b.unseen - a.unseen); // stable: Python's order on ties
  const items = needed.slice(0, MAX_KINDS).map((k) => [String(k.label), L("oddsKind", { kind: kindText(L, k.label), n: k.unseen }), k.unseen]);
  return [items, needed.length - items.length];
}

/** The panel's first part: "Next draw from the pile: 12.5 % completes the level, …". */
function headText(L, odds, lang) {
  return L("oddsLine", { complete: percent(odds.complete, lang), improve: percent(odds.improve, lang) });
}

/** The panel's whole sentence, or "" when there is nothing to say (no odds, level complete). */
export function oddsText(L, odds, lang) {
  if (!odds || !odds.missing) return "";
  const [kinds, more] = kindItems(L, odds);
  const items = kinds.map(([, text]) => text);
  if (more) items.push(L("oddsMore", { n: more }));
  const tail = items.length ? `${L("oddsUnseen")} ${items.join(", ")}` : L("oddsNone");
  return `${headText(L, odds, lang)} · ${tail}`;
}

/** The odds panel for view.hint.odds, or null (shown where the hint line is: on a turn). */
export function oddsEl(view, L, lang) {
  if (view.phase !== "draw" && view.phase !== "play") return null;
  const odds = view.hint && view.hint.odds;
  if (!odds || !odds.missing) return null;
  const [items, more] = kindItems(L, odds);
  const list = items.length
    ? [
        `${L("oddsUnseen")} `,
        ...items.flatMap(([label, text, n], i) => [i ? ", " : "", h("span", { class: "l8-odds-kind", "data-odds-kind": label, "data-unseen": String(n) }, text)]),
        more ? `, ${L("oddsMore", { n: more })}` : "",
      ]
    : [L("oddsNone")];
  const attrs = {
    class: "l8-odds",
    "data-odds": "",
    "data-complete": String(odds.complete),
    "data-improve": String(odds.improve),
    "data-unseen": String(odds.unseen),
    title: L("oddsTitle", { n: odds.unseen }),
  };
  return h("p", attrs, h("span", { class: "l8-odds-line", "data-odds-line": "" }, headText(L, odds, lang)), " · ", h("span", { class: "l8-odds-list" }, ...list));
}
