// Pure state of the dice-grouping tray: which die sits in which group, which 1s were turned.
// The front end only *previews* sums; whether a group or a grouping may be played is looked up
// in Python's verdicts (view.groupChecks, view.legalKeys), and Python validates the move sent.

/** A fresh builder for a roll: every die unassigned, no group yet. */
export function newBuilder(dice) {
  return { dice: [...dice], faces: [...dice], groupOf: dice.map(() => -1), groups: 0, active: -1 };
}

function copy(b) {
  return { ...b, faces: [...b.faces], groupOf: [...b.groupOf] };
}

/** Drop groups left empty and renumber the rest in order, keeping the active one if alive. */
function compact(b) {
  const used = [...new Set(b.groupOf.filter((g) => g >= 0))].sort((x, y) => x - y);
  const keepEmptyActive = b.active >= 0 && !used.includes(b.active) && b.active === b.groups - 1;
  const order = keepEmptyActive ? [...used, b.active] : used;
  const map = new Map(order.map((g, i) => [g, i]));
  b.groupOf = b.groupOf.map((g) => (g >= 0 ? map.get(g) : -1));
  b.groups = order.length;
  b.active = map.has(b.active) ? map.get(b.active) : -1;
  return b;
}

/** Click on a die: put it in the active group (opening one if needed), or take it out. */
export function toggleDie(b, i) {
  if (i < 0 || i >= b.dice.length) return b;
  const n = copy(b);
  if (n.groupOf[i] >= 0) {
    n.groupOf[i] = -1;
    return compact(n);
  }
  if (n.active < 0) {
    n.active = n.groups;
    n.groups += 1;
  }
  n.groupOf[i] = n.active;
  return compact(n);
}

/** Start a new, empty group and make it the active one (at most one empty group at a time). */
export function newGroup(b) {
  const n = compact(copy(b));
  if (n.groups > 0 && !n.groupOf.includes(n.groups - 1)) {
    n.active = n.groups - 1; // the last group is still empty: reuse it
    return n;
  }
  n.active = n.groups;
  n.groups += 1;
  return n;
}

/** Make group g the one that clicked dice join. */
export function setActive(b, g) {
  if (g < 0 || g >= b.groups) return b;
  return { ...copy(b), active: g };
}

/** Drag and drop: die i into group g ("new" opens a group, -1 puts it back in the tray). */
export function moveDie(b, i, g) {
  if (i < 0 || i >= b.dice.length) return b;
  let n = copy(b);
  if (g === "new") {
    n.groupOf[i] = -1;
    n = compact(n);
    const fresh = n.groupOf.includes(n.groups - 1) || n.groups === 0 ? n.groups : n.groups - 1;
    n.groupOf[i] = fresh;
    n.groups = Math.max(n.groups, fresh + 1);
    n.active = fresh;
    return compact(n);
  }
  if (g >= n.groups) return b;
  n.groupOf[i] = g;
  if (g >= 0) n.active = g;
  return compact(n);
}

/** Drag a die onto another die: both end up in one group (the target's, or a new one). */
export function joinDice(b, from, to) {
  if (from === to) return b;
  if (b.groupOf[to] >= 0) return moveDie(b, from, b.groupOf[to]);
  const n = moveDie(b, to, "new");
  return moveDie(n, from, n.groupOf[to]);
}

/** How many 1s of the roll may be turned (sent by Python as `turnable`). */
export function turnedCount(b) {
  return b.faces.filter((f, i) => f !== b.dice[i]).length;
}

/** Lucky Loser: show die i (a rolled 1) with a new face; 1 turns it back. */
export function setFace(b, i, face, turnable) {
  if (b.dice[i] !== 1 || face < 1 || face > 6) return b;
  const n = copy(b);
  const wasTurned = n.faces[i] !== 1;
  if (face !== 1 && !wasTurned && turnedCount(n) >= turnable) return b;
  n.faces[i] = face;
  return n;
}

/** The groups as lists of die indices, in group order (empty groups included). */
export function groupIndices(b) {
  const out = Array.from({ length: b.groups }, () => []);
  b.groupOf.forEach((g, i) => {
    if (g >= 0) out[g].push(i);
  });
  return out;
}

/** Sum per group, for the tray's labels. */
export function groupSums(b) {
  return groupIndices(b).map((idx) => {
    const faces = idx.map((i) => b.faces[i]);
    const sum = faces.reduce((a, f) => a + f, 0);
    return { dice: idx, faces, sum };
  });
}

/** Python's key of a group (levelx/moves.py group_key): faces sorted, joined by "+". */
export const groupKey = (faces) => [...faces].sort((x, y) => x - y).join("+");

/** Python's key of a grouping (moves.py grouping_key): group keys sorted as text, " "-joined. */
export const groupingKey = (groups) =>
  groups
    .map(groupKey)
    .sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))
    .join(" ") || "-";

/**
 * Python's verdict of one group's faces (view.groupChecks): {ok: true}, {ok: false, why} with
 * `why` the engine's refusal as {code, params} (worded from the shared catalogue, errorText),
 * or null when Python sent no verdict.
 */
export function groupVerdict(v, faces) {
  const checks = v && v.groupChecks;
  if (!checks || !faces.length) return null;
  const key = groupKey(faces);
  if (!Object.prototype.hasOwnProperty.call(checks, key)) return null;
  const why = checks[key];
  return why ? { ok: false, why } : { ok: true };
}

/**
 * Python's verdict of the whole grouping built: {ok, why} — ok when view.legalKeys lists it;
 * why: the refusal of the first group Python refuses (null when it names none). Null when
 * Python sent no list (nobody here may play).
 */
export function groupingVerdict(v, b) {
  if (!v || !Array.isArray(v.legalKeys) || !b) return null;
  const { groups } = toIntent(b);
  if (v.legalKeys.includes(groupingKey(groups))) return { ok: true, why: null };
  const refused = groups.map((g) => groupVerdict(v, g)).find((x) => x && !x.ok);
  return { ok: false, why: refused ? refused.why : null };
}

/** The play intent for Python: groups of faces (turned 1s carry their new face). */
export function toIntent(b) {
  const groups = groupIndices(b)
    .filter((idx) => idx.length > 0)
    .map((idx) => idx.map((i) => b.faces[i]));
  return { type: "play", groups };
}

/** Notation of what is built, e.g. "1+6 5+5" ("-" when nothing). */
export function notation(b) {
  const { groups } = toIntent(b);
  return groups.length ? groups.map((g) => g.join("+")).join(" ") : "-";
}

/**
 * Fill the tray from a grouping listed by Python (teaching overlay): notation "1+6 5+5" and
 * the faces that come from turned 1s. Real faces take matching dice; turned faces take 1s left.
 */
export function fromGrouping(dice, text, turned = []) {
  const b = newBuilder(dice);
  const t = text.trim();
  const groups = t === "-" || !t ? [] : t.split(/\s+/).map((g) => g.split("+").map(Number));
  const toTurn = [...turned];
  const slots = []; // [group, face, isTurned]
  groups.forEach((faces, gi) =>
    faces.forEach((face) => {
      const k = toTurn.indexOf(face);
      if (k >= 0) toTurn.splice(k, 1);
      slots.push([gi, face, k >= 0]);
    }),
  );
  const free = dice.map(() => true);
  const take = (face) => {
    const i = dice.findIndex((d, k) => free[k] && d === face);
    if (i >= 0) free[i] = false;
    return i;
  };
  for (const [gi, face, isTurned] of slots.filter((s) => !s[2])) {
    const i = take(face);
    if (i >= 0) b.groupOf[i] = gi;
  }
  for (const [gi, face] of slots.filter((s) => s[2])) {
    const i = take(1);
    if (i >= 0) {
      b.groupOf[i] = gi;
      b.faces[i] = face;
    }
  }
  b.groups = groups.length;
  b.active = b.groups - 1;
  return compact(b);
}
