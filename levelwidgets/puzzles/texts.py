"""Everything a student reads about a puzzle, in every language of the catalogue
(``levelwidgets/locales``: ``puzzles``).

``say(key, language, **values)`` fills one template; numbers are written the language's way
(``3.42`` / ``3,42``). The widget shows every language's text at once (its notice carries
``{"en": …, "de": …}`` and the browser picks), so switching the language never loses a verdict.
"""

from __future__ import annotations

from collections.abc import Mapping

from .. import i18n

#: The languages puzzles speak (the widgets' languages).
LANGUAGES = i18n.LANGUAGES

TEXTS: dict[str, dict[str, str]] = {lang: i18n.section(lang, "puzzles") for lang in LANGUAGES}


def say(key: str, language: str = "en", **values: object) -> str:
    """The text ``key`` in ``language`` (English when the language has none), filled."""
    table = TEXTS.get(language, TEXTS["en"])
    return table.get(key, TEXTS["en"][key]).format(**values)


def number(value: float, language: str = "en", digits: int = 2) -> str:
    """``value`` with ``digits`` decimals, with the language's decimal mark."""
    return i18n.number_text(language, f"{value:.{digits}f}")


#: "within the next 3 draws" (a Level 8 chance looks that far ahead).
DRAWS = {lang: i18n.section(lang, "puzzles.draws") for lang in LANGUAGES}


def amount(value: float, unit: str, language: str = "en", draws: int | None = None) -> str:
    """A judge's value in words: expected points, or a chance as a percentage (to complete
    the level within ``draws`` pile draws)."""
    if unit == "chance":
        table = DRAWS.get(language, DRAWS["en"])
        ahead = table["one"] if (draws or 1) == 1 else table["many"].format(n=draws)
        value_text = i18n.percent_text(language, f"{100 * value:.1f}")
        return say("chance", language, value=value_text, draws=ahead)
    return say("points", language, value=number(value, language))


def both(key: str, **values: object) -> dict[str, str]:
    """``key`` filled in every language: ``{"en": …, "de": …}``."""
    return {lang: say(key, lang, **values) for lang in LANGUAGES}


def pick(texts: Mapping[str, str], language: str) -> str:
    """The text of ``language`` from ``{"en": …, "de": …}`` (English when missing)."""
    return texts.get(language) or texts.get("en") or next(iter(texts.values()), "")


#: A Level 8 requirement in words: ``REQUIREMENTS[language][kind]`` with ``{n}`` cards.
REQUIREMENTS = {lang: i18n.section(lang, "puzzles.requirements") for lang in LANGUAGES}


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
