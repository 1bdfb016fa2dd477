"""The Chinese Official match (RULES.md B3): sixteen hands, the deal passing after every
hand, the Green Book chair changes (and the left-hand neighbour they change), the final
standings; the controller seating the players; records, replays and resuming."""

from __future__ import annotations

import json

import pytest

from mahjong_joy.controller import Controller
from mahjong_joy.engine import Chi, Discard
from mahjong_joy.engine.events import HandScored, HandStarted
from mahjong_joy.engine.outcome import outcome_from_dict, outcome_to_dict
from mahjong_joy.notation import parse_tiles
from mahjong_joy.replay.record import record_of_entries, replay_events
from mahjong_joy.rulesets.base import Settlement, TableState
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.mcr.family import green_book_chairs
from mahjong_joy.rulesets.presets import MCR as MCR_RULES
from mahjong_joy.rulesets.presets import PRESETS, RIICHI_PRESETS
from mahjong_joy.rulesets.rules import Rules
from tests.mcr_helpers import MCR, act, deal

NOTHING = Settlement((), (0, 0, 0, 0), 0, False, 0, (), ())
A, B, C, D = 0, 1, 2, 3  # the players, named by their chair in the first hand


def k(name: str) -> int:
    (kind,) = parse_tiles(name)
    return kind


def tables() -> list[TableState]:
    """The sixteen tables of a match where nothing is won (points 10, 20, 30, -60 by player)."""
    table = TableState("E", 1, 0, 0, (10, 20, 30, -60), 0)
    out = []
    while table is not None:
        out.append(table)
        table = MCR.next_table(table, table.points, NOTHING, False)
    return out


def test_sixteen_hands_east_to_north_the_deal_passing_after_every_hand() -> None:
    """B3 "Game", "Dealer": four hands a round, no repeat, no honba; then the match ends."""
    played = tables()
    assert [(t.round_wind, t.hand_number) for t in played] == [(w, n) for w in "ESWN" for n in range(1, 5)]
    assert all(t.honba == 0 and t.sticks == 0 for t in played)
    for round_start in range(0, 16, 4):
        dealers = [played[i].players[played[i].dealer] for i in range(round_start, round_start + 4)]
        assert sorted(dealers) == [A, B, C, D]  # each player deals once a round
        chairs = [played[i].dealer for i in range(round_start, round_start + 4)]
        assert chairs == [0, 1, 2, 3]  # every round is dealt first from the East chair (B3 "Seat changes")
    assert [played[i].players[played[i].dealer] for i in range(0, 16, 4)] == [A, B, C, D]


def test_each_round_starts_with_the_green_book_seat_winds() -> None:
    """B3 "Seat changes": after the chairs change, the winds are given again from the chair
    where the original East sat (the East chair), so at each round's first hand the
    player who started East sits East, South, North, West, the one who started South
    sits South, East, West, North (GBH's score sheet 「东南北西」「南东西北」「西北东南」
    「北西南东」; SHI: "seat's winds are reassigned starting by the seat where was the
    initial East player"). The first dealer of South is B, not A."""
    winds = {A: "", B: "", C: "", D: ""}
    for table in tables()[::4]:
        for chair, player in enumerate(table.players):
            winds[player] += "ESWN"[(chair - table.dealer) % 4]
    assert winds == {A: "ESNW", B: "SEWN", C: "WNES", D: "NWSE"}


def test_green_book_chairs_at_each_round() -> None:
    """B3 "Seat changes": E S W N chairs hold A B C D, then B A D C, C D B A, D C A B
    (「东南走之字，西北转圈圈」)."""
    played = tables()
    by_round = {t.round_wind: t.players for t in played}
    assert by_round == {"E": (A, B, C, D), "S": (B, A, D, C), "W": (C, D, B, A), "N": (D, C, A, B)}
    assert green_book_chairs((A, B, C, D), "E") == (A, B, C, D)


def test_points_move_with_the_players() -> None:
    """A player's points follow him to his new chair (points are per chair of each table)."""
    for table in tables():
        by_player = {table.players[chair]: table.points[chair] for chair in range(4)}
        assert by_player == {A: 10, B: 20, C: 30, D: -60}


def test_the_left_hand_neighbour_changes_with_the_chairs() -> None:
    """B2 "Chow", B3: in the South round player A sits in chair 1 and may chow only what
    player B (chair 0) discards; in the East round his left-hand neighbour was D."""
    south = ("S", (B, A, D, C))
    hand = deal(["4m" + "159m159p159s123z", "35m" + "2468p2468s126z", "159m159p159s4567z", "35m2468p2468s346z"],
                draws="7z", dealer=0, round_wind=south[0], players=south[1])
    assert hand.players[1] == A and hand.players[0] == B
    act(hand, Discard(0, k("4m")))  # player B discards from chair 0
    chows = {o.seat for o in hand.opportunities if any(c.kind == "chi" for c in o.options)}
    assert chows == {1}  # player A, not player C in chair 3 who also holds 35m
    assert Chi(1, tuple(parse_tiles("345m"))) in hand.legal_actions(1)


def test_final_standings_ties_go_to_the_earlier_player_with_table_points() -> None:
    """Places by points; equal points to the player who sat earlier in the first hand;
    table points 4 / 2 / 1 / 0 (our choice: as MCR competitions award them)."""
    north = (D, C, A, B)
    standings = MCR.final_standings((5, 5, -10, 0), 0, north)
    assert [(s.seat, s.placement, s.score) for s in standings] == [(1, 1, 4.0), (0, 2, 2.0), (3, 3, 1.0), (2, 4, 0.0)]
    # chairs 0 and 1 tie at 5: chair 1 holds player C, chair 0 player D, so C places first


def test_the_mcr_preset_is_a_rules_value_and_round_trips() -> None:
    """The ``mcr`` preset: registered, not a riichi preset, and stored as a whole value."""
    assert PRESETS["mcr"] is MCR_RULES and "mcr" not in RIICHI_PRESETS
    data = json.loads(json.dumps(MCR_RULES.to_dict()))
    assert Rules.from_dict(data) == MCR_RULES
    assert data["tiles"]["flowers"] == 8 and data["tiles"]["dead_wall"] == 0
    for riichi in RIICHI_PRESETS + ("joy",):
        stored = PRESETS[riichi].to_dict()
        assert "flowers" not in stored["tiles"] and "seat_changes" not in stored["table"]


@pytest.mark.parametrize(("path", "value"), [
    (("scoring", "dora"), True),
    (("tiles", "flowers"), 9),
    (("table", "seat_changes"), "random"),
    (("scoring", "kong_convention"), "house"),
])
def test_bad_mcr_rules_are_refused(path: tuple[str, str], value: object) -> None:
    from mahjong_joy.errors import RulesError

    data = MCR_RULES.to_dict()
    data[path[0]][path[1]] = value
    with pytest.raises(RulesError):
        Rules.from_dict(data)


def test_riichi_rules_cannot_carry_flowers() -> None:
    from mahjong_joy.errors import RulesError

    data = PRESETS["tenhou"].to_dict()
    data["tiles"]["flowers"] = 8
    with pytest.raises(RulesError, match="Chinese Official"):
        Rules.from_dict(data)


# ---------------------------------------------------------------- the controller, records, replays


def played(seed: int = 5, seats: tuple[str, ...] = ("random", "potential", "random", "potential")) -> Controller:
    ctl = Controller(seats=seats, seed=seed, ruleset=ruleset_for("mcr"))
    while not ctl.is_over:
        ctl.step()
    return ctl


def test_the_controller_seats_the_players_in_their_chairs() -> None:
    """Each hand's deciders and seat kinds follow the players (B3); the snapshot says who sits where."""
    ctl = Controller(seats=("random", "potential", "random", "potential"), seed=5, ruleset=ruleset_for("mcr"),
                     auto_deal=False)
    rounds = {}
    while not ctl.is_over:
        if ctl.hand.is_finished:
            ctl.next_hand()
        snap = ctl.snapshot()
        rounds[snap.round_wind] = (snap.players, ctl.chair_kinds, tuple(s.player for s in snap.seats),
                                   tuple(s.kind for s in snap.seats))
        ctl.step()
    kinds = ("random", "potential", "random", "potential")
    for players, chair_kinds, shown, snap_kinds in rounds.values():
        assert chair_kinds == snap_kinds == tuple(kinds[p] for p in players) and shown == players
    assert ctl.seat_kinds == kinds  # per player, as records store them
    assert rounds["S"][0] == (B, A, D, C) and rounds["N"][0] == (D, C, A, B)
    assert ctl.match.hands_played == 16 and sum(ctl.match.points) == 0
    by_player = ctl.points_by_player()
    assert all(by_player[p] == ctl.match.points[ctl.chair_of(p)] for p in range(4)) and ctl.chair_of(A) == 2


def test_a_recorded_mcr_match_replays_and_resumes_to_the_same_events() -> None:
    """A record replays through the one replay loop; Continue rebuilds the controller."""
    ctl = played()
    record = json.loads(json.dumps(record_of_entries(5, ctl.seat_kinds, [ctl.record()], ctl.match.rules)))
    (events,) = replay_events(record)
    assert [e.to_dict() for e in events] == [e.to_dict() for e in ctl.match.events]
    entry = dict(record["matches"][0])
    entry["decisions"] = entry["decisions"][: len(entry["decisions"]) // 2]
    resumed = Controller.resume(entry, ctl.seat_kinds, ruleset_for(Rules.from_dict(record["rules"])))
    while not resumed.is_over:
        resumed.step()
    assert [e.to_dict() for e in resumed.match.events] == [e.to_dict() for e in ctl.match.events]


def test_a_settled_mcr_hand_reads_back_whole() -> None:
    """The outcome's JSON keeps the fan rows, the situation, the flowers and the chairs."""
    ctl = played(seed=11, seats=("normal",) * 4)
    outcomes = [e.outcome for e in ctl.match.events if isinstance(e, HandScored)]
    assert any(o.wins for o in outcomes) and any(o.start.players != (0, 1, 2, 3) for o in outcomes)
    for outcome in outcomes:
        again = outcome_from_dict({"outcome": json.loads(json.dumps(outcome_to_dict(outcome)))})
        assert again == outcome
    started = [e for e in ctl.match.events if isinstance(e, HandStarted)]
    assert started[4].to_dict()["players"] == [B, A, D, C] and "players" not in started[0].to_dict()


def test_simulate_log_and_replay_text_agree_and_export_is_refused(tmp_path, capsys) -> None:
    """``simulate --rules mcr --log --record`` and ``replay --text`` print the same lines (the
    flowers named ``1f``..``8f``); ``replay --summary`` as ``simulate``; an mjai or tenhou.net/6
    export of an MCR record is refused in words (those formats hold riichi games)."""
    from mahjong_joy.cli import main

    path = tmp_path / "mcr.json"
    assert main(["simulate", "--rules", "mcr", "--ai", "random", "--seed", "8", "--hands", "3", "--log",
                 "--record", str(path)]) == 0
    simulated = capsys.readouterr().out.splitlines()
    assert any(" declares flower " in line for line in simulated)
    assert main(["replay", str(path), "--text"]) == 0
    replayed = capsys.readouterr().out.splitlines()
    log = [line for line in simulated if not line.startswith(("matches:", "hands:", "wins by", "tsumo:", "average"))]
    assert replayed[: len(log)] == log
    assert main(["replay", str(path), "--export", "mjai", str(tmp_path / "out.mjson")]) == 2
    assert "riichi games only" in capsys.readouterr().err
