"""``python -m levelwidgets.level8.fast status|build DIR|clean``: the compiled solver (native.py).

``status`` says whether this Python runs the compiled solver. ``build DIR`` builds the
compiled wheel of this version into the folder DIR with pip and the build hook
(``hatch_build.py``; needs a C compiler), from this checkout or else from the source
distribution; installing it is a separate, ordinary ``pip install``. Without DIR it prints
how. ``clean`` removes compiled files an older version built into a source checkout. None of
them writes into an installed package.
"""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from .native import NotACheckoutError, checkout, clean, status

USAGE = "usage: python -m levelwidgets.level8.fast status | build DIR | clean"
#: The build hook's switch (hatch_build.py).
VARIABLE = "LEVELWIDGETS_MYPYC"


def wheel_command(out: Path) -> list[str]:
    """The pip command that builds the compiled wheel into ``out`` (with ``VARIABLE=1`` set):
    from this checkout, or from this version's source distribution."""
    root = checkout()
    if root is not None:
        source = [str(root)]
    else:
        try:
            wanted = f"levelwidgets=={version('levelwidgets')}"
        except PackageNotFoundError:  # (a copy on sys.path, neither installed nor a checkout)
            wanted = "levelwidgets"
        # --no-cache-dir: pip would keep the compiled wheel built from the source distribution
        # and hand it to later plain installs
        source = ["--no-cache-dir", "--no-binary", "levelwidgets", wanted]
    return [sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(out), *source]


def _how() -> str:
    line = " ".join(wheel_command(Path("DIR")))
    return (
        "levelwidgets never compiles into an installed package; it ships the compiled solver "
        "as a wheel. Build it into a folder with:\n"
        "    python -m levelwidgets.level8.fast build DIR\n"
        f"which runs:\n    {VARIABLE}=1 {line}\n"
        "then install it with:\n"
        "    python -m pip install --force-reinstall --no-deps DIR/levelwidgets-*.whl"
    )


def build(out: Path) -> Path:
    """Build the compiled wheel into ``out`` (pip's output shows); returns the wheel.
    Raises RuntimeError when pip fails (no compiler, no network for the build tools...)."""
    out = Path(out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    before = {p: p.stat().st_mtime_ns for p in out.glob("levelwidgets-*.whl")}
    env = dict(os.environ, **{VARIABLE: "1"})
    if subprocess.run(wheel_command(out), env=env, check=False).returncode:
        raise RuntimeError("pip could not build the compiled wheel (its output is above)")
    made = [
        p
        for p in out.glob("levelwidgets-*.whl")
        if before.get(p) != p.stat().st_mtime_ns and not p.name.endswith("-none-any.whl")
    ]
    if len(made) != 1:
        raise RuntimeError(f"pip ran, but no new compiled wheel is in {out}: {made}")
    return made[0]


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns the exit status."""
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "status"
    if command == "build" and len(args) == 1:
        print(_how(), file=sys.stderr)
        return 1
    if command == "build" and len(args) == 2:
        try:
            wheel = build(Path(args[1]))
        except (RuntimeError, OSError) as error:
            print(error, file=sys.stderr)
            return 1
        print(f"built {wheel}")
        print(f"install it with: python -m pip install --force-reinstall --no-deps {wheel}")
    elif command == "clean" and len(args) == 1:
        try:
            gone = clean()
        except NotACheckoutError as error:
            print(error, file=sys.stderr)
            return 1
        print(f"removed {len(gone)} files")
    elif command == "status" and len(args) <= 1:
        print(status())
    else:
        print(USAGE, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
