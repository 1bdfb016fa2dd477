"""A flower discarded under Chinese Official rules (RULES.md B1 "Flower replacement (play)")
beyond the engine (tests/test_mcr_rule_rows.py plays the rule itself): a record, its
replay and an autosave's resume keep every flower discard, and the player at the table
sees a flower drawn as the wall's last tile in the drawn tile's place, where a click
throws it, with the guide's word on it."""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from mahjong_joy.controller import Controller  # noqa: E402
from mahjong_joy.engine import Phase  # noqa: E402
from mahjong_joy.engine.actions import Discard  # noqa: E402
from mahjong_joy.replay.autosave import autosave_record, new_meta  # noqa: E402
from mahjong_joy.replay.record import record_of_entries, replay_events  # noqa: E402
from mahjong_joy.rulesets.joy import ruleset_for  # noqa: E402
from mahjong_joy.tiles import FLOWER_CODES  # noqa: E402
from tests.mcr_helpers import check_mcr_hand, check_win_flags  # noqa: E402
from tests.test_mcr_rule_rows import F8, dealt_to_the_last_flower  # noqa: E402

SEATS = ("random", "easy", "random", "easy")  # the random seats throw some of the flowers they draw


def flower_discards(events) -> list:
    return [e for e in events if e.name == "discarded" and e.tile in FLOWER_CODES]


def played(hands: int = 4) -> Controller:
    ctl = Controller(seats=SEATS, seed=5, ruleset=ruleset_for("mcr"), max_hands=hands)
    while not ctl.is_over:
        ctl.step(1)
        check_mcr_hand(ctl.hand)
    return ctl


def test_a_record_replays_and_an_autosave_resumes_every_flower_discard() -> None:
    """The decisions (``{"type": "discard", "tile": 37..44}``) go through JSON, replay to
    the same events, and resume from half-way to the same match; the situation flags of
    every win still derive from the events alone."""
    ctl = played()
    thrown = flower_discards(ctl.match.events)
    assert thrown and any(d.to_dict()["tile"] in FLOWER_CODES for d in ctl.decisions if d.name == "discard")
    check_win_flags(ctl.match.events)
    record = json.loads(json.dumps(record_of_entries(5, ctl.seat_kinds, [ctl.record()], ctl.match.rules)))
    (events,) = replay_events(record)
    assert [e.to_dict() for e in events] == [e.to_dict() for e in ctl.match.events]
    saved = json.loads(json.dumps(autosave_record(ctl, new_meta())))
    entry = dict(saved["matches"][0])
    entry["decisions"] = entry["decisions"][: len(entry["decisions"]) // 2]
    resumed = Controller.resume(entry, ctl.seat_kinds, ruleset_for("mcr"))
    while not resumed.is_over:
        resumed.step()
    assert [e.to_dict() for e in resumed.match.events] == [e.to_dict() for e in ctl.match.events]


def test_the_player_throws_the_last_flower_from_the_drawn_tile_s_place() -> None:
    """The player (seat 0) draws the wall's last tile, a flower no longer declared: the
    table shows it where a drawn tile goes, the guide stars it and says why, and a click
    on it discards it; the hand ends in a draw with the flower in the player's river."""
    from mahjong_joy.storage.settings import Settings
    from mahjong_joy.ui.app import App
    from mahjong_joy.ui.controller_session import ControllerSession
    from mahjong_joy.ui.scenes.table import TableScene

    session = ControllerSession(seed=1, ruleset="mcr", max_hands=1)
    session.ctl.match.hand = dealt_to_the_last_flower()
    app = App(size=(1280, 800), settings=Settings(ai_pace="instant", anim_speed="instant"))
    table = TableScene(app, session)
    app.replace(table, {})
    app.step(1 / 60)
    tiles = table.my_tiles()
    assert table.snap.drawn == F8 and tiles[-1] == F8 and len(tiles) == 14 and F8 in table.legal_codes()
    advice = table.guide.advice(table)
    assert advice.best == len(tiles) - 1 and advice.caption.startswith("No flower is replaced after the last tile")
    table.discard(len(tiles) - 1)
    hand = session.ctl.hand
    assert hand.phase is Phase.FINISHED and hand.outcome.wins == ()
    assert hand.code(hand.seats[0].river[-1].tile) == F8 and session.ctl.decisions[-1] == Discard(0, F8)


def test_the_table_s_bubble_names_a_discarded_flower() -> None:
    """An AI's discarded flower in the table's words (the bubble shows the decision)."""
    from mahjong_joy.ai.table_words import decision_words

    assert decision_words(Discard(2, F8)) == "discard Winter (season 4)"
