"""Back from a row to the game: studies keep compact rows, and with ``keep_games=True`` each
game's record, so any interesting game can be stepped through afterwards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .kinds import KINDS

if TYPE_CHECKING:
    import pandas as pd


def load_game(frame: pd.DataFrame, game_index: int, game: str | None = None) -> Any:
    """The finished game ``game_index`` of a :func:`~levelwidgets.analysis.simulate` frame
    made with ``keep_games=True``, as an engine object (show it in a widget to step through).

    ``game`` ("levelx", "level8" or "level8board") defaults to ``frame.attrs["game"]``.

    >>> from levelwidgets.analysis import simulate
    >>> frame = simulate("levelx", ["greedy", "random"], 3, progress=False, keep_games=True)
    >>> g = load_game(frame, 2)
    >>> g.is_over, bool(g.seed == frame.loc[2, "seed"])
    (True, True)
    """
    kind = game if game is not None else frame.attrs.get("game")
    if kind not in KINDS:
        raise ValueError(
            "say which game the frame holds: load_game(frame, i, game='levelx'), 'level8' or "
            f"'level8board' (the frame's attrs do not say; got {kind!r})"
        )
    if "record" not in frame.columns:
        raise ValueError(
            "this frame kept no records: run simulate(..., keep_games=True) to step through games"
        )
    if "game_index" not in frame.columns:
        raise ValueError("the frame has no game_index column: is it a simulate() frame?")
    rows = frame.index[frame["game_index"] == game_index]
    if isinstance(game_index, bool) or not isinstance(game_index, int) or len(rows) != 1:
        raise ValueError(f"no game {game_index!r} in this frame (game_index column)")
    return KINDS[kind].engine_class().from_json(frame.at[rows[0], "record"])
