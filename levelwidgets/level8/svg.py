"""Static SVG of the table: colour-blind safe (every colour also has a shape), names escaped."""

from __future__ import annotations

import math
from html import escape

from .cards import CODES, FIRST_JOKER, FIRST_SKIP, N_COLOURS
from .observation import Observation

# Okabe–Ito palette (distinguishable with common colour-vision deficiencies) + one shape each.
FILL = ("#D55E00", "#E6B800", "#009E73", "#0072B2", "#CC79A7", "#E69F00")
CW, CH, GAP = 30, 42, 4


def _shape(colour: int, cx: float, cy: float, r: float = 6.0) -> str:
    f = FILL[colour]
    kind = colour % N_COLOURS
    if kind == 0:
        return f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{f}" stroke="#222"/>'
    if kind == 1:
        pts = f"{cx},{cy - r} {cx + r},{cy + r * 0.8} {cx - r},{cy + r * 0.8}"
        return f'<polygon points="{pts}" fill="{f}" stroke="#222"/>'
    if kind == 2:
        return (
            f'<rect x="{cx - r * 0.85}" y="{cy - r * 0.85}" width="{r * 1.7}" '
            f'height="{r * 1.7}" fill="{f}" stroke="#222"/>'
        )
    if kind == 3:
        pts = f"{cx},{cy - r} {cx + r},{cy} {cx},{cy + r} {cx - r},{cy}"
        return f'<polygon points="{pts}" fill="{f}" stroke="#222"/>'
    if kind == 4:
        pts = " ".join(
            f"{cx + (r if k % 2 == 0 else r / 2.2) * math.sin(k * math.pi / 5):.1f},"
            f"{cy - (r if k % 2 == 0 else r / 2.2) * math.cos(k * math.pi / 5):.1f}"
            for k in range(10)
        )
        return f'<polygon points="{pts}" fill="{f}" stroke="#222"/>'
    pts = " ".join(
        f"{cx + r * math.cos(k * math.pi / 3):.1f},{cy + r * math.sin(k * math.pi / 3):.1f}"
        for k in range(6)
    )
    return f'<polygon points="{pts}" fill="{f}" stroke="#222"/>'


def card_svg(cid: int | None, x: float, y: float, label: str | None = None) -> str:
    """One card: number and colour shape; jokers 'J', skip cards '⊘'; None = face down."""
    rect = (
        f'<rect x="{x}" y="{y}" width="{CW}" height="{CH}" rx="4" fill="{{fill}}" stroke="#333"/>'
    )
    if cid is None:
        return rect.format(fill="#8da0cb") + (
            f'<text x="{x + CW / 2}" y="{y + CH / 2 + 4}" text-anchor="middle" '
            f'font-size="10" fill="#fff">{escape(label or "")}</text>'
        )
    out = [rect.format(fill="#fff")]
    tx = x + CW / 2
    if cid < FIRST_JOKER:
        num = cid % 15 + 1
        out.append(
            f'<text x="{tx}" y="{y + 16}" text-anchor="middle" font-size="13" '
            f'font-weight="bold" fill="#222">{num}</text>'
        )
        out.append(_shape(cid // 15, tx, y + 29))
    elif cid < FIRST_SKIP:
        out.append(
            f'<text x="{tx}" y="{y + 26}" text-anchor="middle" font-size="15" '
            f'font-weight="bold" fill="#000">J</text>'
        )
    else:
        out.append(
            f'<text x="{tx}" y="{y + 27}" text-anchor="middle" font-size="16" fill="#b00">⊘</text>'
        )
    if label:
        out.append(
            f'<text x="{tx}" y="{y + CH - 2}" text-anchor="middle" font-size="7" '
            f'fill="#555">{escape(label)}</text>'
        )
    out.insert(0, f"<g><title>{escape(CODES[cid])}</title>")
    out.append("</g>")
    return "".join(out)


def render_table(obs: Observation) -> str:
    """SVG of a view: header (round, phase, draw pile, discard tops) and one row per player."""
    n = obs.n_players
    row_h = CH * 2 + 40
    width = 900
    height = 90 + n * row_h
    o: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="#f4f1ea"/>',
    ]
    status = f"Round {obs.round} · phase {obs.phase}"
    if obs.winners:
        status += " · winner: " + ", ".join(obs.names[w] for w in obs.winners)
    else:
        status += f" · turn: {obs.names[obs.current_player]}"
    o.append(f'<text x="10" y="20" font-size="14" font-weight="bold">{escape(status)}</text>')
    o.append(card_svg(None, 10, 32, str(obs.draw_count)))
    o.append(
        f'<text x="{10 + CW / 2}" y="{32 + CH + 12}" text-anchor="middle" font-size="9">'
        f"draw{f' +{obs.under_count}⊘' if obs.under_count else ''}</text>"
    )
    x = 60
    for q in range(n):
        top = obs.discard_tops[q]
        if top is not None:
            o.append(card_svg(top, x, 32))
        else:
            o.append(
                f'<rect x="{x}" y="32" width="{CW}" height="{CH}" rx="4" fill="none" '
                'stroke="#999" stroke-dasharray="3"/>'
            )
        o.append(
            f'<text x="{x + CW / 2}" y="{32 + CH + 12}" text-anchor="middle" '
            f'font-size="9">{escape(obs.names[q][:10])}</text>'
        )
        x += CW + 14
    for q in range(n):
        y0 = 90 + q * row_h
        cur = q == obs.current_player and not obs.winners
        o.append(
            f'<rect x="4" y="{y0 - 4}" width="{width - 8}" height="{row_h - 6}" rx="6" '
            f'fill="{"#fff8d6" if cur else "#fbfaf6"}" stroke="#ccc"/>'
        )
        req = obs.requirements[q]
        lvl = (
            f"level {obs.levels[q]}/{obs.level_counts[q]} ({obs.sides[q]}): {req.describe()}"
            if req
            else "finished all levels"
        )
        tags = []
        if obs.laid[q]:
            tags.append("laid down")
        if obs.skipped[q]:
            tags.append("⊘ skip card in front")
        if q == obs.dealer:
            tags.append("dealer")
        line = f"{obs.names[q]} — {lvl}" + (f" · {', '.join(tags)}" if tags else "")
        o.append(
            f'<text x="12" y="{y0 + 12}" font-size="12" '
            f'font-weight="{"bold" if cur else "normal"}">{escape(line)}</text>'
        )
        hand = obs.hands[q] if obs.hands is not None else (obs.hand if obs.viewer == q else None)
        x = 12
        if hand is not None:
            for c in sorted(hand):
                o.append(card_svg(c, x, y0 + 18))
                x += CW + GAP
        else:
            o.append(card_svg(None, x, y0 + 18, f"{obs.hand_counts[q]}"))
            x += CW + GAP
        x = 12
        for combo in obs.melds[q]:
            mean = dict(combo.jokers)
            for c in combo.cards:
                lab = (
                    str(mean[c])
                    if c in mean and combo.kind != "colour"
                    else ("RYGBPO"[mean[c]] if c in mean else None)
                )
                o.append(card_svg(c, x, y0 + 22 + CH, lab))
                x += CW - 8
            x += CW + 10
    o.append("</svg>")
    return "".join(o)
