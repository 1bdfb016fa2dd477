"""Recorded English AI reasons told again in the player's language (issue 28 §1: AI
reasons go through the catalogs; records stay English)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from mahjong_joy.controller import Controller
from mahjong_joy.engine.actions import Discard
from mahjong_joy.i18n import set_language
from mahjong_joy.reason_words import parses_whole, translate_reason
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.ui.replay_session import ReplaySession

LANGUAGES = ("ko", "ja", "zh")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")


@pytest.fixture(scope="module")
def mcr_reasons() -> list[str]:
    """Every distinct reason of a seeded Chinese Official match of the three levels (played in English)."""
    set_language("en")
    ctl = Controller(seats=("hard", "easy", "normal", "hard"), seed=7, ruleset=ruleset_for("mcr"), max_hands=2)
    while not ctl.is_over:
        ctl.step()
    return sorted({r for r in ctl.reasons if r})


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reason_of_a_seeded_mcr_match_parses_whole(mcr_reasons: list[str], language: str) -> None:
    assert len(mcr_reasons) > 30
    unmatched = [r for r in mcr_reasons if not parses_whole(r, language)]
    assert unmatched == [], f"{len(unmatched)}/{len(mcr_reasons)} not parsed in {language}"
    set_language(language)
    told = [translate_reason(r) for r in mcr_reasons]
    # each reason is now in the language: none is left as recorded, and no English word of three letters remains
    assert all(t != r for t, r in zip(told, mcr_reasons))
    leftovers = [t for t in told if re.search(r"[A-Za-z]{3,}", t)]
    assert leftovers == []


@pytest.fixture(scope="module")
def riichi_reasons() -> list[str]:
    """Every distinct reason of seeded riichi (Tenhou rules) and Joy matches of the three
    levels and the dev log's potential AI (played in English, as records are)."""
    set_language("en")
    said: set[str] = set()
    for rules, seats, seed in (("tenhou", ("hard", "normal", "easy", "hard"), 4), ("tenhou", ("hard",) * 4, 1),
                               ("joy", ("hard", "normal", "easy", "potential"), 4)):
        ctl = Controller(seats=seats, seed=seed, ruleset=ruleset_for(rules), max_hands=2)
        while not ctl.is_over:
            ctl.step()
        said |= {r for r in ctl.reasons if r}
    return sorted(said)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_reason_of_seeded_riichi_and_joy_matches_parses_whole(riichi_reasons: list[str], language: str) -> None:
    heads = {r.split(":")[0].split(" ")[0] for r in riichi_reasons}
    assert {"fold", "discard", "riichi", "pass"} <= heads  # the matches cover the main kinds of reason
    unmatched = [r for r in riichi_reasons if not parses_whole(r, language)]
    assert unmatched == [], f"{len(unmatched)}/{len(riichi_reasons)} not parsed in {language}"
    set_language(language)
    told = [translate_reason(r) for r in riichi_reasons]
    assert all(t != r for t, r in zip(told, riichi_reasons))
    assert [t for t in told if re.search(r"[A-Za-z]{3,}", t)] == []


def test_a_known_reason_reads_in_the_language_and_english_stays_english() -> None:
    text = "fold: Sora is in riichi; 5 of Dots is safe (in Sora's own river)"
    assert translate_reason(text) == text
    set_language("ja")
    assert translate_reason(text) == "オリ：ソラが立直中。5筒は安全（ソラ自身の河にある）"


@pytest.mark.parametrize("text", ["something the AI never says", "discard 5 of Dots: a reason no template has", "", "{tile}"])
def test_an_unknown_text_stays_as_it_is(text: str) -> None:
    for language in LANGUAGES:
        set_language(language)
        assert translate_reason(text) == text


def test_the_viewer_tells_the_recorded_reason_in_the_language_of_the_moment() -> None:
    session = ReplaySession.__new__(ReplaySession)  # only the cursor is read by reason()
    recorded = "discard 5 of Dots: the only tile that may go"
    session.cursor = SimpleNamespace(last_action=Discard(1, 13), last_reason=recorded)
    assert session.reason() == (1, recorded)
    seen = set()
    for language in LANGUAGES:
        set_language(language)
        seat, said = session.reason()  # type: ignore[misc]
        assert seat == 1 and said != recorded
        seen.add(said)
    assert len(seen) == len(LANGUAGES)
    set_language("en")
    assert session.reason() == (1, recorded)


def test_the_coach_tells_the_ais_reasons_in_the_players_language() -> None:
    # the review panel shows the AI's own reason when the player's choice was its first
    import json

    from mahjong_joy.app.coach import review_match
    from mahjong_joy.commands.simulate import simulate
    from mahjong_joy.replay.record import run_record
    from mahjong_joy.rulesets.presets import find_preset

    seats = ("easy", "normal", "normal", "normal")
    record = json.loads(json.dumps(run_record(7, seats, simulate(7, ai=seats, hands=1, rules=find_preset("tenhou")))))
    record["seats"][0] = "human"

    def reasons(language: str) -> list[str]:
        set_language(language)
        return [d.reason for d in review_match(record, 0, 0, "run.json").decisions if d.agreed]

    english, japanese = reasons("en"), reasons("ja")
    assert english and len(english) == len(japanese)
    set_language("ja")
    assert japanese == [translate_reason(r) for r in english]
    assert all(j != e for j, e in zip(japanese, english))
