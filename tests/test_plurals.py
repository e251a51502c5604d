"""No "card(s)" anywhere: counts are written "1 card" / "2 cards" ("1 Karte" / "2 Karten").

Scans every string a user could see in the package (Python string literals other than
docstrings, and string literals in ``js/src``) for plural hacks like ``card(s)``,
``Karte(n)``, ``Schritt(e)``; checks the shared helper and the ``{n:one|many}`` placeholder.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from levelwidgets.errors import GameError
from levelwidgets.words import counted, plural

ROOT = Path(__file__).resolve().parents[1]
HACK = re.compile(r"[A-Za-zÄÖÜäöüß]\((?:s|n|e|en|es|er|r)\)(?![\w(])")
JS_STRING = re.compile(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`(?:[^`\\]|\\.)*`")


def python_hacks(source: str) -> list[str]:
    """Plural hacks in the string literals of Python ``source``, docstrings left out."""
    tree = ast.parse(source)
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docs
        and HACK.search(node.value)
    ]


def js_hacks(source: str) -> list[str]:
    """Plural hacks in the string literals of JS ``source`` (``${…}`` code left out)."""
    found = []
    for m in JS_STRING.finditer(source):
        text = re.sub(r"\$\{[^}]*\}", "", m.group())
        if HACK.search(text):
            found.append(m.group())
    return found


def test_the_scanners_find_the_hacks_they_look_for() -> None:
    found = python_hacks('raise E(f"{n} card(s) missing")\nx = "Karte(n)"')
    assert sorted(found) == [" card(s) missing", "Karte(n)"]
    assert python_hacks('def f():\n    """Returns the card(s)."""\n    return range(n)') == []
    assert js_hacks('L("x", "{n} Schritt(e)"); `${has(s)} ok`; f(n)') == ['"{n} Schritt(e)"']


def test_no_python_string_writes_a_plural_as_s_or_n() -> None:
    bad = {
        str(p.relative_to(ROOT)): hacks
        for p in sorted((ROOT / "levelwidgets").rglob("*.py"))
        if (hacks := python_hacks(p.read_text(encoding="utf-8")))
    }
    assert bad == {}


def test_no_js_string_writes_a_plural_as_s_or_n() -> None:
    bad = {
        str(p.relative_to(ROOT)): hacks
        for p in sorted((ROOT / "js" / "src").rglob("*.js"))
        if (hacks := js_hacks(p.read_text(encoding="utf-8")))
    }
    assert bad == {}


@pytest.mark.parametrize(
    ("n", "text"),
    [(0, "0 cards"), (1, "1 card"), (2, "2 cards"), ("1", "1 card"), (True, "True cards")],
)
def test_counted(n: object, text: str) -> None:
    assert counted(n, "card", "cards") == text


def test_plural_is_the_word_alone() -> None:
    assert plural(1, "field", "fields") == "field"
    assert plural(3, "field", "fields") == "fields"


def test_error_templates_write_counts_with_the_right_word() -> None:
    template = "cannot undo {n:step|steps}: only {played:action was|actions were} played"
    one = GameError.coded("x", template, n=1, played=1)
    many = GameError.coded("x", template, n=4, played=3)
    assert str(one) == "cannot undo 1 step: only 1 action was played"
    assert str(many) == "cannot undo 4 steps: only 3 actions were played"
    assert one.params == {"n": 1, "played": 1}  # the browser chooses its own words
