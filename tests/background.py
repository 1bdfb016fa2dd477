"""Long seeded soaks, started in a background worker as soon as the run is known.

A soak (the 1,000 checked potential-AI hands of ``test_engine_simulation``, the
2 x 1,000 checked riichi hands of ``test_riichi_simulation``, the 150 Hypothesis
runs of random actions of ``test_engine_properties``) is pure CPU work
that needs nothing from the rest of the suite. The suite itself runs in one
process, so on a machine with two cores one core sat idle while the other ran
every test, the soaks included (a quarter of the run). Now ``conftest`` starts
the soaks that the selected tests ask for (``@pytest.mark.soak(name, ...)``) in
a worker process right after collection, and each such test collects its
result with :func:`result`: the same function, the same seeds, the same checks,
with the waiting overlapped by the rest of the suite.

A soak that was not started (the test run some other way) runs inline. A failure
inside a worker comes back as the same ``AssertionError`` (message included).
"""

from __future__ import annotations

import importlib
import multiprocessing
import traceback
from multiprocessing.pool import AsyncResult, Pool
from typing import Any

# name -> (module, function, arguments): each a module-level function of a test
# module, so a forked worker finds it by name.
SOAKS: dict[str, tuple[str, str, tuple[Any, ...]]] = {
    "engine:potential": ("tests.test_engine_simulation", "play_potential_hands", ()),
    "engine:random_actions": ("tests.test_engine_properties", "random_actions_raise_and_change_nothing_or_keep_the_invariants", ()),
    "riichi:mahjong_soul": ("tests.test_riichi_simulation", "play", ("mahjong_soul",)),
    "riichi:tenhou": ("tests.test_riichi_simulation", "play", ("tenhou",)),
}

_started: dict[str, AsyncResult] = {}
_pools: list[Pool] = []


def _job(name: str) -> Any:
    """Run one soak; in a worker, a failed check comes back with the worker's traceback in its message."""
    module, function, args = SOAKS[name]
    try:
        return getattr(importlib.import_module(module), function)(*args)
    except AssertionError:
        if multiprocessing.parent_process() is None:
            raise  # run inline: pytest shows the traceback itself
        raise AssertionError(f"soak {name}:\n{traceback.format_exc()}") from None


def start(names: list[str], workers: int) -> None:
    """Queue these soaks (in this order) on ``workers`` forked processes."""
    names = [n for n in dict.fromkeys(names) if n not in _started]
    if not names:
        return
    pool = multiprocessing.get_context("fork").Pool(workers)
    _pools.append(pool)
    for name in names:
        _started[name] = pool.apply_async(_job, (name,))
    pool.close()


def result(name: str) -> Any:
    """The soak's return value: waited for when started, else computed here and now."""
    started = _started.pop(name, None)
    if started is None:
        return _job(name)
    return started.get()


def stop() -> None:
    """End every worker (a run stopped early, by ``-x`` or a keyboard interrupt, does not wait for them)."""
    for pool in _pools:
        pool.terminate()
        pool.join()
    _pools.clear()
    _started.clear()
