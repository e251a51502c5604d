// Review & annotate, highlights: the colours, the palette shown in annotate mode (pick a
// colour, clear the position's highlights), the highlight intent a game's click sends, and
// paintHighlights, which marks a game's board elements with the highlights of the view.
//
// createPalette(ctx, hintKey) -> {el, render(r, ro), click(dataset) -> mine?, highlight(hit)
//   -> sent?, colour()}
//   ctx: {L, readOnly, annotating, render, sendEdit} (see review.js);
//   hintKey: the i18n key of the hint (what one can click in this game).

import { h, setText } from "../dom.js";
import { cls, prop, attr as setAttr } from "./write.js";

/** The highlight colours (data-colour, data-hl-colour). */
export const COLOURS = ["red", "orange", "yellow", "green", "blue", "purple"];

const PAINTED = new WeakSet(); // scopes where paintHighlights marked some node

/**
 * Mark the board elements of each highlight: class lw-hl, data-hl-kind, data-hl-colour (the
 * theme colours them). `locate(scope, kind, target)` -> elements (the game's mapping). Marks of
 * an earlier paint are taken off first, so call it after every redraw of the board.
 */
export function paintHighlights(scope, highlights, locate) {
  const wanted = Array.isArray(highlights) ? highlights : [];
  // no highlight now and none painted here before: no mark to take off (only this function
  // adds them), so the scope is not searched (a board redraws at every view)
  if (!wanted.length && !PAINTED.has(scope)) return;
  for (const node of [...scope.querySelectorAll(".lw-hl")]) {
    node.classList.remove("lw-hl");
    node.removeAttribute("data-hl-kind");
    node.removeAttribute("data-hl-colour");
  }
  PAINTED.delete(scope);
  for (const hl of wanted) {
    if (!hl || typeof hl.kind !== "string") continue;
    for (const node of locate(scope, hl.kind, hl.target) || []) {
      node.classList.add("lw-hl");
      node.setAttribute("data-hl-kind", hl.kind);
      node.setAttribute("data-hl-colour", String(hl.colour ?? ""));
      PAINTED.add(scope);
    }
  }
}

/** A CSS attribute selector value, quoted (ids and numbers only reach here, but be safe). */
export const attr = (value) => JSON.stringify(String(value));

export function createPalette(ctx, hintKey) {
  const { L, readOnly, annotating, sendEdit } = ctx;
  let colour = COLOURS[0];

  const swatches = COLOURS.map((c) => h("button", { type: "button", class: `lw-swatch lw-hlc-${c}`, "data-colour": c, "aria-pressed": "false" }));
  const clearHl = h("button", { type: "button", class: "lw-btn lw-ghost", "data-action": "clear_highlights" });
  const hint = h("span", { class: "lw-muted lw-palettehint" });
  const el = h("div", { class: "lw-palette", "data-palette": "", role: "group", hidden: true }, ...swatches, clearHl, hint);

  function render(r, ro) {
    prop(el, "hidden", ro || !annotating());
    if (el.hidden) return; // drawn when it shows (annotate mode redraws the bar)
    setAttr(el, "aria-label", L("rvColour"));
    for (const s of swatches) {
      const c = s.dataset.colour;
      const on = c === colour;
      setAttr(s, "aria-pressed", String(on));
      cls(s, "lw-on", on);
      prop(s, "title", L(`rvColour_${c}`));
      setAttr(s, "aria-label", L(`rvColour_${c}`));
    }
    setText(clearHl, `✕ ${L("rvClearHighlights")}`);
    prop(clearHl, "disabled", !(Array.isArray(r.highlights) && r.highlights.length));
    setText(hint, L(hintKey));
  }

  /** Highlight what the game's click hit ({kind, target}) in the colour picked. */
  function highlight(hit) {
    if (!hit || !annotating()) return false;
    sendEdit({ type: "highlight", kind: hit.kind, target: hit.target, colour });
    return true;
  }

  function click(d) {
    if (d.colour) {
      colour = d.colour;
      ctx.render();
    } else if (d.action === "clear_highlights") {
      if (!readOnly()) sendEdit({ type: "highlight" });
    } else return false;
    return true;
  }

  return { el, render, click, highlight, colour: () => colour };
}
