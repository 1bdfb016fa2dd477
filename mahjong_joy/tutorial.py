"""The guided first hand: a fixed wall under Joy rules and the steps that walk a new player through it.

No pygame here. :func:`tutorial_controller` deals the rigged hand with scripted
opponents (each discards the tile it drew and passes every call), so the hand
always goes the same way: the player discards a lonely wind, pons Sora's Red
dragon, discards the tile the pon left alone (and is ready), throws away a useless
draw, then draws the winning tile and declares tsumo. :data:`STEPS` says what to do
at each of those moments, and :func:`refusal` answers a move that is not the
expected one with a hint instead of applying it. :mod:`mahjong_joy.ui.scenes.tutorial`
shows all this on the real table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mahjong_joy.controller import HUMAN, Controller
from mahjong_joy.engine.actions import Action, Discard, Pass, Pon, Tsumo
from mahjong_joy.engine.match import Match
from mahjong_joy.engine.view import SeatView
from mahjong_joy.errors import IllegalActionError
from mahjong_joy.i18n import N_, tr
from mahjong_joy.names import tile_label
from mahjong_joy.notation import parse_tiles
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.presets import JOY  # the guided hand is a Joy hand

PLAYER_DEAL = "123m45p789s2p9m77z4z"  # 13 tiles: the player (East, the dealer)
# Live-wall draws in turn order: me, Momo, Sora (the Red dragon); after my pon play goes on from me:
# Momo, Sora, Kiri, me (a useless West), Momo, Sora, Kiri, me (the winning 2 of Dots). Opponents draw
# honors nobody can call, so nothing interrupts the lesson.
DRAWS = ("6p", "1z", "7z", "2z", "1z", "5z", "3z", "2z", "6z", "1z", "2p")
TUTORIAL_SEED = "tutorial"


class TutorialMoveError(IllegalActionError):
    """A move the guided hand does not take at this step; the message is the hint."""


@dataclass(frozen=True)
class Step:
    """One moment of the guided hand: what just happened (``say``), what to do (``do``),
    the one move that goes on (``kind`` and, for a discard, ``tile``), the hint for any
    other move, and what the coach points at (``point``: ``"tile"``, ``"pon"`` or ``"tsumo"``).

    The words are kept as English templates naming the lesson's tiles (``{north}``) and
    read through :attr:`say`, :attr:`do` and :attr:`hint` in the player's language."""

    say_words: str
    do_words: str
    kind: type[Action]
    tile: int | None
    hint_words: str
    point: str

    @property
    def say(self) -> str:
        return tr(self.say_words, **_lesson_tiles())

    @property
    def do(self) -> str:
        return tr(self.do_words, **_lesson_tiles())

    @property
    def hint(self) -> str:
        return tr(self.hint_words, **_lesson_tiles())


def _kind(name: str) -> int:
    (kind,) = parse_tiles(name)
    return kind


NORTH, RED, NINE_M, WEST, TWO_P = (_kind(t) for t in ("4z", "7z", "9m", "3z", "2p"))


def _lesson_tiles() -> dict[str, str]:
    """The tiles the lesson names, in the player's language."""
    return {"north": tile_label(NORTH), "red": tile_label(RED), "nine_m": tile_label(NINE_M),
            "west": tile_label(WEST), "two_p": tile_label(TWO_P)}


STEPS: tuple[Step, ...] = (
    Step(N_("As East you play first, and every turn starts with a draw: your new tile, the 6 of Dots, sits apart on the right. "
            "It finishes the run 4-5-6 of Dots."),
         N_("Now discard one tile. Click the {north}: it fits no set."),
         Discard, NORTH, N_("Not that one yet: the {north} is the tile that fits nothing. Click it."), "tile"),
    Step(N_("Sora discarded a {red}, and you hold two of them."),
         N_("Press Pon to take it: three of a kind make a set."),
         Pon, None, N_("Take it with Pon (key P): with it your pair becomes a set."), "pon"),
    Step(N_("Your pon lies face up, the tile from Sora turned sideways. After a call you discard without drawing."),
         N_("Discard the {nine_m}: it is alone."),
         Discard, NINE_M, N_("Keep your sets together: discard the {nine_m}, the lonely tile."), "tile"),
    Step(N_("You are ready (tenpai): one more {two_p} completes your hand; the guide lists it. "
            "This draw, the {west}, does not help."),
         N_("Discard the {west} you just drew."),
         Discard, WEST, N_("Keep your ready hand: discard the {west}, the tile you just drew."), "tile"),
    Step(N_("You drew the {two_p}: four sets and a pair!"),
         N_("Press Tsumo! (key T) to win with it."),
         Tsumo, None, N_("Don't throw away the winning tile: press Tsumo! (key T)."), "tsumo"),
)
WAITING = N_("Momo, Sora and Kiri take their turns: each draws a tile and discards one.")
FINISHED = N_("You won! The Red dragon triplet is a yaku worth 1 han; everyone pays you for a tsumo. "
              "That is a whole hand: draw, discard, call, win.")


def refusal(step: int, action: Action) -> str | None:
    """The hint when ``action`` is not the move of step ``step`` (``None`` when it is)."""
    if step >= len(STEPS):
        return None
    want = STEPS[step]
    if isinstance(action, want.kind) and (want.tile is None or getattr(action, "tile", None) == want.tile):
        return None
    return want.hint


def rigged_deck() -> list[int]:
    """The 136 tile ids of the guided hand in :class:`~mahjong_joy.engine.wall.Wall` order:
    the player's deal, the live draws of :data:`DRAWS`, every other tile in id order."""
    pool = {kind: [4 * kind + i for i in range(4)] for kind in range(34)}
    mine = [pool[k].pop(0) for k in parse_tiles(PLAYER_DEAL)]
    live = [pool[k].pop(0) for k in parse_tiles("".join(DRAWS))]
    rest = [t for k in range(34) for t in pool[k]]
    others = [rest[i * 13:(i + 1) * 13] for i in range(3)]
    rest = rest[39:]
    deck = [0] * 52
    for seat, tiles in enumerate([mine, *others]):
        deck[seat:52:4] = tiles
    return deck + live + rest


class TsumogiriSeat:
    """A scripted opponent: discards the tile it drew and passes every call, so the guided
    hand never depends on an AI's judgement."""

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, Discard) and action.tile == view.drawn:
                return action
        return next(a for a in legal if isinstance(a, (Pass, Discard)))


def tutorial_controller() -> Controller:
    """A one-hand Joy match on the rigged wall: the player in seat 0, scripted opponents."""
    scripted = TsumogiriSeat()
    ctl = Controller((HUMAN, "potential", "potential", "potential"), seed=TUTORIAL_SEED, ruleset=ruleset_for(JOY),
                     max_hands=1, deciders=(None, scripted, scripted, scripted), auto_deal=False)
    ctl.match = Match(TUTORIAL_SEED, ruleset_for(JOY), max_hands=1, deals=[rigged_deck()])
    ctl.events = list(ctl.match.take_new_events())
    ctl.last_events = tuple(ctl.events)
    return ctl


class GuidedSession:
    """A table session that takes only the guided hand's next move: any other move raises
    :class:`TutorialMoveError` with the hint, and the table stays as it was. Everything
    else is the wrapped session's (:class:`~mahjong_joy.ui.controller_session.ControllerSession`)."""

    def __init__(self, session: object) -> None:
        self.session = session
        self.step_index = 0  # how many of STEPS the player has done
        self.refused = ""  # the last hint given, for the coach box

    def __getattr__(self, name: str) -> object:
        return getattr(self.session, name)

    @property
    def current(self) -> Step | None:
        """The step the player is at (``None`` once every step is done)."""
        return STEPS[self.step_index] if self.step_index < len(STEPS) else None

    def submit(self, action: Action) -> None:
        """Apply ``action`` when it is this step's move; refuse it with the hint otherwise."""
        hint = refusal(self.step_index, action)
        if hint is not None:
            self.refused = hint
            raise TutorialMoveError(hint)
        self.session.submit(action)  # type: ignore[attr-defined]
        self.step_index += 1
        self.refused = ""


def is_first_start() -> bool:
    """No settings file and no history yet: the game has never been played here (read
    before the app loads or writes its settings)."""
    from mahjong_joy.storage.paths import history_path, settings_path

    return not settings_path().exists() and not history_path().exists()
