"""The pages of the Rules and help book, as plain data derived from a :class:`Rules` value.

No pygame here: the book scene (:mod:`mahjong_joy.ui.scenes.help_book`) draws these
pages, and tests read them. Whatever differs between rulesets is read from the rules'
fields (``hand.riichi``, ``hand.tenpai_payment``, ``scoring.yaku_required``, ...),
never from the preset's name, so a custom ruleset gets a correct book too.

Each yaku example is a :class:`~mahjong_joy.rulesets.riichi.WinSituation` in its JSON
form; ``tests/test_help_book.py`` scores every one with the project's scorer under the
chosen rules, so a picture never shows a hand that does not hold its yaku.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mahjong_joy.help_mcr import MCR_EXAMPLES, MCR_PRINCIPLES, MCR_WHAT, MCR_WORDS
from mahjong_joy.i18n import ENGLISH, N_, current_language, ntr, tr
from mahjong_joy.notation import parse_tiles
from mahjong_joy.names import GLOSSARY, ruleset_title, yaku_japanese, yaku_name
from mahjong_joy.rulesets.mcr import FAN_ROWS, McrSituation, score_mcr
from mahjong_joy.rulesets.mcr.scorer import BASE_PAYMENT, MINIMUM_FAN
from mahjong_joy.rulesets.riichi import YAKU_ROWS, WinSituation
from mahjong_joy.rulesets.riichi.flow import uma_words
from mahjong_joy.rulesets.riichi.yaku import YakuRow
from mahjong_joy.rulesets.rules import HandRules, Rules
from mahjong_joy.tiles import FLOWER_CODES, RED_CODES

SUITS = ((N_("Characters"), N_("1-9 with 萬 (man)"), "123456789m"), (N_("Dots"), N_("1-9 circles (pin)"), "123456789p"),
         (N_("Bamboo"), N_("1-9 sticks (sou), a bird on the 1"), "123456789s"))
HONORS = ((N_("Winds"), N_("East, South, West, North"), "1234z"), (N_("Dragons"), N_("White, Green, Red"), "567z"))
JOY_WIN = "joy_win"


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of running text."""

    text: str


@dataclass(frozen=True)
class TileRow:
    """A labelled row of tile pictures; ``groups`` are drawn with a gap between them."""

    label: str
    note: str
    groups: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class YakuEntry:
    """One yaku: its English name, its id in romaji, its han in words, and an example.

    ``example`` is a WinSituation's JSON form; ``hand`` holds the concealed tiles
    with the winning tile, drawn apart from the rest and the melds after them."""

    id: str
    name: str
    romaji: str
    han: str
    example: dict[str, Any]
    what: str = ""


@dataclass(frozen=True)
class Page:
    """One page of the book: a title and its blocks in reading order."""

    title: str
    blocks: tuple[Paragraph | TileRow | YakuEntry, ...]


def _pon(t: str) -> dict[str, str]:
    return {"type": "pon", "tiles": t}


def _chi(t: str) -> dict[str, str]:
    return {"type": "chi", "tiles": t}


def _kan(t: str, kind: str = "kan") -> dict[str, str]:
    return {"type": kind, "tiles": t}


_PLAIN = ("123m789m456p345s99s", "4s")  # closed, edge-free kanchan on 4s: no yaku of its own
# One example per yaku: (hand with the winning tile, winning tile, extra fields). The
# winner sits West in an East round and wins by ron unless the fields say otherwise.
EXAMPLES: dict[str, tuple[str, str, dict[str, Any]]] = {
    "riichi": (*_PLAIN, {"riichi": True}),
    "double_riichi": (*_PLAIN, {"double_riichi": True}),
    "ippatsu": (*_PLAIN, {"riichi": True, "ippatsu": True}),
    "menzen_tsumo": (*_PLAIN, {"tsumo": True}),
    "pinfu": ("123m789m456p345s99s", "5s", {}),
    "tanyao": ("234m567m345p678s88s", "8s", {}),
    "iipeikou": ("223344m789p123s55z", "2m", {}),
    "ryanpeikou": ("223344m556677p88s", "8s", {}),
    "yakuhai_haku": ("234m456p789s99m555z", "9m", {}),
    "yakuhai_hatsu": ("234m456p789s99m666z", "9m", {}),
    "yakuhai_chun": ("234m456p789s99m777z", "9m", {}),
    "yakuhai_seat_wind": ("234m456p789s99m333z", "9m", {}),
    "yakuhai_round_wind": ("234m456p789s99m111z", "9m", {}),
    "haitei": (*_PLAIN, {"tsumo": True, "haitei": True}),
    "houtei": (*_PLAIN, {"houtei": True}),
    "rinshan": ("789m456p234s44z", "3s", {"tsumo": True, "rinshan": True, "melds": [_kan("1111s", "closed_kan")]}),
    "chankan": (*_PLAIN, {"chankan": True}),
    "chiitoitsu": ("1122m3344p5566s77z", "7z", {}),
    "chanta": ("123m789m789p123s22z", "2z", {}),
    "junchan": ("123m789m789p123s99s", "9s", {}),
    "ittsu": ("123456789m456p22z", "2z", {}),
    "sanshoku_doujun": ("345m345p345s789m22z", "2z", {}),
    "sanshoku_doukou": ("222m222p222s789s44z", "4z", {}),
    "toitoi": ("333s999s44z", "4z", {"melds": [_pon("222m"), _pon("777p")]}),
    "sanankou": ("111m555p999s234s22z", "3s", {}),
    "sankantsu": ("123s44z", "4z", {"melds": [_kan("2222m"), _kan("5555p"), _kan("8888s", "closed_kan")]}),
    "honroutou": ("111s999s22z", "2z", {"melds": [_pon("111m"), _pon("999p")]}),
    "shousangen": ("123m456p555z666z77z", "7z", {}),
    "honitsu": ("123m345m678m99m444z", "9m", {}),
    "chinitsu": ("123s345s567s789s55s", "5s", {}),
    "kokushi": ("199m19p19s1234567z", "1m", {}),
    "suuankou": ("111m444p777s999s22z", "9s", {"tsumo": True}),
    "daisangen": ("123m99p555z666z777z", "9p", {}),
    "shousuushii": ("123m111z222z333z44z", "4z", {}),
    "daisuushii": ("99m222z333z444z", "9m", {"melds": [_pon("111z")]}),
    "tsuuiisou": ("222z555z666z77z", "7z", {"melds": [_pon("111z")]}),
    "chinroutou": ("999m111p999p11s", "1s", {"melds": [_pon("111m")]}),
    "ryuuiisou": ("223344s666s888s66z", "6z", {}),
    "chuuren": ("11122345678999m", "3m", {}),
    "suukantsu": ("99p", "9p", {"melds": [_kan("2222m"), _kan("5555p"), _kan("8888s", "closed_kan"), _kan("4444z")]}),
    "tenhou": (*_PLAIN, {"tsumo": True, "tenhou": True, "seat_wind": "E"}),
    "chiihou": (*_PLAIN, {"tsumo": True, "chiihou": True}),
    JOY_WIN: ("123m789m456p99s", "9s", {"melds": [_chi("345s")]}),
}
WHAT: dict[str, str] = {
    "riichi": N_("Declare riichi with a closed ready hand."), "double_riichi": N_("Riichi on your very first discard."),
    "ippatsu": N_("Win within one turn of riichi, no call between."), "menzen_tsumo": N_("Win by drawing, hand closed."),
    "pinfu": N_("Closed, four runs, a plain pair, a two-sided wait."), "tanyao": N_("Only tiles 2 to 8."),
    "iipeikou": N_("Two identical runs, closed."), "ryanpeikou": N_("Two pairs of identical runs, closed."),
    "yakuhai_haku": N_("A triplet of White dragons."), "yakuhai_hatsu": N_("A triplet of Green dragons."),
    "yakuhai_chun": N_("A triplet of Red dragons."), "yakuhai_seat_wind": N_("A triplet of your own wind (here West)."),
    "yakuhai_round_wind": N_("A triplet of the round's wind (here East)."), "haitei": N_("Win on the last tile of the wall."),
    "houtei": N_("Win on the very last discard."), "rinshan": N_("Win on the replacement tile after a kan."),
    "chankan": N_("Win on the tile another player adds to a kan."), "chiitoitsu": N_("Seven different pairs."),
    "chanta": N_("Every set and the pair hold a 1, a 9 or an honor."), "junchan": N_("Every set and the pair hold a 1 or a 9."),
    "ittsu": N_("1-2-3, 4-5-6, 7-8-9 in one suit."), "sanshoku_doujun": N_("The same run in all three suits."),
    "sanshoku_doukou": N_("The same triplet in all three suits."), "toitoi": N_("Four triplets and a pair."),
    "sanankou": N_("Three triplets made without calling."), "sankantsu": N_("Three kans."),
    "honroutou": N_("Only 1s, 9s and honors."), "shousangen": N_("Two dragon triplets and a dragon pair."),
    "honitsu": N_("One suit plus honors."), "chinitsu": N_("One suit only."),
    "kokushi": N_("One of each 1, 9 and honor, plus a pair of one."), "suuankou": N_("Four triplets made without calling."),
    "daisangen": N_("Triplets of all three dragons."), "shousuushii": N_("Three wind triplets and a wind pair."),
    "daisuushii": N_("Triplets of all four winds."), "tsuuiisou": N_("Only honors."), "chinroutou": N_("Only 1s and 9s."),
    "ryuuiisou": N_("Only green tiles: 2 3 4 6 8 of bamboo and Green dragons."),
    "chuuren": N_("1112345678999 of one suit plus any one of it."), "suukantsu": N_("Four kans."),
    "tenhou": N_("The dealer wins on the first draw."), "chiihou": N_("Win on your first draw, before any call."),
    JOY_WIN: N_("Four sets and a pair, no pattern needed."),
}
RIICHI_ONLY = frozenset(("riichi", "double_riichi", "ippatsu"))  # yaku that need a riichi declaration
DOUBLE_NOTES = {"kokushi": N_("double when waiting on all 13"), "suuankou": N_("double on a pair wait"),
                "daisuushii": N_("always double"), "chuuren": N_("double when waiting on all 9")}
YAKU_PER_PAGE = 8


def example_situation(yaku_id: str) -> WinSituation:
    """The example win of ``yaku_id`` as the scorer reads it."""
    hand, win, extra = EXAMPLES[yaku_id]
    data: dict[str, Any] = {"hand": hand, "win_tile": win, "seat_wind": "W", "round_wind": "E"}
    data.update(extra)
    return WinSituation.from_dict(data)


def yaku_rows_for(rules: Rules) -> tuple[YakuRow, ...]:
    """The yaku a player can score under ``rules`` (no riichi yaku without riichi)."""
    riichi = rules.hand.riichi
    return tuple(row for row in YAKU_ROWS if riichi or row.id not in RIICHI_ONLY)


def han_text(row: YakuRow, rules: Rules) -> str:
    """The value of a yaku in words: closed and open han, or yakuman (doubled when the rules say)."""
    if row.yakuman:
        if rules.scoring.double_yakuman and row.id in DOUBLE_NOTES:
            return tr("Yakuman ({note})", note=tr(DOUBLE_NOTES[row.id]))
        return tr("Yakuman")
    opened = row.han_open
    if row.id == "tanyao" and not rules.scoring.open_tanyao:
        opened = None
    if opened is None:
        return tr("{han} han, closed hand only", han=row.han_closed)
    if opened == row.han_closed:
        return tr("{han} han", han=row.han_closed)
    return tr("{han} han, {opened} when open", han=row.han_closed, opened=opened)



def yaku_entries(rules: Rules) -> tuple[YakuEntry, ...]:
    """Every yaku of ``rules`` with its example, regular yaku first (table order), then
    Joy's no-yaku win when a hand may win without one; none under Chinese Official rules,
    which score fan (:func:`fan_entries`)."""
    if getattr(rules, "family", "riichi") == "mcr":
        return ()
    entries = []
    for row in yaku_rows_for(rules):
        hand, win, extra = EXAMPLES[row.id]
        romaji = yaku_japanese(row.id) or (row.id if current_language() == ENGLISH else "")  # the name itself in ja/ko/zh
        entries.append(YakuEntry(row.id, yaku_name(row.id), romaji, han_text(row, rules),
                                 {"hand": hand, "win_tile": win, **extra}, tr(WHAT[row.id])))
    if not rules.scoring.yaku_required:
        hand, win, extra = EXAMPLES[JOY_WIN]
        entries.append(YakuEntry(JOY_WIN, yaku_name(JOY_WIN), yaku_japanese(JOY_WIN), tr("1 han when the hand has no other yaku"),
                                 {"hand": hand, "win_tile": win, **extra}, tr(WHAT[JOY_WIN])))
    return tuple(entries)


# -- the text of each page, built from the rules' fields ------------------------------------


def _tiles_page(rules: Rules) -> Page:
    rows = [TileRow(tr(name), tr(note), tuple((t,) for t in parse_tiles(tiles))) for name, note, tiles in SUITS + HONORS]
    intro = (tr("There are 136 tiles: four copies of 34 kinds. Three suits run from 1 to 9; "
             "winds and dragons are the honors, which never make runs."))
    if rules.tiles.red_fives and rules.scores_dora:
        rows.append(TileRow(tr("Red fives"), tr("one of each 5 is red: a dora"), tuple((code,) for code in RED_CODES)))
    return Page(tr("The tiles"), (Paragraph(intro), *rows))


def _hand_page(rules: Rules) -> Page:
    example = TileRow(tr("A winning hand"), tr("a run, a run, a triplet, a triplet and a pair"),
                      tuple(tuple(parse_tiles(t)) for t in ("234m", "678p", "555s", "777z", "99p")))
    sets = TileRow(tr("The sets"), tr("run (chi), triplet (pon), four of a kind (kan)"),
                   tuple(tuple(parse_tiles(t)) for t in ("345p", "888m", "1111z")))
    yaku = (tr("In Joy any complete hand wins; patterns (yaku) only make it worth more.")
            if not rules.scoring.yaku_required else
            tr("A complete hand also needs at least one yaku (a scoring pattern, see the yaku pages) to win."))
    return Page(tr("How a hand is built"), (
        Paragraph(tr("You hold 13 tiles. A complete hand is 14: four sets and a pair. A set is a run of three in one suit, "
                  "three of a kind, or four of a kind (a kan, which takes a replacement tile).")),
        example, sets,
        Paragraph(tr("Two special hands also win: seven different pairs, and thirteen orphans (one of each 1, 9 and honor, "
                     "plus one more of them). {yaku}", yaku=yaku)),
    ))


def _turn_page(rules: Rules) -> Page:
    hand, table = rules.hand, rules.table
    turn = (tr("The dealer is East and plays first; turns go counter-clockwise: you, then Momo on your right, Sora across, "
            "Kiri on your left. On your turn you draw one tile (it sits apart on the right) and discard one, "
            "so you always hold 13 between turns."))
    win = tr("Win on a tile you draw (tsumo) or on another player's discard (ron).")
    if hand.furiten:
        win += (tr(" You may not ron on a wait that is in your own discards (furiten); tsumo still wins."))
    else:
        win += (tr(" There is no furiten: a discard you could win on is always yours to take. So no tile is ever "
                "certainly safe to discard either: play for your own win (the guide marks no danger)."))
    parts = [Paragraph(turn), Paragraph(win)]
    if hand.riichi:
        parts.append(Paragraph(tr("With a closed hand one tile from winning you may declare riichi: put down a "
                                  "{points}-point stick; your hand is locked and riichi is a yaku.", points=f"{hand.riichi_min_points:,}")))
    parts.append(Paragraph(_draw_text(rules)))
    length = {"east": tr("one East round (four hands or more)"), "east_south": tr("an East and a South round")}[table.length]
    keeps = tr("after winning, or when ready at an exhaustive draw") if table.renchan_on_tenpai else tr("after winning")
    parts.append(Paragraph(tr("A match is {length}. The dealer keeps the seat {keeps}; otherwise the deal moves on.", length=length, keeps=keeps)))
    return Page(tr("How a turn goes"), tuple(parts))


def _draw_text(rules: Rules) -> str:
    """What an exhaustive draw (the wall runs out) does under ``rules``."""
    hand = rules.hand
    if hand.tenpai_payment:
        text = tr("When the wall runs out the hand is drawn: players not ready pay {points} points "
                  "in all to those ready (tenpai).", points=f"{hand.tenpai_payment:,}")
    else:
        text = tr("When the wall runs out the hand is drawn and nobody pays anything.")
    if hand.karaten_is_noten:
        text += tr(" A hand whose every wait is four copies you hold yourself does not count as ready.")
    if hand.nagashi_mangan:
        text += tr(" A player whose discards were all terminals and honors, none called, is paid a mangan (nagashi).")
    if hand.abortive_draws:
        text += (tr(" A hand can also end early with no payment: nine different terminals and honors in a first draw, "
                 "four kans by different players, and a few other rare cases."))
    return text


def _calling_page(rules: Rules) -> Page:
    hand = rules.hand
    melds = TileRow(tr("Called sets"), tr("chi from the left, pon, and an open kan"),
                    tuple(tuple(parse_tiles(t)) for t in ("456s", "333p", "7777m")))
    parts: list[Paragraph | TileRow] = [
        Paragraph(tr("When someone discards you may call the tile to finish a set with tiles from your hand: pon (three of a kind) "
                  "from anyone, chi (a run) only from the player on your left, kan with three of that tile in your hand. "
                  "The set lies face up with the taken tile turned sideways, and you discard next.")),
        melds,
        Paragraph(_claim_order(hand)),
    ]
    if hand.kuikae != "allowed":
        parts.append(Paragraph(tr("Right after a chi or pon you may not discard the tile you called, nor, after a chi at the "
                               "end of a run, the tile that would make the same set at its other end (no swap calling).")))
    if rules.scoring.yaku_required:
        parts.append(Paragraph(tr("Calling opens your hand: some yaku then lose a han or no longer count, and riichi is no "
                               "longer possible. Call when the set brings you a yaku, such as a dragon triplet.")))
    else:
        parts.append(Paragraph(tr("Calling is quick and safe in Joy: any complete hand wins, open or closed; a closed hand "
                               "keeps a few yaku that open hands lose.")))
    return Page(tr("Calling: chi, pon, kan"), tuple(parts))


def _claim_order(hand: HandRules) -> str:
    order = tr("A win beats a pon or kan, and those beat a chi.")
    if hand.max_rons == 1:
        return order + tr(" When several players could win on one tile, the first in turn order after the discarder takes it.")
    if hand.triple_ron_aborts:
        return order + tr(" Up to {count} players may win on the same discard, but three wins on one tile abort the hand.", count=hand.max_rons)
    return order + tr(" Up to {count} players may win on the same discard.", count=hand.max_rons)


def _points_page(rules: Rules) -> Page:
    scoring, hand = rules.scoring, rules.hand
    parts = [Paragraph(tr("A win is worth han (from its yaku) and fu (from its sets and wait); together they give the points. "
                       "From 5 han (or fewer with many fu) a hand is a limit hand: mangan, haneman (6-7), baiman (8-10), "
                       "sanbaiman (11-12), and yakuman (13, or a yakuman yaku)."))]
    if not scoring.yaku_required:
        parts.append(Paragraph(tr("A Joy hand with no yaku still wins, as 1 han.")))
    parts.append(Paragraph(tr("On ron the discarder pays it all; on tsumo everyone pays a share. The dealer is paid half as much again. "
                           "Each honba counter on the table adds 300 to a win.")))
    if rules.scores_dora:
        dora = tr("Each dora indicator makes the tile after it in order a dora, worth 1 han each (not a yaku by itself).")
        if hand.ura_dora:
            dora += tr(" A riichi winner also counts the ura-dora under the indicators.")
        parts.append(Paragraph(dora))
    else:
        parts.append(Paragraph(tr("There are no dora: no bonus tiles count.")))
    if hand.pao:
        share = tr("the whole hand") if hand.pao_scope == "whole_hand" else tr("that yakuman's share")
        parts.append(Paragraph(tr("A player who lets you call the last set of big three dragons or big four winds "
                                  "pays {share} on a tsumo and half of it on a ron by another player (pao).", share=share)))
    parts.append(Paragraph(_draw_text(rules)))
    parts.append(Paragraph(_match_text(rules)))
    return Page(tr("How points arise"), tuple(parts))


def _match_text(rules: Rules) -> str:
    table = rules.table
    text = tr("Everyone starts with {points} points.", points=f"{table.starting_points:,}")
    if table.tobi:
        text += tr(" The match ends early if a player falls below zero.")
    if any(table.uma):
        if table.oka:
            text += tr(" At the end, places add uma of {uma} (thousands) and first place takes the oka (everyone returns {base}).",
                       uma=uma_words(table.uma), base=f"{table.uma_base:,}")
        else:
            text += tr(" At the end, places add uma of {uma} (thousands).", uma=uma_words(table.uma))

    else:
        text += tr(" The most points at the end wins.")
    return text


# How a rule field reads in a sentence, for the page that compares two presets. Each
# takes the field's value; a field left out here is compared under its own name.
FIELD_WORDS: dict[tuple[str, str], Any] = {
    ("hand", "triple_ron_aborts"): lambda v: tr("three rons on one discard abort the hand") if v else tr("three rons on one discard all win"),
    ("hand", "kokushi_robs_closed_kan"): lambda v: (tr("thirteen orphans may rob a closed kan") if v
                                                    else tr("thirteen orphans may not rob a closed kan")),
    ("hand", "karaten_is_noten"): lambda v: (tr("a wait you hold all four copies of does not count as ready at a draw") if v
                                             else tr("a wait you hold all four copies of still counts as ready at a draw")),
    ("hand", "pao_scope"): lambda v: (tr("pao covers the whole hand") if v == "whole_hand" else tr("pao covers only the yakuman's share")),
    ("hand", "nagashi_mangan"): lambda v: (tr("nagashi mangan pays a mangan at a draw") if v
                                           else tr("all-terminal-and-honor discards earn nothing at a draw")),
    ("hand", "tenpai_payment"): lambda v: tr("the ready payment at a draw is {points} in all", points=f"{v:,}"),
    ("table", "uma"): lambda v: tr("uma {uma}", uma=uma_words(v)),
    ("table", "uma_base"): lambda v: tr("game points count from {points}", points=f"{v:,}"),
    ("table", "oka"): lambda v: tr("first place takes the oka") if v else tr("no oka"),
    ("table", "round_game_points"): lambda v: (tr("game points are rounded to whole thousands") if v
                                               else tr("game points keep their tenths")),
    ("table", "length"): lambda v: tr("East-South (two rounds)") if v == "east_south" else tr("East only (one round)"),
    ("scoring", "double_yakuman"): lambda v: tr("double yakuman count double") if v else tr("every yakuman counts once"),
}


def differences(rules: Rules, other: Rules) -> tuple[str, ...]:
    """Every rule ``rules`` plays differently from ``other``, as a phrase, block by block
    (read from the two frozen values, so a new field shows up here by itself)."""
    mine, theirs = rules.to_dict(), other.to_dict()
    found = []
    for block, fields in mine.items():
        if not isinstance(fields, dict):
            continue
        for name, value in fields.items():
            if value != theirs[block][name]:
                words = FIELD_WORDS.get((block, name))
                found.append(words(value) if words else f"{name.replace('_', ' ')}: {value}")
    return tuple(found)


def _differences_page(rules: Rules) -> Page | None:
    """How this riichi preset differs from the other one (none for Joy: its book says what it lacks)."""
    from mahjong_joy.rulesets.presets import PRESETS

    others = [p for p in PRESETS.values() if p.name != rules.name and p.hand.riichi]
    if not rules.hand.riichi or not others:
        return None
    me = ruleset_title(rules.name)
    parts: list[Paragraph] = []
    for other in others:
        found = differences(rules, other)
        if found:
            parts.append(Paragraph(tr("Unlike {other}, under {me} rules:", other=ruleset_title(other.name), me=me)))
            parts.extend(Paragraph(tr("•  {phrase}.", phrase=f"{phrase[0].upper()}{phrase[1:]}")) for phrase in found)
    title = tr("{me} vs {others}", me=me, others=tr(", ").join(ruleset_title(o.name) for o in others))
    return Page(title, tuple(parts)) if parts else None


def _yaku_pages(rules: Rules) -> list[Page]:
    entries = yaku_entries(rules)
    count = (len(entries) + YAKU_PER_PAGE - 1) // YAKU_PER_PAGE
    return [Page(tr("Yaku {number} of {count}", number=i + 1, count=count), tuple(entries[i * YAKU_PER_PAGE:(i + 1) * YAKU_PER_PAGE])) for i in range(count)]


def _defence_page(rules: Rules) -> Page | None:
    """Defence against a riichi: safe tiles (genbutsu), suji, kabe, when to fold, and the
    guide's marks. Only where riichi is played: the safe tiles rest on furiten, so under
    rules without riichi (Joy) no discard is ever certainly safe, and a Joy hand is
    cheap and quick; there the book keeps to winning."""
    if not rules.hand.riichi or not rules.hand.furiten:
        return None
    return Page(tr("Defence: when someone is in riichi"), (
        Paragraph(tr("A riichi player is ready and wins on a discard of any of their waits; the one who deals in pays the "
                  "whole hand, often 8,000 or more (12,000 to a dealer). Folding means giving up your own hand and "
                  "discarding only tiles that cannot, or hardly can, win for them.")),
        Paragraph(tr("Safe tiles (genbutsu): a tile in the riichi player's own discards cannot win for them (furiten), nor "
                  "can a tile discarded by anyone after their riichi that they did not take. Discard these first.")),
        TileRow(tr("Suji"), tr("a discarded 4 makes 1 and 7 much safer; 5: 2 and 8; 6: 3 and 9"),
                tuple(tuple(parse_tiles(t)) for t in ("147m", "258p", "369s"))),
        Paragraph(tr("Suji: if they discarded a 4, a two-sided wait on 1-4 or 4-7 would be furiten, so the 1 and 7 are "
                  "fairly safe. A single, closed or pair wait can still hit them: safer, not safe.")),
        TileRow(tr("Kabe (a wall)"), tr("all four 8s in sight: nobody holds 7-8 or 8-9, so the 9 is fairly safe"),
                (tuple(parse_tiles("8888p")), tuple(parse_tiles("9p")))),
        Paragraph(tr("Honors are fairly safe once two or three copies are in sight: only a single or pair wait is left. "
                  "Middle tiles (4, 5, 6) that no suji or wall covers are the most dangerous, dora more so.")),
        Paragraph(tr("When to fold: two or more tiles from ready, fold at once. One from ready, push only a valuable hand "
                  "with a good shape and plenty of wall left. Ready, push a good wait or a big hand; fold a cheap, poor "
                  "wait. An open hand of three calls, or a flush or dora showing, can be just as ready.")),
        Paragraph(tr("With hints on, the guide marks every tile while someone threatens: safe, suji (fairly safe), risky or "
                  "danger. Hover a tile for the reason. Its best line says fold or push, as the Hard AI would.")),
    ))


def _glossary_page(rules: Rules) -> Page:
    """The glossary of :mod:`mahjong_joy.names` (one text for the guide's hovers and the book)."""
    absent = {"Dora": not rules.scores_dora, "Furiten": not rules.hand.furiten}
    left_out = set() if rules.hand.riichi else {"Riichi"}  # a word these rules never use
    return Page(tr("Words"), tuple(Paragraph(tr("{term}: {meaning}", term=tr(e.term), meaning=tr(e.meaning))
                                             + (tr(" These rules have none.") if absent.get(e.term) else ""))
                                   for e in GLOSSARY if e.term not in left_out))


def _controls_page(rules: Rules) -> Page:
    if getattr(rules, "family", "riichi") == "mcr":
        return _mcr_controls_page()
    own = tr("T tsumo, K kan")
    if rules.hand.riichi:
        own += tr(", R riichi")
    if "nine_terminals" in rules.hand.abortive_draws:
        own += tr(", 9 nine terminals")
    return Page(tr("Controls"), (
        Paragraph(tr("Discard: click a tile, or pick it with Left / Right and press Enter. Hover a tile to see what your hand "
                  "would be after discarding it; the guide shows your waits and how many are still unseen.")),
        Paragraph(tr("Your turn's buttons: {keys}. Each button shows its key.", keys=own)),
        Paragraph(tr("When you may call a discard: number keys 1, 2, ... press the buttons in order; or R ron, P pon, C chi, "
                  "K kan, Space pass.")),
        Paragraph(tr("Esc opens the menu (Settings, this help, back to Home). F11 toggles fullscreen. "
                  "On the score screen, Enter goes on.")),
        Paragraph(tr("In this book: Left / Right or the buttons turn pages; click a title in the list to jump to it; Esc closes.")),
    ))


def pages_for(rules: Rules) -> tuple[Page, ...]:
    """The whole book for ``rules``: tiles, hands, turns, calls, points, defence (riichi rules),
    yaku, words, controls; Chinese Official rules have their own book (:func:`mcr_pages`)."""
    if getattr(rules, "family", "riichi") == "mcr":
        return mcr_pages(rules)
    compared = _differences_page(rules)
    defence = _defence_page(rules)
    return (_tiles_page(rules), _hand_page(rules), _turn_page(rules), _calling_page(rules), _points_page(rules),
            *((defence,) if defence else ()), *((compared,) if compared else ()), *_yaku_pages(rules),
            _glossary_page(rules), _controls_page(rules))


# -- Chinese Official (MCR): its own book (RULES.md part B) ----------------------------------

MCR_SEAT_WIND, MCR_ROUND_WIND = "S", "E"  # where an example's winner sits (the fan words say "here South")
FAN_PER_PAGE = 8


def mcr_example_situation(fan_id: str) -> McrSituation:
    """The example win of ``fan_id`` as the MCR scorer reads it (RULES.md B6)."""
    return McrSituation.from_dict(mcr_example(fan_id))


def mcr_example(fan_id: str) -> dict[str, Any]:
    """The example of ``fan_id`` in the JSON form ``mahjong-joy score --rules mcr`` reads."""
    hand, win, extra = MCR_EXAMPLES[fan_id]
    return {"hand": hand, "win_tile": win, "seat_wind": MCR_SEAT_WIND, "round_wind": MCR_ROUND_WIND, **extra}


def fan_entries() -> tuple[YakuEntry, ...]:
    """The 81 fan, highest value first (the table's order), each with its example and its line."""
    entries = []
    for row in FAN_ROWS:
        value = (tr("1 fan each") if row.id == "flower_tiles"
                 else ntr("{count} fan", "{count} fan", row.points))
        chinese = row.chinese if current_language() == ENGLISH else ""  # the other languages name the fan in their own terms
        entries.append(YakuEntry(row.id, tr(row.name), chinese, value,
 mcr_example(row.id), tr(MCR_WHAT[row.id])))
    return tuple(entries)


def _fan_groups() -> list[tuple[int, list[YakuEntry]]]:
    """The fan by value, in table order (flowers with the 1-fan fan)."""
    groups: list[tuple[int, list[YakuEntry]]] = []
    for row, entry in zip(FAN_ROWS, fan_entries()):
        if groups and groups[-1][0] == row.points:
            groups[-1][1].append(entry)
        else:
            groups.append((row.points, [entry]))
    return groups


def _fan_pages() -> list[Page]:
    """The 81 fan grouped by value, at most :data:`FAN_PER_PAGE` a page: a group too big
    for a page is split evenly; small neighbouring groups share one (48 and 32)."""
    pages: list[Page] = []
    pending: list[tuple[int, list[YakuEntry]]] = []

    def flush() -> None:
        if pending:
            values = [v for v, _ in pending]
            title = (ntr("{count} fan", "{count} fan", values[0]) if len(values) == 1
                     else tr("{high} and {low} fan", high=values[0], low=values[-1]))
            pages.append(Page(title, tuple(e for _, group in pending for e in group)))
            pending.clear()

    for value, group in _fan_groups():
        if len(group) > FAN_PER_PAGE:
            flush()
            parts = -(-len(group) // FAN_PER_PAGE)
            size = -(-len(group) // parts)
            for i in range(parts):
                title = tr("{value}, {part} of {parts}", value=ntr("{count} fan", "{count} fan", value),
                           part=i + 1, parts=parts)
                pages.append(Page(title, tuple(group[i * size:(i + 1) * size])))
            continue
        if sum(len(g) for _, g in pending) + len(group) > FAN_PER_PAGE or (pending and len(group) > 3):
            flush()
        pending.append((value, group))
        if len(group) > 3:
            flush()
    flush()
    return pages


def _row(label: str, note: str, *tiles: str) -> TileRow:
    return TileRow(label, note, tuple(tuple(parse_tiles(t)) for t in tiles))


def _fan_list(fan_id_rows: tuple[tuple[str, int, int], ...]) -> str:
    """Scored fan rows in words: ``Mixed Straight 8, All Chows 2, Single Wait 1``."""
    by_id = {row.id: row for row in FAN_ROWS}
    words = []
    for fan_id, points, count in fan_id_rows:
        name = tr(by_id[fan_id].name)
        words.append(tr("{name} {points}", name=name, points=points) if count == 1
                     else tr("{name} {points} ×{count}", name=name, points=points, count=count))
    return ", ".join(words)


def _mcr_tiles_page() -> Page:
    rows = [TileRow(name, note, tuple((t,) for t in parse_tiles(tiles))) for name, note, tiles in SUITS + HONORS]
    rows.append(TileRow(tr("Flowers"), tr("plum, orchid, chrysanthemum, bamboo: 1-4"),
                        tuple((code,) for code in FLOWER_CODES[:4])))
    rows.append(TileRow(tr("Seasons"), tr("spring, summer, autumn, winter: 1-4"),
                        tuple((code,) for code in FLOWER_CODES[4:])))
    return Page(tr("The tiles"), (
        Paragraph(tr("There are 144 tiles: four copies of 34 kinds, as in every mahjong, and eight flowers, one of each. "
                     "The flowers never join a hand: each is set aside face up and replaced, and adds 1 fan to a win.")),
        *rows))


def _mcr_hand_page() -> Page:
    short = McrSituation.from_dict({"hand": "234m567m345p678p99s", "win_tile": "9s", "seat_wind": MCR_SEAT_WIND})
    enough = McrSituation.from_dict({"hand": "567s789s99m", "win_tile": "9m", "seat_wind": MCR_SEAT_WIND,
                                     "melds": [{"type": "chow", "tiles": "123m"}, {"type": "chow", "tiles": "456p"}]})
    low, high = score_mcr(short), score_mcr(enough)
    return Page(tr("How a hand is built: 8 fan"), (
        Paragraph(tr("You hold 13 tiles. A complete hand is 14: four sets and a pair. A set is a chow (three in a row of "
                     "one suit), a pung (three alike) or a kong (four alike, which takes a replacement tile). Seven pairs, "
                     "thirteen orphans and the knitted hands complete a hand too.")),
        Paragraph(tr("A complete hand is not yet a win. Each pattern it shows is a fan worth 1 to 88 points, and a win needs "
                     "at least {minimum} of them, not counting flowers. So plan a pattern early: a straight across "
                     "the suits, one suit with honors, all pungs, the same chow in three suits.", minimum=MINIMUM_FAN)),
        _row(tr("Complete, not a win"), tr("{total} fan: {fan}", total=low.fan_total, fan=_fan_list(low.fan)),
             "234m", "567m", "345p", "678p", "99s"),
        _row(tr("A win"), tr("{total} fan: {fan}", total=high.fan_total, fan=_fan_list(high.fan)),
             "123m", "456p", "789s", "567s", "99m"),
        Paragraph(tr("The guide shows what each wait of a ready hand would score, and says so when a complete-looking hand "
                     "is short of {minimum}. The Hu button appears only when a win is legal.", minimum=MINIMUM_FAN)),
    ))


def _mcr_turn_page() -> Page:
    return Page(tr("How a turn goes"), (
        Paragraph(tr("The dealer takes 14 tiles and discards first; turns go counter-clockwise. On your turn you draw "
                     "one tile and discard one. There is no dead wall: kongs and flowers are replaced from the tail "
                     "of the wall, and the hand is played until the wall is empty.")),
        Paragraph(tr("Calls: a chow only from the player on your left, a pung or a kong from anyone. A win beats a pung "
                     "or a kong, and those beat a chow. When two players could win on one discard, the one next in "
                     "turn after the discarder takes it.")),
        _row(tr("Called sets"), tr("a chow from the left, a pung, a kong"), "456s", "333p", "7777m"),
        Paragraph(tr("There is no furiten: you may pass a winning tile and win on the same tile later, even on one you "
                     "discarded yourself. No riichi, no dora.")),
        Paragraph(tr("A self-drawn win on the last tile of the wall, or on the discard after it, scores 8 fan. After the "
                     "last tile nobody may declare a kong or a flower, and its discard can be claimed only to win.")),
    ))


def _mcr_flower_page() -> Page:
    return Page(tr("Flowers"), (
        TileRow(tr("The eight flowers"), tr("one of each: 1 fan each"), (FLOWER_CODES[:4], FLOWER_CODES[4:])),
        Paragraph(tr("After the deal, starting with the dealer and in turn, each player lays their flowers face up beside "
                     "the hand and draws as many replacements from the tail of the wall; a replacement that is a flower "
                     "is replaced again.")),
        Paragraph(tr("During play, a flower you draw may be declared at once and replaced, or kept and declared on a later "
                     "turn after a draw, never right after a chow or a pung, and not after the last tile.")),
        Paragraph(tr("A flower may also be discarded: nobody may claim it, and it adds no fan. The last tile of the wall, "
                     "if it is a flower, cannot be replaced: discard it, and nobody can win on your last discard.")),
        Paragraph(tr("Each flower adds 1 fan to a win, but only once the hand has its {minimum} fan without them: "
                     "7 fan and 3 flowers is not a win; a Chicken Hand with 2 flowers is worth 10.", minimum=MINIMUM_FAN)),
    ))


def _mcr_payment_page() -> Page:
    x = 12
    return Page(tr("Payments"), (
        Paragraph(tr("Points are a running total that starts at 0 and always sums to 0. A win of x fan (flowers "
                     "included) is paid {base} + x by whoever gave it and {base} by each of the other two.",
                     base=BASE_PAYMENT)),
        Paragraph(tr("On a discard: the discarder pays {base} + x, the other two {base} each. Self-drawn: each of the "
                     "three pays {base} + x. Robbing a kong: the kong's owner pays as a discarder. There is no dealer "
                     "bonus, and an exhaustive draw pays nothing.", base=BASE_PAYMENT)),
        Paragraph(tr("For a {x}-fan win on a discard: {discard} from the discarder and {base} from each other player, "
                     "{won} in all; self-drawn, {discard} from each, {drawn} in all.", x=x, base=BASE_PAYMENT,
                     discard=BASE_PAYMENT + x, won=BASE_PAYMENT + x + 2 * BASE_PAYMENT, drawn=3 * (BASE_PAYMENT + x))),
    ))


def _mcr_match_page() -> Page:
    return Page(tr("Sixteen hands and seat changes"), (
        Paragraph(tr("A match is 16 hands: four with East as the round wind, then four each of South, West and North. "
                     "The deal passes to the next chair after every hand, won or drawn; there is no dealer repeat.")),
        Paragraph(tr("Players keep their chairs within a round, and change chairs at the start of each new round, as the "
                     "Green Book says: at South, East and South swap and West and North swap; at West, each player moves "
                     "round: East to West, West to South, South to North, North to East; at North, the pairs swap again. "
                     "So the player on your left, the one you may chow from, changes.")),
        Paragraph(tr("The final standings rank the players by points (a tie goes to the earlier seat).")),
    ))


def _mcr_principles_page() -> Page:
    return Page(tr("Counting fan: five principles"), (
        Paragraph(tr("A hand shows many fan at once. Five principles decide which count; the score screen lists the fan "
                     "a hand also shows but does not count, and says which principle drops it.")),
        *(Paragraph(tr("{name}: {words}", name=tr(name), words=tr(words))) for name, words in MCR_PRINCIPLES),
    ))


def _mcr_words_page() -> Page:
    return Page(tr("Words"), tuple(Paragraph(tr("{term}: {meaning}", term=tr(term), meaning=tr(meaning)))
                                   for term, meaning in MCR_WORDS))


def _mcr_controls_page() -> Page:
    return Page(tr("Controls"), (
        Paragraph(tr("Discard: click a tile, or pick it with Left / Right and press Enter. Hover a tile to see what your "
                     "hand would be after discarding it; once it is ready, the guide shows what each wait would score.")),
        Paragraph(tr("Your turn's buttons: H Hu (only when the hand is a win of 8 fan or more), K kong, A add a kong. "
                     "A flower you draw is laid out and replaced by itself.")),
        Paragraph(tr("When you may call a discard: number keys 1, 2, ... press the buttons in order; or H Hu, P pung, "
                     "C chow, K kong, Space pass.")),
        Paragraph(tr("Esc opens the menu (Settings, this help, back to Home). F11 toggles fullscreen. "
                     "On the score screen, Enter goes on and H shows the other hands.")),
        Paragraph(tr("In this book: Left / Right or the buttons turn pages; click a title in the list to jump to it; "
                     "Esc closes.")),
    ))


def mcr_pages(rules: Rules) -> tuple[Page, ...]:
    """The Chinese Official book: tiles, the 8-fan hand, turns, flowers, payments, the
    16 hands and seat changes, the counting principles, the 81 fan by value, words, controls."""
    return (_mcr_tiles_page(), _mcr_hand_page(), _mcr_turn_page(), _mcr_flower_page(), _mcr_payment_page(),
            _mcr_match_page(), _mcr_principles_page(), *_fan_pages(), _mcr_words_page(), _controls_page(rules))
