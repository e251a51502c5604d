// Review & annotate, writes that happen only when the value differs: the review box is redrawn
// on every step of review (one per frame while scrubbing), and an equal write still counts as
// a DOM mutation (style invalidation, mutation records). No reads of the layout.

/** Set a property (title, hidden, disabled, ...) only when it differs. */
export const prop = (el, name, value) => {
  if (el[name] !== value) el[name] = value;
};

/** Set an attribute only when it differs. */
export const attr = (el, name, value) => {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
};

/** Toggle a class only when it differs. */
export const cls = (el, name, on) => {
  if (el.classList.contains(name) !== on) el.classList.toggle(name, on);
};
