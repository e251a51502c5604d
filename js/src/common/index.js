// The shared front-end layer in one import:
//   import { h, playerIcon, makeT, toolbar, movelist, eventlog, toast, focus, review, createPacer } from "./common/index.js";
// Each component is a namespace with mount(el, model, options) -> cleanup.

export { h, svg, playerIcon, playerGlyph, shapeAttrs, SHAPES, GLYPHS, SEATS } from "./dom.js";
export { COMMON, fill, makeT } from "./i18n.js";
export { subscribe, langOf, afterLayout } from "./model.js";
export { createPacer } from "./pacing.js";
export { keyMap } from "./focus.js";
export * as toolbar from "./toolbar.js";
export * as movelist from "./movelist.js";
export * as eventlog from "./eventlog.js";
export * as toast from "./toast.js";
export * as focus from "./focus.js";
export * as review from "./review.js";
export { hidePicture, pictureRule } from "./picture.js";
