"""The registry of the Cities of Splendor modules the engine can play.

The command line, help, lookup and the log's header read the modules from ``MODULES``;
adding a module is adding its package beside these and its entry here.
"""

from __future__ import annotations

from collections.abc import Iterable

from splendor_a11y.engine.module import Module
from splendor_a11y.engine.modules.orient import ORIENT
from splendor_a11y.engine.modules.strongholds import STRONGHOLDS
from splendor_a11y.engine.modules.tradingposts import TRADING_POSTS

__all__ = ["MODULES", "modules_named"]

MODULES: dict[str, Module] = {module.name: module for module in (ORIENT, STRONGHOLDS, TRADING_POSTS)}
"""Every module, by its name."""


def modules_named(names: Iterable[str]) -> tuple[Module, ...]:
    """The modules of these names, in the order their hooks run.

    Raises:
        KeyError: for a name no module has.
    """
    return tuple(sorted((MODULES[name] for name in names), key=lambda module: module.order))
