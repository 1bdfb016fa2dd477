"""Riichi at the pastel table (issue 12), driven by posted events on rigged walls:
the Riichi button and its highlighted discards, the sideways tile and the stick,
automatic tsumogiri, kuikae, furiten (badge, hint marks, the missed-ron note), a
double ron's two score cards, the draw screens and the standings with game points."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from mahjong_joy.engine.actions import Discard, Pass, Ron
from mahjong_joy.engine.outcome import DrawReason, HandOutcome
from mahjong_joy.engine.state import HandState
from mahjong_joy.names import tile_label
from mahjong_joy.rulesets.presets import JOY, TENHOU, find_preset
from mahjong_joy.storage.settings import Settings
from mahjong_joy.ui.app import App
from mahjong_joy.ui.controller_session import ControllerSession
from mahjong_joy.ui.scenes.claim import ClaimOverlay
from mahjong_joy.ui.scenes.home import HomeScene
from mahjong_joy.rulesets.riichi.flow import uma_text
from mahjong_joy.ui.scenes.match_end import MatchEndScene, end_reason
from mahjong_joy.ui.scenes.score import ScoreScene, draw_payment_text, draw_rows, headline, table_lines
from mahjong_joy.ui.scenes.table import TableScene
from mahjong_joy.ui.session import TableSnapshot
from tests.helpers import h
from tests.invariants import rigged_wall

# Seats 1-3 hold harmless hands and throw what they draw (they pass every claim).
QUIET = ["147p258s369m147s9m", "258p369s147m258m3p", "2233445566778p"]
READY = "111z222z333z99p78p"  # waits 6p and 9p; East triplets are a yaku for the dealer


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MAHJONG_JOY_HOME", str(tmp_path))


class Tsumogiri:
    """A scripted seat: throws the tile it drew and passes every claim."""

    def choose(self, view, legal):  # noqa: ANN001, ANN201
        for action in legal:
            if isinstance(action, Discard) and action.tile == view.drawn:
                return action
        return next((a for a in legal if isinstance(a, Pass)), legal[0])


class RonOrTsumogiri(Tsumogiri):
    """Rons whenever it can, else as :class:`Tsumogiri`."""

    def choose(self, view, legal):  # noqa: ANN001, ANN201
        return next((a for a in legal if isinstance(a, Ron)), None) or super().choose(view, legal)


def click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def riichi_table(hands: list[str], draws: str, preset: str = "mahjong_soul", deciders=None, size=(1280, 800),
                 **settings: object) -> tuple[App, TableScene]:
    """The player in seat 0 (dealer) of a riichi hand on a hand-made wall."""
    session = ControllerSession(seed=1, ruleset=preset, max_hands=1)
    ctl = session.ctl
    ctl.match.hand = HandState(rigged_wall(hands, draws), 0, ctl.match.ruleset, ctl.match.table)
    ctl.deciders = [None] + list(deciders or (Tsumogiri(), Tsumogiri(), Tsumogiri()))
    app = App(size=size, settings=Settings(**{"ai_pace": "instant", "anim_speed": "fast", **settings}))
    app.replace(HomeScene(app))
    table = TableScene(app, session)
    app.push(table, {})
    return app, table


def until(app: App, done, frames: int = 900) -> int:  # noqa: ANN001
    for frame in range(frames):
        if done():
            return frame
        app.step(1 / 60)
    raise AssertionError("the table never got there")


def button(table: TableScene, ident: str):  # noqa: ANN201
    return next((b for b in table.buttons if b.action == ident), None)


def index_of(table: TableScene, text: str) -> int:
    return table.my_tiles().index(h(text)[0])


def test_riichi_button_highlights_the_ready_discards_declares_sideways_and_then_discards_by_itself() -> None:
    app, table = riichi_table(["111z222z333z99p7p5z", *QUIET], "8p6z7z4z1s")  # after drawing 8p, discarding 5z or 9p keeps the hand ready
    until(app, table.can_act)
    riichi = button(table, "riichi")
    assert riichi is not None and riichi.label == "Riichi" and riichi.hotkey == pygame.K_r
    click(riichi.rect.center)
    app.step(1 / 60)
    assert table.riichi_mode and button(table, "riichi").label == "Cancel riichi"
    ready = table.ready_discards()
    assert ready == set(h("5z9p"))  # 5z keeps 6p-9p; 9p leaves 789p and a 5z pair wait
    tiles = table.my_tiles()
    assert table.dimmed_tiles() == {i for i, t in enumerate(tiles) if t not in ready}  # every other tile is dimmed
    five_z = index_of(table, "5z")
    table.hover = five_z
    table._guide_cache.clear()
    caption, items = table.guide_items()
    assert caption.startswith("Riichi with White dragon (best): ready") and {t for t, _ in items} == set(h("6p9p"))
    click(table.hand_slot(five_z).center)  # declare with 5z
    until(app, lambda: table.snap.riichi[0] and table.snap.points[0] == 24_000 and table.snap.sticks == 1)
    assert table.snap.river_sideways[0] == 0  # the declaration tile lies sideways
    rect, lying = table.river_place(0, 0)
    assert lying and rect.w > rect.h  # a bottom-seat river tile turned sideways is wider than tall
    assert table.seat_tag_text(0)  # the centre still reads; its counters line names honba and sticks
    stick = table.stick_rect(0)
    assert stick.w > stick.h and not stick.colliderect(table.layout.river_area(0).inflate(0, -2))
    until(app, table.can_act)  # my next draw: 1s, no tsumo, no kan
    assert table.auto_action() is not None and table.snap.drawn == h("1s")[0]
    rivers_before = len(table.snap.rivers[0])
    frames = until(app, lambda: len(table.snap.rivers[0]) > rivers_before, frames=120)
    assert 12 <= frames <= 100  # after a short pause (0.3 s at the fast speed), not at once
    assert table.snap.rivers[0][-1] == h("1s")[0]


def test_after_riichi_a_winning_draw_waits_for_the_tsumo_button() -> None:
    app, table = riichi_table(["111z222z333z99p7p5z", *QUIET], "8p6z7z4z9p")
    until(app, table.can_act)
    table.press("riichi")
    table.discard(index_of(table, "5z"))
    assert table.message == "You declare double riichi"  # announced: the first discard, no call before it
    until(app, lambda: table.can_act() and table.snap.drawn == h("9p")[0])
    assert table.auto_action() is None and button(table, "tsumo:") is not None
    for _ in range(90):
        app.step(1 / 60)
    assert table.can_act() and table.snap.drawn == h("9p")[0]  # nothing went out by itself


def test_kuikae_tiles_are_greyed_and_refused_after_a_chi() -> None:
    hands = ["456m111z222z333z9p", "147p258s369p147s9m", "258p369s147m258m3p", "2233445566778p"]
    app, table = riichi_table(hands, "5z6z7z3m")  # seat 3 (on my left) throws 3m: chi 3-4-5m
    until(app, table.can_act)
    table.discard(index_of(table, "5z"))
    until(app, lambda: isinstance(app.top, ClaimOverlay))
    chi = next(b for b in app.top.buttons if app.top.actions[b.action].name == "chi")
    click(chi.rect.center)
    until(app, table.can_act)
    six = index_of(table, "6m")
    assert six in table.dimmed_tiles() and h("6m")[0] not in table.legal_codes()  # suji kuikae
    river = len(table.snap.rivers[0])
    table.discard(six)
    app.step(1 / 60)
    assert "Kuikae" in table.message and len(table.snap.rivers[0]) == river and table.can_act()
    # the engine's own reason, told with the tile in words (the UI no longer guesses it)
    assert table.message == f"Kuikae: the {tile_label(h('6m')[0])} may not be discarded right after that call."
    assert table.snap.refusal_of(h("6m")[0]) == "kuikae: 6m may not be discarded right after that call"
    table.hover = six  # hovering it says why, as the refusal does (play test: it read like a normal discard)
    table._guide_cache.clear()
    assert table.guide_notes()[0] == table.message
    table.hover = None
    table.discard(index_of(table, "9p"))
    until(app, lambda: len(table.snap.rivers[0]) == river + 1)


def test_furiten_badge_names_the_discard_and_the_hint_marks_it() -> None:
    app, table = riichi_table([READY, *QUIET], "6p")  # 6p completes the hand; discard 9p instead: furiten
    until(app, table.can_act)
    nine = index_of(table, "9p")
    table.hover = nine
    table._guide_cache.clear()
    _, notes = table.guide_notes()
    marks = {t: mark for t, _, mark in notes}
    assert marks == {h("6p")[0]: "", h("9p")[0]: "furiten (this discard)"}
    table.discard(nine)
    until(app, lambda: bool(table.snap.furiten))
    assert "9 of Dots" in table.snap.furiten
    badge = table.furiten_badge_rect()
    assert not badge.colliderect(table.layout.actions) and not badge.colliderect(table.layout.line_area(0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=badge.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(1 / 60)
    assert table.badge_hover


def test_a_missed_ron_gets_a_one_line_note() -> None:
    app, table = riichi_table([READY, *QUIET], "6p9p")
    until(app, table.can_act)
    table.discard(index_of(table, "9p"))  # furiten on 9p; seat 1 then draws and throws the last 9p
    until(app, lambda: bool(table.snap.note))
    assert table.snap.note.startswith("No Ron on the 9 of Dots: furiten")


def test_hint_marks_a_wait_without_a_ron_yaku_as_tsumo_only() -> None:
    app, table = riichi_table(["234m567p345s99s79m", *QUIET], "1z")
    until(app, table.can_act)
    table.hover = index_of(table, "1z")
    table._guide_cache.clear()
    _, notes = table.guide_notes()
    assert [(t, mark) for t, _, mark in notes] == [(h("8m")[0], "tsumo only")]
    table.riichi_mode = True
    table._guide_cache.clear()
    _, notes = table.guide_notes()
    assert [mark for _, _, mark in notes] == [""]  # riichi itself is the yaku


def test_a_double_ron_shows_one_card_per_winner_and_pages_through_them() -> None:
    hands = ["111z222z333z444z7z", "123s456s78s99m555z", "1133557799m77p9s", "2233445566778p"]
    deciders = (RonOrTsumogiri(), RonOrTsumogiri(), Tsumogiri())
    app, table = riichi_table(hands, "9s", deciders=deciders)
    until(app, table.can_act)
    table.discard(len(table.my_tiles()) - 1)  # the drawn 9s: both seat 1 and seat 2 ron
    until(app, lambda: isinstance(app.top, ScoreScene))
    score = app.top
    assert len(score.wins) == 2 and [w.seat for w in score.wins] == [1, 2]
    first = headline(score.snap, score.win)
    lines = table_lines(score.snap, 0)
    assert "You pay 11,200 in all to 2 winners" in lines  # the discarder's total on every card
    assert score.button.label.startswith("Next winner")
    until(app, lambda: score.input_guard == 0)  # the reveal handed over by itself: a press this soon was meant for it
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.step(1 / 60)
    assert score.page == 1 and headline(score.snap, score.win) != first and score.button.label in ("Next hand", "Final standings")
    for size in ((1280, 800), (1024, 640)):
        app.set_size(size)
        app.step(1 / 60)


def _draw_snapshot(result: HandOutcome, **changes: object) -> TableSnapshot:
    base = dict(me=0, names=("You", "Momo", "Sora", "Kiri"), points=(26500, 26500, 23500, 23500), round_wind=27, hand_number=2,
                honba=1, dealer=1, turn=1, phase="finished", hand=tuple(h("123m456p789s11z23s")), drawn=None, hand_sizes=(13,) * 4,
                melds=((),) * 4, rivers=((),) * 4, wall_count=0, dora_indicators=tuple(h("3m")), own_actions=(), claim=None,
                visible34=(0,) * 34, result=result, revealed={1: tuple(h("234m567m567s88s89p"))}, rules=find_preset("mahjong_soul"), sticks=1)
    return TableSnapshot(**{**base, **changes})


def test_an_exhaustive_draw_lists_tenpai_and_noten_with_the_payments() -> None:
    result = HandOutcome((), DrawReason.EXHAUSTIVE, (1500, 1500, -1500, -1500), (26500, 26500, 23500, 23500),
                        ((0, tuple(h("1s4s"))), (1, tuple(h("7p")))))
    app = App(size=(1280, 800), settings=Settings())
    score = ScoreScene(app, _draw_snapshot(result))
    app.replace(score)
    app.step(1 / 60)
    assert headline(score.snap) == "Exhaustive draw"
    assert draw_payment_text(score.snap) == "Noten payments: Sora -1,500 · Kiri -1,500  →  You +1,500 · Momo +1,500"
    nagashi = HandOutcome((), DrawReason.EXHAUSTIVE, (12000, -4000, -4000, -4000), (37000, 21000, 21000, 21000),
                         (), nagashi=(0,))
    assert draw_payment_text(_draw_snapshot(nagashi)).startswith("Nagashi mangan: You")


def test_an_abortive_draw_names_its_reason_and_shows_the_hand() -> None:
    result = HandOutcome((), DrawReason.NINE_TERMINALS, (0, 0, 0, 0), (25000,) * 4)
    snap = _draw_snapshot(result, abort_seat=1, revealed={1: tuple(h("19m19p19s1234567z"))})
    assert headline(snap) == "Abortive draw: nine terminals"
    app = App(size=(1024, 640), settings=Settings())
    app.replace(ScoreScene(app, snap))
    app.step(1 / 60)


def test_nine_terminals_is_a_button_on_the_first_draw() -> None:
    app, table = riichi_table(["19m19p19s12345z88p", *QUIET], "6z")
    until(app, table.can_act)
    nine = button(table, "nine_terminals:")
    assert nine is not None and nine.label == "Nine terminals"
    click(nine.rect.center)
    until(app, lambda: isinstance(app.top, ScoreScene))
    assert app.top.snap.result.abort == "nine_terminals" and app.top.snap.abort_seat == 0


def test_standings_show_raw_points_and_the_presets_game_points() -> None:
    standings = ((2, 42100, 1), (0, 27600, 2), (1, 18300, 3), (3, 12000, 4))
    snap = _draw_snapshot(None, rules=TENHOU, match_over=True, standings=standings, game_points=(52.0, 8.0, -22.0, -38.0),
                          history=((25000,) * 4, (27600, 18300, 42100, 12000)))
    app = App(size=(1280, 800), settings=Settings())
    end = MatchEndScene(app, snap)
    app.replace(end)
    app.step(1 / 60)
    assert uma_text(TENHOU.table).startswith("Uma +20 / +10 / -10 / -20 · oka +20")
    assert uma_text(JOY.table) == ""
    assert end_reason(snap) == "The match ended after East 2."
    south4 = _draw_snapshot(None, rules=TENHOU, match_over=True, standings=standings, round_wind=28, hand_number=4)
    assert end_reason(south4) == "The match ended after South 4."
    east_only = replace(find_preset("tenhou").table, length="east")  # a hanchan preset played East only (New game)
    extended = _draw_snapshot(None, rules=replace(TENHOU, table=east_only), match_over=True, standings=standings, round_wind=28,
                              hand_number=1)
    assert end_reason(extended) == "The match ended in the South round (sudden death)."
    assert end_reason(replace(extended, round_wind=27, hand_number=4)) == "The match ended after East 4."
    bust = _draw_snapshot(None, match_over=True, standings=((0, 40000, 1), (1, 30000, 2), (2, 31000, 3), (3, -1000, 4)))
    assert end_reason(bust) == "The match ended when Kiri went below zero."


def test_auto_win_declares_ron_and_no_calls_hides_the_calls() -> None:
    from mahjong_joy.ui.table.input import auto_pass_action
    from mahjong_joy.ui.session import ClaimOffer

    offer = ClaimOffer(5, 1, (Pass(0), Ron(0)))
    assert auto_pass_action(offer, False, auto_win=True) == Ron(0)
    assert auto_pass_action(offer, True) is None  # auto-pass never passes a ron
    calls = ClaimOffer(5, 3, (Pass(0),))
    assert auto_pass_action(calls, True) == Pass(0)


def test_red_fives_are_their_own_codes_at_the_table() -> None:
    app, table = riichi_table(["5m5p5s1z2z3z4z6z7z1m9m1p9p", *QUIET], "9s")  # the first copies are the red ones
    until(app, table.can_act)
    assert {34, 35, 36} <= set(table.my_tiles())
    assert {a.tile for a in table.snap.own_actions if isinstance(a, Discard)} >= {34, 35, 36}


def test_the_replay_viewer_plays_a_riichi_record_with_sticks_sideways_tiles_and_results() -> None:
    import json

    from mahjong_joy.commands.simulate import simulate
    from mahjong_joy.replay.record import run_record
    from mahjong_joy.rulesets.presets import MAHJONG_SOUL
    from mahjong_joy.ui.replay_session import ReplaySession
    from mahjong_joy.ui.scenes.base import Scene
    from mahjong_joy.ui.scenes.replay import ReplayViewerScene

    record = json.loads(json.dumps(run_record(3, ("potential",) * 4, simulate(3, hands=3, rules=MAHJONG_SOUL), MAHJONG_SOUL)))
    app = App(size=(1024, 640), settings=Settings(anim_speed="instant"))
    app.replace(Scene(app))
    session = ReplaySession(record)
    viewer = ReplayViewerScene(app, session, "Replay · riichi")
    app.push(viewer)
    seen = {"riichi": False, "sideways": False, "result": set()}
    for _ in range(2000):
        if not session.forward():
            if not session.cursor.hand.is_finished:
                break
            if session.cursor.next_hand() is False:
                break
            session._moved(True)
        viewer.refresh()
        viewer.draw(app.screen)
        snap = viewer.snap
        seen["riichi"] |= any(snap.riichi)
        seen["sideways"] |= any(i is not None for i in snap.river_sideways)
        if snap.result is not None:
            seen["result"].add(snap.result.end)
    assert snap.rules.name == "mahjong_soul" and seen["result"]
    assert seen["riichi"] and seen["sideways"]  # seed 3: a riichi, its river showing the sideways tile


def test_a_whole_riichi_hanchan_by_keyboard_reaches_the_standings_with_game_points() -> None:
    from tests.test_ui_whole_match import play_whole_match

    app = App(size=(1024, 640), settings=Settings(ai_pace="instant", anim_speed="instant"))
    home = HomeScene(app)
    app.replace(home)
    app.step(1 / 60)
    ruleset = next(r for r in home.rows if r.key == "ruleset")
    click(ruleset.pills[ruleset.options.index(("mahjong_soul", "Riichi · Mahjong Soul"))].center)
    app.step(1 / 60)
    assert home.ruleset == "mahjong_soul" and app.settings.ruleset == "mahjong_soul"
    assert next(r for r in home.rows if r.key == "length").value == "east_south"
    click(home.seed_field.rect.center)  # a typed seed: the same hanchan on every run
    app.step(1 / 60)
    for digit in "31":
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=getattr(pygame, f"K_{digit}"), unicode=digit, mod=0))
        app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_n, unicode="n", mod=0))
    app.step(1 / 60)
    table = app.top
    assert isinstance(table, TableScene) and table.snap.rules.name == "mahjong_soul" and table.session.seed == 31
    assert table.session.ctl.match.rules.table.length == "east_south"
    hands, _ = play_whole_match(app)
    end = app.top
    assert isinstance(end, MatchEndScene) and end.snap.match_over and hands >= 4
    assert len(end.snap.game_points) == 4 and abs(sum(end.snap.game_points)) < 1.0  # uma sums to zero, no oka
    assert end_reason(end.snap).startswith("The match ended")


def test_the_table_switches_work_during_a_claim_prompt_and_no_calls_offers_only_ron_and_pass() -> None:
    hands = ["456m111z222z333z9p", "147p258s369p147s9m", "258p369s147m258m3p", "2233445566778p"]
    app, table = riichi_table(hands, "5z6z7z3m")
    until(app, table.can_act)
    table.discard(index_of(table, "5z"))
    until(app, lambda: isinstance(app.top, ClaimOverlay))
    overlay = app.top
    assert not overlay.auto.enabled  # one Auto-pass at a riichi table: the table's
    no_calls = next(b for b in table.toggles if b.action == "no_calls")
    click(no_calls.rect.center)
    app.step(1 / 60)
    assert app.settings.no_calls and [overlay.actions[b.action].name for b in overlay.buttons] == ["pass"]
    assert app.top is not overlay and table.snap.claim is None  # nothing but Pass was left: it was sent


def test_the_rules_flag_starts_straight_into_a_riichi_game(monkeypatch) -> None:  # noqa: ANN001
    from mahjong_joy import cli
    from mahjong_joy.ui import app as app_module

    shown: list[object] = []
    monkeypatch.setattr(app_module.App, "loop", lambda self: shown.append(self.top))
    monkeypatch.setattr(pygame, "quit", lambda: None)
    assert cli.main(["--rules", "mahjong_soul", "--seed", "3"]) == 0
    table = shown[0]
    assert isinstance(table, TableScene) and table.snap.rules.name == "mahjong_soul" and table.session.seed == 3
    assert cli.main(["--rules", "no_such_rules"]) == 2


def test_a_closed_kan_turns_a_kan_dora_over_with_a_flip() -> None:
    app, table = riichi_table(["1111z55s234s678p3z", *QUIET], "4z")
    until(app, table.can_act)
    kan = button(table, f"closed_kan:{h('1z')[0]}")
    assert kan is not None
    click(kan.rect.center)
    app.step(1 / 60)
    assert table.dora_flip is not None and len(table.snap.dora_indicators) == 2
    until(app, lambda: table.dora_flip is None, frames=120)


@pytest.mark.parametrize("size", ((1280, 800), (1024, 640)))
def test_the_riichi_extras_keep_clear_of_the_table(size: tuple[int, int]) -> None:
    app, table = riichi_table([READY, *QUIET], "6p", size=size)
    until(app, table.can_act)
    window = pygame.Rect((0, 0), size)
    named = table.layout.rects()
    badge = table.furiten_badge_rect()
    extras = {"badge": badge} | {f"toggle:{b.action}": b.rect for b in table.toggles}
    for name, rect in extras.items():
        assert window.contains(rect), name
        for other, area in named.items():
            if name.startswith("toggle") and other == "actions":
                assert area.contains(rect)  # the switches live in the action area's top strip
                continue
            assert not rect.colliderect(area), f"{name} overlaps {other} at {size}"
    buttons = [b.rect for b in table.buttons]
    assert all(not t.colliderect(b) for t in (b.rect for b in table.toggles) for b in buttons)
    for seat in range(4):
        stick = table.stick_rect(seat)
        assert not stick.colliderect(table.layout.river_area(table.snap.seat_from_me(seat)))


def test_after_riichi_the_guide_lists_the_waits_and_says_tsumo_on_a_winning_draw() -> None:
    app, table = riichi_table(["111z222z333z99p7p5z", *QUIET], "8p6z7z4z1s2s3s9s9p")
    until(app, table.can_act)
    table.press("riichi")
    table.discard(index_of(table, "5z"))
    until(app, lambda: table.can_act() and table.snap.drawn == h("1s")[0])
    caption, items = table.guide_items()
    assert caption == "Riichi: 6 winning tiles unseen" and [t for t, _ in items] == h("6p9p")
    until(app, lambda: table.can_act() and table.snap.drawn == h("9p")[0], frames=3000)
    table._guide_cache.clear()
    assert table.guide_items() == ("You can win: Tsumo! The 9 of Dots completes your hand", [])


def test_a_riichi_hand_played_to_an_exhaustive_draw_shows_tenpai_hands_and_noten_payments() -> None:
    hands = [READY, "6699p147s258s369m", "258p369s147m258m3p", "2233445566778p"]  # every 6p and 9p is held: a dead wait
    app, table = riichi_table(hands, "5z", anim_speed="instant")
    until(app, table.can_act)
    table.press("riichi")
    table.discard(index_of(table, "5z"))
    for _ in range(20_000):
        if isinstance(app.top, ScoreScene):
            break
        if table.can_act() and table.auto_action() is None:  # a kan offered after riichi: decline it, throw the draw
            table.discard(len(table.my_tiles()) - 1)
        app.step(1 / 60)
    score = app.top
    assert isinstance(score, ScoreScene) and score.snap.result.end == "exhaustive_draw"
    rows = {seat: (tenpai, waits) for seat, tenpai, waits in draw_rows(score.snap)}
    assert rows[0] == (True, tuple(h("6p9p"))) and not rows[1][0] and not rows[2][0]
    assert draw_payment_text(score.snap).startswith("Noten payments:")
    assert score.snap.result.deltas[0] > 0 and score.snap.sticks == 1  # the riichi stick stays on the table
    app.step(1 / 60)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_a_many_option_chi_prompt_keeps_clear_of_the_table_switches(size: tuple[int, int]) -> None:
    """A chi prompt with five chi options (red five variants) grew over the Auto-pass,
    Auto-win and No-calls switches (play test)."""
    app, table = riichi_table(["23056m111z222z99p", "147p258s369p147s9m", "258p369s147m258m3p", "2233445566778p"], "5z6z7z4m", size=size)
    until(app, table.can_act)
    table.discard(index_of(table, "5z"))
    until(app, lambda: isinstance(app.top, ClaimOverlay))
    overlay = app.top
    assert len(overlay.buttons) >= 5 and table.toggles
    drawn = overlay.panel.inflate(round(8 * table.layout.scale), round(8 * table.layout.scale))
    assert not any(drawn.colliderect(t.rect) for t in table.toggles)
    assert all(overlay.panel.contains(b.rect) for b in overlay.buttons)
