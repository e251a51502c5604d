// The chart's numbers as a table (exact fraction and percent, observed count and share, the
// 95 % band) and, for the "groups" tab, the chance of k groups of the same sum.

import { h } from "../common/dom.js";
import { num, pct, t } from "./i18n.js";

/** One row per bar of the chart shown. */
export function numbersTable(bars, kind, lang) {
  const head = ["colSum", "colExact", "", "colCount", "colObserved", "colBand"];
  if (kind === "moves") head[0] = "colGroups";
  const rows = bars.map((b) =>
    h(
      "tr",
      { "data-row-key": String(b.key) },
      h("th", { scope: "row" }, String(b.key)),
      h("td", { class: "dl-frac" }, b.fraction),
      h("td", {}, pct(lang, b.exact)),
      h("td", {}, num(lang, b.count)),
      h("td", {}, pct(lang, b.observed)),
      // the band may break at its dash in a narrow column, never inside a number
      h("td", { class: "dl-bandcell" }, ...(b.low === null ? ["–"] : [h("span", {}, pct(lang, b.low)), " – ", h("span", {}, pct(lang, b.high))])),
    ),
  );
  return h(
    "table",
    { class: "dl-table", "data-table": kind },
    h("thead", {}, h("tr", {}, ...head.map((k) => h("th", { scope: "col" }, k ? t(lang, k) : "")))),
    h("tbody", {}, ...rows),
  );
}

/** The distribution of the most disjoint groups of each sum: a row per sum, a column per k. */
export function groupsTable(groupCounts, dice, lang) {
  const ks = Array.from({ length: dice + 1 }, (_, k) => k);
  return h(
    "table",
    { class: "dl-table", "data-table": "groups" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t(lang, "colSum")), ...ks.map((k) => h("th", { scope: "col" }, t(lang, "colK", { k }))))),
    h(
      "tbody",
      {},
      ...groupCounts.map((row) =>
        h("tr", { "data-row-key": String(row.key) }, h("th", { scope: "row" }, String(row.key)), ...row.dist.map((p) => h("td", {}, p ? pct(lang, p) : "·"))),
      ),
    ),
  );
}
