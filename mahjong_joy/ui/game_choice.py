"""What a new match is made of (ruleset, length, opponents, seed), in one place.

Home's New game panel, the standings' "New match" and "Play this deal again" and
the table that starts a match all speak the same context dict, so a deal played
again is the same deal: ``{"seed", "ruleset", "length", "opponents"}``. The names
shown for each choice live here too, so Home, Settings and Continue word them alike.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mahjong_joy.i18n import N_, tr
from mahjong_joy.names import ruleset_title
from mahjong_joy.rulesets.presets import DEFAULT_PRESET, PRESETS
from mahjong_joy.storage.settings import LENGTHS, OPPONENT_LEVELS, Settings
from mahjong_joy.ui.session import SEAT_NAMES

RULESETS = tuple(PRESETS)  # the registry's presets, in its order
_LABEL_STYLES = {"name": N_("{family} ({preset})"), "pill": N_("{family} · {preset}"), "title": N_("{family}: {preset}")}
# Keys in English, translated where drawn (a choice row's pills and labels call ``tr`` as they draw).
LENGTH_NAMES = dict(zip(LENGTHS, (N_("East only"), N_("East-South"))))
FIXED_LENGTHS = {"east_south_west_north": N_("16 hands")}  # a ruleset whose length is not a choice (Chinese Official)
LEVEL_NAMES = dict(zip(OPPONENT_LEVELS, (N_("Easy"), N_("Normal"), N_("Hard"))))
SEAT_SIDES = ("right", "across", "left")  # opponents' seats 1-3 as the player sees them
OPPONENT_SEATS = (N_("Momo (right)"), N_("Sora (across)"), N_("Kiri (left)"))  # SEAT_NAMES 1-3 and their SEAT_SIDES


def ruleset_label(ruleset: str, style: str = "name") -> str:
    """A ruleset in words: ``Riichi (Tenhou)`` as a name, ``Riichi · Tenhou`` on a pill,
    ``Riichi: Tenhou`` as a title; an unknown ruleset is shown as it is spelled.

    A riichi preset is the family with the preset's :func:`~mahjong_joy.names.ruleset_title`;
    a preset without riichi (Joy) is its title alone, read from the rules value.

    >>> ruleset_label("tenhou"), ruleset_label("joy", "pill"), ruleset_label("mahjong_soul", "title")
    ('Riichi (Tenhou)', 'Joy', 'Riichi: Mahjong Soul')
    """
    rules = PRESETS.get(ruleset)
    if rules is None:
        return ruleset
    if not rules.hand.riichi:
        return ruleset_title(ruleset)
    return tr(_LABEL_STYLES[style], family=tr("Riichi"), preset=ruleset_title(ruleset))


@dataclass(frozen=True)
class GameChoice:
    """One match's choices; ``seed`` None deals at random (the table records the seed it drew)."""

    ruleset: str
    length: str
    opponents: tuple[str, str, str]
    seed: int | str | None = None

    def context(self) -> dict[str, Any]:
        """The context :class:`~mahjong_joy.ui.scenes.table.TableScene` starts a match from."""
        return {"seed": self.seed, "ruleset": self.ruleset, "length": self.length, "opponents": self.opponents}


def fixed_length(ruleset: str) -> str | None:
    """The length of a ruleset whose length is not a choice (Chinese Official: its 16 hands), else ``None``."""
    rules = PRESETS.get(ruleset)
    length = rules.table.length if rules is not None else None
    return length if length in FIXED_LENGTHS else None


def length_options(ruleset: str) -> list[tuple[str, str]]:
    """The lengths New game offers for ``ruleset``: East only and East-South, or the one fixed length."""
    fixed = fixed_length(ruleset)
    return [(fixed, tr(FIXED_LENGTHS[fixed]))] if fixed else list(LENGTH_NAMES.items())


def length_for(settings: Settings, ruleset: str) -> str:
    """The length a new match of ``ruleset`` is played: its fixed length, else the last chosen."""
    return fixed_length(ruleset) or settings.length_for(ruleset)


def chosen(settings: Settings, seed: int | str | None = None) -> GameChoice:
    """The choice the player last made (kept in Settings), with ``seed``."""
    ruleset = settings.ruleset if settings.ruleset in RULESETS else DEFAULT_PRESET
    return GameChoice(ruleset, length_for(settings, ruleset), tuple(settings.opponents), seed)  # type: ignore[arg-type]


def same_levels(opponents: tuple[str, ...]) -> str | None:
    """The one level all three opponents play, or None when they differ."""
    return opponents[0] if len(set(opponents)) == 1 else None


def opponents_text(opponents: tuple[str, ...]) -> str:
    """The opponents in words: ``all Normal``, or each seat's, e.g. ``Momo Easy · Sora Hard · Kiri Normal``."""
    level = same_levels(opponents)
    if level is not None:
        return tr("all {level}", level=tr(LEVEL_NAMES.get(level, level)))
    return " · ".join(tr("{name} {level}", name=tr(SEAT_NAMES[seat]), level=tr(LEVEL_NAMES.get(o, o)))
                      for seat, o in zip((1, 2, 3), opponents))


def match_text(ruleset: str, length: str | None) -> str:
    """A match's ruleset and length in words, e.g. ``Riichi (Tenhou), East-South``."""
    name = ruleset_label(ruleset)
    fixed = fixed_length(ruleset)
    if fixed:
        return tr("{ruleset}, {length}", ruleset=name, length=tr(FIXED_LENGTHS[fixed]))
    return tr("{ruleset}, {length}", ruleset=name, length=tr(LENGTH_NAMES[length])) if length in LENGTH_NAMES else name
