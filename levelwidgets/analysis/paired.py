"""Paired studies: every variant plays the same games (same dice, same deals, same seats).

``simulate_paired`` runs :func:`~.simulate.simulate` once per variant with the same ``seed``;
game ``i`` of every variant then starts from the same game seed and bot seeds (common random
numbers). A difference between variants is measured game by game, and the luck both share
cancels out of it: :func:`~.compare.compare` uses the paired differences, whose interval is
usually much narrower than the independent-samples one for the same number of games
(``benchmarks/paired_design.py`` measures how much).

>>> from levelwidgets.levelx import Rules
>>> frame = simulate_paired("levelx", {"printed": {}, "no Lucky Loser":
...     {"rules": Rules(lucky_loser=False)}}, 3, seed=1, bots=["greedy", "greedy"],
...     progress=False)
>>> frame[["variant", "pair"]].values.tolist()[:4]
[['printed', 0], ['printed', 1], ['printed', 2], ['no Lucky Loser', 0]]
>>> bool((frame["seed"].to_numpy()[:3] == frame["seed"].to_numpy()[3:]).all())
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ._deps import pandas
from .arguments import MAX_STUDIES, AnalysisError, AnalysisLimitError, AnalysisTypeError

if TYPE_CHECKING:
    import pandas as pd

_KEYS = ("bots", "rules")


def simulate_paired(
    game: str,
    variants: Mapping[str, Mapping[str, Any]],
    n_games: int,
    seed: int = 0,
    **kw: Any,
) -> pd.DataFrame:
    """Play ``n_games`` of every variant on the same seeds; one frame of all their rows.

    ``variants``: ``{label: {"bots": [...], "rules": ...}}``; a variant without ``bots`` or
    ``rules`` takes ``bots=`` / ``rules=`` from the keywords (``kw``), which otherwise go to
    :func:`~.simulate.simulate` as they are (``players``, ``executor``, ``progress`` …).

    The frame has simulate's columns plus ``variant`` (the label) and ``pair`` (the game
    index every variant shares), variants in the order given. ``frame.attrs``: ``paired``
    True, ``variants`` the labels, ``complete`` whether every variant finished.
    """
    plans = _plans(variants, kw)
    from .simulate import simulate

    pd = pandas()
    frames = []
    complete = True
    attrs: dict[str, Any] = {}
    for label, plan in plans.items():
        frame = simulate(game, n_games=n_games, seed=seed, **plan)
        complete = complete and bool(frame.attrs.get("complete", True))
        attrs = dict(frame.attrs)
        frame = frame.assign(variant=label)
        frame["pair"] = frame["game_index"].astype("int64")
        frames.append(frame)
    out = pd.concat(frames, ignore_index=True)
    out.attrs.update(attrs)
    out.attrs.update(paired=True, variants=list(plans), complete=complete)
    return out


def _plans(variants: object, kw: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each variant's simulate() keywords; every problem refused before any game is played."""
    if not isinstance(variants, Mapping):
        raise AnalysisTypeError(
            "variants must be a dict {label: {'bots': [...], 'rules': ...}}, not "
            f"{type(variants).__name__}"
        )
    if len(variants) < 2:
        raise AnalysisError("a paired study compares at least two variants")
    if len(variants) > MAX_STUDIES:
        raise AnalysisLimitError(f"at most {MAX_STUDIES:,} variants, not {len(variants):,}")
    plans = {}
    for label, spec in variants.items():
        if not isinstance(label, str) or not label:
            raise AnalysisTypeError(f"a variant's label must be a non-empty string, not {label!r}")
        if not isinstance(spec, Mapping):
            raise AnalysisTypeError(
                f"variant {label!r} must be a dict with 'bots' and/or 'rules', not {spec!r}"
            )
        unknown = [k for k in spec if k not in _KEYS]
        if unknown:
            shown = ", ".join(map(repr, unknown))
            raise AnalysisError(f"variant {label!r} may set only 'bots' and 'rules', not {shown}")
        plan = dict(kw) | dict(spec)
        if "bots" not in plan:
            raise AnalysisError(f"variant {label!r} has no bots: give them in it or as bots=")
        plans[label] = plan
    return plans
