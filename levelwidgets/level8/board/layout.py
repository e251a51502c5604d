"""The circuit of action fields as data, and how the two movers travel on it.

The printed board is not legible in the rule text, so the layout is data: one action id per
field, clockwise, field 0 being the large start field. :data:`DEFAULT_LAYOUT` is the spec's
reconstruction; a user may enter the printed board as a :class:`BoardLayout`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from ..._records import FrozenRecord, dataclass_fields
from ..errors import ConfigError

#: Sets a field of a frozen record in its ``__init__`` (as a frozen dataclass does).
_setattr = object.__setattr__


#: The nine actions, in the order the default layout repeats them.
ACTIONS = (
    "draw1",
    "draw2",
    "joker",
    "ask",
    "swap",
    "draw_again",
    "steal",
    "all_draw",
    "choose",
)
#: The start field's index: every tower starts there (the only field towers share); later it
#: is skipped like any field while another player's tower stands on it.
START = 0
MIN_FIELDS = 2
MAX_FIELDS = 60


# A dataclass without the decorator (its per-class compile cost ~1 ms at import): see FrozenRecord
class BoardLayout(FrozenRecord):
    """The circuit: ``fields[i]`` is the action of field ``i`` (clockwise; 0 = start field).

    ``reconstruction`` marks a layout that is not the printed board (the default one).
    """

    fields: tuple[str, ...]
    name: str = "custom"
    reconstruction: bool = False

    __dataclass_fields__: ClassVar[dict[str, Any]] = dataclass_fields(frozen=True)
    __match_args__ = ("fields", "name", "reconstruction")

    def __init__(
        self, fields: tuple[str, ...], name: str = "custom", reconstruction: bool = False
    ) -> None:
        _setattr(self, "fields", fields)
        _setattr(self, "name", name)
        _setattr(self, "reconstruction", reconstruction)
        self.__post_init__()

    def __post_init__(self) -> None:
        fields = self.fields
        if isinstance(fields, (str, bytes)) or not isinstance(fields, tuple):
            raise ConfigError("a board layout needs a list of action ids, one per field")
        if not MIN_FIELDS <= len(fields) <= MAX_FIELDS:
            raise ConfigError(
                f"a board needs {MIN_FIELDS}–{MAX_FIELDS} fields (the start field included), "
                f"not {len(fields)}"
            )
        for i, a in enumerate(fields):
            if a not in ACTIONS:
                raise ConfigError(
                    f"field {i} has the action {a!r}, which is not one of {', '.join(ACTIONS)}"
                )
        if not isinstance(self.name, str) or not self.name.strip() or len(self.name) > 60:
            raise ConfigError("a board layout's name must be a short non-empty string")

    @classmethod
    def parse(cls, value: object) -> BoardLayout:
        """A layout from a :class:`BoardLayout`, a list of action ids or its dict form."""
        if value is None:
            return DEFAULT_LAYOUT
        if isinstance(value, BoardLayout):
            return value
        if isinstance(value, Mapping):
            return cls.from_dict(value)
        if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
            raise ConfigError(
                "layout must be a BoardLayout or a list of action ids (field 0 = start field)"
            )
        items = list(value)
        if len(items) > MAX_FIELDS:
            raise ConfigError(f"a board has at most {MAX_FIELDS} fields, not {len(items)}")
        return cls(tuple(items))

    def __len__(self) -> int:
        return len(self.fields)

    def fields_of(self, action: str) -> tuple[int, ...]:
        """The fields that carry ``action``."""
        return tuple(i for i, a in enumerate(self.fields) if a == action)

    def to_dict(self) -> dict:
        return {
            "fields": list(self.fields),
            "name": self.name,
            "reconstruction": self.reconstruction,
        }

    @classmethod
    def from_dict(cls, d: Mapping) -> BoardLayout:
        if not isinstance(d, Mapping) or set(d) != {"fields", "name", "reconstruction"}:
            raise ConfigError("a board layout's dict needs exactly fields, name, reconstruction")
        fields = d["fields"]
        if not isinstance(fields, (list, tuple)) or len(fields) > MAX_FIELDS:
            raise ConfigError("a board layout's fields must be a list of action ids")
        if not isinstance(d["reconstruction"], bool):
            raise ConfigError("a board layout's reconstruction flag must be true or false")
        return cls(tuple(fields), d["name"], d["reconstruction"])


#: The spec's reconstruction: the start field (``choose``), then the nine actions three times.
DEFAULT_LAYOUT = BoardLayout(("choose", *ACTIONS * 3), name="reconstruction", reconstruction=True)


def occupied(towers: Sequence[int], player: int, start_blocks: bool = True) -> frozenset[int]:
    """The fields other players' towers stand on: skipped while moving, never free. The
    start field is one of them whenever another tower stands there (towers start there
    together, but leaving it is a move away from it, so that never counts).
    ``start_blocks=False`` is the rule before issue 26 (the start field never blocked), kept
    for games recorded under it."""
    return frozenset(t for q, t in enumerate(towers) if q != player and (start_blocks or t))


def step(n_fields: int, blocked: frozenset[int], start: int, count: int) -> int:
    """The field a mover reaches from ``start`` after ``count`` steps clockwise.

    Fields in ``blocked`` (other players' towers, the start field included) are skipped and
    not counted: „Beim Ziehen werden mit gegnerischen Spielsteinen besetzte Felder immer
    übersprungen und nicht mitgezählt.“ Decision: on a custom board so small that every field
    is blocked (the mover shares the start field and the others hold all the rest), the mover
    stays where it is.
    """
    if all(f in blocked for f in range(n_fields)):
        return start
    f = start
    left = count
    while left:
        f += 1
        if f == n_fields:
            f = 0
        if f in blocked:
            continue
        left -= 1
    return f


def reachable(
    n_fields: int,
    towers: Sequence[int],
    player: int,
    dice: tuple[int, int],
    *,
    start_blocks: bool = True,
) -> tuple[int, ...]:
    """The fields the two movers of ``player`` reach with ``dice`` (one die each; on a double
    ``d`` one moves ``d`` and the other ``2d``), nearest first, without repeats."""
    blocked = occupied(towers, player, start_blocks)
    a, b = dice
    counts = (a, 2 * a) if a == b else (min(a, b), max(a, b))
    out: list[int] = []
    for c in counts:
        f = step(n_fields, blocked, towers[player], c)
        if f not in out:
            out.append(f)
    return tuple(out)


def next_free(
    layout: BoardLayout,
    towers: Sequence[int],
    player: int,
    action: str,
    *,
    start_blocks: bool = True,
) -> int | None:
    """The next field clockwise from ``player``'s tower that carries ``action`` and holds no
    other player's tower, or None."""
    n = len(layout.fields)
    here = towers[player]
    blocked = occupied(towers, player, start_blocks)
    for k in range(1, n + 1):
        f = (here + k) % n
        if layout.fields[f] == action and f not in blocked:
            return f
    return None
