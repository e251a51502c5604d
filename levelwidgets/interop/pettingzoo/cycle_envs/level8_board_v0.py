"""The Level 8 board game in the cycle order, as a PettingZoo environment module."""

from __future__ import annotations

from . import cycle_makers

env, parallel_env = cycle_makers("level8_board")
raw_env = env

__all__ = ["env", "parallel_env", "raw_env"]
