"""Shared helpers for the Level X tests: scripted turns and the spec's invariants."""

from __future__ import annotations

from levelwidgets.levelx import ROWS, LevelX
from levelwidgets.levelx.rules import DEFAULT_CHIPS


def turn(game: LevelX, dice, move) -> list:
    """Roll ``dice`` and play ``move`` for whoever's turn it is; return the move's events."""
    game.roll(dice)
    return game.play(move)


#: Player 0 takes a chip in every row (the first set: bonus 15), then reaches X5 and X6 again
#: and holds rows 7 and 8 of the second set; player 1 passes each turn with 2-2-2-2.
FIRST_SET_SCRIPT = [
    ((5, 5, 5, 5), "5 5 5 5"),
    ((6, 6, 6, 6), "6 6 6 6"),
    ((6, 1, 6, 1), "6+1 6+1"),
    ((6, 1, 6, 2), "6+1 6+2"),
    ((6, 2, 6, 2), "6+2 6+2"),
    ((6, 3, 6, 3), "6+3 6+3"),
    ((6, 4, 6, 4), "6+4 6+4"),
]
SECOND_SET_SCRIPT = [*FIRST_SET_SCRIPT, ((5, 5, 6, 1), "5 5 6"), ((6, 1, 6, 2), "6+1 6+2")]


def play_script(game: LevelX, script, passing=(2, 2, 2, 2)) -> LevelX:
    """Play ``script`` for player 0 of a two-player game; player 1 passes after each turn."""
    for dice, move in script:
        turn(game, dice, move)
        turn(game, passing, "-")
    return game


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def total_chips(game: LevelX) -> int:
    return sum(game.rules.chips(game.num_players))


def check_invariants(game: LevelX) -> None:
    """Every invariant of the spec (shared/rules/level-x.md), plus bookkeeping consistency."""
    game.check_invariants()  # the engine's own check must agree with the ones below
    n = game.num_players
    if game.rules.chips_for_players == DEFAULT_CHIPS:  # the printed rules: 57 or 51 chips
        assert total_chips(game) == (57 if n == 4 else 51)
    on_board = sum(game.chips_left(r) for r in ROWS)
    held_by = [game.chips_held(p) for p in range(n)]  # each read once: the getters check
    tiles_of = [game.tiles(p) for p in range(n)]  # their arguments on every call
    assert on_board + sum(sum(chips.values()) for chips in held_by) == total_chips(game)
    for row in ROWS:
        length = game.row_length(row)
        squares = [game.piece(p, row) for p in range(n)]
        on_x = [p for p, sq in enumerate(squares) if sq == length]
        assert len(on_x) <= 1, f"two pieces on X{row}"
        assert game.x_owner(row) == (on_x[0] if on_x else None)
        assert all(sq is None or 1 <= sq <= length for sq in squares)
        if game.is_closed(row):
            assert game.chips_left(row) == 0
            assert all(sq is None for sq in squares), f"piece in closed row {row}"
    stack = list(game.rules.bonus_tiles)
    taken = [t for tiles in tiles_of for t in tiles]
    left = game.tiles_left()
    assert sorted(taken + left) == sorted(stack)
    assert left == stack[len(stack) - len(left) :], "tiles must be taken from the top"
    for p, (chips, tiles) in enumerate(zip(held_by, tiles_of, strict=True)):
        assert game.score(p) == sum(r * c for r, c in chips.items()) + sum(tiles)
        complete_sets = min(chips.values())
        assert len(tiles) <= complete_sets
        if left:
            assert len(tiles) == complete_sets, "each complete set earns a tile"
    assert 0 <= game.current_player < n
    assert (game.dice is None) == (game.phase in ("roll", "over"))
    if game.is_over:
        assert game.winners and all(game.score(w) == max(game.scores()) for w in game.winners)
        assert len(game.history) % n == 0, "everyone has the same number of turns"
