"""The table's motion: each controller event becomes flights, callouts, a toast or a
sound, and the winning hand and a new dora indicator turn over.

``_animate`` looks an event's name up in :attr:`TableAnimation.ON_EVENT`, one small
handler per kind of event, so a new event is one row and one method.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, ClassVar

import pygame

from mahjong_joy.i18n import N_, tr
from mahjong_joy.names import seat_name
from mahjong_joy.ui.anim import Animator, Flight, Reveal, Tween, flip_shape
from mahjong_joy.ui.callouts import Call, Callouts, call_of
from mahjong_joy.ui.layout import ROTATION, TableLayout
from mahjong_joy.ui.session import TableSnapshot
from mahjong_joy.ui.tiles_art import BACK

ANNOUNCEMENTS = {  # events the centre announces in a toast, with a chime (English keys, translated when shown)
    "riichi_declared": N_("{name} declares riichi"),
    "dora_revealed": N_("Kan dora: a new indicator turns over"),
    "aborted": N_("Abortive draw: {reason}"),
}
RIICHI_WORDS = {  # (the player's own seat, double riichi) -> the toast
    (False, False): N_("{name} declares riichi"), (True, False): N_("You declare riichi"),
    (False, True): N_("{name} declares double riichi"), (True, True): N_("You declare double riichi"),
}
ABORT_NAMES = {"nine_terminals": N_("nine terminals"), "four_winds": N_("four winds"), "four_kans": N_("four kans"),
               "four_riichi": N_("four riichi"), "triple_ron": N_("triple ron")}


class TableAnimation:
    """Events to flights, callouts, toasts and sounds; the turning-over of tiles."""

    app: Any
    snap: TableSnapshot | None
    layout: TableLayout
    anim: Animator
    callouts: Callouts
    flip: Reveal
    flipping: frozenset[int]
    dora_flip: Tween | None
    result_timer: float
    _origin: pygame.Rect | None
    _squeezed: dict[tuple[object, ...], pygame.Surface]

    # event name -> the handler that animates it (announced events toast after their handler)
    ON_EVENT: ClassVar[dict[str, str]] = {
        "discarded": "_on_discarded",
        "drew": "_on_drew",
        "chied": "_on_claimed",
        "ponned": "_on_claimed",
        "kanned": "_on_claimed",
        "added_kanned": "_on_added_kan",
        "closed_kanned": "_on_closed_kan",
        "won": "_on_won",
        "dora_revealed": "_on_dora_revealed",
        "flower_declared": "_on_flower",
    }

    def _animate(self, old: TableSnapshot | None, event: Any) -> None:
        """One controller event on screen: its callout and voice, its handler from
        :attr:`ON_EVENT`, then its toast when the centre announces it."""
        name = getattr(event, "name", "")
        snap = self.snap
        if snap is None or (name == "dora_revealed" and not snap.dora_indicators):
            return  # no dora in this ruleset: a kan turns nothing over
        scale = self.app.settings.anim_scale
        call = call_of(event, snap.mcr_rules)
        if call is not None:  # its own voice instead of the chime or the old win flourish
            self.app.sounds.play(call.sound)
            self.callouts.show(snap.seat_from_me(event.seat), call, scale)
        handler: Callable[[TableSnapshot | None, Any, float], None] | None = getattr(self, self.ON_EVENT.get(name, ""), None)
        if handler is not None:
            handler(old, event, scale)
        if name in ANNOUNCEMENTS:
            self._announce(name, event, call)
        if name == "drew" and snap.riichi_rules and snap.wall_count == 0 and not event.replacement:
            self.show_message(tr("Last tile: {name} draws the wall's last tile (haitei)", name=seat_name(snap.names[event.seat])), 2.5)

    def show_deal(self, events: list[Any]) -> None:
        """A hand just dealt, as it opens: its flower replacements fly from each hand to their
        places at once (RULES.md B1 "Flower replacement (deal)"), in the first hand of a match
        as in every later one, instead of waiting for the first move. The deal's other events
        (the deal itself, the draws) show nothing: the snapshot lays the hands out."""
        for event in events:
            if getattr(event, "name", "") == "flower_declared":
                self._animate(None, event)
        self._layer_key = None

    def _on_discarded(self, old: TableSnapshot | None, event: Any, scale: float) -> None:
        """The discard flies from the hand (mine: the tile I picked) to its river place."""
        snap = self.snap
        self.app.sounds.play("click")
        seat = event.seat
        index = len(snap.rivers[seat]) - 1
        if index < 0:
            return
        end = self.river_rect(seat, index)
        start = self._origin if seat == snap.me and self._origin else self._line_end(seat)
        rel = snap.seat_from_me(seat)
        self._fly(event.tile, start, end, 0.28 * scale, ROTATION[rel], self.layout.river_w, ("river", seat, index))

    def _on_drew(self, old: TableSnapshot | None, event: Any, scale: float) -> None:
        """My drawn tile slides in from the right of my hand (others draw unseen)."""
        snap = self.snap
        if event.seat != snap.me or snap.drawn is None:
            return
        end = self.hand_slot(len(snap.hand))
        start = end.move(round(90 * self.layout.scale), 0)
        self._fly(snap.drawn, start, end, 0.2 * scale, 0, self.layout.hand_w, ("hand", len(snap.hand)))

    def _on_claimed(self, old: TableSnapshot | None, event: Any, scale: float) -> None:
        """A chi, pon or open kan: the claimed tile flies from its river to lie sideways in the new meld."""
        snap = self.snap
        seat, src = event.seat, event.from_seat
        tile = getattr(event, "claimed", getattr(event, "tile", 0))
        start = self.river_rect(src, len(old.rivers[src]) - 1) if old and old.rivers[src] else self._line_end(src)
        slot = self._meld_slot(seat, "claimed")
        if slot is not None:
            rel = snap.seat_from_me(seat)
            self._fly(tile, start, slot[0], 0.32 * scale, ROTATION[rel], self.layout.river_w, slot[1])

    def _on_added_kan(self, old: TableSnapshot | None, event: Any, scale: float) -> None:
        """An added kan's fourth tile flies onto its pon's sideways tile."""
        slot = self._meld_slot(event.seat, "added")
        if slot is None:
            return
        rel = self.snap.seat_from_me(event.seat)
        start = self.hand_slot(len(self.my_tiles())) if rel == 0 else self._line_end(event.seat)
        width = self.layout.meld_w if rel == 0 else self.layout.opp_w
        self._fly(event.tile, start, slot[0], 0.3 * scale, (ROTATION[rel] + 90) % 360, width, slot[1])

    def _on_closed_kan(self, old: TableSnapshot | None, event: Any, scale: float) -> None:
        self._fly_closed_kan(event.seat, scale)

    def _on_flower(self, old: TableSnapshot | None, event: Any, scale: float) -> None:
        """A flower flies from the seat's hand to its place in the corner before its river;
        at the deal the replacements go round in one quick burst, each flower a little
        after the one before (RULES.md B1 "Flower replacement (deal)")."""
        snap, seat = self.snap, event.seat
        places = self.flower_places(seat)
        index = next((i for i in range(len(places) - 1, -1, -1) if places[i][1] == event.tile), None)
        if index is None:
            return
        rect, code, rot = places[index]
        start = self.hand_slot(len(self.my_tiles())) if seat == snap.me else self._line_end(seat)
        delay = (0.08 * index if getattr(event, "deal", False) else 0.0) * scale
        self._fly(code, start, rect, 0.22 * scale, rot, self.flower_width(seat), ("flower", seat, index), delay=delay)

    def _on_won(self, old: TableSnapshot | None, event: Any, scale: float) -> None:
        """A win restarts the pause before the score screen."""
        self.result_timer = 0.0

    def _on_dora_revealed(self, old: TableSnapshot | None, event: Any, scale: float) -> None:
        """A kan dora indicator turns over in the centre (not at the instant speed)."""
        if scale > 0:
            self.dora_flip = Tween(0.5 * scale, 0.1 * scale, ease=lambda p: p)

    def _announce(self, name: str, event: Any, call: Call | None) -> None:
        """The centre's toast for an announced event, with a chime unless a callout spoke."""
        snap = self.snap
        if call is None:
            self.app.sounds.play("chime")
        who = snap.names[event.seat] if getattr(event, "seat", None) is not None else ""
        reason = getattr(event, "reason", "")
        message = ANNOUNCEMENTS[name]
        if name == "riichi_declared":  # double: on the seat's first discard, no call before it
            double = len(snap.rivers[event.seat]) <= 1 and not any(snap.melds)
            message = RIICHI_WORDS[(who == "You", double)]
        abort = ABORT_NAMES.get(reason)
        words = tr(message, name=seat_name(who), reason=tr(abort) if abort else reason.replace("_", " "))
        self.show_message(words, 2.5)


    def _fly(self, tile: int, start: pygame.Rect, end: pygame.Rect, seconds: float, rotation: int, width: int, key: object,
             delay: float = 0.0) -> None:
        if seconds <= 0:
            return
        self.anim.add(Flight(tile, start.topleft, end.topleft, Tween(seconds, delay), rotation, width, key))

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

    def _draw_dora_flip(self, surface: pygame.Surface) -> None:
        """The newest dora indicator turning from its back to its face."""
        rect, tile = self.dora_places()[-1]
        factor, face_up = flip_shape(self.dora_flip.value)
        image = self._squeeze(tile if face_up else BACK, rect.w, 0, factor)
        surface.blit(image, (rect.x + (rect.w - image.get_width() + 3) // 2, rect.y))

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
        key = (tile, width, rotation, step, self.app.art.latin, self.app.art.safe)
        found = self._squeezed.get(key)
        if found is None:
            image = self.app.art.image(tile, width, rotation)
            w, h = image.get_size()
            size = (w, max(1, round(h * step / 24))) if rotation % 180 else (max(1, round(w * step / 24)), h)
            found = self._squeezed[key] = pygame.transform.smoothscale(image, size)
        return found
