"""The review's texts in every language of the catalogue (``levelwidgets/locales``:
``review``), as ``WORDS[language]``."""

from __future__ import annotations

from typing import Any

from .. import i18n
from .errors import ReviewError

LANGUAGES = i18n.LANGUAGES

WORDS: dict[str, dict[str, Any]] = {lang: i18n.section(lang, "review") for lang in LANGUAGES}


def words(language: object) -> dict[str, Any]:
    """The texts of ``language`` (one of :data:`levelwidgets.i18n.LANGUAGES`); anything else
    is refused."""
    if isinstance(language, str) and language in WORDS:
        return WORDS[language]
    raise ReviewError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")


def draws_text(draws: int, language: str) -> str:
    w = words(language)["draws"]
    return w["one"] if draws == 1 else w["many"].format(n=draws)


def number(value: float, language: str, digits: int = 2) -> str:
    """A figure as the language writes it (German: decimal comma)."""
    return i18n.number_text(language, f"{value:.{digits}f}")


def percent(value: float, language: str) -> str:
    return i18n.percent_text(language, f"{100 * value:.1f}")
