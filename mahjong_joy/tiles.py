"""Tile kinds, physical tiles, tile codes, the deck and the seeded deal.

Three numbers name a tile, each for one job:

- A *kind* (``tile``) is an int 0..33: ``suit * 9 + rank - 1`` with suits m, p, s, z
  (z1..z7 = East South West North White Green Red). Hand analysis computes on kinds
  (counts of 34); a red five is the kind of its five.
- A *physical tile* is an id 0..135 with kind :func:`kind_of` (``id // 4``); when red
  fives are on, copy 0 of each five (ids 16, 52, 88) is the red one. Only the wall and
  the engine's own bookkeeping use ids.
- A *code* is what a tile shows, the shape every edge carries (events, views, results,
  records, the UI and the mjai/tenhou6 codecs). The code space:

  ====== ===========================================================
  0..33  the kinds themselves (a plain tile's code is its kind)
  34..36 the red 5m, 5p, 5s (:data:`RED_CODES`; mjai ``5mr 5pr 5sr``)
  37..44 reserved for the eight flowers and seasons of Chinese Official
         play (plum, orchid, chrysanthemum, bamboo, spring, summer,
         autumn, winter), which have no kind: they never enter a hand
  ====== ===========================================================

  :func:`kind_of_code` (or the table :data:`KIND_OF_CODE`) maps a code to its kind.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

KIND_COUNT = 34
TILE_COUNT = 136
SUITS = "mpsz"
HONOR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")

EAST, SOUTH, WEST, NORTH, WHITE, GREEN, RED = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (WHITE, GREEN, RED)
TERMINALS = (0, 8, 9, 17, 18, 26)
TERMINALS_AND_HONORS = TERMINALS + tuple(range(27, 34))
FIVES = (4, 13, 22)
RED_FIVE_IDS = (16, 52, 88)
RED_CODES = (34, 35, 36)
"""Tile codes of the red 5m, 5p, 5s; codes 0..33 are the kinds themselves (mjai ``5mr``)."""
CODE_COUNT = 37
"""Codes of the tiles a hand can hold: the kinds and the red fives (flowers, 37..44, never enter a hand)."""
FLOWER_CODES = tuple(range(37, 45))
"""The codes of the eight flowers and seasons of Chinese Official play (no kind; see the module docstring)."""
FLOWER_COUNT = 8
FIRST_FLOWER_ID = TILE_COUNT
"""Physical ids of the flowers in a 144-tile wall: 136..143, id ``136 + i`` shows code ``37 + i``."""
FIRST_FLOWER_CODE = FLOWER_CODES[0]  # a code from here on is a flower's
KIND_OF_CODE = tuple(range(KIND_COUNT)) + FIVES
"""Code -> kind as a table, for hot loops (:func:`kind_of_code` says the same)."""


def kind_of(tile_id: int) -> int:
    """Kind of a physical tile id (0..135)."""
    return tile_id // 4


def kind_of_code(code: int) -> int:
    """Kind of a tile code: a red five counts as a five.

    >>> kind_of_code(35), kind_of_code(7)
    (13, 7)
    """
    return FIVES[code - 34] if code >= 34 else code


def code_of(tile_id: int, red_fives: int) -> int:
    """The code a physical tile shows: its kind, or a red code for a red copy
    when the rules have red fives (copy 0 of each five, ids 16, 52, 88); a flower
    (id 136..143) shows its flower code 37..44."""
    if tile_id >= FIRST_FLOWER_ID:
        return FIRST_FLOWER_CODE + tile_id - FIRST_FLOWER_ID
    if red_fives and tile_id in RED_FIVE_IDS:
        return RED_CODES[tile_id // 36]
    return tile_id // 4


def is_flower_id(tile_id: int) -> bool:
    """True for the physical id of a flower (136..143 in a 144-tile wall)."""
    return tile_id >= FIRST_FLOWER_ID


def is_flower_code(code: int) -> bool:
    """True for a flower's code (37..44)."""
    return code >= FIRST_FLOWER_CODE


def code_name(code: int) -> str:
    """MPSZ name of a code: ``0m`` for the red 5m, ``1f`` .. ``8f`` for a flower, else as
    :func:`tile_name`.

    >>> code_name(34), code_name(37), code_name(44)
    ('0m', '1f', '8f')
    """
    if code >= FIRST_FLOWER_CODE:
        return f"{code - FIRST_FLOWER_CODE + 1}f"
    if code >= 34:
        return f"0{SUITS[code - 34]}"
    return tile_name(code)


def suit_of(tile: int) -> int:
    """Suit index 0..3 (m, p, s, z) of a kind."""
    return tile // 9


def rank_of(tile: int) -> int:
    """Rank 1..9 (1..7 for honors) of a kind."""
    return tile % 9 + 1


def is_honor(tile: int) -> bool:
    """True for winds and dragons."""
    return tile >= 27


def is_terminal(tile: int) -> bool:
    """True for 1 and 9 of a number suit."""
    return tile < 27 and tile % 9 in (0, 8)


def is_terminal_or_honor(tile: int) -> bool:
    """True for the yaochuu tiles (terminals and honors)."""
    return tile >= 27 or tile % 9 in (0, 8)


def is_red_five(tile_id: int) -> bool:
    """True for the red copy of a five (only meaningful when red fives are on)."""
    return tile_id in RED_FIVE_IDS


def tile_name(tile: int) -> str:
    """Short MPSZ name of one kind, e.g. ``5p`` or ``7z``."""
    return f"{rank_of(tile)}{SUITS[suit_of(tile)]}"


def to_counts34(tiles: Iterable[int]) -> list[int]:
    """Counts per kind of a list of kinds (no validation; see ``hand.counts``)."""
    counts = [0] * KIND_COUNT
    for tile in tiles:
        counts[tile] += 1
    return counts


def from_counts34(counts34: Sequence[int]) -> list[int]:
    """Sorted list of kinds described by a count array."""
    return [tile for tile in range(KIND_COUNT) for _ in range(counts34[tile])]


def new_deck() -> list[int]:
    """The 136 physical tile ids in order."""
    return list(range(TILE_COUNT))


def shuffled_deck(seed: int | str, tiles: int = TILE_COUNT) -> list[int]:
    """The ``tiles`` ids (136; 144 with the eight flowers) shuffled by ``random.Random(seed)``
    (never the global RNG)."""
    deck = list(range(tiles))
    random.Random(seed).shuffle(deck)
    return deck


def deal(deck: Sequence[int], players: int = 4, hand_size: int = 13) -> list[list[int]]:
    """Deal ``hand_size`` tiles to each player from the front of ``deck``, round-robin."""
    if len(deck) < players * hand_size:
        raise ValueError(f"deck of {len(deck)} tiles cannot deal {players} hands of {hand_size}")
    return [list(deck[seat::players][:hand_size]) for seat in range(players)]
