// The players' cards under the board (chips held, bonus tiles, score) and the bonus stack.

import { cls, drawDescribed, playerIconDesc } from "../common/dom.js";
import { sameInputs } from "../common/model.js";
import { ROWS } from "./board.js";
import { t } from "./i18n.js";

/** Fill `container` with one card per player for view v and board b. */
export function drawPlayers(container, v, b, lang) {
  // everything the cards show: the very same values (a roll; b is the same board object for
  // the same position) -> nothing is read further; equal values -> nothing is described or
  // touched; a change (a score) writes only what differs into the cards. Whose turn it is
  // (the card's lx-current) is written apart: the turn passing on touches two classes, not
  // every card's description
  const inputs = [lang, v.names, v.winners, v.bots, v.score, b.held, v.tiles, v.tilesLeft];
  if (!container.firstChild || !sameInputs(inputs, DRAWN.get(container))) {
    DRAWN.set(container, inputs);
    drawDescribed(container, () => playerCards(v, b, lang), JSON.stringify(inputs));
  }
  const current = v.phase === "over" ? -1 : v.cur;
  v.names.forEach((_, p) => cls(container.children[p], "lx-current", p === current));
}

const DRAWN = new WeakMap(); // container -> the inputs its cards were last drawn from

/** The cards and the bonus stack, described (common/dom.js fromDesc). */
function playerCards(v, b, lang) {
  const L = (key, params) => t(lang, key, params);
  const cards = v.names.map((name, p) => {
    const classes = ["lx-card"]; // (lx-current: drawPlayers)
    if (v.winners.includes(p)) classes.push("lx-winner");
    const chips = ROWS.map((row, r) => {
      const n = b.held[p][r];
      return ["span", { class: `lx-minichip${n ? "" : " lx-zero"}`, "data-held": `${p}-${row}`, title: `${row}` }, ["b", {}, String(row)], `×${n}`];
    });
    return [
      "div",
      { class: classes.join(" "), "data-player-card": String(p), style: `--lx-pc:var(--lw-p${p})` },
      [
        "div",
        { class: "lx-cardtop" },
        playerIconDesc(p, 22),
        ["span", { class: "lx-name" }, name],
        v.bots[p] ? ["span", { class: "lx-tag", title: `${L("bot")}: ${v.bots[p]}` }, `${L("bot")} · ${v.bots[p]}`] : "",
        v.winners.includes(p) ? ["span", { class: "lx-crown", title: "winner" }, "★"] : "",
        ["span", { class: "lx-score", "data-score": String(p) }, String(v.score[p])],
      ],
      ["div", { class: "lx-held" }, ...chips],
      ["div", { class: "lx-tiles" }, `${L("tiles")}: `, ...(v.tiles[p].length ? v.tiles[p].map((x) => ["span", { class: "lx-tile", title: L("tileHeldTitle", { v: x }) }, `+${x}`]) : ["—"])],
    ];
  });
  const stack = [
    "div",
    { class: "lx-card lx-stackcard" },
    ["div", { class: "lx-cardtop" }, ["span", { class: "lx-name" }, L("tiles")]],
    [
      "div",
      { class: "lx-tiles", "data-tiles-left": "" },
      ...(v.tilesLeft.length ? v.tilesLeft.map((x, i) => ["span", { class: "lx-tile", title: L(i === 0 ? "tileNextTitle" : "tileTitle", { v: x }) }, `${x}`]) : ["—"]),
    ],
  ];
  return [...cards, stack];
}
