"""Hypothesis: random action sequences in riichi hands (both presets), legal and illegal.

A hand is played some steps by the potential AI (it declares riichi whenever it
may, so riichi states come early), then every step either takes a legal action,
perturbs one (another seat, the red or plain copy, another tile, a missing field),
or makes one up from any type and any field values, malformed ones included
(``Discard(seat=1, tile=None)``, ``Pon(seat=1, consumed=("x",))``, floats, bools,
out-of-range codes). An illegal action raises ``IllegalActionError`` (a
``MahjongJoyError``; never ``TypeError``, ``KeyError`` or ``AssertionError``) and
changes nothing (``fingerprint`` before == after); a legal one always applies,
and so does every other legal action of that moment (tried on copies).
"""

from __future__ import annotations

import copy
import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_joy.ai import PotentialAI
from mahjong_joy.engine import HandState
from mahjong_joy.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kan,
    NineTerminals,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from mahjong_joy.engine.view import observe
from mahjong_joy.errors import IllegalActionError, MahjongJoyError
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.presets import RIICHI_PRESETS
from tests.invariants import check_hand, fingerprint

RULESETS = {name: ruleset_for(name) for name in RIICHI_PRESETS}
AI = PotentialAI()

junk = st.sampled_from([None, True, False, 1.0, 5.0, -0.0, "x", "5m", (), [], [4], {"tile": 4}, b"\x04"])
seats = st.one_of(st.integers(-1, 4), junk)
codes = st.one_of(st.integers(-2, 38), st.integers(-2, 38), junk)
code_tuples = st.one_of(st.tuples(codes), st.tuples(codes, codes), st.tuples(codes, codes, codes),
                        st.lists(codes, max_size=3), st.tuples(codes, codes, codes, codes, codes), junk)
consumed = st.one_of(st.none(), code_tuples)
made_up = st.one_of(
    st.builds(Discard, seats, codes),
    st.builds(Riichi, seats, codes),
    st.builds(ClosedKan, seats, codes),
    st.builds(AddedKan, seats, codes),
    st.builds(Tsumo, seats),
    st.builds(Ron, seats),
    st.builds(Pass, seats),
    st.builds(NineTerminals, seats),
    st.builds(Pon, seats, consumed),
    st.builds(Kan, seats, consumed),
    st.builds(Chi, seats, code_tuples, consumed),
    st.builds(Action, seats),
    junk,
)


def perturbed(action: Action, data: st.DataObject) -> object:
    """A legal action with one field changed: seat, tile (red/plain or any), or consumed."""
    fields = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    name = data.draw(st.sampled_from(sorted(fields)))
    value = fields[name]
    if isinstance(value, int) and value in (4, 13, 22, 34, 35, 36) and data.draw(st.booleans()):
        fields[name] = {4: 34, 13: 35, 22: 36, 34: 4, 35: 13, 36: 22}[value]
    elif isinstance(value, tuple) and value and data.draw(st.booleans()):
        fields[name] = value[:-1] + (data.draw(codes),)
    else:
        fields[name] = data.draw(st.one_of(codes, code_tuples))
    return type(action)(**fields)


def is_legal(hand: HandState, action: object) -> bool:
    """Whether ``apply`` must accept it: one of the legal actions with the same field
    types (``5.0`` and ``True`` compare equal to ``5`` and ``1`` but are malformed), or
    a call without ``consumed`` when such a call is legal (the engine's default)."""
    seat = getattr(action, "seat", None)
    if type(seat) is not int or not 0 <= seat < 4:
        return False
    legal = hand.legal_actions(seat)
    if any(a == action and repr(a) == repr(action) for a in legal):
        return True
    if type(action) in (Pon, Kan, Chi) and action.consumed is None:  # type: ignore[union-attr]
        return any(type(a) is type(action) and (type(a) is not Chi or repr(a.tiles) == repr(action.tiles))
                   for a in legal)
    if type(action) in (Discard, Riichi) and type(action.tsumogiri) is bool:  # type: ignore[union-attr]
        return copy_choice_is_legal(hand, action, legal)  # type: ignore[arg-type]
    return False


def copy_choice_is_legal(hand: HandState, action: Discard | Riichi, legal: list) -> bool:
    """A discard naming its copy (mjai's tsumogiri flag): the plain discard is legal and
    the named copy exists: the drawn tile shows that code, or a held copy besides it does."""
    plain = type(action)(action.seat, action.tile)
    if not any(a == plain and repr(a) == repr(plain) for a in legal):
        return False
    drawn = hand.drawn
    if action.tsumogiri:
        return drawn is not None and hand.code(drawn) == action.tile
    return any(t != drawn and hand.code(t) == action.tile for t in hand.seats[action.seat].concealed)


def every_legal_action_applies(hand: HandState) -> None:
    for seat in range(4):
        for action in hand.legal_actions(seat):
            trial = copy.deepcopy(hand)
            trial.apply(action)
            check_hand(trial)


def prefix(preset: str, seed: int, steps: int) -> HandState:
    """A hand of ``preset`` after ``steps`` moves of the potential AI."""
    hand = HandState.from_key(f"riichi-prop:{seed}", seed % 4, RULESETS[preset])
    for _ in range(steps):
        if hand.is_finished:
            break
        seat = hand.seats_to_act()[0]
        hand.apply(AI.choose(observe(hand, seat), hand.legal_actions(seat)))
    return hand


@pytest.mark.parametrize("preset", RIICHI_PRESETS)
@settings(max_examples=25, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), steps=st.integers(0, 70), data=st.data())
def test_illegal_actions_raise_and_change_nothing_legal_ones_apply(preset: str, seed: int, steps: int,
                                                                  data: st.DataObject) -> None:
    hand = prefix(preset, seed, steps)
    for turn in range(40):
        if hand.is_finished:
            break
        if turn % 10 == 0:
            every_legal_action_applies(hand)
        seat = hand.seats_to_act()[0]
        legal = hand.legal_actions(seat)
        how = data.draw(st.sampled_from(("legal", "perturbed", "made_up")))
        if how == "legal":
            action: object = legal[data.draw(st.integers(0, len(legal) - 1))]
        elif how == "perturbed":
            action = perturbed(legal[data.draw(st.integers(0, len(legal) - 1))], data)
        else:
            action = data.draw(made_up)
        legal_now = is_legal(hand, action)
        before = None if legal_now else fingerprint(hand)  # only a refusal is compared with it
        try:
            hand.apply(action)  # type: ignore[arg-type]
        except IllegalActionError as exc:
            assert not legal_now, f"legal {action!r} raised {exc}"
            assert isinstance(exc, MahjongJoyError)
            assert f"seat {getattr(action, 'seat', '?')} cannot" in str(exc), str(exc)
            assert fingerprint(hand) == before, f"{action!r} was refused but changed the hand"
        else:
            assert legal_now, f"illegal {action!r} was accepted"
            check_hand(hand)


MALFORMED = [  # each made for the seat to act (seat -> action)
    lambda seat: Discard(seat=seat, tile=None),
    lambda seat: Pon(seat=seat, consumed=("x",)),
    lambda seat: Discard(seat=seat, tile=(3,)),  # a tuple where one code belongs (was a TypeError)
    lambda seat: AddedKan(seat=seat, tile=(20,)),
    lambda seat: Riichi(seat=seat, tile=[3]),
    lambda seat: Chi(seat=seat, tiles=5),
    lambda seat: Discard(seat=seat, tile=5.0),
    lambda seat: Discard(seat=bool(seat), tile=5),
    lambda seat: Tsumo(seat=None),
    lambda seat: "discard 5m",
]


@pytest.mark.parametrize("preset", RIICHI_PRESETS)
@pytest.mark.parametrize("make", MALFORMED)
def test_malformed_actions_raise_the_projects_error(preset: str, make: object) -> None:
    hand = prefix(preset, 3, 0)
    action = make(hand.current)  # type: ignore[operator]
    before = fingerprint(hand)
    with pytest.raises(IllegalActionError, match="cannot"):
        hand.apply(action)
    assert fingerprint(hand) == before
