"""What both games call a bot, wherever it is shown (widget seats, analysis frames)."""

from __future__ import annotations


def bot_label(bot: object | None) -> str:
    """A bot's display name: its ``name`` attribute, else its class name; "" for a person."""
    if bot is None:
        return ""
    return str(getattr(bot, "name", None) or "").strip() or type(bot).__name__
