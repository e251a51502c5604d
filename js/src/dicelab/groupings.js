// The list of every distinct grouping of the roll (Python found them): one row per grouping,
// its groups as "2 + 3 = 5", the dice left out and the 1s Lucky Loser turned.

import { h, patchIfChanged } from "../common/dom.js";
import { counted, t } from "./i18n.js";

/** Draw view.groupings into `el` (a heading with the count, then the rows). */
export function drawGroupings(el, view, lang) {
  // the same roll (a redraw for the chart, the simulation, a setting) leaves the list alone
  const key = JSON.stringify([lang, view.groupings, view.groupingCount]);
  patchIfChanged(el, key, () => groupingRows(view, lang), { reuse: false });
}

function groupingRows(view, lang) {
  const rows = view.groupings.map((g, i) => {
    const parts = g.groups.map((group, k) =>
      h("span", { class: "dl-group", "data-group-sum": String(g.sums[k]) }, group.join(" + "), h("b", {}, ` = ${g.sums[k]}`)),
    );
    if (!parts.length) parts.push(h("span", { class: "dl-none" }, t(lang, "noGroup")));
    if (g.turned.length) parts.push(h("span", { class: "dl-turned", "data-turned": g.turned.join(",") }, t(lang, "turned", { faces: g.turned.join(", ") })));
    if (g.left.length) parts.push(h("span", { class: "dl-left" }, t(lang, "leftOut", { faces: g.left.join(" ") })));
    return h("li", { "data-grouping": String(i), "data-sums": g.sums.join(",") }, h("span", { class: "dl-grow" }, ...parts));
  });
  const more = view.groupingCount - view.groupings.length;
  if (more > 0) rows.push(h("li", { class: "dl-more", "data-more": String(more) }, t(lang, "more", { n: more })));
  return [
    h("h4", { "data-grouping-count": String(view.groupingCount) }, counted(lang, "groupings", view.groupingCount)),
    h("ol", { class: "dl-groupings" }, ...rows),
  ];
}
