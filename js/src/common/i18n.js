// Labels shared by every widget, in English and German, plus a way to merge a game's own table.
// Keys are stable; {name} fills in values (as text, never HTML).

export const COMMON = {
  en: {
    undo: "Undo",
    redo: "Redo",
    moves: "Moves",
    log: "What happened",
    start: "Start",
    bot: "bot",
    you: "person",
    round: "Round {n}",
    toPlay: "{name} to play",
    botThinking: "{name} (bot) is playing…",
    waitBot: "Waiting for the bot…",
    gameOver: "Game over",
    wins: "{names} wins!",
    winPlural: "{names} win!",
    and: "and",
    browsing: "Looking at an earlier position: → steps forward, or play on from here.",
    error: "Not allowed",
  },
  de: {
    undo: "Zurück",
    redo: "Vor",
    moves: "Züge",
    log: "Was geschah",
    start: "Start",
    bot: "Bot",
    you: "Mensch",
    round: "Runde {n}",
    toPlay: "{name} ist am Zug",
    botThinking: "{name} (Bot) spielt …",
    waitBot: "Der Bot ist dran …",
    gameOver: "Spielende",
    wins: "{names} gewinnt!",
    winPlural: "{names} gewinnen!",
    and: "und",
    browsing: "Frühere Stellung: → geht vor, oder von hier weiterspielen.",
    error: "Nicht erlaubt",
  },
};

/** Fill {name} placeholders from params (unknown ones stay as they are). */
export function fill(text, params = {}) {
  return String(text).replace(/\{(\w+)\}/g, (m, k) => (params && k in params ? String(params[k]) : m));
}

/**
 * A translator for one game: `t(lang, key, params)` looks in the game's table for lang, then
 * the common table, then English, then returns the key itself. The game's entries win over
 * the common ones. `t.tables` holds the merged tables (per language); `t.names(lang, list)`
 * joins names with "and"/"und".
 */
export function makeT(gameTables = {}) {
  const langs = new Set([...Object.keys(COMMON), ...Object.keys(gameTables)]);
  const tables = {};
  for (const lang of langs) tables[lang] = { ...(COMMON[lang] || {}), ...(gameTables[lang] || {}) };
  const en = tables.en || {};
  function t(lang, key, params) {
    const table = tables[lang] || en;
    const text = table[key] ?? en[key] ?? key;
    return fill(text, params);
  }
  t.tables = tables;
  t.names = (lang, list) => list.join(` ${t(lang, "and")} `);
  return t;
}

/** The common table alone (for components used outside a game). */
export const t = makeT();
