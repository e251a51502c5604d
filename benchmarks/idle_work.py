"""What Level X's idle work saves a Roll click in the kernel (levelwidgets/widgets/idle.py).

Whole seeded games (both seats people, Lucky Loser on and off) are clicked through a widget
whose views go out through a signed Session as in ipykernel (benchmarks/kernel_comm.py), each
click timed from the browser's intent to the view's send (what the page waits for). The same
games are played twice, alternating game by game, on an event loop with a pause between
clicks (as a person's): with the idle work after each view (``warm``) and with it turned off,
so each Roll works out its previews itself (``cold``). The Play clicks, which idle work does not
touch, are the baseline measured in the same run.

Prints ``name: value unit`` lines, for the thread's CPU time (``cpu``) and the wall clock
(``wall``: after a pause it also counts a busy host's wait for a core):
``roll_<m>_to_send_ms_p50`` / ``_p95`` cold and warm, ``play_<m>_to_send_ms_p50`` / ``_p95``
(both ways together), and the ratio of the warm Roll's p50 to the cold one's.

Run: ``python benchmarks/idle_work.py [--games 8]``.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import kernel_comm

from levelwidgets.levelx import Rules
from levelwidgets.widgets import LevelXWidget
from levelwidgets.widgets import levelx as lx_widget
from levelwidgets.widgets.idle import IDLE_DELAY_S


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


class SendClock:
    """The time from an intent to the first message its widget sends: the thread's CPU time
    and the wall clock (which, after a pause, also counts a busy host's wait for a core)."""

    def __init__(self) -> None:
        self.start: tuple[float, float] | None = None
        self.sent: tuple[float, float] | None = None
        from comm.base_comm import BaseComm

        send = BaseComm.send

        def timed(comm, *args, **kwargs):
            if self.start is not None and self.sent is None:
                self.sent = (time.thread_time(), time.perf_counter())
            return send(comm, *args, **kwargs)

        BaseComm.send = timed

    def click(self, widget: LevelXWidget, intent: dict) -> tuple[float, float]:
        self.start, self.sent = (time.thread_time(), time.perf_counter()), None
        kernel_comm.intent(widget, intent)
        end = self.sent or (time.thread_time(), time.perf_counter())
        cpu, wall = ((b - a) * 1e3 for a, b in zip(self.start, end, strict=True))
        self.start = None
        return cpu, wall


def play(
    clock: SendClock, seed: int, lucky: bool, warm: bool
) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """One whole game, on an event loop with the same pause between clicks either way: the
    Roll and the Play clicks' times to send. ``warm=False`` turns the idle work off."""
    widget = kernel_comm.shown(
        LevelXWidget(seed=seed, rules=Rules(lucky_loser=lucky), bot_delay=0, animate=False)
    )
    if not warm:
        widget._ponder = lambda: None  # type: ignore[method-assign]
    lx_widget._PREVIEWS.clear()  # (the other way's game had these very positions)
    rng = random.Random(seed)
    rolls: list[tuple[float, float]] = []
    plays: list[tuple[float, float]] = []

    async def clicks() -> None:
        while widget.game.phase != "over":
            rolls.append(clock.click(widget, {"type": "roll"}))
            groups = [list(g) for g in rng.choice(widget.game.legal_moves()).groups]
            plays.append(clock.click(widget, {"type": "play", "groups": groups}))
            await asyncio.sleep(IDLE_DELAY_S + 0.01)  # the person looks; idle work runs

    asyncio.run(clicks())
    widget.close()
    return rolls, plays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games each way")
    args = parser.parse_args()
    kernel_comm.use_session_comms()
    clock = SendClock()
    out: dict[str, list[tuple[float, float]]] = {"cold": [], "warm": [], "play": []}
    for i in range(args.games):
        for warm in (i % 2 == 0, i % 2 == 1):  # alternate which goes first
            rolls, plays = play(clock, seed=100 + i, lucky=i % 2 == 0, warm=warm)
            out["warm" if warm else "cold"] += rolls
            out["play"] += plays
    for k, measure in enumerate(("cpu", "wall")):
        figures = {name: [t[k] for t in times] for name, times in out.items()}
        for kind in ("cold", "warm"):
            for q in (50, 95):
                value = pct(figures[kind], q / 100)
                print(f"roll_{measure}_to_send_ms_p{q}_{kind}: {value:.3f} ms")
        for q in (50, 95):
            print(f"play_{measure}_to_send_ms_p{q}: {pct(figures['play'], q / 100):.3f} ms")
        ratio = statistics.median(figures["warm"]) / statistics.median(figures["cold"])
        print(f"roll_{measure}_warm_over_cold_p50: {ratio:.2f} x")
    print(f"rolls_measured: {len(out['cold'])} cold, {len(out['warm'])} warm")


if __name__ == "__main__":
    main()
