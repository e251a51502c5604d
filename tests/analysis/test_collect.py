"""A study's rows are kept compactly: bytes per game, not kilobytes, and nothing lost."""

from __future__ import annotations

import tracemalloc

import pandas as pd

from levelwidgets.analysis.collect import RowCollector
from levelwidgets.analysis.simulate import _study, play_one


def real_rows(game: str, bots: list[str], n: int) -> tuple[list[dict], tuple[str, ...]]:
    study = _study(game, bots, n, 3, None, None, False)
    return [play_one(study, k) for k in range(n)], study.labels


def plain_value(value):
    """None for any empty cell (None, NaN, <NA>), ints for whole numbers, else the value."""
    if isinstance(value, tuple):
        return value
    if pd.isna(value):
        return None
    return int(value) if isinstance(value, float) and value.is_integer() else value


def test_a_hundred_thousand_rows_take_about_a_hundred_bytes_each():
    rows, labels = real_rows("levelx", ["greedy", "random", "random", "random"], 20)
    collector = RowCollector(labels)
    tracemalloc.start()
    for chunk in range(500):  # 500 chunks of 200 rows, as workers would send them
        chunk_rows = [dict(rows[i % 20], game_index=chunk * 200 + i) for i in range(200)]
        for row in chunk_rows:  # as unpickled from a worker: new strings and tuples per row
            for key, value in row.items():
                if isinstance(value, str):
                    row[key] = "".join(list(value))
            row["winner_seats"] = tuple(list(row["winner_seats"]))
        collector.add(chunk_rows)
    frame = collector.frame()
    held, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert len(frame) == collector.count == 100_000
    assert frame["game_index"].is_monotonic_increasing
    assert held / len(frame) < 120, f"{held / len(frame):.0f} bytes per game"
    assert len({id(t) for t in frame["winner_seats"]}) <= 5  # one object per distinct tuple
    assert len({id(b) for b in frame["winner_bot"]}) <= 5  # and per distinct name
    assert frame["score_0"].dtype == "int16" and frame["chips_row_5"].dtype == "int8"
    frame["bot_0"] = frame["bot_0"].replace({"Greedy": "G"})  # plain strings: renaming works


def test_values_survive_compaction_unfinished_and_ties_included():
    rows, labels = real_rows("level8", ["heuristic", "random"], 6)
    rows[1] = dict(rows[1], over=False, winner_seat=None, winner_seats=(), winner_bot=None,
                   rounds_to_finish=None)  # fmt: skip
    rows[2] = dict(rows[2], winner_seat=-1, winner_seats=(0, 1), winner_bot=None, tie=True)
    collector = RowCollector(labels)
    collector.add(reversed(rows[3:]))
    collector.add(rows[:3])
    frame = collector.frame()
    plain = pd.DataFrame(rows)
    assert list(frame["game_index"]) == list(range(6))
    for column in plain.columns:
        got = [plain_value(v) for v in frame[column].tolist()]
        assert got == [plain_value(v) for v in plain[column].tolist()], column
    assert pd.isna(frame.loc[1, "winner_seat"]) and frame.loc[2, "winner_seat"] == -1


def test_small_chunks_are_pooled_into_few_frames_and_nothing_is_lost():
    """A short study in-process sends chunks of a few games: the collector pools them, so
    pandas builds one frame per ~1000 rows (not one per chunk), and holds no more than that
    as column lists."""
    from levelwidgets.analysis.collect import _COMPACT_EVERY

    rows, labels = real_rows("level8", ["heuristic", "random"], 7)
    collector = RowCollector(labels)
    frames_built = 0
    for chunk in range(300):  # 300 chunks of 3 games
        collector.add([dict(rows[(chunk + i) % 7], game_index=chunk * 3 + i) for i in range(3)])
        assert collector.held < _COMPACT_EVERY
        frames_built = max(frames_built, len(collector._pending) + len(collector._frames))
    frame = collector.frame()
    assert frames_built <= 900 // _COMPACT_EVERY
    assert list(frame["game_index"]) == list(range(900))
    assert frame["rounds"].tolist() == [rows[(k // 3 + k % 3) % 7]["rounds"] for k in range(900)]
