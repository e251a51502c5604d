"""The one error base of both game engines.

Every error an engine raises on purpose derives from :class:`GameError`
(:class:`~levelwidgets.levelx.LevelXError` for Level X,
:class:`~levelwidgets.level8.Level8Error` for Level 8), so a user interface catches one type
and shows its message: the message says what was wrong and what is allowed instead.
"""

from __future__ import annotations


class GameError(Exception):
    """Base class of every error the Level X and Level 8 engines raise on purpose."""
