"""The board picture shown wherever the live widget cannot render.

How the front ends choose (JupyterLab 4, Notebook 7, nbconvert 7): an output holding the
widget-view mime type is always drawn by the widget manager when the notebook is trusted, and the
manager has no fallback: with the kernel gone it writes "Error displaying widget: model not
found" and ignores the SVG of the same output. nbconvert's ``WidgetsDataTypeFilter`` picks the
widget view whenever the notebook holds that widget's state (``--execute`` stores it), and the
exported page then needs the widget manager from a CDN, so it stays blank offline.

So the picture cannot live in the widget's own output. It is an output of its own, right after
the widget: an ``<img>`` of the board with a ``data-lw-picture`` attribute, kept current with
display updates (``update_display_data``) so a saved notebook holds the position it was saved
at. While the widget is on the page its front end hides that output (``common/picture.js``);
where the widget cannot render, nothing hides it and the picture shows. The picture also carries
one CSS rule that hides JupyterLab's "model not found" text of the widget output right before it.
"""

from __future__ import annotations

import base64
import html
import re
import uuid
from collections.abc import Callable

#: The attribute the front end looks for (``js/src/common/picture.js`` uses the same name).
ATTRIBUTE = "data-lw-picture"

_SAFE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")

#: The line under the picture, so nobody mistakes it for a board that takes clicks:
#: ``CAPTIONS[language][read_only]``.
CAPTIONS = {
    "en": {
        False: "A picture of the game. Run the cell to play.",
        True: "A picture of the game. Run the cell to step through it.",
    },
    "de": {
        False: "Ein Bild des Spiels. Führe die Zelle aus, um zu spielen.",
        True: "Ein Bild des Spiels. Führe die Zelle aus, um es Zug für Zug anzusehen.",
    },
}


def picture_html(
    picture_id: str, svg: str, label: str, language: str = "en", read_only: bool = False
) -> str:
    """The picture output's HTML: the SVG as an image (no ids or styles leak into the page),
    ``label`` as its alt text and a caption in ``language``."""
    if not _SAFE_ID.match(picture_id):
        raise ValueError(f"picture id {picture_id!r} must be 1-64 letters, digits, '-' or '_'")
    source = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    selector = f'[{ATTRIBUTE}="{picture_id}"]'
    # JupyterLab: the widget output just before this one, if it shows only text (the manager's
    # "Error displaying widget: model not found" or "Loading widget..."), is hidden. A rendered
    # widget has element children and stays; the widget then hides this picture instead.
    hide_error = (
        ".jp-OutputArea-child:has(+ .jp-OutputArea-child "
        f"{selector}) > .jp-OutputArea-output:not(:has(*)) {{ display: none; }}"
    )
    return (
        f'<div class="lw-picture" {ATTRIBUTE}="{picture_id}">'
        f"<style>{hide_error}</style>"
        f'<img src="data:image/svg+xml;base64,{source}" alt="{html.escape(label, quote=True)}"'
        ' style="max-width: 100%; height: auto; display: block;">'
        '<div class="lw-picture-caption" style="font-size: 12px; opacity: 0.7; margin-top: 4px;">'
        f"{html.escape(CAPTIONS.get(language, CAPTIONS['en'])[bool(read_only)])}</div>"
        "</div>"
    )


class PictureOutput:
    """One widget's picture output: shown once per display, then updated in place.

    ``draw`` returns the output's HTML (see :func:`picture_html`); it is called only once the
    widget has been displayed in a notebook, so widgets that are never shown pay nothing.
    """

    def __init__(self, picture_id: str, draw: Callable[[], str]):
        self._draw = draw
        self._display_id = f"lw-picture-{picture_id}-{uuid.uuid4().hex[:8]}"
        self._shown = False
        self._last = ""

    def _bundle(self) -> dict[str, str]:
        return {"text/html": self._draw()}

    def show(self) -> None:
        """Display the picture as a new output (each display of the widget gets one)."""
        from IPython.display import display

        bundle = self._bundle()
        self._last = bundle["text/html"]
        display(bundle, raw=True, display_id=self._display_id)
        self._shown = True

    def refresh(self) -> None:
        """Redraw every displayed copy when the position changed; nothing if never displayed."""
        if not self._shown:
            return
        from IPython.display import update_display

        bundle = self._bundle()
        if bundle["text/html"] == self._last:
            return
        self._last = bundle["text/html"]
        update_display(bundle, raw=True, display_id=self._display_id)
