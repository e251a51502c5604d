"""Refused moves in the widget's language: every error code raised in Python has an English and
a German sentence in the browser's tables, with placeholders the error's params fill, and a
refused intent publishes its code and params without changing anything.

The codes are read from the source (every ``SomeError.coded("code", "template", **params)``),
the tables from the JS modules themselves (node imports them), so neither side can drift.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import string
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from levelwidgets import levelx as lx
from levelwidgets.level8.cards import CODES
from levelwidgets.widgets import Level8Widget, LevelXWidget

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "levelwidgets"
CODE = re.compile(r"(levelx|level8|widget)\.[a-z0-9_]+")
PLACEHOLDER = re.compile(r"\{(\w+)(?::[^{}]*)?\}")
#: Params Level 8's front end adds from others (js/src/level8/i18n.js errorParams).
DERIVED = {"req": {"need"}, "phase": {"must"}}


@dataclass(frozen=True)
class Raised:
    code: str
    template: str
    params: frozenset[str]
    where: str


def _coded_calls() -> list[Raised]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "coded"
            ):
                continue
            where = f"{path.relative_to(REPO)}:{node.lineno}"
            code, template = node.args[:2]
            assert isinstance(code, ast.Constant) and isinstance(template, ast.Constant), where
            names = frozenset(k.arg for k in node.keywords if k.arg)
            found.append(Raised(code.value, template.value, names, where))
    return found


RAISED = _coded_calls()


@pytest.fixture(scope="module")
def tables() -> dict[str, dict[str, dict[str, str]]]:
    """The merged translation tables of both games, as the browser has them."""
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed: the JS checks need Node.js 18+.", pytrace=False)
    script = (
        "const x = await import('./src/levelx/i18n.js');"
        "const e = await import('./src/level8/i18n.js');"
        "console.log(JSON.stringify({levelx: x.t.tables, level8: e.t.tables}));"
    )
    result = subprocess.run(
        [node, "--input-type=module", "-e", script],
        cwd=REPO / "js",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_codes_are_found_and_well_formed() -> None:
    assert len({r.code for r in RAISED}) > 100
    templates: dict[str, str] = {}
    for r in RAISED:
        assert CODE.fullmatch(r.code), r
        assert templates.setdefault(r.code, r.template) == r.template, f"{r.code}: two texts"
        fields = {f for _, f, _, _ in string.Formatter().parse(r.template) if f}
        assert fields <= r.params, f"{r.where}: {fields - r.params} not given"


@pytest.mark.parametrize("raised", RAISED, ids=lambda r: r.code)
def test_every_code_has_english_and_german(raised: Raised, tables) -> None:
    game = "level8" if raised.code.startswith("level8.") else "levelx"  # widget.*: in both
    usable = set(raised.params).union(*(DERIVED.get(p, set()) for p in raised.params))
    for lang in ("en", "de"):
        table = tables[game][lang]
        assert raised.code in table, f"{raised.where}: {raised.code} has no {lang} sentence"
        for key in (raised.code, f"{raised.code}_you"):
            if key in table:
                missing = set(PLACEHOLDER.findall(table[key])) - usable
                assert not missing, f"{key} ({lang}) uses {missing}, not params of {raised.where}"


def test_no_sentence_for_a_code_that_is_never_raised(tables) -> None:
    raised = {r.code for r in RAISED}
    for game in ("levelx", "level8"):
        for lang in ("en", "de"):
            keys = {k.removesuffix("_you") for k in tables[game][lang] if CODE.fullmatch(k)}
            assert keys <= raised, f"{game} {lang}: {sorted(keys - raised)}"


#: The modules of the Level X game itself (the analysis modules refuse arguments, not moves).
LEVELX_GAME = ("game.py", "moves.py", "rules.py", "serial.py", "state.py", "events.py")


def test_every_level_x_game_error_has_a_code() -> None:
    errors = {name for name in dir(lx.errors) if name.endswith("Error")}
    for path in (PACKAGE / "levelx" / name for name in LEVELX_GAME):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                func = node.exc.func
                assert not (isinstance(func, ast.Name) and func.id in errors), (
                    f"{path.name}:{node.lineno}: {func.id}(...) without a code: use .coded"
                )


# ---------------------------------------------------------------------- the widgets publish them


def send(w: object, **msg: object) -> None:
    w._handle_message(w, msg, [])  # type: ignore[attr-defined]


def test_a_refused_move_publishes_its_code_and_params_and_changes_nothing() -> None:
    w = LevelXWidget(players=["Ann", "Ben"], seed=1, language="de")
    w.roll((1, 2, 3, 4))
    before = (w.game.to_json(), dict(w.view))
    send(w, type="play", groups=[[1]])
    assert w.error_info == {
        "text": w.error,
        "code": "levelx.group_sum",
        "params": {"group": [1], "total": 1, "least": 5, "most": 10},
    }
    assert w.error.startswith("The group 1 makes 1")  # the text stays English
    assert (w.game.to_json(), dict(w.view)) == before
    json.dumps(w.error_info)  # it crosses to the browser as JSON
    send(w, type="play", groups=[[1, 4]])  # a good move clears both
    assert w.error == "" and w.error_info == {}


def test_widget_refusals_and_malformed_requests_are_coded() -> None:
    w = LevelXWidget(players=["Ann", "Ben"], bots=[None, "greedy"], seed=1, bot_delay=500)
    w.roll((2, 3, 4, 5))
    w.play([[2, 3]])
    send(w, type="roll")  # the bot is to act
    assert w.error_info["code"] == "widget.bot_turn" and w.error_info["text"] == w.error
    send(w, type="fly")  # not something a click sends, but coded too: German says it in German
    assert w.error_info == {
        "text": w.error,
        "code": "widget.unknown_request",
        "params": {"given": "'fly'"},
    }
    ro = LevelXWidget(players=["Ann", "Ben"], seed=1, read_only=True)
    send(ro, type="roll")
    assert ro.error_info["code"] == "widget.read_only"


def test_level8_refusals_carry_card_codes_and_names() -> None:
    w = Level8Widget(players=["Ann", "Ben"], seed=3, bots=[None, None], seat=0)
    send(w, type="draw")
    card = next(c for c in range(101) if c not in w.game.hand(0))
    send(w, type="discard", card=card)
    info = w.error_info
    assert info["code"] == "level8.not_in_hand"
    assert info["params"] == {"name": "Ann", "what": "discard", "card": CODES[card]}
    before = w.game.to_json()
    send(w, type="skip", target=0)
    assert w.error_info["code"] in ("level8.no_skip_card", "level8.skip_self")
    assert w.game.to_json() == before
