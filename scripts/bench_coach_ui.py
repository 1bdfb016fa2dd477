"""Frames per second of the replay viewer while the coach reviews a hanchan (issue 26 §3).

    SDL_VIDEODRIVER=dummy python scripts/bench_coach_ui.py [--seconds 6] [--size 1280x800]

The viewer plays a seeded Tenhou hanchan at 4x in review mode (tiles flying, the panel and
the marks drawn every frame) in the window's own loop (``pygame.time.Clock.tick(60)``, the
frame time fed to :meth:`App.step`), while one seat's review of the whole hanchan is made
again and again (a fresh review as soon as one ends, so the whole measurement runs under
load). Four ways, each for ``--seconds``:

- ``idle``: no review (the ceiling: 60 fps);
- ``thread``: the game's way, :class:`~mahjong_joy.app.background.BackgroundJob` (a worker
  thread; the interpreter switches every 1 ms while it runs);
- ``thread-5ms``: the same thread at Python's default 5 ms switch interval (why the game lowers it);
- ``frame-slices``: no thread, the coach's ``Reviewer.advance(0.008)`` once per frame on the
  frame loop (the warm-up's way).

Printed per way: frames per second, median / 95th percentile / worst frame time, and reviews
finished (how fast the review itself went). Target: at least 30 frames a second while a
review is made. Timing belongs here, never in a unit test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from mahjong_joy.app import background  # noqa: E402
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


def measure(app: App, scene: ReplayViewerScene, record: dict[str, Any], way: str, seconds: float) -> tuple[list[float], int]:
    """Frame times (ms) over ``seconds`` of the window's loop, and the reviews finished meanwhile."""
    clock = pygame.time.Clock()
    times: list[float] = []
    finished = 0
    job: Any = None
    reviewer: Reviewer | None = None
    saved = background.SWITCH_SECONDS
    if way == "thread-5ms":
        background.SWITCH_SECONDS = 0.005
    end = time.perf_counter() + seconds
    last = time.perf_counter()
    clock.tick()
    while time.perf_counter() < end:
        if way.startswith("thread") and (job is None or job.done):
            finished += job is not None and job.result is not None
            job = ReviewState(record, 0, name="bench")._job().start()
        elif way == "frame-slices":
            if reviewer is None or reviewer.review is not None:
                finished += reviewer is not None
                reviewer = Reviewer(record, 0, 0, "bench")
            reviewer.advance(0.008)
        if not scene.playing:
            scene.seek(0, 0) if scene.session.cursor.at_end else None
            scene.press("play")
        dt = clock.tick(60) / 1000.0
        app.step(min(dt, 0.1))
        now = time.perf_counter()
        times.append((now - last) * 1000)
        last = now
    if job is not None:
        job.cancel()
        job.wait(5)
    background.SWITCH_SECONDS = saved
    return times, finished


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
    worst_fps = 999.0
    for way in ("idle", "thread", "thread-5ms", "frame-slices"):
        times, finished = measure(app, scene, record, way, args.seconds)
        fps = len(times) / (sum(times) / 1000)
        ordered = sorted(times)
        p95 = ordered[int(len(ordered) * 0.95)]
        print(f"{way:>13}: {fps:5.1f} fps  frame median {statistics.median(times):5.1f} ms  p95 {p95:5.1f} ms  "
              f"worst {ordered[-1]:6.1f} ms  reviews finished {finished} ({finished / args.seconds:.1f}/s)")
        if way == "thread":
            worst_fps = fps
    print(f"load average: {', '.join(f'{v:.2f}' for v in os.getloadavg())} ({os.cpu_count()} cores)")
    ok = worst_fps >= 30
    print("thread way within target (>= 30 fps)" if ok else "thread way OUTSIDE target (< 30 fps)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
