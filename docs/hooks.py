"""MkDocs hook: the README's sections become the site's guide pages (one source, no copies).

``README.md`` stays the one text people read on the repository page; this hook cuts it at its
``## `` headings at build time: the part before the first heading is the home page, each section
a page under "Guide". Links into the repository (``docs/x.md``, ``examples/...``; in the README
absolute, so that they resolve on a package index page too) are pointed at the site's pages
and images where there are some, else at the repository.
"""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]
REPOSITORY = "https://github.com/levelwidgets/levelwidgets/blob/main/"
#: Where the README's images live for a package index page (PyPI shows no repository files).
RAW = "https://raw.githubusercontent.com/levelwidgets/levelwidgets/main/"


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")


def sections() -> list[tuple[str, str]]:
    """(page name, markdown) for the home page and each ``## `` section of the README."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    parts = re.split(r"^## (.+)$", text, flags=re.MULTILINE)
    anchors: dict[str, str] = {}  # a heading's anchor -> the page it lands on
    for title, body in zip(parts[1::2], parts[2::2], strict=True):
        page = f"guide/{slug(title)}.md"
        anchors[slug(title)] = page
        for sub in re.findall(r"^###+ (.+)$", body, flags=re.MULTILINE):
            anchors[slug(sub)] = page
    pages = [("index.md", _links(parts[0], anchors))]
    for title, body in zip(parts[1::2], parts[2::2], strict=True):
        page = f"guide/{slug(title)}.md"
        pages.append((page, _links(f"# {title}\n{body}", anchors, page)))
    return pages


def _links(markdown: str, anchors: dict[str, str], page: str = "index.md") -> str:
    up = "../" * page.count("/")

    def fix(match: re.Match[str]) -> str:
        label, target = match.group(1), match.group(2)
        for prefix in (RAW, REPOSITORY):  # the README links absolutely, for the package index
            if target.startswith(prefix + "docs/"):
                target = target.removeprefix(prefix)
        if target.startswith("#") and anchors.get(target[1:], page) != page:
            return f"{label}]({up}{anchors[target[1:]]}{target})"
        if re.match(r"^[a-z]+:|^#", target):
            return match.group(0)
        if target.startswith("docs/"):
            return f"{label}]({up}{target.removeprefix('docs/')})"
        return f"{label}]({REPOSITORY}{target})"

    return re.sub(r"(!?\[[^\]]*)\]\(([^)\s]+)\)", fix, markdown)


def on_page_markdown(markdown: str, page, config, files) -> str:
    """A docs page's link to a file outside ``docs/`` (a module, an example) goes to the
    repository, where that file is."""
    if page.file.generated_by:
        return markdown  # the README's pages: done in sections()
    base = (Path(config["docs_dir"]) / page.file.src_uri).parent
    docs = Path(config["docs_dir"]).resolve()

    def fix(match: re.Match[str]) -> str:
        label, target = match.group(1), match.group(2)
        if re.match(r"^[a-z]+:|^#", target):
            return match.group(0)
        path = (base / target.split("#")[0]).resolve()
        if path.is_relative_to(docs):
            return match.group(0)
        return f"{label}]({REPOSITORY}{path.relative_to(ROOT).as_posix()})"

    return re.sub(r"(!?\[[^\]]*)\]\(([^)\s]+)\)", fix, markdown)


def on_files(files: Files, config) -> Files:
    for name, content in sections():
        files.append(File.generated(config, name, content=content))
    return files
