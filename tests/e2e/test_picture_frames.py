"""The picture shows only where the widget cannot render, also when each output sits in a frame
of its own (issue 32, item 4), as Colab renders outputs.

A page with two cross-origin iframes (two local servers on two ports, each frame sandboxed):
one draws the real Level X widget bundle with a model holding the widget's real state, the other
holds the picture output's real HTML (``picture_html``). No CSS reaches from one frame into the
other; the widget's message does. Without the widget, or with another widget's id, the picture
stays visible; with it, the picture hides, whether the picture loads before or after the widget.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from levelwidgets.widgets import LevelXWidget
from levelwidgets.widgets.picture import picture_html

from .lab import ARTIFACTS, REPO

WIDGET_PAGE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="levelx.css"></head><body><div id="root"></div>
<script type="module">
const state = await (await fetch("state.json")).json();
const handlers = new Map();
const model = {
  get: (k) => state[k], set: (k, v) => { state[k] = v; }, save_changes() {}, send() {},
  on(e, f) { (handlers.get(e) || handlers.set(e, []).get(e)).push(f); },
  off(e, f) {
    const l = handlers.get(e) || [];
    if (l.includes(f)) l.splice(l.indexOf(f), 1);
  },
};
const widget = (await import("./levelx.js")).default;
await widget.render({ model, el: document.getElementById("root") });
document.body.dataset.rendered = "1";
</script></body></html>"""

PICTURE_PAGE = '<!doctype html><html><head><meta charset="utf-8"></head><body>{html}</body></html>'


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Files for sandboxed frames (an opaque origin: their module and fetch requests are CORS)."""

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, *args: object) -> None:  # quiet
        pass


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(_Handler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


@pytest.fixture(scope="module")
def origins(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, str]]:
    """Two origins: the widget's frame and the picture's; and the picture's widget id."""
    w = LevelXWidget(players=["Ada", "Bob"], seed=3)
    state = {k: v for k, v in w.get_state().items() if not k.startswith("_esm")}
    state.pop("_css", None)
    widget_dir = tmp_path_factory.mktemp("widget-origin")
    picture_dir = tmp_path_factory.mktemp("picture-origin")
    for name in ("levelx.js", "levelx.css"):
        shutil.copy(REPO / "levelwidgets" / "static" / name, widget_dir / name)
    (widget_dir / "state.json").write_text(json.dumps(state))
    (widget_dir / "widget.html").write_text(WIDGET_PAGE)
    html = picture_html(w._picture_id, w.game.to_svg(), "Level X board")
    (picture_dir / "picture.html").write_text(PICTURE_PAGE.format(html=html))
    other = picture_html("someone-else", w.game.to_svg(), "another board")
    (picture_dir / "other.html").write_text(PICTURE_PAGE.format(html=other))
    servers = [serve(widget_dir), serve(picture_dir)]
    try:
        yield servers[0][1], servers[1][1], w._picture_id
    finally:
        for server, _ in servers:
            with contextlib.suppress(Exception):
                server.shutdown()


def frames_page(page, widget_url: str | None, picture_url: str, picture_last: bool) -> None:
    frames = []
    if widget_url:
        frames.append(f'<iframe id="widget" sandbox="allow-scripts" src="{widget_url}"></iframe>')
    picture = f'<iframe id="picture" sandbox="allow-scripts" src="{picture_url}"></iframe>'
    page.set_content("<!doctype html><html><body>" + "".join(frames) + "</body></html>")
    if widget_url:
        widget = page.frame_locator("#widget")
        widget.locator(".lx-root").wait_for(timeout=30_000)
    if picture_last or not widget_url:  # the picture's frame arrives after the widget's
        page.evaluate("(html) => document.body.insertAdjacentHTML('beforeend', html)", picture)
    else:
        raise AssertionError("use picture_last=True or build the page with the picture first")


def picture_visible(page, selector: str = "[data-lw-picture]") -> bool:
    box = page.frame_locator("#picture").locator(selector)
    box.wait_for(state="attached", timeout=30_000)
    page.wait_for_timeout(500)  # give a message time to arrive; none may come
    return box.evaluate("(b) => getComputedStyle(b).display !== 'none' && b.offsetHeight > 0")


def test_without_the_widget_the_picture_shows(page, origins) -> None:
    _, picture_origin, _ = origins
    frames_page(page, None, f"{picture_origin}/picture.html", picture_last=True)
    assert picture_visible(page)


def test_the_live_widget_in_another_frame_hides_its_picture(page, origins) -> None:
    widget_origin, picture_origin, _ = origins
    # the picture loads after the widget drew: it asks, the widget answers
    frames_page(page, f"{widget_origin}/widget.html", f"{picture_origin}/picture.html", True)
    assert not picture_visible(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "picture-frames.png"))


def test_the_widget_announces_itself_to_a_picture_already_there(page, origins) -> None:
    widget_origin, picture_origin, _ = origins
    page.set_content(
        "<!doctype html><html><body>"
        '<iframe id="picture" sandbox="allow-scripts" '
        f'src="{picture_origin}/picture.html"></iframe>'
        "</body></html>"
    )
    assert picture_visible(page)  # alone, it shows
    page.evaluate(
        "(src) => document.body.insertAdjacentHTML('beforeend',"
        ' `<iframe id="widget" sandbox="allow-scripts" src="${src}"></iframe>`)',
        f"{widget_origin}/widget.html",
    )
    page.frame_locator("#widget").locator(".lx-root").wait_for(timeout=30_000)
    assert not picture_visible(page)


def test_another_widgets_picture_stays(page, origins) -> None:
    widget_origin, picture_origin, _ = origins
    frames_page(page, f"{widget_origin}/widget.html", f"{picture_origin}/other.html", True)
    assert picture_visible(page)
