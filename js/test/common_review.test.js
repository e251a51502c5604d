// The review & annotate component (common/review.js) on a fake model, then mounted in both
// widgets: rendering from view.review, every intent it sends, read-only, annotate mode (the
// pure element -> highlight mappings of both games, and highlights drawn on the board), and
// keys typed into its text fields never taken as shortcuts.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { FakeModel, click, fakeTimers, fire, key, setupDom } from "./helpers/fake.js";
import { makeT } from "../src/common/i18n.js";
import * as focus from "../src/common/focus.js";
import * as review from "../src/common/review.js";
import { fileName } from "../src/common/download.js";
import * as LXA from "../src/levelx/annotate.js";
import * as L8A from "../src/level8/annotate.js";
import { keyAction as lxKeys } from "../src/levelx/keys.js";
import { keyAction as l8Keys } from "../src/level8/keys.js";
import levelx from "../src/levelx.js";
import level8 from "../src/level8.js";

const V = JSON.parse(readFileSync(new URL("./fixtures/levelx_views.json", import.meta.url)));
const { el, document, window } = setupDom();
const t = makeT();
const XSS = "<img src=x onerror=alert(1)>";

const LINES = [
  { path: [], at: 1, depth: 0, text: "Ann: 3+4 5+5", player: 0, steps: 12, shown: false, main: true },
  { path: [[4, 1]], at: 4, depth: 1, text: "Ben: 6 <b>", player: 1, steps: 3, shown: true, main: false },
  { path: [[4, 1], [6, 1]], at: 6, depth: 2, text: "Ann: 2+3", player: 0, steps: 1, shown: false, main: false },
];

function rv(extra = {}) {
  return {
    step: 5,
    steps: 6,
    mark: "?!",
    comments: ["Nice & quick", XSS],
    highlights: [],
    lines: LINES,
    more: 0,
    headers: { event: "Club <night>", site: "Berlin" },
    readOnly: false,
    canPlayOn: true,
    file: "",
    ...extra,
  };
}

function mount(reviewExtra = {}, traits = {}, opts = {}) {
  const model = new FakeModel({ view: { seq: 1, review: rv(reviewExtra) }, language: "en", error: "", error_id: 0, annotate: false, read_only: false, record_files: [], ...traits });
  const cleanup = review.mount(el, model, { t, defaultFile: "levelx-game.json", ...opts });
  const box = cleanup.el;
  const q = (s) => box.querySelector(s);
  const qa = (s) => [...box.querySelectorAll(s)];
  const setReview = (extra) => model.set("view", { seq: (model.get("view").seq || 0) + 1, review: rv(extra) });
  return { model, cleanup, box, q, qa, setReview };
}

// ------------------------------------------------------------------ rendering

test("no view.review: nothing shows, nothing breaks; it appears when Python publishes one", () => {
  const model = new FakeModel({ view: { seq: 1 }, language: "en", annotate: false });
  const cleanup = review.mount(el, model, { t });
  assert.equal(cleanup.el.hidden, true);
  assert.equal(cleanup.nav("first"), false); // keys fall back to the game's goto
  assert.equal(cleanup.annotating(), false);
  model.set("view", null);
  assert.equal(cleanup.el.hidden, true);
  model.set("view", { seq: 2, review: rv() });
  assert.equal(cleanup.el.hidden, false);
  cleanup();
  assert.equal(model.listenerCount(), 0);
  assert.equal(el.querySelector("[data-review]"), null);
});

test("the navigation bar follows the view: scrubber, step label, ends disabled", () => {
  const { q, cleanup, setReview, model } = mount();
  const scrub = q("input.lw-scrub[data-scrub]");
  assert.equal(scrub.getAttribute("type"), "range");
  assert.deepEqual([scrub.getAttribute("min"), scrub.getAttribute("max"), scrub.value], ["0", "6", "5"]);
  assert.equal(scrub.getAttribute("aria-label"), "Position in the record");
  assert.equal(q("[data-step-label]").textContent, "5 / 6");
  assert.equal(q("[data-nav=first]").disabled, false);
  assert.equal(q("[data-nav=forward]").disabled, false);
  setReview({ step: 6 });
  assert.equal(q("[data-nav=forward]").disabled, true);
  assert.equal(q("[data-nav=last]").disabled, true);
  setReview({ step: 0 });
  assert.equal(q("[data-nav=first]").disabled, true);
  assert.equal(q("[data-nav=back]").disabled, true);
  assert.equal(scrub.value, "0");
  model.set("language", "de");
  assert.equal(scrub.getAttribute("aria-label"), "Stellung in der Partie");
  assert.equal(q("[data-nav=first]").title, "Erste Stellung");
  cleanup();
});

test("the lines: one row per line, indented by depth, shown and main marked; hidden with only the main line", () => {
  const { q, qa, cleanup, setReview } = mount();
  const rows = qa(".lw-lines [data-line]");
  assert.deepEqual(
    rows.map((b) => [b.dataset.line, b.dataset.depth]),
    [["0", "0"], ["1", "1"], ["2", "2"]],
  );
  assert.ok(rows[0].classList.contains("lw-main") && rows[0].hasAttribute("data-main"));
  assert.ok(rows[1].classList.contains("lw-shown"));
  assert.equal(rows[1].getAttribute("aria-current"), "true");
  assert.ok(!rows[0].classList.contains("lw-shown"));
  assert.equal(rows[1].querySelector(".lw-linetext").textContent, "Ben: 6 <b>"); // text, not HTML
  assert.equal(rows[1].querySelector("b"), null);
  assert.equal(rows[1].closest("li").getAttribute("style"), "--lw-depth:1");
  assert.deepEqual(JSON.parse(rows[2].dataset.path), [[4, 1], [6, 1]]);
  // the main line has no ops; the others have promote, demote, main, remove
  assert.equal(rows[0].closest("li").querySelector("[data-line-op]"), null);
  assert.deepEqual(
    [...rows[1].closest("li").querySelectorAll("[data-line-op]")].map((b) => b.dataset.lineOp),
    ["promote", "demote", "main", "remove"],
  );
  assert.equal(q(".lw-linesbox").hidden, false);
  setReview({ lines: [LINES[0]], more: 0 });
  assert.equal(q(".lw-linesbox").hidden, true);
  setReview({ lines: LINES, more: 7 });
  assert.equal(q("[data-more]").textContent, "+7 more");
  cleanup();
});

test("marks pressed, comments as literal text (never HTML), headers as text", () => {
  const { q, qa, cleanup, model } = mount();
  assert.deepEqual(
    qa("[data-mark-set]").map((b) => b.dataset.markSet),
    ["!", "?", "!!", "??", "!?", "?!"],
  );
  assert.deepEqual(
    qa("[data-mark-set]").filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.dataset.markSet),
    ["?!"],
  );
  assert.equal(q("[data-comment='0']").textContent, "Nice & quick");
  assert.equal(q("[data-comment='1']").textContent, XSS);
  assert.equal(q("[data-comment='1']").querySelector("img"), null);
  assert.equal(q(".lw-annot img"), null);
  assert.equal(q("[data-header=event]").value, "Club <night>");
  assert.equal(q("[data-header=site]").value, "Berlin");
  assert.equal(q("[data-header=date]").value, "");
  assert.equal(q("[data-record-info]").textContent, "Club <night> · Berlin");
  assert.equal(q("[data-file-name]").value, "levelx-game.json"); // no file yet: the default
  // notes open by themselves: the position has a mark and comments
  assert.ok(q("details[data-notes]").hasAttribute("open"));
  model.set("language", "de");
  assert.equal(q("[data-add-comment]").textContent, "+ Kommentar hinzufügen");
  cleanup();
});

test("the notes stay collapsed on a plain position, open in annotate mode", () => {
  const { q, cleanup, model } = mount({ mark: null, comments: [] });
  assert.equal(q("details[data-notes]").hasAttribute("open"), false);
  assert.equal(q(".lw-nocomments").hidden, false);
  model.set("annotate", true);
  assert.equal(q("details[data-notes]").hasAttribute("open"), true);
  cleanup();
});

// ------------------------------------------------------------------ intents

test("nav buttons and the scrubber seek; seeks are coalesced (one in flight, the newest next)", () => {
  const clock = fakeTimers();
  try {
    const { q, model, cleanup, box, setReview } = mount({ step: 2, steps: 10 });
    click(q("[data-nav=first]"));
    assert.deepEqual(model.sent, [{ type: "seek", step: 0 }]);
    assert.equal(box.dataset.seeking, "1");
    click(q("[data-nav=last]")); // in flight: remembered, not sent
    assert.equal(model.sent.length, 1);
    setReview({ step: 0, steps: 10 }); // the answer: the newest wish goes out
    assert.deepEqual(model.sent[1], { type: "seek", step: 10 });
    setReview({ step: 10, steps: 10 });
    assert.equal(box.dataset.seeking, "0");
    model.sent.length = 0;
    // dragging the range: input events while one seek is out
    const scrub = q("[data-scrub]");
    for (const v of [9, 8, 7, 6, 5]) {
      scrub.value = String(v);
      fire(scrub, "input");
    }
    assert.deepEqual(model.sent, [{ type: "seek", step: 9 }]);
    assert.equal(scrub.value, "5"); // the thumb stays where the user has it
    assert.equal(q("[data-step-label]").textContent, "5 / 10"); // the step asked for
    setReview({ step: 9, steps: 10 });
    assert.deepEqual(model.sent, [{ type: "seek", step: 9 }, { type: "seek", step: 5 }]);
    setReview({ step: 5, steps: 10 });
    assert.equal(model.sent.length, 2);
    assert.equal(scrub.value, "5");
    // relative steps count from the step asked for, not the one shown yet
    click(q("[data-nav=back]"));
    click(q("[data-nav=back]"));
    click(q("[data-nav=back]"));
    assert.deepEqual(model.sent.slice(2), [{ type: "seek", step: 4 }]);
    setReview({ step: 4, steps: 10 });
    assert.deepEqual(model.sent.slice(3), [{ type: "seek", step: 2 }]);
    // a refused seek stops there; a lost answer does not block the next seek for ever
    model.update({ error: "No.", error_id: 1 });
    assert.equal(box.dataset.seeking, "0");
    model.sent.length = 0;
    cleanup.seek(7);
    cleanup.seek(8);
    clock.tick(5000);
    assert.deepEqual(model.sent, [{ type: "seek", step: 7 }, { type: "seek", step: 8 }]);
    // seeking where we are sends nothing
    model.sent.length = 0;
    clock.tick(5000);
    setReview({ step: 8, steps: 10 });
    cleanup.seek(8);
    assert.deepEqual(model.sent, []);
    cleanup();
  } finally {
    clock.restore();
  }
});

test("a click on a line jumps to it (its path verbatim); ops send variation intents, delete after a confirm", () => {
  const clock = fakeTimers();
  try {
    const { q, model, cleanup } = mount();
    click(q("[data-line='2']"));
    assert.deepEqual(model.sent.pop(), { type: "jump", path: [[4, 1], [6, 1]] });
    click(q("[data-line-op=promote][data-op-line='1']"));
    click(q("[data-line-op=demote][data-op-line='1']"));
    click(q("[data-line-op=main][data-op-line='2']"));
    assert.deepEqual(model.sent.splice(0), [
      { type: "variation", op: "promote", path: [[4, 1]] },
      { type: "variation", op: "demote", path: [[4, 1]] },
      { type: "variation", op: "main", path: [[4, 1], [6, 1]] },
    ]);
    const remove = () => q("[data-line-op=remove][data-op-line='1']");
    click(remove()); // arms
    assert.deepEqual(model.sent, []);
    assert.ok(remove().hasAttribute("data-armed"));
    assert.equal(remove().textContent, "Delete?");
    click(remove()); // confirms
    assert.deepEqual(model.sent.splice(0), [{ type: "variation", op: "remove", path: [[4, 1]] }]);
    assert.equal(remove().hasAttribute("data-armed"), false);
    click(remove());
    clock.tick(5000); // armed and left alone: disarms
    assert.equal(remove().hasAttribute("data-armed"), false);
    click(remove());
    assert.deepEqual(model.sent, []);
    cleanup();
  } finally {
    clock.restore();
  }
});

test("play on: shown when the line goes on and the record can change", () => {
  const { q, model, cleanup, setReview } = mount();
  const btn = q("[data-action=play_on]");
  assert.equal(btn.hidden, false);
  assert.equal(btn.textContent, "▶ Play on from here");
  click(btn);
  assert.deepEqual(model.sent, [{ type: "play_on" }]);
  setReview({ canPlayOn: false });
  assert.equal(btn.hidden, true);
  cleanup();
});

test("comments: add (button and Ctrl+Enter), edit inline (Enter saves, Escape cancels), delete", () => {
  const { q, model, cleanup } = mount();
  const input = q("[data-comment-input]");
  input.value = "  ";
  click(q("[data-add-comment]")); // nothing to add
  input.value = "Try 5+5 <here>";
  click(q("[data-add-comment]"));
  assert.deepEqual(model.sent.pop(), { type: "comment", text: "Try 5+5 <here>" });
  assert.equal(input.value, "");
  input.value = "Second";
  const plainEnter = key(input, "Enter");
  assert.equal(plainEnter.defaultPrevented, false); // a new line in the text
  assert.equal(model.sent.length, 0);
  key(input, "Enter", { ctrlKey: true });
  assert.deepEqual(model.sent.pop(), { type: "comment", text: "Second" });
  // edit comment 1
  click(q("[data-comment-edit='1']"));
  const editor = q("textarea[data-comment-editor='1']");
  assert.equal(editor.value, XSS);
  editor.value = "Fixed";
  key(editor, "Enter");
  assert.deepEqual(model.sent.pop(), { type: "comment", index: 1, text: "Fixed" });
  assert.equal(q("[data-comment-editor]"), null);
  click(q("[data-comment-edit='0']"));
  q("[data-comment-editor='0']").value = "changed";
  key(q("[data-comment-editor='0']"), "Escape");
  assert.equal(q("[data-comment-editor]"), null);
  assert.equal(q("[data-comment='0']").textContent, "Nice & quick");
  assert.equal(model.sent.length, 0);
  click(q("[data-comment-edit='0']"));
  q("[data-comment-editor='0']").value = "via button";
  click(q("[data-comment-save='0']"));
  assert.deepEqual(model.sent.pop(), { type: "comment", index: 0, text: "via button" });
  click(q("[data-comment-edit='0']"));
  click(q("[data-comment-save='0']")); // unchanged: nothing to send
  assert.equal(model.sent.length, 0);
  click(q("[data-comment-delete='1']"));
  assert.deepEqual(model.sent.pop(), { type: "comment", index: 1, text: "" });
  cleanup();
});

test("an edit survives a redraw of the same position and ends when the position changes", () => {
  const { q, cleanup, setReview } = mount();
  click(q("[data-comment-edit='0']"));
  const editor = q("[data-comment-editor='0']");
  editor.value = "half typed";
  setReview({}); // a new view, same position and comments (a redraw)
  assert.equal(q("[data-comment-editor='0']"), editor);
  assert.equal(editor.value, "half typed");
  setReview({ step: 4 });
  assert.equal(q("[data-comment-editor]"), null);
  cleanup();
});

test("marks toggle: a click sets, a click on the pressed one clears", () => {
  const { q, model, cleanup } = mount();
  click(q("[data-mark-set='!!']"));
  click(q("[data-mark-set='?!']"));
  assert.deepEqual(model.sent, [
    { type: "mark", mark: "!!" },
    { type: "mark", mark: null },
  ]);
  assert.equal(q("[data-mark-set='!!']").title, "brilliant move");
  cleanup();
});

test("headers: sent on change, blur or Enter, once; emptied means null", () => {
  const { q, model, cleanup, setReview } = mount();
  const event = q("[data-header=event]");
  event.value = "Lesson 3";
  fire(event, "change");
  fire(event, "focusout"); // the same value again: not sent twice
  assert.deepEqual(model.sent, [{ type: "header", key: "event", value: "Lesson 3" }]);
  const site = q("[data-header=site]");
  site.value = "";
  key(site, "Enter");
  assert.deepEqual(model.sent[1], { type: "header", key: "site", value: null });
  const date = q("[data-header=date]");
  date.value = "2025-03-01";
  fire(date, "focusout");
  const notes = q("textarea[data-header=notes]");
  notes.value = "For the class";
  fire(notes, "change");
  assert.deepEqual(model.sent.slice(2), [
    { type: "header", key: "date", value: "2025-03-01" },
    { type: "header", key: "notes", value: "For the class" },
  ]);
  setReview({ headers: { event: "Lesson 3", date: "2025-03-01", notes: "For the class" } });
  assert.equal(q("[data-header=event]").value, "Lesson 3");
  assert.equal(q("[data-header=site]").value, "");
  cleanup();
});

test("save and open: file name, list_records, pick a file from record_files", () => {
  const clock = fakeTimers();
  try {
    const { q, qa, model, cleanup, setReview } = mount();
    click(q("[data-action=save_record]"));
    assert.deepEqual(model.sent.pop(), { type: "save_record", name: "levelx-game.json" });
    q("[data-file-name]").value = "lesson <1>.json";
    key(q("[data-file-name]"), "Enter");
    assert.deepEqual(model.sent.pop(), { type: "save_record", name: "lesson <1>.json" });
    setReview({ file: "lesson-1.json" });
    assert.equal(q("[data-file-name]").value, "lesson-1.json");
    assert.ok(q("[data-record-info]").textContent.includes("File: lesson-1.json"));
    click(q("[data-action=open_record]"));
    assert.deepEqual(model.sent.pop(), { type: "list_records" });
    assert.equal(q("[data-record-files]").hidden, false);
    assert.equal(q("[data-record-files]").textContent.includes("Looking for record files"), true);
    model.set("record_files", ["a.json", "<b>.json"]);
    assert.deepEqual(
      qa("[data-record-file]").map((b) => [b.dataset.recordFile, b.textContent]),
      [["a.json", "a.json"], ["<b>.json", "<b>.json"]],
    );
    click(q("[data-record-file='<b>.json']"));
    assert.deepEqual(model.sent.pop(), { type: "open_record", name: "<b>.json" });
    assert.equal(q("[data-record-files]").hidden, true);
    // no files: said so once Python answered (or did not, after a while)
    model.set("record_files", []);
    click(q("[data-action=open_record]"));
    clock.tick(3000);
    assert.ok(q("[data-record-files]").textContent.includes("No record files found."));
    click(q("[data-files-close]"));
    assert.equal(q("[data-record-files]").hidden, true);
    cleanup();
  } finally {
    clock.restore();
  }
});

test("handout: asks Python, downloads the page it answers with, also on a read-only copy", () => {
  const saved = [];
  const { q, model, cleanup, setReview } = mount({}, {}, { download: (name, html) => saved.push([name, html]) });
  const btn = q("[data-action=handout]");
  assert.equal(btn.textContent, "↓ Handout");
  assert.ok(btn.title.includes("printable"));
  click(btn);
  assert.deepEqual(model.sent.pop(), { type: "handout" });
  assert.equal(btn.dataset.waiting, "1");
  for (const fn of model.handlers.get("msg:custom")) fn({ type: "other" });
  assert.deepEqual(saved, []); // not a handout: nothing saved
  for (const fn of model.handlers.get("msg:custom")) fn({ type: "handout", name: "lesson-handout.html", html: "<p>page</p>" });
  assert.deepEqual(saved, [["lesson-handout.html", "<p>page</p>"]]);
  assert.equal(btn.dataset.waiting, "0");
  setReview({ readOnly: true });
  assert.equal(q("[data-action=save_record]").closest("[hidden]") !== null, true); // no Save
  assert.equal(btn.closest("[hidden]"), null); // Handout stays: it changes nothing
  click(btn);
  assert.deepEqual(model.sent.pop(), { type: "handout" });
  model.set("language", "de");
  assert.equal(btn.textContent, "↓ Handout");
  assert.ok(btn.title.includes("druckbare Seite"));
  cleanup();
  assert.equal((model.handlers.get("msg:custom") || []).length, 0);
});

test("handout file names: Python's plain .html name, anything else a safe default", () => {
  assert.equal(fileName("levelx-game-handout.html"), "levelx-game-handout.html");
  for (const bad of ["../x.html", "a/b.html", ".x.html", "x.js", 7, "<b>.html"]) assert.equal(fileName(bad), "handout.html");
});

test("annotate toggle follows the trait; palette picks the colour; clear highlights", () => {
  const { q, qa, model, cleanup, box, setReview } = mount({ highlights: [{ kind: "row", target: 7, colour: "red" }] });
  const root = document.createElement("div");
  const btn = q("[data-action=annotate]");
  assert.equal(btn.getAttribute("aria-pressed"), "false");
  assert.equal(q("[data-palette]").hidden, true);
  click(btn);
  assert.equal(model.get("annotate"), true);
  assert.equal(model.saved, 1);
  assert.equal(btn.getAttribute("aria-pressed"), "true");
  assert.equal(q("[data-palette]").hidden, false);
  assert.deepEqual(qa("[data-colour]").map((b) => b.dataset.colour), ["red", "orange", "yellow", "green", "blue", "purple"]);
  assert.equal(q("[data-colour=red]").getAttribute("aria-pressed"), "true");
  click(q("[data-colour=blue]"));
  assert.equal(q("[data-colour=blue]").getAttribute("aria-pressed"), "true");
  assert.equal(q("[data-colour=red]").getAttribute("aria-pressed"), "false");
  assert.equal(cleanup.highlight({ kind: "row", target: 8 }), true);
  assert.deepEqual(model.sent.pop(), { type: "highlight", kind: "row", target: 8, colour: "blue" });
  click(q("[data-action=clear_highlights]"));
  assert.deepEqual(model.sent.pop(), { type: "highlight" });
  setReview({ highlights: [] });
  assert.equal(q("[data-action=clear_highlights]").disabled, true);
  model.set("annotate", false); // Python (or another view) turns it off
  assert.equal(btn.getAttribute("aria-pressed"), "false");
  assert.equal(cleanup.highlight({ kind: "row", target: 8 }), false);
  // a hidden palette is not drawn; shown again, it shows the record as it is now
  setReview({ highlights: [{ kind: "row", target: 3, colour: "green" }] });
  model.set("language", "de");
  model.set("annotate", true);
  assert.equal(q("[data-action=clear_highlights]").disabled, false);
  assert.equal(q("[data-colour=blue]").getAttribute("aria-pressed"), "true");
  assert.match(q("[data-action=clear_highlights]").textContent, /Hervorhebungen/);
  model.set("annotate", false);
  assert.ok(box && root);
  cleanup();
});

test("read-only: navigation and the tree stay; editing, saving, play on and ops go; marks and comments as text", () => {
  const badge = document.createElement("span");
  el.append(badge);
  const { q, qa, model, cleanup, box } = mount({ readOnly: true }, { annotate: true }, { badge });
  assert.equal(badge.querySelector("[data-readonly]").hidden, false);
  assert.equal(badge.querySelector("[data-readonly]").textContent, "Read-only");
  assert.ok(box.classList.contains("lw-readonly"));
  assert.equal(q("[data-scrub]").disabled, false);
  assert.equal(q("[data-nav=back]").disabled, false);
  assert.equal(qa("[data-line]").length, 3);
  assert.equal(q("[data-line-op]"), null);
  assert.equal(q("[data-action=play_on]").hidden, true);
  assert.equal(q("[data-action=annotate]").hidden, true);
  assert.equal(cleanup.annotating(), false); // the trait alone does not annotate a read-only record
  assert.equal(q("[data-palette]").hidden, true);
  assert.equal(q(".lw-marks").hidden, true);
  assert.equal(q("[data-mark-text]").textContent, "?! dubious move");
  assert.equal(q("[data-comment='1']").textContent, XSS);
  assert.equal(q("[data-comment-edit]"), null);
  assert.equal(q("[data-comment-delete]"), null);
  assert.equal(q(".lw-addrow").hidden, true);
  assert.equal(q("[data-header=event]").hidden, true);
  assert.equal(q("[data-header-text=event]").textContent, "Club <night>");
  assert.equal(q("[data-header-text=date]").textContent, "—");
  assert.equal(q(".lw-filerow").hidden, true);
  click(q("[data-line='1']")); // navigation still works
  click(q("[data-nav=first]"));
  assert.deepEqual(model.sent, [{ type: "jump", path: [[4, 1]] }, { type: "seek", step: 0 }]);
  cleanup();
  assert.equal(badge.querySelector("[data-readonly]"), null);
  badge.remove();
});

test("keys: Shift+arrows step, Home/End go to the ends; typing in the review's fields is never a shortcut", () => {
  assert.equal(lxKeys({ key: "ArrowLeft" }), "undo");
  assert.equal(lxKeys({ key: "ArrowLeft", shiftKey: true }), "stepBack");
  assert.equal(lxKeys({ key: "ArrowRight", shiftKey: true }), "stepForward");
  assert.equal(lxKeys({ key: "Home" }), "first");
  assert.equal(lxKeys({ key: "R", shiftKey: true }), "roll"); // a capital R is still r
  assert.equal(lxKeys({ key: "ArrowLeft", shiftKey: true, ctrlKey: true }), null);
  assert.equal(l8Keys({ key: "ArrowLeft", shiftKey: true }), "stepBack");
  assert.equal(l8Keys({ key: "ArrowRight", shiftKey: true }), "stepForward");
  assert.equal(l8Keys({ key: "ArrowRight" }), "redo");
  const map = focus.keyMap({ ArrowLeft: "undo", "Shift+ArrowLeft": "back", x: "x" });
  assert.equal(map({ key: "ArrowLeft", shiftKey: true }), "back");
  assert.equal(map({ key: "x", shiftKey: true }), "x");
  assert.equal(focus.isTyping(document.createElement("textarea")), true);
  assert.equal(focus.isTyping(document.createElement("button")), false);

  // mounted inside a widget root with the focus layer: textareas keep r, t, 1–4, arrows …
  const root = document.createElement("div");
  el.append(root);
  const actions = [];
  const outside = [];
  const onDoc = (e) => outside.push(e.key);
  document.addEventListener("keydown", onDoc);
  const offFocus = focus.mount(root, { keyAction: lxKeys, onAction: (a) => actions.push(a) });
  const model = new FakeModel({ view: { seq: 1, review: rv() }, language: "en", annotate: false, record_files: [] });
  const cleanup = review.mount(root, model, { t });
  const input = cleanup.el.querySelector("[data-comment-input]");
  for (const k of ["r", "t", "1", "4", "n", "Enter", "Escape", "ArrowLeft", "Home"]) key(input, k);
  key(input, "ArrowLeft", { shiftKey: true });
  for (const k of ["r", "ArrowRight"]) key(cleanup.el.querySelector("[data-header=event]"), k);
  click(cleanup.el.querySelector("[data-comment-edit='0']"));
  key(cleanup.el.querySelector("[data-comment-editor]"), "r");
  assert.deepEqual(actions, []); // not one game shortcut
  assert.deepEqual(outside, []); // and not the notebook's either (plain keys stay in the field)
  assert.deepEqual(model.sent, []);
  key(input, "s", { ctrlKey: true }); // Ctrl+S: the notebook's
  assert.deepEqual(outside, ["s"]);
  // Enter on a focused review button presses it, it is not the game's "confirm"
  key(cleanup.el.querySelector("[data-nav=first]"), "Enter");
  assert.deepEqual(actions, []);
  key(root, "r"); // outside the fields the shortcuts work
  assert.deepEqual(actions, ["roll"]);
  cleanup();
  offFocus();
  document.removeEventListener("keydown", onDoc);
  root.remove();
});

// ------------------------------------------------------------------ annotate mappings (pure)

function node(html) {
  const box = document.createElement("div");
  box.innerHTML = html; // test fixtures only
  return box;
}

test("Level X: element -> highlight (row, square, die, group) and highlight -> elements", () => {
  const box = node(`
    <div class="lx-rowlabel" data-row-label="7">7</div>
    <div class="lx-square" data-row="7" data-square="1"></div>
    <div class="lx-square lx-x" data-row="7" data-square="3">X</div>
    <div class="lx-square" data-row="8" data-square="2"></div>
    <div class="lx-stack" data-chips="9"><span class="lx-chip">9</span></div>
    <div class="lx-piece" data-player="0" data-row="7" data-square="1"></div>
    <button class="lx-die" data-die="2" data-face="5"><svg><circle class="pip"></circle></svg></button>
    <button class="lx-die" data-die="3" data-face="1"></button>
    <div class="lx-die lx-blank" data-die="1"></div>
    <div class="lx-group" data-group="0" data-dice="0,2"><span class="lx-gsum">= 7</span></div>
    <div class="lx-group" data-group="1" data-dice=""></div>
    <button class="lx-turnbtn" data-turn-die="3">↻ 1</button>`);
  const $ = (s) => box.querySelector(s);
  assert.deepEqual(LXA.targetOf($("[data-row-label]")), { kind: "row", target: 7 });
  assert.deepEqual(LXA.targetOf($(".lx-chip")), { kind: "row", target: 9 });
  assert.deepEqual(LXA.targetOf($(".lx-x")), { kind: "square", target: [7, 3] });
  assert.deepEqual(LXA.targetOf($("[data-row='8']")), { kind: "square", target: [8, 2] });
  assert.deepEqual(LXA.targetOf($(".pip")), { kind: "die", target: 2 });
  assert.equal(LXA.targetOf($(".lx-blank")), null); // not rolled yet
  assert.deepEqual(LXA.targetOf($(".lx-gsum")), { kind: "group", target: [0, 2] });
  assert.equal(LXA.targetOf($("[data-group='1']")), null); // an empty group
  assert.equal(LXA.targetOf($(".lx-turnbtn")), null);
  assert.equal(LXA.targetOf(box), null);
  assert.equal(LXA.targetOf(null), null);

  const classes = (list) => list.map((n) => n.className.split(" ")[0] + (n.dataset.square ? n.dataset.square : ""));
  assert.deepEqual(classes(LXA.locate(box, "row", 7)), ["lx-rowlabel", "lx-square1", "lx-square3"]); // not the piece
  assert.deepEqual(classes(LXA.locate(box, "square", [8, 2])), ["lx-square2"]);
  assert.deepEqual(LXA.locate(box, "die", 3).map((n) => n.dataset.die), ["3"]);
  assert.deepEqual(LXA.locate(box, "group", [2, 0]).map((n) => n.dataset.group), ["0"]);
  assert.deepEqual(LXA.locate(box, "group", [2, 3]).map((n) => n.dataset.die), ["2", "3"]); // grouped otherwise: the dice
  assert.deepEqual(LXA.locate(box, "square", 5), []);
  assert.deepEqual(LXA.locate(box, "nope", 1), []);
});

test("Level 8: element -> highlight (card, combination, player) and highlight -> elements", () => {
  const box = node(`
    <div class="l8-seat lw-p1" data-player="1">
      <div class="l8-who"><span class="l8-name">Ben</span></div>
      <button class="l8-discard" data-discard="1"><span class="l8-card" data-card="33"><b class="l8-num">4</b></span></button>
      <div class="l8-melds" data-melds="1">
        <button class="l8-meld" data-meld="1-0"><span class="l8-mtitle">#1 run</span><span class="l8-mcards"><span class="l8-card" data-card="7"></span></span></button>
      </div>
    </div>
    <div class="l8-hand"><button class="l8-card" data-card="90"><span class="l8-word">Joker</span></button></div>`);
  const $ = (s) => box.querySelector(s);
  assert.deepEqual(L8A.targetOf($(".l8-num")), { kind: "card", target: 33 });
  assert.deepEqual(L8A.targetOf($("[data-discard]")), { kind: "card", target: 33 }); // a pile: its top card
  assert.deepEqual(L8A.targetOf($(".l8-mtitle")), { kind: "combination", target: [1, 0] });
  assert.deepEqual(L8A.targetOf($("[data-card='7']")), { kind: "card", target: 7 });
  assert.deepEqual(L8A.targetOf($(".l8-name")), { kind: "player", target: 1 });
  assert.deepEqual(L8A.targetOf($(".l8-word")), { kind: "card", target: 90 });
  assert.equal(L8A.targetOf(box), null);
  assert.deepEqual(L8A.locate(box, "card", 90).map((n) => n.tagName), ["BUTTON"]);
  assert.deepEqual(L8A.locate(box, "combination", [1, 0]).map((n) => n.dataset.meld), ["1-0"]);
  assert.deepEqual(L8A.locate(box, "player", 1).map((n) => n.className), ["l8-seat lw-p1"]);
  assert.deepEqual(L8A.locate(box, "combination", 3), []);
});

test("paintHighlights marks elements (class, kind, colour) and takes old marks off", () => {
  const box = node(`<div class="a" data-k="1"></div><div class="b" data-k="2"></div>`);
  const locate = (scope, kind, target) => [...scope.querySelectorAll(`[data-k="${target}"]`)];
  review.paintHighlights(box, [{ kind: "x", target: 1, colour: "red" }, { kind: "y", target: 2, colour: "blue" }, null, { target: 1 }], locate);
  const a = box.querySelector(".a");
  assert.ok(a.classList.contains("lw-hl"));
  assert.deepEqual([a.getAttribute("data-hl-kind"), a.getAttribute("data-hl-colour")], ["x", "red"]);
  review.paintHighlights(box, [{ kind: "y", target: 2, colour: "green" }], locate);
  assert.equal(a.classList.contains("lw-hl"), false);
  assert.equal(a.hasAttribute("data-hl-colour"), false);
  assert.equal(box.querySelector(".b").getAttribute("data-hl-colour"), "green");
  review.paintHighlights(box, undefined, locate);
  assert.equal(box.querySelectorAll(".lw-hl").length, 0);
});

test("paintHighlights searches a scope only when it has marks to take off", () => {
  const box = node(`<div class="a" data-k="1"></div>`);
  const locate = (scope, kind, target) => [...scope.querySelectorAll(`[data-k="${target}"]`)];
  let searched = 0;
  const query = box.querySelectorAll.bind(box);
  box.querySelectorAll = (sel) => {
    if (sel === ".lw-hl") searched += 1;
    return query(sel);
  };
  review.paintHighlights(box, [], locate);
  review.paintHighlights(box, undefined, locate);
  assert.equal(searched, 0, "never painted, nothing to paint: not searched");
  review.paintHighlights(box, [{ kind: "x", target: 1, colour: "red" }], locate);
  assert.ok(box.querySelector(".a").classList.contains("lw-hl"));
  review.paintHighlights(box, [], locate);
  assert.equal(box.querySelectorAll(".lw-hl").length, 0, "the marks painted are taken off");
  searched = 0;
  review.paintHighlights(box, [], locate);
  assert.equal(searched, 0, "taken off: the next empty paint does not search again");
  review.paintHighlights(box, [{ kind: "x", target: 9, colour: "red" }], locate);
  review.paintHighlights(box, [], locate);
  assert.equal(searched, 1, "a paint that marked nothing leaves nothing to search for");
});

// ------------------------------------------------------------------ in the widgets

function mountX(view, extra = {}) {
  const model = new FakeModel({ view, error: "", error_id: 0, language: "en", teach: false, chances: V.chances, animate: false, bot_delay: 0, annotate: false, read_only: false, record_files: [], ...extra });
  const cleanup = levelx.render({ model, el });
  const root = el.querySelector(".lx-root");
  return { model, cleanup, root, q: (s) => root.querySelector(s), qa: (s) => [...root.querySelectorAll(s)] };
}

const withReview = (view, extra = {}) => ({ ...view, review: rv({ lines: [LINES[0]], step: 3, steps: 6, mark: null, comments: [], ...extra }) });

test("Level X: the review bar mounts, keys seek, highlights are drawn, annotate clicks highlight", () => {
  const { model, cleanup, root, q, qa } = mountX(withReview(V.play, { highlights: [{ kind: "square", target: [7, 1], colour: "green" }, { kind: "row", target: 9, colour: "red" }, { kind: "die", target: 0, colour: "blue" }] }));
  assert.ok(q("[data-review]") && !q("[data-review]").hidden);
  assert.equal(q("[data-file-name]").value, "levelx-game.json");
  // drawn on the board in their colour, in normal mode too
  const sq = q(".lx-square[data-row='7'][data-square='1']");
  assert.deepEqual([sq.classList.contains("lw-hl"), sq.getAttribute("data-hl-kind"), sq.getAttribute("data-hl-colour")], [true, "square", "green"]);
  assert.equal(q("[data-row-label='9']").getAttribute("data-hl-colour"), "red");
  assert.equal(q(".lx-die[data-die='0']").getAttribute("data-hl-colour"), "blue");
  // the tray redraws (a die joins a group): the highlight stays
  click(q("button[data-die='0']"));
  assert.equal(q(".lx-die[data-die='0']").getAttribute("data-hl-colour"), "blue");
  assert.equal(q("[data-group='0']").dataset.dice, "0");
  // keys: Shift+arrows step, Home/End seek (not goto) when the view has a review
  key(root, "ArrowLeft", { shiftKey: true });
  model.set("view", withReview(V.play, { step: 2 }));
  key(root, "Home");
  model.set("view", withReview(V.play, { step: 0 }));
  key(root, "End");
  assert.deepEqual(model.sent, [{ type: "seek", step: 2 }, { type: "seek", step: 0 }, { type: "seek", step: 6 }]);
  model.sent.length = 0;
  // annotate mode: board and tray clicks highlight, nothing plays
  click(q("[data-action=annotate]"));
  assert.ok(root.classList.contains("lw-annotating"));
  click(q("[data-colour=purple]"));
  click(q(".lx-square[data-row='8'][data-square='2']"));
  click(q("[data-row-label='10']"));
  click(q("button[data-die='3']"));
  click(q("[data-group='0']"));
  click(q("[data-action=confirm]")); // in the tray: swallowed
  assert.deepEqual(model.sent, [
    { type: "highlight", kind: "square", target: [8, 2], colour: "purple" },
    { type: "highlight", kind: "row", target: 10, colour: "purple" },
    { type: "highlight", kind: "die", target: 3, colour: "purple" },
    { type: "highlight", kind: "group", target: [0], colour: "purple" },
  ]);
  assert.equal(qa(".lx-die.lx-in").length, 1); // the tray did not change
  model.set("annotate", false);
  model.sent.length = 0;
  click(q("button[data-die='3']"));
  assert.deepEqual(model.sent, []); // plays again (locally: the die joins the group)
  assert.equal(qa(".lx-die.lx-in").length, 2);
  cleanup();
  assert.equal(model.listenerCount(), 0);
});

test("Level X: no review in the view: Home/End still go by turns", () => {
  const { model, cleanup, root, q } = mountX(V.botTurn);
  assert.equal(q("[data-review]").hidden, true);
  key(root, "Home");
  key(root, "ArrowLeft", { shiftKey: true }); // no review: nothing to step
  assert.deepEqual(model.sent, [{ type: "goto", turns: 0 }]);
  cleanup();
});

test("Level X read-only: no roll, dice locked, badge shown, the bots wait", () => {
  const clock = fakeTimers();
  try {
    const { model, cleanup, root, q } = mountX(withReview(V.start, { readOnly: true }), { read_only: true });
    assert.equal(q("[data-action=roll]"), null);
    assert.equal(q(".lx-header [data-readonly]").hidden, false);
    assert.equal(q(".lx-hint").textContent, "A record to look at: step through it with the buttons or the move list.");
    key(root, "r");
    click(q("[data-action=annotate]")); // hidden, and annotate is off in read-only
    assert.deepEqual(model.sent, []);
    model.set("bot_delay", 500);
    model.set("view", withReview(V.botTurn, { readOnly: true }));
    clock.tick(2000);
    assert.deepEqual(model.sent, []); // no advance for a record handed out
    cleanup();
  } finally {
    clock.restore();
  }
});

test("Level X: annotate mode holds the bots back", () => {
  const clock = fakeTimers();
  try {
    const { model, cleanup } = mountX(withReview(V.botTurn), { bot_delay: 500, annotate: true });
    clock.tick(2000);
    assert.deepEqual(model.sent, []);
    model.set("annotate", false);
    clock.tick(600);
    assert.deepEqual(model.sent, [{ type: "advance", seq: V.botTurn.seq }]);
    cleanup();
  } finally {
    clock.restore();
  }
});

// Level 8: a small table (ids: 0–89 number cards, 90–96 jokers, 97–100 skip cards)
const L8 = {
  seq: 5,
  viewer: 0,
  actor: 0,
  handoff: null,
  names: ["Ann <b>", "Ben"],
  bots: ["", "Heuristic"],
  sides: ["one", "one"],
  levels: [1, 3],
  levelCounts: [8, 8],
  req: [[["run", 3], ["run", 3]], [["run", 4], ["colour", 5]]],
  laid: [false, true],
  hand: [3, 4, 5, 20, 21, 90],
  hands: null,
  handCounts: [6, 8],
  drawCount: 60,
  underCount: 0,
  discards: [[33, 2], [null, 0]],
  melds: [[], [{ kind: "run", cards: [91, 7, 8, 9], jokers: { 91: 7 }, lo: 7, hi: 10 }]],
  skips: [null, null],
  keptCounts: [0, 0],
  phase: "draw",
  cur: 0,
  dealer: 1,
  round: 2,
  winners: [],
  legal: { draw: ["pile", 0] },
  proposal: null,
  hint: null,
  log: [],
  new: 0,
  moves: [],
  future: [],
  here: 4,
  rounds: [],
  canUndo: true,
  canRedo: false,
};

function mount8(view, extra = {}) {
  const model = new FakeModel({ view, error: "", error_id: 0, language: "en", bot_delay: 0, hints: false, annotate: false, read_only: false, record_files: [], ...extra });
  const cleanup = level8.render({ model, el });
  const root = el.querySelector(".l8-root");
  return { model, cleanup, root, q: (s) => root.querySelector(s), qa: (s) => [...root.querySelectorAll(s)] };
}

test("Level 8: highlights drawn, annotate clicks highlight cards, combinations and players, nothing plays", () => {
  const view = { ...L8, review: rv({ lines: [LINES[0]], mark: null, comments: [], highlights: [{ kind: "card", target: 33, colour: "orange" }, { kind: "combination", target: [1, 0], colour: "green" }, { kind: "player", target: 1, colour: "yellow" }] }) };
  const { model, cleanup, root, q } = mount8(view);
  assert.equal(q("[data-file-name]").value, "level8-game.json");
  assert.equal(q("[data-discard='0'] [data-card='33']").getAttribute("data-hl-colour"), "orange");
  assert.equal(q("[data-meld='1-0']").getAttribute("data-hl-kind"), "combination");
  assert.equal(q(".l8-seat[data-player='1']").getAttribute("data-hl-colour"), "yellow");
  assert.equal(q("[data-meld='1-0']").disabled, true); // draw phase: not clickable to play
  click(q("[data-action=annotate]"));
  assert.equal(model.get("annotate"), true);
  assert.equal(q("[data-meld='1-0']").disabled, false); // clickable to highlight
  assert.equal(q("[data-meld='1-0']").getAttribute("data-hl-colour"), "green"); // repainted after the redraw
  click(q("[data-hand] [data-card='90']"));
  click(q("[data-meld='1-0'] .l8-mtitle"));
  click(q(".l8-seat[data-player='1'] .l8-name"));
  click(q("[data-discard='0'] .l8-badge")); // a discard pile stands for its top card
  click(q("[data-draw-pile]")); // no highlight there, and no draw either
  assert.deepEqual(model.sent, [
    { type: "highlight", kind: "card", target: 90, colour: "red" },
    { type: "highlight", kind: "combination", target: [1, 0], colour: "red" },
    { type: "highlight", kind: "player", target: 1, colour: "red" },
    { type: "highlight", kind: "card", target: 33, colour: "red" },
  ]);
  assert.equal(root.dataset.busy, "0");
  model.set("annotate", false);
  model.sent.length = 0;
  click(q("[data-draw-pile]"));
  assert.deepEqual(model.sent, [{ type: "draw", source: "pile" }]);
  cleanup();
  assert.equal(model.listenerCount(), 0);
});

test("Level 8 read-only: no actions, no hand selection, badge, keys step through the record", () => {
  const clock = fakeTimers();
  try {
    const view = { ...L8, review: rv({ readOnly: true, step: 4, steps: 9, lines: [LINES[0]] }) };
    const { model, cleanup, root, q } = mount8(view, { read_only: true, bot_delay: 300 });
    assert.equal(q(".l8-actions [data-action]"), null);
    assert.equal(q("[data-draw-pile]").disabled, true);
    assert.equal(q(".l8-header [data-readonly]").hidden, false);
    assert.equal(q("[data-help]").textContent, "A record to look at: step through it with the buttons or the move list.");
    click(q("[data-hand] [data-card='3']"));
    assert.equal(q("[data-hand] [data-card='3']").dataset.selected, "0");
    key(root, "d");
    assert.deepEqual(model.sent, []);
    key(root, "ArrowRight", { shiftKey: true });
    assert.deepEqual(model.sent, [{ type: "seek", step: 5 }]);
    assert.equal(root.dataset.busy, "1"); // the seek is answered with a view
    model.set("view", { ...view, seq: 6, cur: 1, review: rv({ readOnly: true, step: 5, steps: 9, lines: [LINES[0]] }) });
    assert.equal(root.dataset.busy, "0");
    clock.tick(1000);
    assert.equal(model.sent.length, 1); // Ben is a bot, but a read-only record does not advance
    cleanup();
  } finally {
    clock.restore();
  }
});

test("Level 8: a comment being typed keeps its focus and its text when a new view arrives", () => {
  // linkedom has no focus: a minimal one (activeElement + focus()) for this test
  let focused = null;
  Object.defineProperty(document, "activeElement", { get: () => (focused && focused.isConnected ? focused : document.body), configurable: true });
  const proto = window.HTMLElement.prototype;
  const oldFocus = proto.focus;
  proto.focus = function () {
    focused = this;
  };
  try {
    const view = { ...L8, review: rv({ lines: [LINES[0]] }) };
    const { model, cleanup, q } = mount8(view);
    const input = q("[data-comment-input]");
    input.focus();
    input.value = "half a thought";
    const header = q("[data-header=event]");
    model.set("view", { ...view, seq: 9, review: rv({ lines: [LINES[0]], headers: { event: "changed elsewhere" } }) });
    assert.equal(document.activeElement, input);
    assert.equal(input.value, "half a thought");
    assert.equal(header.value, "changed elsewhere"); // not focused: follows the view
    header.focus();
    header.value = "typing";
    model.set("view", { ...view, seq: 10, review: rv({ lines: [LINES[0]], headers: { event: "again" } }) });
    assert.equal(header.value, "typing"); // focused: the user's text stays
    cleanup();
  } finally {
    proto.focus = oldFocus;
    delete document.activeElement;
  }
});

test("a new step translates only what changes with it; a new language writes every label again", () => {
  const asked = [];
  const counting = (lang, key, params) => {
    asked.push(key);
    return t(lang, key, params);
  };
  const { q, model, cleanup, setReview } = mount({}, {}, { t: counting });
  asked.length = 0;
  setReview({ step: 3 });
  setReview({ step: 4 });
  // per step: the step label and what the position holds (its mark, its comments' buttons);
  // never the bar's fixed labels, nor the Review button's (it follows the record's state)
  const fixed = ["rvReview", "rvReviewTitle", "rvReadOnly", "rvFirst", "rvBack", "rvForward", "rvLast", "rvScrub", "rvPlayOn", "rvAnnotate", "rvNotes", "rvMarkLabel", "rvMark_good", "rvComments", "rvNoComments", "rvCommentHint", "rvAddComment", "rvRecord", "rvHeader_event", "rvFileName", "rvSaveRecord", "rvOpenRecord", "rvHandout"];
  assert.deepEqual(asked.filter((key) => fixed.includes(key)), []);
  assert.ok(asked.includes("rvStep"));
  // the mark's buttons follow the mark: a step that keeps "?!" leaves them alone, a new one
  // presses its button (and a read-only record names it)
  assert.deepEqual(asked.filter((key) => key.startsWith("rvMark_")), []);
  setReview({ step: 5, mark: "!!" });
  assert.equal(q("[data-mark-set='!!']").getAttribute("aria-pressed"), "true");
  assert.equal(q("[data-mark-set='?!']").getAttribute("aria-pressed"), "false");
  setReview({ step: 5, mark: "!!", readOnly: true });
  assert.equal(q("[data-mark-text]").textContent, "!! brilliant move");
  model.set("language", "de");
  assert.equal(q("[data-nav=back]").title, "Einen Schritt zurück");
  assert.equal(q("[data-action=save_record]").textContent, "Speichern");
  cleanup();
});
