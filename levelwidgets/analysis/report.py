"""A :class:`~.summary.Summary` in words (``repr``) and as HTML tables (notebooks).

Every interval says its method: Wilson for win rates, t for the mean game length, Wald
(observed Fisher information) for the Plackett–Luce ratings.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

    from .summary import Summary

SEAT_NAMES = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def verdict(row: pd.Series) -> str:
    """Whether a rate's interval lies above, below or around its equal-players baseline."""
    if row["ci_low"] > row["baseline"]:
        return "an advantage"
    if row["ci_high"] < row["baseline"]:
        return "a disadvantage"
    return "no clear advantage (the interval holds the baseline)"


def seat_name(seat: int) -> str:
    """Seat 0 plays first: ``"1st"``."""
    return SEAT_NAMES[seat] if seat < len(SEAT_NAMES) else f"{seat + 1}th"


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def _interval(row: pd.Series) -> str:
    return f"[{_pct(row['ci_low'])}, {_pct(row['ci_high'])}]"


def confidence_label(confidence: float) -> str:
    """``0.95`` as ``"95 %"``."""
    return f"{100 * confidence:g} %"


def _header(s: Summary) -> str:
    return (
        f"{s.games} games ({confidence_label(s.confidence)} intervals: Wilson for win rates, "
        f"t for the mean length; {s.ties} tied, "
        f"{s.unfinished} unfinished and left out)"
    )


def _first_seat(s: Summary) -> str:
    f = s.first_seat
    return (
        f"{_pct(f['win_rate'])} {_interval(f)} vs {_pct(f['baseline'])} if the seat did not "
        f"matter: {verdict(f)}"
    )


def _lengths(s: Summary) -> str:
    q, m = s.lengths, s.mean_turns
    mean = f"mean {m.mean:.1f} turns"
    if m.low == m.low:  # one game has no interval
        mean += f" [{m.low:.1f}, {m.high:.1f}] ({m.method} interval), "
    else:
        mean += ", "
    return mean + (
        f"median {q['50%']:g} turns, middle half {q['25%']:g}–{q['75%']:g}, "
        f"90 % within {q['5%']:g}–{q['95%']:g}, range {q['min']:g}–{q['max']:g}"
    )


def summary_text(s: Summary) -> str:
    bots = s.per_bot
    width = max(len(str(b)) for b in bots["bot"])
    wins = max(len(f"{w:g}") for w in bots["wins"])
    lines = [f"Summary of {_header(s)}", "Win rate per bot:"]
    for _, r in bots.iterrows():
        lines.append(
            f"  {r['bot']:<{width}}  {r['wins']:>{wins}g} of {r['games']}  "
            f"{_pct(r['win_rate']):>7}  {_interval(r)}"
        )
    if len(s.per_bot) > 2:
        lines.append("Head to head (the first bot's rate in the games both played):")
        for _, r in s.pairwise.iterrows():
            lines.append(
                f"  {r['bot']} vs {r['opponent']}: {_pct(r['win_rate'])} {_interval(r)} "
                f"in {r['games']} game{'' if r['games'] == 1 else 's'}"
            )
    lines.append(f"First seat (plays first): {_first_seat(s)}")
    lines.append(f"Game length: {_lengths(s)}")
    if s.ratings is not None:
        lines.append(f"Ratings ({RATINGS_NOTE}):")
        r = s.ratings
        width = max(len(str(b)) for b in r["bot"])
        for _, row in r.iterrows():
            lines.append(f"  {row['bot']:<{width}}  {_rating(row)}")
    return "\n".join(lines)


RATINGS_NOTE = (
    "Plackett–Luce on finishing orders, Elo scale, the average bot 0; "
    "Wald intervals from the observed Fisher information"
)


def _rating(row: pd.Series) -> str:
    return f"{row['rating']:+.0f} [{row['ci_low']:+.0f}, {row['ci_high']:+.0f}]"


def _ratings_table(r: pd.DataFrame, confidence: float) -> str:
    out = r[["bot", "games"]].copy()
    out["rating"] = [f"{x:+.0f}" for x in r["rating"]]
    out[f"{confidence_label(confidence)} interval"] = [
        f"[{lo:+.0f}, {hi:+.0f}]" for lo, hi in zip(r["ci_low"], r["ci_high"], strict=True)
    ]
    return out.to_html(index=False, escape=True, border=0)


def _table(frame: pd.DataFrame, keys: list[str], confidence: float) -> str:
    """Rates as readable strings; names escaped (bots may be named anything)."""
    out = frame[keys].copy()
    if "seat" in out:
        out["seat"] = [f"{seat} ({seat_name(seat)})" for seat in out["seat"]]
    out["games"] = frame["games"]
    out["wins"] = [f"{w:g}" for w in frame["wins"]]
    out["win rate"] = [_pct(x) for x in frame["win_rate"]]
    out[f"{confidence_label(confidence)} interval"] = [_interval(r) for _, r in frame.iterrows()]
    out["if all equal"] = [_pct(x) for x in frame["baseline"]]
    return out.to_html(index=False, escape=True, border=0)


def summary_html(s: Summary) -> str:
    parts = [
        f"<p><b>Summary of {escape(_header(s))}</b></p>",
        "<p>Win rate per bot (Wilson intervals)</p>",
        _table(s.per_bot, ["bot"], s.confidence),
    ]
    if len(s.per_bot) > 2:
        parts += [
            "<p>Head to head: the first bot's rate in the games both played</p>",
            _table(s.pairwise, ["bot", "opponent"], s.confidence),
        ]
    parts += [
        f"<p>First seat (plays first): {escape(_first_seat(s))}</p>",
        _table(s.seats, ["seat"], s.confidence),
        f"<p>Game length: {escape(_lengths(s))}</p>",
    ]
    if s.ratings is not None:
        parts += [
            f"<p>Ratings ({escape(RATINGS_NOTE)})</p>",
            _ratings_table(s.ratings, s.confidence),
        ]
    return '<div class="levelwidgets-summary">' + "".join(parts) + "</div>"
