// Move list: one button per move (player's shape + text); a click jumps to that position.
//
// mount(el, model, {t, rows, onJump?, title?, watch?, view?}) -> cleanup
//   rows(view) -> [{text, player?, target, here?, future?, title?}] in order; player (a seat)
//     puts the seat's coloured glyph first; target is what a click sends (data-goto).
//   onJump(target, event): default sends {type: "goto", ply: target}.
//   title: i18n key of the heading ("moves"; null for none).
// The list is redrawn when the view or the language changes; the current row (here) is
// scrolled into view after layout. Clicks on rows are handled here and do not bubble further.

import { h, playerGlyph } from "./dom.js";
import { afterLayout, langOf, subscribe } from "./model.js";

export function mount(el, model, options = {}) {
  const { t, rows, title = "moves", watch = [] } = options;
  const onJump = options.onJump || ((target) => model.send({ type: "goto", ply: target }));
  const viewOf = options.view || (() => model.get("view"));
  const heading = title ? h("h4", {}) : null;
  const list = h("ol", { class: "lw-moves", "data-moves": "" });
  const box = h("div", { class: "lw-movelist" }, heading, list);
  el.appendChild(box);
  let cancelScroll = null;

  function render() {
    const view = viewOf();
    const lang = langOf(model);
    if (heading) heading.textContent = t ? t(lang, title) : title;
    const items = view ? rows(view) : [];
    list.replaceChildren(
      ...items.map((row) => {
        const cls = `lw-move${row.here ? " lw-here" : ""}${row.future ? " lw-future" : ""}`;
        const button = h("button", { class: cls, type: "button", "data-goto": String(row.target), title: row.title, "aria-current": row.here ? "step" : undefined });
        if (row.player != null) button.append(playerGlyph(row.player), ` ${row.text}`);
        else button.append(row.text);
        // a record's annotations: the mark after the move, a marker whose tooltip is the comment
        if (row.mark) button.append(h("b", { class: "lw-mark", "data-mark": row.mark }, row.mark));
        if (row.note) button.append(h("span", { class: "lw-note", "data-note": "", title: row.note, "aria-label": row.note }, "✎"));
        return h("li", {}, button);
      }),
    );
    // Scroll the current move into view after layout (reading sizes now would force a layout).
    if (cancelScroll) cancelScroll();
    cancelScroll = afterLayout(() => {
      cancelScroll = null;
      const here = list.querySelector(".lw-here");
      if (!here || list.scrollHeight <= list.clientHeight) return;
      // where the row is inside the list's content (offsetTop counts from the nearest
      // positioned ancestor, which the list is not): centre it
      const top = here.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
      list.scrollTop = top - list.clientHeight / 2;
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
  cleanup.refresh = render;
  cleanup.el = box;
  return cleanup;
}
