"""Determinization: a full :class:`Level8` position consistent with one seat's observation.

A search bot must not look at hidden cards, so it samples them: every card it cannot see
(all cards minus its hand, the laid combinations, the discard tops and the skip cards in
front of players) is dealt at random into the opponents' hands, the covered parts of the
discard piles and the draw pile; the skip cards under the draw pile are drawn from the
unseen skip cards. An opponent's hand is then shaped like a played one (an opponent model,
see :func:`plausible_hand`); all of it uses the observation and the given RNG only.
Everything public (levels, laid combinations, counts, whose turn) is copied from the
observation. The position is built with :meth:`Level8.from_position`, so the engine checks
it like any hand-made position; no engine internals are used.
"""

from __future__ import annotations

import random

from .cards import ALL_IDS, END_SKIP, FIRST_JOKER, FIRST_SKIP, is_joker
from .game import HAND_SIZE, Level8
from .levels import Level, LevelSequence
from .observation import Observation
from .solver import cards_missing

__all__ = ["MODEL_STEPS", "determinize", "plausible_hand", "unseen_cards"]

#: At most this many turns of drawing and discarding shape an opponent's dealt hand.
MODEL_STEPS = 10


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


def plausible_hand(
    hand: list[int],
    pool: list[int],
    level: Level,
    steps: int,
    rng: random.Random,
    *,
    skips: bool = False,
) -> None:
    """Make a dealt hand of an opponent who has not laid down look played (in place).

    A uniformly dealt hand is weaker than a real one: its player has drawn and discarded
    toward their level all round, so rollouts would underrate them. So, ``steps`` times, a
    random card of ``pool`` (the other unseen cards) comes in and a card outside the hand's
    best plan goes back (never a joker). Then the hand is made to fit what the table shows
    about a HeuristicBot-like player who has had a turn: no complete level (they would have
    laid it down) and, unless ``skips`` (nobody to skip), no skip card (they play one at
    once), as far as a few swaps with ``pool`` allow.
    """
    if not pool:
        return
    for _ in range(steps):
        j = rng.randrange(len(pool))
        card = pool[j]
        if FIRST_SKIP <= card < END_SKIP:
            continue
        hand.append(card)
        miss = cards_missing(hand, level)
        if miss.count == 0:
            hand.pop()  # this card would have completed the level: not drawn
            continue
        used = miss.used_cards
        out = rng.choice(
            [c for c in hand if c < FIRST_JOKER and c not in used]
            or [c for c in hand if c < FIRST_JOKER]
            or hand
        )
        hand.remove(out)
        pool[j] = out
    plain = [j for j, c in enumerate(pool) if c < FIRST_JOKER]  # each swapped in once at most
    rng.shuffle(plain)
    for i, c in enumerate(hand):
        if FIRST_SKIP <= c < END_SKIP and plain and not skips:
            j = plain.pop()
            hand[i], pool[j] = pool[j], c
    for _ in range(10):
        miss = cards_missing(hand, level)
        if miss.count or not plain:
            return
        out = rng.choice([c for c in hand if c in miss.used_cards or is_joker(c)])
        j = plain.pop()
        hand[hand.index(out)], pool[j] = pool[j], out


def _turns_played(obs: Observation, q: int) -> int:
    """About how many turns ``q`` has had this round: at least one per blind draw, in seat
    order from the dealer's left (after a rebuild of the draw pile: :data:`MODEL_STEPS`)."""
    n = obs.num_players
    drawn = len(ALL_IDS) - HAND_SIZE * n - 1 - obs.draw_count
    if drawn < 0:
        return MODEL_STEPS
    offset = (q - obs.dealer - 1) % n  # turns before q's first
    return min(MODEL_STEPS, max(0, (drawn - offset + n - 1) // n))


def determinize(obs: Observation, rng: random.Random, *, model_opponents: bool = True) -> Level8:
    """A game whose position ``obs``'s viewer cannot tell apart from the observed one.

    Hidden cards are dealt at random (from ``rng`` only): uniformly, then, with
    ``model_opponents``, each hand of an opponent who has not laid down is made
    :func:`plausible <plausible_hand>` for the turns it has played (none: left as dealt).
    The new game's own RNG (for later rebuilds of the draw pile) is seeded from ``rng`` too.
    Works in the phases a turn is in progress ("draw", "play", "skipped"); raises the
    engine's :class:`~levelwidgets.level8.ConfigError` for a position it cannot set up
    (e.g. after a draw was skipped for want of cards, which the observation does not show).
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
    pool = rest[pos:]
    if model_opponents:
        for q, level in enumerate(obs.requirements):
            steps = _turns_played(obs, q)
            if q != me and not obs.laid[q] and level is not None and steps:
                targets = any(not skipped for r, skipped in enumerate(obs.skipped) if r != q)
                plausible_hand(hands[q], pool, level, steps, rng, skips=not targets)
        rng.shuffle(pool)
    pos = 0
    for count, top in zip(obs.discard_counts, obs.discard_tops, strict=True):
        covered = pool[pos : pos + count - 1] if top is not None else []
        pos += len(covered)
        discards.append([*covered, top] if top is not None else [])
    draw_pile = pool[pos:]
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
