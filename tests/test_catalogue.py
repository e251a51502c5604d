"""The one message catalogue (``levelwidgets/locales``) is complete and is the one in use.

Every language has every key of English with the same placeholders (and no key English lacks);
every error code the package raises, every event sentence the engines write and every label key
the browser's code asks for has a text in every language; the files are UTF-8 JSON written in
one stable form; the browser bundle imports every listed language. A translator adding a
language runs this file: each failure names what is missing (``docs/translating.md``).
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import traitlets

from levelwidgets import i18n
from levelwidgets.level8.text import KIND_KEYS
from levelwidgets.levelx.events import EVENT_KINDS

REPO = Path(__file__).resolve().parents[1]
PACKAGE = REPO / "levelwidgets"
LOCALES = PACKAGE / "locales"
JS_SRC = REPO / "js" / "src"
PLACEHOLDER = re.compile(r"\{(\w+)(?::[^{}]*)?\}")
#: An error code as the package writes it (a string constant, e.g. "levelx.group_sum").
CODE = re.compile(r"^(levelx|level8|widget|dicelab)\.[a-z0-9_]+$")
#: The namespaces the browser's translators merge (common/i18n.js, */i18n.js, */strings.js).
JS_NAMESPACES = ("common", "errors", "levelx", "level8", "level8board", "dicelab")
#: A label asked for by a literal key in JS: t(lang, "undo"), L("roll"), t.about(lang, "wins", …).
JS_KEY = re.compile(
    r"""\b(?:L|t|T|t\.about|counted)\(\s*(?:[A-Za-z_.]+(?:\(\))?\s*,\s*)?["']([A-Za-z_]\w*)["']"""
)


def _load(path: Path) -> Any:
    return json.loads(path.read_bytes().decode("utf-8"))  # UTF-8 or a UnicodeDecodeError


def _entries(table: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every leaf of a catalogue as (dotted path, text); a list's items are numbered."""
    if isinstance(table, dict):
        for key, value in table.items():
            yield from _entries(value, f"{path}.{key}" if path else key)
    elif isinstance(table, list):
        for i, value in enumerate(table):
            yield from _entries(value, f"{path}[{i}]")
    else:
        yield path, table


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


#: Params the browser derives from others before filling (js/src/level8/i18n.js errorParams:
#: {phase} -> {must}, {req} -> {need}), so a translation may write the derived one.
DERIVED_FROM = {"phase": "must", "req": "need"}


def _coded_params() -> dict[str, set[str]]:
    """error code -> the params its ``.coded(code, template, **params)`` calls pass (a sentence
    may use a param its English template does not, e.g. the request's whole {field})."""
    found: dict[str, set[str]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "coded"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                names = {k.arg for k in node.keywords if k.arg}
                found.setdefault(str(node.args[0].value), set()).update(names)
    return found


CODED_PARAMS = _coded_params()


def _usable(key: str, english: str) -> set[str]:
    names = _placeholders(english)
    if key.startswith("errors."):
        code = key.removeprefix("errors.")
        names |= CODED_PARAMS.get(code, set()) | CODED_PARAMS.get(code.removesuffix("_you"), set())
    return names | {DERIVED_FROM[n] for n in names if n in DERIVED_FROM}


#: Sentences a translation words more shortly than English, leaving a value out on purpose
#: (German: the details of a hand-made request, the acting player where "du" says it). A new
#: language starts strict: every placeholder of English.
SHORTER: dict[str, frozenset[str]] = {
    "de": frozenset(
        {
            "errors.level8.board_bad_value",
            "errors.level8.board_card_count",
            "errors.level8.cannot_stand",
            "errors.level8.discard_pile_empty",
            "errors.level8.draw_pile_empty",
            "errors.level8.game_over",
            "errors.level8.joker_differs",
            "errors.level8.jokers_only",
            "errors.level8.keep_max",
            "errors.level8.level_mismatch",
            "errors.level8.no_player",
            "errors.level8.not_in_hand",
            "errors.level8.not_in_hand_you",
            "errors.level8.not_shared",
            "errors.level8.not_your_turn",
            "errors.level8.skip_self",
            "errors.level8.skip_self_you",
            "errors.level8.too_long",
            "errors.level8.undo_too_far",
            "errors.level8.wrong_phase",
            "errors.level8.wrong_phase_you",
            "errors.widget.bad_field",
            "errors.widget.internal",
            "errors.widget.internal_partway",
            "errors.widget.missing_field",
            "errors.widget.no_such",
            "errors.widget.not_json",
            "errors.widget.too_large",
            "errors.widget.unknown_field",
        }
    )
}
#: French, Italian, Dutch and Spanish leave out the same values as German (English verbs such
#: as {what}, the details of a hand-made request, a {name} whose verb would not agree with the
#: "you" form), except where their sentence can say the value in its own words ({kind} of a
#: combination, {name} of "cannot skip themself", which has a "you" form).
SHORTER["fr"] = SHORTER["it"] = SHORTER["nl"] = SHORTER["es"] = SHORTER["de"] - {
    "errors.level8.cannot_stand",
    "errors.level8.joker_differs",
    "errors.level8.jokers_only",
    "errors.level8.not_shared",
    "errors.level8.skip_self",
    "errors.level8.skip_self_you",
}


LANGUAGE_FILES = sorted(p.stem for p in LOCALES.glob("*.json") if p.stem != "languages")
EN = dict(_entries(_load(LOCALES / "en.json")))


# ------------------------------------------------------------------ the files


def test_languages_json_lists_exactly_the_catalogues_and_english_first() -> None:
    listed = _load(LOCALES / "languages.json")
    assert sorted(listed) == LANGUAGE_FILES, (
        "languages.json and the locale files disagree: every <code>.json needs its line in "
        f"languages.json and every line its file (listed {sorted(listed)}, files {LANGUAGE_FILES})"
    )
    assert all(isinstance(name, str) and name.strip() for name in listed.values())
    assert i18n.LANGUAGES[0] == "en"
    assert set(i18n.LANGUAGES) == set(listed)
    assert {"en", "de"} <= set(i18n.LANGUAGES)


@pytest.mark.parametrize("name", [*LANGUAGE_FILES, "languages"])
def test_file_is_utf8_json_in_its_one_stable_form(name: str) -> None:
    raw = (LOCALES / f"{name}.json").read_bytes()
    text = raw.decode("utf-8")
    stable = json.dumps(json.loads(text), ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    assert text == stable, (
        f"{name}.json is not in its stable form (keys sorted, 2-space indent, UTF-8 letters, "
        "a final newline): rewrite it with json.dump(..., ensure_ascii=False, indent=2, "
        "sort_keys=True)"
    )


@pytest.mark.parametrize("language", LANGUAGE_FILES)
def test_every_key_of_english_with_the_same_placeholders_and_no_stray_key(language: str) -> None:
    other = dict(_entries(_load(LOCALES / f"{language}.json")))
    missing = sorted(set(EN) - set(other))
    stray = sorted(set(other) - set(EN))
    assert not missing, f"{language}.json lacks {len(missing)} keys of en.json: {missing[:20]}"
    assert not stray, f"{language}.json has keys en.json does not: {stray[:20]}"
    not_text = sorted(key for key in EN if not isinstance(other[key], str))
    assert not not_text, f"{language}.json: these entries must be texts: {not_text[:20]}"
    # A translation fills only values English has (or the browser derives from them): any other
    # {name} would show raw. It may leave one out where its sentence says less (German says
    # "nothing changed" to a hand-made request English details); see EXTRA_ALLOWED.
    unknown = {
        key: sorted(_placeholders(other[key]) - _usable(key, EN[key]))
        for key in EN
        if _placeholders(other[key]) - _usable(key, EN[key])
    }
    assert not unknown, f"{language}.json: placeholders English does not have: {unknown}"
    dropped = {
        key: sorted(_placeholders(EN[key]) - _placeholders(other[key]))
        for key in EN
        if _placeholders(EN[key]) - _placeholders(other[key]) - DERIVED_FROM.keys()
    }
    allowed = SHORTER.get(language, frozenset())
    assert set(dropped) <= allowed, (
        f"{language}.json leaves out placeholders English has: "
        f"{ {k: v for k, v in dropped.items() if k not in allowed} }"
    )
    # (a thousands sign may be a space: French writes 10 000 with a narrow no-break space)
    empty = [
        key
        for key, text in other.items()
        if EN[key].strip() and not (text.strip() or (key == "common.thousandsSign" and text))
    ]
    assert not empty, f"{language}.json has empty texts: {empty[:20]}"


def test_the_stable_form_check_can_fail(tmp_path: Path) -> None:
    """The checks above compare real things: an unsorted file and a missing key both show."""
    en = _load(LOCALES / "en.json")
    shuffled = json.dumps(dict(reversed(list(en.items()))), ensure_ascii=False, indent=2) + "\n"
    assert shuffled != json.dumps(en, ensure_ascii=False, indent=2, sort_keys=True) + "\n"
    del en["common"]["undo"]
    assert "common.undo" in set(EN) - dict(_entries(en)).keys()


# ------------------------------------------------------------------ what the code uses


def _raised_codes() -> dict[str, str]:
    """Every error code the package writes (a string constant shaped like one), with where."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and CODE.match(node.value)
                and not node.value.endswith((".js", ".css"))  # the bundles' file names
            ):
                found.setdefault(node.value, f"{path.relative_to(REPO)}:{node.lineno}")
    return found


def test_every_error_code_raised_has_a_text_in_every_language() -> None:
    raised = _raised_codes()
    assert len(raised) > 150  # the scan sees the engines' and the widgets' codes
    assert {"levelx.group_sum", "widget.read_only", "dicelab.targets"} <= set(raised)
    for language in i18n.LANGUAGES:
        errors = i18n.catalogue(language)["errors"]
        missing = {code: where for code, where in raised.items() if code not in errors}
        assert not missing, f"{language}.json has no errors.<code> for {missing}"


def test_every_event_sentence_the_engines_write_has_a_text() -> None:
    for language in i18n.LANGUAGES:
        level8 = i18n.section(language, "events.level8")
        keys = {key for keys in KIND_KEYS.values() for key in keys}
        assert not keys - set(level8), f"{language}: events.level8 lacks {keys - set(level8)}"
        levelx = i18n.section(language, "events.levelx")
        silent = [
            k for k in EVENT_KINDS if not any(s == k or s.startswith(k + "_") for s in levelx)
        ]
        assert not silent, f"{language}: events.levelx has no sentence for {silent}"


def _js_keys() -> dict[str, str]:
    keys: dict[str, str] = {}
    for path in sorted(JS_SRC.rglob("*.js")):
        for match in JS_KEY.finditer(path.read_text(encoding="utf-8")):
            keys.setdefault(match.group(1), str(path.relative_to(REPO)))
    return keys


def test_every_label_key_the_browser_asks_for_has_a_text() -> None:
    used = _js_keys()
    assert len(used) > 200 and {"and", "roll", "handOf"} <= set(used)
    for language in i18n.LANGUAGES:
        catalogue = i18n.catalogue(language)
        known = set().union(*(catalogue[ns] for ns in JS_NAMESPACES))
        missing = {key: where for key, where in used.items() if key not in known}
        assert not missing, f"{language}.json has no text for keys the browser uses: {missing}"


def test_python_literal_keys_resolve() -> None:
    """Every ``i18n.text``/``i18n.section`` call with a literal key finds its entry."""
    calls = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in ("text", "section")
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "i18n"
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
            ):
                calls.append((node.args[1].value, f"{path.relative_to(REPO)}:{node.lineno}"))
            elif (  # i18n.Sections("key"): the entry in every language, read when first used
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "Sections"
                and isinstance(node.func.value, ast.Name)
                and node.func.value.id == "i18n"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                calls.append((node.args[0].value, f"{path.relative_to(REPO)}:{node.lineno}"))
    assert len(calls) >= 10
    for language in i18n.LANGUAGES:
        missing = []
        for key, where in calls:
            try:
                i18n.lookup(i18n.catalogue(language), key)
            except KeyError:
                missing.append(f"{key} ({where})")
        assert not missing, f"{language}.json has no entry for {missing}"


def test_the_browser_bundle_imports_every_listed_language() -> None:
    source = (JS_SRC / "common" / "locales.js").read_text(encoding="utf-8")
    imported = set(re.findall(r'locales/([A-Za-z_-]+)\.json"', source)) - {"languages"}
    assert imported == set(i18n.LANGUAGES), (
        "js/src/common/locales.js must import every language of languages.json "
        f"(imports {sorted(imported)}, lists {sorted(i18n.LANGUAGES)})"
    )
    exported = re.search(r"CATALOGUES = \{([^}]*)\}", source)
    assert exported and set(re.findall(r"\w+", exported.group(1))) == set(i18n.LANGUAGES)


def _spelt_languages(path: Path) -> bool:
    """Whether a Python module holds a language list ("en", "de") or a table keyed by both."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            values = {e.value for e in node.elts if isinstance(e, ast.Constant)}
            if {"en", "de"} <= values:
                return True
        if isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if {"en", "de"} <= keys:
                return True
    return False


def test_no_other_language_list_or_table_is_left() -> None:
    """The language list lives in languages.json only, the texts in the catalogue: no module
    spells ("en", "de") or a table keyed by "en" and "de" again."""
    js_table = re.compile(r"""^\s*["']?de["']?\s*:\s*\{""", re.MULTILINE)
    offenders = [str(p.relative_to(REPO)) for p in PACKAGE.rglob("*.py") if _spelt_languages(p)]
    offenders += [
        str(p.relative_to(REPO))
        for p in JS_SRC.rglob("*.js")
        if js_table.search(p.read_text(encoding="utf-8"))
    ]
    assert not offenders, f"language lists or tables outside levelwidgets/locales: {offenders}"


def test_the_language_list_check_can_fail(tmp_path: Path) -> None:
    module = tmp_path / "old.py"
    module.write_text('LANGUAGES = ("en", "de")\n', encoding="utf-8")
    assert _spelt_languages(module)
    module.write_text('WORDS = {"en": {"a": "b"}, "de": {"a": "c"}}\n', encoding="utf-8")
    assert _spelt_languages(module)
    module.write_text("LANGUAGES = i18n.LANGUAGES\n", encoding="utf-8")
    assert not _spelt_languages(module)


# ------------------------------------------------------------------ text, fill, languages


def test_text_fills_the_shared_placeholders() -> None:
    assert i18n.text("de", "common.round", n=3) == "Runde 3"
    assert i18n.text(None, "common.undo") == "Undo"
    assert i18n.fill("{faces:-} {n:card|cards} {x}", faces=[1, 1, 5], n=1) == "1-1-5 1 card {x}"
    assert i18n.fill("{n:card|cards}", n=2) == "2 cards"
    group = i18n.text("en", "errors.levelx.group_sum", group=[1, 2], total=3, least=2, most=12)
    assert group.startswith("The group 1+2 makes 3, but rows go from 2 to 12.")
    assert i18n.text("en", "words.level8.steps.draw") == "draw"
    with pytest.raises(KeyError):
        i18n.text("en", "common.no_such_key")


def test_an_unknown_language_is_refused_with_the_supported_ones() -> None:
    with pytest.raises(i18n.LanguageError, match=r'"en" \(English\), "de" \(Deutsch\)') as info:
        i18n.text("xx", "common.undo")
    assert isinstance(info.value, ValueError)
    assert "'xx'" in str(info.value)


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("de_DE.UTF-8", "de"),
        ("de-AT", "de"),
        ("DE", "de"),
        ("en_GB", "en"),
        ("pt_PT:de:en", "de"),  # a LANGUAGE list: its first supported entry
        ("C", None),
        ("POSIX", None),
        ("C.UTF-8", None),
        ("", None),
        ("xx_YY", None),
        (None, None),
    ],
)
def test_language_from_locale(locale: object, language: str | None) -> None:
    assert i18n.language_from_locale(locale) == language


def test_kernel_language_reads_the_environment_in_gettexts_order() -> None:
    assert i18n.kernel_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert i18n.kernel_language({"LANGUAGE": "en", "LANG": "de_DE.UTF-8"}) == "en"
    assert i18n.kernel_language({"LC_ALL": "de_CH.UTF-8", "LANG": "en_US.UTF-8"}) == "de"
    assert i18n.kernel_language({"LC_MESSAGES": "de_DE", "LANG": "en_US"}) == "de"
    assert i18n.kernel_language({"LANGUAGE": "de", "LC_ALL": "C"}) is None  # C ignores LANGUAGE
    assert i18n.kernel_language({"LANG": "C.UTF-8"}) is None
    assert i18n.kernel_language({"LANGUAGE": "de", "LANG": "C.UTF-8"}) is None
    assert i18n.kernel_language({}) is None


def test_choose_language_explicit_wins_then_page_then_kernel_then_english() -> None:
    german = {"LANG": "de_DE.UTF-8"}
    assert i18n.choose_language("en", "de-DE", german) == "en"
    assert i18n.choose_language(None, "de-DE", {}) == "de"
    assert i18n.choose_language(None, "en-US", german) == "en"
    assert i18n.choose_language(None, "xx-YY", german) == "de"
    assert i18n.choose_language(None, "", german) == "de"
    assert i18n.choose_language(None, None, {"LANG": "C"}) == "en"
    with pytest.raises(i18n.LanguageError):
        i18n.choose_language("xx")


# ------------------------------------------------------------------ a widget's language


def test_a_widget_without_a_language_follows_the_kernel_then_the_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from levelwidgets.widgets import LevelXWidget

    monkeypatch.setenv("LANGUAGE", "de")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    w = LevelXWidget(seed=1)
    assert w.language == "de" and not w.language_explicit
    # the front end reports the page's language once at render: a comm state update
    w.set_state({"page_language": "en-GB"})
    assert w.language == "en"
    w.set_state({"page_language": "xx-YY"})  # one levelwidgets does not speak: nothing changes
    assert w.language == "en"
    w.set_state({"page_language": "x" * 10_000})  # a hand-made message is only read, cut short
    assert len(w.page_language) <= 64 and w.language == "en"


def test_an_explicit_language_always_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    from levelwidgets.widgets import DiceLab, Level8Widget, LevelXWidget

    monkeypatch.setenv("LANGUAGE", "de")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    for widget in (LevelXWidget(seed=1, language="en"), Level8Widget(seed=1, language="en")):
        assert widget.language_explicit
        widget.set_state({"page_language": "de-DE"})
        assert widget.language == "en"
    lab = DiceLab()
    assert lab.language == "de"
    lab.language = "en"  # chosen later by the user: the page no longer decides
    lab.set_state({"page_language": "de"})
    assert lab.language == "en"
    with pytest.raises(traitlets.TraitError, match=r'"en" \(English\)'):
        LevelXWidget(seed=1, language="xx")
