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


def test_the_wheel_enables_the_server_extension_on_install(wheel: zipfile.ZipFile) -> None:
    """The server extension's config goes where Jupyter reads it (``etc/jupyter`` of the
    environment): installing the wheel turns ``levelwidgets.server`` on."""
    (name,) = [
        n for n in wheel.namelist() if n.endswith("jupyter_server_config.d/levelwidgets.json")
    ]
    assert ".data/data/etc/jupyter/" in name
    assert b'"levelwidgets.server": true' in wheel.read(name)
    assert "levelwidgets/server.py" in wheel.namelist()


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


# The README is the package index page's text (PyPI shows it, without the repository's files):
# every image and link there must be absolute (or an anchor in the page) to resolve.
SOURCE = re.search(r'^Source = "([^"]+)"', (ROOT / "pyproject.toml").read_text(), re.M)[1]
RAW = SOURCE.replace("https://github.com/", "https://raw.githubusercontent.com/") + "/main/"
BLOB = SOURCE + "/blob/main/"


def _readme_targets() -> tuple[list[str], list[str]]:
    """(images, links) of the README: Markdown, reference definitions and HTML; code left out."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    text = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    images = re.findall(r"!\[[^\]]*\]\(\s*<?([^)\s>]+)", text)
    images += re.findall(r"<img\b[^>]*\bsrc\s*=\s*[\"']([^\"']+)", text)
    links = re.findall(r"(?<!!)\[[^\]]*\]\(\s*<?([^)\s>]+)", text)
    links += re.findall(r"\bhref\s*=\s*[\"']([^\"']+)", text)
    links += re.findall(r"^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", text, flags=re.M)
    return images, links


def _anchors() -> set[str]:
    """GitHub's heading anchors of the README."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    text = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    titles = re.findall(r"^#+ (.+)$", text, flags=re.M)
    return {re.sub(r"[^\w\- ]", "", t.strip().lower()).replace(" ", "-") for t in titles}


def test_every_readme_image_and_link_resolves_on_a_package_index_page() -> None:
    images, links = _readme_targets()
    assert len(images) >= 5 and len(links) >= 5, "the README's images and links were not found"
    anchors = _anchors()
    for target in images + links:
        if target.startswith("#"):
            assert target[1:] in anchors, f"README links to {target}, which no heading has"
            continue
        assert target.startswith("https://"), f"README: {target} is relative (or not https)"
        for base in (RAW, BLOB):
            if target.startswith(base):
                path = target.removeprefix(base).split("#")[0].split("?")[0]
                assert (ROOT / path).exists(), f"README: {target} names no file of the checkout"
    for image in images:
        if image.startswith(SOURCE):
            raise AssertionError(f"{image} is GitHub's HTML page, not the image: use {RAW}")


def test_the_readme_renders_as_the_long_description(wheel: zipfile.ZipFile, tmp_path: Path) -> None:
    meta = _metadata(wheel)
    assert meta["Description-Content-Type"] == "text/markdown"
    (name,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    body = wheel.read(name).decode("utf-8").split("\n\n", 1)[1]
    assert body.strip() == (ROOT / "README.md").read_text(encoding="utf-8").strip()
    sdist = tmp_path / "sdist"
    command = [sys.executable, "-m", "hatchling", "build", "-t", "sdist", "-d", str(sdist)]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    (archive,) = sdist.glob("levelwidgets-*.tar.gz")
    # twine check: what the package index runs on upload (readme_renderer, warnings as errors)
    done = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", str(archive), wheel.filename],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("PASSED") == 2, done.stdout
