"""The words the static pictures (SVG) draw, from the one catalogue (``levelwidgets.i18n``).

The pictures speak the language of the widget that shows them (or of ``to_svg(language=)``),
with the catalogue's count and "you" forms as the browser picks them: ``key_1`` for exactly
one, ``key_you`` for a sentence about a seat called "You"/"Du". The engines' pictures import
this module, so it imports nothing but the catalogue reader.
"""

from __future__ import annotations

from . import i18n
from .names import is_you

#: The card game's and the dice game's namespaces as key prefixes: ``say(lang, L8 + "joker")``
#: (tests/test_catalogue.py reads a whole "level8.…" literal as an error code).
L8, LX = "level8" + ".", "levelx" + "."


def _has(key: str) -> bool:
    try:
        i18n.lookup(i18n.catalogue(i18n.DEFAULT), key)
    except KeyError:
        return False
    return True


def say(language: str, key: str, /, **params: object) -> str:
    """The catalogue's text ``key`` in ``language`` with ``params`` filled: its ``_you`` form
    when ``params["name"]`` is "you", its ``_1`` form when ``params["n"]`` is 1 (when the
    catalogue has them). An unknown language is refused (:class:`i18n.LanguageError`)."""
    if is_you(params.get("name")) and _has(f"{key}_you"):
        key = f"{key}_you"
    elif params.get("n") == 1 and _has(f"{key}_1"):
        key = f"{key}_1"
    return i18n.text(language, key, **params)


def names_win(language: str, names: list[str]) -> str:
    """ "Ann wins!", "Ann and Bo win!", "You win!" in ``language``."""
    joined = f" {i18n.text(language, 'common.and')} ".join(names)
    if len(names) > 1:
        return i18n.text(language, "common.winPlural", names=joined)
    return say(language, "common.wins", name=names[0] if names else "", names=joined)
