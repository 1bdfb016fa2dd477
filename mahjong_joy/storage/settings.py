"""Player settings as a plain dataclass, with a checked JSON form for ``settings.json``.

It lives below the UI (the storage layer reads and writes it; the UI only shows it), and needs no pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from mahjong_joy.errors import RulesError
from mahjong_joy.i18n import LANGUAGES
from mahjong_joy.rulesets.presets import DEFAULT_PRESET, PRESETS

AI_PACES = {"instant": 0.0, "fast": 0.25, "normal": 0.5, "relaxed": 0.9}
ANIM_SPEEDS = {"instant": 0.0, "fast": 0.5, "normal": 1.0, "gentle": 1.5}
WINDOW_LIMITS = ((1024, 640), (16384, 16384))  # smallest and largest saved window sizes
NAME_LENGTH = 24
OPPONENT_LEVELS = ("easy", "normal", "hard")  # the AI levels of mahjong_joy.ai.levels a player can seat
LENGTHS = ("east", "east_south")  # East only (tonpuusen), East-South (hanchan)
UI_SCALES = (1.0, 1.25, 1.5)  # the table's tile sizes a player can choose (issue 28: large tiles)


@dataclass
class Settings:
    """Everything the Settings screen changes; every field applies at once."""

    ai_pace: str = "normal"  # key of AI_PACES
    anim_speed: str = "normal"  # key of ANIM_SPEEDS
    hints: bool = True
    latin_labels: bool = False
    colour_safe_tiles: bool = False  # red fives and suits marked by shape, not colour alone (issue 28)
    ui_scale: float = 1.0  # the table's tile size, one of UI_SCALES (the window may allow less: ui.layout)
    volume: float = 0.6  # 0..1
    fullscreen: bool = False
    auto_pass: bool = False
    ruleset: str = DEFAULT_PRESET  # the last ruleset chosen on Home (a preset of the registry)
    length: str = "east_south"  # riichi match length: "east" (East only) or "east_south" (hanchan)
    joy_length: str = "east"  # the casual (no-riichi) presets' length, kept apart: Joy is one East round unless the player asks
    auto_win: bool = False  # declare tsumo and ron without asking
    no_calls: bool = False  # pass every chi, pon and kan offer without asking
    window_size: tuple[int, int] = (1280, 800)
    player_name: str = "You"
    opponents: tuple[str, str, str] = ("normal", "normal", "normal")  # AI level of seats 1-3 (right, across, left)
    show_ai_thinking: bool = False  # a bubble by each AI seat with its last reason
    tutorial_seen: bool = False  # the guided first hand was offered (or played) once
    coach_after_hand: bool = False  # the score screen says how many mistakes the hand held (issue 26)
    language: str = ""  # a code of i18n.LANGUAGES; "" until chosen: the game speaks the system's (issue 28)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form (the window size as a two-item list).

        >>> Settings().to_dict()["window_size"]
        [1280, 800]
        """
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["window_size"] = list(self.window_size)
        out["opponents"] = list(self.opponents)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Settings from saved JSON, field by field: unknown keys are ignored and a
        wrong-typed or out-of-range value falls back to that field's default, so one
        bad entry (a hand edit, an older version) never costs the player the rest.

        >>> Settings.from_dict({"volume": 7, "hints": False, "colour": "red"})
        Settings(ai_pace='normal', anim_speed='normal', hints=False, latin_labels=False, colour_safe_tiles=False, ui_scale=1.0, volume=0.6, fullscreen=False, auto_pass=False, ruleset='joy', length='east_south', joy_length='east', auto_win=False, no_calls=False, window_size=(1280, 800), player_name='You', opponents=('normal', 'normal', 'normal'), show_ai_thinking=False, tutorial_seen=False, coach_after_hand=False, language='')
        """
        kept: dict[str, Any] = {}
        for name, check in _CHECKS.items():
            if name in data:
                value = check(data[name])
                if value is not None:
                    kept[name] = value
        return cls(**kept)

    def length_for(self, ruleset: str) -> str:
        """The match length last chosen for ``ruleset`` (a preset without riichi, Joy, keeps its own)."""
        return self.joy_length if _casual(ruleset) else self.length

    def choose_length(self, ruleset: str, length: str) -> None:
        """Keep ``length`` as the choice for ``ruleset`` (Joy's apart from the riichi presets')."""
        if length not in LENGTHS:
            raise RulesError(f"unknown match length {length!r} for {ruleset}; expected one of {', '.join(LENGTHS)}")
        if _casual(ruleset):
            self.joy_length = length
        else:
            self.length = length

    @property
    def ai_delay(self) -> float:
        """Seconds an AI seat waits before acting, so a person can follow."""
        return AI_PACES.get(self.ai_pace, 0.5)

    @property
    def anim_scale(self) -> float:
        """Multiplier on animation durations (0 = instant)."""
        return ANIM_SPEEDS.get(self.anim_speed, 1.0)


def _choice(options: dict[str, float]) -> Callable[[Any], str | None]:
    return lambda value: value if isinstance(value, str) and value in options else None


def _flag(value: Any) -> bool | None:
    return value if isinstance(value, bool) else None


def _volume(value: Any) -> float | None:
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and 0.0 <= value <= 1.0
    return float(value) if ok else None


def _ui_scale(value: Any) -> float | None:
    """One of :data:`UI_SCALES` (an int 1 reads as 1.0)."""
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and float(value) in UI_SCALES
    return float(value) if ok else None


def _casual(ruleset: str) -> bool:
    """Whether ``ruleset`` is a preset played without riichi (its length is kept apart),
    read from the rules value: an unknown name counts as riichi, as before."""
    rules = PRESETS.get(ruleset)
    return rules is not None and not rules.hand.riichi


def _ruleset(value: Any) -> str | None:
    """A preset the game ships (one registry: :data:`~mahjong_joy.rulesets.presets.PRESETS`)."""
    return value if isinstance(value, str) and value in PRESETS else None


def _window(value: Any) -> tuple[int, int] | None:
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        return None
    if not all(type(v) is int for v in value):
        return None
    (lo_w, lo_h), (hi_w, hi_h) = WINDOW_LIMITS
    w, h = value
    return (w, h) if lo_w <= w <= hi_w and lo_h <= h <= hi_h else None


def _opponents(value: Any) -> tuple[str, str, str] | None:
    """Three AI levels, one per opponent seat (right, across, left)."""
    if not isinstance(value, (list, tuple)) or len(value) != 3:
        return None
    if not all(isinstance(v, str) and v in OPPONENT_LEVELS for v in value):
        return None
    return (value[0], value[1], value[2])


def valid_name(value: Any) -> str | None:
    """A player name as kept: trimmed, 1-24 printable characters; else None.

    >>> valid_name("  Mika "), valid_name(""), valid_name("a" * 25)
    ('Mika', None, None)
    """
    if not isinstance(value, str):
        return None
    name = value.strip()
    return name if 0 < len(name) <= NAME_LENGTH and name.isprintable() else None


_CHECKS: dict[str, Callable[[Any], Any]] = {
    "ai_pace": _choice(AI_PACES),
    "anim_speed": _choice(ANIM_SPEEDS),
    "hints": _flag,
    "latin_labels": _flag,
    "colour_safe_tiles": _flag,
    "ui_scale": _ui_scale,
    "volume": _volume,
    "fullscreen": _flag,
    "auto_pass": _flag,
    "ruleset": _ruleset,
    "length": _choice(dict.fromkeys(LENGTHS, 0.0)),
    "joy_length": _choice(dict.fromkeys(LENGTHS, 0.0)),
    "auto_win": _flag,
    "no_calls": _flag,
    "window_size": _window,
    "player_name": valid_name,
    "opponents": _opponents,
    "show_ai_thinking": _flag,
    "tutorial_seen": _flag,
    "coach_after_hand": _flag,
    "language": _choice(dict.fromkeys(LANGUAGES, 0.0)),
}


def cycle(options: dict[str, float], current: str) -> str:
    """The option after ``current`` in ``options`` (wrapping), for one-click toggles.

    >>> cycle(AI_PACES, "relaxed")
    'instant'
    """
    keys = list(options)
    return keys[(keys.index(current) + 1) % len(keys)] if current in keys else keys[0]
