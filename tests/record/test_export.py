"""Tables and Markdown handouts."""

from __future__ import annotations

from levelwidgets.record import record

from .helpers import annotated_levelx, level8_game


def test_dataframe_main_line():
    rec = annotated_levelx()
    df = rec.to_dataframe()
    steps = list(rec.mainline())
    assert len(df) == len(steps)
    assert list(df.columns[:8]) == [
        "ply", "player", "player_name", "kind", "notation", "events", "comments", "mark",
    ]  # fmt: skip
    row = df.iloc[3]
    assert row["ply"] == 4 and row["mark"] == "?!"
    assert row["comments"] == "Greedy.\nBetter: wait."
    assert row["events"]  # sentences of what the move did


def test_dataframe_all_nodes_has_paths():
    rec = annotated_levelx()
    df = rec.to_dataframe(all_nodes=True)
    assert len(df) == rec.node_count - 1
    assert set(df["path"]).issuperset({"0", "0.0", "0.0.0.1"})
    variation = df[df["path"] == "0.0.0.1"].iloc[0]
    assert not variation["main_line"] and variation["notation"] == "-"
    assert variation["mark"] == "!"


def test_dataframe_level8():
    df = record(level8_game(4)).to_dataframe()
    assert {"draw", "discard"} <= set(df["kind"])


def test_markdown_handout_shows_variations_indented_and_escapes_text():
    rec = annotated_levelx()
    rec.mainline_node(2).comment("<script>alert(1)</script> **bold** [x](javascript:y)")
    md = rec.to_markdown()
    assert md.startswith("# Level X: Lesson 3\n")
    assert "- **Date:** 2025\\-03\\-01" in md
    assert "?! — Greedy\\. — Better: wait\\." in md
    assert "<script>" not in md and "&lt;script&gt;" in md
    assert "](javascript" not in md and "\\*\\*bold\\*\\*" in md
    lines = md.splitlines()
    main4 = next(i for i, line in enumerate(lines) if line.startswith("- 4\\."))
    assert lines[main4 + 1].startswith("  - 4\\.") and "`-` !" in lines[main4 + 1]
    assert any(line.startswith("    - ") for line in lines)  # a variation in a variation
