"""``splendor-a11y``: the command line. Exit codes: 0 success, 1 a refused file or nothing
found, 2 bad usage. One guard turns every expected failure into a sentence; no traceback
ever reaches a player. Each subcommand, and each of the command line's other jobs, is a
module of this package."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from splendor_a11y.cli.exits import EXIT_OK, EXIT_REFUSED, EXIT_USAGE, UsageError
from splendor_a11y.cli.games import run_play, run_resume
from splendor_a11y.cli.guard import choose_language, keep_fault_reports, silence_stdout, tell
from splendor_a11y.cli.hosting import run_export, run_serve
from splendor_a11y.cli.lookups import look_up
from splendor_a11y.cli.parser import read_arguments, with_subcommand
from splendor_a11y.cli.replays import run_replay
from splendor_a11y.cli.signals import stop_on_signals
from splendor_a11y.domain.errors import SplendorError, Stopped
from splendor_a11y.record import LogError
from splendor_a11y.text.messages import problem_text, text
from splendor_a11y.text.narrator import log_refusal

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit code (the console script exits with it)."""
    arguments = with_subcommand(list(sys.argv[1:] if argv is None else argv))
    if argv is None:
        stop_on_signals()
        keep_fault_reports()
    try:
        choose_language(arguments)
        args = read_arguments(arguments)
        handlers = {
            "play": run_play,
            "resume": run_resume,
            "replay": run_replay,
            "lookup": look_up,
            "serve": run_serve,
            "export": run_export,
        }
        return handlers[args.command or "play"](args)
    except UsageError as error:
        tell(str(error))
        return EXIT_USAGE
    except LogError as error:
        tell(log_refusal(error))
        return EXIT_REFUSED
    except SplendorError as error:
        tell(problem_text(error))
        return EXIT_REFUSED
    except KeyboardInterrupt:
        tell(text("cli.interrupted"))
        return EXIT_REFUSED
    except Stopped as stop:
        return 128 + stop.signum
    except BrokenPipeError:
        silence_stdout()
        return EXIT_OK
    except OSError as error:
        tell(text("cli.os_error", reason=error.strerror or error))
        return EXIT_REFUSED
