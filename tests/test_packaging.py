"""The wheel people install carries what a package should (issue 32, item 6): the licence, the
``py.typed`` marker, project URLs and classifiers, and a version the changelog names."""

from __future__ import annotations

import email
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The version pyproject.toml declares (read by pattern: tomllib is not in Python 3.10).
VERSION = re.search(r'^version = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M)[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("wheel")
    env = {k: v for k, v in os.environ.items() if k != "LEVELWIDGETS_MYPYC"}  # the pure wheel
    command = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(out)]
    subprocess.run([*command, str(ROOT)], check=True, capture_output=True, env=env)
    (path,) = out.glob("levelwidgets-*.whl")
    with zipfile.ZipFile(path) as archive:
        yield archive


def test_the_default_wheel_is_the_pure_one(wheel: zipfile.ZipFile) -> None:
    assert Path(wheel.filename).name.endswith("-py3-none-any.whl")
    names = wheel.namelist()
    assert "levelwidgets/level8/solver.py" in names
    assert not [n for n in names if n.endswith((".so", ".pyd", "_solver_native.json"))]


def _metadata(wheel: zipfile.ZipFile) -> email.message.Message:
    (name,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    return email.message_from_bytes(wheel.read(name))


def test_the_wheel_carries_the_licence_and_the_typing_marker(wheel: zipfile.ZipFile) -> None:
    names = wheel.namelist()
    licences = [n for n in names if ".dist-info/" in n and n.rsplit("/", 1)[-1] == "LICENSE"]
    assert licences, "no LICENSE in the wheel's dist-info"
    assert wheel.read(licences[0]).decode().startswith("MIT License")
    assert "levelwidgets/py.typed" in names


def test_the_metadata_names_the_project_urls_and_classifiers(wheel: zipfile.ZipFile) -> None:
    meta = _metadata(wheel)
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert {"Homepage", "Source", "Issues", "Changelog"} <= set(urls)
    assert all(u.startswith("https://") for u in urls.values())
    classifiers = meta.get_all("Classifier")
    assert "Typing :: Typed" in classifiers
    assert "License :: OSI Approved :: MIT License" in classifiers
    tested = f"Programming Language :: Python :: {sys.version_info[0]}.{sys.version_info[1]}"
    assert tested in classifiers  # the version this suite runs on is the one claimed
    assert meta["Version"] == VERSION


def test_the_changelog_names_the_version() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text()
    newest = re.search(r"^## (\S+)", changelog, re.MULTILINE)
    assert newest is not None and newest[1] == VERSION, (
        f"the newest changelog section is {newest and newest[1]!r}; the package is {VERSION}"
    )
