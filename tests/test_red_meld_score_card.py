"""The red-meld bug of issue 24: a winner's chi that used a red five showed red on the
table but as a plain five on the score card (the score counted it), because the win's
result carried kinds and the score screen could only rebuild reds of the concealed hand.

Seed 5 under Tenhou rules with four Hard seats: in the third hand seat 0 wins with
the chi of red 5m, 6m, 7m (codes ``(34, 5, 6)``) on the table."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.controller import Controller  # noqa: E402
from mahjong_joy.rulesets.joy import ruleset_for  # noqa: E402
from mahjong_joy.rulesets.presets import find_preset  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.tiles import RED_CODES  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.controller_session import ControllerSession  # noqa: E402
from mahjong_joy.ui.scenes.score import ScoreScene  # noqa: E402
from mahjong_joy.ui.tiles_art import BACK  # noqa: E402


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MAHJONG_JOY_HOME", str(tmp_path))


def _third_hand_finished() -> Controller:
    ctl = Controller(seats=("hard",) * 4, seed=5, ruleset=ruleset_for(find_preset("tenhou")), auto_deal=False)
    for _ in range(2):
        ctl.step()
        ctl.next_hand()
    ctl.step()
    assert ctl.hand.is_finished
    return ctl


def test_the_score_card_draws_a_called_red_five_as_the_table_shows_it() -> None:
    ctl = _third_hand_finished()
    session = ControllerSession.for_controller(ctl)
    snap = session.snapshot()
    winner = 0
    on_table = [m.tiles for m in snap.melds[winner]]
    assert any(code in RED_CODES for tiles in on_table for code in tiles)  # the chi with the red 5m
    app = App(size=(1280, 800), settings=Settings())
    score = ScoreScene(app, snap)
    app.replace(score)
    app.step(1 / 60)
    _, groups, _ = score.hand_places(100, 120, score.scale)
    drawn = [sorted(tile for _, tile, _ in group if tile != BACK) for group in groups]
    assert drawn == [sorted(tiles) for tiles in on_table]
