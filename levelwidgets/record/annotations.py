"""Checks for what people write into a record: comments, marks, highlights, headers.

Everything stays plain text and small JSON values: nothing in a record is markup or code, and
whoever shows it shows it as text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from ..recordfile import HEADERS
from ._checks import need_keys
from .errors import RecordError

#: The marks of chess annotation: good, mistake, brilliant, blunder, interesting, dubious.
MARKS = ("!", "?", "!!", "??", "!?", "?!")
#: Named highlight colours (any ``#rrggbb`` colour is allowed too).
COLOURS = ("red", "orange", "yellow", "green", "blue", "purple", "grey", "black")
#: Header fields a person fills in (the others come from the game).
FREE_HEADERS = HEADERS  # the texts a record file's ``headers`` may hold

MAX_COMMENT = 10_000
MAX_COMMENTS = 100
MAX_HIGHLIGHTS = 200
MAX_HEADER = {"date": 100, "event": 1_000, "site": 1_000, "notes": 50_000}

_HEX = re.compile(r"#[0-9a-fA-F]{6}")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def check_text(text: object, what: str, limit: int) -> str:
    if not isinstance(text, str):
        raise RecordError(f"{what} must be text, not {text!r:.60}.")
    if len(text) > limit:
        raise RecordError(f"{what} is {len(text):,} characters long; at most {limit:,} fit.")
    if _CONTROL.search(text):
        raise RecordError(f"{what} contains control characters; write plain text.")
    return text


def check_comment(text: object) -> str:
    text = check_text(text, "A comment", MAX_COMMENT)
    if not text.strip():
        raise RecordError("A comment must not be empty.")
    return text


def check_mark(mark: object) -> str | None:
    if mark is None or (isinstance(mark, str) and mark in MARKS):
        return mark
    raise RecordError(f"A mark is one of {' '.join(MARKS)} (or None to clear it), not {mark!r}.")


#: The most characters a node's stored review figures take as compact JSON.
MAX_REVIEW = 4_000
_REVIEW_DEPTH = 4


def check_review(data: object) -> dict[str, Any] | None:
    """A node's stored game-review figures (``levelwidgets.review``; ``docs/review.md``):
    a small JSON object of plain values (text, numbers, true/false, null, lists, objects),
    or None to delete it. Returned as a fresh copy."""
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise RecordError(f"Review figures are a JSON object {{...}}, not {data!r:.60}.")
    out = _plain(data, 0)
    size = len(json.dumps(out, separators=(",", ":"), ensure_ascii=False))
    if size > MAX_REVIEW:
        raise RecordError(f"Review figures take {size:,} characters; at most {MAX_REVIEW:,} fit.")
    return out


def _plain(value: object, depth: int) -> Any:
    if depth > _REVIEW_DEPTH:
        raise RecordError("Review figures are nested too deeply.")
    if value is None or isinstance(value, (bool, int, str)):
        if isinstance(value, str):
            check_text(value, "A text in the review figures", MAX_REVIEW)
        return value
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise RecordError("Review figures hold numbers, not NaN or infinity.")
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(v, depth + 1) for v in value]
    if isinstance(value, Mapping):
        if not all(isinstance(k, str) for k in value):
            raise RecordError("Review figures' keys are texts.")
        return {k: _plain(v, depth + 1) for k, v in value.items()}
    raise RecordError(f"Review figures hold plain JSON values, not {value!r:.60}.")


def check_colour(colour: object) -> str:
    if isinstance(colour, str) and (colour in COLOURS or _HEX.fullmatch(colour)):
        return colour.lower()
    raise RecordError(
        f"A colour is one of {', '.join(COLOURS)} or '#rrggbb' (like '#ff8800'), "
        f"not {colour!r:.40}."
    )


def check_highlight(
    kinds: Mapping[str, Any], config: Mapping[str, Any], kind: object, target: object
):
    if not isinstance(kind, str) or kind not in kinds:
        raise RecordError(
            f"This game highlights {', '.join(kinds)}; {kind!r:.40} is not one of them."
        )
    return kinds[kind](target, config)


def highlight_from_json(kinds: Mapping[str, Any], config: Mapping[str, Any], data: object):
    need_keys(data, "A highlight", ("kind", "target", "colour"))
    kind = data["kind"]  # type: ignore[index]
    target = check_highlight(kinds, config, kind, data["target"])  # type: ignore[index]
    return {"kind": kind, "target": target, "colour": check_colour(data["colour"])}  # type: ignore[index]


def check_header(key: object, value: object) -> str | None:
    if not isinstance(key, str) or key not in FREE_HEADERS:
        raise RecordError(
            f"Headers you can set are {', '.join(FREE_HEADERS)}; {key!r:.40} is not one of "
            "them (game, config, players and seed come from the game)."
        )
    if value is None:
        return None
    return check_text(value, f"The header {key!r}", MAX_HEADER[key])
