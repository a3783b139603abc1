"""Where the computers think, at a server: in worker processes of its own. A position
copied there is the same position (its phase and its modules the engine's own objects),
a move or a hint thought there is the one thought here, a worker that dies loses no move,
and a server killed outright leaves no worker behind.

Real worker processes; a real server killed with SIGKILL.
"""

from __future__ import annotations

import asyncio
import os
import pickle
import random
import time
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from test_server import HINT

from splendor_a11y.bots.hard import FIXED_BUDGET
from splendor_a11y.domain.cards import standard_cards
from splendor_a11y.engine import (
    MODULES,
    Command,
    GameState,
    deal,
    evolve,
    legal_commands,
    modules_named,
    play_legal,
    view,
)
from splendor_a11y.play.thinkers import InProcesses, hint_of, move_of

from server_helpers import QUICK_THOUGHT, Player, Server

WORKER_START = 60.0
"""Seconds a worker process may take to start and answer, on a busy machine."""


def _played(seed: int, modules: tuple[str, ...], moves: int) -> GameState:
    """A game of three, with these modules, some random moves in."""
    state = GameState.new(("Ana", "Ben", "Cy"), modules_named(modules))
    state = evolve(state, deal(3, random.Random(seed), standard_cards(), state.modules))
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = play_legal(state, rng.choice(legal_commands(state)))[1]
    return state


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.sampled_from(sorted(MODULES)), unique=True), st.integers(0, 60))
def test_a_seat_s_view_copied_to_another_process_is_the_same_position(
    seed: int, modules: list[str], moves: int
) -> None:
    state = _played(seed, tuple(modules), moves)
    seen = view(state, state.current)
    copied = pickle.loads(pickle.dumps(seen))  # noqa: S301 - our own object, as the worker pool carries it
    assert copied == seen
    assert copied.phase is seen.phase
    assert all(mine is theirs for mine, theirs in zip(copied.modules, seen.modules, strict=True))
    assert legal_commands(copied) == legal_commands(seen)


def test_a_move_and_a_hint_thought_in_a_worker_process_are_those_thought_here() -> None:
    thinkers = InProcesses(workers=2)
    positions = [_played(seed, modules, 12) for seed, modules in ((1, ()), (2, ("orient",)), (3, ("strongholds",)))]

    async def thought_there() -> list[Command]:
        asked = []
        for state in positions:
            seen = view(state, state.current)
            asked.append(thinkers.think(move_of, seen, "hard", FIXED_BUDGET, "7:move"))
            asked.append(thinkers.think(hint_of, seen, FIXED_BUDGET, "7:hint"))
        return list(await asyncio.wait_for(asyncio.gather(*asked), WORKER_START))

    try:
        there = asyncio.run(thought_there())
    finally:
        thinkers.close()
    here = []
    for state in positions:
        seen = view(state, state.current)
        here += [move_of(seen, "hard", FIXED_BUDGET, "7:move"), hint_of(seen, FIXED_BUDGET, "7:hint")]
    assert there == here


def dies_in_a_worker(server: int, answer: Command) -> Command:
    """A thought whose worker process dies, as one killed by the host does; thought
    anywhere else (the server's threads), it answers."""
    if os.getpid() != server:
        os._exit(1)
    return answer


def worker_pid(answer: Command) -> int:
    """Which process thought it."""
    return os.getpid()


def test_a_worker_that_dies_loses_no_move_and_the_next_is_thought_in_a_new_worker() -> None:
    thinkers = InProcesses(workers=1)
    state = _played(5, (), 4)
    move = legal_commands(state)[0]

    async def thinking() -> tuple[Command, object]:
        survived = await thinkers.think(dies_in_a_worker, os.getpid(), move)
        return survived, await thinkers.think(worker_pid, move)

    try:
        survived, next_thinker = asyncio.run(asyncio.wait_for(thinking(), WORKER_START))
    finally:
        thinkers.close()
    assert survived == move
    assert next_thinker != os.getpid()


def _children(parent: int) -> set[int]:
    """The processes whose parent is ``parent``, from /proc."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                found.add(int(entry.name))
    return found


def _alive(pids: set[int]) -> set[int]:
    return {pid for pid in pids if Path(f"/proc/{pid}").exists() and "Z" not in _state(pid)}


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"


def test_a_server_killed_outright_leaves_no_worker_behind(tmp_path: Path) -> None:
    """Ana plays the easy bot and asks for a hint on her turn, each thought by a worker
    process; the server is killed with SIGKILL; its workers end too, within seconds."""
    server = Server(tmp_path, *QUICK_THOUGHT)
    server.start()
    assert server.process is not None
    try:

        async def hint() -> None:
            ana = Player(server.port, "Ana", "ana-secret-1")
            await ana.connect()
            await ana.expect("Welcome, Ana")
            ana.send("create 2 bot:easy")
            await ana.expect("Your turn", timeout=WORKER_START)
            ana.send("hint")
            await ana.expect(HINT, timeout=WORKER_START)
            await ana.close()

        asyncio.run(hint())
        workers = _children(server.process.pid)
        assert workers, "no worker process thought the hint"
    finally:
        server.kill()
    deadline = time.monotonic() + 20
    while _alive(workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _alive(workers), f"workers left behind: {_alive(workers)}"
