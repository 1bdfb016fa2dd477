"""At a live table an AI's bubble says only what a player sitting there could know
(play test, issue 27 #1), and a bubble belongs to its hand (#7)."""

from __future__ import annotations

from mahjong_joy.ai.reading import kind_text
from mahjong_joy.ai.table_words import PUBLIC_HEADS, decision_words, table_words
from mahjong_joy.controller import Controller
from mahjong_joy.engine.actions import Discard, Pass, Pon, Riichi
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.tiles import kind_of_code


def _hidden_wait_names(ctl: Controller, seat: int) -> set[str]:
    """The words for every tile ``seat`` waits on now (empty unless it is ready)."""
    return {kind_text(kind) for kind in ctl.hand.waits_of(seat)}


def test_no_live_bubble_names_a_tile_of_a_hidden_wait_over_seeded_hard_games() -> None:
    shown = 0
    for seed in range(3):
        ctl = Controller(("hard",) * 4, seed=seed, ruleset=ruleset_for("tenhou"), max_hands=4)
        while not ctl.is_over:
            ctl.step(limit=1)
            for seat, found in enumerate(ctl.table_reasons()):
                if found is None or ctl.hand.is_finished:
                    continue
                number, words = found
                action = ctl.decisions[number]
                public_tile = kind_text(kind_of_code(action.tile)) if isinstance(action, (Discard, Riichi)) else None
                leaked = {name for name in _hidden_wait_names(ctl, seat) if name in words and name != public_tile}
                assert not leaked, f"seed {seed}, decision {number}: {words!r} names the hidden wait {leaked}"
                assert "wait" not in words and "shanten" not in words
                shown += 1
    assert shown > 100  # the games really showed bubbles


def test_a_reason_with_a_hidden_wait_becomes_the_decision_in_words() -> None:
    full = "riichi: two-sided wait on 6-9 of Bamboo, 5 tiles left"
    assert table_words(full, Riichi(2, 20)) == "riichi: discard 3 of Bamboo"
    assert table_words("pass: calling 7 of Dots leaves no yaku", Pass(1)) == "pass"
    assert decision_words(Pon(3)) == "pon"


def test_a_fold_reason_made_of_public_facts_is_shown_whole() -> None:
    words = "fold: Sora is in riichi; 5 of Dots is safe (in Sora's own river)"
    assert "fold" in PUBLIC_HEADS and table_words(words, Discard(1, 13)) == words


def test_no_bubble_carries_into_the_next_hand() -> None:
    ctl = Controller(("hard",) * 4, seed=5, ruleset=ruleset_for("tenhou"), max_hands=3, auto_deal=False)
    ctl.step()
    assert ctl.hand.is_finished and any(ctl.table_reasons())  # the hand's AI spoke
    ctl.next_hand()
    assert ctl.table_reasons() == (None,) * 4  # a new hand starts with no thoughts
    ctl.step(limit=1)
    assert sum(found is not None for found in ctl.table_reasons()) <= 1
