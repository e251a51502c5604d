"""Puzzle: one position, one question, a check; answered by playing (in a widget or in Python).

>>> from levelwidgets.levelx import LevelX
>>> game = LevelX(seed=4)
>>> _ = game.roll()
>>> puzzle = Puzzle(game, "Which grouping would you play?", lambda g, a: Verdict(True, "Fine."))
>>> puzzle.answer(game.legal_moves()[0], student="ann").correct
True
>>> len(puzzle.answers), game.plies  # the teacher's game did not move
(1, 0)
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Callable, Mapping
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..errors import GameError
from ..record import GameRecord, Node, RecordError
from .answers import COLUMNS, frame
from .errors import AnswerError, CheckError, PositionError, QuestionError
from .position import copy_position, game_name, last_node
from .texts import LANGUAGES, both, level_words, pick, say
from .verdict import Check, Verdict, best_move

#: The longest question a puzzle takes (a paragraph, not a worksheet).
MAX_QUESTION = 2000
#: The longest title and student name.
MAX_NAME = 200

_numbers = itertools.count(1)


def check_language(language: object) -> str:
    if language not in LANGUAGES:
        raise QuestionError(f"language is one of {', '.join(LANGUAGES)}, not {language!r:.40}.")
    return language  # type: ignore[return-value]


def question_texts(question: object) -> dict[str, str]:
    """``question`` as ``{"en": …, "de": …}``: one text serves every language."""
    if isinstance(question, str):
        texts = dict.fromkeys(LANGUAGES, question)
    elif isinstance(question, Mapping) and question:
        unknown = [k for k in question if k not in LANGUAGES]
        if unknown:
            raise QuestionError(
                f"A question's languages are {', '.join(LANGUAGES)}; {unknown[0]!r:.40} is none."
            )
        texts = {lang: question.get(lang) or question.get("en") or "" for lang in LANGUAGES}
        texts = {k: v if isinstance(v, str) else "" for k, v in texts.items()}
        if any(not isinstance(v, str) for v in question.values()):
            raise QuestionError("Each language's question is a text (a str).")
    else:
        raise QuestionError(
            f'The question is a text, or {{"en": …, "de": …}}, not {question!r:.60}.'
        )
    for lang, text in texts.items():
        if not text.strip():
            raise QuestionError(f"The question ({lang}) is empty: ask the student something.")
        if len(text) > MAX_QUESTION:
            raise QuestionError(f"The question ({lang}) is longer than {MAX_QUESTION} characters.")
    return texts


def _name(value: object, what: str) -> str:
    if not isinstance(value, str) or len(value) > MAX_NAME:
        raise QuestionError(f"The {what} is a text of at most {MAX_NAME} characters.")
    return value


class Puzzle:
    """A position (a copy is kept), a ``question`` and a ``check(game_before, action)``
    returning a :class:`Verdict`; ``check=None`` uses the judge's best move (``tolerance``:
    how far below the best still counts as right, in the judge's unit; 0: only the best, ties
    included; ``draws``: how many pile draws a Level 8 chance looks ahead, None for the
    judge's default). ``position``: a LevelX, Level8 or Level8Board game, a record node, or a record
    file's path. ``question``: a text, or ``{"en": …, "de": …}``.

    Answer by playing in :meth:`widget`, or with :meth:`answer`; every attempt is a row of
    :attr:`answers` and a comment on the answered step of :attr:`record`.
    """

    def __init__(
        self,
        position: object,
        question: object,
        check: Check | None = None,
        *,
        title: str = "",
        language: str = "en",
        id: str | None = None,
        tolerance: float = 0.0,
        draws: int | None = None,
    ) -> None:
        self._language = check_language(language)
        self._question = question_texts(question)
        self.title = _name(title, "title")
        self.id = _name(id, "id") if id is not None else f"puzzle-{next(_numbers)}"
        if not self.id:
            raise QuestionError("A puzzle's id is a non-empty text.")
        if check is None:
            check = best_move(tolerance, language, draws)
            self._kind = "best"
        elif not callable(check):
            raise CheckError(f"check is a function (game, action) -> Verdict, not {check!r:.60}.")
        else:
            self._kind = "custom"
        self._tolerance = float(tolerance)
        self._draws = draws
        self._check = check
        self._game = copy_position(position)
        self._game_name = game_name(self._game)
        self._seat: int = self._game.current_player
        self._rows: list[dict[str, Any]] = []
        self._listeners: list[Callable[[Verdict], None]] = []
        self._record, self._start = _record_of(self._game)
        self._widgets: list[Any] = []

    # ------------------------------------------------------------------ constructors

    @classmethod
    def best_grouping(cls, game: Any, **options: Any) -> Puzzle:
        """ "Best grouping for these dice": a Level X game whose dice are rolled; right is the
        grouping with the most expected points (the judge's, the advisor's measure)."""
        from ..levelx import LevelX

        if not isinstance(game, LevelX):
            raise PositionError(f"best_grouping needs a LevelX game, not {type(game).__name__}.")
        if game.is_over or game.phase != "play" or game.dice is None:
            raise PositionError(
                "best_grouping needs rolled dice: call game.roll() (or roll([...])) first."
            )
        name, dice = game.names[game.current_player], "-".join(map(str, game.dice))
        options.setdefault("title", f"Level X: {dice}")
        return cls(game, both("grouping_q", name=name, dice=dice), **options)

    @classmethod
    def best_discard(cls, game: Any, seat: int | None = None, **options: Any) -> Puzzle:
        """ "Which card to discard to keep the most chances": a Level 8 game where ``seat``
        (default: the seat to act) has drawn and must discard, and cannot lay its level."""
        from ..level8 import CardTable

        if not isinstance(game, CardTable):
            raise PositionError(f"best_discard needs a Level8 game, not {type(game).__name__}.")
        seat = game.current_player if seat is None else seat
        if game.is_over or seat != game.current_player:
            raise PositionError(
                f"best_discard asks the seat to act; it is seat {game.current_player}'s turn, "
                f"not seat {seat!r:.20}'s."
            )
        kinds = {a.kind for a in game.legal_actions()}
        if "discard" not in kinds or kinds - {"discard", "skip"}:
            raise PositionError(
                "best_discard needs a position where the seat must discard (it has drawn and "
                f"cannot lay down or add on); here it may: {', '.join(sorted(kinds))}."
            )
        name, level = game.names[seat], game.current_level(seat)
        options.setdefault("title", f"Level 8: {name}")
        question = {
            lang: say("discard_q", lang, name=name, level=level_words(level, lang))
            for lang in LANGUAGES
        }
        return cls(game, question, **options)

    # ------------------------------------------------------------------ reading

    @property
    def game(self) -> Any:
        """A new copy of the puzzle's position (yours to change: the puzzle keeps its own)."""
        return self._game.clone()

    @property
    def seat(self) -> int:
        """The seat whose move the puzzle asks for (the student's seat in the widget)."""
        return self._seat

    @property
    def game_name(self) -> str:
        """ "levelx", "level8" or "level8board"."""
        return self._game_name

    @property
    def language(self) -> str:
        return self._language

    @property
    def question(self) -> str:
        """The question in the puzzle's language (:attr:`questions` has every language)."""
        return self._question[self._language]

    @property
    def questions(self) -> dict[str, str]:
        return dict(self._question)

    @property
    def check(self) -> Check:
        return self._check

    @property
    def check_kind(self) -> str:
        """ "best" (the default check) or "custom" (a check of one's own)."""
        return self._kind

    @property
    def tolerance(self) -> float:
        return self._tolerance

    @property
    def draws(self) -> int | None:
        """Level 8: the pile draws the default check's chance looks ahead (None: the judge's
        default, 3)."""
        return self._draws

    @property
    def record(self) -> GameRecord | None:
        """The record of the position: every answer is a step after it, commented with its
        verdict (None for a position whose history does not replay)."""
        return self._record

    @property
    def answers(self) -> Any:
        """One row per attempt (a pandas DataFrame): see :data:`~.answers.COLUMNS`."""
        return frame(self._rows)

    @property
    def attempts(self) -> list[dict[str, Any]]:
        """The rows of :attr:`answers` as plain dicts (no pandas needed)."""
        return [dict(r) for r in self._rows]

    # ------------------------------------------------------------------ answering

    def answer(
        self,
        action: object,
        *,
        student: str = "",
        node: Node | None = None,
        at: datetime | None = None,
        language: str | None = None,
    ) -> Verdict:
        """Judge ``action`` (an engine action, or its text as ``action_to_string`` writes it:
        ``"1+6 5+5"``, ``"discard 7R"``) played at the puzzle's position by ``student``: the
        verdict is returned, added to :attr:`answers` and commented in :attr:`record`. An
        answer that is no legal move there raises :class:`AnswerError` and records nothing.
        ``at``: when it was answered (default now; an answers file keeps the first time);
        ``language``: of the record's comment (default the puzzle's; a widget passes its own)."""
        student = _name(student, "student's name")
        game = self.game
        action = self._legal(game, action)
        verdict = self._check(game.clone(), action)
        if not isinstance(verdict, Verdict):
            raise CheckError(
                f"The puzzle's check answered {verdict!r:.60}; a check returns a Verdict("
                "correct, why)."
            )
        notation = game.action_to_string(action)
        self._comment(node, action, notation, verdict, student, language or self._language)
        self._rows.append(
            {
                "puzzle": self.id,
                "title": self.title,
                "game": self._game_name,
                "student": student,
                "answer": notation,
                "correct": verdict.correct,
                "cost": verdict.cost,
                "why": verdict.why,
                "time": at or datetime.now(timezone.utc),
            }
        )
        for listener in list(self._listeners):
            listener(verdict)
        return verdict

    def on_answer(self, callback: Callable[[Verdict], None]) -> Callable[[], None]:
        """Call ``callback(verdict)`` after each answer; returns the unsubscriber."""
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    def clear_answers(self) -> None:
        """Forget the attempts (the record keeps its commented steps)."""
        self._rows.clear()

    def _legal(self, game: Any, action: object) -> Any:
        try:
            if isinstance(action, str):
                action = game.action_from_string(action)
            game.clone().apply(action)
        except GameError as exc:
            raise AnswerError(f"That is no move at the puzzle's position: {exc}") from None
        except (TypeError, ValueError, AttributeError):
            raise AnswerError(
                f"An answer is a move of the game (or its text), not {action!r:.60}."
            ) from None
        return action

    def _comment(
        self,
        node: Node | None,
        action: Any,
        notation: str,
        verdict: Verdict,
        student: str,
        language: str,
    ) -> None:
        """The verdict as a comment on the answered step (added after the start if needed)."""
        if self._start is None:
            return
        try:
            if node is None:
                node = self._start.add_variation(action)
            text = say(
                "answered",
                language,
                mark="✓" if verdict.correct else "✗",
                student=student or say("anonymous", language),
                answer=notation,
                why=verdict.why_in(language),
            )
            node.comment(text[:500])
        except RecordError:
            pass  # the record is a courtesy: the answer counts all the same

    # ------------------------------------------------------------------ showing

    def widget(self, *, student: str = "", language: str | None = None, **options: Any) -> Any:
        """The game's widget at the puzzle's position: the student's seat to move, no bots.
        Playing a move there answers the puzzle; the widget's notice says right or wrong and
        why. ``options`` go to the widget (``bot_delay``, ``record_dir``…)."""
        from .view import puzzle_widget

        if language is not None:
            check_language(language)
        w = puzzle_widget(self, student=_name(student, "student's name"), language=language)
        for key, value in options.items():
            if key != "record_dir" and not w.has_trait(key):
                w.close()
                raise QuestionError(
                    f"The widget has no option {key!r:.40} (e.g. bot_delay, record_dir, projector)."
                )
            setattr(w, key, Path(value) if key == "record_dir" else value)
        self._widgets.append(w)
        return w

    def notice(self, verdict: Verdict | None = None) -> dict[str, Any]:
        """The widget's notice: the question, and the verdict once there is one."""
        if verdict is None:
            return {"tone": "info", "text": dict(self._question)}
        key, tone = ("right", "good") if verdict.correct else ("wrong", "bad")
        text = {
            lang: self._question[lang] + "\n" + say(key, lang, why=verdict.why_in(lang))
            for lang in LANGUAGES
        }
        return {"tone": tone, "text": text}

    def _question_html(self, language: str | None = None) -> str:
        lang = language or self._language
        title = html.escape(self.title or say("puzzle", lang))
        return (
            '<div class="lw-puzzle-question" style="margin: 4px 0 8px;">'
            f"<strong>{title}</strong><br>{html.escape(pick(self._question, lang))}</div>"
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict]:
        """The widget, with the question and a picture of the position for places without
        widgets (a saved notebook opened without a kernel, an HTML export)."""
        from .._html import svg_image

        w = self.widget()
        data, meta = w._repr_mimebundle_(**kwargs)
        data = dict(data)
        svg = self._game.to_svg(_viewer(self), self._language)  # its words in the language
        picture = svg_image(svg, self.title or self.question)
        data["text/html"] = self._question_html() + picture
        data["text/plain"] = f"{self.title}: {self.question}" if self.title else self.question
        data.pop("image/svg+xml", None)
        return data, meta

    def _ipython_display_(self, **_kwargs: Any) -> None:
        """The question as an output of its own (it stays in a saved notebook), then the
        widget with its picture of the position."""
        from IPython.display import HTML, display

        display(HTML(self._question_html()))
        display(self.widget())

    def __repr__(self) -> str:
        return f"<Puzzle {self.id} ({self._game_name}): {self.question[:60]!r}>"


def _viewer(puzzle: Puzzle) -> int | str:
    """Whose eyes the picture is drawn for: the student's seat (Level 8 hides the rest)."""
    return "spectator" if puzzle.game_name == "levelx" else puzzle.seat


def _record_of(game: Any) -> tuple[GameRecord | None, Node | None]:
    """A record of the position's history, and its last node (where the answers go)."""
    try:
        record = GameRecord.from_game(game.clone())
    except RecordError:
        return None, None
    return record, last_node(record)


__all__ = ["COLUMNS", "MAX_QUESTION", "Puzzle"]
