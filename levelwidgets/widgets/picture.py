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
Where each output sits in a frame of its own (Colab) no page-wide CSS reaches across: the live
widget posts a message to every frame and the picture's small script hides the picture on
hearing it (:func:`_frame_script`; ``js/src/common/picture.js``).

:class:`PictureMixin` is that machinery for any widget (the game widgets and ``DiceLab``): a
widget that mixes it in says what to draw (:meth:`PictureMixin._static_svg`) and calls
:meth:`PictureMixin._refresh_picture` whenever what it shows changed.

**When the picture is redrawn.** Replacing an output makes the page parse the picture's HTML,
its style rule and its SVG again: 15-30 ms of the browser's main thread, which a click would
otherwise wait for (issue 33). So in a kernel the picture follows play when play pauses: a change
made by the browser is drawn :data:`PAUSE_S` seconds after the last one, and a change made by a
cell at the end of that cell (IPython's ``post_run_cell``: ``nbconvert --execute`` and nbclient
save the position at the end). Outside a kernel (a script, the tests) it is redrawn at once.
"""

from __future__ import annotations

import contextlib
import re
import uuid
import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import asyncio

import traitlets

from .. import i18n
from .._html import escape, svg_image
from .idle import running_loop

#: The attribute the front end looks for (``js/src/common/picture.js`` uses the same name).
ATTRIBUTE = "data-lw-picture"

_SAFE_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")

#: Seconds without a change before a picture changed from the browser is redrawn.
PAUSE_S = 1.0

#: The line under the picture, so nobody mistakes it for a board that takes clicks:
#: ``CAPTIONS[language][kind]``: a game to play, a record to step through, the dice lab.
CAPTIONS = i18n.Sections("pictures.captions")


def picture_html(
    picture_id: str,
    svg: str,
    label: str,
    language: str = "en",
    read_only: bool = False,
    kind: str | None = None,
) -> str:
    """The picture output's HTML: the SVG as an image (no ids or styles leak into the page),
    ``label`` as its alt text and a caption in ``language`` (``kind`` picks it: "play",
    "review" or "lab"; by default "review" for a read-only widget, else "play")."""
    if not _SAFE_ID.match(picture_id):
        raise ValueError(f"picture id {picture_id!r} must be 1-64 letters, digits, '-' or '_'")
    captions = CAPTIONS.get(language, CAPTIONS["en"])
    caption = captions[kind or ("review" if read_only else "play")]
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
        f"{_frame_script(picture_id)}"
        f"{svg_image(svg, label)}"
        '<div class="lw-picture-caption" style="font-size: 12px; opacity: 0.7; margin-top: 4px;">'
        f"{escape(caption)}</div>"
        "</div>"
    )


def _frame_script(picture_id: str) -> str:
    """Where outputs sit in frames of their own (Colab), the live widget cannot hide this
    picture with CSS: it posts ``{lwPictureLive: id}`` to every frame, and this script hides the
    picture on hearing it (asking once on load, for a widget drawn earlier). Where scripts do
    not run (an untrusted notebook, GitHub), nothing changes: the picture shows."""
    return (
        "<script>(function(){"
        f'var id="{picture_id}",s=document.currentScript,box=s&&s.parentElement;'
        "if(!box)return;"
        "function hide(){box.style.display='none';}"
        "window.addEventListener('message',function(ev){"
        "if(ev.data&&ev.data.lwPictureLive===id)hide();});"
        "var seen=[];function ask(w,d){if(d>8||seen.indexOf(w)>=0)return;seen.push(w);"
        "try{w.postMessage({lwPictureAsk:id},'*');}catch(x){}"
        "var n=0;try{n=w.frames.length;}catch(x){return;}"
        "for(var i=0;i<n;i++){try{ask(w.frames[i],d+1);}catch(x){}}}"
        "try{ask(window.top||window,0);}catch(x){ask(window,0);}"
        "})();</script>"
    )


class PictureOutput:
    """One widget's picture output: shown once per display, then updated in place.

    ``draw`` returns the output's HTML (see :func:`picture_html`); it is called only once the
    widget has been displayed in a notebook, so widgets that are never shown pay nothing. In a
    kernel a refresh waits for a pause in play or the end of the cell (see the module).
    """

    def __init__(self, picture_id: str, draw: Callable[[], str]):
        self._draw = draw
        self._display_id = f"lw-picture-{picture_id}-{uuid.uuid4().hex[:8]}"
        self._shown = False
        self._last = ""
        self._timer: asyncio.TimerHandle | None = None

    def _bundle(self) -> dict[str, str]:
        return {"text/html": self._draw()}

    @property
    def pending(self) -> bool:
        """True while a change waits to be drawn (a pause in play or the cell's end)."""
        return self._timer is not None

    def show(self) -> None:
        """Display the picture as a new output (each display of the widget gets one)."""
        from IPython.display import display

        self._cancel()
        bundle = self._bundle()
        self._last = bundle["text/html"]
        display(bundle, raw=True, display_id=self._display_id)
        self._shown = True

    def refresh(self) -> None:
        """Redraw every displayed copy when the position changed; nothing if never displayed.

        In a kernel the redraw waits for :data:`PAUSE_S` seconds without a change, or for the
        end of the running cell, whichever comes first; elsewhere it happens now."""
        if not self._shown:
            return
        loop = _kernel_loop()
        if loop is None:
            self.flush()
            return
        if self._timer is not None:
            self._timer.cancel()
        self._timer = loop.call_later(PAUSE_S, self.flush)
        _WAITING.add(self)

    def flush(self) -> None:
        """Redraw now if what the picture shows changed (and cancel a waiting redraw)."""
        self._cancel()
        if not self._shown:
            return
        from IPython.display import update_display

        with contextlib.suppress(Exception):  # the picture is a courtesy, never a failure
            bundle = self._bundle()
            if bundle["text/html"] == self._last:
                return
            self._last = bundle["text/html"]
            update_display(bundle, raw=True, display_id=self._display_id)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        _WAITING.discard(self)


#: Pictures with a change waiting to be drawn: drawn at the latest when the running cell ends.
_WAITING: weakref.WeakSet[PictureOutput] = weakref.WeakSet()
_HOOKED: set[int] = set()  # the IPython shells whose post_run_cell draws the waiting pictures


def flush_pictures(*_args: Any) -> None:
    """Draw every picture whose change is waiting (IPython calls it when a cell ends)."""
    for picture in list(_WAITING):
        picture.flush()


def _kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop when we are in an IPython kernel (else None: draw now).

    The first time, the shell's ``post_run_cell`` event is hooked to :func:`flush_pictures`,
    so a cell that changed a picture leaves it drawn when it ends."""
    loop = running_loop()
    if loop is None:
        return None
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    shell = get_ipython()
    if shell is None or getattr(shell, "kernel", None) is None:
        return None
    if id(shell) not in _HOOKED:
        shell.events.register("post_run_cell", flush_pictures)
        _HOOKED.add(id(shell))
    return loop


class PictureMixin(traitlets.HasTraits):
    """The picture side of a widget: mixed in before the anywidget base class.

    The widget calls :meth:`_start_picture` at the end of its ``__init__`` (its model id is
    known then) and :meth:`_refresh_picture` after every change it shows; it says what to draw
    in :meth:`_static_svg`, and may change :meth:`_picture_label` and :meth:`_picture_kind`.
    """

    #: Marks this widget's picture output, which the front end hides while it is on the page.
    _picture_id = traitlets.Unicode("").tag(sync=True)

    language: str
    model_id: str

    def _start_picture(self) -> None:
        self._picture_id = self.model_id
        self._picture = PictureOutput(self.model_id, self._locked_picture_html)

    def _locked_picture_html(self) -> str:
        # a redraw after a pause runs on the kernel's loop: it waits for a change in progress
        lock = getattr(self, "_lock", None)
        if lock is None:
            return self._picture_html()
        with lock:
            return self._picture_html()

    def _static_svg(self) -> str:
        """The picture for places without widgets, drawn for this widget's viewer."""
        raise NotImplementedError

    def _picture_label(self) -> str:
        """The picture's alt text (what a screen reader says in its place)."""
        return repr(self).strip("<>")

    def _picture_kind(self) -> str:
        """Which caption the picture gets (a key of :data:`CAPTIONS`' languages)."""
        return "play"

    def _picture_html(self) -> str:
        return picture_html(
            self._picture_id,
            self._static_svg(),
            self._picture_label(),
            self.language,
            kind=self._picture_kind(),
        )

    def _refresh_picture(self) -> None:
        picture = getattr(self, "_picture", None)  # None while __init__ is still running
        if picture is not None:
            with contextlib.suppress(Exception):  # the picture is a courtesy, never a failure
                picture.refresh()

    def flush_picture(self) -> None:
        """Draw this widget's picture output now, not at the next pause in play (a notebook
        saved from code right after a change: the picture then shows that change)."""
        picture = getattr(self, "_picture", None)
        if picture is not None:
            picture.flush()

    def _repr_mimebundle_(self, **kwargs: dict) -> tuple[dict, dict]:
        """The widget view, plus the static SVG and text where widgets cannot run."""
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        data, meta = bundle if isinstance(bundle, tuple) else (bundle or {}, {})
        data = dict(data)
        with contextlib.suppress(Exception):  # a broken picture must never hide the widget
            data["image/svg+xml"] = self._static_svg()
        data["text/plain"] = self._plain_text()
        return data, meta

    def _plain_text(self) -> str:
        """The ``text/plain`` of the widget's output."""
        return repr(self)

    def _ipython_display_(self, **kwargs: Any) -> None:
        """Show the widget, then its picture as an output of its own (see the module).

        The SVG leaves the widget's output: the picture output carries it, and a second copy
        would show twice wherever the widget view is skipped (nbconvert without widget state).
        """
        from IPython.display import display

        data, meta = self._repr_mimebundle_(**kwargs)
        data.pop("image/svg+xml", None)
        display(data, metadata=meta, raw=True)
        with contextlib.suppress(Exception):  # a broken picture must never hide the widget
            self._picture.show()
