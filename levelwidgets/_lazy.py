"""Names a package exports but imports only when first used (PEP 562).

A notebook that shows one table should not pay for the bots, the search or the other widgets
at ``import`` time; the names stay where users look for them.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from importlib import import_module


def lazy_exports(
    package: str, homes: Mapping[str, str], submodules: Iterable[str] = ()
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package`` (its ``__name__``, while it runs).

    Each name of ``homes`` is read from its module (relative to the package, e.g. ``".bots"``)
    when first asked for, then kept in the package, so later lookups skip ``__getattr__``; the
    ``submodules`` named are imported when asked for as attributes. ``dir()`` lists every name
    of the package's ``__all__``, loaded or not.
    """
    namespace = sys.modules[package].__dict__
    loadable = frozenset(submodules)

    def __getattr__(name: str) -> object:
        if name in loadable:
            return import_module(f".{name}", package)
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(home, package), name)
        namespace[name] = value  # found once; later lookups skip this function
        return value

    def __dir__() -> list[str]:
        return sorted({*namespace, *namespace.get("__all__", ())})

    return __getattr__, __dir__
