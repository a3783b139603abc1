"""The documents a newcomer meets: a short README with the two commands first, a docs
site that builds with no broken link, and every command they print working as typed."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]
PROGRAM = ".venv/bin/splendor-a11y"
QUOTED = re.compile(rf"{re.escape(PROGRAM)}((?: [^`#|\n]*)?)")
RUNS = ("lookup", "replay", "--help")
"""Commands run for real (the rest would start a game or a server: they are parsed)."""


def test_the_readme_is_short_and_opens_with_its_two_commands() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode("utf-8")) < 10_000
    first_screen = "\n".join(readme.splitlines()[:40])
    assert "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/splendor-a11y" in first_screen
    assert (
        '.venv/bin/pip install ".[test]" && .venv/bin/ruff check && .venv/bin/ruff format --check && .venv/bin/mypy && .venv/bin/pytest -q'
        in readme
    )


def test_the_docs_site_builds_strictly(tmp_path: Path) -> None:
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "NO_MKDOCS_2_WARNING": "1", "HOME": str(tmp_path)},
    )
    assert built.returncode == 0, built.stdout + built.stderr
    assert (tmp_path / "site" / "manual" / "index.html").exists()
    assert (tmp_path / "site" / "fr" / "manual" / "index.html").exists()


def quoted_commands() -> list[tuple[str, list[str]]]:
    """Every ``.venv/bin/splendor-a11y ...`` the documents print, as its arguments."""
    found: dict[str, tuple[str, list[str]]] = {}
    for document in DOCUMENTS:
        for match in QUOTED.finditer(document.read_text(encoding="utf-8")):
            words = shlex.split(match.group(1).strip())
            found.setdefault(" ".join(words), (document.name, words))
    return sorted(found.values())


def test_the_documents_quote_commands_of_every_kind() -> None:
    subcommands = {
        next((w for w in words if not w.startswith("-") and w not in ("fr", "en")), "")
        for _, words in quoted_commands()
    }
    assert {"", "play", "resume", "replay", "lookup", "serve", "export"} <= subcommands, subcommands


@pytest.fixture(scope="module")
def a_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game's log with a player named Ana, for the documents' replay commands to read."""
    path = tmp_path_factory.mktemp("log") / "game.jsonl"
    played = run_cli(
        "play",
        "--players",
        "Ana,bot:random",
        "--seed",
        "4",
        "--log",
        str(path),
        "--speech",
        "off",
        stdin="take dse\ntake ser\nreserve a1\ntake dse\nreserve a2\nreturn d\nreserve a3\nreturn s\nquit\n",
        home=path.parent / "home",
    )
    assert played.returncode == 0, played.stderr
    return path


@pytest.mark.parametrize(("document", "words"), quoted_commands(), ids=lambda value: str(value))
def test_every_command_the_documents_print_works_as_typed(
    document: str, words: list[str], tmp_path: Path, a_log: Path
) -> None:
    from splendor_a11y.cli.exits import UsageError
    from splendor_a11y.cli.parser import build_parser, with_subcommand

    try:
        build_parser().parse_args(with_subcommand(list(words)))
    except UsageError as error:
        pytest.fail(f"{document}: {PROGRAM} {' '.join(words)}: {error}")
    if not any(word in RUNS for word in words):
        return
    for name in ("game.jsonl", "partie.jsonl"):
        shutil.copy(a_log, tmp_path / name)
    result = run_cli(*words, cwd=tmp_path, home=tmp_path / "home", stdin="quit\n")
    assert result.returncode in (0, 1), f"{document}: {' '.join(words)}\n{result.stdout}{result.stderr}"
    assert "Traceback" not in result.stderr
