// Level 8's translator: its own table (strings.js) and its refused moves (ERRORS, below)
// merged over the common one.
import { makeT } from "../common/i18n.js";
import { codes, namespace } from "../common/locales.js";
import { COLOUR_LETTERS, N_IDS, cardInfo, codeOf } from "./cards.js";
import { L8_STRINGS } from "./strings.js";
import { reqText } from "./text.js";

// ------------------------------------------------------------------------------------------
// Refused moves: the engine's and the widget's error codes (levelwidgets/level8/*.py,
// levelwidgets/widgets/level8.py, GameError.coded) with the same {params}, which errorParams
// turns into words first: card codes into card names, {word}/{kind}/{colour} into this
// language, {req} into {need}, {phase} into {must}. A "_you" form is for a player called
// You/Du. Keys without a dot are words for those sentences, not codes.
export const ERRORS = Object.fromEntries(
  Object.entries(codes("level8.")).map(([lang, table]) => [
    lang,
    { ...table, ...Object.fromEntries(Object.entries(namespace("level8")[lang]).filter(([k]) => k.startsWith("err"))) },
  ]),
);

export const t = makeT(Object.fromEntries(Object.keys(L8_STRINGS).map((lang) => [lang, { ...L8_STRINGS[lang], ...ERRORS[lang] }])));

const BY_CODE = new Map(Array.from({ length: N_IDS }, (_, id) => [codeOf(id), id]));

/** A card code of the engine ("7R", "J1", "S2") as its name in lang ("7 rot", "Joker"). */
function cardWord(lang, code) {
  const id = BY_CODE.get(code);
  if (id === undefined) return String(code);
  const info = cardInfo(id);
  if (info.kind === "number") return `${info.number} ${t(lang, `c${info.colour}`)}`;
  return t(lang, info.kind === "joker" ? "joker" : "errSkipCard");
}

/** The params of a refused move in words for lang (toast's `params` option). */
export function errorParams(lang, params) {
  const L = (key, p) => t(lang, key, p);
  const out = { ...params };
  if (typeof out.card === "string") out.card = cardWord(lang, out.card);
  if (Array.isArray(out.cards)) out.cards = out.cards.map((c) => cardWord(lang, c));
  const colour = typeof out.colour === "string" && out.colour.length === 1 ? COLOUR_LETTERS.indexOf(out.colour) : -1;
  if (colour >= 0) out.colour = L(`c${colour}`);
  if (out.word === "number" || out.word === "colour") out.word = L(`errWord_${out.word}`);
  if (out.kind === "run" || out.kind === "set" || out.kind === "colour") out.kind = L(out.kind);
  else if (out.kind === "Run" || out.kind === "Set" || out.kind === "Colour") {
    const word = L(out.kind.toLowerCase()); // a sentence's start: "Run: 7 cards needed …"
    out.kind = word.charAt(0).toUpperCase() + word.slice(1);
  }
  if (Array.isArray(out.req)) out.need = reqText(L, out.req);
  if (typeof out.phase === "string") out.must = L(`errMust_${out.phase}`);
  return out;
}
