"""Frames per second of the replay viewer while the coach reviews a hanchan (issue 26 §3).

    SDL_VIDEODRIVER=dummy python scripts/bench_coach_ui.py [--seconds 6] [--size 1280x800]

The viewer plays a seeded Tenhou hanchan at 4x in review mode (tiles flying, the panel and
the marks drawn every frame) in the window's own loop (``pygame.time.Clock.tick(60)``, the
frame time fed to :meth:`App.step`, then :meth:`App.idle`), while one seat's review of the
whole hanchan is made again and again (a fresh one as soon as one ends, so the whole
measurement runs under load). The ways, in interleaved one-second rounds (``--seconds``
rounds each), so the load of a shared machine falls on each alike:

- ``idle``: no review (the ceiling: 60 fps);
- ``steps``: the game's way, the review as a :class:`~mahjong_joy.app.background.BackgroundJob`
  the loop steps for a few milliseconds after each frame (:meth:`App.idle`, as the warm-up);
- ``thread``: the way not taken, a worker thread with the interpreter switching every 1 ms;
- ``thread-5ms``: the same thread at Python's default 5 ms switch interval.

Printed per way: frames per second, median / 95th percentile / worst frame time, and reviews
finished (a review still running when a round ends is dropped, so short rounds undercount).
Target: at least 30 frames a second while a review is made. Timing belongs here, never in a
unit test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from mahjong_joy.app.coach import Reviewer  # noqa: E402
from mahjong_joy.commands.simulate import simulate  # noqa: E402
from mahjong_joy.replay.record import run_record  # noqa: E402
from mahjong_joy.rulesets.presets import find_preset  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.replay_session import ReplaySession  # noqa: E402
from mahjong_joy.ui.review_state import ReviewState  # noqa: E402
from mahjong_joy.ui.scenes.replay import SPEEDS, ReplayViewerScene  # noqa: E402
from mahjong_joy.warmup import warm_up  # noqa: E402

SEED = 7
SEATS = ("easy", "normal", "normal", "normal")


def hanchan() -> dict[str, Any]:
    """A seeded Tenhou hanchan (East-South), Easy in seat 0."""
    played = simulate(SEED, ai=SEATS, matches=1, rules=find_preset("tenhou"))
    record = json.loads(json.dumps(run_record(SEED, SEATS, played)))
    record["seats"][0] = "human"
    return record


def viewer(record: dict[str, Any], size: tuple[int, int]) -> tuple[App, ReplayViewerScene]:
    app = App(size=size, settings=Settings())
    app.background = None
    done = ReviewState(record, 0, name="bench")
    done.compute_here()  # the marks and the panel are drawn from the first frame
    scene = ReplayViewerScene(app, ReplaySession(record, name="bench"), "bench", review=done)
    app.replace(scene)
    scene.speed_index = SPEEDS.index(4.0)
    return app, scene


class ThreadReview:
    """The way not taken, for comparison: the whole review in a worker thread, the interpreter
    switching threads every ``switch`` seconds while it runs."""

    def __init__(self, record: dict[str, Any], switch: float) -> None:
        self.saved = sys.getswitchinterval()
        sys.setswitchinterval(switch)
        self.result: Any = None
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, args=(record,), daemon=True)
        self.thread.start()

    def _run(self, record: dict[str, Any]) -> None:
        def check(share: float) -> None:
            if self.stop.is_set():
                raise KeyboardInterrupt  # leave the review: the measurement is over
        try:
            self.result = Reviewer(record, 0, 0, "bench").run(check)
        except KeyboardInterrupt:
            pass

    @property
    def done(self) -> bool:
        return not self.thread.is_alive()

    def end(self) -> None:
        self.stop.set()
        self.thread.join()
        sys.setswitchinterval(self.saved)


def measure(app: App, scene: ReplayViewerScene, record: dict[str, Any], way: str, seconds: float) -> tuple[list[float], int]:
    """Frame times (ms) over ``seconds`` of the window's loop, and the reviews finished meanwhile."""
    clock = pygame.time.Clock()
    times: list[float] = []
    finished = 0
    review: ReviewState | None = None
    worker: ThreadReview | None = None
    end = time.perf_counter() + seconds
    last = time.perf_counter()
    clock.tick()
    while time.perf_counter() < end:
        if way == "steps" and (review is None or review.job is None or review.job.done):
            finished += review is not None and review.poll()
            review = ReviewState(record, 0, name="bench")
            review.start(app)
        elif way.startswith("thread") and (worker is None or worker.done):
            if worker is not None:
                finished += worker.result is not None
                worker.end()
            worker = ThreadReview(record, 0.001 if way == "thread" else 0.005)
        if not scene.playing:
            scene.seek(0, 0) if scene.session.cursor.at_end else None
            scene.press("play")
        dt = clock.tick(60) / 1000.0  # as App.loop: the frame, then the idle steps in its spare time
        began = time.perf_counter()
        app.step(min(dt, 0.1))
        app.idle(spare=1 / 60 - (time.perf_counter() - began))
        now = time.perf_counter()
        times.append((now - last) * 1000)
        last = now
    if review is not None:
        review.cancel()
        app.idle()
    if worker is not None:
        worker.end()
    return times, finished


def one_review(app: App, scene: ReplayViewerScene, record: dict[str, Any], way: str) -> tuple[float, int]:
    """Seconds from start to end of one review made ``way`` while the viewer plays, and the frames drawn."""
    clock = pygame.time.Clock()
    started = time.perf_counter()
    frames = 0
    review = worker = None
    if way == "steps":
        review = ReviewState(record, 0, name="bench")
        review.start(app)
    else:
        worker = ThreadReview(record, 0.001)
    clock.tick()
    while not (review.poll() if review is not None else worker.done):  # type: ignore[union-attr]
        if not scene.playing:
            scene.press("play")
        dt = clock.tick(60) / 1000.0
        began = time.perf_counter()
        app.step(min(dt, 0.1))
        app.idle(spare=1 / 60 - (time.perf_counter() - began))
        frames += 1
    if worker is not None:
        worker.end()
    return time.perf_counter() - started, frames


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    warm_up()
    record = hanchan()
    started = time.perf_counter()
    one = Reviewer(record, 0, 0, "bench").run()
    alone = time.perf_counter() - started
    print(f"hanchan: {len(record['matches'][0]['decisions'])} decisions, seat 0 reviewed: {one.summary.reviewed} decisions "
          f"in {alone:.2f} s with nothing else running")
    app, scene = viewer(record, size)  # type: ignore[arg-type]
    ways = ("idle", "steps", "thread", "thread-5ms")
    times: dict[str, list[float]] = {way: [] for way in ways}
    finished = dict.fromkeys(ways, 0)
    rounds = max(1, round(args.seconds))
    for _ in range(rounds):  # interleaved one-second rounds: a shared machine's load falls on every way alike
        for way in ways:
            got, done = measure(app, scene, record, way, 1.0)
            times[way] += got
            finished[way] += done
    worst_fps = 999.0
    for way in ways:
        fps = len(times[way]) / (sum(times[way]) / 1000)
        ordered = sorted(times[way])
        p95 = ordered[int(len(ordered) * 0.95)]
        print(f"{way:>13}: {fps:5.1f} fps  frame median {statistics.median(ordered):5.1f} ms  p95 {p95:5.1f} ms  "
              f"worst {ordered[-1]:6.1f} ms  reviews finished {finished[way]}")
        if way == "steps":
            worst_fps = fps
    for way in ("steps", "thread"):
        walls = [one_review(app, scene, record, way) for _ in range(3)]
        wall = statistics.median(w for w, _ in walls)
        fps = sum(f for _, f in walls) / sum(w for w, _ in walls)
        print(f"one review of the hanchan, {way}: {wall:.2f} s start to end (median of 3), {fps:.1f} fps meanwhile")
    print(f"load average: {', '.join(f'{v:.2f}' for v in os.getloadavg())} ({os.cpu_count()} cores)")
    ok = worst_fps >= 30
    print("the game's way (steps) within target (>= 30 fps)" if ok else "the game's way (steps) OUTSIDE target (< 30 fps)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
