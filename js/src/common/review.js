// Review & annotate: step through a game's record, its lines (variations), and annotate the
// position shown (marks, comments, highlights, headers); save and open record files. Shared by
// both widgets; everything it shows comes from `view.review` (Python publishes it) and every
// change is an intent Python validates (a refusal sets `error`, which the toast shows).
//
// mount(el, model, {t, defaultFile?, view?, send?, badge?, root?}) -> cleanup
//   t: the widget's translator (labels rv* live in common/i18n.js);
//   defaultFile: the file name offered when the record has none yet ("levelx-game.json");
//   send(msg): how navigation intents (seek, jump, variation, play_on) go out (default
//     model.send; Level 8 passes its own, which marks the table busy until the answer);
//   badge: an element to hold the "Read-only" badge (default: the navigation bar);
//   root: the widget's root (gets the class lw-annotating while annotate mode is on);
//   hintKey: the i18n key of the annotate-mode hint (what one can click in this game).
// cleanup.el the component's box · cleanup.refresh() redraw · cleanup.nav(action) for keys
// ("first" "last" "stepBack" "stepForward"; false when there is no review to step through)
// · cleanup.seek(step) · cleanup.annotating() · cleanup.highlight({kind, target}) sends a
// highlight in the colour picked.
//
// Nothing shows while the view has no `review` (a Python side that does not publish one).
// All user text (comments, headers, names, file names) goes in as text nodes, never HTML.
//
// Stable DOM (for tests):
//   .lw-review[data-review] (data-seeking "1" while a seek is answered)
//   nav: [data-nav=first|back|forward|last] · input.lw-scrub[data-scrub] · [data-step-label]
//        · [data-action=play_on] · [data-action=annotate] (aria-pressed) · [data-readonly]
//   palette (annotate mode): [data-palette] [data-colour=red…] (aria-pressed)
//        · [data-action=clear_highlights]
//   lines: .lw-lines [data-line=i] (data-depth, data-path, .lw-shown, .lw-main)
//        · [data-line-op=promote|demote|main|remove][data-op-line=i] (remove: data-armed once armed)
//        · [data-more]
//   notes: details[data-notes] > .lw-annot: [data-mark-set="?!"…] (aria-pressed)
//        · [data-mark-text] (read-only) · [data-comment=i] · [data-comment-edit=i]
//        · [data-comment-delete=i] · textarea[data-comment-editor=i] · [data-comment-save]
//        · [data-comment-cancel] · textarea[data-comment-input] · [data-add-comment]
//   record: details[data-record] · input/textarea[data-header=event|site|date|notes]
//        · [data-header-text=key] (read-only) · input[data-file-name]
//        · [data-action=save_record] · [data-action=open_record] · [data-record-files]
//        · [data-record-file=name]

import { h, playerGlyph } from "./dom.js";
import { langOf, subscribe } from "./model.js";

/** The six marks, in the order of their buttons, with the key of their meaning. */
export const MARKS = [
  ["!", "good"],
  ["?", "bad"],
  ["!!", "brilliant"],
  ["??", "blunder"],
  ["!?", "interesting"],
  ["?!", "dubious"],
];
/** The highlight colours (data-colour, data-hl-colour). */
export const COLOURS = ["red", "orange", "yellow", "green", "blue", "purple"];
/** The free headers of a record, in the order shown. */
export const HEADERS = ["event", "site", "date", "notes"];

const SEEK_FALLBACK_MS = 4000; // a seek whose answer got lost does not block the next one
const ARM_MS = 4000; // a delete armed and not confirmed disarms itself
const FILES_FALLBACK_MS = 2000; // Python answers list_records with record_files

/** The review part of a view, or null. */
export const reviewOf = (view) => (view && view.review && typeof view.review === "object" ? view.review : null);

/** Is the record shown read-only (navigation only)? */
export const isReadOnly = (view) => Boolean(reviewOf(view) && reviewOf(view).readOnly);

/**
 * Mark the board elements of each highlight: class lw-hl, data-hl-kind, data-hl-colour (the
 * theme colours them). `locate(scope, kind, target)` -> elements (the game's mapping). Marks of
 * an earlier paint are taken off first, so call it after every redraw of the board.
 */
export function paintHighlights(scope, highlights, locate) {
  for (const node of [...scope.querySelectorAll(".lw-hl")]) {
    node.classList.remove("lw-hl");
    node.removeAttribute("data-hl-kind");
    node.removeAttribute("data-hl-colour");
  }
  for (const hl of Array.isArray(highlights) ? highlights : []) {
    if (!hl || typeof hl.kind !== "string") continue;
    for (const node of locate(scope, hl.kind, hl.target) || []) {
      node.classList.add("lw-hl");
      node.setAttribute("data-hl-kind", hl.kind);
      node.setAttribute("data-hl-colour", String(hl.colour ?? ""));
    }
  }
}

/** A CSS attribute selector value, quoted (ids and numbers only reach here, but be safe). */
export const attr = (value) => JSON.stringify(String(value));

const clamp = (n, lo, hi) => Math.max(lo, Math.min(hi, n));

export function mount(el, model, options = {}) {
  const { t, defaultFile = "game.json", badge = null, root = null, hintKey = "rvAnnotateHint" } = options;
  const viewOf = options.view || (() => model.get("view"));
  const sendNav = options.send || ((msg) => model.send(msg));
  const sendEdit = (msg) => model.send(msg);
  const L = (key, params) => (t ? t(langOf(model), key, params) : key);

  // ---------------------------------------------------------------- local state
  let inflight = null; // the step of the seek sent and not answered yet
  let wanted = null; // the newest step asked for while one is in flight
  let seekTimer = null;
  let armed = null; // JSON path of the line whose delete is armed
  let armTimer = null;
  let colour = COLOURS[0];
  let editing = null; // {index, key}: the comment being edited (key: the position's comments)
  let editor = null; // its textarea (kept across redraws)
  let notesManual = null; // the user's last open/close of the notes: {open, key}
  let picking = false; // the Open list shows
  let loadingFiles = false;
  let filesTimer = null;
  let lastFile = null;
  const pendingHeader = {};
  const keys = { lines: "", comments: "", files: "" };

  // ---------------------------------------------------------------- skeleton (built once)
  const navBtn = (nav, icon) => h("button", { type: "button", class: "lw-btn lw-ghost lw-navbtn", "data-nav": nav }, icon);
  const first = navBtn("first", "«");
  const back = navBtn("back", "‹");
  const forward = navBtn("forward", "›");
  const last = navBtn("last", "»");
  const scrub = h("input", { type: "range", class: "lw-scrub", "data-scrub": "", min: "0", max: "0", step: "1", value: "0" });
  const stepLabel = h("span", { class: "lw-stepno", "data-step-label": "" });
  const playOn = h("button", { type: "button", class: "lw-btn lw-ghost", "data-action": "play_on" });
  const annotateBtn = h("button", { type: "button", class: "lw-btn lw-ghost", "data-action": "annotate", "aria-pressed": "false" });
  const roBadge = h("span", { class: "lw-ro", "data-readonly": "", hidden: true });
  const nav = h(
    "div",
    { class: "lw-nav", role: "toolbar" },
    h("span", { class: "lw-navgroup" }, first, back, scrub, forward, last),
    stepLabel,
    playOn,
    annotateBtn,
  );
  (badge || nav).append(roBadge);

  const swatches = COLOURS.map((c) => h("button", { type: "button", class: `lw-swatch lw-hlc-${c}`, "data-colour": c, "aria-pressed": "false" }));
  const clearHl = h("button", { type: "button", class: "lw-btn lw-ghost", "data-action": "clear_highlights" });
  const paletteHint = h("span", { class: "lw-muted lw-palettehint" });
  const palette = h("div", { class: "lw-palette", "data-palette": "", role: "group", hidden: true }, ...swatches, clearHl, paletteHint);

  const linesTitle = h("h4", {});
  const lineList = h("ol", { class: "lw-lines" });
  const linesBox = h("div", { class: "lw-linesbox", hidden: true }, linesTitle, lineList);

  const notesTitle = h("span", { class: "lw-sumtitle" });
  const notesInfo = h("span", { class: "lw-suminfo", "data-notes-info": "" });
  const notesSummary = h("summary", { class: "lw-summary" }, notesTitle, notesInfo);
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
  const notes = h("details", { class: "lw-notes", "data-notes": "" }, notesSummary, annot);

  const recordTitle = h("span", { class: "lw-sumtitle" });
  const recordInfo = h("span", { class: "lw-suminfo", "data-record-info": "" });
  const recordSummary = h("summary", { class: "lw-summary" }, recordTitle, recordInfo);
  const headerLabels = {};
  const headerInputs = {};
  const headerTexts = {};
  const headerRows = HEADERS.map((key) => {
    headerLabels[key] = h("span", { class: "lw-hlabel" });
    headerInputs[key] =
      key === "notes"
        ? h("textarea", { class: "lw-input", "data-header": key, rows: "2" })
        : h("input", { type: "text", class: "lw-input", "data-header": key, placeholder: key === "date" ? "YYYY-MM-DD" : undefined });
    headerTexts[key] = h("span", { class: "lw-htext", "data-header-text": key, hidden: true });
    return h("label", { class: key === "notes" ? "lw-hrow lw-wide" : "lw-hrow" }, headerLabels[key], headerInputs[key], headerTexts[key]);
  });
  const headersBox = h("div", { class: "lw-headers" }, ...headerRows);
  const fileLabel = h("span", { class: "lw-hlabel" });
  const fileName = h("input", { type: "text", class: "lw-input lw-filename", "data-file-name": "", spellcheck: "false" });
  const saveBtn = h("button", { type: "button", class: "lw-btn lw-ghost", "data-action": "save_record" });
  const openBtn = h("button", { type: "button", class: "lw-btn lw-ghost", "data-action": "open_record" });
  const fileRow = h("div", { class: "lw-filerow" }, h("label", { class: "lw-hrow lw-filelabel" }, fileLabel, fileName), saveBtn, openBtn);
  const fileList = h("div", { class: "lw-filelist", "data-record-files": "", hidden: true });
  const record = h("details", { class: "lw-record", "data-record": "" }, recordSummary, headersBox, fileRow, fileList);

  const box = h("section", { class: "lw-review", "data-review": "", "data-seeking": "0", hidden: true }, nav, palette, linesBox, notes, record);
  el.appendChild(box);

  // ---------------------------------------------------------------- state helpers
  const review = () => reviewOf(viewOf());
  const readOnly = () => {
    const r = review();
    return Boolean((r && r.readOnly) || model.get("read_only"));
  };
  const annotating = () => Boolean(model.get("annotate")) && Boolean(review()) && !readOnly();
  /** The step navigation starts from: the one asked for last, else the one shown. */
  const baseStep = () => {
    if (wanted != null) return wanted;
    if (inflight != null) return inflight;
    const r = review();
    return r ? Number(r.step) || 0 : 0;
  };
  const commentsOf = (r) => (Array.isArray(r.comments) ? r.comments.map((c) => String(c ?? "")) : []);
  /** The position shown: its step on the line shown (the paths of the lines it lies on). */
  const positionKey = (r) => JSON.stringify([r.step, (Array.isArray(r.lines) ? r.lines : []).filter((l) => l && l.shown).map((l) => l.path)]);
  const commentsKey = (r) => JSON.stringify([positionKey(r), commentsOf(r)]);
  const focused = (node) => {
    const doc = node.ownerDocument;
    return Boolean(doc && doc.activeElement === node);
  };
  const setOpen = (details, open) => {
    if (details.hasAttribute("open") !== open) {
      if (open) details.setAttribute("open", "");
      else details.removeAttribute("open");
    }
  };

  // ---------------------------------------------------------------- drawing
  function render() {
    const r = review();
    box.hidden = !r;
    roBadge.hidden = !r || !readOnly();
    if (root) root.classList.toggle("lw-annotating", annotating());
    if (!r) return;
    const ro = readOnly();
    const lang = langOf(model);
    roBadge.textContent = L("rvReadOnly");
    roBadge.title = L("rvReadOnlyTitle");
    box.classList.toggle("lw-readonly", ro);
    renderNav(r, ro);
    renderPalette(r, ro);
    renderLines(r, ro, lang);
    renderNotes(r, ro, lang);
    renderRecord(r, ro, lang);
  }

  function renderNav(r, ro) {
    const steps = Math.max(0, Number(r.steps) || 0);
    // while seeks are on their way, the thumb and the label show the step asked for (where
    // the user drags or clicks to); then the step shown
    const at = clamp(baseStep(), 0, steps);
    const tip = (btn, key) => {
      btn.title = L(key);
      btn.setAttribute("aria-label", L(key));
    };
    tip(first, "rvFirst");
    tip(back, "rvBack");
    tip(forward, "rvForward");
    tip(last, "rvLast");
    first.disabled = back.disabled = at <= 0;
    forward.disabled = last.disabled = at >= steps;
    scrub.setAttribute("max", String(steps));
    scrub.setAttribute("aria-label", L("rvScrub"));
    scrub.setAttribute("aria-valuetext", L("rvStep", { step: at, steps }));
    scrub.disabled = steps === 0;
    if (scrub.value !== String(at)) scrub.value = String(at);
    scrub.setAttribute("value", String(at));
    stepLabel.textContent = `${at} / ${steps}`;
    stepLabel.title = L("rvStep", { step: at, steps });
    playOn.textContent = `▶ ${L("rvPlayOn")}`;
    playOn.title = L("rvPlayOnTitle");
    playOn.hidden = ro || !r.canPlayOn;
    playOn.disabled = ro || !r.canPlayOn;
    annotateBtn.textContent = `✎ ${L("rvAnnotate")}`;
    annotateBtn.title = L("rvAnnotateTitle");
    annotateBtn.hidden = ro;
    const on = annotating();
    annotateBtn.setAttribute("aria-pressed", String(on));
    annotateBtn.classList.toggle("lw-on", on);
  }

  function renderPalette(r, ro) {
    palette.hidden = ro || !annotating();
    palette.setAttribute("aria-label", L("rvColour"));
    for (const s of swatches) {
      const c = s.dataset.colour;
      const on = c === colour;
      s.setAttribute("aria-pressed", String(on));
      s.classList.toggle("lw-on", on);
      s.title = L(`rvColour_${c}`);
      s.setAttribute("aria-label", L(`rvColour_${c}`));
    }
    clearHl.textContent = `✕ ${L("rvClearHighlights")}`;
    clearHl.disabled = !(Array.isArray(r.highlights) && r.highlights.length);
    paletteHint.textContent = L(hintKey);
  }

  function renderLines(r, ro, lang) {
    const lines = Array.isArray(r.lines) ? r.lines : [];
    const more = Number(r.more) || 0;
    linesBox.hidden = lines.length <= 1 && more <= 0;
    if (linesBox.hidden) {
      keys.lines = "";
      lineList.replaceChildren();
      return;
    }
    const key = JSON.stringify([lines, more, ro, lang, armed]);
    if (key === keys.lines) return;
    keys.lines = key;
    linesTitle.textContent = L("rvLines");
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
      const row = h("li", { class: "lw-linerow", "data-depth": String(depth), style: `--lw-depth:${Math.min(depth, 8)}` }, button);
      if (!line.main && !ro) {
        const op = (name, icon, label) => h("button", { type: "button", class: "lw-lineop", "data-line-op": name, "data-op-line": String(i), title: L(label), "aria-label": L(label) }, icon);
        const isArmed = armed === path;
        const remove = op("remove", isArmed ? L("rvRemoveConfirm") : "✕", "rvRemove");
        if (isArmed) {
          remove.setAttribute("data-armed", "");
          remove.classList.add("lw-armed");
        }
        row.append(h("span", { class: "lw-lineops" }, op("promote", "▲", "rvPromote"), op("demote", "▼", "rvDemote"), op("main", "★", "rvMakeMain"), remove));
      }
      return row;
    });
    if (more > 0) rows.push(h("li", { class: "lw-more", "data-more": String(more) }, L("rvMore", { n: more })));
    lineList.replaceChildren(...rows);
  }

  function renderNotes(r, ro, lang) {
    const comments = commentsOf(r);
    const mark = typeof r.mark === "string" && r.mark ? r.mark : null;
    const posKey = positionKey(r);
    notesTitle.textContent = L("rvNotes");
    notesInfo.textContent = [mark, comments.length ? `✎ ${comments.length}` : ""].filter(Boolean).join(" · ");
    // open when the position has something to read, or while annotating; a user's choice wins
    const auto = Boolean(mark || comments.length || annotating());
    if (notesManual && notesManual.open) setOpen(notes, true);
    else if (notesManual && notesManual.key === posKey) setOpen(notes, false);
    else setOpen(notes, auto);
    notes.dataset.pos = posKey;

    markLabel.textContent = `${L("rvMarkLabel")}:`;
    marks.setAttribute("aria-label", L("rvMarkLabel"));
    marks.hidden = ro;
    for (const b of markButtons) {
      const m = b.dataset.markSet;
      const on = m === mark;
      b.setAttribute("aria-pressed", String(on));
      b.classList.toggle("lw-on", on);
      const meaning = L(`rvMark_${MARKS.find((x) => x[0] === m)[1]}`);
      b.title = meaning;
      b.setAttribute("aria-label", `${m} ${meaning}`);
    }
    markText.hidden = !ro || !mark;
    markText.textContent = mark ? `${mark} ${L(`rvMark_${(MARKS.find((x) => x[0] === mark) || [mark, "good"])[1]}`)}` : "";

    // a comment being edited whose position or text changed under it: the edit is over
    const ckey = commentsKey(r);
    if (editing && (editing.key !== ckey || ro)) {
      editing = null;
      editor = null;
    }
    const key = JSON.stringify([ckey, ro, lang, editing && editing.index]);
    if (key !== keys.comments) {
      keys.comments = key;
      commentList.replaceChildren(
        ...comments.map((text, i) => {
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
        }),
      );
    }
    commentList.setAttribute("aria-label", L("rvComments"));
    noComments.hidden = comments.length > 0;
    noComments.textContent = L("rvNoComments");
    addRow.hidden = ro;
    commentInput.placeholder = L("rvCommentHint");
    commentInput.setAttribute("aria-label", L("rvCommentHint"));
    addComment.textContent = `+ ${L("rvAddComment")}`;
  }

  function renderRecord(r, ro, lang) {
    const headers = r.headers && typeof r.headers === "object" ? r.headers : {};
    recordTitle.textContent = L("rvRecord");
    const file = typeof r.file === "string" ? r.file : "";
    recordInfo.textContent = [...HEADERS.filter((k) => k !== "notes").map((k) => headers[k]), file ? L("rvFile", { name: file }) : ""]
      .filter((x) => x != null && x !== "")
      .map(String)
      .join(" · ");
    for (const key of HEADERS) {
      const value = headers[key] == null ? "" : String(headers[key]);
      headerLabels[key].textContent = L(`rvHeader_${key}`);
      const input = headerInputs[key];
      input.hidden = ro;
      if (pendingHeader[key] !== undefined && pendingHeader[key] === (headers[key] ?? null)) delete pendingHeader[key];
      if (!focused(input) && pendingHeader[key] === undefined) input.value = value;
      headerTexts[key].hidden = !ro;
      headerTexts[key].textContent = value || "—";
    }
    fileRow.hidden = ro;
    fileLabel.textContent = L("rvFileName");
    if (file !== lastFile) {
      lastFile = file;
      if (!focused(fileName)) fileName.value = file || defaultFile;
    } else if (!fileName.value && !focused(fileName)) fileName.value = file || defaultFile;
    saveBtn.textContent = L("rvSaveRecord");
    saveBtn.title = L("rvSaveTitle");
    openBtn.textContent = L("rvOpenRecord");
    openBtn.title = L("rvOpenTitle");
    renderFiles(ro, lang);
  }

  function renderFiles(ro, lang) {
    fileList.hidden = ro || !picking;
    if (fileList.hidden) {
      keys.files = "";
      fileList.replaceChildren();
      return;
    }
    const files = Array.isArray(model.get("record_files")) ? model.get("record_files").map(String) : [];
    const key = JSON.stringify([files, loadingFiles, lang]);
    if (key === keys.files) return;
    keys.files = key;
    const items = files.map((name) => h("li", {}, h("button", { type: "button", class: "lw-btn lw-ghost lw-file", "data-record-file": name, title: name }, name)));
    let body;
    if (items.length) body = h("ul", { class: "lw-files" }, ...items);
    else body = h("p", { class: "lw-muted" }, L(loadingFiles ? "rvLoading" : "rvNoFiles"));
    fileList.replaceChildren(
      h("div", { class: "lw-filehead" }, h("b", {}, L("rvPickFile")), h("button", { type: "button", class: "lw-lineop", "data-files-close": "", title: L("rvClose"), "aria-label": L("rvClose") }, "✕")),
      body,
    );
  }

  // ---------------------------------------------------------------- seeking (coalesced)
  function settle(dropWanted = false) {
    if (seekTimer !== null) clearTimeout(seekTimer);
    seekTimer = null;
    inflight = null;
    const next = dropWanted ? null : wanted;
    wanted = null;
    const r = review();
    if (next != null && r && next !== Number(r.step)) {
      sendSeek(next);
      return;
    }
    box.dataset.seeking = "0";
  }

  function sendSeek(step) {
    inflight = step;
    box.dataset.seeking = "1";
    if (seekTimer !== null) clearTimeout(seekTimer);
    seekTimer = setTimeout(() => {
      seekTimer = null;
      settle();
      render();
    }, SEEK_FALLBACK_MS);
    sendNav({ type: "seek", step });
  }

  /** Show step n of the line shown: at most one seek in flight, the newest wish goes next. */
  function seek(n) {
    const r = review();
    if (!r) return false;
    const step = clamp(Math.round(Number(n)) || 0, 0, Math.max(0, Number(r.steps) || 0));
    if (inflight != null) {
      wanted = step === inflight ? null : step;
    } else if (step !== Number(r.step)) sendSeek(step);
    renderNav(r, readOnly());
    return true;
  }

  function navigate(action) {
    const r = review();
    if (!r) return false;
    const steps = Math.max(0, Number(r.steps) || 0);
    const base = baseStep();
    if (action === "first") return seek(0);
    if (action === "last") return seek(steps);
    if (action === "back" || action === "stepBack") return seek(base - 1);
    if (action === "forward" || action === "stepForward") return seek(base + 1);
    return false;
  }

  function onScrub() {
    seek(Number(scrub.value));
  }

  // ---------------------------------------------------------------- intents
  function lineOp(op, index) {
    const r = review();
    const line = r && Array.isArray(r.lines) ? r.lines[index] : null;
    if (!line || line.main || readOnly()) return;
    const path = JSON.stringify(line.path ?? []);
    if (op === "remove" && armed !== path) {
      armed = path;
      if (armTimer !== null) clearTimeout(armTimer);
      armTimer = setTimeout(() => {
        armTimer = null;
        armed = null;
        render();
      }, ARM_MS);
      render();
      return;
    }
    disarm();
    sendNav({ type: "variation", op, path: line.path });
    render();
  }

  function disarm() {
    if (armTimer !== null) clearTimeout(armTimer);
    armTimer = null;
    armed = null;
  }

  function jump(index) {
    const r = review();
    const line = r && Array.isArray(r.lines) ? r.lines[index] : null;
    if (!line) return;
    disarm();
    settle(true);
    sendNav({ type: "jump", path: line.path });
    render();
  }

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
    keys.comments = "";
    render();
    if (editor && editor.focus) editor.focus();
  }

  function cancelEdit() {
    editing = null;
    editor = null;
    keys.comments = "";
    render();
  }

  function saveEdit() {
    if (!editing || !editor) return;
    const r = review();
    const index = editing.index;
    const text = editor.value.trim();
    const before = r && Array.isArray(r.comments) ? String(r.comments[index] ?? "") : null;
    editing = null;
    editor = null;
    keys.comments = "";
    if (text !== before) sendEdit({ type: "comment", index, text }); // "" deletes it
    render();
  }

  function commitHeader(key) {
    const r = review();
    if (!r || readOnly()) return;
    const value = headerInputs[key].value.trim() || null;
    const now = r.headers && r.headers[key] != null ? String(r.headers[key]) : null;
    if (value === now || (pendingHeader[key] !== undefined && pendingHeader[key] === value)) return;
    pendingHeader[key] = value;
    sendEdit({ type: "header", key, value });
  }

  function saveRecord() {
    if (readOnly()) return;
    const name = fileName.value.trim() || (review() && review().file) || defaultFile;
    fileName.value = name;
    sendEdit({ type: "save_record", name });
  }

  function openList() {
    if (readOnly()) return;
    picking = !picking;
    if (picking) {
      loadingFiles = true;
      if (filesTimer !== null) clearTimeout(filesTimer);
      filesTimer = setTimeout(() => {
        filesTimer = null;
        loadingFiles = false;
        render();
      }, FILES_FALLBACK_MS);
      sendEdit({ type: "list_records" });
    }
    render();
  }

  function pickFile(name) {
    picking = false;
    sendEdit({ type: "open_record", name });
    render();
  }

  function toggleAnnotate() {
    if (readOnly()) return;
    model.set("annotate", !model.get("annotate"));
    model.save_changes();
    render();
  }

  function highlight(hit) {
    if (!hit || !annotating()) return false;
    sendEdit({ type: "highlight", kind: hit.kind, target: hit.target, colour });
    return true;
  }

  function action(name) {
    switch (name) {
      case "play_on":
        if (!readOnly()) sendNav({ type: "play_on" });
        return;
      case "annotate":
        toggleAnnotate();
        return;
      case "clear_highlights":
        if (!readOnly()) sendEdit({ type: "highlight" });
        return;
      case "save_record":
        saveRecord();
        return;
      case "open_record":
        openList();
        return;
      default:
        break;
    }
  }

  // ---------------------------------------------------------------- DOM events
  function onClick(e) {
    const node = e.target.closest && e.target.closest("button, summary");
    if (!node || !box.contains(node)) return;
    e.stopPropagation(); // the review's own clicks: the game does not see them
    if (node.tagName === "SUMMARY") {
      if (node === notesSummary) notesManual = { open: !notes.hasAttribute("open"), key: notes.dataset.pos };
      return; // the browser opens or closes the <details>
    }
    if (node.disabled) return;
    const d = node.dataset;
    if (d.nav) navigate(d.nav);
    else if (d.lineOp) lineOp(d.lineOp, Number(d.opLine));
    else if (d.line != null) jump(Number(d.line));
    else if (d.markSet != null) setMark(d.markSet);
    else if (d.commentEdit != null) startEdit(Number(d.commentEdit));
    else if (d.commentDelete != null) {
      if (!readOnly()) sendEdit({ type: "comment", index: Number(d.commentDelete), text: "" });
    } else if (d.commentSave != null) saveEdit();
    else if (d.commentCancel != null) cancelEdit();
    else if (d.addComment != null) addNewComment();
    else if (d.colour) {
      colour = d.colour;
      render();
    } else if (d.recordFile != null) pickFile(d.recordFile);
    else if (d.filesClose != null) {
      picking = false;
      render();
    } else if (d.action) action(d.action);
  }

  // Keys typed into the review's fields stay there: they are text, never the game's shortcuts
  // (the focus layer skips text fields too) nor the notebook's (plain keys stop here).
  function onKeyDown(e) {
    const target = e.target;
    if (!target || !box.contains(target)) return;
    const mod = e.ctrlKey || e.metaKey;
    if (target === scrub) {
      if (!(mod || e.altKey)) e.stopPropagation(); // arrows move the thumb (and seek), nothing else
      return;
    }
    if (target.tagName === "BUTTON" || target.tagName === "SUMMARY") {
      // Enter/Space press the focused control; they are not the game's "confirm"
      if (!(mod || e.altKey) && (e.key === "Enter" || e.key === " ")) e.stopPropagation();
      return;
    }
    if (!/^(TEXTAREA|INPUT)$/.test(target.tagName)) return;
    let handled = false;
    if (target.hasAttribute("data-comment-editor")) {
      if (e.key === "Escape") {
        cancelEdit();
        handled = true;
      } else if (e.key === "Enter" && !e.shiftKey && !e.altKey) {
        saveEdit();
        handled = true;
      }
    } else if (target === commentInput) {
      if (e.key === "Enter" && mod) {
        addNewComment();
        handled = true;
      }
    } else if (target === fileName) {
      if (e.key === "Enter") {
        saveRecord();
        handled = true;
      }
    } else if (target.hasAttribute("data-header") && target.tagName === "INPUT" && e.key === "Enter") {
      commitHeader(target.dataset.header);
      handled = true;
    }
    if (handled) e.preventDefault();
    if (handled || !(mod || e.altKey)) e.stopPropagation();
  }

  function onChange(e) {
    const target = e.target;
    if (target === scrub) onScrub();
    else if (target && target.hasAttribute && target.hasAttribute("data-header")) commitHeader(target.dataset.header);
  }

  function onFocusOut(e) {
    const target = e.target;
    if (target && target.hasAttribute && target.hasAttribute("data-header")) commitHeader(target.dataset.header);
  }

  function onView() {
    if (inflight != null) settle(); // the answer to the seek in flight (or a newer view)
    if (loadingFiles) {
      onFiles(); // Python publishes a view after record_files: the list is the answer
      return;
    }
    render();
  }

  function onError() {
    if (model.get("error") && inflight != null) settle(true); // a refused seek: stop there
  }

  function onFiles() {
    loadingFiles = false;
    if (filesTimer !== null) clearTimeout(filesTimer);
    filesTimer = null;
    render();
  }

  scrub.addEventListener("input", onScrub);
  box.addEventListener("click", onClick);
  box.addEventListener("keydown", onKeyDown);
  box.addEventListener("change", onChange);
  box.addEventListener("focusout", onFocusOut);
  const offs = [
    subscribe(model, ["view"], onView),
    subscribe(model, ["language", "annotate", "read_only"], render),
    subscribe(model, ["error", "error_id"], onError),
    subscribe(model, ["record_files"], onFiles),
  ];
  render();

  const cleanup = () => {
    for (const off of offs) off();
    for (const timer of [seekTimer, armTimer, filesTimer]) if (timer !== null) clearTimeout(timer);
    seekTimer = armTimer = filesTimer = null;
    scrub.removeEventListener("input", onScrub);
    box.removeEventListener("click", onClick);
    box.removeEventListener("keydown", onKeyDown);
    box.removeEventListener("change", onChange);
    box.removeEventListener("focusout", onFocusOut);
    if (root) root.classList.remove("lw-annotating");
    roBadge.remove();
    box.remove();
  };
  cleanup.el = box;
  cleanup.refresh = render;
  cleanup.nav = navigate;
  cleanup.seek = seek;
  cleanup.annotating = annotating;
  cleanup.highlight = highlight;
  cleanup.colour = () => colour;
  return cleanup;
}
