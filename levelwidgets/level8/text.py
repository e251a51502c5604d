"""Sentences for Level 8 events, in every language of the catalogue (``levelwidgets/locales``:
``events.level8`` and ``words.level8``).

Events carry data only (:class:`~levelwidgets.level8.Event`: kind, player, data); this module
turns them into sentences for a log or a lesson. Every sentence is written so that it reads
correctly for any player name (no inflected names: English uses "Ben's", German "von Ben"),
and cards are spelt out ("7 red", "a joker", "7 rot", "einen Joker"); a laid joker shows
what it stands for ("joker as 6").

A sentence may lose a card when the event was filtered for a viewer who may not see it
(:func:`~levelwidgets.level8.visible_event`): "Ben draws a card from the draw pile."

A player called "You" or "Du" (in any language, see :func:`is_you`) is spoken to: a sentence
about them takes the second person ("You roll 1 and 5.", "Du würfelst 1 und 5.") and the name
is written as the log's own word for it ("You" in a German log reads "Du"). A sentence key
has variants for that: ``key + "_you"`` when the acting player ``{p}`` is "you",
``key + "_<role>_you"`` when another player in it is ("give_to_you": "Ben gives you 5 red …",
"steal_owner_you": "… die du gezeigt hast"); see :data:`YOU_ROLES`. The browser does the
same for its own sentences (``js/src/common/i18n.js``: ``isYou``, ``t.about``).
"""

from __future__ import annotations

import string
from collections.abc import Mapping, Sequence
from typing import Any

from .. import i18n
from ..names import is_you
from .cards import END_SKIP, FIRST_JOKER, FIRST_SKIP, is_joker
from .errors import ConfigError

LANGUAGES = i18n.LANGUAGES

#: The players a sentence may name, in the order their "you" variants are spelt in a key
#: ("deal_dealer_you_starts_you"); ``p`` is the acting player, whose variant is just "_you".
YOU_ROLES = ("p", "dealer", "starts", "owner", "target", "to")


def you_key(key: str, roles: Sequence[str]) -> str:
    """The name of a sentence's variant for the players in ``roles`` (of :data:`YOU_ROLES`)
    being "you": ``you_key("roll", ["p"]) == "roll_you"``,
    ``you_key("give", ["to"]) == "give_to_you"``."""
    return key + "".join("_you" if r == "p" else f"_{r}_you" for r in roles)


#: Template keys each event kind may use (a kind has variants, e.g. a hidden or shown card).
KIND_KEYS: dict[str, tuple[str, ...]] = {
    "deal": ("deal", "deal_board"),
    "setup": ("setup",),
    "draw": ("draw_pile", "draw_pile_hidden", "draw_discard", "draw_own"),
    "draw_skipped": ("draw_skipped",),
    "lay_down": ("lay_down",),
    "add_on": ("add_on", "add_on_own"),
    "discard": ("discard",),
    "skip": ("skip", "skip_last"),
    "skip_turn": ("skip_turn",),
    "keep": ("keep", "keep_shown"),
    "rebuild": ("rebuild", "rebuild_skip"),
    "round_end": ("round_end",),
    "win": ("win_lay", "win_out"),
    # the board game (levelwidgets.level8.board)
    "roll": ("roll", "roll_set"),
    "move": ("move",),
    "choose": ("choose",),
    "nothing_to_choose": ("nothing_to_choose",),
    "pile_empty": ("pile_empty",),
    "take_skipped": ("take_skipped",),
    "extra_turn_won": ("extra_turn_won",),
    "extra_turn": ("extra_turn",),
    "extra_turn_lost": ("extra_turn_lost",),
    "joker": ("joker",),
    "no_joker": ("no_joker",),
    "swap": ("swap",),
    "ask": ("ask_number", "ask_colour"),
    "ask_none": ("ask_none",),
    "give": ("give", "give_hidden"),
    "show": ("show", "show_hidden"),
    "steal": ("steal", "steal_hidden"),
    "nothing_to_discard": ("nothing_to_discard",),
    "discard_two": ("discard_two",),
}

#: One sentence per key of :data:`KIND_KEYS` and language; a key ending in "_you" is the
#: variant for a player called "you" (see :func:`you_key`): ``{p}`` (or ``{dealer}``) at the
#: start of such a sentence is written "You"/"Du", elsewhere the sentence spells the pronoun.
SENTENCES: Mapping[str, dict[str, str]] = i18n.Sections("events.level8")

#: Words used inside sentences: cards, combinations, counts, steps of a turn.
WORDS: Mapping[str, dict[str, Any]] = i18n.Sections("words.level8")


def _words(language: str) -> dict[str, Any]:
    try:
        return WORDS[language]
    except (KeyError, TypeError):
        raise ConfigError(
            f"language must be one of {', '.join(LANGUAGES)}, not {language!r}"
        ) from None


def card_name(cid: int, language: str = "en", *, article: bool = False) -> str:
    """A card spelt out: ``"7 red"``, ``"joker"``/``"a joker"`` (``article=True`` gives the
    form used inside a sentence, German accusative: ``"einen Joker"``)."""
    w = _words(language)
    if cid < FIRST_JOKER:
        return w["number_card"].format(number=cid % 15 + 1, colour=w["colours"][cid // 15])
    if not FIRST_SKIP <= cid < END_SKIP:
        return w["a_joker" if article else "joker"]
    return w["a_skip_card" if article else "skip_card"]


def _meaning(kind: str, meaning: int, w: Mapping[str, Any]) -> str:
    return w["colour_nouns"][meaning] if kind == "colour" else str(meaning)


def _laid_card(cid: int, kind: str, meaning: int | None, w: Mapping[str, Any], article: bool):
    """A card as laid in a combination: a joker shows what it stands for."""
    if is_joker(cid) and meaning is not None:
        key = "a_joker_as" if article else "joker_as"
        return w[key].format(meaning=_meaning(kind, meaning, w))
    if cid < FIRST_JOKER:
        return w["number_card"].format(number=cid % 15 + 1, colour=w["colours"][cid // 15])
    return (
        w["a_joker" if article else "joker"] if not FIRST_SKIP <= cid < END_SKIP else w["skip_card"]
    )


def _combo_name(kind: str, lo: int, hi: int, value: int, w: Mapping[str, Any]) -> str:
    if kind == "run":
        return w["run"].format(lo=lo, hi=hi)
    if kind == "set":
        return w["set"].format(value=value)
    return w["colour"].format(colour=w["colour_nouns"][value])


def _combo_shape(combo: Mapping[str, Any]) -> tuple[str, int, int, int]:
    """kind, lo, hi, value of a combination given as ``Combo.to_dict()`` or as a short
    ``{"kind", "lo", "hi"}`` / ``{"kind", "value"}`` summary."""
    kind = combo["kind"]
    if "cards" not in combo:
        lo = combo.get("lo", combo.get("value", 0))
        return kind, lo, combo.get("hi", lo), combo.get("value", lo)
    jokers = {int(k): v for k, v in combo.get("jokers", {}).items()}
    values = [
        jokers[c] if c in jokers else (c // 15 if kind == "colour" else c % 15 + 1)
        for c in combo["cards"]
    ]
    return kind, min(values), max(values), values[0]


def combo_text(combo: Mapping[str, Any], language: str = "en", *, cards: bool = True) -> str:
    """A laid combination: ``"run 4–6 (4 red, joker as 5, 6 blue)"``."""
    w = _words(language)
    kind, lo, hi, value = _combo_shape(combo)
    name = _combo_name(kind, lo, hi, value, w)
    if not cards or "cards" not in combo:
        return name
    jokers = {int(k): v for k, v in combo.get("jokers", {}).items()}
    shown = ", ".join(_laid_card(c, kind, jokers.get(c), w, False) for c in combo["cards"])
    return w["combo_cards"].format(name=name, cards=shown)


def count_text(n: int, language: str = "en") -> str:
    """``"no cards"``, ``"1 card"``, ``"3 cards"`` (``"keine Karte"``, ``"1 Karte"``, …)."""
    w = _words(language)
    if n == 0:
        return w["cards_0"]
    return w["cards_1"] if n == 1 else w["cards_n"].format(n=n)


def _fields(template: str) -> set[str]:
    """The placeholders of a sentence: ``{"p", "card"}``."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def template_key(kind: str, player: int | None, data: Mapping[str, Any]) -> str:
    """Which sentence of :data:`SENTENCES` an event uses."""
    if kind == "draw":
        src = data.get("source", "pile")
        if src == "pile":
            return "draw_pile" if "card" in data else "draw_pile_hidden"
        return "draw_own" if src == player else "draw_discard"
    if kind == "add_on":
        return "add_on_own" if data.get("owner") == player else "add_on"
    if kind == "skip":
        return "skip" if data.get("effect", True) else "skip_last"
    if kind == "keep":
        return "keep_shown" if data.get("cards") else "keep"
    if kind == "rebuild":
        return "rebuild_skip" if data.get("skip_surfaced") else "rebuild"
    if kind == "win":
        return "win_out" if data.get("reason") == "went_out" else "win_lay"
    if kind == "deal" and "jokers" in data:
        return "deal_board"
    if kind == "roll":
        return "roll_set" if data.get("set") else "roll"
    if kind == "ask":
        return "ask_number" if data.get("number") is not None else "ask_colour"
    if kind == "give" or kind == "steal":
        return kind if "card" in data else f"{kind}_hidden"
    if kind == "show":
        return "show" if "cards" in data else "show_hidden"
    return kind


def describe_event(
    kind: str,
    player: int | None,
    data: Mapping[str, Any],
    names: Sequence[str] | None = None,
    language: str = "en",
) -> str:
    """The sentence for one event in ``language`` (one of :data:`levelwidgets.i18n.LANGUAGES`).

    A player whose name :func:`is_you` is spoken to in the second person and written as
    the language's word for "you": ``"You roll 1 and 5."``, ``"Ben gives you 7 red …"``,
    ``"Du würfelst 1 und 5."``.
    """
    w = _words(language)
    table = SENTENCES[language]

    def who(i: object) -> str:
        if isinstance(i, int) and not isinstance(i, bool):
            if names is not None and 0 <= i < len(names):
                name = str(names[i])
                return w["you"] if is_you(name) else name
            return w["player"].format(n=i + 1)
        return "?"

    def you(i: object) -> bool:
        if names is None or not isinstance(i, int) or isinstance(i, bool):
            return False
        return 0 <= i < len(names) and is_you(names[i])

    key = template_key(kind, player, data)
    template = table.get(key)
    if template is None:
        return kind
    # the players a sentence names (roles of YOU_ROLES): their names, and "you" variants
    seats: dict[str, object] = {"p": player}
    if kind == "deal":
        seats["dealer"] = data.get("dealer", player)
        seats["starts"] = data.get("starts")
    elif kind == "draw":
        seats["owner"] = data.get("source")
    elif kind == "add_on":
        seats["owner"] = data.get("owner")
    elif kind == "skip":
        seats["target"] = data.get("target")
    elif kind in ("give", "show", "steal"):
        seats["to"] = data.get("to")
        seats["owner"] = data.get("from")
    used = _fields(template)
    roles = [r for r in YOU_ROLES if r in seats and r in used and you(seats[r])]
    if roles:  # all of them, else the first one with a variant (two players named "you")
        keys = [you_key(key, roles)] + [you_key(key, [r]) for r in roles]
        template = next((table[k] for k in keys if k in table), template)
    f: dict[str, Any] = {**data, **{r: who(i) for r, i in seats.items()}}
    if kind == "deal":
        f["first_discard"] = card_name(data["first_discard"], language, article=True)
    elif kind == "setup":
        f["step"] = w["steps"].get(data.get("phase"), data.get("phase"))
    elif kind in ("draw", "discard") and "card" in data:
        f["card"] = card_name(data["card"], language, article=True)
    elif kind == "lay_down":
        f["combos"] = w["and"].join(combo_text(c, language) for c in data["combos"])
    elif kind == "add_on":
        shape = data.get("combo")
        ckind = shape["kind"] if shape else "run"
        meaning = data.get("meaning")
        f["card"] = _laid_card(data["card"], ckind, meaning, w, True)
        f["combo"] = combo_text(shape, language, cards=False) if shape else "?"
    elif kind in ("keep", "rebuild"):
        count = data.get("count", len(data.get("cards", ())))
        f["n_cards"] = count_text(count, language)
        if data.get("cards"):
            f["cards"] = ", ".join(card_name(c, language) for c in data["cards"])
    elif kind == "roll":
        f["a"], f["b"] = data["dice"]
    elif kind in ("move", "choose"):
        f["action"] = w["actions"].get(data.get("action"), data.get("action"))
    elif kind == "ask":
        f["direction"] = w["directions"].get(data.get("direction"), data.get("direction"))
        if data.get("colour") is not None:
            f["colour"] = w["colour_nouns"][data["colour"]]
    elif kind in ("give", "show", "steal"):
        if "card" in data:
            f["card"] = card_name(data["card"], language, article=True)
        if "cards" in data:
            f["cards"] = ", ".join(card_name(c, language) for c in data["cards"])
        f["n_cards"] = count_text(data.get("count", 0), language)
    elif kind in ("swap", "discard_two"):
        f["cards"] = ", ".join(card_name(c, language) for c in data["cards"])
    elif kind == "round_end":
        f["moves"] = "; ".join(
            w["move"].format(name=who(q), up=up, level=lv)
            for q, (up, lv) in enumerate(zip(data["moves"], data["levels"], strict=False))
        )
    return template.format(**f)
