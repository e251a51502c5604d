"""What a class does runs where Pyodide runs it: no processes, threads, sockets or compilers.

JupyterLite (``lite/``) runs Python in the browser on Pyodide, which has no ``fork``, no
subprocesses, no threads that run, no sockets, and nothing to compile with. Pyodide itself
cannot run here (it loads from its CDN, which CI does not reach), so this test takes those
away from CPython instead: a fresh interpreter disables each of them *before* importing
anything of ours (they raise as they do in the browser, and every attempt is written down),
then imports the class-facing modules and walks the class paths: every widget created, a
Level X turn and a Level 8 draw through the browser's intents, bot moves, a short game
reviewed, puzzles answered, the static pictures, a lesson's student copy, a record saved and
loaded, a small simulation and its summary, and the cells of ``lite/files/start_here.ipynb``.
The test passes only if nothing even tried one of the missing things, and the guards are shown
to bite at the end (a guard that never raises would make this test pass on anything).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

GUARDS = r"""
import errno, importlib.abc, json, os, shutil, sys

ATTEMPTS = []


def refuse(what, exc=OSError):
    def raiser(*args, **kwargs):
        ATTEMPTS.append(what)
        if exc is OSError:
            raise OSError(errno.ENOSYS, f"{what} is not available under Pyodide")
        raise exc(f"{what} is not available under Pyodide")
    return raiser


# processes
import subprocess
subprocess.Popen._execute_child = refuse("subprocess")
for name in ("fork", "forkpty", "posix_spawn", "posix_spawnp", "system", "popen", "execv",
             "execve", "execvp", "execvpe", "spawnv", "spawnve", "spawnvp", "spawnvpe"):
    if hasattr(os, name):
        setattr(os, name, refuse(f"os.{name}"))
import multiprocessing, multiprocessing.pool, multiprocessing.process
multiprocessing.process.BaseProcess.start = refuse("multiprocessing.Process.start")
multiprocessing.pool.Pool.__init__ = refuse("multiprocessing.Pool")
# threads (Pyodide: "can't start new thread"), and the executors built on both
import _thread, threading, concurrent.futures
threading.Thread.start = refuse("threading.Thread.start", RuntimeError)
_thread.start_new_thread = refuse("_thread.start_new_thread", RuntimeError)
concurrent.futures.ThreadPoolExecutor.submit = refuse("ThreadPoolExecutor.submit", RuntimeError)
concurrent.futures.ProcessPoolExecutor.__init__ = refuse("ProcessPoolExecutor")
# sockets
import socket
socket.socket.__init__ = refuse("socket.socket")
socket.getaddrinfo = refuse("socket.getaddrinfo")
socket.create_connection = refuse("socket.create_connection")
# compilers: nothing to build a C extension with (no mypyc, setuptools, C compiler); ctypes
# imports in Pyodide (pandas needs it) but finds no native library to load
import ctypes
ctypes.CDLL.__init__ = refuse("ctypes.CDLL")
BLOCKED = {"mypyc", "mypy", "setuptools", "distutils", "Cython", "cffi", "numba"}


class NoSuchModule(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path=None, target=None):
        if fullname.split(".")[0] in BLOCKED:
            ATTEMPTS.append(f"import {fullname}")
            raise ModuleNotFoundError(f"No module named {fullname!r} (Pyodide)", name=fullname)
        return None


for name in list(sys.modules):
    if name.split(".")[0] in BLOCKED:
        del sys.modules[name]
sys.meta_path.insert(0, NoSuchModule())
_which = shutil.which
COMPILERS = ("cc", "gcc", "clang", "c++")
shutil.which = lambda cmd, *a, **k: None if cmd in COMPILERS else _which(cmd, *a, **k)
"""

CLASS_PATHS = r'''
import tempfile
from pathlib import Path

CHECKS = {}


def send(widget, **intent):
    """What the browser does: a custom message to the widget's handler."""
    widget._handle_message(widget, intent, [])
    assert widget.error == "", (intent, widget.error)


import levelwidgets
import levelwidgets.widgets
from levelwidgets import DiceLab, Level8BoardWidget, Level8Widget, LevelXWidget
from levelwidgets.level8 import Level8
from levelwidgets.level8.board import Level8Board
from levelwidgets.levelx import GreedyBot, LevelX, RandomBot, advise, play_game
from levelwidgets.levelx.probability import simulate_rolls
from levelwidgets.lesson import student_copy
from levelwidgets.puzzles import Puzzle
from levelwidgets.puzzles.generate import generate
from levelwidgets.record import GameRecord
from levelwidgets.review import review
from levelwidgets.analysis import simulate, summary

# a Level X turn through intents, then the bot answers (browser-paced: "advance")
w = LevelXWidget(players=["You", "Bot"], bots=[None, "greedy"], seed=7)
send(w, type="roll")
move = w.game.legal_moves()[0]
send(w, type="play", groups=[list(g) for g in move.groups])
assert w.game.current_player == 1 and len(w.game.history) == 1
send(w, type="advance", seq=w.view["seq"])  # the bot rolls
send(w, type="advance", seq=w.view["seq"])  # and plays
assert len(w.game.history) == 2 and w.game.current_player == 0
assert w._static_svg().startswith("<svg") and "data-lw-picture" in w._picture_html()
CHECKS["levelx_turn"] = len(w.game.history)

# instant bots answer in the same call, no timer
fast = LevelXWidget(bots=[None, "greedy", "random"], players=3, seed=8, bot_delay=0)
fast.roll()
fast.play(fast.game.legal_moves()[0])
assert len(fast.game.history) == 3
CHECKS["instant_bots"] = len(fast.game.history)

# a Level 8 draw through intents, the bots' turns after it
c = Level8Widget(players=["You", "Ann", "Ben"], bots=[None, "heuristic", "heuristic"], seed=3)
assert c.view["phase"] == "draw"
send(c, type="draw", source="pile")
assert c.game.phase == "play" and len(c.view["hand"]) == 11
send(c, type="discard", card=c.view["hand"][0])
while c.game.current_player != 0 and c.advance():
    pass
assert c.game.current_player == 0
assert c._static_svg().startswith("<svg")
CHECKS["level8_draw"] = True

board = Level8BoardWidget(players=["You", "Bot"], bots=[None, "heuristic"], seed=2)
assert board._static_svg().startswith("<svg")
lab = DiceLab(seed=3)
faces = list(lab.faces)
send(lab, type="roll")
send(lab, type="mc_roll", n=100)
assert lab.rolls == 100
CHECKS["widgets"] = ["LevelXWidget", "Level8Widget", "Level8BoardWidget", "DiceLab"]

# engines, pictures, advisor, probability
game = LevelX(players=["Ann", "Ben"], seed=42)
game.roll((1, 1, 1, 5))
game.play("1+6 5+5")
assert game._repr_svg_().startswith("<svg")
assert Level8(["A", "B"], seed=1).to_svg(0).startswith("<svg")
assert Level8Board(["A", "B"], seed=1).to_svg(0).startswith("<svg")
game.roll()
assert advise(game)
assert simulate_rolls(200, 4, seed=1) is not None
assert play_game([GreedyBot(), RandomBot(seed=1)], seed=7).winners

# a short game reviewed
short = LevelX(players=["Ann", "Ben"], seed=5)
bots = [GreedyBot(), RandomBot(seed=2)]
for _ in range(6):
    short.roll()
    short.play(bots[short.current_player].choose(short))
record = GameRecord.from_game(short)
list(record.mainline())[-1].comment("Where the lesson stops.")
result = review(record)
assert len(result.table) > 0
with tempfile.TemporaryDirectory() as tmp:
    path = Path(tmp) / "short.json"
    record.save(path)
    assert GameRecord.load(path).to_json() == record.to_json()
assert "<img" in record.to_html()  # the handout, with a picture where it is commented
CHECKS["review_rows"] = len(result.table)

# puzzles answered: Level X grouping and Level 8 discard (the card solver)
rolled = LevelX(seed=4)
rolled.roll()
puzzle = Puzzle.best_grouping(rolled)
verdict = puzzle.answer(rolled.legal_moves()[0], student="ann")
assert verdict.correct in (True, False) and len(puzzle.answers) == 1
(discard,) = generate("level8", n=1, seed=0)  # best discard: the card solver judges
assert discard.answer(discard.game.legal_actions()[-1], student="ben").why
CHECKS["puzzles"] = 2

# a lesson's student copy
nb = json.loads(Path("examples/teach_probability.ipynb").read_text())
copy = student_copy(nb)
assert 0 < len(copy["cells"]) < len(nb["cells"])

# a small study and its summary (the batch simulator and the engine)
frame = simulate("levelx", ["random", "greedy"], 20, seed=1)
assert len(frame) == 20 and summary(frame) is not None
frame8 = simulate("level8", ["random", "heuristic"], 2, seed=1)
assert len(frame8) == 2
CHECKS["simulate"] = len(frame) + len(frame8)

# the JupyterLite start notebook, without its %pip line (piplite's)
start = json.loads(Path("lite/files/start_here.ipynb").read_text())
for cell in start["cells"]:
    source = "".join(cell["source"])
    if cell["cell_type"] == "code" and not source.startswith("%pip"):
        exec(compile(source, "start_here.ipynb", "exec"), {})
CHECKS["start_notebook"] = True
'''

SELF_CHECK = r"""
# the guards bite: each of them raises, and is written down
import subprocess, threading, socket, concurrent.futures, multiprocessing
bites = []
for attempt in (
    lambda: subprocess.run(["true"]),
    lambda: os.fork(),
    lambda: threading.Thread(target=print).start(),
    lambda: concurrent.futures.ThreadPoolExecutor().submit(print),
    lambda: concurrent.futures.ProcessPoolExecutor(),
    lambda: multiprocessing.Process(target=print).start(),
    lambda: socket.socket(),
    lambda: ctypes.CDLL("libc.so.6"),
    lambda: __import__("mypyc"),
):
    try:
        attempt()
    except (OSError, RuntimeError, ImportError):
        bites.append(True)
    else:
        bites.append(False)
print(json.dumps({"attempts": ATTEMPTS_BEFORE, "checks": CHECKS, "bites": bites,
                  "late": ATTEMPTS}))
"""


def run_in_pyodide_like_python() -> dict:
    script = GUARDS + CLASS_PATHS + "\nATTEMPTS_BEFORE = list(ATTEMPTS)\n" + SELF_CHECK
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env["MPLBACKEND"] = "Agg"
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_class_paths_need_no_process_thread_socket_or_compiler() -> None:
    report = run_in_pyodide_like_python()
    assert report["attempts"] == [], f"tried what Pyodide lacks: {report['attempts']}"
    checks = report["checks"]
    assert checks["levelx_turn"] == 2 and checks["instant_bots"] == 3
    assert checks["level8_draw"] and checks["start_notebook"]
    assert checks["widgets"] == ["LevelXWidget", "Level8Widget", "Level8BoardWidget", "DiceLab"]
    assert checks["review_rows"] > 0 and checks["puzzles"] == 2 and checks["simulate"] == 22
    # the guards were live: every one of them raised when used, and wrote itself down
    assert report["bites"] == [True] * 9
    assert len(report["late"]) == 9
