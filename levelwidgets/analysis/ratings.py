"""Ratings for any table size: the Plackett–Luce model fitted to finishing orders.

Plackett–Luce gives each bot a worth ``γ = e^θ``; a finishing order is read as choices from
the top: the winner is chosen from all seats with probability ``γ_winner / Σ γ``, second place
from the rest, and so on. With two seats it is the Bradley–Terry model behind
:func:`~.elo.elo`, which stays as that special case: ``ratings()`` of two-player games equals
``elo()`` (same prior, same scale).

- **Finishing order**: the winner (or the seats sharing a tie) first, then the other seats by
  their ``score_i`` (Level X points, Level 8 the level reached); equal scores are tied. A
  frame without scores only says who won: the rest stay unranked (no choice among them).
- **Ties**: a tie is read as every order of the tied seats, each equally likely (the expected
  log-likelihood over tie-breaks); for two seats that is exactly Elo's half a win each.
- **Prior**: as in :func:`~.elo.elo`, each bot gets half a win and half a loss against a
  virtual bot of worth 1, so a bot that won every game still has a finite rating.
- **Fit**: Hunter's (2004) MM algorithm, which raises the likelihood every step, then Newton
  steps to machine precision. Identical choices (same seats left, same bot chosen) are
  counted once with their weight, so the fit's cost depends on the bots, not on the games.
- **Intervals**: Wald intervals from the observed Fisher information (the Hessian at the
  maximum), for each rating relative to the average bot (or to ``anchor``).

Ratings are on the Elo scale: ``400·log10(γ)``; 200 points more means winning about 76 % of
two-player games.

>>> import pandas as pd
>>> games = pd.DataFrame({"seed": range(3), "turns": [9] * 3, "winner_seat": [0, 1, 2],
...     "bot_0": ["A", "A", "C"], "bot_1": ["B", "C", "B"], "bot_2": ["C", "B", "A"],
...     "score_0": [9, 2, 9], "score_1": [5, 9, 5], "score_2": [1, 5, 1]})
>>> table = ratings(games, anchor="B")
>>> list(table["bot"]), float(table.loc[table["bot"] == "B", "rating"].iloc[0])
(['A', 'C', 'B'], 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise, permutations, product
from math import e, log10
from typing import TYPE_CHECKING

import numpy as np

from ._deps import pandas
from .arguments import MAX_RATED_BOTS, AnalysisError, AnalysisLimitError, check_frame
from .results import seat_results
from .stats import check_confidence, z_value

if TYPE_CHECKING:
    import pandas as pd

ELO_SCALE = 400 * log10(e)  # rating points per unit of natural-log worth
METHOD = "Plackett–Luce (MM), Wald interval from the observed Fisher information"
PRIOR = 0.5  # the same half win and half loss against a virtual bot as elo()
COLUMNS = ["bot", "games", "wins", "rating", "se", "ci_low", "ci_high"]
_MM_STEPS, _MM_TOLERANCE, _NEWTON_STEPS = 1_000, 1e-7, 100


def ratings(
    frame: pd.DataFrame, anchor: str | None = None, confidence: float = 0.95
) -> pd.DataFrame:
    """Plackett–Luce ratings per bot from games of 2–6 seats, best first.

    Columns: ``bot``, ``games``, ``wins`` (a tie shares its win), ``rating`` (Elo scale;
    the average bot is 0, or ``anchor``'s bot is), ``se`` and the interval ``ci_low``,
    ``ci_high``. ``frame.attrs["method"]`` names the method.
    """
    check_frame(frame)
    confidence = check_confidence(confidence)
    if anchor is not None and not isinstance(anchor, str):
        raise AnalysisError(f"anchor must be a bot's name (a string) or None, not {anchor!r}")
    return rate(frame, None, anchor, confidence)


def rate(
    frame: pd.DataFrame, seats: pd.DataFrame | None, anchor: str | None, confidence: float
) -> pd.DataFrame:
    """:func:`ratings` for checked arguments; ``seats``: ``seat_results(frame)[0]`` when the
    caller has it already (:func:`~.summary.summary`)."""
    orders = finishing_orders(frame, seats)
    names = orders.names
    if anchor is not None and anchor not in names:
        raise AnalysisError(f"anchor {anchor!r} is not one of the bots: {', '.join(names)}")
    theta, cov = fit(orders)
    return _table(orders, theta, cov, anchor, confidence)


# ---------------------------------------------------------------- finishing orders


@dataclass(frozen=True)
class Orders:
    """Finished games as choice events: ``members`` (events × seats left, bot indices padded
    with -1), ``chosen`` (the bot chosen) and ``weight``; plus bot ``names``, ``games``
    and ``wins`` per bot."""

    names: list[str]
    members: np.ndarray
    chosen: np.ndarray
    weight: np.ndarray
    games: np.ndarray
    wins: np.ndarray


def finishing_orders(frame: pd.DataFrame, seats: pd.DataFrame | None = None) -> Orders:
    """Every finished game of ``frame`` as Plackett–Luce choices (see the module text)."""
    pd = pandas()
    if seats is None:
        seats, _ = seat_results(frame)
    if seats.empty:
        raise AnalysisError("No finished game to rate (every winner_seat is empty).")
    game, _ = pd.factorize(seats["game"])
    bot, names = pd.factorize(seats["bot"], sort=True)
    if len(names) > MAX_RATED_BOTS:
        raise AnalysisLimitError(
            f"ratings() rates at most {MAX_RATED_BOTS:,} bots at once, not {len(names):,}"
        )
    width = int(seats["seat"].max()) + 1
    n_games = int(game.max()) + 1
    seat = seats["seat"].to_numpy()
    bots = np.full((n_games, width), -1, dtype=np.int64)
    bots[game, seat] = bot
    credit = np.zeros((n_games, width))
    credit[game, seat] = seats["credit"].to_numpy(dtype=float)
    rows = seats["game"].to_numpy()[np.unique(game, return_index=True)[1]]
    players = (bots >= 0).sum(axis=1)
    scores = np.full((n_games, width), np.nan)
    for s in range(width):
        column = f"score_{s}"
        if column in frame.columns:
            scores[:, s] = pd.to_numeric(frame[column], errors="coerce").to_numpy()[rows]
    present = bots >= 0
    scored = (np.isfinite(scores) | ~present).all(axis=1)
    # sort key per seat: winners first, then by score (high first); empty seats last
    key = np.where(credit > 0, -np.inf, np.where(scored[:, None], -scores, 0.0))
    key = np.where(present, key, np.inf)
    order = np.argsort(key, axis=1, kind="stable")
    ordered = np.take_along_axis(bots, order, axis=1)
    sorted_key = np.take_along_axis(key, order, axis=1)
    breaks = sorted_key[:, 1:] != sorted_key[:, :-1]
    code = (breaks * (2 ** np.arange(width - 1))).sum(axis=1) * 64 + players * 2 + scored
    parts: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    for c in np.unique(code):
        which = code == c
        n, ranked = int(c % 64) // 2, bool(c % 2)
        cuts = [0, *(i + 1 for i in range(n - 1) if breaks[which][0, i]), n]
        groups = [range(a, b) for a, b in pairwise(cuts)]
        parts.extend(_events(ordered[which][:, :n], groups, ranked))
    members, chosen, weight = _merge(parts, width, len(names))
    games = np.bincount(bot, minlength=len(names)).astype(np.int64)
    wins = np.bincount(bot, weights=seats["credit"].to_numpy(dtype=float), minlength=len(names))
    return Orders([str(x) for x in names], members, chosen, weight, games, wins)


def _events(ordered: np.ndarray, groups: list[range], ranked: bool):
    """Choice events of games sharing one pattern of tied groups: every order of each tied
    group, weighted equally; an unranked rest (no scores) is no group of choices."""
    if not ranked:  # only the winners' group is known; the rest is one unranked block
        groups = groups[:1]
    stop = min(groups[-1].stop, ordered.shape[1] - 1) if ranked else groups[0].stop
    orderings = [list(p) for p in product(*(permutations(g) for g in groups))]
    weight = 1.0 / len(orderings)
    tail = list(range(groups[-1].stop, ordered.shape[1]))
    for parts in orderings:
        positions = [i for part in parts for i in part] + tail
        games = ordered[:, positions]
        for p in range(min(stop, ordered.shape[1] - 1)):
            members = np.sort(games[:, p:], axis=1)
            yield members, games[:, p], np.full(len(games), weight)


def _merge(parts, width: int, n_bots: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Identical events counted once with their summed weight (rows coded as one integer in
    base ``n_bots + 1`` when it fits: sorting integers beats ``np.unique(axis=0)`` 20×)."""
    rows, weights = [], []
    for members, chosen, weight in parts:
        padded = np.full((len(members), width), -1, dtype=np.int64)
        padded[:, : members.shape[1]] = members
        rows.append(np.column_stack([padded, chosen]))
        weights.append(weight)
    if not rows:
        return np.empty((0, width), np.int64), np.empty(0, np.int64), np.empty(0)
    table = np.concatenate(rows)
    weight = np.concatenate(weights)
    base = n_bots + 1
    if base ** (width + 1) < 2**62:
        code = (table + 1) @ (base ** np.arange(width, -1, -1, dtype=np.int64))
        codes, inverse = np.unique(code, return_inverse=True)
        digits = (codes[:, None] // base ** np.arange(width, -1, -1, dtype=np.int64)) % base
        unique = digits - 1
    else:
        unique, inverse = np.unique(table, axis=0, return_inverse=True)
    weight = np.bincount(inverse.ravel(), weights=weight)
    return unique[:, :width], unique[:, width], weight


# ---------------------------------------------------------------- the fit


def fit(orders: Orders) -> tuple[np.ndarray, np.ndarray]:
    """Natural-log worths θ (the virtual bot at 0) and their covariance (the inverse of the
    observed Fisher information)."""
    n = len(orders.names)
    members, chosen, weight = _with_prior(orders, n)
    virtual, pad = n, n + 1
    members = np.where(members < 0, pad, members)
    wins = np.bincount(chosen, weights=weight, minlength=n + 2)[:n]
    gamma = np.ones(n + 2)
    gamma[pad] = 0.0
    for _ in range(_MM_STEPS):  # Hunter (2004): γ_i ← W_i / Σ_e w_e c_ei / Σ_{j∈e} γ_j
        share = weight / gamma[members].sum(axis=1)
        denominator = np.bincount(members.ravel(), weights=np.repeat(share, members.shape[1]),
                                  minlength=n + 2)[:n]  # fmt: skip
        new = wins / denominator
        change = np.abs(np.log(new) - np.log(gamma[:n])).max()
        gamma[:n] = new
        if change < _MM_TOLERANCE:
            break
    theta = np.log(gamma[:n])
    for _ in range(_NEWTON_STEPS):  # polish: the log-likelihood is concave in θ
        grad, hess = _derivatives(theta, members, chosen, weight, n, virtual, pad)
        step = np.clip(np.linalg.solve(hess, -grad), -2.0, 2.0)
        theta = theta + step
        if np.abs(step).max() < 1e-12:
            break
    _, hess = _derivatives(theta, members, chosen, weight, n, virtual, pad)
    return theta, np.linalg.inv(-hess)


def _with_prior(orders: Orders, n: int):
    """The events plus, per bot, a pair of half-weight games against the virtual bot."""
    width = max(orders.members.shape[1], 2)
    members = np.full((len(orders.members) + 2 * n, width), -1, dtype=np.int64)
    members[: len(orders.members), : orders.members.shape[1]] = orders.members
    bots = np.arange(n)
    members[len(orders.members) :, 0] = np.tile(bots, 2)
    members[len(orders.members) :, 1] = n  # the virtual bot
    chosen = np.concatenate([orders.chosen, bots, np.full(n, n)])
    weight = np.concatenate([orders.weight, np.full(2 * n, PRIOR)])
    return members, chosen, weight


def _derivatives(theta, members, chosen, weight, n, virtual, pad):
    """Gradient and Hessian of the weighted Plackett–Luce log-likelihood in θ (bots only)."""
    gamma = np.zeros(n + 2)
    gamma[:n] = np.exp(theta)
    gamma[virtual] = 1.0
    p = gamma[members] / gamma[members].sum(axis=1, keepdims=True)  # each member's share
    size = n + 2
    grad = np.bincount(chosen, weights=weight, minlength=size)
    grad -= np.bincount(members.ravel(), weights=(weight[:, None] * p).ravel(), minlength=size)
    hess = -np.bincount(members.ravel(), weights=(weight[:, None] * p).ravel(), minlength=size)
    hess = np.diag(hess)
    width = members.shape[1]
    for a in range(width):
        outer = weight * p[:, a]
        for b in range(width):
            np.add.at(hess, (members[:, a], members[:, b]), outer * p[:, b])
    return grad[:n], hess[:n, :n]


def _table(orders: Orders, theta, cov, anchor: str | None, confidence: float):
    pd = pandas()
    n = len(orders.names)
    if anchor is None:  # relative to the average bot
        contrast = np.eye(n) - 1.0 / n
    else:
        a = orders.names.index(anchor)
        contrast = np.eye(n)
        contrast[:, a] -= 1.0
    rating = ELO_SCALE * (contrast @ theta)
    se = ELO_SCALE * np.sqrt(np.maximum(np.einsum("ij,jk,ik->i", contrast, cov, contrast), 0))
    z = z_value(confidence)
    table = pd.DataFrame(
        {
            "bot": orders.names,
            "games": orders.games,
            "wins": orders.wins,
            "rating": rating,
            "se": se,
            "ci_low": rating - z * se,
            "ci_high": rating + z * se,
        },
        columns=COLUMNS,
    )
    table = table.sort_values(["rating", "bot"], ascending=[False, True], ignore_index=True)
    table.attrs.update(method=METHOD, confidence=confidence, anchor=anchor)
    return table
