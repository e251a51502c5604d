"""Static SVG of the table, made to be read on a projector.

Self-contained (own background, no external CSS or fonts), about 800 px wide, colour-blind
safe (every colour also has its own shape, and numbers are printed in their colour), names
escaped as text. One row per player: name, level with its side (★ one-star, ★★ two-star),
what the level asks for, the hand (face up when the view shows it, else face down with the
count), the player's own discard pile, a skip card in front of them, and their laid
combinations, each labelled with its number (for ``add_on``) and kind. Every word comes
from the catalogue in the picture's language (:mod:`levelwidgets.picture_words`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from .._html import escape
from ..i18n import check_language
from ..names import is_you, shown_names
from ..picture_words import L8, names_win, say
from .cards import CODES, END_SKIP, FIRST_JOKER, FIRST_SKIP, N_COLOURS
from .combos import Combo
from .levels import Level
from .observation import SPECTATOR, TEACHER, Observation
from .palette import EDGE, FILL, TEXT

CW, CH, GAP = 32, 46, 4
WIDTH = 800
ROW_H = 90  # a player row without laid combinations
PANEL = 176  # left column: name, level, requirement, tags
PILE_X = WIDTH - 62  # right column: the player's discard pile
SIDE_X = PANEL - 30  # the level's side (★, ★★), right of "Level 3 of 8"
BG = "#f4f1ea"
INK = "#222"
MUTED = "#5b5b5b"
ACCENT = "#0072B2"
SIDE_STARS = {"one": "★", "two": "★★", "board-one": "★", "board-two": "★★"}
#: The catalogue's step of the turn per phase (the widgets' status line says the same).
PHASE_STEP = {
    "draw": L8 + "step_draw",
    "play": L8 + "step_play",
    "skipped": L8 + "step_skipped",
    "keep": L8 + "step_keep",
    "round_over": L8 + "step_round_over",
    # the board game's steps (levelwidgets.level8.board)
    **{
        phase: f"level8board.step_{phase}"
        for phase in ("roll", "move", "take", "swap", "ask", "give", "show", "steal", "choose")
    },
}


def status_text(obs: Observation, language: str) -> str:
    """Whose turn and what to do ("Ann: draw a card", "Your turn: …"), or who won."""
    if obs.phase == "over":
        who = names_win(language, [obs.names[w] for w in obs.winners])
        return say(language, "pictures.table.gameOver", who=who)
    key = PHASE_STEP.get(obs.phase)
    if obs.phase == "play" and obs.laid[obs.current_player]:
        key = L8 + "step_playLaid"
    step = say(language, key) if key else obs.phase
    name = obs.names[obs.current_player]
    if is_you(name):
        return say(language, L8 + "yourTurn", step=step)
    return say(language, L8 + "whose", name=name, step=step)


def level_text(level: Level, language: str) -> str:
    """A level's combinations in the rulebook's style ("2 runs of 3", "1 triple + 1 pair"),
    as the widget writes them (js/src/level8/text.js reqText)."""
    groups: list[list] = []  # [kind, n, count]
    for r in level.requirements:
        for g in groups:
            if g[0] == r.kind and g[1] == r.n:
                g[2] += 1
                break
        else:
            groups.append([r.kind, r.n, 1])
    parts = []
    for kind, n, k in groups:
        if kind == "colour":
            parts.append(say(language, L8 + "r_colour" if k == 1 else L8 + "r_colours", n=n, k=k))
            continue
        small_set = kind == "set" and 2 <= n <= 4
        base = L8 + "r_run" if kind == "run" else L8 + f"r_set{n}" if small_set else L8 + "r_set"
        if k == 1:
            parts.append(say(language, L8 + "one", what=say(language, base, n=n)))
        else:
            many = f"{base}s" if small_set else L8 + "r_runs" if kind == "run" else L8 + "r_sets"
            parts.append(say(language, many, n=n, k=k))
    return " + ".join(parts)


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


def text_svg(
    x: float, y: float, s: str, size: float = 12, fit: float | None = None, **attrs: str
) -> str:
    """A text node (``s`` escaped: text, never markup); ``fit``: the width it may take, a
    longer word (German, Spanish) is squeezed to it rather than running off a card."""
    extra = "".join(f' {k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    if fit is not None and text_width(s, size, attrs.get("font_weight") == "bold") > fit:
        extra += f' textLength="{fit:.1f}" lengthAdjust="spacingAndGlyphs"'
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}"{extra}>{escape(s)}</text>'


def text_width(s: str, size: float, bold: bool = True) -> float:
    """A generous guess of how wide ``s`` is drawn at ``size`` (a wide sans-serif such as
    Verdana or DejaVu Sans)."""
    return (0.62 if bold else 0.56) * size * len(s)


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
    cid: int | None,
    x: float,
    y: float,
    label: str | int | None = None,
    corner: bool = False,
    language: str = "en",
) -> str:
    """One card. Numbers: the number in its colour over the colour's shape; jokers: a dark
    card with "J" (``label`` = what a laid joker stands for: a number, or a colour as the
    colour's index, drawn as its shape); skip cards: a red "⊘" over the skip card's name in
    ``language``; None: face down (``label`` = a count written on it). ``corner`` puts the
    index in the top-left corner, so it stays readable when the next card overlaps this one."""
    if cid is None:
        out = card_back(x, y)
        if label:
            out += text_svg(
                x + CW / 2, y + CH / 2 + 5, str(label), 13, text_anchor="middle", fill="#fff",
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
            word = say(language, L8 + "joker")
            parts.append(text_svg(x + CW / 2, y + CH - 7, word, 8, CW - 4, text_anchor="middle",
                             fill="#ddd"))  # fmt: skip
        elif isinstance(label, int):  # a laid joker standing for a colour: "=" and its shape
            parts.append(text_svg(tx, y + 36, "=", 10, text_anchor=anchor, fill="#fff",
                             font_weight="bold"))  # fmt: skip
            parts.append(shape_svg(label, tx + (9 if corner else 8), y + 32.5, 4.5, "#fff"))
        else:  # what the laid joker stands for
            parts.append(text_svg(tx, y + 36, label, 10, text_anchor=anchor, fill="#fff",
                             font_weight="bold"))  # fmt: skip
    else:
        parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{CW}" height="{CH}" rx="4" fill="#fdecec" '
            f'stroke="#b00020" stroke-width="2"/>'
        )
        parts.append(text_svg(x + CW / 2, y + 25, "⊘", 20, text_anchor="middle", fill="#b00020"))
        word = say(language, L8 + "skipCard")
        parts.append(
            text_svg(x + CW / 2, y + CH - 6, word, 8, CW - 4, text_anchor="middle",
                  fill="#b00020", font_weight="bold")
        )  # fmt: skip
    parts.append("</g>")
    return "".join(parts)


def _joker_label(combo: Combo, cid: int) -> str | int | None:
    """What a laid joker stands for: "=7" in a run or set, a colour's index in a colour
    group (drawn as "=" and the colour's shape, the same in every language)."""
    meaning = dict(combo.jokers).get(cid)
    if meaning is None:
        return None
    return int(meaning) if combo.kind == "colour" else f"={meaning}"


def _combo_title(combo: Combo, index: int, language: str = "en") -> str:
    """``#1 run 7–13``, ``#2 set of 15s``, ``#3 blue`` in ``language`` (index counts from 1,
    as in add-ons), as the widget titles a laid combination."""
    value = combo.value
    n = len(combo.cards)
    if combo.kind == "run":
        return say(language, L8 + "meldRun", i=index, lo=value, hi=value + n - 1)
    if combo.kind == "set":
        return say(language, L8 + "meldSet", i=index, v=value)
    return say(language, L8 + "meldColour", i=index, colour=say(language, L8 + f"c{value}"))


def _fan(
    cards: Sequence[int | None],
    x: float,
    y: float,
    width: float,
    step: float = CW + GAP,
    language: str = "en",
):
    """Cards left to right within ``width`` (overlapping when needed); returns svg, end x."""
    k = len(cards)
    if k > 1:
        step = min(step, (width - CW) / (k - 1))
    corner = step < CW
    out = [
        card_svg(c, x + i * step, y, corner=corner, language=language) for i, c in enumerate(cards)
    ]
    return "".join(out), x + (k - 1) * step + CW if k else x


def _melds(combos: tuple[Combo, ...], x: float, y: float, width: float, language: str) -> str:
    """Laid combinations: a framed group per combination, with its number and kind."""
    if not combos:
        return ""
    sizes = [len(c.cards) for c in combos]
    titles = [_combo_title(c, i, language) for i, c in enumerate(combos, 1)]
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
            out.append(
                card_svg(c, gx + pad + k * step, y + 18, lab, corner=k < s - 1, language=language)
            )
        gx += w + between
    return "".join(out)


def _viewer_text(obs: Observation, language: str) -> str:
    if obs.viewer == TEACHER:
        return say(language, "pictures.table.viewTeacher")
    if obs.viewer == SPECTATOR:
        return say(language, "pictures.table.viewSpectator")
    name = obs.names[obs.viewer]  # type: ignore[index]
    return say(language, "pictures.table.viewOf", name=name)


def render_table(obs: Observation, language: str = "en") -> str:
    """SVG of a view: a header (round, whose turn, draw pile) and one row per player, every
    word in ``language`` (a seat called "You"/"Du" too); an unknown language is refused."""
    check_language(language)
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
    title = f"{say(language, L8 + 'title')} · {say(language, 'common.round', n=obs.round)}"
    o.append(text_svg(12, 24, title, 18, font_weight="bold", fill=INK))
    status = status_text(obs, language)
    o.append(text_svg(12, 46, _fit(status, 72), 14, fill=ACCENT if not over else "#8a5a00",
                   font_weight="bold"))  # fmt: skip
    legend = "".join(
        f" · {SIDE_STARS[side]} {say(language, L8 + f'side_{side}')}"
        for side in ("one", "two")
        if side in obs.sides
    )
    if any(obs.melds):
        legend += " · " + say(language, "pictures.table.legendMelds")
    dx = WIDTH - 210
    view = _viewer_text(obs, language) + legend
    o.append(text_svg(12, 64, view, 11, dx - 24, fill=MUTED))
    o.append(card_svg(None, dx, 12, str(obs.draw_count)))
    pile_w = WIDTH - 12 - (dx + CW + 8)  # the header's right column
    o.append(text_svg(dx + CW + 8, 28, say(language, L8 + "drawPile"), 12, pile_w, fill=INK,
                   font_weight="bold"))  # fmt: skip
    face_down = say(language, "pictures.table.faceDown", n=obs.draw_count)
    o.append(text_svg(dx + CW + 8, 44, face_down, 11, pile_w, fill=MUTED))
    if obs.under_count:
        under = "+ " + say(language, L8 + "under", n=obs.under_count)
        o.append(text_svg(dx + CW + 8, 58, under, 11, pile_w, fill="#b00020"))
    y = header_h
    for q in range(n):
        o.append(_player_row(obs, q, y, rows[q], language))
        y += rows[q] + 6
    o.append("</svg>")
    return "".join(o)


def _player_row(obs: Observation, q: int, y0: float, h: float, language: str) -> str:
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
    if lv <= count:
        level = say(language, L8 + "levelOf", n=lv, m=count)
    else:
        level = say(language, L8 + "done")
    o.append(text_svg(20, y0 + 36, level, 13, SIDE_X - 26, font_weight="bold", fill=ACCENT))
    plain = side.removeprefix("board-")  # the board game's sides are the card game's
    side_title = say(language, L8 + f"side_{plain}") if plain in ("one", "two") else side
    o.append(f"<g><title>{escape(side_title)}</title>")
    o.append(text_svg(SIDE_X, y0 + 36, side_text, 13, fill="#a86800", font_weight="bold"))
    o.append("</g>")
    req = obs.requirements[q]
    ty = y0 + 52
    if req is not None:
        text = level_text(req, language)
        o.append(f"<g><title>{escape(text)}</title>")
        for line in _wrap(text, 26)[:2]:
            o.append(text_svg(20, ty, line, 11, fill=INK))
            ty += 14
        o.append("</g>")
    else:
        ty += 14
    tags = []
    if obs.viewer == q:
        tags.append(say(language, L8 + "youTag"))
    if winner:
        tags.append("★ " + say(language, L8 + "winner"))
    if obs.laid[q]:
        tags.append("✓ " + say(language, L8 + "laidYes"))
    if q == obs.dealer:
        tags.append(say(language, "pictures.table.dealer"))
    if obs.kept_counts[q]:
        tags.append(say(language, L8 + "kept", n=obs.kept_counts[q]))
    if tags:
        o.append(text_svg(20, ty + 2, " · ".join(tags), 11, PANEL - 14, fill="#00795A",
                       font_weight="bold"))  # fmt: skip
    # skip card in front of the player
    if obs.skipped[q]:
        sx = PILE_X - CW - 14
        o.append(card_svg(obs.skip_cards[q] or FIRST_SKIP, sx, y0 + 8, language=language))
        front = say(language, "pictures.table.inFront")
        o.append(text_svg(sx + CW / 2, y0 + CH + 20, front, 9, CW + 10, text_anchor="middle",
                       fill="#b00020", font_weight="bold"))  # fmt: skip
    # hand
    hx = PANEL + 12
    hand_w = PILE_X - CW - 70 - hx  # room for "n cards" and a skip card in front
    hand = obs.hands[q] if obs.hands is not None else (obs.hand if obs.viewer == q else None)
    hy = y0 + 8
    k = obs.hand_counts[q]
    if hand is not None:
        svg, end = _fan(sorted(hand), hx, hy, hand_w, language=language)
    else:
        svg, end = _fan([None] * k, hx, hy, min(hand_w, CW + (k - 1) * 9), 9)
    o.append(svg)
    count_text = say(language, L8 + "card1") if k == 1 else say(language, L8 + "cards", n=k)
    o.append(text_svg(end + 8, hy + CH / 2 + 4, count_text, 11, fill=MUTED))
    # discard pile (the player's own)
    top = obs.discard_tops[q]
    if top is not None:
        o.append(card_svg(top, PILE_X, hy, language=language))
    else:
        o.append(
            f'<rect x="{PILE_X}" y="{hy:.1f}" width="{CW}" height="{CH}" rx="4" fill="none" '
            'stroke="#999" stroke-dasharray="3"/>'
        )
    pile = say(language, "pictures.table.discardN", n=obs.discard_counts[q])
    o.append(text_svg(PILE_X + CW / 2, hy + CH + 12, pile, 9, WIDTH - 8 - PILE_X + 6,
                   text_anchor="middle", fill=MUTED))  # fmt: skip
    # laid combinations
    if obs.melds[q]:
        o.append(_melds(obs.melds[q], hx - 6, y0 + CH + 20, PILE_X - 10 - (hx - 6), language))
    return "".join(o)
