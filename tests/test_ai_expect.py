"""Hard's worth of a hand (mahjong_joy/ai/expect.py): real win values times unseen copies."""

from __future__ import annotations

from mahjong_joy.ai import LevelAI
from mahjong_joy.ai.expect import FURITEN_SHARE, Outlook, equity
from mahjong_joy.engine.actions import Discard
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.riichi.situation import Meld, WinSituation
from mahjong_joy.tiles import EAST, SOUTH, to_counts34
from tests.helpers import h
from tests.test_ai_levels import SEAT, view


def counts(text: str) -> list[int]:
    return list(to_counts34(sorted(h(text))))


def test_a_win_is_worth_the_scorers_ron_value_with_riichi_while_closed() -> None:
    v = view("234m567p22s678s45p9m", dora="1s")
    outlook = Outlook(v)
    hand = counts("234m567p22s678s345p")
    expected = ruleset_for("tenhou").score(WinSituation(
        hand=tuple(sorted(h("234m567p22s678s345p"))), win_tile=h("3p")[0], riichi=True,
        seat_wind=SOUTH + 2, round_wind=EAST, dora_indicators=tuple(h("1s")),
    ))
    assert expected.valid and expected.han >= 5  # riichi, pinfu, all simples, dora 2
    assert outlook.win_value(hand, h("3p")[0]) == expected.total


def test_a_ready_hand_is_worth_its_waits_copies_times_their_values() -> None:
    outlook = Outlook(view("234m567p22s678s45p9m", dora="1s"))
    hand = counts("234m567p22s678s45p")
    worth, width = outlook.ready(hand)
    assert width == 7  # four 3p and three 6p (one is in the hand)
    three, six = h("3p")[0], h("6p")[0]
    values = []
    for w in (three, six):
        hand[w] += 1
        values.append(outlook.win_value(hand, w))
        hand[w] -= 1
    assert worth == 4 * values[0] + 3 * values[1]


def test_a_furiten_wait_counts_only_its_tsumo_share() -> None:
    fresh = Outlook(view("234m567p22s678s45p9m"))
    furiten = Outlook(view("234m567p22s678s45p9m", rivers=("6p", "", "", "")))
    hand = counts("234m567p22s678s45p")
    worth, _ = fresh.ready(hand)
    seen_worth, width = furiten.ready(hand)
    assert width == 6  # one more 6p is in the seat's own river
    assert 0 < seen_worth < worth * FURITEN_SHARE + 1


def test_an_open_hand_waiting_without_a_yaku_is_worth_nothing() -> None:
    melds = ((("chi", tuple(h("123m"))),), (), (), ())
    outlook = Outlook(view("456p789s55s67m9p", melds=melds))
    assert outlook.melds == (Meld("chi", tuple(h("123m"))),)
    assert outlook.ready(counts("456p789s55s67m")) == (0.0, 8)


def test_one_from_ready_counts_the_dora_its_ready_hands_will_hold() -> None:
    hand = "234m567p678s2s46p9p"  # three sets, a closed wait and two singles: one from ready
    plain = Outlook(view(hand + "1z", dora="1z")).one_from_ready(counts(hand))
    dora = Outlook(view(hand + "1z", dora="1m")).one_from_ready(counts(hand))  # 2m is dora
    assert 0 < plain[0] < dora[0]
    assert 0 < plain[1] < dora[1]  # the average win is worth more too


def test_equity_rises_with_useful_tiles_and_an_open_hand_counts_calls() -> None:
    assert equity(1, 20, 3900, 60) > equity(1, 10, 3900, 60) > equity(2, 10, 3900, 60)
    assert equity(1, 10, 2000, 60, open_hand=True) > equity(1, 10, 2000, 60)
    assert equity(0, 4, 2000, 60, open_hand=True) == equity(0, 4, 2000, 60)


def test_hard_takes_the_single_wait_that_keeps_all_simples() -> None:
    # 9p or 5p out: 9p leaves a two-sided 2-5p wait of all simples, 5p a single 9p wait
    v = view("234m567m345p678s59p", dora="1z")
    action, reason = LevelAI("hard").decide(v, v.legal_actions)
    assert action == Discard(SEAT, h("9p")[0])
    assert reason.startswith("dama: discard 9 of Dots, the hand has a yaku; ")


def test_a_dama_turn_works_out_each_hands_dama_han_once(monkeypatch) -> None:
    """The riichi choice and the reason's words both ask for the dama han; the turn's one
    Outlook keeps it, so the hand is scored for it once."""
    asked: list[bytes] = []
    plain = Outlook._dama_han

    def counted(self, counts13, waits):
        asked.append(bytes(counts13))
        return plain(self, counts13, waits)

    monkeypatch.setattr(Outlook, "_dama_han", counted)
    valuable = view("234m567m45p22s678s8p", dora="1s", riichi_ok=True)  # all simples, dora 2s twice
    action, reason = LevelAI("hard").decide(valuable, valuable.legal_actions)
    assert action == Discard(SEAT, h("8p")[0])
    assert reason.startswith("dama: discard 8 of Dots, the hand has a yaku")
    assert asked and len(asked) == len(set(asked))
