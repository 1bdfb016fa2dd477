"""Small pure predicates the referee asks, and the reasons it gives when it refuses.

Each takes plain values (counts, tile ids, a claim option), so the rules they
encode can be tested on their own; each cites the RULES.md row it implements.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import TYPE_CHECKING

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
from mahjong_joy.hand.claims import CHI, ClaimOption
from mahjong_joy.notation import format_tiles
from mahjong_joy.tiles import KIND_COUNT, TERMINALS_AND_HONORS, WINDS, code_name, code_of, kind_of_code, tile_name

if TYPE_CHECKING:
    from mahjong_joy.engine.state import HandState, SeatState
    from mahjong_joy.rulesets.base import Ruleset


def nine_terminal_kinds(counts34: Sequence[int]) -> int:
    """Distinct terminal and honor kinds held (kyuushu kyuuhai counts kinds, C1-14)."""
    return sum(1 for k in TERMINALS_AND_HONORS if counts34[k])


def four_same_winds(seats: Sequence[SeatState]) -> bool:
    """Each seat has made exactly one discard and all four are one wind (suufon renda)."""
    if any(len(s.river) != 1 for s in seats):
        return False
    kinds = {s.river[0].tile // 4 for s in seats}
    return len(kinds) == 1 and kinds.pop() in WINDS


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


def consumed_variants(concealed: Sequence[int], kinds: Sequence[int], reds: int) -> list[tuple[int, ...]]:
    """Each distinct choice of codes for the kinds a call takes from the hand: a
    five may be the red copy or a plain one. Plain choices come first (the engine's
    default keeps the red five in hand).

    >>> consumed_variants([16, 17, 18], [4, 4], 1)
    [(4, 4), (4, 34)]
    """
    held = [code_of(t, reds) for t in concealed]
    per_kind = []
    for kind in sorted(set(kinds)):
        need = list(kinds).count(kind)
        codes = [c for c in held if kind_of_code(c) == kind]
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


# ---------------------------------------------------------------- checkers
#
# One checker per action kind: ``None`` when the action is legal, else the reason.
# ``HandState`` builds its legal-action lists from these same functions and its
# error messages from them too, so each rule is written once. Reasons that would
# print the whole hand are constants here; :func:`why_not` adds the hand, so
# listing the legal actions never formats tiles.

NOT_COMPLETE = "is not a complete hand"
DOES_NOT_WIN = "does not win"


def tsumo_blocker(state: HandState, seat: int) -> str | None:
    """Tsumo: a complete hand on the tile just drawn, with a yaku when the rules need one (A2, 3)."""
    st = state.seats[seat]
    if state.drawn is None or state.after_claim:
        return "a seat that just claimed must discard"
    if not state.ruleset.can_win(st.counts, len(st.melds)):
        return NOT_COMPLETE
    if not state.has_yaku(seat, state.drawn, tsumo=True, robbed=False):
        return "the hand has no yaku"
    return None


def discard_blocker(state: HandState, seat: int, code: int, held: set[int] | None = None) -> str | None:
    """Discard (and the discard of a riichi): a held tile; after riichi only the drawn
    one; right after a chi or pon not a kuikae tile (C1-8)."""
    st = state.seats[seat]
    if held is None:
        held = {state.codes[t] for t in st.concealed}
    if code not in held:
        return f"holds no {code_name(code)}"
    if st.in_riichi and (state.drawn is None or state.codes[state.drawn] != code):
        return "after riichi only the drawn tile may be discarded"
    if st.forbidden and st.forbidden >> kind_of_code(code) & 1:
        return f"kuikae: {code_name(code)} may not be discarded right after that call"
    return None


def legal_discard_codes(state: HandState, seat: int, held: list[int]) -> list[int]:
    """The held codes :func:`discard_blocker` lets go; with no riichi and no kuikae
    mask that is every one of them (the common case, answered without asking per tile)."""
    st = state.seats[seat]
    if not st.in_riichi and not st.forbidden:
        return held
    held_set = set(held)
    return [c for c in held if discard_blocker(state, seat, c, held_set) is None]


def copy_choice_blocker(state: HandState, action: Discard | Riichi) -> str | None:
    """A discard naming its copy (an imported log's ``tsumogiri``): the drawn tile must
    show that code, or a held copy besides the drawn tile must."""
    drawn = state.drawn
    if action.tsumogiri:
        if drawn is not None and state.codes[drawn] == action.tile:
            return None
        return f"the tile drawn is not {code_name(action.tile)}"
    if any(t != drawn and state.codes[t] == action.tile for t in state.seats[action.seat].concealed):
        return None
    return f"no tile held besides the one drawn is {code_name(action.tile)}"


def riichi_blocker(state: HandState, seat: int) -> str | None:
    """Riichi at all, whatever the discard: the rules allow it, a closed hand not yet in
    riichi, 1,000 points and four live tiles (A1 "Riichi requirements")."""
    hand, st = state.rules.hand, state.seats[seat]
    if not hand.riichi:
        return "these rules have no riichi"
    if st.riichi_at is not None:
        return "already in riichi"
    if state.after_claim or (st.melds and not st.is_closed):
        return "riichi needs a closed hand"
    if state.points[seat] < hand.riichi_min_points:
        return f"riichi needs {hand.riichi_min_points} points"
    if state.wall.live_count < hand.riichi_min_wall:
        return f"riichi needs {hand.riichi_min_wall} tiles left in the wall"
    return None


def riichi_discard_blocker(state: HandState, seat: int, code: int, held: set[int] | None = None) -> str | None:
    """Riichi with this discard: riichi is possible, the discard is, and it leaves the hand ready."""
    reason = riichi_blocker(state, seat) or discard_blocker(state, seat, code, held)
    if reason:
        return reason
    st = state.seats[seat]
    kind = kind_of_code(code)
    st.counts[kind] -= 1
    ready = bool(state.tenpai_waits(seat))
    st.counts[kind] += 1
    return None if ready else "that discard does not leave the hand ready"


def kan_blocker(state: HandState, seat: int, kind: int, added: bool) -> str | None:
    """Closed or added kan on one's own turn (A1 "Kan and wall limits"; after riichi C1-7)."""
    st = state.seats[seat]
    if state.after_claim:
        return "a seat that just claimed must discard"
    if not state.wall.can_kan():
        return "no kan is possible now (four kans made or the live wall is empty)"
    if added:
        if kind not in state.pons_of(seat):
            return f"has no pon of {tile_name(kind)}"
        return None if st.counts[kind] else f"holds no fourth {tile_name(kind)}"
    if st.counts[kind] != 4:
        return f"holds {st.counts[kind]} {tile_name(kind)}, needs four"
    if st.in_riichi:
        drawn_kind = None if state.drawn is None else state.drawn // 4
        if drawn_kind != kind or not kan_keeps_waits(state.ruleset, st.counts, len(st.melds), kind):
            return "after riichi a closed kan must use the drawn tile and keep the waits"
    return None


def nine_terminals_blocker(state: HandState, seat: int) -> str | None:
    """Nine terminals: the first uninterrupted draw, nine kinds of terminals and honors (C1-14)."""
    st = state.seats[seat]
    if st.river or state.calls or state.after_claim:
        return "nine terminals only on the first uninterrupted draw"
    if not state.rules.hand.aborts_on("nine_terminals"):
        return "these rules have no nine-terminals draw"
    kinds = nine_terminal_kinds(st.counts)
    return None if kinds >= 9 else f"holds {kinds} kinds of terminals and honors, needs nine"


def ron_blocker(state: HandState, seat: int, tile: int, robbed: bool) -> str | None:
    """Ron on a discard or a kan tile: the shape, no furiten (A1), a yaku when needed."""
    st = state.seats[seat]
    kind = tile // 4
    st.counts[kind] += 1
    shape = state.ruleset.can_win(st.counts, len(st.melds))
    st.counts[kind] -= 1
    if not shape:
        return DOES_NOT_WIN
    # the yaku first: a pass marks the seat furiten as soon as the tile completes its
    # shape (C1-2), so a hand that simply has no yaku would also read as furiten
    if not state.has_yaku(seat, tile, tsumo=False, robbed=robbed):
        return "the hand has no yaku"
    if state.is_furiten(seat):
        return "furiten"
    return None


def call_blocker(state: HandState, seat: int) -> str | None:
    """Chi, pon or open kan at all on the tile on offer (A1 "Calls on the last discard")."""
    if state.wall.live_count == 0:
        return "no calls on the last discard"
    if state.seats[seat].in_riichi:
        return "no calls after riichi"
    if state.abort_pending is not None:
        return "only ron on a discard that ends the hand unless ronned"
    return None


# ---------------------------------------------------------------- reasons


def malformed_reason(action: object) -> str:
    """Why an action is not even of the right shape (a wrong type in some field)."""
    if not isinstance(action, Action):
        return "not an action"
    seat = action.seat
    if type(seat) is not int or not 0 <= seat < 4:
        return "no such seat (0..3)"
    return "a field is missing or of the wrong type (tiles are codes 0..36)"


def why_not(state: HandState, action: Action) -> str:
    """The reason a well-formed action is not legal now (for the error message)."""
    from mahjong_joy.engine.state import Phase

    if state.phase is Phase.FINISHED:
        return "the hand is over"
    if state.phase is Phase.AWAITING_DISCARD:
        return _own_turn_reason(state, action) or "not legal now"
    return _claim_reason(state, action)


def _own_turn_reason(state: HandState, action: Action) -> str | None:
    seat = action.seat
    if isinstance(action, (Ron, Chi, Pon, Kan, Pass)):
        return "there is no discard to claim"
    if seat != state.current:
        return f"it is seat {state.current}'s turn"
    if isinstance(action, Discard):
        return discard_blocker(state, seat, action.tile)
    if isinstance(action, Riichi):
        return riichi_discard_blocker(state, seat, action.tile)
    if isinstance(action, Tsumo):
        reason = tsumo_blocker(state, seat)
        if reason == NOT_COMPLETE:
            return f"{format_tiles(_kinds(state.seats[seat].counts))} {NOT_COMPLETE}"
        return reason
    if isinstance(action, NineTerminals):
        return nine_terminals_blocker(state, seat)
    if isinstance(action, (ClosedKan, AddedKan)):
        if not 0 <= action.tile < KIND_COUNT:
            return f"{action.tile!r} is not a tile kind (0..33)"
        return kan_blocker(state, seat, action.tile, isinstance(action, AddedKan))
    return None


def _claim_reason(state: HandState, action: Action) -> str:
    from mahjong_joy.engine.state import Phase

    seat = action.seat
    robbery = state.phase is Phase.AWAITING_ROBBERY
    on = state.pending_kan if robbery else state.last_discard
    assert on is not None
    kind = on[1] // 4
    if isinstance(action, (Discard, Tsumo, ClosedKan, AddedKan, Riichi, NineTerminals)):
        return f"waiting for claims on {tile_name(kind)}"
    if seat == on[0]:
        return f"cannot claim its own {tile_name(kind)}"
    opportunity = next((o for o in state.opportunities if o.seat == seat), None)
    if seat not in state.waiting:
        return "already answered" if opportunity else f"has no claim on {tile_name(kind)}"
    if robbery and not isinstance(action, (Ron, Pass)):
        return f"only ron may rob the kan of {tile_name(kind)}"
    if state.rons and not isinstance(action, (Ron, Pass)):
        return "a ron was declared: only ron or pass"
    if isinstance(action, Ron):
        reason = ron_blocker(state, seat, on[1], robbery) or "not legal now"
        if reason == DOES_NOT_WIN:
            return f"{format_tiles(_kinds(state.seats[seat].counts))} {DOES_NOT_WIN} on {tile_name(kind)}"
        return reason
    counts = state.seats[seat].counts
    reason = call_blocker(state, seat)
    if reason:
        return reason
    if isinstance(action, Pon):
        return f"holds only {counts[kind]} {tile_name(kind)}" if counts[kind] < 2 else _no_such_call(action)
    if isinstance(action, Kan):
        if counts[kind] == 3:
            return "no kan is possible now (four kans made or the live wall is empty)"
        return f"holds only {counts[kind]} {tile_name(kind)}"
    if isinstance(action, Chi):
        if (on[0] + 1) % 4 != seat:
            return "chi only from the seat on the left"
        return f"cannot make {action.tiles!r} with {tile_name(kind)}" + _consumed_reason(action)
    return "not legal now"


def _no_such_call(action: Action) -> str:
    """A call whose tiles exist but not in the form asked (kuikae, or other copies)."""
    consumed = getattr(action, "consumed", None)
    if consumed is not None:
        return f"does not hold {''.join(code_name(c) for c in consumed)} for that call, or kuikae forbids it"
    return "kuikae would leave no tile to discard"


def _consumed_reason(action: Action) -> str:
    consumed = getattr(action, "consumed", None)
    return "" if consumed is None else f" from {''.join(code_name(c) for c in consumed)}"


def _kinds(counts: Sequence[int]) -> list[int]:
    return [t for t in range(KIND_COUNT) for _ in range(counts[t])]
