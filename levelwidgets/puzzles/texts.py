"""Everything a student reads about a puzzle, in English and German.

``say(key, language, **values)`` fills one template; numbers are written the language's way
(``3.42`` / ``3,42``). The widget shows every language's text at once (its notice carries
``{"en": …, "de": …}`` and the browser picks), so switching the language never loses a verdict.
"""

from __future__ import annotations

from collections.abc import Mapping

#: The languages puzzles speak (the widgets' languages).
LANGUAGES = ("en", "de")

TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "right": "Right! {why}",
        "wrong": "Not quite. {why}",
        "right_why": "{played} keeps {value}; the next best, {second}, keeps {second_value}.",
        "right_only": "{played} keeps {value}.",
        "right_tie": "{played} keeps {value}, as good as the best.",
        "right_close": "{played} keeps {value}, close enough to the best, {best} ({best_value}).",
        "points": "{value} expected points",
        "chance": "a {value} chance to complete the level within {draws}",
        "grouping_q": "{name} rolled {dice}. Which grouping is best? Play it. "
        "(Best = the most expected points: points now plus the best next turn.)",
        "discard_q": "{name}, which card do you discard to keep the most chances of "
        "completing your level ({level})? Play it.",
        "not_asked": "That move is no answer to this question: play the kind of move it asks for.",
        "answered": "{mark} {student}: {answer}. {why}",
        "anonymous": "Answer",
        "question": "Question",
        "puzzle": "Puzzle",
    },
    "de": {
        "right": "Richtig! {why}",
        "wrong": "Nicht ganz. {why}",
        "right_why": "{played} behält {value}; das Nächstbeste, {second}, behält {second_value}.",
        "right_only": "{played} behält {value}.",
        "right_tie": "{played} behält {value}, so gut wie das Beste.",
        "right_close": "{played} behält {value}, nah genug am Besten, {best} ({best_value}).",
        "points": "{value} erwartete Punkte",
        "chance": "eine Chance von {value}, die Stufe {draws} zu schaffen",
        "grouping_q": "{name} hat {dice} gewürfelt. Welche Aufteilung ist die beste? Spiel sie. "
        "(Beste = die meisten erwarteten Punkte: Punkte jetzt plus der beste nächste Zug.)",
        "discard_q": "{name}, welche Karte legst du ab, um die meisten Chancen zu behalten, "
        "deine Stufe ({level}) zu schaffen? Spiel sie.",
        "not_asked": "Dieser Zug beantwortet die Frage nicht: Spiel die Art von Zug, nach "
        "der sie fragt.",
        "answered": "{mark} {student}: {answer}. {why}",
        "anonymous": "Antwort",
        "question": "Frage",
        "puzzle": "Rätsel",
    },
}


def say(key: str, language: str = "en", **values: object) -> str:
    """The text ``key`` in ``language`` (English when the language has none), filled."""
    table = TEXTS.get(language, TEXTS["en"])
    return table.get(key, TEXTS["en"][key]).format(**values)


def number(value: float, language: str = "en", digits: int = 2) -> str:
    """``value`` with ``digits`` decimals, with the language's decimal mark."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if language == "de" else text


#: "within the next 3 draws" (a Level 8 chance looks that far ahead).
DRAWS = {
    "en": {1: "the next draw", "many": "the next {n} draws"},
    "de": {1: "mit dem nächsten Ziehen", "many": "in den nächsten {n} Zügen"},
}


def amount(value: float, unit: str, language: str = "en", draws: int | None = None) -> str:
    """A judge's value in words: expected points, or a chance as a percentage (to complete
    the level within ``draws`` pile draws)."""
    if unit == "chance":
        pct = number(100 * value, language, 1)
        table = DRAWS.get(language, DRAWS["en"])
        ahead = table[1] if (draws or 1) == 1 else table["many"].format(n=draws)
        value_text = f"{pct} %" if language == "de" else f"{pct}%"
        return say("chance", language, value=value_text, draws=ahead)
    return say("points", language, value=number(value, language))


def both(key: str, **values: object) -> dict[str, str]:
    """``key`` filled in every language: ``{"en": …, "de": …}``."""
    return {lang: say(key, lang, **values) for lang in LANGUAGES}


def pick(texts: Mapping[str, str], language: str) -> str:
    """The text of ``language`` from ``{"en": …, "de": …}`` (English when missing)."""
    return texts.get(language) or texts.get("en") or next(iter(texts.values()), "")


#: A Level 8 requirement in words: ``REQUIREMENTS[language][kind]`` with ``{n}`` cards.
REQUIREMENTS = {
    "en": {"run": "a run of {n}", "set": "{n} of a kind", "colour": "{n} of one colour"},
    "de": {
        "run": "eine Zahlenfolge aus {n}",
        "set": "{n} gleiche Zahlen",
        "colour": "{n} Karten einer Farbe",
    },
}


def level_words(level: object, language: str = "en") -> str:
    """A Level 8 level in words ("a run of 3 + 3 of a kind"); its own text when unknown."""
    table = REQUIREMENTS.get(language, REQUIREMENTS["en"])
    parts = []
    for req in getattr(level, "requirements", ()):
        template = table.get(getattr(req, "kind", ""))
        if template is None:
            return str(level)
        parts.append(template.format(n=req.n))
    return " + ".join(parts) if parts else str(level)
