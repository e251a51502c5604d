"""Setting up a Level 8 game: players, sides, start levels, stacked decks, and constants.

:func:`make_config` checks the arguments of :class:`~levelwidgets.level8.Level8` and turns
them into the game's ``config`` (plain data, stored in every JSON record);
:func:`stack_deck` builds a deck order that deals chosen hands, for lessons and tests.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .cards import ALL_IDS, CODES, END_SKIP, FIRST_SKIP, parse_card, parse_cards
from .combos import as_combo
from .errors import ConfigError, Level8Error, LevelSpecError
from .levels import LevelSequence, parse_levels, sequence_for

#: Cards dealt to each player (fewer only when the two-star rule kept some).
HAND_SIZE = 10
#: Hand cards a two-star player may keep for the next round.
KEEP_MAX = 4
#: The phases of a turn and of the round break, in the order they occur.
PHASES = ("draw", "play", "skipped", "keep", "round_over", "over")


def parse_players(players: object) -> list[str]:
    """Player names from a count (2–6) or a list of distinct, non-empty names."""
    if isinstance(players, bool):
        raise ConfigError("players must be a number 2–6 or a list of names")
    if isinstance(players, int):
        if not 2 <= players <= 6:
            raise ConfigError(f"Level 8 is for 2 to 6 players, not {players}")
        return [f"Player {i + 1}" for i in range(players)]
    if isinstance(players, str) or not isinstance(players, Iterable):
        raise ConfigError("players must be a number 2–6 or a list of names")
    names = list(players)
    if not 2 <= len(names) <= 6:
        raise ConfigError(f"Level 8 is for 2 to 6 players, not {len(names)}")
    for nm in names:
        if not isinstance(nm, str) or not nm.strip():
            raise ConfigError(f"player names must be non-empty strings, not {nm!r}")
    if len(set(names)) != len(names):
        raise ConfigError("player names must be different from each other")
    return names


def parse_sides(
    sides: object, n: int, builtin: Callable[[object], LevelSequence] = sequence_for
) -> list[LevelSequence]:
    """One level sequence per player from ``"one"``/``"two"``, a custom sequence, or a list.

    ``builtin`` maps ``"one"``/``"two"`` (and custom specs) to sequences: the card game's
    sides by default, the board game passes its own.
    """

    def is_side(x: object) -> bool:
        return isinstance(x, LevelSequence) or (
            isinstance(x, str) and x.strip().lower() in ("one", "two", "1", "2")
        )

    try:
        if isinstance(sides, (str, LevelSequence)):
            return [builtin(sides)] * n
        if isinstance(sides, Iterable):
            items = list(sides)
            if items and all(is_side(x) for x in items):
                if len(items) != n:
                    raise ConfigError(f"sides lists {len(items)} entries for {n} players")
                return [builtin(x) for x in items]
            if (
                items
                and all(isinstance(x, (list, tuple, LevelSequence)) for x in items)
                and len(items) == n
                and not all(isinstance(x, tuple) and len(x) == 2 for x in items)
            ):
                # probably one custom sequence per player; else one shared sequence
                try:
                    return [parse_levels(x) for x in items]
                except LevelSpecError:
                    try:
                        return [parse_levels(items)] * n
                    except LevelSpecError:
                        pass
                    raise
            return [parse_levels(items)] * n
    except LevelSpecError as e:
        raise ConfigError(f"invalid sides: {e}") from None
    raise ConfigError('sides must be "one", "two", a level sequence, or one per player')


def check_seed(seed: object) -> int | str:
    """The seed as given, or a fresh random one for ``None``."""
    if seed is None:
        return random.SystemRandom().randrange(2**63)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ConfigError(f"seed must be an int or a str, not {type(seed).__name__}")
    return seed


def check_seat(value: object, n: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < n:
        raise ConfigError(f"{what} must be a seat number 0–{n - 1}, not {value!r}")
    return value


def check_levels(
    levels: Sequence[object] | None, names: Sequence[str], seqs: Sequence[LevelSequence]
) -> list[int]:
    """Start levels, one per player, each a level of that player's sequence (default 1)."""
    n = len(names)
    if levels is None:
        return [1] * n
    if isinstance(levels, (str, bytes)) or not isinstance(levels, Iterable):
        raise ConfigError(f"levels need one level per player ({n}), not {levels!r}")
    out = list(levels)
    if len(out) != n:
        raise ConfigError(f"start_levels needs one level per player ({n}), got {out}")
    for i, lv in enumerate(out):
        if isinstance(lv, bool) or not isinstance(lv, int) or not 1 <= lv <= len(seqs[i]):
            raise ConfigError(f"start level {lv!r} of {names[i]} is not a level 1–{len(seqs[i])}")
    return out  # type: ignore[return-value]


def check_cap(lay_down_cap: object) -> int:
    if isinstance(lay_down_cap, bool) or not isinstance(lay_down_cap, int) or lay_down_cap < 1:
        raise ConfigError("lay_down_cap must be a positive int")
    return lay_down_cap


def make_config(
    players: object,
    seed: object,
    sides: object,
    dealer: object,
    start_levels: Sequence[object] | None,
    deck: Sequence[object] | None,
    lay_down_cap: object,
    *,
    builtin: Callable[[object], LevelSequence] = sequence_for,
    deck_cards: Sequence[int] = ALL_IDS,
    deck_rule: str = "deck must contain each of the 101 cards exactly once",
) -> tuple[dict[str, Any], list[LevelSequence]]:
    """Check a new game's arguments; return its config (plain data) and level sequences.

    The board game passes its own built-in sides (``builtin``), the cards a stacked deck
    must hold (``deck_cards``) and the sentence saying so (``deck_rule``).
    """
    names = parse_players(players)
    n = len(names)
    seqs = parse_sides(sides, n, builtin)
    seed = check_seed(seed)
    dealer = check_seat(n - 1 if dealer is None else dealer, n, "dealer")
    start = check_levels(start_levels, names, seqs)
    deck_ids: list[int] | None = None
    if deck is not None:
        deck_ids = parse_cards(deck)
        if sorted(deck_ids) != sorted(deck_cards):
            raise ConfigError(deck_rule)
    config: dict[str, Any] = {
        "players": names,
        "seed": seed,
        "sides": [s.to_dict() for s in seqs],
        "dealer": dealer,
        "start_levels": start,
        "deck": deck_ids,
        "lay_down_cap": check_cap(lay_down_cap),
    }
    return config, seqs


def stack_deck(
    hands: Sequence[Iterable[object]],
    first_discard: object,
    draw_pile: Iterable[object] = (),
    dealer: int | None = None,
) -> list[int]:
    """The deck order (first = top) that deals exactly ``hands`` (10 cards each, seat order),
    turns up ``first_discard`` and leaves ``draw_pile`` on top of the draw pile (first = top;
    all remaining cards follow in id order). For teachers' set-ups and tests."""
    n = len(hands)
    hs = [parse_cards(h) for h in hands]
    if dealer is None:
        dealer = n - 1
    if any(len(h) != HAND_SIZE for h in hs):
        raise ConfigError("each stacked hand needs exactly 10 cards")
    top = [parse_card(first_discard)]
    pile = parse_cards(draw_pile)
    order: list[int] = []
    for k in range(HAND_SIZE):
        for j in range(1, n + 1):
            order.append(hs[(dealer + j) % n][k])
    order += top + pile
    dup = [CODES[c] for c, k in Counter(order).items() if k > 1]
    if dup:
        raise ConfigError(f"the stacked cards name {', '.join(dup)} more than once")
    seen = set(order)
    order += [c for c in ALL_IDS if c not in seen]
    return order


#: Phases a hand-made position may start in (a turn in progress, not a round break).
SETUP_PHASES = ("draw", "play", "skipped")


def _per_player(value: object, n: int, what: str, default: object) -> list:
    if value is None:
        return [default() if callable(default) else default for _ in range(n)]
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise ConfigError(f"{what} needs one entry per player ({n}), not {value!r}")
    items = list(value)
    if len(items) != n:
        raise ConfigError(f"{what} needs one entry per player ({n}), got {len(items)}")
    return items


def make_position(
    players: object,
    hands: object,
    melds: object,
    discards: object,
    draw_pile: object,
    levels: object,
    laid: object,
    current: object,
    phase: object,
    dealer: object,
    round: object,
    skips: object,
    sides: object,
    seed: object,
    lay_down_cap: object,
    under: object = None,
) -> tuple[dict[str, Any], list[LevelSequence]]:
    """Check a hand-made position (see :meth:`Level8.from_position`); return its config.

    Raises :class:`ConfigError` naming what is wrong: cards twice or missing, invalid
    combinations, laid-down flags that disagree with the table, hand sizes the rules do not
    allow, a phase that does not fit the skip cards.
    """
    if hands is None or isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
        raise ConfigError("hands must list every player's hand, e.g. [['1R', '2R', ...], ...]")
    hand_list = list(hands)
    names = parse_players(len(hand_list) if players is None else players)
    n = len(names)
    hand_list = _per_player(hand_list, n, "hands", list)
    seqs = parse_sides(sides, n)
    seed = check_seed(seed)
    cap = check_cap(lay_down_cap)
    lvls = check_levels(levels, names, seqs)  # type: ignore[arg-type]
    cur = check_seat(current, n, "current")
    deal = check_seat((cur - 1) % n if dealer is None else dealer, n, "dealer")
    if isinstance(round, bool) or not isinstance(round, int) or round < 1:
        raise ConfigError(f"round must be a positive int, not {round!r}")
    if phase not in SETUP_PHASES:
        raise ConfigError(
            f"phase must be one of {', '.join(SETUP_PHASES)} (a turn in progress), not {phase!r}"
        )

    where: dict[int, str] = {}
    twice: list[str] = []

    def place(cards: object, label: str) -> list[int]:
        try:
            ids = parse_cards(cards)
        except Level8Error as e:
            raise ConfigError(f"{label}: {e}") from None
        for cid in ids:
            if cid in where:
                twice.append(f"{CODES[cid]} ({where[cid]} and {label})")
            else:
                where[cid] = label
        return ids

    hand_ids = [place(h, f"{names[q]}'s hand") for q, h in enumerate(hand_list)]
    meld_dicts: list[list[dict]] = []
    for q, ms in enumerate(_per_player(melds, n, "melds", list)):
        if isinstance(ms, (str, bytes)) or not isinstance(ms, Iterable):
            raise ConfigError(f"melds of {names[q]} must be a list of combinations, not {ms!r}")
        row = []
        for i, m in enumerate(ms):
            try:
                combo = as_combo(m)
            except Level8Error as e:
                raise ConfigError(f"laid combination #{i + 1} of {names[q]}: {e}") from None
            place(combo.cards, f"{names[q]}'s combination #{i + 1}")
            row.append(combo.to_dict())
        meld_dicts.append(row)
    pile_ids = [
        place(d, f"{names[q]}'s discard pile")
        for q, d in enumerate(_per_player(discards, n, "discards", list))
    ]
    skip_ids: list[int | None] = []
    for q, sk in enumerate(_per_player(skips, n, "skips", None)):
        if sk is None:
            skip_ids.append(None)
            continue
        (cid,) = place([sk], f"in front of {names[q]}")
        if not FIRST_SKIP <= cid < END_SKIP:
            raise ConfigError(f"only a skip card can lie in front of {names[q]}, not {CODES[cid]}")
        skip_ids.append(cid)
    under_ids = [] if under is None else place(under, "under the draw pile")
    if any(not FIRST_SKIP <= cid < END_SKIP for cid in under_ids):
        wrong = " ".join(CODES[cid] for cid in under_ids if not FIRST_SKIP <= cid < END_SKIP)
        raise ConfigError(f"only skip cards lie face up under the draw pile, not {wrong}")
    draw_ids = None if draw_pile is None else place(draw_pile, "the draw pile")
    if twice:
        raise ConfigError("every card exists once, but these are placed twice: " + "; ".join(twice))
    if draw_ids is not None and len(where) != len(ALL_IDS):
        missing = [CODES[c] for c in ALL_IDS if c not in where]
        raise ConfigError(
            f"all 101 cards must be placed exactly once; {len(missing)} are missing: "
            f"{' '.join(missing)} (or leave draw_pile=None: the rest is shuffled into it)"
        )

    is_laid = [bool(row) for row in meld_dicts]
    if laid is not None:
        flags = _per_player(laid, n, "laid", False)
        for q in range(n):
            if bool(flags[q]) != is_laid[q]:
                raise ConfigError(
                    f"{names[q]} is marked as laid down but has no laid combination"
                    if flags[q]
                    else f"{names[q]} is marked as not laid down but has "
                    f"{len(meld_dicts[q])} laid combination(s)"
                )
    for q in range(n):
        if not is_laid[q]:
            continue
        level = seqs[q].level(lvls[q])
        if lvls[q] == len(seqs[q]):
            raise ConfigError(
                f"{names[q]} cannot have laid down level {lvls[q]}: laying down the last "
                "level wins the game at once"
            )
        have = sorted((m["kind"], len(m["cards"])) for m in meld_dicts[q])
        need = sorted((r.kind, r.n) for r in level.requirements)
        if len(have) != len(need) or any(
            hk != nk or hn < nn for (hk, hn), (nk, nn) in zip(have, need, strict=True)
        ):
            shown = " + ".join(f"{k} of {k_n}" for k, k_n in have)
            raise ConfigError(
                f"the laid combinations of {names[q]} ({shown}) are not level {lvls[q]} "
                f"({level.describe()}), not even grown by add-ons"
            )
    for q in range(n):
        size = len(hand_ids[q])
        drawn = q == cur and phase == "play"
        if is_laid[q]:
            if size < 1:
                raise ConfigError(
                    f"{names[q]} holds no card; every player holds one during a round"
                )
        elif size != HAND_SIZE + drawn:
            rule = (
                f"holds {HAND_SIZE + 1} cards after drawing (phase 'play')"
                if drawn
                else f"holds {HAND_SIZE} cards between turns"
            )
            raise ConfigError(f"{names[q]} has not laid down, so {names[q]} {rule}, not {size}")
    if phase == "skipped" and skip_ids[cur] is None:
        raise ConfigError(f"phase 'skipped' needs a skip card in front of {names[cur]}")
    if phase != "skipped" and skip_ids[cur] is not None:
        raise ConfigError(
            f"a skip card lies in front of {names[cur]}, so the turn's phase is 'skipped'"
        )

    config: dict[str, Any] = {
        "players": names,
        "seed": seed,
        "sides": [s.to_dict() for s in seqs],
        "dealer": deal,
        "start_levels": lvls,
        "deck": None,
        "lay_down_cap": cap,
        "position": {
            "round": round,
            "current": cur,
            "phase": phase,
            "hands": hand_ids,
            "melds": meld_dicts,
            "discards": pile_ids,
            "skips": skip_ids,
            "under": under_ids,
            "draw": draw_ids,
        },
    }
    return config, seqs
