"""A static SVG picture of a Level X position, for ``_repr_svg_`` and static notebook views.

Self-contained (own background, no CSS), so it reads the same on GitHub, in nbconvert output
and in dark-themed notebooks. Players differ by colour *and* shape (colour-blind safe).
Every word comes from the catalogue in the picture's language (names escaped as text).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._html import escape
from ..i18n import check_language
from ..names import shown_names
from ..picture_words import LX, names_win, say
from .rules import ROWS

if TYPE_CHECKING:
    from .game import LevelX

#: Okabe–Ito colours, distinguishable with the common colour-vision deficiencies.
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7")
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond")

_SQ = 50  # square size
_GAP = 6
_ROW_H = _SQ + 10
_LEFT = 64  # room for the row label
_TOP = 50
_INK, _MUTED, _PAPER, _LINE = "#1f2430", "#6b7280", "#fbfaf7", "#c9c4b8"
#: The picture's ink, muted ink, paper and line colours (the dice lab's picture uses them too).
INK, MUTED, PAPER, LINE = _INK, _MUTED, _PAPER, _LINE


def shape_svg(kind: str, cx: float, cy: float, r: float, fill: str) -> str:
    """One player marker; shared by the board and the legend."""
    stroke = 'stroke="#ffffff" stroke-width="1.5"'
    if kind == "circle":
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}" {stroke}/>'
    if kind == "square":
        s = r * 1.7
        return (
            f'<rect x="{cx - s / 2:.1f}" y="{cy - s / 2:.1f}" width="{s:.1f}" height="{s:.1f}" '
            f'rx="2" fill="{fill}" {stroke}/>'
        )
    if kind == "triangle":
        h = r * 1.15
        pts = (
            f"{cx:.1f},{cy - h:.1f} {cx + h:.1f},{cy + h * 0.8:.1f} {cx - h:.1f},{cy + h * 0.8:.1f}"
        )
        return f'<polygon points="{pts}" fill="{fill}" {stroke}/>'
    d = r * 1.25
    pts = f"{cx:.1f},{cy - d:.1f} {cx + d:.1f},{cy:.1f} {cx:.1f},{cy + d:.1f} {cx - d:.1f},{cy:.1f}"
    return f'<polygon points="{pts}" fill="{fill}" {stroke}/>'


def _marker(player: int, cx: float, cy: float, r: float) -> str:
    return shape_svg(PLAYER_SHAPES[player], cx, cy, r, PLAYER_COLOURS[player])


def board_svg(game: LevelX, language: str = "en") -> str:
    """The board, the dice, and a panel per player (chips, tiles, score), every word in
    ``language`` (a seat called "You"/"Du" too); an unknown language is refused."""
    check_language(language)
    names = shown_names(game.names, language)
    lengths = game.rules.row_lengths
    longest = max(lengths)
    track_w = longest * (_SQ + _GAP)
    chips_x = _LEFT + track_w + 14
    width = chips_x + 150
    board_h = _TOP + len(ROWS) * _ROW_H
    panel_h = 30 + 34 * game.num_players
    height = board_h + panel_h + 12
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif" '
        f'role="img" aria-label="{escape(say(language, "pictures.levelx.label"))}">',
        f'<rect width="{width}" height="{height}" rx="10" fill="{_PAPER}" stroke="{_LINE}"/>',
        _header(game, width, names, language),
    ]
    for i, row in enumerate(ROWS):
        out.append(_row(game, i, row, lengths[i], longest, chips_x, language))
    out.append(_players(game, board_h + 6, width, names, language))
    out.append("</svg>")
    return "".join(out)


def _header(game: LevelX, width: int, names: list[str], language: str) -> str:
    room = width - 4 * 34 - 10 - 96 - 8  # between the title and the dice
    if game.is_over:
        who = names_win(language, [names[w] for w in game.winners])
        status = say(language, "pictures.table.gameOver", who=who)
    else:
        name = names[game.current_player]
        key = LX + "toRoll" if game.phase == "roll" else "common.toPlay"
        status = f"{say(language, 'common.round', n=game.round)} · {say(language, key, name=name)}"
        if game.is_last_round:
            status += " · " + say(language, LX + "lastRound")
    parts = [
        f'<text x="16" y="30" font-size="17" font-weight="700" fill="{_INK}">'
        f"{escape(say(language, LX + 'title'))}</text>",
        f'<text x="96" y="30" font-size="14" fill="{_MUTED}"{_squeeze(status, 14, room)}>'
        f"{escape(status)}</text>",
    ]
    if game.dice is not None:
        for k, face in enumerate(game.dice):
            parts.append(die_svg(width - 4 * 34 - 10 + k * 34, 12, 28, face))
    return "".join(parts)


def _squeeze(text: str, size: float, room: float) -> str:
    """Attributes that fit a longer line (a long name, a wordier language) into ``room``."""
    if 0.56 * size * len(text) <= room:
        return ""
    return f' textLength="{room:.0f}" lengthAdjust="spacingAndGlyphs"'


_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def die_svg(x: float, y: float, s: float, face: int) -> str:
    """One die at (x, y), ``s`` wide (shared with the dice lab's picture)."""
    pips = "".join(
        f'<circle cx="{x + px * s:.1f}" cy="{y + py * s:.1f}" r="{s * 0.09:.1f}" fill="{_INK}"/>'
        for px, py in _PIPS[face]
    )
    return (
        f'<rect x="{x}" y="{y}" width="{s}" height="{s}" rx="5" fill="#ffffff" '
        f'stroke="{_INK}" stroke-width="1.5"/>{pips}'
    )


def _chips_title(row: int, left: int, closed: bool, language: str) -> str:
    if closed:
        return say(language, LX + "chipsClosedTitle", row=row)
    return say(language, LX + "chipsTitle", row=row, n=left)


def _row(
    game: LevelX, i: int, row: int, length: int, longest: int, chips_x: float, language: str
) -> str:
    y = _TOP + i * _ROW_H
    closed = game.is_closed(row)
    parts = [f'<g opacity="{0.45 if closed else 1}">']
    parts.append(
        f'<circle cx="32" cy="{y + _SQ / 2}" r="19" fill="{_INK}"/>'
        f'<text x="32" y="{y + _SQ / 2 + 6}" font-size="17" font-weight="700" fill="#ffffff" '
        f'text-anchor="middle">{row}</text>'
    )
    start = _LEFT + (longest - length) * (_SQ + _GAP)  # X squares line up on the right
    occupants: dict[int, list[int]] = {}
    for p in range(game.num_players):
        sq = game.piece(p, row)
        if sq is not None:
            occupants.setdefault(sq, []).append(p)
    for sq in range(1, length + 1):
        x = start + (sq - 1) * (_SQ + _GAP)
        is_x = sq == length
        fill = "#f3e3b5" if is_x else "#ffffff"
        parts.append(
            f'<rect x="{x}" y="{y}" width="{_SQ}" height="{_SQ}" rx="6" fill="{fill}" '
            f'stroke="{_INK if is_x else _LINE}" stroke-width="{2 if is_x else 1.2}"/>'
        )
        if is_x:
            parts.append(
                f'<text x="{x + _SQ / 2}" y="{y + _SQ / 2 + 9}" font-size="26" '
                f'font-weight="700" fill="#d9c48c" text-anchor="middle">X</text>'
            )
        for k, p in enumerate(occupants.get(sq, [])):
            cx: float = x + (14 if k % 2 == 0 else _SQ - 14)
            cy: float = y + (14 if k < 2 else _SQ - 14)
            if len(occupants[sq]) == 1:
                cx, cy = x + _SQ / 2, y + _SQ / 2
            parts.append(_marker(p, cx, cy, 9 if len(occupants[sq]) == 1 else 8))
    left = game.chips_left(row)
    # written as the widget writes it: coin, × count
    label = escape(say(language, LX + "closed")) if closed else f"× {left}"
    parts.append(
        f'<circle cx="{chips_x + 12}" cy="{y + _SQ / 2}" r="11" fill="#e8c547" stroke="{_INK}" '
        f'stroke-width="1"/><text x="{chips_x + 12}" y="{y + _SQ / 2 + 4}" font-size="10" '
        f'font-weight="700" fill="{_INK}" text-anchor="middle">{row}</text>'
        f'<text x="{chips_x + 28}" y="{y + _SQ / 2 + 5}" font-size="13" fill="{_INK}" '
        f'data-chips="{row}">{label}<title>{escape(_chips_title(row, left, closed, language))}'
        "</title></text>"
    )
    parts.append("</g>")
    return "".join(parts)


def _players(game: LevelX, y0: float, width: int, names: list[str], language: str) -> str:
    tiles_left = " ".join(map(str, game.tiles_left())) or say(language, "pictures.levelx.none")
    left_text = say(language, "pictures.levelx.tilesLeft", tiles=tiles_left)
    parts = [
        f'<line x1="12" x2="{width - 12}" y1="{y0}" y2="{y0}" stroke="{_LINE}"/>',
        f'<text x="16" y="{y0 + 20}" font-size="12" fill="{_MUTED}">{escape(left_text)}</text>',
    ]
    for p in range(game.num_players):
        y = y0 + 30 + p * 34
        current = p == game.current_player and not game.is_over
        if current:
            parts.append(
                f'<rect x="8" y="{y}" width="{width - 16}" height="30" rx="6" fill="#efe9dc"/>'
            )
        held = game.chips_held(p)
        chips = "  ".join(f"{row}×{n}" for row, n in held.items() if n)
        chips = chips or say(language, "pictures.levelx.noChips")
        tiles = " + ".join(map(str, game.tiles(p)))
        if tiles:
            chips += "  · " + say(language, "pictures.levelx.tilesHeld", tiles=tiles)
        parts.append(_marker(p, 26, y + 15, 8))
        parts.append(
            f'<text x="44" y="{y + 20}" font-size="14" font-weight="{700 if current else 400}" '
            f'fill="{_INK}">{escape(names[p])}</text>'
            f'<text x="170" y="{y + 20}" font-size="12" fill="{_MUTED}">{escape(chips)}</text>'
            f'<text x="{width - 20}" y="{y + 20}" font-size="15" font-weight="700" '
            f'fill="{_INK}" text-anchor="end">{game.score(p)}</text>'
        )
    return "".join(parts)
