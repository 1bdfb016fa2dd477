"""The one legality source: pure checkers over plain facts, and the reasons they give.

A seat's situation is a frozen :class:`SeatFacts` (its tiles, melds, river and
riichi facts, the table's wall) and, in a claim window, an :class:`Offer` (the
tile open to claims). One checker per action answers ``None`` (allowed) or the
reason; :func:`own_turn_actions` and :func:`claim_actions` list exactly the
candidates the checkers allow. The referee (:class:`~mahjong_joy.engine.state.HandState`)
and the mjai seat (:class:`~mahjong_joy.ai.mjai_seat.MjaiSeat`) each build the
facts from their own table and ask the same functions, so a rule is written once.
Nothing here changes its arguments; each rule cites the RULES.md row it implements.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import product
from typing import TYPE_CHECKING, NamedTuple

from mahjong_joy.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    DeclareFlower,
    Discard,
    Kan,
    NineTerminals,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from mahjong_joy.hand.claims import CHI, CLOSED_KAN, KAN, PON, ClaimOption
from mahjong_joy.melds import CODE_RANK
from mahjong_joy.hand.waits import kinds_in_mask
from mahjong_joy.tiles import (
    FLOWER_CODES,
    KIND_COUNT,
    KIND_OF_CODE,
    TERMINALS_AND_HONORS,
    WINDS,
    code_name,
    kind_of_code,
    tile_name,
)

if TYPE_CHECKING:
    from mahjong_joy.rulesets.base import Ruleset
    from mahjong_joy.rulesets.rules import HandRules, Rules


def nine_terminal_kinds(counts34: Sequence[int]) -> int:
    """Distinct terminal and honor kinds held (kyuushu kyuuhai counts kinds, C1-14)."""
    return sum(1 for k in TERMINALS_AND_HONORS if counts34[k])


def four_same_winds(first_discards: Sequence[int]) -> bool:
    """The four seats' only discards (kinds) are one wind (suufon renda); the caller
    checks that each seat has made exactly one discard."""
    kinds = set(first_discards)
    return len(first_discards) == 4 and len(kinds) == 1 and kinds.pop() in WINDS


def kuikae_mask(option: ClaimOption) -> int:
    """Kinds the caller may not discard right after this chi or pon (C1-8).

    The called kind always; after a chi with the called tile at one end, also the
    tile three away on the other side (call 3 with 45: 3 and 6; call 6 with 45: 6
    and 3); a middle-tile chi forbids only the called kind.

    >>> [k for k in range(34) if kuikae_mask(ClaimOption("chi", (2, 3, 4), 2)) >> k & 1]
    [2, 5]
    """
    called = option.claimed
    assert called is not None
    mask = 1 << called
    if option.kind == CHI:
        low, high = option.tiles[0], option.tiles[2]
        if called == low and high % 9 < 8:
            mask |= 1 << (high + 1)
        elif called == high and low % 9 > 0:
            mask |= 1 << (low - 1)
    return mask


def kan_keeps_waits(ruleset: Ruleset, counts34: Sequence[int], melds: int, kind: int) -> bool:
    """After riichi, a closed kan of the drawn ``kind`` must leave the set of waits
    unchanged (a change of reading is fine, C1-7)."""
    before = list(counts34)
    before[kind] -= 1
    after = list(counts34)
    after[kind] -= 4
    return set(ruleset.waits(before, melds)) == set(ruleset.waits(after, melds + 1))


def completes_with_a_fifth(counts34: Sequence[int], melds: int, kind: int) -> bool:
    """Whether a fifth copy of ``kind`` would complete the hand in the standard form:
    a "wait" on a kind the hand already holds four times (pure karaten). No real tile
    can come, but Mahjong Soul still counts such a hand tenpai (keishiki tenpai;
    Tenhou does not, RULES.md C1-17). Seven pairs and thirteen orphans cannot use a
    fifth copy. A plain recursive search: the case is rare and the tables stop at four.

    >>> completes_with_a_fifth([4] + [0] * 9 + [1, 1, 1, 1, 1, 1] + [0] * 2 + [0] * 6 + [1, 1, 1] + [0] * 7, 0, 0)
    True
    """
    counts = list(counts34)
    counts[kind] += 1
    for pair in range(KIND_COUNT):
        if counts[pair] >= 2:
            counts[pair] -= 2
            found = _only_sets(counts, 0)
            counts[pair] += 2
            if found:
                return True
    return False


def _only_sets(counts: list[int], kind: int) -> bool:
    """Whether the counts split into triplets and runs (the smallest tile starts a set)."""
    while kind < KIND_COUNT and not counts[kind]:
        kind += 1
    if kind == KIND_COUNT:
        return True
    if counts[kind] >= 3:
        counts[kind] -= 3
        found = _only_sets(counts, kind)
        counts[kind] += 3
        if found:
            return True
    if kind < 27 and kind % 9 <= 6 and counts[kind + 1] and counts[kind + 2]:
        for k in (kind, kind + 1, kind + 2):
            counts[k] -= 1
        found = _only_sets(counts, kind)
        for k in (kind, kind + 1, kind + 2):
            counts[k] += 1
        return found
    return False


def completes_thirteen_orphans(counts34: Sequence[int], kind: int) -> bool:
    """Whether this tile completes thirteen orphans (the only hand that may rob a closed kan)."""
    counts = list(counts34)
    counts[kind] += 1
    if sum(counts) != 14 or any(counts[k] for k in range(KIND_COUNT) if k not in TERMINALS_AND_HONORS):
        return False
    return all(counts[k] for k in TERMINALS_AND_HONORS)


def consumed_variants(held: Sequence[int], kinds: Sequence[int]) -> list[tuple[int, ...]]:
    """Each distinct choice of codes for the kinds a call takes from the hand (``held``:
    the codes of the concealed tiles): a five may be the red copy or a plain one.
    Plain choices come first (the engine's default keeps the red five in hand).

    >>> consumed_variants([34, 4, 4], [4, 4])
    [(4, 4), (4, 34)]
    """
    per_kind = []
    for kind in sorted(set(kinds)):
        need = list(kinds).count(kind)
        codes = [c for c in held if KIND_OF_CODE[c] == kind]
        plain, red = codes.count(kind), len(codes) - codes.count(kind)
        choices = [(kind,) * n_plain + (codes_red(kind),) * (need - n_plain)
                   for n_plain in range(need, -1, -1) if n_plain <= plain and need - n_plain <= red]
        per_kind.append(choices)
    found = []
    for combo in product(*per_kind):
        codes = tuple(sorted((c for part in combo for c in part), key=lambda c: (c >= 34, c)))
        if codes not in found:
            found.append(codes)
    return found


def codes_red(kind: int) -> int:
    """The red code of a five's kind."""
    return 34 + kind // 9



def tenpai_waits(ruleset: Ruleset, karaten_is_noten: bool, counts34: Sequence[int], melds: Sequence[MeldFacts]) -> tuple[int, ...]:
    """Waits that count for tenpai: on Tenhou a wait whose four copies are all in
    the seat's own hand does not (karaten, C1-17); on Mahjong Soul it does, even a
    kind the concealed hand holds four times (keishiki tenpai, A1)."""
    waits = ruleset.waits(counts34, len(melds))
    if not karaten_is_noten:
        if 4 not in counts34:
            return waits
        pure = [k for k in range(KIND_COUNT) if counts34[k] == 4 and completes_with_a_fifth(counts34, len(melds), k)]
        return tuple(sorted(set(waits) | set(pure)))
    melded = [k for _, kinds in melds for k in kinds]
    return tuple(w for w in waits if counts34[w] + melded.count(w) < 4)


def leaves_a_discard(counts34: Sequence[int], option: ClaimOption) -> bool:
    """Whether a chi or pon leaves a tile kuikae lets go (C1-8); a call after which
    every tile is forbidden is not offered."""
    taken = option.from_hand
    left = sum(counts34) - len(taken)
    if left > 8:  # kuikae forbids two kinds at most: eight tiles at most stay blocked
        return True
    blocked = sum(counts34[k] - taken.count(k) for k in kinds_in_mask(kuikae_mask(option)))
    return left > blocked


# ---------------------------------------------------------------- facts

MeldFacts = tuple[str, tuple[int, ...]]
"""A declared set as the checkers read it: (type, kinds lowest first). Every table
(the engine's, the mjai seat's) turns its own meld shape into this one pair."""


def meld_facts(meld_type: str, kinds: Sequence[int]) -> MeldFacts:
    """The one accessor from a table's meld to the pair the checkers read."""
    return (meld_type, tuple(sorted(kinds)))


class SeatFacts(NamedTuple):
    """What one seat's legal actions depend on, as plain values (no engine state).

    ``hand`` holds the codes of the concealed tiles; ``drawn`` the code just drawn on
    this seat's turn (``None`` after a call); ``furiten_marked`` a temporary or riichi
    furiten already marked (a missed win, C1-2/C1-3); ``discarded`` the mask of kinds
    in its own river. ``yaku(tsumo, robbed)`` answers whether winning on the tile in
    question (the drawn one, or the one on offer) has a yaku: only the table that
    built the facts can build the scorer's situation. A named tuple: frozen, and cheap
    to build at every decision."""

    seat: int
    ruleset: Ruleset
    rules: Rules
    counts: tuple[int, ...]
    hand: tuple[int, ...]
    melds: tuple[MeldFacts, ...]
    drawn: int | None
    after_claim: bool
    riichi: bool
    forbidden: int
    discarded: int
    furiten_marked: bool
    first_turn: bool  # no discard of its own yet and no call at the table
    points: int
    wall_left: int
    can_kan: bool  # fewer than four kans and a live tile left
    yaku: Callable[[bool, bool], bool]
    kept_flowers: tuple[int, ...] = ()  # flower codes held beside the hand, not yet declared (RULES.md B1)

    @property
    def held(self) -> tuple[int, ...]:
        """Distinct held codes by kind, a red five right after its plain kind."""
        found = sorted(set(self.hand))
        if found and found[-1] >= 34:  # a red five: put it right after its kind
            found.sort(key=CODE_RANK.__getitem__)
        return tuple(found)

    @property
    def pons(self) -> tuple[int, ...]:
        """Kinds this seat has ponned (added-kan candidates), in meld order."""
        return tuple(kinds[0] for meld_type, kinds in self.melds if meld_type == PON)

    @property
    def is_closed(self) -> bool:
        return all(meld_type == CLOSED_KAN for meld_type, _ in self.melds)

    @property
    def hand_rules(self) -> HandRules:
        return self.rules.hand


class Offer(NamedTuple):
    """The tile open to claims: who let it go, its kind and code, whether it is a kan
    tile that may be robbed, and whether the discard ends the hand unless ronned."""

    from_seat: int
    kind: int
    code: int
    robbed: bool = False
    ends_hand: bool = False


# Actions are immutable values: the common ones are made once and shared.
DISCARDS = tuple(tuple(Discard(seat, code) for code in range(37 + len(FLOWER_CODES))) for seat in range(4))  # flowers last
PASSES = tuple(Pass(seat) for seat in range(4))
RONS = tuple(Ron(seat) for seat in range(4))


# ---------------------------------------------------------------- checkers
#
# One checker per action kind: ``None`` when the action is legal, else the reason.
# Reasons that would print the whole hand are constants here; the referee adds the
# hand, so listing the legal actions never formats tiles.

NOT_COMPLETE = "is not a complete hand"
SHORT_HAND = "a kept flower stands in for a tile: declare it first"
DOES_NOT_WIN = "does not win"
NO_KAN_NOW = "no kan is possible now (four kans made or the live wall is empty)"
JUST_CLAIMED = "a seat that just claimed must discard"


def tsumo_blocker(f: SeatFacts) -> str | None:
    """Tsumo: a complete hand on the tile just drawn, with a yaku when the rules need one (A2, 3)."""
    if f.drawn is None or f.after_claim:
        return JUST_CLAIMED
    if not f.ruleset.can_win(f.counts, len(f.melds)):
        return NOT_COMPLETE
    if not f.yaku(True, False):
        return "the hand has no yaku"
    return None


def discard_blocker(f: SeatFacts, code: int) -> str | None:
    """Discard (and the discard of a riichi): a held tile; after riichi only the drawn
    one; right after a chi or pon not a kuikae tile (C1-8). A flower kept beside the
    hand may be discarded at any discard, the last tile of the wall included (RULES.md
    B1 "Flower replacement (play)": kept, declared later, or discarded)."""
    if code in FLOWER_CODES:
        return None if code in f.kept_flowers else f"holds no flower {code_name(code)}"
    if code not in f.hand:
        return f"holds no {code_name(code)}"
    if f.riichi and f.drawn != code:
        return "after riichi only the drawn tile may be discarded"
    if f.forbidden and f.forbidden >> kind_of_code(code) & 1:
        return f"kuikae: {code_name(code)} may not be discarded right after that call"
    return None


def legal_discard_codes(f: SeatFacts, held: Sequence[int]) -> list[int]:
    """The ``held`` codes (:attr:`SeatFacts.held`) :func:`discard_blocker` lets go; with
    no riichi and no kuikae mask that is every one of them (the common case, answered
    without asking per tile)."""
    if not f.riichi and not f.forbidden:
        return list(held)
    return [c for c in held if discard_blocker(f, c) is None]


def riichi_blocker(f: SeatFacts) -> str | None:
    """Riichi at all, whatever the discard: the rules allow it, a closed hand not yet in
    riichi, 1,000 points and four live tiles (A1 "Riichi requirements")."""
    hand = f.hand_rules
    if not hand.riichi:
        return "these rules have no riichi"
    if f.riichi:
        return "already in riichi"
    if f.after_claim or not f.is_closed:
        return "riichi needs a closed hand"
    if f.points < hand.riichi_min_points:
        return f"riichi needs {hand.riichi_min_points} points"
    if f.wall_left < hand.riichi_min_wall:
        return f"riichi needs {hand.riichi_min_wall} tiles left in the wall"
    return None


def riichi_discard_blocker(f: SeatFacts, code: int) -> str | None:
    """Riichi with this discard: riichi is possible, the discard is, and it leaves the hand ready."""
    reason = riichi_blocker(f) or discard_blocker(f, code)
    if reason:
        return reason
    counts = list(f.counts)
    counts[kind_of_code(code)] -= 1
    return None if tenpai_waits(f.ruleset, f.hand_rules.karaten_is_noten, counts, f.melds) else "that discard does not leave the hand ready"


def added_kan_blocker(melds: Sequence[MeldFacts], kind: int) -> str | None:
    """An added kan needs a pon of that kind (any seat's melds are public)."""
    if any(meld_type == PON and kinds[0] == kind for meld_type, kinds in melds):
        return None
    return f"has no pon of {tile_name(kind)}"


def kan_blocker(f: SeatFacts, kind: int, added: bool) -> str | None:
    """Closed or added kan on one's own turn (A1 "Kan and wall limits"; after riichi C1-7);
    not while a kept flower stands in for a tile (the hand is a tile short, B1)."""
    if f.after_claim:
        return JUST_CLAIMED
    if not f.can_kan:
        return NO_KAN_NOW
    if f.kept_flowers and sum(f.counts) + 3 * len(f.melds) != 14:
        return SHORT_HAND
    if added:
        return added_kan_blocker(f.melds, kind) or (None if f.counts[kind] else f"holds no fourth {tile_name(kind)}")
    if f.counts[kind] != 4:
        return f"holds {f.counts[kind]} {tile_name(kind)}, needs four"
    if f.riichi:
        drawn_kind = None if f.drawn is None else kind_of_code(f.drawn)
        if drawn_kind != kind or not kan_keeps_waits(f.ruleset, f.counts, len(f.melds), kind):
            return "after riichi a closed kan must use the drawn tile and keep the waits"
    return None


def flower_blocker(f: SeatFacts, code: int) -> str | None:
    """Declare a flower: one held beside the hand, on a turn that began with a draw (not
    right after a chow or pung), with a replacement left in the wall (RULES.md B1
    "Flower replacement (play)"; B2 "Last tile of the wall": none after the last tile)."""
    if code not in f.kept_flowers:
        return f"holds no flower {code_name(code)}"
    if f.after_claim or f.drawn is None:
        return "a flower is declared only on a turn after a draw"
    if f.wall_left == 0:
        return "no flower replacement after the last tile"
    return None


def nine_terminals_blocker(f: SeatFacts) -> str | None:
    """Nine terminals: the first uninterrupted draw, nine kinds of terminals and honors (C1-14)."""
    if not f.first_turn or f.after_claim:
        return "nine terminals only on the first uninterrupted draw"
    if not f.hand_rules.aborts_on("nine_terminals"):
        return "these rules have no nine-terminals draw"
    kinds = nine_terminal_kinds(f.counts)
    return None if kinds >= 9 else f"holds {kinds} kinds of terminals and honors, needs nine"


def is_furiten(furiten_rule: bool, discarded: int, marked: bool, waits: Iterable[int]) -> bool:
    """The one furiten rule (A1 "Furiten"): under rules that play it, a seat may not ron
    while a win it let pass is marked (temporary, or riichi furiten) or while a tile it
    waits on lies in its own river (``discarded``, a bit per kind)."""
    return furiten_rule and (marked or any(discarded >> w & 1 for w in waits))


def furiten_cause(f: SeatFacts) -> tuple[str, int | None] | None:
    """Why this seat may not ron now (A1 "Furiten"), or ``None``: ``("discarded", kind)``
    for a wait in its own river, ``("riichi", None)`` for a win missed after riichi,
    ``("missed", None)`` for one missed since its last discard. Only a ready 13-tile
    hand can be furiten (``None`` otherwise)."""
    if not f.hand_rules.furiten or sum(f.counts) + 3 * len(f.melds) != 13:
        return None
    waits = f.ruleset.waits(f.counts, len(f.melds))
    if not is_furiten(True, f.discarded, f.furiten_marked and bool(waits), waits):
        return None
    own = next((w for w in waits if f.discarded >> w & 1), None)
    if own is not None:
        return ("discarded", own)
    return ("riichi", None) if f.riichi else ("missed", None)


def ron_blocker(f: SeatFacts, offer: Offer) -> str | None:
    """Ron on a discard or a kan tile: the shape, no furiten (A1), a yaku when needed."""
    counts = list(f.counts)
    counts[offer.kind] += 1
    if not f.ruleset.can_win(counts, len(f.melds)):
        return DOES_NOT_WIN
    # the yaku first: a pass marks the seat furiten as soon as the tile completes its
    # shape (C1-2), so a hand that simply has no yaku would also read as furiten
    if not f.yaku(False, offer.robbed):
        return "the hand has no yaku"
    if furiten_cause(f) is not None:
        return "furiten"
    return None


def call_blocker(f: SeatFacts, offer: Offer) -> str | None:
    """Chi, pon or open kan at all on the tile on offer (A1 "Calls on the last discard")."""
    if f.wall_left == 0:
        return "no calls on the last discard"
    if f.riichi:
        return "no calls after riichi"
    if offer.ends_hand:
        return "only ron on a discard that ends the hand unless ronned"
    return None


def pon_blocker(f: SeatFacts, offer: Offer, consumed: tuple[int, ...] | None = None) -> str | None:
    """Pon: two of the kind held (the copies named, if any), and kuikae leaves a discard."""
    held = f.counts[offer.kind]
    if held < 2:
        return call_blocker(f, offer) or f"holds only {held} {tile_name(offer.kind)}"
    return _call_blocker(f, offer, ClaimOption(PON, (offer.kind,) * 3, offer.kind), consumed)


def open_kan_blocker(f: SeatFacts, offer: Offer, consumed: tuple[int, ...] | None = None) -> str | None:
    """Open kan: three of the kind held, and a kan still possible (A1 "Kan and wall limits")."""
    held = f.counts[offer.kind]
    if held != 3:
        return call_blocker(f, offer) or f"holds only {held} {tile_name(offer.kind)}"
    return _call_blocker(f, offer, ClaimOption(KAN, (offer.kind,) * 4, offer.kind), consumed)


def chi_blocker(f: SeatFacts, offer: Offer, tiles: tuple[int, ...], consumed: tuple[int, ...] | None = None) -> str | None:
    """Chi: from the seat on the left, a run of the suit through the tile, the other two held."""
    reason = call_blocker(f, offer)
    if reason:
        return reason
    if (offer.from_seat + 1) % 4 != f.seat:
        return "chi only from the seat on the left"
    kind = offer.kind
    if not _is_run_through(tiles, kind) or not all(f.counts[t] for t in tiles if t != kind):
        return f"cannot make {tiles!r} with {tile_name(kind)}" + _from(consumed)
    return _call_blocker(f, offer, ClaimOption(CHI, tuple(tiles), kind), consumed)


def _is_run_through(tiles: tuple[int, ...], kind: int) -> bool:
    if len(tiles) != 3 or kind not in tiles or not all(type(t) is int for t in tiles):
        return False
    low = tiles[0]
    return 0 <= low < 27 and low % 9 <= 6 and tuple(tiles) == (low, low + 1, low + 2)


def _call_blocker(f: SeatFacts, offer: Offer, option: ClaimOption, consumed: tuple[int, ...] | None) -> str | None:
    """What every call shares once the shape is there: the call at all, the kan limit,
    the copies named (red fives), and kuikae (C1-8)."""
    reason = call_blocker(f, offer)
    if reason:
        return reason
    if option.kind == KAN and not f.can_kan:
        return NO_KAN_NOW
    if consumed is not None:
        if not f.rules.tiles.red_fives:
            return f"names the copies it takes ({_codes(consumed)}) under rules without red fives"
        if tuple(consumed) not in consumed_variants(f.hand, option.from_hand):
            return f"does not hold {_codes(consumed)} for that call"
    if option.kind != KAN and f.hand_rules.kuikae != "allowed" and not leaves_a_discard(f.counts, option):
        return "kuikae would leave no tile to discard"
    return None


def option_blocker(f: SeatFacts, offer: Offer, option: ClaimOption) -> str | None:
    """The checker of a chi, pon or open kan option (whichever copies it takes)."""
    if option.kind == CHI:
        return chi_blocker(f, offer, option.tiles)
    return (pon_blocker if option.kind == PON else open_kan_blocker)(f, offer)


def _from(consumed: tuple[int, ...] | None) -> str:
    return "" if consumed is None else f" from {_codes(consumed)}"


def _codes(codes: Sequence[int]) -> str:
    return "".join(code_name(c) for c in codes)


# ---------------------------------------------------------------- legal lists


def own_turn_actions(f: SeatFacts, floor: int = -1, shanten: Callable[[], int] | None = None) -> list[Action]:
    """Every own-turn action whose checker passes, in the engine's order: discards by
    kind, tsumo, kans, riichi discards, nine terminals, flowers declared, then the
    discard of each kept flower (Chinese Official, RULES.md B1).

    A table that knows a lower bound of the hand's shanten passes it as ``floor``
    (-1: none known) and may pass ``shanten`` (the exact number, asked only when the
    floor leaves riichi open): a hand at least 0 from complete cannot tsumo, one at
    least 1 from ready cannot declare riichi, so those checks are not asked."""
    seat = f.seat
    discards = DISCARDS[seat]
    held = f.held
    found: list[Action] = [discards[c] for c in (held if not f.riichi and not f.forbidden else legal_discard_codes(f, held))]
    kept = sorted(set(f.kept_flowers)) if f.kept_flowers else ()
    if f.after_claim:  # every other own-turn action needs a drawn tile; a kept flower may go (RULES.md B1)
        return found + [discards[c] for c in kept] if kept else found
    if floor < 0 and tsumo_blocker(f) is None:
        found.append(Tsumo(seat))
    if f.can_kan and (f.melds or 4 in f.counts):  # else kan_blocker refuses them all, or there is no kan shape
        for option in f.ruleset.own_turn_kans(f.counts, f.pons):
            added = option.kind != CLOSED_KAN
            if kan_blocker(f, option.tiles[0], added) is None:
                found.append((AddedKan if added else ClosedKan)(seat, option.tiles[0]))
    if floor < 1 and riichi_blocker(f) is None and (shanten() if shanten else f.ruleset.shanten(f.counts, len(f.melds))) <= 0:
        found += [Riichi(seat, c) for c in held if riichi_discard_blocker(f, c) is None]
    if f.first_turn and nine_terminals_blocker(f) is None:  # the blocker refuses every later turn
        found.append(NineTerminals(seat))
    if kept:
        found += [DeclareFlower(seat, c) for c in kept if flower_blocker(f, c) is None]
        found += [discards[c] for c in kept]  # a kept flower may go (B1), after every other action
    return found


def may_matter(ruleset: Ruleset, counts34: Sequence[int], melds: int, kind: int, from_left: bool) -> bool:
    """Whether a tile on offer can matter to a seat at all: it completes the shape, or
    some chi, pon or kan has the shape. The cheap test before building the seat's
    facts: when it fails, :func:`ron_blocker` says :data:`DOES_NOT_WIN` and
    :func:`call_options` finds nothing."""
    counts = list(counts34)
    counts[kind] += 1
    return ruleset.can_win(counts, melds) or bool(ruleset.claim_options(counts34, kind, from_left))


def call_options(f: SeatFacts, offer: Offer) -> tuple[ClaimOption, ...]:
    """The chi, pon and open kan options on the tile on offer that their checkers allow."""
    if offer.robbed or call_blocker(f, offer) is not None:
        return ()
    candidates = f.ruleset.claim_options(f.counts, offer.kind, (offer.from_seat + 1) % 4 == f.seat)
    return tuple(o for o in candidates if option_blocker(f, offer, o) is None)


def claim_actions(seat: int, can_win: bool, options: Sequence[ClaimOption], ron_declared: bool,
                  red_hand: Sequence[int] | None) -> list[Action]:
    """A seat's answers to the tile on offer: pass, ron, then each call with each choice
    of copies (``red_hand``: the held codes under red fives, else ``None``); after a ron
    only ron or pass."""
    found: list[Action] = [PASSES[seat]]
    if can_win:
        found.append(RONS[seat])
    if ron_declared:
        return found
    for option in options:
        found += call_actions(seat, option, red_hand)
    return found


_CLAIM_TYPES = {CHI: Chi, PON: Pon, KAN: Kan}


def call_actions(seat: int, option: ClaimOption, red_hand: Sequence[int] | None) -> list[Action]:
    """The chi, pon or kan actions for one option: one per choice of red or plain copies
    (``red_hand``: the held codes under red fives, else ``None``: no choice)."""
    cls = _CLAIM_TYPES[option.kind]
    if red_hand is None:
        return [Chi(seat, option.tiles) if cls is Chi else cls(seat)]
    variants = consumed_variants(red_hand, option.from_hand)
    if cls is Chi:
        return [Chi(seat, option.tiles, v) for v in variants]
    return [cls(seat, v) for v in variants]


def copy_choice_blocker(f: SeatFacts, code: int, tsumogiri: bool) -> str | None:
    """A discard naming its copy (an imported log's ``tsumogiri``): the drawn tile must
    show that code, or a held copy besides the drawn tile must."""
    if tsumogiri:
        return None if f.drawn == code else f"the tile drawn is not {code_name(code)}"
    rest = list(f.hand)
    if f.drawn is not None:
        rest.remove(f.drawn)
    return None if code in rest else f"no tile held besides the one drawn is {code_name(code)}"


def malformed_reason(action: object) -> str:
    """Why an action is not even of the right shape (a wrong type in some field)."""
    if not isinstance(action, Action):
        return "not an action"
    seat = action.seat
    if type(seat) is not int or not 0 <= seat < 4:
        return "no such seat (0..3)"
    return "a field is missing or of the wrong type (tiles are codes 0..36)"
