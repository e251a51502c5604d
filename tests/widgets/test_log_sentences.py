"""The log's sentences are written once per event object, names and language (widgets/log.py),
and are always the engine's own sentence for the event the viewer gets."""

from __future__ import annotations

import random

from levelwidgets.level8 import Level8
from levelwidgets.levelx import LevelX
from levelwidgets.widgets import log
from levelwidgets.widgets.log import log_lines


def fresh(game, events, viewer, language):
    """The sentences written from scratch, as before the cache."""
    names = list(game.names)
    return [
        [e.describe(names, language=language), e.kind, e.player]
        for e in game.events_for(events, viewer)
    ]


def test_every_line_is_the_engines_sentence_in_every_language_and_for_every_viewer():
    game = Level8(players=["Ann", "Ben", "Cy"], seed=3)
    rng = random.Random(3)
    events = []
    differ = 0  # lines a seat reads otherwise than another (a card only one of them saw)
    for _ in range(120):
        if game.is_over:
            break
        events += game.apply(rng.choice(game.legal_actions()))
        for language in ("en", "de", "fr"):
            lines = {}
            for viewer in (0, 1, 2, None, 1, 0):  # each viewer after another, and again
                got = log_lines(game, events[-8:], viewer, language)
                assert got == fresh(game, events[-8:], viewer, language)
                lines[viewer] = got
            differ += lines[0] != lines[1]
    assert differ > 0


def test_a_sentence_follows_the_names_and_the_language():
    game = LevelX(players=["Ann", "Ben"], seed=1)
    events = game.roll()
    assert "Ann" in log_lines(game, events, None, "en")[0][0]
    other = LevelX(players=["Zoe", "Ben"], seed=1)
    assert "Zoe" in log_lines(other, events, None, "en")[0][0]  # same events, other names
    assert log_lines(game, events, None, "de") == fresh(game, events, None, "de")
    assert log_lines(game, events, None, "de") != log_lines(game, events, None, "en")


def test_the_cache_stays_bounded_and_holds_the_events_it_names(monkeypatch):
    monkeypatch.setattr(log, "SENTENCES_KEPT", 16)
    monkeypatch.setattr(log, "_SENTENCES", {})
    game = LevelX(players=["Ann", "Ben"], seed=2)
    for _ in range(40):
        if game.is_over:
            game = LevelX(players=["Ann", "Ben"], seed=3)
        events = game.roll()
        log_lines(game, events, None, "en")
        game.apply(game.legal_actions()[0])
        assert len(log._SENTENCES) <= 16
    for key, (event, *_rest) in log._SENTENCES.items():
        assert key == id(event)  # the event is held: its id names it while the entry lives
