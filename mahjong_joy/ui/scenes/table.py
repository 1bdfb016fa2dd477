"""The table: four seats drawn rotated, rivers, melds, the centre panel, the guide.

The scene reads a :class:`TableSnapshot`, animates the controller's events, paces
the AI seats by dt, and submits the player's choices. It coordinates; the parts
live in ``ui/table/``: where things lie (:mod:`~mahjong_joy.ui.table.geometry`),
pointer and keys (:mod:`~mahjong_joy.ui.table.input`), motion
(:mod:`~mahjong_joy.ui.table.animation`), painting (:mod:`~mahjong_joy.ui.table.painting`)
and the guide's hooks (:mod:`~mahjong_joy.ui.table.guide_hooks`). How a meld lies is
:mod:`mahjong_joy.ui.melds`, shared with the score card. Static parts are drawn into
a cached layer rebuilt only when the snapshot (or a flight) changes, so a frame is
about one full-screen blit plus the moving tiles.
"""

from __future__ import annotations

from typing import Any

import pygame

from mahjong_joy.errors import MahjongJoyError
from mahjong_joy.rulesets.presets import DEFAULT_PRESET
from mahjong_joy.ui.anim import Animator, Reveal, Tween
from mahjong_joy.ui.callouts import Callouts
from mahjong_joy.ui.game_choice import length_for
from mahjong_joy.ui.guide import GuideView
from mahjong_joy.ui.layout import TableLayout, reached_zoom, table_layout
from mahjong_joy.ui.navigation import scene_maker
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.session import TableSnapshot
from mahjong_joy.ui.table.animation import TableAnimation
from mahjong_joy.ui.table.geometry import TableGeometry
from mahjong_joy.ui.table.guide_hooks import TableGuide
from mahjong_joy.ui.table.input import TableInput, auto_pass_action
from mahjong_joy.ui.table.painting import TablePainting
from mahjong_joy.ui.thinking import ThinkingBubbles
from mahjong_joy.ui.widgets import Button


class TableScene(TableInput, TableAnimation, TablePainting, TableGuide, TableGeometry, Scene):
    """One match at the table; pushes the score screen after each hand.

    Holds the state its parts share (the snapshot, the layout, the animator, the
    selection) and runs the flow: read a snapshot, prompt a claim, pace the AI
    seats, show the result.
    """

    def __init__(self, app: Any, session: Any = None) -> None:
        super().__init__(app)
        self.session = session
        self.snap: TableSnapshot | None = None
        self.layout: TableLayout = table_layout(app.size, app.settings.ui_scale)
        self.anim = Animator()
        self.ai_timer = 0.0
        self.result_timer = 0.0
        self.selected = 0
        self.hover: int | None = None  # index into my tiles
        self.buttons: list[Button] = []
        self.message = ""
        self.message_timer = 0.0
        self._layer: pygame.Surface | None = None
        self._layer_key: object = None
        self._guide_cache: dict[object, object] = {}
        self.guide = GuideView()  # the hint panel, the best-discard star, the win callout
        self.flip = Reveal()  # the winning hand turning face up (done at once when idle)
        self.flipping: frozenset[int] = frozenset()  # seats whose concealed tiles are turning
        self._squeezed: dict[tuple[object, ...], pygame.Surface] = {}
        self.hidden: set[object] = set()
        self._claim_shown = -1
        self._score_shown = -1
        self.riichi_mode = False  # the Riichi button was pressed: the next discard declares
        self.auto_timer = 0.0  # counts toward the automatic discard after riichi
        self.badge_hover = False
        self._note_shown = ""
        self.toggles: list[Button] = []
        self.button_focus: str | None = None  # Tab's focus on a button or switch (None: my hand's selected tile)
        self.dora_flip: Tween | None = None  # the newest kan dora indicator turning over
        self.callouts = Callouts()  # "Pon!", "Ron!" banners by the caller (overlays; never blocks play)
        self.thinking = ThinkingBubbles()  # "Show AI thinking": each opponent's last reason
        self._origin: pygame.Rect | None = None  # where my submitted discard starts its flight

    def enter(self, context: Any = None) -> None:
        dealt = self.snap is None  # the table opens (a new match's first deal is still to show) or deals the next hand
        if isinstance(context, dict) and self.session is None:
            self.session = self._new_session(context)
        if isinstance(context, dict) and context.get("next_hand"):
            dealt = self._call(self.session.next_hand)
        self.refresh()
        if dealt and self.session is not None:
            self.show_deal(self.session.drain_events())
        self._note_thinking()  # a resumed hand shows its thoughts again (Continue)

    def _new_session(self, context: dict[str, Any]) -> Any:
        from mahjong_joy.ui.controller_session import ControllerSession

        name = self.app.settings.player_name
        if context.get("resume"):  # Continue on Home: the autosaved match; a bad save becomes a message
            try:
                session = ControllerSession.resume()
                session.rename(name)  # the name set in Settings since, if any
                return session
            except MahjongJoyError as exc:
                self.message, self.message_timer = str(exc), 6.0
        ruleset = context.get("ruleset") or DEFAULT_PRESET
        length = context.get("length") or length_for(self.app.settings, ruleset)  # a casual preset keeps its own length
        opponents = context.get("opponents") or self.app.settings.opponents  # one AI level per opponent seat
        return ControllerSession(seed=context.get("seed"), ruleset=ruleset, player_name=name, length=length, ai=opponents)

    def settings_changed(self) -> None:
        """A new player name shows on the seat tag at once (a replay keeps its recorded names);
        a new tile size lays the table out again at once."""
        if self.layout.zoom != reached_zoom(self.app.size, self.app.settings.ui_scale):
            self.resize(self.app.size)
        rename = getattr(self.session, "rename", None)
        if rename is not None and self.snap is not None and self.snap.names[self.snap.me] != self.app.settings.player_name:
            rename(self.app.settings.player_name)
            self.refresh()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = self.table_layout(size)
        self._layer = None
        self._layer_key = None
        self._squeezed.clear()
        self._rebuild_buttons()

    def table_layout(self, size: tuple[int, int]) -> TableLayout:
        """The table for this window at the tile size chosen in Settings."""
        return table_layout(size, self.app.settings.ui_scale)

    def layout_rects(self) -> dict[str, pygame.Rect]:
        return self.layout.rects()

    def refresh(self) -> None:
        """Read a new snapshot and react to what changed (buttons, prompts, results)."""
        if self.session is None:
            return
        had_result = self.snap is not None and self.snap.result is not None
        was_mine = self.snap is not None and self.snap.my_turn
        self.snap = self.session.snapshot()
        self._guide_cache.clear()
        if self.snap.result is not None and not had_result:
            self._start_reveal()
        n = len(self.my_tiles())
        self.selected = min(self.selected, max(0, n - 1))
        if self.snap.drawn is not None:
            self.selected = n - 1
        elif self.snap.my_turn and not was_mine:
            self.selected = -1  # my turn after a call: no tile was drawn, so none is lifted
        if not self.snap.my_turn:
            self.riichi_mode = False
        if self.snap.note and self.snap.note != self._note_shown:
            self.show_message(self.snap.note, 4.0)
        self._note_shown = self.snap.note
        self._rebuild_buttons()

    def _call(self, fn: Any, *args: Any) -> bool:
        """Run a session call; an engine error becomes a message, never a crash."""
        try:
            fn(*args)
        except MahjongJoyError as exc:
            self.show_message(str(exc))
            return False
        return True

    def show_message(self, text: str, seconds: float = 4.0) -> None:
        """A toast over the table (errors and notices)."""
        self.message, self.message_timer = text, seconds

    def animating(self) -> bool:
        """Still only while the table waits for the player with nothing moving: no flight,
        callout, flip or message timer, no bubble ageing, no AI about to move."""
        if self.anim.busy or self.callouts.shown or self.dora_flip is not None or not self.flip.finished:
            return True
        if self.message_timer > 0 or self.thinking.bubbles or self.snap is None:
            return True
        return self.snap.result is not None or self.snap.claim is not None or not self.session.needs_human()

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        self.callouts.update(dt)
        self.thinking.update(dt)
        if self.dora_flip is not None:
            self.dora_flip.update(dt)
            if self.dora_flip.done:
                self.dora_flip = None
                self._layer_key = None
        self.flip.update(dt)
        if self.message_timer > 0:
            self.message_timer -= dt
        if self.snap is None or self.anim.busy or self.app.top is not self and not self._overlay_is_claim():
            return
        if self.snap.result is not None:
            self._maybe_show_result(dt)
            return
        if self.snap.claim is not None:
            self._maybe_prompt_claim()
            return
        if self.session.needs_human():
            self._maybe_auto_turn(dt)
            return
        self.ai_timer += dt
        if self.ai_timer >= self.app.settings.ai_delay:
            self.ai_timer = 0.0
            self._origin = None
            if self._call(self.session.step):
                self.after_step()

    def _overlay_is_claim(self) -> bool:
        """The claim prompt is on top: the table keeps animating under it."""
        return isinstance(self.app.top, scene_maker("claim"))

    def _maybe_prompt_claim(self) -> None:
        prompt = scene_maker("claim")
        if self.snap.version == self._claim_shown or any(isinstance(scene, prompt) for scene in self.app.stack):
            return  # asked already (the prompt may sit under Esc's menu)
        self._claim_shown = self.snap.version
        settings = self.app.settings
        auto = auto_pass_action(self.snap.claim, settings.auto_pass or settings.no_calls, settings.auto_win)
        if auto is not None:
            self._submit(auto)
            return
        self.app.sounds.play("chime")
        self.next = Transition("push", "claim", args=(self,))

    def _maybe_show_result(self, dt: float) -> None:
        self.result_timer += dt
        if not self.flip.finished or self._score_shown == self.snap.version:
            return
        self._score_shown = self.snap.version
        self.next = Transition("push", "result", args=(self.snap,))  # a win's reveal first, then the score

    def after_step(self) -> None:
        """Turn the controller's new events into flights and sounds, then re-read the snapshot."""
        old = self.snap
        events = self.session.drain_events()
        self.refresh()
        for event in events:
            self._animate(old, event)
        self._layer_key = None
        self._note_thinking()

    def _note_thinking(self) -> None:
        """With "Show AI thinking" on, take each AI seat's newest reason for its bubble."""
        reasons = getattr(self.session, "ai_reasons", None)
        if not self.app.settings.show_ai_thinking or reasons is None or self.snap is None:
            self.thinking.clear()
            return
        self.thinking.note(reasons(), self.snap.me)
