"""French, Italian, Dutch and Spanish in a real JupyterLab + Chromium: every widget speaks the
language.

One notebook per language holds the four widgets (Level X, Level 8, the Level 8 board game,
the dice lab), each made with ``language=``. After a move or two each one shows a refusal; the
test asserts that translated labels and the translated refusal reach the DOM, that English
labels do not, and saves a screenshot of each widget at 1024×768 (test-artifacts/LANG_*.png)
for a person to look at. The German and English cases live in the widgets' own tests. French
writes a no-break space before ":" (U+00A0).
"""

from __future__ import annotations

import nbformat
import pytest

from .lab import kernel_run, open_notebook, run_all, run_code, settled
from .lab import py as lab_py

CELLS = [
    """from levelwidgets import DiceLab
from levelwidgets.widgets import Level8BoardWidget, Level8Widget, LevelXWidget

x = LevelXWidget(players=["You", "Ben"], seed=3, language={lang!r})
x""",
    """c = Level8Widget(players=["You", "Ben", "Cleo"], bots=[None, "heuristic", "heuristic"],
                seed=8, language={lang!r}, bot_delay=0)
c""",
    """b = Level8BoardWidget(players=["You", "Ben"], bots=[None, "heuristic"], seed=11,
                      language={lang!r})
b""",
    """lab = DiceLab(seed=7, language={lang!r})
lab""",
]

#: Per language: labels each widget must show, the refusals' words, English it must not show.
EXPECT = {
    "fr": {
        ".lx-root": ["Effacer", "Règles", "Apprendre", "Manche"],
        ".l8-root": ["Pioche", "Manche"],
        ".l8b-root": ["À toi\u00a0: choisir une case pour la tour", "Nouvelle partie", "Choisir"],
        ".dl-root": ["Labo de dés", "Lancer", "Sommes cibles"],
        "refuse_x": "Le groupe 1 fait 1",
        "refuse_8": "piocher une carte",
        "refuse_b": "déplacer la tour sur une des deux cases allumées",
        "refuse_lab": "Choisis au moins une somme cible",
    },
    "it": {
        ".lx-root": ["Cancella", "Regole", "Impara", "Giro"],
        ".l8-root": ["Mazzo", "Giro"],
        ".l8b-root": ["Tocca a te: scegliere una casella per la torre", "Nuova partita", "Scegli"],
        ".dl-root": ["Laboratorio dei dadi", "Lancia", "Somme obiettivo"],
        "refuse_x": "Il gruppo 1 fa 1",
        "refuse_8": "pescare una carta",
        "refuse_b": "muovere la torre su una delle due caselle illuminate",
        "refuse_lab": "Scegli almeno una somma obiettivo",
    },
    "nl": {
        ".lx-root": ["Wissen", "Regels", "Leren", "Ronde"],
        ".l8-root": ["Trekstapel", "Ronde"],
        ".l8b-root": ["Jouw beurt: een veld voor de toren kiezen", "Nieuw spel", "Kiezen"],
        ".dl-root": ["Dobbellab", "Gooien", "Doeltotalen"],
        "refuse_x": "De groep 1 maakt 1",
        "refuse_8": "een kaart pakken",
        "refuse_b": "de toren naar een van de twee oplichtende velden zetten",
        "refuse_lab": "Kies minstens één doeltotaal",
    },
    "es": {
        ".lx-root": ["Borrar", "Reglas", "Aprender", "Ronda"],
        ".l8-root": ["Mazo", "Ronda"],
        ".l8b-root": ["Tu turno: elegir una casilla para la torre", "Nueva partida", "Elegir"],
        ".dl-root": ["Laboratorio de dados", "Tirar", "Totales buscados"],
        "refuse_x": "El grupo 1 suma 1",
        "refuse_8": "robar una carta",
        "refuse_b": "mover la torre a una de las dos casillas que brillan",
        "refuse_lab": "Elige al menos un total buscado",
    },
}

#: English labels of the same widgets: none may be left on a translated page.
ENGLISH = [
    "Draw pile",
    "Roll the dice",
    "Dice lab",
    "Target sums",
    "Level track",
    "Rules",
    "New game",
]


def _notebook(lab, lang: str, name: str) -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c.format(lang=lang)) for c in CELLS]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(nb, lab.root / name)


def _refusal(page, root: str, words: str) -> None:
    """Wait until the widget ``root`` shows a refusal containing ``words``."""
    try:
        page.wait_for_function(
            """([root, words]) => [...document.querySelectorAll(root + ' [data-error]')]
                 .some((e) => e.textContent.includes(words))""",
            arg=[root, words],
            timeout=20_000,
        )
    except Exception:  # say what the widget showed instead
        said = page.locator(f"{root} [data-error]").all_inner_texts()
        raise AssertionError(f"{root} shows no refusal with {words!r}: {said}") from None


@pytest.mark.parametrize("lang", ["fr", "it", "nl", "es"])
def test_every_widget_speaks_the_language(page, lab, artifacts, request, lang: str) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    expect = EXPECT[lang]
    name = f"{request.node.name.replace('[', '_').replace(']', '')}.ipynb"
    _notebook(lab, lang, name)
    open_notebook(page, lab, name)
    run_all(page)
    for root in (".lx-root", ".l8-root", ".l8b-root", ".dl-root"):
        page.locator(root).first.wait_for(timeout=60_000)
    assert lab_py(page, "[x.language, c.language, b.language, lab.language]") == [lang] * 4

    # Level X: one move by You, then Ben's group of a lone 1 is refused (its title and the
    # refusal the Enter key brings back from Python)
    x = page.locator(".lx-root").first
    kernel_run(page, "x.roll((5, 6, 2, 3)); x.play('5 6')")
    kernel_run(page, "x.roll((1, 2, 3, 4))")
    page.wait_for_function(
        "() => document.querySelector('.lx-root [data-die=\"0\"]:not([disabled])')"
    )
    settled(page, ".lx-root")
    x.locator("button[data-die='0']").click()
    play = x.locator("[data-action=confirm]")
    assert expect["refuse_x"] in (play.get_attribute("title") or "")
    x.focus()
    page.keyboard.press("Enter")
    _refusal(page, ".lx-root", expect["refuse_x"])

    # Level 8: after a turn, discarding before drawing is refused in the language
    card = page.locator(".l8-root").first
    page.wait_for_function(
        "() => { const r = document.querySelector('.l8-root');"
        " return r && r.dataset.busy === '0' && r.dataset.actor === '0'; }",
        timeout=60_000,
    )
    kernel_run(page, "c.draw(); c.discard(c.game.hand(0)[0])")  # a turn; the bots play theirs
    page.wait_for_function(
        "() => { const r = document.querySelector('.l8-root');"
        " return r && r.dataset.busy === '0' && r.dataset.actor === '0'"
        " && r.dataset.phase === 'draw'; }",
        timeout=60_000,
    )
    kernel_run(page, "c._handle_message(c, {'type': 'discard', 'card': c.game.hand(0)[0]}, [])")
    _refusal(page, ".l8-root", expect["refuse_8"])

    # the board game: after the roll, a discard before the tower moves is refused
    board = page.locator(".l8b-root").first
    run_code(
        page, "b.roll(); b._handle_message(b, {'type': 'discard', 'card': b.game.hand(0)[0]}, [])"
    )
    _refusal(page, ".l8b-root", expect["refuse_b"])

    # the dice lab: a roll, then an empty choice of target sums is refused
    dice = page.locator(".dl-root").first
    seq = dice.get_attribute("data-seq")
    dice.locator("[data-action=roll]").click()
    # the roll's view first: a question sent straight to the kernel may overtake the click's
    # message, and the roll's view would then clear the refusal
    page.wait_for_function(
        "(seq) => document.querySelector('.dl-root').dataset.seq !== seq", arg=seq
    )
    kernel_run(page, "lab._handle_message(lab, {'type': 'set_targets', 'targets': []}, [])")
    _refusal(page, ".dl-root", expect["refuse_lab"])

    for root, widget in (
        (x, ".lx-root"),
        (card, ".l8-root"),
        (board, ".l8b-root"),
        (dice, ".dl-root"),
    ):
        shown = root.evaluate("e => e.textContent")
        for label in expect[widget]:
            assert label in shown, (widget, label)
        for english in ENGLISH:
            assert english not in shown, (widget, english)
        # nothing cut off at 1024 wide: no part of the widget needs a horizontal scroll
        page.set_viewport_size({"width": 1024, "height": 768})
        root.scroll_into_view_if_needed()
        wide = root.evaluate(
            """(e) => [...e.querySelectorAll('*')].filter((c) => c.scrollWidth > c.clientWidth + 1
                 && ['auto', 'scroll', 'hidden'].includes(getComputedStyle(c).overflowX)
                 && c.clientWidth > 0)
                 .map((c) => `${c.className} '${c.textContent}' ${c.scrollWidth}/${c.clientWidth}`)
            """
        )
        assert not wide, (widget, wide)
        short = widget.strip(".").split("-")[0]
        page.screenshot(path=str(artifacts / f"{lang}_{short}_1024x768.png"))
        # the whole widget in one picture (a tall window, the same width)
        page.set_viewport_size({"width": 1024, "height": 2400})
        root.scroll_into_view_if_needed()
        root.screenshot(path=str(artifacts / f"{lang}_{short}.png"))
