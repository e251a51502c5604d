"""Independent brute force over dice, used to check the engine's enumerations.

Written without the engine's code on purpose: every die gets a label (left out or group 0–3),
and with Lucky Loser every 1 may show any face as long as at least one 1 stays a 1.
"""

from __future__ import annotations

from itertools import product


def face_choices(dice: tuple[int, ...], lucky_loser: bool):
    """Every face vector a roll can show after optional Lucky Loser turns."""
    ones = [i for i, d in enumerate(dice) if d == 1]
    if not lucky_loser or len(ones) < 2:
        yield tuple(dice)
        return
    for new in product(range(1, 7), repeat=len(ones)):
        if 1 not in new:
            continue  # one 1 must stay
        faces = list(dice)
        for i, f in zip(ones, new, strict=True):
            faces[i] = f
        yield tuple(faces)


def step_multisets(dice: tuple[int, ...], lucky_loser: bool) -> set[tuple[int, ...]]:
    """Every multiset of steps (sorted sums 5–10) some grouping of the roll makes."""
    out = set()
    for faces in face_choices(dice, lucky_loser):
        for labels in product(range(5), repeat=len(faces)):  # 0 = left out
            sums: dict[int, int] = {}
            for face, lab in zip(faces, labels, strict=True):
                if lab:
                    sums[lab] = sums.get(lab, 0) + face
            if all(5 <= s <= 10 for s in sums.values()):
                out.add(tuple(sorted(sums.values())))
    return out


def groupings(dice: tuple[int, ...], lucky_loser: bool) -> set[tuple[tuple[int, ...], ...]]:
    """Every grouping (groups of sorted faces summing 5–10, the groups sorted by sum then
    faces) some labelling of some face vector of the roll makes."""
    out = set()
    for faces in face_choices(dice, lucky_loser):
        for labels in product(range(5), repeat=len(faces)):  # 0 = left out
            groups: dict[int, list[int]] = {}
            for face, lab in zip(faces, labels, strict=True):
                if lab:
                    groups.setdefault(lab, []).append(face)
            if all(5 <= sum(g) <= 10 for g in groups.values()):
                parts = (tuple(sorted(g)) for g in groups.values())
                out.add(tuple(sorted(parts, key=lambda g: (sum(g), g))))
    return out
