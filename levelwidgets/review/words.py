"""The review's texts in English and German (the package's Python-side language mechanism:
a ``WORDS`` table per module, ``"en"`` and ``"de"``, as ``level8.text`` and
``record.handout``)."""

from __future__ import annotations

from typing import Any

from .errors import ReviewError

LANGUAGES = ("en", "de")

WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "units": {"points": "points", "chance": "chance"},
        # why(): the best option was played / another was better
        "best_points": "Best: {played} (expected {value} points).",
        "better_points": (
            "Better: {best} (expected {best_value} points) — you played {played} "
            "({played_value}): {cost} points lost."
        ),
        "best_chance": "Best: {played} ({value} chance to complete the level within {draws}).",
        "better_chance": (
            "Better: {best} ({best_value} chance to complete the level within {draws}) — you "
            "played {played} ({played_value}): {cost} less chance."
        ),
        "draws": {1: "the next draw", "many": "the next {n} draws"},
        "comment": "Review {mark}: {why}",
        # summary table
        "player": "player",
        "decisions": "decisions",
        "average_cost": "average cost",
        "unit": "unit",
        "plot_title": "Cost of each decision",
        "plot_x": "step",
        "plot_y": "cost ({unit})",
    },
    "de": {
        "units": {"points": "Punkte", "chance": "Chance"},
        "best_points": "Bester Zug: {played} (erwartet {value} Punkte).",
        "better_points": (
            "Besser: {best} (erwartet {best_value} Punkte) — gespielt: {played} "
            "({played_value}): {cost} Punkte verloren."
        ),
        "best_chance": ("Beste Wahl: {played} ({value} Chance, die Stufe {draws} zu schaffen)."),
        "better_chance": (
            "Besser: {best} ({best_value} Chance, die Stufe {draws} zu schaffen) — gespielt: "
            "{played} ({played_value}): {cost} weniger Chance."
        ),
        "draws": {1: "mit dem nächsten Ziehen", "many": "in den nächsten {n} Zügen"},
        "comment": "Analyse {mark}: {why}",
        "player": "Spieler",
        "decisions": "Entscheidungen",
        "average_cost": "mittlere Kosten",
        "unit": "Einheit",
        "plot_title": "Kosten jeder Entscheidung",
        "plot_x": "Schritt",
        "plot_y": "Kosten ({unit})",
    },
}


def words(language: object) -> dict[str, Any]:
    """The texts of ``language`` ("en" or "de"); anything else is refused."""
    if isinstance(language, str) and language in WORDS:
        return WORDS[language]
    raise ReviewError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")


def draws_text(draws: int, language: str) -> str:
    w = words(language)["draws"]
    return w[1] if draws == 1 else w["many"].format(n=draws)


def number(value: float, language: str, digits: int = 2) -> str:
    """A figure as the language writes it (German: decimal comma)."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if language == "de" else text


def percent(value: float, language: str) -> str:
    text = f"{100 * value:.1f}"
    return (text.replace(".", ",") + " %") if language == "de" else text + "%"
