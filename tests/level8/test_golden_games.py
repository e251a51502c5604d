"""Seeded games must stay exactly the same when the engine or the bots are sped up.

The digests below are of :meth:`Level8.to_json` (config, full history with shuffles, state,
RNG state; without the record's own ``check`` digest of them) for games recorded before the
speed work; a behaviour change in the rules, the
solver or the HeuristicBot changes them. If a change is *meant* to alter play, re-record
them on purpose (and say so in the commit).
"""

from __future__ import annotations

import hashlib
import json

import pytest
from old_writers import level8_old_json  # tests/ is on sys.path

from levelwidgets.level8 import HeuristicBot, RandomBot, play_game

GOLDEN = {
    "4 heuristic, seed 0": "e43a6d427214ee2f33cd1faca5c67be9c7ebdbd79977f0445ff16b23ad31ff56",
    "4 heuristic, seed 1": "7decbbfb3625bf2e773d42c9160ea9108697fe2dc7600cc047f41f68ba99b3b2",
    "6 heuristic two-star 3": "407d57c1b7ef3020ea149c7863cc73ba26aa925d67dbbf3366895c7f287ab8b5",
    "random mix, seed 2": "56579d34ea8108d59740e72f676b10e87aa2813c2520453506bbfca42e943111",
}


def _game(name: str):
    if name.startswith("4 heuristic"):
        seed = int(name[-1])
        return play_game([HeuristicBot(seed * 4 + k) for k in range(4)], seed=seed)
    if name.startswith("6 heuristic"):
        return play_game([HeuristicBot(30 + k) for k in range(6)], seed=3, sides="two")
    bots = [RandomBot(2), HeuristicBot(3), RandomBot(4)]
    return play_game(bots, seed=2, max_actions=3000)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_seeded_game_is_unchanged(name):
    record = json.loads(level8_old_json(_game(name)))
    record.pop("check", None)  # a digest of the rest (records carry one since issue 14)
    digest = hashlib.sha256(json.dumps(record).encode()).hexdigest()
    assert digest == GOLDEN[name]
