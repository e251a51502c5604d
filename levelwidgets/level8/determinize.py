"""Determinization: a full :class:`Level8` position consistent with one seat's observation.

A search bot must not look at hidden cards, so it samples them: every card it cannot see
(all cards minus its hand, the laid combinations, the discard tops and the skip cards in
front of players) is dealt at random into the opponents' hands, the covered parts of the
discard piles and the draw pile; the skip cards under the draw pile are drawn from the
unseen skip cards. Everything public (levels, laid combinations, counts, whose turn) is
copied from the observation. The position is built with :meth:`Level8.from_position`, so
the engine checks it like any hand-made position; no engine internals are used.
"""

from __future__ import annotations

import random

from .cards import ALL_IDS, END_SKIP, FIRST_SKIP
from .game import Level8
from .levels import LevelSequence
from .observation import Observation

__all__ = ["determinize", "unseen_cards"]


def unseen_cards(obs: Observation) -> list[int]:
    """The cards ``obs``'s viewer cannot see, in id order (what a determinization deals)."""
    if obs.hand is None:
        raise ValueError("a determinization needs a seat's view (with its own hand)")
    seen = set(obs.hand)
    seen.update(obs.kept or ())
    seen.update(c for ms in obs.melds for combo in ms for c in combo.cards)
    seen.update(c for c in obs.discard_tops if c is not None)
    seen.update(c for c in obs.skip_cards if c is not None)
    return [c for c in ALL_IDS if c not in seen]


def _sequences(obs: Observation) -> list[LevelSequence]:
    """Stand-in level sequences (observed names and lengths): the current level everywhere.

    An observation names a player's current level only, not the whole sequence (custom
    sequences are not recoverable from their name). That is all a round needs: the levels
    are copied and a rollout stops at the round's end. No keep levels: the keep phase
    comes after the round's end.
    """
    seqs = []
    for name, req, count in zip(obs.sides, obs.requirements, obs.level_counts, strict=True):
        if req is None:
            raise ValueError("a player has already won: there is no round to search")
        seqs.append(LevelSequence(name, (req,) * count))
    return seqs


def determinize(obs: Observation, rng: random.Random) -> Level8:
    """A game whose position ``obs``'s viewer cannot tell apart from the observed one.

    Hidden cards are dealt uniformly at random (from ``rng`` only); the new game's own RNG
    (for later rebuilds of the draw pile) is seeded from ``rng`` too. Works in the phases a
    turn is in progress ("draw", "play", "skipped"); raises the engine's
    :class:`~levelwidgets.level8.ConfigError` for a position it cannot set up (e.g. after a
    draw was skipped for want of cards, which the observation does not show).
    """
    unseen = unseen_cards(obs)
    hidden_skips = [c for c in unseen if FIRST_SKIP <= c < END_SKIP]
    under = rng.sample(hidden_skips, obs.under_count)
    rest = [c for c in unseen if c not in under]
    rng.shuffle(rest)
    me = obs.viewer
    hands: list[list[int]] = []
    discards: list[list[int]] = []
    pos = 0
    for q, count in enumerate(obs.hand_counts):
        if q == me:
            hands.append(list(obs.hand or ()))
        else:
            hands.append(rest[pos : pos + count])
            pos += count
    for count, top in zip(obs.discard_counts, obs.discard_tops, strict=True):
        covered = rest[pos : pos + count - 1] if top is not None else []
        pos += len(covered)
        discards.append([*covered, top] if top is not None else [])
    draw_pile = rest[pos:]
    if len(draw_pile) != obs.draw_count:
        raise ValueError(
            f"the observation does not add up: {len(draw_pile)} unseen cards left for a draw "
            f"pile of {obs.draw_count}"
        )
    return Level8.from_position(
        list(obs.names),
        hands=hands,
        melds=obs.melds,
        discards=discards,
        draw_pile=draw_pile,
        levels=obs.levels,
        current=obs.current_player,
        phase=obs.phase,
        dealer=obs.dealer,
        round=obs.round,
        skips=obs.skip_cards,
        under=under,
        sides=_sequences(obs),
        seed=rng.getrandbits(63),
        lay_down_cap=obs.lay_down_cap,
    )
