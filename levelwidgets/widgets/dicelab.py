"""DiceLab: a dice laboratory for lessons: one roll's groupings, exact chances, Monte Carlo.

Not a game: nobody takes turns. A teacher picks 1–6 dice and the target sums (the rows 5–10 of
Level X by default), sets the dice by clicking or rolls them, and sees every distinct grouping
of the roll into target sums. Beside it, bar charts of the exact chances
(:mod:`levelwidgets.levelx.probability`) and, as the class rolls thousands of times, the
observed shares creeping towards them, each with a 95 % Wilson interval.

Python owns every number: the browser renders the ``view`` and sends intents (``set_die``,
``roll``, ``set_dice_count``, ``set_targets``, ``lucky_loser``, ``mc_roll``, ``mc_reset``,
``speed``). Changing the dice count, the targets or Lucky Loser starts the counts afresh: they
belong to one experiment.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import traitlets

from .. import i18n
from ..extras import require
from ..levelx.errors import ProbabilityError
from ..levelx.moves import Grouping
from ..levelx.probability import (
    FACES,
    MAX_DICE,
    MAX_TARGET,
    check_dice,
    check_rolls,
    check_seed,
    check_targets,
    group_count_distribution,
    groupings,
    move_size_distribution,
    roll_table,
    sum_chances,
)
from ..levelx.rules import ROWS
from .dicelab_picture import lab_label, lab_svg
from .idle import WorksAhead
from .intents import Handler, IntentError, IntentWidget, check_language, locked
from .picture import PictureMixin
from .shapes import NO_FIELDS, Bool, Coded, Int, ListOf, Shape, show
from .shapes import _refuse as _shape_refusal
from .viewsync import ViewSync

if TYPE_CHECKING:
    from fractions import Fraction

    import numpy as np

_STATIC = Path(__file__).resolve().parent.parent / "static"

#: Most rolls one ``mc_roll`` intent may ask for (a cell may simulate more).
MAX_BATCH = 100_000
#: Most rolls one :meth:`DiceLab.simulate` call draws (a few seconds; the counts add up).
MAX_SIMULATE = 10_000_000
#: Groupings the view carries (six 1s with Lucky Loser have thousands); the count is exact.
GROUPINGS_SHOWN = 60
#: Animation speeds: (rolls per step, milliseconds between steps), slowest first.
SPEEDS = ((1, 600), (5, 300), (50, 200), (500, 150))
CONFIDENCE = 0.95


#: Every refusal an intent can meet: code -> English template, from the catalogue
#: (``levelwidgets/locales``: the browser says each in the widget's language).
REFUSALS = {
    code: i18n.section("en", f"errors.{code}")
    for code in (
        "dicelab.count",
        "dicelab.index",
        "dicelab.face",
        "dicelab.target",
        "dicelab.n",
        "dicelab.speed",
        "dicelab.targets",
        "dicelab.lucky_type",
    )
}


def _refuse(code: str, **params: object) -> IntentError:
    """The refusal ``code`` (a key of :data:`REFUSALS`), its English text filled in."""
    return IntentError(REFUSALS[code].format(**params), code=code, params=params)


def _whole(value: object, field: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``, or the refusal ``dicelab.<field>``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _refuse(f"dicelab.{field}", low=low, high=high, value=show(value))
    return value


def _whole_field(field: str, low: int, high: int) -> Coded:
    """An intent's whole number from ``low`` to ``high``, refused as ``dicelab.<field>``."""
    return Coded(
        Int(low, high),
        lambda value: _refuse(f"dicelab.{field}", low=low, high=high, value=show(value)),
    )


#: The ``set_targets`` intent's list: 1 to 36 items, each a sum from 1 to 36.
_TARGET_LIST = ListOf(_whole_field("target", 1, MAX_TARGET), MAX_TARGET, 1, "target sums")


def _targets_refusal(value: object) -> IntentError:
    """The refusal of a ``set_targets`` list: no list or an empty one is asked to choose a
    sum; a list longer than any choice of sums is refused as the malformed request it is (the
    lab's own page never sends one), not asked for more sums."""
    if isinstance(value, list) and len(value) > MAX_TARGET:
        return _shape_refusal("targets", _TARGET_LIST.describe(), value)
    return _refuse("dicelab.targets")


class _Counts:
    """Monte Carlo counts for one experiment (dice, targets, Lucky Loser): how many rolls
    could make each target, and how many allowed a largest move of k groups."""

    def __init__(self, dice: int, targets: tuple[int, ...], lucky_loser: bool) -> None:
        import numpy as np  # (numpy: when a lab is built, not when DiceLab is imported)

        table = roll_table(lucky_loser, dice=dice, targets=targets)
        self.can_make = table["can_make"].astype(np.int64)
        self.max_steps = table["max_steps"].astype(np.int64)
        self.powers = FACES ** np.arange(dice - 1, -1, -1)
        self.n = 0
        self.sums = np.zeros(len(targets), dtype=np.int64)
        self.moves = np.zeros(dice + 1, dtype=np.int64)
        self.last: list[int] = []  # the last simulated roll (shown while animating slowly)

    def draw(self, rng: np.random.Generator, n: int) -> None:
        """Roll ``n`` times; in chunks, so memory stays small for any ``n``."""
        import numpy as np

        chunk = 1 << 18
        for start in range(0, n, chunk):
            faces = rng.integers(1, FACES + 1, size=(min(chunk, n - start), len(self.powers)))
            codes = (faces - 1) @ self.powers  # the index in probability.all_rolls order
            self.sums += self.can_make[codes].sum(axis=0)
            self.moves += np.bincount(self.max_steps[codes], minlength=len(self.moves))
            self.last = faces[-1].tolist()
        self.n += n


def _bar(key: int, exact: Fraction | float, count: int, n: int) -> dict[str, Any]:
    """One bar of a chart: the exact chance, the observed share and its 95 % band."""
    from ..analysis.stats import wilson_interval  # (the analysis package: only when counted)

    low, high = wilson_interval(count, n, CONFIDENCE) if n else (None, None)
    return {
        "key": key,
        "fraction": str(exact),  # "553/648", or "0" and "1"
        "exact": float(exact),
        "count": count,
        "observed": count / n if n else None,
        "low": low,
        "high": high,
    }


def _most_groups(found: Iterable[Grouping], targets: tuple[int, ...]) -> dict[int, int]:
    """Per target, the most groups of that sum in one of the groupings ``found``."""
    best = dict.fromkeys(targets, 0)
    for g in found:
        for s in set(g.steps):
            best[s] = max(best[s], g.steps.count(s))
    return best


def _grouping_view(g: Grouping) -> dict[str, Any]:
    return {
        "groups": [list(group) for group in g.groups],
        "sums": [sum(group) for group in g.groups],
        "left": list(g.left_out),
        "turned": list(g.turned),
    }


class DiceLab(WorksAhead, ViewSync, PictureMixin, IntentWidget):
    """A dice laboratory: the groupings of one roll, exact chances and a Monte Carlo run.

    >>> lab = DiceLab(dice=4, targets=range(5, 11), seed=1)
    >>> lab.roll([1, 1, 4, 6])
    (1, 1, 4, 6)
    >>> lab.simulate(10_000)
    >>> lab.frequencies().shape  # a pandas DataFrame, one row per target sum
    (6, 7)
    """

    _esm = _STATIC / "dicelab.js"
    _css = _STATIC / "dicelab.css"
    _state_name = "lab"

    #: Everything the lab shows (numbers and short strings; the browser words them).
    view = traitlets.Dict().tag(sync=True)
    #: Projector mode: the browser zooms the whole lab to the cell, smallest text >= 16 px.
    projector = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self,
        dice: int = 4,
        targets: Iterable[int] = ROWS,
        lucky_loser: bool = True,
        *,
        language: str | None = None,
        seed: int | Sequence[int] | None = None,
    ) -> None:
        # every argument is checked before any work: a refused lab builds nothing
        self._dice = self._checked(check_dice, dice)
        self._targets = self._checked_targets(targets)
        self._lucky_loser = self._checked_bool(lucky_loser, "lucky_loser")
        language = None if language is None else check_language(language)
        seed = self._checked(lambda s: check_seed(s, generators=False), seed)
        self._seed = seed
        import numpy as np  # the lab's dice and its Monte Carlo rolls (only once one is built)

        rolls, simulation = np.random.SeedSequence(seed).spawn(2)
        self._roll_rng = np.random.default_rng(rolls)  # the dice on the table
        self._mc_rng = np.random.default_rng(simulation)  # the Monte Carlo rolls
        self._faces = self._random_faces(self._dice)
        self._speed = 2
        self._seq = 0
        self._view_parts: dict[str, tuple[tuple[Any, ...], Any]] = {}  # see _kept
        self._new_experiment()
        super().__init__(language=language)
        self._publish()
        self._start_picture()  # a picture of the lab where it cannot run (see .picture)

    # ------------------------------------------------------------------ public API

    @property
    def dice(self) -> int:
        """How many dice are rolled (1–6). Setting it keeps the first dice and rolls new ones."""
        return self._dice

    @dice.setter
    @locked
    def dice(self, count: int) -> None:
        count = self._checked(check_dice, count)
        if count != self._dice:
            self._faces = (self._faces + self._random_faces(count))[:count]
            self._dice = count
            self._changed_experiment()

    @property
    def targets(self) -> tuple[int, ...]:
        """The target sums, sorted (a group counts when its sum is one of them)."""
        return self._targets

    @targets.setter
    @locked
    def targets(self, targets: Iterable[int]) -> None:
        targets = self._checked_targets(targets)
        if targets != self._targets:
            self._targets = targets
            self._changed_experiment()

    @property
    def lucky_loser(self) -> bool:
        """Lucky Loser: with two or more 1s, all 1s but one may be turned to any face."""
        return self._lucky_loser

    @lucky_loser.setter
    @locked
    def lucky_loser(self, on: bool) -> None:
        on = self._checked_bool(on, "lucky_loser")
        if on != self._lucky_loser:
            self._lucky_loser = on
            self._changed_experiment()

    @property
    def faces(self) -> tuple[int, ...]:
        """The dice on the table, in the order shown."""
        return tuple(self._faces)

    @property
    def groupings(self) -> tuple[Grouping, ...]:
        """Every distinct grouping of the dice into target sums (fewest turns, most groups
        first); the empty grouping is one of them."""
        return groupings(self._faces, self._targets, self._lucky_loser)

    @property
    def can_make(self) -> dict[int, int]:
        """Per target, the most disjoint groups of that sum the dice on the table make."""
        return _most_groups(self.groupings, self._targets)

    @property
    def rolls(self) -> int:
        """How many Monte Carlo rolls are counted."""
        return self._counts.n

    @property
    def speed(self) -> int:
        """Animation speed 1 (one roll at a time) to 4 (hundreds per step)."""
        return self._speed

    @speed.setter
    @locked
    def speed(self, level: int) -> None:
        self._speed = _whole(level, "speed", 1, len(SPEEDS))
        self._publish()

    @locked
    def roll(self, values: Sequence[int] | None = None) -> tuple[int, ...]:
        """Roll the dice at random, or set them to ``values`` (one face 1–6 per die)."""
        if values is None:
            faces = self._random_faces(self._dice)
        else:
            if isinstance(values, (str, bytes, bytearray)) or not isinstance(values, Sequence):
                raise IntentError(
                    f"A roll is a list of faces like [1, 4, 4, 6], not {show(values)}."
                )
            if len(values) != self._dice:
                raise IntentError(f"The lab rolls {self._dice} dice, not {len(values)}.")
            faces = [_whole(v, "face", 1, FACES) for v in values]
        self._faces = faces
        self._publish()
        return self.faces

    @locked
    def set_die(self, index: int, face: int) -> None:
        """Turn die number ``index`` (from 0) to ``face``."""
        index = _whole(index, "index", 0, self._dice - 1)
        self._faces[index] = _whole(face, "face", 1, FACES)
        self._publish()

    @locked
    def simulate(self, n: int) -> None:
        """Roll ``n`` more times and count (the counts add up until :meth:`reset`).

        At most :data:`MAX_SIMULATE` rolls a call (a few seconds); call again for more."""
        n = self._checked(lambda value: check_rolls(value, MAX_SIMULATE), n)
        self._counts.draw(self._mc_rng, n)
        self._publish()

    @locked
    def reset(self) -> None:
        """Forget the Monte Carlo counts (the random numbers go on: a new sample)."""
        self._new_experiment()
        self._publish()

    def frequencies(self, kind: str = "sums") -> Any:
        """The chart as a pandas DataFrame: ``kind="sums"`` (can a roll make each sum) or
        ``"moves"`` (the size of the largest move). Columns: the sum or move size, the exact
        chance (and as a fraction), the observed count and share, and the 95 % Wilson band."""
        if not isinstance(kind, str) or kind not in ("sums", "moves"):
            raise IntentError(f'kind is "sums" or "moves", not {show(kind)}.')
        pd = require("pandas", "analysis", "frequency tables")
        bars = self._bars()[kind]
        return pd.DataFrame(
            {
                "sum" if kind == "sums" else "groups": [b["key"] for b in bars],
                "exact": [b["exact"] for b in bars],
                "fraction": [b["fraction"] for b in bars],
                "count": [b["count"] for b in bars],
                "observed": [b["observed"] for b in bars],
                "low": [b["low"] for b in bars],
                "high": [b["high"] for b in bars],
            }
        )

    def __repr__(self) -> str:
        targets = self._targets_text()
        faces = "-".join(map(str, getattr(self, "_faces", [])))
        counts = getattr(self, "_counts", None)
        return (
            f"DiceLab(dice={getattr(self, '_dice', '?')}, targets={targets}, "
            f"lucky_loser={getattr(self, '_lucky_loser', '?')}, roll={faces}, "
            f"rolls simulated={counts.n if counts else 0:,})"
        )

    # ------------------------------------------------------------------ the picture

    def _static_svg(self) -> str:
        return lab_svg(self.view, self.language)

    def _picture_label(self) -> str:
        return lab_label(self.view, self.language)

    def _picture_kind(self) -> str:
        return "lab"

    @traitlets.observe("language")
    def _language_changed(self, _change: dict) -> None:
        self._refresh_picture()  # its words and caption are in the lab's language

    # ------------------------------------------------------------------ intents

    def _handlers(self) -> dict[str, Handler]:
        return {
            "set_die": lambda m: self.set_die(m["index"], m["face"]),
            "roll": lambda _m: self.roll(),
            "set_dice_count": lambda m: setattr(self, "dice", m["count"]),
            "set_targets": lambda m: setattr(self, "targets", m["targets"]),
            "lucky_loser": lambda m: setattr(self, "lucky_loser", m["on"]),
            "mc_roll": lambda m: self.simulate(m["n"]),
            "mc_reset": lambda _m: self.reset(),
            "speed": lambda m: setattr(self, "speed", m["value"]),
            "refresh": lambda _m: self._publish(),
            "resync": lambda _m: self._resync(),
        }

    def _shapes_key(self) -> object:
        return self._dice  # set_die's index

    def _shapes(self) -> dict[str, Shape]:
        """Every field's range, refused in the lab's own coded words (see REFUSALS)."""
        return {
            "set_die": Shape(
                index=_whole_field("index", 0, self._dice - 1),
                face=_whole_field("face", 1, FACES),
            ),
            "roll": NO_FIELDS,
            "set_dice_count": Shape(count=_whole_field("count", 1, MAX_DICE)),
            "set_targets": Shape(targets=Coded(_TARGET_LIST, _targets_refusal)),
            "lucky_loser": Shape(on=Coded(Bool(), lambda _v: _refuse("dicelab.lucky_type"))),
            "mc_roll": Shape(n=_whole_field("n", 1, MAX_BATCH)),
            "mc_reset": NO_FIELDS,
            "speed": Shape(value=_whole_field("speed", 1, len(SPEEDS))),
            "refresh": NO_FIELDS,
            "resync": NO_FIELDS,
        }

    def _state_mark(self) -> object:
        c = self._counts
        return (
            tuple(self._faces),
            self._dice,
            self._targets,
            self._lucky_loser,
            self._speed,
            id(c),
            c.n,
            self._roll_rng.bit_generator.state,
            self._mc_rng.bit_generator.state,
        )

    # ------------------------------------------------------------------ state and view

    def _random_faces(self, count: int) -> list[int]:
        return self._roll_rng.integers(1, FACES + 1, size=count).tolist()

    def _new_experiment(self) -> None:
        self._counts = _Counts(self._dice, self._targets, self._lucky_loser)

    def _changed_experiment(self) -> None:
        self._new_experiment()
        self._publish()

    def _bars(self) -> dict[str, list[dict[str, Any]]]:
        c = self._counts
        # the same object while nothing it shows changed (a roll of the dice): its diff
        # against the view held is then one identity check, not a walk over every bar
        key = (self._lucky_loser, self._dice, self._targets, c, c.n)
        return self._kept("bars", key, self._make_bars)

    def _make_bars(self) -> dict[str, list[dict[str, Any]]]:
        kw = {"dice": self._dice, "targets": self._targets, "exact": True}
        sums = sum_chances(self._lucky_loser, **kw)
        moves = move_size_distribution(self._lucky_loser, **kw)
        c = self._counts
        return {
            "sums": [
                _bar(t, sums[t], int(k), c.n) for t, k in zip(self._targets, c.sums, strict=True)
            ],
            "moves": [_bar(k, moves[k], int(c.moves[k]), c.n) for k in range(self._dice + 1)],
        }

    def _group_counts(self) -> list[dict[str, Any]]:
        """Per target, the chance of k disjoint groups of that sum (k = 0..dice)."""
        key = (self._lucky_loser, self._dice, self._targets)
        return self._kept("groupCounts", key, self._make_group_counts)

    def _make_group_counts(self) -> list[dict[str, Any]]:
        table = group_count_distribution(
            self._lucky_loser, exact=True, dice=self._dice, targets=self._targets
        )
        return [
            {"key": t, "dist": [float(table[t].get(k, 0)) for k in range(self._dice + 1)]}
            for t in self._targets
        ]

    def _kept(self, part: str, key: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        """The view's ``part`` for ``key`` (what it is made of), made once per key: the view
        published holds the very object sent before, never changed after (a new key makes a
        new one)."""
        held = self._view_parts.get(part)
        if held is None or held[0] != key:
            held = self._view_parts[part] = (key, make())
        return held[1]

    def _publish(self) -> None:
        """Publish the view (sent as a patch of the browser's when smaller: :mod:`.viewsync`)."""
        found = self.groupings
        batch, interval = SPEEDS[self._speed - 1]
        self._seq += 1
        self._send_view(
            {
                "seq": self._seq,
                "dice": self._dice,
                "faces": list(self._faces),
                "targets": list(self._targets),
                "choices": list(range(1, max(FACES * self._dice, self._targets[-1]) + 1)),
                "luckyLoser": self._lucky_loser,
                "groupings": [_grouping_view(g) for g in found[:GROUPINGS_SHOWN]],
                "groupingCount": len(found),
                "canMake": list(_most_groups(found, self._targets).values()),
                "bars": self._bars(),
                "groupCounts": self._group_counts(),
                "mc": {
                    "n": self._counts.n,
                    "last": self._counts.last,
                    "speed": self._speed,
                    "speeds": len(SPEEDS),
                    "batch": batch,
                    "interval": interval,
                    "bigBatch": 1000,
                    "confidence": CONFIDENCE,
                },
            }
        )
        self._refresh_picture()
        self._ponder()

    def _ponder(self) -> None:
        """While the class looks at this roll, work out the groupings of the roll the seed gives
        next (:mod:`.idle`): the next Roll's answer then does not wait for them."""
        self._work_ahead(self._warm_next_roll)

    def _warm_next_roll(self) -> None:
        """Fill the groupings cache for the dice the seed gives next, read from a copy of the
        generator (the lab's own stays where it is)."""
        import numpy as np  # (imported already: the lab's generators are numpy's)

        ahead = np.random.Generator(type(self._roll_rng.bit_generator)())
        ahead.bit_generator.state = self._roll_rng.bit_generator.state
        faces = ahead.integers(1, FACES + 1, size=self._dice).tolist()
        groupings(faces, self._targets, self._lucky_loser)

    def _targets_text(self) -> str:
        t: tuple[int, ...] = getattr(self, "_targets", ())
        if len(t) > 1 and t == tuple(range(t[0], t[-1] + 1)):
            return f"{t[0]}–{t[-1]}"
        return "{" + ", ".join(map(str, t)) + "}"

    @staticmethod
    def _checked(check: Any, value: object) -> Any:
        """Engine checks raise ProbabilityError; the widget says the same as an IntentError."""
        try:
            return check(value)
        except ProbabilityError as exc:
            raise IntentError(str(exc)) from None

    @classmethod
    def _checked_targets(cls, targets: object) -> tuple[int, ...]:
        """Sums 1 to :data:`MAX_TARGET`, at most 1,000 items read (an endless generator is
        refused, not followed): the engine's check."""
        return cls._checked(check_targets, targets)

    @staticmethod
    def _checked_bool(value: object, name: str) -> bool:
        if not isinstance(value, bool):
            raise IntentError(f"{name} must be True or False, not {show(value)}.")
        return value
