"""Views go out as patches (issue 33): small per action, and the browser's copy stays whole.

A fake comm (:class:`Wire`) stands where the browser is: it records every message the kernel
sends a widget (state updates, custom messages, binary buffers) and rebuilds the view from them
as ``js/src/common/patch.js`` does. Over whole seeded games of every widget it checks that the
rebuilt view is the widget's ``view`` after every action, and that the bytes sent per action are
at most 2 KB on average and 4 KB at most (sizes, not times).
"""

from __future__ import annotations

import copy
import json
import random
import shutil
import statistics
import subprocess
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from levelwidgets.level8 import HeuristicBot, Level8
from levelwidgets.level8.board import Level8Board
from levelwidgets.level8.board import bots as board_bots
from levelwidgets.levelx import GreedyBot, LevelX, Rules
from levelwidgets.widgets import DiceLab, Level8BoardWidget, Level8Widget, LevelXWidget
from levelwidgets.widgets.patch import Window, apply, diff

from .test_intent_fuzz import intent_of

JS_PATCH = Path(__file__).resolve().parents[2] / "js" / "src" / "common" / "patch.js"


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


class Wire:
    """A browser at the other end of a widget's comm: what it was sent, and its view."""

    def __init__(self, w: Any) -> None:
        self.w = w
        self.view = as_json(w.view)  # what the browser got when the widget was shown
        self.sent: list[tuple[dict[str, Any], list[bytes]]] = []
        self.ops: list[Any] = []  # every patch's op, as the browser read it
        w._send = self._send  # ipywidgets sends every message through here
        w.set_state({"page_language": "en"})  # what a browser reports at render (model.js)
        self.view = as_json(w.view)  # the view it then shows
        self.sent.clear()

    def _send(self, msg: dict[str, Any], buffers: list[bytes] | None = None) -> None:
        buffers = list(buffers or [])
        self.sent.append((msg, buffers))
        if msg["method"] == "update" and "view" in msg["state"]:
            self.view = as_json(msg["state"]["view"])
        elif msg["method"] == "custom" and msg["content"].get("kind") == "patch":
            content = msg["content"]
            assert self.view["seq"] == content["base"], "a patch of a view the browser lacks"
            op = json.loads(zlib.decompress(buffers[0])) if content.get("z") else content["op"]
            op = as_json(op)
            self.ops.append(op)
            self.view = apply(self.view, op)
            assert self.view["seq"] == content["seq"]

    def take_bytes(self) -> int:
        """Bytes sent since the last call (JSON of each message and its buffers)."""
        total = sum(
            len(json.dumps(m, separators=(",", ":"), ensure_ascii=False).encode())
            + sum(len(b) for b in bs)
            for m, bs in self.sent
        )
        self.sent.clear()
        return total

    def take_text(self) -> str:
        """Everything sent since the last call as text (deflated buffers inflated)."""
        parts = []
        for msg, buffers in self.sent:
            parts.append(json.dumps(msg, ensure_ascii=False))
            if msg["method"] == "custom" and msg["content"].get("z"):
                parts.extend(zlib.decompress(b).decode() for b in buffers)
        self.sent.clear()
        return "\n".join(parts)

    def check(self, what: str) -> None:
        assert self.view == as_json(self.w.view), f"{what}: the browser's view is not the view"


def send(w: Any, **intent: Any) -> None:
    w._handle_message(w, intent, [])
    assert w.error == "", f"{intent}: {w.error}"


def level8_step(chooser: Any) -> Callable[[Any], None]:
    def step(w: Any) -> None:
        game = w.game
        if w.bots[game.current_player] is not None:
            if game.phase == "round_over":
                send(w, type="next_round")
            else:
                assert w.advance()
            return
        obs = game.observation(game.current_player)
        send(w, **intent_of((getattr(chooser, "choose", None) or chooser.act)(obs)))

    return step


def levelx_step(w: Any) -> None:
    game = w.game
    if w.bots[game.current_player] is not None:
        assert w.advance()
    elif game.dice is None:
        send(w, type="roll")
    else:
        move = GreedyBot().choose(game)
        send(w, type="play", groups=[list(g) for g in move.groups] if move else [])


def dicelab_steps(w: Any, rng: random.Random) -> list[Callable[[], None]]:
    kinds = [
        lambda: send(w, type="roll"),
        lambda: send(w, type="mc_roll", n=rng.choice([1, 100, 1000])),
        lambda: send(
            w, type="set_die", index=rng.randrange(w.view["dice"]), face=rng.randint(1, 6)
        ),
        lambda: send(w, type="lucky_loser", on=rng.random() < 0.5),
        lambda: send(w, type="set_dice_count", count=rng.randint(2, 6)),
        lambda: send(w, type="speed", value=rng.randint(1, 3)),
    ]
    return [rng.choice(kinds) for _ in range(80)]


def whole_game(w: Any, step: Callable[[Any], None]) -> list[int]:
    """Bytes sent per action until the game ends (the browser's view checked after each)."""
    wire = Wire(w)
    sizes = []
    for n in range(3000):
        if w.game.is_over:
            return sizes
        step(w)
        sizes.append(wire.take_bytes())
        wire.check(f"action {n}")
    pytest.fail("the game did not end")


def widgets() -> dict[str, Callable[[int], list[int]]]:
    def level8(seed: int) -> list[int]:
        game = Level8(["Ann", "Bot", "Bea"], seed=seed)
        bots = [None, HeuristicBot(seed=1), HeuristicBot(seed=2)]
        w = Level8Widget(game, bots=bots, bot_delay=500)
        return whole_game(w, level8_step(HeuristicBot(seed=seed)))

    def board(seed: int) -> list[int]:
        game = Level8Board(["Ann", "Bot", "Bea"], seed=seed)
        bots = [None, board_bots.BoardHeuristicBot(seed=1), board_bots.BoardHeuristicBot(seed=2)]
        w = Level8BoardWidget(game, bots=bots, bot_delay=500)
        return whole_game(w, level8_step(board_bots.BoardHeuristicBot(seed=seed)))

    def levelx(seed: int) -> list[int]:
        rules = Rules(lucky_loser=seed % 2 == 1)  # turned 1s: the longest verdict tables
        w = LevelXWidget(LevelX(["Ann", "Bot"], seed=seed, rules=rules), bots=[None, "greedy"])
        w.bot_delay = 500
        return whole_game(w, levelx_step)

    def dicelab(seed: int) -> list[int]:
        w = DiceLab()
        wire = Wire(w)
        sizes = []
        for n, act in enumerate(dicelab_steps(w, random.Random(seed))):
            act()
            sizes.append(wire.take_bytes())
            wire.check(f"action {n}")
        return sizes

    return {"levelx": levelx, "level8": level8, "board": board, "dicelab": dicelab}


@pytest.mark.parametrize("name", ["levelx", "level8", "board", "dicelab"])
def test_bytes_per_action_over_whole_games(name: str) -> None:
    sizes = [size for seed in (1, 2) for size in widgets()[name](seed)]
    assert len(sizes) > 50
    mean, most = statistics.mean(sizes), max(sizes)
    print(f"{name}: {len(sizes)} actions, bytes mean {mean:.0f}, max {most}")
    assert mean <= 2048, f"{name}: {mean:.0f} bytes per action on average"
    assert most <= 4096, f"{name}: {most} bytes for one action"


@pytest.mark.parametrize("name", ["levelx", "level8"])
def test_a_view_is_one_message_its_patch(name: str) -> None:
    """Each view the browser follows travels as its patch alone: no trait update beside it
    (``view_seq`` rides in the patch; each message costs the kernel a send and the page a
    round of its widget manager)."""
    if name == "levelx":
        w: Any = LevelXWidget(LevelX(["Ann", "Bea"], seed=5), bots=[None, None])
        step: Callable[[Any], None] = levelx_step
    else:
        bots = [None, HeuristicBot(seed=1)]
        w = Level8Widget(Level8(["Ann", "Bot"], seed=5), bots=bots, bot_delay=500)
        step = level8_step(HeuristicBot(seed=5))  # the bot's turns: advance(), as the page asks

    wire = Wire(w)
    views = 0
    for n in range(16):
        step(w)
        messages = [m for m, _b in wire.sent]
        wire.sent.clear()
        patches = [m for m in messages if m["method"] == "custom"]
        assert patches, f"step {n}: no view sent"
        assert len(messages) == len(patches), f"step {n}: {messages[len(patches) :]}"
        views += len(patches)
        wire.check(f"step {n}")
    assert views >= 16 and w.view_seq == w.view["seq"]  # the kernel's state is of now


def test_a_jump_a_language_and_a_resync_keep_the_browser_whole() -> None:
    w = LevelXWidget(LevelX(["Ann", "Bot"], seed=3), bots=[None, "greedy"])
    wire = Wire(w)
    for _ in range(12):
        levelx_step(w)
    wire.check("play")
    send(w, type="goto", turns=1)
    wire.check("goto")
    send(w, type="redo")
    wire.check("redo")
    w.language = "de"  # every text changes: the whole view goes out as state
    assert any(m["method"] == "update" and "view" in m["state"] for m, _b in wire.sent)
    wire.check("language")
    wire.sent.clear()
    send(w, type="resync")  # the browser missed something: the whole view, the same seq
    (msg, _b), *_ = wire.sent
    assert msg["method"] == "update" and msg["state"]["view"] == w.view
    w.new_game(seed=4)
    wire.check("new game")


def test_the_browser_cannot_overwrite_the_view() -> None:
    w = LevelXWidget(LevelX(["Ann", "Bob"], seed=1))
    before = copy.deepcopy(w.view)
    w.set_state({"view": {"seq": 999}, "view_seq": 5, "annotate": True})
    assert w.view == before and w.view_seq == before["seq"] and w.annotate is True


def test_a_hot_seat_pass_replaces_the_whole_view() -> None:
    game = Level8(["Ann", "Ben"], seed=5)
    w = Level8Widget(game, view="player")
    wire = Wire(w)
    step = level8_step(HeuristicBot(seed=9))
    replaced = 0
    for _ in range(40):
        viewer = w.view["viewer"]
        if w.view["handoff"] is not None:
            send(w, type="reveal")
        else:
            step(w)
        wire.check("hot seat")
        if w.view["viewer"] != viewer:  # nothing of the other viewer's view stays
            assert "r" in wire.ops[-1], wire.ops[-1]
            replaced += 1
    assert replaced > 5


def random_json(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(7 if depth < 3 else 4)
    if kind == 0:
        return rng.randint(-3, 3)
    if kind == 1:
        return rng.choice([True, False, None, 1, 0])
    if kind == 2:
        return rng.choice(["a", "b", "", "ü"])
    if kind == 3:
        return rng.random() < 0.5
    if kind in (4, 5):
        return [random_json(rng, depth + 1) for _ in range(rng.randrange(6))]
    return {rng.choice("abcde"): random_json(rng, depth + 1) for _ in range(rng.randrange(5))}


def mutate(rng: random.Random, value: Any) -> Any:
    """A value like ``value``: some parts changed, lists grown, shrunk or slid."""
    if isinstance(value, dict):
        out = {k: mutate(rng, v) if rng.random() < 0.5 else v for k, v in value.items()}
        if rng.random() < 0.3:
            out[rng.choice("abcdef")] = random_json(rng, 2)
        if out and rng.random() < 0.2:
            out.pop(rng.choice(list(out)))
        return out
    if isinstance(value, list):
        out = [mutate(rng, v) if rng.random() < 0.3 else v for v in value]
        shape = rng.randrange(4)
        if shape == 0:
            out += [random_json(rng, 2) for _ in range(rng.randrange(3))]
        elif shape == 1 and out:
            out = [*out[rng.randrange(len(out)) :], random_json(rng, 2)]
        elif shape == 2:
            out = out[: rng.randrange(len(out) + 1)]
        return out
    return random_json(rng, 3) if rng.random() < 0.5 else value


def pairs(n: int) -> list[tuple[Any, Any]]:
    rng = random.Random(7)
    out = []
    for _ in range(n):
        old = random_json(rng)
        out.append((old, mutate(rng, old)))
    return out


def test_a_patch_turns_the_old_value_into_the_new_one() -> None:
    for old, new in pairs(3000):
        op = diff(old, new)
        got = apply(old, op)
        assert json.dumps(got, sort_keys=True) == json.dumps(new, sort_keys=True), (old, new, op)


def test_equal_values_of_other_json_types_patch_and_equal_ones_do_not() -> None:
    """The browser tells ``true`` from ``1`` (and the patch writes ``1.0`` as it is): deep in a
    value the same ``==`` is not the same JSON; keys in another order are the same JSON."""
    rows = [{"p": 1, "acts": [["draw", 1]], "done": False} for _ in range(30)]
    for changed in (True, 1.0):
        new = [dict(row) for row in rows]
        new[17] = {**new[17], "done": 0 if changed is True else False, "p": changed}
        new[17]["acts"] = [["draw", changed]]
        assert new == rows  # equal by ==: only the types differ
        op = diff(rows, new)
        assert op is not None and set(op["i"]) == {"17"}, op
        assert json.dumps(apply(rows, op)) == json.dumps(new)
    reordered = [
        {"done": r["done"], "acts": [list(a) for a in r["acts"]], "p": r["p"]} for r in rows
    ]
    assert diff(rows, reordered) is None
    assert diff({"a": rows, "b": 1}, {"b": 1, "a": reordered}) is None


def test_windows_of_one_line_patch_as_the_lists_they_are() -> None:
    """A move list kept as a window of its line (``patch.Window``) is diffed from where the
    windows lie: the op still turns the old list into the new one, windows or not."""
    rng = random.Random(11)
    texts = ["-", "1+4", "2+3", "-", "6", True, 1, 1.0, None]
    for _ in range(400):
        line = tuple(rng.choice(texts[: rng.randrange(1, len(texts) + 1)]) for _ in range(40))
        a, b = sorted(rng.sample(range(41), 2))
        shift = rng.choice([-3, -1, 0, 1, 1, 2, 5])
        c = min(max(0, a + shift), 40)
        d = min(max(c, b + rng.choice([-1, 0, 1, shift])), 40)
        old, new = Window(line, a, b), Window(line, c, d)
        assert list(old) == list(line[a:b]) and json.loads(json.dumps(new)) == list(line[c:d])
        for before, after in ((old, new), (list(old), new), (old, list(new))):
            op = as_json(diff(before, after))
            got = apply(as_json(list(before)), op)
            assert json.dumps(got) == json.dumps(list(after)), (line, a, b, c, d, op)
    one = Window(("-",) * 10, 2, 8)
    assert diff(one, Window(one.line, 2, 8)) is None
    assert diff(one, Window(one.line, 3, 9)) == {"l": [1, 5], "a": ["-"]}  # no item visited
    assert diff(Window(one.line, 3, 9), one) == {"l": [0, 6]}  # all the same text: kept


def test_the_browser_applies_the_same_patches(tmp_path: Path) -> None:
    """js/src/common/patch.js's applyOp gives what patch.apply gives, on the same ops."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: the JS tests need Node.js 18+.", pytrace=False)
    cases = [(old, diff(old, new), new) for old, new in pairs(1000)]
    cases = [(old, op, new) for old, op, new in cases if op is not None]
    data = tmp_path / "cases.json"
    data.write_text(json.dumps(cases))
    script = (
        f"import {{ applyOp }} from {json.dumps(JS_PATCH.as_uri())};"
        "import { readFileSync } from 'node:fs';"
        f"const cases = JSON.parse(readFileSync({json.dumps(str(data))}, 'utf8'));"
        "const sorted = (x) => Object.fromEntries("
        "  Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));"
        "const canon = (v) => JSON.stringify(v, (k, x) =>"
        "  x && typeof x === 'object' && !Array.isArray(x) ? sorted(x) : x);"
        "let bad = 0;"
        "for (const [old, op, want] of cases) {"
        "  const frozen = JSON.stringify(old);"
        "  const got = applyOp(old, op);"
        "  if (canon(got) !== canon(want) || JSON.stringify(old) !== frozen) bad++;"
        "}"
        "console.log(JSON.stringify({n: cases.length, bad}));"
    )
    result = subprocess.run(
        [node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr[-2000:]
    out = json.loads(result.stdout)
    assert out["n"] > 300 and out["bad"] == 0, out
