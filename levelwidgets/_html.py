"""Small HTML helpers shared by the widgets' picture output and the record's handout."""

from __future__ import annotations

import base64

#: How a picture's image fits the space it is given.
IMAGE_STYLE = "max-width: 100%; height: auto; display: block;"


def escape(text: str, quote: bool = True) -> str:
    """``text`` with ``& < >`` (and, with ``quote``, both quotes) written as HTML entities:
    :func:`html.escape`'s result, without importing :mod:`html` (its table of every named
    entity is a large import that a widget never needs)."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        text = text.replace('"', "&quot;").replace("'", "&#x27;")
    return text


def svg_image(svg: str, alt: str, style: str = IMAGE_STYLE, **attributes: str) -> str:
    """An ``<img>`` of ``svg`` as a data URI, so no id, style or script of the SVG reaches the
    page; ``alt`` (and every attribute) escaped, so a name cannot break out of the tag."""
    source = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    extra = "".join(
        f' {name.replace("_", "-")}="{escape(value, quote=True)}"'
        for name, value in attributes.items()
    )
    if style:
        extra = f' style="{escape(style, quote=True)}"' + extra
    alt = escape(alt, quote=True)
    return f'<img src="data:image/svg+xml;base64,{source}" alt="{alt}"{extra}>'
