"""Speed of the game-AI adapters against the engine. Prints one ``name: value`` line per figure.

Run: ``python benchmarks/interop_speed.py [--seconds 1.0] [--repeats 9] [--no-pz-benchmark]
[--games a,b] [--instructions]``.

For each game (2 players) the same random-play loop runs

* at the engine level (the baseline): ``legal_action_ids`` + a random choice +
  ``apply(action_from_id(id))``, chance sampled as the adapters sample it;
* ``engine.apply`` alone: the baseline's actions played again, only ``apply`` timed;
* one adapter call alone against ``apply`` alone on the same actions, each call timed by
  itself on both sides: PettingZoo's ``step()`` (after the agent's ``last()``, not timed)
  and OpenSpiel's ``apply_action()`` (after ``legal_actions()``, not timed). This is what
  the adapter adds to the engine's own step: the id decoded, chance played, the agent and
  rewards kept (``adapter_call_vs_apply_max_ratio``);
* through the PettingZoo AEC environment: ``last()`` (tensor and mask), a choice from the
  mask (its ids read as Gymnasium's ``Discrete.sample(mask)`` reads them: :func:`legal_ids`),
  ``step`` — and ``step`` alone (``last(observe=False)``, ids from the engine);
* through the Gymnasium environment (the learner picks from ``info["action_mask"]``, a
  random bot plays the other seat; every decision is counted, the bot's too);
* through the OpenSpiel state (``legal_actions`` + ``apply_action``), when
  ``levelwidgets.interop.openspiel`` exists.

The engine loop and the PettingZoo loops play the very same games (engine seed and chance
drawn from the same seeded generator, the same choices; the OpenSpiel loop too, through
``openspiel.state_for``), so their ratio is the adapter's cost alone. A step is one decision
(a Level X roll is chance, not counted). Times are CPU time of this process
(``time.process_time``). This machine's other work moves them (on a shared two-core machine
by ±30 %), so each adapter run is paired with the engine loop run just before and just after
it (the faster of the two), and every ratio printed is the median of :data:`REPEATS` such
interleaved pairs, with their range; ``adapter_vs_engine_max_ratio`` is the largest median
(target ≤ 2). Finally PettingZoo's own ``performance_benchmark`` (5 s per game) prints its
turns per second.

``--instructions`` (needs ``valgrind``) adds a figure the machine's load cannot move: each
loop's instructions per decision, counted by cachegrind (``PYTHONHASHSEED=0``) in a process
of its own that first warms every loop (imports, caches) and then plays
:data:`INSTRUCTION_STEPS` decisions, minus a process that only warms up. Its ratio to the
engine loop's is printed beside the time ratio (``adapter_vs_engine_max_instruction_ratio``
is the largest). Instructions are not time: a step through numpy or pyspiel's C++ misses
the instruction cache and the branch predictor more often than the engine's own Python, so
the time ratio is the higher one; the two together say what the adapter costs.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from bisect import bisect_right
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from gymnasium.utils import seeding

from levelwidgets.interop import core
from levelwidgets.interop.gym import GameEnv, sample_chance
from levelwidgets.interop.pettingzoo import ENVIRONMENTS

try:  # the OpenSpiel adapter is optional here
    import pyspiel

    from levelwidgets.interop import openspiel  # registers the games
except ImportError:
    pyspiel = openspiel = None

GAMES = core.GAME_NAMES
FIRST_SEED = 1000


def engine_seed(seed: int) -> tuple[int, np.random.Generator]:
    """The engine seed and chance generator the PettingZoo env makes from ``reset(seed)``."""
    rng, _ = seeding.np_random(seed)
    return int(rng.integers(2**63)), rng


def engine_loop(name: str, steps: int, record: list | None = None) -> float:
    """Seconds for ``steps`` random decisions at the engine level."""
    choose = random.Random(0).choice
    cache: dict = {}
    done, seed = 0, FIRST_SEED
    start = time.process_time()
    while done < steps:
        engine, rng = engine_seed(seed)
        game = core.make_game(name, seed=engine)
        actions: list = []
        seed += 1
        while not game.is_over and done < steps:
            if game.is_chance():
                action = sample_chance(game, rng, cache)
            else:
                action = game.action_from_id(choose(game.legal_action_ids()))
                done += 1
            game.apply(action)
            actions.append(action)
        if record is not None:
            record.append((engine, actions))
    return time.process_time() - start


#: The clock of the one-call timings (each call timed alone): ``perf_counter`` costs a
#: tenth of ``process_time`` per reading, which would add a microsecond to every call.
clock = time.perf_counter


def apply_only(name: str, recorded: list, per_call: bool = False) -> float:
    """Seconds of ``apply`` alone for the recorded games' actions: CPU time of each game's
    loop, or (``per_call``) each call timed alone with :data:`clock`, as the adapter calls
    it pairs with are."""
    total = 0.0
    for engine, actions in recorded:
        game = core.make_game(name, seed=engine)
        apply = game.apply
        if per_call:
            for action in actions:
                start = clock()
                apply(action)
                total += clock() - start
            continue
        start = time.process_time()
        for action in actions:
            apply(action)
        total += time.process_time() - start
    return total


def pettingzoo_step_calls(name: str, recorded: list) -> float:
    """Seconds inside ``env.step`` alone for the recorded games' decisions (the engine
    loop's games: ``reset(seed)`` gives the same engine seed and chance draws), each after
    the agent has looked (``last()``, not timed), as every agent does before it steps. The
    step plays the chance that follows a decision itself, so its pair is
    :func:`apply_only` of every action, chance included (``per_call``)."""
    env = ENVIRONMENTS[name]()
    total = 0.0
    for index, (engine, actions) in enumerate(recorded):
        env.reset(seed=FIRST_SEED + index)
        game = env.game
        replay = core.make_game(name, seed=engine)
        step, last = env.step, env.last
        for action in actions:
            if replay.is_chance():
                replay.apply(action)
                continue
            action_id = replay.action_id(action)
            replay.apply(action)
            last()
            start = clock()
            step(action_id)
            total += clock() - start
        if game.plies != replay.plies:
            raise RuntimeError(f"{name}: the environment's game left the engine loop's game")
    return total


def openspiel_apply_calls(name: str, recorded: list) -> float:
    """Seconds inside ``state.apply_action`` alone for the recorded games' actions (chance
    outcomes too: OpenSpiel's ids are the engine's), each after ``legal_actions()`` (not
    timed), as a bot asks before it acts; the pair of :func:`apply_only` (``per_call``)."""
    game = pyspiel.load_game(name, {"players": 2})
    total = 0.0
    for engine, actions in recorded:
        ids = core.make_game(name, seed=engine)
        numbered = []
        for action in actions:
            numbered.append(ids.action_id(action))
            ids.apply(action)
        state = openspiel.state_for(game, core.make_game(name, seed=engine))
        apply_action, legal_actions = state.apply_action, state.legal_actions
        for action_id in numbered:
            legal_actions()
            start = clock()
            apply_action(action_id)
            total += clock() - start
    return total


def legal_ids(mask: np.ndarray) -> list[int]:
    """The ids a mask allows, read as Gymnasium's ``Discrete.sample(mask)`` reads them
    (``mask == 1`` first). ``np.flatnonzero`` of the int8 mask itself gives the same ids but
    numpy scans an int8 vector many times slower than a bool one (a card game's mask has
    11,539 or 21,754 entries: that scan alone cost about the engine's whole step)."""
    return np.flatnonzero(mask == 1).tolist()


def pettingzoo_loop(name: str, steps: int, observe: bool = True) -> float:
    """Seconds for ``steps`` random decisions through the AEC environment."""
    choose = random.Random(0).choice
    env = ENVIRONMENTS[name]()
    done, seed = 0, FIRST_SEED
    start = time.process_time()
    while done < steps:
        env.reset(seed=seed)
        seed += 1
        while env.agents and done < steps:
            if observe:
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(choose(legal_ids(obs["action_mask"])))
            else:
                _, _, terminated, truncated, _ = env.last(observe=False)
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(choose(env.game.legal_action_ids()))
            done += 1
    return time.process_time() - start


def gym_loop(name: str, steps: int) -> float:
    """Seconds for ``steps`` decisions (learner's and bot's) through the Gymnasium env."""
    choose = random.Random(0).choice
    env = GameEnv(name, opponents="random")
    done, seed = 0, FIRST_SEED
    start = time.process_time()
    while done < steps:
        _, info = env.reset(seed=seed)
        seed += 1
        terminated = False
        while not terminated and done + env.game.plies < steps:  # a ply is one decision
            action = choose(legal_ids(info["action_mask"]))
            _, _, terminated, _, info = env.step(action)
        done += env.game.plies
    return time.process_time() - start


def openspiel_loop(name: str, steps: int) -> float:
    """Seconds for ``steps`` random decisions through the OpenSpiel state (the engine loop's
    games: the same engine seeds, chance draws and choices)."""
    choose = random.Random(0).choice
    tables: dict = {}  # the cumulative chances per outcome table, as sample_chance keeps them
    game = pyspiel.load_game(name, {"players": 2})
    done, seed = 0, FIRST_SEED
    start = time.process_time()
    while done < steps:
        engine, rng = engine_seed(seed)
        state = openspiel.state_for(game, core.make_game(name, seed=engine))
        seed += 1
        while not state.is_terminal() and done < steps:
            if state.is_chance_node():  # drawn as the engine loop draws (sample_chance)
                outcomes = state.chance_outcomes()
                key = (len(outcomes), outcomes[0], outcomes[-1])
                cumulative = tables.get(key)
                if cumulative is None:
                    total = sum(p for _, p in outcomes)
                    cumulative = tables[key] = np.cumsum([p / total for _, p in outcomes]).tolist()
                index = bisect_right(cumulative, rng.random())
                state.apply_action(outcomes[min(index, len(outcomes) - 1)][0])
                continue
            state.apply_action(choose(state.legal_actions()))
            done += 1
    return time.process_time() - start


#: Interleaved pairs per figure (``--repeats``): the median of nine is steady where five
#: still moved by a tenth between runs on a loaded machine.
REPEATS = 9

#: Decisions each loop plays under cachegrind (``--instructions``; about 50 times slower
#: there): a few seconds of the engine loop each, the board game's steps being the longest.
INSTRUCTION_STEPS = {"levelx": 2_000, "level8": 2_000, "level8_board": 400}

#: What a counting process plays for the baseline count: the warm-up alone.
WARM_UP = "warm-up only"


def calibrate(name: str, seconds: float) -> int:
    """How many decisions the engine loop makes in about ``seconds``."""
    steps = 200
    while engine_loop(name, steps) < seconds / 4:
        steps *= 2
    return steps * 4


def paired_ratios(
    name: str, steps: int, run: Callable[..., float], keywords: dict, repeats: int
) -> list:
    """``(adapter s, engine s)`` of ``repeats`` interleaved pairs: the engine loop runs
    just before and just after each adapter run and the faster of the two is its pair, so a
    burst of other work on the machine slows both sides of a pair alike."""
    pairs = []
    for _ in range(repeats):
        before = engine_loop(name, steps)
        seconds = run(name, steps, **keywords)
        after = engine_loop(name, steps)
        pairs.append((seconds, min(before, after)))
    return pairs


def paired_medians(pairs: list) -> tuple[float, list[float], float]:
    """``(median seconds of the measured side, the sorted ratios, their median)`` of
    ``(measured s, baseline s)`` pairs."""
    ratios = sorted(a / e for a, e in pairs)
    return statistics.median(a for a, _ in pairs), ratios, statistics.median(ratios)


def report(name: str, label: str, steps: int, pairs: list, counted: dict | None = None) -> float:
    """Print the median steps/s and the median of the paired ratios (and the instruction
    ratio when ``counted`` has this loop's); returns the time ratio."""
    seconds, ratios, ratio = paired_medians(pairs)
    instructions = ""
    if counted and label in counted:
        mine, base = counted[label], counted[ENGINE]
        instructions = (
            f"; {mine / base:.2f}x its instructions: {mine / 1000:,.1f}k vs "
            f"{base / 1000:,.1f}k per decision"
        )
    print(
        f"{name} {label}: {steps / seconds:,.0f} steps/s  ({ratio:.2f}x the engine loop's "
        f"time: median of {len(pairs)} interleaved pairs, range {ratios[0]:.2f}–{ratios[-1]:.2f}"
        f"{instructions})"
    )
    return ratio


ENGINE = "engine loop"


def report_call(name: str, label: str, steps: int, pairs: list) -> float:
    """Print one adapter call's time per decision against ``apply`` alone on the same
    actions (each call timed alone on both sides); returns the median ratio."""
    seconds, ratios, ratio = paired_medians(pairs)
    print(
        f"{name} {label}: {seconds / steps * 1e6:.1f} µs per decision  ({ratio:.2f}x "
        f"engine.apply alone on the same actions: median of {len(pairs)} pairs, range "
        f"{ratios[0]:.2f}–{ratios[-1]:.2f})"
    )
    return ratio


def adapter_loops() -> dict[str, tuple[Callable[..., float], dict]]:
    """The adapter loops by label, each with its keywords (OpenSpiel's when available)."""
    loops: dict[str, tuple[Callable[..., float], dict]] = {
        "pettingzoo last+step": (pettingzoo_loop, {}),
        "pettingzoo step only": (pettingzoo_loop, {"observe": False}),
        "gymnasium step": (gym_loop, {}),
    }
    if pyspiel is not None:
        loops["openspiel state"] = (openspiel_loop, {})
    return loops


def counted_run(name: str, label: str, steps: int) -> None:
    """What one process under cachegrind plays: every loop warmed (imports, caches, so that
    each process starts the counted part alike), then ``steps`` decisions of ``label``'s
    loop (none for :data:`WARM_UP`)."""
    loops = {ENGINE: (engine_loop, {}), **adapter_loops()}
    for run, keywords in loops.values():
        run(name, 200, **keywords)
    if label != WARM_UP:
        run, keywords = loops[label]
        run(name, steps, **keywords)


def instructions_of(name: str, label: str, steps: int) -> int:
    """Instructions cachegrind counts in a whole process playing :func:`counted_run`."""
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        os.path.abspath(__file__),
        "--count",
        label,
        "--games",
        name,
        "--steps",
        str(steps),
    ]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise RuntimeError(f"cachegrind of {name} {label} failed:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def count_instructions(name: str, labels: list[str], jobs: int) -> dict[str, float]:
    """Instructions per decision of the engine loop and each loop in ``labels``: each
    loop's process minus the warm-up-only process, over :data:`INSTRUCTION_STEPS`."""
    steps = INSTRUCTION_STEPS[name]
    runs = [WARM_UP, ENGINE, *labels]
    with ThreadPoolExecutor(max(1, jobs)) as pool:
        counts = pool.map(lambda label: instructions_of(name, label, steps), runs)
        totals = dict(zip(runs, counts, strict=True))
    return {label: (totals[label] - totals[WARM_UP]) / steps for label in runs[1:]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="engine-loop time per game")
    parser.add_argument("--repeats", type=int, default=REPEATS, help="interleaved pairs per figure")
    parser.add_argument("--no-pz-benchmark", action="store_true", help="skip PettingZoo's")
    parser.add_argument(
        "--games", default=",".join(GAMES), help="the games, comma-separated (default: all)"
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count instructions per decision with cachegrind (needs valgrind)",
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="cachegrind processes at once"
    )
    parser.add_argument("--count", help=argparse.SUPPRESS)  # a process under cachegrind
    parser.add_argument("--steps", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    games = [name.strip() for name in args.games.split(",") if name.strip()]
    unknown = sorted(set(games) - set(GAMES))
    if unknown:
        parser.error(f"no game {', '.join(unknown)}; the games are {', '.join(GAMES)}")
    if args.count is not None:
        counted_run(games[0], args.count, args.steps)
        return
    if args.repeats < 1:
        parser.error("--repeats must be at least 1")
    counting = args.instructions and shutil.which("valgrind") is not None
    if args.instructions and not counting:
        print("instructions: valgrind is not installed, so only times are measured")
    worst = worst_counted = worst_call = 0.0
    loops = adapter_loops()
    for name in games:
        counted = count_instructions(name, list(loops), args.jobs) if counting else None
        steps = calibrate(name, args.seconds)
        recorded: list = []
        engine_loop(name, steps, recorded)
        # the recorded games are the benchmark's own data: kept out of the collector's
        # scans, whose full passes over them (at random moments) moved one-call figures by
        # half; each loop's own garbage is still collected as it would be
        gc.collect()
        gc.freeze()
        bases = [engine_loop(name, steps) for _ in range(args.repeats)]
        line = f"{name} engine loop: {steps / statistics.median(bases):,.0f} steps/s"
        if counted:
            line += f"  ({counted[ENGINE] / 1000:,.1f}k instructions per decision)"
        print(line)
        applied = [
            (apply_only(name, recorded), engine_loop(name, steps)) for _ in range(args.repeats)
        ]
        report(name, "engine.apply only", steps, applied)
        calls = {"pettingzoo step() alone": pettingzoo_step_calls}
        if pyspiel is not None:
            calls["openspiel apply_action() alone"] = openspiel_apply_calls
        for label, timed in calls.items():
            pairs = [
                (timed(name, recorded), apply_only(name, recorded, per_call=True))
                for _ in range(args.repeats)
            ]
            worst_call = max(worst_call, report_call(name, label, steps, pairs))
        for label, (run, keywords) in loops.items():
            pairs = paired_ratios(name, steps, run, keywords, args.repeats)
            worst = max(worst, report(name, label, steps, pairs, counted))
            if counted:
                worst_counted = max(worst_counted, counted[label] / counted[ENGINE])
        del recorded
        gc.unfreeze()
    print(f"adapter_vs_engine_max_ratio: {worst:.2f} (target ≤ 2)")
    print(f"adapter_call_vs_apply_max_ratio: {worst_call:.2f}")
    if counting:
        print(f"adapter_vs_engine_max_instruction_ratio: {worst_counted:.2f}")
    if pyspiel is None:
        print("openspiel: levelwidgets.interop.openspiel (or pyspiel) is not available")
    if not args.no_pz_benchmark:
        from pettingzoo.test import performance_benchmark

        for name in games:
            print(f"{name} pettingzoo performance_benchmark:")
            performance_benchmark(ENVIRONMENTS[name]())


if __name__ == "__main__":
    main()
