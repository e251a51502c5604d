"""Where the suite's wall time goes: seconds per xdist worker and per group, printed at the end.

With ``--dist loadgroup`` a group (the browser tests, the stateful machines, the compiled
wheel) runs on one worker, so the suite can end no sooner than its longest group; these two
lines show whether the workers were balanced and which group to shorten next.
"""

from __future__ import annotations

from collections import Counter

import pytest

_BY_WORKER: Counter[str] = Counter()
_BY_GROUP: Counter[str] = Counter()


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    node = getattr(report, "node", None)  # set by xdist on the controller
    if node is None:
        return
    _BY_WORKER[node.gateway.id] += report.duration
    _, at, group = report.nodeid.rpartition("@")
    _BY_GROUP[group if at else "(no group)"] += report.duration


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _BY_WORKER:
        return
    terminalreporter.write_sep("=", "seconds per worker and per xdist group")
    for title, counts in (("worker", _BY_WORKER), ("group", _BY_GROUP)):
        cells = ", ".join(f"{name} {seconds:.0f} s" for name, seconds in counts.most_common())
        terminalreporter.write_line(f"{title}: {cells}")
