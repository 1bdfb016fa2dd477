"""Seeded all-AI riichi matches, both presets, with the invariants checked after every engine action.

Each preset plays whole hanchan (``random`` and ``potential`` seats mixed) until
at least :data:`HANDS` hands are done; :class:`tests.riichi_invariants.RiichiChecker`
checks every action (tiles, points and sticks, riichi discards, kuikae, furiten
recounted, every ron chance) and every hand end (each win rebuilt and scored by
``mahjong`` 2.1.0, multiple-ron money, draws, the next dealer and honba). The
two presets' runs (about 15 s each on one core) start in a background worker as
soon as the run is collected (``tests/background.py``), overlapping the rest of
the suite.
"""

from __future__ import annotations

import traceback
from collections import Counter

import pytest

from mahjong_joy.controller import Controller
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.presets import RIICHI_PRESETS
from tests import background
from tests.riichi_invariants import RiichiChecker

HANDS = 1000
MIXES = (
    ("random", "potential", "random", "potential"),
    ("potential",) * 4,
    ("potential", "potential", "random", "random"),
    ("random",) * 4,
)
FIRST_SEED = {"mahjong_soul": 0, "tenhou": 50_000}  # different deals for the two presets


def play(preset: str, hands: int = HANDS) -> Counter:
    """Matches of ``preset`` until ``hands`` hands are checked; what was seen, counted."""
    seen: Counter = Counter()
    seed = FIRST_SEED[preset]
    while seen["hands"] < hands:
        seats = MIXES[seed % len(MIXES)]
        ctl = Controller(seats=seats, seed=seed, ruleset=ruleset_for(preset))
        try:
            RiichiChecker(ctl, seen)
            while not ctl.is_over:
                ctl.step(1)
            final = ctl.match.final
            assert final is not None and sorted(s.placement for s in final) == [1, 2, 3, 4]
            assert abs(sum(s.score for s in final)) < 1e-6, f"game points do not sum to zero: {final}"
        except AssertionError:
            t = ctl.match.table
            where = f"{preset} seed={seed} seats={seats} hand {t.round_wind}{t.hand_number}-{t.honba}"
            raise AssertionError(f"{where}\n{traceback.format_exc()}") from None
        seed += 1
    return seen


@pytest.mark.parametrize("preset", [pytest.param(p, marks=pytest.mark.soak(f"riichi:{p}")) for p in RIICHI_PRESETS])
def test_seeded_riichi_matches_keep_every_invariant(preset: str) -> None:
    seen = background.result(f"riichi:{preset}")
    summary = ", ".join(f"{k} {v}" for k, v in sorted(seen.items()))
    print(f"\n{preset}: {summary}")
    assert seen["hands"] >= HANDS
    assert seen["won_hands"] + seen["exhaustive"] + sum(v for k, v in seen.items() if k.startswith("abort:")) == seen["hands"]
    # the runs reach what the invariants are about
    for key, least in {"wins": 400, "ron": 300, "tsumo": 50, "riichi": 150, "ippatsu": 20, "ura_indicators": 150,
                       "red_five": 100, "open": 100, "exhaustive": 200, "ron_chance_furiten": 20, "chi": 1000,
                       "pon": 1000, "kan": 10, "closed_kan": 20, "added_kan": 20, "riichi_declared": 300,
                       "ron_x2": 3, "matches": 60}.items():
        assert seen[key] >= least, (key, seen[key])


# Rare endings the seeded runs seldom reach, dealt from rigged walls and played
# through the same checker (each win scored by the oracle, every action checked).

TANYAO_ON_5M = ["34m234p567p234s66s", "67m345p678p345s88s", "46m456p456s678s22p"]  # seats 1..3 wait on 5m
KOKUSHI_DEALER = "5m19m19p19s123456z"  # 14th tile 7z: discarding the red 5m leaves 13-sided kokushi


def rigged_match(preset: str, hands: list[str], draws: str = "", dead: str = "") -> tuple[Controller, Counter]:
    from mahjong_joy.engine.state import HandState
    from tests.invariants import rigged_wall

    ctl = Controller(seats=("potential",) * 4, seed=0, ruleset=ruleset_for(preset))
    match = ctl.match
    match.hand = HandState(rigged_wall(hands, draws, dead), 0, match.ruleset, match.table)
    seen: Counter = Counter()
    RiichiChecker(ctl, seen)
    return ctl, seen


@pytest.mark.parametrize("preset", RIICHI_PRESETS)
@pytest.mark.parametrize("declare", [False, True], ids=["discard", "riichi"])
def test_triple_ron_aborts_on_tenhou_and_pays_three_on_mahjong_soul(preset: str, declare: bool) -> None:
    """A1 "Triple ron", C1-9; a ronned declaration tile puts down no stick (C1-4)."""
    from mahjong_joy.engine.actions import Discard, Riichi, Ron

    ctl, seen = rigged_match(preset, [KOKUSHI_DEALER] + TANYAO_ON_5M, draws="7z")
    match = ctl.match
    match.apply((Riichi if declare else Discard)(0, 34))
    for seat in (1, 2, 3):
        match.apply(Ron(seat))
    result = match.results[-1]
    if preset == "tenhou":
        assert result.abort == "triple_ron" and seen["abort:triple_ron"] == 1
        assert match.sticks == 0 and match.points == [25_000] * 4
    else:
        assert [w.seat for w in result.wins] == [1, 2, 3] and seen["ron_x3"] == 1
    assert result.riichi == ()


@pytest.mark.parametrize("preset", RIICHI_PRESETS)
def test_heavenly_hand_is_scored_like_the_oracle(preset: str) -> None:
    from mahjong_joy.engine.actions import Tsumo

    ctl, seen = rigged_match(preset, ["123m456p789s234s5z", "19m19p19s1234567z", "2468m2468p2468s1z",
                                      "3579m3579p3579s2z"], draws="5z")
    ctl.match.apply(Tsumo(0))
    assert seen["tenhou"] == 1 and ctl.match.results[-1].wins[0].yakuman >= 1


@pytest.mark.parametrize("preset", RIICHI_PRESETS)
def test_thirteen_orphans_robs_a_closed_kan_only_on_mahjong_soul(preset: str) -> None:
    """A1 "Kokushi may rob a closed kan": Mahjong Soul yes, Tenhou no."""
    from mahjong_joy.engine.actions import ClosedKan, Ron

    ctl, seen = rigged_match(preset, ["111m234p567p23s88s", "9m19p19s12345677z", "2468m2468p2468s3z",
                                      "3579m3579p357s44z"], draws="1m")
    match = ctl.match
    match.apply(ClosedKan(0, 0))
    hand = match.hand
    if preset == "mahjong_soul":
        match.apply(Ron(1))
        assert seen["chankan"] == 1 and match.results[-1].wins[0].yakuman >= 1
    else:
        assert not hand.is_finished and hand.current == 0 and Ron(1) not in hand.legal_actions(1)


def run_script(match: object, script: list, finish: bool = True) -> None:
    """Apply scripted actions; ``None`` discards the tile just drawn; open claim windows
    are passed before an own-turn action (and at the end when ``finish``)."""
    from mahjong_joy.engine.actions import Discard, Pass
    from mahjong_joy.engine.state import Phase

    def pass_all() -> None:
        while not match.hand.is_finished and match.hand.phase is not Phase.AWAITING_DISCARD:  # type: ignore[attr-defined]
            match.apply(Pass(match.hand.seats_to_act()[0]))  # type: ignore[attr-defined]

    for action in script:
        hand = match.hand  # type: ignore[attr-defined]
        if action is None or action.name not in ("pon", "chi", "kan", "ron", "pass"):
            pass_all()
            hand = match.hand  # type: ignore[attr-defined]
        if action is None:
            action = Discard(hand.current, hand.code(hand.drawn))
        match.apply(action)  # type: ignore[attr-defined]
    if finish:
        pass_all()


@pytest.mark.parametrize("preset", RIICHI_PRESETS)
@pytest.mark.parametrize("tsumo", [False, True], ids=["ron", "tsumo"])
def test_daisangen_pao_is_paid_as_the_rules_say(preset: str, tsumo: bool) -> None:
    """A1 "Pao", C1-10: seat 2 feeds the third dragon set; the checker recomputes the split."""
    from mahjong_joy.engine.actions import Discard, Pon, Ron, Tsumo

    hands = ["22m33p5z11223344z", "1234m1p89s556677z", "5678m5678p567s67z", "899m1p6789p12345s"]
    ctl, seen = rigged_match(preset, hands, draws="9p1s2s3s4s5s1p")
    script = [Discard(0, 31), Pon(1, (31, 31)), Discard(1, 0), Discard(2, 32), Pon(1, (32, 32)), Discard(1, 25),
              Discard(2, 33), Pon(1, (33, 33)), Discard(1, 26), None]
    script += [None, None, Tsumo(1)] if tsumo else [Discard(3, 9), Ron(1)]
    run_script(ctl.match, script)
    win = ctl.match.results[-1].wins[0]
    assert win.pao_seat == 2 and seen["pao"] == 1 and "daisangen" in dict(win.yaku)


@pytest.mark.parametrize("preset", RIICHI_PRESETS)
def test_east_only_matches_end_by_south_four(preset: str) -> None:
    """The East-only option: the sudden death is the South round and South 4 is
    final, as West 4 is in a hanchan (C1-15); it used to play on into the West."""
    from dataclasses import replace

    from mahjong_joy.rulesets.presets import find_preset

    base = find_preset(preset)
    rules = replace(base, table=replace(base.table, length="east"))
    seen: Counter = Counter()
    for seed in range(4):
        ctl = Controller(seats=MIXES[seed], seed=seed, ruleset=ruleset_for(rules))
        RiichiChecker(ctl, seen)
        while not ctl.is_over:
            ctl.step()
        assert ctl.match.table.round_wind in "ES"
    assert seen["matches"] == 4 and seen["end:the extension's fourth hand is final"] >= 1


@pytest.mark.parametrize("preset", RIICHI_PRESETS)
@pytest.mark.parametrize("rob", [True, False], ids=["ron", "pass"])
def test_chankan_keeps_ippatsu_and_a_passed_chankan_is_riichi_furiten(preset: str, rob: bool) -> None:
    """A2 6 (ippatsu ends after the chankan window), C1-3 (riichi furiten includes chankan);
    while the seat may still ron, neither the engine nor its view calls it furiten."""
    from mahjong_joy.engine.actions import AddedKan, Discard, Pass, Pon, Riichi, Ron
    from mahjong_joy.engine.view import observe

    hands = ["5p11223344z19p77z", "46p123m789m234s99s", "55p2468m2468s135z", "3579m3579s19p666z"]
    ctl, seen = rigged_match(preset, hands, draws="9s8s7s6z5p")
    script = [Discard(0, 35), Pon(2, (13, 13)), Discard(2, 31), None, None, Riichi(1, 32), AddedKan(2, 13)]
    run_script(ctl.match, script, finish=False)
    hand = ctl.match.hand
    view = observe(hand, 1)
    assert Ron(1) in view.legal_actions and not view.furiten and not hand.is_furiten(1)  # furiten only after the pass
    run_script(ctl.match, [Ron(1) if rob else Pass(1)])
    if rob:
        assert seen["chankan"] == seen["ippatsu"] == 1
    else:
        assert hand.is_furiten(1) and not hand.is_finished
        while not hand.is_finished:
            ctl.step(1)  # the rest of the hand under the checker


@pytest.mark.parametrize("preset", RIICHI_PRESETS)
def test_karaten_riichi_only_where_karaten_counts_as_tenpai(preset: str) -> None:
    """1111m 234p 567p 789s waits only on a fifth 1m: Tenhou refuses riichi (C1-17);
    Mahjong Soul counts it tenpai (keishiki tenpai, A1) and allows it."""
    from mahjong_joy.engine.actions import Riichi

    ctl, _ = rigged_match(preset, ["1111m234p567p789s", "2468m2468p2468s1z", "3579m3579p3579s2z",
                                   "5z6z7z3z4z22z33z44z99s"], draws="1s")
    riichi = Riichi(0, 18) in ctl.match.hand.legal_actions(0)
    assert riichi == (not ctl.match.rules.hand.karaten_is_noten)


@pytest.mark.parametrize("preset", RIICHI_PRESETS)
def test_four_kans_by_two_seats_abort_after_the_next_discard(preset: str) -> None:
    """C1-13, with every indicator turned (closed kans: at once, C1-6)."""
    from mahjong_joy.engine.actions import ClosedKan

    hands = ["1111m2222m19p123z", "3333m4444m19s456z", "5678m5678p567s77z", "9m123489p123489s"]
    ctl, seen = rigged_match(preset, hands, draws="6s7s", dead="1z2z5z6z")
    run_script(ctl.match, [ClosedKan(0, 0), ClosedKan(0, 1), None, ClosedKan(1, 2), ClosedKan(1, 3), None])
    assert seen["abort:four_kans"] == 1 and len(ctl.match.hand.wall.dora_indicators) == 5
