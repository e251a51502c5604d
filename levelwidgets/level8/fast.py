"""``python -m levelwidgets.level8.fast build|clean|status``: the compiled solver (native.py).

``build`` compiles the solver's modules with mypyc into the installed package (needs
``pip install "levelwidgets[fast]"`` and a C compiler), ``clean`` removes them, ``status``
says whether they are in use.
"""

from __future__ import annotations

import sys

from .native import HERE, build, clean, status


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns the exit status."""
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "status"
    if command == "build":
        try:
            made = build()
        except RuntimeError as error:  # no mypy, or mypyc failed (its output is the message)
            print(error, file=sys.stderr)
            return 1
        except OSError as error:  # e.g. a package folder this user may not write to
            print(f"could not write the compiled solver to {HERE}: {error}", file=sys.stderr)
            return 1
        print(f"built {len(made)} files in {HERE}")
    elif command == "clean":
        print(f"removed {len(clean())} files from {HERE}")
    elif command == "status":
        print(status())
    else:
        print("usage: python -m levelwidgets.level8.fast build|clean|status", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
