// The teaching overlay: the chance of each sum and every grouping of the dice on the table,
// each with the points and progress Python previews for its move (view.preview, by key) and
// the advisor's expected value (view.advice, by the same key: {move, pts, prog, ev, exact,
// rank}; levelwidgets/levelx/advisor.py computes it, rank 1 is the best move).

import { h, patch, prop } from "../common/dom.js";
import { ROWS } from "./board.js";
import { t } from "./i18n.js";
import { gainText } from "./preview.js";

const has = (obj, key) => obj != null && key != null && Object.prototype.hasOwnProperty.call(obj, key);

/** "EV 29.3" / "EW 29,3": the advisor's expected value, one decimal. */
export function evText(lang, advice) {
  const ev = advice.ev.toFixed(1);
  return t(lang, "advEv", { ev: ev.replace(".", t(lang, "decimalSign")) });
}

/** Fill `container` (hidden unless `on`) for view v; chances: {row: [p, "n/1296"]}. */
export function drawTeach(container, v, on, chances, lang) {
  prop(container, "hidden", !on);
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
    const advice = v.advice || {};
    // the best move (★) comes first, so it is never below the fold of a long list
    const isBest = (row) => has(advice, row[3]) && advice[row[3]].rank === 1;
    const rows = [...v.teach.filter(isBest), ...v.teach.filter((row) => !isBest(row))];
    for (const [nota, turned, left, key] of rows) {
      const adv = has(advice, key) ? advice[key] : null;
      const best = adv && adv.rank === 1;
      const evAttrs = { "data-ev": adv ? String(adv.ev) : null, "data-rank": adv ? String(adv.rank) : null };
      const evSpan = adv ? h("span", { class: "lx-gev", title: `${adv.exact} = ${adv.ev}` }, ` · ${evText(lang, adv)}`) : "";
      const mark = best ? h("span", { class: "lx-bestmark", title: L("advBest") }, "★ ") : "";
      if (nota === "-") {
        // the pass: no grouping at all (the dice left out are all of them)
        const cls = best ? "lx-grouping lx-passrow lx-best" : "lx-grouping lx-passrow";
        list.append(h("button", { class: cls, "data-grouping": nota, "data-turned": "", ...evAttrs }, mark, L("passNoMoveShort"), evSpan));
        continue;
      }
      const turnText = turned.length ? ` (1→${turned.join(", 1→")})` : "";
      const leftText = left.length ? ` · ${L("leftOut")}: ${left.join(", ")}` : "";
      const entry = has(preview, key) ? preview[key] : null;
      list.append(
        h(
          "button",
          {
            class: best ? "lx-grouping lx-best" : "lx-grouping",
            "data-grouping": nota,
            "data-turned": turned.join(","),
            "data-points": entry ? String(entry.pts) : null,
            "data-progress": entry ? String(entry.prog) : null,
            ...evAttrs,
          },
          mark,
          `${nota}${turnText}${leftText}`,
          entry ? h("span", { class: "lx-gpts" }, ` → ${gainText(lang, entry)}`) : "",
          evSpan,
        ),
      );
    }
  } else {
    list.append(h("p", { class: "lx-hint" }, L("noDice")));
  }
  patch(container,
    h("div", { class: "lx-teachcol" }, h("h4", {}, L("chanceTitle")), bars),
    h(
      "div",
      { class: "lx-teachcol" },
      h("h4", {}, L("teachTitle", { dice: v.dice ? v.dice.join("-") : "–" })),
      list,
      v.teach && v.dice && v.preview ? h("p", { class: "lx-hint lx-pvlegend", "data-preview-legend": "" }, L("pvLegend")) : "",
      v.teach && v.dice && v.advice ? h("p", { class: "lx-hint lx-advlegend", "data-advice-legend": "" }, L("advLegend")) : "",
    ),
  );
}
