"""Seeded all-AI Chinese Official matches, checked after every action by an independent
checker (144 tiles and every flower accounted for, points summing to 0) and every win's
recorded situation scored again by pymahjonggb 1.4.0, a test-only oracle (RULES.md B7):
the same fan total, never below 8 without flowers. ``scripts/soak_mcr.py`` runs more seeds."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from mahjong_joy.commands.score import mcr_score_object
from mahjong_joy.controller import Controller
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.mcr import McrSituation, score_mcr
from mahjong_joy.rulesets.mcr.family import score_of_win
from tests.mcr_helpers import check_mcr_hand, check_win_flags, oracle_total

SEEDS = ((1, "normal"), (2, "random"), (3, "hard,easy,normal,potential"))


def checked_match(seed: int, ai: str) -> tuple[Controller, int]:
    """Play one match one move at a time, checking the table after each; returns the
    controller and the number of wins checked against the oracle."""
    kinds = tuple(ai.split(",")) if "," in ai else (ai,) * 4
    ctl = Controller(seats=kinds, seed=seed, ruleset=ruleset_for("mcr"))
    wins = 0
    while not ctl.is_over:
        events = ctl.step(1)
        check_mcr_hand(ctl.hand)
        assert sum(ctl.match.points) == 0
        if any(e.name == "hand_scored" for e in events):
            wins += check_outcome(ctl)
    assert ctl.match.hands_played == 16
    assert check_win_flags(ctl.match.events) == wins  # every situation's flags, derived again from the events
    dealers = [e.dealer for e in ctl.match.events if e.name == "hand_started"]
    assert dealers == [0, 1, 2, 3] * 4  # each round dealt first from the East chair (RULES.md B3 "Seat changes")
    return ctl, wins


def check_outcome(ctl: Controller) -> int:
    """A settled hand: the flowers it reports are the ones laid; each win re-scores alone,
    agrees with the oracle, has 8 fan without flowers, and is paid as B2 says."""
    outcome = ctl.match.results[-1]
    hand = ctl.hand
    assert outcome.flowers == tuple(st.flower_view for st in hand.seats)
    assert sum(outcome.deltas) == 0 and len(outcome.wins) <= 1
    for win in outcome.wins:
        situation = McrSituation.from_dict(json.loads(json.dumps(win.situation)))
        again = score_mcr(situation)
        assert again.valid and again.fan_total >= 8 and again.fan_total == win.fan_total
        assert again.flowers == win.flowers == len(hand.seats[win.seat].flowers)
        assert score_of_win(win).total == win.han == again.total
        assert oracle_total(situation) == again.total, situation.to_dict()
        x = again.total
        expected = [-(8 + x) if win.tsumo or s == win.from_seat else -8 for s in range(4)]
        expected[win.seat] = -sum(expected[s] for s in range(4) if s != win.seat)
        assert list(outcome.deltas) == expected
    if not outcome.wins:
        assert outcome.deltas == (0, 0, 0, 0)
    return len(outcome.wins)


@pytest.mark.parametrize(("seed", "ai"), SEEDS)
def test_seeded_matches_keep_every_invariant(seed: int, ai: str) -> None:
    ctl, wins = checked_match(seed, ai)
    if ai != "random":
        assert wins > 0  # the oracle saw real wins
    placements = sorted(s.placement for s in ctl.match.final)
    assert placements == [1, 2, 3, 4] and sorted(s.score for s in ctl.match.final) == [0.0, 1.0, 2.0, 4.0]


def test_simulate_json_carries_each_win_situation_and_the_flowers() -> None:
    """``simulate --rules mcr --json``: the riichi JSON's shape plus, per win, the situation,
    the fan total without flowers, the flowers and the fan rows ``score --rules mcr`` prints."""
    run = subprocess.run([sys.executable, "-m", "mahjong_joy", "simulate", "--rules", "mcr", "--ai", "normal,random,easy,random",
                          "--seed", "4", "--json"], capture_output=True, text=True, check=True)
    assert "flower_first" not in run.stderr  # the levels are the Chinese Official ones (ai.mcr), no stopgap to name
    out = json.loads(run.stdout)
    match = out["matches"][0]
    assert len(match["hands"]) == 16 and sum(match["final_points"]) == 0
    chairs = match["final_players"]  # the per-seat lines are per player, whatever chair he ended in
    for player, line in enumerate(out["seats"]):
        place = match["final_placements"][chairs.index(player)]
        assert line["ai"] == "normal,random,easy,random".split(",")[player] and line["placements"][place - 1] == 1
        assert line["points_delta"] == match["final_points"][chairs.index(player)]
    hand = match["hands"][0]
    assert {"round_wind", "dealer", "deltas", "wins", "flowers", "players"} <= set(hand)
    wins = [w for h in match["hands"] for w in h["wins"]]
    assert wins
    for win in wins:
        assert {"seat", "from_seat", "tsumo", "situation", "fan_total", "flowers", "fan"} <= set(win)
        result = mcr_score_object(win["situation"])[0].to_dict()  # what ``score --rules mcr --json`` prints
        assert result["fan"] == win["fan"] and result["fan_total"] == win["fan_total"] >= 8
        assert result["flowers"] == win["flowers"]
