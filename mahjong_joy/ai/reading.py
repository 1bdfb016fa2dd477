"""Reading the table from one seat's view: threats, tile safety and hand value.

Everything here is a pure function of a :class:`~mahjong_joy.engine.view.SeatView`,
so the levels built on it stay deterministic per view.

Safety against a riichi follows the usual order of evidence (riichi.wiki,
"Defense"): a tile in the riichi seat's own river, or discarded after its
riichi and not taken, cannot deal in (furiten, A1); a suji tile cannot complete
a two-sided wait; a kabe (every copy of a neighbour visible) blocks the
two-sided shapes through it. :func:`deal_in_chance` turns that evidence into a
rough probability: live two-sided shapes through the tile, plus a smaller share
for closed, edge, pair and single waits, so non-suji middle tiles come out near
12% and suji terminals near 1.5%, in line with published Tenhou deal-in rates.

The order of discards between seats is not in the view; a discard by another
seat counts as "after the riichi" only when its turn slot is provably later
(each of that seat's calls may have moved it up to a go-around ahead).

>>> suji_partners(3)
(0, 6)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from collections.abc import Callable, Sequence
from typing import NamedTuple

from mahjong_joy.engine.view import SeatView
from mahjong_joy.hand.counts import hand_bytes
from mahjong_joy.hand.shanten import shanten_of_key
from mahjong_joy.hand.waits import kinds_in_mask, useful_mask
from mahjong_joy.melds import CLOSED_KAN
from mahjong_joy.i18n import N_, tr
from mahjong_joy.i18n import say as _english  # a record's words: the catalog message in English
from mahjong_joy.names import seat_name, tile_label
from mahjong_joy.names import HUMAN, SEAT_NAMES, table_names, wind_index
from mahjong_joy.tiles import DRAGONS, EAST, KIND_COUNT, KIND_OF_CODE, is_terminal_or_honor



def kind_text(kind: int) -> str:
    """A kind as the player reads it (``5 of Dots``, ``Red dragon``): the reasons show in
    a bubble at the table and in the replay viewer, so they name tiles as the game does.
    A reason is kept in a record as text, so it is English whatever the screen speaks."""
    return tile_label(kind, translate=False)


@dataclass(frozen=True)
class SeatWords:
    """How an AI's reasons name the seats: ``names`` by absolute seat, and the
    ``player`` (if any) as "you". :meth:`at_table` takes the names the table and the
    replay viewer show; the mjai bot passes ``seat 2`` and the like."""

    player: int | None = 0
    names: tuple[str, ...] = SEAT_NAMES
    local: bool = False  # True for the guide: words in the player's language (a record's reasons stay English)

    @classmethod
    def at_table(cls, kinds: Sequence[str]) -> SeatWords:
        """The words for a table of these seat kinds: names counted from the human's
        seat (:func:`mahjong_joy.names.table_names`); with no human nobody is
        "you" and the seat at the bottom is Nana."""
        player = list(kinds).index(HUMAN) if HUMAN in kinds else None
        return cls(player, table_names(kinds))

    def seated(self, players: Sequence[int]) -> SeatWords:
        """The same people named by the chair each sits in now: chair ``c`` holds player
        ``players[c]`` (a player being his seat in the first hand; Chinese Official players
        change chairs each round, RULES.md B3), so a reason names who really sits there."""
        player = None if self.player is None else list(players).index(self.player)
        return replace(self, player=player, names=tuple(self.names[p] for p in players))

    def name(self, seat: int) -> str:
        """The seat as an object: ``Sora``, or ``you``."""
        return "you" if seat == self.player else self.names[seat]

    def is_(self, seat: int) -> str:
        """The seat as the subject of "is": ``Sora is``, or ``You are``."""
        return "You are" if seat == self.player else f"{self.name(seat)} is"

    def owns(self, seat: int) -> str:
        """The seat's possessive: ``Sora's``, or ``your``."""
        return "your" if seat == self.player else f"{self.name(seat)}'s"

    def speech(self, seat: int) -> tuple[Callable[..., str], str]:
        """How these words write a sentence about ``seat``, and its name in it: the
        player's language for the guide (``local``), else a record's English (``i18n.say``),
        from the same catalog message either way."""
        return (tr, seat_name(self.names[seat])) if self.local else (_english, self.names[seat])


def dora_of(indicator: int) -> int:
    """The dora a kind indicates (9 -> 1, North -> East, red -> white)."""
    if indicator < 27:
        return indicator - indicator % 9 + (indicator % 9 + 1) % 9
    if indicator < 31:
        return 27 + (indicator - 27 + 1) % 4
    return 31 + (indicator - 31 + 1) % 3


def suji_partners(kind: int) -> tuple[int, ...]:
    """The tiles three away in the same suit."""
    if kind >= 27:
        return ()
    rank = kind % 9
    return tuple(kind + d for d in (-3, 3) if 0 <= rank + d <= 8)


def value_kinds(view: SeatView) -> tuple[int, ...]:
    """Kinds whose triplet is a yaku for this seat: dragons, seat wind, round wind."""
    return DRAGONS + (EAST + (view.seat - view.dealer) % 4, EAST + wind_index(view.round_wind))


def dora_kinds(view: SeatView) -> list[int]:
    return [dora_of(k) for k in view.dora_indicators]


# ----------------------------------------------------------------- hand shape


def shanten_of(counts: Sequence[int], melds: int) -> int:
    return shanten_of_key(bytes(counts), melds)


def unseen(view: SeatView) -> list[int]:
    """Copies of each kind this seat has not seen (not in hand, river, melds or indicators)."""
    vis = view.visible_counts34()
    return [max(0, 4 - n) for n in vis]


class Candidate(NamedTuple):
    """One discard kind with its shape after: shanten, unseen useful tiles, potential."""

    kind: int
    shanten: int
    ukeire: int
    waits: tuple[int, ...]


def candidates(view: SeatView, allowed: int) -> list[Candidate]:
    """Each allowed discard kind with the shape it leaves (ukeire against visible tiles)."""
    counts = list(view.counts34())
    melds = view.meld_count
    left = unseen(view)
    found = []
    for k in range(KIND_COUNT):
        if not counts[k] or not allowed >> k & 1:
            continue
        counts[k] -= 1
        key = bytes(counts)
        s = shanten_of_key(key, melds)
        mask = useful_mask(key, melds)
        useful = kinds_in_mask(mask)
        u = sum(left[t] for t in useful)
        found.append(Candidate(k, s, u, tuple(useful) if s == 0 else ()))
        counts[k] += 1
    return found


def hand_key(counts: Sequence[int], melds: int) -> bytes:
    return hand_bytes(counts, melds, (13, 14))


# ----------------------------------------------------------------- safety


class Threat(NamedTuple):
    """A seat to defend against: riichi, or an open hand that looks ready and costly."""

    seat: int
    riichi: bool
    ready_chance: float
    value: int  # rough points a deal-in would cost
    suits: tuple[int, ...]  # suits it collects (a flush), () if any


def _turn_slot(view: SeatView, seat: int, index: int) -> int:
    return index * 4 + (seat - view.dealer) % 4


def calls_of(view: SeatView, seat: int) -> int:
    return sum(1 for m in view.melds[seat] if m.type != CLOSED_KAN)


def safe_after(view: SeatView, threat: int, words: SeatWords) -> dict[int, str]:
    """Kinds that cannot deal in to a riichi seat, each with why (furiten) in ``words``."""
    at = view.riichi[threat]
    safe: dict[int, str] = {}
    say, name = words.speech(threat)
    if threat == words.player:
        river, after = say(N_("in your own river")), say(N_("discarded after your riichi"))
    else:
        river, after = say(N_("in {name}'s own river"), name=name), say(N_("discarded after {name}'s riichi"), name=name)
    for entry in view.rivers[threat]:
        safe.setdefault(KIND_OF_CODE[entry.tile], river)
    if at is None:
        return safe
    slot = _turn_slot(view, threat, at)
    for seat in range(4):
        if seat == threat:
            continue
        margin = 4 * calls_of(view, seat)
        for index, entry in enumerate(view.rivers[seat]):
            if entry.claimed_by is None and _turn_slot(view, seat, index) > slot + margin:
                safe.setdefault(KIND_OF_CODE[entry.tile], after)
    return safe


def deal_in_chance(view: SeatView, kind: int, threat: int, visible: Sequence[int], safe: dict[int, str]) -> float:
    """Rough chance that discarding ``kind`` deals in to a ready ``threat``."""
    if kind in safe:
        return 0.0
    seen = visible[kind]
    if kind >= 27:
        return (0.0, 0.005, 0.03, 0.06, 0.07)[4 - seen] * (1.3 if kind in value_kinds_of(view, threat) else 1.0)
    rank = kind % 9
    live = 0.0
    for step in (1, -1):  # the shape above (k+1, k+2) and below (k-2, k-1)
        a, b, other = kind + step, kind + 2 * step, kind + 3 * step
        if not (0 <= rank + 2 * step <= 8):
            continue
        if 0 <= rank + 3 * step <= 8 and other in safe:
            continue  # suji: that two-sided wait would be furiten
        block = min(4 - visible[a], 4 - visible[b])
        if block <= 0:
            continue  # kabe: no-chance
        live += 0.045 * (0.5 if block == 1 else 1.0)
    other = (0.015, 0.03, 0.04, 0.03, 0.03, 0.03, 0.04, 0.03, 0.015)[rank] * (4 - seen + 1) / 4
    chance = live + other
    if kind in dora_kinds(view):
        chance *= 1.2
    return chance


def value_kinds_of(view: SeatView, seat: int) -> tuple[int, ...]:
    return DRAGONS + (EAST + (seat - view.dealer) % 4, EAST + wind_index(view.round_wind))


def safety_reason(view: SeatView, kind: int, threat: int, visible: Sequence[int], safe: dict[int, str]) -> str:
    """Why a tile is fairly safe, in words (``5 of Dots is safe (...)``, ``2 of Bamboo is suji``)."""
    evidence = safety_evidence(kind, visible, safe) or _english(N_("the least dangerous left"))
    return _english(N_("{tile} is {evidence}"), tile=kind_text(kind), evidence=evidence)


def safety_evidence(kind: int, visible: Sequence[int], safe: dict[int, str], local: bool = False) -> str:
    """The evidence that makes a tile safer against one riichi, as the words after "is"
    (``safe (in Sora's own river)``, ``suji``, ``half-suji``, ``behind a wall (...)``, ``an
    honor with 2 seen``), or "" when there is none: the guide's danger marks and the
    AI's fold reasons say the same thing (``local``: in the player's language, for the guide)."""
    say = tr if local else _english
    if kind in safe:
        return say(N_("safe ({why})"), why=safe[kind])
    if kind >= 27:
        return say(N_("an honor with {count} seen"), count=visible[kind])
    partners = [p for p in suji_partners(kind) if p in safe]
    if partners and len(partners) == len(suji_partners(kind)):
        return say(N_("suji"))
    if partners:
        return say(N_("half-suji"))
    rank = kind % 9
    for step in (1, -1):
        a = kind + step
        if 0 <= rank + step <= 8 and visible[a] == 4:
            return say(N_("behind a wall ({tile} all seen)"), tile=tile_label(a, translate=local))
    return ""



def threat_words(threat: Threat, words: SeatWords) -> str:
    """A threat as the guide and Hard's fold reasons name it: ``Sora is in riichi``,
    ``Sora's open hand looks ready``."""
    say, name = words.speech(threat.seat)
    mine = threat.seat == words.player
    if threat.riichi:
        return say(N_("You are in riichi")) if mine else say(N_("{name} is in riichi"), name=name)
    return say(N_("your open hand looks ready")) if mine else say(N_("{name}'s open hand looks ready"), name=name)


def main_threat(found: Sequence[Threat]) -> Threat:
    """The threat that weighs most (cost times how likely it is ready), as Hard names it."""
    return max(found, key=lambda t: t.value * t.ready_chance)


def threats(view: SeatView) -> list[Threat]:
    """Riichi seats, and open hands likely ready: 3+ calls, or 2 with dora or a flush showing."""
    found = []
    doras = dora_kinds(view)
    for seat in range(4):
        if seat == view.seat:
            continue
        dealer = 1.5 if seat == view.dealer else 1.0
        melds = [(m.type, m.kinds) for m in view.melds[seat]]
        meld_dora = sum(1 for _, kinds in melds for k in kinds if k in doras)
        if view.riichi[seat] is not None:
            found.append(Threat(seat, True, 1.0, int((5200 + 1500 * meld_dora) * dealer), ()))
            continue
        calls = calls_of(view, seat)
        if calls < 2:
            continue
        suits = {k // 9 for _, kinds in melds for k in kinds if k < 27}
        flush = len(suits) == 1 and calls >= 2
        yakuhai = sum(1 for _, kinds in melds if kinds[0] in value_kinds_of(view, seat) and kinds[0] == kinds[-1])
        han = 1 + meld_dora + yakuhai + (2 if flush else 0)
        value = int((1000, 2000, 3900, 7700, 8000, 8000, 12000, 12000)[min(han, 8) - 1] * dealer)
        ready = {2: 0.35, 3: 0.65}.get(calls, 0.9)
        if view.wall_count < 30:
            ready = min(0.95, ready + 0.15)
        if calls >= 3 or (calls == 2 and (meld_dora >= 2 or flush)):
            found.append(Threat(seat, False, ready, value, tuple(suits) if flush else ()))
    return found


def threat_danger(view: SeatView, kind: int, threat: Threat, visible: Sequence[int], safe: dict[int, str]) -> float:
    """Chance of dealing in with ``kind`` to this threat, counting how likely it is ready."""
    chance = deal_in_chance(view, kind, threat.seat, visible, safe)
    if threat.suits and kind < 27 and kind // 9 not in threat.suits:
        chance *= 0.15
    elif threat.suits:
        chance *= 1.8
    return chance * threat.ready_chance


def minded_threats(view: SeatView, level: str) -> list[Threat]:
    """The threats a level defends against on its turn: under riichi rules every riichi,
    and for Hard also an open hand likely ready (0.65) and worth 3,900 or more; under
    rules without riichi, an open hand of three calls or more. The Hard AI and the
    guide (:mod:`mahjong_joy.ai.defence`) mind the same ones."""
    if not view.needs_yaku:
        return [t for t in threats(view) if not t.riichi and calls_of(view, t.seat) >= 3]
    return [t for t in threats(view) if t.riichi or (level == "hard" and t.ready_chance >= 0.65 and t.value >= 3900)]


def deal_in_loss(view: SeatView, kind: int, found: Sequence[Threat], visible: Sequence[int], safes: dict[int, dict[int, str]]) -> float:
    """Points a discard of ``kind`` is expected to lose to these threats: each threat's
    deal-in chance (:func:`threat_danger`) times what it would cost. Hard's one measure
    of a tile's danger, for its push, its fold and the guide's marks."""
    return sum(threat_danger(view, kind, t, visible, safes[t.seat]) * t.value for t in found)


# ----------------------------------------------------------------- value


def han_estimate(view: SeatView, counts: Sequence[int], closed: bool, riichi: bool) -> float:
    """Rough han of the hand if it wins: dora, red fives, value sets, all simples, riichi."""
    doras = dora_kinds(view)
    melds = [(m.type, m.kinds) for m in view.melds[view.seat]]
    held = [k for k in range(KIND_COUNT) for _ in range(counts[k])]
    tiles = held + [k for _, kinds in melds for k in kinds]
    han = float(sum(1 for k in tiles if k in doras))
    han += sum(1 for c in view.hand if c >= 34) if len(view.hand) else 0
    values = value_kinds(view)
    yaku = 0.0
    for k in set(values):
        n = counts[k] + sum(1 for _, kinds in melds if kinds[0] == k == kinds[-1]) * 3
        if n >= 3:
            yaku += values.count(k)
        elif n == 2:
            yaku += 0.4
    if not any(map(is_terminal_or_honor, tiles)):
        yaku += 1
    suits = {k // 9 for k in tiles if k < 27}
    if len(suits) == 1:
        yaku += 3 if any(k >= 27 for k in tiles) else 5
        yaku -= 0 if closed else 1
    if closed:
        yaku += 1 if riichi else 0.3  # riichi, or a chance of menzen tsumo / pinfu
        if riichi:
            han += 0.4  # ura dora and ippatsu, on average
    return han + yaku


_POINTS = (1000, 1300, 2600, 5200, 8000, 8000, 12000, 12000, 16000, 16000, 16000, 24000, 32000)


def points_for(han: float, dealer: bool) -> int:
    """Typical ron value of ``han`` (30-40 fu below mangan)."""
    index = max(0, min(len(_POINTS) - 1, int(han + 0.5)))
    return int(_POINTS[index] * (1.5 if dealer else 1.0))


ATTACKED = 0.6  # a hand's win chance while a riichi is on (others fold less, it must mind the tile)


def win_chance(shanten: int, ukeire: int, wall: int, attacked: bool) -> float:
    """Rough chance of winning the hand from here: smooth and rising in the useful
    tiles at every distance (own draws plus rons, about 1.6 chances per go-around)."""
    turns = wall / 4
    if shanten <= 0:
        per = min(0.5, ukeire / 70)
        p = 1 - (1 - per) ** (1.6 * turns)
    elif shanten == 1:
        p = 0.55 * (1 - math.exp(-ukeire * turns / 250))
    elif shanten == 2:
        p = 0.35 * (1 - math.exp(-ukeire * turns / 900))
    else:
        p = 0.2 * (1 - math.exp(-ukeire * turns / 3000))
    return p * (ATTACKED if attacked else 1.0)


# ----------------------------------------------------------------- placement


def placement(points: Sequence[int], seat: int, first_dealer: int = 0) -> int:
    """1..4 by points; ties go to the seat nearer the first dealer (Tenhou)."""
    order = sorted(range(4), key=lambda s: (-points[s], (s - first_dealer) % 4))
    return order.index(seat) + 1


def is_all_last(view: SeatView) -> bool:
    """The last hand of a half game: South (or later) round with the last seat dealing."""
    return view.round_wind != "E" and view.dealer == 3


def wait_text(waits: Sequence[int], left: Sequence[int]) -> str:
    """``two-sided wait on 3-6 of Dots, 8 tiles left``."""
    count = sum(left[w] for w in waits)
    tiles = _english(N_("{count} tile left") if count == 1 else N_("{count} tiles left"), count=count)
    if len(waits) == 2 and waits[0] < 27 and waits[1] - waits[0] == 3 and waits[0] // 9 == waits[1] // 9:
        return _english(N_("two-sided wait on {low}-{tile}, {left}"), low=waits[0] % 9 + 1, tile=tile_label(waits[1], translate=False), left=tiles)
    if len(waits) == 1:
        return _english(N_("single wait on {tile}, {left}"), tile=kind_text(waits[0]), left=tiles)
    return _english(N_("{count}-kind wait on {tiles}; {left}"), count=len(waits), tiles=", ".join(kind_text(w) for w in waits), left=tiles)
