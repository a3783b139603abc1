"""Signals that end a game cleanly: the terminal closed, the game told to stop."""

from __future__ import annotations

import os
import signal
import sys

from splendor_a11y.domain.errors import Stopped


def stop_on_signals() -> None:
    """SIGTERM, SIGHUP (the terminal closed) and SIGQUIT (Ctrl-\\) end a game cleanly,
    through ``Stopped``; a file grown past its limit is an error to report, not a kill.

    At the prompt, the prompt itself is asked to stop with ``Stopped``, on its own event
    loop, so that it leaves raw mode and ends its tasks before the game closes; anywhere
    else (a computer thinking) ``Stopped`` is raised at once."""

    def stop(signum: int, _frame: object) -> None:
        if not _stop_the_prompt(signum):
            raise Stopped(signum)

    for name in ("SIGTERM", "SIGHUP", "SIGQUIT"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)


def _stop_the_prompt(signum: int) -> bool:
    """Ask a running prompt to stop with ``Stopped``; False when no prompt is running."""
    if "prompt_toolkit" not in sys.modules:
        return False
    from prompt_toolkit.application.current import get_app_or_none

    app = get_app_or_none()
    loop = getattr(app, "loop", None)
    if app is None or not app.is_running or app.is_done or loop is None:
        return False

    def exit_prompt() -> None:
        if app.is_running and not app.is_done:
            app.exit(exception=Stopped(signum))
        else:
            os.kill(os.getpid(), signum)  # the prompt ended meanwhile: stop wherever the game is now

    loop.call_soon_threadsafe(exit_prompt)
    return True
