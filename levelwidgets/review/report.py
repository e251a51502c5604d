"""The result of a review as a teacher reads it: a table, a summary per player, a plot."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .thresholds import MARKS
from .words import words

#: The columns of :attr:`Review.table`, in order.
COLUMNS = (
    "ply",
    "path",
    "main_line",
    "player",
    "player_name",
    "decision",
    "played",
    "played_value",
    "best",
    "best_value",
    "cost",
    "unit",
    "draws",
    "mark",
    "why",
)


@dataclass(frozen=True)
class Review:
    """Every judged decision of a record (``rows``: one dict per decision, the columns of
    :data:`COLUMNS`), the record's players and the language of the texts."""

    rows: tuple[dict[str, Any], ...]
    players: tuple[str, ...]
    unit: str
    language: str = "en"

    @property
    def table(self):
        """One row per decision (a pandas DataFrame; pandas is imported when asked for)."""
        import pandas as pd

        return pd.DataFrame([dict(r) for r in self.rows], columns=list(COLUMNS))

    def summary(self, language: str | None = None):
        """Per player: decisions judged, average cost per decision, and how many ``?!``,
        ``?`` and ``??`` (a DataFrame with the labels in ``language``, default the
        review's)."""
        import pandas as pd

        w = words(language or self.language)
        out = []
        for seat, name in enumerate(self.players):
            mine = [r for r in self.rows if r["player"] == seat]
            costs = [r["cost"] for r in mine]
            row = {
                w["player"]: name,
                w["decisions"]: len(mine),
                w["average_cost"]: sum(costs) / len(costs) if costs else 0.0,
                w["unit"]: w["units"][self.unit],
            }
            for mark in MARKS:
                row[mark] = sum(1 for r in mine if r["mark"] == mark)
            out.append(row)
        return pd.DataFrame(out)

    def plot(self, ax: Any = None, language: str | None = None):
        """The cost of each decision over the game, one line per player (main line only);
        returns the matplotlib Axes."""
        import matplotlib.pyplot as plt

        w = words(language or self.language)
        if ax is None:
            _fig, ax = plt.subplots(figsize=(8, 3))
        for seat, name in enumerate(self.players):
            mine = [r for r in self.rows if r["player"] == seat and r["main_line"]]
            ax.plot([r["ply"] for r in mine], [r["cost"] for r in mine], marker="o", label=name)
        ax.set_title(w["plot_title"])
        ax.set_xlabel(w["plot_x"])
        ax.set_ylabel(w["plot_y"].format(unit=w["units"][self.unit]))
        ax.legend()
        return ax

    def __len__(self) -> int:
        return len(self.rows)

    def __repr__(self) -> str:
        marked = sum(1 for r in self.rows if r["mark"])
        return f"<Review: {len(self.rows)} decisions judged, {marked} marked ({self.unit})>"
