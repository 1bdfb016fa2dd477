"""The guide defends as the Hard AI does (issue 27 #3): danger marks on every tile while
an opponent threatens, a best line that folds with a safe tile when Hard folds, never a
riichi Hard would not declare, furiten marked on the waits, and a defence page in the
help book of every riichi preset (none in Joy)."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.ai.defence import TIERS, seat_defence, tier_of
from mahjong_joy.ai.levels import LevelAI
from mahjong_joy.ai.reading import SeatWords
from mahjong_joy.engine.actions import Discard, Riichi
from mahjong_joy.help_content import pages_for
from mahjong_joy.names import tile_label
from mahjong_joy.rulesets.presets import JOY, PRESETS, RIICHI_PRESETS
from mahjong_joy.tiles import kind_of_code
from mahjong_joy.ui.guide import facts_of
from tests.helpers import h
from tests.test_ui_riichi import QUIET, Tsumogiri, index_of, riichi_table, until

# me (dealer) 2-shanten holding 8p9p; Sora (across) ready, draws the 9p and declares riichi on it
FOLD_HANDS = ["123m45m6p24s77s89p1z", QUIET[0], "234m567p678s11z34s", QUIET[1]]
FOLD_DRAWS = "3p6z9p7z4z"  # me 3p (then 1z goes), Momo 6z, Sora 9p (riichi), Kiri 7z (after her riichi), me 4z


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MAHJONG_JOY_HOME", str(tmp_path))


class RiichiAtOnce(Tsumogiri):
    """A scripted seat: declares riichi the first time it may (on the drawn tile if that
    keeps it ready), else throws what it drew."""

    def choose(self, view, legal):  # noqa: ANN001, ANN201
        riichis = [a for a in legal if isinstance(a, Riichi)]
        if riichis:
            return next((a for a in riichis if a.tile == view.drawn), riichis[0])
        return super().choose(view, legal)


def sora_in_riichi(hands: list[str], draws: str, riichi: bool = True, first: str = "1z", **kw):  # noqa: ANN201
    """My second turn, after discarding ``first``: Sora (across) has declared riichi unless ``riichi`` is off."""
    sora = RiichiAtOnce() if riichi else Tsumogiri()
    app, table = riichi_table(hands, draws, deciders=(Tsumogiri(), sora, Tsumogiri()), **kw)
    until(app, table.can_act)
    table.discard(index_of(table, first))
    until(app, lambda: table.can_act() and len(table.snap.rivers[3]) == 1 and not table.anim.busy)
    table._guide_cache.clear()
    app.step(1 / 60)
    return app, table


def caption(table) -> str:  # noqa: ANN001
    table._guide_cache.clear()
    return table.guide.advice(table).caption


def test_in_riichi_the_guide_folds_with_the_genbutsu_as_hard_does() -> None:
    app, table = sora_in_riichi(FOLD_HANDS, FOLD_DRAWS)
    assert table.snap.riichi[2]
    defence = table.session.defence()
    assert defence is not None and defence.folds and defence.threat == "Sora is in riichi"
    assert caption(table) == "Sora is in riichi: fold with 9 of Dots (safe: in Sora's own river)"
    advice = table.guide.advice(table)
    assert advice.best == index_of(table, "9p")
    # it is the Hard AI's own decision for my seat, from my seat's view
    ctl = table.session.ctl
    action, reason = LevelAI("hard", words=SeatWords(0, ("You", "Momo", "Sora", "Kiri"))).decide(ctl.view(0), ctl.pending.actions)
    assert action == defence.choice and reason.startswith("fold: Sora is in riichi") and kind_of_code(action.tile) == h("9p")[0]
    # the shape-only pick the guide advised before would not have folded
    assert facts_of(table.snap, table.my_tiles()).best.tile != h("9p")[0]


def test_every_tile_gets_a_danger_mark_with_its_reason() -> None:
    app, table = sora_in_riichi(FOLD_HANDS, FOLD_DRAWS)
    defence = table.session.defence()
    tiers = {d.kind: d.tier for d in defence.dangers}
    assert set(tiers) == {kind_of_code(c) for c in table.my_tiles()}
    assert tiers[h("9p")[0]] == "safe"
    assert tiers[h("5m")[0]] == "dangerous"  # a middle tile no suji or wall covers
    six = defence.danger_of(h("6p")[0])  # 9p in her river covers 6p's 7-8 side only: half-suji
    assert six.tier == "risky" and six.evidence == "half-suji" and "6 of Dots is half-suji" in six.reason
    drawn = {i for _, i, _ in table.guide.badges}
    assert drawn == set(range(len(table.my_tiles())))  # one badge per tile, drawn this frame
    five = defence.danger_of(h("5m")[0])
    assert five.reason.startswith("Dangerous: Sora is in riichi; no suji or wall covers 5 of Characters")
    assert "% to deal in" in five.reason
    # hovering a tile shows its reason above the guide panel; the caption names its tier
    table.hover = index_of(table, "6p")
    assert caption(table).startswith("Discard 6 of Dots") and caption(table).endswith("· risky")
    app.step(1 / 60)
    assert table.guide.tip == six.reason  # the reason drawn above the panel
    for index in range(len(table.my_tiles())):  # above the hovered copy, not the first of its kind
        table.hover = index
        table._guide_cache.clear()
        app.step(1 / 60)
        assert table.guide.tip_at == index


def test_the_riichi_button_is_never_advised_on_the_tile_hard_would_not_throw() -> None:
    # ready on a single 5p (Momo threw one before the riichi); the 7z drawn after Kiri threw one
    # past Sora's riichi: two single waits of two tiles each. The shape-only guide kept the dragon
    # and declared on the 5p (a middle tile no suji covers); Hard waits on the 5p instead and
    # declares with the 7z, which cannot deal in
    app, table = sora_in_riichi(["123m456m789p345s1z", QUIET[0], "234m567p678s11z34s", QUIET[1]], "5p5p9p7z7z")
    assert facts_of(table.snap, table.my_tiles()).best_riichi.tile == h("5p")[0]
    defence = table.session.defence()
    assert defence.dangers and defence.danger_of(h("5p")[0]).tier == "dangerous"
    assert isinstance(defence.choice, Riichi) and kind_of_code(defence.choice.tile) == h("7z")[0]
    table.press("riichi")
    advice = table.guide.advice(table)
    assert advice.best == index_of(table, "7z")
    assert advice.caption.startswith(f"Sora is in riichi: push: riichi with {tile_label(h('7z')[0])} (safe: discarded after Sora's riichi)")


def test_a_calm_table_gets_no_danger_talk() -> None:
    app, table = sora_in_riichi(FOLD_HANDS, FOLD_DRAWS, riichi=False)
    assert not any(table.snap.riichi) and table.session.defence() is None
    words = caption(table)
    assert words.startswith("Best: discard") and not any(w in words for w in ("riichi", "fold", "safe", "danger"))
    app.step(1 / 60)
    assert table.guide.badges == []


def test_tiers_follow_the_hard_ai_chance() -> None:
    assert [tier_of(c) for c in (0.0, 0.015, 0.075, 0.13)] == list(TIERS)


def test_joy_has_no_defence_advice() -> None:
    app, table = sora_in_riichi(["123m45m68p24s77s9p1z", *QUIET], "3p6z9p7z5z", riichi=False, preset="joy")
    assert table.session.defence() is None  # no riichi, no furiten: no tile is ever certainly safe


# ------------------------------------------------------------------ furiten


def furiten_table(**kw):  # noqa: ANN201
    """I declare riichi waiting on 6p-9p; Momo throws a 6p I let pass (riichi furiten);
    on my next turn the guide lists my waits marked furiten."""
    from tests.test_ui_riichi import READY  # 111z222z333z99p78p: waits 6p and 9p

    app, table = riichi_table(["111z222z333z99p7p5z", *QUIET], "8p6p1s2s3s", **kw)
    until(app, table.can_act)
    table.press("riichi")
    table.discard(index_of(table, "5z"))
    until(app, lambda: table.snap.claim is not None or (table.can_act() and len(table.snap.rivers[0]) == 1))
    if table.snap.claim is not None:  # Momo's 6p: let it go
        from mahjong_joy.engine.actions import Pass

        table._submit(next(a for a in table.snap.claim.actions if isinstance(a, Pass)))
    until(app, lambda: len(table.snap.rivers[0]) >= 1 and len(table.snap.rivers[3]) >= 1 and table.snap.my_turn and not table.anim.busy)
    table._guide_cache.clear()
    app.step(1 / 60)
    return app, table


def test_riichi_furiten_marks_every_wait() -> None:
    app, table = furiten_table()
    words, notes = table.guide_notes()
    assert words.startswith("Riichi: ") and words.endswith("winning tiles unseen, furiten: tsumo only")
    assert {t for t, _, _ in notes} == set(h("6p9p"))
    assert all(mark.startswith("furiten") for _, _, mark in notes), notes


# ------------------------------------------------------------------ the help book


def test_every_riichi_preset_has_a_defence_page_and_joy_none() -> None:
    for name in RIICHI_PRESETS:
        page = next((p for p in pages_for(PRESETS[name]) if p.title.startswith("Defence")), None)
        assert page is not None, name
        text = " ".join(getattr(b, "text", "") or f"{b.label} {b.note}" for b in page.blocks).lower()
        for word in ("safe", "suji", "kabe", "fold", "genbutsu"):
            assert word in text, (name, word)
    assert not any(p.title.startswith("Defence") for p in pages_for(JOY))
    joy = " ".join(getattr(b, "text", "") for p in pages_for(JOY) for b in p.blocks)
    assert "no tile is ever certainly safe" in joy  # why Joy's book and guide have no defence


def test_furiten_by_a_discarded_wait_marks_every_wait_between_turns() -> None:
    from tests.test_ui_riichi import READY  # waits 6p and 9p

    app, table = riichi_table([READY, *QUIET], "6p")
    until(app, table.can_act)
    table.discard(index_of(table, "9p"))  # 9p in my river: no ron on the 6p either
    until(app, lambda: bool(table.snap.furiten))
    table._guide_cache.clear()
    words, notes = table.guide_notes()
    assert dict((t, mark) for t, _, mark in notes) == {h("6p")[0]: "furiten (9 of Dots)", h("9p")[0]: "furiten (9 of Dots)"}
    assert words.endswith("furiten: tsumo only")


@pytest.mark.parametrize("language", ["en", "ja", "ko", "zh"])
def test_the_guides_words_and_a_records_words_are_one_sentence_told_in_two_languages(language: str) -> None:
    """Danger reasons, threats and furiten evidence are written once (``tr`` for the guide,
    ``i18n.say`` for a record) from the same catalog messages: in English the guide's
    words are the record's, and in any language they are the record's words told again."""
    from mahjong_joy.i18n import set_language
    from mahjong_joy.reason_words import translate_reason

    app, table = sora_in_riichi(FOLD_HANDS, FOLD_DRAWS)
    ctl, names = table.session.ctl, ("You", "Momo", "Sora", "Kiri")
    try:
        set_language(language)
        record = seat_defence(ctl.view(0), ctl.pending.actions, SeatWords(0, names))
        guide = seat_defence(ctl.view(0), ctl.pending.actions, SeatWords(0, names, local=True))
        told = [translate_reason(d.reason) for d in record.dangers]
        assert [d.reason for d in guide.dangers] == told and guide.threat == translate_reason(record.threat)
        assert [d.evidence for d in guide.dangers] == [translate_reason(d.evidence) for d in record.dangers]
        assert {d.tier for d in record.dangers} >= {"safe", "risky", "dangerous"}  # every form of reason is compared
        assert (language == "en") == (told == [d.reason for d in record.dangers])
    finally:
        set_language("en")
