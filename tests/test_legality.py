"""One legality source: the engine's legal list is exactly the actions its checkers allow.

Seeded random play under Joy, Tenhou and Mahjong Soul rules; at every step each seat
is offered a wide set of candidate actions (every discard code, riichi, tsumo, kans,
nine terminals, ron, pass, and each pon, open kan and chi with every choice of copies),
and ``action in legal_actions(seat)`` must agree with ``refusal(action) is None``.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from mahjong_joy.engine.actions import (
    Action, AddedKan, Chi, ClosedKan, Discard, Kan, NineTerminals, Pass, Pon, Riichi, Ron, Tsumo,
)
from mahjong_joy.engine import checks
from mahjong_joy.engine.state import HandState
from mahjong_joy.errors import IllegalActionError
from mahjong_joy.rulesets.joy import ruleset_for
from tests.helpers import h


def copies(kinds: list[int], reds: bool) -> list[tuple[int, ...] | None]:
    """Every choice of codes for the kinds a call takes (plain or red fives), or ``None``
    and one named choice under rules without red fives (which they refuse)."""
    if not reds:
        return [None, tuple(kinds)]
    per_kind = [[k, 34 + k // 9] if k < 27 and k % 9 == 4 else [k] for k in kinds]
    return sorted({tuple(sorted(c, key=lambda x: (x >= 34, x))) for c in product(*per_kind)})


def candidates(hand: HandState, seat: int, rng: random.Random) -> list[Action]:
    """A wide net of actions for ``seat``: every legal one and many near misses."""
    reds = bool(hand.reds)
    held = sorted({hand.code(t) for t in hand.concealed[seat]})
    kinds = sorted({t // 4 for t in hand.concealed[seat]} | set(hand.pons_of(seat)) | {rng.randrange(34)})
    out: list[Action] = [Discard(seat, c) for c in range(37 if reds else 34)]
    out += [Riichi(seat, c) for c in held + [rng.randrange(34)]]
    out += [Tsumo(seat), NineTerminals(seat), Pass(seat), Ron(seat)]
    out += [ClosedKan(seat, k) for k in kinds] + [AddedKan(seat, k) for k in kinds]
    offer = hand.offer()
    if offer is not None:
        k = offer.kind
        out += [Pon(seat, c) for c in copies([k, k], reds)] + [Kan(seat, c) for c in copies([k, k, k], reds)]
        for low in range(k - 2, k + 1):
            run = (low, low + 1, low + 2)
            if 0 <= low and k < 27:
                others = [t for t in run if t != k]
                out += [Chi(seat, run, c) for c in copies(others, reds) if c is not None or not reds]
    return out


def play_and_compare(rules: str, seed: int, hands: int) -> tuple[int, dict[str, int]]:
    """Random legal play; every candidate compared at every step. Returns the number of
    comparisons and how often each action type was legal."""
    rng = random.Random(seed)
    ruleset = ruleset_for(rules)
    compared, legal_seen = 0, {}
    for number in range(hands):
        hand = HandState.from_key(f"legality:{rules}:{seed}:{number}", number % 4, ruleset)
        while not hand.is_finished:
            for seat in range(4):
                legal = hand.legal_actions(seat)
                pool = candidates(hand, seat, rng)
                missing = [a for a in legal if a not in pool]
                assert not missing, f"the candidate net misses legal {missing}"
                for action in pool:
                    allowed = hand.refusal(action) is None
                    assert (action in legal) == allowed, (rules, seed, action, hand.refusal(action), legal)
                    compared += 1
                for action in legal:
                    legal_seen[type(action).__name__] = legal_seen.get(type(action).__name__, 0) + 1
            seat = hand.seats_to_act()[0]
            hand.apply(choose(hand, seat, rng))
    return compared, legal_seen


def choose(hand: HandState, seat: int, rng: random.Random) -> Action:
    """A seeded player that gets hands ready (so riichi, ron and tsumo come up): a win
    when it can, often a riichi or a call, else mostly the discard that lowers shanten."""
    options = hand.legal_actions(seat)
    wins = [a for a in options if isinstance(a, (Ron, Tsumo))]
    if wins:
        return wins[0]
    special = [a for a in options if not isinstance(a, (Pass, Discard))]
    if special and rng.random() < 0.4:
        return rng.choice(special)
    discards = [a for a in options if isinstance(a, Discard)]
    if not discards or rng.random() < 0.2:
        return rng.choice(options)
    counts, melds = hand.counts[seat], len(hand.melds[seat])

    def shanten_after(action: Discard) -> int:
        kind = action.tile if action.tile < 34 else 4 + 9 * (action.tile - 34)
        counts[kind] -= 1
        value = hand.ruleset.shanten(counts, melds)
        counts[kind] += 1
        return value

    best = min(map(shanten_after, discards))
    return rng.choice([a for a in discards if shanten_after(a) == best])


@pytest.mark.parametrize("rules, seed", [("joy", 1), ("tenhou", 2), ("mahjong_soul", 3)])
def test_the_legal_list_is_exactly_what_the_checkers_allow(rules: str, seed: int) -> None:
    compared, seen = play_and_compare(rules, seed, hands=4)
    assert compared > 10_000
    assert {"Discard", "Pass", "Pon", "Chi"} <= set(seen), seen  # calls were on offer, not only discards
    assert "Ron" in seen or "Tsumo" in seen, seen
    if rules != "joy":
        assert "Riichi" in seen, seen


def test_a_refused_open_kan_names_its_real_reason() -> None:
    """Once a refused open kan always blamed the kan limit when three were held; now the
    checker says what is wrong (here: the named copies are not held)."""
    ruleset = ruleset_for("mahjong_soul")
    rng = random.Random(7)
    for number in range(40):
        hand = HandState.from_key(f"kan-reason:{number}", 0, ruleset)
        while not hand.is_finished:
            seat = hand.seats_to_act()[0]
            legal = hand.legal_actions(seat)
            kans = [a for a in legal if isinstance(a, Kan)]
            if kans and kans[0].consumed is not None:
                wrong = tuple(sorted(set(range(34)) - {kans[0].consumed[0]}))[:3]
                with pytest.raises(IllegalActionError) as caught:
                    hand.apply(Kan(seat, wrong))
                assert "does not hold" in str(caught.value) and "no kan is possible" not in str(caught.value)
                return
            hand.apply(rng.choice(legal))
    pytest.fail("no open kan was offered in 40 seeded hands")


def facts_of(hand: str, *, seat: int = 0, melds: tuple = (), riichi: bool = False, wall_left: int = 50,
             can_kan: bool = True, rules: str = "tenhou") -> checks.SeatFacts:
    """Plain facts for a seat holding ``hand`` (no engine anywhere)."""
    ruleset = ruleset_for(rules)
    kinds = h(hand)
    counts = tuple(kinds.count(k) for k in range(34))
    return checks.SeatFacts(seat, ruleset, ruleset.rules, counts, tuple(kinds), melds, None, False, riichi, 0, 0,
                            False, False, 25_000, wall_left, can_kan, lambda tsumo, robbed: True)


PONS = (("pon", (27, 27, 27)), ("pon", (28, 28, 28)), ("pon", (29, 29, 29)))


@pytest.mark.parametrize("facts, action, reason", [
    (facts_of("5m123p456s789s11z"), ("pon", ()), "holds only 1 5m"),
    (facts_of("55m23p456s789s11z"), ("kan", ()), "holds only 2 5m"),
    (facts_of("555m3p456s789s11z", can_kan=False), ("kan", ()), checks.NO_KAN_NOW),
    (facts_of("55m23p456s789s11z", riichi=True), ("pon", ()), "no calls after riichi"),
    (facts_of("55m23p456s789s11z", wall_left=0), ("pon", ()), "no calls on the last discard"),
    (facts_of("46m23p456s789s11z", seat=1), ("chi", (3, 4, 5)), "chi only from the seat on the left"),
    (facts_of("46m23p456s789s11z"), ("chi", (2, 3, 4)), "cannot make (2, 3, 4) with 5m"),
    (facts_of("6788m", melds=PONS), ("chi", (4, 5, 6)), "kuikae would leave no tile to discard"),
    (facts_of("46m23p456s789s11z"), ("chi", (3, 4, 5)), None),
    (facts_of("55m23p456s789s11z"), ("pon", ()), None),
])
def test_the_claim_checkers_read_plain_facts(facts: checks.SeatFacts, action: tuple, reason: str | None) -> None:
    """Pon, chi and open kan each have a checker over plain facts (a 5m discarded by
    seat 3, seat 0 on its right); a refusal names the real cause."""
    offer = checks.Offer(3, 4, 4)
    kind, tiles = action
    if kind == "pon":
        found = checks.pon_blocker(facts, offer)
    elif kind == "kan":
        found = checks.open_kan_blocker(facts, offer)
    else:
        found = checks.chi_blocker(facts, offer, tiles)
    assert found == reason
