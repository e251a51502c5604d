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
