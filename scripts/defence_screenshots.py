"""Save pictures of the guide's defence (issue 27 #3) at 1280x800 and 1024x640: Sora in
riichi with the danger badge under every tile and the fold line, a hovered tile's reason,
the Riichi button pressed under threat (the star on the safe tile Hard declares with), a riichi-furiten wait marked, and the help book's
defence page, to look at before calling them done.

    SDL_VIDEODRIVER=dummy python scripts/defence_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from riichi_screenshots import SIZES, save  # noqa: E402  (it sets the headless drivers and the shots' data folder)

from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.help_book import HelpBookScene  # noqa: E402
from tests.test_guide_defence import FOLD_DRAWS, FOLD_HANDS, furiten_table, sora_in_riichi  # noqa: E402
from tests.test_ui_riichi import QUIET, index_of  # noqa: E402


def shots(out: Path, size: tuple[int, int]) -> None:
    app, table = sora_in_riichi(FOLD_HANDS, FOLD_DRAWS, size=size)
    save(app, out, "defence_fold")
    index = index_of(table, "4s")
    rect = table.hand_slot(index)
    table.hover = index
    table.guide.pointer = rect.center
    table._guide_cache.clear()
    save(app, out, "defence_hover_reason")
    app, table = sora_in_riichi(["123m456m789p345s1z", QUIET[0], "234m567p678s11z34s", QUIET[1]], "5p5p9p7z7z", size=size)
    table.press("riichi")
    table._guide_cache.clear()
    save(app, out, "defence_riichi_button_safe_tile")
    app, table = furiten_table(size=size)
    save(app, out, "defence_riichi_furiten_waits")
    app = App(size=size, settings=Settings())
    book = HelpBookScene(app, "mahjong_soul")
    app.replace(book)
    book.turn_to(next(i for i, p in enumerate(book.pages) if p.title.startswith("Defence")))
    save(app, out, "defence_help_page")


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "/tmp/defence_shots")
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        shots(out, size)
    print(f"saved to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
