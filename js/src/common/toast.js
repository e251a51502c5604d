// Error toast: shows the model's `error` each time `error_id` changes (an intent was refused),
// hides it when `error` becomes "" (the next good view) or when the caller dismisses it. A
// refusal with a code (`error_info`) is said in the widget's language when the tables have it.
//
// mount(el, model, {t, icon?, params?}) -> cleanup (with cleanup.dismiss(), cleanup.showing(),
//   cleanup.say(text): a message of the front end itself, e.g. why a click did nothing);
//   params(lang, params) turns a game's error params into words (see i18n.js errorText)
// The toast is one element (role=alert, so screen readers announce it) that carries data-error
// while it shows a message and is hidden otherwise.

import { h } from "./dom.js";
import { errorText } from "./i18n.js";
import { langOf, subscribe } from "./model.js";
import * as notice from "./notice.js";

export function mount(el, model, options = {}) {
  const { t, icon = "⚠", params } = options;
  const noticeBox = notice.mount(el, model); // Python's messages that are no error (notice.js)
  const box = h("div", { class: "lw-toast", role: "alert", hidden: true });
  el.appendChild(box);
  let seen = model.get("error_id");
  let text = "";
  let info = null; // error_info of the refusal shown (null for a message of the front end)

  /** The refusal in the current language (its English text when its code has no entry). */
  function shown() {
    if (!t || !info || info.text !== text) return text;
    return errorText(t, langOf(model), info, params) || text;
  }

  function render() {
    box.hidden = !text;
    if (text) {
      const message = shown();
      box.setAttribute("data-error", "");
      box.textContent = icon ? `${icon} ${message}` : message;
      box.title = t ? t(langOf(model), "error") : "";
    } else {
      box.removeAttribute("data-error");
      box.textContent = "";
      box.removeAttribute("title");
    }
  }

  function onError() {
    const id = model.get("error_id");
    const error = model.get("error") || "";
    if (id !== seen) {
      seen = id;
      text = error;
    } else if (!error) text = "";
    else if (text) text = error; // the message changed while showing
    info = model.get("error_info") || null;
    render();
  }

  const off = subscribe(model, ["error", "error_id"], onError);
  const offLang = subscribe(model, ["language"], render);
  text = model.get("error") || "";
  info = model.get("error_info") || null;
  render();

  const cleanup = () => {
    off();
    offLang();
    noticeBox();
    box.remove();
  };
  cleanup.dismiss = () => {
    if (!text) return;
    text = "";
    render();
  };
  cleanup.showing = () => Boolean(text);
  cleanup.say = (message) => {
    text = String(message);
    info = null;
    render();
  };
  cleanup.el = box;
  return cleanup;
}
