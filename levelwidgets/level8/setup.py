"""Setting up a Level 8 game: players, sides, start levels, stacked decks, and constants.

:func:`make_config` checks the arguments of :class:`~levelwidgets.level8.Level8` and turns
them into the game's ``config`` (plain data, stored in every JSON record);
:func:`stack_deck` builds a deck order that deals chosen hands, for lessons and tests.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from ..names import two_yous
from ..words import counted
from .cards import ALL_IDS, CODES, END_SKIP, FIRST_SKIP, parse_card, parse_cards
from .checks import MAX_TEXT, bounded, is_int, need_int, refuse, show
from .combos import as_combo
from .errors import (
    CardLimitError,
    CardTypeError,
    ConfigError,
    ConfigLimitError,
    ConfigTypeError,
    Level8Error,
    Level8TypeError,
    LevelSpecError,
)
from .levels import Level, LevelSequence, Requirement, parse_levels, sequence_for

#: Cards dealt to each player (fewer only when the two-star rule kept some).
HAND_SIZE = 10
#: Hand cards a two-star player may keep for the next round.
KEEP_MAX = 4
#: The phases of a turn and of the round break, in the order they occur.
PHASES = ("draw", "play", "skipped", "keep", "round_over", "over")


#: Most players at one table.
MAX_PLAYERS = 6
#: Longest player name (as in Level X).
MAX_NAME = 60
#: Largest lay-down cap (how many ways to lay down a level the legal actions list).
MAX_CAP = 1000
#: Longest text seed; whole-number seeds have at most 64 bits (a record can hold them).
MAX_SEED_TEXT = 200
#: Highest round number of a set-up position.
MAX_ROUND = 10_000
#: Most levels of a custom side, and longest text of one.
MAX_LEVELS = 100
_PLAYERS = "a number 2–6 or a list of 2 to 6 names"


def parse_players(players: object) -> list[str]:
    """Player names from a count (2–6) or a list of distinct, non-empty names (each at most
    :data:`MAX_NAME` characters, at most one of them "You" or "Du": see
    :mod:`levelwidgets.names`)."""
    if (type(players) is list or type(players) is tuple) and 2 <= len(players) <= MAX_PLAYERS:
        # the usual case, a list of fine names, without the generic checks (same result)
        names = list(players)
        fine = all([type(nm) is str and len(nm) <= MAX_NAME and nm.strip() for nm in names])
        if fine and len(set(names)) == len(names) and two_yous(names) is None:
            return names
    if isinstance(players, bool) or not isinstance(players, (int, str, Iterable)):
        raise refuse(ConfigTypeError, "players", _PLAYERS, players)
    if isinstance(players, int):
        if not 2 <= players <= MAX_PLAYERS:
            raise ConfigError(f"Level 8 is for 2 to 6 players, not {show(players)}")
        return [f"Player {i + 1}" for i in range(players)]
    if isinstance(players, str):
        raise refuse(ConfigTypeError, "players", _PLAYERS, players)
    names = list(_bounded(players, 64, "players", _PLAYERS))
    if not 2 <= len(names) <= MAX_PLAYERS:
        raise ConfigError(f"Level 8 is for 2 to 6 players, not {len(names)}")
    for nm in names:
        if not isinstance(nm, str):
            raise refuse(ConfigTypeError, "a player's name", "a non-empty text", nm)
        if not nm.strip() or len(nm) > MAX_NAME:
            raise refuse(
                ConfigError, "a player's name", f"a non-empty text of at most {MAX_NAME} "
                "characters", nm,
            )  # fmt: skip
    if len(set(names)) != len(names):
        raise ConfigError("player names must be different from each other")
    yous = two_yous(names)
    if yous is not None:
        raise ConfigError(
            "only one player can be called You or Du (the person at the screen), not both "
            f"{yous[0]!r} and {yous[1]!r}"
        )
    return names


def _bounded(items: object, most: int, what: str, allowed: str) -> tuple[object, ...]:
    """A set-up list read no further than ``most`` + 1 items (see :func:`.checks.bounded`)."""
    return bounded(items, most, what, allowed, error=ConfigLimitError, type_error=ConfigTypeError)


def _side_spec(spec: object, depth: int = 0) -> object:
    """``sides`` with every list read (no further than a game's levels) and every text short:
    an endless generator or a 50 MB text is refused before the levels are parsed."""
    allowed = '"one", "two", a level sequence, or one per player'
    if isinstance(spec, str):
        if len(spec) > MAX_TEXT:
            raise refuse(ConfigLimitError, "sides", allowed, spec)
        return spec
    if isinstance(spec, (LevelSequence, Level, Requirement)) or depth >= 4:
        return spec
    if depth and is_int(spec):
        return spec  # a part's size: parse_levels checks it
    if isinstance(spec, (bytes, bytearray, Mapping)) or not isinstance(spec, Iterable):
        raise refuse(ConfigTypeError, "sides", allowed, spec)
    items = _bounded(spec, MAX_LEVELS, "sides", allowed)
    out = [_side_spec(x, depth + 1) for x in items]
    return tuple(out) if isinstance(spec, tuple) else out


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

    sides = _side_spec(sides)
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


_SEED = f"None, a whole number of at most 64 bits or a text of at most {MAX_SEED_TEXT} characters"


def check_seed(seed: object) -> int | str:
    """The seed as given, or a fresh random one for ``None``."""
    if seed is None:
        return random.SystemRandom().randrange(2**63)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise refuse(ConfigTypeError, "seed", _SEED, seed)
    if isinstance(seed, int) and seed.bit_length() > 64:
        raise refuse(ConfigError, "seed", _SEED, seed)
    if isinstance(seed, str) and len(seed) > MAX_SEED_TEXT:
        raise refuse(ConfigLimitError, "seed", _SEED, seed)
    return seed


def check_seat(value: object, n: int, what: str) -> int:
    """A seat number 0 to ``n`` - 1 (not ``True``, not ``1.0``)."""
    return need_int(
        value, what, 0, n - 1, error=ConfigError, type_error=ConfigTypeError,
        allowed=f"a seat number 0–{n - 1}",
    )  # fmt: skip


def check_levels(
    levels: Sequence[object] | None, names: Sequence[str], seqs: Sequence[LevelSequence]
) -> list[int]:
    """Start levels, one per player, each a level of that player's sequence (default 1)."""
    n = len(names)
    if levels is None:
        return [1] * n
    allowed = f"a list of one level per player ({n})"
    out = list(_bounded(levels, n, "start_levels", allowed))
    if len(out) != n:
        raise refuse(ConfigError, "start_levels", allowed, levels)
    for i, lv in enumerate(out):
        if isinstance(lv, bool) or not isinstance(lv, int) or not 1 <= lv <= len(seqs[i]):
            error = ConfigError if is_int(lv) else ConfigTypeError
            raise error(f"start level {show(lv)} of {names[i]} is not a level 1–{len(seqs[i])}")
    return out  # type: ignore[return-value]


def check_cap(lay_down_cap: object) -> int:
    """How many ways to lay down a level the legal actions list (1 to :data:`MAX_CAP`)."""
    return need_int(
        lay_down_cap, "lay_down_cap", 1, MAX_CAP, error=ConfigError, type_error=ConfigTypeError
    )


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
        deck_ids = _config_cards(deck, "deck")
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
    *,
    cards: Sequence[int] = ALL_IDS,
    dealt: str = "the card game's card",
) -> list[int]:
    """The deck order (first = top) that deals exactly ``hands`` (10 cards each, seat order),
    turns up ``first_discard`` and leaves ``draw_pile`` on top of the draw pile (first = top;
    all remaining cards follow in id order). For teachers' set-ups and tests.

    ``cards`` is what the deal shuffles (the board game passes its 90 number cards, see
    :func:`levelwidgets.level8.board.stack_board_deck`; ``dealt`` names them in errors)."""
    hand_list = _bounded(hands, MAX_PLAYERS, "hands", "a list of 2 to 6 hands")
    n = len(hand_list)
    if n < 2:
        raise refuse(ConfigError, "hands", "a list of 2 to 6 hands", hands)
    hs = [_config_cards(h, "a hand") for h in hand_list]
    dealer = check_seat(n - 1 if dealer is None else dealer, n, "dealer")
    if any(len(h) != HAND_SIZE for h in hs):
        raise ConfigError("each stacked hand needs exactly 10 cards")
    top = [_config_card(first_discard, "first_discard")]
    pile = _config_cards(draw_pile, "draw_pile")
    order: list[int] = []
    for k in range(HAND_SIZE):
        for j in range(1, n + 1):
            order.append(hs[(dealer + j) % n][k])
    order += top + pile
    dup = [CODES[c] for c, k in Counter(order).items() if k > 1]
    if dup:
        raise ConfigError(f"the stacked cards name {', '.join(dup)} more than once")
    seen = set(order)
    alien = [CODES[c] for c in order if c not in set(cards)]
    if alien:
        raise ConfigError(f"{', '.join(alien)} is not dealt: this deal has {dealt}s only")
    order += [c for c in cards if c not in seen]
    return order


#: Phases a hand-made position may start in (a turn in progress, not a round break).
SETUP_PHASES = ("draw", "play", "skipped")


def per_player(value: object, n: int, what: str, default: object) -> list:
    if value is None:
        return [default() if callable(default) else default for _ in range(n)]
    allowed = f"a list of one entry per player ({n})"
    items = list(_bounded(value, 64, what, allowed))
    if len(items) != n:
        raise ConfigError(f"{what} needs one entry per player ({n}), got {len(items)}")
    return items


def _config_cards(cards: object, what: str) -> list[int]:
    """Cards of a set-up: a list of ids or codes (a type error is a :class:`ConfigTypeError`,
    a list too long a :class:`ConfigLimitError`, an unknown card a :class:`ConfigError`)."""
    try:
        return parse_cards(cards, what)
    except CardTypeError as e:
        raise ConfigTypeError(str(e), code=e.code, params=e.params) from None
    except CardLimitError as e:
        raise ConfigLimitError(str(e), code=e.code, params=e.params) from None


def _config_card(card: object, what: str) -> int:
    try:
        return parse_card(card, what)
    except CardTypeError as e:
        raise ConfigTypeError(str(e), code=e.code, params=e.params) from None


class PositionHead(NamedTuple):
    """What every hand-made position of either game starts with, checked."""

    names: list[str]
    n: int
    hands: list
    sides: list[LevelSequence]
    seed: object
    cap: int
    levels: list[int]
    current: int
    dealer: int


def position_head(
    players: object,
    hands: object,
    sides: object,
    seed: object,
    lay_down_cap: object,
    levels: object,
    current: tuple[str, object],
    dealer: object,
    round: object,
    phase: object,
    phases: Sequence[str],
    builtin: Callable[[object], LevelSequence] = sequence_for,
) -> PositionHead:
    """Check the players, hands (as a list), sides, seed, cap, levels, whose turn (``current``
    is the argument's name and value), dealer, round and phase (one of ``phases``) of a
    hand-made position: the part the card game's and the board game's positions share."""
    every = "a list of every player's hand, e.g. [['1R', '2R', 'J1'], ...]"
    if isinstance(hands, (str, bytes)) or not isinstance(hands, Iterable):
        raise ConfigTypeError(f"hands must list every player's hand, not {show(hands)}")
    hand_list = list(_bounded(hands, 64, "hands", every))
    names = parse_players(len(hand_list) if players is None else players)
    n = len(names)
    hand_list = per_player(hand_list, n, "hands", list)
    seqs = parse_sides(sides, n, builtin)
    seed = check_seed(seed)
    cap = check_cap(lay_down_cap)
    lvls = check_levels(levels, names, seqs)  # type: ignore[arg-type]
    cur = check_seat(current[1], n, current[0])
    deal = check_seat((cur - 1) % n if dealer is None else dealer, n, "dealer")
    need_int(
        round, "round", 1, MAX_ROUND, error=ConfigError, type_error=ConfigTypeError,
        allowed=f"a positive int (a whole number from 1 to {MAX_ROUND})",
    )  # fmt: skip
    if not isinstance(phase, str):
        steps = ", ".join(repr(p) for p in phases)
        raise refuse(ConfigTypeError, "phase", f"one of {steps}", phase)
    if phase not in phases:
        raise ConfigError(
            f"phase must be one of {', '.join(phases)} (a turn in progress), not {show(phase)}"
        )
    return PositionHead(names, n, hand_list, seqs, seed, cap, lvls, cur, deal)


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
    head = position_head(
        players, hands, sides, seed, lay_down_cap, levels, ("current", current), dealer, round,
        phase, SETUP_PHASES,
    )  # fmt: skip
    names, n, hand_list, seqs, seed, cap, lvls, cur, deal = head

    placed = Placement()
    place = placed.place
    hand_ids = [place(h, f"{names[q]}'s hand") for q, h in enumerate(hand_list)]
    meld_dicts = position_melds(placed, melds, names)
    pile_ids = [
        place(d, f"{names[q]}'s discard pile")
        for q, d in enumerate(per_player(discards, n, "discards", list))
    ]
    skip_ids: list[int | None] = []
    for q, sk in enumerate(per_player(skips, n, "skips", None)):
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
    placed.check(ALL_IDS, complete=draw_ids is not None, what="all 101 cards")
    is_laid = check_laid(meld_dicts, laid, names, seqs, lvls)
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


class Placement:
    """Where each card of a hand-made position lies (a label per card), for one clear error
    naming every card placed twice or missing."""

    def __init__(self) -> None:
        self.where: dict[int, str] = {}
        self.twice: list[str] = []

    def place(self, cards: object, label: str) -> list[int]:
        """The ids of ``cards`` (a list or text of codes), noted as lying at ``label``."""
        try:
            ids = parse_cards(cards, label)
        except CardTypeError as e:
            raise ConfigTypeError(f"{label}: {e}") from None
        except CardLimitError as e:
            raise ConfigLimitError(f"{label}: {e}") from None
        except Level8Error as e:
            raise ConfigError(f"{label}: {e}") from None
        for cid in ids:
            if cid in self.where:
                self.twice.append(f"{CODES[cid]} ({self.where[cid]} and {label})")
            else:
                self.where[cid] = label
        return ids

    def check(self, cards: Sequence[int], complete: bool, what: str, rest: str = "") -> None:
        """No card twice, only ``cards`` (the game's material), and with ``complete`` every
        one of them placed (``rest``: what an unplaced card becomes otherwise)."""
        if self.twice:
            raise ConfigError(
                "every card exists once, but these are placed twice: " + "; ".join(self.twice)
            )
        allowed = set(cards)
        alien = [f"{CODES[c]} ({self.where[c]})" for c in self.where if c not in allowed]
        if alien:
            raise ConfigError(f"this game has no card {', '.join(alien)}")
        if complete and len(self.where) != len(allowed):
            missing = [CODES[c] for c in cards if c not in self.where]
            raise ConfigError(
                f"{what} must be placed exactly once; {len(missing)} are missing: "
                f"{' '.join(missing)} (or leave draw_pile=None: the rest is shuffled into it"
                f"{rest})"
            )


def position_melds(placed: Placement, melds: object, names: Sequence[str]) -> list[list[dict]]:
    """Each player's laid combinations (checked, their cards placed), as plain data."""
    meld_dicts: list[list[dict]] = []
    for q, ms in enumerate(per_player(melds, len(names), "melds", list)):
        row = []
        listed = _bounded(ms, 20, f"melds of {names[q]}", "a list of combinations")
        for i, m in enumerate(listed):
            try:
                combo = as_combo(m)
            except Level8TypeError as e:
                raise ConfigTypeError(f"laid combination #{i + 1} of {names[q]}: {e}") from None
            except Level8Error as e:
                raise ConfigError(f"laid combination #{i + 1} of {names[q]}: {e}") from None
            placed.place(combo.cards, f"{names[q]}'s combination #{i + 1}")
            row.append(combo.to_dict())
        meld_dicts.append(row)
    return meld_dicts


def check_laid(
    meld_dicts: Sequence[Sequence[dict]],
    laid: object,
    names: Sequence[str],
    seqs: Sequence[LevelSequence],
    lvls: Sequence[int],
) -> list[bool]:
    """Who has laid down (whoever has laid combinations): optional ``laid`` flags must agree,
    and laid combinations must be the player's level, grown only by add-ons."""
    n = len(names)
    is_laid = [bool(row) for row in meld_dicts]
    if laid is not None:
        flags = per_player(laid, n, "laid", False)
        for q in range(n):
            if bool(flags[q]) != is_laid[q]:
                raise ConfigError(
                    f"{names[q]} is marked as laid down but has no laid combination"
                    if flags[q]
                    else f"{names[q]} is marked as not laid down but has "
                    f"{counted(len(meld_dicts[q]), 'laid combination', 'laid combinations')}"
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
    return is_laid
