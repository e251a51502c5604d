"""Review a whole record: judge every decision (main line and variations), mark it, store
the figures in the record, and collect the rows of the :class:`~.report.Review`.

What is written into the record, for each judged decision (``docs/review.md``):

- the node's *review figures* (``node.review``, saved under ``"review"``): the judgement's
  :meth:`~.judge.Judgement.to_dict` plus ``mark`` (the mark the review set, or None) and
  ``comment`` (the comment it added, or None) — a teacher deletes them with
  ``node.set_review(None)``;
- the mark ``?!``, ``?`` or ``??`` when the cost reaches the thresholds — only where the
  node has no mark yet, so a teacher's own mark wins. Running the review again replaces
  its own mark (the node still shows the mark the figures name) and never one a teacher
  set or changed; a mark a teacher deleted stays deleted;
- for a marked decision, a comment in the review's language ("Review ?: Better: ...")
  that the teacher may edit or remove; a new run replaces its own earlier comment.
"""

from __future__ import annotations

from typing import Any

from ..level8.actions import Action
from ..record.export import walk_with_paths
from ..record.tree import GameRecord, Node
from .errors import NotADecision, ReviewTypeError
from .judge import DEFAULT_DRAWS, Judgement, check_draws, judge
from .report import Review
from .thresholds import Thresholds, thresholds_for
from .words import words


def review(
    record: GameRecord,
    *,
    thresholds: Thresholds | dict | None = None,
    draws: int = DEFAULT_DRAWS,
    language: str = "en",
) -> Review:
    """Judge every decision of ``record`` (every line), mark and annotate it (see the module
    docstring) and return the :class:`Review`. ``thresholds``: see :mod:`.thresholds`;
    ``draws``: how many pile draws a Level 8 chance looks ahead; ``language``: "en" or
    "de" for the comments and the summary."""
    if not isinstance(record, GameRecord):
        raise ReviewTypeError(
            f"review takes a GameRecord (GameRecord.from_game(game)), not {type(record).__name__}"
        )
    words(language)  # refuses an unknown language before anything changes
    draws = check_draws(draws)
    unit = "points" if record.game == "levelx" else "chance"
    limits = thresholds_for(thresholds, unit)
    names = record.players
    rows: list[dict[str, Any]] = []
    for node, path in walk_with_paths(record):
        action = _action_of(record, node)
        if action is None:
            continue
        game = record.game_at(node.parent)  # type: ignore[arg-type]
        try:
            j = judge(game, action, draws=draws)
        except NotADecision:
            continue
        mark = store(node, j, limits, language)
        rows.append(
            {
                "ply": node.ply,
                "path": path,
                "main_line": all(p == "0" for p in path.split(".")),
                "player": j.seat,
                "player_name": names[j.seat],
                "decision": j.decision,
                "played": j.played.notation,
                "played_value": j.played.value,
                "best": j.best.notation,
                "best_value": j.best.value,
                "cost": j.cost,
                "unit": j.unit,
                "draws": j.draws,
                "mark": mark,
                "why": j.why(language),
            }
        )
    return Review(tuple(rows), tuple(names), unit, language)


def _action_of(record: GameRecord, node: Node) -> Any:
    """The engine action of a step, or None for a step that is never a decision (a roll)."""
    data = node.data  # type: ignore[attr-defined]
    if record.game == "levelx":
        return data["move"] if data["kind"] == "move" else None
    return Action.from_dict(data["action"])


def store(node: Node, j: Judgement, limits: Thresholds, language: str) -> str | None:
    """Write the judgement into the node (figures, mark, comment); return the mark the node
    shows for the review (None: no mark, or a teacher's own mark kept)."""
    previous = node.review or {}
    mine_before = previous.get("mark")
    comment_before = previous.get("comment")
    mark = limits.mark(j.cost)
    current = node.mark()
    if current is None and mine_before is not None:
        shown = None  # the teacher deleted the review's mark: it stays deleted
        mark_set = None
    elif current is None or current == mine_before:
        node.mark(mark)
        shown = mark_set = mark
    else:
        shown = None  # a teacher's own mark wins
        mark_set = None
    comments = node.comments
    if comment_before is not None and comment_before in comments:
        node.remove_comment(comments.index(comment_before))
    comment = None
    if mark_set is not None:
        comment = words(language)["comment"].format(mark=mark_set, why=j.why(language))
        node.comment(comment)
    data = j.to_dict()
    data.update(mark=mark_set, comment=comment, thresholds=limits.to_dict(), language=language)
    node.set_review(data)
    return shown
