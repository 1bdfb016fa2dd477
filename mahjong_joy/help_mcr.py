"""The data of the Chinese Official (MCR) pages of the help book: one example win and
one line in plain words for each of the 81 fan (RULES.md B6).

Each example is an :class:`~mahjong_joy.rulesets.mcr.McrSituation` in its JSON form
(``mahjong-joy score --rules mcr`` reads the same object): ``hand`` holds the
concealed tiles with the winning tile, ``melds`` the declared sets. Every example is
a legal win of at least 8 fan that scores its own fan (``tests/test_help_mcr.py``
scores each with the project's MCR scorer). Unless the fields say otherwise the
winner sits South in the East round and wins on a discard.

The words are English keys marked for the catalogs; :mod:`mahjong_joy.help_content`
translates them when it builds a page.
"""

from __future__ import annotations

from typing import Any


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now (as ``i18n.N_``)."""
    return message


def _chow(t: str) -> dict[str, str]:
    return {"type": "chow", "tiles": t}


def _pung(t: str) -> dict[str, str]:
    return {"type": "pung", "tiles": t}


def _kong(t: str) -> dict[str, str]:
    return {"type": "kong", "tiles": t}


def _hidden_kong(t: str) -> dict[str, str]:
    return {"type": "concealed_kong", "tiles": t}


# A plain open hand that scores nothing but Chicken Hand: a chow and a pung called,
# no honors but a West pair (neither seat nor round wind), a two-sided wait.
_CHICKEN = ("456s678p33z", "6s", {"melds": [_chow("234m"), _pung("222p")]})
# A Mixed Straight (8) core that leaves room for a small fan to show on its own.
_STRAIGHT = "123m456p789s"

MCR_EXAMPLES: dict[str, tuple[str, str, dict[str, Any]]] = {
    # 88
    "big_four_winds": ("111222333444z55m", "5m", {}),
    "big_three_dragons": ("555666777z123m99p", "9p", {}),
    "all_green": ("223344666888s66z", "6z", {}),
    "nine_gates": ("11123455678999m", "5m", {}),
    "four_kongs": ("99p", "9p", {"melds": [_kong("1111m"), _kong("5555p"), _kong("7777s"), _kong("2222z")]}),
    "seven_shifted_pairs": ("11223344556677m", "7m", {}),
    "thirteen_orphans": ("19m19p19s12345677z", "7z", {}),
    # 64
    "all_terminals": ("111m999m111p99s", "9s", {"melds": [_pung("999p")]}),
    "little_four_winds": ("123m11122233344z", "4z", {}),
    "little_three_dragons": ("555666z77z123m456p", "7z", {}),
    "all_honors": ("111222z555666z77z", "7z", {}),
    "four_concealed_pungs": ("111m444p777s999s22z", "9s", {"tsumo": True}),
    "pure_terminal_chows": ("12312378978955m", "5m", {}),
    # 48
    "quadruple_chow": ("123123123123m55p", "5p", {}),
    "four_pure_shifted_pungs": ("111222333444m55p", "5p", {}),
    # 32
    "four_pure_shifted_chows": ("123234345456m99s", "9s", {}),
    "three_kongs": ("234s99p", "9p", {"melds": [_kong("1111m"), _kong("5555p"), _kong("7777s")]}),
    "all_terminals_and_honors": ("111m999p111z99s", "9s", {"melds": [_pung("555z")]}),
    # 24
    "seven_pairs": ("1155m2288p3377s66z", "6z", {}),
    "greater_honors_and_knitted_tiles": ("147m25p36s1234567z", "7m", {}),
    "all_even_pungs": ("222444m666p888s22s", "2s", {}),
    "full_flush": ("123345567789p55p", "5p", {}),
    "pure_triple_chow": ("234234m456p99s", "9s", {"melds": [_chow("234m")]}),
    "pure_shifted_pungs": ("222333m456p99s", "9s", {"melds": [_pung("111m")]}),
    "upper_tiles": ("789m789p789s999m88s", "8s", {}),
    "middle_tiles": ("456m456p456s444m55s", "5s", {}),
    "lower_tiles": ("123m123p123s333m22s", "2s", {}),
    # 16
    "pure_straight": ("123456789m234p55s", "5s", {}),
    "three_suited_terminal_chows": ("123789m123789p55s", "5s", {}),
    "pure_shifted_chows": ("123234345m678p99s", "9s", {}),
    "all_five": ("345m456p567s555s55p", "5p", {}),
    "triple_pung": ("222m222p222s456m99s", "9s", {}),
    "three_concealed_pungs": ("222m444p666s789m99s", "9s", {}),
    # 12
    "lesser_honors_and_knitted_tiles": ("147m258p369s12356z", "6z", {}),
    "knitted_straight": ("112347m258p369s55z", "5z", {}),
    "upper_four": ("678m678p789s999m66s", "6s", {}),
    "lower_four": ("123m234p234s111m44s", "4s", {}),
    "big_three_winds": ("111222333z456m99p", "9p", {}),
    # 8
    "mixed_straight": (_STRAIGHT + "234m55s", "5s", {}),
    "reversible_tiles": ("123345888p456s55z", "5z", {}),
    "mixed_triple_chow": ("123m123p123s456m99s", "9s", {}),
    "mixed_shifted_pungs": ("222m333p444s678m55s", "5s", {}),
    "chicken_hand": _CHICKEN,
    "last_tile_draw": (_CHICKEN[0], _CHICKEN[1], {**_CHICKEN[2], "tsumo": True, "last_wall_tile": True}),
    "last_tile_claim": (_CHICKEN[0], _CHICKEN[1], {**_CHICKEN[2], "last_wall_tile": True}),
    "out_with_replacement_tile": ("456s678p33z", "6s", {"melds": [_chow("234m"), _kong("2222p")], "tsumo": True,
                                                          "kong_replacement": True}),
    "robbing_the_kong": (_CHICKEN[0], _CHICKEN[1], {**_CHICKEN[2], "robbing_kong": True}),
    # 6
    "all_pungs": ("888s777z99p", "9p", {"melds": [_pung("222m"), _pung("555p")]}),
    "half_flush": ("234456777m222z99m", "9m", {}),
    "mixed_shifted_chows": ("123m234p345s789s55z", "5z", {}),
    "all_types": ("123m345p678s111z55z", "5z", {}),
    "melded_hand": ("99s", "9s", {"melds": [_chow("123m"), _pung("444p"), _chow("678s"), _pung("555z")]}),
    "two_concealed_kongs": ("345s678s55z", "5z", {"melds": [_hidden_kong("2222m"), _hidden_kong("8888p")]}),
    "two_dragons_pungs": ("555z666z123m456p99s", "9s", {}),
    # 4
    "outside_hand": ("123m789m123p999s11z", "1z", {}),
    "fully_concealed_hand": (_STRAIGHT + "234s55z", "5z", {"tsumo": True}),
    "two_melded_kongs": ("555s777z99s", "9s", {"melds": [_kong("3333m"), _kong("2222p")]}),
    "last_tile": (_STRAIGHT + "234m55z", "4m", {"last_tile": True}),
    # 2
    "dragon_pung": ("789s555z99m", "9m", {"melds": [_chow("123m"), _chow("456p")]}),
    "prevalent_wind": ("789s111z99m", "9m", {"melds": [_chow("123m"), _chow("456p")]}),
    "seat_wind": ("789s222z99m", "9m", {"melds": [_chow("123m"), _chow("456p")]}),
    "concealed_hand": (_STRAIGHT + "234m55z", "5z", {}),
    "all_chows": (_STRAIGHT + "234m55p", "5p", {}),
    "tile_hog": (_STRAIGHT + "345p44p", "3p", {}),
    "double_pung": ("555s777z99s", "9s", {"melds": [_pung("222m"), _pung("222p")]}),
    "two_concealed_pungs": ("333p444s678m55s", "5s", {"melds": [_pung("222m")]}),
    "concealed_kong": ("789s55z", "8s", {"melds": [_chow("123m"), _chow("456p"), _hidden_kong("2222z")]}),
    "all_simples": ("234m456p678s345s55s", "5s", {}),
    # 1
    "pure_double_chow": (_STRAIGHT + "123m55z", "5z", {}),
    "mixed_double_chow": (_STRAIGHT + "456m55z", "5z", {}),
    "short_straight": ("123456777m222z99m", "9m", {}),
    "two_terminal_chows": ("123789m555m222z99m", "9m", {}),
    "pung_of_terminals_or_honors": (_STRAIGHT + "999m55z", "5z", {}),
    "melded_kong": (_STRAIGHT + "55z", "5z", {"melds": [_kong("4444m")]}),
    "one_voided_suit": ("123m456m789m234p55p", "5p", {}),
    "no_honors": (_STRAIGHT + "555m99p", "9p", {}),
    "edge_wait": (_STRAIGHT + "123s55z", "3s", {}),
    "closed_wait": (_STRAIGHT + "123s55z", "2s", {}),
    "single_wait": (_STRAIGHT + "123s55z", "5z", {}),
    "self_drawn": ("456p789s234m55z", "5z", {"melds": [_chow("123m")], "tsumo": True}),
    "flower_tiles": (_CHICKEN[0], _CHICKEN[1], {**_CHICKEN[2], "flowers": 2}),
}

MCR_WHAT: dict[str, str] = {
    "big_four_winds": N_("Pungs of all four winds."),
    "big_three_dragons": N_("Pungs of all three dragons."),
    "all_green": N_("Only green tiles: 2 3 4 6 8 of bamboo and Green dragons."),
    "nine_gates": N_("1112345678999 of one suit held closed, plus any tile of it."),
    "four_kongs": N_("Four kongs."),
    "seven_shifted_pairs": N_("Seven pairs in a row of one suit."),
    "thirteen_orphans": N_("One of each 1, 9 and honor, plus one more of them."),
    "all_terminals": N_("Only 1s and 9s."),
    "little_four_winds": N_("Three wind pungs and a pair of the fourth wind."),
    "little_three_dragons": N_("Two dragon pungs and a pair of the third dragon."),
    "all_honors": N_("Only winds and dragons."),
    "four_concealed_pungs": N_("Four pungs made without calling."),
    "pure_terminal_chows": N_("Two 123s, two 789s and a pair of 5s, all one suit."),
    "quadruple_chow": N_("The same chow four times in one suit."),
    "four_pure_shifted_pungs": N_("Four pungs in one suit, each one higher."),
    "four_pure_shifted_chows": N_("Four chows in one suit, each one or two higher."),
    "three_kongs": N_("Three kongs."),
    "all_terminals_and_honors": N_("Only 1s, 9s and honors."),
    "seven_pairs": N_("Seven pairs (four alike count as two)."),
    "greater_honors_and_knitted_tiles": N_("All seven honors with knitted 147, 258, 369 tiles, no pair."),
    "all_even_pungs": N_("Pungs and a pair of even tiles only."),
    "full_flush": N_("One suit only."),
    "pure_triple_chow": N_("The same chow three times in one suit."),
    "pure_shifted_pungs": N_("Three pungs in one suit, each one higher."),
    "upper_tiles": N_("Only 7, 8 and 9."),
    "middle_tiles": N_("Only 4, 5 and 6."),
    "lower_tiles": N_("Only 1, 2 and 3."),
    "pure_straight": N_("123, 456 and 789 of one suit."),
    "three_suited_terminal_chows": N_("123 and 789 in two suits, a pair of 5s in the third."),
    "pure_shifted_chows": N_("Three chows in one suit, each one (or each two) higher."),
    "all_five": N_("Every set and the pair hold a 5."),
    "triple_pung": N_("The same pung in all three suits."),
    "three_concealed_pungs": N_("Three pungs made without calling."),
    "lesser_honors_and_knitted_tiles": N_("Fourteen different tiles: knitted 147, 258, 369 and honors, no pair."),
    "knitted_straight": N_("147, 258 and 369, each in another suit, plus a set and a pair."),
    "upper_four": N_("Only 6, 7, 8 and 9."),
    "lower_four": N_("Only 1, 2, 3 and 4."),
    "big_three_winds": N_("Pungs of three winds."),
    "mixed_straight": N_("123, 456 and 789, each in another suit."),
    "reversible_tiles": N_("Only tiles that look the same upside down."),
    "mixed_triple_chow": N_("The same chow in all three suits."),
    "mixed_shifted_pungs": N_("Pungs in the three suits, each one higher."),
    "chicken_hand": N_("A win with no other fan at all is worth 8."),
    "last_tile_draw": N_("Win on the last tile of the wall, self-drawn."),
    "last_tile_claim": N_("Win on the discard after the last tile."),
    "out_with_replacement_tile": N_("Win on the tile drawn for a kong."),
    "robbing_the_kong": N_("Win on the tile another player adds to a pung."),
    "all_pungs": N_("Four pungs (or kongs) and a pair."),
    "half_flush": N_("One suit plus honors."),
    "mixed_shifted_chows": N_("Chows in the three suits, each one higher."),
    "all_types": N_("Characters, dots, bamboo, winds and dragons all in the hand."),
    "melded_hand": N_("Four sets called, won on a discard with a single-tile wait."),
    "two_concealed_kongs": N_("Two kongs of drawn tiles."),
    "two_dragons_pungs": N_("Pungs of two dragons."),
    "outside_hand": N_("Every set and the pair hold a 1, a 9 or an honor."),
    "fully_concealed_hand": N_("Nothing called, and the winning tile drawn."),
    "two_melded_kongs": N_("Two kongs made with claimed or added tiles."),
    "last_tile": N_("Win on a tile whose other three copies are in sight."),
    "dragon_pung": N_("A pung of a dragon."),
    "prevalent_wind": N_("A pung of the round's wind (here East)."),
    "seat_wind": N_("A pung of your own wind (here South)."),
    "concealed_hand": N_("Nothing called, won on a discard."),
    "all_chows": N_("Four chows and a pair of a suit tile."),
    "tile_hog": N_("All four copies of a tile used, not as a kong."),
    "double_pung": N_("The same pung in two suits."),
    "two_concealed_pungs": N_("Two pungs made without calling."),
    "concealed_kong": N_("A kong of four drawn tiles."),
    "all_simples": N_("Only tiles 2 to 8."),
    "pure_double_chow": N_("The same chow twice in one suit."),
    "mixed_double_chow": N_("The same chow in two suits."),
    "short_straight": N_("Two chows of one suit that follow on: 123 and 456."),
    "two_terminal_chows": N_("123 and 789 of one suit."),
    "pung_of_terminals_or_honors": N_("A pung of 1s, 9s or a wind that is not your seat's or the round's."),
    "melded_kong": N_("A kong made with a claimed or added tile."),
    "one_voided_suit": N_("One of the three suits missing."),
    "no_honors": N_("No winds or dragons."),
    "edge_wait": N_("Waiting only on the 3 of 12 (or the 7 of 89)."),
    "closed_wait": N_("Waiting only on the middle of a chow."),
    "single_wait": N_("Waiting only on the pair."),
    "self_drawn": N_("The winning tile drawn, not claimed."),
    "flower_tiles": N_("1 fan each, added after the hand has its 8."),
}

MCR_PRINCIPLES: tuple[tuple[str, str], ...] = (  # RULES.md B5, in plain words
    (N_("Non-repeat"),
     N_("A fan that another fan always includes is not counted again: Big Three Dragons already holds three "
        "dragon pungs, so Dragon Pung is not added for them.")),
    (N_("Non-separation"),
     N_("Sets that make one fan are not split up to make another among themselves: 123 234 345 456 of one suit "
        "is Four Pure Shifted Chows, not also a Short Straight.")),
    (N_("Non-identical"),
     N_("A set used in a fan cannot join another set to make the same fan again: 123 456 789 and another 123 of "
        "one suit is one Pure Straight, not two.")),
    (N_("Account-once"),
     N_("A set not yet used may join a used set once, no more: 234 567 of dots and of bamboo count Mixed Double "
        "Chow twice and Short Straight once, never each twice.")),
    (N_("Highest value"),
     N_("When the tiles can be read in different ways, every reading is scored and the highest counts.")),
)

MCR_WORDS: tuple[tuple[str, str], ...] = (
    (N_("Fan"), N_("A scoring pattern and its value; a win needs 8 fan without flowers.")),
    (N_("Chow"), N_("Three in a row of one suit; called only from the player on your left.")),
    (N_("Pung"), N_("Three of a kind, called from anyone.")),
    (N_("Kong"), N_("Four of a kind; you draw a replacement from the tail of the wall.")),
    (N_("Hu"), N_("Declaring a win, on a discard or on a tile you draw.")),
    (N_("Ready"), N_("One tile from a complete hand; the tiles that complete it are your waits.")),
    (N_("Flower"), N_("A bonus tile set aside and replaced: 1 fan each after the hand has its 8.")),
    (N_("Head bump"), N_("When two players can win on one discard, the next in turn after the discarder wins.")),
)
