"""The inks of the six Level 8 card colours: the one source for the picture and the front end.

Each ink looks like the colour's name ("red" is a real red, "orange" a real orange), and the six
stay apart for the common colour-vision deficiencies (protan, deutan, tritan) through hue *and*
lightness; every colour also has its own shape (``cards.COLOUR_SHAPES``). The front end's card
CSS (``js/src/level8.css``, ``--l8-fill-N`` / ``--l8-edge-N`` / ``--l8-ink-N``) repeats these
values; ``tests/level8/test_palette.py`` fails when the two disagree or an ink drifts away
from its name's hue.
"""

from __future__ import annotations

#: Shape fills, in engine colour order (red, yellow, green, blue, purple, orange).
FILL: tuple[str, ...] = ("#C61010", "#F0E442", "#009E73", "#005A9C", "#B07CD0", "#F56A00")
#: Card borders: the fill, except a darker yellow so a yellow card's edge shows on white.
EDGE: tuple[str, ...] = ("#C61010", "#C8B600", "#009E73", "#005A9C", "#B07CD0", "#F56A00")
#: Numbers on a white card: darker shades of the same hues, at least 4.5:1 against white.
TEXT: tuple[str, ...] = ("#B00C0C", "#7A6C00", "#00795A", "#005A9C", "#7B3FA0", "#C45200")
