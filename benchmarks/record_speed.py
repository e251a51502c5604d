"""Speed of game records. Prints one ``name: value unit`` line per figure.

Run: ``python benchmarks/record_speed.py [--quick] [--no-browser]``.

- ``goto_ms``: 95th percentile of a cursor jump across 1,000 steps of a Level X record, CPU
  time (target ≤ 5 ms).
- ``record_load_ms``: median time to read a 1,000-step record with 100 comments, every step
  replayed and checked (target ≤ 50 ms).
- ``seek_step_ms_p95``: the widget's Python side of one step forward or back on a 200-move
  (400-step) Level X record: engine, record and the new view.
- review cost against the record's length (issue 33 item 5), each at 100 and 10,000 steps
  of a Level X record (``_100`` / ``_10000``): ``goto_ms_p95_*`` (a cursor jump, target
  <= 1 ms), ``review_step_cpu_ms_p50_*`` / ``_p95_*`` (one ▶/◀ ``seek`` step of the widget,
  CPU time, the view sent included; target <= 2 ms at 10,000), ``review_step_no_send_cpu_ms_p95_*``
  (the same without ipywidgets' sending of the view, which walks the whole view),
  ``review_jump_cpu_ms_*`` (a ``seek`` from the start to the end and back) and
  ``record_load_us_per_step_*`` (target <= 20 µs); ``level8_review_step_cpu_ms_p95``: the same
  step on a whole Level 8 game's record.
- a step as in a notebook (``kernel_comm.py``: every comm message through a signed
  ``jupyter_client`` Session; the browser has drawn the widget, so views go as patches), at
  100 and 10,000 steps, next to ``goto_ms_p95_*``: ``review_step_with_send_cpu_ms_p50_*`` /
  ``_p95_*`` (the ▶/◀ intent from the comm to the last message sent; target <= 2 ms at
  10,000) and ``review_step_fresh_with_send_cpu_ms_p95_*`` (each step to a position not shown
  before: nothing kept from an earlier visit helps).
- an ordinary play action the same way (a game of two people, a Level 8 table in the teacher's
  view): ``levelx_roll_with_send_cpu_ms_p50/_p95``, ``levelx_play_with_send_cpu_ms_p50/_p95``
  (a grouping played) and ``level8_draw_with_send_cpu_ms_p50/_p95`` (target <= 2 ms).
- ``scrub_step_ms_p95`` / ``_p50``: the same step in a real JupyterLab + Chromium, from the
  click on ▶ or ◀ of the review bar until the widget has drawn the new position (browser clock;
  drawn from the views held ahead, or after the kernel's answer where none is held). Target
  ≤ 16 ms (one frame). Next to it, same run: ``scrub_draw_ms_p95`` (the drawing alone),
  ``scrub_kernel_answer_ms_p50`` (the kernel's view of that step, which the browser did not
  wait for) and ``scrub_echo_ms_p50`` / ``_p95`` (a bare echo round trip before each click).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from levelwidgets.levelx.samples import long_game
from levelwidgets.record import GameRecord

sys.path.insert(0, str(Path(__file__).resolve().parent))  # kernel_comm, widget_latency


def _record(steps: int = 1000, comments: int = 100) -> GameRecord:
    """A Level X record of ``steps`` steps (rolls and moves), ``comments`` of them commented."""
    game = long_game(steps // 2, move_chance=0.08)  # mostly passes, a few real moves
    rec = GameRecord.from_game(game)
    nodes = [rec, *rec.mainline()]
    for i, node in enumerate(random.Random(1).sample(nodes[1:], comments)):
        node.comment(f"Comment {i}: why this step? A longer sentence for a realistic size.")
    return rec


def goto_ms(rec: GameRecord, jumps: int) -> float:
    rng = random.Random(7)
    cursor = rec.cursor()
    last = sum(1 for _ in rec.mainline())
    times = []
    for i in range(jumps):
        # alternate ends, with random targets between: every jump crosses many steps
        target = (last, 0)[i % 2] if i % 3 else rng.randrange(last + 1)
        start = time.process_time()  # CPU time: a busy machine's other work does not count
        cursor.goto(target)
        times.append(time.process_time() - start)
    times.sort()
    return times[int(0.95 * (len(times) - 1))] * 1000


def record_load_ms(text: str, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        GameRecord.from_json(text)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def seek_step_ms(steps: int) -> float:
    """p95 of one seek step back and forth on a widget with a 400-step record (no browser)."""
    from levelwidgets.widgets import LevelXWidget

    w = LevelXWidget(long_game(), bot_delay=0)
    end = w.view["review"]["steps"]
    times = []
    for i in range(steps):
        target = end - 1 - (i % 50) if (i // 50) % 2 == 0 else end - 50 + (i % 50)
        start = time.perf_counter()
        w.seek(target)
        times.append(time.perf_counter() - start)
    times.sort()
    return times[int(0.95 * (len(times) - 1))] * 1000


def _long_record_game(steps: int):
    """A Level X game of ``steps`` steps (mostly passes: a game of 5,000 turns lasts)."""
    return long_game(steps // 2, move_chance=0.08 if steps <= 2000 else 0.01)


def _pct(times: list[float], q: float) -> float:
    times = sorted(times)
    return times[int(q * (len(times) - 1))] * 1000


def length_figures(steps: int, repeats: int) -> dict[str, float]:
    """goto, a review step, a jump and a load on a Level X record of ``steps`` steps."""
    from levelwidgets.widgets import LevelXWidget

    game = _long_record_game(steps)
    pristine = game.clone()  # the widget below moves ``game`` about
    rec = GameRecord.from_game(game)
    for i, node in enumerate(list(rec.mainline())[::10]):
        node.comment(f"Comment {i}: why this step? A longer sentence for a realistic size.")
    text = rec.to_json()
    loads = []
    for _ in range(max(3, repeats // 40)):
        start = time.process_time()
        fresh = GameRecord.from_json(text)
        loads.append(time.process_time() - start)
    out = {"record_load_us_per_step": statistics.median(loads) / steps * 1e6}
    out["goto_ms_p95"] = goto_ms(fresh, repeats)
    out.update(with_send_figures(pristine, repeats))
    w = LevelXWidget(game, bot_delay=0)
    end = w.view["review"]["steps"]
    clock = time.process_time

    def steps_cpu(count: int) -> list[float]:
        times = []
        for i in range(count):  # 50 steps back, 50 forward, near the end of the record
            target = end - 1 - (i % 50) if (i // 50) % 2 == 0 else end - 50 + (i % 50)
            start = clock()
            w.seek(target)
            times.append(clock() - start)
        return times

    times = steps_cpu(repeats)
    out["review_step_cpu_ms_p50"] = _pct(times, 0.5)
    out["review_step_cpu_ms_p95"] = _pct(times, 0.95)
    jumps = []
    for i in range(max(4, repeats // 20)):
        start = clock()
        w.seek(0 if i % 2 == 0 else end)
        jumps.append(clock() - start)
    out["review_jump_cpu_ms"] = statistics.median(jumps) * 1000
    w.send_state = lambda *_a, **_k: None  # what is left without ipywidgets sending the view
    out["review_step_no_send_cpu_ms_p95"] = _pct(steps_cpu(repeats), 0.95)
    w.close()
    return out


def _review_targets(end: int, count: int) -> list[int]:
    """50 steps back from the end of the record, 50 forward, and again."""
    return [end - 1 - (i % 50) if (i // 50) % 2 == 0 else end - 50 + (i % 50) for i in range(count)]


def with_send_figures(game: object, repeats: int) -> dict[str, float]:
    """A review step of a LevelXWidget in a notebook (kernel_comm.py): the intent from the
    comm to the last message sent, CPU time."""
    from kernel_comm import intent, session_comms, shown

    from levelwidgets.widgets import LevelXWidget
    from levelwidgets.widgets import levelx as levelx_widget

    clock = time.process_time
    out: dict[str, float] = {}
    with session_comms():
        w = shown(LevelXWidget(game.clone(), bot_delay=0))  # type: ignore[attr-defined]
    end = w.view["review"]["steps"]
    times = []
    for target in _review_targets(end, repeats):
        start = clock()
        intent(w, {"type": "seek", "step": target})
        times.append(clock() - start)
    assert w.error == "", w.error
    out["review_step_with_send_cpu_ms_p50"] = _pct(times, 0.5)
    out["review_step_with_send_cpu_ms_p95"] = _pct(times, 0.95)
    w.close()
    getattr(levelx_widget, "_PREVIEWS", {}).clear()  # nothing kept from the steps above
    with session_comms():
        w = shown(LevelXWidget(game.clone(), bot_delay=0))  # type: ignore[attr-defined]
    times = []
    for target in range(end - 1, max(-1, end - 1 - min(repeats, 200)), -1):
        start = clock()
        intent(w, {"type": "seek", "step": target})
        times.append(clock() - start)
    assert w.error == "", w.error
    out["review_step_fresh_with_send_cpu_ms_p95"] = _pct(times, 0.95)
    w.close()
    return out


def play_figures(turns: int) -> dict[str, float]:
    """CPU of a person's roll and grouping (Level X, two people) and draw (Level 8, teacher's
    view, two bots), each intent from the comm to the last message sent (kernel_comm.py)."""
    from kernel_comm import intent, session_comms, shown

    from levelwidgets import level8
    from levelwidgets.levelx import LevelX
    from levelwidgets.widgets import Level8Widget, LevelXWidget

    clock = time.process_time
    rng = random.Random(5)
    rolls: list[float] = []
    plays: list[float] = []
    seed = 0
    while len(rolls) < turns:
        with session_comms():
            w = shown(LevelXWidget(LevelX(["Ann", "Ben"], seed=seed), bot_delay=0))
        seed += 1
        while not w.game.is_over and len(rolls) < turns:
            start = clock()
            intent(w, {"type": "roll"})
            rolls.append(clock() - start)
            move = rng.choice(w.game.legal_moves())
            start = clock()
            intent(w, {"type": "play", "groups": [list(g) for g in move.groups]})
            plays.append(clock() - start)
            assert w.error == "", w.error
        w.close()
    draws: list[float] = []
    seed = 0
    while len(draws) < turns // 2 and seed < 50:
        with session_comms():
            w = shown(
                Level8Widget(
                    level8.Level8(["Ann", "Ben", "Cem"], seed=seed),
                    bots=[None, "heuristic", "heuristic"],
                    bot_delay=0,
                    view="teacher",
                )
            )
        seed += 1
        helper = level8.HeuristicBot(0)
        for _ in range(5000):  # a game's actions at most
            if w.game.is_over or len(draws) >= turns // 2:
                break
            if w.game.phase == "round_over":
                w.next_round()
            elif w.game.current_player != 0:
                if not w.advance():
                    break
            elif w.game.phase == "draw":
                start = clock()
                intent(w, {"type": "draw", "source": "pile"})
                draws.append(clock() - start)
                assert w.error == "", w.error
            else:  # the rest of the person's turn, played by a bot (not measured)
                w._bots[0] = helper
                w.advance()
                w._bots[0] = None
        w.close()
    return {
        "levelx_roll_with_send_cpu_ms_p50": _pct(rolls, 0.5),
        "levelx_roll_with_send_cpu_ms_p95": _pct(rolls, 0.95),
        "levelx_play_with_send_cpu_ms_p50": _pct(plays, 0.5),
        "levelx_play_with_send_cpu_ms_p95": _pct(plays, 0.95),
        "level8_draw_with_send_cpu_ms_p50": _pct(draws, 0.5),
        "level8_draw_with_send_cpu_ms_p95": _pct(draws, 0.95),
    }


def level8_step_cpu_ms(repeats: int) -> tuple[int, float]:
    """Steps of a whole Level 8 game's record, and the p95 CPU of one review step on it."""
    from levelwidgets import level8
    from levelwidgets.widgets import Level8Widget

    game = level8.play_game([level8.HeuristicBot(7 + i) for i in range(3)], seed=7)
    w = Level8Widget(game, view="teacher", bot_delay=0)
    end = w.view["review"]["steps"]
    rng = random.Random(3)
    times = []
    for i in range(repeats):
        target = rng.randrange(end + 1) if i % 4 == 0 else max(0, end - 1 - i % 20)
        start = time.process_time()
        w.seek(target)
        times.append(time.process_time() - start)
    return end, _pct(times, 0.95)


SCRUB_CELL = """from levelwidgets import LevelXWidget
from levelwidgets.levelx.samples import long_game
w = LevelXWidget(long_game(), bot_delay=0, animate=False)
w"""

#: Click ▶ or ◀ and wait until the new step is on screen (the review bar's step label, which
#: the widget writes in the same draw as the board; an observer runs once that draw's task is
#: done), then for the kernel's answer (the root's data-seq). Returns [ms to the step drawn, ms
#: to the kernel's view, the draw's ms].
SCRUB_STEP = """async ([nav]) => {
  const r = document.querySelector('.lx-root');
  const label = r.querySelector('[data-step-label]');
  const before = label.textContent, seq = Number(r.dataset.seq);
  const t0 = performance.now();
  let shown = null, answered = null, drawn = 0;
  await new Promise((done) => {
    const o = new MutationObserver(() => {
      if (shown === null && label.textContent !== before) {
        shown = performance.now() - t0;
        drawn = Number(r.dataset.drawMs || 0);
      }
      if (answered === null && Number(r.dataset.seq) > seq) answered = performance.now() - t0;
      if (shown !== null && answered !== null) { o.disconnect(); done(); }
    });
    o.observe(r, { attributes: true, subtree: true, childList: true, characterData: true });
    setTimeout(() => { o.disconnect(); done(); }, 10000);
    r.querySelector(`[data-nav=${nav}]`).click();
  });
  if (shown === null) throw new Error('the step was never drawn');
  return [shown, answered === null ? NaN : answered, drawn];
}"""


def scrub_step_ms(steps: int) -> dict[str, float]:
    """One ▶ or ◀ click on the review bar of a 400-step record: until the new step is drawn
    (from the views the browser holds ahead, else the kernel's answer), with an echo round trip
    measured before each click in the same page (the kernel's floor, the same moments)."""
    from widget_latency import ECHO, ECHO_CELL, bench_notebook, pct

    with bench_notebook([SCRUB_CELL, ECHO_CELL]) as page:
        page.locator(".lx-root [data-nav=back]").wait_for(timeout=60_000)
        page.locator("button.echo").wait_for(timeout=60_000)
        page.wait_for_timeout(1000)
        shown, answered, draws, echoes = [], [], [], []
        for i in range(steps):
            nav = "back" if (i // 50) % 2 == 0 else "forward"
            page.wait_for_timeout(150)  # an idle kernel, as a person clicking would find it
            echoes.append(page.evaluate(ECHO))
            page.wait_for_timeout(150)
            on_screen, kernel, drawn = page.evaluate(SCRUB_STEP, [nav])
            shown.append(on_screen)
            answered.append(kernel)
            draws.append(drawn)
    return {
        "scrub_step_ms_p50": pct(shown, 0.5),
        "scrub_step_ms_p95": pct(shown, 0.95),
        "scrub_draw_ms_p95": pct(draws, 0.95),
        "scrub_kernel_answer_ms_p50": pct(answered, 0.5),
        "scrub_echo_ms_p50": pct(echoes, 0.5),
        "scrub_echo_ms_p95": pct(echoes, 0.95),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--no-browser", action="store_true", help="skip the browser figure")
    parser.add_argument("--browser-only", action="store_true", help="only the browser figure")
    args = parser.parse_args()
    if args.browser_only:
        for name, value in scrub_step_ms(100 if args.quick else 200).items():
            print(f"{name}: {value:.1f} ms")
        return
    rec = _record()
    text = rec.to_json()
    fresh = GameRecord.from_json(text)  # a freshly loaded record, as a widget would get it
    print(f"goto_ms: {goto_ms(fresh, 60 if args.quick else 400):.3f} ms")
    print(f"record_load_ms: {record_load_ms(text, 3 if args.quick else 15):.1f} ms")
    print(f"record_bytes: {len(text.encode())} bytes")
    print(f"seek_step_ms_p95: {seek_step_ms(100 if args.quick else 400):.2f} ms")
    repeats = 100 if args.quick else 400
    for steps in (100, 10_000):
        for name, value in length_figures(steps, repeats).items():
            unit = "µs" if name.endswith("per_step") else "ms"
            print(f"{name}_{steps}: {value:.3f} {unit}")
    for name, value in play_figures(60 if args.quick else 200).items():
        print(f"{name}: {value:.3f} ms")
    level8_steps, level8_p95 = level8_step_cpu_ms(repeats // 2)
    print(f"level8_record_steps: {level8_steps}")
    print(f"level8_review_step_cpu_ms_p95: {level8_p95:.2f} ms")
    if not args.no_browser:
        for name, value in scrub_step_ms(100 if args.quick else 200).items():
            print(f"{name}: {value:.1f} ms")


if __name__ == "__main__":
    main()
