// Card faces as DOM: number + colour + the colour's shape; jokers (dark, all six shapes in a
// ring) and skip cards (⊘) look nothing like number cards; face-down backs carry a count.
// Faces are built once per (card, language) and cloned afterwards: cloning is much cheaper
// than building SVG, so a redraw of the whole table stays well inside one frame.

import { h, svg } from "../common/dom.js";
import { cardInfo, shapeOf } from "./cards.js";

const cache = new Map();

function shapeSvg(colour, cls) {
  const box = svg("svg", { viewBox: "0 0 100 100", class: cls, "aria-hidden": "true" });
  const [tag, attrs] = shapeOf(colour);
  box.append(svg(tag, { ...attrs, class: `l8-shape l8-f${colour}` }));
  return box;
}

function jokerRing() {
  const box = svg("svg", { viewBox: "0 0 100 100", class: "l8-big", "aria-hidden": "true" });
  for (let c = 0; c < 6; c++) {
    const a = (c * Math.PI) / 3 - Math.PI / 2;
    const g = svg("g", { transform: `translate(${(50 + 32 * Math.cos(a) - 14).toFixed(1)} ${(50 + 32 * Math.sin(a) - 14).toFixed(1)}) scale(0.28)` });
    const [tag, attrs] = shapeOf(c);
    g.append(svg(tag, { ...attrs, class: `l8-shape l8-f${c}` }));
    box.append(g);
  }
  return box;
}

/** The width of a card word in "average letters": narrow letters count about half, wide
 * ones more (a rough measure that needs no layout, so faces stay cheap to build). */
export function wordUnits(word) {
  let units = 0;
  for (const ch of String(word)) {
    if (" .,'ijlrtfI".includes(ch)) units += 0.55;
    else if ("mwMW".includes(ch)) units += 1.4;
    else if (ch !== ch.toLowerCase()) units += 1.2;
    else units += 1;
  }
  return units;
}

/** Letters that fit the face's word line at its normal size, per place a card is drawn
 * (level8.css uses the same numbers): a table or hand card ("Sla over" fits, "Aussetzen"
 * not), and the projector's larger word on a card of the same width. */
export const WORD_UNITS = 6.9;
export const PROJECTOR_UNITS = 5.1;

/** The card's word (Joker, the skip card's name in each language) with its width in
 * --l8-units: the stylesheet shrinks a word wider than its card to fit, in every place a card
 * is drawn (table, hand, projector). */
export function cardWord(word) {
  const units = wordUnits(word);
  return h("span", { class: "l8-word", style: `--l8-units: ${units.toFixed(2)}` }, word);
}

/** The inside of a card face (corner index + centre), built once per card and language. */
function faceParts(id, L) {
  const key = `${id}:${L("skipCard")}`;
  let tpl = cache.get(key);
  if (!tpl) {
    const info = cardInfo(id);
    tpl = document.createDocumentFragment();
    if (info.kind === "number") {
      tpl.append(
        h("span", { class: "l8-corner" }, h("b", { class: "l8-num" }, String(info.number)), shapeSvg(info.colour, "l8-small")),
        shapeSvg(info.colour, "l8-big"),
      );
    } else if (info.kind === "joker") {
      tpl.append(h("span", { class: "l8-corner" }, h("b", { class: "l8-num" }, "J")), jokerRing(), cardWord(L("joker")));
    } else {
      tpl.append(h("span", { class: "l8-corner" }, h("b", { class: "l8-num" }, "⊘")), h("span", { class: "l8-skipmark", "aria-hidden": "true" }, "⊘"), cardWord(L("skipCard")));
    }
    cache.set(key, tpl);
  }
  return tpl.cloneNode(true);
}

/** Spoken / tooltip name of a card: "7 blue", "Joker", "SKIP". */
export function cardName(id, L) {
  const info = cardInfo(id);
  if (info.kind === "number") return `${info.number} ${L(`c${info.colour}`)}`;
  return info.kind === "joker" ? L("joker") : L("skipCard");
}

/**
 * A face-up card. `tag` "button" for cards one can click; `attrs` extra attributes;
 * `meaning` {number} or {colour} for a laid joker (shown as a badge).
 */
export function cardEl(id, L, { tag = "div", attrs = {}, meaning = null, cls = "" } = {}) {
  const info = cardInfo(id);
  const name = cardName(id, L);
  const el = h(tag, {
    class: `l8-card l8-${info.kind}${info.colour == null ? "" : ` l8-c${info.colour}`}${cls ? ` ${cls}` : ""}`,
    "data-card": String(id),
    title: name,
    "aria-label": name,
    ...attrs,
  });
  if (tag === "button") el.type = "button";
  el.append(faceParts(id, L));
  if (meaning) {
    const badge = h("span", { class: "l8-means", "data-means": meaning.colour != null ? `c${meaning.colour}` : String(meaning.number) });
    if (meaning.colour != null) badge.append(shapeSvg(meaning.colour, "l8-small"));
    else badge.append(`=${meaning.number}`);
    el.append(badge);
    el.classList.add("l8-meant");
    el.title = `${name} = ${meaning.colour != null ? L(`c${meaning.colour}`) : meaning.number}`;
    el.setAttribute("aria-label", el.title);
  }
  return el;
}

/** A face-down card (a back), with an optional count written on it. */
export function backEl(count, attrs = {}) {
  return h("div", { class: "l8-card l8-back", ...attrs }, count == null ? "" : h("b", { class: "l8-count" }, String(count)));
}

/** A colour's shape as a small inline SVG (legends, joker choices). */
export function colourMark(colour) {
  return shapeSvg(colour, "l8-small");
}
