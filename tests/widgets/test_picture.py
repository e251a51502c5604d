"""The picture output a widget leaves next to itself (levelwidgets/widgets/picture.py)."""

from __future__ import annotations

import base64
import re

import nbformat
import pytest
from IPython.display import display
from nbclient import NotebookClient

from levelwidgets.widgets import LevelXWidget
from levelwidgets.widgets.picture import picture_html

WIDGET = "application/vnd.jupyter.widget-view+json"


def image_svg(html: str) -> str:
    source = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', html).group(1)
    return base64.b64decode(source).decode("utf-8")


def test_the_picture_is_the_board_as_an_image_with_its_alt_text() -> None:
    html = picture_html("abc-1", "<svg>board</svg>", 'round 1 "<b>"', "de")
    assert image_svg(html) == "<svg>board</svg>"
    assert 'alt="round 1 &quot;&lt;b&gt;&quot;"' in html  # a name cannot break out of the tag
    assert "Führe die Zelle aus" in html
    assert html.count('data-lw-picture="abc-1"') == 2  # the marker and the error-hiding rule
    handout = picture_html("abc-1", "<svg/>", "label", "en", read_only=True)
    assert "Run the cell to step through it." in handout and "to play" not in handout


@pytest.mark.parametrize("picture_id", ["", 'x"]{}', "a b", "x" * 65])
def test_an_id_that_could_break_the_css_is_refused(picture_id: str) -> None:
    with pytest.raises(ValueError, match="picture id"):
        picture_html(picture_id, "<svg/>", "label")


def test_a_widget_never_displayed_sends_no_picture(monkeypatch) -> None:
    calls = []
    monkeypatch.setattr("IPython.display.update_display", lambda *a, **k: calls.append(a))
    w = LevelXWidget(players=["Ada", "Bob"], seed=1)
    w.roll()
    assert calls == []
    assert repr(w).startswith("LevelXWidget(<LevelX 2 players")


def test_the_picture_follows_the_game_and_the_language(monkeypatch) -> None:
    shown, updated = [], []
    monkeypatch.setattr("IPython.display.display", lambda *a, **k: shown.append((a, k)))
    monkeypatch.setattr("IPython.display.update_display", lambda *a, **k: updated.append((a, k)))
    w = LevelXWidget(players=["Ada", "Bob"], seed=1)
    display(w)  # IPython calls _ipython_display_, which uses the patched display
    w._ipython_display_()
    (widget_bundle, _), (picture, picture_kw) = [(a[0], k) for a, k in shown[-2:]]
    assert WIDGET in widget_bundle and "image/svg+xml" not in widget_bundle
    assert image_svg(picture["text/html"]) == w._static_svg()
    w.roll()
    bundle, kw = updated[-1][0][0], updated[-1][1]
    assert kw["display_id"] == picture_kw["display_id"]
    assert image_svg(bundle["text/html"]) == w.game.to_svg()  # the dice are in the picture
    count = len(updated)
    w.language = "de"
    assert "Führe die Zelle aus" in updated[-1][0][0]["text/html"]
    assert len(updated) == count + 1  # only a change is sent


def test_in_a_kernel_the_picture_waits_for_a_pause_or_the_cells_end(monkeypatch) -> None:
    """A click's answer must not wait for the page to redraw the picture (issue 33): in a
    kernel, changes are drawn once play pauses, or when the cell that made them ends."""
    import asyncio
    import concurrent.futures

    from levelwidgets.widgets import picture

    shown, updated = [], []
    monkeypatch.setattr("IPython.display.display", lambda *a, **k: shown.append((a, k)))
    monkeypatch.setattr("IPython.display.update_display", lambda *a, **k: updated.append((a, k)))
    monkeypatch.setattr(picture, "PAUSE_S", 0.05)
    monkeypatch.setattr(picture, "_kernel_loop", asyncio.get_running_loop)  # "in a kernel"

    async def play() -> None:
        w = LevelXWidget(players=["Ada", "Bob"], seed=1)
        w._ipython_display_()
        for _ in range(3):  # three changes from "the browser", quickly one after another
            w.roll()
            w.play(w.game.legal_moves()[0])
            assert updated == [] and w._picture.pending
        await asyncio.sleep(0.2)  # play pauses: drawn once, the position of now
        assert len(updated) == 1 and not w._picture.pending
        assert image_svg(updated[-1][0][0]["text/html"]) == w.game.to_svg()
        w.roll()  # a cell's change: drawn when the cell ends, without waiting for the pause
        assert len(updated) == 1
        picture.flush_pictures()  # what IPython's post_run_cell calls
        assert len(updated) == 2 and not w._picture.pending
        assert image_svg(updated[-1][0][0]["text/html"]) == w.game.to_svg()
        w.roll() if w.game.phase == "roll" else w.play(w.game.legal_moves()[0])
        w.flush_picture()  # asked for by name: now
        assert len(updated) == 3 and image_svg(updated[-1][0][0]["text/html"]) == w.game.to_svg()
        await asyncio.sleep(0.2)
        assert len(updated) == 3  # nothing left waiting: no second copy of the same picture

    # a loop of its own, on a thread of its own: another test may have left one running here
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, play()).result()


def test_a_broken_picture_never_stops_the_widget(monkeypatch) -> None:
    monkeypatch.setattr("IPython.display.display", lambda *a, **k: None)
    w = LevelXWidget(players=["Ada", "Bob"], seed=2)
    w._ipython_display_()

    def broken() -> str:
        raise RuntimeError("drawing failed")

    monkeypatch.setattr(w, "_static_svg", broken)
    w.roll()  # the game goes on
    assert w.error == "" and w.view["dice"] == list(w.game.dice)


def test_in_a_kernel_the_saved_picture_is_the_position_at_the_end(tmp_path) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell(
            "from levelwidgets.widgets import LevelXWidget\n"
            'w = LevelXWidget(players=["Ada", "Bob"], seed=3)\nw'
        ),
        nbformat.v4.new_code_cell(
            "for _ in range(3):\n    w.roll()\n    w.play(w.game.legal_moves()[0])\n"
            "svg = w.game.to_svg()"
        ),
        nbformat.v4.new_code_cell("print(svg)"),
    ]
    NotebookClient(nb, timeout=120, kernel_name="python3").execute()
    widget, picture = nb.cells[0].outputs
    assert WIDGET in widget["data"] and "image/svg+xml" not in widget["data"]
    assert "round 2, Bob to roll" in picture["data"]["text/html"]
    assert image_svg(picture["data"]["text/html"]) == nb.cells[2].outputs[0]["text"].rstrip("\n")


def test_the_dice_lab_has_a_picture_of_its_dice_and_chart_that_follows_it(monkeypatch) -> None:
    # the same machinery as the boards (PictureMixin), not a copy of it
    from levelwidgets.widgets import DiceLab
    from levelwidgets.widgets.base import GameWidget
    from levelwidgets.widgets.picture import PictureMixin

    assert issubclass(DiceLab, PictureMixin) and issubclass(GameWidget, PictureMixin)
    assert "_ipython_display_" not in vars(GameWidget) and "_ipython_display_" not in vars(DiceLab)
    shown, updated = [], []
    monkeypatch.setattr("IPython.display.display", lambda *a, **k: shown.append((a, k)))
    monkeypatch.setattr("IPython.display.update_display", lambda *a, **k: updated.append((a, k)))
    lab = DiceLab(dice=4, seed=1)
    lab.roll([1, 1, 4, 6])
    assert "_picture_id" in lab.keys and lab._picture_id == lab.model_id
    lab._ipython_display_()
    (widget_bundle, _), (picture, picture_kw) = [(a[0], k) for a, k in shown[-2:]]
    assert WIDGET in widget_bundle and "image/svg+xml" not in widget_bundle
    assert widget_bundle["text/plain"].startswith("DiceLab(dice=4")
    html = picture["text/html"]
    assert f'data-lw-picture="{lab.model_id}"' in html
    assert 'alt="Dice lab: 1-1-4-6, 4 dice, target sums 5–10"' in html
    assert "A picture of the dice lab. Run the cell to roll and count." in html
    svg = image_svg(html)
    assert svg == lab._static_svg()
    faces = re.findall(r'<g data-die="\d" data-face="(\d)">', svg)
    assert faces == ["1", "1", "4", "6"]  # the dice on the table
    count = len(lab.groupings)
    assert f'data-grouping-count="{count}">{count} groupings<' in svg
    sums = re.findall(r'<g data-sum="(\d+)" data-exact="([0-9.]+)" data-makes="(\d)">', svg)
    assert [int(s) for s, _e, _m in sums] == list(lab.targets)  # a bar per target sum
    exact = lab.frequencies()["exact"].tolist()
    assert [float(e) for _s, e, _m in sums] == pytest.approx(exact)
    assert [int(m) for _s, _e, m in sums] == [int(lab.can_make[t] > 0) for t in lab.targets]
    assert 'data-rolls="0">no rolls simulated yet<' in svg and "#E69F00" not in svg

    lab.simulate(2_000)  # the observed bars join the picture, updated in place
    bundle, kw = updated[-1][0][0], updated[-1][1]
    assert kw["display_id"] == picture_kw["display_id"]
    svg = image_svg(bundle["text/html"])
    assert 'data-rolls="2000">2,000 rolls simulated<' in svg and "#E69F00" in svg
    lab.set_die(3, 5)
    assert re.findall(r'data-face="(\d)"', image_svg(updated[-1][0][0]["text/html"])) == [
        "1",
        "1",
        "4",
        "5",
    ]
    lab.language = "de"
    html = updated[-1][0][0]["text/html"]
    assert "Ein Bild des Würfellabors" in html and "2.000 Würfe simuliert" in image_svg(html)
    assert "Zielsummen 5–10 · Glückspilz an" in image_svg(html)
