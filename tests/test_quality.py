"""Repository-wide checks: the code is ruff-clean and the engines import no widget code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _ruff(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True
    )


def test_ruff_lint_is_clean():
    result = _ruff("check", "levelwidgets", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean():
    result = _ruff("format", "--check", "levelwidgets", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_engines_import_no_widget_code():
    code = (
        "import sys, levelwidgets.levelx, levelwidgets.level8;"
        "bad = [m for m in sys.modules if m.startswith(('anywidget', 'ipywidgets', "
        "'levelwidgets.widgets', 'traitlets', 'IPython'))];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"engine imports pulled in widget code: {result.stdout}"


def _runtime_imports(path: Path, package: str) -> set[str]:
    """Modules of ``package`` that ``path`` imports when it runs (TYPE_CHECKING blocks skipped,
    imports inside functions included: those still run)."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip |= {id(n) for n in ast.walk(node)}
    found = set()
    for node in ast.walk(tree):
        if id(node) in skip or not isinstance(node, ast.ImportFrom) or node.level != 1:
            continue
        if node.module:
            found.add(node.module.split(".")[0])
        else:
            found |= {alias.name for alias in node.names}
    return {m for m in found if (ROOT / "levelwidgets" / package / f"{m}.py").exists()}


def test_engine_modules_import_each_other_without_cycles():
    """Records, text and pictures build on the engine; the engine never reaches back up."""
    for package in ("levelx", "level8"):
        folder = ROOT / "levelwidgets" / package
        graph = {p.stem: _runtime_imports(p, package) for p in folder.glob("*.py")}
        done: set[str] = set()

        def visit(module: str, trail: tuple[str, ...], graph=graph, done=done) -> None:
            assert module not in trail, f"import cycle: {' -> '.join((*trail, module))}"
            if module in done:
                return
            for other in graph.get(module, ()):
                visit(other, (*trail, module))
            done.add(module)

        for module in graph:
            visit(module, ())


#: Layers above the engines: they may import the engines, never the other way round.
ABOVE_ENGINES = ("analysis", "widgets", "record", "interop", "lesson")


def _imported_modules(path: Path) -> set[str]:
    """Absolute names of the ``levelwidgets`` modules that ``path`` imports, at any depth."""
    import ast

    parts = path.relative_to(ROOT).with_suffix("").parts  # ("levelwidgets", "levelx", "game")
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(parts[: len(parts) - node.level])
                found.add(".".join([*base, *([node.module] if node.module else [])]))
            else:
                found.add(node.module or "")
        elif isinstance(node, ast.Call) and ast.unparse(node.func).endswith("import_module"):
            found |= {a.value for a in node.args if isinstance(a, ast.Constant)}
    return {m for m in found if m.startswith("levelwidgets")}


def test_engines_import_nothing_above_them():
    """Level X's simulation and race helpers live in analysis/; the old paths only forward."""
    bad = [
        f"{path.relative_to(ROOT)} imports {module}"
        for package in ("levelx", "level8")
        for path in sorted((ROOT / "levelwidgets" / package).rglob("*.py"))
        for module in _imported_modules(path)
        if module.split(".")[1:2] and module.split(".")[1] in ABOVE_ENGINES
    ]
    assert not bad, "\n".join(bad)


def test_a_moved_module_forwards_with_a_warning():
    import importlib

    import pytest

    from levelwidgets.analysis import batch, levelx_frames, race

    for old, new, name in (
        ("levelx.race", race, "plot_race"),
        ("levelx.batch", batch, "simulate"),
        ("levelx.analysis", levelx_frames, "games_frame"),
    ):
        module = importlib.import_module(f"levelwidgets.{old}")
        with pytest.warns(DeprecationWarning, match=f"levelwidgets.{old} moved to"):
            assert getattr(module, name) is getattr(new, name)


def test_engines_import_no_private_name_from_another_package():
    """A private name (``_x``) is used only inside its own package: the board game reads the
    card game's parts through public names, so a change inside one package stays there."""
    import ast

    bad = []
    for package in ("levelx", "level8"):
        for path in sorted((ROOT / "levelwidgets" / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.ImportFrom) or node.level == 1:
                    continue  # from .module import _x: the module's own package
                bad += [
                    f"{path.relative_to(ROOT)}: {'.' * node.level}{node.module} import {a.name}"
                    for a in node.names
                    if a.name.startswith("_") and not a.name.startswith("__")
                ]
    assert not bad, "\n".join(bad)


#: The one module that decides what a Level 8 viewer sees (issue 28: one seat-view gate).
GATE = ROOT / "levelwidgets" / "level8" / "visibility.py"
#: The gate's tables of hidden event data and private actions.
GATE_TABLES = {"HIDDEN_KEYS", "ALSO_SEEN_BY", "PRIVATE_ACTIONS"}
OBSERVATIONS = {"Observation", "BoardObservation"}


def _gate_breaches(path: Path) -> list[str]:
    """Where ``path`` builds a Level 8 observation or filters events itself: a call of an
    observation class (or of its ``build``/``_of``, or ``object.__new__`` of it), a use of the
    gate's tables of hidden data, or an ``Event`` made from another event's data."""
    import ast

    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        where = f"{path.relative_to(ROOT)}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Name) and node.id in GATE_TABLES:
            out.append(f"{where}: uses {node.id}")
        if isinstance(node, ast.Attribute) and node.attr in GATE_TABLES:
            out.append(f"{where}: uses {node.attr}")
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id in OBSERVATIONS:
            out.append(f"{where}: builds {f.id}")
        if (
            isinstance(f, ast.Attribute)
            and isinstance(f.value, ast.Name)
            and f.value.id in OBSERVATIONS
            and f.attr in ("build", "_of", "__new__")
        ):
            out.append(f"{where}: builds {f.value.id}.{f.attr}")
        if (
            isinstance(f, ast.Attribute)
            and f.attr == "__new__"
            and any(isinstance(a, ast.Name) and a.id in OBSERVATIONS for a in node.args)
        ):
            out.append(f"{where}: builds an observation with __new__")
        if isinstance(f, ast.Name) and f.id == "Event":
            data = [
                n
                for a in [*node.args, *(k.value for k in node.keywords)]
                for n in ast.walk(a)
                if isinstance(n, ast.Attribute) and n.attr == "data"
            ]
            if data:
                out.append(f"{where}: makes an Event from another event's data")
    return out


def test_only_the_seat_view_gate_builds_observations_or_filters_events():
    """What a Level 8 viewer sees is decided in levelwidgets/level8/visibility.py alone: no
    other module (engine, bots, widgets, records, analysis) makes an observation or filters
    events on its own."""
    bad = []
    for path in sorted((ROOT / "levelwidgets").rglob("*.py")):
        if path != GATE:
            bad += _gate_breaches(path)
    assert not bad, "\n".join(bad)
    assert _gate_breaches(GATE)  # the check sees the gate's own work


def test_the_engines_have_no_second_observation_path():
    """No seat view beside the observation, and no hand-bumped revision counter."""
    import re

    pattern = re.compile(r"SeatView|_seat_view|_pub_rev|_meld_rev|_table_rev")
    bad = [
        f"{path.relative_to(ROOT)}: {m.group(0)}"
        for path in sorted((ROOT / "levelwidgets").rglob("*.py"))
        for m in pattern.finditer(path.read_text(encoding="utf-8"))
    ]
    assert not bad, "\n".join(bad)


def test_the_bots_read_the_solver_through_public_names():
    """The Level 8 bots use the solver's public API (``cards_missing``, ``missing_search``,
    ``plan_summary``, ``fit_lookup``, ...), never its private tables or helpers."""
    import ast

    solver = {"solver", "fits", "hands", "candidates", "patterns"}
    bad = []
    for rel in ("level8/bots.py", "level8/board/bots.py", "level8/search.py"):
        path = ROOT / "levelwidgets" / rel
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] in solver:
                bad += [
                    f"{rel}: {node.module} import {a.name}" for a in node.names if a.name[0] == "_"
                ]
    assert not bad, "\n".join(bad)
