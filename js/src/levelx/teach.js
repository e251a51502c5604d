// The teaching overlay: the chance of each sum and every grouping of the dice on the table.

import { h } from "../common/dom.js";
import { ROWS } from "./board.js";
import { t } from "./i18n.js";

/** Fill `container` (hidden unless `on`) for view v; chances: {row: [p, "n/1296"]}. */
export function drawTeach(container, v, on, chances, lang) {
  container.hidden = !on;
  if (!on) return;
  const L = (key, params) => t(lang, key, params);
  const bars = h("div", { class: "lx-chances" });
  for (const row of ROWS) {
    const [p, exact] = (chances || {})[String(row)] || [0, ""];
    bars.append(
      h(
        "div",
        { class: "lx-bar", "data-chance": String(row) },
        h("span", { class: "lx-barlabel" }, String(row)),
        h("span", { class: "lx-bartrack" }, h("span", { class: "lx-barfill", style: `width:${(p * 100).toFixed(1)}%` })),
        h("span", { class: "lx-barval", title: exact }, `${(p * 100).toFixed(1)} %`),
        h("span", { class: "lx-barexact" }, exact),
      ),
    );
  }
  const list = h("div", { class: "lx-groupings" });
  if (v.teach && v.dice) {
    for (const [nota, turned, left] of v.teach) {
      if (nota === "-") {
        // the pass: no grouping at all (the dice left out are all of them)
        list.append(h("button", { class: "lx-grouping lx-passrow", "data-grouping": nota, "data-turned": "" }, L("passNoMoveShort")));
        continue;
      }
      const turnText = turned.length ? ` (1→${turned.join(", 1→")})` : "";
      const leftText = left.length ? ` · ${L("leftOut")}: ${left.join(", ")}` : "";
      list.append(h("button", { class: "lx-grouping", "data-grouping": nota, "data-turned": turned.join(",") }, `${nota}${turnText}${leftText}`));
    }
  } else {
    list.append(h("p", { class: "lx-hint" }, L("noDice")));
  }
  container.replaceChildren(
    h("div", { class: "lx-teachcol" }, h("h4", {}, L("chanceTitle")), bars),
    h("div", { class: "lx-teachcol" }, h("h4", {}, L("teachTitle", { dice: v.dice ? v.dice.join("-") : "–" })), list),
  );
}
