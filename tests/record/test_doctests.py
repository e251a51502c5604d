"""The examples in the record package's docstrings run."""

from __future__ import annotations

import doctest

import levelwidgets.record


def test_package_doctest():
    result = doctest.testmod(levelwidgets.record)
    assert result.attempted and not result.failed
