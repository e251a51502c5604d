"""Widget latency, drawing time and sync size of all four widgets, in one JupyterLab + Chromium.

One notebook holds Level X, the Level 8 card table, the Level 8 board game, DiceLab and a bare
anywidget echo (a button that sends a counter to the kernel and shows the answer: the floor any
widget pays here, browser -> kernel -> browser). Every measured click waits for an idle kernel
first (a message that arrives while ipykernel is still finishing the last one waits for its next
poll, ~50 ms, which would measure ipykernel, not the widget) and for a still widget: its own
transitions (a card just selected slides up) have ended, so neither the echo measured before each
click nor the click shares the page with them; the echo is paced the same way and measured in
two halves, before and after the widgets, so all figures share one run.

Per widget (prefix ``levelx_``, ``level8_``, ``board_``, ``dicelab_``) it prints:

- ``<w>_added_over_echo_ms_p95``: click-to-render p95 minus the echo's p95 (same run): what the
  widget adds to the kernel round trip (engine move, view, draw).
- ``<w>_click_to_render_ms_p50`` / ``_p95``: from the click until the widget has drawn the new
  view into the DOM (its ``data-seq`` changed; browser clock).
- ``<w>_draw_ms_p95``: the front end's own drawing time per view (``performance.now`` around
  the render call in the page, read from the root's ``data-draw-ms``).
- ``<w>_main_thread_cpu_ms_p50`` / ``_p95``: CPU time of the page's main thread from the click
  until the next frame began (Chromium's ``ThreadTime``: the click, the kernel message's
  handling in JupyterLab, the draw, style and layout, the frame), for context on a loaded
  machine, where wall-clock times include waiting for a core.
- ``<w>_bytes_per_action_mean`` / ``_max``: the bytes the widget's view costs on the wire per
  engine action, over the paced games: every ``comm_msg`` of the answer, state updates (a whole
  view or a trait) and view patches (custom messages, with a deflated patch's binary buffer),
  without the kernel protocol's envelope (header, parent header: the echo pays it too). An
  answer that covers several actions (e.g. a bot's whole turn) is divided by them.
- ``<w>_picture_bytes_per_action_mean``: the display updates of the picture output (the board
  for places without widgets) that arrived within a click: drawn once play pauses, so paced
  play at human speed pays them once per pause, not per click.
- ``<w>_echo_ms_p50`` / ``_p95``: an echo round trip measured just before each of the
  widget's clicks (same pacing, same load); ``<w>_added_over_echo_ms_p50`` / ``_p95`` use it.
- ``<w>_added_main_thread_cpu_ms_p50`` / ``_p95``: the main thread's CPU per click minus the
  echo's, at the same quantile: what the widget adds to the page's own work.

Click paths: Level X, both seats people, bots and animation off: Roll, then Play (or pass) with
a grouping picked in the page. Level 8: seat 0 against a heuristic bot: the draw pile, a
lay-down when one is offered, the discard of the last card, "Next round". Board game: seat 0
against two heuristic bots: roll, a glowing field, take, the action dialogs, a lay-down, a
discard, keep. DiceLab: Roll. The bots are paced by the page as with the default ``bot_delay``
(700 ms), only faster (40 ms): a click's answer is the view of the person's own action, and
the bots' turns follow as views of their own (each click waits until they are done). With
``bot_delay=0`` the answer would wait for the bots' whole turns, which is the bots' thinking,
not the widget's answer.

Run: ``python benchmarks/widget_latency.py [--quick] [--moves N] [--turns N] [--steps N]
[--only levelx,level8] [--slowest N]`` (``--slowest``: each widget's N slowest clicks, with
what was pressed).
``--quick`` is a smoke run (a few clicks per widget).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import nbformat

from levelwidgets.level8.cards import END_SKIP, FIRST_SKIP

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

LEVELX_CELL = (
    "from levelwidgets import LevelXWidget\n"
    "w = LevelXWidget(players=['A', 'B'], seed=1, bot_delay=0, animate=False)\nw"
)

LEVEL8_CELL = (
    "from levelwidgets import Level8Widget\n"
    "w8 = Level8Widget(players=['A', 'B'], bots=[None, 'heuristic'], seat=0, seed=3, bot_delay=40)"
    "\nw8"
)

BOARD_CELL = (
    "from levelwidgets import Level8BoardWidget\n"
    "wb = Level8BoardWidget(players=['A', 'B', 'C'], bots=[None, 'heuristic', 'heuristic'],"
    " seed=5, bot_delay=40)\nwb"
)

DICELAB_CELL = "from levelwidgets import DiceLab\ndl = DiceLab(seed=7)\ndl"

L8_ROOT = ".l8-root:not(.l8b-root)"

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

TURN_READY = """() => { const r = document.querySelector('.l8-root:not(.l8b-root)');
  return r.dataset.busy === '0' && (r.dataset.actor === '0'
    || ['over', 'round_over', 'keep'].includes(r.dataset.phase)); }"""

BOARD_READY = """() => { const r = document.querySelector('.l8b-root');
  return r.dataset.busy === '0' && (r.dataset.actor === '0'
    || ['over', 'round_over', 'keep'].includes(r.dataset.phase)); }"""


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

# The widget draws nothing more by itself: none of its transitions or animations is running
# (an infinite one would never end: none of the widgets has one).
STILL = """(root) => document.querySelector(root).getAnimations({ subtree: true }).every((a) =>
  a.playState !== 'running' || !Number.isFinite(a.effect.getComputedTiming().endTime))"""

PICK = """() => {
  const r = document.querySelector('.lx-root');
  const die = (i) => r.querySelector(`button[data-die='${i}']`);  // redrawn after each click
  const f = [0, 1, 2, 3].map((i) => Number(die(i).dataset.face));
  for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++)
    if (f[i] + f[j] >= 5 && f[i] + f[j] <= 10) { die(i).click(); die(j).click(); return; }
  for (let i = 0; i < 4; i++) if (f[i] >= 5) { die(i).click(); return; }
}"""


def frame_message(frame: bytes) -> tuple[dict, list[bytes]]:
    """A kernel message as it crossed the websocket: ``(message, buffers)``. JupyterLab speaks
    the v1 binary protocol (offsets, channel, header, parent, metadata, content, buffers); a
    text frame is the older all-JSON form."""
    if frame[:1] == b"{":
        msg = json.loads(frame)
        return msg, []
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 + 8 * i : 16 + 8 * i], "little") for i in range(count)]
    parts = [frame[a:b] for a, b in zip(offsets, [*offsets[1:], len(frame)], strict=True)]
    channel, header, _parent, _meta, content = (p.decode() for p in parts[:5])
    msg = {"channel": channel, "header": json.loads(header), "content": json.loads(content)}
    return msg, parts[5:]


def frame_bytes(frame: bytes) -> tuple[str, str, int]:
    """``(kind, key, bytes)`` of one frame: what a widget sent, without the kernel protocol's
    envelope (header, parent header, metadata: the same for every message, the echo's too).

    ``("sync", comm id, n)``: a comm message's ``state`` (a whole view or a trait) or custom
    content (a view patch) plus its binary buffers (a deflated patch). ``("picture", display
    id, n)``: a display update's data (the picture output, redrawn once play pauses).
    Anything else is ``("", "", 0)``."""
    try:
        msg, buffers = frame_message(frame)
    except (ValueError, IndexError, UnicodeDecodeError):
        return "", "", 0
    kind = msg.get("header", {}).get("msg_type") or msg.get("msg_type")
    content = msg.get("content", {})
    size = lambda value: len(json.dumps(value, separators=(",", ":")).encode())  # noqa: E731
    if kind == "comm_msg":
        data = content.get("data", {})
        part = {"update": "state", "custom": "content"}.get(data.get("method", ""))
        if part is None:
            return "", "", 0
        return "sync", content.get("comm_id", ""), size(data.get(part, {})) + sum(map(len, buffers))
    if kind == "update_display_data":
        display_id = content.get("transient", {}).get("display_id", "")
        return "picture", display_id, size(content.get("data", {}))
    return "", "", 0


def click_bytes(frames: list[bytes]) -> tuple[int, int]:
    """``(sync, picture)`` bytes of one click's answer: every comm message (only the clicked
    widget speaks then), and the display updates of that widget's picture (its display id
    holds the widget's model id; another widget's picture, drawn at a pause, is not counted)."""
    sized = [frame_bytes(f) for f in frames]
    comms = {key for kind, key, _ in sized if kind == "sync" and key}
    sync = sum(n for kind, _, n in sized if kind == "sync")
    picture = sum(n for kind, key, n in sized if kind == "picture" and any(c in key for c in comms))
    return sync, picture


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


class Sample:
    """One widget's measured clicks: click-to-render ms, draw ms, main-thread CPU, bytes per
    engine action, and an echo round trip measured right before each click (same load)."""

    def __init__(self) -> None:
        self.render: list[float] = []
        self.draw: list[float] = []
        self.per_action: list[float] = []
        self.picture_per_action: list[float] = []
        self.cpu: list[float] = []
        self.echo: list[float] = []
        self.echo_cpu: list[float] = []
        self.targets: list[str] = []  # what each click pressed (for --slowest)

    def slowest(self, name: str, n: int) -> None:
        """The ``n`` slowest clicks: what was pressed, click-to-render, its echo, CPU, draw."""
        rows = sorted(range(len(self.render)), key=lambda i: -self.render[i])[:n]
        for i in rows:
            echo = f", echo {self.echo[i]:.1f}" if i < len(self.echo) else ""
            print(
                f"{name}_slow_click: {self.render[i]:.1f} ms{echo}, cpu {self.cpu[i]:.1f},"
                f" draw {self.draw[i]:.1f} ms, {self.per_action[i]:.0f} B/action: {self.targets[i]}"
            )

    def report(self, name: str, echo_p95: float) -> None:
        if not self.render:
            print(f"{name}_clicks_measured: 0 clicks")
            return
        p95 = pct(self.render, 0.95)
        print(f"{name}_clicks_measured: {len(self.render)} clicks")
        print(f"{name}_click_to_render_ms_p50: {pct(self.render, 0.5):.1f} ms")
        print(f"{name}_click_to_render_ms_p95: {p95:.1f} ms")
        if self.echo:  # the echo of this widget's own clicks: the same moments, the same load
            print(f"{name}_echo_ms_p50: {pct(self.echo, 0.5):.1f} ms")
            print(f"{name}_echo_ms_p95: {pct(self.echo, 0.95):.1f} ms")
            added50 = pct(self.render, 0.5) - pct(self.echo, 0.5)
            print(f"{name}_added_over_echo_ms_p50: {added50:.1f} ms")
            echo_p95 = pct(self.echo, 0.95)
        print(f"{name}_added_over_echo_ms_p95: {p95 - echo_p95:.1f} ms")
        print(f"{name}_draw_ms_p50: {pct(self.draw, 0.5):.1f} ms")
        print(f"{name}_draw_ms_p95: {pct(self.draw, 0.95):.1f} ms")
        print(f"{name}_draw_ms_max: {max(self.draw):.1f} ms")
        if self.cpu:
            print(f"{name}_main_thread_cpu_ms_p50: {pct(self.cpu, 0.5):.1f} ms")
            print(f"{name}_main_thread_cpu_ms_p95: {pct(self.cpu, 0.95):.1f} ms")
        if self.cpu and self.echo_cpu:
            for q, tag in ((0.5, "p50"), (0.95, "p95")):
                added = pct(self.cpu, q) - pct(self.echo_cpu, q)
                print(f"{name}_added_main_thread_cpu_ms_{tag}: {added:.1f} ms")
        if self.per_action:
            print(f"{name}_bytes_per_action_mean: {statistics.mean(self.per_action):.0f} bytes")
            print(f"{name}_bytes_per_action_max: {max(self.per_action):.0f} bytes")
            pictures = self.picture_per_action
            print(f"{name}_picture_bytes_per_action_mean: {statistics.mean(pictures):.0f} bytes")


class Clicker:
    """Measured clicks on one widget: waits for quiet, measures an echo round trip, clicks,
    waits for the drawn view, then counts the bytes that arrived for it and the engine actions
    it covered."""

    def __init__(
        self,
        page,
        frames: list[bytes],
        root: str,
        sample: Sample,
        quiet_ms: int = 100,
        echo: bool = True,
    ):
        self.page, self.frames, self.root, self.sample = page, frames, root, sample
        self.quiet, self.with_echo = quiet_ms, echo
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Performance.enable")

    def thread_ms(self) -> float:
        """CPU time of the page's main thread so far (Chromium's ThreadTime metric, in ms): a
        figure a loaded machine does not inflate the way it inflates wall-clock times."""
        metrics = self.cdp.send("Performance.getMetrics")["metrics"]
        return 1000 * next(m["value"] for m in metrics if m["name"] == "ThreadTime")

    def ply(self) -> int:
        """The widget's ply: the highest jump target in its move list (0 without one)."""
        return self.page.evaluate(
            "(sel) => Math.max(0, ...[...document.querySelector(sel).querySelectorAll("
            "'[data-goto]')].map((e) => Number(e.dataset.goto)))",
            self.root,
        )

    def still(self) -> None:
        """Wait until the widget's own transitions and animations (finite ones: a card just
        selected slides up) have ended, then for quiet: the echo and the click both start from
        a page that draws nothing (the notebook's blinking cursor never ends and is not waited
        for)."""
        self.page.wait_for_function(STILL, arg=self.root, timeout=10_000)
        self.page.wait_for_timeout(self.quiet)

    def echo(self) -> None:
        """One echo round trip now (paced like the click), with its main-thread CPU."""
        self.still()
        cpu0 = self.thread_ms()
        self.sample.echo.append(self.page.evaluate(ECHO))
        self.sample.echo_cpu.append(self.thread_ms() - cpu0)

    def click(self, target: str, count_plies: bool = True) -> None:
        if self.with_echo:
            self.echo()
        self.still()  # the last answer's trailing (idle) messages
        before = self.ply() if count_plies else 0
        self.frames.clear()
        cpu0 = self.thread_ms()
        rendered, _frame, drawn = self.page.evaluate(CLICK_AND_WAIT, [self.root, target])
        self.sample.cpu.append(self.thread_ms() - cpu0)
        self.page.wait_for_timeout(self.quiet)
        after = self.ply() if count_plies else 0
        self.sample.render.append(rendered)
        self.sample.draw.append(drawn)
        self.sample.targets.append(target)
        actions = max(1, after - before)
        sync, picture = click_bytes(self.frames)
        self.sample.per_action.append(sync / actions)
        self.sample.picture_per_action.append(picture / actions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run: a few clicks each")
    parser.add_argument("--moves", type=int, default=120, help="Level X clicks (or game end)")
    parser.add_argument("--turns", type=int, default=40, help="Level 8 turns of seat 0")
    parser.add_argument("--steps", type=int, default=120, help="board game clicks of seat 0")
    # (as many clicks as Level X's and the board's: a p95 of 40 rolls is their third slowest)
    parser.add_argument("--rolls", type=int, default=120, help="DiceLab rolls")
    parser.add_argument("--only", default="", help="comma-separated widgets to measure")
    parser.add_argument("--echoes", type=int, default=60, help="echo round trips (two halves)")
    parser.add_argument("--slowest", type=int, default=0, help="also list each widget's N slowest")
    args = parser.parse_args()
    if args.quick:
        args.moves, args.turns, args.steps, args.rolls, args.echoes = 6, 3, 8, 4, 8
    frames: list[bytes] = []

    def on_ws(ws) -> None:
        def on_frame(payload: str | bytes) -> None:
            frames.append(payload.encode() if isinstance(payload, str) else payload)

        ws.on("framereceived", on_frame)

    cells = [LEVELX_CELL, LEVEL8_CELL, BOARD_CELL, DICELAB_CELL, ECHO_CELL]
    samples = {name: Sample() for name in ("levelx", "level8", "board", "dicelab")}
    with bench_notebook(cells, on_page=lambda page: page.on("websocket", on_ws)) as page:
        for sel in (".lx-root", ".l8-root:not(.l8b-root)", ".l8b-root", ".dl-root", "button.echo"):
            page.locator(sel).wait_for(timeout=60_000)
        echo = measure_echo(page, args.echoes // 2)
        runs = [
            (measure_levelx, ".lx-root", "levelx", args.moves),
            (measure_level8, L8_ROOT, "level8", args.turns),
            (measure_board, ".l8b-root", "board", args.steps),
            (measure_dicelab, ".dl-root", "dicelab", args.rolls),
        ]
        only = set(filter(None, args.only.split(",")))
        for measure, root, name, n in runs:
            if not only or name in only:
                measure(page, Clicker(page, frames, root, samples[name]), n)
        echo += measure_echo(page, args.echoes - args.echoes // 2)
    echo_p95 = pct(echo, 0.95)
    print(f"echo_round_trip_ms_p50: {pct(echo, 0.5):.1f} ms")
    print(f"echo_round_trip_ms_p95: {echo_p95:.1f} ms")
    for name, sample in samples.items():
        sample.report(name, echo_p95)
        if args.slowest:
            sample.slowest(name, args.slowest)


def measure_echo(page, n: int) -> list[float]:
    """``n`` echo round trips, paced like the widget clicks (an idle kernel each time)."""
    page.locator("button.echo").scroll_into_view_if_needed()
    out = []
    for _ in range(n):
        page.wait_for_timeout(150)
        out.append(page.evaluate(ECHO))
    return out


def measure_levelx(page, clicker: Clicker, moves: int) -> None:
    """Roll, pick a grouping in the page, Play: both clicks measured, until ``moves`` clicks."""
    r = page.locator(".lx-root")
    r.scroll_into_view_if_needed()
    while len(clicker.sample.render) < moves and r.get_attribute("data-phase") != "over":
        clicker.click("[data-action=roll]")
        page.evaluate(PICK)
        clicker.click("[data-action=confirm]:not([disabled]), [data-action=pass]")


def measure_level8(page, clicker: Clicker, turns: int) -> None:
    """Seat 0's turns against the bot: the draw pile, a lay-down when offered, the discard of
    the last card (the discard's answer carries the bot's whole turn), "Next round"."""
    root = page.locator(L8_ROOT)
    root.scroll_into_view_if_needed()
    for _ in range(turns):
        page.wait_for_function(TURN_READY)
        phase = root.get_attribute("data-phase")
        if phase == "round_over" and root.get_attribute("data-actor") == "0":
            clicker.click("[data-action=nextRound]:not([disabled])")
            page.wait_for_function(TURN_READY)
            phase = root.get_attribute("data-phase")
        if phase != "draw":
            break  # game over or a keep choice: enough turns measured
        clicker.click("[data-draw-pile]")
        if root.locator("[data-action=layDown].lw-primary").count() and open_lay_down(
            page, L8_ROOT
        ):
            clicker.click("[data-action=confirmLay]")
        page.wait_for_function(TURN_READY)
        if root.get_attribute("data-phase") != "play":
            continue
        discard_last_card(root, clicker)


def discard_last_card(root, clicker: Clicker) -> None:
    """Select the hand's last card that is not a skip card (a skip is played on a person, not
    discarded) and discard it; with only skip cards left, play one on the first it may."""
    cards = root.locator("[data-hand='0'] [data-card]")
    ids = [int(c) for c in cards.evaluate_all("els => els.map(e => e.dataset.card)")]
    plain = [i for i, card in enumerate(ids) if not FIRST_SKIP <= card < END_SKIP]
    cards.nth(plain[-1] if plain else len(ids) - 1).click()
    clicker.click("[data-action=discard]" if plain else "[data-skip-target]")


def measure_board(page, clicker: Clicker, steps: int) -> None:
    """Seat 0's clicks in the board game against two bots, whatever the phase asks for; the
    click that sends the intent is measured (picks in a dialog are local and are not)."""
    root = page.locator(".l8b-root")
    root.scroll_into_view_if_needed()
    for _ in range(steps * 2):
        if len(clicker.sample.render) >= steps:
            return
        page.wait_for_function(BOARD_READY, timeout=90_000)
        phase = root.get_attribute("data-phase")
        if phase == "over":
            return
        if phase == "round_over":
            clicker.click("[data-action=nextRound]")
        elif phase == "roll":
            clicker.click("[data-dialog=roll] [data-action=roll]")
        elif phase == "move":
            clicker.click("[data-field][data-reachable='1']")
        elif phase == "take":
            pile = "[data-draw-pile]:not([disabled])"
            clicker.click(pile if root.locator(pile).count() else "[data-discard]:not([disabled])")
        elif phase in ("swap", "show", "give"):
            picks = root.locator(f"[data-dialog={phase}] [data-pick]")
            ready = root.locator(f"[data-dialog={phase}] [data-action=confirmPick]:not([disabled])")
            for k in range(picks.count()):  # as many cards as the dialog asks for
                if ready.count():
                    break
                picks.nth(k).click()
            clicker.click(f"[data-dialog={phase}] [data-action=confirmPick]")
        elif phase == "ask":
            root.locator("[data-ask-number]").first.click()
            root.locator("[data-ask-dir=right]").click()
            clicker.click("[data-action=confirmAsk]")
        elif phase == "steal":
            clicker.click("[data-dialog=steal] [data-steal]:not([disabled])")
        elif phase == "choose":
            clicker.click("[data-dialog=choose] [data-choose]:not([disabled])")
        elif phase == "play":
            lay = root.locator("[data-action=layDown].lw-primary").count()
            if lay and open_lay_down(page, ".l8b-root"):
                clicker.click("[data-action=confirmLay]")
                continue
            discard_last_card(root, clicker)
        elif phase == "keep":
            clicker.click("[data-action=keep]")
        else:
            raise RuntimeError(f"board game: no click path for phase {phase!r}")


def open_lay_down(page, sel: str) -> bool:
    """Open the lay-down dialog and wait for Python's verdict of its arrangement: True when it
    may be confirmed, else the dialog is closed again (not measured: no engine action)."""
    root = page.locator(sel)
    root.locator("[data-action=layDown]").click()
    root.locator("[data-dialog=laydown]").wait_for()
    page.wait_for_function(f"() => document.querySelector('{sel}').dataset.busy === '0'")
    page.wait_for_timeout(150)
    if root.locator("[data-action=confirmLay]:not([disabled])").count():
        return True
    root.locator("[data-action=cancelLay]").click()
    return False


def measure_dicelab(page, clicker: Clicker, rolls: int) -> None:
    """DiceLab's Roll: one intent, one engine action each."""
    page.locator(".dl-root").scroll_into_view_if_needed()
    for _ in range(rolls):
        clicker.click("[data-action=roll]", count_plies=False)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


if __name__ == "__main__":
    main()
