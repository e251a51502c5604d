"""Game-AI interop: OpenSpiel, PettingZoo and Gymnasium adapters over the one Game protocol.

Importing this package imports nothing heavy: the shared core (:mod:`.core`) needs numpy
only, and each adapter imports its library when it is used (``pip install
"levelwidgets[ai]"``). Layouts of the observation tensors: ``docs/interop.md``.
"""

from __future__ import annotations

from .core import (
    GAME_NAMES,
    MissingExtraError,
    action_mask,
    game_parameters,
    make_game,
    observation_shape,
    observation_string,
    observation_tensor,
    require,
)

__all__ = [
    "GAME_NAMES",
    "MissingExtraError",
    "action_mask",
    "game_parameters",
    "make_game",
    "observation_shape",
    "observation_string",
    "observation_tensor",
    "require",
]
