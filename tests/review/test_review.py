"""review(record): marks by thresholds, a teacher's mark kept, figures stored and saved,
the seat-view rule over a whole record, the Review's table, summary and plot, refusals."""

from __future__ import annotations

import json

import pytest

from levelwidgets.level8 import Action, Level8, parse_card
from levelwidgets.levelx import LevelX
from levelwidgets.levelx.advisor import advise
from levelwidgets.record import GameRecord, RecordError
from levelwidgets.review import (
    COLUMNS,
    DEFAULTS,
    Review,
    ReviewError,
    ReviewTypeError,
    Thresholds,
    review,
)

ROLLS = [(1, 4, 5, 6), (2, 3, 5, 6), (1, 1, 5, 6), (3, 4, 4, 6), (2, 2, 5, 5), (1, 3, 4, 6)]


def levelx_record(pick: int = -1) -> GameRecord:
    """Six turns; each plays the advisor's move number ``pick`` (-1: the worst)."""
    g = LevelX(seed=5)
    for dice in ROLLS:
        g.roll(list(dice))
        g.play(advise(g)[pick].move)
    return GameRecord.from_game(g)


def moves(record: GameRecord):
    return [n for n in record.mainline() if n.kind == "move"]


def test_marks_follow_the_thresholds():
    rec = levelx_record()
    limits = Thresholds(0.2, 0.6, 1.2)
    result = review(rec, thresholds=limits)
    assert isinstance(result, Review) and len(result) == len(moves(rec))
    assert {r["mark"] for r in result.rows} - {None}  # the worst moves earn marks
    for row, node in zip(result.rows, moves(rec), strict=True):
        assert row["mark"] == limits.mark(row["cost"]) == node.mark()
        assert node.review["cost"] == row["cost"]
        assert node.review["best"]["notation"] == row["best"]
        assert node.review["thresholds"] == limits.to_dict()
    assert DEFAULTS["points"].mark(1.5) == "??" and DEFAULTS["points"].mark(0.29) is None
    assert DEFAULTS["chance"].mark(0.15) == "?" and DEFAULTS["chance"].mark(0.05) == "?!"
    # the best moves earn none
    best = review(levelx_record(pick=0))
    assert all(r["cost"] == 0 and r["mark"] is None for r in best.rows)


def test_a_teachers_mark_is_kept_and_rerunning_replaces_only_the_reviews_own():
    rec = levelx_record()
    nodes = moves(rec)
    nodes[0].mark("!")
    limits = Thresholds(0.01, 0.02, 0.03)  # every costly move is a blunder
    first = review(rec, thresholds=limits)
    assert nodes[0].mark() == "!" and first.rows[0]["mark"] is None
    assert nodes[0].review["mark"] is None and not nodes[0].comments
    marked = [n for n in nodes[1:] if n.mark() == "??"]
    assert marked
    comments = {id(n): n.comments for n in marked}
    assert all(len(c) == 1 and c[0].startswith("Review ??: Better: ") for c in comments.values())
    # a second run with other thresholds replaces its own marks and comments, no duplicates
    second = review(rec, thresholds=Thresholds(100, 200, 300), language="de")
    assert all(r["mark"] is None for r in second.rows)
    assert all(n.mark() is None and not n.comments for n in marked)
    assert nodes[0].mark() == "!"
    # a mark the teacher changes or deletes after a review stays as the teacher left it
    review(rec, thresholds=limits)
    marked[0].mark("?!")
    marked[-1].mark(None)
    review(rec, thresholds=limits)
    assert marked[0].mark() == "?!"
    assert len(marked) == 1 or marked[-1].mark() is None
    # German comments
    fresh = levelx_record()
    review(fresh, thresholds=limits, language="de")
    assert any(c.startswith("Analyse ??: Besser: ") for n in moves(fresh) for c in n.comments)


def test_the_figures_round_trip_through_json_and_can_be_deleted():
    rec = levelx_record()
    old_text = rec.to_json()  # a record from before the review
    review(rec, thresholds=Thresholds(0.2, 0.6, 1.2))
    text = rec.to_json()
    back = GameRecord.from_json(text)
    for a, b in zip(moves(rec), moves(back), strict=True):
        assert a.review == b.review and a.review is not None
        assert a.mark() == b.mark() and a.comments == b.comments
    assert "review" in json.loads(text)["nodes"][1]
    assert LevelX.from_json(text).plies == LevelX.from_json(old_text).plies  # engines read it
    old = GameRecord.from_json(old_text)
    assert all(n.review is None for n in old.mainline())
    node = moves(back)[0]
    node.set_review(None)
    assert node.review is None
    assert "review" not in GameRecord.from_json(back.to_json()).to_dict()["nodes"][2]


def test_stored_figures_are_checked():
    rec = levelx_record()
    node = moves(rec)[0]
    for bad, match in [
        ("text", "JSON object"),
        ({"x": object()}, "plain JSON"),
        ({"x": float("nan")}, "NaN"),
        ({"x": "y" * 5000}, "characters"),
        ({1: 2}, "keys are texts"),
    ]:
        with pytest.raises(RecordError, match=match):
            node.set_review(bad)
        assert node.review is None
    data = json.loads(rec.to_json())
    data["nodes"][2]["review"] = ["not", "an", "object"]
    with pytest.raises(RecordError, match="JSON object"):
        GameRecord.from_json(json.dumps(data))


def test_table_summary_and_plot():
    import matplotlib

    matplotlib.use("Agg")
    rec = levelx_record()
    result = review(rec, thresholds=Thresholds(0.2, 0.6, 1.2))
    table = result.table
    assert list(table.columns) == list(COLUMNS) and len(table) == len(result.rows)
    summary = result.summary()
    assert list(summary["player"]) == rec.players
    for seat, row in summary.iterrows():
        mine = [r for r in result.rows if r["player"] == seat]
        assert row["decisions"] == len(mine)
        assert row["average cost"] == pytest.approx(sum(r["cost"] for r in mine) / len(mine))
        for mark in ("?!", "?", "??"):
            assert row[mark] == sum(1 for r in mine if r["mark"] == mark)
    assert "Entscheidungen" in result.summary("de").columns
    ax = result.plot()
    assert len(ax.get_lines()) == len(rec.players)
    assert ax.get_ylabel() == "cost (points)"
    assert result.plot(language="de").get_ylabel() == "Kosten (Punkte)"


def test_variations_are_reviewed_too():
    rec = levelx_record(pick=0)
    first_move = moves(rec)[0]
    g = rec.game_at(first_move.parent)
    worst = advise(g)[-1].move.notation
    alt = first_move.parent.add_variation(worst)
    result = review(rec)
    rows = [r for r in result.rows if not r["main_line"]]
    assert len(rows) == 1 and rows[0]["path"] == "0.1" and rows[0]["played"] == alt.notation
    assert rows[0]["cost"] > 0 and alt.review is not None


# ---------------------------------------------------------------------- Level 8
def paired_records() -> tuple[GameRecord, GameRecord]:
    """Two Level 8 games that differ only in seat 1's hand and the draw pile below the cards
    drawn; both play the same steps."""
    hand0 = "3R 4G 5B 7R 8Y 1O 15P 15G 10B 2Y"
    pile_top = ["11Y", "12Y", "6P", "14G"]
    games = []
    for hand1 in ("2R 2G 6B 6Y 9P 13R 12G 1Y 15O 14O", "9R 12B 6G 6Y 9P 13R 12G 1Y 15O 14O"):
        games.append(
            Level8.from_position(
                hands=[hand0, hand1],
                discards=[["1R"], ["3G"]],
                draw_pile=pile_top + _rest(hand0, hand1, pile_top),
                seed=1,
            )
        )
    steps = [
        Action("draw", 0),
        Action("discard", 0, card=parse_card("15P")),
        Action("draw", 1),
        Action("discard", 1, card=parse_card("12Y")),
        Action("draw", 0, source=1),
        Action("discard", 0, card=parse_card("15G")),
    ]
    for g in games:
        for a in steps:
            g.apply(a)
    return GameRecord.from_game(games[0]), GameRecord.from_game(games[1])


def _rest(hand0: str, hand1: str, top: list[str]) -> list[str]:
    from levelwidgets.level8.cards import CODES

    used = set(hand0.split()) | set(hand1.split()) | set(top) | {"1R", "3G"}
    return [c for c in CODES[:101] if c not in used]


def test_level8_review_gives_a_seat_the_same_judgements_whatever_it_could_not_see():
    a, b = paired_records()
    ra, rb = review(a), review(b)
    seat0 = [
        {k: r[k] for k in ("ply", "played", "best", "cost", "played_value", "best_value")}
        for r in ra.rows
        if r["player"] == 0
    ]
    assert len(seat0) == 4  # two draws and two discards
    assert seat0 == [
        {k: r[k] for k in ("ply", "played", "best", "cost", "played_value", "best_value")}
        for r in rb.rows
        if r["player"] == 0
    ]
    assert ra.unit == "chance" and all(r["draws"] == 3 for r in ra.rows)


def test_refusals_change_nothing():
    rec = levelx_record()
    before = rec.to_json()
    with pytest.raises(ReviewTypeError, match="GameRecord"):
        review(LevelX(seed=1))
    with pytest.raises(ReviewError, match="language"):
        review(rec, language="pt")
    with pytest.raises(ReviewError, match="draws must be"):
        review(rec, draws=9)
    with pytest.raises(ReviewTypeError, match="whole number"):
        review(rec, draws=True)
    with pytest.raises(ReviewError, match="grow"):
        Thresholds(1, 0.5, 2)
    with pytest.raises(ReviewError, match="≥ 0"):
        Thresholds(-1, 0.5, 2)
    with pytest.raises(ReviewTypeError, match="number"):
        Thresholds("a", 1, 2)
    with pytest.raises(ReviewTypeError, match="Thresholds"):
        review(rec, thresholds=(0.1, 0.2, 0.3))
    with pytest.raises(ReviewError, match="per unit"):
        review(rec, thresholds={"score": Thresholds(1, 2, 3)})
    assert rec.to_json() == before
