"""The HeuristicBot's speed structures agree with the plain computations they replace.

Over the laid combinations of many seeded games: the fit table (first combination in seat
and index order, with :func:`combo_options`' first meaning), the distances kept by the bits
of run ends and set numbers, and the card bits the bot keeps of its last hand.
"""

from __future__ import annotations

from levelwidgets.level8 import HeuristicBot, play_game
from levelwidgets.level8.bots import _hand_bits
from levelwidgets.level8.cards import FIRST_JOKER, N_IDS
from levelwidgets.level8.combos import Combo, combo_options
from levelwidgets.level8.fits import _Table, fit_table


def _melds_seen(games: int) -> list[tuple[tuple[Combo, ...], ...]]:
    """Every distinct laid-combinations tuple of ``games`` seeded games of 2–5 bots."""
    seen: dict[int, tuple[tuple[Combo, ...], ...]] = {}

    def after(game: object, _events: object) -> None:
        melds = game.observation(None).melds  # type: ignore[attr-defined]
        seen.setdefault(id(melds), melds)

    for s in range(games):
        n = 2 + s % 4
        play_game([HeuristicBot(seed=s * 7 + i) for i in range(n)], seed=f"fits-{s}", after=after)
    return list(seen.values())


MELDS = _melds_seen(24)


def _plain_fit(melds: tuple[tuple[Combo, ...], ...], cid: int) -> tuple[int, int, int] | None:
    for owner, ms in enumerate(melds):
        for i, combo in enumerate(ms):
            opts = combo_options(combo, cid)
            if opts:
                return owner, i, opts[0]
    return None


def _plain_distance(melds: tuple[tuple[Combo, ...], ...], cid: int) -> float:
    num, col = cid % 15 + 1, cid // 15
    ends = []
    for ms in melds:
        for combo in ms:
            if combo.kind == "colour" and combo.value == col:
                return 0
            if combo.kind == "set" and combo.value == num:
                return 0
            if combo.kind == "run":
                lo, hi = combo.value, combo.value + len(combo.cards) - 1
                ends += [e for e in (lo - 1, hi + 1) if 1 <= e <= 15]
    return min((abs(num - e) for e in ends), default=99)


def test_the_games_lay_many_combinations():
    assert len(MELDS) > 300
    assert sum(1 for m in MELDS if sum(map(len, m)) >= 4) > 100


def test_the_fit_table_is_the_first_fitting_combination():
    for melds in MELDS:
        table = _Table(melds)
        for cid in range(N_IDS):
            assert table.fit(cid) == _plain_fit(melds, cid), (melds, cid)
        by_num, by_col, joker = fit_table(melds)  # (the board game's bot reads these)
        combos = [c for ms in melds for c in ms]
        nums = {c.value for c in combos if c.kind == "set"}
        for c in combos:
            if c.kind == "run":
                nums |= {e for e in (c.value - 1, c.value + len(c.cards)) if 1 <= e <= 15}
        assert set(by_num) == nums
        assert set(by_col) == {c.value for c in combos if c.kind == "colour"}
        assert joker == _plain_fit(melds, FIRST_JOKER)


def test_the_distances_are_the_plain_minimum():
    for melds in MELDS:
        table = _Table(melds)
        by_num, cols = table.distances()
        for cid in range(FIRST_JOKER):
            want = _plain_distance(melds, cid)
            assert table.distance(cid) == want, (melds, cid)
            assert (0 if cols >> cid // 15 & 1 else by_num[cid % 15 + 1]) == want


def test_the_kept_card_bits_are_the_kept_hands():
    class Checked(HeuristicBot):
        def choose(self, obs):  # type: ignore[no-untyped-def]
            action = super().choose(obs)
            if self._cache is not None:
                assert self._cache[0] == _hand_bits(self._cache[3])
            return action

    for s in range(12):
        play_game([Checked(seed=s * 5 + i) for i in range(2 + s % 3)], seed=f"bits-{s}")
