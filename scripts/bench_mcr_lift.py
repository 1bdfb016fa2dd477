"""Time the guide's "what would make it" hint for Chinese Official hands short of 8 fan
(issue 25 §2) against the rest of the guide's work for the same position.

On every position of seeded all-AI matches (process CPU time, one seat's view each):

- a turn (14 tiles): the guide's facts (``guide_facts``) and the fan of each ready
  discard's waits (``wait_fan``, as ``fan_best`` reads them), then what the lift adds:
  ``fan_lift(None)`` when the drawn tile completes the hand under 8, and
  ``fan_lift(best)`` when the best ready discard leaves no wait worth 8;
- a ready hand off turn (13 tiles) whose every wait is short of 8: ``wait_fan`` and
  ``fan_lift``.

Each lift found is checked with the scorer: the hand one swap away wins with 8 fan or
more and counts every fan named.

    nice -n 10 python scripts/bench_mcr_lift.py [--matches 3] [--hands 4]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mahjong_joy.controller import Controller, guide_facts, valued_kinds  # noqa: E402
from mahjong_joy.rulesets.joy import ruleset_for  # noqa: E402
from mahjong_joy.rulesets.mcr import McrSituation, score_mcr  # noqa: E402
from mahjong_joy.tiles import kind_of_code  # noqa: E402


def check(ctl: Controller, seat: int, discard: int | None, lift: object) -> None:
    """The lift's swapped hand, scored on its own: at least 8 fan, every named fan counted."""
    situation, _ = ctl._mcr_hand(seat, discard, False)
    hand = list(situation.hand)
    if lift.take is not None:
        hand.append(lift.take)
    hand.remove(lift.give)
    hand.append(lift.win)  # a ready hand's 13 (after the swap) or a complete hand's 13 after giving up ``give``
    won = McrSituation(tuple(sorted(hand)), lift.win, situation.melds, seat_wind=situation.seat_wind,
                       round_wind=situation.round_wind)
    score = score_mcr(won)
    counted = {fan for fan, _, _ in score.fan}
    assert score.valid and score.fan_total >= 8 and set(lift.named) <= counted, (won, score, lift)


def turn(ctl: Controller, seat: int) -> tuple[float, float, bool]:
    """The guide's facts for one turn, then what the lift adds (CPU seconds each), and
    whether the turn asked for a lift."""
    view = ctl.view(seat)
    codes = list(view.hand)
    start = time.process_time()
    valued = valued_kinds(27 + (seat - view.dealer) % 4, 27 + "ESWN".index(view.round_wind), (), False)
    facts = guide_facts(codes, len(view.melds[seat]), view.visible_counts34(), (), (), valued)
    ready = [c for c in facts.candidates if c.shanten == 0]
    waits = {c.tile: ctl.wait_fan(seat, next(x for x in codes if kind_of_code(x) == c.tile)) for c in ready}
    base = time.process_time() - start
    start = time.process_time()
    lifts = []
    drawn = view.drawn
    if drawn is not None and any(w.tile == kind_of_code(drawn) and not w.valid for w in ctl.wait_fan(seat, drawn, True)):
        lifts.append((None, ctl.fan_lift(seat)))
    if waits and not any(w.valid for ws in waits.values() for w in ws):
        best = next(x for x in codes if kind_of_code(x) == ready[0].tile)
        lifts.append((best, ctl.fan_lift(seat, best)))
    extra = time.process_time() - start
    for discard, lift in lifts:
        if lift is not None:
            check(ctl, seat, discard, lift)
    return base, extra, bool(lifts)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def report(name: str, times: list[float]) -> None:
    if not times:
        return
    times = sorted(times)
    print(f"{name}: {len(times)} positions, median {ms(statistics.median(times))}, "
          f"p90 {ms(times[int(0.9 * (len(times) - 1))])}, max {ms(times[-1])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--hands", type=int, default=4)
    args = parser.parse_args()
    score_mcr(McrSituation.from_dict({"hand": "123m456m789m234p55s", "win_tile": "5s"}))  # the tables, built once
    facts, added, added_when, ready_waits, ready_lift, found, asked = [], [], [], [], [], 0, 0
    for seed in range(1, args.matches + 1):
        ctl = Controller(seats=("easy",) * 4, seed=seed, ruleset=ruleset_for("mcr"), max_hands=args.hands)
        while not ctl.is_over:
            ctl.step(1)
            if ctl.hand.is_finished:
                continue
            for seat in range(4):
                view = ctl.view(seat)
                count = len(view.hand) + 3 * len(view.melds[seat])
                if count == 14 and view.drawn is not None:
                    base, extra, asked_lift = turn(ctl, seat)
                    facts.append(base)
                    added.append(extra)
                    if asked_lift:
                        added_when.append(extra)
                elif count == 13:
                    start = time.process_time()
                    waits = ctl.wait_fan(seat)
                    spent = time.process_time() - start
                    if waits and not any(w.valid for w in waits):
                        start = time.process_time()
                        lift = ctl.fan_lift(seat)
                        ready_waits.append(spent)
                        ready_lift.append(time.process_time() - start)
                        asked += 1
                        if lift is not None:
                            found += 1
                            check(ctl, seat, None, lift)
    report("a turn: guide_facts + wait_fan of each ready discard", facts)
    report("a turn: what the lift adds (all turns)", added)
    report("a turn: what the lift adds (turns that ask for it)", added_when)
    report("ready off turn, all waits short: wait_fan", ready_waits)
    report("ready off turn, all waits short: fan_lift", ready_lift)
    print(f"off-turn lifts found and checked: {found} of {asked}")


if __name__ == "__main__":
    main()
