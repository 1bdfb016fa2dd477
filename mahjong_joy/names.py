"""The words a player reads: one display name per tile, yaku and fu line, and the glossary.

Every screen, prompt, message and the text log take their names from here, so a
thing has one name everywhere (the score screen, Stats, the help book, the log).
Tile names match the Latin labels drawn on the faces (``E``/``S``/``W``/``N`` for
the winds, ``Wh``/``Gr``/``Rd`` for the dragons, ``m`` for Characters); yaku read in
English first with the Japanese name as a second, smaller line. No pygame here:
the controller and the log use these names too.

Display names are translated as they are asked for (:func:`mahjong_joy.i18n.tr`), so
the screens speak the player's language; the command line never sets a language and
reads English. Words that go into records or the AI's reasons ask for English
(``translate=False``) so a record reads the same whatever language it was played in.

>>> tile_label(13), tile_label(33), tile_label(27), tile_label(35)
('5 of Dots', 'Red dragon', 'East wind', 'Red 5 of Dots')
>>> yaku_name("yakuhai_hatsu"), yaku_japanese("yakuhai_hatsu")
('Dragon triplet: Green', 'Yakuhai hatsu')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from mahjong_joy.i18n import ENGLISH, NC_, N_, current_language, tr, trc
from mahjong_joy.i18n import say as _english  # a record's words: the catalog message in English
from mahjong_joy.tiles import FIVES, HONOR_NAMES, WINDS, rank_of, suit_of

SUIT_NAMES = ("Characters", "Dots", "Bamboo")

# ------------------------------------------------------------------------ winds
# A wind is written three ways: the letter records, events and snapshots carry
# (``E``), the word the screens print (``East``) and the glyph on a tile or a seat
# plate (``東``). Every layer reads them here, so no package keeps its own copy.

WIND_LETTERS = ("E", "S", "W", "N")
WIND_NAMES = HONOR_NAMES[:4]  # East, South, West, North
WIND_GLYPHS = "東南西北"
WIND_TILE_OF = dict(zip(WIND_LETTERS, WINDS))  # letter -> the wind's kind (27..30)
LETTER_OF_WIND = {tile: letter for letter, tile in WIND_TILE_OF.items()}


def wind_index(letter: str) -> int:
    """A wind letter's place in the order East, South, West, North (``ValueError`` for
    anything else, as ``"ESWN".index`` did).

    >>> wind_index("E"), wind_index("N")
    (0, 3)
    """
    return WIND_LETTERS.index(letter)


# ------------------------------------------------------------------------ seats
# The game names its seats, not their AI: the player (``You`` or their chosen
# name) and Momo, Sora and Kiri around the table, counted from the player's seat.
# The table, the replay viewer, the exports and the AI's reasons all say the same.

HUMAN = "human"  # the seat kind of a person at the table (every other kind is an AI)
SEAT_NAMES = (N_("You"), N_("Momo"), N_("Sora"), N_("Kiri"))  # from the player's seat: bottom, right, across, left
AI_AT_BOTTOM = N_("Nana")  # name of an AI seat shown at the bottom (an all-AI table)


def seat_name(name: str) -> str:
    """A seat's name as the screen shows it: the game's own names (and the default
    ``You``) in the player's language, a name the player chose as it is spelled.
    Records and the AI's reasons keep the English names."""
    return tr(name) if name in SEAT_NAMES or name == AI_AT_BOTTOM else name


def table_names(kinds: Sequence[str], me: int | None = None, player: str = SEAT_NAMES[0]) -> tuple[str, ...]:
    """Names around the table, by absolute seat: ``player`` for human seats, the game's
    names elsewhere, counted from seat ``me`` (by default the first human seat, else 0).

    >>> table_names(["potential"] * 4)
    ('Nana', 'Momo', 'Sora', 'Kiri')
    >>> table_names(["easy", "human", "easy", "easy"], player="Ada")
    ('Kiri', 'Ada', 'Momo', 'Sora')
    """
    kinds = list(kinds)
    if me is None:
        me = kinds.index(HUMAN) if HUMAN in kinds else 0
    names = []
    for seat in range(4):
        rel = (seat - me) % 4
        if kinds[seat] == HUMAN:
            names.append(player)
        else:
            names.append(SEAT_NAMES[rel] if rel else AI_AT_BOTTOM)
    return tuple(names)


_HONOR_WORDS = (N_("East wind"), N_("South wind"), N_("West wind"), N_("North wind"),
                N_("White dragon"), N_("Green dragon"), N_("Red dragon"))
_SUIT_WORDS = (N_("{rank} of Characters"), N_("{rank} of Dots"), N_("{rank} of Bamboo"))
_WIND_WORDS = (N_("East"), N_("South"), N_("West"), N_("North"))


def tile_label(code: int, translate: bool = True) -> str:
    """A tile (a kind 0..33, or a red-five code 34..36) in words: ``3 of Dots``,
    ``East wind``, ``White dragon``, ``Red 5 of Bamboo``; a flower code as :func:`flower_label`
    (in the player's language unless ``translate`` is False)."""
    say = tr if translate else _english
    if is_flower(code):
        return flower_label(code, translate)
    if code >= 34:
        return say(N_("Red {tile}"), tile=tile_label(FIVES[code - 34], translate))
    if code >= 27:
        return say(_HONOR_WORDS[code - 27])
    return say(_SUIT_WORDS[suit_of(code)], rank=rank_of(code))



def wind_name(index: int) -> str:
    """A wind (0 East .. 3 North) as a word in the player's language: ``East``."""
    return tr(_WIND_WORDS[index])


# Chinese Official's eight bonus tiles (codes 37..44, tiles.FLOWER_CODES), in code order:
# the four plants (plum, orchid, chrysanthemum, bamboo) then the four seasons, each
# numbered 1..4 as printed on the tile. The glyph is what the tile face shows; the
# short label is its Latin-label stand-in.
FLOWER_GLYPHS = "梅兰菊竹春夏秋冬"
FLOWER_NAMES = (N_("Plum"), N_("Orchid"), N_("Chrysanthemum"), NC_("flower", "Bamboo"), N_("Spring"), N_("Summer"), N_("Autumn"), N_("Winter"))
FLOWER_SHORT = ("Pl", "Or", "Ch", "Bm", "Sp", "Su", "Au", "Wi")
FIRST_FLOWER = 37


def is_flower(code: int) -> bool:
    """True for a flower or season code (37..44).

    >>> is_flower(36), is_flower(37), is_flower(44)
    (False, True, True)
    """
    return FIRST_FLOWER <= code < FIRST_FLOWER + len(FLOWER_NAMES)


def flower_number(code: int) -> int:
    """The number 1..4 printed on a flower tile (plum 1 .. bamboo 4, spring 1 .. winter 4)."""
    return (code - FIRST_FLOWER) % 4 + 1


def flower_is_season(code: int) -> bool:
    """Seasons (spring .. winter) against plants (plum .. bamboo)."""
    return code - FIRST_FLOWER >= 4


def flower_label(code: int, translate: bool = True) -> str:
    """A flower tile in words: ``Plum (flower 1)``, ``Winter (season 4)``.

    >>> flower_label(37), flower_label(44)
    ('Plum (flower 1)', 'Winter (season 4)')
    """
    say = tr if translate else _english
    english = FLOWER_NAMES[code - FIRST_FLOWER]
    name = (trc("flower", english) if english == "Bamboo" else tr(english)) if translate else english
    if flower_is_season(code):
        return say(N_("{name} (season {number})"), name=name, number=flower_number(code))
    return say(N_("{name} (flower {number})"), name=name, number=flower_number(code))


def tiles_label(codes: Iterable[int]) -> str:
    """Several tiles in words, joined with commas (``1 of Dots, East wind``)."""
    return tr(", ").join(tile_label(c) for c in codes)


def the_tile(code: int) -> str:
    """A tile with its article, for a sentence: ``the 5 of Dots``, ``the Red dragon``."""
    return tr("the {tile}", tile=tile_label(code))


RULESET_TITLES = {"joy": N_("Joy"), "mahjong_soul": N_("Mahjong Soul"), "tenhou": N_("Tenhou"), "mcr": N_("Chinese Official")}


def ruleset_title(name: str) -> str:
    """A ruleset as players read it: ``mahjong_soul`` -> ``Mahjong Soul``, ``mcr`` ->
    ``Chinese Official``, ``""`` -> ``All``.

    >>> ruleset_title("tenhou"), ruleset_title("mcr"), ruleset_title("")
    ('Tenhou', 'Chinese Official', 'All')
    """
    if not name:
        return tr("All")
    return tr(RULESET_TITLES[name]) if name in RULESET_TITLES else name.replace("_", " ").title()


# ------------------------------------------------------------------------- yaku

class YakuName(NamedTuple):
    """A yaku's display name: the English line, and the Japanese line shown smaller
    under it ("" when the English word is the Japanese one, as for Riichi and Dora)."""

    english: str
    japanese: str


YAKU: dict[str, YakuName] = {
    # 1 han
    "riichi": YakuName(N_("Riichi"), ""),
    "double_riichi": YakuName(N_("Double riichi"), "Daburu riichi"),
    "ippatsu": YakuName(N_("Win within one go-around"), "Ippatsu"),
    "menzen_tsumo": YakuName(N_("Concealed self-draw"), "Menzen tsumo"),
    "pinfu": YakuName(N_("All runs, no extra fu"), "Pinfu"),
    "tanyao": YakuName(N_("All simples"), "Tanyao"),
    "iipeikou": YakuName(N_("Twin runs"), "Iipeikou"),
    "yakuhai_haku": YakuName(N_("Dragon triplet: White"), "Yakuhai haku"),
    "yakuhai_hatsu": YakuName(N_("Dragon triplet: Green"), "Yakuhai hatsu"),
    "yakuhai_chun": YakuName(N_("Dragon triplet: Red"), "Yakuhai chun"),
    "yakuhai_seat_wind": YakuName(N_("Wind triplet: your seat"), "Yakuhai jikaze"),
    "yakuhai_round_wind": YakuName(N_("Wind triplet: the round"), "Yakuhai bakaze"),
    "haitei": YakuName(N_("Win on the last draw"), "Haitei raoyue"),
    "houtei": YakuName(N_("Win on the last discard"), "Houtei raoyui"),
    "rinshan": YakuName(N_("Win on a kan's replacement tile"), "Rinshan kaihou"),
    "chankan": YakuName(N_("Robbing a kan"), "Chankan"),
    # 2 han and more
    "chiitoitsu": YakuName(N_("Seven pairs"), "Chiitoitsu"),
    "chanta": YakuName(N_("Terminal or honor in every set"), "Chanta"),
    "junchan": YakuName(N_("Terminal in every set"), "Junchan"),
    "ittsu": YakuName(N_("Straight 1 to 9"), "Ittsu"),
    "sanshoku_doujun": YakuName(N_("Same run in three suits"), "Sanshoku doujun"),
    "sanshoku_doukou": YakuName(N_("Same triplet in three suits"), "Sanshoku doukou"),
    "toitoi": YakuName(N_("All triplets"), "Toitoi"),
    "sanankou": YakuName(N_("Three concealed triplets"), "Sanankou"),
    "sankantsu": YakuName(N_("Three kans"), "Sankantsu"),
    "honroutou": YakuName(N_("All terminals and honors"), "Honroutou"),
    "shousangen": YakuName(N_("Little three dragons"), "Shousangen"),
    "ryanpeikou": YakuName(N_("Two sets of twin runs"), "Ryanpeikou"),
    "honitsu": YakuName(N_("Half flush"), "Honitsu"),
    "chinitsu": YakuName(N_("Full flush"), "Chinitsu"),
    # yakuman
    "kokushi": YakuName(N_("Thirteen orphans"), "Kokushi musou"),
    "suuankou": YakuName(N_("Four concealed triplets"), "Suuankou"),
    "daisangen": YakuName(N_("Big three dragons"), "Daisangen"),
    "shousuushii": YakuName(N_("Little four winds"), "Shousuushii"),
    "daisuushii": YakuName(N_("Big four winds"), "Daisuushii"),
    "tsuuiisou": YakuName(N_("All honors"), "Tsuuiisou"),
    "chinroutou": YakuName(N_("All terminals"), "Chinroutou"),
    "ryuuiisou": YakuName(N_("All green"), "Ryuuiisou"),
    "chuuren": YakuName(N_("Nine gates"), "Chuuren poutou"),
    "suukantsu": YakuName(N_("Four kans"), "Suukantsu"),
    "tenhou": YakuName(N_("Dealer wins on the deal"), "Tenhou"),
    "chiihou": YakuName(N_("Win on your first draw"), "Chiihou"),
    # Joy's win without a yaku, and the bonus tiles
    "joy_win": YakuName(N_("Complete hand"), "Joy: any complete hand wins"),
    "dora": YakuName(N_("Dora"), ""),
    "aka_dora": YakuName(N_("Red fives"), "Aka dora"),
    "ura_dora": YakuName(N_("Ura-dora"), "Dora under the indicator"),
}


def yaku_name(yaku_id: str) -> str:
    """The display name of a yaku id in the player's language (an unknown id reads as its
    words): the plain English name, or the name Japanese, Korean and Chinese players use (立直)."""
    found = YAKU.get(yaku_id)
    return tr(found.english) if found else yaku_id.replace("_", " ").strip().capitalize()


def yaku_japanese(yaku_id: str) -> str:
    """The smaller second line under a yaku's English name: its Japanese name in romaji
    ("" when none, and in the other languages, whose first line is already the term)."""
    found = YAKU.get(yaku_id)
    return found.japanese if found and current_language() == ENGLISH else ""


def is_bonus(yaku_id: str) -> bool:
    """Dora lines (dora, red fives, ura-dora): bonus han, not a pattern of the hand."""
    return yaku_id in ("dora", "aka_dora", "ura_dora")


LIMITS = {  # a limit hand's id (rulesets/riichi/limits.py) -> its name, in romaji as players say it in English
    "mangan": N_("mangan"), "haneman": N_("haneman"), "baiman": N_("baiman"), "sanbaiman": N_("sanbaiman"),
    "yakuman": N_("yakuman"), "kazoe_yakuman": N_("kazoe yakuman"), "double_yakuman": N_("double yakuman"),
    "triple_yakuman": N_("triple yakuman"), "quadruple_yakuman": N_("quadruple yakuman"),
    "quintuple_yakuman": N_("quintuple yakuman"), "sextuple_yakuman": N_("sextuple yakuman"),
}


def limit_name(limit: str) -> str:
    """A limit hand in the player's language (``haneman``, 跳満); an unknown id reads as its words."""
    return tr(LIMITS[limit]) if limit in LIMITS else limit.replace("_", " ")


# ------------------------------------------------------------------------- fu

_FU_WORDS = {
    "base": N_("Base"),
    "menzen_ron": N_("Concealed hand won on a discard"),
    "tsumo": N_("Self-drawn win (tsumo)"),
    "open_pinfu": N_("Open hand, raised to the minimum"),
    "chiitoitsu": N_("Seven pairs (always 25)"),
    "closed_triplet": N_("Concealed triplet of {tile}"),
    "open_kan": N_("Called kan of {tile}"),
    "closed_kan": N_("Concealed kan of {tile}"),
    "yakuhai_pair": N_("Pair of {tile} (a value tile)"),
    "double_wind_pair": N_("Pair of {tile} (your seat and the round)"),
    "kanchan_wait": N_("Waited on the middle of a run (kanchan)"),
    "penchan_wait": N_("Waited on the edge of a run (penchan)"),
    "tanki_wait": N_("Waited on the pair (tanki)"),
}


def fu_words(reason: str, tile: int | None = None, called: bool = False) -> str:
    """One fu line in words, saying what happened.

    The scorer counts a triplet completed on someone's discard as open, the same
    as a pon; ``called`` tells the two apart (the winner called a pon of that tile),
    so a triplet nobody called reads as completed on a discard.

    >>> fu_words("open_triplet", 22), fu_words("open_triplet", 22, called=True)
    ('Triplet of 5 of Bamboo, completed on a discard', 'Pon of 5 of Bamboo (called)')
    """
    name = tile_label(tile) if tile is not None else ""
    if reason == "open_triplet":
        return tr("Pon of {tile} (called)", tile=name) if called else tr("Triplet of {tile}, completed on a discard", tile=name)
    wording = _FU_WORDS.get(reason)
    if wording is None:
        return reason.replace("_", " ").strip().capitalize()
    return tr(wording, tile=name) if "{tile}" in wording else tr(wording)


# ------------------------------------------------------------------------- glossary

class GlossaryEntry(NamedTuple):
    """One word a beginner meets, and what it means in a sentence or two."""

    term: str
    meaning: str


GLOSSARY: tuple[GlossaryEntry, ...] = (
    GlossaryEntry(N_("Shanten"), N_("How many tiles your hand is from ready. 2-shanten: two good draws make it ready; "
                             "0 means ready, one tile from a win.")),
    GlossaryEntry(N_("Ready"), N_("Your hand needs just one more tile to win (tenpai). The tiles that would complete it "
                           "are your waits.")),
    GlossaryEntry(N_("Useful tiles"), N_("Tiles whose draw brings your hand a step closer to a win. The count is the copies "
                                  "you cannot see: not in your hand, in any river, meld or dora indicator.")),
    GlossaryEntry(N_("Yaku"), N_("A scoring pattern, such as all simples or a dragon triplet. Riichi rules need at least one "
                          "to win; Joy lets any complete hand win.")),
    GlossaryEntry(N_("Han"), N_("The value of a win: each yaku and each dora adds han, and more han pay more points.")),
    GlossaryEntry(N_("Fu"), N_("Small points for how the hand was built and won (triplets, the wait, a concealed hand); "
                        "they fine-tune the score. The total is rounded up to the next 10.")),
    GlossaryEntry(N_("Dora"), N_("Bonus tiles: the tile after each dora indicator. Every dora in a winning hand adds 1 han, "
                          "but a dora is not a yaku. Joy has no dora.")),
    GlossaryEntry(N_("Furiten"), N_("You may not win by ron while a tile you wait on lies in your own river, or (in riichi "
                             "rules) passed you since your last discard. You may still win by tsumo.")),
    GlossaryEntry(N_("Tsumo"), N_("Winning on a tile you draw yourself; everyone pays.")),
    GlossaryEntry(N_("Ron"), N_("Winning on another player's discard; the player who discarded it pays.")),
    GlossaryEntry(N_("Pon"), N_("Claiming a discard to make three of a kind with a pair from your hand.")),
    GlossaryEntry(N_("Chi"), N_("Claiming the discard of the player on your left to make a run of three in one suit.")),
    GlossaryEntry(N_("Kan"), N_("Four of a kind; you draw a replacement tile from the dead wall.")),
    GlossaryEntry(N_("Riichi"), N_("Declaring a closed ready hand for 1,000 points: it is a yaku, and your hand is locked.")),
    GlossaryEntry(N_("Honba"), N_("A counter for repeated or drawn hands; each one adds 300 points to the next win.")),
)

_BY_TERM = {entry.term.lower(): entry for entry in GLOSSARY}


def glossary() -> tuple[GlossaryEntry, ...]:
    """Every glossary entry, in the order a beginner meets them (for the help book), in the player's language."""
    return tuple(GlossaryEntry(tr(entry.term), tr(entry.meaning)) for entry in GLOSSARY)


def explain(term: str) -> str:
    """The glossary's meaning of a term (case-insensitive; ``2-shanten`` finds Shanten,
    ``useful`` Useful tiles); "" for a word the glossary does not hold."""
    word = term.lower().strip(" .,:;!?")
    if word.endswith("shanten"):
        word = "shanten"
    if word == "useful":
        word = "useful tiles"
    found = _BY_TERM.get(word) or _translated_term(word)
    return tr(found.meaning) if found else ""


def _translated_term(word: str) -> GlossaryEntry | None:
    """The entry of a term as the player's language writes it (聴牌, 2샹텐, 有效牌)."""
    for entry in GLOSSARY:
        term = tr(entry.term).lower()
        if word == term or (entry.term == "Shanten" and word.endswith(term) and word[: -len(term)].isdigit()):
            return entry
    aliases = {tr("ready").lower(): "ready"}
    return _BY_TERM.get(aliases[word]) if word in aliases else None


