"""Player names as both games read them: which seat is "you", the person at the screen.

A player called "You" or "Du" (any language's word, ``common.youWord`` of the catalogue, in
every language and any case: a notebook written with "You" may be shown in German) is spoken
to in the second person by the event texts and the widgets' status lines
(``js/src/common/i18n.js``: ``isYou``). A game has one person at the screen, so at most one
seat may have such a name.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from . import i18n


def is_you(name: object) -> bool:
    """Whether a player's name is "you" ("You", "du", " YOU ", in any language): sentences
    about that player are written in the second person."""
    return isinstance(name, str) and name.strip().casefold() in _you()


@cache
def _you_words() -> dict[str, str]:
    """What a seat called "You"/"Du" is called on a screen in each language (read when first
    needed: every language's catalogue is read for it, which an import need not pay)."""
    return {lang: i18n.section(lang, "common.youWord") for lang in i18n.LANGUAGES}


@cache
def _you() -> frozenset[str]:
    """Every language's word, in any case: a name that is one of them means "you"."""
    return frozenset(word.casefold() for word in _you_words().values())


def __getattr__(name: str) -> object:
    """``YOU_WORDS`` (language -> its word for "you"), made when first read."""
    if name == "YOU_WORDS":
        return _you_words()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def shown_name(name: str, language: str = "en") -> str:
    """``name`` as a screen in ``language`` writes it: a seat called "You" or "Du" (in any
    case) gets that language's word, so a German table never reads "Karten von You"."""
    if not is_you(name):
        return name
    words = _you_words()
    return words.get(language, words["en"])


def shown_names(names: Sequence[str], language: str = "en") -> list[str]:
    """Every name as :func:`shown_name` writes it."""
    return [shown_name(name, language) for name in names]


def two_yous(names: Sequence[str]) -> tuple[str, str] | None:
    """The first two names that both mean "you" (see the module docstring), or None."""
    yous = [name for name in names if is_you(name)]
    return (yous[0], yous[1]) if len(yous) > 1 else None
