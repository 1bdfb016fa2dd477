"""Helpers for the Chinese Official (MCR) tests: a rigged 144-tile wall, an independent
checker of a hand in play, and the oracle's fan total of a win (pymahjonggb 1.4.0).

The checker recounts everything from the engine's lists, not from its own counters:
every one of the 144 ids is somewhere exactly once (the live wall, a hand, a meld, an
unclaimed discard, a flower face up, kept or discarded), no flower ever sits in a hand
or in its counts, a discarded flower is never claimed nor counted as declared, and a seat holds 13 tiles less 3 per meld and less its kept flowers (one more
on its turn, or as the winner).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from mahjong_joy.engine import HandState, Phase
from mahjong_joy.engine.actions import Discard
from mahjong_joy.engine.events import Event
from mahjong_joy.engine.wall import Wall
from mahjong_joy.notation import parse_tiles
from mahjong_joy.rulesets.base import TableState
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.mcr import McrRules, McrSituation, score_mcr
from mahjong_joy.tiles import FIRST_FLOWER_CODE, FIRST_FLOWER_ID, KIND_COUNT
from tests import invariants

ALL_IDS = list(range(144))
MCR = ruleset_for("mcr")
# Hands that never call, never win and are never ready under MCR: lone 1, 5 and 9 of each suit
# and four honors (no pair, no two tiles of a run, far from every special form).
QUIET = "159m159p159s1234z"


def ids_of(text: str, pool: dict[int, list[int]]) -> list[int]:
    """Physical ids for a tile text; ``F1``..``F8`` name the flowers (codes 37..44)."""
    out = []
    rest = text
    while "F" in rest:
        head, _, tail = rest.partition("F")
        out += [_one(pool, k, text) for k in parse_tiles(head)] if head else []
        out.append(pool[-1].pop(pool[-1].index(FIRST_FLOWER_ID + int(tail[0]) - 1)))
        rest = tail[1:]
    out += [_one(pool, k, text) for k in parse_tiles(rest)] if rest else []
    return out


def _one(pool: dict[int, list[int]], kind: int, text: str) -> int:
    assert pool[kind], f"a fifth copy of kind {kind} in {text!r}"
    return pool[kind].pop(0)


def rigged(hands: Sequence[str], draws: str = "", tail: str = "") -> Wall:
    """A 144-tile wall dealing ``hands`` (13 tiles each; ``hands[i]`` to seat ``dealer + i``),
    then ``draws`` from the front of the live wall, and ``tail`` taken from the back
    (``tail`` is read in the order the replacements come: its first tile is the last of
    the wall). The rest fills the middle, unused flowers deep in it."""
    pool: dict[int, list[int]] = {k: [4 * k + i for i in range(4)] for k in range(KIND_COUNT)}
    pool[-1] = list(range(FIRST_FLOWER_ID, FIRST_FLOWER_ID + 8))
    dealt = [ids_of(text, pool) for text in hands]
    front = ids_of(draws, pool)
    back = ids_of(tail, pool)
    flowers = pool.pop(-1)
    rest = [t for k in range(KIND_COUNT) for t in pool[k]]
    middle = rest[: len(rest) // 2] + flowers + rest[len(rest) // 2:]
    deck = [0] * 144
    for i, tiles in enumerate(dealt):
        assert len(tiles) == 13, f"hand {i} ({hands[i]}) has {len(tiles)} tiles"
        deck[i:52:4] = tiles
    live = front + middle + list(reversed(back))
    deck[52:] = live
    return Wall(deck, 144, 0)


def deal(hands: Sequence[str], draws: str = "", tail: str = "", dealer: int = 0, round_wind: str = "E",
         players: tuple[int, ...] = (0, 1, 2, 3)) -> HandState:
    """An MCR hand on a rigged wall (``hands[i]`` to seat ``dealer + i``), checked."""
    table = TableState(round_wind, 1, 0, dealer, (0, 0, 0, 0), 0, players)
    hand = HandState(rigged(hands, draws, tail), dealer, MCR, table)
    check_mcr_hand(hand)
    return hand


def discard(hand: HandState, seat: int, name: str, passing: bool = True) -> list[Event]:
    """``seat`` discards ``name``; with ``passing`` every claim passes."""
    (kind,) = parse_tiles(name)
    out = act(hand, Discard(seat, kind))
    return out + (pass_all(hand) if passing else [])


def drop_drawn(hand: HandState) -> list[Event]:
    """The seat in turn discards its drawn tile (or, when the drawn tile is a flower kept
    beside the hand, its highest tile), and every claim passes."""
    seat = hand.current
    drawn = hand.drawn
    tile = drawn >> 2 if drawn is not None and drawn < FIRST_FLOWER_ID else max(hand.concealed[seat]) >> 2
    out = act(hand, Discard(seat, tile))
    return out + pass_all(hand)


def check_mcr_hand(hand: HandState) -> None:
    """The independent invariants of an MCR hand (module docstring); AssertionError names the broken one."""
    wall = hand.wall
    assert wall.dead_tiles() == [] and len(wall.deck) == 144, "an MCR wall has 144 tiles and no dead wall"
    ids: list[int] = wall.live_tiles()
    outcome = hand.outcome
    winner = outcome.wins[0].seat if outcome and outcome.wins else None
    for seat, st in enumerate(hand.seats):
        assert all(t < FIRST_FLOWER_ID for t in st.concealed), f"seat {seat}: a flower in the hand"
        assert all(t >= FIRST_FLOWER_ID for t in st.flowers + st.kept), f"seat {seat}: a tile among the flowers"
        ids += st.concealed + st.flowers + st.kept
        for meld in st.melds:
            ids += meld.tiles
        ids += [r.tile for r in st.river if r.claimed_by is None]  # a discard won on: claimed, in the winner's hand
        thrown = [r for r in st.river if r.tile >= FIRST_FLOWER_ID]  # flowers discarded (RULES.md B1)
        assert all(r.claimed_by is None for r in thrown), f"seat {seat}: a discarded flower was claimed"
        assert not set(r.tile for r in thrown) & set(st.flowers), f"seat {seat}: a discarded flower counts as declared"
        assert len(st.river_view) == len(st.river) - len(thrown), f"seat {seat}: views' rivers hold only tiles with a kind"
        counts = [0] * KIND_COUNT
        for t in st.concealed:
            counts[t >> 2] += 1
        assert counts == st.counts, f"seat {seat}: kept counts differ from the recount"
        extra = (hand.phase is Phase.AWAITING_DISCARD and seat == hand.current) or seat == winner
        held = len(st.concealed) + len(st.kept) + 3 * len(st.melds)
        assert held == 13 + extra, f"seat {seat}: {held} tiles with kept flowers and melds, expected {13 + extra}"
    assert sorted(ids) == ALL_IDS, f"tiles not accounted for: {len(ids)} ids"


LIBRARY_RULES = McrRules.library()


def oracle_total(situation: McrSituation) -> int:
    """pymahjonggb 1.4.0's fan total of a situation (flowers included), read under the
    official kong convention: its 5-point 明暗杠 is Concealed Kong 2 + Melded Kong 1
    (RULES.md B7 row 3). A test-only oracle."""
    from tests.mcr_reference import library_fan

    total = 0
    for name, points, count in library_fan(situation):
        total += (3 if name == "concealed_kong_and_melded_kong" else points) * count
    return total


def our_total(situation: McrSituation) -> int:
    """Our scorer's total (flowers included) of the same situation."""
    return score_mcr(situation).total


act = partial(invariants.act, check=check_mcr_hand)  # apply one action, then check_mcr_hand
pass_all = partial(invariants.pass_all, check=check_mcr_hand)  # every seat with a claim (or a kong to rob) passes


_KONGS = ("kanned", "closed_kanned", "added_kanned")


def check_win_flags(events: Sequence[Event]) -> int:
    """Derive each win's situation flags again from a match's events alone (not from the
    engine's state) and compare them with the situation it recorded (RULES.md B4): 和绝张
    when the other three copies are face up (discards, and melds but a concealed kong),
    never with robbing the kong; Out with Replacement Tile only on a kong's replacement,
    never a flower's; the last wall tile when the wall count reached 0; the seat wind
    from the hand's dealer chair, the round wind, and the flowers laid. Returns the wins
    checked."""
    from mahjong_joy.tiles import kind_of_code

    checked = 0
    wall = dealer = 0
    round_wind = "E"
    visible: list[int] = []
    flowers: list[int] = []
    drew_as: dict[int, str] = {}
    previous = won = None
    for event in events:
        name = event.name
        if name == "hand_started":
            dealer, round_wind = event.dealer, event.round_wind
            visible, flowers, drew_as, won = [0] * KIND_COUNT, [0] * 4, {}, None
        elif name == "dealt":
            wall = event.wall_count
        elif name == "drew":
            wall -= 1
            kong = event.replacement and previous is not None and previous.name in _KONGS
            drew_as[event.seat] = "kong" if kong else "flower" if event.replacement else "wall"
        elif name == "flower_declared":
            flowers[event.seat] += 1
        elif (name == "discarded" and event.tile < FIRST_FLOWER_CODE) or name == "added_kanned":
            visible[kind_of_code(event.tile)] += 1  # a discarded flower has no kind (RULES.md B1)
        elif name == "chied":
            for code in event.tiles:
                visible[kind_of_code(code)] += 1
            visible[kind_of_code(event.claimed)] -= 1  # the discard moved into the chow
        elif name in ("ponned", "kanned"):
            visible[kind_of_code(event.tile)] += 2 if name == "ponned" else 3
        elif name == "won":
            won = event
        elif name == "hand_scored" and event.outcome.wins:
            (win,) = event.outcome.wins
            assert won is not None and won.seat == win.seat
            others_seen = visible[kind_of_code(won.tile)] - (0 if won.tsumo else 1)  # less the discard won on
            expected = {
                "tsumo": won.tsumo,
                "last_tile": others_seen >= 3 and not won.robbed_kan,
                "kong_replacement": won.tsumo and drew_as.get(won.seat) == "kong",
                "robbing_kong": won.robbed_kan,
                "last_wall_tile": wall == 0 and not won.robbed_kan,
                "seat_wind": "ESWN"[(won.seat - dealer) % 4],
                "round_wind": round_wind,
                "flowers": flowers[won.seat],
            }
            assert {key: win.situation[key] for key in expected} == expected, (win.situation, expected)
            checked += 1
        previous = event
    return checked
