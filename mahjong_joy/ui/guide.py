"""The guide (hints on): advice above the hand, the best discard marked on its tile,
"You can win" by the button, and the meaning of its words on hover.

The table owns one :class:`GuideView` and calls it from a few small hooks; the
advice itself is a pure reading of the table's snapshot (:func:`advise`), cached
per snapshot version, hover and mode. Useful-tile counts subtract every tile the
player can see, the copy being discarded included (it goes to their river).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

import pygame

from mahjong_joy.i18n import N_, current_language, ntr, tr
from mahjong_joy.engine.actions import Ron, Tsumo
from mahjong_joy.controller import GuideFacts, guide_facts, valued_kinds as table_values
from mahjong_joy.errors import MahjongJoyError
from mahjong_joy.names import explain, tile_label
from mahjong_joy.rulesets.mcr import fan_name
from mahjong_joy.tiles import is_flower_code, kind_of_code
from mahjong_joy.ui import theme
from mahjong_joy.ui.session import refusal_sentence
from mahjong_joy.ui.tiles_art import tile_height

Item = tuple[int, int, str]  # (kind, unseen copies, mark such as "furiten (…)" or "tsumo only")
TERMS = re.compile(r"\d+-shanten|\bready\b|\bReady\b|useful tiles|\bfuriten\b|\byaku\b|\bdora\b", re.IGNORECASE)
"""Words of a caption the guide explains on hover (their glossary entries)."""
EXPLAINED = (N_("Ready"), N_("Useful tiles"), N_("Furiten"), N_("Yaku"), N_("Dora"))  # glossary terms a caption may hold
_terms_by_language: dict[str, re.Pattern[str]] = {"en": TERMS}


def terms_pattern() -> re.Pattern[str]:
    """:data:`TERMS` in the language spoken now: the glossary's own words for ready, useful
    tiles, furiten, yaku and dora, and "2-shanten" as the language writes it (2向聴, 2샹텐)."""
    language = current_language()
    if language not in _terms_by_language:
        words = sorted({tr(word) for word in EXPLAINED} | {tr("ready")}, key=len, reverse=True)
        shanten = re.escape(tr("{count}-shanten", count=0)).replace("0", r"\d+", 1)
        _terms_by_language[language] = re.compile("|".join([shanten, *map(re.escape, words)]), re.IGNORECASE)
    return _terms_by_language[language]


@dataclass(frozen=True)
class Advice:
    """What the guide says now: a caption, the tiles it lists, the index (into the
    player's tiles) of the best discard to mark, and ``win`` ("Tsumo", "Ron" or "")."""

    caption: str
    items: tuple[Item, ...] = ()
    best: int | None = None
    win: str = ""


NOTHING = Advice("")


def state_words(shanten_after: int) -> str:
    """A hand's distance from a win in the guide's words: ``ready``, ``2-shanten``."""
    if shanten_after < 0:
        return tr("complete")
    return tr("ready") if shanten_after == 0 else tr("{count}-shanten", count=shanten_after)


def valued_kinds(snap: Any) -> tuple[set[int], set[int]]:
    """The kinds worth keeping at this table and the doubled ones, for the snapshot's
    seat (:func:`mahjong_joy.controller.valued_kinds`)."""
    return table_values(27 + (snap.me - snap.dealer) % 4, snap.round_wind, snap.dora_indicators, snap.riichi_rules)


def facts_of(snap: Any, codes: list[int]) -> GuideFacts:
    """The controller's facts about my hand of ``codes`` at this snapshot
    (:func:`mahjong_joy.controller.guide_facts`): the screen reads them, it never
    analyses a hand itself."""
    return guide_facts(codes, len(snap.melds[snap.me]), snap.visible34, snap.discard_codes, snap.riichi_codes, valued_kinds(snap))


def best_index(codes: list[int], pick: Any, allowed: set[int]) -> int | None:
    """Where the best discard (a candidate's kind) sits among ``codes``: only codes in
    ``allowed`` count, a red five is kept over a plain one, and among equal copies the
    drawn tile (the last) goes."""
    if pick is None:
        return None
    copies = [i for i, c in enumerate(codes) if kind_of_code(c) == pick.tile and c in allowed]
    plain = [i for i in copies if codes[i] < 34]
    return (plain or copies)[-1] if copies else None


def fan_mark(wait: Any) -> str:
    """What a win on one wait scores, as the guide lists it beside the tile (Chinese
    Official, RULES.md B2 "8-fan minimum"): ``16 fan (Pure Straight)``, or ``6 fan, short of 8``."""
    if not wait.valid:
        return tr("{fan} fan, short of 8", fan=wait.fan_total)
    if wait.fan:
        return tr("{fan} fan ({name})", fan=wait.fan_total, name=fan_name(wait.fan[0]))
    return tr("{fan} fan", fan=wait.fan_total)


def fan_items(waits: Any, lift: Any = None, seen: Any = None) -> tuple[Item, ...]:
    """A Chinese Official hand's waits with what each scores; or, when a swap would lift a
    ready hand whose waits all fall short to 8 fan (``lift``; the caption says how short
    they are), the swap alone: the tile to draw, its copies out of sight (``seen``: the
    visible counts) and the tile it replaces, so it fits a small window's panel."""
    if lift is None or lift.take is None or seen is None:
        return tuple((w.tile, w.unseen, fan_mark(w)) for w in waits)
    return ((lift.take, max(0, 4 - seen[lift.take]), tr("in place of the {tile}", tile=tile_label(lift.give))),)


def fan_caption(waits: Any, lead: str, lift: Any = None) -> str:
    """The guide's words for a ready Chinese Official hand: how many unseen tiles would
    win (8 fan or more), or that no wait reaches 8, what the best scores and, when one
    swap would lift it (``lift``: :class:`~mahjong_joy.rulesets.mcr.lift.FanLift`),
    the fan that would make it."""
    winning = sum(w.unseen for w in waits if w.valid)
    best = max((w.fan_total for w in waits), default=0)
    if any(w.valid for w in waits):
        return tr("{lead}: {count} winning tiles unseen, up to {best} fan", lead=lead, count=winning, best=best)
    if lift is not None and lift.take is not None:  # the swap itself is the first item (fan_items)
        return tr("{lead}, {fan} fan: needs 8; {named} would make it", lead=lead, fan=best, named=fan_words(lift.named))
    return tr("{lead}, but no wait reaches 8 fan (at most {best})", lead=lead, best=best)


def fan_words(named: Any) -> str:
    """Up to three fan names in a sentence: ``Mixed Triple Chow``, ``Half Flush and All Chows``."""
    names = [fan_name(f) for f in named[:3]]
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return tr("{first} and {second}", first=names[0], second=names[1])
    return tr("{first}, {second} and {third}", first=names[0], second=names[1], third=names[2])


def lift_item(lift: Any, seen: Any) -> Item:
    """The tile a lift wins on, its unseen copies and what that win scores (``12 fan (Mixed Triple Chow)``)."""
    unseen = max(0, 4 - seen[lift.win] - (lift.win == lift.take))
    return lift.win, unseen, tr("{fan} fan ({name})", fan=lift.score.fan_total, name=fan_name(lift.named[0]))


def fan_best(codes: list[int], facts: GuideFacts, allowed: set[int], fan_of: Any, best: int | None) -> int | None:
    """Chinese Official: among the discards that leave the hand ready, the one whose waits
    hold the most unseen tiles that win with 8 fan or more (then the higher fan): a ready
    hand whose every wait is short of 8 cannot win (RULES.md B2). ``best`` when no ready
    discard has such a wait."""
    scored = []
    for cand in facts.candidates:
        index = best_index(codes, cand, allowed) if cand.shanten == 0 else None
        if index is None:
            continue
        waits = fan_of(codes[index])
        winning = sum(w.unseen for w in waits if w.valid)
        if winning:
            scored.append((winning, max(w.fan_total for w in waits if w.valid), -index, index))
    return max(scored)[3] if scored else best


def short_of_eight(table: Any, snap: Any, codes: list[int] | None = None) -> Advice | None:
    """Why a hand that looks complete on my turn is not a win: the drawn tile completes
    it, but with fewer than 8 fan (``Complete, but 6 fan: a win needs 8``), and, when
    one swap would lift it, the fan that would make it, the tile to give up marked
    with the star and the tile that would then win listed; ``None`` otherwise."""
    read = getattr(table.session, "wait_fan", None)
    if read is None or snap.drawn is None or any(isinstance(a, Tsumo) for a in snap.own_actions):
        return None
    kind = kind_of_code(snap.drawn)
    found = next((w for w in read(snap.drawn, True) if w.tile == kind), None)
    if found is None or found.valid:
        return None
    tile = tile_label(snap.drawn)
    lift_of = getattr(table.session, "fan_lift", None)
    lift = lift_of(None) if lift_of is not None else None
    give = _give_index(codes or [], lift) if lift is not None else None
    if give is not None:
        return Advice(tr("Complete, but {fan} fan: needs 8; {named} would make it (discard the {give})",
                         fan=found.fan_total, named=fan_words(lift.named), give=tile_label(codes[give])),
                      (lift_item(lift, snap.visible34),), give)
    counted = ", ".join(fan_name(f) for f in found.fan[:3])
    if not counted:
        return Advice(tr("Complete with the {tile}, but {fan} fan: a win needs 8", tile=tile, fan=found.fan_total))
    return Advice(tr("Complete with the {tile}, but {fan} fan ({counted}): a win needs 8", tile=tile,
                     fan=found.fan_total, counted=counted))


def _give_index(codes: list[int], lift: Any) -> int | None:
    """Where the tile a lift gives up sits among my tiles (the drawn copy, the last, first)."""
    spots = [i for i, c in enumerate(codes) if kind_of_code(c) == lift.give]
    return spots[-1] if spots else None


def win_callout_words(table: Any) -> str:
    """The words by the win button: ``You can win: Tsumo!`` (``Hu!`` under Chinese Official rules)."""
    return tr("You can win: Hu!") if table.snap is not None and table.snap.mcr_rules else tr("You can win: Tsumo!")


def win_word(snap: Any) -> str:
    """"Tsumo" or "Ron" when the player may win right now, else ""."""
    if snap.my_turn and any(isinstance(a, Tsumo) for a in snap.own_actions):
        return "Tsumo"
    if snap.claim is not None and any(isinstance(a, Ron) for a in snap.claim.actions):
        return "Ron"
    return ""


def advise(table: Any) -> Advice:
    """The guide's advice for the table's snapshot, hover and riichi mode."""
    snap = table.snap
    if snap is None or snap.result is not None:
        return NOTHING
    try:
        return _advise(table, snap)
    except MahjongJoyError:
        return NOTHING


def defence_of(table: Any) -> Any:
    """The guide's defence at this table (the session's, from the controller: the Hard
    AI's danger marks and push or fold for my seat), or ``None`` when nothing threatens,
    the rules have no riichi, or the session offers none (a replay)."""
    snap = table.snap
    read = getattr(table.session, "defence", None)
    if read is None or snap is None or not snap.riichi_rules or snap.result is not None:
        return None
    return read()


def _advise(table: Any, snap: Any) -> Advice:
    win = win_word(snap)
    codes = table.my_tiles()
    if snap.my_turn and snap.drawn is not None and is_flower_code(snap.drawn):  # the wall's last tile, a flower (RULES.md B1)
        return Advice(tr("No flower is replaced after the last tile: discard the {tile}, nobody may claim it",
                         tile=tile_label(snap.drawn)), best=len(codes) - 1)
    tiles = [kind_of_code(c) for c in codes]
    seen = list(snap.visible34)
    notes = getattr(table.session, "wait_notes", None) if snap.riichi_rules else None
    fan_of = getattr(table.session, "wait_fan", None) if snap.mcr_rules else None
    if fan_of is not None and win == "Ron":
        found = next((w for w in fan_of(None) if w.tile == kind_of_code(snap.claim.tile)), None)
        worth = f" ({fan_mark(found)})" if found is not None else ""
        return Advice(tr("You can win: Hu! The {tile} completes your hand", tile=tile_label(snap.claim.tile)) + worth, win=win)
    if fan_of is not None and win == "Tsumo" and table.hover is None:
        return Advice(tr("You can win: Hu! The {tile} completes your hand", tile=tile_label(snap.drawn))
                      if snap.drawn is not None else tr("You can win: Hu!"), win=win)
    if win == "Ron":
        return Advice(tr("You can win: Ron! The {tile} completes your hand", tile=tile_label(snap.claim.tile)), win=win)
    if win == "Tsumo" and table.hover is None:  # hovering a tile still shows what discarding it leaves
        if snap.drawn is not None:
            return Advice(tr("You can win: Tsumo! The {tile} completes your hand", tile=tile_label(snap.drawn)), win=win)
        return Advice(tr("You can win: Tsumo!"), win=win)
    key = ("facts", snap.version, tuple(codes))  # hovering changes the advice, never the facts
    cache = getattr(table, "_guide_cache", None)
    facts = cache.get(key) if cache is not None else None
    if facts is None:
        facts = facts_of(snap, codes)
        if cache is not None:
            cache[key] = facts
    if len(tiles) % 3 == 2 and snap.riichi[snap.me] and snap.drawn is not None:  # locked: what the hand waits on
        items = [(t, max(0, 4 - seen[t]), "") for t in facts.locked_waits]
        marked = notes(snap.drawn, True) if notes is not None else ()
        if marked:
            items = [(n.tile, n.unseen, _mark(n)) for n in marked]
        return Advice(tr("Riichi: {count} winning tiles unseen{tail}", count=sum(n for _, n, _ in items), tail=_furiten_tail(items)), tuple(items))
    if len(tiles) % 3 == 2:
        short = short_of_eight(table, snap, codes) if fan_of is not None and table.hover is None else None
        advice = _discard_advice(table, snap, codes, facts, notes, fan_of)
        if short is not None:
            return short if short.best is not None else Advice(short.caption, best=advice.best)
        return Advice(advice.caption, advice.items, None, win) if win else advice
    sh = facts.shanten
    if sh == 0 and fan_of is not None:
        waits = fan_of(None)
        lift = _lift_of(table, waits, None)
        return Advice(fan_caption(waits, tr("Ready"), lift), fan_items(waits, lift, snap.visible34))
    if sh == 0:
        items = [(t, max(0, 4 - seen[t]), "") for t in facts.waits]
        marked = notes(None, snap.riichi[snap.me]) if notes is not None else ()
        if marked:
            items = [(n.tile, n.unseen, _mark(n)) for n in marked]
        return Advice(tr("Ready! {count} winning tiles unseen{tail}", count=sum(n for _, n, _ in items), tail=_furiten_tail(items)), tuple(items))
    return Advice(ntr("{count}-shanten: {count} useful draw from ready. Your turn marks the best discard",
                      "{count}-shanten: {count} useful draws from ready. Your turn marks the best discard", sh))


def _lift_of(table: Any, waits: Any, discard: int | None) -> Any:
    """The swap that would lift a ready hand (after ``discard``) whose waits all fall short
    of 8 fan, from the session (worked out only then, once per position), or ``None``."""
    read = getattr(table.session, "fan_lift", None)
    if read is None or not waits or any(w.valid for w in waits):
        return None
    return read(discard)


def _discard_advice(table: Any, snap: Any, codes: list[int], facts: GuideFacts, notes: Any, fan_of: Any = None) -> Advice:
    """On my turn: the hovered tile's discard (or the best one's), with the best marked.
    When someone threatens, the best is the Hard AI's push or fold (:func:`_defence_advice`)."""
    if not snap.my_turn:
        return NOTHING
    allowed = table.ready_discards() if table.riichi_mode else table.legal_codes() or set(codes)
    best = best_index(codes, facts.best_riichi if table.riichi_mode else facts.best, allowed)
    if fan_of is not None:
        best = fan_best(codes, facts, allowed, fan_of, best)
    defence = defence_of(table)
    if defence is not None and defence.pick is not None:
        best = defence_index(codes, defence, allowed, table.riichi_mode)
        if table.hover is None or not 0 <= table.hover < len(codes):
            return _defence_advice(table, codes, facts, notes, defence, best)
    index = table.hover if table.hover is not None and 0 <= table.hover < len(codes) else best
    if index is None:
        return NOTHING
    refused = snap.refusal_of(codes[index]) if index == table.hover and not table.riichi_mode else ""
    if refused:  # kuikae and the like: the hovered tile cannot go, and the guide says why (play test)
        return Advice(refusal_sentence(refused, codes[index]), best=best)
    tile = kind_of_code(codes[index])
    cand = next((c for c in facts.candidates if c.tile == tile), None)
    if cand is None:
        return Advice("", best=best)
    items = [(t, n, "") for t, n in sorted(cand.ukeire.items())]
    if cand.shanten == 0 and fan_of is not None:  # Chinese Official: what each wait would score
        waits = fan_of(codes[index])
        lead = tr("Best: discard {tile}", tile=tile_label(codes[index])) if index == best and table.hover is None \
            else tr("Discard {tile}", tile=tile_label(codes[index]))
        lift = _lift_of(table, waits, codes[index])
        return Advice(fan_caption(waits, lead, lift), fan_items(waits, lift, snap.visible34), best)
    if cand.shanten == 0 and notes is not None:
        marked = notes(codes[index], table.riichi_mode)
        if marked:
            items = [(n.tile, n.unseen, _mark(n)) for n in marked]
    total = sum(n for _, n, _ in items) if cand.shanten == 0 else cand.ukeire_total
    first = index == best and table.hover is None
    lead = (tr("Best: riichi with") if first else tr("Riichi with")) if table.riichi_mode else (tr("Best: discard") if first else tr("Discard"))
    tail = tr(" (best)") if index == best and table.hover is not None else ""
    danger = defence.danger_of(tile) if defence is not None else None
    tier = tr(" · {tier}", tier=tr(TIER_WORDS[danger.tier])) if danger is not None else ""
    words = (tr("{lead} {tile}{tail}: {state}, {count} winning tiles{tier}") if cand.shanten == 0
             else tr("{lead} {tile}{tail}: {state}, {count} useful tiles{tier}"))
    return Advice(words.format(lead=lead, tile=tile_label(codes[index]), tail=tail, state=state_words(cand.shanten), count=total, tier=tier),
                  tuple(items), best)


def defence_index(codes: list[int], defence: Any, allowed: set[int], riichi_mode: bool) -> int | None:
    """Where the Hard AI's discard sits among my tiles (the drawn copy of equal codes
    first), or ``None`` when the Riichi button is down and Hard would not declare, or
    it makes no discard (a win, a kan)."""
    choice = defence.choice
    if defence.pick is None or (riichi_mode and choice.name != "riichi"):
        return None
    spots = [i for i, c in enumerate(codes) if c == choice.tile and c in allowed]
    return spots[-1] if spots else None


def _defence_advice(table: Any, codes: list[int], facts: GuideFacts, notes: Any, defence: Any, best: int | None) -> Advice:
    """The best line under threat, as the Hard AI decides for my seat: ``Sora is in riichi:
    fold with 9 of Dots (safe: in Sora's own river)``, or a push with its shape and the
    tile's danger. With the Riichi button down and Hard against declaring, it says so."""
    pick = defence.pick
    if pick is None:
        return NOTHING
    danger = defence.danger_of(pick)
    label = tile_label(defence.choice.tile)
    evidence = _evidence(danger)
    if table.riichi_mode and defence.choice.name != "riichi":
        if defence.folds:
            return Advice(tr("{threat}: better not to declare riichi; fold with {tile} ({evidence})", threat=defence.threat, tile=label, evidence=evidence))
        return Advice(tr("{threat}: better not to declare riichi; stay quiet (dama) with {tile} ({evidence})", threat=defence.threat, tile=label, evidence=evidence))
    if defence.folds:
        return Advice(tr("{threat}: fold with {tile} ({evidence})", threat=defence.threat, tile=label, evidence=evidence), best=best)
    cand = next((c for c in facts.candidates if c.tile == pick), None)
    shape = ""
    items: tuple[Item, ...] = ()
    if cand is not None:
        items = tuple((t, n, "") for t, n in sorted(cand.ukeire.items()))
        if cand.shanten == 0 and notes is not None:
            marked = notes(defence.choice.tile, defence.choice.name == "riichi")
            items = tuple((n.tile, n.unseen, _mark(n)) for n in marked) or items
        total = sum(n for _, n, _ in items) if cand.shanten == 0 else cand.ukeire_total
        state = state_words(cand.shanten)
        shape = (tr(", {state}, {count} winning tiles", state=state, count=total) if cand.shanten == 0
                 else tr(", {state}, {count} useful tiles", state=state, count=total))
    if defence.choice.name == "riichi":
        return Advice(tr("{threat}: push: riichi with {tile} ({evidence}){shape}", threat=defence.threat, tile=label, evidence=evidence, shape=shape), items, best)
    return Advice(tr("{threat}: push with {tile} ({evidence}){shape}", threat=defence.threat, tile=label, evidence=evidence, shape=shape), items, best)


TIER_WORDS = {"safe": N_("safe"), "suji": N_("fairly safe"), "risky": N_("risky"), "dangerous": N_("dangerous")}
"""A danger tier in the guide's caption (``suji`` covers kabe and honors seen too); English keys, tr'd when shown."""
BADGE_WORDS = {"safe": N_("safe"), "suji": N_("suji"), "risky": N_("risky"), "dangerous": N_("danger")}
"""A danger tier on its badge under a tile: a word, so the colour is never the only sign."""


def _evidence(danger: Any) -> str:
    """A tile's danger in the best line's brackets: ``safe: in Sora's own river``, ``risky: half-suji``."""
    if danger is None:
        return tr("no danger read")
    if danger.tier == "safe" and current_language() != "en":
        return danger.evidence  # already "safe (why)" in the player's words
    if danger.tier == "safe":
        return tr("safe: {evidence}", evidence=danger.evidence.removeprefix("safe (").removesuffix(")"))
    tier = tr(TIER_WORDS[danger.tier])
    return tr("{tier}: {evidence}", tier=tier, evidence=danger.evidence) if danger.evidence else tier


def _furiten_tail(items: list[Item]) -> str:
    """``, furiten: tsumo only`` when every listed wait is furiten (riichi furiten, a win
    passed since my discard, or a wait in my river): no ron on any of them."""
    prefix = tr(FURITEN_MARK).split("{")[0]
    return tr(", furiten: tsumo only") if items and all(mark.startswith(prefix) for _, _, mark in items) else ""


FURITEN_MARK = N_("furiten ({reason})")


def _mark(note: Any) -> str:
    """A wait's mark in the guide: what would stop a win on it."""
    if note.furiten:
        return tr(FURITEN_MARK, reason=note.furiten)
    if note.no_ron_yaku:
        return tr("tsumo only") if note.tsumo_ok else tr("no yaku")
    return ""


def furiten_tip(reason: str) -> str:
    """The Furiten badge's hover words: why, then what furiten means."""
    return tr("Furiten: {reason}. {meaning}", reason=reason, meaning=explain("furiten"))



class GuideView:
    """The guide on screen: the panel, the best-discard star, the win callout, tooltips.

    ``pointer`` is the last mouse position the table saw; ``terms`` the explained
    words of the caption as drawn (rect, word), for the hover tooltip; ``icons`` and
    ``more`` what the last frame listed (tests and screenshots read them)."""

    def __init__(self) -> None:
        self.pointer: tuple[int, int] = (-1, -1)
        self.terms: list[tuple[pygame.Rect, str]] = []
        self.icons: list[tuple[pygame.Rect, int]] = []  # the tile icons as last drawn
        self.more = 0  # how many listed tiles did not fit ("+N more")
        self.badges: list[tuple[pygame.Rect, int, Any]] = []  # danger badges as last drawn: (rect, tile index, danger)
        self.tip = ""  # the danger reason the last frame showed
        self.tip_at: int | None = None  # the hand slot it was shown above
        self.drawn: list[pygame.Rect] = []  # the caption, icons, counts and marks as last drawn, all inside the panel

    def advice(self, table: Any) -> Advice:
        """The advice, cached in the table's guide cache (cleared with each snapshot)."""
        snap = table.snap
        if snap is None:
            return NOTHING
        key = ("advice", snap.version, table.hover if snap.my_turn else None, table.riichi_mode, current_language())
        cache = table._guide_cache
        if key not in cache:
            cache[key] = advise(table)
        return cache[key]

    # -- drawing -------------------------------------------------------------------
    def draw(self, table: Any, surface: pygame.Surface) -> None:
        """The panel, then the star on the best tile and the win callout."""
        advice = self.advice(table)
        caption = advice.caption
        if table.riichi_mode and table.can_act() and not caption:
            caption = tr("Riichi: pick a highlighted discard")
        self.terms, self.icons, self.more, self.drawn = [], [], 0, []
        if caption:
            self._panel(table, surface, caption, advice.items, advice.win)
        if advice.best is not None and table.can_act():
            self._star(surface, table.hand_slot(advice.best), table.layout.scale, lifted=advice.best == table.selected)
        if advice.win == "Tsumo":
            self._win_callout(table, surface)
        self.badges = []
        defence = defence_of(table)
        if defence is not None:
            self._danger_badges(table, surface, defence)
        if not self._danger_tip(table, surface):
            self._tooltip(surface, table.layout.scale)

    # -- danger marks -----------------------------------------------------------------
    def _danger_badges(self, table: Any, surface: pygame.Surface, defence: Any) -> None:
        """A word badge at the foot of each tile in my hand: ``safe``, ``suji``, ``risky``
        or ``danger`` (the Hard AI's tier), each with its own fill and edge."""
        s = table.layout.scale
        lift = round(10 * s)
        for i, code in enumerate(table.my_tiles()):
            danger = None if is_flower_code(code) else defence.danger_of(kind_of_code(code))
            if danger is None:
                continue
            tile = table.hand_slot(i)
            if i == table.selected and table.can_act():
                tile = tile.move(0, -lift)
            rect = self.badge_rect(tile, s)
            fill, ink, edge = BADGE_STYLE[danger.tier]
            pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 2)
            pygame.draw.rect(surface, edge, rect, width=max(1, round(1.5 * s)), border_radius=rect.h // 2)
            theme.blit_text(surface, tr(BADGE_WORDS[danger.tier]), badge_text_size(s), ink, center=rect.center)
            self.badges.append((rect, i, danger))

    @staticmethod
    def badge_rect(tile: pygame.Rect, s: float) -> pygame.Rect:
        """A danger badge: across the foot of the tile, a little below its face."""
        h = max(13, round(16 * s))
        rect = pygame.Rect(0, 0, max(tile.w - round(4 * s), badge_text_width(s) + round(6 * s)), h)
        rect.midbottom = (tile.centerx, tile.bottom + round(5 * s))
        return rect

    def _danger_tip(self, table: Any, surface: pygame.Surface) -> bool:
        """The reason of the tile under the pointer (its badge or the tile), above the
        guide panel so the caption stays readable; True when one was drawn."""
        found = next(((i, d) for rect, i, d in self.badges if rect.collidepoint(self.pointer)), None)
        if found is None and table.hover is not None:
            found = next(((i, d) for _, i, d in self.badges if i == table.hover), None)
        self.tip = ""
        if found is None:
            return False
        index, hovered = found  # the tile itself: copies of a kind share one danger
        tile, g = table.hand_slot(index), table.guide_rect()
        self.tip, self.tip_at = hovered.reason, index
        draw_tip(surface, hovered.reason, pygame.Rect(tile.x, g.y, tile.w, 1), table.layout.scale)
        return True

    @staticmethod
    def panel_rect(table: Any) -> pygame.Rect:
        """The guide panel: the layout's guide row, as wide as the hand's line allows
        short of the buttons (unless the Furiten badge sits beside it), ending short of
        any of my meld tiles that rise into its row (an added kan's stacked tile), and a
        little taller, into the free felt above it, short of my river."""
        L, s = table.layout, table.layout.scale
        g, gap = L.guide.copy(), round(8 * s)
        if table.snap is None:
            return g
        if not table.snap.furiten:
            g.w = max(g.w, min(L.line_area(0).right, L.actions.x) - round(12 * s) - g.x)
        for rect, _, _ in table.meld_slots(table.snap.me):
            if rect.top < g.bottom + gap and rect.x < g.right + gap:
                g.w = max(0, min(g.w, rect.x - gap - g.x))
        grow = min(round(10 * s), max(0, g.top - L.river_area(0).bottom - gap))
        if L.actions.x < g.right:  # larger tiles put the buttons (and a claim prompt) over the guide's left end
            grow = min(grow, max(0, g.top - L.actions.bottom - gap))
        return pygame.Rect(g.x, g.y - grow, g.w, g.h + grow)

    def _panel(self, table: Any, surface: pygame.Surface, caption: str, items: tuple[Item, ...], win: str) -> None:
        g, s = table.guide_rect(), table.layout.scale
        fill = theme.lighter(theme.ROSE, 0.35) if win else theme.lighter(theme.LAVENDER, 0.55)
        theme.panel(surface, g, fill, round(10 * s), theme.ROSE_DEEP if win else None)
        size = round(15 * s)
        # a narrow panel (larger tiles: my melds rise into its row) shrinks the caption, then cuts it, never past its edge
        caption, size = theme.fitted(caption, size, g.w - round(20 * s), smallest=min(size, max(10, round(size * 0.6))))
        r = theme.blit_text(surface, caption, size, theme.ROSE_DEEP if win else theme.INK, midleft=(g.x + round(10 * s), g.centery))
        self.drawn.append(r)
        self._mark_terms(surface, caption, size, r, s)
        self._items(table, surface, items, r.right + round(10 * s), g, s)

    def _mark_terms(self, surface: pygame.Surface, caption: str, size: int, r: pygame.Rect, s: float) -> None:
        """Underline the explained words softly and remember where they are."""
        font = theme.font(size)
        for m in terms_pattern().finditer(caption):

            x = r.x + font.size(caption[: m.start()])[0]
            w = font.size(m.group())[0]
            rect = pygame.Rect(x, r.y, w, r.h)
            self.terms.append((rect, m.group()))
            y = r.bottom - max(1, round(2 * s))
            for dx in range(0, w, max(3, round(4 * s))):  # a dotted underline: there is more to read here
                pygame.draw.line(surface, theme.INK_SOFT, (x + dx, y), (x + min(w, dx + max(1, round(2 * s))), y))

    def _items(self, table: Any, surface: pygame.Surface, items: tuple[Item, ...], x: int, g: pygame.Rect, s: float) -> None:
        """Tile icons with their unseen counts, as many as fit, then ``+N more``."""
        mw = min(max(22, round(30 * s)), (g.h - 6) * 3 // 4)  # as large as the panel allows (play test: 24 px)
        count_size = max(12, round(13 * s))
        more_w = theme.font(count_size).size(tr("+{count} more", count=99))[0]
        self.icons, self.more = [], 0
        for i, (tile, n, mark) in enumerate(items):
            left = len(items) - i - 1
            need = mw + round(30 * s) + (more_w if left else 0)
            if x + need > g.right:
                self.more = len(items) - i
                more = tr("+{count} more", count=self.more)
                if x + theme.font(count_size).size(more)[0] <= g.right:  # else the panel is full: the caption said it
                    self.drawn.append(theme.blit_text(surface, more, count_size, theme.INK_SOFT, midleft=(x, g.centery)))
                return
            icon = pygame.Rect((x, g.centery - tile_height(mw) // 2 - 1), (mw, tile_height(mw)))
            self.icons.append((icon, tile))
            surface.blit(table.app.art.image(tile, mw), icon.topleft)
            t = theme.blit_text(surface, f"×{n}", count_size, theme.ROSE_DEEP if n == 0 else theme.INK, midleft=(x + mw + 2, g.centery))
            self.drawn += [icon, t]
            if mark:
                small = max(11, round(11 * s))
                short = mark if x + mw + theme.font(small).size(mark)[0] + round(40 * s) < g.right else mark.split(" (")[0]
                enough = table.snap is not None and table.snap.mcr_rules and "short of" not in mark  # a wait worth 8 fan
                t = theme.blit_text(surface, short, small, theme.MINT_DEEP if enough else theme.ROSE_DEEP,
                                    midleft=(t.right + round(3 * s), g.centery))
                self.drawn.append(t)
                if not table.snap.mcr_rules:
                    self.terms.append((t, "furiten" if mark.startswith("furiten") else "yaku"))  # "tsumo only": no yaku by ron
            x = t.right + round(6 * s)

    @staticmethod
    def _star(surface: pygame.Surface, tile: pygame.Rect, s: float, lifted: bool) -> None:
        """A small rose star in a white disc on the top edge of the best tile."""
        top = tile.top - (round(10 * s) if lifted else 0)
        cx, cy, r = tile.centerx, top + round(2 * s), max(7, round(9 * s))
        pygame.draw.circle(surface, theme.PANEL, (cx, cy), r + 2)
        pygame.draw.circle(surface, theme.ROSE_DEEP, (cx, cy), r + 2, width=max(1, round(1.5 * s)))
        points = []
        for k in range(10):
            radius = r * (0.92 if k % 2 == 0 else 0.4)
            angle = -math.pi / 2 + k * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        pygame.draw.polygon(surface, theme.ROSE_DEEP, points)

    @staticmethod
    def win_callout_rect(table: Any) -> pygame.Rect | None:
        """Where "You can win: Tsumo!" sits: just above the Tsumo button."""
        button = next((b for b in table.buttons if b.action.startswith("tsumo")), None)
        if button is None:
            return None
        s = table.layout.scale
        words = theme.font(round(15 * s)).size(win_callout_words(table))[0]
        rect = pygame.Rect(0, 0, words + round(20 * s), round(28 * s))
        rect.midbottom = (button.rect.centerx, button.rect.top - round(6 * s))
        rect.right = min(rect.right, button.rect.right)
        return rect

    def _win_callout(self, table: Any, surface: pygame.Surface) -> None:
        rect = self.win_callout_rect(table)
        if rect is None:
            return
        s = table.layout.scale
        theme.panel(surface, rect, theme.lighter(theme.ROSE, 0.35), round(10 * s), theme.ROSE_DEEP)
        theme.blit_text(surface, win_callout_words(table), round(15 * s), theme.ROSE_DEEP, center=rect.center)

    def _tooltip(self, surface: pygame.Surface, s: float) -> None:
        """The glossary line of the word under the pointer, in a box above it."""
        hit = next((word for rect, word in self.terms if rect.collidepoint(self.pointer)), None)
        meaning = explain(hit) if hit else ""
        if not meaning:
            return
        anchor = next(rect for rect, word in self.terms if word == hit)
        draw_tip(surface, meaning, anchor, s)


BADGE_STYLE = {  # fill, ink, edge per tier: a word on every badge, the colours only help
    "safe": ((214, 240, 224), theme.MINT_DEEP, theme.MINT_DEEP),
    "suji": ((226, 236, 250), theme.SKY_DEEP, theme.SKY_DEEP),
    "risky": ((255, 232, 190), (150, 92, 20), (214, 142, 40)),
    "dangerous": (theme.ROSE_DEEP, (255, 255, 255), (150, 40, 60)),
}


def badge_text_size(s: float) -> int:
    return max(10, round(11 * s))


def badge_text_width(s: float) -> int:
    """The widest badge word's width (``danger``), so every badge holds its word."""
    return theme.font(badge_text_size(s)).size(tr(BADGE_WORDS["dangerous"]))[0]



def draw_tip(surface: pygame.Surface, words: str, anchor: pygame.Rect, s: float) -> pygame.Rect:
    """A wrapped tooltip box above ``anchor``, kept inside the window; returns its rect."""
    size, width = round(15 * s), round(460 * s)
    lines = theme.wrap(words, size, width)
    line_h = theme.font(size).get_linesize()
    box = pygame.Rect(0, 0, max(theme.font(size).size(line)[0] for line in lines) + round(20 * s), line_h * len(lines) + round(14 * s))
    box.bottomleft = (anchor.x, anchor.y - round(6 * s))
    box.clamp_ip(surface.get_rect().inflate(-round(8 * s), -round(8 * s)))
    theme.panel(surface, box, theme.PANEL, round(8 * s), theme.ROSE)
    for i, line in enumerate(lines):
        theme.blit_text(surface, line, size, theme.INK, topleft=(box.x + round(10 * s), box.y + round(7 * s) + i * line_h))
    return box

