"""The dice lab as a picture (SVG), for places where the widget cannot run.

Drawn from the lab's own ``view`` (what the browser is sent), so the picture shows what the
widget showed: the dice on the table, how many groupings they make (the first few written out)
and the chart of the first tab: per target sum the exact chance that a roll can make it, the
observed share of the Monte Carlo rolls with its 95 % band once there are any, and a dot under
the sums the roll on the table makes. Words in English or German, like the widget's.
Self-contained (own background, no CSS), like the boards' pictures.
"""

from __future__ import annotations

from typing import Any

from .. import i18n
from .._html import escape
from ..levelx.svg import INK, LINE, MUTED, PAPER, die_svg

#: The chart's colours: the widget's (Okabe–Ito blue for exact, orange for observed).
EXACT, OBSERVED = "#0072B2", "#E69F00"
WIDTH = 760
#: Groupings written out in the picture (the count says how many there are).
GROUPINGS_DRAWN = 5

TEXT = i18n.Sections("pictures.dicelab")


def words(language: str, key: str, **params: object) -> str:
    """The lab picture's text ``key`` in ``language`` (English when it has none)."""
    return TEXT.get(language, TEXT["en"])[key].format(**params)


def counted(language: str, key: str, n: int) -> str:
    """A count in words: the singular for exactly one ("1 grouping", "10,000 rolls…")."""
    if n == 1 and f"{key}_1" in TEXT["en"]:
        return words(language, f"{key}_1")
    return words(language, key, n=number(language, n))


def number(language: str, n: int) -> str:
    """A whole number as the language writes it (10,000 / 10.000)."""
    return i18n.number_text(language, f"{n:,}")


def percent(language: str, p: float, digits: int = 1) -> str:
    """A chance as a percentage in the catalogue's ``common.percent`` form ("51.8%",
    "51,8 %"), as the widget writes it."""
    return i18n.percent_text(language, f"{100 * p:.{digits}f}")


def targets_text(targets: list[int]) -> str:
    """5–10 for a run of sums, else the sums listed."""
    if len(targets) > 1 and targets == list(range(targets[0], targets[-1] + 1)):
        return f"{targets[0]}–{targets[-1]}"
    return ", ".join(map(str, targets))


def lab_label(view: dict[str, Any], language: str) -> str:
    """The picture's alt text: the roll and the set-up in words."""
    return words(
        language,
        "label",
        faces="-".join(map(str, view["faces"])),
        dice=view["dice"],
        targets=targets_text(view["targets"]),
    )


def lab_svg(view: dict[str, Any], language: str = "en") -> str:
    """The picture of the lab whose published view is ``view``."""
    lang = language if language in TEXT else "en"
    chart_top = 168 + 22 * (min(len(view["groupings"]), GROUPINGS_DRAWN) + 1)
    height = chart_top + 300
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="Helvetica, Arial, sans-serif" '
        f'role="img" aria-label="{escape(lab_label(view, lang))}">',
        f'<rect width="{WIDTH}" height="{height}" rx="10" fill="{PAPER}" stroke="{LINE}"/>',
        f'<text x="16" y="32" font-size="20" font-weight="700" fill="{INK}">'
        f"{escape(words(lang, 'title'))}</text>",
        f'<text x="16" y="56" font-size="14" fill="{MUTED}" data-setup="">'
        + escape(
            words(
                lang,
                "setup",
                dice=view["dice"],
                targets=targets_text(view["targets"]),
                lucky=words(lang, "on" if view["luckyLoser"] else "off"),
            )
        )
        + "</text>",
    ]
    for i, face in enumerate(view["faces"]):
        out.append(f'<g data-die="{i}" data-face="{face}">{die_svg(16 + i * 66, 70, 56, face)}</g>')
    out.append(_groupings(view, lang, 150))
    out.append(_chart(view, lang, chart_top))
    out.append("</svg>")
    return "".join(out)


def _groupings(view: dict[str, Any], lang: str, y: float) -> str:
    count = view["groupingCount"]
    out = [
        f'<text x="16" y="{y + 8}" font-size="15" font-weight="700" fill="{INK}" '
        f'data-grouping-count="{count}">{escape(counted(lang, "groupings", count))}</text>'
    ]
    shown = view["groupings"][:GROUPINGS_DRAWN]
    for k, g in enumerate(shown):
        pairs = zip(g["groups"], g["sums"], strict=True)
        parts = [f"{' + '.join(map(str, group))} = {s}" for group, s in pairs]
        if not parts:
            parts.append(words(lang, "noGroup"))
        if g["turned"]:
            parts.append(words(lang, "turned", faces=", ".join(map(str, g["turned"]))))
        if g["left"]:
            parts.append(words(lang, "leftOut", faces=" ".join(map(str, g["left"]))))
        out.append(
            f'<text x="28" y="{y + 30 + 22 * k}" font-size="14" fill="{INK}" data-grouping="{k}">'
            f"{k + 1}. {escape('   ·   '.join(parts))}</text>"
        )
    more = count - len(shown)
    if more > 0:
        out.append(
            f'<text x="28" y="{y + 30 + 22 * len(shown)}" font-size="13" fill="{MUTED}">'
            f"{escape(words(lang, 'more', n=number(lang, more)))}</text>"
        )
    return "".join(out)


def _chart(view: dict[str, Any], lang: str, top: float) -> str:
    """The first tab's bars: exact chance, observed share and band, the sums this roll makes."""
    bars = view["bars"]["sums"]
    made = {t for t, k in zip(view["targets"], view["canMake"], strict=True) if k > 0}
    n = view["mc"]["n"]
    left, right, plot_h = 60, WIDTH - 16, 170
    base = top + 40 + plot_h
    peak = max([b["exact"] for b in bars] + [b["high"] or 0 for b in bars] + [0.0])
    scale_top = min(1.0, max(0.1, -(-(peak + 0.02) * 10 // 1) / 10))

    def y(p: float) -> float:
        return base - plot_h * p / scale_top

    out = [
        f'<line x1="12" x2="{WIDTH - 12}" y1="{top}" y2="{top}" stroke="{LINE}"/>',
        f'<text x="16" y="{top + 24}" font-size="15" font-weight="700" fill="{INK}">'
        f"{escape(words(lang, 'chart', dice=view['dice']))}</text>",
    ]
    step = 0.2 if scale_top > 0.5 else 0.1
    ticks = round(scale_top / step)
    for i in range(ticks + 1):
        p = i * step
        out.append(
            f'<line x1="{left}" x2="{right}" y1="{y(p):.1f}" y2="{y(p):.1f}" '
            f'stroke="{INK if i == 0 else LINE}" stroke-width="{1.2 if i == 0 else 0.8}"/>'
            f'<text x="{left - 6}" y="{y(p) + 4:.1f}" font-size="11" fill="{MUTED}" '
            f'text-anchor="end">{percent(lang, p, 0)}</text>'
        )
    slot = (right - left) / max(1, len(bars))
    bw = min(30.0, slot * 0.36)
    dense = len(bars) > 14
    for i, b in enumerate(bars):
        cx = left + slot * (i + 0.5)
        key = b["key"]
        makes = int(key in made)
        out.append(f'<g data-sum="{key}" data-exact="{b["exact"]}" data-makes="{makes}">')
        out.append(
            f'<rect x="{cx - bw - 1:.1f}" y="{y(b["exact"]):.1f}" width="{bw:.1f}" '
            f'height="{base - y(b["exact"]):.1f}" fill="{EXACT}"/>'
        )
        if b["observed"] is not None:
            ox, bx = cx + 1, cx + 1 + bw / 2
            out.append(
                f'<rect x="{ox:.1f}" y="{y(b["observed"]):.1f}" width="{bw:.1f}" '
                f'height="{base - y(b["observed"]):.1f}" fill="{OBSERVED}"/>'
                f'<path d="M{bx:.1f},{y(b["low"]):.1f}V{y(b["high"]):.1f}" stroke="{INK}" '
                'stroke-width="2"/>'
            )
        if not dense:
            out.append(
                f'<text x="{cx - bw / 2 - 1:.1f}" y="{y(b["exact"]) - 5:.1f}" font-size="12" '
                f'font-weight="600" fill="{INK}" text-anchor="middle">'
                f"{percent(lang, b['exact'], 1 if b['exact'] < 0.1 else 0)}</text>"
            )
        weight = 800 if key in made else 600
        out.append(
            f'<text x="{cx:.1f}" y="{base + 18}" font-size="15" font-weight="{weight}" '
            f'fill="{INK}" text-anchor="middle">{key}</text>'
        )
        if key in made:
            out.append(f'<circle cx="{cx:.1f}" cy="{base + 30}" r="4.5" fill="{INK}"/>')
        out.append("</g>")
    legend_y = base + 56
    rolls = counted(lang, "rolls", n) if n else words(lang, "noRolls")
    out.append(
        f'<rect x="16" y="{legend_y - 10}" width="12" height="12" fill="{EXACT}"/>'
        f'<text x="34" y="{legend_y}" font-size="12" fill="{INK}">{escape(words(lang, "exact"))}'
        "</text>"
    )
    if n:
        out.append(
            f'<rect x="100" y="{legend_y - 10}" width="12" height="12" fill="{OBSERVED}"/>'
            f'<text x="118" y="{legend_y}" font-size="12" fill="{INK}">'
            f"{escape(words(lang, 'observed'))}</text>"
        )
    out.append(
        f'<text x="330" y="{legend_y}" font-size="12" fill="{INK}">'
        f"{escape(words(lang, 'makes'))}</text>"
        f'<text x="{WIDTH - 16}" y="{legend_y}" font-size="12" fill="{MUTED}" '
        f'text-anchor="end" data-rolls="{n}">{escape(rolls)}</text>'
    )
    return "".join(out)
