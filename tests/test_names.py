"""At most one seat is "you" (levelwidgets.names), in both games, their records and widgets.

A player called "You" or "Du" is spoken to in the second person ("You roll 3+4"); two such
seats made sentences like "You put a skip card in front of You". Both engines refuse them
with a message naming the two, which the Level X widgets also show in German.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from levelwidgets.level8 import ConfigError, CorruptStateError, Level8
from levelwidgets.level8.board import Level8Board
from levelwidgets.levelx import LevelX
from levelwidgets.levelx.errors import RecordError, RulesError
from levelwidgets.names import is_you, two_yous

#: The catalogue both the browser and Python read (levelwidgets/locales, one file a language).
LOCALES = Path(__file__).resolve().parents[1] / "levelwidgets" / "locales"
TWO = [["You", "you"], ["You", "Du"], [" du ", "Anna", "YOU"]]


def test_two_yous_finds_the_first_two():
    assert two_yous(["Anna", "Ben"]) is None
    assert two_yous(["You", "Anna", "Ben"]) is None
    assert two_yous(["Anna", "du", "Ben", "YOU", "you"]) == ("du", "YOU")
    assert all(is_you(a) and is_you(b) for a, b in map(two_yous, TWO))  # type: ignore[misc]


@pytest.mark.parametrize("names", TWO)
def test_level8_refuses_two_yous(names: list[str]):
    for make in (lambda: Level8(names, seed=1), lambda: Level8Board(names, seed=1)):
        with pytest.raises(ConfigError, match="only one player can be called You or Du") as e:
            make()
        first, second = two_yous(names)  # type: ignore[misc]
        assert repr(first) in str(e.value) and repr(second) in str(e.value)


@pytest.mark.parametrize("names", TWO)
def test_levelx_refuses_two_yous_with_a_coded_message(names: list[str]):
    with pytest.raises(RulesError) as e:
        LevelX(names, seed=1)
    assert e.value.code == "levelx.two_yous"
    first, second = two_yous([n.strip() for n in names])  # type: ignore[misc]
    assert e.value.params == {"first": first, "second": second}
    assert f"not both {first} and {second}." in str(e.value)


def test_the_levelx_message_is_translated():
    text = (LOCALES / "en.json").read_text() + (LOCALES / "de.json").read_text()
    lines = re.findall(r'"levelx\.two_yous": "([^"]*)"', text)
    assert len(lines) == 2  # English and German
    assert lines[0].startswith("Only one player") and lines[1].startswith("Nur ein Spieler")
    assert all("{first}" in line and "{second}" in line for line in lines)


def test_one_you_still_plays():
    game = LevelX(["You", "Anna"], seed=1)
    assert game.names[0] == "You"
    card = Level8(["You", "Anna"], seed=1)
    assert list(card.names) == ["You", "Anna"]


def test_records_with_two_yous_are_refused():
    card = json.loads(Level8(["You", "Anna"], seed=1).to_json())
    card_text = json.dumps(card).replace('"Anna"', '"du"')
    with pytest.raises(CorruptStateError, match="invalid config: only one player can be called"):
        Level8.from_json(card_text)
    dice = LevelX(["You", "Anna"], seed=1).to_json().replace('"Anna"', '"du"')
    with pytest.raises(RecordError, match="set-up is invalid: Only one player can be called"):
        LevelX.from_json(dice)
