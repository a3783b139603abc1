"""The package is laid out in layers, and no import runs back up: the engine never knows
about text, files or terminals; the text never knows about the prompt."""

from __future__ import annotations

import re

from conftest import REPO

LAYERS = ("domain", "engine", "record", "bots", "text", "play", "serve", "cli")
"""From the bottom up; each may import only itself and those before it."""


def layer_of(module: str) -> str:
    part = module.split(".")[1]
    if part in ("cli", "__main__"):
        return "cli"
    return "domain" if part == "__init__" else part


def test_no_import_runs_back_up_the_layers() -> None:
    upward = []
    for path in (REPO / "splendor_a11y").rglob("*.py"):
        module = ".".join(path.relative_to(REPO).with_suffix("").parts)
        own = LAYERS.index(layer_of(module))
        for imported in re.findall(r"^\s*from (splendor_a11y\.[\w.]+) import", path.read_text(encoding="utf-8"), re.M):
            if LAYERS.index(layer_of(imported)) > own:
                upward.append(f"{module} imports {imported}")
    assert upward == []


def test_every_module_of_the_package_is_in_a_layer() -> None:
    folders = {p.name for p in (REPO / "splendor_a11y").iterdir() if p.is_dir() and p.name != "__pycache__"}
    files = {p.stem for p in (REPO / "splendor_a11y").glob("*.py")}
    assert folders <= set(LAYERS) | {"data"}
    assert files <= {"__init__", "__main__"}


def test_no_code_outside_a_module_names_one() -> None:
    """A module is a unit: outside its own package and the catalogues, nothing says its name."""
    from splendor_a11y.engine import MODULES

    names = re.compile("|".join(rf"\b{re.escape(name.rstrip('s'))}" for name in MODULES), re.IGNORECASE)
    naming = []
    for path in (REPO / "splendor_a11y").rglob("*.py"):
        relative = path.relative_to(REPO / "splendor_a11y").as_posix()
        if relative.startswith(("engine/modules/", "text/languages/")):
            continue
        naming += [
            f"{relative}: {line.strip()}"
            for line in path.read_text(encoding="utf-8").splitlines()
            if names.search(line)
        ]
    assert naming == []


def test_a_bot_sees_the_engine_only_through_its_public_face() -> None:
    """Bots are handed a ``SeatView`` and import the engine's own exports (legal moves,
    applying, determinizing), never its insides, where a whole state could be reached."""
    reaching = []
    for path in (REPO / "splendor_a11y" / "bots").rglob("*.py"):
        for imported in re.findall(r"^\s*from (splendor_a11y\.[\w.]+) import", path.read_text(encoding="utf-8"), re.M):
            if imported.startswith("splendor_a11y.engine.") or imported.split(".")[1] not in (
                "bots",
                "domain",
                "engine",
            ):
                reaching.append(f"{path.name} imports {imported}")
    assert reaching == []
