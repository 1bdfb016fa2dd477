"""Find bundled asset files in an installed wheel or a development checkout.

The wheel maps the repository's top-level ``assets/`` into ``mahjong_joy/assets``
(hatchling ``force-include``); an editable install has no such package folder,
so the loader falls back to ``<repo>/assets``. One function hides the difference.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

FONT_FILE = "fonts/MahjongJoySans-Bold.otf"  # Noto Sans CJK SC Bold subset: tiles, English, Korean, Chinese
JP_FONT_FILE = "fonts/MahjongJoySans-JP-Bold.otf"  # Noto Sans CJK JP Bold subset: Japanese (its own kanji shapes)


def asset_path(relative: str) -> Path:
    """Filesystem path of a bundled asset such as ``fonts/X.otf``.

    Raises ``FileNotFoundError`` naming both places looked in, so a packaging
    mistake fails loudly at start-up rather than drawing tofu.
    """
    packaged = resources.files("mahjong_joy").joinpath("assets", *relative.split("/"))
    if packaged.is_file():
        return Path(str(packaged))
    checkout = Path(__file__).resolve().parents[2] / "assets" / relative
    if checkout.is_file():
        return checkout
    raise FileNotFoundError(f"asset {relative!r} is missing: looked in {packaged} and {checkout}")


def font_path(language: str = "en") -> Path:
    """The bundled font for text in ``language``: the JP face for Japanese, else the SC face
    (see scripts/make_font_subset.py for why)."""
    return asset_path(JP_FONT_FILE if language == "ja" else FONT_FILE)
