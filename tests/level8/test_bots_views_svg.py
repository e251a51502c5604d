"""Hidden information, bots, play_game and the SVG of the table."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

import pytest

from levelwidgets.level8 import (
    COLOUR_SHAPES,
    HeuristicBot,
    InvariantError,
    Level8,
    RandomBot,
    play_game,
)
from levelwidgets.level8.cards import CODES
from levelwidgets.level8.palette import TEXT

from .helpers import cs, stacked


def test_player_view_shows_only_what_the_player_may_see():
    g = Level8(["Ann", "Ben", "Cy"], seed=2)
    g.draw()
    obs = g.observation(0)
    assert obs.hand == tuple(g.hand(0))
    assert obs.hands is None and obs.draw_pile is None
    assert obs.hand_counts == (11, 10, 10)
    assert obs.draw_count == g.draw_pile_size
    assert obs.discard_tops == tuple(g.discard_tops)
    assert obs.levels == (1, 1, 1) and obs.requirements[0].describe() == "2 runs of 3"
    other = g.observation("Ben")
    assert other.hand == tuple(g.hand(1)) and other.legal_actions == ()
    spectator = g.observation("spectator")
    assert spectator.hand is None and spectator.legal_actions == ()
    teacher = g.observation("teacher")
    assert teacher.hands == tuple(tuple(g.hand(q)) for q in range(3))
    assert len(teacher.draw_pile) == g.draw_pile_size
    assert set(teacher.legal_actions) == set(g.legal_actions())
    data = json.loads(json.dumps(obs.to_dict()))
    assert "hands" not in data and data["hand"] == list(g.hand(0))


def _hidden_variant(game: Level8, viewer: int) -> Level8:
    """Same position for ``viewer``, but other hands and the draw pile are reshuffled."""
    other = game.clone()
    hidden = list(other._draw)
    for q in range(other.num_players):
        if q != viewer:
            hidden += other._hands[q]
    hidden.reverse()
    for q in range(other.num_players):
        if q != viewer:
            k = len(other._hands[q])
            other._hands[q], hidden = hidden[:k], hidden[k:]
    other._draw = hidden
    other.check_invariants()
    return other


@pytest.mark.parametrize("bot_cls", [HeuristicBot, RandomBot])
def test_bot_choice_ignores_cards_it_cannot_see(bot_cls):
    game = Level8(4, seed=31)
    driver = [HeuristicBot(k) for k in range(4)]
    compared = 0
    for _ in range(300):
        if game.is_over:
            break
        p = game.current_player
        variant = _hidden_variant(game, p)
        assert variant.state_dict() != game.state_dict()  # hidden cards really differ
        assert variant.observation(p) == game.observation(p)
        a = bot_cls(seed=5).choose(game.observation(p))
        b = bot_cls(seed=5).choose(variant.observation(p))
        assert a == b
        compared += 1
        game.apply(driver[p].choose(game.observation(p)))
    assert compared >= 200


def test_random_bot_plays_only_legal_actions():
    g = play_game([RandomBot(1), RandomBot(2), RandomBot(3)], seed=5, max_actions=1500)
    assert len(g.history) == 1501 or g.is_over
    g.check_invariants()


def test_heuristic_bot_beats_random_bots():
    wins = 0
    games = 12
    for seed in range(games):
        bots = [HeuristicBot(seed), RandomBot(seed + 100)]
        if seed % 2:
            bots.reverse()
        g = play_game(bots, seed=seed, max_actions=6000)
        hero = 0 if seed % 2 == 0 else 1
        wins += g.winners == [hero]
    assert wins >= games - 1


def test_heuristic_bot_lays_down_as_soon_as_it_can_and_adds_on():
    g = stacked(["1R 2R 3R 5G 6G 7G 4R 9P 11O 13O", "*"], "14O", "8G")
    bot = HeuristicBot(0)
    g.apply(bot.choose(g.observation(0)))  # draw
    action = bot.choose(g.observation(0))
    assert action.kind == "lay_down"
    g.apply(action)
    kinds = []
    while g.current_player == 0:
        action = bot.choose(g.observation(0))
        kinds.append(action.kind)
        g.apply(action)
    assert kinds == ["add_on", "add_on", "add_on", "discard"]  # 4R, 8G, then 9P on 5-8
    assert len(g.hand(0)) == 1


def test_heuristic_bot_takes_a_useful_discard_and_skips_the_leader():
    g = stacked(["1R 2R 5G 6G 9P 9B 11O 13O 15B S1", "*", "*"], "3Y", "10P", start_levels=[1, 2, 5])
    bot = HeuristicBot(0)
    action = bot.choose(g.observation(0))
    assert action.kind == "draw" and action.source == 2  # 3Y completes 1-2-3
    g.apply(action)
    action = bot.choose(g.observation(0))
    assert action.kind == "skip" and action.target == 2  # the leader is on level 5


def test_play_game_returns_finished_game_and_is_deterministic():
    a = play_game([HeuristicBot(1), HeuristicBot(2), HeuristicBot(3)], seed=42, sides="two")
    b = play_game([HeuristicBot(1), HeuristicBot(2), HeuristicBot(3)], seed=42, sides="two")
    assert a.is_over and len(a.winners) == 1 and a.phase == "over"
    assert a.snapshot() == b.snapshot()
    w = a.winners[0]
    assert a.levels[w] == len(a.sides[w]) + 1


def test_custom_ten_level_sequence_game():
    seq = [
        "set 3 + set 3",
        "set 3 + run 4",
        "set 4 + run 4",
        "run 7",
        "run 8",
        "run 9",
        "set 4 + set 4",
        "colour 7",
        "set 5 + set 2",
        "set 5 + set 3",
    ]
    g = play_game([HeuristicBot(1), HeuristicBot(2)], seed=3, sides=seq)
    assert g.is_over and len(g.sides[0]) == 10
    assert g.levels[g.winners[0]] == 11


def test_invariant_checker_catches_broken_states():
    g = stacked(["1R 2R 3R 5G 6G 7G 4R 9P 11O 13O", "*"], "14O", "8G")
    g.draw()
    g.lay_down([("run", cs("1R 2R 3R")), ("run", cs("5G 6G 7G"))])
    broken = g.clone()
    broken._melds[0][0].cards[1] = cs("9P")[0]
    broken._hands[0].remove(cs("9P")[0])
    broken._hands[0].append(cs("2R")[0])
    with pytest.raises(InvariantError, match="invalid laid combination"):
        broken.check_invariants()
    dup = g.clone()
    dup._hands[1].append(dup._hands[0][0])
    with pytest.raises(InvariantError, match="101 distinct"):
        dup.check_invariants()
    short = g.clone()
    short._draw.append(short._hands[1].pop())
    with pytest.raises(InvariantError, match="holds 9 cards"):
        short.check_invariants()


def test_svg_is_valid_escaped_and_colour_blind_safe():
    g = Level8(["<Ann & Co>", "Ben"], seed=3)
    g.draw()
    svg = g._repr_svg_()
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag.endswith("svg")
    assert "&lt;Ann &amp; Co&gt;" in svg and "<Ann" not in svg
    # every colour is drawn with its own shape as well as its fill
    assert len(COLOUR_SHAPES) == 6
    for q in range(2):
        for card in g.hand(q):  # every face-up card has its full code as a tooltip
            assert f"<title>{CODES[card]}</title>" in svg
    for tag in ("circle", "polygon", "rect"):
        assert f"<{tag}" in svg
    view = g.to_svg(1)  # seat 1 sees only its own hand
    assert view.count("<title>") < svg.count("<title>")


def _mid_round_game() -> Level8:
    """Ann lays down two runs (one with a joker) and skips Ben; Ben is to be skipped."""
    g = stacked(
        ["4R 5G 6B J1 8Y 9Y 2P 3P 13O 14O", "*", "*"],
        "7P",
        "S1",
        names=["Ann", "Ben & <Co>", "Charlotte-Élodie Longname"],
        sides=["one", "two", "one"],
    )
    g.draw()  # S1 from the draw pile
    g.lay_down([("run", cs("4R 5G 6B")), ("run", cs("J1 8Y 9Y"), {"J1": 7})])
    g.skip(1)
    return g


def test_svg_shows_melds_skips_levels_and_turn():
    g = _mid_round_game()
    svg = g.to_svg()
    ET.fromstring(svg)
    # laid combinations with their number (for add-ons) and kind; the joker's meaning
    assert "#1 run 4–6" in svg and "#2 run 7–9" in svg and "=7" in svg
    # a skip card lies in front of Ben; levels and sides (one-star ★, two-star ★★)
    assert "in front" in svg and ">Skip</text>" in svg
    assert "Level 1 of 8" in svg and "★★" in svg
    # whose turn it is (the widget's words), escaped, and long names shortened with the full
    # name as a tooltip
    assert "Ben &amp; &lt;Co&gt;: skipped: sit this turn out" in svg
    assert "<title>Charlotte-Élodie Longname</title>" in svg and "Charlotte-Élodie…" in svg
    # numbers are printed in their colour (red 4, yellow 8), not in black
    assert f'fill="{TEXT[0]}">4</text>' in svg and f'fill="{TEXT[1]}">8</text>' in svg
    assert "<polygon points=" in svg and "<circle" in svg  # shapes as well as colours


def test_svg_views_hide_hands_but_show_counts():
    g = _mid_round_game()
    spectator = g.to_svg("spectator")
    ET.fromstring(spectator)
    assert "spectator view" in spectator
    for q in range(3):
        k = len(g.hand(q))
        assert f"{k} card{'s' if k != 1 else ''}</text>" in spectator
        for card in g.hand(q):  # no hidden card is shown face up
            assert f"<title>{CODES[card]}</title>" not in spectator
    own = g.to_svg(2)
    assert "Charlotte-Élodie Longname&#x27;s view" in own
    assert all(f"<title>{CODES[c]}</title>" in own for c in g.hand(2))
    assert not any(f"<title>{CODES[c]}</title>" in own for c in g.hand(1))


@pytest.mark.parametrize("players", [2, 6])
def test_svg_of_finished_games_is_well_formed(players):
    g = play_game([HeuristicBot(k) for k in range(players)], seed=players)
    svg = g._repr_svg_()
    root = ET.fromstring(svg)
    assert root.get("width") == "800"
    assert "Game over:" in svg and "★ winner" in svg
    assert root.find("{http://www.w3.org/2000/svg}rect") is not None  # own background


def test_repr_is_informative():
    g = Level8(["Ann", "Ben"], seed=1)
    text = repr(g)
    assert "round 1" in text and "'draw'" in text and "Ann: L1" in text and "draw pile 80" in text


def test_svg_shows_the_skip_card_that_lies_in_front_not_always_s1():
    """Issue 14: a skip card in front of a player was labelled "S1" whatever card it was."""
    g = stacked(["1R 2R 5G 6G 9P 9B 11O 13O 15B S3", "*"], "3Y", "10P")
    g.draw()
    g.skip(1, "S3")
    assert g.observation(None).skip_cards[1] == CODES.index("S3")
    svg = g.to_svg(None)
    assert "<title>S3</title>" in svg
    assert "<title>S1</title>" not in svg


def test_distances_to_laid_run_ends_are_the_nearest_end():
    """The bots' table of how far each number is from a laid run's end (kept with the set
    numbers by fits._number_distances) is the plain minimum over the ends; 99 with no run laid."""
    import random

    from levelwidgets.level8.fits import _end_distances

    rng = random.Random(5)
    assert _end_distances(0)[1:] == (99.0,) * 15
    for _ in range(300):
        ends = rng.sample(range(1, 16), rng.randint(1, 6))
        got = _end_distances(sum(1 << e for e in ends))
        assert got[1:] == tuple(min(abs(v - e) for e in ends) for v in range(1, 16)), ends
