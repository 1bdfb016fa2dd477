"""The simulate summary's counts add up: hands won plus hands drawn (exhaustive and
abortive) is hands played, and winners are counted apart (play test, issue 27 #8:
"hands: 213 wins: 177 draws: 35" counted double-ron winners as hands and left the
abortive draws out)."""

from __future__ import annotations

import re

from mahjong_joy.engine import events as ev
from mahjong_joy.replay.summary import Summary


def _rigged_events() -> list[ev.Event]:
    """One match of three hands: a double ron, an abortive draw, an exhaustive draw."""
    started = ev.HandStarted(round_wind="E", hand_number=1, honba=0, dealer=0, wall_key="k", points=(25_000,) * 4)
    won = [ev.Won(seat=seat, from_seat=0, tile=5, tsumo=False, robbed_kan=False, hand=(), melds=()) for seat in (1, 2)]
    return [started, *won, started, ev.Aborted(reason="four_winds"), started, ev.Exhausted(ready=())]


def test_hands_won_hands_drawn_and_winners_are_three_numbers() -> None:
    summary = Summary()
    summary.add(_rigged_events())
    assert (summary.wins, summary.draws, summary.winners, summary.shared) == (1, 2, 2, 1)
    text = "\n".join(summary.lines())
    assert "wins: 1 " in text and "draws: 2" in text and "winners: 2  (hands won by two or three: 1)" in text
    assert "ron: 2" in text  # every winner's ron


def test_a_seeded_riichi_run_adds_up(capsys) -> None:  # noqa: ANN001
    from mahjong_joy.cli import main

    assert main(["simulate", "--rules", "tenhou", "--seed", "100", "--matches", "4", "--ai", "hard"]) == 0
    out = capsys.readouterr().out
    hands, wins, draws = map(int, re.search(r"hands: (\d+)  wins: (\d+) \([\d.]+%\)  draws: (\d+)", out).groups())
    winners = int(re.search(r"winners: (\d+)", out).group(1))
    assert wins + draws == hands and winners >= wins
