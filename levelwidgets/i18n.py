"""The one message catalogue of Python and the browser: ``levelwidgets/locales``.

Every user-facing text lives in one JSON file per language (``locales/en.json``,
``locales/de.json``, …), namespaced (``common``, ``errors``, ``levelx``, ``level8``,
``level8board``, ``dicelab``, ``events``, ``words``, ``review``, ``puzzles``, ``handout``,
``pictures``); ``locales/languages.json`` lists the languages once (code -> the language's own
name). The browser bundle imports the same files (``js/src/common/locales.js``), so a
translator edits one file per language and both sides speak it (``docs/translating.md``).

A key is a dotted path into the catalogue: ``text("de", "common.undo") == "Zurück"``; an
error code keeps its dots inside the ``errors`` namespace (``"errors.levelx.group_sum"``).
Placeholders are the ones both sides share: ``{name}``, ``{name:sep}`` (a list joined by
``sep``) and ``{n:one|many}`` (a count with its word), see :func:`fill`.

The default language of a widget (``language=None``) follows the notebook's locale:
:func:`language_from_locale` reads a locale name (``de_DE.UTF-8``, ``de-AT``), and
:func:`kernel_language` the kernel's environment (LANGUAGE, LC_ALL, LC_MESSAGES, LANG).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

from .errors import GameValueError
from .words import counted

#: Where the catalogue lives (shipped inside the package, read by the JS bundle at build time).
LOCALES = Path(__file__).resolve().parent / "locales"

#: The language every other one falls back to, and the one the Python API's messages use.
DEFAULT = "en"


class LanguageError(GameValueError):
    """A language levelwidgets has no texts for; the message lists the ones it has."""


@cache
def _language_names() -> dict[str, str]:
    with open(LOCALES / "languages.json", encoding="utf-8") as file:
        names = json.load(file)
    # English first (the fallback), then the others in the file's (sorted) order
    return {code: names[code] for code in sorted(names, key=lambda c: (c != DEFAULT, c))}


#: code -> the language's own name ("de" -> "Deutsch"), English first.
LANGUAGE_NAMES: Mapping[str, str] = _language_names()
#: The supported language codes, English first: ``("en", "de")``.
LANGUAGES: tuple[str, ...] = tuple(LANGUAGE_NAMES)


def check_language(language: object, error: type[Exception] = LanguageError) -> str:
    """``language`` when levelwidgets speaks it, else ``error`` saying which ones it speaks."""
    if isinstance(language, str) and language in LANGUAGE_NAMES:
        return language
    known = ", ".join(f'"{code}" ({name})' for code, name in LANGUAGE_NAMES.items())
    raise error(f"language must be one of {known}, not {language!r}.")


@cache
def catalogue(language: str) -> dict[str, Any]:
    """The whole catalogue of ``language`` (a supported code; read once, then shared: do
    not change it)."""
    check_language(language)
    with open(LOCALES / f"{language}.json", encoding="utf-8") as file:
        data: dict[str, Any] = json.load(file)
    return data


def lookup(table: Mapping[str, Any], key: str) -> Any:
    """The entry at the dotted ``key`` of ``table``; a key that itself holds dots (an error
    code such as ``levelx.group_sum``) is found whole. Raises KeyError when there is none."""
    if key in table:
        return table[key]
    parts = key.split(".")
    for i in range(1, len(parts)):
        inner = table.get(".".join(parts[:i]))
        if isinstance(inner, Mapping):
            try:
                return lookup(inner, ".".join(parts[i:]))
            except KeyError:
                continue
    raise KeyError(key)


def section(language: str, key: str) -> Any:
    """The catalogue entry ``key`` of ``language`` as stored (a text, or a table of texts):
    ``section("en", "events.level8")``. Missing in ``language`` -> English's."""
    try:
        return lookup(catalogue(language), key)
    except KeyError:
        return lookup(catalogue(DEFAULT), key)


class Sections(Mapping[str, Any]):
    """language -> the catalogue entry ``key`` in it (:func:`section`), for every supported
    language: a table a module defines once (``SENTENCES = Sections("events.levelx")``) and
    reads like a dict. A language's catalogue is read when that language is first asked for,
    so importing the module reads none and a widget in one language reads one, not all."""

    def __init__(self, key: str) -> None:
        self.key = key

    def __getitem__(self, language: str) -> Any:
        if language not in LANGUAGE_NAMES:
            raise KeyError(language)
        return section(language, self.key)

    def __contains__(self, language: object) -> bool:
        return language in LANGUAGE_NAMES

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)

    def __repr__(self) -> str:
        return f"Sections({self.key!r})"


_PLACEHOLDER = re.compile(r"\{(\w+)(?::([^{}]*))?\}")


def fill(template: str, /, **params: object) -> str:
    """``template`` with its placeholders filled, as the browser's ``fill`` does: ``{name}``
    the value, ``{name:sep}`` a list joined by ``sep`` (``{faces:-}`` -> ``1-1-5``),
    ``{n:one|many}`` a count with its word (``{n:card|cards}`` -> ``1 card``). A placeholder
    without a value stays as it is, so a missing parameter shows instead of crashing."""

    def one(match: re.Match[str]) -> str:
        name, spec = match.group(1), match.group(2)
        if name not in params:
            return match.group(0)
        value = params[name]
        if isinstance(value, (list, tuple)):
            return (", " if spec is None else spec).join(map(str, value))
        if spec is not None and "|" in spec:
            singular, _, many = spec.partition("|")
            return counted(value, singular, many)
        return str(value)

    return _PLACEHOLDER.sub(one, template)


def text(language: str | None, key: str, /, **params: object) -> str:
    """The text ``key`` in ``language`` (None: English) with ``params`` filled in:
    ``text("de", "common.round", n=3) == "Runde 3"``. An unknown language is refused
    (:class:`LanguageError`); a key no catalogue has is a KeyError (a bug, not a user's)."""
    entry = section(check_language(language or DEFAULT), key)
    if not isinstance(entry, str):
        raise KeyError(f"{key} is a table of texts, not one text")
    return fill(entry, **params)


def number_text(language: str, figure: str) -> str:
    """A figure Python wrote (``f"{x:,.2f}"``: "," groups thousands, "." marks decimals) as
    ``language`` writes it: ``number_text("de", "10,000.5") == "10.000,5"``."""
    language = language if language in LANGUAGE_NAMES else DEFAULT  # as the tables fall back
    signs = {
        ".": section(language, "common.decimalSign"),
        ",": section(language, "common.thousandsSign"),
    }
    return "".join(signs.get(char, char) for char in figure)


def percent_text(language: str, figure: str) -> str:
    """A percentage figure ("51.8") with the language's decimal sign and percent form
    ("51.8%", "51,8 %")."""
    language = language if language in LANGUAGE_NAMES else DEFAULT
    return text(language, "common.percent", value=number_text(language, figure))


# ---------------------------------------------------------------- the notebook's language

_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def language_from_locale(locale: object) -> str | None:
    """The supported language a locale name means, or None: ``"de_DE.UTF-8"``, ``"de-AT"``,
    ``"de"`` -> ``"de"``; ``"C"``, ``"POSIX"``, ``""`` or an unsupported one -> None.
    A LANGUAGE-style list (``"fr:de:en"``) gives its first supported entry."""
    if not isinstance(locale, str):
        return None
    for part in locale.split(":"):
        code = re.split(r"[_.@-]", part.strip(), maxsplit=1)[0].lower()
        if code in LANGUAGE_NAMES:
            return code
    return None


def kernel_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The kernel's language from its environment, as gettext reads it: the first of
    LANGUAGE, LC_ALL, LC_MESSAGES, LANG that is set decides (a "C"/"POSIX" locale, or one
    levelwidgets does not speak, gives None rather than guessing)."""
    env = os.environ if environ is None else environ
    for variable in _LOCALE_VARIABLES:
        value = env.get(variable, "")
        if not value:
            continue
        locale = env.get("LC_ALL") or env.get("LC_MESSAGES") or env.get("LANG", "")
        if variable == "LANGUAGE" and locale.split(".")[0] in ("C", "POSIX"):
            continue  # gettext ignores LANGUAGE under the C locale
        return language_from_locale(value)
    return None


def choose_language(
    explicit: str | None = None,
    front_end: object = None,
    environ: Mapping[str, str] | None = None,
) -> str:
    """The language a widget speaks: ``explicit`` when given (always wins), else the front
    end's page language (``document.documentElement.lang || navigator.language``) when
    levelwidgets speaks it, else the kernel's locale, else English."""
    if explicit is not None:
        return check_language(explicit)
    return language_from_locale(front_end) or kernel_language(environ) or DEFAULT
