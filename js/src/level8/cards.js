// Pure facts about Level 8 cards (ids as in levelwidgets/level8/cards.py: 0–100 for the card
// game; the board game's eighth joker J8 is 101) and the hand's display order. No DOM, no
// rules: what may be played is decided by Python.

export const FIRST_JOKER = 90;
export const FIRST_SKIP = 97;
export const N_CARDS = 101; // the card game's cards; ids are append-only
export const JOKER8 = 101; // the board game's eighth joker
export const N_IDS = 102;
export const COLOUR_LETTERS = "RYGBPO";
/** Every colour has its own shape (the same as the static SVG picture). */
export const SHAPES = ["circle", "triangle", "square", "diamond", "star", "hexagon"];

export const isJoker = (id) => (id >= FIRST_JOKER && id < FIRST_SKIP) || id === JOKER8;
export const isSkip = (id) => id >= FIRST_SKIP && id < N_CARDS;
export const isNumber = (id) => id >= 0 && id < FIRST_JOKER;
export const numberOf = (id) => (isNumber(id) ? (id % 15) + 1 : null);
export const colourOf = (id) => (isNumber(id) ? Math.floor(id / 15) : null);

/** Short code as the engine writes it: "7R", "J3", "S1". */
export function codeOf(id) {
  if (isNumber(id)) return `${numberOf(id)}${COLOUR_LETTERS[colourOf(id)]}`;
  if (id === JOKER8) return "J8";
  if (isJoker(id)) return `J${id - FIRST_JOKER + 1}`;
  return `S${id - FIRST_SKIP + 1}`;
}

/** Everything a card face shows: {id, kind, number, colour, shape, code}. */
export function cardInfo(id) {
  const kind = isNumber(id) ? "number" : isJoker(id) ? "joker" : "skip";
  const colour = colourOf(id);
  return { id, kind, number: numberOf(id), colour, shape: colour == null ? null : SHAPES[colour], code: codeOf(id) };
}

// Sort keys: number cards first, then jokers (J1…J8), then skip cards (each group in id order).
const restKey = (id) => (id === JOKER8 ? 1000 + FIRST_SKIP - 0.5 : 1000 + id);
function byNumber(id) {
  if (isNumber(id)) return numberOf(id) * 10 + colourOf(id);
  return restKey(id);
}
function byColour(id) {
  if (isNumber(id)) return id; // id = colour * 15 + number - 1
  return restKey(id);
}

/**
 * The hand in display order: "number" (1…15, colours in order within a number), "colour"
 * (colour groups, numbers ascending) or "deal" (as the engine lists it). Returns a new array.
 */
export function sortHand(ids, mode = "number") {
  if (mode === "deal") return [...ids];
  const key = mode === "colour" ? byColour : byNumber;
  return [...ids].sort((a, b) => key(a) - key(b));
}

/** Points of a colour's shape in a 0..100 box: [svgTag, attributes]. */
export function shapeOf(colour) {
  switch (SHAPES[colour]) {
    case "circle":
      return ["circle", { cx: 50, cy: 50, r: 42 }];
    case "triangle":
      return ["polygon", { points: "50,6 96,90 4,90" }];
    case "square":
      return ["rect", { x: 12, y: 12, width: 76, height: 76 }];
    case "diamond":
      return ["polygon", { points: "50,2 98,50 50,98 2,50" }];
    case "star": {
      const pts = [];
      for (let k = 0; k < 10; k++) {
        const r = k % 2 === 0 ? 48 : 21;
        const a = (k * Math.PI) / 5;
        pts.push(`${(50 + r * Math.sin(a)).toFixed(1)},${(52 - r * Math.cos(a)).toFixed(1)}`);
      }
      return ["polygon", { points: pts.join(" ") }];
    }
    case "hexagon": {
      const pts = [];
      for (let k = 0; k < 6; k++) {
        const a = (k * Math.PI) / 3;
        pts.push(`${(50 + 46 * Math.cos(a)).toFixed(1)},${(50 + 46 * Math.sin(a)).toFixed(1)}`);
      }
      return ["polygon", { points: pts.join(" ") }];
    }
    default:
      return null;
  }
}
