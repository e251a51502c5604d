"""The front ends' own drawing time, in Chromium, without JupyterLab or a kernel (issue 33).

Each widget's built bundle (``levelwidgets/static/<name>.js`` and ``.css``) is loaded into a bare
page with a stand-in for the anywidget model (get/set/on/off/send), and fed the views Python
really sends: seeded games played here by the widgets' own bots (seat 0 watched as a person, so
its choices and dialogs are drawn), DiceLab's rolls, and a 400-step Level X record stepped
through in review (``scrub``: what each step of scrubbing draws). Each view is put on the model,
then the style and the layout are forced (``getComputedStyle``, ``getBoundingClientRect``): one
draw is everything the page does for a view before it can paint (every part that follows the
view: board, move list, log, review bar). A frame passes between views, and the sequence is
replayed ``--rounds`` times.

Prints ``name: value unit`` lines, per widget (``levelx``, ``level8``, ``board``, ``dicelab``,
``scrub``):

- ``<w>_draw_ms_p50`` / ``_p95``: set view -> styled and laid out (the page's clock);
- ``<w>_js_ms_p50`` / ``_p95``: of that, the JavaScript (set view -> back from its handlers);
- ``<w>_own_ms_p50`` / ``_p95``: of that, the widget's own drawing as it reports it in the
  root's ``data-draw-ms`` (what benchmarks/widget_latency.py reads in JupyterLab as
  ``<w>_draw_ms_*``; 0 for a widget or part that does not report it);
- ``<w>_style_ms_p50`` / ``_p95``: of that, the style recalculation forced after it;
- ``<w>_cpu_ms_p50`` / ``_p95``: the page's main-thread CPU time over the whole call (the draw,
  the next frame's paint, and the harness's own round trip, the same for every call; Chromium's
  ``ThreadTime``, which a loaded machine inflates less than the clock);
- ``<w>_cpu_ratio_p95``: ``<w>_cpu_ms_p95`` over the baseline's;

and the baseline, a bare-DOM draw measured between the widgets' views in the same run
(``baseline_draw_ms_*``, ``baseline_cpu_ms_*``): 300 fresh elements (a table of 30 rows x 10
cells) replacing the last ones, then the forced layout.

``--bundles DIR,DIR`` measures several builds (e.g. a copy of an older ``levelwidgets/static``)
interleaved, view by view, in one page: figures of the second build on are prefixed ``b1_``,
``b2_`` … ``--profile N`` prints each widget's N functions with the most time (total and self,
CDP sampling profiler; ``LW_NO_MINIFY=1 node js/build.mjs DIR`` makes a bundle with readable
names to pass as ``--bundles DIR``; ``--profile-out PREFIX`` saves the profiles too).

Run: ``python benchmarks/draw_speed.py [--rounds 3] [--only board,dicelab] [--profile 15]``.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import shutil
import sys
import tempfile
import threading
from collections import defaultdict
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

from e2e.lab import CHROMIUM_ARGS, require_chromium  # noqa: E402

WIDGETS = {"levelx": "levelx", "level8": "level8", "board": "level8board", "dicelab": "dicelab"}
ROOTS = {
    "levelx": ".lx-root",
    "level8": ".l8-root",
    "board": ".l8b-root",
    "dicelab": ".dl-root",
    "scrub": ".lx-root",
}

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<style>body { margin: 0; font: 13px sans-serif; } .cell { width: 900px; padding: 8px; }</style>
</head><body></body></html>"""

HARNESS = r"""
class FakeModel {
  constructor(state) { this.state = { ...state }; this.handlers = new Map(); }
  get(name) { return this.state[name]; }
  set(name, value) {
    if (Object.is(this.state[name], value)) return;
    this.state[name] = value;
    for (const fn of [...(this.handlers.get(`change:${name}`) || [])]) fn(this, value);
  }
  on(ev, fn) {
    if (!this.handlers.has(ev)) this.handlers.set(ev, []);
    this.handlers.get(ev).push(fn);
  }
  off(ev, fn) {
    const list = this.handlers.get(ev) || [];
    if (list.includes(fn)) list.splice(list.indexOf(fn), 1);
  }
  send() {}
  save_changes() {}
}
const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
window.lwMount = async (bundle, module, css, state, first, rootSel) => {
  const link = document.createElement('link');
  link.rel = 'stylesheet'; link.href = `${bundle}/${css}.css`;
  await new Promise((done) => {
    link.onload = done;
    link.onerror = done;
    document.head.append(link);
  });
  const mod = await import(`./${bundle}/${module}.js`);
  const el = document.createElement('div');
  el.className = 'cell';
  document.body.append(el);
  const model = new FakeModel({ ...state, view: first, view_seq: 0 });
  const dispose = mod.default.render({ model, el });
  await frame();
  const root = el.querySelector(rootSel);
  return { model, el, root, dispose, link };
};
window.lwDraw = async (w, view) => {
  w.root.dataset.drawMs = '0';
  const t0 = performance.now();
  w.model.set('view', view);
  const t1 = performance.now();
  const own = Number(w.root.dataset.drawMs) || 0; // the widget's own clock (data-draw-ms)
  getComputedStyle(w.root).getPropertyValue('color'); // style only
  const t2 = performance.now();
  w.el.getBoundingClientRect(); // then layout
  const ms = performance.now() - t0;
  await frame();
  return [ms, t1 - t0, t2 - t1, own];
};
window.lwBaseline = async () => {
  let box = document.getElementById('baseline');
  if (!box) {
    box = document.createElement('div');
    box.id = 'baseline';
    box.className = 'cell';
    document.body.append(box);
  }
  const n = (window.lwBaseN = (window.lwBaseN || 0) + 1);
  const t0 = performance.now();
  const table = document.createElement('table');
  for (let r = 0; r < 30; r++) {
    const tr = document.createElement('tr');
    for (let c = 0; c < 10; c++) {
      const td = document.createElement('td');
      td.textContent = String((r * 10 + c + n) % 97);
      tr.append(td);
    }
    table.append(tr);
  }
  box.replaceChildren(table);
  box.getBoundingClientRect();
  const ms = performance.now() - t0;
  await frame();
  return ms;
};
"""


# ---------------------------------------------------------------- the views, from Python


def _state_of(widget: Any) -> dict[str, Any]:
    """The widget's synced traits a front end reads at render (not the view, not layout)."""
    skip = {"layout", "view", "tabbable", "tooltip", "view_seq"}
    state = widget.get_state()
    return {
        k: v
        for k, v in state.items()
        if k not in skip and (k == "_picture_id" or not k.startswith("_"))
    }


def _bot_game(widget: Any, seats: list[str], steps: int) -> list[dict[str, Any]]:
    """The views of a game the widget's own bots play for every seat, one step at a time;
    the widget's seat 0 stays a person's (its view shows its choices)."""
    bots = [widget._bot_from(spec, seat) for seat, spec in enumerate(seats)]
    views = [widget.view]
    for _ in range(steps):
        game = widget._game
        if game.is_over:
            break
        if widget.view.get("phase") == "round_over":
            widget._handle_message(None, {"type": "next_round"}, None)
        else:
            cur = game.current_player
            widget._act(functools.partial(widget._bot_step, bots[cur]), run_bots=False)
        views.append(widget.view)
    return views


def dump_views() -> dict[str, tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Per widget: (its traits at render, the views of a seeded game), as Python sends them."""
    from levelwidgets import DiceLab, Level8BoardWidget, Level8Widget, LevelXWidget
    from levelwidgets.levelx.samples import long_game

    out: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {}
    views: list[dict[str, Any]] = []
    for seed in (1, 2):  # a greedy game is short: two of them
        lx = LevelXWidget(players=["A", "B"], seed=seed, bot_delay=700, animate=False)
        views += _bot_game(lx, ["greedy", "greedy"], 200)
    out["levelx"] = (_state_of(lx), views)
    l8 = Level8Widget(players=["A", "B"], bots=[None, "heuristic"], seat=0, seed=3, bot_delay=700)
    out["level8"] = (_state_of(l8), _bot_game(l8, ["heuristic", "heuristic"], 150))
    board = Level8BoardWidget(
        players=["A", "B", "C"], bots=[None, "heuristic", "heuristic"], seat=0, seed=5
    )
    board.bot_delay = 700
    out["board"] = (_state_of(board), _bot_game(board, ["heuristic"] * 3, 150))
    lab = DiceLab(seed=7)
    rolls = [lab.view]
    for _ in range(60):
        lab.roll()
        rolls.append(lab.view)
    out["dicelab"] = (_state_of(lab), rolls)
    record = LevelXWidget(long_game(), bot_delay=0, animate=False)
    steps = []
    for step in range(100, 180):  # ▶ through the middle of a 400-step record
        record._handle_message(None, {"type": "seek", "step": step}, None)
        steps.append(record.view)
    out["scrub"] = (_state_of(record), steps)
    return out


# ---------------------------------------------------------------- the page


@functools.cache
def _serve(root: str) -> str:
    """An HTTP server for ``root`` in a thread (ES modules do not load from file://)."""
    handler = functools.partial(_Quiet, directory=root)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/"


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *_args: Any) -> None:
        pass


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _profile_top(profile: dict[str, Any], n: int) -> list[tuple[float, float, str]]:
    """The ``n`` functions with the most time in a CDP CPU profile: (total ms, self ms, name),
    total counting each sample once per function on its stack."""
    nodes = {node["id"]: node for node in profile["nodes"]}
    parent = {kid: node["id"] for node in profile["nodes"] for kid in node.get("children", [])}

    def name_of(node_id: int) -> str:
        frame = nodes[node_id]["callFrame"]
        url = frame["url"].rsplit("/", 1)[-1]
        return f"{frame['functionName'] or '(anonymous)'} {url}:{frame['lineNumber'] + 1}"

    self_ms: dict[str, float] = defaultdict(float)
    total_ms: dict[str, float] = defaultdict(float)
    deltas = profile.get("timeDeltas", [])
    for sample, delta in zip(profile.get("samples", []), deltas, strict=False):
        self_ms[name_of(sample)] += delta / 1000
        seen = set()
        node: int | None = sample
        while node is not None:
            seen.add(name_of(node))
            node = parent.get(node)
        for name in seen:
            total_ms[name] += delta / 1000
    ranked = sorted(total_ms, key=lambda k: -total_ms[k])
    return [(total_ms[k], self_ms[k], k) for k in ranked[:n]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="replays of each view sequence")
    parser.add_argument("--only", default="", help="comma-separated: levelx,level8,board,...")
    parser.add_argument("--bundles", default=str(REPO / "levelwidgets" / "static"))
    parser.add_argument("--profile", type=int, default=0, help="print the N hottest functions")
    parser.add_argument(
        "--profile-out",
        default="",
        help="with --profile: also save each widget's CDP profile as <this>-<widget>.cpuprofile",
    )
    parser.add_argument("--dark", action="store_true", help="a dark page (prefers dark)")
    parser.add_argument("--slowest", type=int, default=0, help="print the N slowest views")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    only = set(filter(None, args.only.split(",")))
    data = {k: v for k, v in dump_views().items() if not only or k in only}
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "index.html").write_text(PAGE)
        bundles = []
        for k, src in enumerate(args.bundles.split(",")):
            shutil.copytree(src, Path(tmp, f"b{k}"))
            bundles.append(f"b{k}")
        url = _serve(tmp)
        base: list[float] = []
        figures: dict[tuple[int, str], tuple[list[float], ...]] = {}
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=require_chromium(), headless=True, args=CHROMIUM_ARGS
            )
            page = browser.new_page(
                viewport={"width": 1280, "height": 1000},
                color_scheme="dark" if args.dark else "light",
            )
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto(url + "index.html")
            page.add_script_tag(content=HARNESS)
            cdp = page.context.new_cdp_session(page)
            cdp.send("Performance.enable")

            def thread_ms() -> float:
                metrics = cdp.send("Performance.getMetrics")["metrics"]
                return 1000 * next(m["value"] for m in metrics if m["name"] == "ThreadTime")

            for name, (state, views) in data.items():
                module = WIDGETS.get(name, "levelx")
                page.evaluate("(v) => { window.lwViews = v; }", views)
                mounts = []
                for k, bundle in enumerate(bundles):
                    page.evaluate(
                        """async ([b, m, s, i, r, k]) => {
                          window.lwW = window.lwW || {};
                          window.lwW[k] = await lwMount(b, m, m, s, lwViews[0], r);
                        }""",
                        [bundle, module, state, 0, ROOTS[name], k],
                    )
                    mounts.append(k)
                    figures[(k, name)] = ([], [], [], [], [])
                if args.profile:
                    cdp.send("Profiler.enable")
                    cdp.send("Profiler.setSamplingInterval", {"interval": 100})
                    cdp.send("Profiler.start")
                for _round in range(args.rounds):
                    for i in range(1, len(views)):
                        for k in mounts:
                            cpu = thread_ms()
                            ms, js, style, own = page.evaluate(
                                "async ([k, i]) => lwDraw(lwW[k], lwViews[i])", [k, i]
                            )
                            cpu = thread_ms() - cpu
                            got = (ms, js, cpu, style, own)
                            for kept, value in zip(figures[(k, name)], got, strict=True):
                                kept.append(value)
                        if i % 3 == 0:
                            cpu = thread_ms()
                            ms = page.evaluate("() => lwBaseline()")
                            base.append((ms, thread_ms() - cpu))
                if args.slowest:
                    for k in mounts:
                        ms = figures[(k, name)][0]
                        slow = sorted(range(len(ms)), key=lambda j: -ms[j])[: args.slowest]
                        for j in slow:
                            view = views[1 + j % (len(views) - 1)]
                            print(
                                f"# {name} b{k} view {1 + j % (len(views) - 1)}: {ms[j]:.1f} ms "
                                f"(own {figures[(k, name)][4][j]:.1f}), phase {view.get('phase')}"
                            )
                if args.profile:
                    profile = cdp.send("Profiler.stop")["profile"]
                    if args.profile_out:  # readable in Chromium's DevTools (Performance tab)
                        Path(f"{args.profile_out}-{name}.cpuprofile").write_text(
                            json.dumps(profile)
                        )
                    print(f"# {name}: hottest functions (total ms, self ms; all bundles)")
                    for total, own, fn in _profile_top(profile, args.profile):
                        print(f"#   {total:8.1f} {own:8.1f}  {fn}")
                page.evaluate(
                    """() => { for (const w of Object.values(lwW)) { w.dispose(); w.el.remove();
                      w.link.remove(); } window.lwW = {}; }"""
                )
            browser.close()
        if errors:
            raise SystemExit("errors in the page: " + "; ".join(errors))
    base_ms = [ms for ms, _cpu in base]
    base_cpu = [cpu for _ms, cpu in base]
    print(f"baseline_draw_ms_p50: {pct(base_ms, 0.5):.2f} ms")
    print(f"baseline_draw_ms_p95: {pct(base_ms, 0.95):.2f} ms")
    print(f"baseline_cpu_ms_p50: {pct(base_cpu, 0.5):.2f} ms")
    print(f"baseline_cpu_ms_p95: {pct(base_cpu, 0.95):.2f} ms")
    for (k, name), (ms, js, cpu, style, own) in figures.items():
        prefix = f"b{k}_" if k else ""
        print(f"{prefix}{name}_draws: {len(ms)} views")
        print(f"{prefix}{name}_draw_ms_p50: {pct(ms, 0.5):.2f} ms")
        print(f"{prefix}{name}_draw_ms_p95: {pct(ms, 0.95):.2f} ms")
        print(f"{prefix}{name}_js_ms_p50: {pct(js, 0.5):.2f} ms")
        print(f"{prefix}{name}_js_ms_p95: {pct(js, 0.95):.2f} ms")
        print(f"{prefix}{name}_own_ms_p50: {pct(own, 0.5):.2f} ms")
        print(f"{prefix}{name}_own_ms_p95: {pct(own, 0.95):.2f} ms")
        print(f"{prefix}{name}_style_ms_p50: {pct(style, 0.5):.2f} ms")
        print(f"{prefix}{name}_style_ms_p95: {pct(style, 0.95):.2f} ms")
        print(f"{prefix}{name}_cpu_ms_p50: {pct(cpu, 0.5):.2f} ms")
        print(f"{prefix}{name}_cpu_ms_p95: {pct(cpu, 0.95):.2f} ms")
        ratio = pct(cpu, 0.95) / pct(base_cpu, 0.95)
        print(f"{prefix}{name}_cpu_ratio_p95: {ratio:.2f} x baseline")


if __name__ == "__main__":
    main()
