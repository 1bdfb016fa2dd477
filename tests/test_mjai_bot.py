"""The mjai stdio bot: its own table equals the engine's at every step, and it only
ever answers with legal actions (live games and a recorded event stream)."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from pathlib import Path

import pytest

from mahjong_joy.ai.mjai_seat import MjaiSeat
from mahjong_joy.mjai_tiles import code_of_mjai
from mahjong_joy.commands.mjai_bot import MjaiBot, serve
from mahjong_joy.errors import MahjongJoyError
from mahjong_joy.engine.actions import (
    Action, AddedKan, Chi, ClosedKan, Discard, Kan, NineTerminals, Pass, Pon, Riichi, Ron, Tsumo, action_from_dict,
)
from mahjong_joy.tiles import kind_of_code
from tests.mjai_drive import Follower, play

FIELDS = (
    "seat phase current dealer round_wind hand drawn melds rivers "
    "hand_sizes riichi points sticks wall_count dora_indicators last_discard waits furiten pons needs_yaku"
).split()
STREAM = Path(__file__).parent / "fixtures" / "mjai_bot_stream.json"


def engine_action(reply: dict, state: MjaiSeat) -> Action:
    """The engine action an mjai reply stands for (a ``reach`` with the discard the bot keeps)."""
    seat, kind = state.seat, reply["type"]
    offer = state.offered()
    if kind == "reach":
        assert state.pending_riichi is not None
        return Riichi(seat, state.pending_riichi)
    if kind == "dahai":
        return Discard(seat, code_of_mjai(reply["pai"]))
    if kind == "hora":
        return Tsumo(seat) if reply["target"] == seat else Ron(seat)
    if kind == "ryukyoku":
        return NineTerminals(seat)
    if kind == "none":
        return Pass(seat)
    consumed = tuple(code_of_mjai(t) for t in reply["consumed"])
    if kind == "ankan":
        return ClosedKan(seat, kind_of_code(consumed[0]))
    if kind == "kakan":
        return AddedKan(seat, kind_of_code(code_of_mjai(reply["pai"])))
    assert offer is not None
    red = state.reds
    if kind == "chi":
        kinds = tuple(sorted([kind_of_code(offer[1]), *(kind_of_code(c) for c in consumed)]))
        return Chi(seat, kinds, tuple(sorted(consumed, key=lambda c: (c >= 34, c))) if red else None)
    ordered = tuple(sorted(consumed, key=lambda c: (c >= 34, c))) if red else None
    return (Pon if kind == "pon" else Kan)(seat, ordered)


def _check_all(failures: list[str], counts: dict[str, int]):
    def check(follower: Follower, seat: int, view, legal) -> None:
        counts["decisions"] += 1
        state = follower.seats[seat]
        mine = state.view()
        for name in FIELDS:
            if getattr(view, name) != getattr(mine, name):
                failures.append(f"seat {seat} {name}: engine {getattr(view, name)!r} bot {getattr(mine, name)!r}")
        if tuple(legal) != mine.legal_actions:
            failures.append(f"seat {seat} legal: engine {legal} bot {list(mine.legal_actions)}")
        bot = MjaiBot(("easy", "normal", "hard")[seat % 3])
        bot.state = state
        reply = bot.decide()
        action = engine_action(reply, state)
        state.pending_riichi = None  # the engine takes riichi and its discard as one action
        if action not in legal:
            failures.append(f"seat {seat} replied {reply} ({action}), not legal: {legal}")
        counts[reply["type"]] = counts.get(reply["type"], 0) + 1
    return check


@pytest.mark.parametrize("rules, seed", [("tenhou", 11), ("mahjong_soul", 12), ("tenhou", 13)])
def test_the_bot_table_equals_the_engine_at_every_decision_and_its_replies_are_legal(rules: str, seed: int) -> None:
    failures: list[str] = []
    counts = {"decisions": 0}
    play(seed, rules, ("hard", "easy", "normal", "hard"), 6, _check_all(failures, counts))
    assert not failures[:5]
    assert counts["decisions"] > 80
    assert counts.get("dahai", 0) > 40 and counts.get("none", 0) > 5


class RandomCaller:
    """A seeded player that calls, kans and declares riichi whenever it may (so the
    seat's claim and kan checks are exercised far more than the AIs exercise them)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, legal):
        special = [a for a in legal if not isinstance(a, (Pass, Discard))]
        return self.rng.choice(special) if special and self.rng.random() < 0.7 else self.rng.choice(list(legal))


@pytest.mark.parametrize("rules, seed", [("tenhou", 21), ("mahjong_soul", 22)])
def test_the_bot_legal_set_equals_the_engine_under_seeded_random_play(rules: str, seed: int) -> None:
    """The mjai seat asks the engine's checkers from its own table: under seeded random
    play full of calls and kans (two seats) beside two Hard AIs (riichi and wins), its
    legal list and view equal the engine's at every decision of every seat."""
    failures: list[str] = []
    counts = {"decisions": 0}
    deciders = [None, RandomCaller(seed * 4 + 1), RandomCaller(seed * 4 + 2), None]  # two Hard AIs win and riichi
    ctl = play(seed, rules, ("hard", "easy", "normal", "hard"), 8, _check_all(failures, counts), deciders)
    assert not failures[:5]
    calls = Counter(type(e).__name__ for e in ctl.match.events)
    assert counts["decisions"] > 150, counts
    assert calls["Ponned"] + calls["Chied"] > 10 and calls["RiichiDeclared"] and calls["Won"], calls


def test_the_bot_answers_a_recorded_event_stream_with_legal_actions_only() -> None:
    """The fixture holds, per decision of seat 1, the events it saw and the engine's legal actions."""
    steps = json.loads(STREAM.read_text())
    lines = io.StringIO("".join(json.dumps(step["events"]) + "\n" for step in steps))
    out = io.StringIO()
    bot = MjaiBot("hard", "mahjong_soul")
    replies = []
    original = bot.react

    def react(events):
        reply = original(events)
        action = engine_action(reply, bot.state)
        if reply["type"] == "reach":
            bot.state.pending_riichi = None
        replies.append(action)
        return reply

    bot.react = react  # type: ignore[method-assign]
    serve(bot, lines, out)
    assert len(out.getvalue().splitlines()) == len(steps) > 50
    for step, action in zip(steps, replies):
        legal = [action_from_dict(a) for a in step["legal"]]
        assert action in legal, (step["events"][-1], action, legal)


START = {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0, "dora_marker": "1m",
         "scores": [25000] * 4,
         "tehais": [["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p"]] + [["?"] * 13] * 3}
DISCARD_9S = [{"type": "tsumo", "actor": 3, "pai": "?"}, {"type": "dahai", "actor": 3, "pai": "9s", "tsumogiri": True}]


@pytest.mark.parametrize("event, reason", [
    ({"type": "kakan", "actor": 0, "pai": "E", "consumed": ["E", "E", "E"]}, "kakan E by seat 0 cannot happen: has no pon of 1z"),
    ({"type": "kakan", "actor": 2, "pai": "5p", "consumed": ["5p", "5p", "5p"]}, "kakan 5p by seat 2 cannot happen: has no pon of 5p"),
    ({"type": "dahai", "actor": 0, "pai": "C", "tsumogiri": False}, "dahai C by seat 0 cannot happen: holds no 7z"),
    ({"type": "pon", "actor": 0, "target": 3, "pai": "9s", "consumed": ["9s", "9s"]},
     "pon 9s by seat 0 cannot happen: seat 3's last discard is not 9s"),
    (DISCARD_9S + [{"type": "pon", "actor": 0, "target": 3, "pai": "9s", "consumed": ["9s", "9s"]}],
     "pon 9s by seat 0 cannot happen: holds no 9s"),
])
def test_an_event_the_checkers_refuse_is_one_line_naming_it(event: dict | list, reason: str) -> None:
    """An impossible event (an added kan with no pon: once a StopIteration) is refused by
    the engine's checkers, and ``serve`` names the line and the event."""
    events = event if isinstance(event, list) else [event]
    lines = io.StringIO(json.dumps([{"type": "start_game", "id": 0}, START]) + "\n" + json.dumps(events) + "\n")
    with pytest.raises(MahjongJoyError) as caught:
        serve(MjaiBot("easy"), lines, io.StringIO())
    assert str(caught.value) == f"stdin line 2: not mjai events the bot can follow ({reason})"


def test_an_impossible_call_changes_nothing_before_it_is_refused() -> None:
    """Validate before mutating (review finding): a pon on a discard that is not there, or of
    tiles the seat does not hold, leaves the seat's table as it was."""
    import copy

    from mahjong_joy.ai.mjai_seat import MjaiSeat
    from mahjong_joy.errors import MahjongJoyError

    seat = MjaiSeat("tenhou")
    seat.feed([{"type": "start_game", "id": 0, "names": ["a", "b", "c", "d"]},
               {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0, "dora_marker": "1m",
                "scores": [25000] * 4, "tehais": [["1m", "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p"]]
                + [["?"] * 13] * 3},
               {"type": "tsumo", "actor": 0, "pai": "E"}, {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": True},
               {"type": "tsumo", "actor": 1, "pai": "?"}, {"type": "dahai", "actor": 1, "pai": "9p", "tsumogiri": True}])
    before = copy.deepcopy((seat.melds, seat.rivers, seat.codes, seat.sizes, seat.calls))
    for bad in ({"type": "pon", "actor": 0, "target": 3, "pai": "1m", "consumed": ["1m", "1m"]},  # no discard there
                {"type": "pon", "actor": 0, "target": 1, "pai": "9p", "consumed": ["9p", "9p"]}):  # holds no 9p
        with pytest.raises(MahjongJoyError):
            seat.apply(bad)
        assert copy.deepcopy((seat.melds, seat.rivers, seat.codes, seat.sizes, seat.calls)) == before
