"""Static SVG of the table, made to be read on a projector.

Self-contained (own background, no external CSS or fonts), about 800 px wide, colour-blind
safe (every colour also has its own shape, and numbers are printed in their colour), names
escaped as text. One row per player: name, level with its side (★ one-star, ★★ two-star),
what the level asks for, the hand (face up when the view shows it, else face down with the
count), the player's own discard pile, a skip card in front of them, and their laid
combinations, each labelled with its number (for ``add_on``) and kind.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from html import escape

from ..names import is_you, shown_names
from .cards import CODES, COLOUR_NAMES, END_SKIP, FIRST_JOKER, FIRST_SKIP, N_COLOURS
from .combos import Combo
from .observation import SPECTATOR, TEACHER, Observation
from .palette import EDGE, FILL, TEXT

CW, CH, GAP = 32, 46, 4
WIDTH = 800
ROW_H = 90  # a player row without laid combinations
PANEL = 176  # left column: name, level, requirement, tags
PILE_X = WIDTH - 62  # right column: the player's discard pile
BG = "#f4f1ea"
INK = "#222"
MUTED = "#5b5b5b"
ACCENT = "#0072B2"
SIDE_STARS = {"one": "★", "two": "★★", "board-one": "★", "board-two": "★★"}

PHASE_TEXT = {
    "draw": "to draw a card",
    "play": "to play (lay down, add on, then discard)",
    "skipped": "is skipped this turn",
    "keep": "chooses cards to keep (two-star rule)",
    "round_over": "round over: next deal",
    # the board game's steps (levelwidgets.level8.board)
    "roll": "to roll the dice",
    "move": "to choose a field",
    "take": "to take a card from a pile",
    "swap": "to swap 1–3 cards",
    "ask": "to ask for a number or a colour",
    "give": "to give a card",
    "show": "to lay 3 cards face up",
    "steal": "to take a shown card",
    "choose": "to choose an action",
}


def shape_svg(colour: int, cx: float, cy: float, r: float = 6.0, stroke: str = INK) -> str:
    """The colour's own shape (circle, triangle, square, diamond, star, hexagon)."""
    f = FILL[colour]
    kind = colour % N_COLOURS
    if kind == 0:
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{f}" stroke="{stroke}"/>'
    if kind == 2:
        s = r * 0.85
        return (
            f'<rect x="{cx - s:.1f}" y="{cy - s:.1f}" width="{2 * s:.1f}" height="{2 * s:.1f}" '
            f'fill="{f}" stroke="{stroke}"/>'
        )
    if kind == 1:
        pts = [(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)]
    elif kind == 3:
        pts = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    elif kind == 4:
        pts = [
            (
                cx + (r if k % 2 == 0 else r / 2.2) * math.sin(k * math.pi / 5),
                cy - (r if k % 2 == 0 else r / 2.2) * math.cos(k * math.pi / 5),
            )
            for k in range(10)
        ]
    else:
        pts = [
            (cx + r * math.cos(k * math.pi / 3), cy + r * math.sin(k * math.pi / 3))
            for k in range(6)
        ]
    p = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
    return f'<polygon points="{p}" fill="{f}" stroke="{stroke}"/>'


def text_svg(x: float, y: float, s: str, size: int = 12, **attrs: str) -> str:
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}"{extra}>{escape(s)}</text>'


def _fit(s: str, chars: int) -> str:
    """Shorten to ``chars`` characters with an ellipsis (the full text goes in a title)."""
    return s if len(s) <= chars else s[: chars - 1].rstrip() + "…"


def _wrap(s: str, chars: int) -> list[str]:
    """Split a level description at " + " into lines of at most ``chars`` characters."""
    lines: list[str] = []
    for part in s.split(" + "):
        if lines and len(lines[-1]) + 3 + len(part) <= chars:
            lines[-1] += " + " + part
        else:
            lines.append(part if not lines else "+ " + part)
    return [_fit(line, chars) for line in lines]


def card_back(x: float, y: float) -> str:
    """A face-down card."""
    return (
        f'<rect x="{x:.1f}" y="{y:.1f}" width="{CW}" height="{CH}" rx="4" fill="#3b5b92" '
        f'stroke="#1d2f52"/><rect x="{x + 4:.1f}" y="{y + 4:.1f}" width="{CW - 8}" '
        f'height="{CH - 8}" rx="2" fill="none" stroke="#9fb3d9" stroke-dasharray="2 2"/>'
    )


def card_svg(
    cid: int | None, x: float, y: float, label: str | None = None, corner: bool = False
) -> str:
    """One card. Numbers: the number in its colour over the colour's shape; jokers: a dark
    card with "J" (``label`` = what a laid joker stands for); skip cards: a red "⊘ SKIP";
    None: face down (``label`` = a count written on it). ``corner`` puts the index in the
    top-left corner, so it stays readable when the next card overlaps this one."""
    if cid is None:
        out = card_back(x, y)
        if label:
            out += text_svg(
                x + CW / 2, y + CH / 2 + 5, label, 13, text_anchor="middle", fill="#fff",
                font_weight="bold",
            )  # fmt: skip
        return out
    tx, anchor = (x + 3, "start") if corner else (x + CW / 2, "middle")
    sx = x + 10 if corner else x + CW / 2  # shape centre
    parts = [f"<g><title>{escape(CODES[cid])}</title>"]
    if cid < FIRST_JOKER:
        col = cid // 15
        parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{CW}" height="{CH}" rx="4" fill="#fff" '
            f'stroke="{EDGE[col]}" stroke-width="2"/>'
        )
        parts.append(
            text_svg(tx, y + (16 if corner else 19), str(cid % 15 + 1), 15 if corner else 16,
                  text_anchor=anchor, font_weight="bold", fill=TEXT[col])
        )  # fmt: skip
        parts.append(shape_svg(col, sx, y + (29 if corner else 33), 6 if corner else 6.5))
    elif not FIRST_SKIP <= cid < END_SKIP:
        parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{CW}" height="{CH}" rx="4" fill="#2b2b2b" '
            f'stroke="#000"/>'
        )
        parts.append(
            text_svg(tx, y + 20, "J", 17, text_anchor=anchor, font_weight="bold", fill="#fff")
        )
        if label is None:
            parts.append(text_svg(x + CW / 2, y + CH - 7, "joker", 8, text_anchor="middle",
                             fill="#ddd"))  # fmt: skip
        else:  # what the laid joker stands for
            parts.append(text_svg(tx, y + 36, label, 10, text_anchor=anchor, fill="#fff",
                             font_weight="bold"))  # fmt: skip
    else:
        parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{CW}" height="{CH}" rx="4" fill="#fdecec" '
            f'stroke="#b00020" stroke-width="2"/>'
        )
        parts.append(text_svg(x + CW / 2, y + 25, "⊘", 20, text_anchor="middle", fill="#b00020"))
        parts.append(
            text_svg(x + CW / 2, y + CH - 6, "SKIP", 8, text_anchor="middle", fill="#b00020",
                  font_weight="bold")
        )  # fmt: skip
    parts.append("</g>")
    return "".join(parts)


def _joker_label(combo: Combo, cid: int) -> str | None:
    meaning = dict(combo.jokers).get(cid)
    if meaning is None:
        return None
    return f"={'RYGBPO'[meaning]}" if combo.kind == "colour" else f"={meaning}"


def _combo_title(combo: Combo, index: int) -> str:
    """``#1 run 7–13``, ``#2 set 15``, ``#3 blue`` (index counts from 1, as in add-ons)."""
    value = combo.value
    n = len(combo.cards)
    if combo.kind == "run":
        return f"#{index} run {value}–{value + n - 1}"
    if combo.kind == "set":
        return f"#{index} set {value}"
    return f"#{index} {COLOUR_NAMES[value]}"


def _fan(cards: Sequence[int | None], x: float, y: float, width: float, step: float = CW + GAP):
    """Cards left to right within ``width`` (overlapping when needed); returns svg, end x."""
    k = len(cards)
    if k > 1:
        step = min(step, (width - CW) / (k - 1))
    corner = step < CW
    out = [card_svg(c, x + i * step, y, corner=corner) for i, c in enumerate(cards)]
    return "".join(out), x + (k - 1) * step + CW if k else x


def _melds(combos: tuple[Combo, ...], x: float, y: float, width: float) -> str:
    """Laid combinations: a framed group per combination, with its number and kind."""
    if not combos:
        return ""
    sizes = [len(c.cards) for c in combos]
    titles = [_combo_title(c, i) for i, c in enumerate(combos, 1)]
    pad, between = 6, 8
    # overlap cards so that all groups fit; label width keeps a group from getting too narrow
    step = 25.0
    while step > 10:
        need = sum(
            max(CW + (s - 1) * step, 7 * len(t)) + 2 * pad
            for s, t in zip(sizes, titles, strict=True)
        )
        need += between * (len(sizes) - 1)
        if need <= width:
            break
        step -= 1
    out = []
    gx = x
    for combo, s, title in zip(combos, sizes, titles, strict=True):
        w = max(CW + (s - 1) * step, 7 * len(title)) + 2 * pad
        out.append(
            f'<rect x="{gx:.1f}" y="{y:.1f}" width="{w:.1f}" height="{CH + 24}" rx="6" '
            f'fill="#ffffff" fill-opacity="0.7" stroke="#9a9a9a"/>'
        )
        label = _fit(title, max(6, int(w / 6.2)))
        out.append(f"<g><title>{escape(title)}</title>")
        out.append(text_svg(gx + pad, y + 13, label, 11, fill=INK, font_weight="bold"))
        out.append("</g>")
        for k, c in enumerate(combo.cards):
            lab = _joker_label(combo, c)
            out.append(card_svg(c, gx + pad + k * step, y + 18, lab, corner=k < s - 1))
        gx += w + between
    return "".join(out)


def _viewer_text(obs: Observation) -> str:
    if obs.viewer == TEACHER:
        return "teacher view (all hands)"
    if obs.viewer == SPECTATOR:
        return "spectator view"
    name = obs.names[obs.viewer]  # type: ignore[index]
    return "your view" if is_you(name) else f"{name}'s view"


def render_table(obs: Observation, language: str = "en") -> str:
    """SVG of a view: a header (round, whose turn, draw pile) and one row per player; a seat
    called "You"/"Du" is written in ``language``'s word (the rest of the picture is English)."""
    obs = replace(obs, names=tuple(shown_names(obs.names, language)))
    n = obs.num_players
    over = obs.phase == "over"
    header_h = 74
    rows = []
    for q in range(n):
        has_melds = bool(obs.melds[q])
        rows.append(max(ROW_H, 2 * CH + 54) if has_melds else ROW_H)
    height = header_h + sum(rows) + 6 * n + 8
    o: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="DejaVu Sans, Verdana, Arial, sans-serif">',
        f'<rect width="{WIDTH}" height="{height}" fill="{BG}"/>',
    ]
    # header: title, status, view; draw pile on the right
    o.append(text_svg(12, 24, f"Level 8 · round {obs.round}", 18, font_weight="bold", fill=INK))
    if over:
        who = " and ".join(obs.names[w] for w in obs.winners)
        status = f"Game over: {who} wins!"
    else:
        status = f"{obs.names[obs.current_player]} {PHASE_TEXT.get(obs.phase, obs.phase)}"
    o.append(text_svg(12, 46, _fit(status, 72), 14, fill=ACCENT if not over else "#8a5a00",
                   font_weight="bold"))  # fmt: skip
    legend = "".join(
        f" · {SIDE_STARS[side]} {side}-star side" for side in ("one", "two") if side in obs.sides
    )
    if any(obs.melds):
        legend += " · #n = combination number for add-ons"
    o.append(text_svg(12, 64, _viewer_text(obs) + legend, 11, fill=MUTED))
    dx = WIDTH - 210
    o.append(card_svg(None, dx, 12, str(obs.draw_count)))
    o.append(text_svg(dx + CW + 8, 28, "draw pile", 12, fill=INK, font_weight="bold"))
    o.append(text_svg(dx + CW + 8, 44, f"{obs.draw_count} cards face down", 11, fill=MUTED))
    if obs.under_count:
        under = f"+ {obs.under_count} skip card{'s' if obs.under_count > 1 else ''} under it"
        o.append(text_svg(dx + CW + 8, 58, under, 11, fill="#b00020"))
    y = header_h
    for q in range(n):
        o.append(_player_row(obs, q, y, rows[q]))
        y += rows[q] + 6
    o.append("</svg>")
    return "".join(o)


def _player_row(obs: Observation, q: int, y0: float, h: float) -> str:
    o: list[str] = []
    over = obs.phase == "over"
    cur = q == obs.current_player and not over
    winner = q in obs.winners
    fill = "#fff4c2" if cur else ("#fde9b0" if winner else "#fbfaf6")
    stroke = "#E69F00" if cur or winner else "#cfcac0"
    o.append(
        f'<rect x="6" y="{y0:.1f}" width="{WIDTH - 12}" height="{h:.1f}" rx="8" fill="{fill}" '
        f'stroke="{stroke}" stroke-width="{3 if cur or winner else 1}"/>'
    )
    if cur:  # an arrow as well as the colour, for colour-blind viewers and greyscale prints
        o.append(
            f'<polygon points="6,{y0 + 12:.1f} 16,{y0 + 20:.1f} 6,{y0 + 28:.1f}" fill="#a86800"/>'
        )
    # left panel
    name = obs.names[q]
    o.append(f"<g><title>{escape(name)}</title>")
    o.append(text_svg(20, y0 + 19, _fit(name, 17), 14, font_weight="bold", fill=INK))
    o.append("</g>")
    side = obs.sides[q]
    side_text = SIDE_STARS.get(side, _fit(side, 9))
    count = obs.level_counts[q]
    lv = obs.levels[q]
    level_text = f"Level {lv}/{count}" if lv <= count else "finished"
    o.append(text_svg(20, y0 + 36, level_text, 13, font_weight="bold", fill=ACCENT))
    o.append(f"<g><title>{escape(f'side: {side}')}</title>")
    o.append(text_svg(110, y0 + 36, side_text, 13, fill="#a86800", font_weight="bold"))
    o.append("</g>")
    req = obs.requirements[q]
    ty = y0 + 52
    if req is not None:
        text = req.describe()
        o.append(f"<g><title>{escape(text)}</title>")
        for line in _wrap(text, 26)[:2]:
            o.append(text_svg(20, ty, line, 11, fill=INK))
            ty += 14
        o.append("</g>")
    else:
        ty += 14
    tags = []
    if obs.viewer == q:
        tags.append("you")
    if winner:
        tags.append("★ winner")
    if obs.laid[q]:
        tags.append("✓ laid down")
    if q == obs.dealer:
        tags.append("dealer")
    if obs.kept_counts[q]:
        tags.append(f"keeps {obs.kept_counts[q]}")
    if tags:
        o.append(text_svg(20, ty + 2, " · ".join(tags), 11, fill="#00795A", font_weight="bold"))
    # skip card in front of the player
    if obs.skipped[q]:
        sx = PILE_X - CW - 14
        o.append(card_svg(obs.skip_cards[q] or FIRST_SKIP, sx, y0 + 8))
        o.append(text_svg(sx + CW / 2, y0 + CH + 20, "in front", 9, text_anchor="middle",
                       fill="#b00020", font_weight="bold"))  # fmt: skip
    # hand
    hx = PANEL + 12
    hand_w = PILE_X - CW - 70 - hx  # room for "n cards" and a skip card in front
    hand = obs.hands[q] if obs.hands is not None else (obs.hand if obs.viewer == q else None)
    hy = y0 + 8
    k = obs.hand_counts[q]
    if hand is not None:
        svg, end = _fan(sorted(hand), hx, hy, hand_w)
    else:
        svg, end = _fan([None] * k, hx, hy, min(hand_w, CW + (k - 1) * 9), 9)
    o.append(svg)
    o.append(text_svg(end + 8, hy + CH / 2 + 4, f"{k} card{'s' if k != 1 else ''}", 11, fill=MUTED))
    # discard pile (the player's own)
    top = obs.discard_tops[q]
    if top is not None:
        o.append(card_svg(top, PILE_X, hy))
    else:
        o.append(
            f'<rect x="{PILE_X}" y="{hy:.1f}" width="{CW}" height="{CH}" rx="4" fill="none" '
            'stroke="#999" stroke-dasharray="3"/>'
        )
    o.append(text_svg(PILE_X + CW / 2, hy + CH + 12, f"discard {obs.discard_counts[q]}", 9,
                   text_anchor="middle", fill=MUTED))  # fmt: skip
    # laid combinations
    if obs.melds[q]:
        o.append(_melds(obs.melds[q], hx - 6, y0 + CH + 20, PILE_X - 10 - (hx - 6)))
    return "".join(o)
