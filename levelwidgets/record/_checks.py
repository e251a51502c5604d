"""Small type checks shared by the adapters and the file loader (messages for teachers)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..recordfile import kind_of
from ..words import plural
from .errors import RecordError


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def need_int(value: object, what: str, lo: int, hi: int) -> int:
    if not is_int(value) or not lo <= value <= hi:  # type: ignore[operator]
        raise RecordError(f"{what} must be a whole number from {lo} to {hi}, not {value!r}.")
    return value  # type: ignore[return-value]


#: The key sets of the objects checked (required, and all allowed), by the callers' tuples.
_KEY_SETS: dict[tuple[tuple, tuple], tuple[frozenset, frozenset]] = {}


def need_keys(data: object, what: str, required: Iterable[str], optional: Iterable[str] = ()):
    """``data`` must be a JSON object with exactly these keys (the optional ones may be missing)."""
    if type(data) is dict and isinstance(required, tuple) and isinstance(optional, tuple):
        # the common case, a well-formed object: two set comparisons of its keys (a load
        # checks every node of a record this way)
        sets = _KEY_SETS.get((required, optional))
        if sets is None:
            sets = (frozenset(required), frozenset(required) | frozenset(optional))
            if len(_KEY_SETS) < 256:
                _KEY_SETS[(required, optional)] = sets
        keys = data.keys()
        if sets[0] <= keys and keys <= sets[1]:
            return data
    if not isinstance(data, Mapping):
        raise RecordError(f"{what} must be a JSON object {{...}}, not {kind_of(data)}.")
    if (
        isinstance(required, tuple)
        and isinstance(optional, (tuple, frozenset))
        and all(k in data for k in required)
        and all(k in required or k in optional for k in data)
    ):
        return data  # the common case, a well-formed object: no sets to build
    required, optional = set(required), set(optional)
    missing = required - set(data)
    if missing:
        raise RecordError(f"{what} lacks {_names(missing)}.")
    unknown = set(data) - required - optional
    if unknown:
        raise RecordError(
            f"{what} has unknown {plural(len(unknown), 'field', 'fields')} {_names(unknown)}."
        )
    return data


def need_list(value: object, what: str, max_len: int | None = None) -> list:
    if not isinstance(value, list):
        raise RecordError(f"{what} must be a list [...], not {kind_of(value)}.")
    if max_len is not None and len(value) > max_len:
        raise RecordError(f"{what} has {len(value)} entries; at most {max_len} are allowed.")
    return value


def _names(keys: set) -> str:
    return ", ".join(repr(k) for k in sorted(map(str, keys)))
