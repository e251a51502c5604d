// Event log: what happened, newest first; the entries of the last action stand out.
// Python writes every sentence (levelwidgets/widgets/log.py), in the widget's language and
// for the viewer of the moment: the log only shows them as text.
//
// mount(el, model, {t, entries?, newCount?, title?, watch?, view?}) -> cleanup
//   entries(view) -> [string | {text, kind?}] oldest first (kind becomes data-kind); by
//     default the view's `log` lines [text, kind, player];
//   newCount(view) -> how many of the last entries the last action added (lw-fresh); by
//     default the view's `new`;
//   title: i18n key of the heading ("log"; null for none).
//   uses(view) -> [values]: the view's fields the entries are made of (by default the view's
//     `log` and `new` when entries and newCount are the defaults, else the view itself); the
//     very same values in the same language draw nothing again.

import { cls, h, keyed, setText } from "./dom.js";
import { langOf, redrawGate, subscribe } from "./model.js";

/** The view's log lines [text, kind, player] as entries (a bare string is a text alone). */
export const logEntries = (view) => (view.log || []).map((line) => (Array.isArray(line) ? { text: String(line[0]), kind: line[1] } : String(line)));

export function mount(el, model, options = {}) {
  const { t, entries = logEntries, title = "log", watch = [] } = options;
  const newCount = options.newCount || ((view) => view.new || 0);
  const ownFields = options.entries == null && options.newCount == null;
  const uses = options.uses || (ownFields ? (view) => [view.log, view.new] : (view) => [view]);
  const viewOf = options.view || (() => model.get("view"));
  const heading = title ? h("h4", {}) : null;
  const list = h("ol", { class: "lw-log", "data-log": "" });
  const box = h("div", { class: "lw-eventlog" }, heading, list);
  el.appendChild(box);

  const changed = redrawGate(model, watch, uses); // (the entries' fields, language, watched)

  function render() {
    const view = viewOf();
    const lang = langOf(model);
    if (!changed(view)) return;
    if (heading) setText(heading, t ? t(lang, title) : title);
    const items = view ? entries(view) : [];
    const fresh = view ? Math.max(0, Math.min(items.length, newCount(view) || 0)) : 0;
    // rows keyed by what they say (and which time it is said): a new action inserts its
    // rows at the top and drops the oldest; the rows in between keep their nodes untouched
    // (not even built again), only their "fresh" mark is written where it changes
    const said = new Map();
    const rows = items.map((item, i) => {
      const text = typeof item === "string" ? item : item.text;
      const kind = typeof item === "string" ? undefined : item.kind;
      const id = `${kind ?? ""}|${text}`;
      const n = (said.get(id) || 0) + 1;
      said.set(id, n);
      const key = `${n}|${id}`;
      return [key, "", () => h("li", { "data-kind": kind, "data-key": key }, text), i >= items.length - fresh];
    });
    rows.reverse();
    keyed(list, rows);
    rows.forEach((row, i) => cls(list.children[i], "lw-fresh", row[3]));
  }

  const off = subscribe(model, ["view", "language", ...watch], render);
  render();

  const cleanup = () => {
    off();
    box.remove();
  };
  cleanup.refresh = () => {
    changed.reset();
    render();
  };
  cleanup.el = box;
  return cleanup;
}
