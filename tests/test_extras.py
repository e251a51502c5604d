"""A missing optional library names the extra to install (issue 32, item 7).

Every place that needs pandas or matplotlib goes through :func:`levelwidgets.extras.require`.
With the libraries blocked (as on a machine without the ``[analysis]`` extra), each entry point
a teacher or analyst reaches raises :class:`~levelwidgets.extras.MissingExtraError` whose message
is the ``pip install`` line, and the engine and widget still work.
"""

from __future__ import annotations

import pytest

from levelwidgets.extras import MissingExtraError, install_line, require
from tests.interop.test_optional import run


def test_require_imports_what_is_there() -> None:
    assert require("json").dumps([1]) == "[1]"


def test_require_names_the_extra_and_the_feature() -> None:
    with pytest.raises(MissingExtraError) as caught:
        require("no_such_module_here.sub", "analysis", "tables")
    message = str(caught.value)
    assert message == (
        'no_such_module_here is not installed; tables need it: pip install "levelwidgets[analysis]"'
    )
    assert isinstance(caught.value, ImportError)  # old `except ImportError` still catches it


def test_an_unknown_extra_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="the extras are analysis, ai"):
        require("json", "analytics")


def test_the_game_ai_adapters_share_the_error() -> None:
    from levelwidgets import interop

    assert interop.MissingExtraError is MissingExtraError  # one class: one `except` catches both
    assert install_line("ai") == 'pip install "levelwidgets[ai]"'


def test_every_table_without_pandas_says_what_to_install() -> None:
    out = run(
        """
        import sys
        for name in ("pandas", "matplotlib", "matplotlib.pyplot"):
            sys.modules[name] = None  # blocked: `import pandas` raises ImportError
        from levelwidgets.extras import MissingExtraError
        from levelwidgets.levelx import LevelX
        from levelwidgets.levelx.probability import chances_table
        from levelwidgets.record import GameRecord
        from levelwidgets.widgets.dicelab import DiceLab
        from levelwidgets import analysis

        game = LevelX(["Ada", "Bo"], seed=1)
        game.roll()
        record = GameRecord.from_game(game)  # the engine and records need no pandas
        calls = {
            "record.to_dataframe": record.to_dataframe,
            "chances_table": chances_table,
            "DiceLab.frequencies": DiceLab().frequencies,
            "analysis.simulate": lambda: analysis.simulate("levelx", ["random", "random"], 2),
        }
        for label, call in calls.items():
            try:
                call()
            except MissingExtraError as error:
                assert 'pip install "levelwidgets[analysis]"' in str(error), (label, error)
                print(label, "ok")
            else:
                raise AssertionError(f"{label} worked without pandas")
        """
    )
    assert out.split() == [
        "record.to_dataframe",
        "ok",
        "chances_table",
        "ok",
        "DiceLab.frequencies",
        "ok",
        "analysis.simulate",
        "ok",
    ]
