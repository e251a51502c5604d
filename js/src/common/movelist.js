// Move list: one button per move (player's shape + text); a click jumps to that position.
//
// mount(el, model, {t, rows, onJump?, title?, watch?, view?}) -> cleanup
//   rows(view) -> [{text, player?, target, here?, future?, title?}] in order; player (a seat)
//     puts the seat's coloured glyph first; target is what a click sends (data-goto).
//   onJump(target, event): default sends {type: "goto", ply: target}.
//   title: i18n key of the heading ("moves"; null for none).
//   uses(view) -> [values]: the view's fields the rows are made of (e.g. [v.moves, v.future]);
//     a view whose fields are the very same values (a patch left them alone), in the same
//     language, is not made into rows again (default: the view itself, so every view is).
// The list is redrawn when the view or the language changes, in place: rows are keyed by
// their target (ply/step), so a new move appends one row, a step of review rewrites only the
// rows whose "current" mark moves, and a truncation removes the rows past it (a 400-move
// record no longer rebuilds 400 rows per view). When the current row changes it is scrolled
// into view after layout, geometry read before the one write, and only if it is not visible.
// Clicks on rows are handled here and do not bubble further.

import { h, playerGlyph, setText } from "./dom.js";
import { afterLayout, langOf, redrawGate, subscribe } from "./model.js";

/** What a row's button contains (a change rebuilds the button's children only). */
const contentKey = (row) => `${row.player ?? ""}\u0001${row.text ?? ""}\u0001${row.mark || ""}\u0001${row.note || ""}`;

function fill(button, row) {
  const parts = [];
  if (row.player != null) parts.push(playerGlyph(row.player), ` ${row.text}`);
  else parts.push(String(row.text ?? ""));
  // a record's annotations: the mark after the move, a marker whose tooltip is the comment
  if (row.mark) parts.push(h("b", { class: "lw-mark", "data-mark": row.mark }, row.mark));
  if (row.note) parts.push(h("span", { class: "lw-note", "data-note": "", title: row.note, "aria-label": row.note }, "✎"));
  button.replaceChildren(...parts);
}

/** A row on screen: its <li>, its button and what they show now (kept here: reading the
 * DOM back for every row of a long record, on every view, cost more than the writes saved). */
function makeEntry(target) {
  const button = h("button", { type: "button", "data-goto": target });
  return { target, li: h("li", {}, button), button, cls: null, current: null, title: null, content: null };
}

/** Bring a row's node up to date, writing only what differs from what it shows. */
function update(entry, row) {
  const cls = `lw-move${row.here ? " lw-here" : ""}${row.future ? " lw-future" : ""}`;
  if (entry.cls !== cls) {
    entry.button.className = cls;
    entry.cls = cls;
  }
  const current = row.here ? "step" : null;
  if (entry.current !== current) {
    if (current === null) entry.button.removeAttribute("aria-current");
    else entry.button.setAttribute("aria-current", current);
    entry.current = current;
  }
  const title = row.title == null ? null : String(row.title);
  if (entry.title !== title) {
    if (title === null) entry.button.removeAttribute("title");
    else entry.button.setAttribute("title", title);
    entry.title = title;
  }
  const content = contentKey(row);
  if (entry.content !== content) {
    fill(entry.button, row);
    entry.content = content;
  }
}

export function mount(el, model, options = {}) {
  const { t, rows, title = "moves", watch = [], uses = (view) => [view] } = options;
  const onJump = options.onJump || ((target) => model.send({ type: "goto", ply: target }));
  const viewOf = options.view || (() => model.get("view"));
  const heading = title ? h("h4", {}) : null;
  const list = h("ol", { class: "lw-moves", "data-moves": "" });
  const box = h("div", { class: "lw-movelist" }, heading, list);
  el.appendChild(box);
  let cancelScroll = null;
  let entries = []; // the rows on screen, in order
  let hereShown; // the target of the current row last scrolled to (undefined: none yet)

  const changed = redrawGate(model, watch, uses); // (the rows' fields, language, watched traits)
  let hereOfRows = null; // the current row's target among the rows on screen

  function render() {
    const view = viewOf();
    const lang = langOf(model);
    if (!changed(view)) {
      // (a roll of the dice adds no move) the current row, not scrolled to while hidden, is
      // tried again as at every view
      if (hereOfRows !== hereShown) scrollTo(hereOfRows);
      return;
    }
    if (heading) setText(heading, t ? t(lang, title) : title);
    const items = view ? rows(view) : [];
    const byTarget = new Map();
    for (const e of entries) if (!byTarget.has(e.target)) byTarget.set(e.target, e);
    const next = [];
    let here = null;
    for (const row of items) {
      const target = String(row.target);
      let entry = byTarget.get(target);
      if (entry) byTarget.delete(target);
      else entry = makeEntry(target);
      update(entry, row);
      next.push(entry);
      if (row.here && here === null) here = target;
    }
    // the DOM follows `next`: rows gone are removed, new ones inserted where they belong; rows
    // already in place are not touched
    for (const e of byTarget.values()) e.li.remove();
    let cur = list.firstChild;
    for (const e of next) {
      if (e.li === cur) cur = cur.nextSibling;
      else list.insertBefore(e.li, cur);
    }
    while (cur) {
      const after = cur.nextSibling;
      cur.remove();
      cur = after;
    }
    entries = next;
    hereOfRows = here;
    if (here !== hereShown) scrollTo(here);
  }

  /** Keep the current row visible: after layout, read first, then write once (if needed). */
  function scrollTo(here) {
    hereShown = here;
    if (cancelScroll) cancelScroll();
    cancelScroll = null;
    if (here === null) return;
    cancelScroll = afterLayout(() => {
      cancelScroll = null;
      const entry = entries.find((e) => e.target === here);
      if (!entry || !entry.li.isConnected) return;
      const height = list.clientHeight;
      if (!height) hereShown = undefined; // not laid out (hidden): try again on the next view
      if (list.scrollHeight <= height) return;
      const rowBox = entry.button.getBoundingClientRect();
      const listBox = list.getBoundingClientRect();
      if (rowBox.top >= listBox.top && rowBox.bottom <= listBox.bottom) return; // visible
      // where the row is inside the list's content (offsetTop counts from the nearest
      // positioned ancestor, which the list is not): centre it
      const top = rowBox.top - listBox.top + list.scrollTop;
      list.scrollTop = top - height / 2;
    });
  }

  function onClick(e) {
    const node = e.target.closest && e.target.closest("[data-goto]");
    if (!node || !list.contains(node) || node.disabled) return;
    e.stopPropagation();
    onJump(Number(node.dataset.goto), e);
  }

  list.addEventListener("click", onClick);
  const off = subscribe(model, ["view", "language", ...watch], render);
  render();

  const cleanup = () => {
    off();
    if (cancelScroll) cancelScroll();
    list.removeEventListener("click", onClick);
    box.remove();
  };
  cleanup.refresh = () => {
    changed.reset();
    render();
  };
  cleanup.el = box;
  return cleanup;
}
