"""The pastel palette and the one bundled font, in one place.

Every colour on screen comes from a name here so the look stays coherent.
"""

from __future__ import annotations

import functools
import re

import pygame

from mahjong_joy.i18n import current_language
from mahjong_joy.ui.assets import font_path

Color = tuple[int, int, int]

BACKGROUND: Color = (250, 243, 236)  # warm cream
FELT: Color = (206, 234, 222)  # mint table
FELT_EDGE: Color = (176, 212, 198)
FELT_DEEP: Color = (160, 200, 186)
PANEL: Color = (255, 251, 246)
PANEL_EDGE: Color = (226, 214, 228)
INK: Color = (62, 64, 92)  # text: dark slate, high contrast on cream
INK_SOFT: Color = (118, 118, 142)
ROSE: Color = (244, 176, 184)
ROSE_DEEP: Color = (206, 76, 98)
SKY: Color = (176, 206, 238)
SKY_DEEP: Color = (64, 116, 186)
MINT_DEEP: Color = (52, 146, 104)
LAVENDER: Color = (206, 192, 240)
LAVENDER_DEEP: Color = (128, 104, 196)
PEACH: Color = (252, 212, 178)
BUTTER: Color = (253, 236, 166)
HIGHLIGHT: Color = (255, 200, 96)
TILE_FACE: Color = (255, 253, 246)
TILE_SIDE: Color = (236, 226, 208)
TILE_BACK: Color = (160, 206, 222)  # soft teal back
TILE_BACK_DEEP: Color = (126, 182, 204)
TILE_BACK_LIGHT: Color = (186, 222, 234)
BUTTON: Color = (214, 200, 244)
BUTTON_HOVER: Color = (228, 216, 252)
BUTTON_PRIMARY: Color = (246, 182, 196)
BUTTON_DISABLED: Color = (226, 224, 230)
SEAT_COLORS: tuple[Color, ...] = ((246, 182, 196), (176, 206, 238), (190, 226, 178), (252, 212, 150))

_fonts: dict[tuple[bool, int], pygame.font.Font] = {}


def font(size: int) -> pygame.font.Font:
    """The bundled font at ``size`` px for the language spoken now (Japanese has its own
    face), cached (opening a font costs ~1 ms)."""
    size = max(8, int(size))
    key = (current_language() == "ja", size)
    if key not in _fonts:
        _fonts[key] = pygame.font.Font(str(font_path("ja" if key[0] else "en")), size)
    return _fonts[key]


def text(message: str, size: int, color: Color = INK) -> pygame.Surface:
    """Anti-aliased text in the bundled font."""
    return font(size).render(message, True, color)


def fitted(message: str, size: int, width: int, smallest: int = 10) -> tuple[str, int]:
    """The words and font size that keep ``message`` no wider than ``width``: the font
    shrinks down to ``smallest``, then the message loses characters from its end behind
    an ellipsis (a long player name)."""
    while size > smallest and font(size).size(message)[0] > width:
        size -= 1
    cut = message
    while len(cut) > 1 and font(size).size(cut)[0] > width:
        cut = cut[:-2] + "…"
    return cut, size


def fit_text(message: str, size: int, color: Color, width: int, smallest: int = 10) -> pygame.Surface:
    """Text no wider than ``width`` (:func:`fitted`)."""
    return text(*fitted(message, size, width, smallest), color)


def blit_fit(surface: pygame.Surface, message: str, size: int, color: Color, width: int, **anchor: object) -> pygame.Rect:
    """:func:`blit_text` for words that may not fit (a player's name): at most ``width`` wide."""
    image = fit_text(message, size, color, width, smallest=min(size, max(10, round(size * 0.6))))
    rect = image.get_rect(**anchor)
    surface.blit(image, rect)
    return rect


def blit_text(surface: pygame.Surface, message: str, size: int, color: Color, **anchor: object) -> pygame.Rect:
    """Render and place text by a Rect anchor, e.g. ``center=(x, y)``; returns the rect used."""
    image = text(message, size, color)
    rect = image.get_rect(**anchor)
    surface.blit(image, rect)
    return rect


def panel(surface: pygame.Surface, rect: pygame.Rect, fill: Color = PANEL, radius: int = 14, edge: Color | None = PANEL_EDGE) -> None:
    """A rounded card with a soft drop shadow, the basic container of every screen."""
    shadow = rect.move(0, max(2, radius // 4))
    pygame.draw.rect(surface, _darker(BACKGROUND, 0.86), shadow, border_radius=radius)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width=2, border_radius=radius)


def _darker(color: Color, factor: float) -> Color:
    return (int(color[0] * factor), int(color[1] * factor), int(color[2] * factor))


def darker(color: Color, factor: float = 0.85) -> Color:
    """A shade of ``color`` for edges and shadows."""
    return _darker(color, factor)


def scale_for(size: tuple[int, int]) -> float:
    """Layout scale: 1.0 at 1280x800, smaller windows shrink everything evenly."""
    return min(size[0] / 1280, size[1] / 800)


def lighter(color: Color, amount: float = 0.35) -> Color:
    """A tint of ``color`` toward white, for hover states."""
    return tuple(int(c + (255 - c) * amount) for c in color)  # type: ignore[return-value]


def wrap(message: str, size: int, width: int) -> list[str]:
    """Split ``message`` into lines that fit ``width`` px in the bundled font.

    English and Korean break at spaces; Japanese and Chinese, written without them,
    may break between any two characters, except before closing punctuation (、。）」)
    and after opening punctuation, as their typesetting rules (kinsoku) ask.
    Kept per text, size, width and language (the font depends on it), so a screen that
    lays its words out and then draws them, every frame, measures them once.
    """
    return list(wrapped(message, size, width, current_language()))


@functools.lru_cache(maxsize=2048)
def wrapped(message: str, size: int, width: int, language: str) -> tuple[str, ...]:
    """:func:`wrap`'s lines, measured once for ``language`` (whose font :func:`font` picks)."""
    return tuple(_wrap_lines(message, size, width))


def _wrap_lines(message: str, size: int, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in message.split("\n"):
        if _UNSPACED.search(paragraph):
            lines += _wrap_unspaced(paragraph, size, width)
            continue
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if line and font(size).size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


_UNSPACED = re.compile("[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]")  # kana and ideographs
_NO_LINE_START = set("、。，．・：；？！）」』】〉》…ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ,.:;!?)]%")
_NO_LINE_END = set("（「『【〈《([")
_TOKEN = re.compile("( +)|([\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef])|([^ \u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]+)")


def _wrap_unspaced(paragraph: str, size: int, width: int) -> list[str]:
    """Lines of a paragraph in Japanese or Chinese: each character may start a line, a
    Latin word or number stays whole, and spaces are kept where the text has them."""
    units: list[str] = []  # pieces that never split: a character (with the punctuation that must follow it) or a word
    for match in _TOKEN.finditer(paragraph):
        piece = match.group(0)
        if units and (piece[0] in _NO_LINE_START or units[-1][-1] in _NO_LINE_END or match.group(1)):
            units[-1] += piece  # punctuation that may not start a line, or a space, rides on the unit before
        else:
            units.append(piece)
    lines, line = [], ""
    for unit in units:
        if line and font(size).size((line + unit).rstrip())[0] > width:
            lines.append(line.rstrip())
            line = unit.lstrip()
        else:
            line += unit
    lines.append(line.rstrip())
    return lines

