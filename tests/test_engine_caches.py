"""The engine's per-hand caches answer exactly what a fresh computation answers, and the
seat view carries codes only (issue 24: one tile shape at the edges; speed work).

Every cache here lives inside one hand (a seat's waits, its sorted codes, its shanten
floor, the table's part of the views, the shared meld tuple) or is bounded (the random
AI's texts); these tests play seeded games and compare each cached answer with the
value worked out from scratch at every decision.
"""

from __future__ import annotations

import random

import pytest

from mahjong_joy.ai import random_legal
from mahjong_joy.ai.random_legal import RandomLegalAI, position_key
from mahjong_joy.controller import Controller
from mahjong_joy.engine import checks
from mahjong_joy.engine.state import Phase
from mahjong_joy.engine.view import SeatView, observe
from mahjong_joy.melds import Meld, code_order
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.tiles import KIND_COUNT, KIND_OF_CODE


def _decisions(preset: str, seed: int, hands: int):
    """Every decision point of a seeded random-AI game: (hand state, seat to act)."""
    ctl = Controller(("random",) * 4, seed, ruleset_for(preset), max_hands=hands)
    while not ctl.is_over:
        hand = ctl.hand
        if not hand.is_finished:
            for seat in hand.seats_to_act():
                yield hand, seat
        ctl.step(1)


@pytest.mark.parametrize("preset", ["joy", "tenhou", "mahjong_soul"])
def test_cached_waits_hands_and_legal_lists_match_fresh_ones(preset: str) -> None:
    ruleset = ruleset_for(preset)
    checked = 0
    for hand, seat in _decisions(preset, 11, 3):
        for s, st in enumerate(hand.seats):
            size = len(st.concealed) + 3 * len(st.melds)
            fresh = ruleset.waits(st.counts, len(st.melds)) if size == 13 else ()
            assert hand.waits_of(s) == fresh, (s, st.concealed)
            assert st.wait_mask == sum(1 << w for w in fresh)
            codes = sorted((hand.code(t) for t in st.concealed), key=code_order)
            assert list(hand.shown_hand(s)) == codes
        legal = hand.legal_actions(seat)
        assert legal is hand.legal_actions(seat)  # one tuple per state, handed out as is
        if hand.phase is Phase.AWAITING_DISCARD:
            assert list(legal) == checks.own_turn_actions(hand.facts(seat))  # no floor: the plain checker
            st = hand.seats[seat]
            assert hand._shanten_floor(seat) <= ruleset.shanten(st.counts, len(st.melds))
        checked += 1
    assert checked > 100


def test_claim_opportunities_are_those_the_checkers_give() -> None:
    """A discard's opportunities (found with the kept waits and has_claim) are exactly the
    seats where the plain checkers find a ron or a call."""
    ruleset = ruleset_for("tenhou")
    seen = 0
    for hand, _ in _decisions("tenhou", 5, 4):
        window = hand.stage
        if hand.phase is not Phase.AWAITING_CLAIMS or window.rons or window.waiting != {o.seat for o in window.opportunities}:
            continue  # only a fresh window, before any answer
        offer = hand.offer()
        for step in (1, 2, 3):
            seat = (offer.from_seat + step) % 4
            st = hand.seats[seat]
            facts = hand.facts(seat, window.tile)
            may = checks.may_matter(ruleset, st.counts, len(st.melds), offer.kind, step == 1)
            calls = checks.call_options(facts, offer) if may else ()
            wins = may and checks.ron_blocker(facts, offer) != checks.DOES_NOT_WIN
            found = next((o for o in window.opportunities if o.seat == seat), None)
            if found is None:
                assert not calls and not (wins and checks.ron_blocker(facts, offer) is None)
            else:
                assert found.options == calls
            seen += 1
    assert seen > 30


def test_has_claim_agrees_with_claim_options() -> None:
    ruleset = ruleset_for("tenhou")
    rng = random.Random(24)
    for _ in range(20_000):
        counts = [rng.choice((0, 0, 0, 1, 1, 2, 3)) for _ in range(KIND_COUNT)]
        tile, from_left = rng.randrange(KIND_COUNT), rng.random() < 0.5
        assert ruleset.has_claim(counts, tile, from_left) == bool(ruleset.claim_options(counts, tile, from_left))


def test_the_seat_view_carries_codes_and_derives_kinds() -> None:
    fields = set(SeatView._fields)
    assert {"hand", "drawn", "melds"} <= fields
    assert not fields & {"hand_codes", "drawn_code", "drawn_tile", "meld_sets", "counts34"}
    reds = 0
    for hand, seat in _decisions("tenhou", 3, 2):
        view = observe(hand, seat)
        assert list(view.hand) == sorted(view.hand, key=code_order)
        assert view.kinds() == tuple(sorted(KIND_OF_CODE[c] for c in view.hand))
        assert view.counts34() == list(hand.seats[seat].counts)
        reds += sum(c >= 34 for c in view.hand)
        if view.drawn is not None:
            assert view.drawn == hand.code(hand.drawn) and view.drawn_kind == KIND_OF_CODE[view.drawn]
        assert all(isinstance(m, Meld) for sets in view.melds for m in sets)
        assert view.melds == tuple(st.shown_melds for st in hand.seats)
    assert reds  # a red five shows as its own code in the hand


def test_position_key_texts_do_not_depend_on_what_was_seen_before() -> None:
    """The random AI's kept texts (by the identity of each river and meld tuple) give the
    key a fresh computation gives, whatever the order of the views asked."""
    def fresh(view: SeatView) -> str:
        rivers = ";".join(",".join(str(KIND_OF_CODE[e.tile]) for e in river) for river in view.rivers)
        melds = ";".join(repr(tuple((m.type, m.kinds) for m in sets)) for sets in view.melds)
        hand = ",".join(str(k) for k in view.kinds())
        return f"{view.seat}|{view.phase.value}|{view.wall_count}|{view.last_discard}|{hand}|{rivers}|{melds}"

    views = [observe(hand, seat) for hand, seat in _decisions("tenhou", 9, 2)]
    rng = random.Random(7)
    for view in rng.sample(views, len(views)) + views:
        assert position_key(view) == fresh(view)
    assert len(random_legal._RIVER_TEXTS) <= random_legal._TEXTS_KEPT  # bounded
    assert RandomLegalAI(1).choose(views[0], views[0].legal_actions) in views[0].legal_actions
