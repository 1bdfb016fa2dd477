"""Long work done in small steps between frames, the way the window already builds its tables.

A review of a hanchan takes the coach a good part of a second (issue 26 §3), far longer than
a frame. It runs as a :class:`BackgroundJob`: a generator that does one small piece of the
work per step and yields the share done. The window's loop runs steps of its jobs after each
frame is drawn, within a few milliseconds (:meth:`mahjong_joy.ui.app.App.idle`, which runs the
warm-up the same way), and the screens read :attr:`BackgroundJob.progress` and, once
:attr:`BackgroundJob.done`, its result or error.

Why steps and not a worker thread: Python runs one thread at a time, and on a loaded machine a
worker descheduled while it holds the interpreter stalls the frame loop with it. Measured with
``scripts/bench_coach_ui.py`` on this project's 2-core machine while it was shared (load 16-21),
over six runs the viewer playing at 4x under reviews made one after another kept 25-36 frames
a second in steps between frames (40-50 with no review), against 13-35 with a worker thread
switching every 1 ms and 14-22 at the default 5 ms. Steps also keep the work in the one thread
that builds the shared lazy tables, so a review never races the warm-up. No pygame here.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Generator
from typing import Generic, TypeVar

from mahjong_joy.errors import MahjongJoyError

T = TypeVar("T")
Steps = Generator[float, None, T]  # yields the share done (0..1) after each piece; returns the result


class BackgroundJob(Generic[T]):
    """``steps()`` made into a generator on :meth:`start` and run a piece at a time
    (:meth:`step`, :meth:`run_for`); read :attr:`progress`, :attr:`done`, :attr:`result` and
    :attr:`error`. A failure of the work is kept as :attr:`error`, never raised at the window."""

    def __init__(self, steps: Callable[[], Steps[T]], name: str = "job") -> None:
        self._make = steps
        self.name = name
        self._steps: Steps[T] | None = None
        self.progress = 0.0  # share done, 0..1, as the work last reported it
        self.result: T | None = None
        self.error: str | None = None
        self.done = False

    @property
    def started(self) -> bool:
        """Whether :meth:`start` ran (a job runs once)."""
        return self._steps is not None or self.done

    def start(self) -> BackgroundJob[T]:
        """Make the work ready to step (nothing runs yet); returns the job."""
        if not self.started:
            self._steps = self._make()
        return self

    def step(self) -> bool:
        """One piece of the work; True once the job is done."""
        self.start()
        if self.done or self._steps is None:
            return True
        try:
            self.progress = min(1.0, max(self.progress, float(next(self._steps))))
        except StopIteration as finished:
            self.result, self.progress = finished.value, 1.0
            self._end()
        except (MahjongJoyError, OSError) as exc:  # a record the work cannot read: said on screen
            self.error = str(exc)
            self._end()
        except Exception as exc:  # noqa: BLE001 - a bug in the work must not take the window down with it
            self.error = f"{type(exc).__name__}: {exc}"
            traceback.print_exc()  # the screen shows one line; the terminal keeps the whole story
            self._end()
        return self.done

    def run_for(self, seconds: float) -> bool:
        """Steps until ``seconds`` have gone (at least one); True once the job is done."""
        end = time.perf_counter() + seconds
        while not self.step():
            if time.perf_counter() >= end:
                return False
        return True

    def run_here(self) -> BackgroundJob[T]:
        """All the work now (the command line, scripts, and tests that want it done)."""
        while not self.step():
            pass
        return self

    def cancel(self) -> None:
        """Stop the work (nobody waits for it any more); the result stays ``None``."""
        if self._steps is not None and not self.done:
            self._steps.close()
        self._end()

    def _end(self) -> None:
        self.done = True
        self._steps = None
