// Toolbar: a row of small buttons (undo, redo, teach …) that follow the view.
//
// mount(el, model, {t, buttons, onAction, watch?, view?}) -> cleanup
//   buttons: [{action, label, key?, icon?, iconAfter?, enabled?(view), pressed?(view), confirm?}]
//     label: an i18n key (or a function lang -> text); key: the shortcut shown in the title;
//     icon / iconAfter: text before / after the label; pressed: makes it a toggle (aria-pressed);
//     confirm: an i18n key: the first click arms the button (it then reads that text, with
//     data-armed) and only a second click within a few seconds acts (for what loses work).
//   onAction(action, event): default sends {type: action}.
//   watch: extra trait names that redraw the toolbar (e.g. a toggle's trait).
// Buttons carry data-action; they are updated in place (a focused button keeps its focus).
// Clicks on the toolbar's buttons are handled here and do not bubble further.

import { createArm } from "./arm.js";
import { attr, h, prop, setText } from "./dom.js";
import { langOf, subscribe, whenChanged } from "./model.js";

export function mount(el, model, options = {}) {
  const { t, buttons = [], watch = [] } = options;
  const onAction = options.onAction || ((action) => model.send({ type: action }));
  const viewOf = options.view || (() => model.get("view"));
  const bar = h("div", { class: "lw-tools", role: "toolbar" });
  const nodes = buttons.map((b) => h("button", { class: "lw-btn lw-ghost", type: "button", "data-action": b.action }));
  bar.append(...nodes);
  el.appendChild(bar);
  const arm = createArm(() => render()); // the action waiting for its second click

  function render() {
    const view = viewOf();
    const lang = langOf(model);
    // each button's state, worked out first: a new view usually leaves all of them as they
    // are, and then not one DOM property is read or written (reading them costs, too); a
    // view that changes one (Set up is offered only before a roll) touches only that one
    buttons.forEach((b, i) => {
      const isArmed = arm.armed() === b.action;
      const label = isArmed ? b.confirm : b.label;
      const name = typeof label === "function" ? label(lang) : t ? t(lang, label) : String(label);
      const disabled = b.enabled ? !view || !b.enabled(view) : false;
      const pressed = b.pressed ? Boolean(view && b.pressed(view)) : null;
      draws[i](`${name}|${isArmed}|${disabled}|${pressed}`, b, nodes[i], name, isArmed, disabled, pressed);
    });
  }

  /** One button as its state says, written only when that state changed. */
  const drawButton = (b, node, name, isArmed, disabled, pressed) => {
    setText(node, `${b.icon ? `${b.icon} ` : ""}${name}${b.iconAfter ? ` ${b.iconAfter}` : ""}`);
    node.toggleAttribute("data-armed", isArmed);
    node.classList.toggle("lw-armed", isArmed);
    prop(node, "title", b.key ? `${name} (${b.key})` : name);
    prop(node, "disabled", disabled);
    if (pressed !== null) {
      attr(node, "aria-pressed", String(pressed));
      node.classList.toggle("lw-on", pressed);
    }
  };
  const draws = buttons.map(() => whenChanged(drawButton));

  function onClick(e) {
    const node = e.target.closest && e.target.closest("button[data-action]");
    if (!node || !bar.contains(node) || node.disabled) return;
    e.stopPropagation();
    const action = node.dataset.action;
    const spec = buttons.find((b) => b.action === action);
    if (spec && spec.confirm && !arm.press(action)) {
      render(); // armed: the second click acts
      return;
    }
    arm.disarm();
    render();
    onAction(action, e);
  }

  bar.addEventListener("click", onClick);
  const off = subscribe(model, ["view", "language", ...watch], render);
  render();

  const cleanup = () => {
    arm.disarm();
    off();
    bar.removeEventListener("click", onClick);
    bar.remove();
  };
  cleanup.refresh = render;
  cleanup.el = bar;
  return cleanup;
}
