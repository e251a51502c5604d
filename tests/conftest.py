"""Set-up shared by the whole suite: it tests the sources, also in a checkout where the
compiled solver was built (``levelwidgets.level8.native``; set ``LEVELWIDGETS_PURE=0`` to
run the suite against the build instead). Subprocesses inherit the setting."""

from __future__ import annotations

import os

os.environ.setdefault("LEVELWIDGETS_PURE", "1")

from tests.notebooks import binder_venv as binder_venv  # the example notebooks' kernel
