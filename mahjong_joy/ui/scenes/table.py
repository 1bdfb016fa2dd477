"""The table: four seats drawn rotated, rivers, melds, the centre panel, the guide.

The scene reads a :class:`TableSnapshot`, animates the controller's events, paces
the AI seats by dt, and submits the player's choices. Static parts are drawn into
a cached layer rebuilt only when the snapshot (or a flight) changes, so a frame is
about one full-screen blit plus the moving tiles.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from mahjong_joy.engine.actions import AddedKan, ClosedKan, Discard, NineTerminals, Riichi, Tsumo
from mahjong_joy.errors import MahjongJoyError
from mahjong_joy.melds import ADDED_KAN, CLOSED_KAN
from mahjong_joy.names import WIND_GLYPHS, WIND_NAMES, tile_label
from mahjong_joy.rulesets.presets import DEFAULT_PRESET
from mahjong_joy.tiles import code_name, kind_of_code
from mahjong_joy.ui import theme
from mahjong_joy.ui.anim import Animator, Flight, Reveal, Tween, flip_shape
from mahjong_joy.ui.callouts import Callouts, call_of
from mahjong_joy.ui.guide import GuideView, draw_tip, furiten_tip
from mahjong_joy.ui.layout import RIVER_COLUMNS, RIVER_ROWS, ROTATION, TableLayout, hand_start, table_layout
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.session import Meld, TableSnapshot
from mahjong_joy.ui.thinking import ThinkingBubbles
from mahjong_joy.ui.tiles_art import BACK, footprint, tile_height
from mahjong_joy.ui.widgets import Button, button_at, hotkey_button, track_hover

SIDEWAYS_INDEX = {3: 0, 2: 1, 1: -1}  # claimed from left / across / right -> which tile lies sideways
ANNOUNCEMENTS = {  # events the centre announces in a toast, with a chime
    "riichi_declared": "{name} {declares} riichi",
    "dora_revealed": "Kan dora: a new indicator turns over",
    "aborted": "Abortive draw: {reason}",
}
ABORT_NAMES = {"nine_terminals": "nine terminals", "four_winds": "four winds", "four_kans": "four kans",
               "four_riichi": "four riichi", "triple_ron": "triple ron"}
AUTO_DISCARD_SECONDS = 0.6  # after riichi, the pause before the drawn tile goes out by itself


def sideways_index(meld: Meld, seat: int) -> int | None:
    """Which tile of a meld lies sideways: it points at the seat it was claimed from.

    An added kan keeps its pon's three-tile row (the fourth tile is stacked on the
    sideways one), so its index counts within three tiles.
    """
    if meld.from_seat is None or meld.type == CLOSED_KAN:
        return None
    rel = (meld.from_seat - seat) % 4
    index = SIDEWAYS_INDEX.get(rel)
    if index is None:
        return None
    return index % (3 if meld.type == ADDED_KAN else len(meld.tiles))


def meld_order(meld: Meld) -> list[int]:
    """Tiles in display order: a chi shows the claimed tile first, as it was taken."""
    tiles = list(meld.tiles)
    if meld.type == "chi" and meld.claimed in tiles:
        tiles.remove(meld.claimed)
        tiles.insert(0, meld.claimed)
    return tiles


@dataclass(frozen=True)
class MeldTile:
    """One tile of a laid-out meld, relative to the meld's start along its row."""

    along: int  # offset from the meld's first edge
    tile: int  # kind, or BACK for a closed kan's outer tiles
    lying: bool  # turned sideways toward the seat it was claimed from
    stacked: bool  # an added kan's fourth tile, on top of the sideways one
    role: str  # "claimed", "added" or ""


def meld_tiles(meld: Meld, seat: int, width: int) -> tuple[list[MeldTile], int]:
    """How a meld of ``seat`` lies on the table with tiles ``width`` wide, and its length.

    The one place that decides the shape of a meld, shared by the table and the
    score screen: the claimed tile lies sideways (pointing at its source), an
    added kan's fourth tile stacks on that one, a closed kan shows its two outer
    tiles face down.
    """
    tiles = meld_order(meld)[: 3 if meld.type == ADDED_KAN else None]
    side = sideways_index(meld, seat)
    th = tile_height(width)
    along, out = 0, []
    for i, tile in enumerate(tiles):
        lying = i == side
        shown = BACK if meld.type == CLOSED_KAN and i in (0, 3) else tile
        out.append(MeldTile(along, shown, lying, False, "claimed" if lying else ""))
        if lying and meld.type == ADDED_KAN:
            out.append(MeldTile(along, tile, True, True, "added"))
        along += th if lying else width
    return out, along


def stack_lift(melds: tuple[Meld, ...] | list[Meld], width: int) -> int:
    """How far an added kan's stacked tile rises above a row of upright tiles ``width`` wide
    (0 without one): two sideways tiles are two widths tall, an upright tile one height."""
    if not any(m.type == ADDED_KAN and m.from_seat is not None for m in melds):
        return 0
    return max(0, 2 * width - tile_height(width))


class TableScene(Scene):
    """One match at the table; pushes the score screen after each hand."""

    def __init__(self, app: Any, session: Any = None) -> None:
        super().__init__(app)
        self.session = session
        self.snap: TableSnapshot | None = None
        self.layout: TableLayout = table_layout(app.size)
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
        self.dora_flip: Tween | None = None  # the newest kan dora indicator turning over
        self.callouts = Callouts()  # "Pon!", "Ron!" banners by the caller (overlays; never blocks play)
        self.thinking = ThinkingBubbles()  # "Show AI thinking": each opponent's last reason

    # -- lifecycle -------------------------------------------------------------------
    def enter(self, context: Any = None) -> None:
        if isinstance(context, dict) and self.session is None:
            self.session = self._new_session(context)
        if isinstance(context, dict) and context.get("next_hand"):
            self._call(self.session.next_hand)
        self.refresh()
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
        length = context.get("length") or self.app.settings.length_for(ruleset)  # a casual preset keeps its own length
        opponents = context.get("opponents") or self.app.settings.opponents  # one AI level per opponent seat
        return ControllerSession(seed=context.get("seed"), ruleset=ruleset, player_name=name, length=length, ai=opponents)

    def settings_changed(self) -> None:
        """A new player name shows on the seat tag at once (a replay keeps its recorded names)."""
        rename = getattr(self.session, "rename", None)
        if rename is not None and self.snap is not None and self.snap.names[self.snap.me] != self.app.settings.player_name:
            rename(self.app.settings.player_name)
            self.refresh()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = table_layout(size)
        self._layer = None
        self._layer_key = None
        self._squeezed.clear()
        self._rebuild_buttons()

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

    # -- geometry --------------------------------------------------------------------
    def my_tiles(self) -> list[int]:
        """My concealed tiles in display order: sorted hand, then the drawn tile."""
        if self.snap is None:
            return []
        tiles = list(self.snap.hand)
        if self.snap.drawn is not None:
            tiles.append(self.snap.drawn)
        return tiles

    def hand_slot(self, index: int) -> pygame.Rect:
        """Screen rect of my ``index``-th tile (the drawn tile sits a little apart)."""
        L = self.layout
        gap = round(14 * L.scale) if self.snap and self.snap.drawn is not None and index == len(self.snap.hand) else 0
        return L.lines[0].rect(index * L.hand_w + gap, L.hand_w, 0, tile_height(L.hand_w))

    def tile_at(self, pos: tuple[int, int]) -> int | None:
        """Index of my tile under ``pos`` (hit-test with event.pos)."""
        for i in range(len(self.my_tiles())):
            rect = self.hand_slot(i)
            if i == self.selected:
                rect = rect.move(0, -round(10 * self.layout.scale)).union(rect)
            if rect.collidepoint(pos):
                return i
        return None

    def line_tile_rect(self, rel: int, along: float, sideways: bool = False, width: int | None = None, stack: int = 0) -> pygame.Rect:
        """A tile on a seat's line; sideways tiles sit at the player's edge of the band."""
        L = self.layout
        w = width or L.tile_w(rel)
        th = tile_height(w)
        band = tile_height(L.tile_w(rel))
        length, thick = (th, w) if sideways else (w, th)
        toward_edge = rel in (0, 1)
        across = (band - thick if toward_edge else 0) - (stack * w if toward_edge else -stack * w)
        return L.lines[rel].rect(along, length, across, thick)

    def meld_slots(self, seat: int) -> list[tuple[pygame.Rect, int, int]]:
        """(rect, tile or BACK, rotation) for every meld tile of a seat, packed at the line's far end."""
        return [(rect, tile, rot) for group in self.meld_groups(seat) for rect, tile, rot, _ in group]

    def meld_groups(self, seat: int) -> list[list[tuple[pygame.Rect, int, int, str]]]:
        """Per meld, oldest first: (rect, tile or BACK, rotation, role) of each tile.

        As on a real table the first meld takes the far corner and later ones line
        up toward the hand, so declared sets never move. ``role`` is ``"claimed"``
        for the sideways tile, ``"added"`` for an added kan's fourth tile (stacked
        on the sideways one, away from the seat's edge), else ``""``. A closed kan
        shows its two outer tiles face down.
        """
        assert self.snap is not None
        rel = self.snap.seat_from_me(seat)
        L = self.layout
        w = L.meld_w if rel == 0 else L.opp_w
        end = L.line_length[rel]
        groups: list[list[tuple[pygame.Rect, int, int, str]]] = []
        for meld in self.snap.melds[seat]:
            placed, length = meld_tiles(meld, seat, w)
            end -= length + round(8 * L.scale)
            groups.append([(self.line_tile_rect(rel, end + t.along, t.lying, w, stack=int(t.stacked)), t.tile,
                            (ROTATION[rel] + (90 if t.lying else 0)) % 360, t.role) for t in placed])
        return groups

    def _meld_slot(self, seat: int, role: str) -> tuple[pygame.Rect, tuple[object, ...]] | None:
        """The rect and flight key of the newest meld's tile with ``role`` (or its last tile)."""
        groups = self.meld_groups(seat)
        if not groups:
            return None
        group = groups[-1]
        index = next((j for j, slot in enumerate(group) if slot[3] == role), len(group) - 1)
        return group[index][0], ("meld", seat, len(groups) - 1, index)

    def river_rect(self, seat: int, index: int) -> pygame.Rect:
        """Where a seat's ``index``-th river tile lies."""
        return self.river_place(seat, index)[0]

    def river_place(self, seat: int, index: int) -> tuple[pygame.Rect, bool]:
        """Where a seat's ``index``-th river tile lies and whether it lies sideways: the
        riichi tile turns (the next one when it was claimed) and pushes the rest of its row on."""
        assert self.snap is not None
        rel = self.snap.seat_from_me(seat)
        sideways = self.snap.river_sideways[seat] if seat < len(self.snap.river_sideways) else None
        row, col = divmod(index, RIVER_COLUMNS)
        if sideways is None or sideways // RIVER_COLUMNS != row or index < sideways:
            return self.layout.river_slot(rel, index), False
        rw = self.layout.river_w
        rh = tile_height(rw)
        frame, across = self.layout.rivers[rel], min(row, RIVER_ROWS) * rh
        if index == sideways:
            return frame.rect(col * rw, rh, across + rh - rw, rw), True
        return frame.rect(col * rw + rh - rw, rw, across, rh), False

    # -- input -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.snap is None:
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.tile_at(event.pos)
            self.guide.pointer = event.pos
            track_hover(self.buttons + self.toggles, event.pos)
            self.badge_hover = bool(self.snap.furiten) and self.furiten_badge_rect().collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _click(self, pos: tuple[int, int]) -> None:
        toggle = button_at(self.toggles, pos)
        if toggle:
            self.toggle(toggle.action)
            return
        hit = button_at(self.buttons, pos)
        if hit:
            self.press(hit.action)
            return
        index = self.tile_at(pos)
        if index is not None:
            self.selected = index
            self.discard(index)

    def _key(self, key: int) -> None:
        n = len(self.my_tiles())
        if key == pygame.K_ESCAPE and self.riichi_mode:
            self.riichi_mode = False
            self._rebuild_buttons()
            self._layer_key = None
        elif key == pygame.K_ESCAPE:
            from mahjong_joy.ui.scenes.menu import MenuOverlay

            self.next = Transition("push", MenuOverlay(self.app))
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and n:
            self.selected = (self.selected + (1 if key == pygame.K_RIGHT else -1)) % n
            self.hover = self.selected
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.discard(self.selected)
        else:
            hit = hotkey_button(self.buttons, key)
            if hit:
                self.press(hit.action)

    def can_act(self) -> bool:
        """The player may act only on their turn, with no tile still in flight."""
        return bool(self.snap and self.snap.my_turn and not self.anim.busy)

    def discard(self, index: int) -> None:
        """Discard my ``index``-th tile if that is legal now (in riichi mode: declare riichi with it)."""
        tiles = self.my_tiles()
        if not self.can_act() or not 0 <= index < len(tiles):
            return
        if self.riichi_mode:
            action = _riichi_of_code(self.snap.own_actions, tiles[index])
        else:
            action = _discard_of_code(self.snap.own_actions, tiles[index])
        if action is None:
            if self.riichi_mode:
                self.show_message(f"Discarding the {tile_label(tiles[index])} would not leave the hand ready.")
            elif not self.snap.riichi[self.snap.me] and self.snap.refusal_of(tiles[index]):
                self.show_message(_refusal_sentence(self.snap.refusal_of(tiles[index]), tiles[index]))
            return
        self.riichi_mode = False
        self._submit(action, from_rect=self.hand_slot(index))

    def ready_discards(self) -> set[int]:
        """Codes whose discard declares riichi (the highlighted tiles in riichi mode)."""
        if self.snap is None:
            return set()
        return {a.tile for a in self.snap.own_actions if isinstance(a, Riichi)}

    def legal_codes(self) -> set[int]:
        """Codes I may discard now (others are greyed: kuikae, or locked after riichi)."""
        if self.snap is None:
            return set()
        return {a.tile for a in self.snap.own_actions if isinstance(a, Discard)}

    def toggle(self, ident: str) -> None:
        """Auto-pass, Auto-win or No-calls on the table (kept in settings)."""
        settings = self.app.settings
        setattr(settings, ident, not getattr(settings, ident))
        self.app.apply_settings()
        self._rebuild_buttons()

    def press(self, action_id: str) -> None:
        """An own-turn button: tsumo, a kan, Riichi (then pick the discard) or nine terminals."""
        if not self.can_act():
            return
        if action_id == "riichi":
            self.riichi_mode = not self.riichi_mode
            if self.riichi_mode and self.snap.drawn is not None:
                ready = self.ready_discards()
                tiles = self.my_tiles()
                pick = [i for i, t in enumerate(tiles) if t in ready]
                if pick and self.selected not in pick:
                    self.selected = pick[-1]
            self._rebuild_buttons()
            self._layer_key = None
            return
        for action in self.snap.own_actions:
            if _action_id(action) == action_id:
                self._submit(action)
                return

    def _submit(self, action: Any, from_rect: pygame.Rect | None = None) -> None:
        self._origin = from_rect
        if self._call(self.session.submit, action):
            self.after_step()

    # -- flow ------------------------------------------------------------------------
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

    def auto_action(self) -> Any:
        """What my turn does without me: Tsumo when Auto-win is on; after riichi the drawn
        tile, unless a tsumo or an allowed kan waits for my answer."""
        snap = self.snap
        if snap is None or not snap.my_turn:
            return None
        actions = snap.own_actions
        tsumo = next((a for a in actions if isinstance(a, Tsumo)), None)
        if tsumo is not None and self.app.settings.auto_win:
            return tsumo
        if not snap.riichi[snap.me] or snap.drawn is None:
            return None
        if any(isinstance(a, (Tsumo, ClosedKan, AddedKan)) for a in actions):
            return None
        discards = [a for a in actions if isinstance(a, Discard)]
        return discards[0] if len(discards) == 1 else None

    def _maybe_auto_turn(self, dt: float) -> None:
        action = self.auto_action() if self.can_act() else None
        if action is None:
            self.auto_timer = 0.0
            return
        self.auto_timer += dt
        if self.auto_timer >= AUTO_DISCARD_SECONDS * max(0.25, self.app.settings.anim_scale):
            self.auto_timer = 0.0
            rect = self.hand_slot(len(self.my_tiles()) - 1) if isinstance(action, Discard) else None
            self._submit(action, from_rect=rect)

    def _overlay_is_claim(self) -> bool:
        from mahjong_joy.ui.scenes.claim import ClaimOverlay

        return isinstance(self.app.top, ClaimOverlay)

    def _maybe_prompt_claim(self) -> None:
        from mahjong_joy.ui.scenes.claim import ClaimOverlay, auto_pass_action

        if self.snap.version == self._claim_shown or any(isinstance(scene, ClaimOverlay) for scene in self.app.stack):
            return  # asked already (the prompt may sit under Esc's menu)
        self._claim_shown = self.snap.version
        settings = self.app.settings
        auto = auto_pass_action(self.snap.claim, settings.auto_pass or settings.no_calls, settings.auto_win)
        if auto is not None:
            self._submit(auto)
            return
        self.app.sounds.play("chime")
        self.next = Transition("push", ClaimOverlay(self.app, self))

    def _maybe_show_result(self, dt: float) -> None:
        self.result_timer += dt
        if not self.flip.finished or self._score_shown == self.snap.version:
            return
        from mahjong_joy.ui.win_reveal import result_screen

        self._score_shown = self.snap.version
        self.next = Transition("push", result_screen(self.app, self.snap))  # a win's reveal first, then the score

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

    def _animate(self, old: TableSnapshot | None, event: Any) -> None:
        name = getattr(event, "name", "")
        scale = self.app.settings.anim_scale
        snap = self.snap
        if snap is None or (name == "dora_revealed" and not snap.dora_indicators):
            return  # no dora in this ruleset: a kan turns nothing over
        call = call_of(event)
        if call is not None:  # its own voice instead of the chime or the old win flourish
            self.app.sounds.play(call.sound)
            self.callouts.show(snap.seat_from_me(event.seat), call, scale)
        if name == "discarded":
            self.app.sounds.play("click")
            seat = event.seat
            index = len(snap.rivers[seat]) - 1
            if index < 0:
                return
            end = self.river_rect(seat, index)
            start = self._origin if seat == snap.me and self._origin else self._line_end(seat)
            rel = snap.seat_from_me(seat)
            self._fly(event.tile, start, end, 0.28 * scale, ROTATION[rel], self.layout.river_w, ("river", seat, index))
        elif name == "drew" and event.seat == snap.me and snap.drawn is not None:
            end = self.hand_slot(len(snap.hand))
            start = end.move(round(90 * self.layout.scale), 0)
            self._fly(snap.drawn, start, end, 0.2 * scale, 0, self.layout.hand_w, ("hand", len(snap.hand)))
        elif name in ("chied", "ponned", "kanned"):
            seat, src = event.seat, event.from_seat
            tile = getattr(event, "claimed", getattr(event, "tile", 0))
            start = self.river_rect(src, len(old.rivers[src]) - 1) if old and old.rivers[src] else self._line_end(src)
            slot = self._meld_slot(seat, "claimed")
            if slot is not None:
                rel = snap.seat_from_me(seat)
                self._fly(tile, start, slot[0], 0.32 * scale, ROTATION[rel], self.layout.river_w, slot[1])
        elif name == "added_kanned":
            slot = self._meld_slot(event.seat, "added")
            if slot is not None:
                rel = snap.seat_from_me(event.seat)
                start = self.hand_slot(len(self.my_tiles())) if rel == 0 else self._line_end(event.seat)
                width = self.layout.meld_w if rel == 0 else self.layout.opp_w
                self._fly(event.tile, start, slot[0], 0.3 * scale, (ROTATION[rel] + 90) % 360, width, slot[1])
        elif name == "closed_kanned":
            self._fly_closed_kan(event.seat, scale)
        elif name == "won":
            self.result_timer = 0.0
        if name == "dora_revealed" and scale > 0:
            self.dora_flip = Tween(0.5 * scale, 0.1 * scale, ease=lambda p: p)
        if name in ANNOUNCEMENTS:
            if call is None:
                self.app.sounds.play("chime")
            who = snap.names[event.seat] if getattr(event, "seat", None) is not None else ""
            reason = getattr(event, "reason", "")
            words = ANNOUNCEMENTS[name].format(name=who, declares="declare" if who == "You" else "declares",
                                               reason=ABORT_NAMES.get(reason, reason.replace("_", " ")))
            if name == "riichi_declared" and len(snap.rivers[event.seat]) <= 1 and not any(snap.melds):
                words = words.replace("riichi", "double riichi")  # on the seat's first discard, no call before it
            self.show_message(words, 2.5)
        if name == "drew" and snap.riichi_rules and snap.wall_count == 0 and not event.replacement:
            self.show_message(f"Last tile: {snap.names[event.seat]} draws the wall's last tile (haitei)", 2.5)

    def _fly_closed_kan(self, seat: int, scale: float) -> None:
        """A closed kan's four tiles slide from the hand to the meld area one after another,
        as they show (the outer two face down), like a claim's tile flies in."""
        groups = self.meld_groups(seat)
        if not groups:
            return
        rel = self.snap.seat_from_me(seat)
        start = self.hand_slot(len(self.my_tiles())) if rel == 0 else self._line_end(seat)
        width = self.layout.meld_w if rel == 0 else self.layout.opp_w
        index = len(groups) - 1
        for j, (rect, tile, rot, _) in enumerate(groups[-1]):
            self._fly(tile, start, rect, 0.26 * scale, rot, width, ("meld", seat, index, j), delay=0.05 * j * scale)

    def _start_reveal(self) -> None:
        """Turn the winner's concealed tiles face up (or lift the player's own), then the score.

        Ready hands shown at an exhaustive draw turn over the same way. At the
        instant speed the reveal has no duration and the score follows at once.
        """
        snap = self.snap
        seats = set(snap.revealed)
        if snap.result is not None and snap.result.winners[:1] == (snap.me,):  # the first win's hand turns over
            seats.add(snap.me)
        self.flipping = frozenset(seats)
        count = max((len(self._concealed(seat)) for seat in seats), default=0)
        self.flip = Reveal.for_hand(count, self.app.settings.anim_scale)
        self.result_timer = 0.0

    def _concealed(self, seat: int) -> list[tuple[pygame.Rect, int, int, int]]:
        """(rect, face, width, rotation) of each concealed tile of a seat, left to right as it sees them."""
        snap, L = self.snap, self.layout
        rel = snap.seat_from_me(seat)
        if rel == 0:
            return [(self.hand_slot(i), tile, L.hand_w, 0) for i, tile in enumerate(self.my_tiles())]
        shown = snap.revealed.get(seat)
        tiles = list(shown) if shown else [BACK] * snap.hand_sizes[seat]
        start = self.hand_start(seat, len(tiles))
        return [(self.line_tile_rect(rel, start + i * L.opp_w), tile, L.opp_w, ROTATION[rel]) for i, tile in enumerate(tiles)]

    def hand_start(self, seat: int, count: int) -> int:
        """Where an opponent's ``count`` concealed tiles begin on its line: centred on its side
        (:func:`~mahjong_joy.ui.layout.hand_start`), clear of its melds."""
        rel, L = self.snap.seat_from_me(seat), self.layout
        if rel == 0:
            return 0  # my own hand starts at the line's start (hand_slot)
        melds = sum(meld_tiles(meld, seat, L.opp_w)[1] + round(8 * L.scale) for meld in self.snap.melds[seat])
        return hand_start(L.line_length[rel], count * L.opp_w, melds, round(8 * L.scale))

    def _fly(self, tile: int, start: pygame.Rect, end: pygame.Rect, seconds: float, rotation: int, width: int, key: object,
             delay: float = 0.0) -> None:
        if seconds <= 0:
            return
        self.anim.add(Flight(tile, start.topleft, end.topleft, Tween(seconds, delay), rotation, width, key))

    def _line_end(self, seat: int) -> pygame.Rect:
        """Roughly where an opponent's concealed hand ends (a discard starts there)."""
        assert self.snap is not None
        rel = self.snap.seat_from_me(seat)
        size = self.snap.hand_sizes[seat]
        return self.line_tile_rect(rel, self.hand_start(seat, size) + size * self.layout.tile_w(rel) / 2)

    # -- buttons ---------------------------------------------------------------------
    def _rebuild_buttons(self) -> None:
        self.buttons = []
        self._rebuild_toggles()
        if self.snap is None or not self.snap.my_turn:
            return
        extra = [a for a in self.snap.own_actions if not isinstance(a, (Discard, Riichi))]
        if any(isinstance(a, Riichi) for a in self.snap.own_actions):
            extra.insert(1 if extra and isinstance(extra[0], Tsumo) else 0, Riichi(self.snap.me, -1))  # one button for every riichi discard
        s = self.layout.scale
        area = self.layout.actions
        bw, bh, gap = round(130 * s), round(52 * s), round(10 * s)
        x = area.right - bw
        for i, action in enumerate(extra[:4]):
            label, key = _action_label(action)
            ident = "riichi" if isinstance(action, Riichi) else _action_id(action)
            if ident == "riichi" and self.riichi_mode:
                label = "Cancel riichi"
            rect = pygame.Rect(x - (i % 2) * (bw + gap), area.bottom - bh - (i // 2) * (bh + gap), bw, bh)
            primary = isinstance(action, Tsumo) or (ident == "riichi" and not self.riichi_mode)
            self.buttons.append(Button(label, ident, rect, key, primary=primary, hint=pygame.key.name(key).upper() if key else ""))

    def _rebuild_toggles(self) -> None:
        """Auto-pass, Auto-win and No-calls switches along the top of the action area (riichi rules)."""
        self.toggles = []
        if self.snap is None or not self.snap.riichi_rules:
            return
        s, area, settings = self.layout.scale, self.layout.actions, self.app.settings
        tw, th, gap = round(94 * s), round(26 * s), round(6 * s)
        for i, (ident, label) in enumerate((("auto_pass", "Auto-pass"), ("auto_win", "Auto-win"), ("no_calls", "No calls"))):
            on = bool(getattr(settings, ident))
            rect = pygame.Rect(area.right - (3 - i) * tw - (2 - i) * gap, area.y, tw, th)
            self.toggles.append(Button(f"{label}: {'on' if on else 'off'}", ident, rect, primary=on))

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        key = (self.snap.version if self.snap else -1, surface.get_size(), frozenset(f.key for f in self.anim.flights), self.app.settings.latin_labels, self.flip.done, self.selected if self.can_act() else -1, self.riichi_mode, self.dora_flip is None)
        if self._layer is None or self._layer_key != key or self._layer.get_size() != surface.get_size():
            self._layer = self._render_static(surface.get_size())
            self._layer_key = key
        surface.blit(self._layer, (0, 0))
        self._draw_live(surface)

    def _render_static(self, size: tuple[int, int]) -> pygame.Surface:
        layer = pygame.Surface(size).convert()
        self._draw_felt(layer)
        if self.snap is None:
            theme.blit_text(layer, "Starting...", 30, theme.INK, center=layer.get_rect().center)
            return layer
        self._draw_center(layer)
        for seat in range(4):
            self._draw_river(layer, seat)
            self._draw_line(layer, seat)
        return layer

    def _draw_felt(self, layer: pygame.Surface) -> None:
        s = self.layout.scale
        layer.fill(theme.BACKGROUND)
        felt = self.felt_rect()
        pygame.draw.rect(layer, theme.FELT_EDGE, felt.inflate(round(10 * s), round(10 * s)), border_radius=round(28 * s))
        pygame.draw.rect(layer, theme.FELT, felt, border_radius=round(24 * s))
        if self.snap is not None:
            pygame.draw.rect(layer, theme.lighter(theme.HIGHLIGHT, 0.55), self.spotlight_band(), border_radius=round(12 * s))

    def spotlight_band(self) -> pygame.Rect:
        """The soft band behind the highlighted seat's hand and melds (stacked kan tiles
        included), kept on the felt inside its rim."""
        s = self.layout.scale
        seat = self.spotlight()
        band = self.layout.line_area(self.snap.seat_from_me(seat))
        band = band.unionall([rect for rect, _, _ in self.meld_slots(seat)]).inflate(round(12 * s), round(10 * s))
        return band.clip(self.felt_rect().inflate(-round(4 * s), -round(4 * s)))

    def felt_rect(self) -> pygame.Rect:
        """The green cloth inside the table's rim."""
        s, (w, h) = self.layout.scale, self.layout.size
        edge = round(4 * s) + round(5 * s)
        return pygame.Rect(edge, edge, w - 2 * edge, h - 2 * edge)

    def _draw_center(self, layer: pygame.Surface) -> None:
        snap, L = self.snap, self.layout
        s = L.scale
        c = L.center
        pygame.draw.rect(layer, theme.FELT_DEEP, c.move(0, round(3 * s)), border_radius=round(18 * s))
        pygame.draw.rect(layer, theme.PANEL, c, border_radius=round(18 * s))
        texts = self.center_texts()
        if snap.dora_indicators:
            places = self.dora_places()
            for i, (rect, t) in enumerate(places):
                if self.dora_flip is not None and i == len(places) - 1:
                    continue  # turning over: drawn each frame by _draw_dora_flip
                layer.blit(self.app.art.image(t, rect.w), rect.topleft)
        for seat in range(4):
            if snap.riichi[seat]:
                self._draw_stick(layer, self.stick_rect(seat))
        spot = f"tag{snap.seat_from_me(self.spotlight())}"
        pygame.draw.rect(layer, theme.lighter(theme.HIGHLIGHT, 0.4), texts[spot][1], border_radius=round(6 * s))
        for image, rect in texts.values():
            layer.blit(image, image.get_rect(center=rect.center))

    def dora_places(self) -> list[tuple[pygame.Rect, int]]:
        """The dora indicators in the centre (up to five), narrower when many, so the row
        stays between the side tags."""
        snap, s, c = self.snap, self.layout.scale, self.layout.center
        n = len(snap.dora_indicators)
        if not n:
            return []
        room = c.w - 2 * round(40 * s)
        dw = min(round(22 * s), (room - 3 * (n - 1)) // n)
        x0 = c.centerx - (n * (dw + 3)) // 2
        return [(pygame.Rect((x0 + i * (dw + 3), c.y + round(105 * s)), footprint(dw)), t) for i, t in enumerate(snap.dora_indicators)]

    def stick_rect(self, seat: int) -> pygame.Rect:
        """A seat's riichi stick: on the centre panel's rim facing that seat."""
        s, c = self.layout.scale, self.layout.center
        rel = self.snap.seat_from_me(seat)
        length, thick = round(84 * s), max(5, round(8 * s))
        if rel % 2 == 0:
            rect = pygame.Rect(0, 0, length, thick)
            rect.center = (c.centerx, c.bottom + round(2 * s) if rel == 0 else c.top - round(2 * s))
        else:
            rect = pygame.Rect(0, 0, thick, length)
            rect.center = (c.right + round(2 * s) if rel == 1 else c.left - round(2 * s), c.centery)
        return rect

    @staticmethod
    def _draw_stick(layer: pygame.Surface, rect: pygame.Rect) -> None:
        """A 1,000-point stick: white with an ink outline and a red dot in the middle."""
        radius = min(rect.size) // 2
        pygame.draw.rect(layer, theme.darker(theme.FELT_DEEP, 0.8), rect.move(1, 2), border_radius=radius)
        pygame.draw.rect(layer, theme.INK_SOFT, rect.inflate(2, 2), border_radius=radius + 1)
        pygame.draw.rect(layer, (253, 253, 250), rect, border_radius=radius)
        pygame.draw.circle(layer, (214, 58, 74), rect.center, max(2, radius - 1))

    def spotlight(self) -> int:
        """The highlighted seat: whose turn it is, or the winner once a hand is won."""
        result = self.snap.result if self.snap is not None else None
        if result is not None and result.wins:
            return result.wins[0].seat
        return self.snap.turn if self.snap is not None else 0

    def center_texts(self) -> dict[str, tuple[pygame.Surface, pygame.Rect]]:
        """The centre panel's words: ``round``, ``wall``, ``dora`` and ``tag0``..``tag3``
        (per seat_from_me), each an image and the rect it may cover (a tag's includes
        its highlight). The side tags run along the panel's edges and take a column
        each; the middle lines fit between those columns, and so do the top and
        bottom tags when they would meet a long side tag at a corner, so no two
        pieces ever touch (the font shrinks a little, then a long name is shortened).
        """
        snap, s, c = self.snap, self.layout.scale, self.layout.center
        inset, pad = round(16 * s), (round(8 * s), round(6 * s))
        column = inset // 2 + theme.font(round(14 * s)).get_height() + pad[1] // 2 + round(3 * s)
        seat_at = {snap.seat_from_me(seat): seat for seat in range(4)}
        size = self.seat_tag_size(inset, pad)  # one size for all four, whoever's turn it is
        out = {f"tag{rel}": self._seat_tag(seat_at[rel], rel, c.h - 2 * inset, inset, pad, size) for rel in (1, 3)}
        sides = [self._seat_tag(seat_at[rel], rel, c.h - 2 * inset, inset, pad, size, lit=True)[1] for rel in (1, 3)]
        for rel in (0, 2):  # where a long side tag reaches a corner, the top or bottom tag stays between the columns
            tag = self._seat_tag(seat_at[rel], rel, c.w - 2 * inset, inset, pad, size, lit=True)
            length = c.w - 2 * (column if tag[1].collidelist(sides) >= 0 else inset)
            out[f"tag{rel}"] = self._seat_tag(seat_at[rel], rel, length, inset, pad, size)
        middle = c.w - 2 * column
        wind = WIND_NAMES[snap.round_wind - 27] if 27 <= snap.round_wind <= 30 else "East"
        honba = f" · {snap.honba} bonus" if snap.honba else ""
        if snap.riichi_rules:  # the wall, then the honba and riichi-stick counters; the dora row speaks for itself
            sticks = f"{snap.sticks} stick{'' if snap.sticks == 1 else 's'}"
            lines = [("round", f"{wind} {snap.hand_number}", 24, theme.INK, 48), ("wall", f"{snap.wall_count} left", 15, theme.INK_SOFT, 71),
                     ("counters", f"{snap.honba} honba · {sticks}", 13, theme.ROSE_DEEP if snap.sticks else theme.INK_SOFT, 89)]
        else:
            lines = [("round", f"{wind} {snap.hand_number}", 24, theme.INK, 50), ("wall", f"{snap.wall_count} left{honba}", 15, theme.INK_SOFT, 76)]
        if snap.dora_indicators and not snap.riichi_rules:
            lines.append(("dora", "dora indicator" + ("s" if len(snap.dora_indicators) > 1 else ""), 11, theme.INK_SOFT, 96))
        for name, words, size, color, dy in lines:
            image = theme.fit_text(words, round(size * s), color, middle, smallest=round(10 * s))
            out[name] = (image, image.get_rect(center=(c.centerx, c.y + round(dy * s))))
        return out

    def seat_tag_text(self, seat: int, name: str | None = None) -> str:
        """A seat's tag words: wind, name, points, dealer chip (``name`` overrides the seat's name)."""
        snap = self.snap
        dealer = " · D" if seat == snap.dealer else ""
        shown = snap.names[seat] if name is None else name
        return f"{WIND_GLYPHS[(seat - snap.dealer) % 4]} {shown}  {snap.points[seat]:,}{dealer}"

    def seat_tag_size(self, inset: int, pad: tuple[int, int]) -> int:
        """The font size of the four seat tags: the largest (up to 14, down to 10, scaled) at
        which each tag fits its edge with the highlight on, so the size never changes as the
        turn moves round; a name still too long is shortened instead."""
        snap, s, c = self.snap, self.layout.scale, self.layout.center
        size = round(14 * s)
        for seat in range(4):
            rel = snap.seat_from_me(seat)
            length = (c.h if rel % 2 else c.w) - 2 * inset
            while size > round(10 * s) and theme.font(size).size(self.seat_tag_text(seat))[0] + pad[0] > length:
                size -= 1
        return size

    def _seat_tag(self, seat: int, rel: int, length: int, inset: int, pad: tuple[int, int], size: int,
                  lit: bool | None = None) -> tuple[pygame.Surface, pygame.Rect]:
        """Seat wind, name, points and dealer chip, turned to run along the centre's edge facing that seat,
        as printed on a real table's centre. The rect covers the highlight (``pad``) on the lit seat, a
        hair around the words elsewhere; past ``length`` (with the highlight) the name gives way."""
        snap, c = self.snap, self.layout.center
        lit = seat == self.spotlight() if lit is None else lit
        room = length - pad[0]  # the words fit with the highlight on, lit or not, so they never change
        pad = pad if lit else (2, 2)
        name = snap.names[seat]
        words = self.seat_tag_text(seat, "{}")
        while len(name) > 1 and theme.font(size).size(words.format(name))[0] > room:
            name = name[:-2] + "…"
        label = theme.text(words.format(name), size, theme.ROSE_DEEP if lit else theme.INK)
        label = pygame.transform.rotate(label, (90, 0, -90)[rel - 1]) if rel else label
        edge = inset // 2
        anchor = {0: {"midbottom": (c.centerx, c.bottom - edge)}, 1: {"midright": (c.right - edge, c.centery)},
                  2: {"midtop": (c.centerx, c.y + edge)}, 3: {"midleft": (c.x + edge, c.centery)}}[rel]
        grow = pad if rel % 2 == 0 else pad[::-1]
        return label, label.get_rect(**anchor).inflate(*grow)

    def _draw_river(self, layer: pygame.Surface, seat: int) -> None:
        snap, art = self.snap, self.app.art
        rel = snap.seat_from_me(seat)
        hidden = {f.key for f in self.anim.flights}
        for i, tile in enumerate(snap.rivers[seat]):
            if ("river", seat, i) in hidden:
                continue
            rect, lying = self.river_place(seat, i)
            layer.blit(art.image(tile, self.layout.river_w, (ROTATION[rel] + (90 if lying else 0)) % 360), rect.topleft)

    def _draw_line(self, layer: pygame.Surface, seat: int) -> None:
        snap, art, L = self.snap, self.app.art, self.layout
        rel = snap.seat_from_me(seat)
        hidden = {f.key for f in self.anim.flights}
        if seat in self.flipping and not self.flip.done:
            pass  # the reveal draws these tiles every frame (_draw_reveal)
        elif rel == 0:
            self._draw_my_hand(layer, hidden)
        else:
            for rect, tile, w, rot in self._concealed(seat):
                layer.blit(art.image(tile, w, rot), rect.topleft)
        width = L.meld_w if rel == 0 else L.opp_w
        tiles = [(rect, tile, rot, ("meld", seat, g, j)) for g, group in enumerate(self.meld_groups(seat)) for j, (rect, tile, rot, _) in enumerate(group)]
        for rect, tile, rot, key in sorted(tiles, key=lambda item: (item[0].y, item[0].x)):
            if key not in hidden:  # painter's order: a stacked tile's edge sits under the tile in front
                layer.blit(art.image(tile, width, rot), rect.topleft)

    def _draw_my_hand(self, layer: pygame.Surface, hidden: set[object]) -> None:
        art, L = self.app.art, self.layout
        lift = round(10 * L.scale)
        acting = self.can_act()
        dim = self.dimmed_tiles() if acting else set()
        ready = self.ready_discards() if acting and self.riichi_mode else set()
        for i, tile in enumerate(self.my_tiles()):
            if ("hand", i) in hidden:
                continue
            rect = self.hand_slot(i)
            if i == self.selected and acting:
                rect = rect.move(0, -lift)
            if tile in ready:
                glow = pygame.Rect(rect.topleft, footprint(L.hand_w)).inflate(round(6 * L.scale), round(6 * L.scale))
                pygame.draw.rect(layer, theme.HIGHLIGHT, glow, border_radius=round(9 * L.scale))
            layer.blit(art.image(tile, L.hand_w), rect.topleft)
            if i in dim:
                veil = pygame.Surface(footprint(L.hand_w), pygame.SRCALPHA)
                pygame.draw.rect(veil, (120, 115, 130, 120), veil.get_rect(), border_radius=max(3, L.hand_w // 7))
                layer.blit(veil, rect.topleft)

    def dimmed_tiles(self) -> set[int]:
        """Indices of my tiles shown greyed: not discardable (kuikae, or locked by riichi),
        or in riichi mode every tile whose discard would not keep the hand ready."""
        if self.snap is None or not self.snap.my_turn:
            return set()
        allowed = self.ready_discards() if self.riichi_mode else self.legal_codes()
        if not allowed and not self.riichi_mode:
            return set()
        return {i for i, t in enumerate(self.my_tiles()) if t not in allowed}

    def _draw_live(self, surface: pygame.Surface) -> None:
        """Per-frame parts: hover outline, flights, guide, buttons, toast."""
        s = self.layout.scale
        if self.hover is not None and self.hover < len(self.my_tiles()) and self.can_act():
            rect = self.hand_slot(self.hover)
            if self.hover == self.selected:
                rect = rect.move(0, -round(10 * s))
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(4, 4), width=max(2, round(3 * s)), border_radius=round(8 * s))
        if self.flipping and not self.flip.done:
            self._draw_reveal(surface)
        if self.dora_flip is not None and self.snap is not None and self.snap.dora_indicators:
            self._draw_dora_flip(surface)
        for flight in self.anim.flights:
            x, y = flight.position()
            surface.blit(self.app.art.image(flight.tile, flight.size, flight.rotation), (round(x), round(y)))
        if self.app.settings.show_ai_thinking and self.snap is not None:
            notice = self.message_rect() if self.message_timer > 0 and self.message else None
            self.thinking.draw(surface, self.layout, self.snap.me, notice)
        self.callouts.draw(surface, self.layout, self.guide_rect() if self.app.settings.hints else None)
        if self.app.settings.hints:
            self.guide.draw(self, surface)
        for b in self.buttons:
            b.draw(surface, s)
        for b in self.toggles:
            b.draw(surface, s * 0.62)
        if self.snap is not None and self.snap.furiten:
            self._draw_furiten_badge(surface)
        if self.message_timer > 0 and self.message:
            rect = self.message_rect()
            theme.panel(surface, rect, theme.lighter(theme.ROSE, 0.5), round(12 * s))
            theme.blit_text(surface, self.message[:90], round(16 * s), theme.INK, center=rect.center)

    def message_rect(self) -> pygame.Rect:
        """The top notice ("Sora declares riichi", "Kan dora ..."), centred under the top edge."""
        s = self.layout.scale
        rect = pygame.Rect(0, 0, round(620 * s), round(46 * s))
        rect.midtop = (self.layout.size[0] // 2, round(70 * s))
        return rect

    def _draw_dora_flip(self, surface: pygame.Surface) -> None:
        """The newest dora indicator turning from its back to its face."""
        rect, tile = self.dora_places()[-1]
        factor, face_up = flip_shape(self.dora_flip.value)
        image = self._squeeze(tile if face_up else BACK, rect.w, 0, factor)
        surface.blit(image, (rect.x + (rect.w - image.get_width() + 3) // 2, rect.y))

    def furiten_badge_rect(self) -> pygame.Rect:
        """The Furiten badge, right of the guide panel above my hand."""
        g, s = self.layout.guide, self.layout.scale
        return pygame.Rect(g.right + round(10 * s), g.y + round(4 * s), round(96 * s), g.h - round(8 * s))

    def _draw_furiten_badge(self, surface: pygame.Surface) -> None:
        """A rose "Furiten" pill; hovering it shows the reason above it."""
        s, rect = self.layout.scale, self.furiten_badge_rect()
        theme.panel(surface, rect, theme.lighter(theme.ROSE, 0.2), round(10 * s), theme.ROSE_DEEP)
        theme.blit_text(surface, "Furiten", round(16 * s), theme.ROSE_DEEP, center=rect.center)
        if self.badge_hover:
            draw_tip(surface, furiten_tip(self.snap.furiten), rect, s)

    def _draw_reveal(self, surface: pygame.Surface) -> None:
        """The concealed tiles of the flipping seats, each squeezed to its edge and back.

        An opponent's tile shows its back until half-way, then its face; the
        player's own tiles lift while they turn. Squeezed images are cached per step.
        """
        lift = round(14 * self.layout.scale)
        for seat in sorted(self.flipping):
            rel = self.snap.seat_from_me(seat)
            for i, (rect, tile, w, rot) in enumerate(self._concealed(seat)):
                p = self.flip.tile_progress(i)
                factor, face_up = flip_shape(p)
                shown = tile if face_up or rel == 0 else BACK
                image = self._squeeze(shown, w, rot, factor)
                x, y = rect.topleft
                if rot % 180:
                    y += (rect.h - round(rect.h * factor)) // 2
                else:
                    x += (rect.w - round(rect.w * factor)) // 2
                if rel == 0:
                    y -= round(lift * math.sin(math.pi * p))
                surface.blit(image, (x, y))

    def _squeeze(self, tile: int, width: int, rotation: int, factor: float) -> pygame.Surface:
        """A tile image narrowed along its row to ``factor`` (quantised to 1/24 and cached)."""
        step = max(1, round(factor * 24))
        key = (tile, width, rotation, step, self.app.art.latin)
        found = self._squeezed.get(key)
        if found is None:
            image = self.app.art.image(tile, width, rotation)
            w, h = image.get_size()
            size = (w, max(1, round(h * step / 24))) if rotation % 180 else (max(1, round(w * step / 24)), h)
            found = self._squeezed[key] = pygame.transform.smoothscale(image, size)
        return found

    # -- the remaining-tile guide ------------------------------------------------------
    def guide_items(self) -> tuple[str, list[tuple[int, int]]]:
        """What the guide says now: a caption and (tile, unseen copies) pairs."""
        caption, items = self.guide_notes()
        return caption, [(t, n) for t, n, _ in items]

    def guide_notes(self) -> tuple[str, list[tuple[int, int, str]]]:
        """The guide with each wait's mark: ``furiten (…)``, ``tsumo only``, ``no yaku`` or ""."""
        advice = self.guide.advice(self)
        return advice.caption, list(advice.items)

    def guide_rect(self) -> pygame.Rect:
        """The guide panel (:meth:`GuideView.panel_rect`), cached with the snapshot."""
        key = ("guide_rect", self.layout.size)  # the cache is cleared with each new snapshot
        if key not in self._guide_cache:
            self._guide_cache[key] = self.guide.panel_rect(self)
        return self._guide_cache[key]  # type: ignore[return-value]


def _discard_of_code(actions: Any, code: int) -> Discard | None:
    """The legal discard of this tile (a code: a red five is its own); a kind falls back
    to any legal copy of it."""
    found = [a for a in actions if isinstance(a, Discard) and a.tile == code]
    if not found:
        found = [a for a in actions if isinstance(a, Discard) and kind_of_code(a.tile) == code]
    return min(found, key=lambda a: a.tile) if found else None


def _riichi_of_code(actions: Any, code: int) -> Riichi | None:
    """The riichi declared by discarding this tile, when it keeps the hand ready."""
    return next((a for a in actions if isinstance(a, Riichi) and a.tile == code), None)


def _action_id(action: Any) -> str:
    """Stable id of an own-turn action for its button."""
    return f"{action.name}:{getattr(action, 'tile', '')}"


def _action_label(action: Any) -> tuple[str, int | None]:
    """Button label and hotkey for an own-turn action."""
    if isinstance(action, Tsumo):
        return "Tsumo!", pygame.K_t
    if isinstance(action, ClosedKan):
        return f"Kan {tile_label(kind_of_code(action.tile))}", pygame.K_k
    if isinstance(action, AddedKan):
        return f"Add kan {tile_label(action.tile)}", pygame.K_a
    if isinstance(action, Riichi):
        return "Riichi", pygame.K_r
    if isinstance(action, NineTerminals):
        return "Nine terminals", pygame.K_9
    return action.name, None


def _refusal_sentence(reason: str, code: int) -> str:
    """The engine's reason as a sentence, the tile in words: ``kuikae: 6m may not ...``
    becomes ``Kuikae: the 6 of Characters may not ...``."""
    text = reason.replace(code_name(code), f"the {tile_label(code)}")
    return text[:1].upper() + text[1:] + "."
