"""Tile sheets under simulated colour-vision deficiency, and how far the pairs that must
stay apart really are (issue 28 §2, the colour-blind-safe tile style).

    SDL_VIDEODRIVER=dummy python scripts/cvd_sheets.py [OUT_DIR]   (default: docs/)

Renders the three suits' 1-9 with each red five beside them and the seven honours, in
the classic style and in the colour-safe style (``Settings.colour_safe_tiles``), then
transforms each sheet with the colour-vision matrices of Machado, Oliveira and
Fernandes (2009), "A Physiologically-based Model for Simulation of Color Vision
Deficiency", IEEE TVCG 15(6), at severity 1.0 for protanopia, deuteranopia and
tritanopia, applied to linear RGB (sRGB decoded, transformed, clipped, encoded).
It writes ``cvd_classic.png`` and ``cvd_safe.png`` (normal vision, then the three
simulations) and prints, per pair of tiles that must stay distinct and per view
(normal, the three simulations, greyscale), two measures over the tile images:

* ``shape``: the share of pixels whose CIE L* (lightness) differs by more than 8,
  what is left when hue is lost altogether, so a difference of shape or of dark marks;
* ``dE``: the share of pixels whose CIELAB colour difference (ΔE*ab 1976) exceeds 10.

A suit pair is the closest (smallest) over the ranks 1-9; "green dragon vs bamboo" the
closest bamboo tile. Pure Python with a colour cache (no numpy): a few seconds.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from mahjong_joy.ui import theme  # noqa: E402
from mahjong_joy.ui.tiles_art import RED_FACE, RED_INK, SAFE_STAR, TileArt  # noqa: E402

RGB = tuple[int, int, int]
Matrix = tuple[tuple[float, float, float], ...]
# Machado et al. 2009, Table 1, severity 1.0 (linear RGB).
MACHADO: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}
VIEWS = ("normal", "protanopia", "deuteranopia", "tritanopia", "greyscale")
SHEET_WIDTH = 40  # tile width on the saved sheets (small PNGs)
MEASURE_WIDTH = 60  # tile width for the measurements (a hand tile's size at 1280x800)
LIGHTNESS_STEP = 8.0
DELTA_E_STEP = 10.0
BACKDROP = theme.FELT  # the table the tiles lie on


def _linear(c: int) -> float:
    v = c / 255
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


LINEAR = [_linear(c) for c in range(256)]


def _encode(v: float) -> int:
    v = min(1.0, max(0.0, v))
    v = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(v * 255)


def simulate(rgb: RGB, view: str) -> RGB:
    """``rgb`` as seen in ``view`` (a Machado matrix, greyscale by Rec. 709 luminance, or normal)."""
    if view == "normal":
        return rgb
    lin = [LINEAR[c] for c in rgb]
    if view == "greyscale":
        y = _encode(0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2])
        return (y, y, y)
    m = MACHADO[view]
    r, g, b = (_encode(sum(row[i] * lin[i] for i in range(3))) for row in m)
    return (r, g, b)


def lab(rgb: RGB) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (LINEAR[c] for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: RGB, b: RGB) -> float:
    """ΔE*ab (1976) between two sRGB colours."""
    la, lb = lab(a), lab(b)
    return sum((p - q) ** 2 for p, q in zip(la, lb)) ** 0.5


def pixels(surface: pygame.Surface) -> list[RGB]:
    """The surface's pixels as RGB, composited over the table's felt."""
    flat = pygame.Surface(surface.get_size())
    flat.fill(BACKDROP)
    flat.blit(surface, (0, 0))
    raw = pygame.image.tobytes(flat, "RGB")
    return [(raw[i], raw[i + 1], raw[i + 2]) for i in range(0, len(raw), 3)]


class Viewer:
    """Simulated colours and their L*a*b*, cached per distinct colour (flat art has few)."""

    def __init__(self) -> None:
        self._seen: dict[tuple[RGB, str], tuple[RGB, tuple[float, float, float]]] = {}

    def see(self, rgb: RGB, view: str) -> tuple[RGB, tuple[float, float, float]]:
        found = self._seen.get((rgb, view))
        if found is None:
            shown = simulate(rgb, view)
            found = self._seen[(rgb, view)] = (shown, lab(shown))
        return found


def difference(a: list[RGB], b: list[RGB], view: str, viewer: Viewer) -> tuple[float, float]:
    """(share of pixels apart in lightness, share apart in colour) between two tile images in ``view``."""
    light = colour = 0
    for pa, pb in zip(a, b):
        if pa == pb:
            continue
        la, lb = viewer.see(pa, view)[1], viewer.see(pb, view)[1]
        if abs(la[0] - lb[0]) > LIGHTNESS_STEP:
            light += 1
        if sum((p - q) ** 2 for p, q in zip(la, lb)) > DELTA_E_STEP ** 2:
            colour += 1
    return light / len(a), colour / len(a)


def pairs() -> list[tuple[str, list[tuple[int, int]]]]:
    """The pairs that must stay apart; a named group is judged by its closest pair."""
    out: list[tuple[str, list[tuple[int, int]]]] = []
    for suit, name in enumerate("mps"):
        out.append((f"5{name} vs red 0{name}", [(9 * suit + 4, 34 + suit)]))
    for (s1, n1), (s2, n2) in (((0, "m"), (1, "p")), ((0, "m"), (2, "s")), ((1, "p"), (2, "s"))):
        out.append((f"{n1} vs {n2}, same rank", [(9 * s1 + r, 9 * s2 + r) for r in range(9)]))
    out.append(("green dragon vs bamboo", [(32, 18 + r) for r in range(9)]))
    out.append(("red vs green dragon", [(33, 32)]))
    out.append(("red 0p vs red 0s", [(35, 36)]))
    return out


def measure(art: TileArt, viewer: Viewer) -> dict[str, dict[str, tuple[float, float]]]:
    """Per pair and view, the closest pair's (shape, dE) shares."""
    cache: dict[int, list[RGB]] = {}

    def image(code: int) -> list[RGB]:
        if code not in cache:
            cache[code] = pixels(art.image(code, MEASURE_WIDTH))
        return cache[code]

    table: dict[str, dict[str, tuple[float, float]]] = {}
    for name, group in pairs():
        table[name] = {}
        for view in VIEWS:
            scores = [difference(image(a), image(b), view, viewer) for a, b in group]
            table[name][view] = min(scores)
    return table


def sheet(art: TileArt) -> pygame.Surface:
    """Rows m, p, s (1-9, a gap, the red five) and the honours, on the felt."""
    sample = art.image(0, SHEET_WIDTH)
    step_x, step_y = sample.get_width() + 3, sample.get_height() + 3
    surface = pygame.Surface((step_x * 11 + 8, step_y * 4 + 8))
    surface.fill(BACKDROP)
    rows: list[Sequence[int | None]] = [[9 * s + r for r in range(9)] + [None, 34 + s] for s in range(3)]
    rows.append(list(range(27, 34)))
    for y, row in enumerate(rows):
        for x, code in enumerate(row):
            if code is not None:
                surface.blit(art.image(code, SHEET_WIDTH), (5 + x * step_x, 5 + y * step_y))
    return surface


def transformed(surface: pygame.Surface, view: str, viewer: Viewer) -> pygame.Surface:
    """A copy of ``surface`` as seen in ``view``."""
    w, h = surface.get_size()
    raw = pygame.image.tobytes(surface, "RGB")
    out = bytearray(len(raw))
    for i in range(0, len(raw), 3):
        out[i : i + 3] = bytes(viewer.see((raw[i], raw[i + 1], raw[i + 2]), view)[0])
    return pygame.image.frombytes(bytes(out), (w, h), "RGB")


def contact_sheet(art: TileArt, viewer: Viewer, title: str) -> pygame.Surface:
    """Normal vision and the three simulations, stacked, each under its name."""
    base = sheet(art)
    label_h = 26
    panels = [(view, base if view == "normal" else transformed(base, view, viewer)) for view in VIEWS[:4]]
    out = pygame.Surface((base.get_width() * 2 + 12, (base.get_height() + label_h) * 2 + 12))
    out.fill(theme.TILE_FACE)
    for i, (view, panel) in enumerate(panels):
        x, y = 4 + (i % 2) * (base.get_width() + 4), 4 + (i // 2) * (base.get_height() + label_h + 4)
        out.blit(theme.text(f"{title}: {view}", 15, theme.INK), (x + 4, y + 4))
        out.blit(panel, (x, y + label_h))
    return out


def mark_contrast(viewer: Viewer) -> list[tuple[str, dict[str, float]]]:
    """ΔE*ab of the colours that carry a red five's difference, per view."""
    named: list[tuple[str, RGB, RGB]] = [
        ("classic: red pip vs plain 5p pip", RED_INK, theme.ROSE_DEEP),
        ("classic: red face vs plain face", RED_FACE, theme.TILE_FACE),
        ("safe: star fill vs red face", SAFE_STAR, RED_FACE),
        ("safe: star rim vs red face", theme.INK, RED_FACE),
    ]
    return [(name, {v: delta_e(viewer.see(a, v)[0], viewer.see(b, v)[0]) for v in VIEWS}) for name, a, b in named]


def print_tables(results: dict[str, dict[str, dict[str, tuple[float, float]]]], marks: list[tuple[str, dict[str, float]]]) -> None:
    short = {"normal": "normal", "protanopia": "protan", "deuteranopia": "deutan", "tritanopia": "tritan", "greyscale": "grey"}
    head = "| pair | style | " + " | ".join(f"{short[v]} shape / dE" for v in VIEWS) + " |"
    print(head)
    print("|" + "---|" * (2 + len(VIEWS)))
    for name in results["classic"]:
        for style, table in results.items():
            cells = " | ".join(f"{table[name][v][0]:.1%} / {table[name][v][1]:.1%}" for v in VIEWS)
            print(f"| {name} | {style} | {cells} |")
    print()
    print("| mark colours, ΔE*ab | " + " | ".join(short[v] for v in VIEWS) + " |")
    print("|" + "---|" * (1 + len(VIEWS)))
    for name, by_view in marks:
        print(f"| {name} | " + " | ".join(f"{by_view[v]:.1f}" for v in VIEWS) + " |")


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parents[1] / "docs"
    pygame.init()
    pygame.display.set_mode((1, 1))
    viewer = Viewer()
    results = {}
    for style, safe in (("classic", False), ("safe", True)):
        art = TileArt(safe=safe)
        results[style] = measure(art, viewer)
        path = out / f"cvd_{style}.png"
        pygame.image.save(contact_sheet(art, viewer, style), str(path))
        print(f"wrote {path} ({path.stat().st_size // 1024} KB)")
    print_tables(results, mark_contrast(viewer))


if __name__ == "__main__":
    main(sys.argv[1:])
