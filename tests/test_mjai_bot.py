"""The mjai stdio bot: its own table equals the engine's at every step, and it only
ever answers with legal actions (live games and a recorded event stream)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from mahjong_joy.ai.mjai_seat import MjaiSeat
from mahjong_joy.mjai_tiles import code_of_mjai
from mahjong_joy.commands.mjai_bot import MjaiBot, serve
from mahjong_joy.engine.actions import (
    Action, AddedKan, Chi, ClosedKan, Discard, Kan, NineTerminals, Pass, Pon, Riichi, Ron, Tsumo, action_from_dict,
)
from mahjong_joy.tiles import kind_of_code
from tests.mjai_drive import Follower, play

FIELDS = (
    "seat phase current dealer round_wind hand hand_codes counts34 drawn_tile drawn_code meld_sets rivers "
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
