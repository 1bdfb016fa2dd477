"""Joy scores no dora, so nothing shows or names one: the table (no indicator, no flip
after a kan), the turn-by-turn log and the mjai export. Riichi, which scores them,
keeps them all. The decision is the Rules field behind ``Rules.scores_dora``."""

from __future__ import annotations

import pytest

from mahjong_joy.cli import main
from mahjong_joy.controller import Controller
from mahjong_joy.rulesets.presets import JOY, MAHJONG_SOUL, TENHOU
from mahjong_joy.rulesets.joy import ruleset_for


def test_scores_dora_is_the_scoring_rules_dora_field() -> None:
    assert not JOY.scores_dora and MAHJONG_SOUL.scores_dora and TENHOU.scores_dora
    assert JOY.scores_dora == JOY.scoring.dora


@pytest.mark.parametrize("preset, shown", [("joy", 0), ("mahjong_soul", 1), ("tenhou", 1)])
def test_the_table_snapshot_carries_indicators_only_where_dora_score(preset: str, shown: int) -> None:
    ctl = Controller(seed=4, ruleset=ruleset_for(preset))
    ctl.step()
    assert len(ctl.match.hand.wall.dora_indicators) == 1  # the engine still sets the dead wall aside
    assert len(ctl.snapshot().dora_indicators) == shown


@pytest.mark.parametrize("preset, dora_lines", [("joy", False), ("tenhou", True)])
def test_the_log_names_dora_only_where_they_score(preset: str, dora_lines: bool, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--seed", "9", "--hands", "3", "--log", "--rules", preset]) == 0
    lines = capsys.readouterr().out.splitlines()
    dealt = [line for line in lines if line.startswith("dealt;")]
    assert len(dealt) == 3
    assert any("dora" in line for line in lines) == dora_lines
    assert all(("dora indicator" in line) == dora_lines for line in dealt)


def test_replay_text_of_a_joy_record_has_no_dora_line(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.json"
    assert main(["simulate", "--seed", "9", "--hands", "12", "--log", "--record", str(record)]) == 0
    logged = capsys.readouterr().out.splitlines()  # the log, then the summary
    assert main(["replay", str(record), "--text"]) == 0
    replayed = capsys.readouterr().out.splitlines()
    assert not any("dora" in line for line in replayed)
    assert replayed == logged[: len(replayed)]


pygame = pytest.importorskip("pygame")

from mahjong_joy.engine import HandState  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.controller_session import ControllerSession  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from tests.invariants import rigged_wall  # noqa: E402
from tests.test_ui_kans_flip import KAN_DRAWS, KAN_HANDS, Tsumogiri, click, until  # noqa: E402


def kan_table(preset: str) -> tuple[App, TableScene]:
    """The player (seat 0) holds four 1m on a rigged wall under ``preset``; the others throw what they draw."""
    session = ControllerSession(seed=1, max_hands=1, ruleset=preset)
    ctl = session.ctl
    ctl.match.hand = HandState(rigged_wall(KAN_HANDS, KAN_DRAWS, "2z"), 0, ctl.match.ruleset)
    ctl.deciders = [None, Tsumogiri(), Tsumogiri(), Tsumogiri()]
    app = App(size=(1280, 800), settings=Settings(ai_pace="instant", anim_speed="normal"))
    app.replace(HomeScene(app))
    table = TableScene(app, session)
    app.push(table, {})
    return app, table


@pytest.mark.parametrize("preset, flips", [("joy", False), ("mahjong_soul", True)])
def test_a_kan_flips_a_dora_indicator_only_where_dora_score(preset: str, flips: bool, tmp_path) -> None:
    app, table = kan_table(preset)
    until(app, lambda: table.can_act())
    assert ("dora" in table.center_texts()) is False  # Joy: no "dora indicator" caption either
    assert bool(table.snap.dora_indicators) == flips
    kan = next(b for b in table.buttons if b.action.startswith("closed_kan:"))
    click(kan.rect.center)
    until(app, lambda: bool(table.snap.melds[0]))
    app.step(1 / 60)
    assert (table.dora_flip is not None) == flips
    assert len(table.snap.dora_indicators) == (2 if flips else 0)
    assert table.dora_places() == [] if not flips else len(table.dora_places()) == 2
    pygame.image.save(app.screen, str(tmp_path / f"kan_{preset}.png"))


@pytest.mark.parametrize("preset, counted", [("joy", False), ("tenhou", True)])
def test_the_guide_counts_an_indicator_as_seen_only_where_the_table_shows_it(preset: str, counted: bool) -> None:
    session = ControllerSession(seed=4, max_hands=1, ruleset=preset)
    session.ctl.step()
    view = session.ctl.view(session.me)
    indicator = view.dora_indicators[0]
    snap = session.snapshot()
    assert snap.visible34[indicator] == view.visible_counts34()[indicator] - (0 if counted else 1)
    assert sum(snap.visible34) == sum(view.visible_counts34()) - (0 if counted else 1)
