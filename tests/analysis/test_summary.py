"""summary(frame): per bot, per pair and per seat, ties shared, bad frames refused."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from levelwidgets.analysis import rotate_seats, summary, wilson_interval

from .helpers import two_player_frame


def test_first_seat_advantage_on_a_synthetic_frame():
    s = summary(two_player_frame(first_wins=70, second_wins=30))
    first = s.first_seat
    assert (first["games"], first["wins"], first["win_rate"]) == (100, 70, 0.7)
    assert (first["ci_low"], first["ci_high"]) == pytest.approx(wilson_interval(70, 100))
    assert first["baseline"] == 0.5 and first["advantage"] == pytest.approx(0.2)
    assert "an advantage" in repr(s)
    assert list(s.seats["win_rate"]) == pytest.approx([0.7, 0.3])
    # the bots swapped seats every game, so each won 35 as first and 15 as second
    assert list(s.per_bot["wins"]) == [50, 50] and list(s.per_bot["games"]) == [100, 100]


def test_no_clear_advantage_and_a_disadvantage():
    assert "no clear advantage" in repr(summary(two_player_frame(52, 48)))
    assert "a disadvantage" in repr(summary(two_player_frame(30, 70)))


def test_ties_give_each_tied_bot_half_a_win():
    s = summary(two_player_frame(first_wins=6, second_wins=2, ties=2))
    assert s.games == 10 and s.ties == 2
    a, b = (s.per_bot.set_index("bot").loc[name] for name in ("A", "B"))
    # A sits first in even games: games 0, 2, 4 (seat 0 wins) → 3; game 7 (seat 1 wins:
    # A's seat, odd game) → 1; ties in games 8 and 9 → 0.5 each
    assert (a["wins"], a["ties"], b["wins"], b["ties"]) == (5.0, 2, 5.0, 2)
    assert s.per_bot["wins"].sum() == s.games  # one win handed out per game
    assert s.first_seat["wins"] == 7.0


def test_tied_seats_come_from_winner_seats_before_scores():
    frame = pd.DataFrame(
        {
            "seed": [1, 2],
            "turns": [30, 30],
            "winner_seat": [-1, -1],
            "winner_seats": [(0, 2), "(1, 2)"],  # a tuple, and the same read back from CSV
            "bot_0": ["A", "A"],
            "bot_1": ["B", "B"],
            "bot_2": ["C", "C"],
            "score_0": [9, 9],  # scores alone would say A won both
            "score_1": [1, 1],
            "score_2": [1, 1],
        }
    )
    wins = summary(frame).per_bot.set_index("bot")["wins"].to_dict()
    assert wins == {"A": 0.5, "B": 0.5, "C": 1.0}


def test_a_three_way_tie_by_scores():
    frame = pd.DataFrame(
        {"seed": [1], "turns": [20], "winner_seat": [-1], "bot_0": ["A"], "bot_1": ["B"]}
        | {"bot_2": ["C"], "bot_3": ["D"]}
        | {"score_0": [5], "score_1": [5], "score_2": [5], "score_3": [4]}
    )
    wins = summary(frame).per_bot.set_index("bot")["wins"]
    assert list(wins[["A", "B", "C", "D"]]) == pytest.approx([1 / 3, 1 / 3, 1 / 3, 0])


def test_seat_rotation_credits_the_bot_not_the_seat():
    """Ace always wins; with three bots rotated through three seats it wins 100 % from any
    seat, and each seat wins exactly a third of the games."""
    seating = rotate_seats(lambda seed: ["Ace", "Bo", "Cy"])
    rows = []
    for seed in range(30):
        bots = seating(seed)
        rows.append(
            {"seed": seed, "turns": 40, "winner_seat": bots.index("Ace")}
            | {f"bot_{i}": b for i, b in enumerate(bots)}
        )
    s = summary(pd.DataFrame(rows))
    per_bot = s.per_bot.set_index("bot")
    assert per_bot.loc["Ace", "win_rate"] == 1.0 and per_bot.loc["Ace", "ci_low"] > 0.88
    assert list(per_bot.loc[["Bo", "Cy"], "wins"]) == [0, 0]
    assert list(per_bot["games"]) == [30, 30, 30] and per_bot["wins"].sum() == 30
    assert list(s.seats["games"]) == [30, 30, 30]
    assert list(s.seats["wins"]) == [10, 10, 10] and s.first_seat["baseline"] == pytest.approx(
        1 / 3
    )
    ace = s.pairwise[s.pairwise["bot"] == "Ace"]
    assert list(ace["opponent"]) == ["Bo", "Cy"] and list(ace["win_rate"]) == [1.0, 1.0]


def test_pairwise_counts_only_games_both_played():
    frame = pd.DataFrame(
        {
            "seed": [1, 2, 3, 4],
            "turns": [10, 10, 10, 10],
            "winner_seat": [0, 0, 1, 0],
            "bot_0": ["A", "A", "B", "C"],
            "bot_1": ["B", "C", "C", "A"],
        }
    )
    s = summary(frame)
    pairs = s.pairwise.set_index(["bot", "opponent"])
    assert pairs.loc[("A", "B"), ["games", "wins"]].tolist() == [1, 1]
    assert pairs.loc[("A", "C"), ["games", "wins"]].tolist() == [2, 1]  # game 4: C won
    assert pairs.loc[("C", "A"), ["games", "wins"]].tolist() == [2, 1]
    assert pairs.loc[("C", "B"), ["games", "wins"]].tolist() == [1, 1]
    assert "Head to head" in repr(s)  # shown once there are more than two bots


def test_unfinished_games_are_left_out_and_counted():
    frame = two_player_frame(3, 1)
    frame["winner_seat"] = frame["winner_seat"].astype(float)
    frame.loc[3, "winner_seat"] = math.nan
    s = summary(frame)
    assert (s.games, s.unfinished) == (3, 1)
    assert s.per_bot["games"].tolist() == [3, 3] and s.lengths["count"] == 3
    assert "1 unfinished" in repr(s)


def test_lengths_describe_the_turns():
    s = summary(two_player_frame(5, 5))
    assert s.turns.tolist() == [30 + 2 * (k % 5) for k in range(10)]
    assert (s.lengths["min"], s.lengths["50%"], s.lengths["max"]) == (30, 34, 38)
    assert "median 34 turns" in repr(s)


def test_html_escapes_bot_names():
    s = summary(two_player_frame(3, 1, bots=("<script>x</script>", "B & C")))
    html = s._repr_html_()
    assert "<script>" not in html and "&lt;script&gt;x&lt;/script&gt;" in html
    assert "B &amp; C" in html and "95 % interval" in html


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda f: f.drop(columns="winner_seat"), "winner_seat"),
        (lambda f: f.drop(columns=["bot_0", "bot_1"]), "bot_0"),
        (lambda f: f.rename(columns={"bot_1": "bot_2"}), "without gaps"),
        (lambda f: f.assign(winner_seat=2), "winner_seat must be a seat 0…1"),
        (lambda f: f.assign(winner_seat=0.5), "winner_seat must be"),
        (lambda f: f.assign(winner_seat=-1).drop(columns="score_1"), "is a tie"),
        (lambda f: f.assign(winner_seat=math.nan), "No finished game"),
    ],
)
def test_bad_frames_say_what_is_wrong(change, message):
    with pytest.raises(ValueError, match=message):
        summary(change(two_player_frame(2, 2)))


def test_not_a_frame():
    with pytest.raises(ValueError, match="DataFrame"):
        summary([{"seed": 1}])
