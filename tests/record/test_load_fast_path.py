"""A record load's fast paths: the Level X replay fast path does what the checked replay does
(same events, same position, same refusals), and a load leaves the cycle collector as it
found it."""

from __future__ import annotations

import gc

import pytest

from levelwidgets.errors import GameError
from levelwidgets.levelx import LevelX
from levelwidgets.levelx.samples import long_game
from levelwidgets.levelx.steps import apply_step
from levelwidgets.record import GameRecord, RecordError
from levelwidgets.record.adapter import refused
from levelwidgets.record.levelx_adapter import ADAPTER


def _checked(game: LevelX, step: dict) -> tuple:
    with refused():
        return tuple(apply_step(game, step))


def _refusal(play, game: LevelX, step: dict) -> str:
    with pytest.raises(RecordError) as info:
        play(game, step)
    return str(info.value)


def test_fast_replay_gives_the_checked_replays_events_and_position():
    played = long_game(120, move_chance=0.5)
    fast = ADAPTER.new_game(ADAPTER.config_of(played))
    checked = ADAPTER.new_game(ADAPTER.config_of(played))
    taken = 0
    for step in played.steps():
        assert ADAPTER.apply(fast.clone(), step) == _checked(fast.clone(), step)
        events = fast._replay_step(step)
        taken += events is not None
        if events is None:
            events = apply_step(fast, step)
        assert events == apply_step(checked, step)
    assert taken == len(played.steps())  # every well-formed step of a game took the fast path
    assert fast.to_dict() == checked.to_dict() == played.to_dict()


def _rolled(dice: list[int]) -> LevelX:
    game = LevelX(seed=5)
    game.roll(dice)
    return game


def _seeded_dice(game: LevelX) -> list[int]:
    probe = game.clone()
    probe.roll()
    return list(probe.dice)


def test_refused_steps_read_the_same_on_both_paths():
    fresh = LevelX(seed=5)
    seeded = _seeded_dice(fresh)
    wrong = [6, 6, 6, 6] if seeded != [6, 6, 6, 6] else [1, 1, 1, 1]
    # a legal "1+4" first, so the fast path has read that notation once (for other dice)
    ADAPTER.apply(_rolled([1, 4, 2, 2]), {"kind": "move", "player": 0, "move": "1+4"})
    cases = [
        (_rolled([6, 6, 6, 6]), {"kind": "move", "player": 0, "move": "1+4"}),  # not these dice
        (_rolled([1, 2, 3, 4]), {"kind": "move", "player": 1, "move": "-"}),  # not their turn
        (_rolled([1, 2, 3, 4]), {"kind": "roll", "player": 0, "dice": seeded, "drawn": True}),
        (fresh, {"kind": "roll", "player": 0, "dice": wrong, "drawn": True}),  # not the seed's
        (fresh, {"kind": "move", "player": 0, "move": "-"}),  # not rolled yet
    ]
    for game, step in cases:
        before = game.to_dict()
        quick = game.clone()
        try:
            declined = quick._replay_step(step) is None
        except GameError:  # the engine's refusal, translated by the adapter below
            declined = False
        if declined:  # nothing changed
            assert quick.to_dict() == before
        fast_words = _refusal(ADAPTER.apply, game.clone(), step)
        assert fast_words == _refusal(_checked, game.clone(), step)
        assert game.to_dict() == before


def test_a_load_leaves_the_cycle_collector_as_it_found_it():
    text = GameRecord.from_game(long_game(30)).to_json()
    was_on = gc.isenabled()
    try:
        gc.enable()
        GameRecord.from_json(text)
        assert gc.isenabled()
        with pytest.raises(RecordError):
            GameRecord.from_json(text.replace('"levelx"', '"chess"', 1))
        assert gc.isenabled()  # a refused load too
        gc.disable()
        GameRecord.from_json(text)
        assert not gc.isenabled()  # whoever switched it off keeps it off
    finally:
        (gc.enable if was_on else gc.disable)()


def test_a_load_checks_the_digest_without_the_slow_reader(monkeypatch):
    """The load's own digest text is ``record_check``'s: a saved record passes without
    ``check_digest`` (names, comments and variations included); an edited step is refused
    by ``check_digest`` itself, in its words."""
    from levelwidgets import level8
    from levelwidgets.record import io

    game = long_game(40, players=("Zoë", "Ben ☃"), move_chance=0.5)
    rec = GameRecord.from_game(game)
    list(rec.mainline())[5].comment('A "quoted" comment: ünïcode ✓')
    cursor = rec.cursor()
    for node in rec.mainline():  # a variation: another move after some roll
        if node.kind == "roll" and node.next() is not None:
            cursor.goto(node)
            played = node.next().notation
            other = [m.notation for m in cursor.game.legal_moves() if m.notation != played]
            if other:
                cursor.play(other[0])
                break
    assert any(len(n.variations) > 1 for n in rec.mainline())
    cards = GameRecord.from_game(
        level8.play_game([level8.HeuristicBot(i) for i in range(3)], seed=2)
    )
    texts = [rec.to_json(), cards.to_json()]

    def slow(_data):
        raise AssertionError("the load's own digest differed from record_check")

    with monkeypatch.context() as patched:
        patched.setattr(io, "check_digest", slow)
        for text in texts:
            GameRecord.from_json(text)
    edited = texts[0].replace('"drawn": true', '"drawn":  true', 1)
    assert edited != texts[0]
    GameRecord.from_json(edited)  # spacing is no change
    tampered = texts[0].replace('"Zo\\u00eb"', '"Zoe"').replace('"Zoë"', '"Zoe"')
    assert tampered != texts[0]
    with pytest.raises(RecordError, match="changed after it was saved"):
        GameRecord.from_json(tampered)
