"""ARCHITECTURE.md's recipes, followed as written on a copy of the package: a query and a
module are added in the places the recipes name, and the copy then answers the query and
plays the module. When the code and a recipe drift apart, this fails, and one of them is
mended."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
ARCHITECTURE = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")


def _copy(tmp_path: Path) -> Path:
    """The package copied, with its card data beside it, as a folder to run from."""
    target = tmp_path / "copy"
    shutil.copytree(ROOT / "splendor_a11y", target / "splendor_a11y", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "data", target / "data")
    return target


def _edit(path: Path, anchor: str, addition: str, before: bool = False) -> None:
    """Add code where a recipe says, next to what the recipe names (the test fails when
    that place is gone)."""
    source = path.read_text(encoding="utf-8")
    assert anchor in source, f"the recipe's place is gone: {anchor!r} in {path.name}"
    path.write_text(source.replace(anchor, addition + anchor if before else anchor + addition, 1), encoding="utf-8")


def _catalogue(copy: Path, entries: dict[str, tuple[str, str]]) -> None:
    """Sentences in the English source and the French catalogue, as the recipes say."""
    locales = copy / "splendor_a11y" / "text" / "locales"
    for name, column in (("messages.pot", None), ("fr.po", 1)):
        lines = []
        for key, (english, french) in entries.items():
            said = "" if column is None else french
            flag = "#, python-brace-format\n" if "{" in english else ""
            lines.append(f'{flag}msgctxt "{key}"\nmsgid "{english}"\nmsgstr "{said}"\n')
        path = locales / name
        path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + "\n\n" + "\n".join(lines), encoding="utf-8")


def _run(copy: Path, *args: str, typed: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(copy), SPLENDOR_A11Y_HOME=str(copy / "home"), SPLENDOR_A11Y_SPEECH="off")
    return subprocess.run(
        [sys.executable, "-m", "splendor_a11y", *args, "--speech", "off"],
        input=typed,
        capture_output=True,
        text=True,
        env=env,
        cwd=copy,
        timeout=120,
    )


def test_the_recipes_name_the_places_this_test_follows() -> None:
    for recipe in (
        "### Adding a query",
        "### Adding a module",
        "### Adding a command",
        "### Adding an event kind",
        "### Adding a language",
    ):
        assert recipe in ARCHITECTURE
    for place in ("`COMMANDS`", "`_POSITION_ANSWERS`", "`Answers`", "`MODULES`", "`rules.<name>`"):
        assert place in ARCHITECTURE, place


def test_a_query_added_by_its_recipe_is_answered_and_in_help(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    package = copy / "splendor_a11y"
    # 1. Its word in COMMANDS.
    _edit(
        package / "play" / "grammar.py", '    CommandSpec("supply", aliases=("bank",)),\n', '    CommandSpec("gold"),\n'
    )
    # 2. Its answer: a method of Answers, entered in _POSITION_ANSWERS.
    _edit(
        package / "text" / "queries.py",
        "    def supply(self, state: GameState) -> str:",
        "    def gold(self, state: GameState) -> str:\n"
        '        """The gold tokens left."""\n'
        '        return text("query.gold", count=state.supply[5])\n\n',
        before=True,
    )
    _edit(
        package / "play" / "conversation.py",
        "_POSITION_ANSWERS: dict[str, Callable[[Answers, GameState, int, str], list[str]]] = {\n",
        '    "gold": lambda answers, state, me, argument: [answers.gold(state)],\n',
    )
    # 3. Its sentences in every catalogue.
    _catalogue(
        copy,
        {
            "word.gold": ("gold", "or"),
            "command.gold.usage": ("gold", "or"),
            "command.gold.summary": ("the gold tokens left", "les jetons d'or qui restent"),
            "query.gold": ("Gold left: {count}.", "Or restant : {count}."),
        },
    )
    played = _run(copy, "play", "--seed", "3", "--log", str(copy / "g.jsonl"), typed="gold\nhelp\nquit\n")
    assert played.returncode == 0, played.stderr
    assert "Gold left: 5." in played.stdout
    assert "gold: the gold tokens left." in played.stdout
    french = _run(copy, "--lang", "fr", "play", "--seed", "3", "--log", str(copy / "f.jsonl"), typed="or\nquitter\n")
    assert "Or restant : 5." in french.stdout, french.stdout + french.stderr


@pytest.mark.parametrize("with_other", [False, True])
def test_a_module_added_by_its_recipe_plays_whole_games(tmp_path: Path, with_other: bool) -> None:
    copy = _copy(tmp_path)
    modules = copy / "splendor_a11y" / "engine" / "modules"
    # A package in engine/modules/<name>/ whose __init__.py defines a Module and one instance.
    (modules / "quiet").mkdir()
    (modules / "quiet" / "__init__.py").write_text(
        '"""A module that changes nothing: the recipe\'s smallest case."""\n\n'
        "from splendor_a11y.engine.module import Module\n\n\n"
        'class Quiet(Module):\n    name = "quiet"\n    order = 9\n\n\nQUIET = Quiet()\n',
        encoding="utf-8",
    )
    # Its entry in MODULES.
    _edit(
        modules / "__init__.py",
        "from splendor_a11y.engine.modules.orient import ORIENT\n",
        "from splendor_a11y.engine.modules.quiet import QUIET\n",
    )
    _edit(modules / "__init__.py", "(ORIENT, STRONGHOLDS", ", QUIET")
    # Its sentences: its help and its rules.
    _catalogue(
        copy,
        {
            "help.quiet": ("Quiet: nothing changes.", "Calme : rien ne change."),
            "help.not_in_play.quiet": (
                "It belongs to the quiet module, not in play.",
                "Elle appartient au module calme, absent de la partie.",
            ),
            "rules.quiet": (
                "Quiet, with --module quiet: nothing changes.",
                "Calme, avec --module quiet : rien ne change.",
            ),
            "rules.word.quiet": ("quiet", "calme"),
        },
    )
    log = copy / "q.jsonl"
    modules_asked = ["--module", "quiet"] + (["--module", "orient"] if with_other else [])
    played = _run(
        copy, "play", *modules_asked, "--players", "bot:easy,bot:random", "--seed", "5", "--log", str(log), typed="n\n"
    )
    assert played.returncode == 0, played.stderr
    assert "The game is over." in played.stdout
    verified = _run(copy, "replay", str(log), "--verify")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    rules = _run(copy, "play", "--seed", "3", "--log", str(copy / "r.jsonl"), typed="rules quiet\nquit\n")
    assert "Quiet, with --module quiet: nothing changes." in rules.stdout


def _enter_wait(copy: Path, wait_class: str) -> None:
    """The command recipe's steps for a ``wait`` command whose class is ``wait_class``:
    its class at the end of engine/commands.py, exported from engine/__init__.py and
    named in its __all__, read by the grammar (_ACTIONS) and entered in COMMANDS."""
    engine, play = copy / "splendor_a11y" / "engine", copy / "splendor_a11y" / "play"
    commands = engine / "commands.py"
    commands.write_text(commands.read_text(encoding="utf-8") + wait_class, encoding="utf-8")
    _edit(engine / "__init__.py", "    TakeGems,\n)\nfrom splendor_a11y.engine.events", "    Wait,\n", before=True)
    _edit(engine / "__init__.py", '    "TakeGems",\n', '    "Wait",\n')
    _edit(play / "grammar.py", "from splendor_a11y.engine import MODULES,", " Wait,", before=False)
    _edit(play / "grammar.py", '    CommandSpec("pass", action=True),\n', '    CommandSpec("wait", action=True),\n')
    _edit(play / "grammar.py", '    "pass": lambda rest: Pass(),\n', '    "wait": lambda rest: Wait(),\n')


def test_a_command_added_by_its_recipe_is_read_refused_in_a_sentence_and_in_help(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    engine = copy / "splendor_a11y" / "engine"
    # 1. Its class in engine/commands.py under @command_kind; its refusals as Reasons.
    _edit(engine / "refusals.py", "    PASS_NOT_ALLOWED: ClassVar[Reason]\n", "    WAIT_NOT_A_MOVE: ClassVar[Reason]\n")
    _edit(
        engine / "refusals.py",
        'Reason.PASS_NOT_ALLOWED = Reason("pass_not_allowed")\n',
        'Reason.WAIT_NOT_A_MOVE = Reason("wait_not_a_move")\n',
    )
    # 1 to 4: its class (decide refuses it), its export, its words, COMMANDS.
    _enter_wait(
        copy,
        "\n\n@command_kind\n@value\nclass Wait(Command):\n"
        '    """Ask to wait: never a move."""\n\n    word: ClassVar[str] = "wait"\n\n'
        '    def __str__(self) -> str:\n        return "wait"\n\n'
        "    def decide(self, state: GameState) -> Event:\n        raise refuse(state, Reason.WAIT_NOT_A_MOVE)\n",
    )
    _catalogue(
        copy,
        {
            "word.wait": ("wait", "attendre"),
            "command.wait.usage": ("wait", "attendre"),
            "command.wait.summary": ("ask to wait; never a move", "demander d'attendre ; jamais un coup"),
            "refuse.wait_not_a_move": (
                "Waiting is not a move: take, reserve or buy.",
                "Attendre n'est pas un coup : prenez, réservez ou achetez.",
            ),
        },
    )
    played = _run(copy, "play", "--seed", "3", "--log", str(copy / "w.jsonl"), typed="wait\nhelp wait\nquit\n")
    assert played.returncode == 0, played.stderr
    assert "Waiting is not a move: take, reserve or buy." in played.stdout, played.stdout
    assert "wait: ask to wait; never a move." in played.stdout


def test_an_event_kind_added_by_its_recipe_is_logged_told_and_verified(tmp_path: Path) -> None:
    copy = _copy(tmp_path)
    engine = copy / "splendor_a11y" / "engine"
    # 1. Its class in engine/events.py under @event_kind: kind, a json_field a field, fold, told.
    (engine / "events.py").write_text(
        (engine / "events.py").read_text(encoding="utf-8") + "\n\n@event_kind\n@value\nclass Waited(SeatEvent):\n"
        '    """A turn spent waiting."""\n\n    kind: ClassVar[str] = "waited"\n'
        '    player: int = json_field("seat")\n\n'
        "    def fold(self, state: GameState) -> GameState:\n        return after_action(state)\n\n"
        "    def told(self, before: GameState, after: GameState) -> Phrase:\n"
        '        return Phrase("event.waited", seat=self.player)\n',
        encoding="utf-8",
    )
    # The command that makes it, by the command recipe: makes, decide, made_by.
    _edit(engine / "commands.py", "    TokensReturned,\n)\n", "    Waited,\n", before=True)
    _enter_wait(
        copy,
        "\n\n@command_kind\n@value\nclass Wait(Command):\n"
        '    """Spend a turn."""\n\n    word: ClassVar[str] = "wait"\n'
        "    makes: ClassVar[type[Event] | None] = Waited\n\n"
        '    def __str__(self) -> str:\n        return "wait"\n\n'
        "    def decide(self, state: GameState) -> Event:\n        return Waited(player=state.current)\n\n"
        "    @classmethod\n    def made_by(cls, state: GameState, event: Event) -> Command | None:\n"
        "        return Wait()\n",
    )
    # 2. Its sentence: event.<name>.you and .other.
    _catalogue(
        copy,
        {
            "word.wait": ("wait", "attendre"),
            "command.wait.usage": ("wait", "attendre"),
            "command.wait.summary": ("spend your turn", "passer votre tour à attendre"),
            "event.waited.you": ("You wait.", "Vous attendez."),
            "event.waited.other": ("{name} waits.", "{name} attend."),
        },
    )
    log = copy / "w.jsonl"
    played = _run(copy, "play", "--players", "Ana,bot:easy", "--seed", "3", "--log", str(log), typed="wait\nquit\n")
    assert played.returncode == 0, played.stderr
    assert "You wait." in played.stdout, played.stdout
    assert '"event": "waited"' in log.read_text(encoding="utf-8")
    verified = _run(copy, "replay", str(log), "--verify")
    assert verified.returncode == 0, verified.stdout + verified.stderr
    told = _run(copy, "replay", str(log), "--transcript")
    assert "Ana waits." in told.stdout, told.stdout
