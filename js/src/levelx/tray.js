// The side panel: the dice tray (with Lucky Loser's face picker), the groups being built, the
// buttons for this phase and its hint, or the result panel once the game is over.

import { described, h, keyed, patch, playerIcon } from "../common/dom.js";
import { errorText } from "../common/i18n.js";
import { dieFaceDesc } from "../common/die.js";
import * as G from "./groups.js";
import { t, winsText } from "./i18n.js";
import { moveText, stepText } from "./preview.js";

// Level X's dice name their face to a screen reader (their buttons carry no label of their own).
const LABELLED = { labelled: true };

/** Is a person (not a bot) to act in view v? (Never in a read-only record.) */
export const humanToAct = (v) => !v.bots[v.cur] && v.phase !== "over" && !(v.review && v.review.readOnly);

/** The exact chance of the roll just made: "1-1-2-6 comes up 12 times in 1,296 rolls". */
const FORMATS = new Map(); // locale -> Intl.NumberFormat (making one costs more than a draw)
function rollChance(dice, [ways, total], lang) {
  if (!FORMATS.has(lang)) FORMATS.set(lang, new Intl.NumberFormat(lang));
  const num = (n) => FORMATS.get(lang).format(n);
  const faces = [...dice].sort((a, b) => a - b).join("-");
  return ["p", { class: "lx-hint lx-rollchance", "data-key": "chance", "data-roll-chance": `${ways}/${total}` }, t(lang, "rollChance", { faces, ways: num(ways), total: num(total) })];
}

/**
 * Fill `container` for view v; b: the grouping being built (or null), picker: die or -1.
 * annotate: annotate mode (the dice stay clickable, to be highlighted; nothing is dragged).
 * preview: what the groups would do (levelx/preview.js matchPreview), or null.
 */
export function drawTray(container, v, b, picker, lang, { annotate = false, preview = null } = {}) {
  const L = (key, params) => t(lang, key, params);
  const human = humanToAct(v);
  const readOnly = Boolean(v.review && v.review.readOnly);
  if (v.phase === "over") {
    const ranking = v.names
      .map((name, p) => [v.score[p], p])
      .sort((x, y) => y[0] - x[0])
      .map(([score, p]) => h("div", { class: "lx-rank" }, playerIcon(p, 20), h("span", { class: "lx-name" }, v.names[p]), h("b", {}, String(score))));
    patch(container,
      h("div", { class: "lx-result", "data-result": "" }, h("div", { class: "lx-resulttitle" }, `★ ${winsText(lang, v.winners.map((w) => v.names[w]))}`), ...ranking),
    );
    return;
  }
  // Each part of the tray is described as data and drawn by keyed(): a part whose description
  // is unchanged (the dice while groups are built, the buttons while a die moves) keeps its
  // nodes untouched; the others are built and morphed into theirs. Every part carries a
  // data-key, as the tests and the styles know them.
  const parts = [];
  const dice = [];
  for (let i = 0; i < 4; i++) {
    if (!v.dice || !b) {
      // a die not rolled yet is the same (disabled) button in the same cell as a rolled one:
      // a roll, and the turn after it, rewrite the die's attributes and face, nothing else
      const blank = { class: "lx-die lx-blank", "data-die": String(i), draggable: "false", disabled: true, title: `${i + 1}` };
      dice.push(["div", { class: "lx-diecell" }, ["button", blank, dieFaceDesc(0, 54, LABELLED)]]);
      continue;
    }
    const g = b.groupOf[i];
    const turned = b.faces[i] !== b.dice[i];
    const die = [
      "button",
      {
        class: `lx-die${g >= 0 ? ` lx-in lx-g${g}` : ""}${turned ? " lx-turned" : ""}`,
        "data-die": String(i),
        "data-face": String(b.faces[i]),
        "data-in": g >= 0 ? "ABCD"[g] : "",
        draggable: human && !annotate ? "true" : "false",
        disabled: !human && !annotate,
        title: `${i + 1}`,
      },
      dieFaceDesc(b.faces[i], 54, LABELLED),
      g >= 0 ? ["span", { class: "lx-badge" }, "ABCD"[g]] : "",
    ];
    const turn = human && v.turnable > 0 && b.dice[i] === 1 ? ["button", { class: "lx-turnbtn", "data-turn-die": String(i), title: L("turnOne") }, turned ? `1→${b.faces[i]}` : "↻ 1"] : "";
    dice.push(["div", { class: "lx-diecell" }, die, turn]);
  }
  parts.push(described("tray", ["div", { class: "lx-tray", "data-key": "tray", "data-drop": "tray" }, ...dice]));
  if (v.dice && v.rollWays) parts.push(described("chance", rollChance(v.dice, v.rollWays, lang)));
  if (picker >= 0 && b && human) {
    const faces = [1, 2, 3, 4, 5, 6].map((f) => ["button", { class: "lx-facebtn", "data-face-pick": String(f) }, dieFaceDesc(f, 28, LABELLED)]);
    parts.push(described("picker", ["div", { class: "lx-picker", "data-key": "picker", "data-picker": String(picker) }, ["span", {}, L("turnTitle")], ...faces]));
  }
  if (v.dice && b) {
    const rows = G.groupSums(b).map((gi, k) => {
      // ✔ / ✘ is Python's verdict of this group (view.groupChecks), with its reason as title
      const verdict = G.groupVerdict(v, gi.faces);
      const state = !gi.faces.length ? "lx-empty" : !verdict ? "lx-unchecked" : verdict.ok ? "lx-valid" : "lx-invalid";
      const cls = ["lx-group", `lx-g${k}`, state];
      if (k === b.active) cls.push("lx-active");
      const pv = preview && preview.groups.find((g) => g.k === k);
      if (pv) cls.push("lx-haspv");
      const why = verdict && !verdict.ok ? refusalText(lang, verdict.why) : "";
      return [
        "div",
        {
          class: cls.join(" "),
          "data-group": String(k),
          "data-dice": gi.dice.join(","),
          "data-sum": String(gi.sum),
          "data-valid": verdict ? String(verdict.ok) : "",
          title: why || undefined,
        },
        ["span", { class: "lx-gname" }, "ABCD"[k]],
        ["span", { class: "lx-gfaces" }, gi.faces.length ? gi.faces.join(" + ") : "…"],
        ["span", { class: "lx-gsum" }, gi.faces.length ? L("sum", { sum: gi.sum }) : ""],
        ["span", { class: "lx-gmark", "aria-label": verdict ? L(verdict.ok ? "groupPlayable" : "groupNotPlayable") : "" }, verdict ? (verdict.ok ? "✔" : "✘") : ""],
        pv ? previewSpan(lang, v, pv) : "",
      ];
    });
    if (human) rows.push(["button", { class: "lx-group lx-new", "data-action": "newGroup", "data-drop": "new" }, L("dropNew")]);
    parts.push(described("groups", ["div", { class: "lx-groups", "data-key": "groups" }, ...rows]));
    if (preview) parts.push(described("pvsum", ["p", { class: "lx-pvsum", "data-key": "pvsum", "data-preview-summary": preview.key, "data-points": String(preview.entry.pts), "data-progress": String(preview.entry.prog) }, moveText(lang, preview.entry)]));
  }
  const acts = [];
  let hint;
  let refusal = null; // why Play is off, under the buttons
  if (human && v.phase === "roll") {
    acts.push(["button", { class: "lw-btn lw-primary", "data-action": "roll" }, L("roll")]);
    hint = L("rollHint");
  } else if (human && v.phase === "play" && b) {
    const sums = G.groupSums(b).filter((g) => g.faces.length);
    if (sums.length) {
      // Play is offered only for a grouping Python lists as legal (view.legalKeys); else it
      // stays off and says why, in Python's words (Enter still sends it: Python refuses it)
      const label = `${L("confirm")}: ${sums.map((g) => g.sum).join(" · ")}`;
      const verdict = G.groupingVerdict(v, b);
      const ok = Boolean(verdict && verdict.ok);
      const why = ok ? "" : verdict && verdict.why ? refusalText(lang, verdict.why) : L("groupingNotPlayable");
      acts.push(
        ["button", { class: "lw-btn lw-primary", "data-action": "confirm", "data-playable": String(ok), disabled: !ok, title: why || undefined }, ok ? `✔ ${label}` : label],
        ["button", { class: "lw-btn", "data-action": "clear" }, L("clear")],
      );
      if (!ok) refusal = ["p", { class: "lx-hint lx-refusal", "data-key": "refusal", "data-refusal": "", role: "status" }, `✘ ${why}`];
    } else if (v.canMove) {
      // Moves exist: Play waits for groups, and passing is a second, spelled-out choice.
      acts.push(
        ["button", { class: "lw-btn lw-primary", "data-action": "confirm", disabled: true }, `✔ ${L("groupFirst")}`],
        ["button", { class: "lw-btn lw-ghost lx-passbtn", "data-action": "pass", title: L("passGiveUpTitle", { n: v.moveCount }) }, L("passGiveUp")],
      );
    } else {
      acts.push(["button", { class: "lw-btn lw-primary", "data-action": "confirm" }, `✔ ${L("passNoMove")}`]);
    }
    hint = L("groupsHint");
  } else {
    // bots are paused while an earlier position is shown: say so, not "waiting for the bot"
    hint = L(readOnly ? "rvReadOnlyHint" : v.future.length ? "waitPaused" : "waitBot");
  }
  parts.push(described("actions", ["div", { class: "lx-actions", "data-key": "actions" }, ...acts]));
  if (refusal) parts.push(described("refusal", refusal));
  parts.push(described("hint", ["p", { class: "lx-hint", "data-key": "hint" }, hint]));
  if (v.future.length && !readOnly) parts.push(described("browse", ["p", { class: "lx-hint lx-browse", "data-key": "browse" }, L("browsing")]));
  keyed(container, parts);
}

/** Python's refusal {text, code, params} in the widget's language. */
function refusalText(lang, why) {
  return why ? errorText(t, lang, why) : "";
}

/** One group's preview (described): "→ reaches X · +7 chip", the whole sentence for screen readers. */
function previewSpan(lang, v, pv) {
  const text = stepText(lang, pv.step, pv.bonus, v.names);
  const label = t(lang, "pvGroup", { g: pv.letter, row: pv.step.row, text });
  return ["span", { class: "lx-gprev", "data-group-preview": pv.letter, role: "note", "aria-label": label, title: label }, ["span", { class: "lx-gprevarrow", "aria-hidden": "true" }, "→ "], text];
}
