// Review & annotate: step through a game's record, its lines (variations), and annotate the
// position shown (marks, comments, highlights, headers); save and open record files. Shared by
// both widgets; everything it shows comes from `view.review` (Python publishes it) and every
// change is an intent Python validates (a refusal sets `error`, which the toast shows).
//
// mount(el, model, {t, defaultFile?, view?, send?, badge?, root?, hintKey?}) -> cleanup
//   t: the widget's translator (labels rv* live in common/i18n.js);
//   defaultFile: the file name offered when the record has none yet ("levelx-game.json");
//   send(msg): how navigation intents (seek, jump, variation, play_on) go out (default
//     model.send; Level 8 passes its own, which marks the table busy until the answer);
//   badge: an element to hold the "Read-only" badge (default: the navigation bar);
//   root: the widget's root (gets the class lw-annotating while annotate mode is on);
//   hintKey: the i18n key of the annotate-mode hint (what one can click in this game);
//   download(name, html): how Python's handout page is saved (default: a browser download).
// cleanup.el the component's box · cleanup.refresh() redraw · cleanup.nav(action) for keys
// ("first" "last" "stepBack" "stepForward"; false when there is no review to step through)
// · cleanup.seek(step) · cleanup.scrubReady() (a promise: the views sent ahead are read) · cleanup.annotating() · cleanup.highlight({kind, target}) sends a
// highlight in the colour picked · cleanup.colour() the colour picked.
//
// This module puts the bar together (its box, events, subscriptions); the parts are in review/:
// view.js (readers of view.review), nav.js (navigation, coalesced seeks), highlights.js
// (palette, paintHighlights), lines.js (variation tree), notes.js (marks, comments) and
// record.js (headers, Save/Open), scrub.js (the views of the line's steps held ahead, shown at
// once while the seek goes to Python). Each part is {el, render(r, ro, lang), click(dataset)...}.
//
// Nothing shows while the view has no `review` (a Python side that does not publish one).
// All user text (comments, headers, names, file names) goes in as text nodes, never HTML.
//
// Stable DOM (for tests):
//   .lw-review[data-review] (data-seeking "1" while a seek is answered; data-ahead: the steps
//        whose views are held ahead, review/scrub.js)
//   nav: [data-nav=first|back|forward|last] · input.lw-scrub[data-scrub] · [data-step-label]
//        · [data-action=play_on] · [data-action=annotate] (aria-pressed) · [data-readonly]
//        · [data-action=review] (data-waiting "1", aria-busy, until the next view or refusal)
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
//        · [data-record-file=name] · [data-action=handout] (data-waiting "1" until the page came)

import { h, prop } from "./dom.js";
import { downloadHtml } from "./download.js";
import { langOf, subscribe } from "./model.js";
import { COLOURS, attr, createPalette, paintHighlights } from "./review/highlights.js";
import { createLines } from "./review/lines.js";
import { createNav } from "./review/nav.js";
import { MARKS, createNotes } from "./review/notes.js";
import { HEADERS, createRecord } from "./review/record.js";
import { createScrub } from "./review/scrub.js";
import { baseOf } from "./patch.js";
import { isReadOnly, reviewOf } from "./review/view.js";

// the parts live in review/ (one job each); the names the widgets and tests use stay here
export { COLOURS, HEADERS, MARKS, attr, isReadOnly, paintHighlights, reviewOf };

export function mount(el, model, options = {}) {
  const { t, defaultFile = "game.json", badge = null, root = null, hintKey = "rvAnnotateHint" } = options;
  const viewOf = options.view || (() => model.get("view"));
  const review = () => reviewOf(viewOf());
  // the steps held ahead (review/scrub.js) when the view is the model's own
  const scrub = options.view ? null : createScrub(model, (n) => (box.dataset.ahead = String(n)), () => box.dataset.seeking === "1");
  const readOnly = () => {
    const r = review();
    return Boolean((r && r.readOnly) || model.get("read_only"));
  };
  const box = h("section", { class: "lw-review", "data-review": "", "data-seeking": "0", hidden: true });
  // what the parts share: the model, the translator, the readers, how intents go out, redraw
  const ctx = {
    model,
    box,
    L: (key, params) => (t ? t(langOf(model), key, params) : key),
    review,
    kernelReview: () => reviewOf(baseOf(viewOf())),
    scrub,
    readOnly,
    annotating: () => Boolean(model.get("annotate")) && Boolean(review()) && !readOnly(),
    sendNav: options.send || ((msg) => model.send(msg)),
    sendEdit: (msg) => model.send(msg),
    download: options.download || ((name, html) => downloadHtml(box, name, html)),
    render,
  };
  const { annotating } = ctx;

  const nav = createNav(ctx, badge);
  const palette = createPalette(ctx, hintKey);
  const lines = createLines(ctx, nav.jump);
  const notes = createNotes(ctx);
  const record = createRecord(ctx, defaultFile);
  const parts = [nav, palette, lines, notes, record]; // in the order of the box and of redraws
  box.append(...parts.map((part) => part.el));
  el.appendChild(box);

  function render() {
    const r = review();
    prop(box, "hidden", !r);
    prop(nav.badge, "hidden", !r || !readOnly());
    if (root) root.classList.toggle("lw-annotating", annotating());
    if (!r) return;
    const ro = readOnly();
    const lang = langOf(model);
    box.classList.toggle("lw-readonly", ro);
    for (const part of parts) part.render(r, ro, lang);
  }

  // ---------------------------------------------------------------- DOM events
  function onClick(e) {
    const node = e.target.closest && e.target.closest("button, summary");
    if (!node || !box.contains(node)) return;
    e.stopPropagation(); // the review's own clicks: the game does not see them
    if (node.tagName === "SUMMARY") {
      notes.summary(node);
      return; // the browser opens or closes the <details>
    }
    if (node.disabled) return;
    for (const part of parts) if (part.click(node.dataset)) return;
  }

  // Keys typed into the review's fields stay there: they are text, never the game's shortcuts
  // (the focus layer skips text fields too) nor the notebook's (plain keys stop here).
  function onKeyDown(e) {
    const target = e.target;
    if (!target || !box.contains(target)) return;
    const mod = e.ctrlKey || e.metaKey;
    if (target === nav.scrub) {
      if (!(mod || e.altKey)) e.stopPropagation(); // arrows move the thumb (and seek), nothing else
      return;
    }
    if (target.tagName === "BUTTON" || target.tagName === "SUMMARY") {
      // Enter/Space press the focused control; they are not the game's "confirm"
      if (!(mod || e.altKey) && (e.key === "Enter" || e.key === " ")) e.stopPropagation();
      return;
    }
    if (!/^(TEXTAREA|INPUT)$/.test(target.tagName)) return;
    const handled = notes.key(e, mod) || record.key(e);
    if (handled) e.preventDefault();
    if (handled || !(mod || e.altKey)) e.stopPropagation();
  }

  function onChange(e) {
    if (!nav.change(e.target)) record.commit(e.target);
  }

  function onFocusOut(e) {
    record.commit(e.target);
  }

  function onView() {
    const kernels = Boolean(scrub) && baseOf(viewOf()) === viewOf(); // not one shown from ahead
    nav.onView(); // (may show the step the user is at now, from the views ahead)
    if (kernels) scrub.idle(); // a view of the kernel came: the next chunk may be asked for
    if (record.loading()) {
      record.onFiles(); // Python publishes a view after record_files: the list is the answer
      return;
    }
    render();
  }

  // a refusal (the toast shows it): what waited for an answer shows the record again
  function onError() {
    if (!model.get("error")) return;
    const seekStopped = nav.onError();
    const headersDropped = record.onError();
    if (seekStopped || headersDropped) render();
  }

  box.addEventListener("click", onClick);
  box.addEventListener("keydown", onKeyDown);
  box.addEventListener("change", onChange);
  box.addEventListener("focusout", onFocusOut);
  const offs = [
    subscribe(model, ["view"], onView),
    subscribe(model, ["language", "annotate", "read_only"], render),
    subscribe(model, ["error", "error_id"], onError),
    subscribe(model, ["record_files"], record.onFiles),
  ];
  const onMessage = (msg) => record.onMessage(msg); // Python's custom messages (the handout)
  model.on("msg:custom", onMessage);
  render();

  const cleanup = () => {
    for (const off of offs) off();
    model.off("msg:custom", onMessage);
    nav.dispose();
    if (scrub) scrub.dispose();
    lines.dispose();
    record.dispose();
    box.removeEventListener("click", onClick);
    box.removeEventListener("keydown", onKeyDown);
    box.removeEventListener("change", onChange);
    box.removeEventListener("focusout", onFocusOut);
    if (root) root.classList.remove("lw-annotating");
    box.remove();
  };
  cleanup.el = box;
  cleanup.refresh = render;
  cleanup.nav = nav.navigate;
  cleanup.seek = nav.seek;
  cleanup.annotating = annotating;
  cleanup.highlight = palette.highlight;
  cleanup.colour = palette.colour;
  cleanup.scrubReady = () => (scrub ? scrub.ready() : Promise.resolve());
  return cleanup;
}
