"""Hand-written decisions of the three levels, each with the reason it must give."""

from __future__ import annotations

from mahjong_joy.ai import LevelAI, PotentialAI, make_ai
from mahjong_joy.controller import Controller
from mahjong_joy.engine.actions import Chi, Discard, Pass, Pon, Riichi
from mahjong_joy.engine.state import Phase, RiverEntry
from mahjong_joy.engine.view import SeatView
from mahjong_joy.melds import Meld
from mahjong_joy.rulesets.joy import ruleset_for
from tests.helpers import h

SEAT = 0


def river(text: str, riichi_at: int | None = None) -> tuple[RiverEntry, ...]:
    return tuple(RiverEntry(k, False, None, i == riichi_at) for i, k in enumerate(h(text) if text else []))


def view(hand: str, *, rivers=("", "", "", ""), riichi=(None, None, None, None), melds=((), (), (), ()),
         dora="1z", points=(25000, 25000, 25000, 25000), round_wind="E", dealer=1, wall=40,
         offer: str | None = None, discarder: int = 3, legal=None, riichi_ok: bool = False,
         needs_yaku: bool = True) -> SeatView:
    """A seat-0 view: its turn (14 tiles less 3 per meld) or a claim on ``offer``."""
    kinds = tuple(sorted(h(hand)))
    size = (14 if offer is None else 13) - 3 * len(melds[SEAT])
    assert len(kinds) == size, f"{hand!r} holds {len(kinds)} tiles; this view needs {size}"
    rivs = tuple(river(r, riichi[s]) for s, r in enumerate(rivers))
    if legal is None:
        if offer is None:
            legal = [Discard(SEAT, k) for k in sorted(set(kinds))]
            if riichi_ok:
                legal += [Riichi(SEAT, k) for k in sorted(set(kinds))]
        else:
            legal = [Pass(SEAT)]
    phase = Phase.AWAITING_DISCARD if offer is None else Phase.AWAITING_CLAIMS
    return SeatView(
        seat=SEAT, hand=kinds, drawn=None, opportunity=None, legal_actions=tuple(legal), waits=(), furiten=False, pons=(),
        phase=phase, current=SEAT if offer is None else discarder, dealer=dealer, round_wind=round_wind,
        melds=tuple(tuple(Meld(t, tiles) for t, tiles in m) for m in melds), rivers=rivs, hand_sizes=(len(kinds), 13, 13, 13),
        riichi=tuple(riichi), points=tuple(points), sticks=0, wall_count=wall, dora_indicators=tuple(h(dora)),
        last_discard=None if offer is None else h(offer)[0], needs_yaku=needs_yaku,
    )


def test_normal_and_hard_fold_on_a_riichi_with_a_genbutsu() -> None:
    v = view("139m2458p3478s567z", rivers=("", "", "1z9s5p2m3z", ""), riichi=(None, None, 4, None))
    for level in ("normal", "hard"):
        ai = LevelAI(level)
        assert ai.choose(v, v.legal_actions) == Discard(SEAT, h("5p")[0]), level
        assert ai.last_reason == "fold: Sora is in riichi; 5 of Dots is safe (in Sora's own river)"


def test_a_tile_discarded_after_the_riichi_is_safe_too() -> None:
    v = view("139m2458p3478s567z", rivers=("", "", "1z9s6s2m3z", "9m1s2s3z4z8p"), riichi=(None, None, 3, None))
    ai = LevelAI("normal")
    assert ai.choose(v, v.legal_actions) == Discard(SEAT, h("8p")[0])
    assert ai.last_reason == "fold: Sora is in riichi; 8 of Dots is safe (discarded after Sora's riichi)"


def test_easy_never_defends() -> None:
    v = view("139m2458p3478s567z", rivers=("", "", "1z9s5p2m3z", ""), riichi=(None, None, 4, None))
    ai = LevelAI("easy")
    assert ai.choose(v, v.legal_actions) != Discard(SEAT, h("5p")[0])
    assert ai.last_reason.startswith("discard ")


def test_hard_pushes_a_mangan_ready_hand_with_a_suji_tile() -> None:
    v = view("456m345p67p55s2s", melds=((("chi", tuple(h("234m"))),), (), (), ()), dora="4s3m",
             rivers=("", "", "9m1z5s8p3z", ""), riichi=(None, None, 2, None))
    ai = LevelAI("hard")
    assert ai.choose(v, v.legal_actions) == Discard(SEAT, h("2s")[0])
    assert ai.last_reason == "push: ready for a mangan, 2 of Bamboo is suji"


def test_no_level_calls_into_a_hand_with_no_yaku() -> None:
    v = view("1289m456p789s133z", offer="7m", discarder=3, legal=[Pass(SEAT), Chi(SEAT, tuple(h("789m")))])
    for level in ("easy", "normal", "hard"):
        ai = LevelAI(level)
        assert ai.choose(v, v.legal_actions) == Pass(SEAT), level
    assert LevelAI("hard").decide(v, v.legal_actions)[1] == "pass: calling 7 of Characters leaves no yaku"


def test_hard_pons_a_value_tile_and_says_so() -> None:
    v = view("234m67p3488s1177z", offer="7z", discarder=2, legal=[Pass(SEAT), Pon(SEAT)])
    ai = LevelAI("hard")
    assert ai.choose(v, v.legal_actions) == Pon(SEAT)
    assert ai.last_reason == "pon Red dragon: value tile, 1 from ready"


def test_riichi_on_a_hand_with_no_yaku_and_dama_on_a_valuable_one() -> None:
    no_yaku = view("123m789m45p11s789s1z", riichi_ok=True)
    ai = LevelAI("normal")
    assert ai.choose(no_yaku, no_yaku.legal_actions) == Riichi(SEAT, h("1z")[0])
    assert ai.last_reason == "riichi: two-sided wait on 3-6 of Dots, 8 tiles left"
    valuable = view("234m567m45p22s678s8p", dora="1s", riichi_ok=True)  # all simples, dora 2s twice
    for level in ("normal", "hard"):
        ai = LevelAI(level)
        assert ai.choose(valuable, valuable.legal_actions) == Discard(SEAT, h("8p")[0]), level
        assert ai.last_reason.startswith("dama: discard 8 of Dots, the hand has a yaku; two-sided wait on 3-6 of Dots")


def test_hard_all_last_top_folds_rather_than_risk_first_place() -> None:
    v = view("234m567m45p89p11s79s", round_wind="S", dealer=3, points=(28000, 25000, 26000, 21000),
             rivers=("", "", "9m1z5m3z", ""), riichi=(None, None, 3, None))
    ai = LevelAI("hard")
    assert ai.choose(v, v.legal_actions) == Discard(SEAT, h("5m")[0])
    assert ai.last_reason == "fold: all-last, 1st by 2000; a deal-in to Sora would lose first place; 5 of Characters is safe (in Sora's own river)"
    early = v._replace(round_wind="E", dealer=1)  # before all-last, first place is not at stake
    assert not LevelAI("hard").decide(early, early.legal_actions)[1].startswith("fold: all-last")


def test_hard_all_last_riichis_when_dama_cannot_move_it_up() -> None:
    v = view("234m567m45p22s678s9p", round_wind="S", dealer=3, points=(22000, 30000, 25900, 22100), riichi_ok=True)
    ai = LevelAI("hard")
    assert ai.choose(v, v.legal_actions) == Riichi(SEAT, h("9p")[0])
    assert ai.last_reason == "riichi: all-last, 4th; needs 100 to pass Kiri, dama is not enough" or ai.last_reason.startswith("riichi")


def test_joy_easy_calls_only_when_the_call_makes_the_hand_ready() -> None:
    far = view("1289m456p78s1134z", offer="1z", discarder=2, legal=[Pass(SEAT), Pon(SEAT)], needs_yaku=False)
    ai = LevelAI("easy")
    assert ai.choose(far, far.legal_actions) == Pass(SEAT)
    assert ai.last_reason == "pass: calling would not make the hand ready"
    near = view("123m456p789s23s11z", offer="1z", discarder=2, legal=[Pass(SEAT), Pon(SEAT)], needs_yaku=False)
    assert ai.choose(near, near.legal_actions) == Pon(SEAT)
    assert ai.last_reason == "pon East wind: the call makes the hand ready"


def test_joy_normal_is_the_potential_ai_exactly() -> None:
    """Seeded Joy games: at every decision Normal picks what the potential AI picks."""
    checked = 0
    for seed in range(3):
        ctl = Controller(seats=("normal",) * 4, seed=seed, ruleset=ruleset_for("joy"), max_hands=2)
        reference = PotentialAI()
        for decider in ctl.deciders:
            original = decider.choose

            def choose(v, legal, original=original):
                nonlocal checked
                checked += 1
                ours = original(v, legal)
                assert ours == reference.choose(v, legal)
                return ours

            decider.choose = choose  # type: ignore[method-assign]
        while not ctl.is_over:
            ctl.step()
    assert checked > 100


def test_levels_are_deterministic_and_always_explain() -> None:
    for rules in ("tenhou", "joy"):
        from mahjong_joy.rulesets.joy import ruleset_for

        ctl = Controller(seats=("hard", "normal", "easy", "hard"), seed=4, ruleset=ruleset_for(rules), max_hands=2)
        while not ctl.is_over:
            ctl.step()
        assert all(isinstance(r, str) and r for r in ctl.reasons if r is not None)
        assert sum(r is not None for r in ctl.reasons) > len(ctl.reasons) // 2
        again = Controller(seats=("hard", "normal", "easy", "hard"), seed=4, ruleset=ruleset_for(rules), max_hands=2)
        while not again.is_over:
            again.step()
        assert again.decisions == ctl.decisions and again.reasons == ctl.reasons


def test_make_ai_knows_the_levels() -> None:
    assert isinstance(make_ai("hard"), LevelAI) and make_ai("hard").level == "hard"


def test_joy_easy_never_calls_chi_even_into_a_ready_hand() -> None:
    # chi 234m on 4m, then 9m away, leaves 456p 789s 57s 11z: ready on 6s
    v = view("239m456p789s57s11z", offer="4m", discarder=3, legal=[Pass(SEAT), Chi(SEAT, tuple(h("234m")))],
             needs_yaku=False)
    ai = LevelAI("easy")
    assert ai.choose(v, v.legal_actions) == Pass(SEAT)
    assert ai.last_reason == "pass: Easy never calls chi"
    assert LevelAI("normal").choose(v, v.legal_actions) == Chi(SEAT, tuple(h("234m")))  # the potential AI takes it


def test_reasons_speak_of_the_player_as_you() -> None:
    # seat 0 is the player at the table: an AI's bubble says "You are in riichi",
    # "your own river" and "a deal-in to you", never "You is" or "You's"
    from mahjong_joy.ai import reading as rd

    table = rd.SeatWords()
    assert [table.is_(s) for s in (0, 2)] == ["You are", "Sora is"]
    assert [table.owns(s) for s in (0, 2)] == ["your", "Sora's"]
    assert [table.name(s) for s in (0, 3)] == ["you", "Kiri"]


def test_reasons_name_seats_as_the_table_shows_them() -> None:
    # names are counted from the player's seat, as at the table; with no player
    # (simulate) nobody is "you" and the bottom seat is Nana, as in the replay viewer
    from mahjong_joy.ai import reading as rd
    from mahjong_joy.replay.seats import seat_names

    second = rd.SeatWords.at_table(("hard", "human", "hard", "hard"))
    assert [second.name(s) for s in range(4)] == ["Kiri", "you", "Momo", "Sora"]
    nobody = rd.SeatWords.at_table(("hard",) * 4)
    assert nobody.player is None
    assert [nobody.name(s) for s in range(4)] == list(seat_names({"seats": ["hard"] * 4}))
    assert nobody.is_(0) == "Nana is" and nobody.owns(2) == "Sora's"


def test_an_all_ai_table_has_no_you_in_its_reasons() -> None:
    # simulate seats four AIs: a reason that said "You are in riichi" would name a
    # player who is not there (in these games seat 0 riichis and the others fold against it)
    from mahjong_joy.rulesets.joy import ruleset_for

    said = []
    for seed in (1, 3, 4):
        ctl = Controller(seats=("hard",) * 4, seed=seed, ruleset=ruleset_for("tenhou"), max_hands=2)
        while not ctl.is_over:
            ctl.step()
        said += [r for r in ctl.reasons if r]
    assert any(r.startswith("fold: Nana is in riichi") for r in said)
    assert not any("you" in r.lower().split() or "your" in r.lower() for r in said)


def test_the_mjai_bot_names_seats_by_number() -> None:
    from mahjong_joy.commands.mjai_bot import MjaiBot

    words = MjaiBot("hard").ai.words
    assert (words.is_(0), words.owns(2), words.name(3)) == ("seat 0 is", "seat 2's", "seat 3")
