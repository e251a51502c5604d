"""Level X's log sentences, English and German, written in Python for every widget (the
browser shows them as text): names taken as text, a player called "You"/"Du" spoken to."""

from __future__ import annotations

import pytest

from levelwidgets.levelx.events import Event
from levelwidgets.levelx.text import SENTENCES, describe_event
from levelwidgets.widgets import LevelXWidget


def say(language: str, event: Event, names: list[str]) -> str:
    return describe_event(event, names, language)


def test_both_languages_have_the_same_sentences() -> None:
    assert SENTENCES["de"].keys() == SENTENCES["en"].keys()


def test_names_are_text_and_each_language_reads_right() -> None:
    names = ["<b>Ann</b>", "Ben"]
    assert say("en", Event("chip", 0, 7, value=7), names) == "<b>Ann</b> takes a 7 chip."
    assert say("en", Event("ousted", 0, 7, None, 1), names) == (
        "Ben's piece on X7 is knocked back to its owner."
    )
    assert say("de", Event("rolled", 1, value=(1, 2, 3, 4)), names) == "Ben würfelt 1-2-3-4."
    assert say("en", Event("game_over", 0, value=[0, 1]), names).endswith("and Ben win!")
    assert say("de", Event("game_over", 0, value=[0, 1]), names).endswith("und Ben gewinnen!")
    assert say("xx", Event("passed", 1), names) == "Ben passes."  # English for another language


def test_a_player_called_you_is_spoken_to() -> None:
    names = ["You", "Ben"]
    assert say("en", Event("rolled", 0, value=(6, 5, 3, 4)), names) == "You roll 6-5-3-4."
    assert say("en", Event("rolled", 1, value=(1, 2, 3, 4)), names) == "Ben rolls 1-2-3-4."
    assert say("en", Event("entered", 0, 10, 1), names) == "You enter row 10."
    assert say("en", Event("ousted", 1, 7, None, 0), names) == (
        "Your piece on X7 is knocked back to you."
    )
    assert say("en", Event("passed", 0), names) == "You pass."
    assert say("en", Event("turn_passed", 0), names) == "Your turn."
    assert say("en", Event("turn_passed", 1), names) == "Ben's turn."
    assert say("en", Event("game_over", 0, value=[0]), names) == "Game over. You win!"
    du = ["Du", "Ben"]
    assert say("de", Event("rolled", 0, value=(6, 5, 3, 4)), du) == "Du würfelst 6-5-3-4."
    assert say("de", Event("moved", 0, 8, 2), du) == "Du rückst in Reihe 8 auf Feld 2 vor."
    assert say("de", Event("chip", 0, 9, value=9), du) == "Du nimmst einen 9er-Chip."
    assert say("de", Event("chip", 1, 9, value=9), du) == "Ben nimmt einen 9er-Chip."
    assert say("de", Event("game_over", 0, value=[0]), du) == "Spielende. Du gewinnst!"
    # a "You" in a German log is "Du"
    assert say("de", Event("entered", 0, 6, 1), names) == "Du setzt in Reihe 6 ein."


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_kind_has_a_sentence(language: str) -> None:
    from levelwidgets.levelx.events import EVENT_KINDS

    for kind in (*EVENT_KINDS, "passed"):
        for subject in (0, 1):
            event = Event(kind, subject, 5, 2, 1 - subject, value=(1, 2, 3, 4))
            if kind == "game_over":
                event = Event(kind, subject, value=[subject])
            text = say(language, event, ["You", "Ben"])
            assert text and text != kind and "{" not in text and "None" not in text, (kind, text)


def test_the_widget_log_follows_its_language() -> None:
    w = LevelXWidget(players=["You", "Ben"], seed=1, bot_delay=0)
    w.roll((2, 3, 4, 5))
    assert w.view["log"][-1] == ["You roll 2-3-4-5.", "rolled", 0]
    seq = w.view["seq"]
    w.language = "de"  # the log is written again, in German
    assert w.view["seq"] == seq + 1
    assert w.view["log"][-1] == ["Du würfelst 2-3-4-5.", "rolled", 0]
    w.play("2+3 4+5")
    assert [line[0] for line in w.view["log"][-2:]] == [
        "Du setzt in Reihe 5 ein.",
        "Du setzt in Reihe 9 ein.",
    ]
    assert w.view["eventTexts"][-1] == "Ben ist dran."  # the ticker's sentences too
