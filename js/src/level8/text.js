// Pure text helpers: a level's requirement, a laid combination's title, the turn's step.
// Each takes L(key, params) -> string (the translated label function), so it works in any language.

/** A level's requirements [["run", 3], ["run", 3]] as "2 runs of 3" (rulebook style). */
export function reqText(L, req) {
  if (!req || !req.length) return "";
  const groups = [];
  for (const [kind, n] of req) {
    const g = groups.find((x) => x.kind === kind && x.n === n);
    if (g) g.k += 1;
    else groups.push({ kind, n, k: 1 });
  }
  return groups
    .map(({ kind, n, k }) => {
      if (kind === "colour") return L(k === 1 ? "r_colour" : "r_colours", { n, k });
      const base = kind === "run" ? "r_run" : n >= 2 && n <= 4 ? `r_set${n}` : "r_set";
      if (k === 1) return L("one", { what: L(base, { n }) });
      return L(kind === "set" && n >= 2 && n <= 4 ? `${base}s` : kind === "run" ? "r_runs" : "r_sets", { n, k });
    })
    .join(" + ");
}

/** Title of laid combination i (0-based) of a meld {kind, cards, lo, hi, value}: "#1 run 4–7". */
export function meldTitle(L, meld, i) {
  const n = i + 1;
  if (meld.kind === "run") {
    const lo = meld.lo ?? meld.value;
    const hi = meld.hi ?? lo + meld.cards.length - 1;
    return L("meldRun", { i: n, lo, hi });
  }
  if (meld.kind === "set") return L("meldSet", { i: n, v: meld.value });
  return L("meldColour", { i: n, colour: L(`c${meld.value}`) });
}

/** The step of the turn for the status line: a key of the table ("step_draw", …). */
export function stepKey(view) {
  const p = view.phase;
  if (p === "play") return view.laid && view.laid[view.cur] ? "step_playLaid" : "step_play";
  return `step_${p}`;
}

/** Which of the three turn steps (1 draw, 2 lay down/add on, 3 discard) is active, or 0. */
export function stepIndex(view) {
  if (view.phase === "draw") return 1;
  if (view.phase === "play") return 2; // lay down / add on, and the discard that ends it
  return 0;
}

/** What a laid joker stands for, as a short label: "=7" in runs and sets; colour index for groups. */
export function jokerMeaning(meld, jokerId) {
  const m = meld.jokers ? meld.jokers[String(jokerId)] : undefined;
  if (m === undefined || m === null) return null;
  return meld.kind === "colour" ? { colour: m } : { number: m };
}

/** A card as short text for lists: number + its colour's shape ("7◆"), "J" joker, "⊘" skip. */
const GLYPHS = ["●", "▲", "■", "◆", "★", "⬢"];
export function cardText(id) {
  if (id === null || id === undefined) return "?";
  if (id < 90) return `${(id % 15) + 1}${GLYPHS[Math.floor(id / 15)]}`;
  return id < 97 ? "J" : "⊘";
}

/** One move-list row {p, acts: [["draw", "pile"], ["discard", 17], ...]} as text (or row.text). */
export function moveText(L, row, names) {
  if (row.text) return row.text;
  const name = (q) => (names && names[q] != null ? String(names[q]) : "?");
  return (row.acts || [])
    .map((a) => {
      switch (a[0]) {
        case "draw":
          return a[1] === "pile" ? L("mv_draw") : L("mv_take", { name: name(a[1]) });
        case "lay":
          return L("mv_lay");
        case "add":
          return a[2] === row.p || a[2] == null ? L("mv_add", { card: cardText(a[1]) }) : L("mv_addTo", { card: cardText(a[1]), name: name(a[2]) });
        case "discard":
          return L("mv_discard", { card: cardText(a[1]) });
        case "skip":
          return L("mv_skip", { name: name(a[1]) });
        case "keep":
          return L("mv_keep", { n: a[1] });
        case "round": // a whole earlier (or later) round folded into one row
          return L("mv_round", { n: a[1] });
        default:
          return L(`mv_${a[0]}`);
      }
    })
    .join(" · ");
}

/** The hint line from view.hint {missing, needs: [[kind, number, colour, alternatives]], text?}. */
export function hintText(L, hint) {
  if (!hint) return "";
  if (hint.text) return L("hint", { text: hint.text });
  if (!hint.missing) return L("hint", { text: L("hintCan") });
  const needs = [];
  for (const [, number, colour, alternatives] of hint.needs || []) {
    let s;
    if (colour !== null && colour !== undefined) s = L("need_colour", { colour: L(`c${colour}`) });
    else if (number === null || number === undefined) s = L("need_any");
    else s = L("need_num", { n: [...new Set([number, ...(alternatives || [])])].sort((a, b) => a - b).join(L("or")) });
    if (!needs.includes(s)) needs.push(s);
  }
  return L("hint", { text: L("hintMissing2", { n: hint.missing, needs: needs.join(", ") }) });
}
