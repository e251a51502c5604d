// Which action a click on the card table means, shared by the card game (../level8.js) and the
// board game (../level8board.js). The innermost element with a meaningful data-* attribute
// wins; a card lying in a combination or on a pile (not a button) stands for what holds it.
//
// clickRouter(root, handBox, routes = TABLE_ROUTES) -> (target) => [action, node] | null
//   data-action: its value · data-sort: setSort · then `routes` in order, [dataset key, action]
//   (the board puts its own before TABLE_ROUTES) · data-card inside handBox: toggleCard.
//   Nothing outside root, and no disabled button.

/** The card table's attributes (dataset keys) and their actions (lay-down dialog first). */
export const TABLE_ROUTES = [
  ["propCard", "propCard"],
  ["moveTo", "moveTo"],
  ["layout", "layout"],
  ["meaning", "meaning"],
  ["propCombo", "propCombo"],
  ["meld", "meld"],
  ["discard", "drawDiscard"],
  ["drawPile", "drawPile"],
];

/** The attribute of a dataset key: moveTo -> data-move-to. */
export const attrOf = (key) => `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

export function clickRouter(root, handBox, routes = TABLE_ROUTES) {
  const clickable = ["action", "sort", ...routes.map(([k]) => k), "card"].map((k) => `[${attrOf(k)}]`).join(", ");
  return (target) => {
    let node = target && target.closest ? target.closest(clickable) : null;
    while (node && node.dataset.card != null && node.tagName !== "BUTTON" && node.parentElement) node = node.parentElement.closest(clickable);
    if (!node || !root.contains(node) || node.disabled) return null;
    const d = node.dataset;
    if (d.action) return [d.action, node];
    if (d.sort) return ["setSort", node];
    for (const [k, action] of routes) if (d[k] != null) return [action, node];
    if (d.card != null && handBox.contains(node)) return ["toggleCard", node];
    return null;
  };
}
