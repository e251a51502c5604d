"""levelwidgets in marimo: a Level X game against a bot and a Level 8 card table.

Run it as an app (`marimo run examples/marimo_app.py`) or open it as a notebook
(`marimo edit examples/marimo_app.py`). marimo renders anywidget widgets natively: wrap one in
`mo.ui.anywidget(...)` to let other cells react to it, or show the widget bare.
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    from levelwidgets import Level8Widget, LevelXWidget

    return Level8Widget, LevelXWidget, mo


@app.cell
def _(mo):
    mo.md(
        """
        # Level X and Level 8 in marimo

        Roll, group the dice and play against the greedy bot. The line under the board is a
        cell that follows the game: marimo runs it again after every step (`mo.state`).
        """
    )
    return


@app.cell
def _(mo):
    # Python decides every move, so the widget's news reaches other cells through marimo state
    get_steps, set_steps = mo.state(0)
    get_hand, set_hand = mo.state(10)
    return get_hand, get_steps, set_hand, set_steps


@app.cell
def _(LevelXWidget, mo, set_steps):
    game_widget = LevelXWidget(
        players=["You", "Greedy"], bots=[None, "greedy"], seed=1, bot_delay=300
    )
    game_widget.observe(lambda change: set_steps(len(game_widget.game.steps())), names="view")
    levelx = mo.ui.anywidget(game_widget)
    levelx
    return (levelx,)


@app.cell
def _(get_steps, levelx, mo):
    _phase = levelx.widget.view["phase"]
    mo.md(f"**Level X:** {get_steps()} steps played; {_phase} phase.").callout()
    return


@app.cell
def _(Level8Widget, set_hand):
    table = Level8Widget(players=["You", "Bot"], bots=[None, "heuristic"], seed=3, bot_delay=300)
    table.observe(lambda change: set_hand(len(table.game.hand(0))), names="view")
    table  # a bare widget works too: marimo draws any anywidget without a wrapper
    return (table,)


@app.cell
def _(get_hand, mo):
    mo.md(f"**Level 8:** you hold {get_hand()} cards.").callout()
    return


if __name__ == "__main__":
    app.run()
