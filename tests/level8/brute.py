"""Brute-force reference for the solver: try every subset of natural cards per requirement."""

from __future__ import annotations

from itertools import combinations

from levelwidgets.level8.levels import Level


def core_ok(kind: str, n: int, core: tuple[int, ...]) -> bool:
    """Can these natural cards plus ``n - len(core)`` jokers form the combination?"""
    if not core:
        return True
    nums = [c % 15 + 1 for c in core]
    if kind == "set":
        return len(set(nums)) == 1
    if kind == "colour":
        return len({c // 15 for c in core}) == 1
    if len(set(nums)) != len(nums):
        return False
    # some window lo..lo+n-1 inside 1..15 must contain all numbers
    return any(lo <= min(nums) and max(nums) <= lo + n - 1 for lo in range(1, 17 - n))


def brute_ways(hand: list[int], level: Level, jokers: int | None = None) -> set[tuple]:
    """Every distinct way as a sorted tuple of (kind, n, natural cards) per combination."""
    naturals = sorted(c for c in hand if c < 90)
    if jokers is None:
        jokers = sum(1 for c in hand if 90 <= c < 97)
    reqs = list(level.requirements)
    per_req = []
    for r in reqs:
        cores = [
            core
            for k in range(max(0, r.n - jokers), r.n + 1)
            for core in combinations(naturals, k)
            if core_ok(r.kind, r.n, core)
        ]
        per_req.append(cores)
    out: set[tuple] = set()

    def rec(i: int, used: frozenset, left: int, acc: list) -> None:
        if i == len(reqs):
            out.add(tuple(sorted(acc)))
            return
        r = reqs[i]
        for core in per_req[i]:
            need = r.n - len(core)
            if need > left or used.intersection(core):
                continue
            acc.append((r.kind, r.n, tuple(core)))
            rec(i + 1, used | frozenset(core), left - need, acc)
            acc.pop()

    rec(0, frozenset(), jokers, [])
    return out


def brute_missing(hand: list[int], level: Level) -> int:
    """Fewest extra (virtual) jokers that make the level layable."""
    have = sum(1 for c in hand if 90 <= c < 97)
    for extra in range(level.n_cards + 1):
        if brute_ways(hand, level, have + extra):
            return extra
    raise AssertionError("unreachable: jokers alone always complete a level")
