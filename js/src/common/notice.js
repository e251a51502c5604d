// Notice: a message Python puts in the widget for the person at it (a puzzle's question, then
// "Right"/"Not quite" and why). Not an error: it stays until Python changes or clears it, and
// the next move does not hide it. Shown next to the error toast (toast.mount mounts it), so
// every game widget has it without a line of its own.
//
// The model's `notice` trait: {} (nothing to say) or {tone, text}; tone "info" | "good" | "bad",
// text a string or {en, de, ...} (the widget's language picks; English when it has none).
//
// mount(el, model) -> cleanup (cleanup.el the box). Stable DOM: .lw-notice[data-notice]
// (data-tone; role=status, so screen readers read it without interrupting); hidden when empty.

import { h } from "./dom.js";
import { langOf, subscribe } from "./model.js";

const TONES = new Set(["info", "good", "bad"]);

/** The notice's words in `lang` ("" when there is nothing to show). */
export function noticeText(notice, lang) {
  if (!notice || typeof notice !== "object") return "";
  const text = notice.text;
  if (typeof text === "string") return text;
  if (!text || typeof text !== "object") return "";
  const said = text[lang] ?? text.en;
  return typeof said === "string" ? said : "";
}

export function mount(el, model) {
  const box = h("div", { class: "lw-notice", role: "status", "data-notice": "", hidden: true });
  el.appendChild(box);

  function render() {
    const notice = model.get("notice");
    const text = noticeText(notice, langOf(model));
    box.hidden = !text;
    box.textContent = text;
    const tone = notice && TONES.has(notice.tone) ? notice.tone : "info";
    box.setAttribute("data-tone", tone);
  }

  const off = subscribe(model, ["notice", "language"], render);
  render();
  const cleanup = () => {
    off();
    box.remove();
  };
  cleanup.el = box;
  return cleanup;
}
