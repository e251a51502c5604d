"""Counts in words, shared by both engines' English messages: "1 card", "2 cards", never
"card(s)". Other languages' counts live in their catalogue (``levelwidgets/locales``).

Error templates write a count as ``{n:step|steps}`` (see :mod:`levelwidgets.errors`); the
browser's ``fill`` reads the same placeholder, so both sides choose the same form.
"""

from __future__ import annotations


def is_one(n: object) -> bool:
    """Whether ``n`` (a number or its text, as a message parameter may be) is exactly one."""
    if isinstance(n, bool):
        return False
    if isinstance(n, int | float):
        return n == 1
    return isinstance(n, str) and n.strip() == "1"


def plural(n: object, one: str, many: str) -> str:
    """``one`` when ``n`` is 1, else ``many``: the word alone ("field" / "fields")."""
    return one if is_one(n) else many


def counted(n: object, one: str, many: str) -> str:
    """``n`` with the word that fits it: ``counted(1, "card", "cards") == "1 card"``."""
    return f"{n} {plural(n, one, many)}"
