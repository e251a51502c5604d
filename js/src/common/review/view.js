// Review & annotate, the readers: what the review part of a view says (pure: no DOM, no state).

/** The review part of a view, or null. */
export const reviewOf = (view) => (view && view.review && typeof view.review === "object" ? view.review : null);

/** Is the record shown read-only (navigation only)? */
export const isReadOnly = (view) => Boolean(reviewOf(view) && reviewOf(view).readOnly);

export const clamp = (n, lo, hi) => Math.max(lo, Math.min(hi, n));

/** The comments of the position shown, as text. */
export const commentsOf = (r) => (Array.isArray(r.comments) ? r.comments.map((c) => String(c ?? "")) : []);

/** The position shown: its step on the line shown (the paths of the lines it lies on). */
export const positionKey = (r) => JSON.stringify([r.step, (Array.isArray(r.lines) ? r.lines : []).filter((l) => l && l.shown).map((l) => l.path)]);

/** The position shown and its comments: an edit of a comment is over when this changes. */
export const commentsKey = (r) => JSON.stringify([positionKey(r), commentsOf(r)]);
