"""Back from a row to the game: studies keep compact rows, and with ``keep_games=True`` each
game's record, so any interesting game can be stepped through afterwards. Without records, a
study of named bots (on either simulator) is replayed by the engine from the row's seeds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .kinds import KINDS

if TYPE_CHECKING:
    import pandas as pd


def load_game(frame: pd.DataFrame, game_index: int, game: str | None = None) -> Any:
    """The finished game ``game_index`` of a :func:`~levelwidgets.analysis.simulate` frame,
    as an engine object (show it in a widget to step through): from its record when the
    study kept them (``keep_games=True``), else played again by the engine from the row's
    ``seed`` and the study's bot seeds (studies of named bots, e.g. a batch study; the
    replay is checked against the row).

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
    if "game_index" not in frame.columns:
        raise ValueError("the frame has no game_index column: is it a simulate() frame?")
    if isinstance(game_index, bool) or not isinstance(game_index, int):
        raise ValueError(f"no game {game_index!r} in this frame (game_index column)")
    rows = frame.index[frame["game_index"] == game_index]
    if len(rows) != 1:
        raise ValueError(f"no game {game_index!r} in this frame (game_index column)")
    if "record" in frame.columns:
        return KINDS[kind].engine_class().from_json(frame.at[rows[0], "record"])
    return _replay(frame, rows[0], game_index, kind)


def _replay(frame: pd.DataFrame, at: Any, k: int, kind: str) -> Any:
    """Game ``k`` played again from its seeds, as :func:`~.simulate.play_one` played it."""
    from .simulate import game_seed

    bots, seed = frame.attrs.get("bots"), frame.attrs.get("seed")
    if not bots or not all(isinstance(b, str) for b in bots) or seed is None:
        raise ValueError(
            "this frame kept no records and its study used bot factories (or the frame lost "
            "its attrs): run simulate(..., keep_games=True) to step through games"
        )
    n = len(bots)
    labels = [str(frame.at[at, f"bot_{s}"]) for s in range(n)]
    spec = KINDS[kind]
    players = [spec.bots[bots[(k + s) % n]].make(game_seed(seed, k, s)) for s in range(n)]
    rules = frame.attrs.get("rules")
    if rules is not None and not spec.rules_are_options:  # Level X rules kept as to_dict()
        rules = spec.rules_type().from_dict(rules)
    g = spec.play(players, int(frame.at[at, "seed"]), labels, rules)
    if g.plies != frame.at[at, "turns"] or list(g.winners) != list(frame.at[at, "winner_seats"]):
        raise ValueError(
            f"game {k} played again from its seed does not match its row (turns "
            f"{g.plies} against {frame.at[at, 'turns']}): was the frame edited or combined?"
        )
    return g
