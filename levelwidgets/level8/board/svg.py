"""A static SVG of the board game for a projector or a saved notebook.

The circuit of action fields (an icon and a label on each, the start field starred), the
towers in player colours and shapes, the dice with the reachable fields marked, the level
track with a marker per player, the joker pile; below it the card table as the card game's
own picture draws it (:func:`levelwidgets.level8.svg.render_table`). Every word comes from
the catalogue in the picture's language.
"""

from __future__ import annotations

import math
from dataclasses import replace

from ..._html import escape
from ...i18n import check_language
from ...names import shown_names
from ...picture_words import say
from ..observation import TEACHER
from ..palette import FILL
from ..svg import (
    ACCENT,
    BG,
    INK,
    MUTED,
    WIDTH,
    render_table,
    shape_svg,
    status_text,
    text_svg,
)
from .layout import START
from .observation import BoardObservation

#: Icon per action (the printed icons are lost; these are ours); the label under it is the
#: catalogue's ``level8board.a_<action>`` in the picture's language.
ICONS = {
    "draw1": "+1",
    "draw2": "+2",
    "joker": "J",
    "ask": "?",
    "swap": "⇄",
    "draw_again": "↻",
    "steal": "☚",
    "all_draw": "∀",
    "choose": "★",
}
BOARD_H = 470
FIELD_R = 25


def field_centres(n: int) -> list[tuple[float, float]]:
    """Field centres on an ellipse, clockwise from the top left (field 0 = start)."""
    cx, cy, rx, ry = WIDTH / 2, BOARD_H / 2 + 4, WIDTH / 2 - 40, BOARD_H / 2 - 40
    out = []
    for i in range(n):
        a = -math.pi * 0.75 + 2 * math.pi * i / n
        out.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return out


def render_board(obs: BoardObservation, language: str = "en") -> str:
    """SVG of a board game view: the board on top, the card table below, every word in
    ``language`` (a seat called "You"/"Du" too); an unknown language is refused."""
    check_language(language)
    t = replace(obs.table, names=tuple(shown_names(obs.table.names, language)))
    obs = replace(obs, table=t)
    table_svg = render_table(t, language)
    table_h = int(table_svg.split('height="', 1)[1].split('"', 1)[0])
    height = BOARD_H + table_h
    o = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">',
        f'<rect width="{WIDTH}" height="{BOARD_H}" fill="{BG}"/>',
    ]
    centres = field_centres(len(obs.layout))
    reach = set(obs.reachable)
    for i, action in enumerate(obs.layout):
        x, y = centres[i]
        icon = ICONS[action]
        label = say(language, f"level8board.a_{action}")
        r = FIELD_R * (1.35 if i == START else 1)
        stroke, width = (ACCENT, 4) if i in reach else ("#8a7f6a", 1.5)
        o.append(
            f'<g data-field="{i}"><title>'
            f"{escape(say(language, 'level8board.fieldTitle', n=i, action=label))}</title>"
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="#fffaf0" stroke="{stroke}" '
            f'stroke-width="{width}"/>'
        )
        o.append(text_svg(x, y + 2, icon, 15, text_anchor="middle", font_weight="bold", fill=INK))
        o.append(text_svg(x, y + 14, label, 8, 2 * r - 8, text_anchor="middle", fill=MUTED))
        if i == START:
            start = say(language, "level8board.startField")
            o.append(text_svg(x, y - 12, start, 9, 2 * r - 14, text_anchor="middle", fill=MUTED))
        o.append("</g>")
    # towers: stacked a little apart when several share the start field
    for q, f in enumerate(obs.towers):
        x, y = centres[f]
        k = [p for p, g in enumerate(obs.towers) if g == f].index(q)
        dx = (k - 0.5) * 12 if f == START else 0
        o.append(shape_svg(q, x + dx + 14, y - 18, 8, stroke="#000"))
    # centre: status, dice, jokers, level track
    cx = WIDTH / 2
    status = status_text(t, language)
    title = f"{say(language, 'level8board.title')} · {say(language, 'common.round', n=t.round)}"
    o.append(text_svg(cx, 112, title, 16, text_anchor="middle", font_weight="bold", fill=INK))
    o.append(text_svg(cx, 132, status, 13, text_anchor="middle", fill=ACCENT, font_weight="bold"))
    if obs.dice is not None:
        for k, d in enumerate(obs.dice):
            x0 = cx - 44 + k * 48
            o.append(
                f'<rect x="{x0:.1f}" y="146" width="38" height="38" rx="7" fill="#fff" '
                f'stroke="{INK}" stroke-width="2"/>'
            )
            o.append(text_svg(x0 + 19, 172, str(d), 20, text_anchor="middle", font_weight="bold",
                           fill=INK))  # fmt: skip
    jokers = say(language, "level8board.jokersLeft", n=obs.jokers_left)
    o.append(text_svg(cx + 150, 170, jokers, 12, text_anchor="middle", fill=INK))
    o.append(_level_track(obs, cx - 200, 200))
    if t.viewer == TEACHER:
        teacher = say(language, "pictures.table.viewTeacher")
        o.append(text_svg(cx, BOARD_H - 96, teacher, 10, text_anchor="middle", fill=MUTED))
    o.append(f'<g transform="translate(0,{BOARD_H})">{_inner(table_svg)}</g>')
    o.append("</svg>")
    return "".join(o)


def _level_track(obs: BoardObservation, x0: float, y0: float) -> str:
    t = obs.table
    o = []
    most = max(t.level_counts)
    cell = min(36, 300 / (most + 1))
    for q in range(t.num_players):
        y = y0 + q * 24
        o.append(shape_svg(q, x0 - 8, y + 8, 6))
        o.append(text_svg(x0 + 2, y + 12, t.names[q][:12], 11, fill=INK))
        for lv in range(1, t.level_counts[q] + 2):
            x = x0 + 90 + (lv - 1) * cell
            here = t.levels[q] == lv
            fill = FILL[q % len(FILL)] if here else "#fff"
            o.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{cell - 3:.1f}" height="18" rx="3" '
                f'fill="{fill}" stroke="#8a7f6a"/>'
            )
            mark = "★" if lv > t.level_counts[q] else str(lv)  # the winner's laurel field
            o.append(text_svg(x + (cell - 3) / 2, y + 13, mark, 10, text_anchor="middle", fill=INK))
    return "".join(o)


def _inner(svg: str) -> str:
    """The children of an ``<svg>`` element (to nest the table picture in the board's)."""
    start = svg.index(">") + 1
    return svg[start : svg.rindex("</svg>")]
