// Small helpers for the anywidget model (get/set/on/off/send/save_changes).
import { pageLanguage } from "./locales.js";

/** Call handler on "change:<name>" for each trait name; returns a function that unsubscribes. */
export function subscribe(model, names, handler) {
  const events = [...new Set(names)].map((n) => `change:${n}`);
  for (const ev of events) model.on(ev, handler);
  return () => {
    for (const ev of events) model.off(ev, handler);
  };
}

/** Whether two lists of inputs hold the very same values (===, item by item). A part of a
 *  widget redraws from a few fields of the view; a patch gives a new object only to what it
 *  changed (common/patch.js applyOp), so the same fields mean nothing to redraw. */
export function sameInputs(a, b) {
  if (!a || !b || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A part's redraw gate: `gate(view)` says whether the language, a `watch`ed trait or one of
 *  `uses(view)` is not the very same value as when the gate last said yes (then it remembers
 *  them); `gate.reset()` makes the next call say yes (a forced redraw). */
export function redrawGate(model, watch, uses) {
  let shown = null;
  const gate = (view) => {
    const inputs = view ? [langOf(model), ...watch.map((name) => model.get(name)), ...uses(view)] : null;
    if (sameInputs(inputs, shown)) return false;
    shown = inputs;
    return true;
  };
  gate.reset = () => {
    shown = null;
  };
  return gate;
}

/** The language trait ("en" if unset). */
export const langOf = (model) => model.get("language") || "en";

/** Schedule after layout (requestAnimationFrame in browsers, a timer elsewhere); returns cancel. */
export function afterLayout(fn) {
  if (typeof requestAnimationFrame === "function") {
    const id = requestAnimationFrame(fn);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(fn, 0);
  return () => clearTimeout(id);
}

/** Tell Python the page's language once at render (`document.documentElement.lang ||
 * navigator.language`): a widget made without an explicit language adopts it when levelwidgets
 * speaks it (levelwidgets/widgets/intents.py, page_language). Nothing is sent when the page
 * names no language or Python already has this one. */
export function reportPageLanguage(model, lang = pageLanguage()) {
  const value = String(lang || "").slice(0, 64);
  if (!value || model.get("page_language") === value) return;
  model.set("page_language", value);
  model.save_changes();
}

// The view arrives as patches after the first (common/patch.js): every widget follows them.
export { applyOp, followView } from "./patch.js";

/** `write(...args)` run only when the key given differs from the one it last ran for: a part
 *  that shows a few values (a bar's buttons, a position's mark) reads and writes nothing while
 *  they stay the same. Returns `(key, ...args) => ran?`. */
export function whenChanged(write) {
  let ran = false;
  let shown;
  return (key, ...args) => {
    if (ran && key === shown) return false;
    ran = true;
    shown = key;
    write(...args);
    return true;
  };
}

/** whenChanged keyed by the language: a part's fixed labels (its tooltips, headings, buttons)
 *  are written once per language, not at every view. Returns `(lang) => ran?`. */
export const perLanguage = whenChanged;
