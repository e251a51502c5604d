"""Scrubbing a 200-move record in a real JupyterLab + Chromium, with the echo round trip of the
same run for scale (issue 33, item 3).

The record: ``levelx.samples.long_game()`` (200 turns, 400 steps) in a ``LevelXWidget``. After
one seek the kernel sends the views of the line's steps ahead (``levelwidgets/widgets/scrub.py``);
each ▶ click then shows its position from them in the click's own handler, and the seek still
goes to the kernel. Prints ``name: value unit`` lines:

- ``scrub_step_ms_p50`` / ``_p95``: from a ▶ click until its handler returned, the new position
  drawn (the browser's clock; 60 clicks, one a task, while the kernel's answers come in), over
  the clicks shown from the views held ahead;
- ``scrub_draw_ms_p95``: of that, the Level X board's own drawing (``data-draw-ms``);
- ``scrub_shown_ahead``: clicks whose position was drawn in the click (of all clicks);
- ``scrub_views_ahead_bytes``: bytes of the largest chunk of views sent ahead (16 steps, a
  websocket frame);
- ``scrub_views_ahead_ms``: from the first seek until 64 steps were held (the clicks start
  then; more chunks come while they go on);
- ``echo_round_trip_ms_p50`` / ``_p95``: a bare anywidget's message to the kernel and back (the
  floor every kernel round trip pays here), same run.

Run: ``python benchmarks/scrub_speed.py [--clicks 60]``.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))

from widget_latency import ECHO, ECHO_CELL, bench_notebook, pct  # noqa: E402

CELL = (
    "from levelwidgets import LevelXWidget\n"
    "from levelwidgets.levelx.samples import long_game\n"
    "w = LevelXWidget(long_game(), bot_delay=0, animate=False)\nw"
)

#: ▶ ``n`` times, one click a task: per click the ms until its handler returned, the board's
#: draw ms, and whether the position changed in the click (the step's phase flips each step).
CLICKS = """async (n) => {
  const r = document.querySelector('.lx-root');
  const out = [];
  for (let i = 0; i < n; i++) {
    const phase = r.dataset.phase;
    r.dataset.drawMs = '0';
    const t0 = performance.now();
    r.querySelector('[data-nav=forward]').click();
    out.push([performance.now() - t0, Number(r.dataset.drawMs), r.dataset.phase !== phase]);
    await new Promise((done) => setTimeout(done, 0));
  }
  return out;
}"""

SCRUB = re.compile(rb'"kind":\\s*"scrub"')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=60)
    args = parser.parse_args()
    ahead: list[int] = []

    def on_ws(ws) -> None:
        def on_frame(payload: str | bytes) -> None:
            data = payload if isinstance(payload, bytes) else payload.encode()
            if SCRUB.search(data) or b'"kind": "scrub"' in data or b'"kind":"scrub"' in data:
                ahead.append(len(data))

        ws.on("framereceived", on_frame)

    with bench_notebook(
        [CELL, ECHO_CELL], on_page=lambda page: page.on("websocket", on_ws)
    ) as page:
        page.locator(".lx-root [data-scrub]").wait_for(timeout=60_000)
        page.locator("button.echo").wait_for(timeout=60_000)
        page.locator("button.echo").scroll_into_view_if_needed()
        echo = []
        for _ in range(40):
            page.wait_for_timeout(100)
            echo.append(page.evaluate(ECHO))
        page.locator(".lx-root").scroll_into_view_if_needed()
        t0 = page.evaluate("() => performance.now()")
        page.evaluate(
            """() => { const s = document.querySelector('.lx-root [data-scrub]');
                       s.value = '100'; s.dispatchEvent(new Event('input', {bubbles: true})); }"""
        )
        page.wait_for_function(
            "() => Number(document.querySelector('.lx-root [data-review]').dataset.ahead) >= 64",
            timeout=120_000,
        )
        ready_ms = page.evaluate("() => performance.now()") - t0
        clicks = page.evaluate(CLICKS, args.clicks)
        page.wait_for_function(
            "() => document.querySelector('.lx-root [data-review]').dataset.seeking === '0'"
        )
    ahead_clicks = [(ms, draw) for ms, draw, changed in clicks if changed]
    steps = [ms for ms, _draw in ahead_clicks] or [float("nan")]
    draws = [draw for _ms, draw in ahead_clicks] or [float("nan")]
    shown = len(ahead_clicks)
    print(f"scrub_step_ms_p50: {pct(steps, 0.5):.1f} ms")
    print(f"scrub_step_ms_p95: {pct(steps, 0.95):.1f} ms")
    print(f"scrub_draw_ms_p95: {pct(draws, 0.95):.1f} ms")
    print(f"scrub_shown_ahead: {shown} of {len(clicks)} clicks")
    print(f"scrub_views_ahead_bytes: {max(ahead, default=0)} bytes")
    print(f"scrub_views_ahead_ms: {ready_ms:.0f} ms")
    print(f"echo_round_trip_ms_p50: {pct(echo, 0.5):.1f} ms")
    print(f"echo_round_trip_ms_p95: {pct(echo, 0.95):.1f} ms")


if __name__ == "__main__":
    main()
