"""Moved to :mod:`levelwidgets.analysis.batch.tables`: engines import nothing above them.

This old path keeps working until the next release, with a ``DeprecationWarning``.
"""

from ..._moved import moved

__getattr__ = moved("levelwidgets.levelx.batch.tables", "levelwidgets.analysis.batch.tables")
