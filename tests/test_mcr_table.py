"""Chinese Official at the table (issue 25 §2): flower tiles drawn by our own code and laid
by their owner's seat, names, the chart and the history following players when the Green
Book moves them between rounds (RULES.md B3), Stats per ruleset for MCR (average fan, best
hand with its fan), and the guide's fan per wait (RULES.md B2 "8-fan minimum")."""

from __future__ import annotations

import dataclasses
from datetime import datetime, timezone
from functools import cache
from pathlib import Path

import pytest

from mahjong_joy.app.archive import hand_summaries, summarize
from mahjong_joy.controller import Controller, WaitFan
from mahjong_joy.engine.events import HandScored, HandStarted
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.mcr import McrSituation, score_mcr
from mahjong_joy.rulesets.mcr.fan import ROW_BY_ID
from mahjong_joy.rulesets.mcr.family import mcr_meld
from mahjong_joy.rulesets.presets import PRESETS
from mahjong_joy.storage import paths
from mahjong_joy.storage.history import History
from mahjong_joy.storage.stats import best_hand_text, compute_stats
from mahjong_joy.tiles import FLOWER_CODES, kind_of_code

MCR = PRESETS["mcr"]


@cache
def played(seed: int) -> Controller:
    """A whole all-AI Chinese Official match (16 hands, the players moving between rounds)."""
    ctl = Controller(seats=("easy",) * 4, seed=seed, ruleset=ruleset_for(MCR))
    while not ctl.is_over:
        ctl.step()
    return ctl


def test_the_history_follows_each_player_through_the_chair_changes() -> None:
    ctl = played(1)
    assert ctl.players != (0, 1, 2, 3)  # the Green Book moved them (RULES.md B3)
    hands = hand_summaries(ctl.events)
    players, wins = (0, 1, 2, 3), []
    for event in ctl.events:  # counted straight from the events, chair by chair
        if isinstance(event, HandStarted):
            players = event.players
        elif isinstance(event, HandScored):
            wins.append(tuple(players[w.seat] for w in event.outcome.wins))
    assert [tuple(w.seat for w in hand.wins) for hand in hands] == wins and any(wins)
    final = ctl.match.standings()
    for player in range(4):
        summary = summarize(ctl, player, "You", "2026-12-04T00:00:00+00:00", "r.json")
        mine = next(s for s in final if s.seat == ctl.players.index(player))
        assert summary.placement == mine.placement and summary.points[player] == mine.points
        assert summary.game_points == mine.score  # the table points of that place (4, 2, 1, 0)
    assert sum(sum(h.deltas) for h in hands) == 0


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    return tmp_path


def test_stats_per_ruleset_give_mcr_its_average_fan_and_best_hand(home: Path) -> None:
    ctl, me = played(1), 0
    with History.open() as history:
        when = datetime(2026, 12, 4, tzinfo=timezone.utc).isoformat(timespec="seconds")
        for player in range(4):
            history.add_match(dataclasses.replace(summarize(ctl, player, "You", when, f"r{player}.json"),
                                                  played_at=when.replace("00:00:00", f"00:00:0{player}")))
        stats = compute_stats(history)
    mcr = stats.by_ruleset["mcr"]
    wins = [w for hand in hand_summaries(ctl.events) for w in hand.wins]
    fans = [(w.han, w.seat) for w in wins]
    assert mcr.matches == 4 and mcr.wins == len(fans) and mcr.placements == (1, 1, 1, 1)
    assert mcr.average_fan == pytest.approx(sum(f for f, _ in fans) / len(fans))
    assert stats.average_fan is None  # "All" would mix scales
    best = mcr.best_hand
    top = max(wins, key=lambda w: (w.points, w.han))  # the win that earned most (the history's best, as for riichi)
    assert best is not None and (best.points, best.han) == (top.points, top.han)
    text = best_hand_text(best)
    assert text.startswith(f"{best.han} fan, +{best.points}: ")
    assert all(ROW_BY_ID[fan].name in text for fan in best.yaku)


def test_the_guide_scores_each_wait_as_the_scorer_scores_the_finished_hand() -> None:
    """Controller.wait_fan from a seat's view agrees with score_mcr on the hand completed by
    each wait (an independent path: the whole hand scored, not fan_by_wait)."""
    checked = 0
    for seed in (1, 2, 3):
        ctl = Controller(seats=("easy",) * 4, seed=seed, ruleset=ruleset_for(MCR), max_hands=2)
        while not ctl.is_over and checked < 6:
            ctl.step(1)
            for seat in range(4):
                view = ctl.view(seat)
                if not view.waits or ctl.hand.is_finished or len(view.hand) + 3 * len(view.melds[seat]) != 13:
                    continue
                fan = ctl.wait_fan(seat)
                assert fan and all(isinstance(w, WaitFan) and w.valid == (w.fan_total >= 8) for w in fan)
                for wait in fan:
                    kinds = sorted([kind_of_code(c) for c in view.hand] + [wait.tile])
                    situation = McrSituation(tuple(kinds), wait.tile, tuple(mcr_meld(m) for m in view.melds[seat]),
                                             seat_wind=27 + (seat - view.dealer) % 4,
                                             round_wind=27 + "ESWN".index(view.round_wind), flowers=len(view.flowers[seat]),
                                             last_tile=False)
                    score = score_mcr(situation)  # without Last Tile (和绝张), which the guide counts when in sight
                    assert wait.fan_total in (score.fan_total, score.fan_total + 4)
                checked += 1
    assert checked >= 3


def test_the_guide_words_name_the_fan_or_say_the_wait_is_short() -> None:
    from mahjong_joy.ui.guide import fan_caption, fan_mark

    rich = WaitFan(26, 16, ("pure_straight", "all_chows"), True, 3)
    poor = WaitFan(24, 6, ("all_chows", "short_straight"), False, 2)
    assert fan_mark(rich) == "16 fan (Pure Straight)" and fan_mark(poor) == "6 fan, short of 8"
    assert fan_caption((poor, rich), "Ready") == "Ready: 3 winning tiles unseen, up to 16 fan"
    assert fan_caption((poor,), "Ready") == "Ready, but no wait reaches 8 fan (at most 6)"


pygame = pytest.importorskip("pygame")

from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.controller_session import ControllerSession  # noqa: E402
from mahjong_joy.ui.tiles_art import TileArt  # noqa: E402


@pytest.fixture(scope="module", autouse=True)
def display() -> None:
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))


def test_the_eight_flowers_are_eight_different_pictures_in_both_styles() -> None:
    for safe in (False, True):
        for latin in (False, True):
            art = TileArt(latin=latin, safe=safe)
            images = {pygame.image.tobytes(art.image(code, 40), "RGBA") for code in FLOWER_CODES}
            assert len(images) == 8, (safe, latin)
    classic, safe = TileArt(), TileArt(safe=True)
    for code in FLOWER_CODES:  # the colour-safe style inks every flower differently (dark glyph and badge)
        assert pygame.image.tobytes(classic.image(code, 40), "RGBA") != pygame.image.tobytes(safe.image(code, 40), "RGBA")


def answer(session: ControllerSession) -> None:
    """The player's plainest legal move: a flower laid out, a pass, the first discard."""
    pending = session.ctl.pending
    actions = pending.actions
    for name in ("flower", "pass", "discard"):
        found = next((a for a in actions if a.name == name), None)
        if found is not None:
            session.submit(found)
            return
    session.submit(actions[0])


def test_names_and_the_chart_follow_players_when_the_chairs_change(home: Path) -> None:
    session = ControllerSession(seed=1, ruleset="mcr", ai="easy", autosave=False)
    seen_moved = False
    for _ in range(20_000):
        ctl = session.ctl
        if ctl.is_over:
            break
        if ctl.hand.is_finished:
            session.next_hand()
        elif session.needs_human():
            answer(session)
        else:
            session.step()
        snap = session.snapshot()
        players = ctl.players
        assert session.me == players.index(0) and snap.names[session.me] == "You"
        assert snap.names[players.index(1)] == "Momo" and snap.names[players.index(3)] == "Kiri"
        if snap.phase == "finished":  # the chart's last point is each seat's own total
            assert snap.history[-1] == tuple(snap.points)
        if players != (0, 1, 2, 3):
            seen_moved = True
        if seen_moved and snap.phase == "finished":
            break
    assert seen_moved


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_flowers_lie_by_their_seat_clear_of_rivers_hands_and_the_centre(home: Path, size: tuple[int, int]) -> None:
    from mahjong_joy.ui.scenes.table import TableScene
    from mahjong_joy.ui.session import StaticSession

    app = App(size=size, settings=Settings(ai_pace="instant", anim_speed="instant"))
    table = TableScene(app)
    app.replace(table, {"seed": 11, "ruleset": "mcr", "length": None, "opponents": ("easy",) * 3})
    app.step(1 / 60)
    snap = dataclasses.replace(table.session.snapshot(), flowers=tuple(FLOWER_CODES[:n] for n in (8, 6, 3, 1)),
                               rivers=tuple(tuple(range(24)) for _ in range(4)))
    table.session = StaticSession(snap)
    table.snap = snap
    app.step(1 / 60)
    felt, centre = table.felt_rect(), table.layout.center
    placed = {seat: table.flower_places(seat) for seat in range(4)}
    assert [len(p) for p in placed.values()] == [8, 6, 3, 1]
    rects = [r for p in placed.values() for r, _, _ in p]
    rivers = [table.river_rect(seat, i) for seat in range(4) for i in range(24)]
    lines = [table.layout.line_area(table.snap.seat_from_me(seat)) for seat in range(4)]
    for i, rect in enumerate(rects):
        assert felt.contains(rect) and not rect.colliderect(centre)
        assert rect.collidelist(rivers) < 0 and rect.collidelist(lines) < 0, rect
        assert not any(rect.colliderect(other) for other in rects[i + 1:])
    for seat, places in placed.items():  # each tile faces its seat
        rel = snap.seat_from_me(seat)
        assert {rot for _, _, rot in places} == {(0, 90, 180, 270)[rel]}


def play_until(session: ControllerSession, done) -> None:
    for _ in range(50_000):
        ctl = session.ctl
        if done(ctl) or ctl.is_over:
            return
        if ctl.hand.is_finished:
            session.next_hand()
        elif session.needs_human():
            answer(session)
        else:
            session.step()


def test_continue_and_the_replay_viewer_find_the_player_in_their_new_chair(home: Path) -> None:
    from mahjong_joy.replay.record import read_record
    from mahjong_joy.storage.paths import records_dir
    from mahjong_joy.ui.replay_session import ReplaySession

    session = ControllerSession(seed=2, ruleset="mcr", ai="easy")
    play_until(session, lambda ctl: ctl.players != (0, 1, 2, 3) and not ctl.hand.is_finished  # a few moves into South
               and len(ctl.decisions) > ctl.hand_starts[-1] + 12 and session.needs_human())
    assert session.ctl.players != (0, 1, 2, 3)
    before = session.snapshot()
    resumed = ControllerSession.resume()
    after = resumed.snapshot()
    assert resumed.me == session.me and after.names == before.names and after.hand == before.hand
    assert resumed.ctl.chair_kinds[resumed.me] == "human" and resumed.needs_human()  # the player, not an AI, sits there
    play_until(resumed, lambda ctl: False)
    assert resumed.ctl.is_over
    (path,) = list(records_dir().glob("*.json"))
    viewer = ReplaySession(read_record(path))
    last = len(viewer.cursor.hand_starts) - 1 if hasattr(viewer.cursor, "hand_starts") else 15
    viewer.seek(last, 0)
    snap = viewer.snapshot()
    players = viewer.cursor.hand.players
    assert players != (0, 1, 2, 3) and snap.me == players.index(0) and snap.names[snap.me] == "You"


def test_the_guides_best_discard_keeps_waits_that_reach_eight_fan() -> None:
    """Of two discards that both leave the hand ready, the guide marks the one whose waits
    can win (8 fan or more), even when shanten and tile counts favour the other."""
    from mahjong_joy.controller import GuideFacts
    from mahjong_joy.hand.waits import DiscardCandidate
    from mahjong_joy.ui.guide import fan_best

    codes = [0, 1, 2, 9, 10, 11]  # any codes: 1m and 1p are the two discards compared
    facts = GuideFacts(tuple(codes), candidates=(DiscardCandidate(0, 0, {5: 8}), DiscardCandidate(9, 0, {7: 3}),
                                                 DiscardCandidate(1, 1, {3: 20})))
    waits = {0: (WaitFan(5, 6, ("all_chows",), False, 8),), 9: (WaitFan(7, 12, ("mixed_straight",), True, 3),)}
    assert fan_best(codes, facts, set(codes), lambda code: waits.get(code, ()), best=0) == 3  # the 1p, at index 3
    assert fan_best(codes, facts, set(codes), lambda code: (), best=0) == 0  # no winning wait anywhere: as before
