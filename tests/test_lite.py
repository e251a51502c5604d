"""The JupyterLite site builds and holds what a class needs (issue 32, item 5).

One build of ``lite/build.py`` into a temporary folder, then checks on its output: the widget
front ends (anywidget, Jupyter widgets) and the Pyodide kernel as prebuilt extensions, this
checkout's pure wheel in ``pypi/`` with a piplite index that matches it byte for byte, the
example notebooks as the site's files, and a ``jupyter-lite.json`` valid against the schema the
build ships. Running the site needs Pyodide from its CDN, which CI cannot reach: the class
paths' Pyodide safety is tested without it in ``test_pyodide_safe.py``.

The first build in an environment installs the pinned JupyterLite tools (``lite/
requirements.txt``) from the package index into a folder beside it; later builds reuse them.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
import zipfile
from pathlib import Path

import jsonschema
import nbformat
import pytest

import levelwidgets

ROOT = Path(__file__).resolve().parents[1]
EXTENSIONS = (
    "anywidget",
    "@jupyter-widgets/jupyterlab-manager",
    "@jupyterlite/pyodide-kernel-extension",
)


def _load_build_module():
    spec = importlib.util.spec_from_file_location("lite_build", ROOT / "lite" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


lite_build = _load_build_module()


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("lite")
    return lite_build.build(base / "site", base / "work")


def _config(site: Path) -> dict:
    return json.loads((site / "jupyter-lite.json").read_text())["jupyter-config-data"]


def test_jupyter_lite_json_is_valid_against_the_shipped_schema(site: Path) -> None:
    schema = json.loads((site / "jupyterlite.schema.v0.json").read_text())
    document = json.loads((site / "jupyter-lite.json").read_text())
    jsonschema.validate(document, schema)
    assert document["jupyter-config-data"]["defaultKernelName"] == "python"
    assert (site / "lab" / "index.html").is_file()
    assert (site / "notebooks" / "index.html").is_file()


def test_the_widget_front_ends_and_the_pyodide_kernel_are_shipped(site: Path) -> None:
    listed = {ext["name"]: ext for ext in _config(site)["federated_extensions"]}
    for name in EXTENSIONS:
        assert name in listed, f"{name} missing from jupyter-lite.json"
        entry = site / "extensions" / name / listed[name]["load"]
        assert entry.is_file(), f"{name}'s remoteEntry {entry} is not in the site"
    # nothing else from the build environment (Voila's preview, Notebook's lab extension)
    assert set(listed) == set(EXTENSIONS)
    anywidget = json.loads((site / "extensions" / "anywidget" / "package.json").read_text())
    assert anywidget["name"] == "anywidget"


def test_our_wheel_is_in_pypi_with_a_matching_piplite_index(site: Path) -> None:
    wheels = sorted((site / "pypi").glob("*.whl"))
    assert [w.name for w in wheels] == [f"levelwidgets-{levelwidgets.__version__}-py3-none-any.whl"]
    wheel = wheels[0]
    index = json.loads((site / "pypi" / "all.json").read_text())
    schema_path = (
        site
        / "extensions/@jupyterlite/pyodide-kernel-extension/static/schema"
        / "piplite.v0.schema.json"
    )
    jsonschema.validate(index, json.loads(schema_path.read_text()))
    (release,) = index["levelwidgets"]["releases"][levelwidgets.__version__]
    assert release["filename"] == wheel.name
    assert release["url"] == f"./{wheel.name}"
    assert release["digests"]["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert release["size"] == wheel.stat().st_size
    urls = _config(site)["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert any(url.startswith("./pypi/all.json") for url in urls["pipliteUrls"])


def test_the_wheel_is_pure_and_carries_the_front_end(site: Path) -> None:
    (wheel,) = (site / "pypi").glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert not [n for n in names if n.endswith((".so", ".pyd"))], "Pyodide cannot load these"
    assert "levelwidgets/widgets/__init__.py" in names
    assert any(n.startswith("levelwidgets/static/") and n.endswith(".js") for n in names)


def test_the_example_notebooks_and_the_start_notebook_are_the_files(site: Path) -> None:
    expected = {p.name for p in (ROOT / "examples").glob("*.ipynb")} | {"start_here.ipynb"}
    listed = json.loads((site / "api" / "contents" / "all.json").read_text())["content"]
    assert expected <= {item["name"] for item in listed}
    for name in expected - {"start_here.ipynb"}:
        shipped = json.loads((site / "files" / name).read_text())
        assert shipped == json.loads((ROOT / "examples" / name).read_text()), name
    start = nbformat.read(site / "files" / "start_here.ipynb", as_version=4)
    nbformat.validate(start)
    code = [cell.source for cell in start.cells if cell.cell_type == "code"]
    assert code[0].strip() == "%pip install -q levelwidgets"


def test_a_missing_front_end_is_refused_with_what_to_install(tmp_path: Path) -> None:
    with pytest.raises(lite_build.LiteBuildError, match="pip install anywidget"):
        lite_build.labextension("no-such-extension", tmp_path)
