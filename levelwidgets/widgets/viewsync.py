"""Sending a widget's view: whole once, then as patches of the view the browser holds.

Design (issue 33): the synced trait ``view`` always holds the *whole* view in the kernel, and
the browser's model holds the whole view too, so a saved notebook, the static picture, Voilà
and a browser that connects later all have everything. What travels per action is only what
changed: :meth:`ViewSync._send_view` diffs the new view against the last one sent
(:func:`.patch.diff`) and sends a custom message ``{"kind": "patch", "seq", "base", "op"}``
(an op over :data:`PACK_OVER` bytes goes deflated in a binary buffer, ``"op"`` left out and
``"z": 1`` set: a Level X roll's verdict tables are long but repetitive). The traits ``view``
and ``view_seq`` are set without ipywidgets sending them (:meth:`ViewSync._should_send_property`):
the patch is the one message per view. The browser (``js/src/common/patch.js``) follows
patches at the model (anywidget's ``initialize``, so also while no copy is shown), applies them
in order to its copy and sets its model's ``view``; it asks ``{"type": "resync"}`` for the
whole view when a patch's ``base`` is not the view it holds, or when a copy is shown with a
view older than ``view_seq`` (sent with every whole view: a saved or reloaded page).

The whole view goes out as a state update when the browser holds none of ours: the first
view, a resync, another game or another language; and every view goes out whole until a front
end has spoken (an intent or a synced trait such as ``page_language``, which the browser reports
at render): a notebook executed without a browser (nbconvert, nbclient) keeps widget state only
from state updates, so its saved widgets show the last view, not the first. A new viewer (a
hot-seat pass, another perspective) gets the whole new view as a patch ``{"r": view}``:
nothing of the old view is kept by the browser.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

import traitlets

from .patch import diff

#: Patches larger than this many bytes of JSON travel deflated (a binary buffer); smaller ones
#: go as they are: the page inflating them cost a Level X roll more than the bytes saved.
PACK_OVER = 2048


class ViewSync(traitlets.HasTraits):
    """Mixed into a widget with a synced ``view`` and ipywidgets' ``send``/``send_state``."""

    #: The newest view's ``seq``: a browser holding an older view (a patch missed, or shown
    #: after patches went by) asks for the whole view again (``{"type": "resync"}``).
    view_seq = traitlets.Int(0).tag(sync=True)

    _sent_view: dict[str, Any] | None = None  # the view the browser holds
    _front_end_seen = False  # a browser has sent something: it follows patches
    _view_quietly = False  # True while ``view`` is set without sending it whole

    def _send_view(self, view: dict[str, Any]) -> None:
        """Make ``view`` (with its ``seq``) the synced view, sending only what changed."""
        held = self._sent_view
        self._sent_view = view
        if held is None or not self._front_end_seen:  # the whole view, as usual
            self.view = view
            self.view_seq = view["seq"]
            return
        if held.get("viewer") != view.get("viewer"):
            op = {"r": view}  # other eyes (a hot-seat pass): nothing of the old view is kept
        else:
            op = diff(held, view) or {"d": {}}
        message: dict[str, Any] = {"kind": "patch", "seq": view["seq"], "base": held["seq"]}
        data = patch_json(op)
        if len(data) > PACK_OVER:
            self.send({**message, "z": 1}, [zlib.compress(data, 6)])  # type: ignore[attr-defined]
        else:
            self.send({**message, "op": op})  # type: ignore[attr-defined]
        self._view_quietly = True
        try:  # the patch is the one message: the browser's model follows patches itself
            self.view = view
            self.view_seq = view["seq"]
        finally:
            self._view_quietly = False

    def _forget_sent_view(self) -> None:
        """The next view goes out whole (another game, language or viewer)."""
        self._sent_view = None

    def _resync(self) -> None:
        """The browser missed a patch (or was not showing): send it the whole view again."""
        self._sent_view = self.view
        self.send_state("view")

    def send_state(self, key: Any = None) -> None:
        """ipywidgets' ``send_state``, but the view (plain JSON made here, never a binary
        buffer) is sent without ipywidgets' walk through it looking for buffers: at 10,000
        steps that walk over the move list cost more than the rest of a step."""
        if key != "view":
            super().send_state(key)  # type: ignore[misc]
            return
        state = self.get_state(key)  # type: ignore[attr-defined]
        self._send({"method": "update", "state": state, "buffer_paths": []}, buffers=[])  # type: ignore[attr-defined]

    def _should_send_property(self, key: str, value: Any) -> bool:
        # a view sent as a patch is set without sending it whole, nor its seq (the patch
        # carries it): one message per view (ipywidgets asks here)
        if self._view_quietly and key in ("view", "view_seq"):
            return False
        return super()._should_send_property(key, value)  # type: ignore[misc]

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """The browser's changes of synced traits; ``view`` is the kernel's alone (a browser
        that applied patches to its copy may send it back with another change: dropped)."""
        self._front_end_seen = True
        sync_data = {k: v for k, v in sync_data.items() if k not in ("view", "view_seq")}
        super().set_state(sync_data)  # type: ignore[misc]


def patch_json(op: Any) -> bytes:
    """An op as the compact UTF-8 JSON the browser parses."""
    return json.dumps(op, separators=(",", ":"), ensure_ascii=False).encode()
