"""Defence for the guide, weighed exactly as the Hard AI weighs it (issue 27 #3).

The guide's "Best:" line used to count only the player's own shape, so a player who
followed it pushed a 2-shanten hand into the dealer's riichi. Here one seat's view
(what that seat may see, never a hidden hand) is read by the Hard AI's own pieces:

- :func:`~mahjong_joy.ai.reading.minded_threats`: the threats Hard defends against
  (every riichi; an open hand likely ready and worth 3,900 or more);
- :func:`~mahjong_joy.ai.reading.threat_danger` and
  :func:`~mahjong_joy.ai.reading.deal_in_loss`: Hard's tile-danger model (genbutsu,
  discards after the riichi, suji, kabe, honors seen, dora, a flush's suit);
- :meth:`~mahjong_joy.ai.levels.LevelAI.decide` at the Hard level: push or fold, and
  riichi or not, so the guide's advice *is* Hard's decision for that seat.

:func:`seat_defence` gives each held kind a danger tier (:data:`TIERS`) with the
reason in words, and, on the seat's turn, Hard's choice and whether it folds. Only
under riichi rules: Joy has no furiten, so no discard is ever certainly safe, and the
guide there keeps teaching how to win (the help book's defence page says why).

>>> tier_of(0.0), tier_of(0.03), tier_of(0.07), tier_of(0.12)
('safe', 'suji', 'risky', 'dangerous')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mahjong_joy.ai import reading as rd
from mahjong_joy.ai.levels import LevelAI
from mahjong_joy.engine.actions import Action, Discard, Riichi
from mahjong_joy.engine.view import SeatView
from mahjong_joy.i18n import N_, tr
from mahjong_joy.i18n import say as english  # a record's words: the catalog message in English
from mahjong_joy.names import tile_label
from mahjong_joy.tiles import KIND_COUNT, kind_of_code

TIERS = ("safe", "suji", "risky", "dangerous")
"""Danger tiers from safest: ``safe`` cannot deal in (genbutsu, or discarded after the
riichi and not taken), ``suji`` is fairly safe (suji, kabe, an honor mostly seen: under
5% by Hard's model), ``risky`` under 10%, ``dangerous`` 10% or more (a middle tile no
suji or wall covers is about 12%)."""
FAIRLY_SAFE, RISKY = 0.05, 0.10
FOLD = "fold"


def tier_of(chance: float) -> str:
    """The tier of a deal-in chance (the threat's readiness counted)."""
    if chance <= 0:
        return "safe"
    if chance < FAIRLY_SAFE:
        return "suji"
    return "risky" if chance < RISKY else "dangerous"


@dataclass(frozen=True)
class TileDanger:
    """One held kind's danger: its ``tier``, Hard's deal-in ``chance`` against the threat it
    most endangers, the ``evidence`` in a few words (``suji``, ``safe (in Sora's own
    river)``, "" for none) and the whole ``reason`` a hover shows."""

    kind: int
    tier: str
    chance: float
    evidence: str
    reason: str


@dataclass(frozen=True)
class Defence:
    """What the guide tells a seat under threat: ``threat`` in words (``Sora is in
    riichi``), one :class:`TileDanger` per held kind, and on the seat's turn Hard's
    ``choice`` with its ``reason`` and whether it ``folds``."""

    threat: str
    dangers: tuple[TileDanger, ...]
    choice: Action | None = None
    folds: bool = False
    reason: str = ""

    def danger_of(self, kind: int) -> TileDanger | None:
        """The danger of a held kind (``None`` for a kind not in the hand)."""
        return next((d for d in self.dangers if d.kind == kind), None)

    @property
    def pick(self) -> int | None:
        """The kind Hard discards (``None`` off turn, or when it wins or declares a kan)."""
        if isinstance(self.choice, (Discard, Riichi)):
            return kind_of_code(self.choice.tile)
        return None


def seat_defence(view: SeatView, legal: Sequence[Action], words: rd.SeatWords) -> Defence | None:
    """The guide's defence for this seat's view, or ``None`` when nothing threatens it,
    the seat is in riichi itself (its discards are locked), or the rules have no riichi.

    ``legal`` are the seat's actions on its turn (empty off turn): then Hard decides as
    it would in this seat, and ``folds`` says whether its reason is a fold."""
    if not view.needs_yaku or view.in_riichi:
        return None
    found = rd.minded_threats(view, "hard")
    if not found:
        return None
    dangers = tile_dangers(view, found, words)
    threat = rd.threat_words(rd.main_threat(found), words)
    turn = [a for a in legal if isinstance(a, (Discard, Riichi))]
    if not turn:
        return Defence(threat, dangers)
    choice, reason = LevelAI("hard", words=words).decide(view, legal)
    return Defence(threat, dangers, choice, reason.split(":", 1)[0] == FOLD, reason)


def tile_dangers(view: SeatView, found: Sequence[rd.Threat], words: rd.SeatWords) -> tuple[TileDanger, ...]:
    """Each held kind's danger against ``found``, by Hard's model."""
    visible = view.visible_counts34()
    safes = {t.seat: rd.safe_after(view, t.seat, words) for t in found}
    counts = view.counts34()
    held = [k for k in range(KIND_COUNT) if counts[k]]
    return tuple(_danger(view, kind, found, visible, safes, words) for kind in held)


def _danger(view: SeatView, kind: int, found: Sequence[rd.Threat], visible: Sequence[int],
            safes: dict[int, dict[int, str]], words: rd.SeatWords) -> TileDanger:
    """One kind: the tier by the highest chance among the threats, the reason against the
    threat it endangers most (chance times cost); safe only when safe against all."""
    chances = {t.seat: rd.threat_danger(view, kind, t, visible, safes[t.seat]) for t in found}
    worst = max(found, key=lambda t: (chances[t.seat] * t.value, t.value * t.ready_chance))
    chance = max(chances.values())
    tier = tier_of(chance)
    evidence = rd.safety_evidence(kind, visible, safes[worst.seat], words.local)
    against = rd.threat_words(worst, words)
    return TileDanger(kind, tier, chance, evidence, _reason(kind, tier, chance, evidence, against, safes[worst.seat], words.local))


_TIER_TITLES = {"suji": N_("Suji"), "risky": N_("Risky"), "dangerous": N_("Dangerous")}


def _reason(kind: int, tier: str, chance: float, evidence: str, against: str, safe: dict[int, str], local: bool) -> str:
    """A tile's danger in words: the guide's hover in the player's language (``local``),
    else English as a record keeps it; one catalog message for both."""
    say = tr if local else english
    text = tile_label(kind, translate=local)
    if tier == "safe":
        return say(N_("Safe: {threat} and {tile} cannot deal in ({why})"), threat=against, tile=text, why=safe.get(kind, say(N_("safe"))))
    why = say(N_("{tile} is {evidence}"), tile=text, evidence=evidence) if evidence else say(N_("no suji or wall covers {tile}"), tile=text)
    title = say(_TIER_TITLES[tier]) if tier in _TIER_TITLES else tier.capitalize()
    percent = say(N_("under 1%")) if chance < 0.005 else f"{round(chance * 100)}%"
    return say(N_("{tier}: {threat}; {why}, about {percent} to deal in"), tier=title, threat=against, why=why, percent=percent)
