// Labels shared by every widget, in English and German, plus a way to merge a game's own table.
// Keys are stable; {name} fills in values (as text, never HTML), {name:sep} a list joined by sep.

export const COMMON = {
  en: {
    undo: "Undo",
    newGame: "New game",
    projector: "Projector",
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
    botPaused: "{name} (bot) waits while you look back",
    waitPaused: "Paused while you look back: the bot plays on at the last position.",
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
    rvHandout: "Handout",
    rvHandoutTitle: "Download a printable page of the record: the moves, the comments and a picture at every annotated position",
    rvPickFile: "Open which record?",
    rvNoFiles: "No record files found.",
    rvLoading: "Looking for record files…",
    rvClose: "Close",
    rvFile: "File: {name}",
    rvReview: "Review",
    rvReviewTitle: "Judge every decision of this game exactly: moves that cost something get ?!, ? or ?? and a comment with the better move (a mark you set stays)",
    rvReviewing: "Reviewing…",
    rvReviewLater: "Review when the game is over (or in the teacher's view): the review names the cards in the players' hands",
  },
  de: {
    undo: "Zurück",
    projector: "Beamer",
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
    botPaused: "{name} (Bot) wartet, solange du zurückblätterst",
    waitPaused: "Pausiert, solange du zurückblätterst: An der letzten Stellung spielt der Bot weiter.",
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
    rvHandout: "Handout",
    rvHandoutTitle: "Eine druckbare Seite der Partie herunterladen: die Züge, die Kommentare und ein Bild an jeder kommentierten Stellung",
    rvPickFile: "Welche Partie öffnen?",
    rvNoFiles: "Keine Partiedateien gefunden.",
    rvLoading: "Suche Partiedateien …",
    rvClose: "Schließen",
    rvFile: "Datei: {name}",
    rvReview: "Auswerten",
    rvReviewTitle: "Jede Entscheidung dieser Partie exakt bewerten: Züge, die etwas kosten, bekommen ?!, ? oder ?? und einen Kommentar mit dem besseren Zug (eine eigene Bewertung bleibt)",
    rvReviewing: "Werte aus …",
    rvReviewLater: "Auswerten geht, wenn das Spiel vorbei ist (oder in der Lehreransicht): Die Auswertung nennt die Karten auf den Händen",
  },
};

// ------------------------------------------------------------------------------------------
// Refusals of the widgets themselves (levelwidgets/widgets: base.py, review.py, lines.py),
// keyed by the code of the GameError (see levelwidgets/errors.py), with the same {params}.
// Level X's and Level 8's own codes are in their i18n.js files.
export const WIDGET_ERRORS = {
  en: {
    "widget.read_only": "This record is read-only: step through it, but it cannot be changed.",
    "widget.takebacks_off": "Takebacks are off in this game: a move stands once it is played.",
    "widget.game_over": "The game is over: press New game to play again (or Undo a move).",
    "widget.bot_turn": "It is a bot's turn: wait for it to play.",
    "widget.not_recorded": "This game cannot be recorded: its history does not rebuild it from its seed.",
    "widget.other_game": "{file} holds a {game} game; open it with the widget for {game}.",
    "widget.step_range": "Choose a step between 0 and {total}, not {step}.",
    "widget.no_record": "This game has no record to annotate.",
    "widget.no_record_steps": "This game has no record to step through.",
    "widget.main_line": "The main line is no variation: choose a variation.",
    "widget.no_comment": "There is no comment number {index} here.",
    "widget.nothing_to_redo": "There is nothing to redo.",
    "widget.variation_gone": "That variation is not in the record (any more).",
    "widget.file_name": "A record file name is a plain name ending in .json, like 'lesson-1.json', not {name}.",
    // requests the widget's own front end never sends (a hand-made message): the English
    // says exactly what is wrong; other languages say that nothing changed
    "widget.bad_field": "The request's {field} must be {allowed}, not {given}.",
    "widget.no_such": "There is no {noun} {given}: the request's {field} must be {allowed}.",
    "widget.unknown_field": "{owner} has no field {given}: it takes {allowed}.",
    "widget.missing_field": "{owner} needs its field {name}: {allowed}.",
    "widget.too_large": "This request {what}: too large for a widget to read.",
    "widget.not_json": "A request holds only JSON values ({allowed}); {what} of type {given} is none of them.",
    "widget.not_object": "A request must be an object like {example}, not {given}.",
    "widget.unknown_request": "Unknown request {given}.",
    "widget.no_shape": "The request {given} has no declared shape, so it is not taken.",
    "widget.internal": "Something went wrong inside levelwidgets ({detail}); the {what} was not changed.",
    "widget.internal_partway": "Something went wrong inside levelwidgets ({detail}); the {what} may have changed partway: check it (Undo may help) before going on.",
    "widget.review_refused": "This record of {game} cannot be reviewed: {reason}",
    "widget.not_reviewed": "Review the game first (widget.review() or Review).",
    "widget.review_hidden": "Review this game when it is over (or in the teacher's view): the review names the cards in the players' hands.",
  },
  de: {
    "widget.read_only": "Diese Partie ist nur zum Ansehen: Du kannst sie durchblättern, aber nicht ändern.",
    "widget.takebacks_off": "Zurücknehmen ist in diesem Spiel ausgeschaltet: Ein gespielter Zug gilt.",
    "widget.game_over": "Das Spiel ist vorbei: Klicke auf „Neues Spiel“, um noch einmal zu spielen (oder nimm einen Zug zurück).",
    "widget.bot_turn": "Ein Bot ist am Zug: Warte, bis er gespielt hat.",
    "widget.not_recorded": "Dieses Spiel lässt sich nicht aufzeichnen: Sein Verlauf ergibt sich nicht aus seinem Seed.",
    "widget.other_game": "{file} enthält eine Partie {game}; öffne sie mit dem Widget für {game}.",
    "widget.step_range": "Wähle einen Schritt zwischen 0 und {total}, nicht {step}.",
    "widget.no_record": "Dieses Spiel wird nicht aufgezeichnet: Es gibt nichts zu kommentieren.",
    "widget.no_record_steps": "Dieses Spiel wird nicht aufgezeichnet: Es gibt nichts zum Durchblättern.",
    "widget.main_line": "Die Hauptlinie ist keine Variante: Wähle eine Variante.",
    "widget.no_comment": "Hier gibt es keinen Kommentar Nummer {index}.",
    "widget.nothing_to_redo": "Es gibt nichts, was „Vor“ wiederholen könnte.",
    "widget.variation_gone": "Diese Variante ist nicht (mehr) in der Partie.",
    "widget.file_name": "Ein Dateiname für eine Partie ist ein einfacher Name mit der Endung .json, etwa 'lektion-1.json', nicht {name}.",
    "widget.bad_field": "Diese Anfrage kann das Widget nicht annehmen: {field} darf nicht {given} sein. Es wurde nichts geändert.",
    "widget.no_such": "Diese Anfrage kann das Widget nicht annehmen: {field} darf nicht {given} sein. Es wurde nichts geändert.",
    "widget.unknown_field": "Diese Anfrage hat ein unbekanntes Feld {given}; das Widget nimmt sie nicht an. Es wurde nichts geändert.",
    "widget.missing_field": "Dieser Anfrage fehlt das Feld {field}; das Widget nimmt sie nicht an. Es wurde nichts geändert.",
    "widget.too_large": "Diese Anfrage ist zu groß, als dass ein Widget sie lesen könnte. Es wurde nichts geändert.",
    "widget.not_json": "Eine Anfrage darf nur JSON-Werte enthalten; {given} gehört nicht dazu. Es wurde nichts geändert.",
    "widget.not_object": "Eine Anfrage muss ein Objekt wie {example} sein, nicht {given}. Es wurde nichts geändert.",
    "widget.unknown_request": "Unbekannte Anfrage {given}. Es wurde nichts geändert.",
    "widget.no_shape": "Für die Anfrage {given} ist keine Form festgelegt; das Widget nimmt sie nicht an. Es wurde nichts geändert.",
    "widget.internal": "Im Widget ist etwas schiefgegangen ({detail}); es wurde nichts geändert.",
    "widget.internal_partway": "Im Widget ist etwas schiefgegangen ({detail}); das Spiel kann sich teilweise verändert haben: Prüfe es (Rückgängig kann helfen), bevor es weitergeht.",
    "widget.review_refused": "Diese Partie {game} lässt sich nicht auswerten ({reason}). Es wurde nichts geändert.",
    "widget.not_reviewed": "Werte die Partie zuerst aus (widget.review() oder „Auswerten“).",
    "widget.review_hidden": "Werte diese Partie aus, wenn sie vorbei ist (oder in der Lehreransicht): Die Auswertung nennt die Karten auf den Händen der Spieler.",
  },
};

/** The words a player is called when the screen speaks to them ("You", "Du"): sentences about
 * such a player take the second person (a key's "_you" variant), so they read right. Either
 * word counts in every language: a notebook written with "You" may be shown in German. */
const YOU = /^(you|du)$/i;
const YOU_WORD = { en: "You", de: "Du" };

/** Whether `name` is "you" (in any of the widget's languages). */
export function isYou(_lang, name) {
  return YOU.test(String(name ?? "").trim());
}

/** params with a player called "You" or "Du" named in lang's word ("Am Zug: Du" in German). */
function youWord(lang, params) {
  if (!params) return params;
  const word = YOU_WORD[lang] || YOU_WORD.en;
  let out = params;
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === "string" && isYou(lang, v) && v !== word) out = { ...out, [k]: word };
  }
  return out;
}

/** Fill {name} placeholders from params (unknown ones stay as they are); {name:sep} writes a
 * list as its items joined by sep ({faces:-} -> "1-1-5") and {n:one|many} a count with its
 * word ({n:card|cards} -> "1 card", "2 cards"), as Python's GameError.coded does. */
export function fill(text, params = {}) {
  return String(text).replace(/\{(\w+)(?::([^{}]*))?\}/g, (m, k, sep) => {
    if (!params || !(k in params)) return m;
    const v = params[k];
    if (Array.isArray(v)) return v.join(sep ?? ", ");
    // {n:card|cards}: the count with the word that fits it, as Python's errors write it
    if (sep != null && sep.includes("|")) {
      const [one, many] = sep.split("|");
      return `${v} ${String(v).trim() === "1" ? one : many}`;
    }
    return String(v);
  });
}

/**
 * A translator for one game: `t(lang, key, params)` looks in the game's table for lang, then
 * the common table, then English, then returns the key itself (with n = 1, "key_1" first when the
 * table has it, so counts read "1 card", "2 cards"). The game's entries win over
 * the common ones. `t.tables` holds the merged tables (per language); `t.names(lang, list)`
 * joins names with "and"/"und".
 */
export function makeT(gameTables = {}) {
  const langs = new Set([...Object.keys(COMMON), ...Object.keys(gameTables)]);
  const tables = {};
  for (const lang of langs) tables[lang] = { ...(COMMON[lang] || {}), ...(WIDGET_ERRORS[lang] || {}), ...(gameTables[lang] || {}) };
  const en = tables.en || {};
  function t(lang, key, params) {
    const table = tables[lang] || en;
    // a count of exactly one takes the key's "_1" entry when there is one: "1 card", "2 cards"
    // a sentence naming a player called "You"/"Du" takes the key's "_you" form when there is
    // one ("Your hand", "Deine Karten", "nimmt von dir"), never "Karten von Du"
    if (params && isYou(lang, params.name) && !key.endsWith("_you") && `${key}_you` in table) return t(lang, `${key}_you`, params);
    const one = params && (params.n === 1 || params.n === "1") && `${key}_1` in (tables[lang] ? table : en) ? `${key}_1` : key;
    const text = table[one] ?? en[one] ?? key;
    return fill(text, youWord(lang, params));
  }
  t.tables = tables;
  t.names = (lang, list) => list.join(` ${t(lang, "and")} `);
  /** t for a sentence whose subject is the player `who`: the key's "_you" form for "You"/"Du". */
  t.about = (lang, key, who, params) => {
    const table = tables[lang] || en;
    const you = `${key}_you`;
    if (!isYou(lang, who) || !(you in table || you in en)) return t(lang, key, params);
    // the player is addressed in this language's word: "You" shown in German reads "Du"
    const word = YOU_WORD[lang] || YOU_WORD.en;
    const named = {};
    for (const [k, v] of Object.entries(params || {})) named[k] = v === who ? word : v;
    return t(lang, you, named);
  };
  return t;
}

/**
 * What to show for a refusal the widget published as `error_info` {text, code, params}: the
 * sentence for its code in lang when the tables have one (a player called "You"/"Du" gets the
 * key's "_you" form), else the English text. `prepare(lang, params)` lets a game turn params
 * into words first (Level 8: card codes into card names).
 */
export function errorText(t, lang, info, prepare) {
  const text = info && info.text ? String(info.text) : "";
  const code = info && info.code;
  const table = t.tables && t.tables[lang];
  if (!code || !table || !(code in table)) return text;
  const params = prepare ? prepare(lang, { ...(info.params || {}) }) : info.params || {};
  return t.about(lang, code, params.name, params);
}

/** The common table alone (for components used outside a game). */
export const t = makeT();
