"""Moved to :mod:`levelwidgets.analysis.race`: engines import nothing above them.

This old path keeps working until the next release, with a ``DeprecationWarning``.
"""

from .._moved import moved

__getattr__ = moved("levelwidgets.levelx.race", "levelwidgets.analysis.race")
