"""Hostile autosave.json: Continue explains and sets the file aside, New game still starts,
and a byte-order mark costs nothing."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mahjong_joy.controller import Controller
from mahjong_joy.errors import RecordError
from mahjong_joy.app.saved import load_autosave
from mahjong_joy.replay.autosave import AUTOSAVE_LIMIT, AutosaveMeta, AutosaveWriter, autosave_exists
from mahjong_joy.storage.paths import autosave_path
from tests.hostile import FIRST, SYNTAX, WRONG_TYPES, endless, numbers_at, oversized, with_bom

pygame = pytest.importorskip("pygame")

from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402

META = AutosaveMeta(0, "Mei", "2026-01-02T03:04:05Z")


@cache
def good_text() -> str:
    """A real autosave of a match with a human seat, 30 decisions in."""
    ctl = Controller(("human", "potential", "potential", "potential"), 7, auto_deal=False)
    while len(ctl.decisions) < 30:
        if ctl.hand.is_finished:
            ctl.next_hand()
        elif ctl.pending is not None:
            ctl.submit(ctl.pending.actions[-1])
        else:
            ctl.step(1)
    return AutosaveWriter(META).text(ctl)


def good() -> dict[str, Any]:
    return json.loads(good_text())


VARIANTS = {**SYNTAX, **numbers_at(("seed",)), **numbers_at(FIRST + ("tile",)),
            **numbers_at(("rules", "table", "starting_points")), **WRONG_TYPES}


def home_app() -> tuple[App, HomeScene]:
    app = App(size=(1024, 640), settings=Settings(ai_pace="instant", anim_speed="instant"))
    home = HomeScene(app)
    app.replace(home)
    app.step(1 / 60)
    return app, home


def set_aside_files() -> list[Path]:
    return sorted(autosave_path().parent.glob("autosave.json.corrupt-*"))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_hostile_autosave_is_set_aside_with_a_message(variant: str) -> None:
    bad = VARIANTS[variant](good())
    autosave_path().write_bytes(bad)
    with pytest.raises(RecordError, match="could not be restored: .*The file was kept as autosave.json.corrupt-") as caught:
        load_autosave()
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 600
    (kept,) = set_aside_files()
    assert kept.read_bytes() == bad and not autosave_exists()


@pytest.mark.parametrize("variant", ["nested 100,000 deep", "5,000-digit number", "decision type as a list", "rules name as a list"])
def test_a_hostile_autosave_is_not_offered_home_explains_and_new_game_still_starts(variant: str) -> None:
    autosave_path().write_bytes(VARIANTS[variant](good()))
    app, home = home_app()  # Home reads the save's description once, through the hardened reader
    assert not home.can_continue and "continue" not in {b.action for b in home.buttons}
    assert app.top is home and app.notice and "could not be restored" in app.notice and set_aside_files()
    home.activate("continue")  # a stale key press for Continue does nothing
    app.step(1 / 60)
    assert app.top is home
    home.activate("new")
    app._apply(home)
    app.step(1 / 60)
    assert isinstance(app.top, TableScene) and app.top.session.ctl is not None


def test_an_endless_autosave_is_refused_at_its_limit() -> None:
    endless(autosave_path())
    with pytest.raises(RecordError, match="larger than the 8 MiB limit"):
        load_autosave()
    (kept,) = set_aside_files()
    assert kept.is_symlink()


def test_an_oversized_autosave_is_refused_without_reading_it() -> None:
    oversized(autosave_path(), AUTOSAVE_LIMIT + 1)
    with pytest.raises(RecordError, match="larger than the 8 MiB limit"):
        load_autosave()
    assert set_aside_files() and not autosave_exists()


def test_an_autosave_with_a_byte_order_mark_continues() -> None:
    autosave_path().write_bytes(with_bom(good()))
    loaded = load_autosave()
    assert loaded is not None and set_aside_files() == []
    ctl, meta = loaded
    assert meta == META and [a.to_dict() for a in ctl.decisions] == good()["matches"][0]["decisions"]
