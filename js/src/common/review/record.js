// Review & annotate, the record: its free headers (event, site, date, notes; sent on change,
// blur or Enter, once), the file name with Save, and Open with the list of record files
// Python answers list_records with (record_files). Handout (read-only copies too) asks Python
// for the printable page of the record; Python answers with a custom message
// {type: "handout", name, html}, which ctx.download saves as a file.
//
// createRecord(ctx, defaultFile) -> {el, render(r, ro, lang), click(dataset) -> mine?,
//   key(event) -> handled?, commit(target), loading(), onFiles(), onError() -> redraw?,
//   onMessage(msg) -> handled?, dispose()}
//   ctx: {model, L, review, readOnly, render, sendEdit, download} (see review.js);
//   defaultFile: the file name offered when the record has none yet.

import { h, setText } from "../dom.js";
import { perLanguage } from "../model.js";
import { prop } from "./write.js";

/** The free headers of a record, in the order shown. */
export const HEADERS = ["event", "site", "date", "notes"];

const FILES_FALLBACK_MS = 2000; // Python answers list_records with record_files

const focused = (node) => {
  const doc = node.ownerDocument;
  return Boolean(doc && doc.activeElement === node);
};

export function createRecord(ctx, defaultFile) {
  const { model, L, review, readOnly, sendEdit } = ctx;
  let picking = false; // the Open list shows
  let loadingFiles = false;
  let filesTimer = null;
  let lastFile = null;
  let drawnFiles = ""; // the key of what the file list shows
  const pendingHeader = {};

  const title = h("span", { class: "lw-sumtitle" });
  const info = h("span", { class: "lw-suminfo", "data-record-info": "" });
  const summary = h("summary", { class: "lw-summary" }, title, info);
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
  const handoutBtn = h("button", { type: "button", class: "lw-btn lw-ghost", "data-action": "handout", "data-waiting": "0" });
  const handoutRow = h("div", { class: "lw-filerow lw-handoutrow" }, handoutBtn);
  const el = h("details", { class: "lw-record", "data-record": "" }, summary, headersBox, fileRow, fileList, handoutRow);

  /** The labels that change with the language only (not at every step). */
  const label = perLanguage(() => {
    setText(title, L("rvRecord"));
    for (const key of HEADERS) setText(headerLabels[key], L(`rvHeader_${key}`));
    setText(fileLabel, L("rvFileName"));
    setText(saveBtn, L("rvSaveRecord"));
    prop(saveBtn, "title", L("rvSaveTitle"));
    setText(openBtn, L("rvOpenRecord"));
    prop(openBtn, "title", L("rvOpenTitle"));
    setText(handoutBtn, `↓ ${L("rvHandout")}`);
    prop(handoutBtn, "title", L("rvHandoutTitle"));
  });

  function render(r, ro, lang) {
    label(lang);
    const headers = r.headers && typeof r.headers === "object" ? r.headers : {};
    const file = typeof r.file === "string" ? r.file : "";
    setText(info, [...HEADERS.filter((k) => k !== "notes").map((k) => headers[k]), file ? L("rvFile", { name: file }) : ""]
      .filter((x) => x != null && x !== "")
      .map(String)
      .join(" · "),
    );
    for (const key of HEADERS) {
      const value = headers[key] == null ? "" : String(headers[key]);
      const input = headerInputs[key];
      prop(input, "hidden", ro);
      if (pendingHeader[key] !== undefined && pendingHeader[key] === (headers[key] ?? null)) delete pendingHeader[key];
      if (!focused(input) && pendingHeader[key] === undefined) prop(input, "value", value);
      prop(headerTexts[key], "hidden", !ro);
      setText(headerTexts[key], value || "—");
    }
    prop(fileRow, "hidden", ro);
    if (file !== lastFile) {
      lastFile = file;
      if (!focused(fileName)) fileName.value = file || defaultFile;
    } else if (!fileName.value && !focused(fileName)) fileName.value = file || defaultFile;
    renderFiles(ro, lang);
  }

  function renderFiles(ro, lang) {
    prop(fileList, "hidden", ro || !picking);
    if (fileList.hidden) {
      drawnFiles = "";
      if (fileList.firstChild) fileList.replaceChildren();
      return;
    }
    const files = Array.isArray(model.get("record_files")) ? model.get("record_files").map(String) : [];
    const key = JSON.stringify([files, loadingFiles, lang]);
    if (key === drawnFiles) return;
    drawnFiles = key;
    const items = files.map((name) => h("li", {}, h("button", { type: "button", class: "lw-btn lw-ghost lw-file", "data-record-file": name, title: name }, name)));
    let body;
    if (items.length) body = h("ul", { class: "lw-files" }, ...items);
    else body = h("p", { class: "lw-muted" }, L(loadingFiles ? "rvLoading" : "rvNoFiles"));
    fileList.replaceChildren(
      h("div", { class: "lw-filehead" }, h("b", {}, L("rvPickFile")), h("button", { type: "button", class: "lw-lineop", "data-files-close": "", title: L("rvClose"), "aria-label": L("rvClose") }, "✕")),
      body,
    );
  }

  // ---------------------------------------------------------------- intents
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
        ctx.render();
      }, FILES_FALLBACK_MS);
      sendEdit({ type: "list_records" });
    }
    ctx.render();
  }

  function pickFile(name) {
    picking = false;
    sendEdit({ type: "open_record", name });
    ctx.render();
  }

  function click(d) {
    if (d.recordFile != null) pickFile(d.recordFile);
    else if (d.filesClose != null) {
      picking = false;
      ctx.render();
    } else if (d.action === "save_record") saveRecord();
    else if (d.action === "open_record") openList();
    else if (d.action === "handout") {
      handoutBtn.dataset.waiting = "1"; // until Python's page arrives (or a refusal)
      sendEdit({ type: "handout" });
    } else return false;
    return true;
  }

  /** Enter in the file name saves; Enter in a one-line header commits it. */
  function key(e) {
    const target = e.target;
    if (target === fileName) {
      if (e.key !== "Enter") return false;
      saveRecord();
      return true;
    }
    if (target.hasAttribute("data-header") && target.tagName === "INPUT" && e.key === "Enter") {
      commitHeader(target.dataset.header);
      return true;
    }
    return false;
  }

  /** A header field changed or lost the focus: send its value (once). */
  function commit(target) {
    if (target && target.hasAttribute && target.hasAttribute("data-header")) commitHeader(target.dataset.header);
  }

  /**
   * A refusal: Python answers intents in order, so a header still pending now was not taken.
   * Forget it (true: redraw), or its field would keep the refused text and stop following the
   * record for good; the toast says why.
   */
  function onError() {
    handoutBtn.dataset.waiting = "0";
    const keys = Object.keys(pendingHeader);
    for (const key of keys) delete pendingHeader[key];
    return keys.length > 0;
  }

  /** The record_files answer (or a view after it): the Open list shows the files. */
  function onFiles() {
    loadingFiles = false;
    if (filesTimer !== null) clearTimeout(filesTimer);
    filesTimer = null;
    ctx.render();
  }

  /** Python's answer to Handout: the page, downloaded as a file. */
  function onMessage(msg) {
    if (!msg || msg.type !== "handout" || typeof msg.html !== "string") return false;
    handoutBtn.dataset.waiting = "0";
    ctx.download(msg.name, msg.html);
    return true;
  }

  function dispose() {
    if (filesTimer !== null) clearTimeout(filesTimer);
    filesTimer = null;
  }

  return { el, render, click, key, commit, loading: () => loadingFiles, onFiles, onError, onMessage, dispose };
}
