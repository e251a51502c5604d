"""The puzzles' tests: ``fake`` puts the contract-shaped stand-in judge in place of the
review's (for the machinery: widgets, answers, files); tests of the real figures use the real
judge and skip where it is not there yet."""

from __future__ import annotations

import pytest

from levelwidgets.puzzles import _judge

from . import fake_judge


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_judge, "judge", fake_judge.judge)
