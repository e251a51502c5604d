"""Session fixtures for real-browser tests: one JupyterLab, one Chromium per pytest session."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from .lab import ARTIFACTS, CHROMIUM_ARGS, REPO, LabServer, PageErrors, lab_server, require_chromium


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/e2e" in str(item.fspath).replace("\\", "/"):
            item.add_marker(pytest.mark.e2e)
            # one pytest-xdist worker runs them all, so they share one JupyterLab and Chromium
            item.add_marker(pytest.mark.xdist_group("browser"))


@pytest.fixture(scope="session")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LabServer]:
    root = tmp_path_factory.mktemp("lab-root")
    home = tmp_path_factory.mktemp("lab-home")
    (root / "levelx_play.ipynb").write_bytes((REPO / "examples" / "levelx_play.ipynb").read_bytes())
    with lab_server(root, home) as server:
        yield server


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    executable = require_chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("playwright is not installed: pip install playwright", pytrace=False)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser, request: pytest.FixtureRequest) -> Iterator[object]:
    """A fresh page (1280×900) whose page/console errors fail the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors = PageErrors()
    errors.attach(page)
    page.errors = errors  # type: ignore[attr-defined]
    yield page
    ARTIFACTS.mkdir(exist_ok=True)
    with contextlib.suppress(Exception):
        page.screenshot(path=str(ARTIFACTS / f"last-{request.node.name}.png"))
    context.close()
    errors.check()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
