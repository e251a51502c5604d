"""Board game records: the JSON form of a :class:`~levelwidgets.level8.board.Level8Board`.

The same shape as a card game record (config, history with every chance outcome, state,
RNG state) under its own format marker, read by the card game's loader with all its checks
(:mod:`levelwidgets.level8.serial`): sizes first, unknown keys refused everywhere, the history
replayed from the config with every shuffle and every random dice roll checked against the
seed's generator, and the result must equal the stored state and RNG state, so a record
cannot lie. A roll set by hand is kept in its action (``dice``) and does not use the
generator; a random roll has no ``dice`` in its action and keeps its dice in ``chance``.
Flipping one into the other changes how far the generator moves, so the record is refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import ConfigError, CorruptStateError, Level8Error
from ..levels import LevelSequence
from ..serial import FORMAT_VERSION as _CARD_VERSION
from ..serial import bound_config, game_from_json, key_problem, same_json, short_error
from .setup import RULES

if TYPE_CHECKING:
    from .game import Level8Board

FORMAT = "levelwidgets.level8board"
FORMAT_VERSION = _CARD_VERSION  # one loader for both games
_TOP_KEYS = {"format", "version", "config", "history", "state", "rng"}
_CONFIG_KEYS = {
    "players",
    "seed",
    "sides",
    "layout",
    "towers",
    "dealer",
    "start_levels",
    "deck",
    "lay_down_cap",
}
#: A set-up position's keys (see :mod:`.position`); positions exist only under rule set 2.
_POSITION_KEYS = {
    *("round", "current", "turn", "phase", "hands", "melds", "discards", "draw", "middle"),
    *("dice", "takes", "ask", "shown", "extra"),
}


def check_board_config(cls: type[Level8Board], cfg: object) -> Level8Board:
    """A record's config must be one the constructor (or, for a set-up position,
    :meth:`Level8Board.from_position`) accepts, in the form it writes; returns the game it
    starts (after the first deal, or at the set-up position)."""
    cfg = bound_config(cfg, "board game config")
    if set(cfg) - {"rules", "position"} != _CONFIG_KEYS:
        problem = key_problem(cfg, _CONFIG_KEYS, "rules", "position")
        raise CorruptStateError(f"malformed board game config: {problem}")
    legacy = "rules" not in cfg  # a record from before rule set 2 (see setup.RULES)
    if not legacy and (type(cfg["rules"]) is not int or cfg["rules"] != RULES):
        raise CorruptStateError(
            f"unknown board game rules {str(cfg['rules'])[:20]}: this levelwidgets plays "
            f"rule set {RULES} (and reads records of rule set 1, written without 'rules')"
        )
    try:
        if not isinstance(cfg["sides"], list) or not 2 <= len(cfg["sides"]) <= 6:
            raise ConfigError("malformed sides: one level sequence per player (2–6)")
        seqs = [LevelSequence.from_dict(s) for s in cfg["sides"]]
        if "position" in cfg:
            made = _from_position(cls, cfg, seqs)
            if legacy:
                raise ConfigError("a set-up position needs rule set 2 ('rules': 2)")
            if not same_json(made._config, cfg):
                raise ConfigError("the set-up position is not written in its normal form")
            return made
        made = cls(
            cfg["players"],
            cfg["seed"],
            seqs,
            layout=cfg["layout"],
            towers=cfg["towers"],
            dealer=cfg["dealer"],
            start_levels=cfg["start_levels"],
            deck=cfg["deck"],
            lay_down_cap=cfg["lay_down_cap"],
        )
    except (Level8Error, TypeError, KeyError, ValueError) as e:
        raise CorruptStateError(f"invalid config: {short_error(e)}") from None
    if legacy:
        del made._config["rules"]
        made._rules = 1
    if not same_json(made._config, cfg):
        raise CorruptStateError("the config is not written in its normal form")
    return made


def board_from_json(cls: type[Level8Board], text: str | bytes) -> Level8Board:
    """Restore a board game: the card game's loader with the board's marker and config."""
    return game_from_json(
        cls, text, marker=FORMAT, check=check_board_config, what="a Level 8 board game"
    )


def _from_position(cls: type[Level8Board], cfg: dict, seqs: list[LevelSequence]) -> Level8Board:
    """The set-up position a config describes, made by :meth:`Level8Board.from_position`."""
    pos = cfg["position"]
    if not isinstance(pos, dict) or set(pos) != _POSITION_KEYS or cfg["deck"] is not None:
        raise ConfigError("malformed set-up position")
    shown = pos["shown"]
    if shown is not None and not (
        isinstance(shown, list) and all(isinstance(x, list) and len(x) == 2 for x in shown)
    ):
        raise ConfigError("malformed shown cards: a list of [seat, cards]")
    return cls.from_position(
        cfg["players"],
        hands=pos["hands"],
        melds=pos["melds"],
        discards=pos["discards"],
        draw_pile=pos["draw"],
        middle=pos["middle"],
        levels=cfg["start_levels"],
        towers=cfg["towers"],
        layout=cfg["layout"],
        sides=seqs,
        turn=pos["turn"],
        phase=pos["phase"],
        dice=pos["dice"],
        takes=pos["takes"],
        ask=pos["ask"],
        shown=None if shown is None else {q: cs for q, cs in shown},
        extra_turns=pos["extra"],
        dealer=cfg["dealer"],
        round=pos["round"],
        seed=cfg["seed"],
        lay_down_cap=cfg["lay_down_cap"],
    )
