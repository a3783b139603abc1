"""The documents a newcomer meets: a short README with the two commands first, a docs
site that builds with no broken link, and every command they print working as typed."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

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


@pytest.mark.parametrize("name", ["architecture.md", "changelog.md", "contributing.md"])
def test_the_docs_site_shows_the_root_files_themselves(name: str) -> None:
    """The site's architecture, changelog and contributing pages are links to the files at
    the root, so that a change made to one is on both: a copy had drifted twice (an
    editor writing through the link made it a file, and the next entry went to one only)."""
    page = ROOT / "docs" / name
    assert page.is_symlink(), f"docs/{name} is a copy; make it a link: ln -sf ../{name[:-3].upper()}.md docs/{name}"
    assert page.resolve() == (ROOT / (name[:-3].upper() + ".md")).resolve()


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
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder where the README's install was just made afresh (``.venv``, without the
    test tools), with a game log named as the documents name it, an unfinished game in
    its data folder for ``resume`` to find, and a server's (empty) database for ``export``."""
    folder = tmp_path_factory.mktemp("fresh")
    venv = subprocess.run([sys.executable, "-m", "venv", str(folder / ".venv")], capture_output=True, text=True)
    assert venv.returncode == 0, venv.stderr
    install = subprocess.run(
        [str(folder / ".venv" / "bin" / "pip"), "install", "-q", str(ROOT)], capture_output=True, text=True, timeout=900
    )
    if install.returncode != 0:
        pytest.skip(f"the README's install could not be made afresh here: {install.stderr.strip()[-300:]}")
    typed = "take dse\ntake ser\nreserve a1\ntake dse\nreserve a2\nreturn d\nreserve a3\nreturn s\nquit\n"
    played = _as_typed(folder, f"{PROGRAM} play --players Ana,bot:random --seed 4 --log game.jsonl", typed)
    assert played.returncode == 0, played.stdout + played.stderr
    shutil.copy(folder / "game.jsonl", folder / "partie.jsonl")
    (folder / "home" / "games").mkdir(parents=True)
    shutil.copy(folder / "game.jsonl", folder / "home" / "games" / "unfinished.jsonl")
    store = "from pathlib import Path; from splendor_a11y.serve.sqlite import SqliteStore; SqliteStore(Path('home/server.sqlite3'))"
    made = _as_typed(folder, f".venv/bin/python -c {shlex.quote(store)}", "")
    assert made.returncode == 0, made.stderr
    return folder


def _as_typed(folder: Path, command: str, typed: str) -> subprocess.CompletedProcess[str]:
    """A command run by a shell in the folder, word for word as a document prints it."""
    env = dict(os.environ, SPLENDOR_A11Y_HOME=str(folder / "home"), SPLENDOR_A11Y_SPEECH="off", LANG="C.UTF-8")
    env.pop("VIRTUAL_ENV", None)
    return subprocess.run(
        command, shell=True, cwd=folder, input=typed, capture_output=True, text=True, env=env, timeout=120
    )


@pytest.mark.parametrize(("document", "words"), quoted_commands(), ids=lambda value: str(value))
def test_every_command_the_documents_print_is_read_by_the_command_line(document: str, words: list[str]) -> None:
    from splendor_a11y.cli.exits import UsageError
    from splendor_a11y.cli.parser import build_parser, with_subcommand

    try:
        build_parser().parse_args(with_subcommand(list(words)))
    except UsageError as error:
        pytest.fail(f"{document}: {PROGRAM} {' '.join(words)}: {error}")


def test_every_command_the_documents_print_works_as_typed_after_the_readme_s_install(fresh: Path) -> None:
    """Each command, in a folder where the README's install was just made: it starts (a
    game is quit at once, a question answered no), and none is "command not found", an
    option the command line does not know, or a traceback (a refusal of what the command
    asks, such as a table that does not exist, is the command working). A server is only
    started by its own tests."""
    failed = []
    for document, words in quoted_commands():
        if "serve" in words:
            continue
        command = " ".join([PROGRAM, *(shlex.quote(word) for word in words)])
        done = _as_typed(fresh, command, "quit\nn\n")
        misread = "--help for the options" in done.stderr or "not found" in done.stderr
        if misread or "Traceback" in done.stderr or done.returncode not in (0, 1, 2):
            failed.append(f"{document}: {command} -> {done.returncode}\n{done.stdout[-300:]}{done.stderr[-300:]}")
    assert failed == []


def test_no_document_prints_a_command_the_readme_s_install_cannot_find() -> None:
    """A command shown on its own line starts with the path the install made: a bare
    ``splendor-a11y`` is "command not found" after the README's venv install."""
    bare = [
        f"{document.name}: {line.strip()}"
        for document in DOCUMENTS
        for line in document.read_text(encoding="utf-8").splitlines()
        if re.match(r"^( {4}|\t)+splendor-a11y\b", line)
    ]
    assert bare == []
