// The players' cards under the board (chips held, bonus tiles, score) and the bonus stack.

import { h, patchIfChanged, playerIcon } from "../common/dom.js";
import { ROWS } from "./board.js";
import { t } from "./i18n.js";

/** Fill `container` with one card per player for view v and board b. */
export function drawPlayers(container, v, b, lang) {
  // everything the cards show: unchanged (most views) -> nothing is built or touched
  const key = JSON.stringify([lang, v.names, v.phase === "over" ? -1 : v.cur, v.winners, v.bots, v.score, b.held, v.tiles, v.tilesLeft]);
  patchIfChanged(container, key, () => playerCards(v, b, lang));
}

function playerCards(v, b, lang) {
  const L = (key, params) => t(lang, key, params);
  const cards = v.names.map((name, p) => {
    const cls = ["lx-card"];
    if (p === v.cur && v.phase !== "over") cls.push("lx-current");
    if (v.winners.includes(p)) cls.push("lx-winner");
    const chips = h("div", { class: "lx-held" });
    ROWS.forEach((row, r) => {
      const n = b.held[p][r];
      chips.append(h("span", { class: `lx-minichip${n ? "" : " lx-zero"}`, "data-held": `${p}-${row}`, title: `${row}` }, h("b", {}, String(row)), `×${n}`));
    });
    return h(
      "div",
      { class: cls.join(" "), "data-player-card": String(p), style: `--lx-pc:var(--lw-p${p})` },
      h(
        "div",
        { class: "lx-cardtop" },
        playerIcon(p, 22),
        h("span", { class: "lx-name" }, name),
        v.bots[p] ? h("span", { class: "lx-tag", title: `${L("bot")}: ${v.bots[p]}` }, `${L("bot")} · ${v.bots[p]}`) : "",
        v.winners.includes(p) ? h("span", { class: "lx-crown", title: "winner" }, "★") : "",
        h("span", { class: "lx-score", "data-score": String(p) }, String(v.score[p])),
      ),
      chips,
      h("div", { class: "lx-tiles" }, `${L("tiles")}: `, ...(v.tiles[p].length ? v.tiles[p].map((x) => h("span", { class: "lx-tile", title: L("tileHeldTitle", { v: x }) }, `+${x}`)) : ["—"])),
    );
  });
  const stack = h(
    "div",
    { class: "lx-card lx-stackcard" },
    h("div", { class: "lx-cardtop" }, h("span", { class: "lx-name" }, L("tiles"))),
    h(
      "div",
      { class: "lx-tiles", "data-tiles-left": "" },
      ...(v.tilesLeft.length ? v.tilesLeft.map((x, i) => h("span", { class: "lx-tile", title: L(i === 0 ? "tileNextTitle" : "tileTitle", { v: x }) }, `${x}`)) : ["—"]),
    ),
  );
  return [...cards, stack];
}
