"""The review's texts in English and German (the package's Python-side language mechanism:
a ``WORDS`` table per module, ``"en"`` and ``"de"``, as ``level8.text`` and
``record.handout``)."""

from __future__ import annotations

from typing import Any

from .. import i18n
from .errors import ReviewError

LANGUAGES = i18n.LANGUAGES

WORDS: dict[str, dict[str, Any]] = {lang: i18n.section(lang, "review") for lang in LANGUAGES}


def words(language: object) -> dict[str, Any]:
    """The texts of ``language`` ("en" or "de"); anything else is refused."""
    if isinstance(language, str) and language in WORDS:
        return WORDS[language]
    raise ReviewError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")


def draws_text(draws: int, language: str) -> str:
    w = words(language)["draws"]
    return w["one"] if draws == 1 else w["many"].format(n=draws)


def number(value: float, language: str, digits: int = 2) -> str:
    """A figure as the language writes it (German: decimal comma)."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if language == "de" else text


def percent(value: float, language: str) -> str:
    text = f"{100 * value:.1f}"
    return (text.replace(".", ",") + " %") if language == "de" else text + "%"
