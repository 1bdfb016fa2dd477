"""A person at a Chinese Official table: the session follows the player from chair to chair
(RULES.md B3), so his hand, his turn and his name stay his through all sixteen hands."""

from __future__ import annotations

import pytest

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


def test_continue_rebuilds_an_mcr_match_past_a_chair_change(tmp_path, monkeypatch) -> None:
    """Autosave and Continue: the saved MCR match comes back at the same decision, with the
    player in his chair of that hand (RULES.md B3)."""
    from mahjong_joy.app.saved import load_autosave
    from mahjong_joy.storage import paths

    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    session = ControllerSession(seed=6, ruleset="mcr", ai="random", autosave=True)
    while session.snapshot().round_wind == 27 or session.ctl.hand.is_finished:  # into the South round
        if session.ctl.hand.is_finished:
            session.next_hand()
        else:
            play_one_move(session)
    for _ in range(5):
        play_one_move(session)
    ctl, meta = load_autosave()
    assert [e.to_dict() for e in ctl.events] == [e.to_dict() for e in session.ctl.events]
    assert meta.player_seat == 0 and ctl.chair_of(0) == session.me == 1 and ctl.chair_kinds[1] == HUMAN


def test_a_finished_mcr_match_is_kept_in_the_history_by_player(tmp_path, monkeypatch) -> None:
    """The history row of an MCR match: points per player, the player's placement and table
    points from his chair of the last hand."""
    from mahjong_joy.storage import paths
    from mahjong_joy.storage.history import History

    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    session = ControllerSession(seed=8, ruleset="mcr", ai="random", autosave=True)
    while not session.ctl.is_over:
        if session.ctl.hand.is_finished:
            session.next_hand()
        else:
            play_one_move(session)
    ctl = session.ctl
    mine = next(s for s in ctl.match.final if s.seat == ctl.chair_of(0))
    (row,) = History.open().matches()
    assert row.ruleset == "mcr" and row.points == ctl.points_by_player() and sum(row.points) == 0
    assert row.placement == mine.placement and row.game_points == mine.score


def test_play_from_here_takes_the_chair_shown_whoever_sits_there() -> None:
    """Play from here in the South round: the chosen chair's player becomes the player."""
    import json

    from mahjong_joy.controller import Controller
    from mahjong_joy.replay.cursor import ReplayCursor
    from mahjong_joy.replay.record import record_of_entries
    from mahjong_joy.rulesets.joy import ruleset_for
    from mahjong_joy.ui.controller_session import branch_session

    kinds = ("random", "easy", "random", "normal")
    ctl = Controller(seats=kinds, seed=4, ruleset=ruleset_for("mcr"))
    while not ctl.is_over:
        ctl.step()
    record = json.loads(json.dumps(record_of_entries(4, ctl.seat_kinds, [ctl.record()], ctl.match.rules)))
    cursor = ReplayCursor(record)
    cursor.seek(5, 3)  # South 2: chairs hold players 1, 0, 3, 2
    assert cursor.hand.players == (1, 0, 3, 2)
    session, _ = branch_session(cursor, 5, 3, 0, opponents="random", autosave=False)
    assert session.player == 1 and session.me == 0  # chair 0 of that hand is player 1's
    assert session.ctl.seat_kinds == ("random", HUMAN, "random", "normal")
    assert session.ctl.chair_kinds[0] == HUMAN


@pytest.mark.parametrize("step", [0, 3])
def test_play_from_the_south_round_seats_the_player_in_the_chair_shown_after_one_replay(step: int, monkeypatch) -> None:
    """In South 1 the chairs have changed (B3), already at its deal (step 0): the player
    takes the chair chosen in that hand, and the record's prefix is replayed once."""
    import json

    from mahjong_joy import controller
    from mahjong_joy.controller import Controller
    from mahjong_joy.replay.cursor import ReplayCursor
    from mahjong_joy.replay.record import record_of_entries
    from mahjong_joy.rulesets.joy import ruleset_for
    from mahjong_joy.ui.controller_session import branch_session

    ctl = Controller(seats=("random", "easy", "random", "normal"), seed=4, ruleset=ruleset_for("mcr"))
    while not ctl.is_over:
        ctl.step()
    record = json.loads(json.dumps(record_of_entries(4, ctl.seat_kinds, [ctl.record()], ctl.match.rules)))
    cursor = ReplayCursor(record)
    cursor.seek(4, step)  # South 1: chairs hold players 1, 0, 3, 2; the East round held 0, 1, 2, 3
    assert cursor.hand.players == (1, 0, 3, 2) == cursor.players_in(4)
    replays = []
    replay = controller.replay_decisions
    monkeypatch.setattr(controller, "replay_decisions", lambda *a, **k: (replays.append(1), replay(*a, **k))[1])
    session, _ = branch_session(cursor, 4, step, 0, opponents="random", autosave=False)
    assert len(replays) == 1
    if session.ctl.hand.is_finished:
        session.next_hand()
    assert session.ctl.players == (1, 0, 3, 2)
    assert session.player == 1 and session.me == 0 and session.ctl.chair_kinds[0] == HUMAN


def test_an_ai_names_each_chair_by_the_player_who_sits_there_now() -> None:
    """After a chair change an AI's reasons name the people where they sit now: a reason
    that names chair ``c`` names ``players[c]`` (RULES.md B3), and "you" is the human's chair."""
    from mahjong_joy.controller import Controller
    from mahjong_joy.rulesets.joy import ruleset_for

    ctl = Controller(["human", "easy", "normal", "hard"], seed=3, ruleset=ruleset_for("mcr"), auto_deal=False)
    first = [ctl.deciders[chair].words.name(1) for chair in (1, 2, 3)]
    assert first == [SEAT_NAMES[1]] * 3  # the first hand: chair 1 holds player 1
    ctl._seat_players((1, 0, 3, 2))  # the start of South (B3): East and South swap, West and North swap
    for chair in range(4):
        decider = ctl.deciders[chair]
        if decider is None:
            assert ctl.players[chair] == 0
            continue
        assert decider.words.name(1) == "you"  # the human now sits in chair 1
        assert decider.words.name(ctl.players.index(1)) == SEAT_NAMES[1]
        assert decider.words.name(ctl.players.index(3)) == SEAT_NAMES[3]
