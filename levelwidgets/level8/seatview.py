"""A seat's :class:`Observation` whose rarely read fields are filled in when first read.

:func:`~levelwidgets.level8.bots.play_game` builds one view per action for the bot to move,
and the engine's own bots read a handful of fields (their hand, the phase, the levels, the
laid combinations, the discard tops) and keep nothing of it. So :meth:`Level8._seat_view`
sets those fields at once and leaves the others (counts, kept cards, winners, ...) to
:meth:`SeatView.__getattr__`, which computes each from the game exactly as
:meth:`Level8.observation` does. That is only valid while the game is unchanged: play_game
hands the view to the bot and drops it before the action is applied, and it does so only
for bots known to keep no observation. Anything else gets :meth:`Level8.observation`.

The view is an :class:`Observation` (``isinstance`` holds); ``==``, ``repr`` and
:meth:`full` treat it as the plain observation of the same fields.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .observation import _FIELDS, Observation

#: How a view computes a field it was not given: ``getter(game, seat)``.
Getters = dict[str, Callable[[Any, int], object]]


class SeatView(Observation):
    """See the module docstring. ``_src`` is ``(game, getters)``."""

    __slots__ = ("_src",)

    @classmethod
    def _make(cls, game: object, getters: Getters, fields: dict) -> SeatView:
        view = object.__new__(cls)
        set_fields(view, fields)
        set_src(view, (game, getters))
        return view

    def __getattr__(self, name: str) -> object:  # only for fields not set yet
        game, getters = object.__getattribute__(self, "_src")
        getter = getters.get(name)
        if getter is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        fields = self.__dict__
        value = fields[name] = getter(game, fields["viewer"])
        return value

    def full(self) -> Observation:
        """The plain :class:`Observation` of this view's fields."""
        return Observation._of({name: getattr(self, name) for name in _FIELDS})

    def __eq__(self, other: object) -> bool:
        return self.full() == other

    __hash__ = Observation.__hash__

    def __repr__(self) -> str:
        return repr(self.full())


#: ``set_fields(view, fields)`` makes ``fields`` the view's dict and ``set_src(view, src)``
#: sets its ``_src``: the descriptors themselves, cheaper than ``object.__setattr__`` (the
#: frozen dataclass refuses plain assignment). The engine makes a view with these.
set_fields = Observation.__dict__["__dict__"].__set__
set_src = SeatView.__dict__["_src"].__set__
