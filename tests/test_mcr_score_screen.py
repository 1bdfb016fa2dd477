"""The score screen of a Chinese Official win (issue 25 §2): every fan with its count and
value, the flowers, the total with the flowers apart, who paid 8 + x (RULES.md B2
"Payments"), and the fan the counting principles leave out, each with its principle
(RULES.md B5, B6); a draw card where nobody pays; the standings' table points."""

from __future__ import annotations

import pytest

from mahjong_joy.engine.outcome import DrawReason, HandOutcome, WinResult
from mahjong_joy.notation import parse_tiles
from mahjong_joy.rulesets.mcr import McrSituation, score_mcr
from mahjong_joy.rulesets.presets import PRESETS
from mahjong_joy.ui.scenes.score import (
    draw_payment_text,
    excluded_lines,
    fan_lines,
    fan_subtitles,
    fan_total_line,
    headline,
    is_mcr_win,
    mcr_payment_text,
)
from mahjong_joy.ui.session import TableSnapshot

MCR = PRESETS["mcr"]
NAMES = ("You", "Momo", "Sora", "Kiri")


def mcr_win(situation: dict, seat: int = 0, from_seat: int = 1, flowers: tuple[int, ...] = ()) -> tuple[WinResult, HandOutcome]:
    """A win as the engine settles it: scored by the MCR scorer, paid 8 + x (RULES.md B2)."""
    situation = {**situation, "flowers": len(flowers)}
    score = score_mcr(McrSituation.from_dict(situation))
    x = score.total
    tsumo = situation.get("tsumo", False)
    deltas = [0, 0, 0, 0]
    for other in range(4):
        if other != seat:
            pays = 8 + x if tsumo or other == from_seat else 8
            deltas[other] -= pays
            deltas[seat] += pays
    win_tile = parse_tiles(situation["win_tile"])[0]
    win = WinResult(seat, seat if tsumo else from_seat, tsumo, win_tile, tuple(parse_tiles(situation["hand"])), (),
                    tuple((f, p * c) for f, p, c in score.fan), x, 0, 0, "", (), (), None, (), tuple(deltas),
                    fan=score.fan, fan_total=score.fan_total, flowers=len(flowers), situation=situation)
    per_seat = tuple(flowers if s == seat else () for s in range(4))
    return win, HandOutcome((win,), None, tuple(deltas), tuple(deltas), flowers=per_seat)


def snapshot(result: HandOutcome, match_over: bool = False) -> TableSnapshot:
    return TableSnapshot(me=0, names=NAMES, points=result.points, round_wind=27, hand_number=1, honba=0, dealer=0, turn=0,
                         phase="finished", hand=(), drawn=None, hand_sizes=(13,) * 4, melds=((),) * 4, rivers=((),) * 4,
                         wall_count=0, dora_indicators=(), own_actions=(), claim=None, visible34=(0,) * 34, result=result,
                         rules=MCR, match_over=match_over)


BIG_THREE_DRAGONS = {"hand": "555666777z111m99p", "win_tile": "9p", "seat_wind": "S", "round_wind": "E"}


def test_a_win_lists_every_fan_with_its_count_value_and_chinese_name_and_the_flowers_last() -> None:
    win, result = mcr_win(BIG_THREE_DRAGONS, flowers=(37, 42))
    assert is_mcr_win(win)
    lines = fan_lines(win)
    assert lines[0] == "Big Three Dragons  88 fan" and lines[-1] == "Flower Tiles ×2  2 fan"
    assert len(lines) == len(win.fan) and fan_subtitles(win)[0] == "大三元"
    assert sum(int(line.rsplit("  ", 1)[1].split()[0]) for line in lines) == win.fan_total + 2
    assert fan_total_line(win) == f"Total {win.fan_total + 2} fan: {win.fan_total} + 2 flowers"
    assert headline(snapshot(result), win) == "You win on Momo's discard"


def test_the_fan_not_counted_are_listed_with_their_principle() -> None:
    win, _ = mcr_win(BIG_THREE_DRAGONS)
    left_out = excluded_lines(win)
    counted = {name for name, _, _ in win.fan}
    assert "pung_of_terminals_or_honors" not in counted and "dragon_pung" not in counted
    assert any(line.startswith("Pung of Terminals or Honors (3 times): not counted, Big Three Dragons includes them")
               for line in left_out)
    assert all(line.endswith("(non-repeat)") for line in left_out)
    plain, _ = mcr_win({"hand": "123m456p789s234m55s", "win_tile": "5s"})
    assert "No Honors" in " ".join(excluded_lines(plain))  # All Chows includes it (RULES.md B6 row 63)


def test_payments_say_who_paid_eight_plus_the_total() -> None:
    win, result = mcr_win(BIG_THREE_DRAGONS, flowers=(37,))
    x = win.fan_total + 1
    text = mcr_payment_text(snapshot(result), win)
    assert text == f"Paid: Momo {8 + x} (8 + {x}) · Sora 8 · Kiri 8  →  You +{8 + x + 16}"
    drawn, result = mcr_win({**BIG_THREE_DRAGONS, "tsumo": True}, seat=2)
    y = drawn.fan_total
    assert mcr_payment_text(snapshot(result), drawn).count(f"{8 + y} (8 + {y})") == 3
    assert sum(result.deltas) == 0


def test_a_draw_pays_nothing_and_the_deal_passes() -> None:
    draw = HandOutcome((), DrawReason.EXHAUSTIVE, (0,) * 4, (10, -10, 0, 0))
    assert draw_payment_text(snapshot(draw)) == "Nobody pays on a draw, and the deal passes to the next player."
    assert "last of the 16 hands" in draw_payment_text(snapshot(draw, match_over=True))


pygame = pytest.importorskip("pygame")

from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.match_end import MatchEndScene, table_points_text  # noqa: E402
from mahjong_joy.ui.scenes.score import ScoreScene  # noqa: E402


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_the_win_card_draws_inside_the_window_with_its_flowers(size: tuple[int, int]) -> None:
    win, result = mcr_win(BIG_THREE_DRAGONS, flowers=(37, 42))
    app = App(size=size, settings=Settings())
    score = ScoreScene(app, snapshot(result))
    app.replace(score)
    app.step(1 / 60)
    assert score.winner_flowers() == (37, 42) and score.indicator_rows()[0][1] == (37, 42)
    assert app.screen.get_rect().contains(score.indicator_rect(score._card, score._card.y, score.scale))


def test_the_standings_name_the_table_points() -> None:
    assert table_points_text(MCR.table).startswith("Table points by place: 4, 2, 1 and 0")
    win, result = mcr_win(BIG_THREE_DRAGONS)
    snap = snapshot(result, match_over=True)
    from dataclasses import replace

    snap = replace(snap, standings=((0, 100, 1), (2, 0, 2), (3, -8, 3), (1, -92, 4)), game_points=(4.0, 2.0, 1.0, 0.0))
    app = App(size=(960, 600), settings=Settings())
    app.replace(MatchEndScene(app, snap))
    app.step(1 / 60)
