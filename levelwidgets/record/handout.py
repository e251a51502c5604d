"""A record as a printable HTML page: the handout a teacher prints for the class.

One self-contained page (no scripts, no links, the pictures inside it as data URIs): the title
and headers, the players, the main line step by step, and at every annotated position (a
comment, a mark or a highlight) the comments, the highlights in words and a picture of the
position, the same SVG the widgets show where they cannot run. Print CSS keeps each annotated
position with its picture on one page, on A4 and on US letter.

What the pictures and the move list show is the *viewer*'s: by default a spectator's, so a
Level 8 handout shows no hand and no kept or given card (what the class at the table saw);
``viewer="teacher"`` shows every hand, for the teacher's own copy. Level X hides nothing.
Everything people wrote (comments, headers, names) is escaped: it is text, never markup.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from .. import i18n
from .._html import svg_image
from .errors import RecordError

if TYPE_CHECKING:
    from .tree import GameRecord, Node

#: Who a handout is drawn for (Level 8: a spectator sees no hand, the teacher every hand).
VIEWERS = ("spectator", "teacher")

WORDS = {lang: i18n.section(lang, "handout") for lang in i18n.LANGUAGES}

#: The page's style: readable on screen, and on paper a picture never split across pages.
CSS = """
@page { size: auto; margin: 14mm 14mm 16mm; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 182mm; padding: 8mm 4mm; color: #1f2430; background: #fff;
  font: 11pt/1.45 Helvetica, Arial, sans-serif; }
h1 { font-size: 20pt; margin: 0 0 2mm; }
h2 { font-size: 14pt; margin: 6mm 0 2mm; border-bottom: 1px solid #c9c4b8; }
h3 { font-size: 12pt; margin: 0 0 1.5mm; }
.lw-meta { display: grid; grid-template-columns: max-content 1fr; gap: 0.5mm 4mm; margin: 0; }
.lw-meta dt { font-weight: 700; }
.lw-meta dd { margin: 0; }
.lw-notes, .lw-comment { white-space: pre-wrap; overflow-wrap: anywhere; }
.lw-policy { color: #6b7280; font-size: 9.5pt; }
ol.lw-steps { columns: 2; column-gap: 8mm; margin: 1mm 0; padding-left: 9mm; font-size: 10pt; }
ol.lw-steps li { break-inside: avoid; }
.lw-position { break-inside: avoid; page-break-inside: avoid; margin: 3mm 0 4mm;
  padding: 3mm 4mm; border: 1px solid #c9c4b8; border-radius: 2mm; }
.lw-position h3 .lw-mark { font-weight: 800; margin-left: 1.5mm; }
.lw-comments { margin: 0 0 2mm; padding-left: 5mm; }
.lw-highlights { margin: 0 0 2mm; color: #6b7280; font-size: 10pt; }
figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
figure img { display: block; max-width: 100%; max-height: 125mm; width: auto; height: auto;
  margin: 0 auto; }
figcaption { text-align: center; color: #6b7280; font-size: 9pt; margin-top: 1mm; }
footer { margin-top: 6mm; color: #6b7280; font-size: 9pt; }
@media print { body { padding: 0; max-width: none; } h2 { break-after: avoid; } }
"""


def _esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def check_viewer(viewer: object) -> str:
    """``viewer`` as a handout takes it: "spectator" (also for None) or "teacher"."""
    if viewer is None:
        return "spectator"
    if viewer not in VIEWERS:
        raise RecordError(
            f"A handout is drawn for a 'spectator' (no hand) or the 'teacher' (every hand), "
            f"not {viewer!r:.40}."
        )
    return viewer


def annotated(node: Node) -> bool:
    """Whether a handout shows ``node`` with its picture: it has a comment, mark or highlight."""
    return bool(node._comments or node._mark or node._highlights)


def to_html(record: GameRecord, viewer: str | None = None, language: str = "en") -> str:
    """The handout of ``record`` (see the module): one printable, self-contained HTML page."""
    viewer = check_viewer(viewer)
    words = WORDS.get(language, WORDS["en"])
    headers = record._headers
    title = record._adapter.title + (f": {headers['event']}" if headers.get("event") else "")
    meta = [(words["players"], ", ".join(record.players))]
    meta += [(words[k], v) for k in ("date", "site") if (v := headers.get(k))]
    meta.append((words["seed"], record.seed))
    body = [
        f"<header><h1>{_esc(title)}</h1>",
        '<dl class="lw-meta">',
        *(f"<dt>{_esc(k)}</dt><dd>{_esc(v)}</dd>" for k, v in meta),
        "</dl>",
    ]
    if headers.get("notes"):
        body.append(f'<p class="lw-notes">{_esc(headers["notes"])}</p>')
    if record._adapter.name != "levelx":  # Level X hides nothing: no policy to explain
        body.append(f'<p class="lw-policy" data-viewer="{viewer}">{_esc(words[viewer])}</p>')
    body.append(f"</header><main><h2>{_esc(words['moves'])}</h2>")
    body += _moves(record, viewer, words, language)
    others = record._count - 1 - sum(1 for _ in record.mainline())
    if others:
        lines = sum(len(n._vars) - 1 for n in record.walk() if len(n._vars) > 1)
        body.append(f'<p class="lw-policy">{_esc(words["variations"].format(n=lines))}</p>')
    body.append(f"</main><footer>{_esc(words['footer'])}</footer>")
    return (
        f'<!DOCTYPE html>\n<html lang="{_esc(language)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{_esc(title)}</title><style>{CSS}</style></head>"
        f'<body class="lw-handout" data-game="{_esc(record.game)}">'
        + "\n".join(body)
        + "</body></html>\n"
    )


def _moves(
    record: GameRecord, viewer: str, words: dict[str, str], language: str = "en"
) -> list[str]:
    """The main line: plain steps in a compact list, each annotated position a block of its
    own with its comments and picture."""
    out: list[str] = []
    run: list[str] = []  # plain steps waiting for their list

    def flush() -> None:
        if run:
            out.append(f'<ol class="lw-steps">{"".join(run)}</ol>')
            run.clear()

    if annotated(record):
        out.append(_position(record, record, viewer, words, language))
    nodes = list(record.mainline())
    if not nodes:
        out.append(f"<p>{_esc(words['noMoves'])}</p>")
    for node in nodes:
        if annotated(node):
            flush()
            out.append(_position(record, node, viewer, words, language))
        else:
            run.append(f'<li value="{node._depth}">{_step_text(record, node, viewer)}</li>')
    flush()
    return out


def _step_text(record: GameRecord, node: Any, viewer: str) -> str:
    adapter, names = record._adapter, record.players
    who = names[adapter.player(node._data)]
    return f"<b>{_esc(who)}</b>: {_esc(adapter.notation_for(node._data, names, viewer))}"


def _position(
    record: GameRecord, node: Node, viewer: str, words: dict[str, str], language: str = "en"
) -> str:
    ply = node._depth
    if ply:
        head = f"{_esc(words['step'].format(n=ply))} · {_step_text(record, node, viewer)}"
        caption = words["after"].format(n=ply)
    else:
        head, caption = _esc(words["start"]), words["atStart"]
    if node._mark:
        head += f'<span class="lw-mark">{_esc(node._mark)}</span>'
    parts = [f'<section class="lw-position" data-ply="{ply}"><h3>{head}</h3>']
    if node._comments:
        items = "".join(f'<li class="lw-comment">{_esc(c)}</li>' for c in node._comments)
        parts.append(f'<ul class="lw-comments">{items}</ul>')
    if node._highlights:
        things = ", ".join(
            f"{h['kind']} {_target(h['target'])} ({h['colour']})" for h in node._highlights
        )
        parts.append(f'<p class="lw-highlights">{_esc(words["highlights"])}: {_esc(things)}</p>')
    game = record._state_at(node)
    svg = game.to_svg(viewer, language if language in i18n.LANGUAGES else "en")  # its words too
    parts.append(
        "<figure>"
        + svg_image(svg, caption, style="", data_handout_picture=str(ply))
        + f"<figcaption>{_esc(caption)}</figcaption></figure></section>"
    )
    return "".join(parts)


def _target(target: Any) -> str:
    return "/".join(map(str, target)) if isinstance(target, list) else str(target)
