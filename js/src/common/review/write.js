// Review & annotate, writes that happen only when the value differs: the review box is redrawn
// on every step of review (one per frame while scrubbing), and an equal write still counts as
// a DOM mutation (style invalidation, mutation records). No reads of the layout. (The helpers
// live in ../dom.js, shared with the widgets' own redraws.)

export { attr, cls, prop } from "../dom.js";
