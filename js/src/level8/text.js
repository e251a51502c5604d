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
