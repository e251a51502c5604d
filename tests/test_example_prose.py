"""The examples say what they show (issue 27, item 7): every fact the prose of an example notebook
states about a roll, a move, a position, a chance or a rule is worked out again here with the
engines, and the text the notebook prints or says must be the engine's.

No kernel: the facts come from the engines (and the engine-only cells of a notebook run with
``exec``); the notebooks' full runs, with the facts about their outputs, are in
tests/widgets/test_example_notebook.py, tests/levelx/test_analysis_notebook.py and
tests/analysis/test_strategies_notebook.py.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path

from levelwidgets.analysis import race
from levelwidgets.level8 import Level8
from levelwidgets.level8.board import ACTIONS, Level8Board
from levelwidgets.level8.bots import HeuristicBot, RandomBot, play_game
from levelwidgets.levelx import LevelX, Rules, probability
from levelwidgets.levelx.advisor import advise

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = REPO / "examples"
WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 10: "ten"}


def cells(name: str) -> list[dict]:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))["cells"]


def prose(name: str) -> str:
    """The notebook's markdown, its lines joined (a sentence may wrap)."""
    text = "\n\n".join("".join(c["source"]) for c in cells(name) if c["cell_type"] == "markdown")
    return re.sub(r"[ \t]*\n(?!\n)[ \t]*", " ", text)


def code_cell(name: str, starts: str) -> str:
    """The source of the notebook's code cell that starts with ``starts``."""
    sources = ["".join(c["source"]) for c in cells(name) if c["cell_type"] == "code"]
    found = [s for s in sources if s.startswith(starts)]
    assert len(found) == 1, f"{name}: no single code cell starting with {starts!r}"
    return found[0]


def run_cell(name: str, starts: str, namespace: dict) -> str:
    """Run an engine-only code cell of the notebook (no display, no kernel); what it prints."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(code_cell(name, starts), namespace)
    return out.getvalue()


def pct(x: Fraction | float) -> str:
    return f"{100 * float(x):.1f} %"


def test_teach_probability_part1_counts_rolls_as_the_engine_does() -> None:
    text = prose("teach_probability.ipynb")
    rolls = probability.all_rolls(4)
    ways = {
        "-".join(map(str, roll)): n for roll, n, _s, _g in probability.roll_facts(4, range(5, 11))
    }
    assert len(rolls) == 6**4 == 1296 and "1,296 equally likely ordered rolls" in text
    assert ways["1-1-1-1"] == 1 and "1-1-1-1 happens in one way only" in text
    assert f"1-2-3-4 in {ways['1-2-3-4']} ways" in text
    different = sum(1 for r in rolls if len(set(r.tolist())) == 4)
    share = Fraction(different, len(rolls))
    said = (
        f"6 · 5 · 4 · 3 = {different}, so the chance is {different}/1296 = {share} ≈ {pct(share)}"
    )
    assert said in text  # Answer 1
    assert f"4!/2! = 24/2 = {ways['1-5-5-6']}." in text  # Answer 2: the orders of 5-5-6-1


def test_teach_probability_part2_moves_and_chances_are_the_engines() -> None:
    text = prose("teach_probability.ipynb")
    game = LevelX(players=["Ann", "Ben"], seed=0)
    game.roll((5, 5, 6, 1))
    assert "5 5 1+6" in [m.notation for m in game.legal_moves()]
    assert '"5 5 1+6" means: a group of one 5, another group of one 5, and a group 1+6 = 7' in text
    exact = probability.sum_chances(exact=True)
    easiest, hardest = max(exact, key=exact.get), min(exact, key=exact.get)
    assert f"Sum {easiest} is the easiest and sum {hardest} the hardest to make" in text
    assert f"{easiest} is the easiest sum to make, {hardest} the hardest" in text  # wrap-up
    assert list(Rules().chips(2)) and f"{sorted(exact)[0]}, 6, 7, 8, 9 or 10" in text
    # Answer 4: no 6 at all, at least one 6, and the rest of the chance of making a 6
    no_six = Fraction(5, 6) ** 4
    six = 1 - no_six
    assert f"(5/6)⁴ = {no_six}" in text
    assert f"1 − {no_six} = {six.numerator}/1296 ≈ {pct(six)}" in text
    assert f"The other ≈ {pct(exact[6] - six)} of the {pct(exact[6])}" in text
    # Lucky Loser helps (it never hurts a sum)
    lucky, plain = probability.sum_chances(lucky_loser=True), probability.sum_chances(False)
    assert all(lucky[s] > plain[s] for s in lucky)


def test_teach_probability_part3_simulation_and_answer5() -> None:
    text = prose("teach_probability.ipynb")
    exact = probability.sum_chances(exact=True)

    def worst(n: int) -> float:  # the largest gap, in percentage points, at the lesson's seed
        counts = probability.simulate_rolls(n, seed=2026)
        return max(abs(100 * counts[s] / n - 100 * float(exact[s])) for s in counts)

    assert "With 100 rolls the percentages wander by several points" in text
    assert worst(100) >= 2
    assert "with 100,000 they agree with the exact column to a few tenths" in text
    assert worst(100_000) < 0.5
    p = exact[10]
    se = float(p * (1 - p) / 1000) ** 0.5
    assert f"1,000 · {p} ≈ {round(1000 * p)}" in text
    assert f"≈ {100 * se:.1f} %" in text
    low, high = round(1000 * (float(p) - 2 * se)), round(1000 * (float(p) + 2 * se))
    assert f"between ≈ {low} and ≈ {high}" in text  # what the answer's code cell shows


def test_teach_probability_part4_races_and_moves_are_the_engines() -> None:
    text = prose("teach_probability.ipynb")
    exact = probability.sum_chances(exact=True)
    lengths = dict(zip(range(5, 11), Rules().row_lengths, strict=True))
    assert f"Row 9 is {WORDS[lengths[9]]} squares long" in text
    turns = {row: float(race.row_race(row).expected_turns) for row in range(5, 11)}
    soonest = sorted(turns, key=turns.get)[:2]
    assert sorted(soonest) == [9, 10] and "The short rows 9 and 10 are reached soonest" in text
    assert min(lengths.values()) == lengths[9] == lengths[10]
    assert max(exact, key=exact.get) not in soonest  # "9 and 10 are not the easiest sums"
    board = float(race.board_race().expected_turns)
    assert f"To bring all six pieces home takes about {WORDS[round(board)]} turns" in text
    # Answer 6
    p9 = exact[9]
    assert race.row_race(9, squares=1, exact=True).expected_turns == 1 / p9
    assert f"a 9: {p9}, so E = {1 / p9} ≈ {float(1 / p9):.2f} turns" in text

    # Which move is worth more? Ann's 2-2-6-4 at the start of the game
    ann = LevelX.from_position(
        ["Ann", "Ben"], pieces=[{}, {}], current=0, dice=(2, 2, 6, 4), seed=1
    )
    assert 'LevelX.from_position(["Ann", "Ben"], pieces=[{}, {}], current=0, dice=(2, 2, 6, 4)' in (
        code_cell("teach_probability.ipynb", "from levelwidgets.levelx.advisor import advise")
    )
    moves = {a.notation: a for a in advise(ann)}
    two_sixes, ten = moves["2+4 6"], moves["2+2+6"]
    assert "Ann starts the game and rolls 2-2-6-4" in text
    assert f"her piece climbs **{WORDS[two_sixes.progress]} squares** of row 6" in text
    assert f"only **{WORDS[ten.progress]} square** of progress" in text
    assert f"row 10 is just {WORDS[lengths[10]]} squares long" in text
    assert ten.expected > two_sixes.expected  # Exercise 7: why 2+2+6 is worth more
    assert "one square before X10" in text and lengths[10] - ten.progress == 1
    assert f"that is {exact[10]} ≈ {pct(exact[10])} of rolls" in text
    assert f"about {float(exact[10]):.3f} · 10 ≈ {float(exact[10]) * 10:.1f} points" in text
    assert f"the advisor's exact {float(ten.expected):.2f}" in text
    gap = lengths[6] - two_sixes.progress
    assert f"her row-6 piece is {WORDS[gap]} squares from X: it needs {WORDS[gap]} 6s" in text


def test_level8_board_play_prose_is_the_engines() -> None:
    name = "level8_board_play.ipynb"
    text = prose(name)
    fields = Level8Board(2).layout.fields
    assert f"**circuit of {len(fields)} action fields**" in text
    assert len(ACTIONS) == 9 and set(Counter(fields[1:]).values()) == {3}
    assert "the nine actions three times round" in text

    # "Move to field 2 (draw2 …) … Ben, the first dealer, turned up the first discard"
    ns: dict = {}
    printed = run_cell(name, "from levelwidgets.level8.board import Level8Board\n\ngame", ns)
    game = Level8Board(["Ann", "Ben"], seed=3)
    assert game.dealer == 1 and game.discard_tops[1] is not None and game.discard_tops[0] is None
    assert "Ben, the first dealer, turned up the first discard" in text
    assert fields[2] == "draw2" and 2 in ns["game"].reachable and "(2, 'draw2')" in printed
    assert "Move to field 2 (`draw2`" in text

    # The lesson position: a steal field, Cem shows his only two cards, Ann's triple of fives
    ns = {}
    printed = run_cell(name, "from levelwidgets.level8.board import Level8Board\nfrom", ns)
    lesson = ns["lesson"]
    assert lesson.layout.fields[7] == "steal" and lesson.towers[0] == 7
    assert "Ann landed on a **steal** field" in text
    assert "Cem holds only two cards, so he shows both" in text
    assert "Cem may show: [['1B', '2B']]" in printed
    fives = [c for c in lesson.hand(0) if ns["CODES"][c].rstrip("RGBPOY") == "5"]
    assert len(fives) == 3  # "completes Ann's triple of fives"
    assert len(lesson.hand(1)) == 10  # "its owner draws a replacement": Ben still holds ten


def test_level8_play_round_end_moves_levels_as_the_prose_says() -> None:
    text = prose("level8_play.ipynb")
    assert "Whoever empties their hand ends the round and moves up two levels" in text
    assert "everyone else who laid down moves up one" in text
    before: dict[str, list] = {}
    ends = []

    def after(game: Level8, events: list) -> None:
        for e in events:
            if e.kind == "round_end" and e.data["round"] <= 3:
                ender, moves = e.player, e.data["moves"]
                laid = before["laid"]
                assert moves == [2 if q == ender else int(laid[q]) for q in range(len(moves))]
                levels = [a + m for a, m in zip(before["levels"], moves, strict=True)]
                assert e.data["levels"] == levels
                ends.append(moves)
        before.update(levels=list(game.levels), laid=list(game.laid_down))

    play_game([HeuristicBot(1), HeuristicBot(2), RandomBot(3)], seed=8, after=after)
    assert len(ends) == 3 and any(1 in m for m in ends)  # some rounds with a laid-down level


def test_levelx_play_keys_are_the_boards() -> None:
    """The keys levelx_play.ipynb lists are the board's (js/src/levelx/keys.js)."""
    text = prose("levelx_play.ipynb")
    source = (REPO / "js" / "src" / "levelx" / "keys.js").read_text(encoding="utf-8")
    keys = dict(re.findall(r'^\s*"?([^"\s:]+)"?: "(\w+)",$', source, flags=re.M))
    said = {
        "`r` roll": [("r", "roll")],
        "`1`–`4` pick dice": [("1", "die0"), ("4", "die3")],
        "`n` new group": [("n", "newGroup")],
        "`Enter` play": [("Enter", "confirm")],
        "`←`/`→` undo/redo": [("ArrowLeft", "undo"), ("ArrowRight", "redo")],
        "`t` teaching overlay": [("t", "teach")],
    }
    for words, pairs in said.items():
        assert words in text
        for key, action in pairs:
            assert keys.get(key) == action, f"{words}: {key} is {keys.get(key)}"
    assert "each group's sum (5–10)" in text


def test_levelx_app_rows_are_the_rules() -> None:
    text = prose("levelx_app.ipynb")
    rows = range(5, 5 + len(Rules().row_lengths))
    assert "adds up to " + ", ".join(map(str, rows[:-1])) + f" or {rows[-1]}" in text


def test_analysis_prose_rules_about_game_length_and_elo() -> None:
    """Whole rounds: two-player games have an even number of turns, four-player ones a multiple
    of four; 200 Elo points more is winning about 3 games in 4."""
    from levelwidgets.analysis import simulate

    assert "two-player games end after whole rounds, so the number of turns is even" in prose(
        "levelx_analysis.ipynb"
    )
    assert (
        simulate("levelx", ["greedy", "random"], 20, seed=0, progress=False).turns % 2 == 0
    ).all()
    text = prose("analyse_strategies.ipynb")
    assert "a game lasts a multiple of 4 turns" in text
    four = simulate("levelx", ["greedy"] * 4, 12, seed=3, progress=False)
    assert (four.turns % 4 == 0).all()
    assert "200 points more means winning about 3 games in 4" in text
    assert round(4 * (1 / (1 + 10 ** (-200 / 400)))) == 3


def test_strategy_prose_batch_engine_and_pairing() -> None:
    """analyse_strategies.ipynb: the batch engine plays greedy and random but not expectimax;
    a paired rule-variant study needs about half the games, the variance ratio about 2 (as
    docs/statistics.md measures), and the ratio holds on a small paired study too."""
    import pytest

    from levelwidgets.analysis import simulate
    from levelwidgets.errors import GameValueError

    text = prose("analyse_strategies.ipynb")
    assert "The batch engine does not play `expectimax`, so this study runs on the engine" in text
    with pytest.raises(GameValueError, match="expectimax"):
        simulate("levelx", ["expectimax", "greedy"], 1, engine="batch", progress=False)
    assert simulate("levelx", ["greedy", "random"], 2, progress=False).attrs["engine"] == "batch"

    assert "a paired study needs about half the games of independent ones" in text
    assert "docs/statistics.md measures 2.0–2.1 for greedy bots" in text
    stats = (REPO / "docs" / "statistics.md").read_text(encoding="utf-8")
    measured = re.findall(
        r"\| Level X, \d greedy, Lucky Loser on/off \| turns \| ([\d.]+) \|", stats
    )
    assert len(measured) == 2 and all(2.0 <= float(r) < 2.15 for r in measured), measured
    frame = simulate(
        "levelx", ["greedy", "greedy"], 600, seed=3, paired=True, progress=False,
        rules={"printed": Rules(), "no Lucky Loser": Rules(lucky_loser=False)},
    )  # fmt: skip
    turns = frame.pivot(index="pair", columns="variant", values="turns")
    a, b = turns["printed"], turns["no Lucky Loser"]
    assert 1.5 < (a.var() + b.var()) / (b - a).var() < 3
