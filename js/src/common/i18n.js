// Labels shared by every widget, in English and German, plus a way to merge a game's own table.
// Keys are stable; {name} fills in values (as text, never HTML).

export const COMMON = {
  en: {
    undo: "Undo",
    newGame: "New game",
    newGameConfirm: "New game? Click again",
    redo: "Redo",
    moves: "Moves",
    log: "What happened",
    start: "Start",
    bot: "bot",
    you: "person",
    round: "Round {n}",
    toPlay: "{name} to play",
    toPlay_you: "Your turn to play",
    botThinking: "{name} (bot) is playing…",
    waitBot: "Waiting for the bot…",
    gameOver: "Game over",
    wins: "{names} wins!",
    wins_you: "{names} win!",
    winPlural: "{names} win!",
    and: "and",
    browsing: "Looking at an earlier position: → steps forward, or play on from here.",
    error: "Not allowed",
    // review & annotate (common/review.js)
    rvFirst: "First position",
    rvBack: "One step back",
    rvForward: "One step forward",
    rvLast: "Last position",
    rvScrub: "Position in the record",
    rvStep: "Step {step} of {steps}",
    rvPlayOn: "Play on from here",
    rvPlayOnTitle: "Forget the steps after this position on this line; the next move made here becomes a variation",
    rvReadOnly: "Read-only",
    rvReadOnlyTitle: "A record handed out to look at: step through it, nothing can be changed",
    rvReadOnlyHint: "A record to look at: step through it with the buttons or the move list.",
    rvLines: "Lines",
    rvMain: "main line",
    rvFrom: "from step {at} · {steps} steps",
    rvPromote: "Move this line up",
    rvDemote: "Move this line down",
    rvMakeMain: "Make this the main line",
    rvRemove: "Delete this line",
    rvRemoveConfirm: "Delete?",
    rvMore: "+{n} more",
    rvNotes: "Notes",
    rvMarkLabel: "Mark",
    rvMark_good: "good move",
    rvMark_bad: "mistake",
    rvMark_brilliant: "brilliant move",
    rvMark_blunder: "blunder",
    rvMark_interesting: "interesting move",
    rvMark_dubious: "dubious move",
    rvNoMark: "no mark",
    rvComments: "Comments",
    rvNoComments: "No comments on this position.",
    rvAddComment: "Add comment",
    rvCommentHint: "A comment on this position (Ctrl+Enter adds it)",
    rvEdit: "Edit",
    rvDelete: "Delete",
    rvSave: "Save",
    rvCancel: "Cancel",
    rvEditHint: "Enter saves, Shift+Enter starts a new line, Esc cancels",
    rvAnnotate: "Annotate",
    rvAnnotateTitle: "Annotate mode: clicks on the game highlight instead of playing",
    rvAnnotateHint: "Click the game to highlight (the same click again takes it off).",
    rvColour: "Colour",
    rvColour_red: "red",
    rvColour_orange: "orange",
    rvColour_yellow: "yellow",
    rvColour_green: "green",
    rvColour_blue: "blue",
    rvColour_purple: "purple",
    rvClearHighlights: "Clear highlights",
    rvRecord: "Record",
    rvHeader_event: "Event",
    rvHeader_site: "Site",
    rvHeader_date: "Date",
    rvHeader_notes: "Notes",
    rvFileName: "File name",
    rvSaveRecord: "Save",
    rvSaveTitle: "Save the record (moves, lines, comments) to this file",
    rvOpenRecord: "Open…",
    rvOpenTitle: "Open a record file",
    rvPickFile: "Open which record?",
    rvNoFiles: "No record files found.",
    rvLoading: "Looking for record files…",
    rvClose: "Close",
    rvFile: "File: {name}",
  },
  de: {
    undo: "Zurück",
    newGame: "Neues Spiel",
    newGameConfirm: "Neues Spiel? Nochmal klicken",
    redo: "Vor",
    moves: "Züge",
    log: "Was geschah",
    start: "Start",
    bot: "Bot",
    you: "Mensch",
    round: "Runde {n}",
    toPlay: "{name} ist am Zug",
    toPlay_you: "Du bist am Zug",
    botThinking: "{name} (Bot) spielt …",
    waitBot: "Der Bot ist dran …",
    gameOver: "Spielende",
    wins: "{names} gewinnt!",
    wins_you: "{names} gewinnst!",
    winPlural: "{names} gewinnen!",
    and: "und",
    browsing: "Frühere Stellung: → geht vor, oder von hier weiterspielen.",
    error: "Nicht erlaubt",
    rvFirst: "Erste Stellung",
    rvBack: "Einen Schritt zurück",
    rvForward: "Einen Schritt vor",
    rvLast: "Letzte Stellung",
    rvScrub: "Stellung in der Partie",
    rvStep: "Schritt {step} von {steps}",
    rvPlayOn: "Von hier weiterspielen",
    rvPlayOnTitle: "Die Schritte nach dieser Stellung auf dieser Linie vergessen; ein anderer Zug hier wird eine Variante",
    rvReadOnly: "Nur lesen",
    rvReadOnlyTitle: "Eine Partie zum Ansehen: durchblättern ja, ändern nein",
    rvReadOnlyHint: "Eine Partie zum Ansehen: mit den Knöpfen oder der Zugliste durchblättern.",
    rvLines: "Linien",
    rvMain: "Hauptlinie",
    rvFrom: "ab Schritt {at} · {steps} Schritte",
    rvPromote: "Diese Linie nach oben",
    rvDemote: "Diese Linie nach unten",
    rvMakeMain: "Zur Hauptlinie machen",
    rvRemove: "Diese Linie löschen",
    rvRemoveConfirm: "Löschen?",
    rvMore: "+{n} weitere",
    rvNotes: "Notizen",
    rvMarkLabel: "Bewertung",
    rvMark_good: "guter Zug",
    rvMark_bad: "Fehler",
    rvMark_brilliant: "glänzender Zug",
    rvMark_blunder: "grober Fehler",
    rvMark_interesting: "interessanter Zug",
    rvMark_dubious: "zweifelhafter Zug",
    rvNoMark: "keine Bewertung",
    rvComments: "Kommentare",
    rvNoComments: "Keine Kommentare zu dieser Stellung.",
    rvAddComment: "Kommentar hinzufügen",
    rvCommentHint: "Ein Kommentar zu dieser Stellung (Strg+Enter fügt ihn hinzu)",
    rvEdit: "Bearbeiten",
    rvDelete: "Löschen",
    rvSave: "Speichern",
    rvCancel: "Abbrechen",
    rvEditHint: "Enter speichert, Umschalt+Enter beginnt eine neue Zeile, Esc bricht ab",
    rvAnnotate: "Markieren",
    rvAnnotateTitle: "Markiermodus: Klicks ins Spiel heben hervor, statt zu spielen",
    rvAnnotateHint: "Ins Spiel klicken zum Hervorheben (derselbe Klick noch einmal nimmt es zurück).",
    rvColour: "Farbe",
    rvColour_red: "rot",
    rvColour_orange: "orange",
    rvColour_yellow: "gelb",
    rvColour_green: "grün",
    rvColour_blue: "blau",
    rvColour_purple: "lila",
    rvClearHighlights: "Hervorhebungen löschen",
    rvRecord: "Partie",
    rvHeader_event: "Anlass",
    rvHeader_site: "Ort",
    rvHeader_date: "Datum",
    rvHeader_notes: "Notizen",
    rvFileName: "Dateiname",
    rvSaveRecord: "Speichern",
    rvSaveTitle: "Die Partie (Züge, Linien, Kommentare) in dieser Datei speichern",
    rvOpenRecord: "Öffnen …",
    rvOpenTitle: "Eine Partiedatei öffnen",
    rvPickFile: "Welche Partie öffnen?",
    rvNoFiles: "Keine Partiedateien gefunden.",
    rvLoading: "Suche Partiedateien …",
    rvClose: "Schließen",
    rvFile: "Datei: {name}",
  },
};

/** The word a player is called when the screen speaks to them ("You", "Du"): sentences about
 * such a player take the second person (a key's "_you" variant), so they read right. */
const YOU = { en: /^you$/i, de: /^du$/i };

/** Whether `name` is the language's "you". */
export function isYou(lang, name) {
  return (YOU[lang] || YOU.en).test(String(name ?? "").trim());
}

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
  /** t for a sentence whose subject is the player `who`: the key's "_you" form for "You"/"Du". */
  t.about = (lang, key, who, params) => {
    const table = tables[lang] || en;
    const you = `${key}_you`;
    return t(lang, isYou(lang, who) && (you in table || you in en) ? you : key, params);
  };
  return t;
}

/** The common table alone (for components used outside a game). */
export const t = makeT();
