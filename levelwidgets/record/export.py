"""Records as tables (pandas) and as Markdown handouts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..extras import require
from .tree import GameRecord, Node, Step

COLUMNS = ("ply", "player", "player_name", "kind", "notation", "events", "comments", "mark")


def rows(record: GameRecord, all_nodes: bool = False) -> list[dict[str, Any]]:
    """The rows of :func:`to_dataframe` as plain dicts."""
    adapter, names = record._adapter, record.players
    if all_nodes:
        walk: Iterator[tuple[Node, str]] = walk_with_paths(record)
    else:
        walk = ((n, "") for n in record.mainline())
    out = []
    for node, path in walk:
        if not isinstance(node, Step):  # (the record itself: every other node is a Step)
            continue
        if not node.events:  # not replayed yet (a step added while reading): replay it
            record._state_at(node)
        data = node._data
        row = {
            "ply": node._depth,
            "player": adapter.player(data),
            "player_name": names[adapter.player(data)],
            "kind": adapter.kind(data),
            "notation": adapter.notation(data, names),
            "events": " ".join(adapter.describe_events(node.events, names)),
            "comments": "\n".join(node._comments),
            "mark": node._mark,
        }
        if all_nodes:
            row["path"] = path
            row["depth"] = path.count(".") + 1
            row["main_line"] = all(p == "0" for p in path.split("."))
            row["variations"] = len(node._vars)
        out.append(row)
    return out


def to_dataframe(record: GameRecord, all_nodes: bool = False):
    pd = require("pandas", "analysis", "record tables")  # optional: levelwidgets[analysis]

    columns = list(COLUMNS)
    if all_nodes:
        columns += ["path", "depth", "main_line", "variations"]
    return pd.DataFrame(rows(record, all_nodes), columns=columns)


def walk_with_paths(record: GameRecord) -> Iterator[tuple[Node, str]]:
    """Every step with its path of variation numbers, like ``"0.0.1.0"``: depth first, main
    line first (the record's tables and the game review both walk this way)."""
    stack: list[tuple[Node, str]] = [
        (c, str(i)) for i, c in reversed(list(enumerate(record._vars)))
    ]
    while stack:
        node, path = stack.pop()
        yield node, path
        stack.extend((c, f"{path}.{i}") for i, c in reversed(list(enumerate(node._vars))))


# ---------------------------------------------------------------------- Markdown

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|>~])")
_TITLES = {"levelx": "Level X", "level8": "Level 8"}


def text(value: object) -> str:
    """Plain text made safe for Markdown: no markup, no HTML, no links."""
    s = str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    s = _MD_SPECIAL.sub(r"\\\1", s)
    return " ".join(s.split())  # one line: a comment cannot start a heading or a list


def to_markdown(record: GameRecord) -> str:
    headers = record._headers
    title = _TITLES.get(record.game, record.game)
    if headers.get("event"):
        title += f": {text(headers['event'])}"
    lines = [f"# {title}", ""]
    lines.append(f"- **Players:** {', '.join(text(n) for n in record.players)}")
    for key in ("date", "site"):
        if headers.get(key):
            lines.append(f"- **{key.capitalize()}:** {text(headers[key])}")
    lines.append(f"- **Seed:** {text(record.seed)}")
    if headers.get("notes"):
        lines += ["", *(text(p) for p in str(headers["notes"]).split("\n") if p.strip())]
    lines += ["", "## Moves", ""]
    if record._comments or record._mark or record._highlights:
        lines.append(f"- *Start*{_annotation(record)}")
    for node, level in _lines(record):
        lines.append("  " * level + "- " + _step_line(record, node) + _annotation(node))
    if not record._vars:
        lines.append("*No moves yet.*")
    return "\n".join(lines) + "\n"


def _lines(record: GameRecord) -> Iterator[tuple[Step, int]]:
    """Nodes in reading order with their indent: each line, and after a main continuation the
    other variations of the same position, one level deeper, each with its own line."""
    stack: list[tuple[Node, int]] = []
    if record._vars:
        stack.append((record._vars[0], 0))
    while stack:
        node, level = stack.pop()
        yield node, level  # type: ignore[misc]
        parent = node._parent
        later: list[tuple[Node, int]] = []
        if parent is not None and parent._vars[0] is node:
            later.extend((alt, level + 1) for alt in parent._vars[1:])
        if node._vars:
            later.append((node._vars[0], level))
        stack.extend(reversed(later))


def _step_line(record: GameRecord, node: Step) -> str:
    adapter, names = record._adapter, record.players
    data = node._data
    who = text(names[adapter.player(data)])
    mark = f" {node._mark}" if node._mark else ""
    return f"{node._depth}\\. {who}: `{_code(adapter.notation(data, names))}`{mark}"


def _code(notation: str) -> str:
    return notation.replace("`", "'").replace("\n", " ")


def _annotation(node: Node) -> str:
    parts = []
    if node._parent is None and node._mark:
        parts.append(node._mark)
    parts += [text(c) for c in node._comments]
    if node._highlights:
        parts.append(
            "highlights: "
            + ", ".join(
                f"{h['kind']} {text(_target(h['target']))} ({h['colour']})"
                for h in node._highlights
            )
        )
    return " — " + " — ".join(parts) if parts else ""


def _target(target: Any) -> str:
    if isinstance(target, list):
        return "/".join(map(str, target))
    return str(target)
