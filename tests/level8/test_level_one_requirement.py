"""A single combination is a level of one, whether given as ``("run", 7)`` or as a
:class:`Requirement` (mypy found that the second raised a TypeError: a Requirement has no
``len``)."""

from levelwidgets.level8.levels import Requirement, parse_level


def test_a_single_requirement_is_a_one_combination_level():
    assert parse_level(Requirement("run", 7)).requirements == (Requirement("run", 7),)
    assert parse_level(("run", 7)).requirements == (Requirement("run", 7),)
    assert parse_level(Requirement("set", 3)).spec() == "set 3"
