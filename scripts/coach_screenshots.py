"""Save the coach's pictures we look at before calling that UI done (issue 26 §2).

    SDL_VIDEODRIVER=dummy python scripts/coach_screenshots.py [OUT_DIR]

At 1280x800 and 960x600, from a seeded Tenhou hanchan with the player in seat 0 (an
Easy AI played it, so the review finds mistakes): the viewer in review mode at the first
mistake, at a step with no decision of the player's, and while the review is still made
(its progress bar); the match summary the standings open, and the score screen with the
"Coach after each hand" line. Runs in a throwaway data folder, so the player's autosave
and history stay untouched.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["MAHJONG_JOY_HOME"] = tempfile.mkdtemp(prefix="mahjong-joy-shots-")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pygame  # noqa: E402

from mahjong_joy.commands.simulate import simulate  # noqa: E402
from mahjong_joy.replay.record import run_record  # noqa: E402
from mahjong_joy.rulesets.presets import find_preset  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.controller_session import ControllerSession  # noqa: E402
from mahjong_joy.ui.replay_session import ReplaySession  # noqa: E402
from mahjong_joy.ui.review_state import ReviewState  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.match_end import MatchEndScene  # noqa: E402
from mahjong_joy.ui.scenes.replay import ReplayViewerScene  # noqa: E402
from mahjong_joy.ui.scenes.score import ScoreScene  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402
from tests.test_coach_ui import play_as_easy  # noqa: E402  (the tests' own Easy player)

SEED = 7
SIZES = ((1280, 800), (960, 600))


def played_record(hands: int = 2) -> dict:
    """A seeded Tenhou match, Easy in the player's seat, Normal around it."""
    played = simulate(SEED, ai=("easy", "normal", "normal", "normal"), hands=hands, rules=find_preset("tenhou"))
    record = json.loads(json.dumps(run_record(SEED, ("easy", "normal", "normal", "normal"), played)))
    record["seats"][0] = "human"
    record["player_name"] = "Mei"
    return record


def save(app: App, out: Path, name: str) -> None:
    pygame.image.save(app.screen, str(out / name))
    print(out / name)


def viewer_shots(out: Path, size: tuple[int, int], record: dict, review: ReviewState) -> None:
    tag = f"{size[0]}x{size[1]}"
    app = App(size=size, settings=Settings(player_name="Mei"))
    scene = ReplayViewerScene(app, ReplaySession(record, name="run.json"), "Replay · run.json · seed 7", review=review)
    app.replace(scene)
    first = review.mistakes[0] if review.mistakes else review.cards[0][:2] if review.cards else (0, 5)
    scene.seek(*first)
    app.step(1 / 60)
    save(app, out, f"review_mistake_{tag}.png")
    scene.seek(first[0], first[1] + 1)
    app.step(1 / 60)
    save(app, out, f"review_between_{tag}.png")
    scene.seek(0, scene.session.cursor.steps_in_hand(0))
    app.step(1 / 60)
    save(app, out, f"review_hand_end_{tag}.png")
    waiting = ReplayViewerScene(app, ReplaySession(record, name="run.json"), "Replay · run.json · seed 7",
                                review=ReviewState(record, 0, name="run.json"))
    app.replace(waiting)
    waiting.seek(0, 12)
    app.step(1 / 60)
    part_way(app, waiting.review)
    save(app, out, f"review_progress_{tag}.png")
    waiting.press("close")


def live_table(size: tuple[int, int], until_match_end: bool, max_hands: int | None = 2) -> tuple[App, TableScene, ControllerSession]:
    app = App(size=size, settings=Settings(player_name="Mei", coach_after_hand=True, anim_speed="instant", ai_pace="instant"))
    session = ControllerSession(seed=SEED, ruleset="tenhou", length="east", ai=("normal",) * 3, max_hands=max_hands,
                                player_name="Mei", autosave=False)
    play_as_easy(session, until_match_end)
    app.replace(HomeScene(app))
    table = TableScene(app, session)
    app.push(table, {})
    return app, table, session


def part_way(app: App, review: ReviewState, share: float = 0.4) -> None:
    """Run the between-frames steps until the review is about ``share`` done (for a progress picture)."""
    while review.job is not None and not review.job.done and review.fraction < share:
        app.idle(0.002)
    app.step(1 / 60)


def settle(app: App, review: ReviewState) -> None:
    """Run the window's between-frames steps until the review is made, then a frame."""
    while review.job is not None and not review.job.done:
        app.idle()
    app.step(1 / 60)


def standings_shots(out: Path, size: tuple[int, int]) -> None:
    tag = f"{size[0]}x{size[1]}"
    app, table, session = live_table(size, until_match_end=True)
    end = MatchEndScene(app, session.snapshot())
    app.replace(end)
    app.step(1 / 60)
    save(app, out, f"standings_{tag}.png")
    end.choose("review")
    app._apply(end)
    summary = app.top
    app.step(1 / 60)
    part_way(app, summary.review)
    save(app, out, f"summary_progress_{tag}.png")
    settle(app, summary.review)
    save(app, out, f"summary_{tag}.png")
    summary.choose("worst0")
    app._apply(summary)
    app.step(1 / 60)
    save(app, out, f"summary_link_viewer_{tag}.png")


def score_shots(out: Path, size: tuple[int, int]) -> None:
    tag = f"{size[0]}x{size[1]}"
    app, table, session = live_table(size, until_match_end=False)
    score = ScoreScene(app, session.snapshot())
    app.push(score)
    app.step(1 / 60)
    part_way(app, score.coach)
    save(app, out, f"score_coach_waiting_{tag}.png")
    settle(app, score.coach)
    save(app, out, f"score_coach_{tag}.png")
    score.open_coach()
    app._apply(score)
    app.step(1 / 60)
    save(app, out, f"score_coach_viewer_{tag}.png")


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screens/coach")
    out.mkdir(parents=True, exist_ok=True)
    record = played_record()
    review = ReviewState(record, 0, name="run.json")
    review.compute_here()
    for size in SIZES:
        viewer_shots(out, size, record, review)
        standings_shots(out, size)
        score_shots(out, size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
