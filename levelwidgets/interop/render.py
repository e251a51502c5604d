"""What the PettingZoo and Gymnasium environments show: text, a picture, the widget.

Every render is the *spectator's* view (``observation("spectator")``, ``to_svg("spectator")``),
so a rendered frame never shows a hidden card, whoever's turn it is.
"""

from __future__ import annotations

import io
import warnings
from typing import Any

import numpy as np

from ..protocol import SPECTATOR, Game
from .core import require

#: The render modes both environments accept.
RENDER_MODES: tuple[str, ...] = ("ansi", "rgb_array", "human")


class RenderModeError(ValueError):
    """A render mode the environments do not offer."""


def check_render_mode(mode: str | None) -> str | None:
    """``mode`` when it is None or one of :data:`RENDER_MODES`; else a clear error."""
    if mode is not None and mode not in RENDER_MODES:
        raise RenderModeError(
            f"render_mode must be None or one of {', '.join(map(repr, RENDER_MODES))}, "
            f"not {mode!r}."
        )
    return mode


# ---------------------------------------------------------------------------------- text
def ansi(game: Game) -> str:
    """The position as the spectator sees it, as lines of text."""
    obs = game.observation(SPECTATOR)
    if isinstance(obs, dict):
        return _levelx_text(obs)
    return _cards_text(obs)


def _levelx_text(obs: dict[str, Any]) -> str:
    names = obs["names"]
    dice = " ".join(map(str, obs["dice"])) if obs["dice"] else "-"
    lines = [
        f"Level X  phase: {obs['phase']}  to act: {names[obs['current_player']]}  dice: {dice}",
        "rows         5  6  7  8  9 10",
        "chips left " + "".join(f"{c:3d}" for c in obs["chips_left"]),
    ]
    for seat, name in enumerate(names):
        pieces = "".join(f"{p:3d}" for p in obs["pieces"][seat])
        tiles = " ".join(map(str, obs["tiles"][seat])) or "-"
        lines.append(f"{name[:10]:<10} {pieces}  score {obs['scores'][seat]}  tiles {tiles}")
    lines.append("bonus tiles left: " + " ".join(map(str, obs["tiles_left"])))
    return "\n".join(lines)


def _code(card: int | None) -> str:
    from ..level8.cards import CODES

    return "-" if card is None else CODES[card]


def _cards_text(obs: Any) -> str:
    board = getattr(obs, "table", None)
    table = board if board is not None else obs
    names = table.names
    lines = [
        f"round {table.round}  phase: {table.phase}  to act: {names[table.current_player]}  "
        f"draw pile: {table.draw_count}"
    ]
    for seat, name in enumerate(names):
        melds = " | ".join(" ".join(_code(c) for c in combo.cards) for combo in table.melds[seat])
        lines.append(
            f"{name[:10]:<10} level {table.levels[seat]}"
            f" ({table.requirements[seat] or '-'})"
            f"  cards {table.hand_counts[seat]}"
            f"  discard top {_code(table.discard_tops[seat])}"
            f"  {'laid: ' + melds if table.laid[seat] else 'not laid'}"
        )
    if board is not None:
        dice = " ".join(map(str, obs.dice)) if obs.dice else "-"
        lines.append(f"board: dice {dice}  turn of {names[obs.turn_player]}")
    if table.winners:
        lines.append("winners: " + ", ".join(names[s] for s in table.winners))
    return "\n".join(lines)


# ------------------------------------------------------------------------------- picture
def rgb_array(game: Game) -> np.ndarray:
    """The spectator's picture (``to_svg``) rasterised by resvg: uint8, height × width × 3."""
    resvg = require("resvg_py")
    image = require("PIL.Image")
    png = bytes(resvg.svg_to_bytes(svg_string=game.to_svg(SPECTATOR), background="white"))
    with image.open(io.BytesIO(png)) as picture:
        return np.asarray(picture.convert("RGB"), dtype=np.uint8)


# -------------------------------------------------------------------------------- widget
_WIDGETS = {"LevelX": "LevelXWidget", "Level8": "Level8Widget", "Level8Board": "Level8BoardWidget"}


#: What render_mode="human" says outside a notebook.
NOT_IN_NOTEBOOK = (
    'render_mode="human" shows the game\'s widget in a Jupyter notebook, and this is no '
    'notebook: nothing is shown. Use render_mode="ansi" (text) or "rgb_array" (a picture).'
)


class NotInNotebookWarning(UserWarning):
    """render_mode="human" outside a Jupyter notebook: there is no widget to show."""


def in_notebook() -> bool:
    """True inside a Jupyter kernel (where a widget can be shown)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and hasattr(shell, "kernel")


class HumanView:
    """The game's widget, displayed once: it follows the engine by itself (the widget listens
    to the game's changes), and after a reset the same widget is given the new game."""

    def __init__(self) -> None:
        self.widget: Any = None
        self.warned = False

    def show(self, game: Game) -> Any:
        """Display (or re-aim) the widget; outside a notebook, warn once and show nothing
        (a training script run with render_mode="human" keeps running)."""
        if not in_notebook():
            if not self.warned:
                warnings.warn(NOT_IN_NOTEBOOK, NotInNotebookWarning, stacklevel=3)
                self.warned = True
            return None
        if self.widget is None:
            from IPython.display import display

            from .. import widgets

            kind = _WIDGETS[type(game).__name__]
            self.widget = getattr(widgets, kind)(game, read_only=True)
            display(self.widget)
        elif self.widget.game is not game:
            self.widget.game = game
        return self.widget


def env_frame(mode: str | None, game: Any, view: Any) -> Any:
    """What an environment's ``render()`` returns (PettingZoo and Gymnasium alike): the
    :func:`frame`, or None with Gymnasium's warning when the env was made without a mode."""
    if mode is None:
        from gymnasium import logger

        logger.warn(
            "render() was called without a render_mode: pass render_mode='ansi', "
            "'rgb_array' or 'human' when making the environment."
        )
        return None
    return frame(mode, game, view)


def frame(mode: str | None, game: Game, view: HumanView) -> Any:
    """What ``render()`` returns in ``mode`` (None: nothing, with no work done)."""
    if mode == "ansi":
        return ansi(game)
    if mode == "rgb_array":
        return rgb_array(game)
    if mode == "human":
        view.show(game)
    return None


__all__ = [
    "NOT_IN_NOTEBOOK",
    "RENDER_MODES",
    "HumanView",
    "NotInNotebookWarning",
    "RenderModeError",
    "ansi",
    "check_render_mode",
    "frame",
    "in_notebook",
    "rgb_array",
]
