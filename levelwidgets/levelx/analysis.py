"""Moved to :mod:`levelwidgets.analysis.levelx_frames`: engines import nothing above them.

This old path keeps working until the next release, with a ``DeprecationWarning``.
"""

from .._moved import moved

__getattr__ = moved("levelwidgets.levelx.analysis", "levelwidgets.analysis.levelx_frames")
