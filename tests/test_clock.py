"""The clocks a thinking bot's time runs on: its thread's processor time, real time
counting three times slower; and, for the fixed thought, the positions it judged."""

from __future__ import annotations

import threading
import time

from splendor_a11y.bots.clock import (
    JUDGED_A_SECOND,
    LARGER_TABLE_JUDGES,
    MODULE_SLOWS,
    WALL_STRETCH,
    Judgements,
    Stopwatch,
)
from splendor_a11y.bots.evaluation import evaluate

from conftest import new_game


def test_a_bot_kept_from_the_processor_counts_real_time_slowed() -> None:
    # A thread that waits (as one waiting for the interpreter at a busy server) has no
    # processor time: its thought runs on real time, three times slower.
    watch = Stopwatch()
    began = time.monotonic()
    time.sleep(0.3)
    reading, real = watch(), time.monotonic() - began
    assert abs(reading - real / WALL_STRETCH) < 0.02


def test_a_bot_at_work_counts_its_processor_time() -> None:
    watch = Stopwatch()
    began = time.thread_time()
    while time.thread_time() - began < 0.2:
        pass
    assert watch() >= 0.2


def test_each_thread_counts_its_own_time() -> None:
    # A second thread hard at work takes nothing from this one's reading but the real
    # time it keeps it waiting, slowed.
    watch = Stopwatch()
    began = time.monotonic()

    def work() -> None:
        started = time.thread_time()
        while time.thread_time() - started < 0.3:
            pass

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    real = time.monotonic() - began
    assert watch() < 0.3 <= real


def test_the_fixed_thought_s_clock_counts_positions_judged_and_no_time() -> None:
    """The same count on any machine: time passing moves it not at all, each position
    judged (found kept or not) moves it the same, and a module in play makes each count
    for more, as it costs more."""
    state = new_game(2, 1)
    plain, with_modules = Judgements(), Judgements(modules=2)
    time.sleep(0.05)
    assert plain() == 0.0 == with_modules()
    for _ in range(3):
        evaluate(state, 0)
    assert plain() == 3 / JUDGED_A_SECOND
    assert with_modules() == 3 * MODULE_SLOWS**2 / JUDGED_A_SECOND


def test_at_a_larger_table_more_positions_make_the_fixed_thought_s_second() -> None:
    """Without the race a position is cheaper to judge: at three or four players the
    fixed thought judges more of them before its second is up, so that it thinks about
    as long as the timed second does there too."""
    state = new_game(2, 1)
    two, three, four = Judgements(players=2), Judgements(players=3), Judgements(players=4)
    for _ in range(6):
        evaluate(state, 0)
    assert three() < two() and four() < three()
    assert three() == 6 / (JUDGED_A_SECOND * LARGER_TABLE_JUDGES[3])


def test_each_thread_counts_the_positions_it_judged() -> None:
    counting = Judgements()
    worker = threading.Thread(target=lambda: [evaluate(new_game(2, seed), 0) for seed in range(5)])
    worker.start()
    worker.join()
    assert counting() == 0.0
