"""Choice and pacing (issue 15 §5, issue 12 §1, issue 13 §3), driven by posted events:
Home's New game panel (rules, length for Joy too, opponents for all or per seat) kept in
Settings and recorded; Settings as visible pills with the focus following the mouse;
Esc at a claim opens the menu; Enter on the standings starts a new match; every button
shows its key; the seed in the menu and on the standings with "Play this deal again";
Continue says what it resumes. Each test has its own data folder (conftest)."""

from __future__ import annotations

import json
import time

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.engine.actions import Pass, Pon  # noqa: E402
from mahjong_joy.app.saved import abandon_autosave  # noqa: E402
from mahjong_joy.storage.paths import autosave_path, records_dir  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.controller_session import ControllerSession  # noqa: E402
from mahjong_joy.ui.game_choice import GameChoice, match_text, ruleset_label  # noqa: E402
from mahjong_joy.ui.scenes.claim import ClaimOverlay  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.match_end import MatchEndScene  # noqa: E402
from mahjong_joy.ui.scenes.menu import MenuOverlay  # noqa: E402
from mahjong_joy.ui.scenes.settings import SettingsScene  # noqa: E402
from mahjong_joy.ui.scenes.stats import StatsScene  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402
from mahjong_joy.ui.widgets import Button, ChoiceRow  # noqa: E402
from tests.test_ui_kans_flip import KAN_DRAWS, KAN_HANDS, click, rigged_table, until  # noqa: E402

FRAME = 1 / 60


def step(app: App, frames: int = 2) -> None:
    for _ in range(frames):
        app.step(FRAME)


def key(app: App, code: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, unicode=text, mod=0))
    step(app)


def hover(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app, 1)


def pick(app: App, row: ChoiceRow, value: object) -> None:
    """Click the pill of ``value`` in ``row``."""
    click(row.pills[[v for v, _ in row.options].index(value)].center)
    step(app)


def home_row(home: HomeScene, name: str) -> ChoiceRow:
    return next(r for r in home.rows if r.key == name)


def home_app(settings: Settings | None = None, size: tuple[int, int] = (1280, 800)) -> tuple[App, HomeScene]:
    app = App(size=size, settings=settings or Settings(ai_pace="relaxed", anim_speed="instant"))
    home = HomeScene(app)
    app.replace(home)
    step(app, 1)
    return app, home


def finish(session: ControllerSession) -> ControllerSession:
    """Play an all-AI session to its end."""
    while not session.ctl.is_over:
        if session.ctl.hand.is_finished:
            session.next_hand()
        else:
            session.step()
    return session


# -- New game: rules, length, opponents ----------------------------------------------------
def test_new_game_takes_rules_length_and_per_seat_levels_keeps_them_and_records_them() -> None:
    app, home = home_app()
    pick(app, home_row(home, "ruleset"), "tenhou")
    pick(app, home_row(home, "length"), "east")
    pick(app, home_row(home, "opponents"), "per_seat")
    assert [r.key for r in home.rows][-3:] == ["seat0", "seat1", "seat2"]  # the per-seat rows open
    pick(app, home_row(home, "seat0"), "easy")
    pick(app, home_row(home, "seat1"), "hard")
    assert app.settings.ruleset == "tenhou" and app.settings.length == "east" and app.settings.opponents == ("easy", "hard", "normal")
    assert app.settings.joy_length == "east"  # Joy keeps its own length
    click(next(b for b in home.buttons if b.action == "new").rect.center)
    step(app)
    table = app.top
    assert isinstance(table, TableScene)
    ctl = table.session.ctl
    assert ctl.match.rules.name == "tenhou" and ctl.match.rules.table.length == "east"
    assert ctl.seat_kinds == ("human", "easy", "hard", "normal")
    until(app, lambda: table.can_act() or len(ctl.decisions) > 0)
    if not ctl.decisions:
        key(app, pygame.K_RETURN)  # the dealer's first discard: the match is saved after each decision
    saved = json.loads(autosave_path().read_text(encoding="utf-8"))  # the autosave is a record: it names the seats' AI
    assert saved["seats"] == ["human", "easy", "hard", "normal"] and saved["rules"]["table"]["length"] == "east"
    assert abandon_autosave() is None  # and so does the record the match is archived to
    (record,) = records_dir().glob("*.json")
    assert json.loads(record.read_text(encoding="utf-8"))["seats"] == ["human", "easy", "hard", "normal"]


def test_one_level_for_all_three_closes_the_per_seat_rows() -> None:
    app, home = home_app(Settings(opponents=("easy", "hard", "normal")))
    assert home.per_seat and len(home.rows) == 6  # mixed levels open on the per-seat rows
    pick(app, home_row(home, "opponents"), "hard")
    assert app.settings.opponents == ("hard",) * 3 and not home.per_seat and len(home.rows) == 3
    assert home_row(home, "opponents").value == "hard"


def test_joy_east_south_is_chosen_on_home_and_plays_on_through_the_south_round() -> None:
    app, home = home_app()
    assert home_row(home, "length").value == "east"  # Joy still starts as one East round
    pick(app, home_row(home, "length"), "east_south")
    assert app.settings.joy_length == "east_south" and app.settings.length == "east_south"
    key(app, pygame.K_n)
    table = app.top
    assert isinstance(table, TableScene) and table.session.ctl.match.rules.table.length == "east_south"
    session = finish(ControllerSession(seed=4, ruleset="joy", length="east_south", human=False, autosave=False))
    started = [(e.round_wind, e.hand_number) for e in session.ctl.events if e.name == "hand_started"]
    east_only = finish(ControllerSession(seed=4, ruleset="joy", human=False, autosave=False))
    assert len(started) >= 8 and started[-1] == ("S", 4)  # seed 4: nobody busts, South 4 is the last hand
    assert {e.round_wind for e in east_only.ctl.events if e.name == "hand_started"} == {"E"}


# -- Settings: visible values, focus follows the mouse --------------------------------------
def test_settings_show_every_value_and_a_click_picks_one() -> None:
    app, _ = home_app(Settings(ai_pace="normal", anim_speed="instant"))
    settings = SettingsScene(app)
    app.push(settings)
    step(app, 1)
    pace = settings.row("ai_pace")
    assert [v for v, _ in pace.options] == ["instant", "fast", "normal", "relaxed"]  # speed order
    assert pace.value == "normal"
    pick(app, pace, "relaxed")
    assert app.settings.ai_pace == "relaxed" and settings.row("ai_pace").value == "relaxed"
    pick(app, settings.row("show_ai_thinking"), True)
    assert app.settings.show_ai_thinking is True
    pick(app, settings.row("seat2"), "hard")
    assert app.settings.opponents == ("normal", "normal", "hard") and settings.row("opponents").index is None
    pick(app, settings.row("opponents"), "easy")
    assert app.settings.opponents == ("easy",) * 3
    pick(app, settings.row("volume"), 0.0)
    assert app.settings.volume == 0.0


def test_in_settings_the_focus_follows_the_mouse_and_left_right_step_the_focused_row() -> None:
    app, _ = home_app(Settings(ai_pace="fast", anim_speed="instant"))
    settings = SettingsScene(app)
    app.push(settings)
    step(app, 1)
    row = settings.row("anim_speed")
    hover(app, row.rect.midleft)  # over the row's label, not a pill
    assert settings.row("anim_speed").focused and not settings.row("ai_pace").focused
    key(app, pygame.K_RIGHT)
    assert app.settings.anim_speed == "fast"  # instant -> fast, the next in speed order
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    assert app.settings.anim_speed == "instant"  # clamped at the first value
    assert app.settings.ai_pace == "fast"  # the row that lost the focus did not change
    hover(app, settings.back.rect.center)
    assert settings.back.focused and not settings.row("anim_speed").focused
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, HomeScene)


def test_home_opens_with_start_focused_so_enter_starts_a_game() -> None:
    app, home = home_app()
    assert next(b for b in home.buttons if b.action == "new").focused
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, TableScene)


def test_on_home_the_focus_follows_the_mouse_and_enter_presses_the_focused_button() -> None:
    app, home = home_app()
    stats = next(b for b in home.buttons if b.action == "stats")
    hover(app, stats.rect.center)
    assert stats.focused and sum(b.focused for b in home.buttons) == 1
    key(app, pygame.K_RETURN)
    assert isinstance(app.top, StatsScene)


# -- keys keep their promise ------------------------------------------------------------------
def test_esc_at_a_claim_prompt_opens_the_menu_and_resume_returns_to_the_prompt() -> None:
    app, table = rigged_table(KAN_HANDS, KAN_DRAWS, "2z")
    until(app, table.can_act)
    click(table.hand_slot(len(table.my_tiles()) - 1).center)  # throw 3z; seat 1 then throws 5p
    until(app, lambda: isinstance(app.top, ClaimOverlay))
    overlay = app.top
    decisions = len(table.session.ctl.decisions)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuOverlay) and overlay in app.stack
    assert table.snap.claim is not None and len(table.session.ctl.decisions) == decisions  # nothing was passed
    key(app, pygame.K_ESCAPE)  # Resume
    assert app.top is overlay
    pon = next(b for b in overlay.buttons if isinstance(overlay.actions[b.action], Pon))
    passing = next(b for b in overlay.buttons if isinstance(overlay.actions[b.action], Pass))
    assert pon.cap_text() == "P" and passing.cap_text() == "Space"  # each option shows its key


def every_button_shows_its_key(buttons: list[Button]) -> None:
    for b in buttons:
        if b.enabled:
            assert b.cap_text() or b.hint, f"{b.label!r} shows no key"


def test_every_button_on_home_settings_the_menu_and_the_standings_shows_its_key() -> None:
    app, home = home_app()
    every_button_shows_its_key(home.buttons)
    settings = SettingsScene(app)
    app.push(settings)
    step(app, 1)
    every_button_shows_its_key(settings.buttons)
    assert settings.back.cap_text() == "Esc"
    table = TableScene(app)
    app.replace(HomeScene(app))
    app.push(table, {"seed": 3})
    menu = MenuOverlay(app)
    app.push(menu)
    step(app, 1)
    every_button_shows_its_key(menu.buttons)
    end = MatchEndScene(app, table.snap)
    app.push(end)
    step(app, 1)
    every_button_shows_its_key(end.buttons)
    assert [b.cap_text() for b in end.buttons] == ["Enter", "A", "Esc"]


def test_a_key_cap_is_drawn_on_the_button() -> None:
    surface = pygame.Surface((300, 60))
    surface.fill((0, 0, 0))
    plain = Button("Stats", "stats", pygame.Rect(0, 0, 300, 60))
    plain.draw(surface)
    without = pygame.image.tobytes(surface, "RGB")
    surface.fill((0, 0, 0))
    Button("Stats", "stats", pygame.Rect(0, 0, 300, 60), pygame.K_t).draw(surface)
    right_end = pygame.Rect(240, 10, 50, 40)
    with_cap = surface.subsurface(right_end).copy()
    surface.fill((0, 0, 0))
    plain.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") == without  # drawing is repeatable
    assert pygame.image.tobytes(with_cap, "RGB") != pygame.image.tobytes(surface.subsurface(right_end).copy(), "RGB")


# -- the seed, the standings, play the deal again -------------------------------------------------
def standings_over(app: App, choice: GameChoice) -> MatchEndScene:
    """A finished match's standings, reached the way the score screen reaches them (the table below)."""
    session = finish(ControllerSession(seed=choice.seed, ruleset=choice.ruleset, length=choice.length,
                                       ai=choice.opponents, max_hands=2, human=False, autosave=False))
    app.replace(HomeScene(app))
    app.push(TableScene(app, session), {})
    end = MatchEndScene(app, session.snapshot())
    app.replace(end)
    step(app, 1)
    return end


def test_the_menu_names_the_seed_of_the_deal() -> None:
    app, _ = home_app()
    table = TableScene(app)
    app.push(table, {"seed": 2026, "ruleset": "mahjong_soul", "length": "east"})
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, MenuOverlay) and menu.choice == table.session.choice()
    assert menu.choice.seed == 2026 and menu.choice.ruleset == "mahjong_soul" and menu.choice.length == "east"


def test_play_this_deal_again_deals_the_same_hand_with_the_same_table() -> None:
    app, _ = home_app(Settings(ai_pace="instant", anim_speed="instant"))
    choice = GameChoice("mahjong_soul", "east", ("hard", "easy", "normal"), 77)
    end = standings_over(app, choice)
    assert end.choice == choice
    first = ControllerSession(seed=77, ruleset="mahjong_soul", length="east", ai=choice.opponents, autosave=False).snapshot().hand
    key(app, pygame.K_a)
    table = app.top
    assert isinstance(table, TableScene) and table.session.choice() == choice
    assert table.snap.hand == first and table.session.ctl.seat_kinds == ("human", "hard", "easy", "normal")


def test_enter_on_the_standings_starts_a_new_match_on_the_same_table() -> None:
    app, _ = home_app(Settings(ai_pace="instant", anim_speed="instant"))
    choice = GameChoice("tenhou", "east", ("easy", "easy", "hard"), 78)
    standings_over(app, choice)
    key(app, pygame.K_RETURN)
    table = app.top
    assert isinstance(table, TableScene)
    again = table.session.choice()
    assert (again.ruleset, again.length, again.opponents) == ("tenhou", "east", ("easy", "easy", "hard"))
    assert [type(s).__name__ for s in app.stack] == ["HomeScene", "TableScene"]  # leaving it lands on Home


# -- Continue says what it resumes --------------------------------------------------------------
def test_continue_says_which_match_hand_and_date_it_resumes(monkeypatch: pytest.MonkeyPatch) -> None:
    from mahjong_joy.replay import autosave

    session = ControllerSession(seed=11, ruleset="tenhou", ai="easy")
    while session.ctl.match.hands_played < 1:
        if session.needs_human():
            session.submit(session.ctl.pending.actions[0])
        else:
            session.step()
    session.next_hand()
    while session.needs_human() or len(session.ctl.decisions) == 0:
        session.submit(session.ctl.pending.actions[0])
    table = session.ctl.match.table
    reads: list[int] = []
    real = autosave.autosave_preview
    monkeypatch.setattr(autosave, "autosave_preview", lambda: reads.append(1) or real())
    app, home = home_app()
    step(app, 10)
    assert len(reads) == 1  # read once on entering Home, not every frame
    button = next(b for b in home.buttons if b.action == "continue")
    wind = {"E": "East", "S": "South"}[table.round_wind]
    saved = time.localtime(autosave_path().stat().st_mtime)
    assert button.hint.startswith(f"Riichi (Tenhou), {wind} {table.hand_number}, ") and time.strftime("%b", saved) in button.hint
    assert (table.round_wind, table.hand_number) != ("E", 1)  # the first hand is over: the words follow the save


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_home_and_settings_keep_every_control_inside_the_window_and_apart(size: tuple[int, int]) -> None:
    app, home = home_app(Settings(opponents=("easy", "normal", "hard")), size=size)
    ControllerSession(seed=5).step()  # an autosave: Continue shows too
    home.enter()
    settings = SettingsScene(app)
    app.push(settings)
    for scene in (home, settings):
        scene.resize(app.size)
        rects = list(scene.layout_rects().items())
        assert len(rects) >= 9
        for i, (a, ra) in enumerate(rects):
            assert app.screen.get_rect().contains(ra), f"{a} leaves the window at {size}"
            for b, rb in rects[i + 1 :]:
                assert not ra.colliderect(rb), f"{a} overlaps {b} at {size}"


def test_a_ruleset_is_worded_alike_as_a_name_a_pill_and_a_title() -> None:
    assert [ruleset_label("tenhou", style) for style in ("name", "pill", "title")] == [
        "Riichi (Tenhou)", "Riichi · Tenhou", "Riichi: Tenhou"]
    assert ruleset_label("joy", "pill") == "Joy"
    assert ruleset_label("someday", "title") == "someday"  # an unknown ruleset as it is spelled
    assert match_text("mahjong_soul", "east_south") == "Riichi (Mahjong Soul), East-South"
