"""A person at a Chinese Official table: the session follows the player from chair to chair
(RULES.md B3), so his hand, his turn and his name stay his through all sixteen hands."""

from __future__ import annotations

from mahjong_joy.names import HUMAN, SEAT_NAMES
from mahjong_joy.ui.controller_session import ControllerSession
from tests.helpers import play_one_move


def test_the_player_keeps_his_hand_and_his_name_as_the_chairs_change() -> None:
    session = ControllerSession(seed=3, ruleset="mcr", ai="random", autosave=False)
    chairs = {}
    while not session.ctl.is_over:
        if session.ctl.hand.is_finished:
            session.next_hand()
            continue
        snap = session.snapshot()
        me = session.me
        table = session.ctl.snapshot()
        assert snap.me == me and table.seats[me].kind == HUMAN and table.seats[me].hand is not None
        mine = sorted(table.seats[me].hand)
        if snap.drawn is not None:
            mine.remove(snap.drawn)
        assert sorted(snap.hand) == mine  # the hand the table shows is the player's own
        assert session.ctl.players[me] == 0 and session.name_of(me) == session.player_name
        others = {session.name_of(seat): session.ctl.players[seat] for seat in range(4) if seat != me}
        assert others == {SEAT_NAMES[1]: 1, SEAT_NAMES[2]: 2, SEAT_NAMES[3]: 3}  # a name stays with its player
        chairs[snap.round_wind] = me
        play_one_move(session)
    assert chairs == {27: 0, 28: 1, 29: 3, 30: 2}  # round winds E S W N: chairs 0, 1, 3, 2 (B3)
    assert session.ctl.match.hands_played == 16


def test_a_replay_follows_the_player_to_his_chair() -> None:
    """The replay viewer shows the record's player at his chair of each hand, with his name."""
    import json

    from mahjong_joy.ai import RandomLegalAI
    from mahjong_joy.controller import Controller
    from mahjong_joy.replay.record import record_of_entries
    from mahjong_joy.rulesets.joy import ruleset_for
    from mahjong_joy.ui.replay_session import ReplaySession

    ctl = Controller(seats=(HUMAN, "random", "random", "random"), seed=2, ruleset=ruleset_for("mcr"),
                     deciders=[RandomLegalAI(9), None, None, None])  # the human's seat played by a random AI
    while not ctl.is_over:
        ctl.step()
    record = json.loads(json.dumps(record_of_entries(2, ctl.seat_kinds, [ctl.record()], ctl.match.rules)))
    replay = ReplaySession(record)
    seen = {}
    for hand in range(16):
        replay.seek(hand, 1)
        snap = replay.snapshot()
        seen[snap.round_wind] = snap.me
        assert snap.names[snap.me] == replay._player_names[replay.player]
    assert seen == {27: 0, 28: 1, 29: 3, 30: 2}
