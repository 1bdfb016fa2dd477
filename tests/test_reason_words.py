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


def _public_forms() -> list[tuple[str, str, dict[str, object]]]:
    """Every form of a public reason the AI writes (ai/levels.py, ai/reading.py), with the
    catalog message and parts a translator told it from (what the live table's bubble
    did with its own table of these forms before it asked this module)."""
    from mahjong_joy.i18n import N_
    from mahjong_joy.names import tile_label

    def tile(code: int) -> tuple[str, object]:
        return tile_label(code, translate=False), lambda: tile_label(code)

    threats = [("You are in riichi", N_("You are in riichi"), {}),
               ("your open hand looks ready", N_("your open hand looks ready"), {}),
               ("Sora is in riichi", N_("{name} is in riichi"), {"name": "Sora"}),
               ("Momo's open hand looks ready", N_("{name}'s open hand looks ready"), {"name": "Momo"})]
    evidence = [("safe (in your own river)", N_("safe ({why})"), {"why": (N_("in your own river"), {})}),
                ("safe (in Kiri's own river)", N_("safe ({why})"), {"why": (N_("in {name}'s own river"), {"name": "Kiri"})}),
                ("safe (discarded after your riichi)", N_("safe ({why})"), {"why": (N_("discarded after your riichi"), {})}),
                ("safe (discarded after Nana's riichi)", N_("safe ({why})"), {"why": (N_("discarded after {name}'s riichi"), {"name": "Nana"})}),
                ("suji", N_("suji"), {}), ("half-suji", N_("half-suji"), {}),
                ("an honor with 3 seen", N_("an honor with {count} seen"), {"count": 3}),
                ("behind a wall (4 of Bamboo all seen)", N_("behind a wall ({tile} all seen)"), {"tile": tile(21)[1]}),
                ("the least dangerous left", N_("the least dangerous left"), {})]
    forms = [("tsumo: the drawn tile completes the hand", N_("tsumo: the drawn tile completes the hand"), {}),
             ("abort: nine kinds of terminals and honors, far from thirteen orphans",
              N_("abort: nine kinds of terminals and honors, far from thirteen orphans"), {}),
             ("ron: 5 of Dots completes the hand", N_("ron: {tile} completes the hand"), {"tile": tile(13)[1]}),
             ("in riichi: discard the drawn Red dragon", N_("in riichi: discard the drawn {tile}"), {"tile": tile(33)[1]})]
    for said, threat, threat_params in threats:
        for why, message, params in evidence:
            for code in (13, 27):
                name, told = tile(code)
                forms.append((f"fold: {said}; {name} is {why}", N_("fold: {threat}; {safety}"),
                              {"threat": (threat, threat_params), "safety": (N_("{tile} is {evidence}"),
                                                                             {"tile": told, "evidence": (message, params)})}))
    return forms


def _told(message: str, params: dict[str, object]) -> str:
    """``message`` translated with its parts translated in turn (names by :func:`seat_name`)."""
    from mahjong_joy.i18n import tr
    from mahjong_joy.names import seat_name

    def part(value: object) -> object:
        if isinstance(value, tuple):
            return _told(*value)
        if callable(value):
            return value()
        return seat_name(value) if isinstance(value, str) else value
    return tr(message, **{key: part(value) for key, value in params.items()})


@pytest.mark.parametrize("language", ("en", *LANGUAGES))
def test_the_live_tables_bubble_tells_every_public_reason_in_the_players_language(language: str) -> None:
    from mahjong_joy.ai.table_words import decision_words, table_words

    forms = _public_forms()
    assert len(forms) > 70
    set_language(language)
    for said, message, params in forms:
        assert table_words(said, Discard(1, 13)) == (said if language == "en" else _told(message, params)), said
    private = "dama: discard 9 of Bamboo, the hand has a yaku; single wait on 5 of Dots, 3 tiles left"
    unknown = "fold: not a form the AI writes"
    assert table_words(private, Discard(1, 26)) == decision_words(Discard(1, 26)) != private  # the hidden hand stays hidden
    assert table_words(unknown, Discard(1, 26)) == (unknown if language == "en" else decision_words(Discard(1, 26)))
