"""The command line's words: its subcommands and options, each with its help, and
``splendor-a11y`` alone read as ``play``."""

from __future__ import annotations

import argparse
import gettext
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from splendor_a11y import __version__
from splendor_a11y.bots import THINK_SECONDS
from splendor_a11y.cli.exits import UsageError
from splendor_a11y.cli.paths import database
from splendor_a11y.cli.refusals import said_again
from splendor_a11y.engine import MODULES
from splendor_a11y.text.messages import (
    language_list,
    text,
)
from splendor_a11y.text.similarity import nearest

_UNRECOGNIZED = gettext.gettext("unrecognized arguments: %s").split("%s")[0]
"""How argparse begins its refusal of words it does not know, in the words it uses."""


_CARD_PART_OR_NUMBER = re.compile(r"^-\d+[a-z]*$|^-\d*\.\d+$")
"""A word argparse is to read as a value, not an option: a negative number, as argparse
has it, or a card's cost in cards (``-2o``: a module's mark, which argparse took for an
unknown option when a card was looked up)."""


class _Formatter(argparse.HelpFormatter):
    """argparse's help with its framing word (``usage:``) in the language in use."""

    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, text("cli.usage_prefix") if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """argparse that raises instead of printing usage noise and exiting, and says its own
    headings and ``-h`` in the language in use."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.update(formatter_class=_Formatter, add_help=False)
        super().__init__(*args, **kwargs)
        self._optionals.title = text("cli.options")
        self._positionals.title = text("cli.positionals")
        self.add_argument("-h", "--help", action="help", help=text("cli.help.help"))
        self._negative_number_matcher = _CARD_PART_OR_NUMBER

    typed: tuple[str, ...] = ()
    """The words read (``read``): a refused option is matched against the options of the
    subcommand they name."""

    def error(self, message: str) -> None:  # type: ignore[override]
        if message.startswith(_UNRECOGNIZED):
            unknown = message.removeprefix(_UNRECOGNIZED).split()
            first = _subcommand_first(self, self.typed, unknown)
            if first is not None:
                raise UsageError(text("cli.subcommand_first", line=" ".join(first)))
            near = _nearest_option(self, self.typed, unknown)
            if near is not None:
                raise UsageError(text("cli.unknown_option_near", typed=near[0], option=near[1]))
        raise UsageError(text("cli.usage_error", message=said_again(message)))


def read_arguments(arguments: Sequence[str]) -> argparse.Namespace:
    """The command line's words read, or refused in one sentence (``UsageError``)."""
    parser = build_parser()
    parser.typed = tuple(arguments)
    return parser.parse_args(arguments)


def _subcommand_first(
    parser: argparse.ArgumentParser, typed: Sequence[str], unknown: Sequence[str]
) -> list[str] | None:
    """The line as it should have been typed when a subcommand came after options
    (``splendor-a11y --speech off play``, read as ``play --speech off play``): the
    subcommand first, then the other words in the order typed; None when no refused
    word names a subcommand."""
    subcommands = _subcommands(parser)
    named = next((word for word in unknown if word in subcommands), None)
    if named is None:
        return None
    words = list(typed)
    words.pop(next(index for index, word in enumerate(words) if word in subcommands))
    words.remove(named)
    return ["splendor-a11y", named, *words]


def _subcommands(parser: argparse.ArgumentParser) -> set[str]:
    """The subcommands' names, for a parser that has them."""
    return {
        name for action in parser._actions if isinstance(action, argparse._SubParsersAction) for name in action.choices
    }


def _nearest_option(
    parser: argparse.ArgumentParser, typed: Sequence[str], unknown: Sequence[str]
) -> tuple[str, str] | None:
    """The first unknown option and the option of its subcommand it was surely meant to
    be (``--language`` for ``--lang``, ``--seeds`` for ``--seed``): one it begins with,
    or one a slip or two away; None when there is none."""
    options = _options_of(parser, typed)
    for word in unknown:
        wrong = word.split("=", 1)[0]
        if not wrong.startswith("--"):
            continue
        begun = sorted((option for option in options if wrong.startswith(option)), key=len, reverse=True)
        near = begun[0] if begun else nearest(wrong, sorted(options), within=2)
        if near is not None:
            return wrong, near
    return None


def _options_of(parser: argparse.ArgumentParser, typed: Sequence[str]) -> set[str]:
    """The long options of the subcommand the words name (``play`` when they name none),
    with the options every subcommand shares."""
    options = {option for action in parser._actions for option in action.option_strings if option.startswith("--")}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            named = next((word for word in typed if word in action.choices), "play")
            options |= _options_of(action.choices[named], ())
    return options


def build_parser() -> _Parser:
    """Every subcommand and option, each with its help in the language in use."""
    parser = _Parser(prog="splendor-a11y", description=text("cli.help.program"))
    parser.add_argument(
        "--version", action="version", version=f"splendor-a11y {__version__}", help=text("cli.help.version")
    )
    _lang_option(parser)
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    play = sub.add_parser("play", help=text("cli.help.play"))
    _lang_option(play)
    play.add_argument("--players", default=None, metavar=_metavar("players"), help=text("cli.help.players"))
    play.add_argument("--seed", type=int, default=None, metavar=_metavar("seed"), help=text("cli.help.seed"))
    play.add_argument("--log", type=Path, default=None, metavar=_metavar("log"), help=text("cli.help.log"))
    _voice_options(play)
    play.add_argument(
        "--module",
        action="append",
        default=[],
        metavar=_metavar("module"),
        help=text("cli.help.module", modules=", ".join(MODULES)),
    )
    play.add_argument("--setup", action="store_true", help=text("cli.help.setup"))
    _think_option(play)

    resume = sub.add_parser("resume", help=text("cli.help.resume"))
    _lang_option(resume)
    resume.add_argument("file", nargs="?", type=Path, metavar=_metavar("file"), help=text("cli.help.resume_file"))
    _think_option(resume)
    _voice_options(resume)

    rep = sub.add_parser("replay", help=text("cli.help.replay"))
    _lang_option(rep)
    rep.add_argument("file", type=Path, metavar=_metavar("file"), help=text("cli.help.replay_file"))
    rep.add_argument("--verify", action="store_true", help=text("cli.help.verify"))
    rep.add_argument("--transcript", action="store_true", help=text("cli.help.transcript"))
    rep.add_argument("--state-json", action="store_true", help=text("cli.help.state_json"))
    rep.add_argument("--at", type=int, default=None, metavar=_metavar("at"), help=text("cli.help.at"))
    rep.add_argument("--summary", action="store_true", help=text("cli.help.summary"))
    rep.add_argument("--as", dest="as_player", metavar=_metavar("name"), default=None, help=text("cli.help.as"))
    _voice_options(rep)

    serve = sub.add_parser("serve", help=text("cli.help.serve"))
    _lang_option(serve)
    serve.add_argument("--host", default="127.0.0.1", metavar=_metavar("host"), help=text("cli.help.host"))
    _think_option(serve)
    serve.add_argument("--port", type=int, default=2222, metavar=_metavar("port"), help=text("cli.help.port"))
    serve.add_argument("--telnet", type=int, default=None, metavar=_metavar("port"), help=text("cli.help.telnet"))
    serve.add_argument("--web", type=int, default=None, metavar=_metavar("port"), help=text("cli.help.web"))
    serve.add_argument("--tls-cert", type=Path, default=None, metavar=_metavar("file"), help=text("cli.help.tls_cert"))
    serve.add_argument("--tls-key", type=Path, default=None, metavar=_metavar("file"), help=text("cli.help.tls_key"))
    serve.add_argument("--open", action="store_true", help=text("cli.help.open"))
    serve.add_argument(
        "--db", type=database, default=None, metavar=_metavar("file_or_address"), help=text("cli.help.db")
    )
    serve.add_argument(
        "--max-connections",
        type=int,
        default=200,
        metavar=_metavar("max_connections"),
        help=text("cli.help.max_connections"),
    )
    serve.add_argument("--proxy-protocol", action="store_true", help=text("cli.help.proxy_protocol"))
    serve.add_argument(
        "--login-timeout", type=float, default=60.0, metavar=_metavar("seconds"), help=text("cli.help.login_timeout")
    )
    serve.add_argument(
        "--replace-after", type=float, default=120.0, metavar=_metavar("seconds"), help=text("cli.help.replace_after")
    )
    serve.add_argument(
        "--close-after", type=float, default=86400.0, metavar=_metavar("seconds"), help=text("cli.help.close_after")
    )

    export = sub.add_parser("export", help=text("cli.help.export"))
    _lang_option(export)
    export.add_argument("table", type=int, metavar=_metavar("table"), help=text("cli.help.export_table"))
    export.add_argument("file", nargs="?", type=Path, metavar=_metavar("file"), help=text("cli.help.export_file"))
    export.add_argument(
        "--db", type=database, default=None, metavar=_metavar("file_or_address"), help=text("cli.help.db")
    )

    look = sub.add_parser("lookup", help=text("cli.help.lookup"))
    _lang_option(look)
    look.add_argument("codes", nargs="*", metavar=_metavar("codes"), help=text("cli.help.codes"))
    look.add_argument("--level", choices=("a", "b", "c", "1", "2", "3"), help=text("cli.help.level"))
    look.add_argument("--bonus", metavar=_metavar("bonus"), help=text("cli.help.bonus"))
    look.add_argument("--points", type=int, metavar=_metavar("points"), help=text("cli.help.points"))
    look.add_argument("--max-cost", type=int, metavar=_metavar("max_cost"), help=text("cli.help.max_cost"))
    look.add_argument("--costs", default="", metavar=_metavar("costs"), help=text("cli.help.costs"))
    look.add_argument("--nobles", action="store_true", help=text("cli.help.nobles"))
    look.add_argument("--braille", action="store_true", help=text("cli.help.braille"))
    look.add_argument("--marks", action="store_true", help=text("cli.help.marks"))
    return parser


def _metavar(name: str) -> str:
    """What the help and the usage call an option's value, in the language in use
    (``--seed SEED``, ``--seed GRAINE``): the French help said ``--max-cost MAX_COST``."""
    return text(f"cli.metavar.{name}")


def _voice_options(parser: argparse.ArgumentParser) -> None:
    """How a game is said: speech, codes or words, and how much a turn's first line says."""
    parser.add_argument("--speech", choices=("auto", "on", "off"), default="auto", help=text("cli.help.speech"))
    parser.add_argument(
        "--verbosity", choices=("notation", "words"), default="notation", help=text("cli.help.verbosity")
    )
    parser.add_argument("--detail", choices=("brief", "full"), default="brief", help=text("cli.help.detail"))


def _lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lang", metavar=_metavar("code"), help=text("cli.help.lang", languages=language_list()))


THINK_LIMITS = (0.1, 60.0)
"""The seconds a player may give the hard bot a move: enough to think, not a stall."""


def _think_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--think",
        type=thinking_time,
        default=THINK_SECONDS,
        metavar=_metavar("seconds"),
        help=text(
            "cli.help.think", low=f"{THINK_LIMITS[0]:g}", high=f"{THINK_LIMITS[1]:g}", default=f"{THINK_SECONDS:g}"
        ),
    )


def thinking_time(given: str) -> float | None:
    """Seconds for the hard bot's move and the hint, or ``fixed``: the same thought on every
    machine, counted in positions judged rather than seconds (for recorded games and tests)."""
    if given.strip().lower() == "fixed":
        return None
    try:
        seconds = float(given)
    except ValueError:
        seconds = float("nan")
    if not THINK_LIMITS[0] <= seconds <= THINK_LIMITS[1]:
        raise argparse.ArgumentTypeError(
            text("cli.think_range", given=given, low=f"{THINK_LIMITS[0]:g}", high=f"{THINK_LIMITS[1]:g}")
        )
    return seconds


_PLAY_ASSUMED = ("-h", "--help", "--version")


def with_subcommand(arguments: list[str]) -> list[str]:
    """``splendor-a11y`` alone is ``play``, and so is a line that starts with an option of
    ``play`` (``splendor-a11y --seed 7``)."""
    if arguments and (arguments[0] == "--lang" or arguments[0].startswith("--lang=")):
        taken = 2 if arguments[0] == "--lang" else 1
        return arguments[:taken] + with_subcommand(arguments[taken:])
    if not arguments or (arguments[0].startswith("-") and arguments[0] not in _PLAY_ASSUMED):
        return ["play", *arguments]
    return arguments
