"""The JupyterLite site builds and holds what a class needs (issue 32, item 5).

One build of ``lite/build.py`` into a temporary folder, then checks on its output: the widget
front ends (anywidget, Jupyter widgets) and the Pyodide kernel as prebuilt extensions, this
checkout's pure wheel in ``pypi/`` with a piplite index that matches it byte for byte, the
example notebooks as the site's files, and a ``jupyter-lite.json`` valid against the schema the
build ships. Chromium then opens the site (served by ``python -m http.server``, as any static
host would) up to JupyterLab's launcher: the three extensions load, nothing fails in the page and
nothing is fetched from elsewhere. Running Python there needs Pyodide from its CDN, which CI
cannot reach, so no kernel is started: the class paths' Pyodide safety is tested without it in
``test_pyodide_safe.py``.

The first build in an environment installs the pinned JupyterLite tools (``lite/
requirements.txt``) from the package index into a folder beside it; later builds reuse them.
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import importlib.util
import json
import subprocess
import sys
import time
import urllib.request
import zipfile
from collections.abc import Callable
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
#: One worker builds the site once for every test here (a module fixture is per worker).
pytestmark = pytest.mark.xdist_group("lite")


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
    wheels = sorted((site / "pypi").glob("levelwidgets-*.whl"))
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


def test_anywidget_in_pypi_is_the_version_of_the_shipped_front_end(site: Path) -> None:
    front_end = json.loads((site / "extensions" / "anywidget" / "package.json").read_text())
    (wheel,) = (site / "pypi").glob("anywidget-*.whl")
    assert wheel.name.startswith(f"anywidget-{front_end['version']}-")
    assert wheel.name.endswith("-none-any.whl")  # pure: Pyodide installs it
    index = json.loads((site / "pypi" / "all.json").read_text())
    assert list(index["anywidget"]["releases"]) == [front_end["version"]]


def test_the_wheel_is_pure_and_carries_the_front_end(site: Path) -> None:
    (wheel,) = (site / "pypi").glob("levelwidgets-*.whl")
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


def in_a_fresh_thread(run: Callable[[], None]) -> None:
    """Run ``run`` in a new thread and re-raise what it raised there: Playwright's sync API
    refuses a thread whose asyncio loop is running (a notebook test on this worker may leave
    one), and a new thread has none."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(run).result()


def test_the_site_opens_in_chromium_with_its_extensions_and_no_error(site: Path) -> None:
    from e2e.lab import CHROMIUM_ARGS, PageErrors, free_port, require_chromium

    executable = require_chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("playwright is not installed: pip install playwright", pytrace=False)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "http.server", "-b", "127.0.0.1", "-d", str(site), str(port)]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    loaded: dict[str, int] = {}
    elsewhere: list[str] = []
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(base + "/jupyter-lite.json", timeout=2).close()
                break
            except OSError:
                time.sleep(0.2)
        errors = PageErrors()

        def drive() -> None:  # in a thread of its own: no asyncio loop another test left
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
                page = browser.new_page()
                errors.attach(page)

                def only_the_site(route) -> None:
                    if route.request.url.startswith(base):
                        route.continue_()
                    else:
                        elsewhere.append(route.request.url)
                        route.abort()

                def note(response) -> None:
                    if "/extensions/" in response.url and "remoteEntry" in response.url:
                        name = response.url.split("/extensions/", 1)[1].split("/static/", 1)[0]
                        loaded[name] = response.status

                page.route("**/*", only_the_site)
                page.on("response", note)
                page.goto(base + "/lab/index.html")
                page.locator(".jp-LauncherCard", has_text="Pyodide").first.wait_for(timeout=120_000)
                listing = page.locator(".jp-DirListing-item", has_text="start_here.ipynb")
                listing.wait_for(timeout=30_000)
                browser.close()

        in_a_fresh_thread(drive)
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert loaded == dict.fromkeys(EXTENSIONS, 200)
    errors.check()
    assert elsewhere == [], f"the site fetched from elsewhere before any kernel: {elsewhere}"


def test_a_second_build_waits_for_the_first_ones_tools(tmp_path: Path) -> None:
    """Two builds at once (two test workers, two terminals) take the tools lock in turn: the
    second gets it only after the first let it go, so neither removes the other's folder
    while pip writes into it (this raced once in CI: 'No such file ... .levelwidgets-stamp')."""
    import threading

    lock = tmp_path / "tools.lock"
    order: list[str] = []
    first_holds, second_tries = threading.Event(), threading.Event()

    def first() -> None:
        with lite_build._locked(lock):
            order.append("first in")
            first_holds.set()
            second_tries.wait(10)
            threading.Event().wait(0.2)  # give the second the chance to get in wrongly
            order.append("first out")

    def second() -> None:
        first_holds.wait(10)
        second_tries.set()
        with lite_build._locked(lock):
            order.append("second in")

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    assert order == ["first in", "first out", "second in"]
