"""Every action our own bots choose has an action id that ``legal_action_ids()`` lists (issue 29).

The game-AI adapters name actions by id only, so a bot's choice that ``apply`` accepts but no
listed id names cannot be replayed, masked or learned from. Seeded games are played twice in
lockstep: one game applies each bot's action, its twin (a clone from the start, random
generator included) applies ``action_from_id`` of that action's id. Both must reach the same
position at every step and write the same JSON at the end.

Before the fix the card game's ``HeuristicBot`` played skip cards other than the one listed,
and the board game's ``BoardHeuristicBot`` chose swaps, shows and two discards in an order that has
no id.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from levelwidgets.level8 import Action, Level8
from levelwidgets.level8.action_text import action_to_string
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.board.bots import BoardHeuristicBot, BoardRandomBot
from levelwidgets.level8.bots import HeuristicBot, RandomBot
from levelwidgets.level8.cards import is_skip
from levelwidgets.level8.errors import ActionIdError
from levelwidgets.level8.search import SearchBot

Game = Level8 | Level8Board


def play_checked(game: Game, bots: Sequence[object], max_actions: int) -> dict[str, int]:
    """Play ``bots`` in ``game`` (to the end or ``max_actions``), checking every choice's id;
    returns how many actions of each kind were checked."""
    twin = game.clone()
    kinds: dict[str, int] = {}
    for ply in range(max_actions):
        if game.is_over:
            break
        p = game.current_player
        action = bots[p].choose(game.observation(p))  # type: ignore[attr-defined]
        where = f"seed {game.seed}, {game.num_players} players, action {ply + 1}"
        listed = game.legal_action_ids()
        try:
            i = game.action_id(action)
        except ActionIdError as exc:
            pytest.fail(
                f"{where}: the bot chose {action_to_string(action)!r}, which has no id: {exc}"
            )
        assert i in listed, (
            f"{where}: the bot chose {action_to_string(action)!r} (id {i}), but legal_action_ids() "
            f"does not list {i}"
        )
        by_id = twin.action_from_id(i)
        if action.kind == "skip" and action.card != min(filter(is_skip, game.hand(p))):
            kinds["skip, not the lowest skip card in hand"] = 1
        game.apply(action)
        twin.apply(by_id)
        assert twin.state_dict() == game.state_dict(), (
            f"{where}: {action_to_string(action)!r} and the action of its id "
            f"{action_to_string(by_id)!r} lead to different positions"
        )
        kinds[action.kind] = kinds.get(action.kind, 0) + 1
    assert twin.to_json() == game.to_json()
    return kinds


def _card_game(players: int, seed: int) -> Level8:
    return Level8(players, seed=seed)


def _board_game(players: int, seed: int) -> Level8Board:
    return Level8Board(players, seed=seed)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", [0, 1])
def test_card_game_heuristic_bots_choose_listed_ids(players: int, seed: int) -> None:
    kinds = play_checked(
        _card_game(players, seed), [HeuristicBot(seed * 10 + q) for q in range(players)], 5000
    )
    assert kinds.get("lay_down") and kinds.get("discard")  # (whole games: real decisions)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1])
def test_board_game_heuristic_bots_choose_listed_ids(players: int, seed: int) -> None:
    bots = [BoardHeuristicBot(seed * 10 + q) for q in range(players)]
    kinds = play_checked(_board_game(players, seed), bots, 5000)
    assert kinds.get("lay_down") and kinds.get("swap") and kinds.get("show")


def test_a_bot_holding_several_skip_cards_plays_one_with_an_id() -> None:
    """Issue 29 (a): with S2 and S3 in hand the bot played S3, but only S2 was listed."""
    kinds = play_checked(_card_game(2, 0), [HeuristicBot(q) for q in range(2)], 5000)
    assert kinds.get("skip, not the lowest skip card in hand")


GameMaker = Callable[[int, int], Game]


@pytest.mark.parametrize(
    ("make", "bot", "players"),
    [
        (_card_game, RandomBot, 2),
        (_card_game, RandomBot, 5),
        (_board_game, BoardRandomBot, 2),
        (_board_game, BoardRandomBot, 4),
    ],
)
def test_random_bots_choose_listed_ids(make: GameMaker, bot: type, players: int) -> None:
    play_checked(make(players, 3), [bot(q) for q in range(players)], 600)


def test_search_bot_chooses_listed_ids() -> None:
    """A small search budget: its candidates come from legal_actions() and the HeuristicBot."""
    bots = [SearchBot(q, determinizations=1, stages=1, max_plies=10) for q in range(3)]
    kinds = play_checked(_card_game(3, 4), bots, 120)
    assert kinds.get("draw") and kinds.get("discard")


def _at_keep() -> Level8:
    """A card game (two-star side) at the end of a round where a seat chooses cards to keep."""
    game = Level8(3, seed=0, sides="two")
    bots = [HeuristicBot(q) for q in range(3)]
    while game.phase != "keep":
        p = game.current_player
        game.apply(bots[p].choose(game.observation(p)))
    return game


def test_a_keep_in_another_order_has_the_id_of_the_sorted_keep() -> None:
    """The engine keeps kept cards sorted, so every order is the same action: one id."""
    game = _at_keep()
    p = game.current_player
    cards = tuple(sorted(game.hand(p))[:3])
    listed, shuffled = Action("keep", p, cards=cards), Action("keep", p, cards=cards[::-1])
    i = game.action_id(shuffled)
    assert i == game.action_id(listed) and i in game.legal_action_ids()
    assert game.action_from_id(i) == listed
    twin = game.clone()
    game.apply(shuffled)
    twin.apply(listed)
    assert twin.to_json() == game.to_json()


def test_a_swap_in_another_order_is_legal_but_has_no_id() -> None:
    """A swap's order decides the pile's top, so it is another action; only sorted swaps
    are listed (docs/protocol.md), and the bots choose those."""
    game = _board_game(2, 0)
    bots = [BoardHeuristicBot(q) for q in range(2)]
    while game.phase != "swap":
        p = game.current_player
        game.apply(bots[p].choose(game.observation(p)))
    p = game.current_player
    cards = tuple(sorted(game.hand(p))[:2])
    assert game.action_id(Action("swap", p, cards=cards)) in game.legal_action_ids()
    with pytest.raises(ActionIdError, match="no id"):
        game.action_id(Action("swap", p, cards=cards[::-1]))
    before = game.to_json()
    game.apply(Action("swap", p, cards=cards[::-1]))  # legal all the same
    assert game.to_json() != before and game.discard_tops[p] == cards[0]


def test_the_board_bots_two_discards_have_an_id() -> None:
    """When every laid combination is full the bot may discard two cards: as a listed pair."""
    from level8.helpers import cs
    from level8board.helpers import board, land  # tests/ is on sys.path

    g = board(["5R 5Y 5G 5B 5P 5O 1R 2R 3R 4R", "*"], "14O", "9G", sides=[["set 6"] * 3] * 2)
    land(g, 1)
    g.take()
    g.lay_down([("set", cs("5R 5Y 5G 5B 5P 5O"))])
    action = BoardHeuristicBot(0).choose(g.observation(0))
    assert action.kind == "discard_two" and list(action.cards) == sorted(action.cards)
    assert g.action_id(action) in g.legal_action_ids()
