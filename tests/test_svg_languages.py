"""The static pictures (SVG) speak the language they are asked for (issue 32 item 2).

For every language, a mid-game picture of each of the three games (Level X, Level 8, the
Level 8 board game) holds the catalogue's words for what it draws and no English label word;
``_repr_svg_()`` without a widget stays English; names stay text (escaped), never markup.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from functools import cache
from typing import Any

import pytest

from levelwidgets import i18n
from levelwidgets.i18n import LanguageError
from levelwidgets.level8 import HeuristicBot
from levelwidgets.level8 import play_game as play_cards
from levelwidgets.level8.board import BoardHeuristicBot, play_board_game
from levelwidgets.level8.cards import FIRST_SKIP
from levelwidgets.level8.svg import card_svg
from levelwidgets.levelx import GreedyBot
from levelwidgets.levelx import play_game as play_dice
from levelwidgets.picture_words import say
from levelwidgets.widgets.dicelab_picture import percent

SVG = "{http://www.w3.org/2000/svg}"
NAMES = ["Ann", "Bo", "Cy"]
OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]
WORD = re.compile(r"[^\W\d_]{3,}")


def _midway(game: Any) -> Any:
    """The finished game taken back to a position in its middle (chips, laid cards)."""
    game.goto(game.plies * 3 // 5)
    assert not game.is_over
    return game


@cache
def _games() -> dict[str, Any]:
    dice = _midway(play_dice([GreedyBot(), GreedyBot(), GreedyBot()], seed=7, names=NAMES))
    cards = _midway(play_cards([HeuristicBot(k) for k in range(3)], seed=5))
    board = _midway(play_board_game([BoardHeuristicBot(k) for k in range(3)], seed=5))
    return {"levelx": dice, "level8": cards, "level8board": board}


@cache
def _picture(game: str, language: str) -> str:
    return _games()[game].to_svg("teacher", language)


def _texts(svg: str) -> list[str]:
    """What a reader sees or hovers: every text node and tooltip, and the picture's label."""
    root = ET.fromstring(svg)  # well-formed: names are escaped
    found = ["".join(node.itertext()) for node in root.iter(f"{SVG}text")]
    found += [node.text or "" for node in root.iter(f"{SVG}title")]
    return [*found, root.get("aria-label") or ""]


@cache
def _catalogue_words(language: str) -> frozenset[str]:
    """Every word the language's catalogue writes (a word both languages share, such as
    "Joker" or "Level", is that language's word too)."""
    words: set[str] = set()

    def walk(entry: object) -> None:
        if isinstance(entry, dict):
            for value in entry.values():
                walk(value)
        elif isinstance(entry, list):
            for value in entry:
                walk(value)
        elif isinstance(entry, str):
            words.update(w.casefold() for w in WORD.findall(entry))

    walk(i18n.catalogue(language))
    return frozenset(words)


@cache
def _plain_keys() -> tuple[str, ...]:
    """The catalogue's keys whose English is a text without placeholders."""
    keys = []

    def walk(entry: object, path: str) -> None:
        if isinstance(entry, dict):
            for k, value in entry.items():
                walk(value, f"{path}.{k}" if path else k)
        elif isinstance(entry, str) and "{" not in entry and "errors" not in path:
            keys.append(path)

    walk(i18n.catalogue("en"), "")
    return tuple(keys)


def _english_leaks(svg: str, game: str, language: str) -> set[str]:
    """Words of the English picture's labels that ``svg`` writes although ``language``'s
    catalogue never does (player names left out)."""
    names = {w.casefold() for n in _games()[game].names for w in WORD.findall(n)}
    english = {w.casefold() for t in _texts(_picture(game, "en")) for w in WORD.findall(t)}
    shown = {w.casefold() for t in _texts(svg) for w in WORD.findall(t)}
    return (shown & english) - _catalogue_words(language) - names


@pytest.mark.parametrize("game", ["levelx", "level8", "level8board"])
def test_the_english_check_finds_english(game: str) -> None:
    """The leak check can fail: the English picture read as any other language leaks."""
    for language in OTHERS:
        assert _english_leaks(_picture(game, "en"), game, language), language


@pytest.mark.parametrize("language", OTHERS)
@pytest.mark.parametrize("game", ["levelx", "level8", "level8board"])
def test_no_english_label_word_in_another_language(game: str, language: str) -> None:
    svg = _picture(game, language)
    assert not _english_leaks(svg, game, language)
    english = set(_texts(_picture(game, "en"))) - {""}
    labels = {t for t in english if WORD.search(t)} - set(_games()[game].names)
    # no whole English label survives either, unless the language says it the same way
    # ("Joker", "Start", the game's name "Level X")
    own = {i18n.text(language, key) for key in _plain_keys()}
    kept = labels & set(_texts(svg)) - own
    assert not kept, kept


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_level8_table_says_the_catalogue_words(language: str) -> None:
    game = _games()["level8"]
    texts = _texts(_picture("level8", language))
    joined = "\n".join(texts)
    t = game.observation("teacher")
    assert say(language, "level8.drawPile") in texts
    assert say(language, "pictures.table.faceDown", n=t.draw_count) in texts
    assert f"{say(language, 'level8.title')} · {say(language, 'common.round', n=t.round)}" in texts
    assert say(language, "pictures.table.viewTeacher") in joined
    lv, count = t.levels[0], t.level_counts[0]
    assert say(language, "level8.levelOf", n=lv, m=count) in texts
    assert any(m for m in t.melds), "the position should have laid combinations"
    run_or_set = [say(language, k, i=1, lo=1, hi=1, v=1).split("1")[0] for k in
                  ("level8.meldRun", "level8.meldSet", "level8.meldColour")]  # fmt: skip
    assert any(text.startswith(tuple(run_or_set)) for text in texts)
    k = t.hand_counts[0]
    cards = say(language, "level8.card1") if k == 1 else say(language, "level8.cards", n=k)
    assert cards in texts


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_levelx_board_says_the_catalogue_words(language: str) -> None:
    game = _games()["levelx"]
    svg = _picture("levelx", language)
    texts = _texts(svg)
    assert ET.fromstring(svg).get("aria-label") == say(language, "pictures.levelx.label")
    status = [t for t in texts if t.startswith(say(language, "common.round", n=game.round))]
    assert status and game.names[game.current_player] in status[0]
    tiles = " ".join(map(str, game.tiles_left())) or say(language, "pictures.levelx.none")
    assert say(language, "pictures.levelx.tilesLeft", tiles=tiles) in texts
    assert any(game.chips_held(p) for p in range(3)), "the position should have chips taken"
    assert say(language, "levelx.chipsTitle", row=5, n=game.chips_left(5)) in texts or (
        game.is_closed(5) and say(language, "levelx.closed") in texts
    )


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_board_game_says_the_catalogue_words(language: str) -> None:
    game = _games()["level8board"]
    texts = _texts(_picture("level8board", language))
    obs = game.observation("teacher")
    for action in set(obs.layout):
        assert say(language, f"level8board.a_{action}") in texts
    assert say(language, "level8board.startField") in texts
    assert say(language, "level8board.jokersLeft", n=obs.jokers_left) in texts
    title = say(language, "level8board.title")
    assert any(t.startswith(title) for t in texts)
    assert say(language, "level8.drawPile") in texts  # the card table below it


def test_repr_svg_stays_english_and_to_svg_refuses_an_unknown_language() -> None:
    games = _games()
    assert "Draw pile" in _texts(games["level8"]._repr_svg_())
    assert "Draw pile" in _texts(games["level8board"]._repr_svg_())
    assert ET.fromstring(games["levelx"]._repr_svg_()).get("aria-label") == "Level X board"
    for game in games.values():
        before = game.to_json()
        with pytest.raises(LanguageError, match='"de"'):
            game.to_svg("teacher", "xx")
        assert game.to_json() == before  # a refused picture changes nothing


@pytest.mark.parametrize("language", ["de", "fr", "nl"])
def test_names_stay_text_and_the_you_seat_speaks_the_language(language: str) -> None:
    hostile = "<b>Bo & Co</b>"
    game = play_dice([GreedyBot(), GreedyBot()], seed=3, names=["You", hostile])
    game.goto(6)
    svg = game.to_svg(language=language)
    assert "<b>" not in svg and "&lt;b&gt;Bo &amp; Co&lt;/b&gt;" in svg
    texts = _texts(svg)
    assert hostile in texts and say(language, "common.youWord") in texts
    assert "You" not in texts


def test_a_long_card_word_is_squeezed_onto_the_card() -> None:
    """The skip card's German name is fitted to the card instead of running off it."""
    skip = card_svg(FIRST_SKIP, 0, 0, language="de")
    assert ">Aussetzen</text>" in skip and 'textLength="28.0"' in skip
    assert ">Skip</text>" in card_svg(FIRST_SKIP, 0, 0) and "textLength" not in card_svg(
        FIRST_SKIP, 0, 0
    )


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "85.3%"), ("nl", "85,3%"), ("de", "85,3 %"), ("fr", "85,3\u00a0%")],
)
def test_dice_lab_picture_writes_percentages_in_the_catalogue_form(
    language: str, expected: str
) -> None:
    assert percent(language, 0.853) == expected
