"""The clock a thinking bot's time runs on: its thread's processor time, real time
counting three times slower."""

from __future__ import annotations

import threading
import time

from splendor_a11y.bots.clock import WALL_STRETCH, Stopwatch


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
