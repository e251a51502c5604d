"""Widget latency and sync size of both games, measured in a real JupyterLab + Chromium.

Prints ``name: value unit`` lines. Level X (names without a prefix, as before):

- ``click_to_render_ms_p50`` / ``_p95``: from the Confirm click until the widget has drawn the
  new position into the DOM (browser clock: intent to kernel, engine move, view back, draw).
- ``click_to_next_frame_ms_*``: the same until the next animation frame (paint) begins.
- ``draw_ms_p95``: the front end's own drawing time per view.
- ``bytes_synced_per_move``: widget state bytes the kernel sends per move (the JSON of the
  ``comm_msg`` updates, as they cross the websocket), mean over the moves.
- ``ws_bytes_per_move``: every websocket byte received per move, Jupyter envelopes and kernel
  status messages included (context for the number above).

Both seats are people, bots off and animation off (the analyst setting), so each measured click
is one engine move.

Level 8 (``level8_`` prefix): seat 0's player view against a heuristic bot that answers at once
(``bot_delay=0``). Per turn two clicks are measured: the draw pile (one engine action) and the
discard of the selected card (the discard, then the bot's whole turn, in one answer); "Next
round" clicks count with the draws.

- ``level8_click_to_render_ms_p50`` / ``_p95``: click until the table has drawn the new view,
  over both kinds of click; ``level8_draw_click_ms_p95`` / ``level8_discard_click_ms_p95`` apart.
- ``level8_bytes_synced_per_action``: widget state bytes per engine action (mean; a discard
  answer carries the bot's actions too, so its bytes are divided by the actions it covers).
- ``echo_round_trip_ms_p50`` / ``_p95``: a minimal anywidget that only echoes a counter: the
  floor any widget pays in this JupyterLab (browser -> kernel -> browser), for context. Every
  measured click waits for an idle kernel first: a message that arrives while ipykernel is
  still finishing the last one waits for its next poll (~50 ms), which would measure ipykernel,
  not the widget.

Run: ``python benchmarks/widget_latency.py [--moves 60] [--turns 40]``.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import nbformat

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from e2e.lab import (  # noqa: E402
    CHROMIUM_ARGS,
    PageErrors,
    lab_server,
    open_notebook,
    require_chromium,
    run_all,
)

LEVEL8_CELL = (
    "from levelwidgets import Level8Widget\n"
    "w8 = Level8Widget(players=['A', 'B'], bots=[None, 'heuristic'], seat=0, seed=3, bot_delay=0)"
    "\nw8"
)

ECHO_CELL = '''import anywidget, traitlets
class Echo(anywidget.AnyWidget):
    _esm = """export default { render({ model, el }) {
      const b = document.createElement('button'); b.className = 'echo';
      b.dataset.n = String(model.get('n'));
      b.onclick = () => model.send({ n: model.get('n') });
      model.on('change:n', () => { b.dataset.n = String(model.get('n')); });
      el.appendChild(b); } };"""
    n = traitlets.Int(0).tag(sync=True)
    def __init__(self):
        super().__init__()
        self.on_msg(lambda _w, m, _b: setattr(self, 'n', m['n'] + 1))
echo = Echo(); echo'''

ECHO = """async () => {
  const b = document.querySelector('button.echo');
  const n = Number(b.dataset.n);
  const t0 = performance.now();
  b.click();
  await new Promise((done) => {
    const o = new MutationObserver(() => {
      if (Number(b.dataset.n) > n) { o.disconnect(); done(); }
    });
    o.observe(b, { attributes: true });
  });
  return performance.now() - t0;
}"""

TURN_READY = """() => { const r = document.querySelector('.l8-root');
  return r.dataset.busy === '0' && (r.dataset.actor === '0'
    || ['over', 'round_over', 'keep'].includes(r.dataset.phase)); }"""

STATE = re.compile(rb'"method":\s*"update",\s*"state":\s*')

# Click ``target`` inside widget ``root`` and wait until its next view (data-seq) is drawn.
# Returns [ms to the drawn view, ms to the next animation frame, the front end's draw ms].
CLICK_AND_WAIT = """async ([root, target]) => {
  const r = document.querySelector(root);
  const seq = Number(r.dataset.seq);
  const el = r.querySelector(target);
  if (!el) throw new Error('nothing to click: ' + target);
  const t0 = performance.now();
  el.click();
  const ok = await new Promise((done) => {
    const o = new MutationObserver(() => {
      if (Number(r.dataset.seq) > seq) { o.disconnect(); done(true); }
    });
    o.observe(r, { attributes: true, attributeFilter: ['data-seq'] });
    setTimeout(() => { o.disconnect(); done(false); }, 10000);
  });
  const err = r.querySelector('[data-error]');
  if (!ok) throw new Error('no new view after ' + target + ': ' + (err ? err.textContent : '?'));
  const rendered = performance.now() - t0;
  await new Promise((done) => requestAnimationFrame(() => done()));
  return [rendered, performance.now() - t0, Number(r.dataset.drawMs || 0)];
}"""

PICK = """() => {
  const r = document.querySelector('.lx-root');
  const die = (i) => r.querySelector(`button[data-die='${i}']`);  // redrawn after each click
  const f = [0, 1, 2, 3].map((i) => Number(die(i).dataset.face));
  for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++)
    if (f[i] + f[j] >= 5 && f[i] + f[j] <= 10) { die(i).click(); die(j).click(); return; }
  for (let i = 0; i < 4; i++) if (f[i] >= 5) { die(i).click(); return; }
}"""


def state_bytes(frame: bytes) -> int:
    """Length of each widget ``state`` object in a websocket frame, as sent."""
    total = 0
    for m in STATE.finditer(frame):
        text = frame[m.end() :].decode("utf-8", "replace")
        _obj, end = json.JSONDecoder().raw_decode(text)
        total += len(text[:end].encode())
    return total


@contextmanager
def bench_notebook(cells: list[str], on_page: Callable[[Any], None] | None = None) -> Iterator[Any]:
    """A JupyterLab in a temporary root with one notebook of ``cells``, opened and run in
    Chromium: yields the page. ``on_page(page)`` runs before the notebook opens (to listen to
    the websocket); errors in the page fail the benchmark at the end."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        root, home = Path(tmp, "root"), Path(tmp, "home")
        root.mkdir()
        home.mkdir()
        nb = nbformat.v4.new_notebook()
        nb.cells = [nbformat.v4.new_code_cell(code) for code in cells]
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        nbformat.write(nb, root / "bench.ipynb")
        with lab_server(root, home) as lab, sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=require_chromium(), headless=True, args=CHROMIUM_ARGS
            )
            page = browser.new_page(viewport={"width": 1280, "height": 1000})
            errors = PageErrors()
            errors.attach(page)
            if on_page is not None:
                on_page(page)
            open_notebook(page, lab, "bench.ipynb")
            run_all(page)
            yield page
            errors.check()
            browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--turns", type=int, default=40, help="Level 8 turns to measure")
    args = parser.parse_args()
    frames: list[bytes] = []

    def on_ws(ws) -> None:
        def on_frame(payload: str | bytes) -> None:
            frames.append(payload.encode() if isinstance(payload, str) else payload)

        ws.on("framereceived", on_frame)

    cells = [
        "from levelwidgets import LevelXWidget\n"
        "w = LevelXWidget(players=['A', 'B'], seed=1, bot_delay=0, animate=False)\nw",
        LEVEL8_CELL,
        ECHO_CELL,
    ]
    with bench_notebook(cells, on_page=lambda page: page.on("websocket", on_ws)) as page:
        page.locator(".lx-root").wait_for(timeout=60_000)
        times, frames_ms, draw_ms, synced, wire = [], [], [], [], []
        for _ in range(args.moves):
            r = page.locator(".lx-root")
            if r.get_attribute("data-phase") == "over":
                break
            seq = int(r.get_attribute("data-seq"))
            r.locator("[data-action=roll]").click()
            page.wait_for_function(
                f"() => Number(document.querySelector('.lx-root').dataset.seq) > {seq}"
            )
            page.evaluate(PICK)
            page.wait_for_timeout(150)  # let the roll's trailing messages (idle) arrive
            frames.clear()
            rendered, frame, drawn = page.evaluate(
                CLICK_AND_WAIT,
                [".lx-root", "[data-action=confirm]:not([disabled]), [data-action=pass]"],
            )
            times.append(rendered)
            frames_ms.append(frame)
            draw_ms.append(drawn)
            page.wait_for_timeout(150)
            synced.append(sum(state_bytes(f) for f in frames))
            wire.append(sum(len(f) for f in frames))
        page.locator(".l8-root").wait_for(timeout=60_000)
        page.locator(".l8-root").scroll_into_view_if_needed()
        level8 = measure_level8(page, frames, args.turns)
        page.locator("button.echo").wait_for(timeout=60_000)
        page.locator("button.echo").scroll_into_view_if_needed()
        echo = []
        for _ in range(60):  # paced like the clicks above: an idle kernel each time
            page.wait_for_timeout(150)
            echo.append(page.evaluate(ECHO))
    print(f"moves_measured: {len(times)} moves")
    print(f"click_to_render_ms_p50: {pct(times, 0.5):.1f} ms")
    print(f"click_to_render_ms_p95: {pct(times, 0.95):.1f} ms")
    print(f"click_to_next_frame_ms_p50: {pct(frames_ms, 0.5):.1f} ms")
    print(f"click_to_next_frame_ms_p95: {pct(frames_ms, 0.95):.1f} ms")
    print(f"draw_ms_p95: {pct(draw_ms, 0.95):.1f} ms")
    print(f"bytes_synced_per_move: {statistics.mean(synced):.0f} bytes")
    print(f"bytes_synced_per_move_max: {max(synced)} bytes")
    print(f"ws_bytes_per_move: {statistics.mean(wire):.0f} bytes")
    draws, discards, per_action = level8
    both = draws + discards
    print(f"level8_clicks_measured: {len(both)} clicks")
    print(f"level8_click_to_render_ms_p50: {pct(both, 0.5):.1f} ms")
    print(f"level8_click_to_render_ms_p95: {pct(both, 0.95):.1f} ms")
    print(f"level8_draw_click_ms_p95: {pct(draws, 0.95):.1f} ms")
    print(f"level8_discard_click_ms_p95: {pct(discards, 0.95):.1f} ms")
    print(f"level8_bytes_synced_per_action: {statistics.mean(per_action):.0f} bytes")
    print(f"level8_bytes_synced_per_action_max: {max(per_action):.0f} bytes")
    print(f"echo_round_trip_ms_p50: {pct(echo, 0.5):.1f} ms")
    print(f"echo_round_trip_ms_p95: {pct(echo, 0.95):.1f} ms")


def measure_level8(page, frames: list[bytes], turns: int) -> tuple[list, list, list]:
    """Play ``turns`` turns of seat 0 by clicks: draw from the pile, discard the last card."""
    draws: list[float] = []
    discards: list[float] = []
    per_action: list[float] = []
    root = page.locator(".l8-root")
    for _ in range(turns):
        page.wait_for_function(TURN_READY)
        phase = root.get_attribute("data-phase")
        if phase == "round_over" and root.get_attribute("data-actor") == "0":
            page.wait_for_timeout(100)
            draws.append(page.evaluate(CLICK_AND_WAIT, [".l8-root", "[data-action=nextRound]"])[0])
            page.wait_for_function(TURN_READY)
            phase = root.get_attribute("data-phase")
        if phase != "draw":
            break  # game over or a keep choice: enough turns measured
        page.wait_for_timeout(100)  # trailing kernel messages (idle) of the last answer
        frames.clear()
        draws.append(page.evaluate(CLICK_AND_WAIT, [".l8-root", "[data-draw-pile]"])[0])
        page.wait_for_timeout(100)
        per_action.append(sum(state_bytes(f) for f in frames))
        root.locator("[data-hand='0'] [data-card]").last.click()
        plies = ply_now(page)
        frames.clear()
        discards.append(page.evaluate(CLICK_AND_WAIT, [".l8-root", "[data-action=discard]"])[0])
        page.wait_for_timeout(100)
        actions = max(1, ply_now(page) - plies)
        per_action.append(sum(state_bytes(f) for f in frames) / actions)
    return draws, discards, per_action


def ply_now(page) -> int:
    """The table's current ply: the highest jump target in its move list."""
    return page.evaluate(
        "() => Math.max(0, ...[...document.querySelectorAll('.l8-root [data-goto]')]"
        ".map((e) => Number(e.dataset.goto)))"
    )


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


if __name__ == "__main__":
    main()
