"""Save a picture of every riichi screen state (issue 12) at 1280x800 and 1024x640.

    SDL_VIDEODRIVER=dummy python scripts/riichi_screenshots.py [OUT_DIR]

The positions are the rigged walls of ``tests/test_ui_riichi.py``: the Riichi button
pressed (ready discards highlighted), the table after the declaration (sideways tile,
stick, counters), automatic tsumogiri, a kuikae-greyed hand, the hint panel's
furiten and tsumo-only marks, the Furiten badge's reason, a riichi tsumo with its
ura-dora, a double ron's two cards, an exhaustive and an abortive draw, the
standings with game points, Home's rules choice and the Rules pages.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("MAHJONG_JOY_HOME", "/tmp/mahjong-joy-shots")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from mahjong_joy.engine.outcome import DrawReason, HandOutcome  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.rulesets.presets import find_preset  # noqa: E402
from mahjong_joy.ui.scenes.claim import ClaimOverlay  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.match_end import MatchEndScene  # noqa: E402
from mahjong_joy.ui.scenes.rules import RulesScene  # noqa: E402
from mahjong_joy.ui.scenes.score import ScoreScene  # noqa: E402
from tests.helpers import h  # noqa: E402
from tests.test_ui_riichi import QUIET, READY, RonOrTsumogiri, Tsumogiri, _draw_snapshot, index_of, riichi_table, until  # noqa: E402

SIZES = ((1280, 800), (1024, 640))


def save(app: App, out: Path, name: str) -> None:
    app.step(1 / 60)
    w, h_ = app.size
    pygame.image.save(app.screen, str(out / f"{name}_{w}x{h_}.png"))


def table_states(out: Path, size: tuple[int, int]) -> None:
    app, table = riichi_table(["111z222z333z99p7p5z", *QUIET], "8p6z7z4z1s2s3s", size=size)
    until(app, table.can_act)
    table.press("riichi")
    table.hover = index_of(table, "5z")
    table._guide_cache.clear()
    save(app, out, "riichi_choose_discard")
    table.discard(index_of(table, "5z"))
    until(app, lambda: table.snap.sticks == 1 and table.can_act())
    save(app, out, "riichi_declared_auto_tsumogiri")
    until(app, lambda: len(table.snap.rivers[0]) >= 3 and not table.anim.busy)
    save(app, out, "riichi_river_sideways")

    app, table = riichi_table(["456m111z222z333z9p", "147p258s369p147s9m", "258p369s147m258m3p", "2233445566778p"], "5z6z7z3m", size=size)
    until(app, table.can_act)
    table.discard(index_of(table, "5z"))
    until(app, lambda: isinstance(app.top, ClaimOverlay))
    save(app, out, "riichi_claim_chi")
    chi = next(b for b in app.top.buttons if app.top.actions[b.action].name == "chi")
    app.top.choose(chi.action)
    until(app, lambda: table.can_act() and not table.anim.busy)
    table.discard(index_of(table, "6m"))
    save(app, out, "riichi_kuikae_greyed")

    app, table = riichi_table([READY, *QUIET], "6p", size=size, ai_pace="relaxed")
    until(app, table.can_act)
    table.hover = index_of(table, "9p")
    table._guide_cache.clear()
    save(app, out, "riichi_hint_furiten_mark")
    table.discard(index_of(table, "9p"))
    until(app, lambda: bool(table.snap.furiten) and not table.anim.busy)
    badge = table.furiten_badge_rect()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=badge.center, rel=(0, 0), buttons=(0, 0, 0)))
    save(app, out, "riichi_furiten_badge")

    app, table = riichi_table(["234m567p345s99s79m", *QUIET], "1z", size=size)
    until(app, table.can_act)
    table.hover = index_of(table, "1z")
    table._guide_cache.clear()
    save(app, out, "riichi_hint_tsumo_only")


def dense_result() -> HandOutcome:
    """A made-up busy ending: a triple ron, the first winner's daisangen paid by pao,
    honba 3 and two riichi sticks, ura-dora for the riichi winner."""
    from mahjong_joy.engine.outcome import WinResult
    from mahjong_joy.rulesets.base import TableState

    big = WinResult(1, 0, False, 33, tuple(h("555666z77z123m55p")) + (33,), (), (("daisangen", 13),), 13, 0, 1, "yakuman",
                    (("ron", 32000),), (), 3, (), (-32900, 32000 + 2900 + 2000, 0, 0))
    riichi = WinResult(2, 0, False, 33, tuple(h("123456789s11p")) + (33, 33), (), (("riichi", 1), ("ippatsu", 1), ("ittsu", 2),
                       ("dora", 2), ("ura_dora", 1), ("aka_dora", 1)), 8, 40, 0, "baiman", (("ron", 16000),),
                       (("base", 20, ""), ("menzen_ron", 10, ""), ("tanki_wait", 2, "")), None, tuple(h("9s")), (-16000, 0, 16000, 0))
    small = WinResult(3, 0, False, 33, tuple(h("234m234p234s55s")) + (33,), (), (("tanyao", 1), ("sanshoku", 2)), 3, 30, 0, "",
                      (("ron", 3900),), (("base", 20, ""), ("menzen_ron", 10, "")), None, (), (-3900, 0, 0, 3900))
    deltas = tuple(sum(w.deltas[i] for w in (big, riichi, small)) for i in range(4))
    return HandOutcome((big, riichi, small), None, deltas, tuple(25000 + d for d in deltas), riichi=(2,),
                      start=TableState("E", 2, 3, 1, (25000,) * 4, 1))


def score_states(out: Path, size: tuple[int, int]) -> None:
    app, table = riichi_table(["111z222z333z99p7p5z", *QUIET], "8p6z7z4z1s2s3s9s9p", size=size)
    until(app, table.can_act)
    table.press("riichi")
    table.discard(index_of(table, "5z"))
    until(app, lambda: table.can_act() and table.snap.drawn == h("9p")[0], frames=3000)
    save(app, out, "riichi_tsumo_waits")
    table.press("tsumo:")
    until(app, lambda: isinstance(app.top, ScoreScene), frames=3000)
    save(app, out, "score_riichi_tsumo_ura")

    app, table = riichi_table([READY, "6699p147s258s369m", "258p369s147m258m3p", "2233445566778p"], "5z", size=size, anim_speed="instant")
    until(app, table.can_act)
    table.press("riichi")
    table.discard(index_of(table, "5z"))
    for _ in range(20_000):  # riichi on a dead wait, played out to the end of the wall
        if isinstance(app.top, ScoreScene):
            break
        if table.can_act() and table.auto_action() is None:
            table.discard(len(table.my_tiles()) - 1)
        app.step(1 / 60)
    save(app, out, "score_exhaustive_draw_played")

    hands = ["111z222z333z444z7z", "123s456s78s99m555z", "1133557799m77p9s", "2233445566778p"]
    app, table = riichi_table(hands, "9s", deciders=(RonOrTsumogiri(), RonOrTsumogiri(), Tsumogiri()), size=size)
    until(app, table.can_act)
    table.discard(len(table.my_tiles()) - 1)
    until(app, lambda: isinstance(app.top, ScoreScene))
    save(app, out, "score_double_ron_card1")
    app.top.proceed()
    save(app, out, "score_double_ron_card2")

    app = App(size=size, settings=Settings())
    app.replace(ScoreScene(app, _draw_snapshot(dense_result(), phase="finished", dora_indicators=tuple(h("3m7z4p")))))
    save(app, out, "score_triple_ron_pao_dense")
    result = HandOutcome((), DrawReason.EXHAUSTIVE, (1500, 1500, -1500, -1500), (26500, 26500, 23500, 23500),
                        ((0, tuple(h("1s4s"))), (1, tuple(h("7p")))))
    app.replace(ScoreScene(app, _draw_snapshot(result)))
    save(app, out, "score_exhaustive_draw")
    nagashi = HandOutcome((), DrawReason.EXHAUSTIVE, (12000, -4000, -4000, -4000), (37000, 21000, 21000, 21000),
                         (), nagashi=(0,))
    app.replace(ScoreScene(app, _draw_snapshot(nagashi)))
    save(app, out, "score_nagashi_mangan")
    abort = HandOutcome((), DrawReason.NINE_TERMINALS, (0, 0, 0, 0), (25000,) * 4)
    app.replace(ScoreScene(app, _draw_snapshot(abort, abort_seat=1, revealed={1: tuple(h("19m19p19s1234567z"))})))
    save(app, out, "score_abortive_nine_terminals")
    standings = ((2, 42100, 1), (0, 27600, 2), (1, 18300, 3), (3, 12000, 4))
    for preset, games in (("tenhou", (52.0, 8.0, -22.0, -38.0)), ("mahjong_soul", (32.1, 7.6, -11.7, -28.0))):
        snap = _draw_snapshot(None, rules=find_preset(preset), match_over=True, standings=standings, game_points=games, round_wind=28, hand_number=4,
                              best_hand="Sora: 7 han 30 fu · haneman",
                              history=((25000,) * 4, (26000, 24000, 30000, 20000), (27600, 18300, 42100, 12000)))
        app.replace(MatchEndScene(app, snap))
        save(app, out, f"standings_{preset}")
    app.settings.ruleset = "mahjong_soul"
    app.replace(HomeScene(app))
    save(app, out, "home_riichi_choice")
    for preset in ("mahjong_soul", "tenhou"):
        app.replace(RulesScene(app, preset))
        save(app, out, f"rules_{preset}")


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots/riichi")
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        table_states(out, size)
        score_states(out, size)
    print(f"saved to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
