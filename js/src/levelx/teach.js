// The teaching overlay: the chance of each sum and every grouping of the dice on the table,
// each with the points and progress Python previews for its move (view.preview, by key).

import { h } from "../common/dom.js";
import { ROWS } from "./board.js";
import { t } from "./i18n.js";
import { gainText } from "./preview.js";

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
    const preview = v.preview || {};
    for (const [nota, turned, left, key] of v.teach) {
      if (nota === "-") {
        // the pass: no grouping at all (the dice left out are all of them)
        list.append(h("button", { class: "lx-grouping lx-passrow", "data-grouping": nota, "data-turned": "" }, L("passNoMoveShort")));
        continue;
      }
      const turnText = turned.length ? ` (1→${turned.join(", 1→")})` : "";
      const leftText = left.length ? ` · ${L("leftOut")}: ${left.join(", ")}` : "";
      const entry = key != null && Object.prototype.hasOwnProperty.call(preview, key) ? preview[key] : null;
      list.append(
        h(
          "button",
          {
            class: "lx-grouping",
            "data-grouping": nota,
            "data-turned": turned.join(","),
            "data-points": entry ? String(entry.pts) : null,
            "data-progress": entry ? String(entry.prog) : null,
          },
          `${nota}${turnText}${leftText}`,
          entry ? h("span", { class: "lx-gpts" }, ` → ${gainText(lang, entry)}`) : "",
        ),
      );
    }
  } else {
    list.append(h("p", { class: "lx-hint" }, L("noDice")));
  }
  container.replaceChildren(
    h("div", { class: "lx-teachcol" }, h("h4", {}, L("chanceTitle")), bars),
    h(
      "div",
      { class: "lx-teachcol" },
      h("h4", {}, L("teachTitle", { dice: v.dice ? v.dice.join("-") : "–" })),
      list,
      v.teach && v.dice && v.preview ? h("p", { class: "lx-hint lx-pvlegend", "data-preview-legend": "" }, L("pvLegend")) : "",
    ),
  );
}
