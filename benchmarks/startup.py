"""Startup benchmark: how long a player waits for the first prompt.

Starts the installed ``splendor-a11y`` as a player would, piped and with speech off (the
terminal's own drawing is not what is measured), a new game against the computer, and
times from the start of the process to the first line that says it is the player's turn;
then types ``quit``. Prints each run's time, the median and the fastest, against the
target of 0.15 s, and the machine. Run it on an idle machine: a busy one measures the
machine.

Run: python benchmarks/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET = 0.15
"""Seconds to the first prompt, on the project's 2-core machine."""


def _program() -> list[str]:
    """The console script beside this Python, as the README's install makes it."""
    script = shutil.which("splendor-a11y", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "splendor_a11y"]


def _machine() -> str:
    model = (
        next(
            (
                line.split(":", 1)[1].strip()
                for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")
            ),
            platform.processor() or "unknown processor",
        )
        if Path("/proc/cpuinfo").exists()
        else platform.processor()
    )
    return f"{model}, {os.cpu_count()} cores, Python {platform.python_version()}, {platform.system()}"


def _first_prompt(home: Path, run: int) -> float:
    """Seconds from starting the game to its first "Your turn" line."""
    env = dict(os.environ, SPLENDOR_A11Y_HOME=str(home), SPLENDOR_A11Y_SPEECH="off", LANG="en_US.UTF-8")
    started = time.perf_counter()
    child = subprocess.Popen(
        [
            *_program(),
            "play",
            "--speech",
            "off",
            "--seed",
            str(run),
            "--players",
            "Ana,bot:easy",
            "--log",
            str(home / f"start-{run}.jsonl"),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
    )
    assert child.stdout is not None and child.stdin is not None
    for line in child.stdout:
        if line.startswith(b"Your turn"):
            break
    waited = time.perf_counter() - started
    child.stdin.write(b"quit\n")
    child.stdin.close()
    child.wait(timeout=30)
    return waited


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    home = Path(tempfile.mkdtemp(prefix="splendor-start-"))
    try:
        _first_prompt(home, 0)  # the disk's cache warmed, as for a player's second game
        times = [_first_prompt(home, run) for run in range(1, runs + 1)]
    finally:
        shutil.rmtree(home, ignore_errors=True)
    median = statistics.median(times)
    print(f"machine: {_machine()}")
    print(
        f"first prompt over {runs} runs: median {median:.3f} s, fastest {min(times):.3f} s, "
        f"slowest {max(times):.3f} s  target {TARGET} s: {'met' if median <= TARGET else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
