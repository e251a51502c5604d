// Review & annotate, lines: the variation tree of the record (a click jumps to a line) and its
// ops (promote, demote, make main, delete; a delete is armed by a first click and confirmed by
// a second, and disarms itself when left alone).
//
// createLines(ctx, jump) -> {el, render(r, ro, lang), click(dataset) -> mine?, dispose()}
//   ctx: {L, review, readOnly, render, sendNav} (see review.js); jump(path): nav's jump.

import { createArm } from "../arm.js";
import { attr, h, patch, playerGlyph, prop, setText } from "../dom.js";

export function createLines(ctx, jumpTo) {
  const { L, review, readOnly, sendNav } = ctx;
  const arm = createArm(() => ctx.render()); // armed: the JSON path of a line to delete
  let drawn = ""; // the key of what the list shows

  const title = h("h4", {});
  const list = h("ol", { class: "lw-lines" });
  const el = h("div", { class: "lw-linesbox", hidden: true }, title, list);

  function render(r, ro, lang) {
    const lines = Array.isArray(r.lines) ? r.lines : [];
    const more = Number(r.more) || 0;
    prop(el, "hidden", lines.length <= 1 && more <= 0);
    if (el.hidden) {
      drawn = "";
      list.replaceChildren();
      return;
    }
    const key = JSON.stringify([lines, more, ro, lang, arm.armed()]);
    if (key === drawn) return;
    drawn = key;
    setText(title, L("rvLines"));
    const rows = lines.map((line, i) => {
      const depth = Math.max(0, Number(line.depth) || 0);
      const path = JSON.stringify(line.path ?? []);
      const cls = `lw-line${line.shown ? " lw-shown" : ""}${line.main ? " lw-main" : ""}`;
      const button = h("button", {
        type: "button",
        class: cls,
        "data-line": String(i),
        "data-depth": String(depth),
        "data-path": path,
        "data-main": line.main ? "" : undefined,
        "aria-current": line.shown ? "true" : undefined,
      });
      if (line.player != null) button.append(playerGlyph(Number(line.player)), " ");
      button.append(h("span", { class: "lw-linetext" }, String(line.text ?? "")));
      const info = line.main ? L("rvMain") : L("rvFrom", { at: line.at, steps: line.steps });
      button.append(h("small", { class: "lw-lineinfo" }, info));
      const row = h("li", { class: "lw-linerow", "data-key": path, "data-depth": String(depth), style: `--lw-depth:${Math.min(depth, 8)}` }, button);
      if (!line.main && !ro) {
        const op = (name, icon, label) => h("button", { type: "button", class: "lw-lineop", "data-line-op": name, "data-op-line": String(i), title: L(label), "aria-label": L(label) }, icon);
        const isArmed = arm.armed() === path;
        const remove = op("remove", isArmed ? L("rvRemoveConfirm") : "✕", "rvRemove");
        if (isArmed) {
          attr(remove, "data-armed", "");
          remove.classList.add("lw-armed");
        }
        row.append(h("span", { class: "lw-lineops" }, op("promote", "▲", "rvPromote"), op("demote", "▼", "rvDemote"), op("main", "★", "rvMakeMain"), remove));
      }
      return row;
    });
    if (more > 0) rows.push(h("li", { class: "lw-more", "data-more": String(more) }, L("rvMore", { n: more })));
    // keyed by the line's path: a changed tree rewrites only the rows that differ
    patch(list, ...rows);
  }

  const lineAt = (index) => {
    const r = review();
    return r && Array.isArray(r.lines) ? r.lines[index] : null;
  };

  const disarm = () => arm.disarm();

  function lineOp(op, index) {
    const line = lineAt(index);
    if (!line || line.main || readOnly()) return;
    const path = JSON.stringify(line.path ?? []);
    if (op === "remove" && !arm.press(path)) {
      ctx.render(); // armed: the second click deletes
      return;
    }
    disarm();
    sendNav({ type: "variation", op, path: line.path });
    ctx.render();
  }

  function jump(index) {
    const line = lineAt(index);
    if (!line) return;
    disarm();
    jumpTo(line.path);
    ctx.render();
  }

  function click(d) {
    if (d.lineOp) lineOp(d.lineOp, Number(d.opLine));
    else if (d.line != null) jump(Number(d.line));
    else return false;
    return true;
  }

  return { el, render, click, dispose: disarm };
}
