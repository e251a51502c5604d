"""Level X in the cycle order, as a PettingZoo environment module (see the package)."""

from __future__ import annotations

from . import cycle_makers

env, parallel_env = cycle_makers("levelx")
raw_env = env

__all__ = ["env", "parallel_env", "raw_env"]
