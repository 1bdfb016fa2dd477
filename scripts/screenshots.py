"""Save the screenshots we look at before calling the UI done.

    SDL_VIDEODRIVER=dummy python scripts/screenshots.py [OUT_DIR]

mid-hand table, a claim prompt (player seat), the score screen, match end (from
the four-AI demo), and the table at the smallest window size (1024x640); then,
at 1280x800 and 1024x640, the winning hand half-way through its flip (an AI
winner and the player), added and closed kans on all four seats, and score
screens with the fu breakdown. ``--details`` saves only that second set;
``--docs`` saves only the README's table.png and score.png (1280x800).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from mahjong_joy.engine.actions import Discard, Pass  # noqa: E402
from mahjong_joy.notation import parse_tiles  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.controller_session import ControllerSession  # noqa: E402
from mahjong_joy.ui.demo_driver import play_demo  # noqa: E402
from mahjong_joy.ui.scenes.claim import ClaimOverlay  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402
from mahjong_joy.ui.scenes.score import ScoreScene  # noqa: E402
from mahjong_joy.ui.session import HandOutcome, Meld, StaticSession, TableSnapshot, WinResult  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402

SIZES = ((1280, 800), (1024, 640))


def kan_snapshot(winner: int | None = None) -> TableSnapshot:
    """A made-up position: every seat holds an added kan (claimed from each neighbour in
    turn), a closed kan and a pon; ``winner`` set means the hand has just been won."""
    def melds(seat: int) -> tuple[Meld, ...]:
        src = ((seat + 3) % 4, (seat + 2) % 4, (seat + 1) % 4)
        return (
            Meld("added_kan", (4 + seat,) * 4, 4 + seat, src[seat % 3]),
            Meld("closed_kan", (31,) * 4 if seat % 2 else (22,) * 4, None, None),
            Meld("pon", (27 + seat,) * 3, 27 + seat, src[(seat + 1) % 3]),
        )
    hand = tuple(parse_tiles("345m6p"))
    rivers = tuple(tuple(parse_tiles("19m28p37s1234567z")[: 8 + seat]) for seat in range(4))
    result = None
    revealed: dict[int, tuple[int, ...]] = {}
    if winner is not None:
        won = tuple(parse_tiles("34567m")) if winner == 0 else tuple(parse_tiles("78p99s"))
        shown = melds(winner)
        win = WinResult(winner, winner, True, won[-1], won, shown, (("joy_win", 1),), 1, 30, 0, "",
                        (), (("base", 20, ""), ("tsumo", 2, "")), None, (), (0, 0, 0, 0))
        result = HandOutcome((win,), None, (0, 0, 0, 0), (25000,) * 4)
        if winner != 0:
            revealed = {winner: won}
        hand = tuple(parse_tiles("34567m")) if winner == 0 else hand
    return TableSnapshot(
        me=0, names=("You", "Momo", "Sora", "Kiri"), points=(25000,) * 4, round_wind=27, hand_number=1, honba=0,
        dealer=0, turn=winner if winner is not None else 0, phase="finished" if winner is not None else "play",
        hand=hand, drawn=None, hand_sizes=(len(hand), 4, 4, 4), melds=tuple(melds(seat) for seat in range(4)),
        rivers=rivers, wall_count=40, dora_indicators=(7,), own_actions=(), claim=None, visible34=(0,) * 34,
        result=result, revealed=revealed, version=1 if winner is None else 2)


def still_app(size: tuple[int, int], snap: TableSnapshot) -> tuple[App, TableScene, StaticSession]:
    """An App showing a table frozen at ``snap``."""
    app = App(size=size, settings=Settings(ai_pace="normal", anim_speed="normal"))
    app.replace(HomeScene(app))
    session = StaticSession(snap)
    table = TableScene(app, session)
    app.push(table, {})
    app.step(1 / 60)
    return app, table, session


def detail_shots(out: Path) -> None:
    """Flip half-way (AI winner, own win), kans on every seat, and score screens with fu lines."""
    for w, h in SIZES:
        tag = f"{w}x{h}"
        app, table, _ = still_app((w, h), kan_snapshot())
        pygame.image.save(app.screen, str(out / f"kans_{tag}.png"))
        for winner, name in ((2, "flip_ai"), (0, "flip_own")):
            app, table, session = still_app((w, h), kan_snapshot())
            session.snap = kan_snapshot(winner)
            table.refresh()
            while table.flip.value < 0.5:
                app.step(1 / 60)
            pygame.image.save(app.screen, str(out / f"{name}_{tag}.png"))
        played_score(out, (w, h), tag)


def docs_shots(out: Path) -> None:
    """The README's pictures at 1280x800: a mid-hand claim prompt and a won hand's score screen
    with an open meld, two or more yaku lines and four or more fu lines."""
    from mahjong_joy.ui.demo_driver import demo_app

    for seed in range(60):
        if player_table(out, (1280, 800), seed, "table.png", want_claim=True, min_river=28):
            break
    for seed in range(3, 200):
        app, table = demo_app(seed=seed, hands=1, speed="fast", size=(1280, 800))
        for _ in range(20_000):
            app.step(1 / 60)
            if isinstance(app.top, ScoreScene):
                break
        r = table.snap.result if table.snap else None
        w = r.wins[0] if r is not None and r.wins else None
        if w is not None and w.melds and len(w.yaku) >= 2 and len(w.fu_details) >= 4:
            app.step(1 / 60)
            pygame.image.save(app.screen, str(out / "score.png"))
            print(f"score.png from seed {seed}")
            return


def played_score(out: Path, size: tuple[int, int], tag: str) -> None:
    """A real won hand (four AI seats) on the score screen, and a busy made-up one."""
    from mahjong_joy.ui.demo_driver import demo_app

    for seed in range(3, 40):
        app, table = demo_app(seed=seed, hands=1, speed="fast", size=size)
        flipped = False
        for _ in range(20_000):
            app.step(1 / 60)
            if not flipped and table.flipping and table.flip.value >= 0.5:
                flipped = True
                pygame.image.save(app.screen, str(out / f"flip_played_{tag}.png"))
            if isinstance(app.top, ScoreScene):
                break
        r = table.snap.result if table.snap else None
        if r is not None and r.wins and len(r.wins[0].fu_details) >= 4:
            app.step(1 / 60)
            pygame.image.save(app.screen, str(out / f"score_fu_{tag}.png"))
            break
    busy = kan_snapshot(2)
    yaku = (("yakuhai_chun", 1), ("toitoi", 2), ("sanankou", 2), ("honitsu", 2), ("dora", 3), ("joy_win", 0))
    fu = (("base", 20, ""), ("menzen_ron", 10, ""), ("closed_kan", 32, "7777z"), ("open_triplet", 4, "111z"),
          ("closed_triplet", 8, "999s"), ("yakuhai_pair", 2, "66z"), ("tanki_wait", 2, ""))
    deltas = (0, -16000, 16000, 0)
    win = WinResult(2, 1, False, 25, (23, 23, 23, 25, 25, 33, 33, 33), busy.melds[2], yaku, 10, 80, 0,
                    "baiman", (("ron", 16000),), fu, None, (), deltas)
    result = HandOutcome((win,), None, deltas, (25000, 9000, 41000, 25000))
    app = App(size=size)
    app.replace(ScoreScene(app, TableSnapshot(**{**busy.__dict__, "result": result})))
    app.step(1 / 60)
    pygame.image.save(app.screen, str(out / f"score_busy_{tag}.png"))


def player_table(out: Path, size: tuple[int, int], seed: int, name: str, want_claim: bool, min_river: int = 0) -> bool:
    """Play as the bottom seat (discarding the drawn tile) until a claim prompt (once the rivers
    hold ``min_river`` tiles) or mid-hand."""
    app = App(size=size, settings=Settings(ai_pace="instant", anim_speed="fast"))
    app.replace(HomeScene(app))
    table = TableScene(app, ControllerSession(seed=seed, max_hands=1))
    app.push(table, {})
    for _ in range(6000):
        app.step(1 / 60)
        top = app.top
        if isinstance(top, ClaimOverlay):
            if want_claim and len(top.buttons) >= 2 and sum(len(r) for r in table.snap.rivers) >= min_river:
                app.step(1 / 60)
                pygame.image.save(app.screen, str(out / name))
                return True
            top.choose(next(b.action for b in top.buttons if isinstance(top.actions[b.action], Pass)))
            app._apply(top)
        elif table.can_act():
            table.hover = len(table.my_tiles()) - 1
            if not want_claim and sum(len(r) for r in table.snap.rivers) >= 22:
                app.step(1 / 60)
                pygame.image.save(app.screen, str(out / name))
                return True
            tile = table.my_tiles()[-1]
            if Discard(table.snap.me, tile) in table.snap.own_actions:
                table.discard(len(table.my_tiles()) - 1)
        if table.snap and table.snap.result is not None:
            return False
    return False


def main() -> int:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    out = Path(args[0] if args else "screens")
    out.mkdir(parents=True, exist_ok=True)
    if "--docs" in sys.argv:
        docs_shots(out)
        print(f"screenshots in {out}")
        return 0
    detail_shots(out)
    if "--details" in sys.argv:
        print(f"screenshots in {out}")
        return 0
    player_table(out, (1280, 800), 3, "mid_hand.png", want_claim=False)
    for seed in range(40):
        if player_table(out, (1280, 800), seed, "claim_prompt.png", want_claim=True):
            break
    player_table(out, (1024, 640), 3, "smallest_window.png", want_claim=False)
    play_demo(3, 2, "fast", out / "demo")
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
