"""Save pictures of Chinese Official (MCR) at the table (issue 25 §2) at 1280x800 and 960x600:
the help book's MCR pages, the flower tiles, and (once a match can be played) the deal with
flowers, the guide's fan hint, a win's score screen with its exclusions, a draw and the final
standings. Look at each before calling the work done.

    SDL_VIDEODRIVER=dummy python scripts/mcr_screenshots.py [OUT_DIR] [--only help|flowers|...]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("MAHJONG_JOY_HOME", "/tmp/mahjong-joy-mcr-shots")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.claim import ClaimOverlay  # noqa: E402
from mahjong_joy.ui.scenes.help_book import HelpBookScene  # noqa: E402
from mahjong_joy.ui.scenes.match_end import MatchEndScene  # noqa: E402
from mahjong_joy.ui.scenes.score import ScoreScene  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402

FRAME = 1 / 60

SIZES = ((1280, 800), (960, 600))


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def save(app: App, out: Path, name: str) -> None:
    app.step(1 / 60)
    w, h = app.size
    pygame.image.save(app.screen, str(out / f"mcr_{name}_{w}x{h}.png"))


def help_pages(out: Path, size: tuple[int, int]) -> None:
    app = App(size=size, settings=Settings())
    book = HelpBookScene(app, "mcr")
    app.replace(book)
    for index, page in enumerate(book.pages):
        book.turn_to(index)
        save(app, out, f"help_{index:02d}_{slug(page.title)}")


def _table(size: tuple[int, int], seed: int, speed: str = "instant", opponents: str = "easy") -> tuple[App, TableScene]:
    app = App(size=size, settings=Settings(ai_pace="instant", anim_speed=speed))
    table = TableScene(app)
    app.replace(table, {"seed": seed, "ruleset": "mcr", "length": None, "opponents": (opponents,) * 3})
    return app, table


def _press(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step(FRAME)


def _play_on(app: App, table: TableScene) -> None:
    """One step of a keyboard player who follows the guide's best discard and passes calls."""
    top = app.top
    if isinstance(top, ClaimOverlay):
        _press(app, pygame.K_SPACE)
    elif top is table and table.can_act():
        best = table.guide.advice(table).best
        if best is not None:
            table.selected = best
        _press(app, pygame.K_RETURN)


def _catch_flowers(app: App, table: TableScene, out: Path, name: str) -> bool:
    """Step until a flower is half-way to its place and save the picture; True when caught."""
    for _ in range(600):
        flying = [f for f in table.anim.flights if isinstance(f.key, tuple) and f.key[0] == "flower"]
        if flying and flying[0].tween.value > 0.3:
            save(app, out, name)
            return True
        if not flying and not table.anim.busy:
            return False
        app.step(FRAME)
    return False


def deal(out: Path, size: tuple[int, int]) -> None:
    """The deal's flower replacement, caught in flight at the normal speed, then settled: the
    first hand's as the table opens, and the second hand's after the score screen."""
    app = App(size=size, settings=Settings(ai_pace="instant", anim_speed="normal"))
    table = TableScene(app)
    app.replace(table, {"seed": 11, "ruleset": "mcr", "length": None, "opponents": ("easy",) * 3})
    _catch_flowers(app, table, out, "deal_first_flowers_flying")
    app.settings.anim_speed = "instant"
    app.apply_settings()
    for _ in range(60_000):
        app.step(FRAME)
        if isinstance(app.top, ScoreScene):
            break
        _play_on(app, table)
    app.settings.anim_speed = "normal"
    app.apply_settings()
    _press(app, pygame.K_RETURN)
    caught = _catch_flowers(app, table, out, "deal_flowers_flying")
    for _ in range(600 if caught else 0):
        if table.snap is not None and not table.anim.busy:
            break
        app.step(FRAME)
    for _ in range(90):
        app.step(FRAME)
    save(app, out, "deal_flowers_laid")


def guide_lift(out: Path, size: tuple[int, int]) -> None:
    """The guide on hands short of 8 fan (rigged deals: the player deals): a complete hand
    (the fan one swap would add, the tile to give up starred, the tile that would then win
    listed), and a ready hand after the best discard (the fan a swap would add)."""
    from mahjong_joy.ui.controller_session import ControllerSession
    from tests.mcr_helpers import QUIET, deal as rigged_deal

    others = [QUIET, "258m258p258s4567z", "147m369p147s1234z"]
    for mine, draw, name in (("123m123p24s678s11z", "3s", "guide_fan_lift_complete"),
                             ("123m123p24s678s99m", "6z", "guide_fan_lift_ready")):
        session = ControllerSession(seed=1, ruleset="mcr", max_hands=1)
        session.ctl.match.hand = rigged_deal([mine, *others], draws=draw)
        app = App(size=size, settings=Settings(ai_pace="instant", anim_speed="instant"))
        table = TableScene(app, session)
        app.replace(table, {})
        for _ in range(5):
            app.step(FRAME)
        save(app, out, name)


def flower_discard(out: Path, size: tuple[int, int]) -> None:
    """A flower discarded (RULES.md B1), on a rigged deal run down by the engine: seat 1
    threw the flower it drew early (in its river), and the player has drawn the wall's last
    tile, a flower no longer replaced: it waits in the drawn tile's place with the guide's
    word; then the player throws it (Enter) and it lies in the player's river."""
    from mahjong_joy.engine.actions import DeclareFlower, Discard
    from mahjong_joy.ui.controller_session import ControllerSession
    from tests.mcr_helpers import QUIET, deal as rigged_deal, drop_drawn, pass_all

    # North deals; the player (East's right: seat 0) draws the wall's last tile, F8, after
    # the six flowers in the wall are declared (each replaced by one of the six honors).
    hand = rigged_deal(["147m369p147s1234z", "6z2468m2468p4568s", QUIET, "258m258p258s4567z"],
                       draws="7z5zF1", tail="1z2z3z5z5z6z" + "F8", dealer=3)
    drop_drawn(hand)
    drop_drawn(hand)
    hand.apply(Discard(1, 37))  # seat 1 throws the flower it drew
    pass_all(hand)
    while hand.wall.live_count > 0:
        declare = [a for a in hand.legal_actions(hand.current) if type(a) is DeclareFlower]
        if declare:
            hand.apply(declare[0])
        else:
            drop_drawn(hand)
    session = ControllerSession(seed=1, ruleset="mcr", max_hands=1)
    session.ctl.match.hand = hand
    app = App(size=size, settings=Settings(ai_pace="instant", anim_speed="instant"))
    table = TableScene(app, session)
    app.replace(table, {})
    for _ in range(5):
        app.step(FRAME)
    save(app, out, "flower_last_tile_held")
    app.settings.anim_speed = "normal"
    app.apply_settings()
    _press(app, pygame.K_RETURN)
    for _ in range(600):  # until the flower has landed in the river, before the draw's card
        app.step(FRAME)
        if not table.anim.busy or app.top is not table:
            break
    save(app, out, "flower_last_tile_discarded")


def guide_hint(out: Path, size: tuple[int, int]) -> None:
    """The guide's fan per wait: a ready hand (on the player's turn) with its waits' fan."""
    kept = 0
    for seed in range(1, 40):
        app, table = _table(size, seed)
        for _ in range(30_000):
            app.step(FRAME)
            top = app.top
            if type(top).__name__ in ("ScoreScene", "MatchEndScene") or (table.snap and table.snap.hand_number > 1):
                break
            if top is table and table.can_act():
                caption = table.guide.advice(table).caption
                if "fan" in caption:
                    table._guide_cache.clear()
                    name = "guide_fan_enough" if "up to" in caption else "guide_fan_lift" if "would make it" in caption \
                        else "guide_fan_short"
                    if not (out / f"mcr_{name}_{size[0]}x{size[1]}.png").exists():
                        save(app, out, name)
                        kept += 1
                    if "up to" in caption:
                        return
            _play_on(app, table)
    print(f"guide: {kept} pictures", file=sys.stderr)


def win_card(out: Path, size: tuple[int, int]) -> None:
    """A win's score screen with its exclusions: Big Three Dragons over a discard, two flowers."""
    from tests.test_mcr_score_screen import BIG_THREE_DRAGONS, mcr_win, snapshot

    _, result = mcr_win(BIG_THREE_DRAGONS, flowers=(37, 42))
    app = App(size=size, settings=Settings())
    app.replace(ScoreScene(app, snapshot(result)))
    save(app, out, "score_win_exclusions")


def match(out: Path, size: tuple[int, int]) -> None:
    """A whole match by keyboard: the first draw's card, the first real win, the final standings."""
    app, table = _table(size, 7, opponents="normal")
    saved: set[str] = set()
    for _ in range(120_000):
        app.step(FRAME)
        top = app.top
        if isinstance(top, MatchEndScene):
            save(app, out, "final_standings")
            return
        if isinstance(top, ScoreScene):
            kind = "score_draw" if not top.wins else "score_win_played"
            if kind not in saved:
                save(app, out, kind)
                saved.add(kind)
            _press(app, pygame.K_RETURN)
            continue
        _play_on(app, table)


SHOTS = {"help": help_pages, "deal": deal, "flower": flower_discard, "guide": guide_hint, "lift": guide_lift, "win": win_card, "match": match}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path("/tmp/mcr_shots"))
    parser.add_argument("--only", choices=sorted(SHOTS), action="append")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        for name in args.only or SHOTS:
            SHOTS[name](args.out, size)
    print(f"saved to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
