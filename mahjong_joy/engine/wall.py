"""The wall of one hand: 122 live tiles after the deal, and a dead wall of 14.

Layout of the shuffled 136 ids: ``[0:52]`` are dealt (seat ``dealer + i`` gets
``deck[i::4][:13]``), ``[52:122]`` is the live wall drawn from the front,
``[122:136]`` the dead wall. Dead-wall positions 0..3 are the kan replacement
tiles (drawn in order), 4..8 the dora indicators (one face up at the start, one
more per kan, turned when the rules say: :meth:`Wall.reveal_dora`), 9..13 the ura
indicators. Each kan takes the last live tile into
the dead wall so it always holds 14 (the riichi convention: the haitei moves up).

A hand's wall derives from a string key, ``wall_key(seed, round, hand, honba)``,
so any hand of any match replays on its own.

The tile set is the ruleset's (:meth:`~mahjong_joy.rulesets.base.Ruleset.wall_shape`):
``tiles`` ids and a dead wall of ``dead_wall``. With no dead wall (Chinese Official
play: 144 tiles with the flowers) a kan's replacement is the last tile of the live
wall and there are no indicators.
"""

from __future__ import annotations


from mahjong_joy.tiles import shuffled_deck

DEAD_WALL_SIZE = 14
DEALT = 52
MAX_KANS = 4
_REPLACEMENTS = 0
_INDICATORS = 4
_URA = 9


def wall_key(seed: int | str, round_wind: str, hand_number: int, honba: int) -> str:
    """The documented seed of one hand's shuffle, e.g. ``wall_key(7, "E", 2, 1) == "7:E:2:1"``."""
    return f"{seed}:{round_wind}:{hand_number}:{honba}"


class Wall:
    """The undealt tiles of one hand, as positions into one shuffled deck."""

    __slots__ = ("deck", "_next", "_live_end", "kans", "revealed", "dead_wall")

    def __init__(self, deck: list[int], tiles: int = 136, dead_wall: int = DEAD_WALL_SIZE) -> None:
        if sorted(deck) != list(range(tiles)):
            raise ValueError(f"a wall needs each of the {tiles} tile ids exactly once")
        self.deck = list(deck)
        self.dead_wall = dead_wall
        self._next = DEALT
        self._live_end = len(deck) - dead_wall
        self.kans = 0
        self.revealed = 1 if dead_wall else 0

    @classmethod
    def from_key(cls, key: str, tiles: int = 136, dead_wall: int = DEAD_WALL_SIZE) -> Wall:
        """The wall shuffled by ``random.Random(key)`` (exactly ``shuffled_deck(key, tiles)``)."""
        return cls(shuffled_deck(key, tiles), tiles, dead_wall)

    def dealt_hands(self, dealer: int) -> list[list[int]]:
        """Thirteen ids per absolute seat, dealt round-robin from the dealer."""
        hands: list[list[int]] = [[] for _ in range(4)]
        for i in range(4):
            hands[(dealer + i) % 4] = self.deck[i:DEALT:4]
        return hands

    @property
    def live_count(self) -> int:
        """Tiles left to draw from the live wall."""
        return self._live_end - self._next

    def live_tiles(self) -> list[int]:
        """Ids still in the live wall, next draw first."""
        return self.deck[self._next : self._live_end]

    def dead_tiles(self) -> list[int]:
        """Ids in the dead wall now (always its full size): unused replacements, indicators, moved-up tiles."""
        if not self.dead_wall:
            return []
        base = len(self.deck) - self.dead_wall
        return self.deck[base + self.kans :] + self.deck[self._live_end : base]

    def draw(self) -> int:
        """Take the next live tile (the caller checks ``live_count`` first)."""
        tile = self.deck[self._next]
        self._next += 1
        return tile

    def draw_replacement(self) -> int:
        """Take the next kan replacement tile; the last live tile joins the dead wall
        (with no dead wall, the replacement is that last live tile)."""
        if not self.dead_wall:
            self.kans += 1
            return self.draw_from_tail()
        base = len(self.deck) - self.dead_wall
        tile = self.deck[base + _REPLACEMENTS + self.kans]
        self.kans += 1
        self._live_end -= 1
        return tile

    def draw_from_tail(self) -> int:
        """Take the last live tile: a flower's replacement, or a kong's where there is no
        dead wall (RULES.md B1 "Dead wall"); the caller checks ``live_count`` first."""
        self._live_end -= 1
        return self.deck[self._live_end]

    def can_kan(self) -> bool:
        """A kan needs a replacement tile left and a live tile to move up: at most four
        with a dead wall (its four replacement tiles, RULES.md A1 "Kan and wall limits");
        without one every replacement is the tail of the live wall, so any number while
        a tile is left (Chinese Official play, B1 "Dead wall")."""
        return (self.kans < MAX_KANS or not self.dead_wall) and self.live_count > 0

    def reveal_dora(self) -> int:
        """Turn the next indicator face up (one per kan, at most five) and return its id."""
        if not self.dead_wall:
            raise ValueError("a wall without a dead wall has no dora indicators to turn")
        self.revealed += 1
        return self.deck[len(self.deck) - self.dead_wall + _INDICATORS + self.revealed - 1]

    @property
    def dora_indicators(self) -> list[int]:
        """Face-up indicator ids: one, plus one per revealed kan dora."""
        base = len(self.deck) - self.dead_wall + _INDICATORS
        return self.deck[base : base + self.revealed]

    @property
    def ura_indicators(self) -> list[int]:
        """The ids under the face-up indicators (read only for riichi winners)."""
        base = len(self.deck) - self.dead_wall + _URA
        return self.deck[base : base + self.revealed]
