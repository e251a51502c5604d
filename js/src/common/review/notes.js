// Review & annotate, notes: the mark and the comments of the position shown, in a <details>
// that opens when there is something to read (or while annotating; the user's choice wins).
// Marks toggle; comments are added, edited inline (Enter saves, Escape cancels) and deleted.
//
// createNotes(ctx) -> {el, render(r, ro, lang), click(dataset) -> mine?, summary(node),
//   key(event, mod) -> handled?}
//   ctx: {L, review, readOnly, annotating, render, sendEdit} (see review.js).

import { h, setText } from "../dom.js";
import { perLanguage, whenChanged } from "../model.js";
import { commentsKey, commentsOf, positionKey } from "./view.js";
import { attr, cls, prop } from "./write.js";

/** The six marks, in the order of their buttons, with the key of their meaning. */
export const MARKS = [
  ["!", "good"],
  ["?", "bad"],
  ["!!", "brilliant"],
  ["??", "blunder"],
  ["!?", "interesting"],
  ["?!", "dubious"],
];

const setOpen = (details, open) => {
  if (details.hasAttribute("open") !== open) {
    if (open) details.setAttribute("open", "");
    else details.removeAttribute("open");
  }
};

export function createNotes(ctx) {
  const { L, review, readOnly, annotating, sendEdit } = ctx;
  let editing = null; // {index, key}: the comment being edited (key: the position's comments)
  let editor = null; // its textarea (kept across redraws)
  let manual = null; // the user's last open/close of the notes: {open, key}
  let drawn = ""; // the key of what the comment list shows

  const title = h("span", { class: "lw-sumtitle" });
  const info = h("span", { class: "lw-suminfo", "data-notes-info": "" });
  const summaryEl = h("summary", { class: "lw-summary" }, title, info);
  const markButtons = MARKS.map(([m]) => h("button", { type: "button", class: "lw-btn lw-ghost lw-markbtn", "data-mark-set": m, "aria-pressed": "false" }, m));
  const markLabel = h("span", { class: "lw-muted" });
  const marks = h("div", { class: "lw-marks", role: "group" }, markLabel, ...markButtons);
  const markText = h("span", { class: "lw-marktext", "data-mark-text": "", hidden: true });
  const commentList = h("ol", { class: "lw-comments", "data-comments": "" });
  const noComments = h("p", { class: "lw-muted lw-nocomments" });
  const commentInput = h("textarea", { class: "lw-input lw-commentinput", "data-comment-input": "", rows: "2" });
  const addComment = h("button", { type: "button", class: "lw-btn lw-ghost", "data-add-comment": "" });
  const addRow = h("div", { class: "lw-addrow" }, commentInput, addComment);
  const annot = h("div", { class: "lw-annot" }, marks, markText, commentList, noComments, addRow);
  const el = h("details", { class: "lw-notes", "data-notes": "" }, summaryEl, annot);

  /** The labels that change with the language only (not at every step). */
  const label = perLanguage(() => {
    setText(title, L("rvNotes"));
    setText(markLabel, `${L("rvMarkLabel")}:`);
    attr(marks, "aria-label", L("rvMarkLabel"));
    for (const b of markButtons) {
      const m = b.dataset.markSet;
      const meaning = L(`rvMark_${MARKS.find((x) => x[0] === m)[1]}`);
      prop(b, "title", meaning);
      attr(b, "aria-label", `${m} ${meaning}`);
    }
    attr(commentList, "aria-label", L("rvComments"));
    setText(noComments, L("rvNoComments"));
    prop(commentInput, "placeholder", L("rvCommentHint"));
    attr(commentInput, "aria-label", L("rvCommentHint"));
    setText(addComment, `+ ${L("rvAddComment")}`);
  });

  function render(r, ro, lang) {
    label(lang);
    const comments = commentsOf(r);
    const mark = typeof r.mark === "string" && r.mark ? r.mark : null;
    const posKey = positionKey(r);
    setText(info, [mark, comments.length ? `✎ ${comments.length}` : ""].filter(Boolean).join(" · "));
    // open when the position has something to read, or while annotating; a user's choice wins
    const auto = Boolean(mark || comments.length || annotating());
    if (manual && manual.open) setOpen(el, true);
    else if (manual && manual.key === posKey) setOpen(el, false);
    else setOpen(el, auto);
    attr(el, "data-pos", posKey);

    drawMark(`${mark}|${ro}|${lang}`, mark, ro);

    // a comment being edited whose position or text changed under it: the edit is over
    const ckey = commentsKey(r);
    if (editing && (editing.key !== ckey || ro)) {
      editing = null;
      editor = null;
    }
    const key = JSON.stringify([ckey, ro, lang, editing && editing.index]);
    if (key !== drawn) {
      drawn = key;
      commentList.replaceChildren(...comments.map((text, i) => commentRow(text, i, ro)));
    }
    prop(noComments, "hidden", comments.length > 0);
    prop(addRow, "hidden", ro);
  }

  /** The mark buttons and the read-only mark: they change with the mark, not with every step
   *  (most positions have none), so a step that keeps it reads and writes none of them. */
  const drawMark = whenChanged((mark, ro) => {
    prop(marks, "hidden", ro);
    for (const b of markButtons) {
      const on = b.dataset.markSet === mark;
      attr(b, "aria-pressed", String(on));
      cls(b, "lw-on", on);
    }
    prop(markText, "hidden", !ro || !mark);
    setText(markText, mark ? `${mark} ${L(`rvMark_${(MARKS.find((x) => x[0] === mark) || [mark, "good"])[1]}`)}` : "");
  });

  function commentRow(text, i, ro) {
    if (editing && editing.index === i) {
      if (!editor) {
        editor = h("textarea", { class: "lw-input lw-editor", "data-comment-editor": String(i), rows: "3" });
        editor.value = text;
      }
      editor.title = L("rvEditHint");
      return h(
        "li",
        { class: "lw-commentrow lw-editing" },
        editor,
        h("span", { class: "lw-commentops" }, h("button", { type: "button", class: "lw-btn lw-ghost", "data-comment-save": String(i) }, L("rvSave")), h("button", { type: "button", class: "lw-btn lw-ghost", "data-comment-cancel": String(i) }, L("rvCancel"))),
      );
    }
    const row = h("li", { class: "lw-commentrow" }, h("span", { class: "lw-comment", "data-comment": String(i) }, text));
    if (!ro) {
      row.append(
        h(
          "span",
          { class: "lw-commentops" },
          h("button", { type: "button", class: "lw-lineop", "data-comment-edit": String(i), title: L("rvEdit"), "aria-label": L("rvEdit") }, "✎"),
          h("button", { type: "button", class: "lw-lineop", "data-comment-delete": String(i), title: L("rvDelete"), "aria-label": L("rvDelete") }, "✕"),
        ),
      );
    }
    return row;
  }

  // ---------------------------------------------------------------- intents
  function setMark(m) {
    const r = review();
    if (!r || readOnly()) return;
    sendEdit({ type: "mark", mark: r.mark === m ? null : m });
  }

  function addNewComment() {
    const text = commentInput.value.trim();
    if (!text || readOnly()) return;
    sendEdit({ type: "comment", text });
    commentInput.value = "";
  }

  function startEdit(index) {
    const r = review();
    if (!r || readOnly()) return;
    editing = { index, key: commentsKey(r) };
    editor = null;
    drawn = "";
    ctx.render();
    if (editor && editor.focus) editor.focus();
  }

  function cancelEdit() {
    editing = null;
    editor = null;
    drawn = "";
    ctx.render();
  }

  function saveEdit() {
    if (!editing || !editor) return;
    const r = review();
    const index = editing.index;
    const text = editor.value.trim();
    const before = r && Array.isArray(r.comments) ? String(r.comments[index] ?? "") : null;
    editing = null;
    editor = null;
    drawn = "";
    if (text !== before) sendEdit({ type: "comment", index, text }); // "" deletes it
    ctx.render();
  }

  function click(d) {
    if (d.markSet != null) setMark(d.markSet);
    else if (d.commentEdit != null) startEdit(Number(d.commentEdit));
    else if (d.commentDelete != null) {
      if (!readOnly()) sendEdit({ type: "comment", index: Number(d.commentDelete), text: "" });
    } else if (d.commentSave != null) saveEdit();
    else if (d.commentCancel != null) cancelEdit();
    else if (d.addComment != null) addNewComment();
    else return false;
    return true;
  }

  /** A click on a summary: the notes' own remembers the user's choice (open or closed here). */
  function summary(node) {
    if (node === summaryEl) manual = { open: !el.hasAttribute("open"), key: el.dataset.pos };
  }

  /** Keys in the comment fields: Enter saves an edit, Escape cancels it; Ctrl+Enter adds one. */
  function key(e, mod) {
    const target = e.target;
    if (target.hasAttribute("data-comment-editor")) {
      if (e.key === "Escape") {
        cancelEdit();
        return true;
      }
      if (e.key === "Enter" && !e.shiftKey && !e.altKey) {
        saveEdit();
        return true;
      }
    } else if (target === commentInput && e.key === "Enter" && mod) {
      addNewComment();
      return true;
    }
    return false;
  }

  return { el, render, click, summary, key };
}
