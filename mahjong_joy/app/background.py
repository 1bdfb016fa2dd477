"""Long work beside the window's frame loop: a worker thread the screen polls each frame.

A review of a hanchan takes seconds (issue 26 §3), far longer than a frame. Run on the
frame loop, in slices between frames as the warm-up is (:meth:`mahjong_joy.ui.app.App.idle`),
one slow decision would still hold a frame back; so the work runs in a thread and the
screen only reads :attr:`BackgroundJob.progress` and, once :attr:`BackgroundJob.done`,
its result or error. The job reports progress through the callback it is handed, and
that callback is where a cancelled job stops (the player closed the screen).

Python runs one thread at a time: by default a busy thread keeps the interpreter for
5 ms before the frame loop may have it back, several times a frame. While a job runs the
interpreter switches every millisecond instead (:data:`SWITCH_SECONDS`), and the old
interval returns when the last job ends; ``scripts/bench_coach_ui.py`` measures the frames.
No pygame here.
"""

from __future__ import annotations

import sys
import threading
import traceback
from collections.abc import Callable
from typing import Generic, TypeVar

from mahjong_joy.errors import MahjongJoyError

T = TypeVar("T")
Progress = Callable[[float], None]  # the share of the work done, 0..1
SWITCH_SECONDS = 0.001  # how long a busy worker may keep the interpreter while the window draws

_lock = threading.Lock()
_running = 0
_saved_interval: float | None = None


class JobCancelled(MahjongJoyError):
    """Raised inside a job's own thread, at its next progress report, once it was cancelled."""


def _enter() -> None:
    global _running, _saved_interval
    with _lock:
        if _running == 0:
            _saved_interval = sys.getswitchinterval()
            sys.setswitchinterval(SWITCH_SECONDS)
        _running += 1


def _leave() -> None:
    global _running
    with _lock:
        _running -= 1
        if _running == 0 and _saved_interval is not None:
            sys.setswitchinterval(_saved_interval)


class BackgroundJob(Generic[T]):
    """``work(progress)`` run once in a daemon thread; read :attr:`progress`, :attr:`done`,
    :attr:`result` and :attr:`error` from the frame loop. ``work`` calls ``progress(share)``
    (0..1) as it goes; each call may raise :class:`JobCancelled`, which the work lets through."""

    def __init__(self, work: Callable[[Progress], T], name: str = "job") -> None:
        self._work = work
        self.name = name
        self.progress = 0.0  # share done, 0..1, as the work last reported it
        self.result: T | None = None
        self.error: str | None = None
        self._done = threading.Event()
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def started(self) -> bool:
        """Whether :meth:`start` ran (a job runs once)."""
        return self._thread is not None

    @property
    def done(self) -> bool:
        """Finished: with a result, an error, or cancelled."""
        return self._done.is_set()

    def start(self) -> BackgroundJob[T]:
        """Begin the work in its thread (a second call does nothing); returns the job."""
        if self._thread is None:
            _enter()
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()
        return self

    def run_here(self) -> BackgroundJob[T]:
        """Do the work in this thread, now (the command line, and tests that want it done)."""
        if self._thread is None:
            self._thread = threading.current_thread()
            _enter()
            self._run()
        return self

    def cancel(self) -> None:
        """Ask the work to stop at its next progress report; the result stays ``None``."""
        self._cancel.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the job is done (scripts and tests); False if ``timeout`` ran out."""
        return self._done.wait(timeout)

    def _report(self, share: float) -> None:
        if self._cancel.is_set():
            raise JobCancelled(f"{self.name} cancelled at {share:.0%}")
        self.progress = min(1.0, max(self.progress, float(share)))

    def _run(self) -> None:
        try:
            result = self._work(self._report)
            if not self._cancel.is_set():
                self.result = result
        except JobCancelled:
            pass
        except (MahjongJoyError, OSError) as exc:  # a record the review cannot read: said on screen, never a crash
            self.error = str(exc)
        except Exception as exc:  # noqa: BLE001 - a bug in the work must not take the window down with it
            self.error = f"{type(exc).__name__}: {exc}"
            traceback.print_exc()  # the screen shows one line; the terminal keeps the whole story
        finally:
            _leave()
            self._done.set()
