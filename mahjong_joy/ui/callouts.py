"""Callouts: a short pastel banner at a seat for every call and win ("Pon!", "Ron!").

A call at a real table is said out loud; here each one pops up by the caller's river
with its own synthesised voice (:mod:`mahjong_joy.ui.sound`). A banner only overlays
the table: it never holds up the AI's pace or the player's turn, and it lives on
frame time (dt) scaled by the animation speed (0 = no banner, the sound still plays).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from mahjong_joy.i18n import N_, current_language, tr
from mahjong_joy.ui import theme
from mahjong_joy.ui.anim import ease_out_cubic
from mahjong_joy.ui.layout import TableLayout, clear_of

CALLOUT_SECONDS = 0.75  # at the normal animation speed
POP_SHARE = 0.2  # of the banner's life spent popping in; the last FADE_SHARE fades out
FADE_SHARE = 0.3


@dataclass(frozen=True)
class Call:
    """What a callout says and sounds like: the word, the sound id and its pastel."""

    word: str
    sound: str
    color: theme.Color


CHI = Call(N_("Chi!"), "chi", theme.SKY)  # words are English keys: the pill is drawn with tr(word)
PON = Call(N_("Pon!"), "pon", (190, 226, 178))
KAN = Call(N_("Kan!"), "kan", theme.LAVENDER)
RIICHI = Call(N_("Riichi!"), "riichi", theme.PEACH)
RON = Call(N_("Ron!"), "ron", theme.ROSE)
TSUMO = Call(N_("Tsumo!"), "tsumo", theme.BUTTER)
BY_EVENT = {"chied": CHI, "ponned": PON, "kanned": KAN, "closed_kanned": KAN, "added_kanned": KAN, "riichi_declared": RIICHI}


# Chinese Official's words for the same calls, and its flowers (RULES.md B1, B2).
MCR_WORDS = {"chied": "Chow!", "ponned": "Pung!", "kanned": "Kong!", "closed_kanned": "Kong!", "added_kanned": "Kong!",
             "won": "Hu!", "flower_declared": "Flower!"}
FLOWER = Call("Flower!", "chi", theme.lighter(theme.ROSE, 0.3))


def call_of(event: Any, mcr: bool = False) -> Call | None:
    """The callout an engine event deserves (``None`` for a draw, a discard, ...); under
    Chinese Official rules (``mcr``) the calls say Chow, Pung, Kong and Hu, and a flower
    laid out says Flower.

    >>> from mahjong_joy.engine.events import Ponned
    >>> call_of(Ponned(1, 0, 5)).word, call_of(Ponned(1, 0, 5), mcr=True).word
    ('Pon!', 'Pung!')
    """
    name = getattr(event, "name", "")
    if name == "won":
        call = TSUMO if event.tsumo else RON
    else:
        call = FLOWER if name == "flower_declared" and mcr else BY_EVENT.get(name)
    if call is None or not mcr:
        return call
    return Call(tr(MCR_WORDS.get(name, call.word)), call.sound, call.color)


@dataclass
class Callout:
    """One banner on screen: ``rel`` is the caller's seat_from_me."""

    rel: int
    call: Call
    duration: float
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def look(self) -> tuple[float, float]:
        """(size factor, opacity 0..1) now: a quick pop past full size, a hold, a fade."""
        p = min(1.0, self.elapsed / self.duration) if self.duration > 0 else 1.0
        if p < POP_SHARE:
            t = p / POP_SHARE
            return 0.6 + 0.5 * ease_out_cubic(t) - 0.1 * max(0.0, t - 0.7) / 0.3, min(1.0, 2 * t)
        fade = (p - (1 - FADE_SHARE)) / FADE_SHARE
        return 1.0, 1.0 if fade <= 0 else max(0.0, 1 - fade)


def anchor(layout: TableLayout, rel: int) -> tuple[int, int]:
    """Where a seat's banner sits: at the outer edge of its river, toward the seat
    (a river seldom reaches that fourth row, so the banner covers little)."""
    area = layout.river_area(rel)
    return (area.midbottom, area.midright, area.midtop, area.midleft)[rel]


def banner_rect(banner: pygame.Rect, at: tuple[int, int], screen: pygame.Rect, avoid: pygame.Rect | None, gap: int) -> pygame.Rect:
    """A banner centred at ``at``, lifted above ``avoid`` when it would overlap it, then
    kept on screen.

    >>> banner_rect(pygame.Rect(0, 0, 100, 40), (300, 600), pygame.Rect(0, 0, 800, 700), pygame.Rect(0, 590, 800, 50), 8)
    Rect(250, 542, 100, 40)
    """
    rect = banner.copy()
    rect.center = at
    return clear_of(rect, avoid, screen, gap, above=True)


class Callouts:
    """The banners showing now, at most one per seat (a new call replaces the old one)."""

    def __init__(self) -> None:
        self.shown: list[Callout] = []
        self._images: dict[tuple[str, int], pygame.Surface] = {}

    def show(self, rel: int, call: Call, speed: float) -> Callout | None:
        """Start a banner for ``call`` at seat ``rel``; none at the instant speed."""
        self.shown = [c for c in self.shown if c.rel != rel]
        if speed <= 0:
            return None
        callout = Callout(rel, call, CALLOUT_SECONDS * speed)
        self.shown.append(callout)
        return callout

    def words(self) -> list[str]:
        """The words on screen now (what tests read)."""
        return [c.call.word for c in self.shown]

    def update(self, dt: float) -> None:
        for callout in self.shown:
            callout.elapsed += dt
        self.shown = [c for c in self.shown if not c.done]

    def draw(self, surface: pygame.Surface, layout: TableLayout, avoid: pygame.Rect | None = None) -> None:
        """Each banner at its seat's anchor, kept on screen and clear of ``avoid`` (the guide
        panel drawn over the bottom of the felt: the player's own "Pon!" sat half behind it)."""
        for callout in self.shown:
            factor, alpha = callout.look()
            image = self._banner(callout.call, layout.scale)
            if factor != 1.0:
                image = pygame.transform.smoothscale(image, (max(1, round(image.get_width() * factor)), max(1, round(image.get_height() * factor))))
            image.set_alpha(round(255 * alpha))
            rect = banner_rect(image.get_rect(), anchor(layout, callout.rel), surface.get_rect(), avoid, round(8 * layout.scale))
            surface.blit(image, rect)

    def _banner(self, call: Call, scale: float) -> pygame.Surface:
        """The banner's pill, drawn once per word and size: pastel fill, deeper rim, ink word."""
        key = (call.word, round(scale * 100), current_language())
        if key not in self._images:
            label = theme.text(tr(call.word), round(34 * scale), theme.INK)

            pad_x, pad_y = round(26 * scale), round(8 * scale)
            rect = pygame.Rect(0, 0, label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y)
            image = pygame.Surface((rect.w, rect.h + round(4 * scale)), pygame.SRCALPHA)
            radius = rect.h // 2
            pygame.draw.rect(image, (*theme.darker(call.color, 0.8), 110), rect.move(0, round(4 * scale)), border_radius=radius)
            pygame.draw.rect(image, (*theme.lighter(call.color, 0.25), 255), rect, border_radius=radius)
            pygame.draw.rect(image, (*theme.darker(call.color, 0.78), 255), rect, width=max(2, round(3 * scale)), border_radius=radius)
            image.blit(label, label.get_rect(center=rect.center))
            self._images[key] = image
        return self._images[key].copy()
