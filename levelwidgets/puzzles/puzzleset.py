"""PuzzleSet: puzzles together (a worksheet), from a list or a JSON file, and their answers.

The file format (``docs/puzzles.md``), one JSON object::

    {"format": "levelwidgets-puzzles", "version": 1, "title": "Week 3",
     "puzzles": [{"id": "lx-1", "title": "…", "question": {"en": "…", "de": "…"},
                  "check": "best", "tolerance": 0.0, "draws": null, "language": "en",
                  "position": {…a record file of the game, as game.to_json() writes it…}}]}

``check`` is always ``"best"`` (the judge's best move, within ``tolerance``): a check written
in Python cannot be kept in a file, so :meth:`PuzzleSet.save` refuses a set that has one.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from ..errors import GameError
from ..record import GameRecord
from . import answers_file
from .answers import frame
from .errors import PuzzleError, PuzzleFileError
from .position import last_node
from .puzzle import Puzzle

FORMAT = "levelwidgets-puzzles"
VERSION = 1
#: The largest puzzle file read (a few hundred puzzles fit many times).
MAX_FILE_BYTES = 20_000_000
#: The most puzzles in one set.
MAX_PUZZLES = 1000
_PUZZLE_KEYS = {"id", "title", "question", "check", "tolerance", "draws", "language", "position"}


class PuzzleSet:
    """Puzzles with distinct ids, in order; ``answers`` over all of them and ``score()``."""

    def __init__(self, puzzles: Iterable[Puzzle], *, title: str = "") -> None:
        if isinstance(puzzles, Puzzle | str | bytes) or not isinstance(puzzles, Iterable):
            raise PuzzleError(f"A PuzzleSet takes a list of Puzzles, not {puzzles!r:.60}.")
        items = list(puzzles)
        if len(items) > MAX_PUZZLES:
            raise PuzzleError(f"A set holds at most {MAX_PUZZLES} puzzles, not {len(items)}.")
        for i, p in enumerate(items):
            if not isinstance(p, Puzzle):
                raise PuzzleError(f"Item {i} of the list is no Puzzle: {p!r:.60}.")
        seen: set[str] = set()
        for p in items:
            if p.id in seen:
                raise PuzzleError(f"Two puzzles have the id {p.id!r}: give each its own id=.")
            seen.add(p.id)
        if not isinstance(title, str):
            raise PuzzleError("A set's title is a text.")
        self.title = title
        self._puzzles = items
        self._writers: dict[int, Any] = {}  # puzzle -> unsubscriber of its answers-file writer

    # ------------------------------------------------------------------ as a list

    def __len__(self) -> int:
        return len(self._puzzles)

    def __iter__(self) -> Iterator[Puzzle]:
        return iter(self._puzzles)

    def __getitem__(self, key: int | str) -> Puzzle:
        """A puzzle by position (``s[0]``) or by id (``s["lx-1"]``)."""
        if isinstance(key, str):
            for p in self._puzzles:
                if p.id == key:
                    return p
            raise KeyError(f"No puzzle has the id {key!r}.")
        return self._puzzles[key]

    @property
    def puzzles(self) -> list[Puzzle]:
        return list(self._puzzles)

    # ------------------------------------------------------------------ answers

    @property
    def answers(self) -> Any:
        """Every attempt at every puzzle, one row each (the columns of ``Puzzle.answers``)."""
        return frame(row for p in self._puzzles for row in p.attempts)

    def score(self, student: str | None = None, *, first_try: bool = True) -> float:
        """The share of the set's puzzles solved, 0 to 1: a puzzle counts when its first
        attempt was right (``first_try=False``: any attempt); ``student`` counts only that
        student's attempts (None: everyone's)."""
        if not self._puzzles:
            return 0.0
        solved = 0
        for p in self._puzzles:
            rows = [r for r in p.attempts if student is None or r["student"] == student]
            if rows and (rows[0]["correct"] if first_try else any(r["correct"] for r in rows)):
                solved += 1
        return solved / len(self._puzzles)

    # ------------------------------------------------------------------ an answers file

    def keep_answers(self, path: str | Path) -> int:
        """Write every attempt at this set's puzzles to ``path`` (one JSON line each) from now
        on; attempts already in the file are read back first and judged again (a notebook run
        again, e.g. by nbgrader's autograde, has them). Returns how many were read back. A bad
        file raises :class:`PuzzleFileError` and nothing changes."""
        path = Path(path)
        lines = answers_file.read(path) if path.exists() else []
        by_id = {p.id: p for p in self._puzzles}
        for number, line in enumerate(lines, 1):
            if line["puzzle"] not in by_id:
                raise PuzzleFileError(
                    f"{path.name}, line {number}: no puzzle of this set has the id "
                    f"{line['puzzle']!r:.40}."
                )
        kept = {id(p): len(p.attempts) for p in self._puzzles}
        try:
            for line in lines:
                puzzle = by_id[line["puzzle"]]
                puzzle.answer(line["answer"], student=line["student"], at=line["time"])
        except GameError as exc:
            for p in self._puzzles:  # all or nothing
                del p._rows[kept[id(p)] :]
            raise PuzzleFileError(f"{path.name}: an answer cannot be judged again: {exc}") from None
        for p in self._puzzles:
            if id(p) in self._writers:
                self._writers.pop(id(p))()
            self._writers[id(p)] = p.on_answer(lambda _v, p=p: _append(path, p.attempts[-1]))
        return len(lines)

    # ------------------------------------------------------------------ files

    def to_dict(self) -> dict[str, Any]:
        """The file's JSON data; a puzzle with a check of its own cannot be written."""
        out = []
        for p in self._puzzles:
            if p.check_kind != "best":
                raise PuzzleFileError(
                    f"Puzzle {p.id!r} has a check written in Python, which a file cannot hold: "
                    "save only puzzles with the default check (check=None)."
                )
            out.append(
                {
                    "id": p.id,
                    "title": p.title,
                    "question": p.questions,
                    "check": "best",
                    "tolerance": p.tolerance,
                    "draws": p.draws,
                    "language": p.language,
                    "position": json.loads(p._game.to_json()),
                }
            )
        return {"format": FORMAT, "version": VERSION, "title": self.title, "puzzles": out}

    def save(self, path: str | Path) -> None:
        """Write the set as a puzzle file (see the module); nothing is written on a refusal."""
        text = json.dumps(self.to_dict(), ensure_ascii=False)
        Path(path).write_text(text, encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> PuzzleSet:
        """The set a puzzle file holds, every puzzle checked; a bad file raises
        :class:`PuzzleFileError` naming the file and what is wrong."""
        path = Path(path)
        try:
            if path.stat().st_size > MAX_FILE_BYTES:
                raise PuzzleFileError(f"{path.name} is larger than {MAX_FILE_BYTES} bytes.")
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise PuzzleFileError(f"{path.name} cannot be read: {exc}") from None
        try:
            return cls.from_json(text)
        except PuzzleFileError as exc:
            raise PuzzleFileError(f"{path.name}: {exc}") from None

    @classmethod
    def from_json(cls, text: str | bytes) -> PuzzleSet:
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as exc:
            raise PuzzleFileError(f"this is no JSON: {exc}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object) -> PuzzleSet:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise PuzzleFileError(f'this is no puzzle file (it needs "format": "{FORMAT}").')
        if data.get("version") != VERSION:
            raise PuzzleFileError(
                f"this puzzle file has version {data.get('version')!r:.20}; this levelwidgets "
                f"reads version {VERSION}."
            )
        items = data.get("puzzles")
        if not isinstance(items, list) or not items:
            raise PuzzleFileError('"puzzles" is a list of at least one puzzle.')
        if len(items) > MAX_PUZZLES:
            raise PuzzleFileError(f"a file holds at most {MAX_PUZZLES} puzzles.")
        puzzles = [_puzzle_from(i, item) for i, item in enumerate(items)]
        try:
            return cls(puzzles, title=data.get("title", ""))
        except PuzzleError as exc:
            raise PuzzleFileError(str(exc)) from None

    def _ipython_display_(self, **_kwargs: Any) -> None:
        from IPython.display import display

        for p in self._puzzles:
            display(p)

    def __repr__(self) -> str:
        return f"<PuzzleSet {self.title!r}: {len(self)} puzzles>"


def _append(path: Path, row: dict[str, Any]) -> None:
    with path.open("a", encoding="utf-8") as out:
        out.write(answers_file.line_of(row) + "\n")


def _puzzle_from(index: int, item: object) -> Puzzle:
    """Puzzle ``index`` of a file, checked key by key."""
    where = f"puzzle {index + 1}"
    if not isinstance(item, dict):
        raise PuzzleFileError(f"{where} is no JSON object.")
    unknown = sorted(set(item) - _PUZZLE_KEYS)
    if unknown:
        raise PuzzleFileError(f"{where} has a key {unknown[0]!r:.40} that no puzzle has.")
    for key in ("id", "question", "position"):
        if key not in item:
            raise PuzzleFileError(f"{where} lacks {key!r}.")
    if item.get("check", "best") != "best":
        raise PuzzleFileError(f'{where}: "check" is "best" (the judge\'s best move).')
    position = item["position"]
    try:
        record = GameRecord.from_json(json.dumps(position))
        game = record.game_at(last_node(record))
        return Puzzle(
            game,
            item["question"],
            title=item.get("title", ""),
            language=item.get("language", "en"),
            id=item["id"],
            tolerance=_tolerance(item.get("tolerance", 0.0), where),
            draws=item.get("draws"),
        )
    except PuzzleFileError:
        raise
    except (GameError, ValueError, TypeError) as exc:
        raise PuzzleFileError(f"{where} ({item.get('id')!r:.40}): {exc}") from None


def _tolerance(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise PuzzleFileError(f'{where}: "tolerance" is a number >= 0, not {value!r:.20}.')
    return float(value)


__all__: Sequence[str] = ["FORMAT", "VERSION", "PuzzleSet"]
