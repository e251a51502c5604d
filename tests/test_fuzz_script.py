"""Issue 14: the fuzz benchmark's smoke run finds nothing (and really ran).

``benchmarks/fuzz.py --quick`` plays a few hundred seeded games with hostile calls and damaged
records; every count that must be 0 is 0, and the totals show that it played, called and
loaded something. A problem it finds fails this test with the script's description of it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "fuzz.py"
ZERO = (
    "invariant_violations",
    "refusals_not_game_error",
    "state_changed_on_refusal",
    "corrupt_records_loaded_as_other_game",
    "corrupt_records_crashed",
)
TOTALS = ("games", "actions", "bad_calls", "corrupt_records")


def test_the_quick_fuzz_run_finds_nothing():
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    figures = dict(line.split(": ", 1) for line in run.stdout.splitlines() if ": " in line)
    assert list(figures)[: len(TOTALS) + len(ZERO)] == [
        "games",
        "actions",
        "invariant_violations",
        "bad_calls",
        "refusals_not_game_error",
        "state_changed_on_refusal",
        "corrupt_records",
        "corrupt_records_loaded_as_other_game",
        "corrupt_records_crashed",
    ], run.stdout
    problems = {name: figures[name] for name in ZERO if int(figures[name])}
    assert not problems, f"{problems}\n{run.stderr}"
    assert all(int(figures[name]) > 0 for name in TOTALS), run.stdout
    assert float(figures["slowest_refusal_ms"]) > 0 and "seconds" in figures
    # the largest inputs are refused without copying them (issue 14: no more memory than they)
    assert 0 < float(figures["refusal_memory_ratio"]) <= 1, run.stderr
    assert run.returncode == 0, run.stderr
