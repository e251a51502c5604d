"""Set-up shared by the whole suite: it tests the sources, also in a checkout where the
compiled solver was built (``levelwidgets.level8.native``; set ``LEVELWIDGETS_PURE=0`` to
run the suite against the build instead). Subprocesses inherit the settings, and the
language: English, whatever the machine's locale."""

from __future__ import annotations

import os

os.environ.setdefault("LEVELWIDGETS_PURE", "1")
# A widget made without a language follows the kernel's locale (levelwidgets.i18n): the
# suite's English expectations hold on a German machine too (LANGUAGE is read first).
os.environ["LANGUAGE"] = "en"

from tests.notebooks import binder_venv as binder_venv  # the example notebooks' kernel
from tests.worker_times import pytest_runtest_logreport as pytest_runtest_logreport
from tests.worker_times import pytest_terminal_summary as pytest_terminal_summary
