"""The widgets' own refusal: a request from the browser the widget cannot take as sent."""

from __future__ import annotations

from ..errors import GameError


class IntentError(GameError, ValueError):
    """The browser sent a request the widget does not understand: unknown, malformed (a field
    of the wrong type, out of range, missing or unknown) or too large to read."""
